//! The scanner: reads a PDN stream game by game and tells each game to a [`Visitor`]
//! (see [`super::visitor`] for the order of the calls). Resumable: [`Scanner::read_game`]
//! reads one game and returns what the visitor made of it, so a caller may stop after any
//! game and go on later.
//!
//! The input is read once, into one buffer that holds the game being read (the pass over it,
//! with game boundaries, limits and leniencies, is the `scan` module): memory is bounded by the
//! largest game plus one read, whatever the input. Of a tag value past its limit, the rest
//! past its first bytes is left out of the buffer as it is read (a [`Hole`]). Lines and columns come from the scanner's
//! own count of the bytes it passes, so they do not depend on how the input was read.

use super::constructs::{Input, ScanState, Stop, ends_hole};
pub(crate) use super::constructs::{Opening, proposed_cut, tag_as_held};
use super::limits::MAX_GAME_BYTES;
use super::location::{ColumnUnit, Lines};
use super::raw_game::{Hole, ParsedGame, RawGame, Token, TokenKind, index_in};
use super::visitor::{Skip, Span, Visitor};
use std::io::{self, BufRead};

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Reads games from a byte stream and tells them to visitors.
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
/// // Any `BufRead`: a file in a `BufReader`, standard input, bytes in memory.
/// let pdn = "[Event \"A\"]\n1. c3-d4 *\n\n[Event \"B\"]\n1. a3-b4 f6-g5 *\n";
/// let mut scanner = Scanner::new(std::io::BufReader::new(pdn.as_bytes()));
/// let mut tokens = Vec::new();
/// while let Some(game) = scanner.read_game(&mut Keep)? {
///     tokens.push(game.tokens.len());
/// }
/// assert_eq!(tokens, [3, 4]); // `1.`, moves, `*`
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Scanner<R> {
    inner: R,
    /// The bytes still needed, from offset `base` on: the game being read (or, of a game too
    /// long to hold, the construct being read), without its hole if that is after `base`.
    buf: Vec<u8>,
    base: u64,
    /// The game's hole (see [`Hole`]), and whether it may go on (the bytes read after it
    /// are left out up to one that [`ends_hole`]).
    hole: Option<Hole>,
    hole_open: bool,
    /// Where the scan goes on.
    pos: u64,
    eof: bool,
    bom_checked: bool,
    state: ScanState,
    /// The game being read (reused: no allocation per game in the common case).
    parsed: ParsedGame,
    /// The first `MAX_GAME_BYTES + 1` bytes of a game that no longer fits in `buf`.
    head: Option<Vec<u8>>,
    /// Lines and columns, counted over the input up to `lines_at`, however it was read.
    lines: Lines,
    lines_at: u64,
    /// Offset, line and column where the game being read starts.
    game_at: Option<(u64, u32, u32)>,
    /// Offset, line and column of a construct read for its end only (it may start a game).
    skipped_at: Option<(u64, u32, u32)>,
    /// The game read last was handed out: it is forgotten before reading on.
    ended: bool,
    games: usize,
    /// Set when the input comes block by block (see [`Self::starting_at`]).
    feed: Option<Feed>,
    /// Where the text since the last game (or the start) begins; None once it is taken
    /// into [`Self::gap`], or dropped (longer than [`MAX_GAME_BYTES`]: no text between
    /// games).
    gap_from: Option<u64>,
    /// The text between the game before (or the start) and the game being read, and its
    /// offset (told with [`Visitor::between`]).
    gap: Vec<u8>,
    gap_at: u64,
}

/// An input fed block by block: whether its last block is fed, and whether the block ran out.
#[derive(Debug)]
struct Feed {
    last: bool,
    paused: bool,
}

impl<R: BufRead> Scanner<R> {
    /// A scanner of `inner` from its start.
    pub fn new(inner: R) -> Scanner<R> {
        Scanner {
            inner,
            buf: Vec::new(),
            base: 0,
            hole: None,
            hole_open: false,
            pos: 0,
            eof: false,
            bom_checked: false,
            state: ScanState::default(),
            parsed: ParsedGame::default(),
            head: None,
            lines: Lines::default(),
            lines_at: 0,
            game_at: None,
            skipped_at: None,
            ended: false,
            games: 0,
            feed: None,
            gap_from: Some(0),
            gap: Vec::new(),
            gap_at: 0,
        }
    }

    /// Reads the next game into `visitor`: what its [`Visitor::end_game`] returned, or `None`
    /// at the end of the input. Only I/O errors are errors: any bytes make games. The text
    /// before the game (and, at the end, the text after the last game) is told first
    /// ([`Visitor::between`]).
    pub fn read_game<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<Option<V::Output>> {
        if !self.next_game()? {
            if self.eof
                && let Some(from) = self.gap_from.take()
            {
                let text = self.buf.get(self.index(from)..).unwrap_or_default();
                if !text.is_empty() {
                    visitor.between(Span { offset: from, text });
                }
            }
            return Ok(None);
        }
        if !self.gap.is_empty() {
            visitor.between(Span {
                offset: self.gap_at,
                text: &self.gap,
            });
        }
        Ok(Some(tell(&self.raw_game(), &self.parsed, visitor)))
    }

    /// Memory held for the input (bounded by the largest game plus one read).
    pub fn buffer_capacity(&self) -> usize {
        self.buf.capacity() + self.head.as_ref().map_or(0, Vec::capacity)
    }

    /// The reader the scanner read from.
    pub fn into_inner(self) -> R {
        self.inner
    }

    /// A scanner of the input from `offset` on, fed block by block (`inner` is one block;
    /// more come with [`Self::more`]; `last`: it is the last); `offset` is where a game
    /// certainly starts (or 0) at the start of a line, `breaks` line breaks into the input. At
    /// the end of a block but the last the scanner pauses ([`Self::paused_before_game`]). A
    /// byte order mark is looked for only at offset 0.
    pub(crate) fn starting_at(inner: R, offset: u64, breaks: u64, last: bool) -> Scanner<R> {
        let mut scanner = Scanner::new(inner);
        (scanner.base, scanner.pos) = (offset, offset);
        scanner.gap_from = Some(offset);
        scanner.bom_checked = offset > 0;
        (scanner.lines.breaks, scanner.lines_at) = (breaks, offset);
        scanner.feed = Some(Feed {
            last,
            paused: false,
        });
        scanner
    }

    fn paused(&self) -> bool {
        self.feed.as_ref().is_some_and(|feed| feed.paused)
    }

    /// Paused where `opening` at the start of a line would certainly start a new game,
    /// whatever follows it: everything before it is read and the game being read, if any,
    /// would end before it exactly as if the input ended there.
    pub(crate) fn paused_before_game(&self, opening: Opening) -> bool {
        self.paused()
            && self.bom_checked
            && !self.ended
            && self.pos == self.end()
            && self.state.starts_game(opening)
    }

    /// The next block is in the input (`last`: it is the last).
    pub(crate) fn more(&mut self, last: bool) {
        if let Some(feed) = self.feed.as_mut() {
            (feed.paused, feed.last) = (false, last);
        }
    }

    /// Ends the input at the pause (after [`Self::paused_before_game`]).
    pub(crate) fn end_at_pause(&mut self) {
        self.more(false);
        self.eof = true;
    }

    /// Exchanges the tokens of the game just read for `tokens` (emptied, kept for its
    /// capacity): a reader that holds on to the tokens of several games takes them without
    /// a copy.
    pub(crate) fn swap_tokens(&mut self, tokens: &mut Vec<Token>) {
        tokens.clear();
        std::mem::swap(&mut self.parsed.tokens, tokens);
    }

    pub(crate) fn get_mut(&mut self) -> &mut R {
        &mut self.inner
    }

    /// Offset just after the bytes read.
    fn end(&self) -> u64 {
        self.at(self.buf.len())
    }

    /// The game's hole, if it is in the buffer (after `base`).
    fn buffer_hole(&self) -> Option<Hole> {
        self.hole.filter(|hole| hole.at >= self.base)
    }

    fn index(&self, offset: u64) -> usize {
        index_in(self.base, self.buffer_hole(), offset).min(self.buf.len())
    }

    /// Offset of `buf[i]`.
    fn at(&self, i: usize) -> u64 {
        let at = self.base + i as u64;
        match self.buffer_hole() {
            Some(hole) if at >= hole.at => at + hole.len,
            _ => at,
        }
    }

    /// Leaves out the rest of the tag value from offset `at` on (the scan said so).
    fn make_hole(&mut self, at: u64) {
        self.location(at);
        self.hole = Some(Hole {
            at,
            len: 0,
            chars: 0,
        });
        self.hole_open = true;
        self.grow_hole();
    }

    /// Leaves out the bytes of the open hole that were read, up to one that ends it.
    fn grow_hole(&mut self) {
        let Some(hole) = self.buffer_hole().filter(|_| self.hole_open) else {
            self.hole_open = false;
            return;
        };
        let from = self.index(hole.at);
        let rest = self.buf.get(from..).unwrap_or_default();
        let end = rest.iter().position(|&b| ends_hole(b));
        let left_out = rest.get(..end.unwrap_or(rest.len())).unwrap_or_default();
        // No line break: the column goes on.
        self.lines.feed(left_out, ColumnUnit::Utf8Chars);
        let chars = left_out.iter().filter(|&&b| (b & 0xC0) != 0x80).count();
        let hole = Hole {
            len: hole.len + left_out.len() as u64,
            chars: hole.chars + chars as u64,
            ..hole
        };
        self.lines_at = hole.end();
        self.buf.drain(from..from + left_out.len());
        self.hole = Some(hole);
        self.hole_open = end.is_none();
    }

    /// Forgets the hole of the game handed out, with the bytes before it.
    fn forget_hole(&mut self) {
        if let Some(hole) = self.buffer_hole() {
            let cut = self.index(hole.at);
            self.buf.drain(..cut);
            self.base = hole.end();
        }
        (self.hole, self.hole_open) = (None, false);
    }

    /// Reads up to the end of the next game; false at the end of the input (or of a block).
    fn next_game(&mut self) -> io::Result<bool> {
        if std::mem::take(&mut self.ended) {
            self.forget_hole();
            self.state.reset_game();
            (self.game_at, self.head) = (None, None);
        }
        if !self.state.in_game {
            self.state.clear(&mut self.parsed);
        }
        loop {
            if !self.bom_checked {
                if self.buf.len() < BOM.len() && !self.eof {
                    self.fill()?;
                    if self.paused() {
                        return Ok(false);
                    }
                    continue;
                }
                self.bom_checked = true;
                if self.buf.starts_with(BOM) {
                    self.pos = BOM.len() as u64;
                    self.gap_from = Some(self.pos);
                }
            }
            let input = Input::new(&self.buf, self.base, self.buffer_hole(), self.eof);
            let stop = self.state.run(input, &mut self.pos, &mut self.parsed);
            if self.state.in_game && self.game_at.is_none() {
                self.game_at = Some(self.location(self.state.start));
                self.take_gap();
            }
            match stop {
                Stop::End => {
                    self.games += 1;
                    self.ended = true;
                    self.gap_from = Some(self.state.last_end);
                    return Ok(true);
                }
                Stop::Done => return Ok(false),
                Stop::Hole(at) => self.make_hole(at),
                Stop::NeedMore => {
                    self.fill()?;
                    if self.paused() {
                        return Ok(false);
                    }
                }
            }
        }
    }

    /// Takes the text from the end of the last game to the start of the one that begins.
    fn take_gap(&mut self) {
        self.gap.clear();
        self.gap_at = self.state.start;
        if let Some(from) = self.gap_from.take() {
            let (at, to) = (self.index(from), self.index(self.state.start));
            self.gap
                .extend_from_slice(self.buf.get(at..to).unwrap_or_default());
            self.gap_at = from;
        }
    }

    /// The game just read.
    fn raw_game(&self) -> RawGame<'_> {
        let start = self.state.start;
        let end = self
            .state
            .last_end
            .min(start.saturating_add(MAX_GAME_BYTES as u64 + 1));
        let len = usize::try_from(end.saturating_sub(start)).unwrap_or(usize::MAX);
        let bytes = match &self.head {
            Some(head) => head.get(..len.min(head.len())).unwrap_or_default(),
            None => {
                let from = self.index(start);
                self.buf
                    .get(from..self.index(end).max(from))
                    .unwrap_or_default()
            }
        };
        let (_, line, column) = self.game_at.unwrap_or((start, 1, 1));
        RawGame {
            bytes,
            offset: start,
            line,
            column,
            index: self.games,
            hole: self.hole,
        }
    }

    /// Line and column of `offset`, at or after every offset asked before.
    fn location(&mut self, offset: u64) -> (u64, u32, u32) {
        if offset < self.lines_at
            && let Some(at) = self.skipped_at.filter(|at| at.0 == offset)
        {
            return at;
        }
        if offset > self.lines_at {
            let (from, to) = (self.index(self.lines_at), self.index(offset));
            let fed = self.buf.get(from..to).unwrap_or_default();
            self.lines.feed(fed, ColumnUnit::Utf8Chars);
            self.lines_at = offset;
        }
        let line = u32::try_from(self.lines.breaks + 1).unwrap_or(u32::MAX);
        let column = u32::try_from(self.lines.chars + 1).unwrap_or(u32::MAX);
        (offset, line, column)
    }

    /// Drops the bytes no longer needed and appends the next piece of input. A construct
    /// that cannot end within [`MAX_GAME_BYTES`] is read for its end only; of a game longer
    /// than that, the first bytes are kept apart.
    fn fill(&mut self) -> io::Result<()> {
        self.read_more()?;
        self.grow_hole();
        Ok(())
    }

    fn read_more(&mut self) -> io::Result<()> {
        self.state.check_long();
        let end = self.end();
        if self.pos < end && end - self.pos > MAX_GAME_BYTES as u64 {
            self.skipped_at = Some(self.location(self.pos));
            let first = self.buf.get(self.index(self.pos)).copied();
            self.state.overflow(first.unwrap_or_default(), self.pos);
            self.pos = end;
        }
        let mut keep = self.pos;
        // The text since the last game is kept until a game starts, unless it is too long.
        if let Some(from) = self.gap_from {
            if self.pos.saturating_sub(from) > MAX_GAME_BYTES as u64 || from < self.base {
                self.gap_from = None;
            } else {
                keep = keep.min(from);
            }
        }
        let mut head = None;
        if self.state.in_game && self.head.is_none() {
            let start = self.state.start;
            let head_end = start.saturating_add(MAX_GAME_BYTES as u64 + 1);
            if self.pos > head_end {
                head = Some((self.index(start), self.index(head_end)));
            } else {
                keep = start;
            }
        }
        if keep > self.base {
            self.location(keep);
            let cut = self.index(keep);
            let base = self.at(cut);
            if let Some((from, to)) = head {
                // Nothing of the buffer is kept: it becomes the head, so that the game's
                // first bytes are never held twice.
                let whole = cut == self.buf.len();
                self.head = Some(if whole {
                    let mut buf = std::mem::take(&mut self.buf);
                    buf.truncate(to);
                    buf.drain(..from);
                    buf.shrink_to_fit();
                    buf
                } else {
                    self.buf.get(from..to).unwrap_or_default().to_vec()
                });
            }
            self.buf.drain(..cut.min(self.buf.len()));
            self.base = base;
        }
        // The scan starts again at `pos`: read at least as many bytes as it will pass again
        // (up to the limit past which the construct is skipped), so that each byte is scanned
        // a bounded number of times however small the pieces the input comes in. The end of
        // the input is told only by a read that adds nothing, as with one read per call.
        let pending = self.buf.len() - self.index(self.pos);
        let mut added = 0;
        loop {
            match self.inner.fill_buf() {
                Ok([]) if added > 0 => return Ok(()),
                Ok([]) => {
                    match self.feed.as_mut() {
                        Some(feed) if !feed.last => feed.paused = true,
                        _ => self.eof = true,
                    }
                    return Ok(());
                }
                Ok(piece) => {
                    let n = piece.len();
                    self.buf.extend_from_slice(piece);
                    self.inner.consume(n);
                    added += n;
                    if added >= pending || pending + added > MAX_GAME_BYTES {
                        return Ok(());
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }
}

/// Tells one read game to `visitor`: its findings, tags and tokens in the order of their
/// offsets (at the same offset a finding first, a token last).
fn tell<V: Visitor>(raw: &RawGame, parsed: &ParsedGame, visitor: &mut V) -> V::Output {
    if visitor.begin_game(raw) == Skip(true) {
        return visitor.end_game(raw, parsed);
    }
    let mut findings = parsed.errors.iter().peekable();
    let mut tags = parsed.tags.iter().peekable();
    let mut tokens = parsed.tokens.iter().peekable();
    // Whether the movetext is skipped, once it has begun.
    let mut skip_movetext = None;
    // Depth inside the outermost skipped variation (0: none skipped).
    let mut skipped_depth = 0u64;
    loop {
        let finding = findings.peek().map_or(u64::MAX, |f| f.offset);
        let tag = tags.peek().map_or(u64::MAX, |t| t.offset);
        let token = tokens.peek().map_or(u64::MAX, |t| t.offset);
        if let Some(finding) = findings.next_if(|f| f.offset <= tag && f.offset <= token) {
            visitor.finding(finding);
        } else if let Some(tag) = tags.next_if(|t| t.offset <= token && t.offset < finding) {
            visitor.tag(tag, span(raw, tag.offset, tag.len));
        } else if let Some(token) = tokens.next() {
            let skip = *skip_movetext
                .get_or_insert_with(|| visitor.begin_movetext(token.offset) == Skip(true));
            if !skip {
                tell_token(raw, token, &mut skipped_depth, visitor);
            }
        } else {
            break;
        }
    }
    if skip_movetext.is_none() {
        visitor.begin_movetext(raw.end_offset());
    }
    visitor.end_game(raw, parsed)
}

/// Tells the movetext `tokens` of the game `raw` (as a scan of it read them: its
/// [`ParsedGame::tokens`], offsets in its input) to `visitor` in order, as
/// [`Scanner::read_game`] tells them, for a visitor that works on a game read before
/// without reading its bytes again. Tags and findings are not told.
pub(crate) fn tell_movetext<V: Visitor>(raw: &RawGame, tokens: &[Token], visitor: &mut V) {
    let mut skipped_depth = 0;
    for token in tokens {
        tell_token(raw, token, &mut skipped_depth, visitor);
    }
}

fn tell_token<V: Visitor>(raw: &RawGame, token: &Token, skipped_depth: &mut u64, visitor: &mut V) {
    if *skipped_depth > 0 {
        match token.kind {
            TokenKind::VariationStart => *skipped_depth += 1,
            TokenKind::VariationEnd => *skipped_depth -= 1,
            _ => {}
        }
        return;
    }
    let at = span(raw, token.offset, token.len);
    match &token.kind {
        TokenKind::MoveNumber { number, black } => visitor.move_number(*number, *black, at),
        TokenKind::Move(mv) => visitor.written_move(mv, at),
        TokenKind::Nag(nag) => visitor.nag(*nag, at),
        TokenKind::Comment(style) => {
            let body = token.comment_text(raw).unwrap_or_default();
            visitor.comment(*style, body, at);
        }
        TokenKind::VariationStart => {
            if visitor.begin_variation(at) == Skip(true) {
                *skipped_depth = 1;
            }
        }
        TokenKind::VariationEnd => visitor.end_variation(at),
        TokenKind::Result(result) => visitor.result(*result, at),
        TokenKind::Setup(command) => visitor.setup(command, at),
        TokenKind::Unknown => visitor.unreadable(at),
    }
}

/// The construct of `len` bytes at absolute `offset` in `raw`.
fn span<'a>(raw: &RawGame<'a>, offset: u64, len: u32) -> Span<'a> {
    Span {
        offset,
        text: raw.text_at(offset, len),
    }
}
