//! Conversion of validated games ([`crate::validate::GameReport`]s) into other forms: JSON
//! objects ([`json`]) and canonical PDN 3.0 text ([`pdn`], its movetext by [`movetext`] in
//! [`lines`]).
//!
//! JSON works from the replayed main line, so an invalid game is converted up to its first
//! error; canonical PDN keeps the rest as written. This module holds what they share: the
//! canonical text of a move (start and end squares only, unless another legal move of the
//! position shares them) and the squares a capture takes, in the order it takes them.

pub mod json;
pub mod lines;
pub mod movetext;
pub mod pdn;

pub use json::{GameHead, JsonOptions, game_json, write_game_json, write_game_json_with};
pub use pdn::{
    Canonical, Captures, FixedResult, GameText, Notation, PdnOptions, ResultStyle, Strip,
    comments_between, write_game,
};

use crate::geometry::Geometry;
pub use crate::movegen::captured_in_order;
use crate::movegen::{Between, captures_between_on, has_capture, on_board, step_move};
use crate::moves::{MAX_JUMPS, Move};
use crate::position::{Color, Position};
use crate::square::Corner;

/// Whether `mv` must be written with its full path in `before`: another legal move (one
/// that leaves a different position) starts and ends on the same squares. Without a capture
/// in the position every legal move is a step, and one step at most joins two squares
/// ([`step_move`]); with one, every legal move is a capture, and those between the squares
/// are the captures of the piece on `mv.from` that end on `mv.to`.
pub fn needs_full_path(mv: &Move, before: &Position) -> bool {
    if !has_capture(before) {
        return step_move(before, mv.from, mv.to).is_some_and(|o| !o.same_move(mv));
    }
    let mut landings = [0; MAX_JUMPS];
    let between = on_board!(before.variant, B => {
        captures_between_on::<B>(before, mv.from, mv.to, &mut landings)
    });
    match between {
        Between::None => false,
        Between::One(only) => !only.to_move(&landings).same_move(mv),
        Between::Several => true,
    }
}

/// The text of `mv`: alphanumeric, or numeric in the numbering starting at `corner`.
pub fn move_text(mv: &Move, g: &Geometry, numeric: Option<Corner>, full: bool) -> String {
    match numeric {
        Some(corner) => mv.to_numeric(g, corner, full),
        None => mv.to_alpha(g, full),
    }
}

/// Move number and side of the `index`-th move (from 0) of a game whose first move is
/// made by `first`; games are numbered from 1 whatever their FEN.
pub fn numbering(first: Color, index: usize) -> (u32, Color) {
    let shifted = index as u32 + u32::from(first == Color::Black);
    let side = if shifted.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    (1 + shifted / 2, side)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen;
    use crate::movegen::{Paths, legal_moves};
    use crate::variant::Variant;

    fn find(pos: &Position, text: &str) -> Move {
        let mut legal = Vec::new();
        legal_moves(pos, Paths::Landings, &mut legal);
        *legal
            .iter()
            .find(|m| m.to_alpha(pos.geometry(), true) == text)
            .unwrap_or_else(|| panic!("{text} is not legal"))
    }

    #[test]
    fn captures_are_listed_in_the_order_they_are_taken() {
        // A white king on a1 takes c3 first, then the piece on the diagonal to the right.
        let pos = parse_fen("W:WKa1:Bc3,e5,g5", Variant::Spantsiretti, Corner::TopLeft).unwrap();
        let mut legal = Vec::new();
        legal_moves(&pos, Paths::Landings, &mut legal);
        for mv in &legal {
            let order = captured_in_order(mv, &pos);
            assert_eq!(order.len(), mv.captured.count_ones() as usize);
            let first = pos.geometry().square_name(order[0]).to_string();
            assert_eq!(first, "c3", "{}", mv.to_alpha(pos.geometry(), true));
        }
    }

    #[test]
    fn man_capture_order_follows_the_path() {
        let pos = parse_fen("W:Wc1:Bd2,f4,f6", Variant::Spantsiretti, Corner::TopLeft).unwrap();
        let mv = find(&pos, "c1:e3:g5:e7");
        let names: Vec<String> = captured_in_order(&mv, &pos)
            .into_iter()
            .map(|b| pos.geometry().square_name(b).to_string())
            .collect();
        assert_eq!(names, ["d2", "f4", "f6"]);
    }

    /// The definition: list every legal move and look for another one with the same ends.
    fn needs_full_path_by_definition(mv: &Move, before: &Position) -> bool {
        let mut legal = Vec::new();
        legal_moves(before, Paths::Distinct, &mut legal);
        mv.shares_ends(&legal)
    }

    #[test]
    fn full_path_shortcut_agrees_with_the_definition() {
        use crate::game::Game;
        use crate::random::Rng;
        let mut rng = Rng::new(7);
        let mut full_paths = 0;
        for variant in Variant::ALL {
            for _ in 0..40 {
                let mut game = Game::new(Position::start(variant));
                let mut legal = Vec::new();
                for _ in 0..120 {
                    legal.clear();
                    legal_moves(game.position(), Paths::Landings, &mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    let pos = *game.position();
                    let g = pos.geometry();
                    // Every legal move, its captures altered (the other promotion flag, a
                    // piece fewer), and steps and single jumps that are not (any two
                    // squares).
                    let mut probes = legal.clone();
                    for mv in &legal {
                        if mv.is_capture() {
                            let landings = mv.landings();
                            probes.push(Move::capture(
                                mv.from,
                                landings,
                                mv.captured,
                                !mv.promotes,
                            ));
                            let fewer = mv.captured & (mv.captured - 1);
                            if fewer != 0 {
                                probes.push(Move::capture(mv.from, landings, fewer, mv.promotes));
                            }
                        }
                    }
                    for _ in 0..8 {
                        let squares: Vec<u8> = crate::geometry::bits(g.squares).collect();
                        let from = squares[rng.below(squares.len())];
                        let to = squares[rng.below(squares.len())];
                        probes.push(Move::step(from, to, rng.below(2) == 0));
                        let victim = squares[rng.below(squares.len())];
                        probes.push(Move::capture(from, &[to], 1 << victim, false));
                    }
                    for mv in &probes {
                        let fast = needs_full_path(mv, &pos);
                        assert_eq!(fast, needs_full_path_by_definition(mv, &pos));
                        full_paths += usize::from(fast);
                    }
                    game.play(&legal[rng.below(legal.len())]);
                    if game.outcome().is_some() {
                        break;
                    }
                }
            }
        }
        assert!(full_paths > 0, "some probe needs its full path");
    }

    #[test]
    fn numbering_from_either_side() {
        assert_eq!(numbering(Color::White, 0), (1, Color::White));
        assert_eq!(numbering(Color::White, 1), (1, Color::Black));
        assert_eq!(numbering(Color::White, 2), (2, Color::White));
        assert_eq!(numbering(Color::Black, 0), (1, Color::Black));
        assert_eq!(numbering(Color::Black, 1), (2, Color::White));
        assert_eq!(numbering(Color::Black, 2), (2, Color::Black));
    }
}
