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

use crate::pdn::result::parse_result_tag;
use crate::pdn::{GameResult, ParsedGame, RawGame, Scanner, Skip, Visitor};

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
/// may be continued, as the reader reads it: closed by a result at its top level (outside
/// variations, comments and tags; `[White "K"]*` ends its game), tags only when it has no
/// movetext, else movetext. A game that plainly ends with a result (its last word, on a
/// last line with no tag or comment, and no variation in the game) is told at once; any
/// other is read again by the [`Scanner`].
pub fn open(bytes: &[u8]) -> Open {
    let text = bytes.trim_ascii_end();
    if text.is_empty() || plainly_closed(text) {
        return Open::Closed;
    }
    let mut scanner = Scanner::new(text);
    let mut open = Open::Closed;
    while let Ok(Some(game)) = scanner.read_game(&mut HowItEnds) {
        open = game;
    }
    open
}

/// Whether `text` ends with a result that nothing before it can take into a tag, a
/// comment or a variation: its last word, on a last line whose comments close on it and
/// which holds no tag, and no `(` in the movetext (the lines after those of the tags).
fn plainly_closed(text: &[u8]) -> bool {
    let last = text
        .rsplit(|b| b.is_ascii_whitespace())
        .next()
        .unwrap_or_default();
    let last_line = text
        .rsplit(|&b| b == b'\n' || b == b'\r')
        .next()
        .unwrap_or_default();
    let tag_lines = text
        .split_inclusive(|&b| b == b'\n')
        .take_while(|line| line.trim_ascii_start().starts_with(b"["))
        .map(<[u8]>::len)
        .sum::<usize>();
    let movetext = text.get(tag_lines..).unwrap_or_default();
    GameResult::from_bytes(last).is_some()
        && comments_close(last_line)
        && memchr::memchr(b'(', movetext).is_none()
}

/// Whether every `{` comment of `line` closes on it and it holds no `;` or `%` comment and
/// no `[`.
fn comments_close(line: &[u8]) -> bool {
    if memchr::memchr(b'[', line).is_some() {
        return false;
    }
    let mut rest = line;
    while let Some(at) = memchr::memchr3(b'{', b';', b'%', rest) {
        if rest[at] != b'{' {
            return false;
        }
        match memchr::memchr(b'}', &rest[at..]) {
            Some(close) => rest = &rest[at + close..],
            None => return false,
        }
    }
    true
}

/// The scanner's visitor that tells how a game it read may be continued.
struct HowItEnds;

impl Visitor for HowItEnds {
    type Output = Open;

    fn begin_game(&mut self, _game: &RawGame<'_>) -> Skip {
        Skip(true)
    }

    fn end_game(&mut self, _game: &RawGame<'_>, read: &ParsedGame) -> Open {
        if read.result().is_some() {
            Open::Closed
        } else if read.tokens.is_empty() {
            Open::Tags
        } else {
            Open::Movetext
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
        // The quick answer and the reader's agree.
        for text in [
            &b"[Event \"Cup (A)\"]\n1. c3-d4 {a} f6-g5 {b} 1-0"[..],
            b"1. c3-d4 {a\nb} 1-0",
            b"1. c3-d4 {a} ; b 1-0",
            b"1. c3-d4 {a} {b 1-0",
            b"1. c3-d4 % 1-0",
        ] {
            let quick = plainly_closed(text);
            let mut scanner = Scanner::new(text);
            let read = scanner.read_game(&mut HowItEnds).unwrap();
            assert_eq!(
                quick,
                read == Some(Open::Closed),
                "{}",
                String::from_utf8_lossy(text)
            );
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
