//! Streaming game splitter: reads a PDN byte stream and hands out one game at a time as raw
//! bytes with its position in the file. Memory is one reusable buffer, bounded by the
//! largest game (plus one read), not by the file.
//!
//! Where games start and end:
//! - a game ends right after its result token at the top level (outside comments,
//!   variations, tag values, setup commands and `%`/`;` line comments);
//! - a game without a result ends before a `[` tag that follows its movetext, before a tag
//!   whose name already occurred in its own tag section (two tag sections without moves),
//!   and before a move number `1.` that follows a blank line once the game has reached move 2
//!   (tagless games without results);
//! - so a result standing alone (after a blank line or not) belongs to the game before it if
//!   that game had no result yet; after a game with a result it is a game of its own;
//! - a game starts at its first tag or movetext token: comments before it (a preamble at the
//!   top of the file, or comments between games) are not part of any game, and text that is
//!   only whitespace and comments is no game;
//! - a UTF-8 byte order mark at the start of the file is skipped (offsets still count it);
//! - line ends may be LF, CRLF, CR or mixed; every ASCII control byte is whitespace;
//! - a `{` comment that has no `}` anywhere after it is taken to end at the end of its line
//!   (so one missing `}` does not swallow the rest of the file); tags, tag values and setup
//!   commands never span lines; if the end of the file is more than
//!   [`MAX_GAME_BYTES`] after such a `{`, the comment runs to the end of the file instead (too
//!   far to read again), which makes a game too long.
//!
//! Memory: a game longer than [`MAX_GAME_BYTES`] is not held. The reader keeps its first
//! `MAX_GAME_BYTES + 1` bytes and hands out just those (the parser then reports it as too
//! long), drops the rest as it streams past, and goes on with the next game. Words longer
//! than [`MAX_TOKEN_BYTES`] and tag names longer than [`MAX_TAG_NAME_BYTES`] are not held
//! either (they cannot end or start a game). So the buffer stays under about twice
//! [`MAX_GAME_BYTES`] plus one read, whatever the input.
//!
//! [`MAX_TOKEN_BYTES`]: super::limits::MAX_TOKEN_BYTES
//! [`MAX_TAG_NAME_BYTES`]: super::limits::MAX_TAG_NAME_BYTES

use super::ascii::BreakCounter;
use super::lexer::{ParsedGame, parse_game_into};
use super::limits::MAX_GAME_BYTES;
use super::plain_game::{Constructs, Lexing, Splitting};
use super::splitter::{Splitter, Step};
use std::io::{self, BufRead};

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The bytes of one game and where they are in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawGame<'a> {
    /// From the game's first tag or token to the end of its last token; of a game longer
    /// than [`MAX_GAME_BYTES`], only the first `MAX_GAME_BYTES + 1` bytes.
    pub bytes: &'a [u8],
    /// Absolute byte offset of `bytes[0]` in the file.
    pub offset: u64,
    /// 1-based line of `bytes[0]`.
    pub line: u32,
    /// 1-based column of `bytes[0]` on its line (a game may start after the end of another
    /// on the same line); counted in bytes when part of that line is no longer buffered.
    pub column: u32,
    /// 1-based number of the game in the file.
    pub index: usize,
}

impl RawGame<'_> {
    /// Absolute offset just after the last byte handed out.
    pub fn end_offset(&self) -> u64 {
        self.offset + self.bytes.len() as u64
    }
}

/// Splits a PDN stream into games; see the module documentation for the rules.
pub struct GameReader<R> {
    inner: R,
    /// The bytes still needed: `buf[..split]` is the head of a game too long to hold whole,
    /// at offset `base`; `buf[split..]`, at offset `tail_base`, what the splitter scans. With
    /// no game too long, `split` is 0 and `tail_base` is `base`.
    buf: Vec<u8>,
    base: u64,
    split: usize,
    tail_base: u64,
    /// Line and column of the head's game, counted before the bytes after the head went.
    head_at: Option<(u64, u32, u32)>,
    eof: bool,
    bom_checked: bool,
    splitter: Splitter,
    /// Line breaks counted in the file before offset `lines_at`.
    lines: BreakCounter,
    lines_at: u64,
    /// File offset where the line containing `lines_at` starts.
    line_start: u64,
    games: usize,
}

impl<R: BufRead> GameReader<R> {
    pub fn new(inner: R) -> GameReader<R> {
        GameReader {
            inner,
            buf: Vec::new(),
            base: 0,
            split: 0,
            tail_base: 0,
            head_at: None,
            eof: false,
            bom_checked: false,
            splitter: Splitter::new(0),
            lines: BreakCounter::default(),
            lines_at: 0,
            line_start: 0,
            games: 0,
        }
    }

    /// The next game, or `None` at the end of the input. Only I/O errors are errors:
    /// any bytes at all make games (syntax is checked by the parser).
    pub fn next_game(&mut self) -> io::Result<Option<RawGame<'_>>> {
        self.next_with(&mut Splitting)
    }

    /// The next game and, in `parsed`, what [`parse_game_into`] reads from it. A plain game
    /// (see `plain_game`) is read in the same pass that finds its end; any other is split
    /// first and then parsed.
    pub fn next_game_parsed(&mut self, parsed: &mut ParsedGame) -> io::Result<Option<RawGame<'_>>> {
        let mut lexing = Lexing::new(parsed);
        let raw = self.next_with(&mut lexing)?;
        if let Some(raw) = &raw
            && !lexing.done
        {
            parse_game_into(raw, parsed);
        }
        Ok(raw)
    }

    fn next_with<C: Constructs>(&mut self, constructs: &mut C) -> io::Result<Option<RawGame<'_>>> {
        loop {
            if !self.bom_checked {
                if self.buf.len() < BOM.len() && !self.eof {
                    self.fill()?;
                    continue;
                }
                self.bom_checked = true;
                if self.buf.starts_with(BOM) {
                    self.splitter.skip_bom(BOM.len() as u64);
                }
            }
            let scanned = self.buf.get(self.split..).unwrap_or_default();
            match self
                .splitter
                .step(scanned, self.tail_base, self.eof, constructs)
            {
                Step::NeedMore => self.fill()?,
                Step::Done => return Ok(None),
                Step::Game { start, end } => {
                    let (line, column) = match self.head_at {
                        Some((at, line, column)) if at == start => (line, column),
                        _ => {
                            self.count_lines_to(start);
                            (self.line(), self.column_of(start))
                        }
                    };
                    self.games += 1;
                    let end = end.min(start.saturating_add(MAX_GAME_BYTES as u64 + 1));
                    let from = self.index(start);
                    let to = self.index(end).max(from);
                    return Ok(Some(RawGame {
                        bytes: self.buf.get(from..to).unwrap_or_default(),
                        offset: start,
                        line,
                        column,
                        index: self.games,
                    }));
                }
            }
        }
    }

    /// The same reader with every byte read by the splitter's state machine, without its
    /// fast path for plain games (for tests that check the two agree).
    #[doc(hidden)]
    pub fn without_fast_path(mut self) -> GameReader<R> {
        self.splitter = self.splitter.without_fast_path();
        self
    }

    /// Number of games handed out so far.
    pub fn games_read(&self) -> usize {
        self.games
    }

    /// Capacity of the internal buffer (bounded by the largest game plus one read).
    pub fn buffer_capacity(&self) -> usize {
        self.buf.capacity()
    }

    pub fn into_inner(self) -> R {
        self.inner
    }

    /// Index in `buf` of a held offset (clamped to the segment holding it).
    fn index(&self, offset: u64) -> usize {
        let (from, base, end) = if offset >= self.tail_base {
            (self.split, self.tail_base, self.buf.len())
        } else {
            (0, self.base, self.split)
        };
        let i = usize::try_from(offset.saturating_sub(base)).unwrap_or(usize::MAX);
        from.saturating_add(i).min(end)
    }

    /// The file offset of `buf[i]` (inverse of [`Self::index`]).
    fn offset_of(&self, i: usize) -> u64 {
        match i.checked_sub(self.split) {
            Some(in_tail) => self.tail_base + in_tail as u64,
            None => self.base + i as u64,
        }
    }

    /// The 1-based line of offset `lines_at`.
    fn line(&self) -> u32 {
        u32::try_from(self.lines.breaks + 1).unwrap_or(u32::MAX)
    }

    fn count_lines_to(&mut self, offset: u64) {
        if offset > self.lines_at {
            let (from, to) = (self.index(self.lines_at), self.index(offset));
            let fed = self.buf.get(from..to).unwrap_or_default();
            self.lines.feed(fed);
            if let Some(i) = memchr::memrchr2(b'\n', b'\r', fed) {
                self.line_start = self.offset_of(from + i + 1);
            }
            self.lines_at = offset;
        }
    }

    /// The 1-based column of `offset` (lines counted up to it): characters of UTF-8 text
    /// (bytes that do not continue a character) where the line is still buffered, else bytes.
    fn column_of(&self, offset: u64) -> u32 {
        let prefix = if self.line_start >= self.tail_base {
            let (from, to) = (self.index(self.line_start), self.index(offset));
            let bytes = self.buf.get(from..to).unwrap_or_default();
            bytes.iter().filter(|&&b| (b & 0xC0) != 0x80).count() as u64
        } else {
            offset.saturating_sub(self.line_start)
        };
        u32::try_from(prefix + 1).unwrap_or(u32::MAX)
    }

    /// Drops the bytes the splitter no longer needs. Of a game (or comment) running past
    /// [`MAX_GAME_BYTES`], the first `MAX_GAME_BYTES + 1` bytes stay as the head, and the
    /// bytes between the head and what the scan still needs go.
    fn drop_unneeded(&mut self) {
        let (head, local) = self.splitter.keep();
        if self.split > 0 && head.is_none_or(|h| h >= self.tail_base) {
            // The game of the head was handed out.
            self.buf.drain(..self.split);
            (self.base, self.split, self.head_at) = (self.tail_base, 0, None);
        }
        if self.split > 0 {
            // Still the game of the head: only the scanned part moves on.
            self.count_lines_to(local);
            let cut = self.index(local).saturating_sub(self.split);
            self.buf.drain(self.split..self.split + cut);
            self.tail_base += cut as u64;
            return;
        }
        let keep = head.map_or(local, |h| h.min(local));
        self.count_lines_to(keep);
        let cut = self.index(keep);
        if cut > 0 {
            self.buf.drain(..cut);
            self.base += cut as u64;
            self.tail_base = self.base;
        }
        let Some(start) = head else { return };
        let head_end = start.saturating_add(MAX_GAME_BYTES as u64 + 1);
        if local > head_end {
            // The game is too long: keep its head, and where it starts, and let the rest go.
            self.head_at = Some((start, self.line(), self.column_of(start)));
            self.count_lines_to(local);
            let (from, to) = (self.index(head_end), self.index(local));
            self.buf.drain(from..to);
            (self.split, self.tail_base) = (from, local);
        }
    }

    /// Appends the next piece of input.
    fn fill(&mut self) -> io::Result<()> {
        if self.bom_checked {
            self.drop_unneeded();
        }
        loop {
            match self.inner.fill_buf() {
                Ok(piece) => {
                    let n = piece.len();
                    self.buf.extend_from_slice(piece);
                    self.inner.consume(n);
                    self.eof = n == 0;
                    return Ok(());
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }
}
