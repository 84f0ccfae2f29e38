//! How canonical PDN is written: the notation of squares and captures, the style of results,
//! what is left out.

use crate::notation::fen::FenNotation;
use crate::rules::square::Corner;

/// How squares are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Notation {
    /// `c3-d4`, GameType notation `A0`.
    #[default]
    Alpha,
    /// `32-27`, GameType notation `N2` (square 1 = b8).
    Numeric,
}

/// How captures are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Captures {
    /// Start and end squares, the full path only where it is needed.
    #[default]
    Short,
    /// Every landing square.
    Full,
}

/// How results are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ResultStyle {
    /// As declared in the game (`*` if none).
    #[default]
    Keep,
    /// `1-0 0-1 1/2-1/2 0-0 *`.
    Default,
    /// `2-0 0-2 1-1 0-0 *`.
    International,
}

/// What `--strip` leaves out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Strip {
    /// Comments (`{...}`, `%...`, `;...`); those naming errors are still written.
    pub comments: bool,
    /// Variations, with all they hold.
    pub variations: bool,
    /// NAGs (`$3`) and strength marks (`!`, `?!`).
    pub nags: bool,
}

#[derive(Clone, Copy, Debug, Default)]
/// How canonical PDN is written ([`super::write_game`]).
#[non_exhaustive]
pub struct PdnOptions {
    /// How squares are written.
    pub notation: Notation,
    /// How captures are written.
    pub captures: Captures,
    /// How results are written.
    pub results: ResultStyle,
    /// What is left out.
    pub strip: Strip,
    /// Write the result the board proves where the declared one disagrees with it.
    pub fix_results: bool,
    /// Leave out the `{pdnkit: ...}` comments that name the errors of an invalid game
    /// (`pdnkit fmt` reshapes a user's file; it does not write its verdicts into it).
    pub no_error_comments: bool,
}

impl PdnOptions {
    /// The numbering of numeric squares written; None for alphanumeric squares.
    pub(super) fn corner(&self) -> Option<Corner> {
        match self.notation {
            Notation::Alpha => None,
            Notation::Numeric => Some(Corner::TopLeft),
        }
    }

    /// The notation of FENs written.
    pub(super) fn fen_notation(&self) -> FenNotation {
        match self.corner() {
            None => FenNotation::Alpha,
            Some(corner) => FenNotation::Numeric(corner),
        }
    }
}
