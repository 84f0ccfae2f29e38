//! Syntax diagnostics of the PDN lexer: what went wrong, where (absolute byte offset and
//! length) and how serious it is by default.

use super::limits::{
    MAX_COMMENT_BYTES, MAX_GAME_BYTES, MAX_MOVES, MAX_TAG_NAME_BYTES, MAX_TAG_VALUE_BYTES,
    MAX_TOKEN_BYTES, MAX_TOKENS,
};
use std::fmt;

/// How serious a syntax finding is. `Warning` marks a tolerated deviation from PDN 3.0
/// (a `--strict` run may treat it as an error); `Error` marks text that could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// A tolerated deviation: the game stays readable.
    Warning,
    /// Text that could not be read.
    Error,
}

/// The kinds of syntax findings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SyntaxErrorKind {
    /// `{` without `}` before the end of the game; the comment is taken to end at the end
    /// of its line.
    UnterminatedComment,
    /// `[` without `]` on the same line.
    UnterminatedTag,
    /// A tag value opened with `"` but not closed on its line.
    UnterminatedTagValue,
    /// `[Event x]`: a tag value without quotes.
    UnquotedTagValue,
    /// `["x"]`: no tag name.
    MissingTagName,
    /// A tag name with bytes other than ASCII letters, digits and `_`.
    BadTagName,
    /// `/FEN "..."` without the closing `/` on its line.
    UnterminatedSetup,
    /// `)` without a matching `(`.
    UnmatchedVariationEnd,
    /// `(` never closed; `count` variations were still open at the end of the game.
    UnclosedVariation {
        /// Variations still open.
        count: u64,
    },
    /// Text that is no move, move number, result, NAG or other PDN token.
    UnknownToken,
    /// `$` without a number, or a number above 65535.
    BadNag,
    /// A move number without its dot (`1 c3-d4`).
    MoveNumberWithoutDot,
    /// A move number with 2 or more than 3 dots (`1..`, `1....`).
    OddMoveNumberDots,
    /// `...` that does not follow a White move number.
    StrayEllipsis,
    /// A move strength separated from its move (`c3-d4 !`).
    SpacedStrength,
    /// `*` used as a move strength (`c3-d4*`).
    AsteriskStrength,
    /// Squares written without a separator (`c3d4`, `3228`).
    OmittedSeparator,
    /// Different separators in one move (`c3-e5:g7`).
    MixedSeparators,
    /// The game is longer than [`MAX_GAME_BYTES`]: nothing of it is read.
    GameTooLong,
    /// A comment longer than [`MAX_COMMENT_BYTES`]: skipped.
    CommentTooLong,
    /// A tag name longer than [`MAX_TAG_NAME_BYTES`] or value longer than
    /// [`MAX_TAG_VALUE_BYTES`], or a setup command longer than the latter: skipped.
    TagTooLong,
    /// A word longer than [`MAX_TOKEN_BYTES`]: unreadable text.
    TokenTooLong,
    /// More than [`MAX_TOKENS`] tokens, tags and findings: the rest of the game is skipped.
    TooManyTokens,
    /// More than [`MAX_MOVES`] moves: the rest of the game is skipped.
    TooManyMoves,
}

impl SyntaxErrorKind {
    /// The default severity of this kind.
    pub const fn severity(self) -> Severity {
        use SyntaxErrorKind::*;
        match self {
            UnterminatedComment
            | UnterminatedSetup
            | UnmatchedVariationEnd
            | UnclosedVariation { .. }
            | UnknownToken
            | BadNag
            | GameTooLong
            | CommentTooLong
            | TagTooLong
            | TokenTooLong
            | TooManyTokens
            | TooManyMoves => Severity::Error,
            UnterminatedTag | UnterminatedTagValue | UnquotedTagValue | MissingTagName
            | BadTagName | MoveNumberWithoutDot | OddMoveNumberDots | StrayEllipsis
            | SpacedStrength | AsteriskStrength | OmittedSeparator | MixedSeparators => {
                Severity::Warning
            }
        }
    }

    /// A stable kebab-case name of the kind.
    pub const fn name(self) -> &'static str {
        use SyntaxErrorKind::*;
        match self {
            UnterminatedComment => "unterminated-comment",
            UnterminatedTag => "unterminated-tag",
            UnterminatedTagValue => "unterminated-tag-value",
            UnquotedTagValue => "unquoted-tag-value",
            MissingTagName => "missing-tag-name",
            BadTagName => "bad-tag-name",
            UnterminatedSetup => "unterminated-setup",
            UnmatchedVariationEnd => "unmatched-variation-end",
            UnclosedVariation { .. } => "unclosed-variation",
            UnknownToken => "unknown-token",
            BadNag => "bad-nag",
            MoveNumberWithoutDot => "move-number-without-dot",
            OddMoveNumberDots => "odd-move-number-dots",
            StrayEllipsis => "stray-ellipsis",
            SpacedStrength => "spaced-strength",
            AsteriskStrength => "asterisk-strength",
            OmittedSeparator => "omitted-separator",
            MixedSeparators => "mixed-separators",
            GameTooLong => "game-too-long",
            CommentTooLong => "comment-too-long",
            TagTooLong => "tag-too-long",
            TokenTooLong => "token-too-long",
            TooManyTokens => "too-many-tokens",
            TooManyMoves => "too-many-moves",
        }
    }
}

impl fmt::Display for SyntaxErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SyntaxErrorKind::*;
        let text = match self {
            UnterminatedComment => {
                "comment `{` is not closed by `}`; it is taken to end at the end of its line"
            }
            UnterminatedTag => "tag `[` is not closed by `]` on its line",
            UnterminatedTagValue => "tag value is not closed by `\"` on its line",
            UnquotedTagValue => "tag value is not quoted",
            MissingTagName => "tag has no name",
            BadTagName => "tag name has characters other than letters, digits and `_`",
            UnterminatedSetup => "setup command `/` is not closed by `/` on its line",
            UnmatchedVariationEnd => "`)` closes no variation",
            UnclosedVariation { count } => {
                return write!(f, "{count} variation(s) `(` not closed by `)`");
            }
            UnknownToken => "unreadable text (not a move, move number, result or annotation)",
            BadNag => "`$` must be followed by a number from 0 to 65535",
            MoveNumberWithoutDot => "move number without a dot",
            OddMoveNumberDots => "move number must end with `.` or `...`",
            StrayEllipsis => "`...` does not follow a move number",
            SpacedStrength => "move strength separated from its move by a space",
            AsteriskStrength => "`*` used as a move strength",
            OmittedSeparator => "squares of a move written without a separator",
            MixedSeparators => "different separators in one move",
            GameTooLong => {
                let mib = MAX_GAME_BYTES >> 20;
                return write!(
                    f,
                    "the game is longer than {mib} MiB; it is skipped up to the next game"
                );
            }
            CommentTooLong => {
                let mib = MAX_COMMENT_BYTES >> 20;
                return write!(f, "comment longer than {mib} MiB; it is skipped");
            }
            TagTooLong => {
                let (name, kib) = (MAX_TAG_NAME_BYTES, MAX_TAG_VALUE_BYTES >> 10);
                return write!(
                    f,
                    "tag name longer than {name} bytes or value (or setup command) longer \
                     than {kib} KiB; it is skipped"
                );
            }
            TokenTooLong => {
                let bytes = MAX_TOKEN_BYTES;
                return write!(f, "unreadable text: a word longer than {bytes} bytes");
            }
            TooManyTokens => {
                let n = MAX_TOKENS;
                return write!(
                    f,
                    "more than {n} tokens, tags and findings in the game; the rest of the \
                     game is skipped"
                );
            }
            TooManyMoves => {
                let n = MAX_MOVES;
                return write!(
                    f,
                    "more than {n} moves in the game; the rest of the game is skipped"
                );
            }
        };
        f.write_str(text)
    }
}

/// One syntax finding: kind, absolute byte offset in the file and length in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SyntaxError {
    /// What was found.
    pub kind: SyntaxErrorKind,
    /// Absolute byte offset in the input.
    pub offset: u64,
    /// Length in bytes.
    pub len: u32,
}

impl SyntaxError {
    /// A finding of `len` bytes at `offset` (a longer one is cut to `u32::MAX` bytes).
    pub(crate) fn new(kind: SyntaxErrorKind, offset: u64, len: usize) -> SyntaxError {
        let len = u32::try_from(len).unwrap_or(u32::MAX);
        SyntaxError { kind, offset, len }
    }

    /// How serious the finding is.
    pub const fn severity(&self) -> Severity {
        self.kind.severity()
    }
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.kind, self.offset)
    }
}

impl std::error::Error for SyntaxError {}
