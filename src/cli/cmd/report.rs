//! `pdnkit report`: validate like `validate` does and write one self-contained HTML page
//! (summary, charts, every invalid game on its board, a viewer per game) built by
//! [`crate::html`]. The exit code is validate's.

use crate::check::{DoneSink, GameCount, GameJob, GameReport, Options, ReadGame};
use crate::cli::args::{self, CommonArgs, Config};
use crate::cli::run::exit::verdict;
use crate::cli::run::inputs::Input;
use crate::cli::run::ordered::{Emit, in_input_order};
use crate::cli::run::output::{Output, Sources, refused};
use crate::cli::run::progress::{self, Progress};
use crate::diagnostic::render;
use crate::html::contents::{Contents, Limits};
use crate::html::page::{PageInfo, write_page};
use crate::stats::Counting;
use crate::text::encoding::Detection;
use crate::text::escape;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Write an HTML report: summary, charts, every invalid game on its board, a game viewer.
///
/// Every game is replayed as `validate` does. The page is one file with no external
/// resource: it opens from disk in any current browser and can be kept as a CI artifact.
/// Every invalid game is shown (up to --max-invalid) with its diagnostics and its viewer
/// opened before the move that failed; the first --max-games valid games get a viewer too.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    pdnkit report archive/ -o report.html\n  \
    pdnkit report games.pdn --max-games 1000 -o games.html\n\n\
    Exit codes: 0 every game valid, 1 at least one game invalid, 2 usage error, unreadable \
    input or page not written.")]
pub struct ReportArgs {
    /// Files, directories (searched recursively for *.pdn), or - for standard input. None:
    /// standard input when it is a pipe or a file, else the current directory.
    paths: Vec<PathBuf>,
    /// Write the page to FILE (replaced whole, never half-written); - or none: standard
    /// output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Valid games shown in full (with a viewer), the first ones in input order.
    #[arg(long, value_name = "N", default_value_t = Limits::default().valid)]
    max_games: usize,
    /// Invalid games shown in full (board, diagnostics, viewer), the first ones in input
    /// order; every one is counted.
    #[arg(long, value_name = "N", default_value_t = Limits::default().invalid)]
    max_invalid: usize,
    #[command(flatten)]
    common: CommonArgs,
}

pub fn run(args: ReportArgs) -> io::Result<u8> {
    let (config, inputs) = match args::start(args.common.config(), |c| c, &args.paths) {
        Ok(started) => started,
        Err(code) => return Ok(code),
    };
    let limits = Limits {
        valid: args.max_games,
        invalid: args.max_invalid,
    };
    // Opened before any input is read, so that a refused target costs nothing.
    let mut output = match Output::open(args.output.as_deref(), &Sources::of_inputs(&inputs)) {
        Ok(output) => output,
        Err(e) => {
            return refused(&e.to_string());
        }
    };
    let progress = Progress::new(&inputs, config.progress);
    let mut contents = Contents::new(limits);
    // Games kept so far by the merged contents: a file read in parallel keeps no more than
    // the limits leave (the merge, in input order, drops any excess).
    let kept = [AtomicUsize::new(0), AtomicUsize::new(0)];
    let threads = if inputs.len() == 1 { config.threads } else { 1 };
    let work = |input: &Input, emit: &mut Emit<(Contents, Option<String>)>| {
        let left = Limits {
            valid: limits.valid.saturating_sub(kept[0].load(Ordering::Relaxed)),
            invalid: limits
                .invalid
                .saturating_sub(kept[1].load(Ordering::Relaxed)),
        };
        let _ = emit(read_input(input, &config, &progress, threads, left));
    };
    in_input_order(&inputs, config.threads, work, |(file, problem)| {
        if let Some(problem) = problem {
            progress.print(format!("{problem}\n").as_bytes());
        }
        contents.merge(file);
        let (valid, invalid) = contents.kept();
        kept[0].store(valid, Ordering::Relaxed);
        kept[1].store(invalid, Ordering::Relaxed);
        Ok(())
    })?;
    progress.finish();
    let stats = contents.stats();
    let code = verdict(stats.invalid(), stats.unreadable_files());
    let names: Vec<String> = if args.paths.is_empty() {
        vec!["<stdin>".to_string()]
    } else {
        args.paths.iter().map(|p| escape::file_name(p)).collect()
    };
    let page = write_page(&contents, &PageInfo { inputs: &names });
    match output
        .write_all(page.as_bytes())
        .and_then(|()| output.commit())
    {
        Ok(()) => Ok(code),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(code),
        Err(e) => refused(&e.to_string()),
    }
}

/// Reads one input into contents of its own; the second value is an `io` problem to
/// report, if any.
fn read_input(
    input: &Input,
    config: &Config,
    progress: &Progress,
    threads: usize,
    limits: Limits,
) -> (Contents, Option<String>) {
    let name = input.name();
    let mut contents = Contents::new(limits);
    contents.begin_file(&name);
    // The statistics count the moves from their tally.
    let options = Options {
        tally_moves: true,
        ..config.options
    };
    let room = [
        AtomicUsize::new(limits.valid),
        AtomicUsize::new(limits.invalid),
    ];
    let job = Paging {
        counting: Counting::default(),
        room: &room,
    };
    let mut sink = Gathering {
        contents: &mut contents,
        room: &room,
    };
    let problem = progress::read_input(
        input,
        (&options, config.encoding),
        progress,
        threads,
        &job,
        &mut sink,
    );
    let problem = problem.map(|p| {
        contents.file_unreadable(p.message());
        render::human(&name, 0, &p).to_string()
    });
    (contents, problem)
}

/// What the workers make of a game for the page: its whole report while the page may still
/// keep a game of its kind, and the game counted for the statistics ([`Counting`]).
type Paged = (Option<GameReport>, <Counting as GameJob>::Done);

/// The job of the report's reading: each game counted where it is read, so that the thread
/// that gathers the contents only adds counts (and keeps the first games).
#[derive(Clone)]
struct Paging<'a> {
    counting: Counting,
    /// Room left for valid then invalid games in the contents of the input, as the gathering
    /// thread last told it: it only shrinks, so a game seen with no room cannot be kept.
    room: &'a [AtomicUsize; 2],
}

impl GameJob for Paging<'_> {
    type Done = Paged;

    fn work(&mut self, game: ReadGame<'_>) -> Paged {
        let kind = usize::from(!game.report.valid());
        let room = self.room[kind].load(Ordering::Relaxed);
        let whole = (room > 0).then(|| game.report.clone());
        (whole, self.counting.work(game))
    }
}

/// Gathers what [`Paging`] made into the contents of an input, telling the workers the room
/// left.
struct Gathering<'a> {
    contents: &'a mut Contents,
    room: &'a [AtomicUsize; 2],
}

impl DoneSink<Paged> for Gathering<'_> {
    fn detection(&mut self, detection: &Detection) -> io::Result<()> {
        self.contents.detection(detection);
        Ok(())
    }

    fn done(&mut self, (whole, counted): Paged, count: GameCount) -> io::Result<()> {
        self.contents.add_counted(whole, counted, count);
        let (valid, invalid) = self.contents.room();
        self.room[0].store(valid, Ordering::Relaxed);
        self.room[1].store(invalid, Ordering::Relaxed);
        Ok(())
    }
}
