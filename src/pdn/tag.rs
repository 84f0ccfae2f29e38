//! Tag pairs `[Name "value"]` as read. The reading, with its leniencies and findings, is
//! the grammar's `PdnTag` production (`super::grammar`). Values are kept as raw bytes
//! (`\"` and `\\` unescaped in quoted values) and decoded later.

use std::borrow::Cow;

/// One tag pair.
///
/// ```
/// # use pdnkit::pdn::{ParsedGame, RawGame, Scanner, Visitor};
/// # /// Keeps each game as read.
/// # struct Keep;
/// # impl Visitor for Keep {
/// #     type Output = ParsedGame;
/// #     fn end_game(&mut self, _game: &RawGame<'_>, read: &ParsedGame) -> ParsedGame {
/// #         read.clone()
/// #     }
/// # }
///
/// let pdn = "[Event \"Cup \\\"A\\\"\"]\n1. c3-d4 *";
/// let game = Scanner::new(pdn.as_bytes()).read_game(&mut Keep)?.expect("a game");
/// let tag = &game.tags[0];
/// assert_eq!((tag.name.as_str(), tag.value_lossy().as_ref()), ("Event", "Cup \"A\""));
/// assert_eq!((tag.offset, tag.value_offset, tag.len), (0, 8, 19));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tag {
    /// The name as written (lossy UTF-8).
    pub name: String,
    /// The raw value bytes with `\"` and `\\` unescaped.
    pub value: Vec<u8>,
    /// Absolute byte offset of `[`.
    pub offset: u64,
    /// Absolute byte offset of the first byte of the value (after the opening quote).
    pub value_offset: u64,
    /// Bytes of the tag as written, from `[` to its end (`]`, or the end of its line).
    pub len: u32,
}

impl Tag {
    /// The value decoded as UTF-8 (invalid bytes replaced); use `crate::text::encoding::decode`
    /// for other encodings.
    pub fn value_lossy(&self) -> Cow<'_, str> {
        String::from_utf8_lossy(&self.value)
    }
}
