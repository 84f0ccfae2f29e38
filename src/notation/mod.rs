//! Positions and moves as text: FEN read and written, how pdnkit names a move and a move
//! number, and a written move resolved against the legal moves of a position.

pub(crate) mod fen;
pub(crate) mod naming;
pub(crate) mod resolve;
