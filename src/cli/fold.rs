//! The notes of the games of a file that fit both boards, folded into one note about the
//! file: in an archive of short untagged games one note a game would drown what matters.
//! Only notes are folded; a level that makes them warnings or errors (`--warn game-type`)
//! keeps them with their games, and `--allow game-type` drops them before they get here.

use pdnkit::diagnostic::{Severity, code};
use pdnkit::validate::{GameReport, GameTypeSource};

/// Game numbers named in the note before `...`.
const NAMED: usize = 5;

#[derive(Default)]
pub struct BothBoards {
    count: usize,
    named: Vec<usize>,
}

impl BothBoards {
    /// Takes the game's note that it fits both boards out of `report`, if it has one.
    pub fn take(&mut self, report: &mut GameReport) {
        if report.game_type_by != Some(GameTypeSource::Default) {
            return;
        }
        let before = report.diagnostics.len();
        report
            .diagnostics
            .retain(|d| !(d.code == code::GAME_TYPE && d.severity == Severity::Note));
        if report.diagnostics.len() < before {
            self.count += 1;
            if self.named.len() < NAMED {
                self.named.push(report.index);
            }
        }
    }

    /// The note about the file, if any game was folded.
    pub fn note(&self) -> Option<String> {
        if self.count == 0 {
            return None;
        }
        let mut games: Vec<String> = self.named.iter().map(usize::to_string).collect();
        if self.count > self.named.len() {
            games.push("...".to_string());
        }
        let (count, them) = match self.count {
            1 => ("1 game".to_string(), "it"),
            n => (format!("{n} games"), "them"),
        };
        Some(format!(
            "{count} without GameType tag (game {}) fit both boards: read as GameType 41 \
             (10x8), the default; --game-type 25 (or game-type = \"russian\" in pdnkit.toml) \
             reads {them} as Russian draughts",
            games.join(", ")
        ))
    }
}
