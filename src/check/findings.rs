//! The diagnostics of one game as validation finds them.

use crate::diagnostic::{Diagnostic, Kind, Severity};
use crate::notation::fen::FenError;

/// Collects diagnostics; places are byte offsets until the check of the game turns them into
/// lines and columns.
#[derive(Default)]
pub(super) struct Findings {
    pub(super) list: Vec<Diagnostic>,
}

impl Findings {
    pub(super) fn add(&mut self, severity: Severity, kind: Kind, offset: u64) -> &mut Diagnostic {
        self.list.push(Diagnostic::new(severity, kind, offset));
        self.list.last_mut().expect("just pushed")
    }

    /// The error for a FEN (at `offset`) that cannot be set up.
    pub(super) fn bad_fen(&mut self, text: &str, offset: u64, e: &FenError) {
        let kind = Kind::BadFen {
            fen: text.to_string(),
            error: e.clone(),
        };
        self.add(Severity::Error, kind, offset + e.offset as u64);
    }
}
