//! The reader's input limits, in one place (documented in `docs/robustness.md`, "Limits").
//! Past each one the reader reports an error finding and goes on with the next construct or
//! game, so hostile input costs bounded memory: about twice [`MAX_GAME_BYTES`] plus one read,
//! however long the file, its lines, comments or games.

/// Bytes of one game, from its first tag or token to the end of its last. A longer game is
/// not held: the reader keeps its first `MAX_GAME_BYTES + 1` bytes (so the parser can tell),
/// streams past the rest and resumes at the next game; the parser reports
/// [`super::SyntaxErrorKind::GameTooLong`] and reads nothing of it.
pub const MAX_GAME_BYTES: usize = 4 << 20;

/// Bytes of one comment, delimiters included (`{...}`, or a `%`/`;` comment to its line end).
pub const MAX_COMMENT_BYTES: usize = 1 << 20;

/// Bytes of a tag name as written; names longer than this also never count as
/// repeated when games are split.
pub const MAX_TAG_NAME_BYTES: usize = 64;

/// Bytes of a tag value (unescaped), and of a whole setup command `/FEN "..."/`. Of a
/// quoted value past it, the reader holds the first bytes only: the rest is left out of
/// the game as it is read (see [`super::Hole`]).
pub const MAX_TAG_VALUE_BYTES: usize = 64 << 10;

/// Bytes of one word: a move, a move number, a result, a NAG, or unreadable text. A longer
/// word is unreadable text (and never ends or starts a game).
pub const MAX_TOKEN_BYTES: usize = 256;

/// Tokens, tags and findings of one game together; the rest of a game past it is skipped.
pub const MAX_TOKENS: usize = 100_000;

/// Moves of one game, main line and variations together; the rest of a game past it is
/// skipped.
pub const MAX_MOVES: usize = 10_000;

/// Variations nested deeper than this are not replayed (a warning says so).
pub const MAX_VARIATION_DEPTH: usize = 64;
