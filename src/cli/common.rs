//! Options shared by the subcommands that read PDN, turned into a validated [`Config`]
//! before any work starts, and the progress bar.

use super::GameTypeArg;
use super::inputs::Input;
use indicatif::{ProgressBar, ProgressStyle};
use pdnkit::encoding::{Detection, TextEncoding};
use pdnkit::validate::{GameReport, GameSink, Options, StreamTotals, check_stream_parallel};
use std::io::IsTerminal;

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
    /// game boundaries; output stays in input order. Default: one per core.
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
        let threads = match self.threads {
            Some(0) => return Err("--threads must be at least 1".to_string()),
            Some(n) => n,
            None => std::thread::available_parallelism().map_or(1, usize::from),
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
    .map(|e| format!("read failed: {e}"))
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
