//! PDN reading, syntax only: splitting a byte stream into games, tags, and movetext tokens
//! with byte offsets. No board knowledge and no legality: the replay is built on top.
//!
//! - `scanner.rs`: [`Scanner`] reads a stream game by game, in one pass over one buffer (the
//!   `constructs` module reads each construct and decides where games end, every rule below written
//!   once), and tells each game to a [`Visitor`] (`visitor.rs`: tags, move numbers, moves,
//!   NAGs, comments, setup commands, variations, results and findings, each with its text as
//!   written and its offset, and at its end the game's bytes and everything read in it);
//! - `grammar`: the PDN 3.0 productions as nom parsers (tags, setup commands, comments,
//!   moves, squares, move numbers, strength marks, NAGs, results);
//! - `raw_game.rs`: a game as read, [`RawGame`] (its bytes and place) and [`ParsedGame`] (tags,
//!   flat tokens and [`SyntaxError`]s, reused from game to game);
//! - `movetext.rs`: the structure of one written move ([`WrittenMove`]);
//! - `result.rs`, `gametype.rs`, `tag.rs`: results, the GameType tag, tag pairs; `location.rs`:
//!   byte offsets to line and column.
//!
//! # Leniencies
//!
//! The reader accepts real archives, which deviate from PDN 3.0. Tolerated deviations are
//! reported as [`Severity::Warning`] findings where noted "(warning)"; unreadable text is an
//! [`Severity::Error`] finding and never stops the reading.
//!
//! [`Severity::Warning`]: severity::Severity::Warning
//! [`Severity::Error`]: severity::Severity::Error
//!
//! Splitting:
//! - games are separated by their results or tags, not by `[Event`: the first tag of a game
//!   may be any tag; a new game also starts at a tag whose name already occurred in the tag
//!   section of the current game (two tag sections without moves or result), and at a move
//!   number `1.` after a blank line in a game without result that reached move 2;
//! - a result standing alone after the moves (also after a blank line) belongs to the game
//!   before it if that game had no result yet;
//! - comment preambles and comments between games are skipped; whitespace/comment-only
//!   text makes no game;
//! - UTF-8 byte order mark skipped; LF, CRLF, CR and mixed line ends; NUL, Ctrl-Z and every
//!   other ASCII control byte count as whitespace; invalid UTF-8 is carried as bytes.
//!
//! Tags, setup commands and comments, the spellings of moves, squares and strength marks,
//! and results: listed with their productions in `grammar` and in `result.rs`.
//!
//! Movetext, as the scanner splits it:
//! - move numbers glued to moves `1.e3-d4`, `12.32-28`, `1...d6-c5`; `1. ...` read as
//!   `1...`; move numbers without a dot or with 2 or 4+ dots (warning); stray `...` ignored
//!   (warning);
//! - strength marks after a space `c3-d4 !` (warning) or in parentheses after a move
//!   `c3-d4(!?)`; NAGs `$3`, also glued `c3-d4$3`;
//! - results inside variations are kept; a `{` with no `}` after it ends at the end of its
//!   line (error); variations nested to any depth without recursion.
//!
//! Limits (`limits.rs`, docs/robustness.md): a game longer than 4 MiB is skipped whole, and comments, tags,
//! words, tokens and moves past their limits are errors; memory stays bounded whatever the
//! input.

pub(crate) mod ascii;
mod constructs;
pub(crate) mod date;
pub(crate) mod error;
pub(crate) mod gametype;
pub(crate) mod grammar;
pub(crate) mod limits;
pub(crate) mod location;
pub(crate) mod movetext;
mod names;
pub(crate) mod raw_game;
pub(crate) mod result;
pub(crate) mod scanner;
pub(crate) mod severity;
pub(crate) mod tag;
pub(crate) mod visitor;

pub use error::{SyntaxError, SyntaxErrorKind};
pub use gametype::{GameTypeError, GameTypeField, GameTypeTag};
pub use location::{ColumnUnit, Location, Locator};
pub use movetext::{Marks, MoveShape, Separator, Squares, Strength, WrittenMove, WrittenSquare};
pub use raw_game::{CommentStyle, Hole, ParsedGame, RawGame, SetupCommand, Token, TokenKind};
pub use result::{GameResult, ResultStyle, Verdict, parse_result_tag};
pub use scanner::Scanner;
pub use severity::Severity;
pub use tag::Tag;
pub use visitor::{Skip, Span, Visitor};
