//! Validation of one game: its tags read, every move of every line replayed through the rules
//! engine, the end of the game found, the declared result checked against the board.
//!
//! The reader (`crate::pdn`) checks syntax only; this module decides what the moves mean.
//! Each file has one job: the options (`options.rs`), the [`GameReport`] (`report.rs`), the
//! check of one game (`check_game`, `game.rs`) with its parts (`lines.rs`, `replay.rs`,
//! `detect.rs`, `file_board.rs`, `results.rs`, `findings.rs`), the one driver of every command
//! over whole streams, crate-private: each game validated, worked on by a `GameJob`, the
//! results handed to a `DoneSink` in input order (`read_stream`, on threads
//! `read_stream_parallel`, or `check_stream` handing on the reports); and what a program
//! calls: [`read`] (`reader.rs`). `tests.rs` checks what the replay records against what the
//! moves say, over the whole pipeline.

mod detect;
mod file_board;
mod findings;
mod game;
mod lines;
mod options;
mod parallel;
mod reader;
mod replay;
mod report;
mod results;
mod stream;
#[cfg(test)]
mod tests;

pub(crate) use options::Needs;
pub(crate) use options::Options;
pub(crate) use parallel::read_stream_parallel;
#[cfg(feature = "cli")]
pub(crate) use reader::Known;
pub use reader::{ReadGames, Reader, read};
pub use report::{GameReport, GameTypeSource, PlayedMove};
pub(crate) use report::{MoveTally, known_value};
pub use stream::ReadGame;
pub(crate) use stream::{
    DoneSink, GameCount, GameJob, GameSink, Reports, StreamTotals, check_stream, read_stream,
};
