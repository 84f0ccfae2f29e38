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

use crate::pdn::Token;
use crate::pdn::raw_game::top_level_result;
use crate::pdn::result::parse_result_tag;

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
    fn the_closing_result_agrees_with_the_result_tag() {
        assert_eq!(closing_result(b"[Result \"0-1\"]\n1. c3-d4"), "0-1");
        assert_eq!(closing_result(b"[Result \"2-0\"]"), "2-0");
        assert_eq!(closing_result(b"[Result \"0Andriy\"]"), "*");
        assert_eq!(closing_result(b"1. c3-d4"), "*");
    }
}
