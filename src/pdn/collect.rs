//! The visitor that gathers a whole game: [`Collector`] hands each game's [`ParsedGame`]
//! (tags, tokens with their offsets, findings), with the game's bytes, to a function. For
//! work that needs a game at once, such as replaying it. By default it takes the game as the
//! scanner gathers it ([`Visitor::WHOLE_GAME`]); [`Collector::from_events`] builds it from the
//! scanner's events instead (the same game, more slowly: it shows what the events carry).

use super::error::SyntaxError;
use super::lexer::{CommentStyle, ParsedGame, RawGame, Token, TokenKind};
use super::movetext::WrittenMove;
use super::result::GameResult;
use super::setup::SetupCommand;
use super::tag::Tag;
use super::visitor::{GameStart, Skip, Span, Visitor};

/// Gathers each game, then calls `finish` with it. `WHOLE`: the game as the scanner gathers
/// it; else built from the events into a reused [`ParsedGame`].
pub struct Collector<F, const WHOLE: bool = true> {
    game: ParsedGame,
    finish: F,
}

impl<T, F: FnMut(&RawGame, &ParsedGame) -> T> Collector<F> {
    /// A collector that hands each whole game to `finish`.
    pub fn new(finish: F) -> Collector<F> {
        Collector {
            game: ParsedGame::default(),
            finish,
        }
    }

    /// A collector that builds each game from the scanner's events.
    pub fn from_events(finish: F) -> Collector<F, false> {
        Collector {
            game: ParsedGame::default(),
            finish,
        }
    }
}

impl<T, F: FnMut(&RawGame, &ParsedGame) -> T, const WHOLE: bool> Collector<F, WHOLE> {
    fn push(&mut self, kind: TokenKind, span: Span<'_>) {
        self.game.tokens.push(Token {
            kind,
            offset: span.offset,
            len: u32::try_from(span.text.len()).unwrap_or(u32::MAX),
        });
    }
}

impl<T, F: FnMut(&RawGame, &ParsedGame) -> T, const WHOLE: bool> Visitor for Collector<F, WHOLE> {
    type Output = T;

    const WHOLE_GAME: bool = WHOLE;

    fn whole_game(&mut self, game: &RawGame<'_>, read: &ParsedGame) -> T {
        (self.finish)(game, read)
    }

    fn begin_game(&mut self, _start: &GameStart) -> Skip {
        self.game.clear();
        Skip(false)
    }

    fn tag(&mut self, tag: &Tag, _span: Span<'_>) {
        let at = (tag.offset, tag.len);
        self.game
            .push_tag(tag.name.as_bytes(), &tag.value, at, tag.value_offset);
    }

    fn move_number(&mut self, number: u32, black: bool, span: Span<'_>) {
        self.push(TokenKind::MoveNumber { number, black }, span);
    }

    fn written_move(&mut self, mv: &WrittenMove, span: Span<'_>) {
        self.push(TokenKind::Move(mv.clone()), span);
    }

    fn nag(&mut self, nag: u16, span: Span<'_>) {
        self.push(TokenKind::Nag(nag), span);
    }

    fn comment(&mut self, style: CommentStyle, _body: &[u8], span: Span<'_>) {
        self.push(TokenKind::Comment(style), span);
    }

    fn setup(&mut self, command: &SetupCommand, span: Span<'_>) {
        self.push(TokenKind::Setup(Box::new(command.clone())), span);
    }

    fn begin_variation(&mut self, span: Span<'_>) -> Skip {
        self.push(TokenKind::VariationStart, span);
        Skip(false)
    }

    fn end_variation(&mut self, span: Span<'_>) {
        self.push(TokenKind::VariationEnd, span);
    }

    fn result(&mut self, result: GameResult, span: Span<'_>) {
        self.push(TokenKind::Result(result), span);
    }

    fn unreadable(&mut self, span: Span<'_>) {
        self.push(TokenKind::Unknown, span);
    }

    fn finding(&mut self, finding: &SyntaxError) {
        self.game.errors.push(*finding);
    }

    fn end_game(&mut self, game: &RawGame<'_>) -> T {
        (self.finish)(game, &self.game)
    }
}
