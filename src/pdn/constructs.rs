//! The one pass of the scanner over a buffer: it reads constructs (tags, move numbers, moves,
//! NAGs, comments, variations, setup commands, results) into a [`ParsedGame`] and decides
//! where each game ends, with every rule written once. Resumable at construct boundaries:
//! a construct that reaches the end of the buffer is read again once more input is there
//! ([`Stop::NeedMore`]), so the buffer holds a game at most, never the file.
//!
//! Where games start and end, and every leniency, are listed in [`super`]; the limits are
//! [`super::limits`]: a game whose constructs run past [`MAX_GAME_BYTES`] (or past
//! [`MAX_TOKENS`] or [`MAX_MOVES`]) is read on for its end only. A construct that cannot end
//! within [`MAX_GAME_BYTES`] is skipped to its end without being held, and of a quoted tag
//! value past [`MAX_TAG_VALUE_BYTES`] the rest past its first bytes is left out (see
//! [`hole_at`]). A `{` with no `}`
//! anywhere after it ends at the end of its line, and so does every later `{`; if the end of
//! input is more than [`MAX_GAME_BYTES`] after it, the comment runs to the end instead.

use super::ascii::{WORD_ENDS, is_break, is_space, line_end, word_end};
use super::error::{SyntaxError, SyntaxErrorKind};
use super::grammar::{
    bare_number, column_of, game_move, game_result, line_comment, move_number, move_number_word,
    move_word, nag, read_comment, read_setup, read_tag,
};
use super::limits::{
    MAX_COMMENT_BYTES, MAX_GAME_BYTES, MAX_MOVES, MAX_TAG_NAME_BYTES, MAX_TAG_VALUE_BYTES,
    MAX_TOKEN_BYTES, MAX_TOKENS,
};
use super::movetext::{Marks, MoveShape, Separator, Squares, Strength, WrittenMove};
use super::names::SeenNames;
use super::raw_game::{CommentStyle, Hole, ParsedGame, Token, TokenKind, index_in};
use super::result::GameResult;
use super::tag::Tag;

/// Why [`ScanState::run`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The game ended at [`ScanState::last_end`]; reading goes on at the position.
    End,
    /// The construct at the position may go on past the buffer.
    NeedMore,
    /// The input ended with no game.
    Done,
    /// The tag at the position has a value so long that its rest, from this offset on,
    /// is left out (see [`hole_at`]); reading goes on at the tag.
    Hole(u64),
}

/// What may start a game where a stream is cut (see [`ScanState::starts_game`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Opening {
    /// A `[`.
    Tag,
    /// A word that [`move_number`] reads as number 1, no longer than a token.
    MoveOne,
}

/// A construct too long to hold, read for its end only (see [`ScanState::overflow`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Skipping {
    Word,
    /// To the end of the line: line comments, and tags (which never span lines).
    Line,
    /// To the next `/` or the end of the line.
    Setup,
    /// To the next `}`; the `{` is at this offset.
    Comment(u64),
}

/// The scan's state between calls: the game being read and what holds across games.
#[derive(Debug, Default)]
pub(crate) struct ScanState {
    /// A game has started at [`Self::start`].
    pub in_game: bool,
    pub start: u64,
    /// End of the game's last construct.
    pub last_end: u64,
    movetext: bool,
    depth: u64,
    /// Offset of the outermost `(` still open.
    outer_open: u64,
    max_number: u32,
    /// Line breaks since the last construct (comments do not count as one).
    breaks: u32,
    prev_cr: bool,
    names: SeenNames,
    /// The `[` whose name is in [`Self::names`] already (its tag is being read again).
    named_at: Option<u64>,
    /// Moves read so far, and the index in the tokens of the first one past [`MAX_MOVES`].
    moves: usize,
    over_moves: Option<usize>,
    /// The rest of the game is read for its end only (a limit was reached).
    stopped: bool,
    /// The game's constructs run past [`MAX_GAME_BYTES`].
    too_long: bool,
    /// A hole was made in the game (there is at most one).
    holed: bool,
    /// [`Self::at_limit`] is checked once the tokens reach this many.
    token_cap: usize,
    skipping: Option<Skipping>,
    /// What is skipped is a construct (no comment): line breaks before it are forgotten.
    skipped_construct: bool,
    /// No `}` at or after this offset (learned at the end of input).
    no_brace_from: Option<u64>,
    /// Tags of earlier games, kept for their buffers (no allocation per game).
    spare: Vec<Tag>,
}

/// The buffer being read: `buf[0]` is at offset `base`, `hole` (at or after `base`) left
/// out of it; `eof`: nothing follows it.
#[derive(Clone, Copy)]
pub(crate) struct Input<'a> {
    pub buf: &'a [u8],
    pub base: u64,
    hole: Option<Hole>,
    /// The hole's offset and length, `u64::MAX` and 0 without one: [`Input::at`], called for
    /// every construct, compares once rather than matching the option.
    hole_at: u64,
    hole_len: u64,
    pub eof: bool,
}

impl<'a> Input<'a> {
    pub(crate) fn new(buf: &'a [u8], base: u64, hole: Option<Hole>, eof: bool) -> Self {
        let (hole_at, hole_len) = hole.map_or((u64::MAX, 0), |hole| (hole.at, hole.len));
        Input {
            buf,
            base,
            hole,
            hole_at,
            hole_len,
            eof,
        }
    }

    fn at(&self, i: usize) -> u64 {
        let at = self.base + i as u64;
        if at >= self.hole_at {
            at + self.hole_len
        } else {
            at
        }
    }

    fn index(&self, offset: u64) -> usize {
        index_in(self.base, self.hole, offset)
    }

    /// The offset that indexes in `buf` count from, for a construct at index `i` (which
    /// no hole splits): what the grammar's readers take as their base.
    fn base_at(&self, i: usize) -> u64 {
        self.at(i) - i as u64
    }

    /// Bytes of the input from index `from` to index `to`, a hole between them counted.
    fn span_len(&self, from: usize, to: usize) -> usize {
        usize::try_from(self.at(to) - self.at(from)).unwrap_or(usize::MAX)
    }

    /// A construct ending at index `end` may go on past the buffer.
    fn open_ended(&self, end: usize) -> bool {
        end >= self.buf.len() && !self.eof
    }
}

fn clamp_len(len: usize) -> u32 {
    u32::try_from(len).unwrap_or(u32::MAX)
}

/// One call of the scan: the scan's state with the buffer and the game being filled.
struct Pass<'s, 'a> {
    st: &'s mut ScanState,
    input: Input<'a>,
    out: &'s mut ParsedGame,
    /// Index of the next byte.
    i: usize,
}

impl ScanState {
    /// Forgets the game (after it was handed out).
    pub(crate) fn reset_game(&mut self) {
        *self = ScanState {
            skipping: self.skipping,
            no_brace_from: self.no_brace_from,
            names: std::mem::take(&mut self.names),
            spare: std::mem::take(&mut self.spare),
            ..ScanState::default()
        };
    }

    /// Empties `out` for the next game, keeping its tags' buffers but the larger ones.
    pub(crate) fn clear(&mut self, out: &mut ParsedGame) {
        if self.spare.is_empty() {
            // The common case (every spare tag was used): no tag moves. Last first, so that
            // the next game, which mostly has the same tags in the same order, takes its
            // tags' buffers in order.
            std::mem::swap(&mut out.tags, &mut self.spare);
            self.spare.reverse();
        } else {
            self.spare.append(&mut out.tags);
        }
        self.spare
            .retain(|t| t.name.capacity() + t.value.capacity() <= 1024);
        out.tokens.clear();
        out.errors.clear();
    }

    /// Reads from `*pos` on, filling `out` (cleared by the caller when a game starts), until
    /// the game ends or the buffer runs out; `*pos` is then where to go on.
    pub(crate) fn run(&mut self, input: Input<'_>, pos: &mut u64, out: &mut ParsedGame) -> Stop {
        let mut pass = Pass {
            i: input.index(*pos),
            st: self,
            input,
            out,
        };
        let stop = pass.run();
        *pos = pass.input.at(pass.i);
        stop
    }

    /// The one rule for games without tags or results: a move number `number` at the top
    /// level, after a blank line since the last construct, starts a new game when it is `1.`
    /// and the game so far has movetext that reached move 2 or more.
    #[inline(always)]
    fn move_one_starts_game(&self, number: u32) -> bool {
        number == 1 && self.depth == 0 && self.breaks >= 2 && self.movetext && self.max_number > 1
    }

    /// Whether a construct starting with `opening` right where the scan stands (everything
    /// before it read, in no construct) starts a new game whatever follows it.
    pub(crate) fn starts_game(&self, opening: Opening) -> bool {
        self.skipping.is_none()
            && (!self.in_game
                || match opening {
                    Opening::Tag => self.movetext,
                    Opening::MoveOne => self.move_one_starts_game(1),
                })
    }

    /// The construct at `at` (the position after [`Stop::NeedMore`]), starting with `first`,
    /// cannot end within [`MAX_GAME_BYTES`]: it is read for its end only, from the end of the
    /// buffer on.
    pub(crate) fn overflow(&mut self, first: u8, at: u64) {
        let skipping = match first {
            b'{' => Skipping::Comment(at),
            b'%' | b';' | b'[' => Skipping::Line,
            b'/' => Skipping::Setup,
            _ => Skipping::Word,
        };
        self.skipping = Some(skipping);
        if self.in_game {
            self.too_long = true;
            self.stopped = true;
            self.movetext |= matches!(skipping, Skipping::Word | Skipping::Setup);
            self.skipped_construct = first == b'[' || !matches!(skipping, Skipping::Line);
        }
    }

    /// Whether the game's constructs run past [`MAX_GAME_BYTES`]: then the rest of it is read
    /// for its end only.
    pub(crate) fn check_long(&mut self) {
        if self.in_game && !self.too_long && self.last_end - self.start > MAX_GAME_BYTES as u64 {
            self.too_long = true;
            self.stopped = true;
        }
    }

    /// Where the construct being skipped ends, reading from `buf[i]` (and whether its end
    /// was found, rather than the end of input); `None` if not in the buffer.
    fn skip_to(&mut self, input: Input<'_>, i: usize) -> Option<(usize, bool)> {
        let rest = input.buf.get(i..).unwrap_or_default();
        let found = match self.skipping? {
            Skipping::Word => rest.iter().position(|&b| WORD_ENDS[usize::from(b)]),
            Skipping::Line => memchr::memchr2(b'\n', b'\r', rest),
            Skipping::Setup => memchr::memchr3(b'/', b'\n', b'\r', rest)
                .map(|j| j + usize::from(rest.get(j) == Some(&b'/'))),
            Skipping::Comment(_) => memchr::memchr(b'}', rest).map(|j| j + 1),
        };
        match found {
            Some(j) => Some((i + j, true)),
            None if input.eof => Some((input.buf.len(), false)),
            None => None,
        }
    }
}

impl Pass<'_, '_> {
    fn run(&mut self) -> Stop {
        if self.st.in_game && !self.st.stopped {
            self.refresh_cap();
        }
        // Only set between two calls (by `ScanState::overflow`).
        if let Some(skipping) = self.st.skipping {
            let Some((end, found)) = self.st.skip_to(self.input, self.i) else {
                self.i = self.input.buf.len();
                return Stop::NeedMore;
            };
            self.st.skipping = None;
            let end_offset = self.input.at(end);
            if let Skipping::Comment(open) = skipping
                && !self.st.in_game
                && !found
            {
                // No `}` up to the end, too far to read again: the comment runs to the
                // end, and makes a game too long (even outside a game, to be reported).
                self.begin(open);
                self.st.too_long = true;
                self.st.stopped = true;
            }
            self.i = end;
            if self.st.in_game {
                self.st.last_end = end_offset;
                if self.st.skipped_construct {
                    self.st.breaks = 0;
                }
            }
        }
        loop {
            self.spaces();
            let Some(&b) = self.input.buf.get(self.i) else {
                if !self.input.eof {
                    return Stop::NeedMore;
                }
                return if self.st.in_game {
                    self.end_game_at(self.i)
                } else {
                    Stop::Done
                };
            };
            self.st.prev_cr = false;
            let at = self.i;
            let step = match b {
                b'{' | b';' | b'%' => self.comment(b),
                b'[' => self.tag(),
                _ => {
                    self.begin(self.input.at(at));
                    match b {
                        b'(' => self.open(),
                        b')' => self.close(),
                        b'/' => self.setup(),
                        b']' | b'}' => self.unknown(at, at + 1, SyntaxErrorKind::UnknownToken),
                        _ => self.word(),
                    }
                }
            };
            let end = match step {
                Step::More => {
                    self.i = at;
                    return Stop::NeedMore;
                }
                Step::EndBefore => return self.end_game_at(at),
                Step::Hole(cut) => {
                    self.i = at;
                    return Stop::Hole(self.input.at(cut));
                }
                Step::Read(end) | Step::Comment(end) | Step::EndAfter(end) => end,
            };
            self.i = end;
            if self.st.in_game {
                self.st.last_end = self.input.at(end);
                if !matches!(step, Step::Comment(_)) {
                    self.st.breaks = 0;
                }
            }
            if let Step::EndAfter(_) = step {
                return self.end_game_at(end);
            }
        }
    }

    /// The game ends; reading goes on at index `i`.
    fn end_game_at(&mut self, i: usize) -> Stop {
        self.i = i;
        self.finish();
        Stop::End
    }

    /// Skips whitespace, counting line breaks (`\r\n` once).
    #[inline(always)]
    fn spaces(&mut self) {
        let buf = self.input.buf;
        let (mut i, mut breaks, mut prev_cr) = (self.i, self.st.breaks, self.st.prev_cr);
        while let Some(&b) = buf.get(i) {
            if b != b' ' {
                if !is_space(b) {
                    break;
                }
                if b == b'\r' || (b == b'\n' && !prev_cr) {
                    breaks = breaks.saturating_add(1);
                }
            }
            prev_cr = b == b'\r';
            i += 1;
        }
        (self.i, self.st.breaks, self.st.prev_cr) = (i, breaks, prev_cr);
    }

    /// A construct of a game starts at `at`: the game starts here if it has not yet.
    fn begin(&mut self, at: u64) {
        if !self.st.in_game {
            self.st.in_game = true;
            self.st.start = at;
            self.st.last_end = at;
            self.st.names.clear();
            self.refresh_cap();
        }
    }

    /// The game ends: the findings that only its end can tell.
    fn finish(&mut self) {
        self.st.check_long();
        if self.st.too_long {
            self.st.clear(self.out);
            let too_long = SyntaxError::new(SyntaxErrorKind::GameTooLong, self.st.start, 1);
            self.out.errors.push(too_long);
            return;
        }
        if self.st.over_moves.is_some() {
            self.at_limit(); // the last move was one too many
        }
        if self.st.depth > 0 && !self.st.stopped {
            let kind = SyntaxErrorKind::UnclosedVariation {
                count: self.st.depth,
            };
            self.error_at(kind, self.st.outer_open, 1);
        }
    }

    /// Sets [`ScanState::token_cap`] after tags or findings were added.
    fn refresh_cap(&mut self) {
        let out = &*self.out;
        self.st.token_cap = if self.st.over_moves.is_some() || self.st.stopped {
            0
        } else {
            MAX_TOKENS.saturating_sub(out.tags.len() + out.errors.len())
        };
    }

    /// Whether the game reached [`MAX_MOVES`] or [`MAX_TOKENS`]: then the rest is read for
    /// its end only (a move past the limit is dropped) and an error says so, once.
    #[cold]
    #[inline(never)]
    fn at_limit(&mut self) -> bool {
        if self.st.stopped {
            return true;
        }
        let out = &mut *self.out;
        let (kind, offset) = if let Some(first) = self.st.over_moves {
            let offset = out.tokens.get(first).map_or(self.st.start, |t| t.offset);
            out.tokens.truncate(first);
            (SyntaxErrorKind::TooManyMoves, offset)
        } else if out.tokens.len() + out.tags.len() + out.errors.len() >= MAX_TOKENS {
            (SyntaxErrorKind::TooManyTokens, self.input.at(self.i))
        } else {
            return false;
        };
        out.errors.push(SyntaxError::new(kind, offset, 1));
        self.st.stopped = true;
        self.st.token_cap = 0;
        true
    }

    /// Whether constructs are kept (no limit reached).
    #[inline(always)]
    fn keeping(&mut self) -> bool {
        self.out.tokens.len() < self.st.token_cap || !self.at_limit()
    }

    fn error(&mut self, kind: SyntaxErrorKind, at: usize, len: usize) {
        let offset = self.input.at(at);
        self.error_at(kind, offset, len);
    }

    fn error_at(&mut self, kind: SyntaxErrorKind, offset: u64, len: usize) {
        if self.st.stopped {
            return;
        }
        self.out.errors.push(SyntaxError::new(kind, offset, len));
        self.refresh_cap();
    }

    fn push(&mut self, kind: TokenKind, from: usize, to: usize) {
        if self.st.stopped {
            return;
        }
        self.out.tokens.push(Token {
            kind,
            offset: self.input.at(from),
            len: clamp_len(to.saturating_sub(from)),
        });
    }

    /// Text from `from` to `to` that is no construct, for the reason `kind`.
    fn unknown(&mut self, from: usize, to: usize, kind: SyntaxErrorKind) -> Step {
        self.st.movetext = true;
        if self.keeping() {
            self.push(TokenKind::Unknown, from, to);
            self.error(kind, from, to.saturating_sub(from));
        }
        Step::Read(to)
    }

    /// A move token was just pushed.
    fn counted_move(&mut self) {
        self.st.moves += 1;
        if self.st.moves > MAX_MOVES && self.st.over_moves.is_none() && !self.st.stopped {
            self.st.over_moves = Some(self.out.tokens.len().saturating_sub(1));
            self.st.token_cap = 0;
        }
    }

    /// A comment, `{...}` or `%`/`;` to the end of its line, `first` its first byte: kept
    /// unless longer than [`MAX_COMMENT_BYTES`] (comments outside games are no part of any
    /// game).
    fn comment(&mut self, first: u8) -> Step {
        let start = self.i;
        let keep = self.st.in_game && self.keeping();
        let errors = self.out.errors.len();
        let (style, end, more) = match first {
            b'{' => {
                let open = self.input.at(start);
                let no_brace_after = self.st.no_brace_from.is_some_and(|from| open >= from);
                let (buf, base, eof) = (self.input.buf, self.input.base_at(start), self.input.eof);
                let (end, closed) =
                    read_comment(buf, start, base, no_brace_after, &mut self.out.errors);
                // With no `}` in the buffer, only the end of input tells that there is none
                // after the `{` (then it ends with its line, and so does every later `{`).
                let more = !closed && ((!no_brace_after && !eof) || self.input.open_ended(end));
                if !closed && !more {
                    self.st.no_brace_from = Some(open);
                }
                (CommentStyle::Braces, end, more)
            }
            _ => {
                let from = self.input.buf.get(start..).unwrap_or_default();
                let end = start + line_comment(from).map_or(0, |(_, text)| text.len());
                let style = match first {
                    b'%' => CommentStyle::Percent,
                    _ => CommentStyle::Semicolon,
                };
                (style, end, self.input.open_ended(end))
            }
        };
        if more || !keep {
            self.out.errors.truncate(errors);
        }
        if more {
            return Step::More;
        }
        if keep {
            if end - start > MAX_COMMENT_BYTES {
                self.error(SyntaxErrorKind::CommentTooLong, start, end - start);
            } else {
                self.push(TokenKind::Comment(style), start, end);
            }
        }
        Step::Comment(end)
    }

    fn tag(&mut self) -> Step {
        let start = self.i;
        let at = self.input.at(start);
        if self.st.in_game && self.st.movetext {
            return Step::EndBefore;
        }
        self.begin(at);
        if self.st.named_at != Some(at) {
            if let Some(step) = self.repeated_name(start) {
                return step;
            }
            self.st.named_at = Some(at);
        }
        let keep = self.keeping();
        let errors = self.out.errors.len();
        let mut tag = self.st.spare.pop().unwrap_or_default();
        // Most tags end well within this (a tag never spans lines); a longer line is read
        // again whole.
        let near = (start + 2 * MAX_TAG_VALUE_BYTES).min(self.input.buf.len());
        let mut read = None;
        for within in [near, self.input.buf.len()] {
            let input = self.input.buf.get(start..within).unwrap_or_default();
            let base = self.input.at(start);
            let (named, end, name_len) = read_tag(input, base, &mut self.out.errors, &mut tag);
            // A tag that ends where only spaces follow to the end of what is read may be
            // read otherwise once its line goes on.
            let rest = input.get(end..).unwrap_or_default();
            // (Spaces first: a line break is looked for only then, not on every tag of a
            // long line.)
            let open = rest.iter().all(|&b| is_space(b)) && line_end(input, 0) == input.len();
            if !open || (within == self.input.buf.len() && self.input.eof) {
                read = Some((named, start + end, name_len));
                break;
            }
            self.out.errors.truncate(errors);
            if within == self.input.buf.len() {
                break;
            }
        }
        // A value past the limit (or a line that may hold one) is not held, if it has room
        // for a hole: the rest of it is left out, and the tag read again without it.
        let long = read.is_none_or(|_| tag.value.len() > MAX_TAG_VALUE_BYTES);
        if long && !self.st.holed {
            let to = read.map_or(self.input.buf.len(), |(_, end, _)| end);
            let text = self.input.buf.get(start..to).unwrap_or_default();
            if let Some(cut) = hole_at(text) {
                self.out.errors.truncate(errors);
                self.st.spare.push(tag);
                self.st.holed = true;
                return Step::Hole(start + cut);
            }
        }
        let Some((named, end, name_len)) = read else {
            self.st.spare.push(tag);
            return Step::More;
        };
        self.st.named_at = None;
        let len = self.input.span_len(start, end);
        tag.len = clamp_len(len);
        if let Some(hole) = self.input.hole {
            // The findings of a tag with the hole start before it and span it (or end at
            // it, where the input ends in it).
            for finding in self.out.errors.get_mut(errors..).unwrap_or_default() {
                let end = finding.offset + u64::from(finding.len);
                if finding.offset < hole.at && end >= hole.at {
                    finding.len =
                        u32::try_from(end + hole.len - finding.offset).unwrap_or(u32::MAX);
                }
            }
        }
        if !keep {
            self.out.errors.truncate(errors);
        } else if name_len > MAX_TAG_NAME_BYTES || tag.value.len() > MAX_TAG_VALUE_BYTES {
            self.error(SyntaxErrorKind::TagTooLong, start, len);
        } else if named {
            self.out.tags.push(tag);
            self.refresh_cap();
            return Step::Read(end);
        }
        self.st.spare.push(tag);
        self.refresh_cap();
        Step::Read(end)
    }

    /// Whether the tag at `start` repeats a name of the game's tag section, which starts the
    /// next game ([`Step::EndBefore`]), or its name may go on past the buffer. The name as
    /// the boundary rule reads it: the first run of bytes after the `[` and its padding that
    /// are no whitespace, `]` or `"`.
    fn repeated_name(&mut self, start: usize) -> Option<Step> {
        let after = self.input.buf.get(start + 1..).unwrap_or_default();
        let padding = after.iter().take_while(|&&b| is_space(b) && !is_break(b));
        let name = &after[padding.count()..];
        let mut bytes = name.iter().take(MAX_TAG_NAME_BYTES + 1);
        match bytes.position(|&b| is_space(b) || b == b']' || b == b'"') {
            None if !self.input.eof && name.len() <= MAX_TAG_NAME_BYTES => Some(Step::More),
            Some(len @ 1..=MAX_TAG_NAME_BYTES) if self.st.names.repeated(&name[..len]) => {
                Some(Step::EndBefore)
            }
            _ => None,
        }
    }

    fn setup(&mut self) -> Step {
        let start = self.i;
        let keep = self.keeping();
        let errors = self.out.errors.len();
        let (command, end) = read_setup(
            self.input.buf,
            start,
            self.input.base_at(start),
            &mut self.out.errors,
        );
        if self.input.open_ended(end) {
            self.out.errors.truncate(errors);
            return Step::More;
        }
        self.st.movetext = true;
        if !keep {
            self.out.errors.truncate(errors);
        } else if end - start > MAX_TAG_VALUE_BYTES {
            self.error(SyntaxErrorKind::TagTooLong, start, end - start);
        } else {
            self.push(TokenKind::Setup(Box::new(command)), start, end);
            self.refresh_cap();
        }
        Step::Read(end)
    }

    /// Strength marks written apart from the last move (`c3-d4 !`, `c3-d4(!?)`) join it, its
    /// token then ending at index `end`; false (and nothing changed) if the last token is no
    /// move without marks.
    fn mark_last_move(&mut self, marks: Marks, parenthesized: bool, end: usize) -> bool {
        let end = self.input.at(end);
        match self.out.tokens.last_mut() {
            Some(Token {
                kind: TokenKind::Move(mv),
                offset,
                len,
            }) if mv.strength.is_none() => {
                mv.strength = Some(Strength {
                    marks,
                    parenthesized,
                });
                *len = clamp_len(end.saturating_sub(*offset) as usize);
                true
            }
            _ => false,
        }
    }

    fn open(&mut self) -> Step {
        let start = self.i;
        self.st.movetext = true;
        // `(!?)` right after a move is its strength, not a variation.
        let after = self.input.buf.get(start + 1..).unwrap_or_default();
        let count = after
            .iter()
            .take_while(|&&b| b == b'!' || b == b'?')
            .count();
        if self.input.open_ended(start + 1 + count) {
            return Step::More;
        }
        let end = start + count + 2;
        if after.get(count) == Some(&b')')
            && let Some(marks) = after.get(..count).and_then(Marks::new)
            && !self.st.stopped
            && self.mark_last_move(marks, true, end)
        {
            return Step::Read(end);
        }
        if self.st.depth == 0 {
            self.st.outer_open = self.input.at(start);
        }
        self.st.depth += 1;
        if self.keeping() {
            self.push(TokenKind::VariationStart, start, start + 1);
        }
        Step::Read(start + 1)
    }

    fn close(&mut self) -> Step {
        let start = self.i;
        if self.st.depth == 0 {
            return self.unknown(start, start + 1, SyntaxErrorKind::UnmatchedVariationEnd);
        }
        self.st.movetext = true;
        self.st.depth -= 1;
        if self.keeping() {
            self.push(TokenKind::VariationEnd, start, start + 1);
        }
        Step::Read(start + 1)
    }

    /// A move number at the top level: whether it starts the next game (else the highest
    /// number seen is raised).
    #[inline(always)]
    fn number_starts_game(&mut self, number: u32) -> bool {
        if self.st.move_one_starts_game(number) {
            return true;
        }
        if self.st.depth == 0 {
            self.st.max_number = self.st.max_number.max(number);
        }
        false
    }

    fn word(&mut self) -> Step {
        let start = self.i;
        if !self.st.stopped
            && let Some(step) = self.quick_words(start)
        {
            return step;
        }
        let buf = self.input.buf;
        let end = word_end(buf, start + 1);
        if self.input.open_ended(end) {
            return Step::More;
        }
        if end - start > MAX_TOKEN_BYTES {
            return self.unknown(start, end, SyntaxErrorKind::TokenTooLong);
        }
        let word = buf.get(start..end).unwrap_or_default();
        let first = word.first().copied().unwrap_or_default();
        // A move number is no result (results have no `.`): looked for first, as the
        // commoner.
        let number = match first {
            b'0'..=b'9' => move_number(word).ok(),
            _ => None,
        };
        if number.is_none()
            && GameResult::may_start(first)
            && let Ok((_, result)) = game_result(word)
        {
            self.st.movetext = true;
            if self.keeping() {
                self.push(TokenKind::Result(result), start, end);
            }
            return match self.st.depth {
                0 => Step::EndAfter(end),
                _ => Step::Read(end),
            };
        }
        if let Some((_, (n, _))) = number
            && self.number_starts_game(n)
        {
            return Step::EndBefore;
        }
        self.st.movetext = true;
        if !self.keeping() {
            return Step::Read(end);
        }
        let mut at = start;
        if let Some((rest, (number, dots))) = number {
            at = end - rest.len();
            let black = dots >= 2;
            self.push(TokenKind::MoveNumber { number, black }, start, at);
            if dots != 1 && dots != 3 {
                self.error(SyntaxErrorKind::OddMoveNumberDots, start, at - start);
            }
        } else if let Some(number) = bare_number(word) {
            at = end;
            let black = false;
            self.push(TokenKind::MoveNumber { number, black }, start, end);
            self.error(SyntaxErrorKind::MoveNumberWithoutDot, start, end - start);
        }
        let rest = buf.get(at..end).unwrap_or_default();
        match rest {
            [] => {}
            _ if rest.iter().all(|&b| b == b'.') || rest == "…".as_bytes() => {
                self.ellipsis(at, end);
            }
            _ if rest.iter().all(|&b| b == b'!' || b == b'?') => self.spaced_strength(at, end),
            [b'$', ..] => self.nags(at, end),
            _ => self.written_move(at, end),
        }
        Step::Read(end)
    }

    /// The commonest words, move numbers (also glued to a plain move: `1.e3-f4`) and plain
    /// moves, read by quick readers from `at`, one after another while one space parts them:
    /// where the last ends. `None` (and nothing read) if the first is no such word.
    #[inline(always)]
    fn quick_words(&mut self, mut at: usize) -> Option<Step> {
        let mut end = None;
        while self.out.tokens.len() < self.st.token_cap
            && let Some(quick) = self.quick_word(at)
        {
            let used = match quick {
                Quick::Number(number, black, used, glued) => {
                    let mut glued_move = None;
                    if glued {
                        let Some(mv) = self.glued_move(at, at + used) else {
                            break;
                        };
                        glued_move = Some(mv);
                    }
                    if self.number_starts_game(number) {
                        return Some(end.map_or(Step::EndBefore, Step::Read));
                    }
                    self.push(TokenKind::MoveNumber { number, black }, at, at + used);
                    used + glued_move.map_or(0, |mv| self.quick_move(at + used, mv))
                }
                Quick::Move(mv) => self.quick_move(at, mv),
            };
            self.st.movetext = true;
            self.st.breaks = 0;
            at += used;
            end = Some(at);
            match self.input.buf.get(at..at + 2) {
                Some(&[b' ', _]) => at += 1,
                _ => break,
            }
        }
        end.map(Step::Read)
    }

    /// A move number (with the plain move glued to it, if any) or a plain move at `at`, read
    /// by the grammar's word readers (whole words only, as the general reading would read
    /// them); `None` for anything else.
    #[inline(always)]
    fn quick_word(&self, at: usize) -> Option<Quick> {
        let rest = self.input.buf.get(at..).unwrap_or_default();
        let eof = self.input.eof;
        let first = *rest.first()?;
        if !first.is_ascii_digit() {
            column_of(first)?;
            return move_word(rest, eof).map(Quick::Move);
        }
        if let Some((number, black, used)) = move_number_word(rest, eof) {
            return Some(Quick::Number(number, black, used, false));
        }
        if let Some(mv) = move_word(rest, eof) {
            return Some(Quick::Move(mv));
        }
        // Glued to what follows: a plain move, if `glued_move` reads one there.
        let (after, (number, dots)) = move_number(rest).ok()?;
        let used = rest.len() - after.len();
        (dots == 1 || dots == 3).then_some(Quick::Number(number, dots == 3, used, true))
    }

    /// The plain move at `at` glued to the move number at `number_at`, read as the word it
    /// would be if spaced, if the two make a word short enough.
    #[inline(always)]
    fn glued_move(&self, number_at: usize, at: usize) -> Option<QuickMove> {
        let rest = self.input.buf.get(at..).unwrap_or_default();
        let mv = move_word(rest, self.input.eof)?;
        (at - number_at + mv.0 <= MAX_TOKEN_BYTES).then_some(mv)
    }

    /// Pushes a plain move read by a quick reader at `at`: the bytes it used.
    #[inline(always)]
    fn quick_move(&mut self, at: usize, (used, squares, separator): QuickMove) -> usize {
        let mv = WrittenMove {
            text_len: used as u16, // at most MAX_TOKEN_BYTES
            shape: MoveShape::Squares {
                squares,
                capture: separator.is_capture(),
            },
            separator,
            strength: None,
        };
        // Not stopped (the quick readers read only then): no check.
        self.out.tokens.push(Token {
            kind: TokenKind::Move(mv),
            offset: self.input.at(at),
            len: used as u32,
        });
        self.counted_move();
        used
    }

    /// `...` after a White move number makes it a Black move number.
    fn ellipsis(&mut self, at: usize, end: usize) {
        let end_offset = self.input.at(end);
        match self.out.tokens.last_mut() {
            Some(Token {
                kind: TokenKind::MoveNumber { black, .. },
                offset,
                len,
            }) if !*black => {
                *black = true;
                *len = clamp_len(end_offset.saturating_sub(*offset) as usize);
            }
            _ => self.error(SyntaxErrorKind::StrayEllipsis, at, end - at),
        }
    }

    fn spaced_strength(&mut self, at: usize, end: usize) {
        let marks = self.input.buf.get(at..end).and_then(Marks::new);
        if marks.is_some_and(|marks| self.mark_last_move(marks, false, end)) {
            self.error(SyntaxErrorKind::SpacedStrength, at, end - at);
        } else {
            self.unknown(at, end, SyntaxErrorKind::UnknownToken);
        }
    }

    /// One or more NAGs glued together (`$1$3`).
    fn nags(&mut self, mut at: usize, end: usize) {
        while at < end {
            let rest = self.input.buf.get(at..end).unwrap_or_default();
            let Ok((after, n)) = nag(rest) else {
                let kind = match rest.first() {
                    Some(b'$') => SyntaxErrorKind::BadNag,
                    _ => SyntaxErrorKind::UnknownToken,
                };
                self.unknown(at, end, kind);
                return;
            };
            self.push(TokenKind::Nag(n), at, end - after.len());
            at = end - after.len();
        }
    }

    /// A move with glued strength marks and NAGs; anything else makes the rest unknown.
    fn written_move(&mut self, at: usize, end: usize) {
        let rest = self.input.buf.get(at..end).unwrap_or_default();
        let Some((after, mv)) = game_move(rest).ok().filter(|(after, _)| only_nags(after)) else {
            self.unknown(at, end, SyntaxErrorKind::UnknownToken);
            return;
        };
        let move_end = end - after.len();
        let text_end = at + usize::from(mv.text_len);
        match mv.separator {
            Separator::None if matches!(mv.shape, MoveShape::Squares { .. }) => {
                self.error(SyntaxErrorKind::OmittedSeparator, at, text_end - at);
            }
            Separator::Mixed => {
                self.error(SyntaxErrorKind::MixedSeparators, at, text_end - at);
            }
            _ => {}
        }
        if mv.strength.as_ref().is_some_and(|s| s.marks.contains('*')) {
            self.error(
                SyntaxErrorKind::AsteriskStrength,
                text_end,
                move_end - text_end,
            );
        }
        self.push(TokenKind::Move(mv), at, move_end);
        self.counted_move();
        if move_end < end {
            self.nags(move_end, end);
        }
    }
}

/// A word read by a quick reader.
enum Quick {
    /// A move number, Black's, its length, and whether something is glued to it.
    Number(u32, bool, usize, bool),
    Move(QuickMove),
}

/// A plain move: its length, squares and separator.
type QuickMove = (usize, Squares, Separator);

/// What reading one construct did.
enum Step {
    /// A construct of the game ended at this index.
    Read(usize),
    /// A comment ended at this index.
    Comment(usize),
    /// The construct may go on past the buffer.
    More,
    /// The game ends before the construct (which starts the next one).
    EndBefore,
    /// The game ends after the construct, at this index (a result).
    EndAfter(usize),
    /// The tag's value is left out from this index on (see [`hole_at`]).
    Hole(usize),
}

/// Value bytes a tag keeps before a hole: enough for a value past the limit however
/// escaped (`\\` is one byte).
const KEPT_BEFORE_HOLE: usize = 2 * (MAX_TAG_VALUE_BYTES + 1);

/// Whether byte `b` ends a hole: a hole holds none of the bytes that tell where a tag, its
/// name or its value end, so that the tag without it reads as the same construct.
pub(crate) fn ends_hole(b: u8) -> bool {
    matches!(b, b'"' | b'\\' | b']' | b'\n' | b'\r')
}

/// Where a hole may start in the tag `text` (from its `[`: the tag, or the line read so far
/// when it may go on): the first index past [`KEPT_BEFORE_HOLE`] bytes after its first `"`
/// that starts a character, with a byte other than a space before it, if no byte that
/// [`ends_hole`] comes first. `None` if the tag may end before it (a `]` or a line break),
/// or if there is no such index yet. The hole runs from there up to the next byte that
/// [`ends_hole`]: what it leaves out is a run of value bytes between two that are kept, so
/// the tag reads as the same tag, its value still past the limit (the same findings). A
/// tag read without its hole has none (its next byte ends one).
fn hole_at(text: &[u8]) -> Option<usize> {
    let quote = memchr::memchr(b'"', text)?;
    let from = quote + 1 + KEPT_BEFORE_HOLE;
    let before = text.get(..from)?;
    if memchr::memchr3(b']', b'\n', b'\r', before).is_some() || ends_hole(before[from - 1]) {
        return None;
    }
    for at in from..text.len() {
        let (last, next) = (text[at - 1], text[at]);
        if ends_hole(next) {
            return None;
        }
        if !is_space(last) && (next & 0xC0) != 0x80 {
            return Some(at);
        }
    }
    None
}

/// The tag `text` (all of it) as the reader holds it: without the hole it would leave out
/// of it ([`hole_at`]).
pub(crate) fn tag_as_held(text: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    let Some(at) = hole_at(text) else {
        return std::borrow::Cow::Borrowed(text);
    };
    let rest = &text[at..];
    let end = at
        + rest
            .iter()
            .position(|&b| ends_hole(b))
            .unwrap_or(rest.len());
    std::borrow::Cow::Owned([&text[..at], &text[end..]].concat())
}

/// Whether `tail` is nothing but NAGs (`$1$3`), or nothing.
fn only_nags(mut tail: &[u8]) -> bool {
    while let Ok((rest, _)) = nag(tail) {
        tail = rest;
    }
    tail.is_empty()
}

/// The last place in `buf` at or after `from` where a game most likely starts, cheap to find
/// without reading what comes before it: at the start of a line whose last non-blank line
/// before it (whole in `buf`) does not start with `[`, a `[` (most likely the first tag of a
/// game after the moves of another) or, after a blank line, the move number 1 (a game
/// without tags). Where the input is cut there to be read by several scanners, the one that
/// reads up to the cut says whether a game does start there ([`ScanState::starts_game`]).
pub(crate) fn proposed_cut(buf: &[u8], from: usize) -> Option<(usize, Opening)> {
    let from = from.max(1);
    let mut end = buf.len();
    while let Some(i) = buf
        .get(from..end)
        .and_then(|b| memchr::memrchr2(b'[', b'1', b))
    {
        let at = from + i;
        if is_break(buf[at - 1]) && after_other_line(buf, at - 1) {
            if buf[at] == b'[' {
                return Some((at, Opening::Tag));
            }
            let word = word_end(buf, at);
            if word < buf.len()
                && word - at <= MAX_TOKEN_BYTES
                && matches!(move_number(&buf[at..word]), Ok((_, (1, _))))
                && after_blank_line(buf, at - 1)
            {
                return Some((at, Opening::MoveOne));
            }
        }
        end = at;
    }
    None
}

/// Where the line ends that the line break at `buf[brk]` ends (`\r\n` is one break).
fn line_ending_at(buf: &[u8], brk: usize) -> usize {
    if buf[brk] == b'\n' && brk > 0 && buf[brk - 1] == b'\r' {
        brk - 1
    } else {
        brk
    }
}

/// Whether the line before the line break at `buf[brk]` is empty.
fn after_blank_line(buf: &[u8], brk: usize) -> bool {
    let line_end = line_ending_at(buf, brk);
    line_end.checked_sub(1).is_some_and(|i| is_break(buf[i]))
}

/// Whether the last non-blank line before the line break at `buf[brk]` is whole in `buf` and
/// does not start with `[`.
fn after_other_line(buf: &[u8], mut brk: usize) -> bool {
    loop {
        let line_end = line_ending_at(buf, brk);
        let Some(start) = memchr::memrchr2(b'\n', b'\r', &buf[..line_end]).map(|i| i + 1) else {
            return false; // the line may begin before `buf`
        };
        if start < line_end {
            return buf[start] != b'[';
        }
        brk = start - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hole_starts_past_the_kept_bytes_after_a_value_byte() {
        let k = KEPT_BEFORE_HOLE;
        // `[E "` then the value: the hole may start 4 + k bytes in.
        let at = |value: String| hole_at(format!("[E \"{value}").as_bytes());
        let x = |n: usize| "x".repeat(n);
        assert_eq!(at(x(k) + "yy"), Some(4 + k));
        assert_eq!(at(x(k)), None); // not yet: nothing read after the kept bytes
        // Not after a space, nor inside a character, nor before a byte that ends a hole.
        assert_eq!(at(x(k - 1) + " yy"), Some(5 + k));
        assert_eq!(at(x(k - 1) + "жy"), Some(5 + k));
        // A byte that ends a hole first: none (a tag read without its hole has none).
        assert_eq!(at(x(k) + "\"yy"), None);
        assert_eq!(
            &*tag_as_held(format!("[E \"{}yy\"]", x(k)).as_bytes()),
            format!("[E \"{}\"]", x(k)).as_bytes()
        );
        // None where the tag may end before it.
        assert_eq!(at("]".to_string() + &x(k) + "yy"), None);
        assert_eq!(at(x(k) + "]yy"), None);
        assert_eq!(at(x(k - 1) + "\nyy"), None);
    }

    #[test]
    fn proposed_cuts_are_tag_lines_after_other_lines_and_move_one_after_a_blank_line() {
        let text = b"[A \"1\"]\n\n[B \"2\"]\n1. c3-d4 *\n\n[C \"3\"]\n[D \"4\"]\n";
        let at = |s: &str| text.windows(s.len()).position(|w| w == s.as_bytes());
        let tag = |i: Option<usize>| i.map(|i| (i, Opening::Tag));
        assert_eq!(proposed_cut(text, 0), tag(at("[C")));
        assert_eq!(proposed_cut(text, at("[D").unwrap()), None);
        assert_eq!(proposed_cut(b"\nx\r\r\n\r[y", 0), tag(Some(6)));
        assert_eq!(proposed_cut(b"\n[y", 0), None); // the line before is not whole
        let one = |i| Some((i, Opening::MoveOne));
        assert_eq!(proposed_cut(b"\nx\n\n1. y", 0), one(4));
        assert_eq!(proposed_cut(b"\nx\r\n\r\n1...y 11. z", 0), one(6));
        assert_eq!(proposed_cut(b"\nx\n\n1.c3-d4 ", 0), one(4));
        // not after a blank line, not number 1, the word not whole
        assert_eq!(proposed_cut(b"\nx\n1. y", 0), None);
        assert_eq!(proposed_cut(b"\nx\n\n11. y", 0), None);
        assert_eq!(proposed_cut(b"\nx\n\n1.", 0), None);
    }
}
