//! Reading games from a program: [`read`] makes a [`Reader`] (its settings chosen by builder
//! methods, sensible by default), and [`Reader::games`] yields each game checked, with its
//! report, in the manner of python-chess's `read_game` loop and pgn-reader's `read_game`.

use super::game::check_game;
use super::options::Options;
use super::report::GameReport;
use super::stream::{DoneSink, GameCount, ReadGame, prepare};
use crate::diagnostic::levels::Levels;
use crate::pdn::raw_game::{ParsedGame, Token};
use crate::pdn::{RawGame, Scanner, Skip, Visitor};
use crate::rules::variant::Variant;
use crate::text::encoding::{Detection, Sampled, TextEncoding, decode};
use std::borrow::Cow;
use std::io::{self, BufReader, Read};

/// Reads the PDN games of `input` (a file, standard input, a byte slice...), checking each
/// one: every move replayed through the rules, the result checked against the board.
///
/// The defaults fit real archives: the encoding is found from the first 64 KiB (UTF-8, or a
/// Cyrillic or Western code page), a game without a GameType tag is read on the board its
/// FEN, squares and moves fit, and one that fits both boards on the board the file's first
/// games decided (so a Russian 8x8 archive without tags reads as Russian), the tags and the
/// replayed moves are kept. The builder methods of [`Reader`] change them.
///
/// ```
/// let pdn = "1. c3-d4 f6-e5 2. d4:f6 g7:e5 *\n\n1. c3-d4 f6-e5 2. d4-c5 *\n";
/// let games: Vec<pdnkit::ReadGame> = pdnkit::read(pdn.as_bytes()).games().collect::<Result<_, _>>()?;
/// assert_eq!(games.len(), 2);
/// assert!(games[0].report.valid());
/// // A step where a capture is compulsory, with its line and column.
/// let error = &games[1].report.diagnostics[0];
/// assert_eq!((error.code(), error.line, error.column), ("illegal-move", 3, 19));
/// // The board: the squares c3, d4, f6, e5 fit both, the file's first games decide nothing,
/// // so the default, 10x8 Spantsiretti.
/// assert_eq!(games[0].report.variant, Some(pdnkit::Variant::Spantsiretti));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn read<R: Read>(input: R) -> Reader<R> {
    Reader {
        input,
        options: Options::default(),
        encoding: None,
    }
}

/// The settings of a reading and its input: made by [`read`], changed by its builder
/// methods, read by [`Reader::games`].
///
/// ```
/// use pdnkit::Variant;
///
/// // An untagged game that fits both boards, read as Russian draughts.
/// let pdn = "1. c3-d4 f6-e5 2. d4:f6 g7:e5 *\n";
/// let mut games = pdnkit::read(pdn.as_bytes())
///     .variant(Variant::Russian)
///     .strict(true)
///     .games();
/// let game = games.next().expect("one game")?;
/// assert_eq!(game.report.variant, Some(Variant::Russian));
/// assert_eq!(game.report.plies(), 4);
/// assert!(games.next().is_none());
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    input: R,
    options: Options,
    encoding: Option<TextEncoding>,
}

impl<R: Read> Reader<R> {
    /// The board of the games without a GameType tag that fit both boards (and of every
    /// untagged game when [`Reader::detect_variant`] is off). By default the board the
    /// file's first games decide, else Spantsiretti.
    pub fn variant(mut self, variant: Variant) -> Self {
        self.options.default_variant = variant;
        self.options.detect_game_type = false;
        self
    }

    /// Whether a game without a GameType tag is read on the board its FEN, squares and
    /// moves fit (on by default; [`Reader::variant`] turns it off).
    pub fn detect_variant(mut self, detect: bool) -> Self {
        self.options.detect_game_type = detect;
        self
    }

    /// Deviations from the standard (warnings) count as errors (off by default).
    pub fn strict(mut self, strict: bool) -> Self {
        self.options.strict = strict;
        self
    }

    /// The encoding of the input, instead of the one found from its first 64 KiB.
    pub fn encoding(mut self, encoding: TextEncoding) -> Self {
        self.encoding = Some(encoding);
        self
    }

    /// Keep the tags in the reports ([`GameReport::tags`]; on by default).
    pub fn keep_tags(mut self, keep: bool) -> Self {
        self.options.keep_tags = keep;
        self
    }

    /// Keep the replayed main line in the reports ([`GameReport::moves`], each move with
    /// the positions before and after it; on by default).
    pub fn keep_moves(mut self, keep: bool) -> Self {
        self.options.keep_moves = keep;
        self
    }

    /// Check the syntax only and replay nothing (off by default).
    pub fn syntax_only(mut self, syntax_only: bool) -> Self {
        self.options.syntax_only = syntax_only;
        self
    }

    /// The severities given per diagnostic code (they beat [`Reader::strict`]).
    pub fn levels(mut self, levels: Levels) -> Self {
        self.options.levels = levels;
        self
    }

    /// Every game of the input, checked as [`Reader::games`] checks it, handed to `each` in
    /// input order; but a game whose report `known` holds (its text checked before, in an
    /// earlier reading of the same document) is not checked again. An editor's document,
    /// read again after each edit, so costs the replay of the games edited only.
    #[cfg(feature = "cli")]
    pub(crate) fn each_reusing(
        self,
        known: &mut dyn Known,
        mut each: impl FnMut(ReadGame<'static>),
    ) -> io::Result<()> {
        let (encoding, options, input) =
            prepare(self.input, self.encoding, &self.options, &mut NoSink)?;
        let mut scanner = Scanner::new(input);
        let mut reusing = Reusing {
            checker: OneGame {
                encoding,
                options,
                index: 0,
            },
            known,
        };
        while let Some(game) = scanner.read_game(&mut reusing)? {
            each(game);
        }
        Ok(())
    }

    /// Every game of the input, checked, in input order. The first call reads the input's
    /// first 64 KiB (to choose the encoding and the file's board); an error reading the
    /// input is the last item.
    pub fn games(self) -> ReadGames<R> {
        ReadGames {
            state: State::Unread(self),
        }
    }
}

/// The games of a [`Reader`], each checked: an iterator of [`ReadGame`]s (the report and the
/// game's text as written).
///
/// ```
/// let pdn = "[Event \"Cup\"]\n[GameType \"25\"]\n\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 1-0\n";
/// for game in pdnkit::read(pdn.as_bytes()).games() {
///     let game = game?;
///     assert_eq!(game.report.tags[0], ("Event".to_string(), "Cup".to_string()));
///     assert!(game.text().starts_with("[Event"));
/// }
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct ReadGames<R> {
    state: State<R>,
}

enum State<R> {
    Unread(Reader<R>),
    Reading(Box<Reading<R>>),
    Done,
}

struct Reading<R> {
    scanner: Scanner<BufReader<Sampled<R>>>,
    checker: OneGame,
}

impl<R: Read> Iterator for ReadGames<R> {
    type Item = io::Result<ReadGame<'static>>;

    fn next(&mut self) -> Option<Self::Item> {
        if let State::Unread(_) = self.state {
            let State::Unread(reader) = std::mem::replace(&mut self.state, State::Done) else {
                unreachable!()
            };
            match prepare(reader.input, reader.encoding, &reader.options, &mut NoSink) {
                Ok((encoding, options, input)) => {
                    self.state = State::Reading(Box::new(Reading {
                        scanner: Scanner::new(input),
                        checker: OneGame {
                            encoding,
                            options,
                            index: 0,
                        },
                    }));
                }
                Err(e) => return Some(Err(e)),
            }
        }
        let State::Reading(reading) = &mut self.state else {
            return None;
        };
        match reading.scanner.read_game(&mut reading.checker) {
            Ok(Some(game)) => Some(Ok(game)),
            Ok(None) => {
                self.state = State::Done;
                None
            }
            Err(e) => {
                self.state = State::Done;
                Some(Err(e))
            }
        }
    }
}

/// The visitor of [`ReadGames`]: each game checked whole, as read.
struct OneGame {
    encoding: TextEncoding,
    options: Options,
    index: usize,
}

impl Visitor for OneGame {
    type Output = ReadGame<'static>;

    /// None of the game's events is wanted: it is checked whole at its end.
    fn begin_game(&mut self, _game: &RawGame<'_>) -> Skip {
        Skip(true)
    }

    fn end_game(&mut self, raw: &RawGame<'_>, parsed: &ParsedGame) -> ReadGame<'static> {
        self.index += 1;
        let encoding = self.encoding;
        let decoder = move |bytes: &[u8]| decode(bytes, encoding).into_owned();
        let report: GameReport = check_game(raw, parsed, &decoder, &self.options);
        debug_assert_eq!(report.index, self.index);
        ReadGame {
            report,
            bytes: Cow::Owned(raw.bytes.to_vec()),
            encoding,
            offset: raw.offset,
            tokens: kept_tokens(&self.options, parsed),
            hole: raw.hole,
        }
    }
}

/// The game's tokens if the options ask for them ([`Options::keep_tokens`]), owned.
fn kept_tokens(options: &Options, parsed: &ParsedGame) -> Cow<'static, [Token]> {
    match options.keep_tokens {
        true => Cow::Owned(parsed.tokens.clone()),
        false => Cow::Owned(Vec::new()),
    }
}

/// Reports of games checked before, for [`Reader::each_reusing`].
#[cfg(feature = "cli")]
pub(crate) trait Known {
    /// The report of the game `raw`, checked with `options`, if one is known for its text
    /// (and the column it starts at), moved to where `raw` is now
    /// ([`GameReport::moved`]).
    fn known(&mut self, raw: &RawGame<'_>, options: &Options) -> Option<GameReport>;
    /// The game `raw` was checked: its report.
    fn checked(&mut self, raw: &RawGame<'_>, report: &GameReport);
}

/// The visitor of [`Reader::each_reusing`]: a known game's report reused, any other checked
/// as [`OneGame`] checks it.
#[cfg(feature = "cli")]
struct Reusing<'k> {
    checker: OneGame,
    known: &'k mut dyn Known,
}

#[cfg(feature = "cli")]
impl Visitor for Reusing<'_> {
    type Output = ReadGame<'static>;

    fn begin_game(&mut self, game: &RawGame<'_>) -> Skip {
        self.checker.begin_game(game)
    }

    fn end_game(&mut self, raw: &RawGame<'_>, parsed: &ParsedGame) -> ReadGame<'static> {
        match self.known.known(raw, &self.checker.options) {
            Some(report) => {
                self.checker.index += 1;
                ReadGame {
                    report,
                    bytes: Cow::Owned(raw.bytes.to_vec()),
                    encoding: self.checker.encoding,
                    offset: raw.offset,
                    tokens: kept_tokens(&self.checker.options, parsed),
                    hole: raw.hole,
                }
            }
            None => {
                let game = self.checker.end_game(raw, parsed);
                self.known.checked(raw, &game.report);
                game
            }
        }
    }
}

/// The sink [`prepare`] tells the encoding to: a reader keeps nothing of it.
struct NoSink;

impl DoneSink<()> for NoSink {
    fn detection(&mut self, _detection: &Detection) -> io::Result<()> {
        Ok(())
    }
    fn done(&mut self, _done: (), _count: GameCount) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::report::GameTypeSource;
    use crate::check::stream::{GameSink, StreamTotals, check_stream};
    use crate::notation::fen::{FenNotation, write_fen};

    /// Two untagged games whose squares fit both boards.
    const BOTH: &str = "[Event \"a\"]\n\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 *\n\n\
        [Event \"b\"]\n\n1. c3-d4 b6-a5 2. b2-c3 a7-b6 *\n";

    fn all(input: &str) -> Vec<ReadGame<'static>> {
        read(input.as_bytes())
            .games()
            .collect::<io::Result<_>>()
            .unwrap()
    }

    #[test]
    fn the_iterator_yields_what_the_stream_driver_reports() {
        let input = std::fs::read("fixtures/sample.pdn").unwrap();
        let games: Vec<_> = read(&input[..]).games().map(Result::unwrap).collect();
        struct Keep(Vec<GameReport>);
        impl GameSink for Keep {
            fn game(&mut self, report: GameReport) -> io::Result<()> {
                self.0.push(report);
                Ok(())
            }
        }
        let mut kept = Keep(Vec::new());
        let mut totals = StreamTotals::default();
        check_stream(
            &input[..],
            &Options::default(),
            None,
            &mut kept,
            &mut totals,
        )
        .unwrap();
        assert!(games.len() > 3, "{}", games.len());
        assert_eq!(games.len(), kept.0.len());
        for (game, report) in games.iter().zip(&kept.0) {
            assert_eq!(game.report.index, report.index);
            assert_eq!(game.report.diagnostics, report.diagnostics);
            assert_eq!(game.report.variant, report.variant);
            assert_eq!(game.report.plies(), report.plies());
        }
    }

    #[test]
    fn an_untagged_russian_archive_reads_as_russian_with_the_defaults() {
        // Games that fit both boards, alone in a file: the default board.
        let games = all(BOTH);
        assert_eq!(games.len(), 2);
        assert!(
            games
                .iter()
                .all(|g| g.report.variant == Some(Variant::Spantsiretti))
        );
        assert_eq!(games[0].report.game_type_by, Some(GameTypeSource::Default));
        // After a game that only the 8x8 board plays through (its moves decide), the same
        // game is read on the file's board.
        let russian = std::fs::read_to_string("fixtures/detect/russian_untagged.pdn").unwrap();
        let games = all(&format!("{russian}\n{BOTH}"));
        assert_eq!(games.len(), 5);
        assert!(
            games
                .iter()
                .all(|g| g.report.variant == Some(Variant::Russian))
        );
        assert_eq!(games[0].report.game_type_by, Some(GameTypeSource::Moves));
        assert_eq!(games[3].report.game_type_by, Some(GameTypeSource::File));
        assert!(games.iter().all(|g| g.report.valid()));
        // Game 1 after 1. e3-d4 b6-a5, worked by hand.
        let after = write_fen(&games[0].report.moves[1].after, FenNotation::Alpha);
        assert_eq!(
            after,
            "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,g3,d4:Ba5,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"
        );
    }

    #[test]
    fn the_builder_sets_what_it_names() {
        let games: Vec<_> = read(BOTH.as_bytes())
            .variant(Variant::Russian)
            .keep_tags(false)
            .keep_moves(false)
            .games()
            .map(Result::unwrap)
            .collect();
        assert!(
            games
                .iter()
                .all(|g| g.report.variant == Some(Variant::Russian))
        );
        assert!(
            games
                .iter()
                .all(|g| g.report.tags.is_empty() && g.report.moves.is_empty())
        );
        assert_eq!(games[0].report.plies(), 4);
        assert_eq!(games[0].report.game_type_by, Some(GameTypeSource::Option));
        let syntax: Vec<_> = read(BOTH.as_bytes())
            .syntax_only(true)
            .games()
            .map(Result::unwrap)
            .collect();
        assert_eq!(syntax[0].report.plies(), 0);
        assert_eq!(
            syntax[1].text(),
            "[Event \"b\"]\n\n1. c3-d4 b6-a5 2. b2-c3 a7-b6 *"
        );
    }

    #[test]
    fn a_read_error_is_the_last_item() {
        struct Failing;
        impl Read for Failing {
            fn read(&mut self, _buf: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("the disk is gone"))
            }
        }
        let mut games = read(Failing).games();
        let error = games.next().unwrap().unwrap_err();
        assert_eq!(error.to_string(), "the disk is gone");
        assert!(games.next().is_none());
    }
}
