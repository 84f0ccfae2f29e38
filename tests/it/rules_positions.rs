//! Hand-worked positions (`fixtures/positions.txt`): for each, the exact list of legal
//! moves worked out on paper, one position or more per rule of docs/rules.md.

use pdnkit::{Corner, Move, Paths, Position, Variant, legal_moves, parse_fen};

struct Case {
    id: String,
    position: Position,
    moves: Vec<String>,
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for block in include_str!("../../fixtures/positions.txt").split("\n\n") {
        let field = |name: &str| {
            block
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .map(str::trim)
                .unwrap_or_else(|| panic!("block without {name}: {block}"))
        };
        if !block.contains("id:") {
            continue;
        }
        let variant = Variant::from_game_type(field("game-type:").parse().unwrap()).unwrap();
        let position = parse_fen(field("fen:"), variant, Corner::TopLeft).expect("FEN");
        let mut moves: Vec<String> = field("moves:")
            .split_whitespace()
            .map(String::from)
            .collect();
        moves.sort();
        out.push(Case {
            id: field("id:").to_string(),
            position,
            moves,
        });
    }
    out
}

/// The file's notation: steps `c3-d4`, captures with the full path (the smallest one in
/// string order when several paths make the same move), `+K` for a promotion.
fn notation(mv: &Move, paths: &[Move], pos: &Position) -> String {
    let g = pos.geometry();
    let mut text = paths
        .iter()
        .filter(|p| p.same_move(mv))
        .map(|p| p.to_alpha(g, true))
        .min()
        .expect("a move has a path");
    if mv.promotes {
        text.push_str("+K");
    }
    text
}

#[test]
fn every_hand_worked_position_has_exactly_its_listed_moves() {
    let cases = cases();
    assert!(cases.len() >= 25, "only {} positions", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let (mut distinct, mut paths) = (Vec::new(), Vec::new());
        legal_moves(&case.position, Paths::Distinct, &mut distinct);
        legal_moves(&case.position, Paths::Landings, &mut paths);
        let mut got: Vec<String> = distinct
            .iter()
            .map(|m| notation(m, &paths, &case.position))
            .collect();
        got.sort();
        if got != case.moves {
            failures.push(format!(
                "{}:\n  expected {:?}\n  got      {:?}",
                case.id, case.moves, got
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
