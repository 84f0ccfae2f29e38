//! The notes of the games of a file that fit both boards, folded into one note about the
//! file: in an archive of short untagged games one note a game would drown what matters.
//! Only notes are folded; a level that makes them warnings or errors (`--warn game-type`)
//! keeps them with their games, and `--allow game-type` drops them before they get here.

use pdnkit::diagnostic::{Diagnostic, Kind, NAMED_GAMES, Severity};
use pdnkit::validate::{GameReport, GameTypeSource};

#[derive(Default)]
pub struct BothBoards {
    count: usize,
    named: Vec<usize>,
}

impl BothBoards {
    /// Takes the game's note that it fits both boards out of `report`, if it has one.
    pub fn take(&mut self, report: &mut GameReport) {
        if BothBoards::strip(report) {
            self.fold(report.index);
        }
    }

    /// Takes the game's note that it fits both boards out of `report`; true if it had one
    /// (to be told to [`Self::fold`] in input order).
    pub fn strip(report: &mut GameReport) -> bool {
        if report.game_type_by != Some(GameTypeSource::Default) {
            return false;
        }
        let before = report.diagnostics.len();
        report
            .diagnostics
            .retain(|d| !(d.kind == Kind::GameTypeBothBoards && d.severity == Severity::Note));
        report.diagnostics.len() < before
    }

    /// Game `index` had the note (taken out by [`Self::strip`]).
    pub fn fold(&mut self, index: usize) {
        self.count += 1;
        if self.named.len() < NAMED_GAMES {
            self.named.push(index);
        }
    }

    /// The note about the file, if any game was folded.
    pub fn note(&self) -> Option<Diagnostic> {
        let kind = Kind::BothBoardsInFile {
            count: self.count,
            named: self.named.clone(),
        };
        (self.count > 0).then(|| Diagnostic::about_file(kind))
    }
}
