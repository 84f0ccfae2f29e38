//! The scanner: reads a PDN stream game by game and tells each game to a [`Visitor`]
//! (see [`super::visitor`] for the order of the calls). Resumable: [`Scanner::read_game`]
//! reads one game and returns what the visitor made of it, so a caller may stop after any
//! game and go on later. Memory is bounded as the reader's (see [`super::reader`]).
//!
//! Game boundaries, resynchronisation after damage, offsets, lines and columns, limits and
//! leniencies are those of [`GameReader`] and the lexer (listed in [`super`]); the scanner
//! hands their reading out as events.

use super::error::SyntaxError;
use super::lexer::{ParsedGame, Token, TokenKind};
use super::reader::{GameReader, Opening, RawGame};
use super::tag::Tag;
use super::visitor::{GameStart, Skip, Span, Visitor};
use std::io::{self, BufRead};
use std::iter::Peekable;
use std::slice::Iter;

/// Reads games from a byte stream and tells them to visitors.
pub struct Scanner<R> {
    games: GameReader<R>,
    /// The game being told (reused: no allocation per game in the common case).
    parsed: ParsedGame,
}

impl<R: BufRead> Scanner<R> {
    pub fn new(inner: R) -> Scanner<R> {
        Scanner::over(GameReader::new(inner))
    }

    fn over(games: GameReader<R>) -> Scanner<R> {
        Scanner {
            games,
            parsed: ParsedGame::default(),
        }
    }

    /// Reads the next game into `visitor`: what its [`Visitor::end_game`] returned, or `None`
    /// at the end of the input. Only I/O errors are errors: any bytes make games.
    pub fn read_game<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<Option<V::Output>> {
        let Some(raw) = self.games.next_game_parsed(&mut self.parsed)? else {
            return Ok(None);
        };
        if V::WHOLE_GAME {
            return Ok(Some(visitor.whole_game(&raw, &self.parsed)));
        }
        Ok(Some(tell(&raw, &self.parsed, visitor)))
    }

    /// Number of games read so far.
    pub fn games_read(&self) -> usize {
        self.games.games_read()
    }

    /// Capacity of the internal buffer (bounded by the largest game plus one read).
    pub fn buffer_capacity(&self) -> usize {
        self.games.buffer_capacity()
    }

    pub fn into_inner(self) -> R {
        self.games.into_inner()
    }

    /// A scanner of the input from `offset` on, fed block by block (see
    /// [`GameReader::starting_at`]): how parallel validation reads one block.
    pub(crate) fn starting_at(
        inner: R,
        offset: u64,
        breaks: u64,
        piece: usize,
        input_end: Option<u64>,
    ) -> Scanner<R> {
        Scanner::over(GameReader::starting_at(
            inner, offset, breaks, piece, input_end,
        ))
    }

    /// Paused where `opening` at the start of a line would certainly start a game: a cut
    /// point where another scanner may start (see [`GameReader::paused_before_game`]).
    pub(crate) fn paused_before_game(&self, opening: Opening) -> bool {
        self.games.paused_before_game(opening)
    }

    /// The next block is in the input (`input_end`: it is the last, ending there).
    pub(crate) fn more(&mut self, input_end: Option<u64>) {
        self.games.more(input_end);
    }

    /// Ends the input at the pause (after [`Self::paused_before_game`]).
    pub(crate) fn end_at_pause(&mut self) {
        self.games.end_at_pause();
    }

    pub(crate) fn get_mut(&mut self) -> &mut R {
        self.games.get_mut()
    }
}

/// What the visitor is reading: the movetext (or not), and skipped variations.
struct Telling {
    movetext_begun: bool,
    skip_movetext: bool,
    /// Depth inside the outermost skipped variation (0: none skipped).
    skipped_depth: u64,
}

/// Tells one read game to `visitor`.
fn tell<V: Visitor>(raw: &RawGame, parsed: &ParsedGame, visitor: &mut V) -> V::Output {
    let start = GameStart {
        offset: raw.offset,
        line: raw.line,
        column: raw.column,
        index: raw.index,
    };
    if visitor.begin_game(&start) == Skip(true) {
        return visitor.end_game(raw);
    }
    let mut findings = parsed.errors.iter().peekable();
    let mut tags = parsed.tags.iter().peekable();
    let mut telling = Telling {
        movetext_begun: false,
        skip_movetext: false,
        skipped_depth: 0,
    };
    // Commonly no findings, and every tag before the first token: told without comparing.
    let first = parsed.tokens.first().map_or(u64::MAX, |t| t.offset);
    let plain = parsed.errors.is_empty() && parsed.tags.last().is_none_or(|t| t.offset < first);
    if plain {
        tell_before(first, raw, &mut findings, &mut tags, visitor);
    }
    for token in &parsed.tokens {
        if !plain {
            tell_before(token.offset, raw, &mut findings, &mut tags, visitor);
        }
        if !telling.movetext_begun {
            telling.movetext_begun = true;
            telling.skip_movetext = visitor.begin_movetext(token.offset) == Skip(true);
        }
        if !telling.skip_movetext {
            tell_token(raw, token, &mut telling, visitor);
        }
    }
    tell_before(u64::MAX, raw, &mut findings, &mut tags, visitor);
    if !telling.movetext_begun {
        visitor.begin_movetext(raw.end_offset());
    }
    visitor.end_game(raw)
}

/// Tells the findings and tags at or before `limit` (a token's offset), in order of offset,
/// a finding before a tag at the same offset.
fn tell_before<'g, V: Visitor>(
    limit: u64,
    raw: &RawGame,
    findings: &mut Peekable<Iter<'g, SyntaxError>>,
    tags: &mut Peekable<Iter<'g, Tag>>,
    visitor: &mut V,
) {
    loop {
        let finding = findings.peek().map(|f| f.offset).filter(|&at| at <= limit);
        let tag = tags.peek().map(|t| t.offset).filter(|&at| at <= limit);
        match (finding, tag) {
            (Some(f), t) if t.is_none_or(|t| f <= t) => {
                if let Some(finding) = findings.next() {
                    visitor.finding(finding);
                }
            }
            (_, Some(_)) => {
                if let Some(tag) = tags.next() {
                    visitor.tag(tag, span(raw, tag.offset, tag.len));
                }
            }
            _ => return,
        }
    }
}

fn tell_token<V: Visitor>(raw: &RawGame, token: &Token, telling: &mut Telling, visitor: &mut V) {
    if telling.skipped_depth > 0 {
        match token.kind {
            TokenKind::VariationStart => telling.skipped_depth += 1,
            TokenKind::VariationEnd => telling.skipped_depth -= 1,
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
                telling.skipped_depth = 1;
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
    let from = usize::try_from(offset.saturating_sub(raw.offset)).unwrap_or(usize::MAX);
    let to = from.saturating_add(len as usize);
    Span {
        offset,
        text: raw.bytes.get(from..to).unwrap_or_default(),
    }
}
