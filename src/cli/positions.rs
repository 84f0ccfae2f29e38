//! `pdnkit positions`: one JSON line per position of every valid game, or each position once
//! with counts (`--unique`), on standard output or into a file.

use super::archive::{
    InvalidGames, Reading, Source, Start, Writes, put_in_place, read_inputs, start,
};
use super::args::CommonArgs;
use super::output::{Output, Scratch};
use super::{EXIT_FAILURE, closed_pipe, verdict};
use pdnkit::archive::positions::write_rows;
use pdnkit::archive::unique::UniquePositions;
use pdnkit::escape;
use pdnkit::validate::{GameJob, GameReport, Needs, ReadGame, Reports};
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
    /// replaced only once the output is complete; an input is never written over.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
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

/// Rows are written from the replayed moves and the declared result; no tag is needed.
const ROWS: Needs = Needs {
    moves: true,
    ..Needs::BYTES
};

pub fn run(args: PositionsArgs) -> io::Result<u8> {
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
                    out.write_all(&rows)
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
