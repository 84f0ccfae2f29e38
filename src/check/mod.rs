//! Validation of one game: its tags read, every move of every line replayed through the rules
//! engine, the end of the game found, the declared result checked against the board.
//!
//! The reader (`crate::pdn`) checks syntax only; this module decides what the moves mean.
//! Each file has one job: [`Options`] (`options.rs`), the [`GameReport`] (`report.rs`), the
//! check of one game ([`check_game`], `game.rs`) with its parts (`lines.rs`, `replay.rs`,
//! `detect.rs`, `file_board.rs`, `results.rs`, `findings.rs`), and the one driver of every command over whole
//! streams: each game validated, worked on by a [`GameJob`], the results handed to a
//! [`DoneSink`] in input order ([`read_stream`], on threads [`read_stream_parallel`];
//! [`check_stream`] hands on the reports).

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

pub use game::check_game;
pub use lines::MAX_VARIATION_DEPTH;
pub use options::{Needs, Options};
pub use parallel::{check_stream_parallel, read_stream_parallel};
#[cfg(feature = "cli")]
pub(crate) use reader::Known;
pub use reader::{ReadGames, Reader, read};
pub use report::{GameReport, GameTypeSource, PlayedMove};
pub use stream::{
    DoneSink, GameCount, GameJob, GameSink, Games, ReadGame, ReportSink, Reports, StreamTotals,
    check_stream, read_stream,
};
