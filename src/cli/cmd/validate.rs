//! `pdnkit validate`: every move of every game replayed; diagnostics in seven formats.

use crate::check::GameReport;
use crate::cli::args::{self, CapArgs, CommonArgs};
use crate::cli::print::junit::Suite;
use crate::cli::print::snippet::{self, Colour, SourceLine, Sourced};
use crate::cli::print::validation::{FileFormatter, Printer, ReportFormat, RunTotals, guessed};
use crate::cli::run::exit::closed_pipe;
use crate::cli::run::exit::verdict;
use crate::cli::run::inputs::{Input, Unreadable};
use crate::cli::run::ordered::{Emit, in_input_order};
use crate::cli::run::output::{Output, Sources};
use crate::cli::run::progress::{Piece, Progress, Render, render_input};
use crate::cli::stderr::cap::{Cap, omitted_line};
use crate::cli::stderr::fold::FileNotes;
use crate::diagnostic::{Diagnostic, Severity};
use crate::text::encoding::Detection;
use annotate_snippets::Renderer;
use std::io::{self, Write};
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
#[command(after_help = after_help())]
pub struct ValidateArgs {
    /// Files, directories (searched recursively for *.pdn), or - for standard input. None:
    /// standard input when it is a pipe or a file, else the current directory.
    paths: Vec<PathBuf>,
    /// human: each finding with its source line and a caret under the token, and a summary;
    /// short: one line per finding and a summary (for scripts); jsonl: one object per game then a summary;
    /// json: the same as one document; github: workflow annotations; sarif: SARIF 2.1.0 for
    /// GitHub code scanning; junit: JUnit XML (a test case per game) for GitLab and Jenkins.
    #[arg(long, value_enum, default_value = "human")]
    format: ReportFormat,
    /// Check the syntax only (tags, tokens, move spelling); replay nothing. Much faster;
    /// legality, draws, results and game types are not checked (JSON has `plies: null`).
    #[arg(long)]
    syntax_only: bool,
    /// Colours of human output: auto (on a terminal, unless NO_COLOR is set; CLICOLOR_FORCE
    /// forces them), always or never.
    #[arg(long, value_enum, default_value = "auto", value_name = "WHEN")]
    color: Colour,
    #[command(flatten)]
    caps: CapArgs,
    #[command(flatten)]
    common: CommonArgs,
}

/// Examples, the diagnostic codes (the one list levels take) and the exit codes.
fn after_help() -> String {
    format!(
        "Examples:\n  \
         pdnkit validate games.pdn\n  \
         pdnkit validate archive/ --format jsonl > report.jsonl\n  \
         pdnkit validate                  # the current directory, or standard input from a pipe\n  \
         cat games.pdn | pdnkit validate - --game-type russian\n  \
         pdnkit validate --format github --strict --allow move-number archive/\n  \
         pdnkit validate --files --exclude 'old/**' archive/   # what would be read\n\n\
         Diagnostic codes (--allow, --warn, --deny, [levels]): {}. Codes whose findings mean \
         that something could not be read or checked ({}, and the syntax errors) can only be \
         denied.\n\n\
         Exit codes: 0 every game valid, 1 at least one game invalid, 2 usage error, \
         unreadable or binary input, or no input found.",
        crate::diagnostic::levels::listing(),
        crate::diagnostic::code::UNCHECKED.join(", ")
    )
}

pub fn run(args: ValidateArgs) -> io::Result<u8> {
    let setup = args.common.config().map(|mut c| {
        c.options.syntax_only = args.syntax_only;
        // The reports are printed as diagnostics and totals: no tags or moves needed.
        (c.options.keep_tags, c.options.keep_moves) = (false, false);
        args.caps.apply(&mut c);
        c
    });
    // No input still gives a JSON reader its document: that of inputs with no games.
    let empty_document = |config: &args::Config| {
        if args.format.is_document() {
            let _ = Output::open(None, &Sources::default())
                .and_then(|out| Printer::new(out, args.format, config.quiet))
                .and_then(|printer| printer.finish(&RunTotals::default()))
                .and_then(|out| out.commit());
        }
    };
    let (config, inputs) = match args::start_or(setup, |c| c, &args.paths, empty_document) {
        Ok(started) => started,
        Err(code) => return Ok(code),
    };
    let progress = Progress::new(&inputs, config.progress);
    let stdout = Output::open(None, &Sources::of_inputs(&inputs))?;
    // While a bar is drawn, each game's lines go out at once, with the bar out of the way.
    let out: Box<dyn io::Write> = if config.progress {
        Box::new(io::LineWriter::new(progress.around(stdout)))
    } else {
        Box::new(stdout)
    };
    let mut printer = Printer::new(out, args.format, config.quiet)?;
    let mut totals = RunTotals::default();
    // One input: its games are validated on every thread; several: an input per thread.
    let threads_per_input = if inputs.len() == 1 { config.threads } else { 1 };
    let capped = matches!(
        args.format,
        ReportFormat::Human | ReportFormat::Short | ReportFormat::Github
    );
    let human = args.format == ReportFormat::Human;
    let renderer = human.then(|| args.color.renderer());
    let work = |input: &Input, emit: &mut Emit<Piece>| {
        let name = input.name();
        let mut validating = Validating {
            formatter: FileFormatter {
                format: args.format,
                file: &name,
                quiet: config.quiet,
            },
            cap: capped.then(|| Cap::new(config.caps, config.quiet)),
            junit: (args.format == ReportFormat::Junit).then(|| Suite::new(&name, config.quiet)),
            renderer: renderer.as_ref(),
            allow_encoding: config.allow_encoding,
            notes: FileNotes::default(),
        };
        let threads = threads_per_input;
        render_input(
            input,
            (&config.options, config.encoding),
            threads,
            &progress,
            (&Sourced { lines: human }, &mut validating),
            emit,
        );
    };
    let printed = in_input_order(&inputs, config.threads, work, |piece: Piece| {
        totals.add(&piece);
        printer.file_output(&piece.output)?;
        if piece.flush {
            printer.flush()?;
        }
        Ok(())
    });
    progress.finish();
    let code = verdict(totals.streams.invalid, totals.failed_files);
    printed
        .and_then(|()| printer.finish(&totals))
        .and_then(|mut out| out.flush())
        .map(|()| code)
        .or_else(|e| closed_pipe(e, code))
}

/// What `validate` writes of one input: every game's diagnostics (capped in human and github
/// output), the encoding guessed, and once for the file, the games that fit both boards and
/// what the caps left out.
struct Validating<'a> {
    formatter: FileFormatter<'a>,
    /// The caps on diagnostics printed (human and github output).
    cap: Option<Cap>,
    /// The file's JUnit suite (junit output), written when the file ends.
    junit: Option<Suite<'a>>,
    /// Human output: findings laid out with their source lines.
    renderer: Option<&'a Renderer>,
    allow_encoding: bool,
    /// Notes told once for the file (games that fit both boards, compact captures).
    notes: FileNotes,
}

impl Validating<'_> {
    /// A finding about the file as a whole, in the file's suite (junit) or its output.
    fn file_problem(&mut self, d: &Diagnostic, piece: &mut Piece) -> io::Result<()> {
        match &mut self.junit {
            Some(suite) => {
                suite.file_problem(d);
                Ok(())
            }
            None => match self.renderer {
                Some(renderer) if !self.formatter.quiet || d.is_error() => {
                    let f = &self.formatter;
                    let text = snippet::render(renderer, f.file, 0, d, &[]);
                    writeln!(piece.output, "{text}\n")
                }
                Some(_) => Ok(()),
                None => self.formatter.file_problem(&mut piece.output, d),
            },
        }
    }

    /// The findings of a game in human output, each followed by an empty line.
    fn snippets(
        &self,
        renderer: &Renderer,
        report: &GameReport,
        lines: &[SourceLine],
        out: &mut Vec<u8>,
    ) -> io::Result<()> {
        let f = &self.formatter;
        for d in &report.diagnostics {
            if f.quiet && d.severity != Severity::Error {
                continue;
            }
            let text = snippet::render(renderer, f.file, report.index, d, lines);
            writeln!(out, "{text}\n")?;
        }
        Ok(())
    }

    /// Writes the file's suite (junit), once the file is done.
    fn end(&mut self, piece: &mut Piece) -> io::Result<()> {
        match self.junit.take() {
            Some(suite) => suite.finish(&mut piece.output),
            None => Ok(()),
        }
    }
}

impl Render for Validating<'_> {
    type Job = Sourced;

    fn detection(&mut self, detection: &Detection, piece: &mut Piece) -> io::Result<()> {
        if self.allow_encoding {
            return Ok(());
        }
        match guessed(detection) {
            Some(d) => self.file_problem(&d, piece),
            None => Ok(()),
        }
    }

    fn game(
        &mut self,
        (mut report, lines): (GameReport, Vec<SourceLine>),
        piece: &mut Piece,
    ) -> io::Result<()> {
        self.notes.take(&mut report);
        if let Some(suite) = &mut self.junit {
            suite.game(&report);
            return Ok(());
        }
        let omitted = match &mut self.cap {
            Some(cap) => cap.trim(&mut report),
            None => 0,
        };
        match self.renderer {
            Some(renderer) => self.snippets(renderer, &report, &lines, &mut piece.output)?,
            None => self.formatter.game(&mut piece.output, &report)?,
        }
        if omitted > 0 {
            let line = omitted_line(omitted, Some(report.index));
            self.formatter.omitted(&mut piece.output, &line)?;
        }
        Ok(())
    }

    fn finish(&mut self, piece: &mut Piece) -> io::Result<()> {
        let notes: Vec<Diagnostic> = self.notes.notes().collect();
        for note in notes {
            self.file_problem(&note, piece)?;
        }
        let omitted = self.cap.as_ref().map_or(0, |cap| cap.file_omitted);
        if omitted > 0 {
            let f = &self.formatter;
            f.omitted(&mut piece.output, &omitted_line(omitted, None))?;
        }
        self.end(piece)
    }

    fn unreadable(&mut self, why: &Unreadable, piece: &mut Piece) -> io::Result<()> {
        self.file_problem(why, piece)?;
        self.end(piece)
    }
}
