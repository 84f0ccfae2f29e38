//! The one driver of every command: a stream read game by game, each game validated and
//! handed with its bytes to a [`GameJob`] (what the command makes of it), the jobs' results
//! given to a [`DoneSink`] in input order, in memory bounded by the largest game. On one
//! thread here ([`read_stream`]); on several in `parallel.rs`.

use super::file_board::file_board;
use super::game::check_game;
use super::options::Options;
use super::report::GameReport;
use crate::diagnostic::Severity;
use crate::pdn::location::ColumnUnit;
use crate::pdn::raw_game::{ParsedGame, Token};
use crate::pdn::{Hole, RawGame, Scanner, Skip, Span, Visitor};
use crate::text::encoding::{Detection, Sampled, TextEncoding, choose_encoding, decode};
use std::borrow::Cow;
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

    /// Counts one game (not its bytes) from what it counts for.
    pub(crate) fn count(&mut self, count: GameCount) {
        self.games += 1;
        if count.valid {
            self.valid += 1;
        } else {
            self.invalid += 1;
        }
        self.warnings += count.warnings;
    }
}

/// What one game counts for in the totals (told with each job's result, whose report may
/// be gone).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameCount {
    /// The game has no error.
    pub valid: bool,
    /// Its warnings.
    pub warnings: usize,
}

impl GameCount {
    /// What `report` counts for.
    pub fn of(report: &GameReport) -> GameCount {
        GameCount {
            valid: report.valid(),
            warnings: report.count(Severity::Warning),
        }
    }
}

/// One game as read: what validation found, and the game's text as written.
///
/// ```
/// let pdn = "{ a preamble }\n[Event \"Cup\"]\n1. c3-d4 *\n";
/// let game = pdnkit::read(pdn.as_bytes()).games().next().expect("one game")?;
/// assert_eq!(game.offset, 15); // the game starts at its first tag
/// assert_eq!(game.text(), "[Event \"Cup\"]\n1. c3-d4 *");
/// assert_eq!(game.encoding, pdnkit::text::TextEncoding::Utf8);
/// assert_eq!(game.report.tag("Event"), Some("Cup"));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub struct ReadGame<'a> {
    /// What validation found, as far as the reading asked (tags and moves kept or not); `index` counts
    /// the games of the stream.
    pub report: GameReport,
    /// From the game's first tag or token to the end of its last token, in the input's
    /// encoding (of a game too long to hold, the first bytes: see `crate::pdn::limits`).
    pub bytes: Cow<'a, [u8]>,
    /// The input's encoding.
    pub encoding: TextEncoding,
    /// Offset of the game's first byte in the input.
    pub offset: u64,
    /// The movetext's tokens as the reading scanned them, when its options keep them
    /// ([`Options::keep_tokens`]; else none): what canonical PDN is written from.
    pub(crate) tokens: Cow<'a, [Token]>,
    /// The bytes left out of `bytes` ([`crate::pdn::RawGame::hole`]).
    pub hole: Option<Hole>,
}

impl ReadGame<'_> {
    /// The game's text, decoded to UTF-8.
    pub fn text(&self) -> Cow<'_, str> {
        decode(&self.bytes, self.encoding)
    }

    /// Offset just after the game's last byte (its hole counted).
    pub fn end_offset(&self) -> u64 {
        self.offset + self.bytes.len() as u64 + self.hole.map_or(0, |hole| hole.len)
    }

    /// The same game holding its own bytes.
    pub fn into_owned(self) -> ReadGame<'static> {
        ReadGame {
            report: self.report,
            bytes: Cow::Owned(self.bytes.into_owned()),
            encoding: self.encoding,
            offset: self.offset,
            tokens: Cow::Owned(self.tokens.into_owned()),
            hole: self.hole,
        }
    }
}

/// What a command makes of each game (its JSON object, its rows, its verdict...). Runs where
/// the game is read: on the worker threads of [`super::read_stream_parallel`], each with a
/// clone of the job, so that the thread that orders the results only writes them.
pub trait GameJob: Clone + Send {
    /// The result of one game, handed to the [`DoneSink`] in input order.
    type Done: Send;
    /// Works on one game.
    fn work(&mut self, game: ReadGame<'_>) -> Self::Done;
}

/// The job that hands on each game's report (for sinks that want reports, as
/// [`GameSink`]s do).
#[derive(Clone, Copy, Debug, Default)]
pub struct Reports;

impl GameJob for Reports {
    type Done = GameReport;
    fn work(&mut self, game: ReadGame<'_>) -> GameReport {
        game.report
    }
}

/// Receives what the jobs of a stream made, in input order.
pub trait DoneSink<D> {
    /// The encoding chosen for the stream, before any game.
    fn detection(&mut self, _detection: &Detection) -> io::Result<()> {
        Ok(())
    }
    /// The result of the next game, in input order, and what the game counts for.
    fn done(&mut self, done: D, count: GameCount) -> io::Result<()>;
    /// Bytes of the input read so far.
    fn progress(&mut self, _bytes: u64) {}
    /// Text that stands between games (a preamble, comments after a game; not blank), in
    /// the input's encoding, in its place among the results of the games.
    fn between(&mut self, _text: &[u8], _encoding: TextEncoding) -> io::Result<()> {
        Ok(())
    }
    /// The input has given nothing for a while, and every game read so far was handed on:
    /// the time to write out what is held (a pipe that gives games slowly shows them as
    /// they come).
    fn idle(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Receives the report of each game of a stream, in input order ([`check_stream`]).
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

/// A [`GameSink`] as the sink of [`Reports`].
pub struct ReportSink<'a>(pub &'a mut dyn GameSink);

impl DoneSink<GameReport> for ReportSink<'_> {
    fn detection(&mut self, detection: &Detection) -> io::Result<()> {
        self.0.detection(detection)
    }
    fn done(&mut self, report: GameReport, _count: GameCount) -> io::Result<()> {
        self.0.game(report)
    }
    fn progress(&mut self, bytes: u64) {
        self.0.progress(bytes);
    }
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
    read_stream(
        input,
        options,
        forced,
        &mut Reports,
        &mut ReportSink(sink),
        totals,
    )
}

/// Reads every game of `input` on this thread, validates it, hands it to `job` and what the
/// job made of it to `sink`, adding to `totals` as it goes (so that the totals are right
/// even when reading fails half-way). Stops early only on a read error or if the sink fails.
pub fn read_stream<R: Read, J: GameJob>(
    input: R,
    options: &Options,
    forced: Option<TextEncoding>,
    job: &mut J,
    sink: &mut dyn DoneSink<J::Done>,
    totals: &mut StreamTotals,
) -> io::Result<()> {
    let (encoding, options, reader) = prepare(input, forced, options, sink)?;
    read_prepared(reader, encoding, &options, job, sink, totals)
}

/// [`read_stream`] once the encoding is chosen ([`prepare`]).
pub(super) fn read_prepared<R: BufRead, J: GameJob>(
    reader: R,
    encoding: TextEncoding,
    options: &Options,
    job: &mut J,
    sink: &mut dyn DoneSink<J::Done>,
    totals: &mut StreamTotals,
) -> io::Result<()> {
    let mut games = Scanner::new(reader);
    check_games(&mut games, encoding, options, |told| match told {
        Told::Game(report, raw, tokens) => {
            hand_on(report, (raw, tokens), encoding, job, sink, totals)
        }
        Told::Between(text) => between(text.text, encoding, sink),
    })
}

/// Hands on text between games that is not blank.
pub(super) fn between<D>(
    text: &[u8],
    encoding: TextEncoding,
    sink: &mut dyn DoneSink<D>,
) -> io::Result<()> {
    if blank(text) {
        return Ok(());
    }
    sink.between(text, encoding)
}

/// Nothing but white space (what stands between most games).
pub(super) fn blank(text: &[u8]) -> bool {
    text.iter().all(u8::is_ascii_whitespace)
}

/// Counts one game, works on it and hands the result to the sink.
pub(super) fn hand_on<J: GameJob>(
    report: GameReport,
    (raw, tokens): (&RawGame, &[Token]),
    encoding: TextEncoding,
    job: &mut J,
    sink: &mut dyn DoneSink<J::Done>,
    totals: &mut StreamTotals,
) -> io::Result<()> {
    let count = GameCount::of(&report);
    totals.count(count);
    totals.bytes = raw.end_offset();
    sink.progress(totals.bytes);
    let done = job.work(ReadGame {
        report,
        bytes: Cow::Borrowed(raw.bytes),
        encoding,
        offset: raw.offset,
        tokens: Cow::Borrowed(tokens),
        hole: raw.hole,
    });
    sink.done(done, count)
}

/// What the one game loop hands on, in input order.
pub(super) enum Told<'a> {
    /// A game, validated, with the game as read and its movetext's tokens (none unless the
    /// options keep them).
    Game(GameReport, &'a RawGame<'a>, &'a [Token]),
    /// Text between games.
    Between(Span<'a>),
}

/// Validates every game `games` reads, handing each report with the game read, and the
/// text between games, to `each` in input order. The one game loop of every path (one
/// thread or a worker).
pub(super) fn check_games<R: BufRead>(
    games: &mut Scanner<R>,
    encoding: TextEncoding,
    options: &Options,
    each: impl FnMut(Told<'_>) -> io::Result<()>,
) -> io::Result<()> {
    check_games_then(games, encoding, options, each, |_| {})
}

/// [`check_games`], calling `then` with the scanner after each game was handed on (while
/// the scanner still holds what it read of it).
pub(super) fn check_games_then<R: BufRead>(
    games: &mut Scanner<R>,
    encoding: TextEncoding,
    options: &Options,
    each: impl FnMut(Told<'_>) -> io::Result<()>,
    mut then: impl FnMut(&mut Scanner<R>),
) -> io::Result<()> {
    let mut checker = Checker {
        each,
        encoding,
        options,
        failed: None,
    };
    while let Some(told) = games.read_game(&mut checker)? {
        told?;
        then(games);
    }
    checker.failed.map_or(Ok(()), Err)
}

/// The visitor of [`check_games`].
struct Checker<'o, F> {
    each: F,
    encoding: TextEncoding,
    options: &'o Options,
    /// The error of `each` with text between games, told with the next game (or at the end).
    failed: Option<io::Error>,
}

impl<F: FnMut(Told<'_>) -> io::Result<()>> Visitor for Checker<'_, F> {
    type Output = io::Result<()>;

    fn between(&mut self, text: Span<'_>) {
        if self.failed.is_none()
            && let Err(e) = (self.each)(Told::Between(text))
        {
            self.failed = Some(e);
        }
    }

    /// The game is checked whole, as read: none of its events is wanted.
    fn begin_game(&mut self, _game: &RawGame<'_>) -> Skip {
        Skip(true)
    }

    fn end_game(&mut self, raw: &RawGame<'_>, parsed: &ParsedGame) -> io::Result<()> {
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        let encoding = self.encoding;
        let decoder = move |bytes: &[u8]| decode(bytes, encoding).into_owned();
        let report = check_game(raw, parsed, &decoder, self.options);
        let tokens = match self.options.keep_tokens {
            true => &parsed.tokens[..],
            false => &[],
        };
        (self.each)(Told::Game(report, raw, tokens))
    }
}

/// Chooses the encoding (telling the sink) and the options that go with it (the column
/// unit, the file's board: [`file_board`]); returns them
/// with the whole input, buffered, to be read from its start.
pub(super) fn prepare<R: Read, D>(
    input: R,
    forced: Option<TextEncoding>,
    options: &Options,
    sink: &mut dyn DoneSink<D>,
) -> io::Result<(TextEncoding, Options, BufReader<Sampled<R>>)> {
    let (detection, input) = choose_encoding(input, forced)?;
    sink.detection(&detection)?;
    let encoding = detection.encoding;
    let column_unit = if encoding == TextEncoding::Utf8 {
        ColumnUnit::Utf8Chars
    } else {
        ColumnUnit::Bytes
    };
    let detects = options.detect_game_type && !options.syntax_only;
    let file_variant = detects
        .then(|| file_board(input.get_ref().0.get_ref(), encoding, options))
        .flatten();
    let options = Options {
        column_unit,
        file_variant,
        ..*options
    };
    Ok((encoding, options, BufReader::with_capacity(SAMPLE, input)))
}
