//! Syntax diagnostics of the PDN lexer: what went wrong, where (absolute byte offset and
//! length) and how serious it is by default.

use super::limits::{
    MAX_COMMENT_BYTES, MAX_GAME_BYTES, MAX_MOVES, MAX_TAG_NAME_BYTES, MAX_TAG_VALUE_BYTES,
    MAX_TOKEN_BYTES, MAX_TOKENS,
};
use super::severity::Severity;
use std::fmt;

/// Declares [`SyntaxErrorKind`] from one table: for each kind its documentation, default
/// [`Severity`], stable kebab-case name and message (a `format!` string with its arguments).
macro_rules! syntax_error_kinds {
    ($(
        $(#[doc = $doc:literal])*
        $kind:ident $({ $(#[doc = $field_doc:literal])* $field:ident: $ty:ty })?
            => $severity:ident, $name:literal, $($message:expr),+;
    )+) => {
        /// The kinds of syntax findings.
        ///
        /// ```
        /// use pdnkit::pdn::{Severity, SyntaxErrorKind};
        ///
        /// let kind = SyntaxErrorKind::UnterminatedTag;
        /// assert_eq!((kind.name(), kind.severity()), ("unterminated-tag", Severity::Warning));
        /// assert_eq!(kind.to_string(), "tag `[` is not closed by `]` on its line");
        /// assert!(SyntaxErrorKind::NAMES.contains(&("unterminated-comment", Severity::Error)));
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum SyntaxErrorKind {
            $($(#[doc = $doc])* $kind $({ $(#[doc = $field_doc])* $field: $ty })?,)+
        }

        impl SyntaxErrorKind {
            /// The name and default severity of every kind, in the order of the table.
            pub const NAMES: &[(&str, Severity)] = &[$(($name, Severity::$severity),)+];

            /// The default severity of this kind.
            pub const fn severity(self) -> Severity {
                match self {
                    $(SyntaxErrorKind::$kind { .. } => Severity::$severity,)+
                }
            }

            /// A stable kebab-case name of the kind.
            pub const fn name(self) -> &'static str {
                match self {
                    $(SyntaxErrorKind::$kind { .. } => $name,)+
                }
            }
        }

        impl fmt::Display for SyntaxErrorKind {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match *self {
                    $(SyntaxErrorKind::$kind $({ $field })? => write!(f, $($message),+),)+
                }
            }
        }
    };
}

syntax_error_kinds! {
    /// `{` without `}` before the end of the game; the comment is taken to end at the end
    /// of its line.
    UnterminatedComment => Error, "unterminated-comment",
        "comment `{{` is not closed by `}}`; it is taken to end at the end of its line";
    /// `[` without `]` on the same line.
    UnterminatedTag => Warning, "unterminated-tag", "tag `[` is not closed by `]` on its line";
    /// A tag value opened with `"` but not closed on its line.
    UnterminatedTagValue => Warning, "unterminated-tag-value",
        "tag value is not closed by `\"` on its line";
    /// `[Event x]`: a tag value without quotes.
    UnquotedTagValue => Warning, "unquoted-tag-value", "tag value is not quoted";
    /// `["x"]`: no tag name.
    MissingTagName => Warning, "missing-tag-name", "tag has no name";
    /// A tag name with bytes other than ASCII letters, digits and `_`.
    BadTagName => Warning, "bad-tag-name",
        "tag name has characters other than letters, digits and `_`";
    /// `/FEN "..."` without the closing `/` on its line.
    UnterminatedSetup => Error, "unterminated-setup",
        "setup command `/` is not closed by `/` on its line";
    /// `)` without a matching `(`.
    UnmatchedVariationEnd => Error, "unmatched-variation-end", "`)` closes no variation";
    /// `(` never closed; `count` variations were still open at the end of the game.
    UnclosedVariation {
        /// Variations still open.
        count: u64
    } => Error, "unclosed-variation", "{count} variation(s) `(` not closed by `)`";
    /// Text that is no move, move number, result, NAG or other PDN token.
    UnknownToken => Error, "unknown-token",
        "unreadable text (not a move, move number, result or annotation)";
    /// `$` without a number, or a number above 65535.
    BadNag => Error, "bad-nag", "`$` must be followed by a number from 0 to 65535";
    /// A move number without its dot (`1 c3-d4`).
    MoveNumberWithoutDot => Warning, "move-number-without-dot", "move number without a dot";
    /// A move number with 2 or more than 3 dots (`1..`, `1....`).
    OddMoveNumberDots => Warning, "odd-move-number-dots",
        "move number must end with `.` or `...`";
    /// `...` that does not follow a White move number.
    StrayEllipsis => Warning, "stray-ellipsis", "`...` does not follow a move number";
    /// A move strength separated from its move (`c3-d4 !`).
    SpacedStrength => Warning, "spaced-strength",
        "move strength separated from its move by a space";
    /// `*` used as a move strength (`c3-d4*`).
    AsteriskStrength => Warning, "asterisk-strength", "`*` used as a move strength";
    /// Squares written without a separator (`c3d4`, `3228`).
    OmittedSeparator => Warning, "omitted-separator",
        "squares of a move written without a separator";
    /// Different separators in one move (`c3-e5:g7`).
    MixedSeparators => Warning, "mixed-separators", "different separators in one move";
    /// The game is longer than `MAX_GAME_BYTES`: nothing of it is read.
    GameTooLong => Error, "game-too-long",
        "the game is longer than {} MiB; it is skipped up to the next game", MAX_GAME_BYTES >> 20;
    /// A comment longer than `MAX_COMMENT_BYTES`: skipped.
    CommentTooLong => Error, "comment-too-long",
        "comment longer than {} MiB; it is skipped", MAX_COMMENT_BYTES >> 20;
    /// A tag name longer than `MAX_TAG_NAME_BYTES` or value longer than
    /// `MAX_TAG_VALUE_BYTES`, or a setup command longer than the latter: skipped.
    TagTooLong => Error, "tag-too-long",
        "tag name longer than {} bytes or value (or setup command) longer than {} KiB; it is \
         skipped", MAX_TAG_NAME_BYTES, MAX_TAG_VALUE_BYTES >> 10;
    /// A word longer than `MAX_TOKEN_BYTES`: unreadable text.
    TokenTooLong => Error, "token-too-long",
        "unreadable text: a word longer than {} bytes", MAX_TOKEN_BYTES;
    /// More than `MAX_TOKENS` tokens, tags and findings: the rest of the game is skipped.
    TooManyTokens => Error, "too-many-tokens",
        "more than {} tokens, tags and findings in the game; the rest of the game is skipped",
        MAX_TOKENS;
    /// More than `MAX_MOVES` moves: the rest of the game is skipped.
    TooManyMoves => Error, "too-many-moves",
        "more than {} moves in the game; the rest of the game is skipped", MAX_MOVES;
}

/// One syntax finding: kind, absolute byte offset in the file and length in bytes.
///
/// ```
/// # use pdnkit::pdn::{ParsedGame, RawGame, Scanner, Visitor};
/// # /// Keeps each game as read.
/// # struct Keep;
/// # impl Visitor for Keep {
/// #     type Output = ParsedGame;
/// #     fn end_game(&mut self, _game: &RawGame<'_>, read: &ParsedGame) -> ParsedGame {
/// #         read.clone()
/// #     }
/// # }
/// use pdnkit::pdn::{Severity, SyntaxErrorKind};
///
/// let pdn = "[Event \"x\"]\n1. c3-d4 {never closed\n";
/// let game = Scanner::new(pdn.as_bytes()).read_game(&mut Keep)?.expect("a game");
/// let error = game.errors[0];
/// assert_eq!((error.kind, error.offset), (SyntaxErrorKind::UnterminatedComment, 21));
/// assert_eq!((error.kind.name(), error.kind.severity()), ("unterminated-comment", Severity::Error));
/// # Ok::<(), std::io::Error>(())
/// ```
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
