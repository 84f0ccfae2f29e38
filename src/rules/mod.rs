//! The rules engine: board geometry, squares, the two variants, positions, moves and their
//! generation, the draw rules, how a game ends, a game in progress, perft, and the random
//! numbers that pick moves for random games and tests.

pub(crate) mod draw;
pub(crate) mod game;
pub(crate) mod geometry;
pub(crate) mod movegen;
pub(crate) mod moves;
pub(crate) mod outcome;
pub(crate) mod perft;
pub(crate) mod position;
// `pdnkit random`'s games and the unit tests' positions.
#[cfg(any(feature = "cli", test))]
pub(crate) mod rng;
pub(crate) mod square;
pub(crate) mod variant;

pub use draw::{Count, DrawCounts, Run};
pub use game::Game;
pub use geometry::Geometry;
pub use movegen::{
    Paths, count_moves, has_capture, has_legal_move, legal_moves, only_capture, step_move,
};
pub use moves::Move;
pub use outcome::{Outcome, Termination};
pub use perft::perft;
pub use position::{Color, Piece, Position};
pub use square::{Corner, SquareError, SquareName};
pub use variant::{Removal, Variant};
