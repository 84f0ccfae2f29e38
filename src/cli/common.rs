//! The progress bar, validating an input with it, and running work on every input in input
//! order.

use super::args::Config;
use super::inputs::{Input, Unreadable};
use indicatif::{ProgressBar, ProgressStyle};
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

    /// `out` with the bar taken off the terminal while each write is made, so that no stale
    /// bar line is left among the lines written.
    pub fn around<W: Write>(&self, out: W) -> AroundBar<W> {
        AroundBar {
            out,
            bar: self.bar.clone(),
        }
    }
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
        seen: 0,
    };
    let mut totals = StreamTotals::default();
    check_stream_parallel(
        reader,
        &config.options,
        config.encoding,
        threads,
        &mut sink,
        &mut totals,
    )
    .err()
    .map(|e| Unreadable {
        code: pdnkit::diagnostic::code::IO,
        message: format!("read failed: {e}"),
    })
}

/// Hands every game on to `inner` and moves the progress bar.
struct ProgressSink<'a> {
    inner: &'a mut dyn GameSink,
    progress: &'a Progress,
    seen: u64,
}

impl GameSink for ProgressSink<'_> {
    fn detection(&mut self, detection: &Detection) -> std::io::Result<()> {
        self.inner.detection(detection)
    }

    fn game(&mut self, report: GameReport) -> std::io::Result<()> {
        self.inner.game(report)
    }

    fn progress(&mut self, bytes: u64) {
        self.progress.advance(bytes.saturating_sub(self.seen));
        self.seen = bytes;
    }
}

/// Runs `work` on every input, on `threads` threads, and hands each result to `record` in
/// input order, as soon as it and every result before it are ready.
pub fn in_input_order<T: Send>(
    inputs: &[Input],
    threads: usize,
    work: impl Fn(&Input) -> T + Sync,
    mut record: impl FnMut(T) -> std::io::Result<()>,
) -> std::io::Result<()> {
    if threads <= 1 || inputs.len() <= 1 {
        for input in inputs {
            record(work(input))?;
        }
        return Ok(());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(std::io::Error::other)?;
    let (sender, receiver) = std::sync::mpsc::channel();
    let work = &work;
    pool.in_place_scope(|scope| {
        for (index, input) in inputs.iter().enumerate() {
            let sender = sender.clone();
            scope.spawn(move |_| {
                let _ = sender.send((index, work(input)));
            });
        }
        drop(sender);
        let mut waiting = std::collections::BTreeMap::new();
        let mut next = 0;
        for (index, result) in receiver {
            waiting.insert(index, result);
            while let Some(result) = waiting.remove(&next) {
                record(result)?;
                next += 1;
            }
        }
        Ok(())
    })
}
