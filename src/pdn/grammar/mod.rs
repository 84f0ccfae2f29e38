//! The PDN grammar as nom parsers: one function per production of the PDN 3.0 grammar
//! (pdn.fmjd.org, "PDN Grammars"), named after it, each reading the lenient spellings of real
//! archives listed in [`super`]. Parsers read `complete` input (one word, one line or one
//! game) and return what they read as slices of it; nom's `IResult` stays in this module:
//! callers use the `read_*` functions and [`WrittenMove::parse`](super::WrittenMove::parse).
//! Where the commonest spellings can be read faster than by combinators, that fast check is
//! the parser's first branch and gives the same answer.
//!
//! | Production | Function |
//! |---|---|
//! | `PdnTag` | [`pdn_tag`] (first branch: a plain `[Name "value"]`) |
//! | `IDENTIFIER` | [`identifier`] |
//! | `STRING` (or an unquoted value) | [`string`] |
//! | `SETUP` | [`setup`] |
//! | `COMMENT` (and `%`, `;` line comments) | [`comment`] ([`line_comment`]) |
//! | `GameMove` (`Move MOVESTRENGTH?`; the number is read apart) | [`game_move`] |
//! | `Move` | [`pdn_move`] |
//! | `NormalMove`, `CaptureMove` | [`squares`] (first branch: `c3-d4`, `22-18` and runs of up to 4 squares in one pass) |
//! | `Square` | [`square`] |
//! | `ALPHASQUARE` | [`alpha_square`] |
//! | `NUMSQUARE` | [`num_square`] |
//! | `MOVESEPARATOR`, `CAPTURESEPARATOR` | [`separator`] |
//! | `MOVESTRENGTH` | [`move_strength`] |
//! | `MOVENUMBER` | [`move_number`] (first branch: `7.`, `12.` from a fixed window) |
//! | `NAG` | [`nag`] |
//! | `GameResult` (reading grammar) | [`game_result`] |
//!
//! Russian compact moves (`ed4`) are [`compact`], placeholders (`-`, `--`) [`placeholder`].
//! Tokenizers read the commonest words through [`move_number_word`] and [`move_word`], which
//! are these productions' first branches with the checks of a whole word.

mod delimited;
mod moves;

pub(crate) use delimited::*;
pub(crate) use moves::*;

use nom::IResult;

type Res<'a, T> = IResult<&'a [u8], T>;

/// A parser's failure at `i`, for checks that are not combinators.
fn fail<T>(i: &[u8]) -> Res<'_, T> {
    Err(nom::Err::Error(nom::error::Error::new(
        i,
        nom::error::ErrorKind::Verify,
    )))
}
