//! `pdnkit convert --format pdn`: every game of every input as canonical PDN, in input order,
//! made from its bytes (which canonical PDN keeps where it does not rewrite them) on the
//! thread that reads it, and the comments between games, as they come.

use crate::check::{GameJob, GameReport, Needs, ReadGame};
use crate::cli::archive::{
    GameWriter, Handle, Inputs, InvalidGames, Reading, Source, canonical, put_in_place, read_inputs,
};
use crate::cli::args::Config;
use crate::cli::run::exit::EXIT_FAILURE;
use crate::cli::run::exit::closed_pipe;
use crate::cli::run::exit::verdict;
use crate::cli::run::inputs::Input;
use crate::cli::run::output::{Output, Sources, refused};
use crate::cli::stderr::convert::{Messages, summary};
use crate::diagnostic::{Diagnostic, Kind, Severity, code};
use crate::write::{Canonical, FixedResult, PdnOptions};
use std::io::{self, Write};
use std::path::Path;

pub fn run(
    config: &Config,
    options: &PdnOptions,
    inputs: Vec<Input>,
    output: Option<&Path>,
) -> io::Result<u8> {
    // Opened before any input is read, so that a refused output costs nothing.
    let output = match Output::open(output, &Sources::of_inputs(&inputs)) {
        Ok(output) => output,
        Err(e) => {
            return refused(&e.to_string());
        }
    };
    let (output, reading) = match write(config, options, inputs, output) {
        Ok(done) => done,
        Err((e, invalid)) => {
            return closed_pipe(e, verdict(invalid, 0)).or_else(|e| refused(&e.to_string()));
        }
    };
    let code = verdict(reading.totals.invalid, reading.unreadable);
    if let (false, Some(summary)) = (
        config.quiet,
        summary(reading.files, reading.unreadable, &reading.totals),
    ) {
        eprint!("{summary}");
    }
    match put_in_place(output, &reading) {
        Ok(true) => Ok(code),
        Ok(false) => Ok(EXIT_FAILURE),
        Err(e) => closed_pipe(e, code).or_else(|e| refused(&e.to_string())),
    }
}

/// Writes the canonical PDN of `inputs` to `output` (`convert --format pdn`, `fmt`), and tells
/// on standard error what `convert` tells of each input. The output and what was read; or
/// the error, with the invalid games read until then.
pub fn write<W: Write>(
    config: &Config,
    options: &PdnOptions,
    inputs: Vec<Input>,
    output: W,
) -> Result<(W, Reading), (io::Error, usize)> {
    let inputs = Inputs::new(inputs);
    let mut writing = Writing {
        writer: GameWriter::canonical(*options),
        output,
        current: None,
        names: inputs.names(),
        config,
        invalid: 0,
    };
    let options = *options;
    let reading = read_inputs(
        &inputs,
        config,
        Needs::CANONICAL,
        InvalidGames::EncodingOnly,
        &|_| Canonicalize(options),
        &mut writing,
    );
    let mut said = Vec::new();
    let last = match (reading.is_ok(), writing.current.take()) {
        (true, Some(mut done)) => done.messages.finish(&mut said),
        _ => Ok(()),
    };
    let told = || match said.is_empty() {
        true => Ok(()),
        false => io::stderr().lock().write_all(&said),
    };
    match reading.and_then(|reading| last.and_then(|()| told()).map(|()| reading)) {
        Ok(reading) => Ok((writing.output, reading)),
        Err(e) => Err((e, writing.invalid)),
    }
}

/// Each game made canonical where it is read.
#[derive(Clone)]
struct Canonicalize(PdnOptions);

impl GameJob for Canonicalize {
    type Done = (GameReport, Canonical);

    fn work(&mut self, game: ReadGame<'_>) -> Self::Done {
        let text = canonical(&game, &self.0);
        (game.report.told_only(), text)
    }
}

/// The input being read, and the messages about it.
struct Current<'a> {
    index: usize,
    messages: Messages<'a>,
}

/// Writes the games and the comments between them in order, and says what is to be said of
/// each input.
struct Writing<'a, W: Write> {
    writer: GameWriter,
    output: W,
    /// The messages of the input being read, told when the next one starts.
    current: Option<Current<'a>>,
    names: &'a [String],
    config: &'a Config,
    /// Invalid games read, for the verdict of a run whose output pipe closed.
    invalid: usize,
}

impl<W: Write> Handle<(GameReport, Canonical)> for Writing<'_, W> {
    fn game(
        &mut self,
        source: &Source<'_>,
        (mut report, text): (GameReport, Canonical),
    ) -> io::Result<()> {
        let mut said = Vec::new();
        if self
            .current
            .as_ref()
            .is_none_or(|c| c.index != source.index)
        {
            if let Some(mut done) = self.current.take() {
                done.messages.finish(&mut said)?;
            }
            self.current = Some(Current {
                index: source.index,
                messages: Messages::new(&self.names[source.index], self.config),
            });
        }
        let Some(now) = self.current.as_mut() else {
            return Ok(());
        };
        let note = text.fixed.as_ref().map(|fixed| fixed_note(&report, fixed));
        now.messages.game(&mut report, &mut said)?;
        self.invalid += usize::from(!report.valid());
        self.writer.write_canonical(&mut self.output, text)?;
        if let Some(note) = note {
            now.messages.formatter.game(&mut said, &note)?;
        }
        source.tell(&said);
        Ok(())
    }

    fn between(&mut self, _: &Source<'_>, comments: &str) -> io::Result<()> {
        self.writer.write_between(&mut self.output, comments)
    }

    fn idle(&mut self) -> io::Result<()> {
        self.output.flush()
    }
}

/// The report of a game whose result `--fix-results` changed, holding the one note that
/// says so (at the result the board contradicts, else at the game's first line).
fn fixed_note(report: &GameReport, fixed: &FixedResult) -> GameReport {
    let at = report
        .diagnostics
        .iter()
        .find(|d| d.code() == code::RESULT_MISMATCH || d.code() == code::UNFINISHED_RESULT);
    let mut note = report.clone();
    let kind = Kind::ResultFixed {
        declared: fixed.declared.to_string(),
        written: fixed.written.to_string(),
        why: fixed.why.to_string(),
    };
    let mut d = Diagnostic::new(Severity::Note, kind, at.map_or(0, |d| d.offset));
    d.line = at.map_or(report.line, |d| d.line);
    d.column = at.map_or(1, |d| d.column);
    d.main_line = true;
    note.diagnostics = vec![d];
    note
}
