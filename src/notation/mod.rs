//! Positions and moves as text: FEN read and written, how pdnkit names a move and a move
//! number, and a written move resolved against the legal moves of a position.

pub mod fen;
pub mod naming;
pub mod resolve;

// The old paths of the names, for the integration tests until they use the public API.
pub use naming::{MoveNumber, move_text, needs_full_path};
