//! Lexer and parser of one game's bytes: tags, and the movetext as a flat list of tokens with
//! absolute byte offsets. Syntax only: no board, no legality.
//!
//! Variations are flat `VariationStart`/`VariationEnd` markers and the lexer is a loop, so
//! nesting depth costs no stack. Every finding is a [`SyntaxError`] with an offset; the lexer
//! never stops early, and never panics on any bytes.
//!
//! Speed: [`parse_game_into`] reads a game into a reused [`ParsedGame`], so a stream is read
//! without allocating per game, and a move allocates nothing in the common case (see
//! [`WrittenMove`]); the commonest tokens, a plain move and a move number, are read in one
//! pass without finding the end of their word first; the game is checked as UTF-8 once.
//!
//! Leniencies (warnings unless noted; see also [`super::tag`] and [`super::movetext`]):
//! - move numbers glued to moves `1.e3-d4`, `12.32-28`, `1...d6-c5` (not reported);
//! - `1. ... d6-c5` read as `1... d6-c5`; a `...` anywhere else is ignored (warning);
//! - move numbers without a dot `1 c3-d4`, or with 2 or 4+ dots;
//! - strength marks after a space `c3-d4 !`, and `(!?)` right after a move (not reported),
//!   up to [`super::movetext::MAX_MARKS`] of them;
//! - `*` as a strength mark glued to a move `c3-d4*` (a lone `*` is a result);
//! - NAGs glued to moves `c3-d4$1`;
//! - `%` line comments anywhere a token may start, `;` line comments anywhere;
//! - a `{` comment with no `}` after it ends at the end of its line (an error);
//! - results inside variations are kept as tokens.

use super::ascii::{is_delimiter, is_space, word_end};
use super::error::{SyntaxError, SyntaxErrorKind};
use super::grammar::{
    bare_number, column_of, game_move, game_result, move_number, move_number_word, move_word, nag,
    read_comment, read_line_comment, read_setup, read_tag,
};
use super::limits::{
    MAX_COMMENT_BYTES, MAX_GAME_BYTES, MAX_MOVES, MAX_TAG_NAME_BYTES, MAX_TAG_VALUE_BYTES,
    MAX_TOKEN_BYTES, MAX_TOKENS, MAX_VARIATION_DEPTH,
};
use super::movetext::{Marks, MoveShape, Separator, Squares, Strength, WrittenMove};
use super::reader::RawGame;
use super::result::GameResult;
use super::setup::SetupCommand;
use super::tag::Tag;
use std::fmt;

/// How a comment was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommentStyle {
    /// `{...}`, possibly spanning lines.
    Braces,
    /// `% ...` to the end of the line.
    Percent,
    /// `; ...` to the end of the line.
    Semicolon,
}

/// What a token is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// `12.` (`black: false`) or `12...` (`black: true`).
    MoveNumber {
        number: u32,
        black: bool,
    },
    /// A move, held inline (see [`WrittenMove`]: no allocation in the common case).
    Move(WrittenMove),
    /// `$3`
    Nag(u16),
    Comment(CommentStyle),
    VariationStart,
    VariationEnd,
    Result(GameResult),
    /// `/FEN "..."/`
    Setup(Box<SetupCommand>),
    /// Unreadable text (always with a [`SyntaxErrorKind::UnknownToken`] or similar error).
    Unknown,
}

/// One token: kind, absolute byte offset and length in bytes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Token {
    pub kind: TokenKind,
    pub offset: u64,
    pub len: u32,
}

impl Token {
    /// A move read by a quick reader: `used` bytes of squares and one kind of separator, no
    /// marks, at absolute offset `offset`.
    #[inline(always)]
    pub(crate) fn quick_move(
        offset: u64,
        used: usize,
        squares: Squares,
        separator: Separator,
    ) -> Token {
        Token {
            kind: TokenKind::Move(WrittenMove {
                text_len: used as u16, // at most MAX_TOKEN_BYTES
                shape: MoveShape::Squares {
                    squares,
                    capture: separator.is_capture(),
                },
                separator,
                strength: None,
            }),
            offset,
            len: clamp_len(used),
        }
    }

    /// The bytes of the token as written, from the game it was read from.
    pub fn text<'a>(&self, raw: &RawGame<'a>) -> &'a [u8] {
        let from = usize::try_from(self.offset.saturating_sub(raw.offset)).unwrap_or(usize::MAX);
        let to = from.saturating_add(self.len as usize);
        raw.bytes.get(from..to).unwrap_or_default()
    }

    /// The text of a comment without its delimiters; `None` for other tokens.
    pub fn comment_text<'a>(&self, raw: &RawGame<'a>) -> Option<&'a [u8]> {
        let TokenKind::Comment(style) = self.kind else {
            return None;
        };
        let text = self.text(raw);
        let body = text.get(1..).unwrap_or_default();
        Some(match style {
            CommentStyle::Braces => body.strip_suffix(b"}").unwrap_or(body),
            CommentStyle::Percent | CommentStyle::Semicolon => body,
        })
    }
}

/// One game, read. Reading another game into the same value with [`parse_game_into`]
/// reuses its vectors and tag buffers, so a stream is read without allocating per game.
#[derive(Clone, Default)]
pub struct ParsedGame {
    pub tags: Vec<Tag>,
    pub tokens: Vec<Token>,
    pub errors: Vec<SyntaxError>,
    /// Tags of an earlier game, kept for their buffers (not part of the game).
    pub(crate) spare: Vec<Tag>,
}

/// What a syntax check (nothing replayed) takes from a game's tokens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SyntaxSummary {
    /// Some move writes numeric squares.
    pub numeric: bool,
    /// Offset of the first `(` nested deeper than [`MAX_VARIATION_DEPTH`] (as the line
    /// builder counts: the first variation it skips).
    pub too_deep: Option<u64>,
}

/// Tag buffers larger than this are not kept for the next game.
const SPARE_LIMIT: usize = 1024;

impl PartialEq for ParsedGame {
    fn eq(&self, other: &Self) -> bool {
        self.tags == other.tags && self.tokens == other.tokens && self.errors == other.errors
    }
}

impl Eq for ParsedGame {}

impl fmt::Debug for ParsedGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ParsedGame")
            .field("tags", &self.tags)
            .field("tokens", &self.tokens)
            .field("errors", &self.errors)
            .finish()
    }
}

impl ParsedGame {
    /// The first tag with this name (names compare exactly).
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }

    /// The first result at the top level (outside variations).
    pub fn result(&self) -> Option<(GameResult, &Token)> {
        let mut depth = 0u64;
        for token in &self.tokens {
            match &token.kind {
                TokenKind::VariationStart => depth += 1,
                TokenKind::VariationEnd => depth = depth.saturating_sub(1),
                TokenKind::Result(r) if depth == 0 => return Some((*r, token)),
                _ => {}
            }
        }
        None
    }

    /// Whether any finding has `Error` severity.
    pub fn has_errors(&self) -> bool {
        self.errors
            .iter()
            .any(|e| e.severity() == super::error::Severity::Error)
    }

    /// Whether the rest of the game was skipped at a limit (see [`super::limits`]): what was
    /// read is not the whole game, so it has no result or end to check.
    pub fn cut_short(&self) -> bool {
        use SyntaxErrorKind::{GameTooLong, TooManyMoves, TooManyTokens};
        self.errors
            .iter()
            .any(|e| matches!(e.kind, GameTooLong | TooManyMoves | TooManyTokens))
    }

    /// What a syntax check takes from the tokens.
    pub fn syntax_summary(&self) -> SyntaxSummary {
        let mut summary = SyntaxSummary::default();
        let mut depth = 0usize;
        for token in &self.tokens {
            match &token.kind {
                TokenKind::Move(written) => summary.numeric |= written.is_numeric(),
                TokenKind::VariationStart => {
                    depth += 1;
                    if depth > MAX_VARIATION_DEPTH && summary.too_deep.is_none() {
                        summary.too_deep = Some(token.offset);
                    }
                }
                TokenKind::VariationEnd => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        summary
    }

    /// Empties the game, keeping the allocations for the next one.
    pub fn clear(&mut self) {
        let keep = |t: &Tag| t.name.capacity() + t.value.capacity() <= SPARE_LIMIT;
        if self.spare.is_empty() {
            // The common case (every spare tag was used): no tag moves. Last first, so that
            // the next game, which mostly has the same tags in the same order, pops its tags'
            // buffers in order (see `push_tag`).
            std::mem::swap(&mut self.tags, &mut self.spare);
            self.spare.reverse();
        } else {
            self.spare.append(&mut self.tags);
        }
        self.spare.retain(keep);
        self.tokens.clear();
        self.errors.clear();
    }

    /// Adds a tag read elsewhere (by the splitter's fast path), reusing an earlier buffer,
    /// one with the same name if there is one (games mostly repeat their tag names). False
    /// (and nothing added) if the name is not UTF-8.
    pub(crate) fn push_tag(
        &mut self,
        name: &[u8],
        value: &[u8],
        (offset, len): (u64, u32),
        value_offset: u64,
    ) -> bool {
        let same = match self.spare.last() {
            Some(last) if last.name.as_bytes() == name => Some(self.spare.len() - 1),
            _ => self.spare.iter().rposition(|t| t.name.as_bytes() == name),
        };
        let mut tag = match same {
            Some(i) => self.spare.swap_remove(i),
            None => {
                let Ok(name) = std::str::from_utf8(name) else {
                    return false;
                };
                let mut tag = self.fresh_tag();
                tag.name.clear();
                tag.name.push_str(name);
                tag
            }
        };
        tag.value.clear();
        tag.value.extend_from_slice(value);
        (tag.offset, tag.value_offset, tag.len) = (offset, value_offset, len);
        self.tags.push(tag);
        true
    }

    /// A tag to fill in: the buffers of an earlier game's tag when there is one.
    pub(crate) fn fresh_tag(&mut self) -> Tag {
        self.spare.pop().unwrap_or_default()
    }
}

/// Reads one game (as handed out by [`super::reader::GameReader`]).
pub fn parse_game(raw: &RawGame) -> ParsedGame {
    parse_bytes(raw.bytes, raw.offset)
}

/// Reads one game into `out`, replacing what it held (and reusing its memory).
pub fn parse_game_into(raw: &RawGame, out: &mut ParsedGame) {
    parse_bytes_into(raw.bytes, raw.offset, out);
}

/// Reads one game's bytes whose first byte is at absolute offset `base`.
pub fn parse_bytes(input: &[u8], base: u64) -> ParsedGame {
    let mut out = ParsedGame::default();
    parse_bytes_into(input, base, &mut out);
    out
}

/// Like [`parse_bytes`], into `out` (cleared first, its memory reused).
pub fn parse_bytes_into(input: &[u8], base: u64, out: &mut ParsedGame) {
    out.clear();
    if input.len() > MAX_GAME_BYTES {
        // The reader hands out only the first bytes of a game this long: nothing is read.
        out.errors.push(SyntaxError {
            kind: SyntaxErrorKind::GameTooLong,
            offset: base,
            len: 1,
        });
        return;
    }
    let mut lexer = Lexer {
        input,
        text: std::str::from_utf8(input).ok(),
        base,
        pos: 0,
        out,
        depth: 0,
        outer_open: 0,
        movetext: false,
        ended: false,
        no_brace_from: None,
        moves: 0,
        over_moves: None,
        stopped: false,
        token_cap: MAX_TOKENS,
    };
    lexer.run();
}

struct Lexer<'a> {
    input: &'a [u8],
    /// The input as text when it is UTF-8 (checked once for the whole game, so that the
    /// text of moves and tag names need no check of their own).
    text: Option<&'a str>,
    base: u64,
    pos: usize,
    out: &'a mut ParsedGame,
    depth: u64,
    /// Index of the outermost `(` still open.
    outer_open: usize,
    movetext: bool,
    /// A result was read at the top level.
    ended: bool,
    /// No `}` at or after this index.
    no_brace_from: Option<usize>,
    /// Moves read so far, and the index in the tokens of the first one past [`MAX_MOVES`].
    moves: usize,
    over_moves: Option<usize>,
    /// The rest of the game was skipped at a limit.
    stopped: bool,
    /// [`Self::near_limit`] once the tokens reach this many: [`MAX_TOKENS`] less the tags
    /// and findings (which only the slower readers add, each refreshing it), or 0 past
    /// [`MAX_MOVES`].
    token_cap: usize,
}

fn clamp_len(len: usize) -> u32 {
    u32::try_from(len).unwrap_or(u32::MAX)
}

impl Lexer<'_> {
    fn run(&mut self) {
        self.refresh_cap();
        // Where the quick readers last found nothing (not to be tried there twice).
        let mut not_quick = usize::MAX;
        while let Some(&b) = self.input.get(self.pos) {
            if is_space(b) {
                self.pos += 1;
                continue;
            }
            if self.near_limit() && self.at_limit() {
                break;
            }
            // The commonest tokens first, each read in one go: a move number, a plain move;
            // then the next ones while they are such (each quick reader skips a space after
            // its token).
            if !self.ended && self.pos != not_quick && self.quick_token(b) {
                self.movetext = true;
                while let Some(&b) = self.input.get(self.pos) {
                    if self.near_limit() {
                        break;
                    }
                    if !self.quick_token(b) {
                        not_quick = self.pos;
                        break;
                    }
                }
                continue;
            }
            match b {
                b'{' => self.brace_comment(),
                b';' => self.line_comment(CommentStyle::Semicolon),
                b'%' => self.line_comment(CommentStyle::Percent),
                b'[' => self.tag(),
                _ => {
                    self.movetext_token();
                    match b {
                        b'(' => self.open(),
                        b')' => self.close(),
                        b'/' => self.setup(),
                        b']' | b'}' => {
                            self.unknown(self.pos, self.pos + 1, SyntaxErrorKind::UnknownToken);
                            self.pos += 1;
                        }
                        _ => self.word(),
                    }
                }
            }
            self.refresh_cap();
        }
        if self.over_moves.is_some() {
            self.at_limit(); // the last move was one too many
        }
        if self.depth > 0 && !self.stopped {
            let kind = SyntaxErrorKind::UnclosedVariation { count: self.depth };
            self.error(kind, self.outer_open, 1);
        }
    }

    /// A move number or a plain move at [`Self::pos`], whose first byte is `b`, read by a
    /// quick reader; false (and nothing read) for anything else.
    #[inline(always)]
    fn quick_token(&mut self, b: u8) -> bool {
        let at = self.pos;
        match b {
            b'0'..=b'9' => self.quick_number(at) || self.quick_move(at),
            _ if column_of(b).is_some() => self.quick_move(at),
            _ => false,
        }
    }

    /// The cheap test before [`Self::at_limit`], once per token: true whenever the limits
    /// are reached (see [`Self::token_cap`]).
    #[inline(always)]
    fn near_limit(&self) -> bool {
        self.out.tokens.len() >= self.token_cap
    }

    /// Sets [`Self::token_cap`] after tags or findings were added.
    fn refresh_cap(&mut self) {
        let out = &*self.out;
        self.token_cap = if self.over_moves.is_some() {
            0
        } else {
            MAX_TOKENS.saturating_sub(out.tags.len() + out.errors.len())
        };
    }

    /// Whether the game reached [`MAX_MOVES`] or [`MAX_TOKENS`]: then the rest is skipped
    /// (a move past the limit is dropped) and an error says so, once.
    #[cold]
    #[inline(never)]
    fn at_limit(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let out = &mut *self.out;
        let (kind, offset) = if let Some(first) = self.over_moves {
            let offset = out.tokens.get(first).map_or(self.base, |t| t.offset);
            out.tokens.truncate(first);
            (SyntaxErrorKind::TooManyMoves, offset)
        } else if out.tokens.len() + out.tags.len() + out.errors.len() >= MAX_TOKENS {
            (SyntaxErrorKind::TooManyTokens, self.base + self.pos as u64)
        } else {
            return false;
        };
        out.errors.push(SyntaxError {
            kind,
            offset,
            len: 1,
        });
        self.stopped = true;
        self.pos = self.input.len();
        true
    }

    /// A move token was just pushed.
    fn counted_move(&mut self) {
        self.moves += 1;
        if self.moves > MAX_MOVES && self.over_moves.is_none() {
            self.over_moves = Some(self.out.tokens.len().saturating_sub(1));
            self.token_cap = 0;
        }
    }

    fn error(&mut self, kind: SyntaxErrorKind, at: usize, len: usize) {
        self.out.errors.push(SyntaxError {
            kind,
            offset: self.base + at as u64,
            len: clamp_len(len),
        });
    }

    fn push(&mut self, kind: TokenKind, from: usize, to: usize) {
        self.out.tokens.push(Token {
            kind,
            offset: self.base + from as u64,
            len: clamp_len(to.saturating_sub(from)),
        });
    }

    fn unknown(&mut self, from: usize, to: usize, kind: SyntaxErrorKind) {
        self.push(TokenKind::Unknown, from, to);
        self.error(kind, from, to.saturating_sub(from));
    }

    /// A token other than a tag or comment starts here.
    fn movetext_token(&mut self) {
        if self.ended && self.depth == 0 {
            self.ended = false;
            let starts_word = self.input.get(self.pos).is_some_and(|&b| !is_delimiter(b));
            let end = if starts_word {
                word_end(self.input, self.pos + 1)
            } else {
                self.pos + 1
            };
            self.error(SyntaxErrorKind::TokenAfterResult, self.pos, end - self.pos);
        }
        self.movetext = true;
    }

    fn brace_comment(&mut self) {
        let start = self.pos;
        let no_brace_after = self.no_brace_from.is_some_and(|from| start >= from);
        let errors = &mut self.out.errors;
        let (end, closed) = read_comment(self.input, start, self.base, no_brace_after, errors);
        if !closed {
            self.no_brace_from = Some(start);
        }
        self.comment(CommentStyle::Braces, start, end);
    }

    fn line_comment(&mut self, style: CommentStyle) {
        let start = self.pos;
        let end = read_line_comment(self.input, start);
        self.comment(style, start, end);
    }

    /// A comment from `start` to `end`: kept unless longer than [`MAX_COMMENT_BYTES`].
    fn comment(&mut self, style: CommentStyle, start: usize, end: usize) {
        if end - start > MAX_COMMENT_BYTES {
            self.error(SyntaxErrorKind::CommentTooLong, start, end - start);
        } else {
            self.push(TokenKind::Comment(style), start, end);
        }
        self.pos = end;
    }

    fn tag(&mut self) {
        let start = self.pos;
        let mut tag = self.out.fresh_tag();
        let (input, text, base) = (self.input, self.text, self.base);
        let (named, end, name_len) =
            read_tag(input, text, start, base, &mut self.out.errors, &mut tag);
        tag.len = clamp_len(end - start);
        if self.movetext {
            self.error(SyntaxErrorKind::TagAfterMovetext, start, end - start);
        }
        if name_len > MAX_TAG_NAME_BYTES || tag.value.len() > MAX_TAG_VALUE_BYTES {
            self.error(SyntaxErrorKind::TagTooLong, start, end - start);
        } else if named {
            self.out.tags.push(tag);
        } else {
            self.out.spare.push(tag);
        }
        self.pos = end;
    }

    fn setup(&mut self) {
        let start = self.pos;
        let (command, end) = read_setup(self.input, start, self.base, &mut self.out.errors);
        if end - start > MAX_TAG_VALUE_BYTES {
            self.error(SyntaxErrorKind::TagTooLong, start, end - start);
        } else {
            self.push(TokenKind::Setup(Box::new(command)), start, end);
        }
        self.pos = end;
    }

    /// The last token, if it is a move without strength marks.
    fn bare_last_move(&mut self) -> Option<&mut Token> {
        self.out.tokens.last_mut().filter(|t| match &t.kind {
            TokenKind::Move(mv) => mv.strength.is_none(),
            _ => false,
        })
    }

    fn open(&mut self) {
        let start = self.pos;
        // `(!?)` right after a move is its strength, not a variation.
        let after = self.input.get(start + 1..).unwrap_or_default();
        let count = after
            .iter()
            .take_while(|&&b| b == b'!' || b == b'?')
            .count();
        let marks = after.get(..count).and_then(Marks::new);
        if let (Some(marks), Some(b')')) = (marks, after.get(count)) {
            let end = start + count + 2;
            let base = self.base;
            if let Some(token) = self.bare_last_move() {
                if let TokenKind::Move(mv) = &mut token.kind {
                    mv.strength = Some(Strength {
                        marks,
                        parenthesized: true,
                    });
                }
                token.len = clamp_len((base + end as u64).saturating_sub(token.offset) as usize);
                self.pos = end;
                return;
            }
        }
        if self.depth == 0 {
            self.outer_open = start;
        }
        self.depth += 1;
        self.push(TokenKind::VariationStart, start, start + 1);
        self.pos = start + 1;
    }

    fn close(&mut self) {
        let start = self.pos;
        self.pos += 1;
        if self.depth == 0 {
            self.unknown(start, start + 1, SyntaxErrorKind::UnmatchedVariationEnd);
        } else {
            self.depth -= 1;
            self.push(TokenKind::VariationEnd, start, start + 1);
        }
    }

    fn word(&mut self) {
        let start = self.pos;
        let first = self.input.get(start).copied().unwrap_or_default();
        let end = word_end(self.input, start + 1);
        if end - start > MAX_TOKEN_BYTES {
            self.pos = end;
            self.unknown(start, end, SyntaxErrorKind::TokenTooLong);
            return;
        }
        if column_of(first).is_some() {
            // A column letter: no result, move number, ellipsis, mark or NAG starts so.
            if self.quick_move(start) {
                return;
            }
            self.pos = end;
            self.written_move(start, end);
            return;
        }
        self.pos = end;
        let word = self.input.get(start..end).unwrap_or_default();
        // A move number is no result (results have no `.`): looked for first, as the
        // commoner.
        let number = match first {
            b'0'..=b'9' => move_number(word).ok(),
            _ => None,
        };
        let result = match (number, first) {
            (None, b) if GameResult::may_start(b) => game_result(word).ok().map(|(_, r)| r),
            _ => None,
        };
        if let Some(result) = result {
            self.push(TokenKind::Result(result), start, end);
            if self.depth == 0 {
                self.ended = true;
            }
            return;
        }
        let mut at = start;
        if let Some((rest, (number, dots))) = number {
            at = end - rest.len();
            self.push(
                TokenKind::MoveNumber {
                    number,
                    black: dots >= 2,
                },
                start,
                at,
            );
            if dots != 1 && dots != 3 {
                self.error(SyntaxErrorKind::OddMoveNumberDots, start, at - start);
            }
            if rest.is_empty() {
                return;
            }
        } else if let Some(number) = bare_number(word) {
            self.push(
                TokenKind::MoveNumber {
                    number,
                    black: false,
                },
                start,
                end,
            );
            self.error(SyntaxErrorKind::MoveNumberWithoutDot, start, end - start);
            return;
        }
        let rest = self.input.get(at..end).unwrap_or_default();
        if rest.is_empty() {
            return;
        }
        if rest.iter().all(|&b| b == b'.') || rest == "…".as_bytes() {
            self.ellipsis(at, end);
        } else if rest.iter().all(|&b| b == b'!' || b == b'?') {
            self.spaced_strength(at, end);
        } else if rest.first() == Some(&b'$') {
            self.nags(at, end);
        } else {
            self.written_move(at, end);
        }
    }

    /// `...` after a White move number makes it a Black move number.
    fn ellipsis(&mut self, at: usize, end: usize) {
        let base = self.base;
        let last = self
            .out
            .tokens
            .last_mut()
            .filter(|t| matches!(t.kind, TokenKind::MoveNumber { black: false, .. }));
        match last {
            Some(token) => {
                if let TokenKind::MoveNumber { black, .. } = &mut token.kind {
                    *black = true;
                }
                token.len = clamp_len((base + end as u64).saturating_sub(token.offset) as usize);
            }
            None => self.error(SyntaxErrorKind::StrayEllipsis, at, end - at),
        }
    }

    fn spaced_strength(&mut self, at: usize, end: usize) {
        let base = self.base;
        let marks = self.input.get(at..end).and_then(Marks::new);
        match (marks, self.bare_last_move()) {
            (Some(marks), Some(token)) => {
                if let TokenKind::Move(mv) = &mut token.kind {
                    mv.strength = Some(Strength {
                        marks,
                        parenthesized: false,
                    });
                }
                token.len = clamp_len((base + end as u64).saturating_sub(token.offset) as usize);
                self.error(SyntaxErrorKind::SpacedStrength, at, end - at);
            }
            _ => self.unknown(at, end, SyntaxErrorKind::UnknownToken),
        }
    }

    /// One or more NAGs glued together (`$1$3`).
    fn nags(&mut self, mut at: usize, end: usize) {
        while at < end {
            let rest = self.input.get(at..end).unwrap_or_default();
            match nag(rest) {
                Ok((after, n)) => {
                    let next = end - after.len();
                    self.push(TokenKind::Nag(n), at, next);
                    at = next;
                }
                Err(_) => {
                    let kind = if rest.first() == Some(&b'$') {
                        SyntaxErrorKind::BadNag
                    } else {
                        SyntaxErrorKind::UnknownToken
                    };
                    self.unknown(at, end, kind);
                    return;
                }
            }
        }
    }

    /// A plain move of `used` bytes at `start`, ending its word, read by a quick reader; a
    /// space after it is skipped too.
    #[inline(always)]
    fn push_quick_move(&mut self, start: usize, used: usize, squares: Squares, sep: Separator) {
        let end = start + used;
        let offset = self.base + start as u64;
        self.out
            .tokens
            .push(Token::quick_move(offset, used, squares, sep));
        self.counted_move();
        self.pos = end + usize::from(self.input.get(end) == Some(&b' '));
    }

    /// A whole word at `start` that is a plain move (see [`move_word`]), read without
    /// finding the end of the word first. False (and nothing read) for anything else.
    #[inline(always)]
    fn quick_move(&mut self, start: usize) -> bool {
        let rest = self.input.get(start..).unwrap_or_default();
        let Some((used, squares, separator)) = move_word(rest, true) else {
            return false; // strength marks or NAGs follow, another spelling, or too long
        };
        self.push_quick_move(start, used, squares, separator);
        true
    }

    /// A move number `12.` or `12...` as a whole word (see [`move_number_word`]), read in
    /// one go; a space after it is skipped too. False (and nothing read) for anything else.
    #[inline(always)]
    fn quick_number(&mut self, start: usize) -> bool {
        let rest = self.input.get(start..).unwrap_or_default();
        let Some((number, black, used)) = move_number_word(rest, true) else {
            return false; // a numeric move (`22-18`) most often
        };
        self.push(TokenKind::MoveNumber { number, black }, start, start + used);
        // Saves the main loop a round.
        self.pos = start + used + usize::from(rest.get(used) == Some(&b' '));
        true
    }

    /// A move with glued strength marks and NAGs; anything else makes the rest unknown.
    fn written_move(&mut self, at: usize, end: usize) {
        let rest = self.input.get(at..end).unwrap_or_default();
        let Ok((after, mv)) = game_move(rest) else {
            self.unknown(at, end, SyntaxErrorKind::UnknownToken);
            return;
        };
        let move_end = end - after.len();
        if !only_nags(after) {
            self.unknown(at, end, SyntaxErrorKind::UnknownToken);
            return;
        }
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

/// Whether `tail` is nothing but NAGs (`$1$3`), or nothing.
fn only_nags(mut tail: &[u8]) -> bool {
    while let Ok((rest, _)) = nag(tail) {
        tail = rest;
    }
    tail.is_empty()
}

/// A whole word that the lexer reads as a move with glued strength marks and NAGs
/// (`c3-d4!`, `22-18?!$3`) with no finding: the move and the length of its own part (the
/// NAGs fill the rest of the word). For the one-pass path, which reads such words too.
pub(crate) fn clean_marked_move(word: &[u8]) -> Option<(WrittenMove, usize)> {
    let (after, mv) = game_move(word).ok()?;
    let separator_ok = match mv.separator {
        Separator::None => !matches!(mv.shape, MoveShape::Squares { .. }),
        Separator::Mixed => false,
        _ => true,
    };
    let marks_ok = !mv.strength.as_ref().is_some_and(|s| s.marks.contains('*'));
    (separator_ok && marks_ok && only_nags(after)).then_some((mv, word.len() - after.len()))
}
