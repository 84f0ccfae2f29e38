//! The progress bar, validating an input with it, and the work on one input in pieces
//! ([`render_input`]).

use super::args::Config;
use super::inputs::{Input, Unreadable};
use super::ordered::Emit;
use indicatif::{ProgressBar, ProgressStyle};
use pdnkit::diagnostic::{Diagnostic, Kind};
use pdnkit::encoding::Detection;
use pdnkit::validate::{GameReport, GameSink, StreamTotals, check_stream_parallel};
use std::io::{self, Write};

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

    /// `out` with the bar taken off the terminal while each write is made, so that no stale
    /// bar line is left among the lines written.
    pub fn around<W: Write>(&self, out: W) -> AroundBar<W> {
        AroundBar {
            out,
            bar: self.bar.clone(),
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
    /// The input was read to its end: what is said once for it.
    fn finish(&mut self, _piece: &mut Piece) -> io::Result<()> {
        Ok(())
    }
    /// The input could not be read, or not to its end.
    fn unreadable(&mut self, why: &Unreadable, piece: &mut Piece) -> io::Result<()>;
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
    let _ = match &problem {
        Some(why) => sink.render.unreadable(why, &mut piece),
        None => sink.render.finish(&mut piece),
    };
    piece.end = Some(problem.is_some());
    let _ = (sink.emit)(piece);
}

/// A writer that suspends a progress bar while it writes (see [`Progress::around`]).
pub struct AroundBar<W> {
    out: W,
    bar: ProgressBar,
}

impl<W: Write> Write for AroundBar<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let out = &mut self.out;
        self.bar.suspend(|| {
            out.write_all(buf)?;
            out.flush()
        })?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let out = &mut self.out;
        self.bar.suspend(|| out.flush())
    }
}

/// Validates every game of `input` on `threads` threads into `sink`, moving the progress bar
/// as bytes are read. Returns why the input could not be read (completely), if it could not:
/// `io` (`cannot read: ...`, `read failed: ...`) or `binary`.
pub fn check_input(
    input: &Input,
    config: &Config,
    progress: &Progress,
    threads: usize,
    sink: &mut dyn GameSink,
) -> Option<Unreadable> {
    let reader = match input.open() {
        Ok(reader) => reader,
        Err(e) => return Some(e),
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
    result.err().map(|e| {
        Box::new(Diagnostic::about_file(Kind::Io {
            why: format!("read failed: {e}"),
        }))
    })
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
