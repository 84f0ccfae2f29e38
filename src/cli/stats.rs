//! `pdnkit stats`: statistics over every game of the inputs, computed by replay, as one JSON
//! document or a readable table.

use super::args::{self, CommonArgs, Config};
use super::common::{Progress, check_input};
use super::inputs::Input;
use super::output::{Output, Sources};
use super::{EXIT_FAILURE, EXIT_INVALID, EXIT_OK, Format};
use pdnkit::escape;
use pdnkit::stats::{Opening, Stats, Summary};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::PathBuf;

/// Count what an archive holds: games, results, terminations, plies, captures, promotions,
/// openings, players, diagnostics.
///
/// Every game is replayed as `validate` does; the figures come from the moves played on the
/// board, not from the text. Figures about moves and players count valid games only (see
/// docs/json.md for every definition).
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    pdnkit stats archive/ > stats.json\n  \
    pdnkit stats games.pdn --format human\n\n\
    Exit codes: 0 every game valid, 1 at least one game invalid, 2 usage error or unreadable input.")]
pub struct StatsArgs {
    /// Files, directories (searched recursively for *.pdn), or - for standard input. None:
    /// standard input when it is a pipe or a file, else the current directory.
    paths: Vec<PathBuf>,
    /// json: one JSON document on stdout; human: a readable table.
    #[arg(long, value_enum, default_value = "json")]
    format: Format,
    #[command(flatten)]
    common: CommonArgs,
}

pub fn run(args: StatsArgs) -> io::Result<u8> {
    let (config, inputs) = match args::start(args.common.config(), |c| c, &args.paths) {
        Ok(started) => started,
        Err(code) => return Ok(code),
    };
    let mut out = Output::open(None, &Sources::of_inputs(&inputs))?;
    let progress = Progress::new(&inputs, &config);
    let per_file: Vec<(Stats, Option<String>)> = if config.threads == 1 || inputs.len() == 1 {
        inputs
            .iter()
            .map(|input| count_input(input, &config, &progress, config.threads))
            .collect()
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(config.threads)
            .build()
            .map_err(io::Error::other)?;
        // An indexed parallel iterator collects in input order.
        pool.install(|| {
            inputs
                .par_iter()
                .map(|input| count_input(input, &config, &progress, 1))
                .collect()
        })
    };
    progress.finish();
    let mut stats = Stats::new();
    let mut stderr = io::stderr().lock();
    for (file_stats, problem) in per_file {
        if let Some(problem) = problem {
            writeln!(stderr, "{problem}")?;
        }
        stats.merge(file_stats);
    }
    let code = if stats.unreadable_files() > 0 {
        EXIT_FAILURE
    } else if stats.invalid() > 0 {
        EXIT_INVALID
    } else {
        EXIT_OK
    };
    let summary = stats.summary();
    match args.format {
        Format::Json => {
            serde_json::to_writer_pretty(&mut out, &summary).map_err(io::Error::other)?;
            writeln!(out)?;
        }
        Format::Human => write_table(&mut out, &summary)?,
    }
    out.commit()?;
    Ok(code)
}

/// Counts one input; `threads` > 1 validates its games on that many threads. The second
/// value is an `io` problem to report, if any.
fn count_input(
    input: &Input,
    config: &Config,
    progress: &Progress,
    threads: usize,
) -> (Stats, Option<String>) {
    let name = input.name();
    let mut stats = Stats::new();
    stats.begin_file(&name);
    let problem = check_input(input, config, progress, threads, &mut stats);
    if problem.is_some() {
        stats.file_unreadable();
    }
    // A file name or a system message may hold control characters: escaped for stderr.
    let problem = problem.map(|p| {
        let (name, message) = (escape::text(&name), escape::text(&p.message));
        format!("{name}: error[{}]: {message}", p.code)
    });
    (stats, problem)
}

/// `a: 1, b: 2`, or `none`.
fn list(map: &BTreeMap<String, usize>) -> String {
    if map.is_empty() {
        return "none".to_string();
    }
    map.iter()
        .map(|(k, v)| format!("{k}: {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn optional<T: ToString>(value: Option<T>) -> String {
    value.map_or_else(|| "-".to_string(), |v| v.to_string())
}

fn openings(out: &mut dyn Write, title: &str, list: &[Opening]) -> io::Result<()> {
    writeln!(out, "{title}")?;
    if list.is_empty() {
        writeln!(out, "  none")?;
    }
    for o in list {
        writeln!(out, "  {:>6}  [{}] {}", o.games, o.game_type, o.moves)?;
    }
    Ok(())
}

/// The summary as a table of labelled lines.
fn write_table(out: &mut dyn Write, s: &Summary) -> io::Result<()> {
    const W: usize = 20;
    let o = &s.results.by_outcome;
    let p = &s.plies;
    let c = &s.captures;
    writeln!(
        out,
        "{:W$}{} ({} unreadable)",
        "files", s.files, s.unreadable_files
    )?;
    writeln!(
        out,
        "{:W$}{} ({} valid, {} invalid)",
        "games", s.games, s.valid, s.invalid
    )?;
    writeln!(out, "{:W$}{}", "game types", list(&s.game_types))?;
    writeln!(out, "{:W$}{}", "encodings", list(&s.encodings))?;
    writeln!(out, "{:W$}{}", "declared results", list(&s.results.by_text))?;
    writeln!(
        out,
        "{:W$}white wins {}, black wins {}, draws {}, both lose {}, unknown {}, none {}",
        "  by outcome", o.white_wins, o.black_wins, o.draw, o.both_lose, o.unknown, o.none
    )?;
    let terminations: Vec<String> = s
        .terminations
        .entries()
        .iter()
        .map(|(name, n)| format!("{name} {n}"))
        .collect();
    writeln!(out, "{:W$}{}", "terminations", terminations.join(", "))?;
    writeln!(
        out,
        "{:W$}min {}, max {}, mean {}, median {} ({} valid games, {} plies)",
        "plies per game",
        optional(p.min),
        optional(p.max),
        optional(p.mean.map(|m| format!("{m:.2}"))),
        optional(p.median),
        p.games,
        p.total
    )?;
    writeln!(
        out,
        "{:W$}{} moves capture, {} take 2 or more, {} pieces taken",
        "captures", c.moves, c.multi, c.pieces
    )?;
    match &c.longest {
        Some(l) => writeln!(
            out,
            "{:W$}{} pieces: {} ({}), {} game {} ply {}, written {}",
            "longest capture",
            l.pieces,
            l.path,
            l.side.name(),
            l.file,
            l.game,
            l.ply,
            l.written
        )?,
        None => writeln!(out, "{:W$}none", "longest capture")?,
    }
    writeln!(out, "{:W$}{}", "promotions", s.promotions)?;
    writeln!(out, "{:W$}{}", "kings-only games", s.kings_only_games)?;
    openings(out, "openings, first 2 plies", &s.openings.first_2_plies)?;
    openings(out, "openings, first 4 plies", &s.openings.first_4_plies)?;
    writeln!(out, "players")?;
    if s.players.is_empty() {
        writeln!(out, "  none")?;
    } else {
        let width = s
            .players
            .keys()
            .map(|k| k.chars().count())
            .max()
            .unwrap_or(0)
            .max(6);
        writeln!(
            out,
            "  {:width$}  {:>6} {:>6} {:>6} {:>6} {:>10}",
            "player", "games", "wins", "draws", "losses", "unfinished"
        )?;
        for (name, r) in &s.players {
            let pad = width - name.chars().count();
            writeln!(
                out,
                "  {name}{:pad$}  {:>6} {:>6} {:>6} {:>6} {:>10}",
                "", r.games, r.wins, r.draws, r.losses, r.unfinished
            )?;
        }
    }
    let d = &s.diagnostics;
    writeln!(out, "{:W$}{}", "errors", list(&d.errors))?;
    writeln!(out, "{:W$}{}", "warnings", list(&d.warnings))?;
    writeln!(out, "{:W$}{}", "notes", list(&d.notes))?;
    Ok(())
}
