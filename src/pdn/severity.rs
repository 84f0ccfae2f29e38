//! How much a finding matters: every finding, from the reader's syntax findings up to the
//! diagnostics of validation, is a note, a warning or an error.

use serde::Serialize;

/// How much a finding matters; ordered from the least (`Note`) to the most (`Error`).
///
/// ```
/// use pdnkit::pdn::Severity;
///
/// assert!(Severity::Note < Severity::Warning && Severity::Warning < Severity::Error);
/// assert_eq!(Severity::Warning.name(), "warning");
/// // A report counts its diagnostics by severity: here one warning (move 2 numbered 3).
/// let pdn = "[GameType \"25\"]\n1. c3-d4 f6-e5 3. d4:f6 g7:e5 *\n";
/// let report = pdnkit::read(pdn.as_bytes()).games().next().expect("a game")?.report;
/// assert_eq!((report.count(Severity::Warning), report.count(Severity::Error)), (1, 0));
/// # Ok::<(), std::io::Error>(())
/// ```
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
