//! What validation reports: a [`Diagnostic`] (a kind of finding, its data, severity and
//! place), the stable codes, the levels chosen per code, and the printed forms.

pub(crate) mod code;
mod finding;
mod kind;
pub(crate) mod levels;
pub mod render;

pub(crate) use crate::pdn::severity::Severity;
pub use finding::Diagnostic;
pub(crate) use kind::{GameEnd, Illegality, Kind, NAMED_GAMES, NeitherBoard};
pub use levels::{Level, LevelError, Levels};
