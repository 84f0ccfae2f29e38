//! What `pdnkit lsp` answers about a document: its diagnostics, the board before a move
//! (hover), its canonical text (formatting), one symbol and one folding range per game.

use super::document::{Document, Setup};
use crate::check::ReadGame;
use crate::cli::cmd::convert::canonical;
use crate::cli::cmd::show::{Scene, diagram, label, players};
use crate::cli::print::snippet::token_len;
use crate::cli::run::inputs::Input;
use crate::diagnostic::{Diagnostic, Severity};
use crate::notation::fen::{FenNotation, write_fen};
use crate::notation::naming::canonical as move_name;
use crate::rules::movegen::{Paths, legal_moves};
use crate::rules::position::Position;
use lsp_types as lsp;
use std::sync::Arc;

/// The document's diagnostics as the protocol carries them: the findings of `validate`,
/// each over the token it is about.
pub fn diagnostics(doc: &Document) -> Vec<lsp::Diagnostic> {
    doc.diagnostics()
        .iter()
        .map(|(game, d)| diagnostic(doc, *game, d))
        .collect()
}

fn diagnostic(doc: &Document, game: usize, d: &Diagnostic) -> lsp::Diagnostic {
    let about_file = d.kind.about_file();
    let start = if about_file { 0 } else { d.offset };
    let rest = doc
        .text
        .as_bytes()
        .get(start as usize..)
        .unwrap_or_default();
    let line_end = rest
        .iter()
        .position(|&b| b == b'\n' || b == b'\r')
        .unwrap_or(rest.len());
    let len = if about_file {
        0
    } else {
        token_len(&rest[..line_end], d)
    };
    let severity = match d.severity {
        Severity::Error => lsp::DiagnosticSeverity::ERROR,
        Severity::Warning => lsp::DiagnosticSeverity::WARNING,
        Severity::Note => lsp::DiagnosticSeverity::INFORMATION,
    };
    let message = match about_file {
        true => d.message(),
        false => format!("{}: {}", d.subject(game), d.message()),
    };
    lsp::Diagnostic {
        range: range(doc, start, start + len as u64),
        severity: Some(severity),
        code: Some(lsp::NumberOrString::String(d.code().to_string())),
        source: Some("pdnkit".to_string()),
        message,
        ..lsp::Diagnostic::default()
    }
}

fn range(doc: &Document, from: u64, to: u64) -> lsp::Range {
    lsp::Range::new(
        doc.lines.position(&doc.text, from),
        doc.lines.position(&doc.text, to),
    )
}

/// The range of a game's text.
fn game_range(doc: &Document, game: &ReadGame<'_>) -> lsp::Range {
    range(doc, game.offset, game.end_offset())
}

/// The board before the move at `at` (replayed, or the illegal move the replay stopped at),
/// with the legal moves there, as Markdown; None off a move.
pub fn hover(doc: &Document, setup: &Setup, at: lsp::Position) -> Option<lsp::Hover> {
    let offset = doc.lines.offset(&doc.text, at) as u64;
    let game = doc.game_at(offset)?;
    let report = &game.report;
    let start = report.start?;
    let within = |from: u64, len: usize| from <= offset && offset < from + len.max(1) as u64;
    // The ply of the move under the cursor (from 1) and where its text is.
    let replayed = report
        .moves
        .iter()
        .enumerate()
        .find(|(_, m)| within(m.offset, m.written.len()))
        .map(|(i, m)| (i as u32 + 1, m.offset, m.written.len()));
    let stopped = || {
        report.diagnostics.iter().find_map(|d| {
            let len = d.written()?.len();
            let next = report.moves.len() as u32 + 1;
            (d.is_error() && d.main_line && d.ply == Some(next) && within(d.offset, len))
                .then_some((next, d.offset, len))
        })
    };
    let (ply, from, len) = replayed.or_else(stopped)?;
    let previous = (ply >= 2).then(|| &report.moves[ply as usize - 2]);
    let position: Position = previous.map_or(start, |m| m.after);
    let scene = Scene {
        file: setup.name.clone(),
        position,
        last: previous.map(|m| (&m.mv, &m.before)),
        last_label: previous.map(|m| label(m, start.turn, ply - 1)),
        players: players(report),
        game: u32::try_from(report.index).unwrap_or(u32::MAX),
        ply: ply - 1,
        plies: report.plies(),
    };
    let mut moves = Vec::new();
    legal_moves(&position, Paths::Distinct, &mut moves);
    let numeric = report.numeric.then_some(report.corner);
    let names: Vec<String> = moves
        .iter()
        .map(|m| move_name(m, &position, numeric))
        .collect();
    let legal = match names.is_empty() {
        true => "none".to_string(),
        false => names.join(", "),
    };
    let text = format!(
        "```text\n{}FEN: {}\n```\nlegal moves: {legal}",
        diagram::render(&scene, false),
        write_fen(&position, FenNotation::Alpha)
    );
    Some(lsp::Hover {
        contents: lsp::HoverContents::Markup(lsp::MarkupContent {
            kind: lsp::MarkupKind::Markdown,
            value: text,
        }),
        range: Some(range(doc, from, from + len as u64)),
    })
}

/// The edit that makes the document its canonical PDN, as `pdnkit fmt` writes it: none when
/// it is canonical already, None when it cannot be read (no guess is made).
pub fn formatting(doc: &Document, setup: &Setup) -> Option<Vec<lsp::TextEdit>> {
    let input = Input::Text(setup.name.clone(), Arc::from(doc.text.as_bytes()));
    let (text, reading) =
        canonical::write(&setup.config, &setup.pdn, vec![input], Vec::new()).ok()?;
    if reading.unreadable > 0 {
        return None;
    }
    let text = String::from_utf8(text).ok()?;
    if text == doc.text {
        return Some(Vec::new());
    }
    let whole = range(doc, 0, doc.text.len() as u64);
    Some(vec![lsp::TextEdit::new(whole, text)])
}

/// One symbol per game: its players, its event and result; its range the game's text.
pub fn symbols(doc: &Document) -> Vec<lsp::DocumentSymbol> {
    doc.games
        .iter()
        .map(|game| {
            let report = &game.report;
            let name = players(report).unwrap_or_else(|| format!("game {}", report.index));
            let result = report.declared.map(|r| r.to_string());
            let detail: Vec<&str> = [report.known_tag("Event"), result.as_deref()]
                .into_iter()
                .flatten()
                .collect();
            let whole = game_range(doc, game);
            #[allow(deprecated)] // `deprecated` is a field the protocol still has
            lsp::DocumentSymbol {
                name,
                detail: (!detail.is_empty()).then(|| detail.join(", ")),
                kind: lsp::SymbolKind::EVENT,
                tags: None,
                deprecated: None,
                range: whole,
                selection_range: lsp::Range::new(whole.start, whole.start),
                children: None,
            }
        })
        .collect()
}

/// One folding range per game of more than one line.
pub fn folding(doc: &Document) -> Vec<lsp::FoldingRange> {
    doc.games
        .iter()
        .filter_map(|game| {
            let lsp::Range { start, end } = game_range(doc, game);
            (end.line > start.line).then(|| lsp::FoldingRange {
                start_line: start.line,
                end_line: end.line,
                kind: Some(lsp::FoldingRangeKind::Region),
                ..lsp::FoldingRange::default()
            })
        })
        .collect()
}

/// `checked 1 of 2000 games (12)`: what a reading checked again, for the client's log.
pub fn checked_note(doc: &Document) -> String {
    let shown: Vec<String> = doc.checked.iter().take(10).map(usize::to_string).collect();
    let more = if doc.checked.len() > 10 { ", ..." } else { "" };
    format!(
        "checked {} of {} games ({}{more})",
        doc.checked.len(),
        doc.games.len(),
        shown.join(", ")
    )
}
