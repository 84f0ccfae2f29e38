//! A game written as it was written (`pdnkit merge`, `dedupe -o`), and what keeps it one game
//! when the output is read back.
//!
//! The reader ends a game at its result, or at what starts the next one (a tag after
//! movetext, a tag name the tag section already holds, a `1.` after a blank line): a game
//! without a result was ended by what followed it in its input. Written before another game
//! that does not end it (one from another input, or the one after a duplicate left out),
//! the two would read back as one. Such a game is closed by a result of its own, on a line
//! after it: the value of its `Result` tag when that is a result (so that the two agree),
//! else `*` (unknown).

use crate::pdn::limits::MAX_GAME_BYTES;
use crate::pdn::raw_game::top_level_result;
use crate::pdn::result::parse_result_tag;
use crate::pdn::{Hole, Token};
use std::borrow::Cow;

/// How the text after a game written as written may continue it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Open {
    /// It ends with a result: nothing after it continues it.
    Closed,
    /// Tags only: any tag or movetext after it continues it.
    Tags,
    /// Movetext without a result: movetext after it continues it (a tag ends it).
    Movetext,
}

impl Open {
    /// How a game whose movetext the reader read as `tokens` may be continued: closed by
    /// a result at its top level (outside variations, comments and tags; `[White "K"]*`
    /// ends its game), tags only when it has no movetext, else movetext. The reader's own
    /// tokens answer, so the game is not read again.
    pub fn of(tokens: &[Token]) -> Open {
        if top_level_result(tokens).is_some() {
            Open::Closed
        } else if tokens.is_empty() {
            Open::Tags
        } else {
            Open::Movetext
        }
    }

    /// The byte that stands for it in a record kept for later ([`Self::from_byte`]).
    pub fn byte(self) -> u8 {
        self as u8
    }

    /// The value [`Self::byte`] gave; any other byte is [`Open::Tags`] (which closes the
    /// game before whatever follows it).
    pub fn from_byte(byte: u8) -> Open {
        match byte {
            b if b == Open::Closed as u8 => Open::Closed,
            b if b == Open::Movetext as u8 => Open::Movetext,
            _ => Open::Tags,
        }
    }
}

/// Whether a game that is `open` reads back as continued by a game whose text (as read)
/// is `next`.
pub fn continued_by(open: Open, next: &[u8]) -> bool {
    match open {
        Open::Closed => false,
        Open::Tags => !next.is_empty(),
        Open::Movetext => !next.is_empty() && !next.starts_with(b"["),
    }
}

/// The result that closes the game `bytes` (see the module): its `Result` tag's value if
/// that reads as a result, else `*`.
pub fn closing_result(bytes: &[u8]) -> &'static str {
    const TAG: &[u8] = b"[Result \"";
    let value = memchr::memmem::find(bytes, TAG).and_then(|at| {
        let rest = &bytes[at + TAG.len()..];
        rest.iter().position(|&b| b == b'"').map(|end| &rest[..end])
    });
    value.and_then(parse_result_tag).map_or("*", |r| r.text())
}

/// The bytes to write of a game read as `bytes` from `offset`, `hole` left out of them
/// (see [`Hole`]), and the hole that is left: the bytes as read, which read back as the
/// same game. Of a game too long to hold they are its first `MAX_GAME_BYTES + 1` bytes (all
/// that is held of it, and enough to read back as a game too long): a hole among them is
/// given back as spaces, so that they are that many.
pub fn to_write<'a>(
    bytes: Cow<'a, [u8]>,
    offset: u64,
    hole: Option<Hole>,
) -> (Cow<'a, [u8]>, Option<Hole>) {
    let Some(hole) = hole.filter(|hole| bytes.len() as u64 + hole.len > MAX_GAME_BYTES as u64)
    else {
        return (bytes, hole);
    };
    let cut = usize::try_from(hole.at - offset)
        .unwrap_or(usize::MAX)
        .min(bytes.len());
    let mut whole = Vec::with_capacity(MAX_GAME_BYTES + 1);
    whole.extend_from_slice(&bytes[..cut]);
    let spaces = usize::try_from(hole.len)
        .unwrap_or(usize::MAX)
        .min(MAX_GAME_BYTES + 1 - cut);
    whole.resize(cut + spaces, b' ');
    let rest = &bytes[cut..];
    whole.extend_from_slice(&rest[..rest.len().min(MAX_GAME_BYTES + 1 - whole.len())]);
    (Cow::Owned(whole), None)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::pdn::{ParsedGame, RawGame, Scanner, Skip, Visitor};

    /// How the reader leaves the one game of `text`.
    fn open(text: &[u8]) -> Open {
        struct HowItEnds;
        impl Visitor for HowItEnds {
            type Output = Open;
            fn begin_game(&mut self, _game: &RawGame<'_>) -> Skip {
                Skip(true)
            }
            fn end_game(&mut self, _game: &RawGame<'_>, read: &ParsedGame) -> Open {
                Open::of(&read.tokens)
            }
        }
        let mut scanner = Scanner::new(text);
        let open = scanner.read_game(&mut HowItEnds).unwrap().unwrap();
        assert!(scanner.read_game(&mut HowItEnds).unwrap().is_none());
        open
    }

    #[test]
    fn how_a_game_may_be_continued() {
        assert_eq!(open(b"[Event \"a\"]\n\n1. c3-d4 d6-c5 1-0"), Open::Closed);
        assert_eq!(open(b"1. c3-d4 *  \n"), Open::Closed);
        assert_eq!(open(b"[Event \"a\"]\n[Result \"1-0\"]"), Open::Tags);
        assert_eq!(open(b"[Event \"a\"][Site \"b\"]"), Open::Tags);
        // A tag its line cuts short is a tag to the reader.
        assert_eq!(open(b"[Event \"a\"]\n[Result \"1-"), Open::Tags);
        assert_eq!(open(b"[Event \"a\"]\n[Site 1-0"), Open::Tags);
        assert_eq!(open(b"[Event \"a\"]\n\n1. c3-d4"), Open::Movetext);
        assert_eq!(open(b"1. c3-d4 {1-0}"), Open::Movetext);
        // A result after a tag's `]` on its line is a result: it ends the game.
        assert_eq!(open(b"[Event \"a\"]\n[White \"K\"]*"), Open::Closed);
        assert_eq!(open(b"[Event \"a\"][Result \"1-0\"] 1-0"), Open::Closed);
        // A result in a comment its line ends, in a line comment or in a variation is none.
        assert_eq!(open(b"[Event \"a\"]\n1. c3-d4 {x 1-0"), Open::Movetext);
        assert_eq!(open(b"[Event \"a\"]\n1. c3-d4 ; 1-0"), Open::Movetext);
        assert_eq!(open(b"1. c3-d4 (1... f6-g5 1-0"), Open::Movetext);
        assert_eq!(open(b"1. c3-d4 (1... f6-g5) 1-0"), Open::Closed);
        assert_eq!(open(b"1. c3-d4 {a} {b 1-0"), Open::Movetext);
        assert_eq!(open(b"1. c3-d4 {a\nb} 1-0"), Open::Closed);
        for open in [Open::Closed, Open::Tags, Open::Movetext] {
            assert_eq!(Open::from_byte(open.byte()), open);
        }
        assert!(continued_by(Open::Tags, b"[Event \"b\"]"));
        assert!(continued_by(Open::Tags, b"1. c3-d4 *"));
        assert!(continued_by(Open::Movetext, b"1. c3-d4 *"));
        assert!(!continued_by(Open::Movetext, b"[Event \"b\"]"));
        assert!(!continued_by(Open::Closed, b"1. c3-d4 *"));
    }

    #[test]
    fn a_hole_is_given_back_only_in_a_game_too_long() {
        let hole = |at, len| {
            Some(Hole {
                at,
                len,
                chars: len,
            })
        };
        // A game that is not too long keeps its hole.
        let (bytes, left) = to_write(Cow::Borrowed(&b"[E \"ab\"]"[..]), 10, hole(15, 100));
        assert_eq!((&*bytes, left), (&b"[E \"ab\"]"[..], hole(15, 100)));
        // One too long is written as its first 4 MiB + 1 bytes, spaces for the hole.
        let big = MAX_GAME_BYTES as u64;
        let (bytes, left) = to_write(Cow::Borrowed(&b"[E \"ab\"]"[..]), 10, hole(15, big));
        assert_eq!((bytes.len(), left), (MAX_GAME_BYTES + 1, None));
        assert!(bytes.starts_with(b"[E \"a    "));
        assert!(bytes.iter().skip(5).all(|&b| b == b' '));
        // The bytes after the hole, as far as they are among the first.
        let (bytes, _) = to_write(Cow::Borrowed(&b"[E \"ab\"]"[..]), 10, hole(15, big - 6));
        assert_eq!(bytes.len(), MAX_GAME_BYTES + 1);
        assert!(bytes.ends_with(b"    b\""));
    }

    #[test]
    fn the_closing_result_agrees_with_the_result_tag() {
        assert_eq!(closing_result(b"[Result \"0-1\"]\n1. c3-d4"), "0-1");
        assert_eq!(closing_result(b"[Result \"2-0\"]"), "2-0");
        assert_eq!(closing_result(b"[Result \"0Andriy\"]"), "*");
        assert_eq!(closing_result(b"1. c3-d4"), "*");
    }
}
