//! The rules engine: board geometry, squares, the two variants, positions, moves and their
//! generation, the draw rules, how a game ends, a game in progress, and perft.

pub mod draw;
pub mod game;
pub mod geometry;
pub mod movegen;
pub mod moves;
pub mod outcome;
pub mod perft;
pub mod position;
pub mod square;
pub mod variant;
