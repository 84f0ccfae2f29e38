//! Notes that would be repeated in game after game, folded into one note about the file: the
//! games that fit both boards, the captures in Russian compact notation. In an archive of
//! short untagged games, or of a Russian tournament, one note a game (or a capture) would
//! drown what matters. Only notes are folded; a level that makes them warnings or errors
//! (`--warn game-type`, `--warn capture-notation`) keeps them with their games, and `--allow`
//! drops them before they get here.

use pdnkit::diagnostic::{Diagnostic, Kind, NAMED_GAMES, Severity};
use pdnkit::validate::{GameReport, GameTypeSource};

/// The notes of the games of one file, folded.
#[derive(Default)]
pub struct FileNotes {
    both_boards: Fold,
    compact: Fold,
}

/// The notes of one kind taken out of the games of a file.
#[derive(Default)]
struct Fold {
    notes: usize,
    games: usize,
    named: Vec<usize>,
}

impl Fold {
    /// Takes the notes that `folds` out of `report`.
    fn take(&mut self, report: &mut GameReport, folds: impl Fn(&Kind) -> bool) {
        let before = report.diagnostics.len();
        report
            .diagnostics
            .retain(|d| !(d.severity == Severity::Note && folds(&d.kind)));
        let taken = before - report.diagnostics.len();
        if taken > 0 {
            self.notes += taken;
            self.games += 1;
            if self.named.len() < NAMED_GAMES {
                self.named.push(report.index);
            }
        }
    }
}

impl FileNotes {
    /// Takes the game's notes that are told once for the file out of `report`.
    pub fn take(&mut self, report: &mut GameReport) {
        if report.game_type_by == Some(GameTypeSource::Default) {
            self.both_boards
                .take(report, |k| *k == Kind::GameTypeBothBoards);
        }
        self.compact.take(report, |k| *k == Kind::CompactCapture);
    }

    /// The notes about the file, one per kind of note folded.
    pub fn notes(&self) -> impl Iterator<Item = Diagnostic> {
        let both_boards = (self.both_boards.games > 0).then(|| Kind::BothBoardsInFile {
            count: self.both_boards.games,
            named: self.both_boards.named.clone(),
        });
        let compact = (self.compact.games > 0).then(|| Kind::CompactNotationInFile {
            captures: self.compact.notes,
            count: self.compact.games,
            named: self.compact.named.clone(),
        });
        [both_boards, compact]
            .into_iter()
            .flatten()
            .map(Diagnostic::about_file)
    }
}
