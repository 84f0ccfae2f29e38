//! Caps on the diagnostics printed in human and github output (`--max-diagnostics`,
//! `--max-file-diagnostics`): a flood from a garbled file ends with one line that says how
//! many more there are. JSON output is not capped: it holds every diagnostic.

use crate::check::GameReport;
use crate::cli::args::Caps;
use crate::diagnostic::Severity;

/// What one file has printed so far.
pub struct Cap {
    caps: Caps,
    quiet: bool,
    printed: usize,
    /// Diagnostics of the file not printed because the file's cap was reached.
    pub file_omitted: usize,
}

impl Cap {
    pub fn new(caps: Caps, quiet: bool) -> Cap {
        Cap {
            caps,
            quiet,
            printed: 0,
            file_omitted: 0,
        }
    }

    /// Keeps in `report` the diagnostics to print (errors only when quiet); returns how many
    /// of the game's printable diagnostics are left out by the cap of a game (those left out
    /// by the cap of a file are counted in [`Cap::file_omitted`]). Call after the report
    /// was counted: validity and totals need every diagnostic.
    pub fn trim(&mut self, report: &mut GameReport) -> usize {
        let list = &mut report.diagnostics;
        if self.quiet {
            list.retain(|d| d.severity == Severity::Error);
        }
        let shown = limit(self.caps.game, list.len());
        let game_omitted = list.len() - shown;
        let room = limit(self.caps.file, self.printed + shown) - self.printed;
        list.truncate(room);
        self.printed += room;
        if room < shown {
            self.file_omitted += shown - room + game_omitted;
            return 0;
        }
        game_omitted
    }
}

/// The line that tells of diagnostics left out (without the file's name).
pub fn omitted_line(count: usize, game: Option<usize>) -> String {
    let plural = if count == 1 { "" } else { "s" };
    match game {
        Some(game) => {
            format!("game {game}: {count} more diagnostic{plural} not shown (--max-diagnostics)")
        }
        None => format!(
            "{count} more diagnostic{plural} of this file not shown (--max-file-diagnostics)"
        ),
    }
}

/// `wanted` capped by `cap` (0: no cap).
fn limit(cap: usize, wanted: usize) -> usize {
    if cap == 0 { wanted } else { wanted.min(cap) }
}
