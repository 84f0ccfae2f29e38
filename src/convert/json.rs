//! A game as a JSON object (`pdnkit convert --to json|jsonl`; documented in `docs/json.md`).
//!
//! Squares are alphanumeric (`c3`) everywhere except in each move's `numeric` text, which
//! uses the numbering in force for the game (the corner digit of an `N` GameType, else N2:
//! square 1 = b8). FENs are alphanumeric.

use super::{captured_in_order, move_text, needs_full_path, numbering};
use crate::diagnostic::Diagnostic;
use crate::fen::{FenNotation, write_fen};
use crate::pdn::gametype::GameTypeTag;
use crate::validate::{GameReport, PlayedMove};
use serde_json::{Map, Value, json};

/// The object of one game: tags, game type, start FEN, every replayed move, result and
/// diagnostics.
pub fn game_json(file: &str, report: &GameReport) -> Value {
    let mut tags = Map::new();
    for (name, value) in &report.tags {
        tags.insert(name.clone(), Value::String(value.clone()));
    }
    let first = report
        .start
        .map_or(crate::position::Color::White, |p| p.turn);
    let moves: Vec<Value> = report
        .moves
        .iter()
        .enumerate()
        .map(|(i, played)| move_json(report, played, i, first))
        .collect();
    json!({
        "type": "game",
        "file": file,
        "game": report.index,
        "line": report.line,
        "valid": report.valid(),
        "plies": report.plies(),
        "tags": tags,
        "game_type": game_type_json(report),
        "start_fen": report.start.map(|p| write_fen(&p, FenNotation::Alpha)),
        "moves": moves,
        "result": {
            "declared": report.declared.map(|r| r.text()),
            "termination": report.termination.map(|t| t.name()),
            "rule_ply": report.rule_end.map(|(_, ply)| ply),
        },
        "diagnostics": report.diagnostics.iter().map(diagnostic_json).collect::<Vec<_>>(),
    })
}

/// A diagnostic as `validate --format jsonl` writes it.
pub fn diagnostic_json(d: &Diagnostic) -> Value {
    json!({
        "severity": d.severity.name(),
        "code": d.code,
        "message": d.message,
        "line": d.line,
        "column": d.column,
        "ply": d.ply,
    })
}

fn move_json(report: &GameReport, played: &PlayedMove, index: usize, first: crate::Color) -> Value {
    let mv = &played.mv;
    let g = played.before.geometry();
    let full = needs_full_path(mv, &played.before);
    let name = |bit: u8| Value::String(g.square_name(bit).to_string());
    let (number, side) = numbering(first, index);
    json!({
        "ply": index + 1,
        "number": number,
        "side": if side == crate::Color::White { "white" } else { "black" },
        "written": played.written,
        "alpha": move_text(mv, g, None, full),
        "numeric": move_text(mv, g, Some(report.corner), full),
        "from": name(mv.from),
        "to": name(mv.to),
        "path": mv.landings().iter().map(|&b| name(b)).collect::<Vec<_>>(),
        "captured": captured_in_order(mv, &played.before)
            .into_iter()
            .map(name)
            .collect::<Vec<_>>(),
        "promotion": mv.promotes,
        "fen_after": write_fen(&played.after, FenNotation::Alpha),
    })
}

/// The six fields of the GameType in force. For a known game type, fields the tag leaves
/// out are those of the variant's full form (`41,W,10,8,A0,0`), except that a game written
/// in numeric squares gets `N` and its numbering corner. For an unsupported game type, the
/// fields as written (null where absent); null if the GameType tag cannot be read.
fn game_type_json(report: &GameReport) -> Value {
    let Some(variant) = report.variant else {
        let tag = report
            .tags
            .iter()
            .find(|(name, _)| name == "GameType")
            .and_then(|(_, value)| GameTypeTag::parse(value.as_bytes()).ok());
        return match tag {
            Some(t) => json!({
                "number": t.number,
                "start_color": t.start_color.map(String::from),
                "width": t.width,
                "height": t.height,
                "notation": t.notation.map(|(kind, _)| String::from(kind)),
                "corner": t.notation.map(|(_, corner)| corner),
                "invert": t.invert,
            }),
            None => Value::Null,
        };
    };
    let t = report.game_type;
    let g = variant.geometry();
    let (kind, corner) = t.notation.unwrap_or(if report.numeric {
        ('N', report.corner.digit())
    } else {
        ('A', 0)
    });
    json!({
        "number": t.number,
        "start_color": String::from(t.start_color.unwrap_or('W')),
        "width": t.width.unwrap_or(g.width),
        "height": t.height.unwrap_or(g.height),
        "notation": String::from(kind),
        "corner": corner,
        "invert": t.invert.unwrap_or(0),
    })
}
