//! The positions of a valid game as rows (`pdnkit positions`, documented in
//! `docs/positions.md`): one per ply of the main line, the start position (ply 0) and the
//! final one included, each with the move played from it and the game's result from the
//! side to move's view. The input engine authors and analysts build training and
//! opening-book data from.

use super::material::Material;
use crate::fen::{FenNotation, write_fen};
use crate::notation::canonical;
use crate::pdn::result::Verdict;
use crate::position::{Color, Position};
use crate::validate::{GameReport, PlayedMove};
use serde::Serialize;
use std::io::{self, Write};

/// One position of a game, as one JSON line.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PositionRow<'a> {
    #[serde(rename = "type")]
    /// Always `position`.
    pub kind: &'static str,
    /// The input, as the other commands name it.
    pub file: &'a str,
    /// Number of the game in its input, from 1.
    pub game: usize,
    /// Line of the game's first character.
    pub line: u32,
    /// 41 or 25.
    pub game_type: u8,
    /// Plies played before this position (0 = the start position).
    pub ply: u32,
    /// The position, alphanumeric.
    pub fen: String,
    /// `white` or `black`: the side to move.
    pub side: &'static str,
    /// The move played from this position (canonical alphanumeric and numeric); None at
    /// the final position.
    pub move_alpha: Option<String>,
    /// The same move in numeric squares.
    pub move_numeric: Option<String>,
    #[serde(flatten)]
    /// Men and kings of each side.
    pub material: Material,
    /// The game's declared result from the side to move's view: `win`, `draw`, `loss`;
    /// None when it is unknown (`*` or no result).
    pub result: Option<&'static str>,
    /// The same as a number: 1, 0.5, 0.
    pub score: Option<f64>,
}

/// What a declared result means for `side`: (`win`|`draw`|`loss`, score); None if unknown.
pub fn result_for(outcome: Option<Verdict>, side: Color) -> Option<(&'static str, f64)> {
    let winner = match outcome? {
        Verdict::WhiteWins => Color::White,
        Verdict::BlackWins => Color::Black,
        Verdict::Draw => return Some(("draw", 0.5)),
        Verdict::BothLose => return Some(("loss", 0.0)),
        Verdict::Unknown => return None,
    };
    Some(if winner == side {
        ("win", 1.0)
    } else {
        ("loss", 0.0)
    })
}

/// The positions of the replayed main line, ply 0 (the start) to the last, each with the
/// move played from it (None for the last).
pub fn main_line(
    report: &GameReport,
) -> impl Iterator<Item = (u32, Position, Option<&PlayedMove>)> {
    let start = report.start;
    (0..=report.moves.len()).filter_map(move |k| {
        let pos = match k {
            0 => start?,
            k => report.moves[k - 1].after,
        };
        Some((k as u32, pos, report.moves.get(k)))
    })
}

/// The rows of a valid game, every `every`-th ply (ply 0, `every`, `2 * every`, ...); none
/// for an invalid game (its replay stopped at the error).
pub fn rows<'a>(
    file: &'a str,
    report: &'a GameReport,
    every: u32,
) -> impl Iterator<Item = PositionRow<'a>> + 'a {
    let every = every.max(1);
    let valid = report.valid() && report.variant.is_some();
    let outcome = report.declared.map(|r| r.verdict());
    main_line(report)
        .filter(move |&(ply, _, _)| valid && ply % every == 0)
        .map(move |(ply, pos, played)| {
            let text = |numeric: bool| {
                played.map(|p| canonical(&p.mv, &p.before, numeric.then_some(report.corner)))
            };
            let result = result_for(outcome, pos.turn);
            PositionRow {
                kind: "position",
                file,
                game: report.index,
                line: report.line,
                game_type: pos.variant.game_type(),
                ply,
                fen: write_fen(&pos, FenNotation::Alpha),
                side: side_name(pos.turn),
                move_alpha: text(false),
                move_numeric: text(true),
                material: Material::of(&pos),
                result: result.map(|(word, _)| word),
                score: result.map(|(_, score)| score),
            }
        })
}

/// `white` or `black`.
pub fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Writes the rows of `report` as JSON lines; returns how many.
pub fn write_rows<W: Write>(
    mut out: W,
    file: &str,
    report: &GameReport,
    every: u32,
) -> io::Result<usize> {
    let mut written = 0;
    for row in rows(file, report, every) {
        crate::escape::write_json(&mut out, &row)?;
        out.write_all(b"\n")?;
        written += 1;
    }
    Ok(written)
}
