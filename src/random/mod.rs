//! Reproducible random legal games written as PDN (benchmark archives, test inputs); the
//! numbers that pick their moves are `crate::rules::rng`'s.

mod games;

pub(crate) use games::write_game;
