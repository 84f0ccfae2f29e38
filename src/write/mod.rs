//! Conversion of validated games ([`crate::GameReport`]s) into other forms: JSON objects
//! ([`game_json`], `json.rs`) and canonical PDN 3.0 text ([`write_game`], `pdn.rs`, written as
//! [`PdnOptions`] say from the game's [`GameText`], its movetext by `movetext.rs` in the
//! `lines.rs` of its layout).
//!
//! JSON works from the replayed main line, so an invalid game is converted up to its first
//! error; canonical PDN keeps the rest as written. The canonical text of a move is
//! `crate::notation::naming`'s.

pub(crate) mod as_written;
pub(crate) mod json;
mod lines;
mod movetext;
pub(crate) mod options;
pub(crate) mod pdn;
pub(crate) mod text;

pub use json::{GameObject, JsonOptions, game_json};
pub use options::{Captures, Notation, PdnOptions, ResultStyle, Strip};
pub(crate) use pdn::comments_between;
pub use pdn::{Canonical, FixedResult, write_game};
pub use text::GameText;

#[cfg(test)]
mod tests {
    use crate::notation::fen::parse_fen;
    use crate::rules::movegen::captured_in_order;
    use crate::rules::movegen::{Paths, legal_moves};
    use crate::rules::moves::Move;
    use crate::rules::position::Position;
    use crate::rules::square::Corner;
    use crate::rules::variant::Variant;

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
            .iter()
            .map(|&b| pos.geometry().square_name(b).to_string())
            .collect();
        assert_eq!(names, ["d2", "f4", "f6"]);
    }
}
