//! The choices that apply to every game of a validation run.

use crate::levels::Levels;
use crate::pdn::location::ColumnUnit;
use crate::variant::Variant;

/// Choices that apply to every game of a run.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The game type of games without a GameType tag, when detection is off or cannot tell.
    pub default_variant: Variant,
    /// Read a game without a GameType tag on the board its FEN, squares and moves fit
    /// (module `detect`); off, such a game is read as [`Self::default_variant`].
    pub detect_game_type: bool,
    /// Deviations from the standard (warnings) become errors.
    pub strict: bool,
    /// Severities given per code (they beat `strict`).
    pub levels: Levels,
    /// Columns in messages count bytes (single-byte code pages) or UTF-8 characters.
    pub column_unit: ColumnUnit,
    /// Read and check the syntax only; replay nothing.
    pub syntax_only: bool,
    /// Keep the tags in the reports ([`GameReport::tags`](super::GameReport::tags), values decoded); without them a
    /// report costs no allocation per tag.
    pub keep_tags: bool,
    /// Keep the replayed main line in the reports ([`GameReport::moves`](super::GameReport::moves), each move with the
    /// positions before and after it); without it a report holds what replay found
    /// (diagnostics, result, end, number of plies) and costs no allocation per move.
    pub keep_moves: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            default_variant: Variant::Spantsiretti,
            detect_game_type: true,
            strict: false,
            levels: Levels::default(),
            column_unit: ColumnUnit::Utf8Chars,
            syntax_only: false,
            keep_tags: true,
            keep_moves: true,
        }
    }
}
