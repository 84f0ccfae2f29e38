//! What validation reports: a [`Diagnostic`] (a [`Kind`] of finding, its data, severity and
//! place), the stable codes, the levels chosen per code, and the printed forms.

pub mod code;
mod finding;
mod kind;
pub mod levels;
pub mod render;

pub use crate::pdn::severity::Severity;
pub use finding::Diagnostic;
pub use kind::{GameEnd, Illegality, Kind, NAMED_GAMES, NeitherBoard};
