//! Conversion of validated games ([`GameReport`]s) into other forms: JSON objects
//! ([`json`]) and canonical PDN 3.0 text ([`pdn`]).
//!
//! Both work from the replayed main line, so an invalid game is converted up to its first
//! error. This module holds what they share: where the conversion stops, and the squares a
//! capture takes, in the order it takes them (moves and move numbers are written by
//! [`crate::notation`]).

pub mod json;
pub mod pdn;

pub use json::{GameHead, JsonOptions, game_json, write_game_json, write_game_json_with};
pub use pdn::{Captures, Notation, PdnOptions, ResultStyle, write_game};

use crate::diagnostic::{Diagnostic, code};
pub use crate::movegen::captured_in_order;
use crate::validate::GameReport;

/// Whether the conversion of the main line stops short of what was written: the replay
/// stopped at an error (or the game could not be set up), or unreadable text follows the
/// last move converted (the reader ends a line there).
pub fn cut_short(report: &GameReport) -> bool {
    report.termination.is_none() || unreadable_after_moves(report).is_some()
}

/// The error that cut the conversion short, if [`cut_short`]: the first error after the
/// last move converted, else the first error.
pub fn stop_reason(report: &GameReport) -> Option<&Diagnostic> {
    if !cut_short(report) {
        return None;
    }
    let last = report.moves.last().map(|m| m.offset);
    let mut errors = report.diagnostics.iter().filter(|d| d.is_error());
    let first = errors.clone().next();
    errors
        .find(|d| last.is_none_or(|at| d.offset > at))
        .or(first)
}

fn unreadable_after_moves(report: &GameReport) -> Option<&Diagnostic> {
    let last = report.moves.last().map(|m| m.offset);
    report
        .diagnostics
        .iter()
        .find(|d| d.is_error() && d.code() == code::SYNTAX && last.is_none_or(|at| d.offset > at))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen;
    use crate::movegen::{Paths, legal_moves};
    use crate::moves::Move;
    use crate::position::Position;
    use crate::square::Corner;
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
}
