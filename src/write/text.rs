//! A game's text as read, which canonical PDN keeps where it does not rewrite it.

use crate::pdn::{Hole, Token};
use crate::text::encoding::TextEncoding;

/// A game's text as read, for [`super::write_game`]: its bytes in the input's encoding, the
/// offset of its first byte in the input, and its movetext's constructs as the reading
/// scanned them (offsets in the input, as those of its report).
///
/// ```
/// use pdnkit::pdn::{ParsedGame, RawGame, Scanner, Visitor};
/// use pdnkit::text::TextEncoding;
/// use pdnkit::write::{GameText, PdnOptions, write_game};
///
/// /// Each game's bytes, offset and tokens, as the scanner read them.
/// struct Texts;
/// impl Visitor for Texts {
///     type Output = (Vec<u8>, u64, ParsedGame);
///     fn end_game(&mut self, game: &RawGame<'_>, read: &ParsedGame) -> Self::Output {
///         (game.bytes.to_vec(), game.offset, read.clone())
///     }
/// }
/// let pdn = "[GameType \"25\"]\n1. c3-d4 {the usual} f6-e5 *\n";
/// let (bytes, offset, parsed) = Scanner::new(pdn.as_bytes()).read_game(&mut Texts)?.expect("a game");
/// let report = pdnkit::read(pdn.as_bytes()).games().next().expect("a game")?.report;
/// let (encoding, tokens, hole) = (TextEncoding::Utf8, &parsed.tokens, None);
/// let text = GameText { bytes: &bytes, offset, encoding, tokens, hole };
/// // The comment is kept as written, and Black's move after it numbered.
/// let canonical = write_game(&report, &text, &PdnOptions::default()).text;
/// assert!(canonical.contains("1. c3-d4 {the usual} 1... f6-e5 *"), "{canonical}");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct GameText<'a> {
    /// The game's bytes, from its first tag or token to its last token, `hole` left out.
    pub bytes: &'a [u8],
    /// Offset of the first byte in the input.
    pub offset: u64,
    /// The input's encoding.
    pub encoding: TextEncoding,
    /// The movetext's tokens ([`crate::pdn::ParsedGame::tokens`]).
    pub tokens: &'a [Token],
    /// The bytes left out of `bytes` ([`crate::pdn::RawGame::hole`]).
    pub hole: Option<Hole>,
}
