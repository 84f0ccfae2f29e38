//! `pdnkit stats`: statistics over every game of the inputs, computed by replay, as one JSON
//! document or a readable table.

use crate::cli::args::Format;
use crate::cli::args::{self, CommonArgs, Config};
use crate::cli::print::validation::{FileFormatter, ReportFormat};
use crate::cli::run::exit::closed_pipe;
use crate::cli::run::exit::verdict;
use crate::cli::run::inputs::Input;
use crate::cli::run::ordered::{Emit, in_input_order};
use crate::cli::run::output::{Output, Sources};
use crate::cli::run::progress::{Progress, read_input};
use crate::stats::{Counting, Opening, Stats, Summary, reading};
use crate::text::escape::{self, text};
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
    pdnkit stats archive/ -o stats.json\n  \
    pdnkit stats games.pdn --format human\n\n\
    Exit codes: 0 every game valid, 1 at least one game invalid, 2 usage error, unreadable \
    input or output not written.")]
pub struct StatsArgs {
    /// Files, directories (searched recursively for *.pdn), or - for standard input. None:
    /// standard input when it is a pipe or a file, else the current directory.
    paths: Vec<PathBuf>,
    /// json: one JSON document; human: a readable table.
    #[arg(long, value_enum, default_value = "json")]
    format: Format,
    /// Write to FILE instead of standard output (- is standard output). A regular file is
    /// replaced only once the output is complete; an input is never written over.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    #[command(flatten)]
    common: CommonArgs,
}

pub fn run(args: StatsArgs) -> io::Result<u8> {
    let (config, inputs) = match args::start(args.common.config(), |c| c, &args.paths) {
        Ok(started) => started,
        Err(code) => return Ok(code),
    };
    // Opened before any input is read, so that a refused target costs nothing.
    let mut out = Output::open(args.output.as_deref(), &Sources::of_inputs(&inputs))?;
    let progress = Progress::new(&inputs, config.progress);
    // One input: its games are validated on every thread; several: an input per thread.
    let threads_per_input = if inputs.len() == 1 { config.threads } else { 1 };
    let work = |input: &Input, emit: &mut Emit<(Stats, Vec<u8>)>| {
        let _ = emit(count_input(input, &config, &progress, threads_per_input));
    };
    let mut stats = Stats::new();
    in_input_order(&inputs, config.threads, work, |(file_stats, problem)| {
        progress.print(&problem);
        stats.merge(file_stats);
        Ok(())
    })?;
    progress.finish();
    let code = verdict(stats.invalid(), stats.unreadable_files());
    let summary = stats.summary();
    let written = match args.format {
        Format::Json => escape::write_json_pretty(&mut out, &summary).and_then(|()| writeln!(out)),
        Format::Human => write_table(&mut out, &summary),
    };
    written
        .and_then(|()| out.commit())
        .map(|()| code)
        .or_else(|e| closed_pipe(e, code))
}

/// Counts one input, on `threads` threads; the second value is the error to print (`io`,
/// `binary`), if it could not be read.
fn count_input(
    input: &Input,
    config: &Config,
    progress: &Progress,
    threads: usize,
) -> (Stats, Vec<u8>) {
    let name = input.name();
    let mut stats = Stats::new();
    stats.begin_file(&name);
    let problem = read_input(
        input,
        (&reading(&config.options), config.encoding),
        progress,
        threads,
        &Counting::default(),
        &mut stats,
    );
    let mut message = Vec::new();
    if let Some(problem) = problem {
        stats.file_unreadable();
        let formatter = FileFormatter {
            format: ReportFormat::Short,
            file: &name,
            quiet: false,
        };
        let _ = formatter.file_problem(&mut message, &problem);
    }
    (stats, message)
}

/// `a: 1, b: 2`, or `none`.
fn list(map: &BTreeMap<String, usize>) -> String {
    if map.is_empty() {
        return "none".to_string();
    }
    map.iter()
        .map(|(k, v)| format!("{}: {v}", text(k)))
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
            text(&l.file),
            l.game,
            l.ply,
            text(&l.written)
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
            .map(|k| text(k).chars().count())
            .max()
            .unwrap_or(0)
            .max(6);
        writeln!(
            out,
            "  {:width$}  {:>6} {:>6} {:>6} {:>6} {:>10}",
            "player", "games", "wins", "draws", "losses", "unfinished"
        )?;
        for (name, r) in &s.players {
            let name = text(name);
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
