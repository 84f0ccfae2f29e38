//! Lines and columns: `Lines` counts them over bytes fed in pieces (the scanner over its
//! input, the parallel reader over its blocks), and [`Locator`] turns byte offsets inside
//! one game into 1-based lines and columns from the game's known start. Line breaks are
//! `\n`, `\r\n` or a lone `\r`. Columns count characters: UTF-8 characters (bytes that are
//! not continuation bytes) or, for single-byte code pages, bytes.

use super::raw_game::RawGame;

/// A 1-based line and column.
///
/// ```
/// use pdnkit::pdn::Location;
///
/// // Locations order as the text does: by line, then column.
/// assert!(Location { line: 2, column: 1 } > Location { line: 1, column: 80 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1, in the unit the locator counts.
    pub column: u32,
}

/// What a column counts.
///
/// ```
/// use pdnkit::pdn::ColumnUnit;
///
/// // A UTF-8 input counts characters; a single-byte code page's, bytes (see [`Locator`]).
/// assert_eq!(ColumnUnit::default(), ColumnUnit::Utf8Chars);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ColumnUnit {
    /// Characters of UTF-8 text.
    #[default]
    Utf8Chars,
    /// Bytes (characters of a single-byte code page).
    Bytes,
}

/// Line breaks and the characters after the last one, counted over bytes fed in pieces (a
/// `\r\n` split between two pieces counts once).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Lines {
    pub breaks: u64,
    /// Characters since the last break.
    pub chars: u64,
    prev_cr: bool,
}

impl Lines {
    pub(crate) fn feed(&mut self, bytes: &[u8], unit: ColumnUnit) {
        // Each `\n` (counted by SIMD) and each `\r` that no `\n` follows.
        let lone_cr = |&i: &usize| bytes.get(i + 1) != Some(&b'\n');
        let cr = memchr::memchr_iter(b'\r', bytes).filter(lone_cr).count();
        let split_crlf = self.prev_cr && bytes.first() == Some(&b'\n');
        self.breaks += (memchr::memchr_iter(b'\n', bytes).count() + cr) as u64;
        self.breaks -= u64::from(split_crlf);
        let tail = match memchr::memrchr2(b'\n', b'\r', bytes) {
            Some(i) => {
                self.chars = 0;
                bytes.get(i + 1..).unwrap_or_default()
            }
            None => bytes,
        };
        self.chars += match unit {
            ColumnUnit::Bytes => tail.len(),
            ColumnUnit::Utf8Chars => tail.iter().filter(|&&b| (b & 0xC0) != 0x80).count(),
        } as u64;
        if let Some(&last) = bytes.last() {
            self.prev_cr = last == b'\r';
        }
    }
}

/// Finds locations in one game, remembering where the last query ended: queries in
/// increasing order cost time linear in the game in total.
///
/// ```
/// use pdnkit::pdn::{ColumnUnit, Location, Locator, ParsedGame, RawGame, Scanner, Visitor};
///
/// /// Where the second tag of each game starts, in characters and in bytes.
/// struct Second;
/// impl Visitor for Second {
///     type Output = (Location, Location);
///     fn end_game(&mut self, game: &RawGame<'_>, read: &ParsedGame) -> Self::Output {
///         let offset = read.tags[1].offset;
///         let chars = Locator::new(game, ColumnUnit::Utf8Chars).locate(offset);
///         let bytes = Locator::new(game, ColumnUnit::Bytes).locate(offset);
///         (chars, bytes)
///     }
/// }
/// // Ё and ж take two bytes each in UTF-8.
/// let pdn = "[White \"Ёж\"] [Black \"x\"]\n1. c3-d4 *";
/// let (chars, bytes) = Scanner::new(pdn.as_bytes()).read_game(&mut Second)?.expect("a game");
/// assert_eq!(chars, Location { line: 1, column: 14 });
/// assert_eq!(bytes, Location { line: 1, column: 16 });
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Locator<'a> {
    raw: RawGame<'a>,
    unit: ColumnUnit,
    /// Counted up to `raw.bytes[pos]`.
    pos: usize,
    lines: Lines,
    /// The game's [`super::raw_game::Hole`] is counted in `lines`.
    past_hole: bool,
}

impl<'a> Locator<'a> {
    /// A locator of offsets inside `raw`, counting columns in `unit`.
    pub fn new(raw: &RawGame<'a>, unit: ColumnUnit) -> Locator<'a> {
        let (raw, pos, lines) = (*raw, 0, Lines::default());
        Locator {
            raw,
            unit,
            pos,
            lines,
            past_hole: false,
        }
    }

    /// The location of absolute byte `offset` (clamped to the game).
    pub fn locate(&mut self, offset: u64) -> Location {
        let bytes = self.raw.bytes;
        let target = self.raw.index(offset).min(bytes.len());
        let before_hole = self.raw.hole.is_some_and(|hole| offset < hole.end());
        if target < self.pos || (self.past_hole && before_hole) {
            (self.pos, self.lines, self.past_hole) = (0, Lines::default(), false);
        }
        // A hole passed counts its characters (it holds no line break).
        if let Some(hole) = self.raw.hole
            && !before_hole
            && !self.past_hole
        {
            let cut = self.raw.index(hole.at).clamp(self.pos, target);
            self.lines.feed(&bytes[self.pos..cut], self.unit);
            self.lines.chars += match self.unit {
                ColumnUnit::Bytes => hole.len,
                ColumnUnit::Utf8Chars => hole.chars,
            };
            (self.pos, self.past_hole) = (cut, true);
        }
        self.lines.feed(&bytes[self.pos..target], self.unit);
        self.pos = target;
        let Lines { breaks, chars, .. } = self.lines;
        let first_column = match breaks {
            0 => self.raw.column.max(1),
            _ => 1,
        };
        let clamp = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
        Location {
            line: self.raw.line.saturating_add(clamp(breaks)),
            column: first_column.saturating_add(clamp(chars)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn breaks_of_every_style_count_once() {
        let count = |pieces: &[&[u8]]| {
            let mut lines = Lines::default();
            for piece in pieces {
                lines.feed(piece, ColumnUnit::Bytes);
            }
            (lines.breaks, lines.chars)
        };
        assert_eq!(count(&[b"a\nb\r\nc\rd"]), (3, 1));
        assert_eq!(count(&[b"a\r", b"\nb"]), (1, 1));
        assert_eq!(count(&[b"\r\r\n\n"]), (3, 0));
        assert_eq!(count(&[b"", b"ab", b"c"]), (0, 3));
    }
}
