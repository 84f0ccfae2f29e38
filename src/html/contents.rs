//! What a report page holds, gathered game by game as validation goes: the statistics of
//! every game ([`Stats`]), a row per input file, and the games the page shows in full, kept
//! within [`Limits`] so that the page and the memory it takes stay bounded however large the
//! archive. Mergeable like [`Stats`], so that files can be read in parallel and merged in
//! input order; the games kept are then the first ones in input order.

use crate::check::known_value;
use crate::check::{DoneSink, GameCount, GameJob, GameReport, GameSink};
use crate::diagnostic::Diagnostic;
use crate::notation::naming::{canonical, listed};
use crate::rules::game::Game;
use crate::rules::moves::Move;
use crate::rules::outcome::{Outcome, Termination};
use crate::rules::position::Position;
use crate::rules::square::Corner;
use crate::stats::{Counting, Stats};
use crate::text::encoding::Detection;
use std::io;

/// How many games a page shows in full.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Valid games, the first ones in input order.
    pub valid: usize,
    /// Invalid games, the first ones in input order.
    pub invalid: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            valid: 100,
            invalid: 200,
        }
    }
}

/// One input file and what it held (the counts are `validate`'s).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileRow {
    /// The input's name, as diagnostics name it.
    pub name: String,
    /// Games read.
    pub games: usize,
    /// Games without an error diagnostic.
    pub valid: usize,
    /// Games with an error diagnostic.
    pub invalid: usize,
    /// Warning diagnostics.
    pub warnings: usize,
    /// The encoding the file was read in, and whether it was a guess.
    pub encoding: Option<(&'static str, bool)>,
    /// Why the file could not be read (completely).
    pub problem: Option<String>,
}

/// A move of a kept game.
#[derive(Clone, Debug)]
pub struct KeptMove {
    /// The move as played.
    pub mv: Move,
    /// The move in the game's notation (numeric if the game writes numbers), start and end
    /// only unless the full path is needed.
    pub text: String,
    /// Pieces the move took, by square name in the game's notation.
    pub captured: Vec<String>,
}

/// Where the main line of an invalid game stopped: the position before the move that could
/// not be played.
#[derive(Clone, Debug)]
pub struct Failure {
    /// Index of the error in [`KeptGame::diagnostics`].
    pub diagnostic: usize,
    /// The position before the move.
    pub before: Position,
    /// The squares of the written move that could be read.
    pub written_squares: u64,
    /// The legal moves of `before`, in the game's notation.
    pub legal: Vec<String>,
}

/// A game the page shows in full.
#[derive(Clone, Debug)]
pub struct KeptGame {
    /// Index of the game's file in [`Contents::files`].
    pub file: usize,
    /// 1-based number of the game in its file.
    pub index: usize,
    /// 1-based line where the game starts.
    pub line: u32,
    /// Whether it has no error diagnostic.
    pub valid: bool,
    /// Its tags, names and decoded values, in the order written.
    pub tags: Vec<(String, String)>,
    /// The game type in force, if known.
    pub game_type: Option<u8>,
    /// The start position, if it could be set up.
    pub start: Option<Position>,
    /// The main line as replayed.
    pub moves: Vec<KeptMove>,
    /// The declared result as written at the end of the moves (else the Result tag's).
    pub declared: Option<&'static str>,
    /// How the game ended (none for an invalid game).
    pub termination: Option<Termination>,
    /// The rule that ended the game and the ply after which it did.
    pub rule_end: Option<(Outcome, u32)>,
    /// Its diagnostics, in the order found.
    pub diagnostics: Vec<Diagnostic>,
    /// Where its main line stopped, if at an error on a move.
    pub failure: Option<Failure>,
}

impl KeptGame {
    /// The value of a tag, if present and not empty or `?`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        let (_, value) = self.tags.iter().find(|(t, _)| t == name)?;
        known_value(value)
    }

    fn from_report(report: GameReport, file: usize) -> KeptGame {
        let numeric = report.numeric.then_some(report.corner);
        let moves = report
            .moves
            .iter()
            .map(|pm| {
                let g = pm.before.geometry();
                let text = canonical(&pm.mv, &pm.before, numeric);
                let captured = pm
                    .mv
                    .captured_squares()
                    .map(|bit| square_text(g, bit, numeric))
                    .collect();
                KeptMove {
                    mv: pm.mv,
                    text,
                    captured,
                }
            })
            .collect();
        let failure = failure(&report, numeric);
        KeptGame {
            file,
            index: report.index,
            line: report.line,
            valid: report.valid(),
            game_type: report.variant.map(|v| v.game_type()),
            start: report.start,
            moves,
            declared: report.declared.map(|r| r.text()),
            termination: report.termination(),
            rule_end: report.rule_end,
            diagnostics: report.diagnostics,
            tags: report.tags,
            failure,
        }
    }
}

fn square_text(g: &crate::rules::geometry::Geometry, bit: u8, numeric: Option<Corner>) -> String {
    match numeric {
        Some(corner) => g.number_of(bit, corner).to_string(),
        None => g.square_name(bit).to_string(),
    }
}

/// The position where the main line stopped at an error, if it did.
fn failure(report: &GameReport, numeric: Option<Corner>) -> Option<Failure> {
    let start = report.start?;
    // The main line stops at its first error on a move; the moves before it are replayed.
    let next_ply = report.moves.len() as u32 + 1;
    let diagnostic = report
        .diagnostics
        .iter()
        .position(|d| d.is_error() && d.main_line && d.ply == Some(next_ply))?;
    let before = report.moves.last().map_or(start, |pm| pm.after);
    let g = before.geometry();
    let written = report.diagnostics[diagnostic].written().unwrap_or("");
    // Every square the written move names and that this board has (`x` separates squares
    // too: no column is called x).
    let written_squares = written
        .split(['-', ':', 'x', 'X'])
        .filter_map(|part| g.parse_square(part.as_bytes(), report.corner).ok())
        .fold(0u64, |marks, bit| marks | 1u64 << bit);
    let game = Game::new(before);
    let mut legal = listed(game.legal_moves(), g, numeric);
    legal.sort();
    Some(Failure {
        diagnostic,
        before,
        written_squares,
        legal,
    })
}

/// The page's contents; feed with [`Contents::begin_file`] then the games of that file.
#[derive(Clone, Debug, Default)]
pub struct Contents {
    limits: Limits,
    stats: Stats,
    files: Vec<FileRow>,
    games: Vec<KeptGame>,
    kept_valid: usize,
    kept_invalid: usize,
    warnings: usize,
}

impl Contents {
    /// Contents that keep games within `limits`, with nothing counted yet.
    pub fn new(limits: Limits) -> Contents {
        Contents {
            limits,
            ..Contents::default()
        }
    }

    /// Starts a new input (`name` as it is reported).
    pub fn begin_file(&mut self, name: &str) {
        self.stats.begin_file(name);
        self.files.push(FileRow {
            name: name.to_string(),
            ..FileRow::default()
        });
    }

    fn file(&mut self) -> &mut FileRow {
        if self.files.is_empty() {
            self.begin_file("<stdin>");
        }
        self.files.last_mut().expect("a file was begun")
    }

    /// The current input could not be opened, or reading it failed part-way.
    pub fn file_unreadable(&mut self, problem: String) {
        self.stats.file_unreadable();
        self.file().problem = Some(problem);
    }

    /// The encoding the current input was read in.
    pub fn detection(&mut self, detection: &Detection) {
        self.stats.detection(detection);
        self.file().encoding = Some((detection.encoding.name(), detection.guessed));
    }

    /// Counts one game, and keeps it if the limits allow.
    pub fn add_game(&mut self, report: GameReport) {
        self.stats.add_game(&report);
        let count = GameCount::of(&report);
        self.count_and_keep(count, || report);
    }

    /// Counts one game counted for the statistics where it was read ([`Counting`]), and
    /// keeps it if the limits allow: `whole` is then its whole report, which the worker
    /// hands on unless the room it saw ([`Contents::room`]) said it cannot be kept.
    pub(crate) fn add_counted(
        &mut self,
        whole: Option<GameReport>,
        counted: <Counting as GameJob>::Done,
        count: GameCount,
    ) {
        // The statistics' own sink of counted games: it fails never.
        let _ = DoneSink::done(&mut self.stats, counted, count);
        self.count_and_keep(count, || {
            whole.expect("a game that may be kept comes with its whole report")
        });
    }

    /// How many more games of each kind, valid then invalid, these contents may keep.
    pub fn room(&self) -> (usize, usize) {
        (
            self.limits.valid.saturating_sub(self.kept_valid),
            self.limits.invalid.saturating_sub(self.kept_invalid),
        )
    }

    /// Counts a game in its file's row, and keeps it (`report`) if the limits allow.
    fn count_and_keep(&mut self, count: GameCount, report: impl FnOnce() -> GameReport) {
        let GameCount { valid, warnings } = count;
        self.warnings += warnings;
        let file = self.file();
        file.games += 1;
        file.warnings += warnings;
        if valid {
            file.valid += 1;
        } else {
            file.invalid += 1;
        }
        let (kept, limit) = if valid {
            (&mut self.kept_valid, self.limits.valid)
        } else {
            (&mut self.kept_invalid, self.limits.invalid)
        };
        if *kept < limit {
            *kept += 1;
            let file = self.files.len() - 1;
            self.games.push(KeptGame::from_report(report(), file));
        }
    }

    /// Adds `later` (the contents of inputs that come after this one's); games past the
    /// limits are dropped.
    pub fn merge(&mut self, later: Contents) {
        let offset = self.files.len();
        self.stats.merge(later.stats);
        self.files.extend(later.files);
        self.warnings += later.warnings;
        for mut game in later.games {
            let (kept, limit) = if game.valid {
                (&mut self.kept_valid, self.limits.valid)
            } else {
                (&mut self.kept_invalid, self.limits.invalid)
            };
            if *kept < limit {
                *kept += 1;
                game.file += offset;
                self.games.push(game);
            }
        }
    }

    /// The statistics of every game read.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// One row per input, in input order.
    pub fn files(&self) -> &[FileRow] {
        &self.files
    }

    /// The games kept, in input order.
    pub fn games(&self) -> &[KeptGame] {
        &self.games
    }

    /// Valid and invalid games kept.
    pub fn kept(&self) -> (usize, usize) {
        (self.kept_valid, self.kept_invalid)
    }

    /// Warning diagnostics of all games (as `validate` counts them).
    pub fn warnings(&self) -> usize {
        self.warnings
    }
}

impl GameSink for Contents {
    fn detection(&mut self, detection: &Detection) -> io::Result<()> {
        Contents::detection(self, detection);
        Ok(())
    }

    fn game(&mut self, report: GameReport) -> io::Result<()> {
        self.add_game(report);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{Options, StreamTotals, check_stream};

    fn contents(limits: Limits, name: &str, text: &str) -> Contents {
        let mut c = Contents::new(limits);
        c.begin_file(name);
        let mut totals = StreamTotals::default();
        check_stream(
            text.as_bytes(),
            &Options {
                tally_moves: true,
                ..Options::default()
            },
            None,
            &mut c,
            &mut totals,
        )
        .unwrap();
        c
    }

    const VALID: &str = "[White \"Ann\"]\n1. c3-d4 f6-g5 2. d4-e5 d6:f4 3. g3:e5 1-0\n\n";
    /// Black's second move steps while a capture (f6:d4) is compulsory.
    const INVALID: &str = "1. c3-d4 f6-g5 2. d4-e5 g7-h6 1-0\n\n";

    #[test]
    fn the_failure_is_the_position_before_the_move_that_could_not_be_played() {
        let c = contents(Limits::default(), "a.pdn", INVALID);
        let game = &c.games()[0];
        assert!(!game.valid);
        let failure = game.failure.as_ref().unwrap();
        assert_eq!(game.moves.len(), 3);
        // Worked by hand: the start position after c3-d4 f6-g5 d4-e5.
        let expected = crate::notation::fen::parse_fen(
            "B:Wa1,c1,e1,g1,i1,b2,d2,f2,h2,j2,a3,e3,g3,i3,e5\
             :Bg5,b6,d6,h6,j6,a7,c7,e7,g7,i7,b8,d8,f8,h8,j8",
            crate::rules::variant::Variant::Spantsiretti,
            Corner::TopLeft,
        )
        .unwrap();
        assert_eq!(failure.before, expected);
        let g = failure.before.geometry();
        let marked: Vec<String> = crate::rules::geometry::bits(failure.written_squares)
            .map(|b| g.square_name(b).to_string())
            .collect();
        assert_eq!(marked, ["h6", "g7"]);
        assert_eq!(failure.legal, ["d6:f4"]);
        let d = &game.diagnostics[failure.diagnostic];
        assert_eq!(d.code(), "illegal-move");
    }

    #[test]
    fn limits_keep_the_first_games_of_each_kind_in_input_order() {
        let limits = Limits {
            valid: 1,
            invalid: 2,
        };
        let first = contents(limits, "a.pdn", &format!("{VALID}{INVALID}{VALID}"));
        let second = contents(limits, "b.pdn", &format!("{INVALID}{INVALID}{VALID}"));
        let mut merged = first.clone();
        merged.merge(second);
        let kept: Vec<(usize, usize, bool)> = merged
            .games()
            .iter()
            .map(|g| (g.file, g.index, g.valid))
            .collect();
        assert_eq!(kept, [(0, 1, true), (0, 2, false), (1, 1, false)]);
        assert_eq!(merged.stats().games(), 6);
        let rows: Vec<(usize, usize, usize)> = merged
            .files()
            .iter()
            .map(|f| (f.games, f.valid, f.invalid))
            .collect();
        assert_eq!(rows, [(3, 2, 1), (3, 1, 2)]);
    }
}
