//! What validation reports: diagnostics with a stable kebab-case code, a severity, and the
//! place (byte offset, line, column, game, move) they concern.

use crate::position::Color;
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Information: nothing is wrong.
    Note,
    /// A tolerated deviation from the standard (an error under `--strict`).
    Warning,
    /// The game is invalid.
    Error,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// The stable codes. Documented in docs/cli.md; never renamed.
pub mod code {
    pub const SYNTAX: &str = "syntax";
    pub const ILLEGAL_MOVE: &str = "illegal-move";
    pub const AMBIGUOUS_MOVE: &str = "ambiguous-move";
    pub const AMBIGUITY_RESOLVED: &str = "ambiguity-resolved";
    pub const MOVE_AFTER_END: &str = "move-after-end";
    pub const RESULT_MISMATCH: &str = "result-mismatch";
    pub const MISSING_RESULT: &str = "missing-result";
    pub const BAD_FEN: &str = "bad-fen";
    pub const UNKNOWN_GAME_TYPE: &str = "unknown-game-type";
    pub const UNSUPPORTED_GAME_TYPE: &str = "unsupported-game-type";
    pub const GAME_TYPE: &str = "game-type";
    pub const UNKNOWN_MOVE: &str = "unknown-move";
    pub const ENCODING: &str = "encoding";
    pub const MOVE_NUMBER: &str = "move-number";
    pub const CAPTURE_NOTATION: &str = "capture-notation";
    pub const NO_MOVES: &str = "no-moves";
    pub const UNFINISHED_RESULT: &str = "unfinished-result";
    /// `convert --fix-results` wrote the result the board proves (a note).
    pub const RESULT_FIXED: &str = "result-fixed";
    pub const IO: &str = "io";
    pub const BINARY: &str = "binary";

    /// The codes of the diagnostics of a game (those that levels apply to), in the order
    /// docs/cli.md lists them. `encoding`, `io` and `binary` are about a file.
    pub const GAME: [&str; 17] = [
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
        // Kept last: not a game code by nature, but listed so that `--allow` can silence it.
        ENCODING,
    ];
}

/// One finding about one game (or one file, for `io` and `encoding`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    pub code: &'static str,
    pub message: String,
    /// Byte offset in the file.
    #[serde(skip)]
    pub offset: u64,
    pub line: u32,
    pub column: u32,
    /// The ply (1 = White's first move of the main line) of the move concerned, if any.
    pub ply: Option<u32>,
    /// Move number and side, as a reader counts them.
    #[serde(skip)]
    pub move_number: Option<u32>,
    #[serde(skip)]
    pub side: Option<Color>,
    /// The move as written.
    #[serde(skip)]
    pub written: Option<String>,
    /// The move concerned is in the main line (not in a variation).
    #[serde(skip)]
    pub main_line: bool,
}

impl Diagnostic {
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `game 3, move 12 (Black) "d6:f4": ` — the prefix that names what the message is about.
    pub fn subject(&self, game: usize) -> String {
        let mut s = format!("game {game}");
        if let (Some(number), Some(side)) = (self.move_number, self.side) {
            s.push_str(&format!(", move {number} ({})", side.name()));
        }
        if let Some(written) = &self.written {
            s.push_str(&format!(" \"{written}\""));
        }
        s
    }
}
