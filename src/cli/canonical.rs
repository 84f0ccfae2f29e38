//! `pdnkit convert --format pdn`: every game of every input as canonical PDN, in input order,
//! read with its bytes (which canonical PDN keeps where it does not rewrite them), and the
//! comments between games.

use super::archive::{GameWriter, Inputs, InvalidGames, put_in_place, read_inputs};
use super::args::Config;
use super::convert_messages::{Messages, summary};
use super::inputs::Input;
use super::output::{Output, Sources, tell_error};
use super::{EXIT_FAILURE, closed_pipe, verdict};
use pdnkit::convert::{FixedResult, PdnOptions, comments_between};
use pdnkit::diagnostic::{Diagnostic, Kind, Severity, code};
use pdnkit::encoding::TextEncoding;
use pdnkit::pdn::limits::MAX_GAME_BYTES;
use pdnkit::validate::GameReport;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;

pub fn run(
    config: &Config,
    options: &PdnOptions,
    inputs: Vec<Input>,
    output: Option<&Path>,
) -> io::Result<u8> {
    // Opened before any input is read, so that a refused output costs nothing.
    let mut output = match Output::open(output, &Sources::of_inputs(&inputs)) {
        Ok(output) => output,
        Err(e) => {
            tell_error(&e.to_string());
            return Ok(EXIT_FAILURE);
        }
    };
    // Standard input is copied to a file, from which the text between games is read again.
    let inputs = Inputs::new(inputs).rereadable()?;
    let mut writer = GameWriter::canonical(*options);
    // The input being read: the messages told when the next one starts, its text between
    // games.
    let mut current: Option<Current> = None;
    let (names, list) = (inputs.names(), inputs.list());
    // Invalid games read, for the verdict of a run whose output pipe closed.
    let mut invalid = 0;
    let reading = read_inputs(
        &inputs,
        config,
        writer.needs(),
        InvalidGames::EncodingOnly,
        &mut |source, game| {
            let mut said = Vec::new();
            if current.as_ref().is_none_or(|c| c.index != source.index) {
                if let Some(done) = current.take() {
                    done.finish(&mut writer, &mut output, &mut said)?;
                }
                current = Some(Current {
                    index: source.index,
                    messages: Messages::new(&names[source.index], config),
                    between: Between::open(&list[source.index]),
                });
            }
            let Some(now) = current.as_mut() else {
                return Ok(());
            };
            let mut report = game.report.clone();
            now.messages.game(&mut report, &mut said)?;
            invalid += usize::from(!report.valid());
            let before = now
                .between
                .before(game.offset, game.bytes.len(), game.encoding);
            writer.write_between(&mut output, &before)?;
            writer.write(&mut output, &game)?;
            if let Some(fixed) = writer.take_fixed() {
                let note = fixed_note(&game.report, &fixed);
                now.messages.formatter.game(&mut said, &note)?;
            }
            source.tell(&said);
            Ok(())
        },
    );
    let mut said = Vec::new();
    let last = match (reading.is_ok(), current.take()) {
        (true, Some(done)) => done.finish(&mut writer, &mut output, &mut said),
        _ => Ok(()),
    };
    let reading = reading.and_then(|reading| last.map(|()| reading));
    let reading = match reading {
        Ok(reading) => reading,
        Err(e) => {
            return closed_pipe(e, verdict(invalid, 0)).or_else(|e| {
                tell_error(&e.to_string());
                Ok(EXIT_FAILURE)
            });
        }
    };
    if !said.is_empty() {
        io::Write::write_all(&mut io::stderr().lock(), &said)?;
    }
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
        Err(e) => closed_pipe(e, code).or_else(|e| {
            tell_error(&e.to_string());
            Ok(EXIT_FAILURE)
        }),
    }
}

/// The input being read.
struct Current<'a> {
    index: usize,
    messages: Messages<'a>,
    between: Between,
}

impl Current<'_> {
    /// Writes the comments after the input's last game, and says what is left to say.
    fn finish(
        mut self,
        writer: &mut GameWriter,
        output: &mut Output,
        said: &mut Vec<u8>,
    ) -> io::Result<()> {
        self.messages.finish(said)?;
        writer.write_between(output, &self.between.rest())
    }
}

/// The text between the games of an input (a comment preamble, comments after a game),
/// read again from the file: the reader of games skips it.
struct Between {
    /// None for an input that is not a regular file (it cannot be read again).
    file: Option<File>,
    /// End of the last game.
    end: u64,
    encoding: TextEncoding,
}

impl Between {
    fn open(input: &Input) -> Between {
        let file = match input {
            Input::File(path) => File::open(path)
                .ok()
                .filter(|f| f.metadata().is_ok_and(|m| m.is_file())),
            _ => None,
        };
        Between {
            file,
            end: 0,
            encoding: TextEncoding::Utf8,
        }
    }

    /// The comments before the game at `offset`, `len` bytes long.
    fn before(&mut self, offset: u64, len: usize, encoding: TextEncoding) -> String {
        self.encoding = encoding;
        let text = self.read(offset);
        self.end = offset + len as u64;
        text
    }

    /// The comments after the last game.
    fn rest(&mut self) -> String {
        self.read(u64::MAX)
    }

    /// The comments from the end of the last game to `to` (at most [`MAX_GAME_BYTES`] of
    /// text: more is no text between games, and is left out).
    fn read(&mut self, to: u64) -> String {
        let Some(file) = self.file.as_mut() else {
            return String::new();
        };
        let len = to.saturating_sub(self.end).min(MAX_GAME_BYTES as u64);
        let mut bytes = Vec::new();
        let read = file
            .seek(SeekFrom::Start(self.end))
            .and_then(|_| file.take(len).read_to_end(&mut bytes));
        match read {
            Ok(_) => comments_between(&bytes, self.encoding),
            Err(_) => String::new(),
        }
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
