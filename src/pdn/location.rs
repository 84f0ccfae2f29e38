//! Byte offsets to 1-based line and column, scanning only one game's bytes from its known
//! start line. Line breaks are `\n`, `\r\n` or a lone `\r`. Columns count characters:
//! UTF-8 characters (bytes that are not continuation bytes) or, for single-byte code
//! pages, bytes. Queries in increasing order cost time linear in the game in total.

use super::ascii::BreakCounter;
use super::lexer::RawGame;

/// A 1-based line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1, in the unit the locator counts.
    pub column: u32,
}

/// What a column counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ColumnUnit {
    /// Characters of UTF-8 text.
    #[default]
    Utf8Chars,
    /// Bytes (characters of a single-byte code page).
    Bytes,
}

/// Finds locations in one game, remembering where the last query ended.
#[derive(Clone, Debug)]
pub struct Locator<'a> {
    bytes: &'a [u8],
    offset: u64,
    first_line: u32,
    first_column: u32,
    unit: ColumnUnit,
    /// Scanned up to `pos`, with `breaks` before it: the line of `pos` starts at
    /// `line_start`, and `column` is the column of `pos`.
    pos: usize,
    breaks: BreakCounter,
    line_start: usize,
    column: u32,
}

impl<'a> Locator<'a> {
    /// A locator of offsets inside `raw`, counting columns in `unit`.
    pub fn new(raw: &RawGame<'a>, unit: ColumnUnit) -> Locator<'a> {
        Locator {
            bytes: raw.bytes,
            offset: raw.offset,
            first_line: raw.line,
            first_column: raw.column.max(1),
            unit,
            pos: 0,
            breaks: BreakCounter::default(),
            line_start: 0,
            column: raw.column.max(1),
        }
    }

    /// The location of absolute byte `offset` (clamped to the game).
    pub fn locate(&mut self, offset: u64) -> Location {
        let target = usize::try_from(offset.saturating_sub(self.offset))
            .unwrap_or(usize::MAX)
            .min(self.bytes.len());
        if target < self.pos {
            self.pos = 0;
            self.breaks = BreakCounter::default();
            self.line_start = 0;
            self.column = self.first_column;
        }
        let span = self.bytes.get(self.pos..target).unwrap_or_default();
        self.breaks.feed(span);
        if let Some(i) = memchr::memrchr2(b'\n', b'\r', span) {
            self.line_start = self.pos + i + 1;
            self.column = 1;
        }
        let from = self.pos.max(self.line_start);
        let tail = self.bytes.get(from..target).unwrap_or_default();
        let chars = match self.unit {
            ColumnUnit::Bytes => tail.len(),
            ColumnUnit::Utf8Chars => tail.iter().filter(|&&b| (b & 0xC0) != 0x80).count(),
        };
        self.column = self
            .column
            .saturating_add(u32::try_from(chars).unwrap_or(u32::MAX));
        self.pos = target;
        let breaks = u32::try_from(self.breaks.breaks).unwrap_or(u32::MAX);
        Location {
            line: self.first_line.saturating_add(breaks),
            column: self.column,
        }
    }
}

/// The location of absolute byte `offset` in `raw`, columns in UTF-8 characters.
pub fn locate(raw: &RawGame, offset: u64) -> Location {
    Locator::new(raw, ColumnUnit::Utf8Chars).locate(offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(bytes: &[u8]) -> RawGame<'_> {
        RawGame {
            bytes,
            offset: 100,
            line: 7,
            column: 1,
            index: 1,
        }
    }

    #[test]
    fn lines_and_columns() {
        let game = raw(b"ab\ncd\r\nef\rgh");
        for (offset, line, column) in [
            (100, 7, 1),
            (101, 7, 2),
            (103, 8, 1),
            (107, 9, 1),
            (108, 9, 2),
            (110, 10, 1),
            (999, 10, 3),
            (0, 7, 1),
        ] {
            assert_eq!(locate(&game, offset), Location { line, column }, "{offset}");
        }
    }

    #[test]
    fn utf8_columns_count_characters() {
        let text = "[White \"Иванов\"] x";
        let game = raw(text.as_bytes());
        let x = text.find('x').unwrap() as u64;
        let at = |column| Location { line: 7, column };
        assert_eq!(locate(&game, 100 + x), at(18));
        let mut bytes = Locator::new(&game, ColumnUnit::Bytes);
        assert_eq!(bytes.locate(100 + x), at(x as u32 + 1));
    }

    #[test]
    fn incremental_queries_agree_with_fresh_ones() {
        let text = "1. c3-d4 {é\r\n} d6-c5\n\n2. b2-c3 ééé x\n";
        let game = raw(text.as_bytes());
        let mut locator = Locator::new(&game, ColumnUnit::Utf8Chars);
        let offsets: Vec<u64> = (0..=text.len() as u64).map(|i| 100 + i).collect();
        for &o in offsets
            .iter()
            .chain(offsets.iter().rev())
            .chain([120, 103, 130].iter())
        {
            assert_eq!(locator.locate(o), locate(&game, o), "offset {o}");
        }
    }
}
