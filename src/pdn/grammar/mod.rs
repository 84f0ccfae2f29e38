//! The PDN grammar as nom parsers: one function per production of the PDN 3.0 grammar
//! (pdn.fmjd.org, "PDN Grammars"), named after it, each reading the lenient spellings of real
//! archives listed in [`super`]. Parsers read `complete` input (one word, one line or one
//! game) and return what they read as slices of it. The scanner calls the productions of
//! movetext words (`move_number`, `game_move`, `nag`, `game_result`, `line_comment`) directly
//! and keeps what they read (`Ok`) or nothing; tags, setup commands and comments, which
//! report where they go wrong, are read through `read_tag`, `read_setup` and `read_comment`;
//! a single move through [`WrittenMove::parse`](super::WrittenMove::parse); the fields of a
//! GameType value through `read_field`.
//! Where the commonest spellings can be read faster than by combinators, that fast check is
//! the parser's first branch and gives the same answer.
//!
//! `docs/pdn.md` maps each production to its function. Tokenizers read the commonest words
//! through [`move_number_word`] and [`move_word`], which are these productions' first
//! branches with the checks of a whole word.

mod delimited;
mod gametype;
mod moves;
mod res;

pub(crate) use delimited::*;
pub(crate) use gametype::*;
pub(crate) use moves::*;
