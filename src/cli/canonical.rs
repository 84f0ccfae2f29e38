//! `pdnkit convert --format pdn`: every game of every input as canonical PDN, in input order,
//! read with its bytes (which canonical PDN keeps where it does not rewrite them), and the
//! comments between games.

use super::archive::{GameWriter, Inputs, InvalidGames, put_in_place, read_inputs};
use super::args::Config;
use super::between::Gaps;
use super::convert_messages::{Messages, summary};
use super::inputs::Input;
use super::output::{Output, Sources, tell_error};
use super::{EXIT_FAILURE, closed_pipe, verdict};
use pdnkit::convert::{FixedResult, PdnOptions};
use pdnkit::diagnostic::{Diagnostic, Kind, Severity, code};
use pdnkit::validate::{GameReport, Games};
use std::io;
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
    // The messages of the input being read, told when the next one starts.
    let mut current: Option<Current> = None;
    let mut gaps = Gaps::new(&inputs);
    let names = inputs.names();
    // Invalid games read, for the verdict of a run whose output pipe closed.
    let mut invalid = 0;
    let reading = read_inputs(
        &inputs,
        config,
        writer.needs(),
        InvalidGames::EncodingOnly,
        &|_| Games,
        &mut |source, game| {
            let mut said = Vec::new();
            if current.as_ref().is_none_or(|c| c.index != source.index) {
                if let Some(mut done) = current.take() {
                    done.messages.finish(&mut said)?;
                }
                current = Some(Current {
                    index: source.index,
                    messages: Messages::new(&names[source.index], config),
                });
            }
            let Some(now) = current.as_mut() else {
                return Ok(());
            };
            let mut report = game.report.clone();
            now.messages.game(&mut report, &mut said)?;
            invalid += usize::from(!report.valid());
            let before = gaps.before(source.index, &game);
            writer.write_between(&mut output, &before.after_last)?;
            writer.write_between(&mut output, &before.before)?;
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
        (true, Some(mut done)) => done
            .messages
            .finish(&mut said)
            .and_then(|()| writer.write_between(&mut output, &gaps.rest())),
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

/// The input being read, and the messages about it.
struct Current<'a> {
    index: usize,
    messages: Messages<'a>,
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
