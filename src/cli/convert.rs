//! `pdnkit convert`: games to JSON, JSON Lines or canonical PDN, on standard output or into
//! a file that is replaced only once it is complete. Diagnostics of invalid games go to
//! standard error in the human format.

use super::args::{self, CapArgs, CommonArgs, Config};
use super::cap::{Cap, omitted_line};
use super::common::{Progress, in_input_order};
use super::fold::BothBoards;
use super::inputs::Input;
use super::output::{Output, Sources};
use super::report::{FileFormatter, ReportFormat};
use super::{EXIT_FAILURE, EXIT_INVALID, EXIT_OK};
use pdnkit::convert::{
    Captures, JsonOptions, Notation, PdnOptions, ResultStyle, write_game, write_game_json_with,
};
use pdnkit::diagnostic::Severity;
use pdnkit::encoding::Detection;
use pdnkit::validate::{GameReport, GameSink, StreamTotals, check_stream};

use std::io::{self, Write};
use std::path::PathBuf;

/// Convert games to JSON, JSON Lines or canonical PDN 3.0.
///
/// Every game is replayed as `validate` does; an invalid game is converted up to its first
/// error, its diagnostics are printed on standard error, and the exit code is 1.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    pdnkit convert games.pdn --format jsonl > games.jsonl\n  \
    pdnkit convert archive/ --format json --no-positions -o archive.json\n  \
    pdnkit convert games.pdn --format pdn --notation numeric -o numeric.pdn\n\n\
    Exit codes: 0 every game valid, 1 at least one game invalid (still converted up to its \
    error), 2 usage error, unreadable input or output not written.")]
pub struct ConvertArgs {
    /// Files, directories (searched recursively for *.pdn), or - for standard input. None:
    /// standard input when it is a pipe or a file, else the current directory.
    paths: Vec<PathBuf>,
    /// json: one document {"games":[...]}; jsonl: one game object per line; pdn: canonical
    /// PDN 3.0.
    #[arg(long, value_enum, value_name = "FORMAT", alias = "to")]
    format: Target,
    /// JSON: leave out each move's `fen_after` (the position after it), most of the output's
    /// size.
    #[arg(long)]
    no_positions: bool,
    /// Write to FILE instead of standard output (- is standard output). A regular file is
    /// replaced only once the output is complete; an input is never written over.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Squares in the PDN output: alpha (c3-d4, GameType A0) or numeric (32-27, GameType
    /// N2) [default: alpha].
    #[arg(long, value_enum)]
    notation: Option<NotationArg>,
    /// Captures in the PDN output: short (start and end, the full path only where needed)
    /// or full (every landing square) [default: short].
    #[arg(long, value_enum)]
    captures: Option<CapturesArg>,
    /// Results in the PDN output: keep (as written), default (1-0 0-1 1/2-1/2 *) or
    /// international (2-0 0-2 1-1 *) [default: keep].
    #[arg(long, value_enum)]
    results: Option<ResultsArg>,
    #[command(flatten)]
    caps: CapArgs,
    #[command(flatten)]
    common: CommonArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Target {
    Json,
    Jsonl,
    Pdn,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum NotationArg {
    Alpha,
    Numeric,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum CapturesArg {
    Short,
    Full,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ResultsArg {
    Keep,
    Default,
    International,
}

/// What one run does, validated before any input is read.
struct Plan {
    config: Config,
    target: Target,
    pdn: PdnOptions,
    json: JsonOptions,
}

impl ConvertArgs {
    fn plan(&self) -> Result<Plan, String> {
        let mut config = self.common.config()?;
        self.caps.apply(&mut config);
        let pdn_only = [
            ("--notation", self.notation.is_some()),
            ("--captures", self.captures.is_some()),
            ("--results", self.results.is_some()),
        ];
        if self.format != Target::Pdn
            && let Some((flag, _)) = pdn_only.iter().find(|(_, given)| *given)
        {
            return Err(format!("{flag} applies to --format pdn only"));
        }
        if self.format == Target::Pdn && self.no_positions {
            return Err("--no-positions applies to --format json and jsonl only".to_string());
        }
        let pdn = PdnOptions {
            notation: match self.notation {
                Some(NotationArg::Numeric) => Notation::Numeric,
                _ => Notation::Alpha,
            },
            captures: match self.captures {
                Some(CapturesArg::Full) => Captures::Full,
                _ => Captures::Short,
            },
            results: match self.results {
                Some(ResultsArg::Default) => ResultStyle::Default,
                Some(ResultsArg::International) => ResultStyle::International,
                _ => ResultStyle::Keep,
            },
        };
        Ok(Plan {
            config,
            target: self.format,
            pdn,
            json: JsonOptions {
                positions: !self.no_positions,
            },
        })
    }
}

/// The outcome of one input: its converted games, its messages for standard error.
struct FileResult {
    output: Vec<u8>,
    messages: Vec<u8>,
    totals: StreamTotals,
    failed: bool,
}

pub fn run(args: ConvertArgs) -> io::Result<u8> {
    let (plan, inputs) = match args::start(args.plan(), |p| &p.config, &args.paths) {
        Ok(started) => started,
        Err(code) => return Ok(code),
    };
    // Opened before any input is read, so that a refused output costs nothing.
    let mut output = match Output::open(args.output.as_deref(), &Sources::of_inputs(&inputs)) {
        Ok(output) => output,
        Err(e) => {
            eprintln!("pdnkit: error: {e}");
            return Ok(EXIT_FAILURE);
        }
    };
    let (code, failed_files) = match convert_all(&inputs, &plan, &mut output) {
        Ok(done) => done,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Err(e),
        Err(e) => {
            eprintln!("pdnkit: error: {e}");
            return Ok(EXIT_FAILURE);
        }
    };
    if failed_files > 0 && !output.is_stdout() {
        eprintln!(
            "pdnkit: error: {} not written: an input could not be read",
            output.name()
        );
        return Ok(EXIT_FAILURE);
    }
    match output.commit() {
        Ok(()) => Ok(code),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Err(e),
        Err(e) => {
            eprintln!("pdnkit: error: {e}");
            Ok(EXIT_FAILURE)
        }
    }
}

/// Converts every input into `out`; returns the exit code and the number of inputs that
/// could not be read. Errors are those of writing the output.
fn convert_all<W: Write>(inputs: &[Input], plan: &Plan, out: W) -> io::Result<(u8, usize)> {
    let config = &plan.config;
    let progress = Progress::new(inputs, config);
    let mut printer = Printer::new(out, plan.target)?;
    let mut totals = StreamTotals::default();
    let (mut files, mut failed_files) = (0usize, 0usize);
    // Messages wait for the end while a progress bar is drawn on standard error.
    let mut held: Vec<u8> = Vec::new();
    let mut record = |result: FileResult, printer: &mut Printer<W>| -> io::Result<()> {
        files += 1;
        failed_files += usize::from(result.failed);
        totals.add(&result.totals);
        if config.progress {
            held.extend_from_slice(&result.messages);
        } else {
            let _ = io::stderr().lock().write_all(&result.messages);
        }
        printer.file_output(&result.output)
    };
    // Files in parallel; outputs written in input order as soon as they are ready.
    let work = |input: &Input| convert_input(input, plan, &progress);
    in_input_order(inputs, config.threads, work, |result| {
        record(result, &mut printer)
    })?;
    progress.finish();
    printer.finish()?;
    let mut stderr = io::stderr().lock();
    let _ = stderr.write_all(&held);
    if !config.quiet && (totals.invalid > 0 || failed_files > 0) {
        let _ = writeln!(
            stderr,
            "summary: {files} file{}{}, {} game{}: {} valid, {} invalid (converted as far as \
             they replay)",
            plural(files),
            if failed_files > 0 {
                format!(" ({failed_files} unreadable)")
            } else {
                String::new()
            },
            totals.games,
            plural(totals.games),
            totals.valid,
            totals.invalid,
        );
    }
    let code = if failed_files > 0 {
        EXIT_FAILURE
    } else if totals.invalid > 0 {
        EXIT_INVALID
    } else {
        EXIT_OK
    };
    Ok((code, failed_files))
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Converts one input into a buffer of output and one of messages.
fn convert_input(input: &Input, plan: &Plan, progress: &Progress) -> FileResult {
    let name = input.name();
    let formatter = FileFormatter {
        format: ReportFormat::Human,
        file: &name,
        quiet: plan.config.quiet,
    };
    let mut output = Vec::new();
    let mut messages = Vec::new();
    let mut failed = false;
    let mut totals = StreamTotals::default();
    match input.open() {
        Err(e) => {
            failed = true;
            let _ = formatter.file_problem(&mut messages, Severity::Error, e.code, &e.message);
        }
        Ok(reader) => {
            let mut sink = Sink {
                plan,
                formatter: &formatter,
                output: &mut output,
                messages: &mut messages,
                progress,
                seen: 0,
                games: 0,
                cap: Cap::new(plan.config.caps, plan.config.quiet),
                both_boards: BothBoards::default(),
            };
            let result = check_stream(
                reader,
                &plan.config.options,
                plan.config.encoding,
                &mut sink,
                &mut totals,
            );
            let omitted = sink.cap.file_omitted;
            if let Some(note) = sink.both_boards.note() {
                let _ = formatter.file_problem(&mut messages, Severity::Note, "game-type", &note);
            }
            if let Err(e) = result {
                failed = true;
                let message = format!("read failed: {e}");
                let _ = formatter.file_problem(&mut messages, Severity::Error, "io", &message);
            } else if omitted > 0 {
                let _ = formatter.omitted(&mut messages, &omitted_line(omitted, None));
            }
        }
    }
    FileResult {
        output,
        messages,
        totals,
        failed,
    }
}

/// Converts each game into the file's output buffer as it is validated.
struct Sink<'a> {
    plan: &'a Plan,
    formatter: &'a FileFormatter<'a>,
    output: &'a mut Vec<u8>,
    messages: &'a mut Vec<u8>,
    progress: &'a Progress,
    seen: u64,
    games: usize,
    cap: Cap,
    both_boards: BothBoards,
}

impl GameSink for Sink<'_> {
    fn detection(&mut self, detection: &Detection) -> io::Result<()> {
        if self.plan.config.allow_encoding {
            return Ok(());
        }
        self.formatter.detection(self.messages, detection)
    }

    fn game(&mut self, mut report: GameReport) -> io::Result<()> {
        self.both_boards.take(&mut report);
        if !report.valid() {
            let mut shown = report.clone();
            let omitted = self.cap.trim(&mut shown);
            self.formatter.game(self.messages, &shown)?;
            if omitted > 0 {
                let line = omitted_line(omitted, Some(report.index));
                self.formatter.omitted(self.messages, &line)?;
            }
        }
        match self.plan.target {
            Target::Json | Target::Jsonl => {
                let file = self.formatter.file;
                write_game_json_with(&mut *self.output, file, &report, self.plan.json)?;
                self.output.push(b'\n');
            }
            Target::Pdn => {
                if self.games > 0 {
                    self.output.push(b'\n');
                }
                self.output
                    .extend_from_slice(write_game(&report, &self.plan.pdn).as_bytes());
            }
        }
        self.games += 1;
        Ok(())
    }

    fn progress(&mut self, bytes: u64) {
        self.progress.advance(bytes.saturating_sub(self.seen));
        self.seen = bytes;
    }
}

/// Writes the per-file outputs in order: JSON Lines and PDN as they are (PDN games
/// separated by one blank line), the JSON document as `{"games":[...]}` with one game a line.
struct Printer<W: Write> {
    out: W,
    target: Target,
    /// Games (json) or files with games (pdn) written so far.
    written: usize,
}

impl<W: Write> Printer<W> {
    fn new(mut out: W, target: Target) -> io::Result<Printer<W>> {
        if target == Target::Json {
            out.write_all(b"{\"games\":[\n")?;
        }
        Ok(Printer {
            out,
            target,
            written: 0,
        })
    }

    fn file_output(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self.target {
            Target::Jsonl => self.out.write_all(bytes),
            Target::Pdn => {
                if bytes.is_empty() {
                    return Ok(());
                }
                if self.written > 0 {
                    self.out.write_all(b"\n")?;
                }
                self.written += 1;
                self.out.write_all(bytes)
            }
            Target::Json => {
                for line in bytes.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
                    if self.written > 0 {
                        self.out.write_all(b",\n")?;
                    }
                    self.out.write_all(line)?;
                    self.written += 1;
                }
                Ok(())
            }
        }
    }

    fn finish(mut self) -> io::Result<()> {
        if self.target == Target::Json {
            if self.written > 0 {
                self.out.write_all(b"\n")?;
            }
            self.out.write_all(b"]}\n")?;
        }
        self.out.flush()
    }
}
