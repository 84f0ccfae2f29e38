//! Reproducible random legal games written as PDN (benchmark archives, test inputs), and the
//! small random number generator behind them.

mod games;
pub(crate) mod rng;

pub(crate) use games::write_game;
