//! pdnkit: rules engine and PDN toolkit for Spantsiretti (Russian draughts on 10x8, PDN
//! GameType 41) and Russian draughts (8x8, GameType 25).

pub mod archive;
pub mod convert;
pub mod diagnostic;
pub mod draw;
pub mod encoding;
pub mod escape;
pub mod fen;
pub mod game;
pub mod geometry;
pub mod html;
pub mod levels;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod pdn;
pub mod perft;
pub mod position;
pub mod random;
pub mod resolve;
pub mod square;
pub mod stats;
pub mod validate;
pub mod variant;

pub use fen::{FenError, FenNotation, parse_fen, write_fen};
pub use game::{Game, Outcome};
pub use movegen::{Paths, legal_moves};
pub use moves::Move;
pub use position::{Color, Piece, Position};
pub use square::Corner;
pub use variant::{Removal, Variant};
