//! The stable codes of the diagnostics. Documented in docs/cli.md; never renamed.

/// Text that cannot be read (error) or that deviates from PDN 3.0 but is understood
/// (warning).
pub const SYNTAX: &str = "syntax";
/// No legal move fits the written one.
pub const ILLEGAL_MOVE: &str = "illegal-move";
/// Several legal moves leaving different positions fit, and the rest of the game does
/// not tell them apart.
pub const AMBIGUOUS_MOVE: &str = "ambiguous-move";
/// Several moves fit, but only one lets the rest of the game be played.
pub const AMBIGUITY_RESOLVED: &str = "ambiguity-resolved";
/// A move after the end of the game by the rules.
pub const MOVE_AFTER_END: &str = "move-after-end";
/// The declared result contradicts the board, or the Result tag and the result after
/// the moves differ.
pub const RESULT_MISMATCH: &str = "result-mismatch";
/// The moves do not end with a result.
pub const MISSING_RESULT: &str = "missing-result";
/// A FEN that cannot be read or describes an impossible position.
pub const BAD_FEN: &str = "bad-fen";
/// A GameType that cannot be read or is not in the standard's table, or a game without
/// one that fits neither board.
pub const UNKNOWN_GAME_TYPE: &str = "unknown-game-type";
/// A GameType of the standard's table that pdnkit does not play.
pub const UNSUPPORTED_GAME_TYPE: &str = "unsupported-game-type";
/// How a game without GameType tag was read when its moves did not decide alone (a
/// note).
pub const GAME_TYPE: &str = "game-type";
/// A placeholder (`-`, `--`) stands for a move that was not recorded.
pub const UNKNOWN_MOVE: &str = "unknown-move";
/// The file's code page was guessed (a note).
pub const ENCODING: &str = "encoding";
/// A move number that does not fit the move it stands before.
pub const MOVE_NUMBER: &str = "move-number";
/// A capture written with `-` or without separator, or a step written with `:`/`x`.
pub const CAPTURE_NOTATION: &str = "capture-notation";
/// A game with tags and a result but no moves (a note).
pub const NO_MOVES: &str = "no-moves";
/// A Date tag that is no day of the calendar (`2019.02.30`).
pub const BAD_DATE: &str = "bad-date";
/// `*` declared for a game the rules have ended.
pub const UNFINISHED_RESULT: &str = "unfinished-result";
/// `convert --fix-results` wrote the result the board proves (a note).
pub const RESULT_FIXED: &str = "result-fixed";
/// A file or directory that cannot be read.
pub const IO: &str = "io";
/// A file of binary data, not PDN text.
pub const BINARY: &str = "binary";

/// Every code, in the order docs/cli.md and `pdnkit help validate` list them: each one
/// takes a level (`--allow`, `--warn`, `--deny`, `[levels]`), within the limits of
/// [`UNCHECKED`]. `encoding`, `io` and `binary` are about a file.
pub const ALL: [&str; 21] = [
    SYNTAX,
    ILLEGAL_MOVE,
    AMBIGUOUS_MOVE,
    AMBIGUITY_RESOLVED,
    UNKNOWN_MOVE,
    MOVE_AFTER_END,
    RESULT_MISMATCH,
    UNFINISHED_RESULT,
    MISSING_RESULT,
    BAD_FEN,
    UNKNOWN_GAME_TYPE,
    UNSUPPORTED_GAME_TYPE,
    GAME_TYPE,
    CAPTURE_NOTATION,
    MOVE_NUMBER,
    NO_MOVES,
    BAD_DATE,
    RESULT_FIXED,
    ENCODING,
    IO,
    BINARY,
];

/// The codes whose findings mean that a move, a game or a file could not be read or
/// checked: the game (or file) cannot pass, so no level lowers them below an error (as
/// a compiler refuses to allow a hard error). The syntax errors of
/// [`crate::pdn::error::SyntaxErrorKind`] are of this kind too.
pub const UNCHECKED: [&str; 9] = [
    ILLEGAL_MOVE,
    AMBIGUOUS_MOVE,
    UNKNOWN_MOVE,
    MOVE_AFTER_END,
    BAD_FEN,
    UNKNOWN_GAME_TYPE,
    UNSUPPORTED_GAME_TYPE,
    IO,
    BINARY,
];

/// What a finding of `code` means, in a sentence (the rules of SARIF reports; docs/cli.md
/// says more of each). Empty for a string that is no code.
pub fn help(code: &str) -> &'static str {
    match code {
        SYNTAX => {
            "Text that cannot be read (error), or that deviates from PDN 3.0 but is understood (warning)."
        }
        ILLEGAL_MOVE => {
            "No legal move fits the written one; the message says why and lists the legal moves."
        }
        AMBIGUOUS_MOVE => {
            "Several legal moves leaving different positions fit, and the rest of the game does not tell them apart."
        }
        AMBIGUITY_RESOLVED => {
            "Several moves fit, but only one lets the rest of the game be played; that one is taken."
        }
        UNKNOWN_MOVE => {
            "A placeholder (- or --) stands for a move that was not recorded; the rest of the game cannot be checked."
        }
        MOVE_AFTER_END => {
            "A move follows the end of the game by the rules (no legal move, or a draw rule)."
        }
        RESULT_MISMATCH => {
            "The declared result contradicts the board, or the Result tag and the result after the moves differ."
        }
        UNFINISHED_RESULT => "* is declared for a game that the rules have ended.",
        MISSING_RESULT => "The moves do not end with a result.",
        BAD_FEN => "A FEN that cannot be read or describes an impossible position.",
        UNKNOWN_GAME_TYPE => {
            "A GameType that cannot be read or is not in the standard's table, or a game without one that fits neither board."
        }
        UNSUPPORTED_GAME_TYPE => {
            "A GameType of the standard's table that pdnkit does not play; the game is not replayed."
        }
        GAME_TYPE => {
            "How a game without GameType tag was read when its moves did not decide alone."
        }
        CAPTURE_NOTATION => {
            "A capture written with - or without separator, or a step written with : or x; or captures in Russian compact notation."
        }
        MOVE_NUMBER => "A move number that does not fit the move it stands before.",
        NO_MOVES => "A game with tags and a result but no moves: valid, nothing to check.",
        BAD_DATE => "A Date tag that is no day of the calendar.",
        RESULT_FIXED => {
            "convert --fix-results wrote the result the board proves in place of the declared one."
        }
        ENCODING => "The file's code page was guessed; --encoding chooses it.",
        IO => "A file or directory that cannot be read.",
        BINARY => "A file of binary data, not PDN text.",
        _ => "",
    }
}

/// The name of a too deeply nested variation among the `syntax` findings (each syntax
/// finding has a name of its own: [`crate::pdn::error::SyntaxErrorKind::name`]).
pub const TOO_DEEP: &str = "too-deep";
