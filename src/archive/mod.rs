//! Archive workflows built on validation: what a keeper of an archive does with it once it is
//! read. Each module has one job:
//!
//! - [`positions`]: the positions of a game as rows for engines and data work;
//! - [`unique`]: each position once, with counts, in bounded memory (`spill`: sorted runs
//!   on disk, merged);
//! - [`select`]: the conditions of a selection and which games meet them ([`crate::pdn::date`]:
//!   PDN dates as spans of days);
//! - [`dedupe`]: games with the same moves, truncated copies, tags in conflict;
//! - [`split`]: which file a game goes to when an archive is split, and safe file names;
//! - [`material`]: men and kings per side, and the `3K:1K` balance written on the command line.
//!
//! Every workflow streams: a game is dropped once it is handled, so memory follows the
//! largest game, not the archive.

pub mod dedupe;
pub mod material;
pub mod positions;
pub mod select;
mod spill;
pub mod split;
pub mod unique;

// The old path of the PDN dates, for the integration tests until they use the public API.
pub(crate) use crate::pdn::date;
