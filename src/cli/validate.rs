//! `pdnkit validate`: every move of every game replayed; diagnostics in four formats.

use super::common::{CommonArgs, Piece, Progress, Render, render_input};
use super::inputs::{self, Input};
use super::ordered::{Emit, in_input_order};
use super::output::{Output, Sources, tell_error};
use super::report::{FileFormatter, Printer, ReportFormat, RunTotals};
use super::{EXIT_FAILURE, closed_pipe, verdict};
use pdnkit::diagnostic::{Severity, code};
use pdnkit::encoding::Detection;
use pdnkit::validate::GameReport;
use std::io;
use std::path::PathBuf;

/// Check every move of every game: legal, unambiguous, and the declared result true to the
/// board.
///
/// Each game is replayed from its FEN tag or the start position of its game type; illegal,
/// ambiguous and unreadable moves are reported with file, line, column, game and move, and
/// for an illegal move the legal moves of the position. Draws by rule are detected (threefold
/// repetition, the 15-move rule, and on GameType 25 every draw clause of the Russian rules),
/// and the result is checked against them.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    pdnkit validate games.pdn\n  \
    pdnkit validate archive/ --format jsonl > report.jsonl\n  \
    cat games.pdn | pdnkit validate - --default-game-type 25\n  \
    pdnkit validate --format github --strict archive/\n\n\
    Exit codes: 0 every game valid, 1 at least one game invalid, 2 usage error or unreadable input.")]
pub struct ValidateArgs {
    /// Files, directories (searched recursively for *.pdn), or - for standard input.
    paths: Vec<PathBuf>,
    /// human: one line per finding and a summary; jsonl: one object per game then a summary;
    /// json: the same as one document; github: workflow annotations.
    #[arg(long, value_enum, default_value = "human")]
    format: ReportFormat,
    /// Check the syntax only (tags, tokens, move spelling); replay nothing. Much faster;
    /// legality, draws and results are not checked.
    #[arg(long)]
    syntax_only: bool,
    #[command(flatten)]
    common: CommonArgs,
}

pub fn run(args: ValidateArgs) -> io::Result<u8> {
    let config = match args.common.config() {
        Ok(mut c) => {
            c.options.syntax_only = args.syntax_only;
            // The reports are printed as diagnostics and totals: no tags or moves needed.
            c.options.details = false;
            c
        }
        Err(message) => {
            tell_error(&message);
            return Ok(EXIT_FAILURE);
        }
    };
    let inputs = inputs::collect(&args.paths);
    let stdout = Output::open(None, &Sources::of_inputs(&inputs))?;
    let progress = Progress::new(&inputs, &config);
    let mut printer = Printer::new(stdout, args.format, config.quiet)?;
    let mut totals = RunTotals::default();
    // One input: its games are validated on every thread; several: an input per thread.
    let threads_per_input = if inputs.len() == 1 { config.threads } else { 1 };
    let work = |input: &Input, emit: &mut Emit<Piece>| {
        let mut formatter = FileFormatter {
            format: args.format,
            file: &input.name(),
            quiet: config.quiet,
        };
        render_input(
            input,
            &config,
            threads_per_input,
            &progress,
            &mut formatter,
            emit,
        );
    };
    let printed = in_input_order(&inputs, config.threads, work, |piece: Piece| {
        totals.add(&piece);
        printer.file_output(&piece.output)
    });
    progress.finish();
    let code = verdict(totals.streams.invalid, totals.failed_files);
    printed
        .and_then(|()| printer.finish(&totals))
        .and_then(Output::commit)
        .map(|()| code)
        .or_else(|e| closed_pipe(e, code))
}

impl Render for FileFormatter<'_> {
    fn detection(&mut self, detection: &Detection, piece: &mut Piece) -> io::Result<()> {
        FileFormatter::detection(self, &mut piece.output, detection)
    }

    fn game(&mut self, report: GameReport, piece: &mut Piece) -> io::Result<()> {
        FileFormatter::game(self, &mut piece.output, &report)
    }

    fn unreadable(&mut self, message: &str, piece: &mut Piece) -> io::Result<()> {
        self.file_problem(&mut piece.output, Severity::Error, code::IO, message)
    }
}
