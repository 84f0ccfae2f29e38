//! Canonical PDN 3.0 (`pdnkit convert --to pdn`; DESIGN section 3, `docs/convert.md`).
//!
//! One game is written as its tags, one per line in file order, a blank line, and the
//! numbered moves of the main line in lines of at most 80 characters, ending with the
//! result:
//! - `GameType` in full form with the chosen notation (`41,W,10,8,A0,0` or `41,W,10,8,N2,0`),
//!   added if missing, so that the text describes itself; `Result` set to the result
//!   written at the end (added if missing); `FEN` rewritten in the chosen notation (added
//!   when the game starts from a setup command); other tags kept as read;
//! - moves numbered from 1 (`1. c3-d4 f6-g5`, `1... f6-g5` when Black moves first);
//!   captures with `:`, start and end only unless another legal move shares them (then the
//!   full path), or always in full with [`Captures::Full`];
//! - comments, variations, move strength marks, NAGs and setup commands are dropped;
//! - a game cut short by an error (an illegal, ambiguous or unreadable move, unreadable text
//!   after the last move) ends with a comment naming the error, and the result `*`.
//!
//! Tag lines are never broken, so a tag whose value is very long makes a longer line.

use super::{cut_short, stop_reason};
use crate::diagnostic::Diagnostic;
use crate::fen::{FenNotation, write_fen};
use crate::notation::{MoveNumber, move_text, needs_full_path};
use crate::pdn::result::Outcome;
use crate::position::{Color, Position};
use crate::square::Corner;
use crate::validate::GameReport;
use std::collections::HashSet;

/// Longest movetext line.
pub const LINE_WIDTH: usize = 80;

/// How squares are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Notation {
    /// `c3-d4`, GameType notation `A0`.
    #[default]
    Alpha,
    /// `32-27`, GameType notation `N2` (square 1 = b8).
    Numeric,
}

/// How captures are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Captures {
    /// Start and end squares, the full path only where it is needed.
    #[default]
    Short,
    /// Every landing square.
    Full,
}

/// How results are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ResultStyle {
    /// As declared in the game (`*` if none).
    #[default]
    Keep,
    /// `1-0 0-1 1/2-1/2 0-0 *`.
    Default,
    /// `2-0 0-2 1-1 0-0 *`.
    International,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct PdnOptions {
    pub notation: Notation,
    pub captures: Captures,
    pub results: ResultStyle,
}

impl PdnOptions {
    fn corner(&self) -> Option<Corner> {
        match self.notation {
            Notation::Alpha => None,
            Notation::Numeric => Some(Corner::TopLeft),
        }
    }

    fn fen_notation(&self) -> FenNotation {
        match self.corner() {
            None => FenNotation::Alpha,
            Some(corner) => FenNotation::Numeric(corner),
        }
    }
}

/// The canonical text of one game, ending with a line break.
pub fn write_game(report: &GameReport, options: &PdnOptions) -> String {
    let result = result_text(report, options.results);
    let mut out = String::new();
    for (name, value) in tags(report, options, result) {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(&value)));
    }
    out.push('\n');
    let mut words = Vec::with_capacity(report.moves.len() + 2);
    let first = report.start.map_or(Color::White, |p| p.turn);
    for (i, played) in report.moves.iter().enumerate() {
        let g = played.before.geometry();
        let full = match options.captures {
            Captures::Full => true,
            Captures::Short => needs_full_path(&played.mv, &played.before),
        };
        let text = move_text(&played.mv, g, options.corner(), full);
        let number = MoveNumber::first(first).nth(i);
        words.push(match number.side {
            Color::Black if i > 0 => text,
            _ => format!("{number} {text}"),
        });
    }
    if let Some(error) = stop_reason(report) {
        words.extend(stop_comment(error));
    }
    words.push(result.to_string());
    wrap(&words, &mut out);
    out
}

/// The tags to write, in order.
fn tags(report: &GameReport, options: &PdnOptions, result: &str) -> Vec<(String, String)> {
    let game_type = report.variant.map(|v| {
        let g = v.geometry();
        let notation = match options.notation {
            Notation::Alpha => "A0",
            Notation::Numeric => "N2",
        };
        format!("{},W,{},{},{notation},0", v.game_type(), g.width, g.height)
    });
    // A FEN is written when the game had one, or started from a setup command.
    let fen = report.start.map(|p| write_fen(&p, options.fen_notation()));
    let needs_fen = report
        .start
        .is_some_and(|p| p != Position::start(p.variant));
    let mut out = Vec::with_capacity(report.tags.len() + 3);
    let (mut had_game_type, mut had_result, mut had_fen) = (false, false, false);
    let mut names = HashSet::with_capacity(report.tags.len());
    for (name, value) in &report.tags {
        // A name the reader would not read back as written (or as one game) is left out:
        // see `tag_name`.
        let Some(name) = tag_name(name, &names) else {
            continue;
        };
        names.insert(name.clone());
        let value = match name.as_str() {
            "GameType" => {
                had_game_type = true;
                game_type.clone().unwrap_or_else(|| value.clone())
            }
            "Result" => {
                had_result = true;
                result.to_string()
            }
            "FEN" => {
                had_fen = true;
                fen.clone().unwrap_or_else(|| value.clone())
            }
            _ => value.clone(),
        };
        out.push((name, value));
    }
    if let (false, Some(game_type)) = (had_game_type, game_type) {
        // Before the setup tags, whose FEN it tells how to read.
        let at = out
            .iter()
            .position(|(name, _)| name == "SetUp" || name == "FEN")
            .unwrap_or(out.len());
        out.insert(at, ("GameType".to_string(), game_type));
    }
    if !had_result {
        out.push(("Result".to_string(), result.to_string()));
    }
    if let (false, true, Some(fen)) = (had_fen, needs_fen, fen) {
        out.push(("FEN".to_string(), fen));
    }
    out
}

/// The result to write: `*` for a game whose moves were cut short by an error.
fn result_text(report: &GameReport, style: ResultStyle) -> &'static str {
    let Some(declared) = report.declared.filter(|_| !cut_short(report)) else {
        return "*";
    };
    let outcome = declared.outcome();
    match (style, outcome) {
        (ResultStyle::Keep, _) => declared.text(),
        (_, Outcome::Unknown) => "*",
        (_, Outcome::BothLose) => "0-0",
        (ResultStyle::Default, Outcome::WhiteWins) => "1-0",
        (ResultStyle::Default, Outcome::BlackWins) => "0-1",
        (ResultStyle::Default, Outcome::Draw) => "1/2-1/2",
        (ResultStyle::International, Outcome::WhiteWins) => "2-0",
        (ResultStyle::International, Outcome::BlackWins) => "0-2",
        (ResultStyle::International, Outcome::Draw) => "1-1",
    }
}

/// `{pdnkit: stopped at move 12 (Black) "d6:f4": illegal-move}` (or `{pdnkit: stopped at
/// line 7: syntax}` for an error that is not about a move), as words.
fn stop_comment(error: &Diagnostic) -> Vec<String> {
    let at = match &error.at_move {
        Some((number, written)) => {
            format!(
                "move {} ({}) \"{}\"",
                number.number,
                number.side.name(),
                crate::escape::text(written)
            )
        }
        _ => format!("line {}", error.line),
    };
    let inner = format!("pdnkit: stopped at {at}: {}", error.code())
        .replace('{', "(")
        .replace('}', ")");
    format!("{{{inner}}}")
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// Joins `words` with spaces into lines of at most [`LINE_WIDTH`] characters (a single word
/// longer than that stands alone on its line).
fn wrap(words: &[String], out: &mut String) {
    let mut width = 0;
    for word in words {
        let len = word.chars().count();
        if width > 0 && width + 1 + len > LINE_WIDTH {
            out.push('\n');
            width = 0;
        }
        if width > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(word);
        width += len;
    }
    out.push('\n');
}

/// The name under which a tag is written: PDN names hold letters, digits and `_` only, so
/// any other character becomes `_`; None for an empty name or one already written, since a
/// repeated name starts a new game when the output is read back.
fn tag_name(name: &str, written: &HashSet<String>) -> Option<String> {
    let name: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    (!name.is_empty() && !written.contains(&name)).then_some(name)
}

/// A tag value with `\` and `"` escaped; line breaks (which a tag cannot hold) and the other
/// characters no output holds raw ([`crate::escape::is_unsafe`]: ESC, DEL...) as spaces.
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            c if crate::escape::is_unsafe(c) => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_lines_short() {
        let words: Vec<String> = (1..60).map(|n| format!("{n}. c3-d4 f6-g5")).collect();
        let mut out = String::new();
        wrap(&words, &mut out);
        assert!(
            out.lines().all(|l| l.chars().count() <= LINE_WIDTH),
            "{out}"
        );
        assert_eq!(out.split_whitespace().count(), 59 * 3);
    }

    #[test]
    fn tag_names_are_written_once_and_as_pdn_names() {
        let written = HashSet::from(["Date".to_string()]);
        assert_eq!(tag_name("Round", &written).as_deref(), Some("Round"));
        assert_eq!(tag_name("Date", &written), None);
        assert_eq!(tag_name("date", &written).as_deref(), Some("date"));
        assert_eq!(tag_name("FEN\u{ff}5", &written).as_deref(), Some("FEN_5"));
        assert_eq!(tag_name("Da\u{fffd}te", &written).as_deref(), Some("Da_te"));
        assert_eq!(tag_name("", &written), None);
    }

    #[test]
    fn tag_values_are_escaped() {
        assert_eq!(escape(r#"the "A" cup \ 2"#), r#"the \"A\" cup \\ 2"#);
        assert_eq!(escape("a\nb\u{1b}[31mc\u{7f}"), "a b [31mc ");
    }
}
