//! The board as text: columns lettered, rows numbered (White at the bottom), men `w`/`b`,
//! kings `W`/`B` (draughts symbols on a terminal), light squares blank, empty dark squares
//! `.`, the last move's from and to squares in brackets.

use super::Scene;
use crate::rules::position::Color;
use crate::text::escape::text;
use std::fmt::Write;

const COLUMNS: &[u8] = b"abcdefghij";

/// The character for what stands on a dark square.
fn glyph(piece: Option<crate::Piece>, unicode: bool) -> char {
    match (piece.map(|p| (p.color, p.king)), unicode) {
        (None, false) => '.',
        (None, true) => '·',
        (Some((Color::White, false)), false) => 'w',
        (Some((Color::White, true)), false) => 'W',
        (Some((Color::Black, false)), false) => 'b',
        (Some((Color::Black, true)), false) => 'B',
        (Some((Color::White, false)), true) => '⛀',
        (Some((Color::White, true)), true) => '⛁',
        (Some((Color::Black, false)), true) => '⛂',
        (Some((Color::Black, true)), true) => '⛃',
    }
}

/// The header line, the board and the lines below it (without the FEN).
pub fn render(scene: &Scene, unicode: bool) -> String {
    let pos = &scene.position;
    let g = pos.geometry();
    let mut out = String::new();
    let _ = write!(out, "{}, game {}", text(&scene.file), scene.game);
    if let Some(players) = &scene.players {
        let _ = write!(out, " ({})", text(players));
    }
    if scene.ply == 0 {
        let _ = writeln!(out, ", start position (ply 0 of {})", scene.plies);
    } else {
        let _ = writeln!(out, ", after ply {} of {}", scene.ply, scene.plies);
    }
    let mut letters = String::from("   ");
    for &c in &COLUMNS[..g.width as usize] {
        let _ = write!(letters, " {} ", c as char);
    }
    let letters = letters.trim_end().to_string();
    let border = format!("  +{}+", "-".repeat(3 * g.width as usize));
    let marked = |bit: u8| {
        scene
            .last
            .is_some_and(|(mv, _)| mv.from == bit || mv.to == bit)
    };
    let _ = writeln!(out, "{letters}\n{border}");
    for row in (0..g.height).rev() {
        let _ = write!(out, "{} |", row + 1);
        for column in 0..g.width {
            match g.bit_at(column, row) {
                None => out.push_str("   "),
                Some(bit) => {
                    let (open, close) = if marked(bit) { ('[', ']') } else { (' ', ' ') };
                    out.push(open);
                    out.push(glyph(pos.piece_at(bit), unicode));
                    out.push(close);
                }
            }
        }
        let _ = writeln!(out, "| {}", row + 1);
    }
    let _ = writeln!(out, "{border}\n{letters}");
    match (&scene.last, &scene.last_label) {
        (Some((mv, _)), Some(label)) => {
            let _ = writeln!(
                out,
                "last move: {}, from {} to {} (marked [ ])",
                text(label),
                g.square_name(mv.from),
                g.square_name(mv.to)
            );
        }
        _ => out.push_str("last move: none\n"),
    }
    let _ = writeln!(out, "{} to move", pos.turn.name());
    out
}
