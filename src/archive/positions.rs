//! The positions of a valid game as rows (`pdnkit positions`, documented in
//! `docs/positions.md`): one per ply of the main line, the start position (ply 0) and the
//! final one included, each with the move played from it and the game's result from the
//! side to move's view. The input engine authors and analysts build training and
//! opening-book data from.

use super::material::Material;
use crate::check::{GameReport, PlayedMove};
use crate::notation::fen::{FenNotation, push_fen};
use crate::pdn::result::Verdict;
use crate::rules::Corner;
use crate::rules::position::{Color, Position};
use crate::text::escape::push_json_string;
use crate::write::json::push_number;
use std::io::{self, Write};

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

/// The move `played` as a position row names it, in alphanumeric notation (`move_alpha`)
/// and numeric (`move_numeric`, squares numbered from `corner`), each with its landing
/// squares where another legal move has the same start and end: into `alpha` and `numeric`,
/// emptied first.
pub fn move_texts(played: &PlayedMove, corner: Corner, alpha: &mut String, numeric: &mut String) {
    let full = played.full_path;
    let g = played.before.geometry();
    alpha.clear();
    played.mv.write_alpha(g, full, alpha);
    numeric.clear();
    played.mv.write_numeric(g, corner, full, numeric);
}

/// `white` or `black`.
pub fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Writes the rows of `report` as JSON lines, one per `every`-th ply (ply 0, `every`,
/// `2 * every`, ...); none for an invalid game (its replay stopped at the error). Returns how
/// many.
///
/// Each row is written straight into one buffer of the game (handed to `out` every 64 KiB and
/// at the end): the members that all rows of a game share are written once, the FEN from the
/// bitboards, the move texts through one scratch string.
pub fn write_rows<W: Write>(
    mut out: W,
    file: &str,
    report: &GameReport,
    every: u32,
) -> io::Result<usize> {
    const FLUSH: usize = 1 << 16;
    let every = every.max(1);
    if !report.valid() || report.variant.is_none() {
        return Ok(0);
    }
    let outcome = report.declared.map(|r| r.verdict());
    let mut head = Vec::with_capacity(64 + file.len());
    head.extend_from_slice(br#"{"type":"position","file":"#);
    push_json_string(&mut head, file);
    head.extend_from_slice(br#","game":"#);
    push_number(&mut head, report.index as u64);
    head.extend_from_slice(br#","line":"#);
    push_number(&mut head, u64::from(report.line));
    head.extend_from_slice(br#","game_type":"#);
    let rows = report.moves.len() / every as usize + 1;
    let mut buf = Vec::with_capacity(rows.min(FLUSH / 256) * 320);
    let (mut alpha, mut numeric) = (String::with_capacity(32), String::with_capacity(32));
    let mut written = 0;
    for (ply, pos, played) in main_line(report).filter(|&(ply, _, _)| ply % every == 0) {
        buf.extend_from_slice(&head);
        push_number(&mut buf, u64::from(pos.variant.game_type()));
        buf.extend_from_slice(br#","ply":"#);
        push_number(&mut buf, u64::from(ply));
        buf.extend_from_slice(br#","fen":""#);
        push_fen(&pos, FenNotation::Alpha, &mut buf);
        buf.extend_from_slice(br#"","side":""#);
        buf.extend_from_slice(side_name(pos.turn).as_bytes());
        buf.extend_from_slice(br#"","move_alpha":"#);
        match played {
            Some(p) => {
                move_texts(p, report.corner, &mut alpha, &mut numeric);
                push_quoted(&mut buf, &alpha);
                buf.extend_from_slice(br#","move_numeric":"#);
                push_quoted(&mut buf, &numeric);
            }
            None => buf.extend_from_slice(br#"null,"move_numeric":null"#),
        }
        let m = Material::of(&pos);
        for (key, n) in [
            (&br#","white_men":"#[..], m.white_men),
            (br#","white_kings":"#, m.white_kings),
            (br#","black_men":"#, m.black_men),
            (br#","black_kings":"#, m.black_kings),
        ] {
            buf.extend_from_slice(key);
            push_number(&mut buf, u64::from(n));
        }
        match result_for(outcome, pos.turn) {
            Some((word, score)) => {
                buf.extend_from_slice(br#","result":""#);
                buf.extend_from_slice(word.as_bytes());
                buf.extend_from_slice(br#"","score":"#);
                buf.extend_from_slice(score_json(score));
                buf.extend_from_slice(b"}\n");
            }
            None => buf.extend_from_slice(b",\"result\":null,\"score\":null}\n"),
        }
        written += 1;
        if buf.len() >= FLUSH {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    out.write_all(&buf)?;
    Ok(written)
}

/// Text pdnkit made (a move: plain ASCII, nothing to escape), quoted.
fn push_quoted(out: &mut Vec<u8>, text: &str) {
    out.push(b'"');
    out.extend_from_slice(text.as_bytes());
    out.push(b'"');
}

/// A score of [`result_for`] as JSON writes a number with a fraction: `1.0`, `0.5`, `0.0`.
fn score_json(score: f64) -> &'static [u8] {
    if score >= 1.0 {
        b"1.0"
    } else if score > 0.0 {
        b"0.5"
    } else {
        b"0.0"
    }
}
