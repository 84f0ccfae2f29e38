//! `pdnkit validate`: every move of every game replayed; diagnostics in four formats.

use super::args::{self, CapArgs, CommonArgs, Config};
use super::cap::{Cap, omitted_line};
use super::common::{Progress, in_input_order};
use super::fold::BothBoards;
use super::inputs::Input;
use super::output::{Output, Sources};
use super::report::{FileFormatter, Printer, ReportFormat, RunTotals};
use super::{EXIT_FAILURE, EXIT_INVALID, EXIT_OK};
use pdnkit::diagnostic::{Severity, code};
use pdnkit::encoding::Detection;
use pdnkit::validate::{GameReport, GameSink, StreamTotals, check_stream_parallel};
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
    pdnkit validate                  # the current directory, or standard input from a pipe\n  \
    cat games.pdn | pdnkit validate - --game-type russian\n  \
    pdnkit validate --format github --strict --allow move-number archive/\n  \
    pdnkit validate --files --exclude 'old/**' archive/   # what would be read\n\n\
    Diagnostic codes: syntax, illegal-move, ambiguous-move, ambiguity-resolved, unknown-move, \
    move-after-end, result-mismatch, unfinished-result, missing-result, bad-fen, \
    unknown-game-type, unsupported-game-type, game-type, capture-notation, move-number, \
    no-moves (about a game: levels apply), encoding, io, binary (about a file).\n\n\
    Exit codes: 0 every game valid, 1 at least one game invalid, 2 usage error, unreadable \
    or binary input, or no input found.")]
pub struct ValidateArgs {
    /// Files, directories (searched recursively for *.pdn), or - for standard input. None:
    /// standard input when it is a pipe or a file, else the current directory.
    paths: Vec<PathBuf>,
    /// human: one line per finding and a summary; jsonl: one object per game then a summary;
    /// json: the same as one document; github: workflow annotations.
    #[arg(long, value_enum, default_value = "human")]
    format: ReportFormat,
    /// Check the syntax only (tags, tokens, move spelling); replay nothing. Much faster;
    /// legality, draws, results and game types are not checked (JSON has `plies: null`).
    #[arg(long)]
    syntax_only: bool,
    #[command(flatten)]
    caps: CapArgs,
    #[command(flatten)]
    common: CommonArgs,
}

/// The outcome of one input.
struct FileResult {
    output: Vec<u8>,
    totals: StreamTotals,
    failed: bool,
}

pub fn run(args: ValidateArgs) -> io::Result<u8> {
    let setup = args.common.config().map(|mut c| {
        c.options.syntax_only = args.syntax_only;
        // The reports are printed as diagnostics and totals: no tags or moves needed.
        c.options.details = false;
        args.caps.apply(&mut c);
        c
    });
    let (config, inputs) = match args::start(setup, |c| c, &args.paths) {
        Ok(started) => started,
        Err(code) => return Ok(code),
    };
    let progress = Progress::new(&inputs, &config);
    let stdout = Output::open(None, &Sources::of_inputs(&inputs))?;
    // While a bar is drawn, each game's lines go out at once, with the bar out of the way.
    let out: Box<dyn io::Write> = if config.progress {
        Box::new(io::LineWriter::new(progress.around(stdout)))
    } else {
        Box::new(stdout)
    };
    let mut printer = Printer::new(out, args.format, config.quiet)?;
    let mut totals = RunTotals::default();
    let mut record = |result: FileResult, printer: &mut Printer<_>| -> io::Result<()> {
        totals.files += 1;
        totals.failed_files += usize::from(result.failed);
        totals.streams.add(&result.totals);
        printer.file_output(&result.output)
    };
    if config.threads == 1 || inputs.len() == 1 {
        // One input: its games are validated on every thread and printed as they come.
        for input in &inputs {
            let mut emit = |bytes: &[u8]| printer.file_output(bytes);
            let (file_totals, failed) = check_input(
                input,
                &config,
                args.format,
                &progress,
                config.threads,
                &mut emit,
            )?;
            record(
                FileResult {
                    output: Vec::new(),
                    totals: file_totals,
                    failed,
                },
                &mut printer,
            )?;
        }
    } else {
        // Files in parallel; outputs printed in input order as soon as they are ready.
        let format = args.format;
        let work = |input: &Input| {
            let mut output = Vec::new();
            let mut emit = |bytes: &[u8]| {
                output.extend_from_slice(bytes);
                Ok(())
            };
            let checked = check_input(input, &config, format, &progress, 1, &mut emit);
            let (totals, failed) = checked.unwrap_or_default();
            FileResult {
                output,
                totals,
                failed,
            }
        };
        in_input_order(&inputs, config.threads, work, |result| {
            record(result, &mut printer)
        })?;
    }
    progress.finish();
    let code = if totals.failed_files > 0 {
        EXIT_FAILURE
    } else if totals.streams.invalid > 0 {
        EXIT_INVALID
    } else {
        EXIT_OK
    };
    printer.finish(&totals)?;
    Ok(code)
}

/// Validates one input, handing its formatted output to `emit` game by game. Returns the
/// totals and whether the input failed to be read; an error only if `emit` failed.
fn check_input(
    input: &Input,
    config: &Config,
    format: ReportFormat,
    progress: &Progress,
    threads: usize,
    emit: &mut dyn FnMut(&[u8]) -> io::Result<()>,
) -> io::Result<(StreamTotals, bool)> {
    let name = input.name();
    let formatter = FileFormatter {
        format,
        file: &name,
        quiet: config.quiet,
    };
    let mut totals = StreamTotals::default();
    let capped = matches!(format, ReportFormat::Human | ReportFormat::Github);
    let problem = match input.open() {
        Err(e) => Some((e.code, e.message)),
        Ok(reader) => {
            let mut sink = Sink {
                formatter: &formatter,
                buffer: Vec::new(),
                emit,
                progress,
                read: 0,
                seen: 0,
                emit_failed: false,
                cap: capped.then(|| Cap::new(config.caps, config.quiet)),
                allow_encoding: config.allow_encoding,
                both_boards: BothBoards::default(),
            };
            let result = check_stream_parallel(
                reader,
                &config.options,
                config.encoding,
                threads,
                &mut sink,
                &mut totals,
            );
            sink.progress_done();
            match result {
                // The output side failed (a closed pipe): stop the run.
                Err(e) if sink.emit_failed => return Err(e),
                Err(e) => Some((code::IO, format!("read failed: {e}"))),
                Ok(()) => {
                    sink.file_notes()?;
                    None
                }
            }
        }
    };
    if let Some((code, message)) = &problem {
        let mut buffer = Vec::new();
        formatter.file_problem(&mut buffer, Severity::Error, code, message)?;
        emit(&buffer)?;
    }
    Ok((totals, problem.is_some()))
}

/// Formats each game as it is validated and hands the text on.
struct Sink<'a> {
    formatter: &'a FileFormatter<'a>,
    buffer: Vec<u8>,
    emit: &'a mut dyn FnMut(&[u8]) -> io::Result<()>,
    progress: &'a Progress,
    /// Bytes read, and bytes shown by the progress bar.
    read: u64,
    seen: u64,
    emit_failed: bool,
    /// The caps on diagnostics printed (human and github output).
    cap: Option<Cap>,
    allow_encoding: bool,
    /// Games that fit both boards, told of once for the file.
    both_boards: BothBoards,
}

/// Bytes read between two moves of the progress bar (each move costs more than a game).
const PROGRESS_STEP: u64 = 64 << 10;

impl Sink<'_> {
    fn flush(&mut self) -> io::Result<()> {
        if self.buffer.is_empty() {
            return Ok(()); // nothing to hand on (most games of a quiet run)
        }
        let result = (self.emit)(&self.buffer);
        self.buffer.clear();
        self.emit_failed |= result.is_err();
        result
    }

    /// What is told once for the file: the games that fit both boards, and the diagnostics
    /// the file's cap left out.
    fn file_notes(&mut self) -> io::Result<()> {
        if let Some(note) = self.both_boards.note() {
            let f = self.formatter;
            f.file_problem(&mut self.buffer, Severity::Note, code::GAME_TYPE, &note)?;
        }
        let omitted = self.cap.as_ref().map_or(0, |cap| cap.file_omitted);
        if omitted > 0 {
            self.formatter
                .omitted(&mut self.buffer, &omitted_line(omitted, None))?;
        }
        self.flush()
    }

    /// Moves the progress bar over every byte read so far.
    fn progress_done(&mut self) {
        self.progress.advance(self.read.saturating_sub(self.seen));
        self.seen = self.seen.max(self.read);
    }
}

impl GameSink for Sink<'_> {
    fn detection(&mut self, detection: &Detection) -> io::Result<()> {
        if !self.allow_encoding {
            self.formatter.detection(&mut self.buffer, detection)?;
        }
        self.flush()
    }

    fn game(&mut self, mut report: GameReport) -> io::Result<()> {
        self.both_boards.take(&mut report);
        let omitted = match &mut self.cap {
            Some(cap) => cap.trim(&mut report),
            None => 0,
        };
        self.formatter.game(&mut self.buffer, &report)?;
        if omitted > 0 {
            let line = omitted_line(omitted, Some(report.index));
            self.formatter.omitted(&mut self.buffer, &line)?;
        }
        self.flush()
    }

    fn progress(&mut self, bytes: u64) {
        self.read = bytes;
        if bytes.saturating_sub(self.seen) >= PROGRESS_STEP {
            self.progress_done();
        }
    }
}
