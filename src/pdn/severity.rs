//! How much a finding matters: every finding, from the reader's syntax findings up to the
//! diagnostics of validation, is a note, a warning or an error.

use serde::Serialize;

/// How much a finding matters; ordered from the least (`Note`) to the most (`Error`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Information: nothing is wrong.
    Note,
    /// A tolerated deviation from the standard (an error under `--strict`).
    Warning,
    /// The game is invalid.
    Error,
}

impl Severity {
    /// `note`, `warning` or `error`, as printed.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}
