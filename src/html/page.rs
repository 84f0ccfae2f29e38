//! The report page: one self-contained HTML document (style, script and pictures inline,
//! nothing loaded from anywhere: its Content-Security-Policy forbids it), written from the
//! [`Contents`] of a run. Sections: summary (totals as `validate` counts them, the
//! diagnostics by code, a sortable table of files), charts, every invalid game kept, and the
//! valid games kept, each with a viewer.
//!
//! The markup is also well-formed XML (every element closed, the script and style in CDATA
//! sections), so that a strict parser can check it.

use super::chart::{self, Bar};
use super::contents::{Contents, KeptGame};
use super::{board, viewer};
use crate::check::StreamTotals;
use crate::stats::{Opening, Summary};
use crate::text::escape::xml;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Most rows of the table of files (the games of every file are counted all the same).
pub const MAX_FILE_ROWS: usize = 2000;
/// Bins of the histograms.
const BINS: usize = 24;

const STYLE: &str = include_str!("report.css");
const SCRIPT: &str = include_str!("report.js");

/// What the page says about the run beyond its contents.
pub struct PageInfo<'a> {
    /// The inputs as given on the command line.
    pub inputs: &'a [String],
}

/// The whole page.
pub fn write_page(contents: &Contents, info: &PageInfo) -> String {
    let summary = contents.stats().summary();
    let mut out = String::with_capacity(64 * 1024);
    let title = match info.inputs {
        [] => "pdnkit report".to_string(),
        [one] => format!("pdnkit report: {one}"),
        [first, rest @ ..] => format!("pdnkit report: {first} and {} more", rest.len()),
    };
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         style-src 'unsafe-inline'; script-src 'unsafe-inline'\"/>\n\
         <meta name=\"generator\" content=\"pdnkit {}\"/>\n<title>{}</title>\n\
         <style>/*<![CDATA[*/\n{STYLE}{}{}\n/*]]>*/</style>\n</head>\n<body>\n",
        env!("CARGO_PKG_VERSION"),
        xml(&title),
        board::style(),
        chart::style(),
    );
    out.push_str(&board::piece_definitions());
    let invalid_kept = contents.games().iter().filter(|g| !g.valid).count();
    let valid_kept = contents.games().len() - invalid_kept;
    out.push_str("<header>\n<h1>");
    out.push_str(&xml(&title));
    out.push_str(
        "</h1>\n<nav aria-label=\"Sections\"><ul>\
         <li><a href=\"#summary\">Summary</a></li><li><a href=\"#charts\">Charts</a></li>",
    );
    let _ = write!(
        out,
        "<li><a href=\"#invalid\">Invalid games ({})</a></li>\
         <li><a href=\"#games\">Games ({valid_kept})</a></li></ul></nav>\n</header>\n<main>\n",
        summary.invalid
    );
    write_summary(&mut out, contents, &summary);
    write_charts(&mut out, contents, &summary);
    // Articles are numbered in one sequence over both sections: invalid games first.
    let mut k = 0;
    out.push_str(
        "<section id=\"invalid\" aria-labelledby=\"invalid-title\">\n\
         <h2 id=\"invalid-title\">Invalid games</h2>\n",
    );
    write_kept_note(
        &mut out,
        summary.invalid,
        invalid_kept,
        "invalid",
        "--max-invalid",
    );
    for game in contents.games().iter().filter(|g| !g.valid) {
        viewer::write_game(&mut out, game, &contents.files()[game.file], k);
        k += 1;
    }
    out.push_str(
        "</section>\n<section id=\"games\" aria-labelledby=\"games-title\">\n\
         <h2 id=\"games-title\">Games</h2>\n",
    );
    write_kept_note(&mut out, summary.valid, valid_kept, "valid", "--max-games");
    write_game_index(&mut out, contents);
    for game in contents.games().iter().filter(|g| g.valid) {
        viewer::write_game(&mut out, game, &contents.files()[game.file], k);
        k += 1;
    }
    let _ = write!(
        out,
        "</section>\n</main>\n<footer><p>Written by pdnkit {}. Every game was replayed \
         through the rules engine; the counts are those of <code>pdnkit validate</code>.\
         </p></footer>\n<script>//<![CDATA[\n{SCRIPT}//]]>\n</script>\n</body>\n</html>\n",
        env!("CARGO_PKG_VERSION")
    );
    out
}

/// Says how many games of a kind the section shows.
fn write_kept_note(out: &mut String, total: usize, kept: usize, kind: &str, option: &str) {
    let _ = if total == 0 {
        writeln!(out, "<p>No {kind} games.</p>")
    } else if kept == total {
        writeln!(
            out,
            "<p>All {total} {kind} game{} shown.</p>",
            plural(total)
        )
    } else {
        writeln!(
            out,
            "<p class=\"cut\">The first {kept} of {total} {kind} games are shown \
             ({option} sets how many).</p>"
        )
    };
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Totals (with the same names as `validate --format json`'s summary, also as JSON in the
/// page), diagnostics by code, game types, encodings, and the table of files.
fn write_summary(out: &mut String, contents: &Contents, s: &Summary) {
    let warnings = contents.warnings();
    let verdict = if s.unreadable_files > 0 {
        "failed"
    } else if s.invalid > 0 {
        "invalid"
    } else {
        "valid"
    };
    let verdict_text = StreamTotals {
        games: s.games,
        valid: s.valid,
        invalid: s.invalid,
        warnings,
        bytes: 0,
    }
    .verdict(s.files, s.unreadable_files);
    let _ = writeln!(
        out,
        "<section id=\"summary\" aria-labelledby=\"summary-title\">\n\
         <h2 id=\"summary-title\">Summary</h2>\n<p class=\"verdict {verdict}\">{verdict_text}</p>"
    );
    let totals = [
        ("files", "Files", s.files),
        ("unreadable_files", "Unreadable files", s.unreadable_files),
        ("games", "Games", s.games),
        ("valid", "Valid", s.valid),
        ("invalid", "Invalid", s.invalid),
        ("warnings", "Warnings", warnings),
    ];
    out.push_str("<dl class=\"totals\">\n");
    for (key, label, n) in totals {
        let _ = writeln!(
            out,
            "<div><dt>{label}</dt><dd id=\"total-{}\">{n}</dd></div>",
            key.replace('_', "-")
        );
    }
    out.push_str("</dl>\n<script type=\"application/json\" id=\"summary-json\">{");
    for (i, (key, _, n)) in totals.iter().enumerate() {
        let _ = write!(out, "{}\"{key}\":{n}", if i > 0 { "," } else { "" });
    }
    out.push_str("}</script>\n<div class=\"tables\">\n");
    let d = &s.diagnostics;
    let codes: Vec<(String, String, usize)> = [
        ("error", &d.errors),
        ("warning", &d.warnings),
        ("note", &d.notes),
    ]
    .into_iter()
    .flat_map(|(severity, map)| {
        map.iter()
            .map(move |(code, n)| (severity.to_string(), code.clone(), *n))
    })
    .collect();
    write_small_table(
        out,
        "Diagnostics by code",
        &["Severity", "Code", "Count"],
        codes
            .iter()
            .map(|(sev, code, n)| vec![sev.clone(), code.clone(), n.to_string()]),
    );
    write_count_table(out, "Game types", ["Game type", "Games"], &s.game_types);
    write_count_table(out, "Encodings", ["Encoding", "Files"], &s.encodings);
    out.push_str("</div>\n");
    write_files(out, contents);
    out.push_str("</section>\n");
}

/// A table of counts by name (a column `head`, a column `count`).
fn write_count_table(
    out: &mut String,
    caption: &str,
    [head, count]: [&str; 2],
    map: &BTreeMap<String, usize>,
) {
    write_small_table(
        out,
        caption,
        &[head, count],
        map.iter().map(|(k, n)| vec![k.clone(), n.to_string()]),
    );
}

/// A table with a caption, a head row and `rows` (text, escaped here); "none" when empty.
fn write_small_table(
    out: &mut String,
    caption: &str,
    head: &[&str],
    rows: impl Iterator<Item = Vec<String>>,
) {
    out.push_str("<table class=\"small\"><caption>");
    out.push_str(&xml(caption));
    out.push_str("</caption>\n<thead><tr>");
    for h in head {
        let _ = write!(out, "<th scope=\"col\">{h}</th>");
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    let mut any = false;
    for row in rows {
        any = true;
        out.push_str("<tr>");
        for cell in row {
            out.push_str("<td>");
            out.push_str(&xml(&cell));
            out.push_str("</td>");
        }
        out.push_str("</tr>\n");
    }
    if !any {
        let _ = writeln!(out, "<tr><td colspan=\"{}\">none</td></tr>", head.len());
    }
    out.push_str("</tbody></table>\n");
}

/// The files with their counts; sortable by the script (by a click on a column's head).
fn write_files(out: &mut String, contents: &Contents) {
    let files = contents.files();
    out.push_str(
        "<table class=\"sortable files\" id=\"files\"><caption>Files</caption>\n<thead><tr>\
         <th scope=\"col\">File</th><th scope=\"col\" class=\"number\">Games</th>\
         <th scope=\"col\" class=\"number\">Valid</th>\
         <th scope=\"col\" class=\"number\">Invalid</th>\
         <th scope=\"col\" class=\"number\">Warnings</th><th scope=\"col\">Encoding</th>\
         <th scope=\"col\">Problem</th></tr></thead>\n<tbody>\n",
    );
    for f in files.iter().take(MAX_FILE_ROWS) {
        let class = if f.problem.is_some() || f.invalid > 0 {
            " class=\"bad\""
        } else {
            ""
        };
        let _ = write!(out, "<tr{class}><td>");
        out.push_str(&xml(&f.name));
        let _ = write!(
            out,
            "</td><td class=\"number\">{}</td><td class=\"number\">{}</td>\
             <td class=\"number\">{}</td><td class=\"number\">{}</td><td>",
            f.games, f.valid, f.invalid, f.warnings
        );
        if let Some((name, guessed)) = f.encoding {
            out.push_str(name);
            if guessed {
                out.push_str(" (guessed)");
            }
        }
        out.push_str("</td><td>");
        if let Some(problem) = &f.problem {
            out.push_str(&xml(problem));
        }
        out.push_str("</td></tr>\n");
    }
    out.push_str("</tbody></table>\n");
    if files.len() > MAX_FILE_ROWS {
        let _ = writeln!(
            out,
            "<p class=\"cut\">The first {MAX_FILE_ROWS} of {} files are listed; the \
             counts above include every file.</p>",
            files.len()
        );
    }
}

/// The charts: results, terminations, game lengths, captures per game, openings, years.
fn write_charts(out: &mut String, contents: &Contents, s: &Summary) {
    out.push_str(
        "<section id=\"charts\" aria-labelledby=\"charts-title\">\n\
         <h2 id=\"charts-title\">Charts</h2>\n<div class=\"charts\">\n",
    );
    // By what the result means: `1/2-1/2`, `1-1` and `1/2:1/2` are one draw.
    let o = &s.results.by_outcome;
    let mut results: Vec<Bar> = [
        ("White wins", o.white_wins),
        ("Draw", o.draw),
        ("Black wins", o.black_wins),
        ("Both lost", o.both_lose),
        ("Unfinished (*)", o.unknown),
        ("No result", o.none),
    ]
    .into_iter()
    .filter(|&(label, n)| n > 0 || label != "No result")
    .map(|(label, n)| (label.to_string(), n as u64))
    .collect();
    if s.games == 0 {
        results.clear();
    }
    chart::write_bars(out, "Declared results (every game)", &results);
    let terminations: Vec<Bar> = s
        .terminations
        .entries()
        .filter(|(_, n)| *n > 0)
        .map(|(name, n)| (name.to_string(), n as u64))
        .collect();
    chart::write_bars(out, "How the games ended", &terminations);
    let stats = contents.stats();
    chart::write_histogram(
        out,
        "Game length (valid games)",
        "plies per game",
        &chart::histogram(stats.plies_per_game(), BINS),
    );
    chart::write_histogram(
        out,
        "Captures per game (valid games)",
        "capturing moves per game",
        &chart::histogram(stats.captures_per_game(), BINS),
    );
    let openings = |list: &[Opening]| -> Vec<Bar> {
        let mixed = list.iter().any(|o| o.game_type != list[0].game_type);
        list.iter()
            .map(|o| {
                let label = if mixed {
                    format!("[{}] {}", o.game_type, o.moves)
                } else {
                    o.moves.clone()
                };
                (label, o.games as u64)
            })
            .collect()
    };
    chart::write_bars(
        out,
        "Most frequent openings, first 2 plies (valid games)",
        &openings(&s.openings.first_2_plies),
    );
    chart::write_bars(
        out,
        "Most frequent openings, first 4 plies (valid games)",
        &openings(&s.openings.first_4_plies),
    );
    let years: Vec<Bar> = stats
        .games_per_year()
        .iter()
        .map(|(year, n)| (year.to_string(), *n as u64))
        .collect();
    chart::write_histogram(out, "Games per year (Date tag)", "year", &years);
    out.push_str("</div>\n</section>\n");
}

/// A table of the games kept, linking to their articles.
fn write_game_index(out: &mut String, contents: &Contents) {
    let games: Vec<(usize, &KeptGame)> = contents
        .games()
        .iter()
        .filter(|g| !g.valid)
        .chain(contents.games().iter().filter(|g| g.valid))
        .enumerate()
        .collect();
    if games.is_empty() {
        return;
    }
    out.push_str(
        "<table class=\"sortable index\" id=\"game-index\"><caption>Games shown \
         (invalid ones first)</caption>\n<thead><tr><th scope=\"col\">Game</th>\
         <th scope=\"col\">File</th><th scope=\"col\" class=\"number\">No.</th>\
         <th scope=\"col\">Players</th><th scope=\"col\">Result</th>\
         <th scope=\"col\" class=\"number\">Plies</th><th scope=\"col\">Status</th></tr>\
         </thead>\n<tbody>\n",
    );
    for (k, game) in games {
        let id = viewer::game_id(k);
        let _ = write!(out, "<tr><td><a href=\"#{id}\">{id}</a></td><td>");
        out.push_str(&xml(&contents.files()[game.file].name));
        let _ = write!(out, "</td><td class=\"number\">{}</td><td>", game.index);
        if let Some(p) = viewer::players(game) {
            out.push_str(&xml(&p));
        }
        let _ = writeln!(
            out,
            "</td><td>{}</td><td class=\"number\">{}</td><td>{}</td></tr>",
            game.declared.unwrap_or("none"),
            game.moves.len(),
            if game.valid { "valid" } else { "invalid" }
        );
    }
    out.push_str("</tbody></table>\n");
}
