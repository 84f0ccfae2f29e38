//! What validation found out about one game: the report, the moves replayed, how the game
//! ended and what chose its game type.

use crate::diagnostic::{Diagnostic, Severity};
use crate::pdn::gametype::GameTypeTag;
use crate::pdn::result::GameResult;
use crate::rules::moves::{Move, QuickMove};
use crate::rules::outcome::{Outcome, Termination};
use crate::rules::position::Position;
use crate::rules::square::Corner;
use crate::rules::variant::Variant;
use compact_str::CompactString;
use serde::Serialize;
use smallvec::SmallVec;

/// Everything validation found out about one game.
///
/// ```
/// use pdnkit::{GameReport, Termination, Variant, check::GameTypeSource};
///
/// let pdn = "[Event \"Club\"]\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 1-0\n";
/// let report: GameReport = pdnkit::read(pdn.as_bytes())
///     .variant(Variant::Russian)
///     .games()
///     .next()
///     .expect("one game")?
///     .report;
/// assert!(report.valid());
/// assert_eq!((report.index, report.line), (1, 1));
/// assert_eq!(report.variant, Some(Variant::Russian));
/// assert_eq!(report.game_type_by, Some(GameTypeSource::Option)); // no GameType tag
/// assert_eq!((report.plies(), report.moves.len()), (4, 4));
/// assert_eq!(report.declared.map(|r| r.to_string()).as_deref(), Some("1-0"));
/// // A win declared before the rules ended the game.
/// assert_eq!(report.termination(), Some(Termination::Resignation));
/// assert_eq!(report.tag("Event"), Some("Club"));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct GameReport {
    /// 1-based number of the game in its file.
    pub index: usize,
    /// Line of the game's first byte.
    pub line: u32,
    /// Tags in file order, values decoded (empty unless [`Reader::keep_tags`](super::Reader::keep_tags)).
    pub tags: Vec<(String, String)>,
    /// The game type in force (None when the GameType tag names an unknown game).
    pub variant: Option<Variant>,
    /// The GameType tag as read; None without one, or when it could not be read.
    pub game_type_tag: Option<GameTypeTag>,
    /// What chose the game type: the tag, the options, or detection (and by what); None
    /// when nothing did (a syntax check).
    pub game_type_by: Option<GameTypeSource>,
    /// Numbering of numeric squares.
    pub corner: Corner,
    /// The game writes numeric squares.
    pub numeric: bool,
    /// The start position (None if it could not be set up).
    pub start: Option<Position>,
    /// The main line, as far as it was replayed (empty unless [`Reader::keep_moves`](super::Reader::keep_moves)).
    pub moves: Vec<PlayedMove>,
    /// The main line counted as it was replayed (None unless the options ask,
    /// [`Options::tally_moves`](super::Options::tally_moves)).
    pub(crate) tally: Option<Box<MoveTally>>,
    /// Moves of the main line replayed.
    pub(super) main_plies: u32,
    /// The result written at the end of the movetext (else the Result tag).
    pub declared: Option<GameResult>,
    /// How the replay ended the game, valid or not: the rules' ending, else the declared
    /// result's; None when the main line was not replayed to its end. A game's termination
    /// is [`GameReport::termination`].
    pub ending: Option<Termination>,
    /// The rule that ended the game and the ply after which it did.
    pub rule_end: Option<(Outcome, u32)>,
    /// What validation found, in offset order, with lines and columns.
    pub diagnostics: Vec<Diagnostic>,
}

impl GameReport {
    /// The report of a game not yet set up.
    pub(super) fn empty(index: usize, line: u32, tags: Vec<(String, String)>) -> Self {
        GameReport {
            index,
            line,
            tags,
            variant: None,
            game_type_tag: None,
            game_type_by: None,
            corner: Corner::TopLeft,
            numeric: false,
            start: None,
            moves: Vec::new(),
            tally: None,
            main_plies: 0,
            declared: None,
            ending: None,
            rule_end: None,
            diagnostics: Vec::new(),
        }
    }

    /// A report to replay into and throw away, with the numbering of squares `corner`.
    pub(super) fn scratch(corner: Corner) -> Self {
        GameReport {
            corner,
            ..GameReport::empty(0, 0, Vec::new())
        }
    }

    /// The report of the same text read again as game `index`, moved from the offset and
    /// line `from` to `to` (an editor's document after an edit above the game): every
    /// offset and line moved by as much.
    #[cfg(feature = "cli")]
    pub(crate) fn moved(&self, index: usize, from: (u64, u32), to: (u64, u32)) -> GameReport {
        let by_offset = |at: u64| at.wrapping_add(to.0.wrapping_sub(from.0));
        let by_line = |at: u32| at.wrapping_add(to.1.wrapping_sub(from.1));
        let mut moved = self.clone();
        for d in &mut moved.diagnostics {
            (d.offset, d.line) = (by_offset(d.offset), by_line(d.line));
        }
        let tallied = moved.tally.iter_mut().filter_map(|t| t.longest.as_mut());
        for m in moved.moves.iter_mut().chain(tallied.map(|(_, m)| m)) {
            m.offset = by_offset(m.offset);
        }
        (moved.index, moved.line) = (index, by_line(self.line));
        moved
    }

    /// The report without the game it is about (its tags, start and moves), keeping what
    /// is told of it (number, line, result, ending, plies, diagnostics). A worker hands this
    /// to the printing thread once the game's own work is done: the game's memory is freed
    /// by the thread that made it, and little crosses (freeing another thread's memory
    /// contends for its allocator and made two threads slower than one).
    pub(crate) fn told_only(mut self) -> GameReport {
        self.tags = Vec::new();
        self.start = None;
        self.moves = Vec::new();
        self.tally = None;
        self
    }

    /// Whether no diagnostic is an error.
    pub fn valid(&self) -> bool {
        !self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// How the game ended ([`GameReport::ending`]); None for an invalid game (an error
    /// diagnostic): its main line could not be replayed to its end, or its text contradicts
    /// its end. `validate`, `select` and `stats` all ask this.
    pub fn termination(&self) -> Option<Termination> {
        self.ending.filter(|_| self.valid())
    }

    /// The rules' ending of the game and the ply after which it came, when it is the game's
    /// [`termination`](GameReport::termination) (so never for an invalid game).
    pub fn rule_termination(&self) -> Option<(Outcome, u32)> {
        self.rule_end.filter(|_| self.termination().is_some())
    }

    /// Moves of the main line replayed.
    pub fn plies(&self) -> u32 {
        self.main_plies
    }

    /// The value of the first tag named `name`, as written (decoded). None without such a
    /// tag, or when the report keeps no tags ([`Reader::keep_tags`](super::Reader::keep_tags)).
    ///
    /// ```
    /// let pdn = "[Event \"Club\"]\n[White \" Popova \"]\n[Black \"?\"]\n1. c3-d4 *\n";
    /// let report = pdnkit::read(pdn.as_bytes()).games().next().unwrap()?.report;
    /// assert_eq!(report.tag("Event"), Some("Club"));
    /// assert_eq!(report.tag("White"), Some(" Popova "));
    /// assert_eq!(report.tag("Site"), None);
    /// // `?` is PDN for a value not known.
    /// assert_eq!(report.known_tag("White"), Some("Popova"));
    /// assert_eq!(report.known_tag("Black"), None);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// The value of the tag `name` trimmed, when it says something: None when it is
    /// missing, empty or `?` (PDN for a value not known).
    pub fn known_tag(&self, name: &str) -> Option<&str> {
        self.tag(name).and_then(known_value)
    }

    /// Diagnostics of `severity`.
    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }
}

/// A tag value trimmed, when it says something: None when it is empty or `?` (PDN for a
/// value not known).
pub(crate) fn known_value(value: &str) -> Option<&str> {
    Some(value.trim()).filter(|v| !v.is_empty() && *v != "?")
}

/// One move of the main line as replayed.
///
/// ```
/// use pdnkit::{Color, FenNotation, write_fen};
///
/// let pdn = "[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4:f6 *\n";
/// let report = pdnkit::read(pdn.as_bytes()).games().next().expect("one game")?.report;
/// let capture = &report.moves[2];
/// assert_eq!(capture.written, "d4:f6");
/// assert!(capture.mv.is_capture());
/// assert_eq!(capture.before, report.moves[1].after);
/// assert_eq!(capture.after.turn, Color::Black);
/// assert_eq!(capture.after.count(Color::Black), (0, 11));
/// assert_eq!(capture.offset, 34); // after the tag line (16 bytes) and `1. c3-d4 f6-e5 2. `
/// assert!(write_fen(&capture.after, FenNotation::Alpha).starts_with("B:W"));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct PlayedMove {
    /// The move as written (without strength marks).
    pub written: CompactString,
    /// The move found by replay.
    pub mv: Move,
    /// Whether the move is written with its full path: another legal move of `before` starts
    /// and ends on its squares (known from the replay).
    pub full_path: bool,
    /// The position the move was played from.
    pub before: Position,
    /// The position after the move.
    pub after: Position,
    /// Byte offset of the written move.
    pub offset: u64,
}

/// The main line of a game counted move by move as replay plays it
/// ([`Options::tally_moves`](super::Options::tally_moves)): what statistics read of the
/// moves, with a record of only the few moves they name.
#[derive(Clone, Debug, Default)]
pub(crate) struct MoveTally {
    /// Moves that made a man a king.
    pub promotions: u32,
    /// Moves that captured at least one piece.
    pub captures: u32,
    /// Moves that captured two pieces or more.
    pub multi_captures: u32,
    /// Pieces captured, all moves together.
    pub pieces: u32,
    /// The first capture of the most pieces, with its ply (1-based).
    pub longest: Option<(u32, PlayedMove)>,
    /// The pieces it took (0: no capture).
    longest_pieces: u32,
    /// The first [`MoveTally::FIRST_PLIES`] moves, each with the position it was played from.
    pub first: SmallVec<[(Move, Position); MoveTally::FIRST_PLIES]>,
    /// The position after the last move (None: no move was played).
    pub last: Option<Position>,
}

impl MoveTally {
    /// The moves kept from the start of the main line.
    pub const FIRST_PLIES: usize = 4;

    /// Counts the move `found` (landing on `landings`) of ply `ply` (1-based), played from
    /// `before`; `played` makes its record (only for a capture the tally keeps). Call
    /// [`MoveTally::ended`] after the last.
    pub(super) fn count(
        &mut self,
        (found, landings): (&QuickMove, &[u8]),
        (ply, before): (u32, &Position),
        played: impl Fn() -> PlayedMove,
    ) {
        self.promotions += u32::from(found.promotes);
        if ply as usize <= MoveTally::FIRST_PLIES {
            self.first.push((found.to_move(landings), *before));
        }
        if found.captured == 0 {
            return;
        }
        let pieces = found.captured.count_ones();
        self.captures += 1;
        self.multi_captures += u32::from(pieces >= 2);
        self.pieces += pieces;
        if pieces > self.longest_pieces {
            self.longest_pieces = pieces;
            self.longest = Some((ply, played()));
        }
    }

    /// The main line ended in `last` (after at least one move).
    pub(super) fn ended(&mut self, last: &Position) {
        self.last = Some(*last);
    }
}

/// What chose a game's game type (`game_type_by` in the JSON).
///
/// ```
/// use pdnkit::check::GameTypeSource;
///
/// // The second game has no GameType tag, but i3 and j4 are squares of 10x8 only.
/// let pdn = "[GameType \"25\"]\n1. c3-d4 *\n\n1. i3-j4 *\n";
/// let sources: Vec<_> = pdnkit::read(pdn.as_bytes())
///     .games()
///     .map(|game| game.map(|g| g.report.game_type_by))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(sources, [Some(GameTypeSource::Tag), Some(GameTypeSource::Squares)]);
/// assert_eq!(GameTypeSource::Squares.name(), "squares");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum GameTypeSource {
    /// The GameType tag.
    Tag,
    /// The options (`--game-type N`), for a game without a tag.
    Option,
    /// Detected: a square of a move lies on one board only.
    Squares,
    /// Detected: the FEN can be set up on one board only.
    Fen,
    /// Detected: the moves are legal on one board only, or get further on it.
    Moves,
    /// Detection could not tell (both boards fit): the board of the file's other games
    /// (module `file_board`).
    File,
    /// Detection could not tell (both boards fit), nor could the file's first games: the
    /// default, 41.
    Default,
}

impl GameTypeSource {
    /// The name in JSON (`game_type_by`).
    pub fn name(self) -> &'static str {
        match self {
            GameTypeSource::Tag => "tag",
            GameTypeSource::Option => "option",
            GameTypeSource::Squares => "squares",
            GameTypeSource::Fen => "fen",
            GameTypeSource::Moves => "moves",
            GameTypeSource::File => "file",
            GameTypeSource::Default => "default",
        }
    }
}
