//! One kept game as an `<article>`: its heading, diagnostics (as `validate` words them), for
//! an invalid game the board before the move that failed, its tags, and a viewer: a board,
//! buttons, a status line and the move list, with the game's moves as compact data that the
//! page's script plays on the board (see [`ply_code`]). Without the script the viewer shows
//! the start position and the whole move list.

use super::board::{self, Marks};
use super::contents::{FileRow, KeptGame};
use crate::escape::xml;
use crate::fen::{FenNotation, write_fen};
use crate::moves::Move;
use crate::notation::MoveNumber;
use crate::position::{Color, Position};
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
    if !game.valid {
        write_failure_board(out, game);
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

/// The board where an invalid game went wrong: before the move that could not be played
/// (its squares marked, the legal moves listed), else after the last move replayed.
fn write_failure_board(out: &mut String, game: &KeptGame) {
    let Some(start) = game.start else {
        out.push_str(
            "<p class=\"no-board\">No board: the game could not be set up (see the \
             error above).</p>\n",
        );
        return;
    };
    out.push_str("<figure class=\"failure\">\n");
    let caption;
    match &game.failure {
        Some(f) => {
            let d = &game.diagnostics[f.diagnostic];
            caption = format!(
                "Before {}: {} to move",
                d.subject(game.index)
                    .split_once(", ")
                    .map_or("the move", |(_, rest)| rest),
                f.before.turn.name()
            );
            let label = format!("{caption}. {}", board::describe(&f.before));
            let marks = Marks {
                moved: f.written_squares,
                captured: 0,
            };
            board::write_inline(out, &f.before, marks, &label);
        }
        None => {
            let (pos, marks) = last_position(game, start);
            caption = match game.moves.len() {
                0 => format!("The start position: {} to move", pos.turn.name()),
                n => format!(
                    "After the last move replayed (ply {n}): {} to move",
                    pos.turn.name()
                ),
            };
            let label = format!("{caption}. {}", board::describe(&pos));
            board::write_inline(out, &pos, marks, &label);
        }
    }
    out.push_str("<figcaption>");
    out.push_str(&xml(&caption));
    if let Some(f) = &game.failure {
        out.push_str(". Legal moves: ");
        if f.legal.is_empty() {
            out.push_str("none");
        } else {
            out.push_str(&xml(&f.legal.join(", ")));
        }
    }
    out.push_str(".</figcaption>\n</figure>\n");
}

/// The position after the last replayed move, with that move's squares marked.
fn last_position(game: &KeptGame, start: Position) -> (Position, Marks) {
    let mut pos = start;
    let mut marks = Marks::default();
    for m in &game.moves {
        pos = pos.play(&m.mv);
        marks = Marks {
            moved: (1u64 << m.mv.from) | (1u64 << m.mv.to),
            captured: m.mv.captured,
        };
    }
    (pos, marks)
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

/// The board at the start, the buttons (shown by the script), the status line and the
/// move list.
fn write_viewer(out: &mut String, game: &KeptGame, id: &str) {
    let Some(start) = game.start else {
        return;
    };
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
    let _ = write!(
        out,
        "<div class=\"viewer\" role=\"group\" tabindex=\"0\" aria-label=\"Game viewer: the arrow keys step \
         through the moves, Home and End go to the start and the end\" data-width=\"{}\" \
         data-height=\"{}\" data-start=\"{}\" data-moves=\"{codes}\"",
        g.width,
        g.height,
        position_code(&start)
    );
    if let Some((ply, text)) = rule_end(game) {
        let _ = write!(out, " data-end-ply=\"{ply}\" data-end=\"");
        out.push_str(&xml(&text));
        out.push('"');
    }
    out.push_str(">\n<figure class=\"live\">\n");
    let status = format!("Start position: {} to move.", start.turn.name());
    board::write_inline(
        out,
        &start,
        Marks::default(),
        &format!("{status} {}", board::describe(&start)),
    );
    let _ = write!(
        out,
        "<figcaption class=\"status\" aria-live=\"polite\">{status}</figcaption>\n</figure>\n\
         <div class=\"controls\" hidden=\"\">\
         <button type=\"button\" data-step=\"start\">« Start</button>\
         <button type=\"button\" data-step=\"back\">‹ Back</button>\
         <button type=\"button\" data-step=\"forward\">Forward ›</button>\
         <button type=\"button\" data-step=\"end\">End »</button>\
         </div>\n<p class=\"fen\">FEN: <code>{}</code></p>\n",
        write_fen(&start, FenNotation::Alpha)
    );
    write_moves(out, game, start.turn, id);
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
    use crate::variant::Variant;

    #[test]
    fn codes_of_a_position_and_a_capture() {
        let start = Position::start(Variant::Russian);
        let code = position_code(&start);
        assert_eq!(code, "Wwwwwwwwwwwww........bbbbbbbbbbbb");
        // c3-d4 f6-e5 then d4:f6 takes e5: dense c3 = 9, d4 = 13, f6 = 22, e5 = 18.
        let g = start.geometry();
        let bit = |name: &str| g.parse_alpha(name.as_bytes()).unwrap();
        let capture = crate::moves::Move::capture(bit("d4"), &[bit("f6")], 1 << bit("e5"), false);
        let mut out = String::new();
        ply_code(&capture, &start, &mut out);
        assert_eq!(out, "dmi");
    }
}
