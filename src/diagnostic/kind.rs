//! The kinds of findings, each with the data its message is made of: the code of a kind and
//! its message (the [`fmt::Display`] of [`Kind`]) are written here and nowhere else.

use super::code;
use crate::notation::fen::FenError;
use crate::notation::naming::MoveNumber;
use crate::pdn::date::Impossible;
use crate::pdn::error::SyntaxErrorKind;
use crate::pdn::gametype::GameTypeError;
use crate::pdn::result::GameResult;
use crate::pdn::severity::Severity;
use crate::rules::outcome::Outcome;
use crate::rules::position::Color;
use crate::rules::square::SquareError;
use crate::rules::variant::Variant;
use crate::text::encoding::TextEncoding;
use std::fmt;

/// What was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Text the reader could not read, or read with a tolerated deviation.
    Syntax(SyntaxErrorKind),
    /// A variation nested deeper than `limit` levels: it is not checked.
    TooDeep {
        /// The deepest nesting checked.
        limit: usize,
    },
    /// A move no legal move fits: why, and the legal moves of the position (sorted).
    IllegalMove {
        /// Why it fits no legal move.
        why: Illegality,
        /// The legal moves in the game's notation.
        legal: Vec<String>,
    },
    /// A placeholder (`1. - -`) in place of a move.
    UnknownMove,
    /// A move that fits several legal moves leaving different positions (sorted).
    AmbiguousMove {
        /// The legal moves it fits, in full notation.
        readings: Vec<String>,
    },
    /// An ambiguous move of which only one reading lets the game go on.
    AmbiguityResolved {
        /// The legal moves it fits, in full notation (sorted).
        readings: Vec<String>,
        /// The one taken.
        chosen: String,
    },
    /// A move after the rules ended the game.
    MoveAfterEnd {
        /// How and when the rules ended it.
        end: GameEnd,
    },
    /// A tolerated spelling of a capture or a step (what it is, in words).
    CaptureNotation {
        /// The spelling in words, e.g. "a capture written with `-`".
        spelling: &'static str,
    },
    /// A capture in Russian compact notation (`fb4`: the column it starts from, the square
    /// it ends on), written without `:` as that notation writes captures (a note).
    CompactCapture,
    /// A move number that is not the one of the move after it.
    MoveNumber {
        /// The number as written.
        written: MoveNumber,
        /// The number of the move after it.
        expected: MoveNumber,
    },
    /// A Result tag whose value is no result (as written, decoded lossily).
    ResultTagUnreadable {
        /// The tag's value.
        value: String,
    },
    /// The result at the end of the movetext and the Result tag disagree.
    ResultConflict {
        /// The result at the end of the movetext.
        written: GameResult,
        /// The Result tag's.
        tagged: GameResult,
    },
    /// A result that contradicts the end the rules gave the game.
    ResultAgainstBoard {
        /// The result declared.
        declared: GameResult,
        /// How and when the rules ended the game.
        end: GameEnd,
    },
    /// `*` on a game the rules ended.
    UnfinishedResult {
        /// The result declared (`*`).
        declared: GameResult,
        /// How and when the rules ended the game.
        end: GameEnd,
    },
    /// The movetext does not end with a result.
    MissingResult,
    /// `convert --fix-results` wrote the result the board proves in place of the declared one.
    ResultFixed {
        /// The result declared, as written.
        declared: String,
        /// The result written in its place.
        written: String,
        /// What the board proves, in words.
        why: String,
    },
    /// A FEN (tag or setup command) that cannot be set up.
    BadFen {
        /// The FEN as written.
        fen: String,
        /// What is wrong with it.
        error: FenError,
    },
    /// A GameType value that cannot be read.
    GameTypeUnreadable {
        /// The tag's value.
        value: String,
        /// What is wrong with it.
        error: GameTypeError,
    },
    /// A full GameType whose board is not the one of the game type it names.
    GameTypeBoard {
        /// The tag's value.
        value: String,
        /// The game type its number names.
        variant: Variant,
    },
    /// A game type of the PDN table that pdnkit does not play.
    GameTypeUnsupported {
        /// The game type's number.
        number: u32,
        /// The game's name in the PDN table.
        name: &'static str,
    },
    /// A number the PDN table has no game for.
    GameTypeUnknown {
        /// The number.
        number: u32,
    },
    /// No GameType tag, and the game fits neither board.
    GameTypeNeither {
        /// What fits neither board.
        why: NeitherBoard,
    },
    /// No GameType tag, and the moves fit both boards: read as the default, 41.
    GameTypeBothBoards,
    /// No GameType tag: read on the board where the moves replay further.
    GameTypeDetected {
        /// The game type it was read as.
        variant: Variant,
        /// Plies replayed on its board.
        plies: u32,
        /// Plies replayed on the other board.
        other_plies: u32,
    },
    /// The game has no moves.
    NoMoves,
    /// A Date tag that is no day of the calendar (`2019.02.30`, month 13).
    BadDate {
        /// The tag's value.
        value: String,
        /// Why it is impossible.
        why: Impossible,
    },
    /// About a file: the encoding it was decoded in was a guess.
    Encoding {
        /// The encoding guessed.
        encoding: TextEncoding,
        /// What the guess rests on, in words.
        reason: String,
    },
    /// About a file: `count` games without a GameType tag fit both boards (the first of them
    /// named); each game's [`Kind::GameTypeBothBoards`] folded into one.
    BothBoardsInFile {
        /// Games that fit both boards.
        count: usize,
        /// The first of them (1-based numbers in the file), at most [`NAMED_GAMES`].
        named: Vec<usize>,
    },
    /// About a file: `captures` captures in `count` games are written in compact notation
    /// (the first games named); each capture's [`Kind::CompactCapture`] folded into one.
    CompactNotationInFile {
        /// Captures in compact notation.
        captures: usize,
        /// Games with such captures.
        count: usize,
        /// The first of them (1-based numbers in the file), at most [`NAMED_GAMES`].
        named: Vec<usize>,
    },
    /// About a file: it cannot be read (what the system or the walk said).
    Io {
        /// What the system or the walk said.
        why: String,
    },
    /// About a file: binary data, not text; `utf16` when it starts with a UTF-16 byte order
    /// mark, else the 1-based position of its first NUL byte.
    Binary {
        /// It starts with a UTF-16 byte order mark.
        utf16: bool,
        /// The 1-based position of its first NUL byte (when not `utf16`).
        nul_at: usize,
    },
}

/// Why no legal move fits a written one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegality {
    /// A square that is not on this board.
    BadSquare {
        /// The square as written.
        square: String,
        /// Why it is not on the board.
        error: SquareError,
    },
    /// The start square holds no piece of `side`, the side to move.
    NoPiece {
        /// The side to move.
        side: Color,
        /// The start square as written.
        square: String,
        /// What the square holds: a piece of the other side (`true` for a king), or nothing.
        holds: Option<(Color, bool)>,
    },
    /// A step written where a capture is compulsory.
    CaptureCompulsory,
    /// The piece is there, but none of its legal moves (captures) fits.
    NoSuchMove {
        /// The move was written as a capture.
        capture: bool,
    },
    /// No legal move fits a move in Russian compact notation (`ed4`).
    NoCompactMove,
}

/// Why a game without a GameType tag fits neither board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NeitherBoard {
    /// This square (as written) lies on neither.
    Square(String),
    /// Its squares (numbers past both boards) lie on neither.
    Squares,
    /// Its first move is legal on neither.
    FirstMove,
}

/// How the rules ended a game, and the ply after which they did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// How the rules ended it.
    pub outcome: Outcome,
    /// The ply after which they did (0: the start position).
    pub ply: u32,
}

/// The games of a file named in [`Kind::BothBoardsInFile`] (and
/// [`Kind::CompactNotationInFile`]) before `...`.
pub const NAMED_GAMES: usize = 5;

impl Kind {
    /// The stable code ([`code`]).
    pub fn code(&self) -> &'static str {
        match self {
            Kind::Syntax(_) | Kind::TooDeep { .. } => code::SYNTAX,
            Kind::IllegalMove { .. } => code::ILLEGAL_MOVE,
            Kind::UnknownMove => code::UNKNOWN_MOVE,
            Kind::AmbiguousMove { .. } => code::AMBIGUOUS_MOVE,
            Kind::AmbiguityResolved { .. } => code::AMBIGUITY_RESOLVED,
            Kind::MoveAfterEnd { .. } => code::MOVE_AFTER_END,
            Kind::CaptureNotation { .. }
            | Kind::CompactCapture
            | Kind::CompactNotationInFile { .. } => code::CAPTURE_NOTATION,
            Kind::MoveNumber { .. } => code::MOVE_NUMBER,
            Kind::ResultTagUnreadable { .. }
            | Kind::ResultConflict { .. }
            | Kind::ResultAgainstBoard { .. } => code::RESULT_MISMATCH,
            Kind::UnfinishedResult { .. } => code::UNFINISHED_RESULT,
            Kind::MissingResult => code::MISSING_RESULT,
            Kind::ResultFixed { .. } => code::RESULT_FIXED,
            Kind::BadFen { .. } => code::BAD_FEN,
            Kind::GameTypeUnreadable { .. }
            | Kind::GameTypeBoard { .. }
            | Kind::GameTypeUnknown { .. }
            | Kind::GameTypeNeither { .. } => code::UNKNOWN_GAME_TYPE,
            Kind::GameTypeUnsupported { .. } => code::UNSUPPORTED_GAME_TYPE,
            Kind::GameTypeBothBoards
            | Kind::GameTypeDetected { .. }
            | Kind::BothBoardsInFile { .. } => code::GAME_TYPE,
            Kind::NoMoves => code::NO_MOVES,
            Kind::BadDate { .. } => code::BAD_DATE,
            Kind::Encoding { .. } => code::ENCODING,
            Kind::Io { .. } => code::IO,
            Kind::Binary { .. } => code::BINARY,
        }
    }

    /// The name of a `syntax` finding within its code (`unquoted-tag-value`, `too-deep`): the
    /// message prints it, and a level can be given to it alone.
    pub fn detail(&self) -> Option<&'static str> {
        match self {
            Kind::Syntax(kind) => Some(kind.name()),
            Kind::TooDeep { .. } => Some(code::TOO_DEEP),
            _ => None,
        }
    }

    /// Whether the finding is about a whole file (no line, column or move).
    pub fn about_file(&self) -> bool {
        matches!(
            self,
            Kind::Encoding { .. }
                | Kind::BothBoardsInFile { .. }
                | Kind::CompactNotationInFile { .. }
                | Kind::Io { .. }
                | Kind::Binary { .. }
        )
    }

    /// The severity of a finding about a file: an unreadable file is an error, the rest notes.
    pub(super) fn file_severity(&self) -> Severity {
        match self {
            Kind::Io { .. } | Kind::Binary { .. } => Severity::Error,
            _ => Severity::Note,
        }
    }
}

/// Moves of a list, or `none`.
fn moves(list: &[String]) -> String {
    if list.is_empty() {
        "none".to_string()
    } else {
        list.join(", ")
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kind::Syntax(kind) => write!(f, "{kind} ({})", kind.name()),
            Kind::TooDeep { limit } => {
                write!(
                    f,
                    "variations nested deeper than {limit} levels are not checked ({})",
                    code::TOO_DEEP
                )
            }
            Kind::IllegalMove { why, legal } => {
                write!(f, "illegal move: {why}; legal moves: {}", moves(legal))
            }
            Kind::UnknownMove => f.write_str(
                "the move was not recorded (placeholder): the rest of the game cannot be checked",
            ),
            Kind::AmbiguousMove { readings } => write!(
                f,
                "ambiguous: it can be read as {}; write the full path",
                moves(readings)
            ),
            Kind::AmbiguityResolved { readings, chosen } => write!(
                f,
                "ambiguous: it can be read as {}; only {chosen} lets the game go on",
                moves(readings)
            ),
            Kind::MoveAfterEnd { end } => {
                write!(f, "the game was already over ({end}): no move can follow")
            }
            Kind::CaptureNotation { spelling } => f.write_str(spelling),
            Kind::CompactCapture => f.write_str(
                "a capture in Russian compact notation (the column it starts from and the \
                 square it ends on, no `:`)",
            ),
            Kind::MoveNumber { written, expected } => write!(
                f,
                "move number {written} does not fit: this is move {} ({})",
                expected.number,
                expected.side.name()
            ),
            Kind::ResultTagUnreadable { value } => write!(
                f,
                "Result tag \"{value}\" is not a result (1-0, 0-1, 1/2-1/2, 2-0, 1-1, 0-2, *, ...)"
            ),
            Kind::ResultConflict { written, tagged } => write!(
                f,
                "the game text ends with {} but its Result tag says {}",
                written.text(),
                tagged.text()
            ),
            Kind::ResultAgainstBoard { declared, end } => {
                write!(f, "result {} contradicts the board: {end}", declared.text())
            }
            Kind::UnfinishedResult { declared, end } => write!(
                f,
                "result {} (unfinished) although the game is over: {end}",
                declared.text()
            ),
            Kind::MissingResult => {
                f.write_str("the game text does not end with a result (1-0, 0-1, 1/2-1/2, *, ...)")
            }
            Kind::ResultFixed {
                declared,
                written,
                why,
            } => write!(f, "result {declared} written as {written}: {why}"),
            Kind::BadFen { fen, error } => write!(f, "FEN \"{fen}\": {error}"),
            Kind::GameTypeUnreadable { value, error } => {
                write!(f, "GameType \"{value}\" cannot be read: {error}")
            }
            Kind::GameTypeBoard { value, variant } => {
                let g = variant.geometry();
                write!(
                    f,
                    "GameType \"{value}\" describes a board other than game type {}'s {}x{}",
                    variant.game_type(),
                    g.width,
                    g.height
                )
            }
            Kind::GameTypeUnsupported { number, name } => write!(
                f,
                "GameType {number} is {name}, which pdnkit does not play{NOT_REPLAYED}"
            ),
            Kind::GameTypeUnknown { number } => write!(
                f,
                "GameType {number} is not a game type of the PDN standard's table{NOT_REPLAYED}"
            ),
            Kind::GameTypeNeither { why } => write!(
                f,
                "no GameType tag, and {why}: not legal as GameType 41 (10x8) or 25 (8x8); \
                 another variant? A GameType tag or --game-type chooses the game type"
            ),
            Kind::GameTypeBothBoards => f.write_str(
                "no GameType tag, and the moves fit both boards: read as GameType 41 (10x8), \
                 the default; --game-type 25 (or game-type = \"russian\" in pdnkit.toml, or a \
                 GameType tag) reads it as Russian draughts",
            ),
            Kind::GameTypeDetected {
                variant,
                plies,
                other_plies,
            } => {
                let g = variant.geometry();
                write!(
                    f,
                    "no GameType tag: read as GameType {} ({}x{}), where the moves are legal \
                     up to ply {plies} (on the other board up to ply {other_plies})",
                    variant.game_type(),
                    g.width,
                    g.height
                )
            }
            Kind::NoMoves => f.write_str("the game has no moves: nothing to check"),
            Kind::BadDate { value, why } => write!(
                f,
                "Date \"{value}\" is no day of the calendar: {why}; read as far as it can be \
                 (the year, and the month if there is one)"
            ),
            Kind::Encoding { encoding, reason } => write!(
                f,
                "decoded as {encoding} (a guess: {reason}); use --encoding to choose"
            ),
            Kind::BothBoardsInFile { count, named } => {
                let named = named_games(*count, named);
                let them = if *count == 1 { "it" } else { "them" };
                write!(
                    f,
                    "{} without GameType tag (game {named}) fit both boards, and no game at \
                     the start of the file decides its board: read as GameType 41 (10x8), the \
                     default; --game-type 25 (or game-type = \"russian\" in pdnkit.toml) reads \
                     {them} as Russian draughts",
                    games(*count),
                )
            }
            Kind::CompactNotationInFile {
                captures,
                count,
                named,
            } => write!(
                f,
                "{} in {} (game {}) written in Russian compact notation (`fb4`: the column a \
                 capture starts from and the square it ends on): read as captures; --warn \
                 capture-notation names each",
                match captures {
                    1 => "1 capture".to_string(),
                    n => format!("{n} captures"),
                },
                games(*count),
                named_games(*count, named)
            ),
            Kind::Io { why } => f.write_str(why),
            Kind::Binary { utf16: true, .. } => {
                f.write_str("UTF-16 text, which pdnkit does not read: convert it to UTF-8")
            }
            Kind::Binary { nul_at, .. } => write!(
                f,
                "binary data (a NUL byte at byte {nul_at}), not PDN text: not read"
            ),
        }
    }
}

/// `1 game`, `3 games`.
fn games(count: usize) -> String {
    match count {
        1 => "1 game".to_string(),
        n => format!("{n} games"),
    }
}

/// The games of a file's note, `1, 2, 3, ...` when there are more than those named.
fn named_games(count: usize, named: &[usize]) -> String {
    let mut games: Vec<String> = named.iter().map(usize::to_string).collect();
    if count > named.len() {
        games.push("...".to_string());
    }
    games.join(", ")
}

/// The end of the messages of a game type pdnkit does not play.
const NOT_REPLAYED: &str =
    " (pdnkit plays 41, Spantsiretti, and 25, Russian draughts): the game is not replayed";

impl fmt::Display for Illegality {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegality::BadSquare { square, error } => write!(f, "square {square} is {error}"),
            Illegality::NoPiece {
                side,
                square,
                holds,
            } => {
                write!(f, "there is no {} piece on {square}: ", side.name())?;
                match holds {
                    None => f.write_str("it is empty"),
                    Some((color, king)) => write!(
                        f,
                        "it holds a {} {}",
                        color.name(),
                        if *king { "king" } else { "man" }
                    ),
                }
            }
            Illegality::CaptureCompulsory => f.write_str("a capture is compulsory"),
            Illegality::NoSuchMove { capture } => {
                let kind = if *capture { "capture" } else { "move" };
                write!(f, "no legal {kind} fits it")
            }
            Illegality::NoCompactMove => f.write_str("no legal move fits this compact notation"),
        }
    }
}

impl fmt::Display for NeitherBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NeitherBoard::Square(square) => write!(f, "its square {square} lies on neither board"),
            NeitherBoard::Squares => f.write_str("its squares lie on neither board"),
            NeitherBoard::FirstMove => f.write_str("its first move is legal on neither board"),
        }
    }
}

impl fmt::Display for GameEnd {
    /// `White had no legal move after ply 40: Black won`, `draw by threefold repetition after
    /// ply 31`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plies = self.ply;
        match self.outcome {
            Outcome::NoLegalMove { winner } => write!(
                f,
                "{} had no legal move after ply {plies}: {} won",
                winner.other().name(),
                winner.name()
            ),
            draw => write!(f, "{} after ply {plies}", draw.description()),
        }
    }
}
