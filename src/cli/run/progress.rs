//! The progress bar, validating an input with it, and the work on one input in pieces
//! ([`render_input`]).

use crate::check::{DoneSink, GameCount, GameJob, Options, StreamTotals, read_stream_parallel};
use crate::cli::run::inputs::{Input, Unreadable};
use crate::cli::run::ordered::Emit;
use crate::cli::run::output::WRITE_BUFFER;
use crate::diagnostic::{Diagnostic, Kind};
use crate::text::encoding::{Detection, TextEncoding};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{self, Write};

/// A progress bar over the bytes of all inputs, on stderr, only on a terminal.
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar over `inputs`, hidden unless `shown`.
    pub fn new(inputs: &[Input], shown: bool) -> Progress {
        if !shown {
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
    /// The input has nothing more for now: the output is to be flushed after this piece.
    pub flush: bool,
}

impl Piece {
    /// Hands this piece on, leaving an empty one with room for as much output and messages
    /// (the next piece is most often as large: it is written without growing).
    fn take(&mut self) -> Piece {
        let next = Piece {
            output: Vec::with_capacity(self.output.capacity()),
            messages: Vec::with_capacity(self.messages.capacity()),
            ..Piece::default()
        };
        std::mem::replace(self, next)
    }
}

/// Output gathered before a piece is handed on: as much as the output's buffer holds, so that
/// a full piece is written straight through it rather than copied into it.
const PIECE_BYTES: usize = WRITE_BUFFER;

/// How a subcommand writes what its job made of each game into pieces (in input order).
pub trait Render {
    /// What is made of each game where it is read.
    type Job: GameJob;
    /// The encoding chosen for the input, before any game.
    fn detection(&mut self, detection: &Detection, piece: &mut Piece) -> io::Result<()>;
    fn game(&mut self, done: <Self::Job as GameJob>::Done, piece: &mut Piece) -> io::Result<()>;
    /// The input was read to its end: what is said once for it.
    fn finish(&mut self, _piece: &mut Piece) -> io::Result<()> {
        Ok(())
    }
    /// The input could not be read, or not to its end.
    fn unreadable(&mut self, why: &Unreadable, piece: &mut Piece) -> io::Result<()>;
}

/// Reads `input` on `threads` threads, `job` working on each game, rendering what it made
/// into pieces handed to `emit` as they fill, then a last piece. Stops as soon as `emit`
/// fails.
pub fn render_input<R: Render>(
    input: &Input,
    (options, encoding): (&Options, Option<TextEncoding>),
    threads: usize,
    progress: &Progress,
    (job, render): (&R::Job, &mut R),
    emit: &mut Emit<Piece>,
) {
    let mut sink = Pieces {
        render,
        piece: Piece::default(),
        emit,
        emit_failed: false,
    };
    let problem = read_input(
        input,
        (options, encoding),
        progress,
        threads,
        job,
        &mut sink,
    );
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

/// Files smaller than this are read on the calling thread: a block of the parallel reading
/// or less, nothing to share out, and no threads to start for each of many small files.
const SMALL_INPUT: u64 = 64 << 10;

/// The worker threads to read `input` with, given `threads` for it (0: none, read on the
/// calling thread). A file is read on the calling thread when one worker would do all the
/// work anyway (a file never makes the reader wait, so nothing is gained by reading it
/// apart); a pipe is read apart even for one worker, so that what it gives slowly is shown
/// as it comes ([`crate::check::DoneSink::idle`]).
pub fn threads_for(input: &Input, threads: usize) -> usize {
    match input.size() {
        Some(size) if size < SMALL_INPUT || threads <= 1 => 0,
        _ => threads,
    }
}

/// Reads every game of `input` on `threads` threads, `job` working on each, into `sink`,
/// moving the progress bar as bytes are read. Returns why the input could not be read
/// (completely), if it could not: `io` (`cannot read: ...`, `read failed: ...`) or `binary`.
pub fn read_input<J: GameJob>(
    input: &Input,
    (options, encoding): (&Options, Option<TextEncoding>),
    progress: &Progress,
    threads: usize,
    job: &J,
    sink: &mut dyn DoneSink<J::Done>,
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
    let result = read_stream_parallel(
        reader,
        options,
        encoding,
        threads_for(input, threads),
        job,
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
struct ProgressSink<'a, D> {
    inner: &'a mut dyn DoneSink<D>,
    progress: &'a Progress,
    /// Bytes read, and bytes shown by the progress bar.
    read: u64,
    shown: u64,
}

impl<D> ProgressSink<'_, D> {
    /// Moves the progress bar over every byte read so far.
    fn show(&mut self) {
        self.progress.advance(self.read.saturating_sub(self.shown));
        self.shown = self.shown.max(self.read);
    }
}

impl<D> DoneSink<D> for ProgressSink<'_, D> {
    fn detection(&mut self, detection: &Detection) -> io::Result<()> {
        self.inner.detection(detection)
    }

    fn done(&mut self, done: D, count: GameCount) -> io::Result<()> {
        self.inner.done(done, count)
    }

    fn idle(&mut self) -> io::Result<()> {
        self.show();
        self.inner.idle()
    }

    fn progress(&mut self, bytes: u64) {
        self.read = bytes;
        if bytes.saturating_sub(self.shown) >= PROGRESS_STEP {
            self.show();
        }
    }
}

/// The sink of [`render_input`].
struct Pieces<'a, R> {
    render: &'a mut R,
    piece: Piece,
    emit: &'a mut Emit<'a, Piece>,
    emit_failed: bool,
}

impl<R> Pieces<'_, R> {
    fn hand_on_if_full(&mut self) -> io::Result<()> {
        let piece = &self.piece;
        if piece.output.len() + piece.messages.len() < PIECE_BYTES {
            return Ok(());
        }
        let result = (self.emit)(self.piece.take());
        self.emit_failed |= result.is_err();
        result
    }
}

impl<R: Render> DoneSink<<R::Job as GameJob>::Done> for Pieces<'_, R> {
    fn detection(&mut self, detection: &Detection) -> io::Result<()> {
        self.render.detection(detection, &mut self.piece)
    }

    fn done(&mut self, done: <R::Job as GameJob>::Done, count: GameCount) -> io::Result<()> {
        self.piece.tally.count(count);
        self.render.game(done, &mut self.piece)?;
        self.hand_on_if_full()
    }

    fn idle(&mut self) -> io::Result<()> {
        self.piece.flush = true;
        let result = (self.emit)(self.piece.take());
        self.emit_failed |= result.is_err();
        result
    }
}
