//! `pdnkit positions`: one JSON line per position of every valid game, or each position once
//! with counts (`--unique`), on standard output or into a file.

use crate::archive::positions::write_rows;
use crate::archive::unique::UniquePositions;
use crate::check::{GameJob, GameReport, Needs, ReadGame, Reports};
use crate::cli::archive::{
    Inputs, InvalidGames, Reading, Source, Start, Writes, put_in_place, read_inputs, start,
};
use crate::cli::args::CommonArgs;
use crate::cli::format::parquet::rows::{POSITIONS, PositionRows};
use crate::cli::format::parquet::{PartitionBy, write_dataset};
use crate::cli::run::exit::EXIT_FAILURE;
use crate::cli::run::exit::closed_pipe;
use crate::cli::run::exit::verdict;
use crate::cli::run::output::{Output, Scratch, refused};
use crate::text::escape;
use std::io::{self, Write};
use std::path::PathBuf;

/// Every position of every valid game as JSON Lines, for engines and data work.
///
/// One line per ply of each game's main line (the start position, ply 0, and the final one
/// included): the game, the ply, the FEN, the side to move, the move played from it in
/// alphanumeric and numeric notation, the men and kings of each side, and the game's result
/// from the side to move's view. Invalid games are left out; their diagnostics go to
/// standard error. See docs/positions.md.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    pdnkit positions archive/ -o positions.jsonl\n  \
    pdnkit positions games.pdn --every 2\n  \
    pdnkit positions archive/ --unique -o book.jsonl\n\n\
    Exit codes: 0 every game valid, 1 at least one game invalid (left out), 2 usage error, \
    unreadable input or output not written.")]
pub struct PositionsArgs {
    /// Files, directories (searched recursively for *.pdn), or - for standard input.
    paths: Vec<PathBuf>,
    /// Write to FILE instead of standard output (- is standard output). A regular file is
    /// replaced only once the output is complete; an input is never written over. With
    /// --format parquet: the directory to make (new or empty).
    #[arg(short, long, value_name = "FILE|DIR")]
    output: Option<PathBuf>,
    /// jsonl: one JSON object per line; parquet: the same rows as Parquet files (Snappy) in
    /// the directory -o DIR, written whole or not at all.
    #[arg(long, value_enum, value_name = "FORMAT", default_value = "jsonl")]
    format: RowsFormat,
    /// With --format parquet: a directory per value, as Hive lays them out
    /// (DIR/year=1967/part-0.parquet).
    #[arg(long, value_enum, value_name = "WHAT")]
    partition_by: Option<PartitionBy>,
    /// Only every N-th ply: plies 0, N, 2N, ...
    #[arg(long, value_name = "N", default_value = "1", value_parser = clap::value_parser!(u32).range(1..))]
    every: u32,
    /// Each position once (per game type), with the number of times it occurs and the
    /// results of the games from the side to move's view.
    #[arg(long)]
    unique: bool,
    #[command(flatten)]
    common: CommonArgs,
}

/// How the rows are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum RowsFormat {
    Jsonl,
    Parquet,
}

/// Rows are written from the replayed moves and the declared result; no tag is needed.
const ROWS: Needs = Needs {
    moves: true,
    ..Needs::BYTES
};

pub fn run(args: PositionsArgs) -> io::Result<u8> {
    if args.format == RowsFormat::Parquet {
        return run_parquet(&args);
    }
    if args.partition_by.is_some() {
        return refused("--partition-by applies to --format parquet only");
    }
    let Start {
        config,
        inputs,
        mut output,
    } = match start(&args.common, &args.paths, args.output.as_deref()) {
        Ok(start) => start,
        Err(code) => return Ok(code),
    };
    let every = args.every;
    if !args.unique {
        // Invalid games read, for the verdict of a run whose output pipe closed.
        let mut invalid = 0;
        let reading = read_inputs(
            &inputs,
            &config,
            ROWS,
            InvalidGames::Report,
            &|name| Rows {
                file: name.to_string(),
                every,
            },
            &mut Writes {
                out: &mut output,
                write: |out: &mut Output, _: &Source<'_>, (valid, rows): (bool, Vec<u8>)| {
                    invalid += usize::from(!valid);
                    out.write_owned(rows)
                },
            },
        );
        return match reading {
            Ok(reading) => finish(output, &reading),
            Err(e) => closed_pipe(e, verdict(invalid, 0)),
        };
    }
    // Counts past memory are spilled into a scratch directory of this run, removed however
    // the run ends (a SIGKILL's by the next run). Without one (no writable TMPDIR) a run
    // that never spills still succeeds, and one that does says why it cannot.
    let scratch = Scratch::create().ok();
    let mut counter = match &scratch {
        Some(scratch) => UniquePositions::default().spill_in(scratch.path()),
        None => UniquePositions::default(),
    };
    let reading = read_inputs(
        &inputs,
        &config,
        ROWS,
        InvalidGames::Report,
        &|_| Reports,
        &mut |source: &Source<'_>, report: GameReport| {
            counter.add_game(source.index as u32, &report, every)
        },
    )?;
    if reading.unreadable == 0 {
        let written = counter.finish(inputs.names(), |row| {
            escape::write_json(&mut output, row)?;
            output.write_all(b"\n")
        });
        if let Err(e) = written {
            return closed_pipe(e, verdict(reading.totals.invalid, 0));
        }
    }
    finish(output, &reading)
}

/// `positions --format parquet`: the rows as Parquet files in the directory `-o DIR`.
fn run_parquet(args: &PositionsArgs) -> io::Result<u8> {
    if args.unique {
        return refused("--unique writes JSON lines only; leave out --format parquet");
    }
    let (config, inputs) = match crate::cli::args::start(args.common.config(), |c| c, &args.paths) {
        Ok(started) => started,
        Err(code) => return Ok(code),
    };
    let (every, partition) = (args.every, args.partition_by);
    let needs = Needs {
        tags: PartitionBy::needs_tags(partition),
        ..ROWS
    };
    write_dataset(
        &config,
        &Inputs::new(inputs),
        args.output.as_deref(),
        (&POSITIONS, partition),
        needs,
        &|name| PositionRows {
            file: name.to_string(),
            every,
            partition,
        },
    )
}

/// Each game's rows, written where the game is read (the file named as the report names
/// it), with whether the game is valid.
#[derive(Clone)]
struct Rows {
    file: String,
    every: u32,
}

impl GameJob for Rows {
    type Done = (bool, Vec<u8>);

    fn work(&mut self, game: ReadGame<'_>) -> Self::Done {
        let mut rows = Vec::new();
        let _ = write_rows(&mut rows, &self.file, &game.report, self.every);
        (game.report.valid(), rows)
    }
}

/// The exit code: 2 if the output was not put in place, 1 if a game was left out (also when
/// the reader of standard output went away before the end).
fn finish(output: Output, reading: &Reading) -> io::Result<u8> {
    let code = verdict(reading.totals.invalid, 0);
    match put_in_place(output, reading) {
        Ok(true) => Ok(code),
        Ok(false) => Ok(EXIT_FAILURE),
        Err(e) => closed_pipe(e, code),
    }
}
