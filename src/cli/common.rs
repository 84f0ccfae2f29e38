//! What the subcommands that read PDN share: options turned into a validated [`Config`]
//! before any work starts, the progress bar, and the work on one input ([`render_input`]).

use super::GameTypeArg;
use super::inputs::Input;
use super::ordered::Emit;
use indicatif::{ProgressBar, ProgressStyle};
use pdnkit::encoding::{Detection, TextEncoding};
use pdnkit::validate::{GameReport, GameSink, Options, StreamTotals, check_stream_parallel};
use std::io::{self, IsTerminal, Write};

#[derive(clap::Args, Clone)]
pub struct CommonArgs {
    /// Game type of games without a GameType tag: 41 = Spantsiretti (10x8), 25 = Russian (8x8).
    #[arg(long, value_enum, default_value = "41")]
    default_game_type: GameTypeArg,
    /// Text encoding of the input: auto, utf-8, windows-1251, cp866 or latin1. `auto` reads
    /// UTF-8 (with or without BOM) and otherwise guesses the code page from the text.
    #[arg(long, default_value = "auto", value_name = "ENCODING")]
    encoding: String,
    /// Worker threads: files are checked in parallel, and a single large file is split at
    /// game boundaries; output stays in input order. Default and most: one per core.
    #[arg(short = 'j', long, value_name = "N")]
    threads: Option<usize>,
    /// Print errors only (no warnings, notes or summary in human output).
    #[arg(short, long)]
    quiet: bool,
    /// Deviations from the PDN standard (warnings) become errors.
    #[arg(long)]
    strict: bool,
    /// Never show a progress bar (it is only shown when stderr is a terminal anyway).
    #[arg(long)]
    no_progress: bool,
}

pub struct Config {
    pub options: Options,
    /// None: detect per file.
    pub encoding: Option<TextEncoding>,
    pub threads: usize,
    pub quiet: bool,
    pub progress: bool,
}

impl CommonArgs {
    pub fn config(&self) -> Result<Config, String> {
        let encoding = if self.encoding.eq_ignore_ascii_case("auto") {
            None
        } else {
            Some(TextEncoding::parse_name(&self.encoding).ok_or_else(|| {
                format!(
                    "unknown encoding \"{}\"; use auto, utf-8, windows-1251, cp866 or latin1",
                    self.encoding
                )
            })?)
        };
        // More threads than cores would not be faster, only hold more memory.
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let threads = match self.threads {
            Some(0) => return Err("--threads must be at least 1".to_string()),
            Some(n) => n.min(cores),
            None => cores,
        };
        Ok(Config {
            options: Options {
                default_variant: self.default_game_type.variant(),
                strict: self.strict,
                ..Options::default()
            },
            encoding,
            threads,
            quiet: self.quiet,
            progress: !self.no_progress && !self.quiet && std::io::stderr().is_terminal(),
        })
    }
}

/// A progress bar over the bytes of all inputs, on stderr, only on a terminal.
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    pub fn new(inputs: &[Input], config: &Config) -> Progress {
        if !config.progress {
            return Progress {
                bar: ProgressBar::hidden(),
            };
        }
        let total: u64 = inputs.iter().filter_map(Input::size).sum();
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {wide_bar} {bytes}/{total_bytes} ({bytes_per_sec}, {eta})",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Progress { bar }
    }

    pub fn advance(&self, bytes: u64) {
        self.bar.inc(bytes);
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }

    /// Writes `bytes` on standard error, the bar put aside meanwhile. A failing standard
    /// error is ignored: there is nowhere else to say anything.
    pub fn print(&self, bytes: &[u8]) {
        if !bytes.is_empty() {
            self.bar.suspend(|| {
                let _ = io::stderr().lock().write_all(bytes);
            });
        }
    }
}

/// What the work on one input hands on, in pieces of about [`PIECE_BYTES`] (or one game, if
/// larger): output for standard output, messages for standard error, and the games counted
/// since the previous piece. The last piece of an input says whether it could be read.
#[derive(Default)]
pub struct Piece {
    pub output: Vec<u8>,
    pub messages: Vec<u8>,
    pub tally: StreamTotals,
    /// Set on the last piece: true if the input could not be read (in full).
    pub end: Option<bool>,
}

/// Output gathered before a piece is handed on.
const PIECE_BYTES: usize = 32 << 10;

/// How a subcommand writes what validation finds into pieces.
pub trait Render {
    /// The encoding chosen for the input, before any game.
    fn detection(&mut self, detection: &Detection, piece: &mut Piece) -> io::Result<()>;
    fn game(&mut self, report: GameReport, piece: &mut Piece) -> io::Result<()>;
    /// The input could not be read, or not to its end (`message` says why).
    fn unreadable(&mut self, message: &str, piece: &mut Piece) -> io::Result<()>;
}

/// Validates `input` on `threads` threads, rendering what is found into pieces handed to
/// `emit` as they fill, then a last piece. Stops as soon as `emit` fails.
pub fn render_input(
    input: &Input,
    config: &Config,
    threads: usize,
    progress: &Progress,
    render: &mut dyn Render,
    emit: &mut Emit<Piece>,
) {
    let mut sink = Pieces {
        render,
        piece: Piece::default(),
        emit,
        emit_failed: false,
    };
    let problem = check_input(input, config, progress, threads, &mut sink);
    if sink.emit_failed {
        return; // the output is gone: nothing more to say
    }
    let mut piece = std::mem::take(&mut sink.piece);
    if let Some(message) = &problem {
        let _ = sink.render.unreadable(message, &mut piece);
    }
    piece.end = Some(problem.is_some());
    let _ = (sink.emit)(piece);
}

/// Validates every game of `input` on `threads` threads into `sink`, moving the progress bar
/// as bytes are read. Returns why the input could not be read (completely), if it could not:
/// `cannot read: ...` or `read failed: ...`.
pub fn check_input(
    input: &Input,
    config: &Config,
    progress: &Progress,
    threads: usize,
    sink: &mut dyn GameSink,
) -> Option<String> {
    let reader = match input.open() {
        Ok(reader) => reader,
        Err(e) => return Some(format!("cannot read: {e}")),
    };
    let mut sink = ProgressSink {
        inner: sink,
        progress,
        read: 0,
        shown: 0,
    };
    let result = check_stream_parallel(
        reader,
        &config.options,
        config.encoding,
        threads,
        &mut sink,
        &mut StreamTotals::default(),
    );
    sink.show();
    result.err().map(|e| format!("read failed: {e}"))
}

/// Bytes read between two moves of the progress bar (each move costs more than a game).
const PROGRESS_STEP: u64 = 64 << 10;

/// Hands every game on to `inner` and moves the progress bar.
struct ProgressSink<'a> {
    inner: &'a mut dyn GameSink,
    progress: &'a Progress,
    /// Bytes read, and bytes shown by the progress bar.
    read: u64,
    shown: u64,
}

impl ProgressSink<'_> {
    /// Moves the progress bar over every byte read so far.
    fn show(&mut self) {
        self.progress.advance(self.read.saturating_sub(self.shown));
        self.shown = self.shown.max(self.read);
    }
}

impl GameSink for ProgressSink<'_> {
    fn detection(&mut self, detection: &Detection) -> io::Result<()> {
        self.inner.detection(detection)
    }

    fn game(&mut self, report: GameReport) -> io::Result<()> {
        self.inner.game(report)
    }

    fn progress(&mut self, bytes: u64) {
        self.read = bytes;
        if bytes.saturating_sub(self.shown) >= PROGRESS_STEP {
            self.show();
        }
    }
}

/// The sink of [`render_input`].
struct Pieces<'a> {
    render: &'a mut dyn Render,
    piece: Piece,
    emit: &'a mut Emit<'a, Piece>,
    emit_failed: bool,
}

impl Pieces<'_> {
    fn hand_on_if_full(&mut self) -> io::Result<()> {
        let piece = &self.piece;
        if piece.output.len() + piece.messages.len() < PIECE_BYTES {
            return Ok(());
        }
        let result = (self.emit)(std::mem::take(&mut self.piece));
        self.emit_failed |= result.is_err();
        result
    }
}

impl GameSink for Pieces<'_> {
    fn detection(&mut self, detection: &Detection) -> io::Result<()> {
        self.render.detection(detection, &mut self.piece)
    }

    fn game(&mut self, report: GameReport) -> io::Result<()> {
        self.piece.tally.count_game(&report);
        self.render.game(report, &mut self.piece)?;
        self.hand_on_if_full()
    }
}
