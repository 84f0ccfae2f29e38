//! Notes that would be repeated in game after game, folded into one note about the file: the
//! games that fit both boards, the captures in Russian compact notation. In an archive of
//! short untagged games, or of a Russian tournament, one note a game (or a capture) would
//! drown what matters. Only notes are folded; a level that makes them warnings or errors
//! (`--warn game-type`, `--warn capture-notation`) keeps them with their games, and `--allow`
//! drops them before they get here.
//!
//! The notes are taken out of a game where it is read ([`FileNotes::strip`], on a worker)
//! and counted for the file in input order ([`FileNotes::fold`]).

use crate::check::{GameReport, GameTypeSource};
use crate::diagnostic::{Diagnostic, Kind, NAMED_GAMES, Severity};

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

/// The notes taken out of one game, by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Taken {
    both_boards: usize,
    compact: usize,
}

/// Takes the notes that `folds` out of `report`; how many.
fn strip(report: &mut GameReport, folds: impl Fn(&Kind) -> bool) -> usize {
    let before = report.diagnostics.len();
    report
        .diagnostics
        .retain(|d| !(d.severity == Severity::Note && folds(&d.kind)));
    before - report.diagnostics.len()
}

impl Fold {
    /// Game `index` had `taken` notes of this kind.
    fn count(&mut self, index: usize, taken: usize) {
        if taken > 0 {
            self.notes += taken;
            self.games += 1;
            if self.named.len() < NAMED_GAMES {
                self.named.push(index);
            }
        }
    }
}

impl FileNotes {
    /// Takes the game's notes that are told once for the file out of `report`.
    pub fn take(&mut self, report: &mut GameReport) {
        let taken = FileNotes::strip(report);
        self.fold(report.index, taken);
    }

    /// Takes the game's notes that are told once for the file out of `report`, to be
    /// counted for the file by [`Self::fold`] in input order.
    pub fn strip(report: &mut GameReport) -> Taken {
        let both_boards = if report.game_type_by == Some(GameTypeSource::Default) {
            strip(report, |k| *k == Kind::GameTypeBothBoards)
        } else {
            0
        };
        let compact = strip(report, |k| *k == Kind::CompactCapture);
        Taken {
            both_boards,
            compact,
        }
    }

    /// The notes of `report` that [`Self::strip`] would take out, counted and left in place.
    pub fn count(report: &GameReport) -> Taken {
        let notes = |kind: &Kind| {
            let folded = |d: &&Diagnostic| d.severity == Severity::Note && d.kind == *kind;
            report.diagnostics.iter().filter(folded).count()
        };
        let both_boards = if report.game_type_by == Some(GameTypeSource::Default) {
            notes(&Kind::GameTypeBothBoards)
        } else {
            0
        };
        Taken {
            both_boards,
            compact: notes(&Kind::CompactCapture),
        }
    }

    /// Counts the notes [`Self::strip`] took out of game `index`.
    pub fn fold(&mut self, index: usize, taken: Taken) {
        self.both_boards.count(index, taken.both_boards);
        self.compact.count(index, taken.compact);
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
