//! Validating a whole input stream, game by game, in memory bounded by the largest game.

use super::{GameReport, Options, check_game};
use crate::diagnostic::Severity;
use crate::encoding::{Detection, Sampled, TextEncoding, choose_encoding, decode};
use crate::pdn::lexer::ParsedGame;
use crate::pdn::location::ColumnUnit;
use crate::pdn::{Collector, RawGame, Scanner};
use std::io::{self, BufRead, BufReader, Read};

/// Bytes read at a time.
pub(super) const SAMPLE: usize = 64 * 1024;

/// What a stream held, in totals.
#[derive(Clone, Debug, Default)]
pub struct StreamTotals {
    /// Games read.
    pub games: usize,
    /// Games without an error.
    pub valid: usize,
    /// Games with an error.
    pub invalid: usize,
    /// Warnings in all games.
    pub warnings: usize,
    /// Bytes read.
    pub bytes: u64,
}

impl StreamTotals {
    /// `2 files (1 unreadable), 3 games: 2 valid, 1 invalid, 0 warnings`: the verdict of a run
    /// over `files` inputs, `unreadable` of which could not be read (completely).
    pub fn verdict(&self, files: usize, unreadable: usize) -> String {
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        let unreadable = if unreadable > 0 {
            format!(" ({unreadable} unreadable)")
        } else {
            String::new()
        };
        format!(
            "{files} file{}{unreadable}, {} game{}: {} valid, {} invalid, {} warning{}",
            plural(files),
            self.games,
            plural(self.games),
            self.valid,
            self.invalid,
            self.warnings,
            plural(self.warnings)
        )
    }

    /// Adds the totals of another stream.
    pub fn add(&mut self, other: &StreamTotals) {
        self.games += other.games;
        self.valid += other.valid;
        self.invalid += other.invalid;
        self.warnings += other.warnings;
        self.bytes += other.bytes;
    }

    /// Counts one game (not its bytes).
    pub fn count_game(&mut self, report: &GameReport) {
        self.games += 1;
        if report.valid() {
            self.valid += 1;
        } else {
            self.invalid += 1;
        }
        self.warnings += report.count(Severity::Warning);
    }
}

/// Receives what [`check_stream`] finds, game by game.
pub trait GameSink {
    /// The encoding chosen for the stream, before any game.
    fn detection(&mut self, _detection: &Detection) -> io::Result<()> {
        Ok(())
    }
    /// The report of the next game, in input order.
    fn game(&mut self, report: GameReport) -> io::Result<()>;
    /// Bytes of the input read so far.
    fn progress(&mut self, _bytes: u64) {}
}

/// Reads every game of `input`, validates it and hands the report to `sink`, adding to
/// `totals` as it goes (so that the totals are right even when reading fails half-way).
/// Stops early only on a read error or if the sink fails.
pub fn check_stream<R: Read>(
    input: R,
    options: &Options,
    forced: Option<TextEncoding>,
    sink: &mut dyn GameSink,
    totals: &mut StreamTotals,
) -> io::Result<()> {
    let (encoding, options, reader) = prepare(input, forced, options, sink)?;
    check_prepared(reader, encoding, &options, sink, totals)
}

/// [`check_stream`] once the encoding is chosen ([`prepare`]).
pub(super) fn check_prepared<R: BufRead>(
    reader: R,
    encoding: TextEncoding,
    options: &Options,
    sink: &mut dyn GameSink,
    totals: &mut StreamTotals,
) -> io::Result<()> {
    let mut games = Scanner::new(reader);
    check_games(&mut games, encoding, options, |report, end| {
        tally(totals, &report, end);
        sink.progress(totals.bytes);
        sink.game(report)
    })
}

/// Validates every game `games` reads, handing each report and the offset just after the game
/// to `each` in input order. The one game loop of every path (one thread or a worker).
pub(super) fn check_games<R: BufRead>(
    games: &mut Scanner<R>,
    encoding: TextEncoding,
    options: &Options,
    mut each: impl FnMut(GameReport, u64) -> io::Result<()>,
) -> io::Result<()> {
    let decoder = move |bytes: &[u8]| decode(bytes, encoding).into_owned();
    let mut checker = Collector::new(|raw: &RawGame, parsed: &ParsedGame| {
        (check_game(raw, parsed, &decoder, options), raw.end_offset())
    });
    while let Some((report, end)) = games.read_game(&mut checker)? {
        each(report, end)?;
    }
    Ok(())
}

/// Chooses the encoding (telling the sink) and the options that go with it; returns them
/// with the whole input, buffered, to be read from its start.
pub(super) fn prepare<R: Read>(
    input: R,
    forced: Option<TextEncoding>,
    options: &Options,
    sink: &mut dyn GameSink,
) -> io::Result<(TextEncoding, Options, BufReader<Sampled<R>>)> {
    let (detection, input) = choose_encoding(input, forced)?;
    sink.detection(&detection)?;
    let encoding = detection.encoding;
    let column_unit = if encoding == TextEncoding::Utf8 {
        ColumnUnit::Utf8Chars
    } else {
        ColumnUnit::Bytes
    };
    let options = Options {
        column_unit,
        ..*options
    };
    Ok((encoding, options, BufReader::with_capacity(SAMPLE, input)))
}

/// Counts one game into the totals; `end` is the offset just after it.
pub(super) fn tally(totals: &mut StreamTotals, report: &GameReport, end: u64) {
    totals.count_game(report);
    totals.bytes = end;
}
