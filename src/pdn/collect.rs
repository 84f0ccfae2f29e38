//! The visitor that gathers a whole game: [`Collector`] hands each game's [`ParsedGame`]
//! (tags, tokens with their offsets, findings), with the game's bytes, to a function. For
//! work that needs a game at once, such as replaying it: it takes the game as the scanner
//! gathers it ([`Visitor::WHOLE_GAME`]), in memory reused from game to game.

use super::lexer::{ParsedGame, RawGame};
use super::visitor::Visitor;

/// Gathers each game, then calls `finish` with it.
pub struct Collector<F> {
    finish: F,
}

impl<T, F: FnMut(&RawGame, &ParsedGame) -> T> Collector<F> {
    /// A collector that hands each whole game to `finish`.
    pub fn new(finish: F) -> Collector<F> {
        Collector { finish }
    }
}

impl<T, F: FnMut(&RawGame, &ParsedGame) -> T> Visitor for Collector<F> {
    type Output = T;

    const WHOLE_GAME: bool = true;

    fn whole_game(&mut self, game: &RawGame<'_>, read: &ParsedGame) -> T {
        (self.finish)(game, read)
    }

    /// Not called by the scanner (it hands out whole games): an empty game.
    fn end_game(&mut self, game: &RawGame<'_>) -> T {
        (self.finish)(game, &ParsedGame::default())
    }
}
