//! One kept game as an `<article>`: its heading, diagnostics (as `validate` words them), its
//! tags, and a viewer: a place for the board, a status line, buttons and the move list, with
//! the game's start position and moves as compact data from which the page's script draws
//! and plays the board (see [`position_code`], [`ply_code`]). An invalid game's viewer opens
//! where its main line stopped, any other at the start. Without the script the viewer gives
//! the position it opens at in words and as a FEN, and the whole move list.

use super::board;
use super::contents::{FileRow, KeptGame};
use crate::notation::fen::{FenNotation, write_fen};
use crate::notation::naming::MoveNumber;
use crate::rules::moves::Move;
use crate::rules::position::{Color, Position};
use crate::text::escape::xml;
use std::fmt::Write;

/// The characters of dense square indices 0..40 in a ply code.
pub const SQUARE_CODES: &[u8; 40] = b"0123456789abcdefghijklmnopqrstuvwxyzABCD";

/// A move as the script reads it: its start, its end and the squares of the pieces it takes
/// (one character each, [`SQUARE_CODES`] by dense index), then `+` if a man becomes a king.
pub fn ply_code(mv: &Move, before: &Position, out: &mut String) {
    let g = before.geometry();
    let code = |bit: u8| char::from(SQUARE_CODES[g.dense_of_bit(bit)]);
    out.push(code(mv.from));
    out.push(code(mv.to));
    for bit in mv.captured_squares() {
        out.push(code(bit));
    }
    if mv.promotes {
        out.push('+');
    }
}

/// The position as the script reads it: the side to move (`W` or `B`), then one character
/// per dark square in reading order: `.` empty, `w` `b` men, `W` `B` kings.
pub fn position_code(pos: &Position) -> String {
    let g = pos.geometry();
    let mut s = String::with_capacity(1 + usize::from(g.num_squares));
    s.push(match pos.turn {
        Color::White => 'W',
        Color::Black => 'B',
    });
    for &bit in &g.bit_of_dense[..usize::from(g.num_squares)] {
        s.push(match pos.piece_at(bit) {
            None => '.',
            Some(p) => match (p.color, p.king) {
                (Color::White, false) => 'w',
                (Color::White, true) => 'W',
                (Color::Black, false) => 'b',
                (Color::Black, true) => 'B',
            },
        });
    }
    s
}

/// `Ann - Bob`, from the White and Black tags (`?` for a missing one), if either is there.
pub fn players(game: &KeptGame) -> Option<String> {
    match (game.tag("White"), game.tag("Black")) {
        (None, None) => None,
        (w, b) => Some(format!("{} - {}", w.unwrap_or("?"), b.unwrap_or("?"))),
    }
}

/// `validate`'s line for a diagnostic: `file:line:col: error[code]: game 3, move 12 (Black)
/// "d6:f4": message`.
pub fn diagnostic_line(file: &str, game: usize, d: &crate::diagnostic::Diagnostic) -> String {
    crate::diagnostic::render::human(file, game, d).to_string()
}

/// The id of the `k`-th kept game's article.
pub fn game_id(k: usize) -> String {
    format!("game-{}", k + 1)
}

/// Writes the article of `game`, the `k`-th game kept.
pub fn write_game(out: &mut String, game: &KeptGame, file: &FileRow, k: usize) {
    let id = game_id(k);
    let _ = write!(
        out,
        "<article class=\"game {}\" id=\"{id}\" aria-labelledby=\"{id}-title\" data-file=\"",
        if game.valid { "valid" } else { "invalid" }
    );
    out.push_str(&xml(&file.name));
    let _ = write!(
        out,
        "\" data-game=\"{}\">\n<h3 id=\"{id}-title\">",
        game.index
    );
    out.push_str(&xml(&file.name));
    let _ = write!(out, ", game {}", game.index);
    if let Some(players) = players(game) {
        out.push_str(": ");
        out.push_str(&xml(&players));
    }
    if !game.valid {
        out.push_str(" <span class=\"badge\">invalid</span>");
    }
    out.push_str("</h3>\n");
    write_facts(out, game);
    if !game.diagnostics.is_empty() {
        out.push_str("<ul class=\"diagnostics\">\n");
        for d in &game.diagnostics {
            let _ = write!(out, "<li class=\"{}\"><code>", d.severity.name());
            out.push_str(&xml(&diagnostic_line(&file.name, game.index, d)));
            out.push_str("</code></li>\n");
        }
        out.push_str("</ul>\n");
    }
    if game.start.is_none() {
        out.push_str(
            "<p class=\"no-board\">No board: the game could not be set up (see the \
             error above).</p>\n",
        );
    }
    write_tags(out, game);
    write_viewer(out, game, &id);
    out.push_str("</article>\n");
}

/// Line, game type, result and ending, plies.
fn write_facts(out: &mut String, game: &KeptGame) {
    let _ = write!(out, "<p class=\"facts\">line {}", game.line);
    if let Some(t) = game.game_type {
        let _ = write!(out, " · game type {t}");
    }
    let _ = write!(out, " · result {}", game.declared.unwrap_or("none"));
    if let Some(t) = game.termination {
        let _ = write!(out, " · {}", t.name());
    }
    let plies = game.moves.len();
    let _ = writeln!(
        out,
        " · {plies} {} replayed</p>",
        if plies == 1 { "ply" } else { "plies" }
    );
}

/// Where a game's viewer opens: an invalid game where its main line stopped (before the move
/// that could not be played, the squares written for it marked, and the legal moves said),
/// any other game at the start (for a game without moves, the position of its FEN tag).
struct Opening {
    ply: usize,
    position: Position,
    status: String,
    /// For a move that could not be played: the squares written for it, and the status.
    failed: Option<(u64, String)>,
}

fn opening(game: &KeptGame, start: Position) -> Opening {
    let side = |pos: &Position| pos.turn.name();
    if game.moves.is_empty() && game.failure.is_none() {
        return Opening {
            ply: 0,
            position: start,
            status: format!("The position of its FEN tag: {} to move.", side(&start)),
            failed: None,
        };
    }
    if game.valid {
        return Opening {
            ply: 0,
            position: start,
            status: format!("Start position: {} to move.", side(&start)),
            failed: None,
        };
    }
    let ply = game.moves.len();
    let position = game.moves.iter().fold(start, |pos, m| pos.play(&m.mv));
    if let Some(f) = &game.failure {
        let d = &game.diagnostics[f.diagnostic];
        let subject = d.subject(game.index);
        let the_move = subject
            .split_once(", ")
            .map_or("the move", |(_, rest)| rest);
        let legal = if f.legal.is_empty() {
            "none".to_string()
        } else {
            f.legal.join(", ")
        };
        let status = format!(
            "Before {the_move}, which could not be played: {} to move. Legal moves: {legal}.",
            side(&f.before)
        );
        return Opening {
            ply,
            position: f.before,
            status: status.clone(),
            failed: Some((f.written_squares, status)),
        };
    }
    let status = match ply {
        0 => format!("Start position: {} to move.", side(&position)),
        n => format!(
            "After the last move replayed (ply {n}): {} to move.",
            side(&position)
        ),
    };
    Opening {
        ply,
        position,
        status,
        failed: None,
    }
}

fn write_tags(out: &mut String, game: &KeptGame) {
    if game.tags.is_empty() {
        return;
    }
    out.push_str("<dl class=\"tags\">\n");
    for (name, value) in &game.tags {
        out.push_str("<div><dt>");
        out.push_str(&xml(name));
        out.push_str("</dt><dd>");
        out.push_str(&xml(value));
        out.push_str("</dd></div>\n");
    }
    out.push_str("</dl>\n");
}

/// The ply after which the rules ended the game, and how, in words.
fn rule_end(game: &KeptGame) -> Option<(u32, String)> {
    let (outcome, ply) = game.rule_end?;
    Some((ply, outcome.description()))
}

/// The viewer: a place for the board (the page's script draws it, from `data-start` and
/// `data-moves`), the status line, the position in words (for a page read without the
/// script), the buttons (shown by the script), the FEN and the move list. A game without
/// moves gets no buttons and no list; without a FEN tag either, no board: only a line that
/// says so.
fn write_viewer(out: &mut String, game: &KeptGame, id: &str) {
    let Some(start) = game.start else {
        return;
    };
    if game.moves.is_empty() && game.failure.is_none() {
        out.push_str("<p class=\"no-moves\">No moves: the game has tags only");
        if game.tag("FEN").is_none() {
            out.push_str(".</p>\n");
            return;
        }
        out.push_str("; the board is the position of its FEN tag.</p>\n");
    }
    let opening = opening(game, start);
    let g = start.geometry();
    let mut codes = String::with_capacity(game.moves.len() * 4);
    let mut pos = start;
    for (i, m) in game.moves.iter().enumerate() {
        if i > 0 {
            codes.push(' ');
        }
        ply_code(&m.mv, &pos, &mut codes);
        pos = pos.play(&m.mv);
    }
    let steps = !game.moves.is_empty();
    out.push_str("<div class=\"viewer\"");
    if steps {
        out.push_str(
            " role=\"group\" tabindex=\"0\" aria-label=\"Game viewer: the arrow keys step \
             through the moves, Home and End go to the start and the end\"",
        );
    }
    let _ = write!(
        out,
        " data-width=\"{}\" data-height=\"{}\" data-start=\"{}\" data-moves=\"{codes}\"",
        g.width,
        g.height,
        position_code(&start)
    );
    if opening.ply > 0 {
        let _ = write!(out, " data-open-ply=\"{}\"", opening.ply);
    }
    if let Some((squares, status)) = &opening.failed {
        out.push_str(" data-failed=\"");
        for bit in crate::rules::geometry::bits(*squares) {
            out.push(char::from(SQUARE_CODES[g.dense_of_bit(bit)]));
        }
        out.push_str("\" data-failure=\"");
        out.push_str(&xml(status));
        out.push('"');
    }
    if let Some((ply, text)) = rule_end(game) {
        let _ = write!(out, " data-end-ply=\"{ply}\" data-end=\"");
        out.push_str(&xml(&text));
        out.push('"');
    }
    out.push_str(">\n<figure class=\"live\"><div class=\"board-place\"></div>\n");
    out.push_str("<figcaption class=\"status\" aria-live=\"polite\">");
    out.push_str(&xml(&opening.status));
    out.push_str("</figcaption>\n</figure>\n<p class=\"position\">");
    out.push_str(&xml(&board::describe(&opening.position)));
    out.push_str("</p>\n");
    if steps {
        out.push_str(
            "<div class=\"controls\" hidden=\"\">\
             <button type=\"button\" data-step=\"start\">« Start</button>\
             <button type=\"button\" data-step=\"back\">‹ Back</button>\
             <button type=\"button\" data-step=\"forward\">Forward ›</button>\
             <button type=\"button\" data-step=\"end\">End »</button></div>\n",
        );
    }
    let _ = writeln!(
        out,
        "<p class=\"fen\">FEN: <code>{}</code></p>",
        write_fen(&opening.position, FenNotation::Alpha)
    );
    if steps || game.failure.is_some() {
        write_moves(out, game, start.turn, id);
    }
    out.push_str("</div>\n");
}

/// The moves, a numbered item per move number, a button per ply; captures and promotions
/// flagged; for an invalid game the move that failed, and the rule that ended a game.
fn write_moves(out: &mut String, game: &KeptGame, first: Color, id: &str) {
    let _ = write!(
        out,
        "<ol class=\"moves\" aria-label=\"Moves\" id=\"{id}-moves\">"
    );
    let mut open = false;
    let failed = game
        .failure
        .as_ref()
        .map(|f| &game.diagnostics[f.diagnostic]);
    let plies = game.moves.len() as u32 + u32::from(failed.is_some());
    for ply in 1..=plies {
        let number = MoveNumber::of_ply(first, ply);
        if number.side == Color::White || ply == 1 {
            if open {
                out.push_str("</li>");
            }
            let _ = write!(out, "\n<li><span class=\"number\">{number}</span>");
            open = true;
        }
        out.push(' ');
        match game.moves.get(ply as usize - 1) {
            Some(m) => {
                let _ = write!(out, "<button type=\"button\" data-ply=\"{ply}\"");
                if !m.captured.is_empty() || m.mv.promotes {
                    let mut title = String::new();
                    if !m.captured.is_empty() {
                        let _ = write!(title, "takes {}", m.captured.join(", "));
                    }
                    if m.mv.promotes {
                        if !title.is_empty() {
                            title.push_str("; ");
                        }
                        title.push_str("becomes a king");
                    }
                    let _ = write!(out, " title=\"{title}\"");
                }
                out.push('>');
                out.push_str(&xml(&m.text));
                if m.mv.promotes {
                    out.push_str("<sup class=\"promotion\" aria-hidden=\"true\">K</sup>");
                }
                out.push_str("</button>");
            }
            None => {
                let written = failed.and_then(|d| d.written()).unwrap_or("?");
                out.push_str("<span class=\"failed\" title=\"could not be played\">");
                out.push_str(&xml(written));
                out.push_str("</span>");
            }
        }
    }
    if open {
        out.push_str("</li>");
    }
    out.push_str("\n</ol>\n");
    if let Some((ply, text)) = rule_end(game) {
        let _ = writeln!(
            out,
            "<p class=\"rule-end\">The rules ended the game after ply {ply}: {text}.</p>"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variant::Variant;

    #[test]
    fn codes_of_a_position_and_a_capture() {
        let start = Position::start(Variant::Russian);
        let code = position_code(&start);
        assert_eq!(code, "Wwwwwwwwwwwww........bbbbbbbbbbbb");
        // c3-d4 f6-e5 then d4:f6 takes e5: dense c3 = 9, d4 = 13, f6 = 22, e5 = 18.
        let g = start.geometry();
        let bit = |name: &str| g.parse_alpha(name.as_bytes()).unwrap();
        let capture =
            crate::rules::moves::Move::capture(bit("d4"), &[bit("f6")], 1 << bit("e5"), false);
        let mut out = String::new();
        ply_code(&capture, &start, &mut out);
        assert_eq!(out, "dmi");
    }
}
