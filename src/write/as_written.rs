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

use crate::pdn::GameResult;
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

/// How `bytes`, a game's text as read (from its first construct to the end of its last),
/// may be continued: tags only when each of its lines starts with `[` (a tag, or one its
/// line cuts short).
pub fn open(bytes: &[u8]) -> Open {
    let text = bytes.trim_ascii_end();
    let last = text
        .rsplit(|b| b.is_ascii_whitespace())
        .next()
        .unwrap_or_default();
    let last_line = text
        .rsplit(|&b| b == b'\n' || b == b'\r')
        .next()
        .unwrap_or_default();
    // A result on a tag's line (one its line cuts short) is part of the tag.
    if text.is_empty() || (GameResult::from_bytes(last).is_some() && !last_line.starts_with(b"[")) {
        return Open::Closed;
    }
    let tags_only = text
        .split(|&b| b == b'\n' || b == b'\r')
        .map(<[u8]>::trim_ascii)
        .all(|line| line.is_empty() || line.starts_with(b"["));
    if tags_only {
        Open::Tags
    } else {
        Open::Movetext
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
