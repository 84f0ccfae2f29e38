//! What the archive commands (`positions`, `select`, `dedupe`, `split`, `merge`) share:
//! reading every input in input order, game by game, with the game's bytes, the progress bar,
//! and the report of inputs that cannot be read.

use crate::check::{
    DoneSink, GameCount, GameJob, GameReport, Needs, ReadGame, StreamTotals, read_stream_parallel,
};
use crate::cli::args::{self, CommonArgs, Config};
use crate::cli::print::validation::{FileFormatter, ReportFormat};
use crate::cli::run::inputs::Input;
use crate::cli::run::output::{Output, Sources, tell_error};
use crate::cli::run::progress::Progress;
use crate::cli::stderr::fold::{FileNotes, Taken};
use crate::diagnostic::{Diagnostic, Kind};
use crate::text::encoding::{Detection, TextEncoding, decode};
use crate::write::as_written::{self, Open};
use crate::write::{Canonical, GameText, PdnOptions, comments_between, write_game};
use std::borrow::Cow;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// An input as the games read from it name it.
pub struct Source<'a> {
    /// Position among the inputs, from 0.
    pub index: usize,
    /// The input's name, as `validate` prints it (`<stdin>` for standard input).
    pub name: &'a str,
    progress: &'a Progress,
}

impl Source<'_> {
    /// Prints `message` on standard error (around the progress bar).
    pub fn tell(&self, message: &[u8]) {
        self.progress.print(message);
    }
}

/// What reading the inputs came to.
#[derive(Default)]
pub struct Reading {
    pub totals: StreamTotals,
    pub files: usize,
    /// Inputs that could not be read, or not to their end.
    pub unreadable: usize,
}

/// The inputs of a run and the names their games are reported under.
pub struct Inputs {
    list: Vec<Input>,
    names: Vec<String>,
}

impl Inputs {
    pub fn new(list: Vec<Input>) -> Inputs {
        let names = list.iter().map(Input::name).collect();
        Inputs { list, names }
    }

    /// The inputs, in order.
    pub fn list(&self) -> &[Input] {
        &self.list
    }

    /// The names of the inputs, in order.
    pub fn names(&self) -> &[String] {
        &self.names
    }
}

/// What a run starts from: the configuration, the inputs, and the output opened (before any
/// input is read, so that a refused output costs nothing).
pub struct Start {
    pub config: Config,
    pub inputs: Inputs,
    pub output: Output,
}

/// Validates the shared options and opens the output (`-o FILE`, else standard output); on
/// a problem, says it and gives the exit code.
pub fn start(common: &CommonArgs, paths: &[PathBuf], output: Option<&Path>) -> Result<Start, u8> {
    let (config, inputs) = args::start(common.config(), |c| c, paths)?;
    let output = open_output(output, &Sources::of_inputs(&inputs))?;
    Ok(Start {
        config,
        inputs: Inputs::new(inputs),
        output,
    })
}

/// Opens `path` (standard output for `None` or `-`) by the rules of [`Output::open`]; on a
/// refusal, says why and gives the exit code.
pub fn open_output(path: Option<&Path>, sources: &Sources) -> Result<Output, u8> {
    Output::open(path, sources).map_err(|e| {
        tell_error(&e.to_string());
        crate::cli::run::exit::EXIT_FAILURE
    })
}

/// Writes games into one archive, separated by a blank line: as they were written
/// (re-encoded to UTF-8), or as canonical PDN.
#[derive(Default)]
pub struct GameWriter {
    /// Games and paragraphs between them written (each after the first follows a blank
    /// line).
    paragraphs: usize,
    games: usize,
    canonical: Option<PdnOptions>,
    /// How the last game written as written may be continued, and the result that closes it.
    open: Option<(Open, &'static str)>,
}

impl GameWriter {
    /// A writer of canonical PDN (the games must be read with [`Needs::CANONICAL`]).
    pub fn canonical(options: PdnOptions) -> GameWriter {
        GameWriter {
            canonical: Some(options),
            ..GameWriter::default()
        }
    }

    /// Writes `game` (made for this writer: [`ToWrite::new`] with [`Self::options`]), ending
    /// with a line break.
    pub fn write(&mut self, out: &mut dyn Write, game: &ToWrite) -> io::Result<()> {
        self.write_made(out, &game.text, game.open)
    }

    /// Writes a game made canonical ([`canonical`]), ending with a line break.
    pub fn write_canonical(&mut self, out: &mut dyn Write, canonical: Canonical) -> io::Result<()> {
        self.write_canonical_text(out, &canonical.text)
    }

    fn write_canonical_text(&mut self, out: &mut dyn Write, text: &str) -> io::Result<()> {
        if self.paragraphs > 0 {
            out.write_all(b"\n")?;
        }
        self.paragraphs += 1;
        self.games += 1;
        out.write_all(text.as_bytes())
    }

    /// The options of canonical PDN, if the writer writes it.
    pub fn options(&self) -> Option<PdnOptions> {
        self.canonical
    }

    /// The text a writer with these `options` ([`Self::options`]) writes for `game`, made
    /// apart (on a worker) to be written later with [`Self::write_made`], and how it may
    /// be continued (canonical PDN ends with its result).
    pub fn made(options: Option<&PdnOptions>, game: &ReadGame<'_>) -> (String, Open) {
        match options {
            Some(options) => (canonical(game, options).text, Open::Closed),
            None => {
                let (bytes, _) =
                    as_written::to_write(Cow::Borrowed(&game.bytes), game.offset, game.hole);
                let text = decode(&bytes, game.encoding).into_owned();
                (text, Open::of(&game.tokens))
            }
        }
    }

    /// Writes a game's text as [`Self::made`] made it, as [`Self::write`] writes the game.
    pub fn write_made(&mut self, out: &mut dyn Write, text: &str, open: Open) -> io::Result<()> {
        match self.canonical {
            Some(_) => self.write_canonical_text(out, text),
            None => self.write_text(out, text, open),
        }
    }

    /// Writes a game's text as it was written (decoded), ending with a line break (a
    /// writer of canonical PDN too writes it as it is), `open` saying how the reader left
    /// it ([`Open::of`]). A game without a result that the game after it would continue
    /// when read back is closed first ([`crate::write::as_written`]).
    pub fn write_text(&mut self, out: &mut dyn Write, text: &str, open: Open) -> io::Result<()> {
        if let Some((open, result)) = self.open.take()
            && as_written::continued_by(open, text.as_bytes())
        {
            out.write_all(b"\n")?;
            out.write_all(result.as_bytes())?;
            out.write_all(b"\n")?;
        }
        self.open = match open {
            Open::Closed => None,
            open => Some((open, as_written::closing_result(text.as_bytes()))),
        };
        if self.paragraphs > 0 {
            out.write_all(b"\n")?;
        }
        self.paragraphs += 1;
        self.games += 1;
        out.write_all(text.as_bytes())?;
        out.write_all(b"\n")
    }

    /// Writes text that stands between games (comments), ending with a line break, as a
    /// paragraph of its own; nothing if `text` is empty.
    pub fn write_between(&mut self, out: &mut dyn Write, text: &str) -> io::Result<()> {
        if text.is_empty() {
            return Ok(());
        }
        if self.paragraphs > 0 {
            out.write_all(b"\n")?;
        }
        self.paragraphs += 1;
        out.write_all(text.as_bytes())
    }

    /// What the games must be read with to be written: canonical PDN is written from the
    /// tags and the replayed moves, a game as written from its bytes (and its tokens, which
    /// say how it may be continued: [`Open::of`]).
    pub fn needs(&self) -> Needs {
        match self.canonical {
            Some(_) => Needs::CANONICAL,
            None => Needs {
                tokens: true,
                ..Needs::BYTES
            },
        }
    }

    /// Games written.
    pub fn games(&self) -> usize {
        self.games
    }
}

/// A game as a [`GameWriter`] takes it, made on the worker: the text the writer writes for it
/// ([`GameWriter::made`]: decoded, or canonical PDN) and how it may be continued, with its
/// report without the game (its number, line and diagnostics; its tags if asked), so that the
/// thread that writes it only copies bytes and frees little that another thread made.
pub struct ToWrite {
    pub report: GameReport,
    text: String,
    open: Open,
}

impl ToWrite {
    /// `game` for a writer with these `options` ([`GameWriter::options`]), keeping its
    /// report's `tags` or not.
    pub fn new(game: ReadGame<'_>, options: Option<&PdnOptions>, tags: bool) -> ToWrite {
        let (text, open) = GameWriter::made(options, &game);
        let mut report = game.report;
        let kept = match tags {
            true => std::mem::take(&mut report.tags),
            false => Vec::new(),
        };
        let mut report = report.told_only();
        report.tags = kept;
        ToWrite { report, text, open }
    }

    /// `game` not to be written: its report only (without its tags).
    pub fn unwritten(game: ReadGame<'_>) -> ToWrite {
        ToWrite {
            report: game.report.told_only(),
            text: String::new(),
            open: Open::Closed,
        }
    }

    /// The game's text as the writer writes it.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// How the game may be continued.
    pub fn open(&self) -> Open {
        self.open
    }
}

/// The job that makes each game a [`ToWrite`] for a writer with the options `.0`
/// ([`GameWriter::options`]), keeping the reports' tags if `.1`.
#[derive(Clone, Copy)]
pub struct Writable(pub Option<PdnOptions>, pub bool);

impl GameJob for Writable {
    type Done = ToWrite;
    fn work(&mut self, game: ReadGame<'_>) -> ToWrite {
        ToWrite::new(game, self.0.as_ref(), self.1)
    }
}

/// `game` as canonical PDN (it must be read with [`Needs::CANONICAL`]).
pub fn canonical(game: &ReadGame<'_>, options: &PdnOptions) -> Canonical {
    let text = GameText {
        bytes: &game.bytes,
        offset: game.offset,
        encoding: game.encoding,
        tokens: &game.tokens,
        hole: game.hole,
    };
    write_game(&game.report, &text, options)
}

/// Whether the diagnostics of invalid games are printed on standard error.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum InvalidGames {
    Report,
    /// Only the encoding guessed for an input.
    EncodingOnly,
    Silent,
}

/// Reads every game of every input, in input order, with what `needs` asks of it, the job
/// `job` makes for the input (given its name) working on each game (on the threads the
/// configuration gives), and hands what it made to `handle`. Inputs that cannot be read are reported on standard error (`PATH: error[io]:
/// ...`) and counted; an error of `handle` (writing the output) ends the run and is returned.
pub fn read_inputs<J: GameJob>(
    inputs: &Inputs,
    config: &Config,
    needs: Needs,
    invalid: InvalidGames,
    job: &dyn Fn(&str) -> J,
    handle: &mut dyn Handle<J::Done>,
) -> io::Result<Reading> {
    let progress = Progress::new(&inputs.list, config.progress);
    let mut reading = Reading::default();
    let options = needs.options(&config.options);
    for (index, (input, name)) in inputs.list.iter().zip(&inputs.names).enumerate() {
        let source = Source {
            index,
            name,
            progress: &progress,
        };
        let formatter = FileFormatter {
            format: ReportFormat::Short,
            file: name,
            quiet: config.quiet,
        };
        reading.files += 1;
        let problem = match input.open() {
            Err(why) => Some(why),
            Ok(reader) => {
                let job = Told {
                    job: job(name),
                    file: name.clone(),
                    quiet: config.quiet,
                    report: invalid == InvalidGames::Report,
                };
                let mut sink = Sink {
                    source: &source,
                    formatter: &formatter,
                    invalid,
                    progress: &progress,
                    seen: 0,
                    handle: &mut *handle,
                    failed: None,
                    notes: FileNotes::default(),
                };
                let result = read_stream_parallel(
                    reader,
                    &options,
                    config.encoding,
                    crate::cli::run::progress::threads_for(input, config.threads),
                    &job,
                    &mut sink,
                    &mut reading.totals,
                );
                if let Some(e) = sink.failed {
                    progress.finish();
                    return Err(e);
                }
                let mut message = Vec::new();
                for note in sink.notes.notes() {
                    let _ = formatter.file_problem(&mut message, &note);
                }
                progress.print(&message);
                result.err().map(|e| {
                    Box::new(Diagnostic::about_file(Kind::Io {
                        why: format!("read failed: {e}"),
                    }))
                })
            }
        };
        if let Some(why) = problem {
            reading.unreadable += 1;
            let mut message = Vec::new();
            let _ = formatter.file_problem(&mut message, &why);
            progress.print(&message);
        }
    }
    progress.finish();
    Ok(reading)
}

/// What a command does with what the reading of its inputs hands on, in input order.
pub trait Handle<D> {
    /// What the job made of the next game of `source`.
    fn game(&mut self, source: &Source<'_>, done: D) -> io::Result<()>;

    /// The comments that stand between games of `source` (a preamble, comments after a
    /// game), laid out as canonical PDN writes them between games; told in their place
    /// among the games.
    fn between(&mut self, _source: &Source<'_>, _comments: &str) -> io::Result<()> {
        Ok(())
    }

    /// The input has nothing more for now: what is held is to be written out.
    fn idle(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl<D, F: FnMut(&Source<'_>, D) -> io::Result<()>> Handle<D> for F {
    fn game(&mut self, source: &Source<'_>, done: D) -> io::Result<()> {
        self(source, done)
    }
}

/// The handle of a command that writes each game's output to `out` as it comes (with
/// `write`), flushed whenever the input has nothing more for now.
pub struct Writes<'a, F> {
    pub out: &'a mut Output,
    pub write: F,
}

impl<D, F: FnMut(&mut Output, &Source<'_>, D) -> io::Result<()>> Handle<D> for Writes<'_, F> {
    fn game(&mut self, source: &Source<'_>, done: D) -> io::Result<()> {
        (self.write)(self.out, source, done)
    }

    fn idle(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// A job that also writes the diagnostics of an invalid game (when they are `report`ed), as
/// the human format gives them, without the notes told once for the file (`validate`'s
/// folding, [`FileNotes`]): those are counted, to be told after the file's games.
#[derive(Clone)]
struct Told<J> {
    job: J,
    file: String,
    quiet: bool,
    report: bool,
}

/// What [`Told`] makes of a game: its diagnostics as written, the game's number and the
/// notes folded out of them, and what the job made.
type ToldDone<D> = (Vec<u8>, (usize, Taken), D);

impl<J: GameJob> GameJob for Told<J> {
    type Done = ToldDone<J::Done>;

    fn work(&mut self, game: ReadGame<'_>) -> Self::Done {
        let mut message = Vec::new();
        let mut taken = Taken::default();
        if self.report {
            if game.report.valid() {
                taken = FileNotes::count(&game.report);
            } else {
                let mut shown = game.report.clone();
                taken = FileNotes::strip(&mut shown);
                let formatter = FileFormatter {
                    format: ReportFormat::Short,
                    file: &self.file,
                    quiet: self.quiet,
                };
                let _ = formatter.game(&mut message, &shown);
            }
        }
        let index = game.report.index;
        (message, (index, taken), self.job.work(game))
    }
}

struct Sink<'a, 'h, D> {
    source: &'a Source<'a>,
    formatter: &'a FileFormatter<'a>,
    invalid: InvalidGames,
    progress: &'a Progress,
    seen: u64,
    handle: &'h mut dyn Handle<D>,
    /// The error of `handle`, told apart from errors of reading.
    failed: Option<io::Error>,
    /// The notes of the input's games told once for it, after them.
    notes: FileNotes,
}

impl<D> Sink<'_, '_, D> {
    /// The outcome of `handle`, its error kept apart.
    fn handled(&mut self, result: io::Result<()>) -> io::Result<()> {
        result.map_err(|e| {
            let kind = e.kind();
            self.failed = Some(e);
            io::Error::new(kind, "output failed")
        })
    }
}

impl<D> DoneSink<ToldDone<D>> for Sink<'_, '_, D> {
    fn detection(&mut self, detection: &Detection) -> io::Result<()> {
        if self.invalid != InvalidGames::Silent {
            let mut message = Vec::new();
            let _ = self.formatter.detection(&mut message, detection);
            self.progress.print(&message);
        }
        Ok(())
    }

    fn done(
        &mut self,
        (message, (index, taken), done): ToldDone<D>,
        _: GameCount,
    ) -> io::Result<()> {
        self.progress.print(&message);
        self.notes.fold(index, taken);
        let handled = self.handle.game(self.source, done);
        self.handled(handled)
    }

    fn between(&mut self, text: &[u8], encoding: TextEncoding) -> io::Result<()> {
        let comments = comments_between(text, encoding);
        if comments.is_empty() {
            return Ok(());
        }
        let handled = self.handle.between(self.source, &comments);
        self.handled(handled)
    }

    fn idle(&mut self) -> io::Result<()> {
        let handled = self.handle.idle();
        self.handled(handled)
    }

    fn progress(&mut self, bytes: u64) {
        self.progress.advance(bytes.saturating_sub(self.seen));
        self.seen = bytes;
    }
}

/// Puts `output` in place, unless an input could not be read ([`Output::commit_if_read`]).
pub fn put_in_place(output: Output, reading: &Reading) -> io::Result<bool> {
    output.commit_if_read(reading.unreadable)
}
