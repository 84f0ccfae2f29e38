//! Each position once (`pdnkit positions --unique`): how often it occurs over the valid games
//! of an archive, and the results of those games from the side to move's view. Counted in
//! bounded memory: past [`MEMORY_LIMIT`] distinct positions the counts are spilled to sorted
//! runs on disk and merged at the end (module `spill`). Rows come out in the order of each
//! position's first occurrence.

use super::material::Material;
use super::positions::{main_line, result_for, side_name};
use super::spill::{Put, Record, Runs, Take};
use crate::check::GameReport;
use crate::notation::fen::{FenNotation, write_fen};
use crate::rules::position::{Color, Position};
use crate::rules::variant::Variant;
use serde::Serialize;
use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

/// Distinct positions held in memory before they are spilled (about 100 bytes each).
pub const MEMORY_LIMIT: usize = 1 << 17;

/// A position without its history: game type, placement and side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Key {
    game_type: u8,
    white: u64,
    black: u64,
    kings: u64,
    black_to_move: bool,
}

impl Key {
    fn of(pos: &Position) -> Key {
        Key {
            game_type: pos.variant.game_type(),
            white: pos.white,
            black: pos.black,
            kings: pos.kings,
            black_to_move: pos.turn == Color::Black,
        }
    }

    fn position(&self) -> Option<Position> {
        Some(Position {
            variant: Variant::from_game_type(u32::from(self.game_type))?,
            white: self.white,
            black: self.black,
            kings: self.kings,
            turn: if self.black_to_move {
                Color::Black
            } else {
                Color::White
            },
        })
    }
}

/// Where a position first occurs: input, game, line of the game, ply; `ordinal` orders
/// occurrences over the whole run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct First {
    ordinal: u64,
    file: u32,
    game: u32,
    line: u32,
    ply: u32,
}

/// The counts of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Tally {
    key: Key,
    count: u64,
    wins: u64,
    draws: u64,
    losses: u64,
    unknown: u64,
    first: First,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.count += other.count;
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.unknown += other.unknown;
        if other.first.ordinal < self.first.ordinal {
            self.first = other.first;
        }
    }
}

impl Record for Tally {
    const SIZE: usize = 2 + 8 * 9 + 4 * 4;

    fn encode(&self, out: &mut [u8]) {
        let (k, f) = (&self.key, &self.first);
        let mut put = Put::new(out);
        put.bytes(&[k.game_type, u8::from(k.black_to_move)]);
        for word in [k.white, k.black, k.kings, self.count, self.wins, self.draws] {
            put.bytes(&word.to_le_bytes());
        }
        for word in [self.losses, self.unknown, f.ordinal] {
            put.bytes(&word.to_le_bytes());
        }
        for word in [f.file, f.game, f.line, f.ply] {
            put.bytes(&word.to_le_bytes());
        }
    }

    fn decode(bytes: &[u8]) -> Tally {
        let mut take = Take::new(bytes);
        let (game_type, black_to_move) = (take.u8(), take.u8() != 0);
        Tally {
            key: Key {
                game_type,
                white: take.u64(),
                black: take.u64(),
                kings: take.u64(),
                black_to_move,
            },
            count: take.u64(),
            wins: take.u64(),
            draws: take.u64(),
            losses: take.u64(),
            unknown: take.u64(),
            first: First {
                ordinal: take.u64(),
                file: take.u32(),
                game: take.u32(),
                line: take.u32(),
                ply: take.u32(),
            },
        }
    }
}

/// One distinct position, as one JSON line.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UniqueRow<'a> {
    #[serde(rename = "type")]
    /// Always `position`.
    pub kind: &'static str,
    /// 41 or 25.
    pub game_type: u8,
    /// The position, alphanumeric.
    pub fen: String,
    /// `white` or `black`: the side to move.
    pub side: &'static str,
    #[serde(flatten)]
    /// Men and kings of each side.
    pub material: Material,
    /// Occurrences over the valid games (a position repeated in one game counts each time).
    pub count: u64,
    /// Occurrences in games the side to move won (by the declared result).
    pub wins: u64,
    /// Occurrences in drawn games.
    pub draws: u64,
    /// Occurrences in games the side to move lost.
    pub losses: u64,
    /// Occurrences in games of unknown result (`*` or no result).
    pub unknown: u64,
    /// Mean score of the known results (1 win, 0.5 draw, 0 loss); None if none is known.
    pub score: Option<f64>,
    /// The input of the first occurrence.
    pub file: &'a str,
    /// Its game in that input, from 1.
    pub game: u32,
    /// The line of that game's first character.
    pub line: u32,
    /// Its ply (0 = the start position).
    pub ply: u32,
}

/// Counts positions game by game; [`UniquePositions::finish`] writes them.
pub struct UniquePositions {
    held: HashMap<Key, Tally>,
    runs: Option<Runs>,
    /// Where spilled runs go (None: the system's temporary directory).
    spill_dir: Option<PathBuf>,
    ordinal: u64,
    limit: usize,
}

impl Default for UniquePositions {
    fn default() -> Self {
        UniquePositions::with_limit(MEMORY_LIMIT)
    }
}

impl UniquePositions {
    /// Holding at most `limit` positions in memory.
    pub fn with_limit(limit: usize) -> UniquePositions {
        UniquePositions {
            held: HashMap::new(),
            runs: None,
            spill_dir: None,
            ordinal: 0,
            limit: limit.max(1),
        }
    }

    /// Spilling into `dir` (which must stay until the counts are finished): a caller that
    /// manages its temporaries, as the command line does, gives its own.
    pub fn spill_in(mut self, dir: &Path) -> UniquePositions {
        self.spill_dir = Some(dir.to_path_buf());
        self
    }

    /// Counts every `every`-th position of a valid game of input `file`; an invalid game
    /// counts nothing.
    pub fn add_game(&mut self, file: u32, report: &GameReport, every: u32) -> io::Result<()> {
        if !report.valid() || report.variant.is_none() {
            return Ok(());
        }
        let outcome = report.declared.map(|r| r.verdict());
        for (ply, pos, _) in main_line(report).filter(|(ply, _, _)| ply % every.max(1) == 0) {
            let result = result_for(outcome, pos.turn).map(|(word, _)| word);
            let one = |word| u64::from(result == Some(word));
            let tally = Tally {
                key: Key::of(&pos),
                count: 1,
                wins: one("win"),
                draws: one("draw"),
                losses: one("loss"),
                unknown: u64::from(result.is_none()),
                first: First {
                    ordinal: self.ordinal,
                    file,
                    game: report.index as u32,
                    line: report.line,
                    ply,
                },
            };
            self.ordinal += 1;
            self.held
                .entry(tally.key)
                .and_modify(|t| t.add(tally))
                .or_insert(tally);
            if self.held.len() >= self.limit {
                self.spill()?;
            }
        }
        Ok(())
    }

    /// Writes the held counts as a run sorted by position.
    fn spill(&mut self) -> io::Result<()> {
        let mut tallies: Vec<Tally> = self.held.drain().map(|(_, t)| t).collect();
        tallies.sort_unstable_by_key(|t| t.key);
        let runs = match &mut self.runs {
            Some(runs) => runs,
            None => self.runs.insert(Runs::new(self.spill_dir.as_deref())?),
        };
        runs.spill(tallies)
    }

    /// Hands every distinct position to `write`, in the order of first occurrence; `files`
    /// names the inputs by number.
    pub fn finish(
        mut self,
        files: &[String],
        mut write: impl FnMut(&UniqueRow<'_>) -> io::Result<()>,
    ) -> io::Result<()> {
        let mut emit = |t: Tally| match t.key.position() {
            Some(pos) => write(&row(&t, &pos, files)),
            None => Ok(()),
        };
        if self.runs.is_none() {
            let mut tallies: Vec<Tally> = self.held.into_values().collect();
            tallies.sort_unstable_by_key(|t| t.first.ordinal);
            return tallies.into_iter().try_for_each(emit);
        }
        if !self.held.is_empty() {
            self.spill()?;
        }
        let runs = self.runs.take().expect("spilled before");
        // Combined by position, then put back in the order of first occurrence: a second
        // sort, spilled the same way.
        let combined = runs.merge(|t: &Tally| t.key, Tally::add)?;
        let mut by_first = Runs::new(self.spill_dir.as_deref())?;
        let mut chunk = Vec::with_capacity(self.limit.min(1 << 16));
        for tally in combined {
            chunk.push(tally?);
            if chunk.len() >= self.limit {
                chunk.sort_unstable_by_key(|t| t.first.ordinal);
                by_first.spill(chunk.drain(..))?;
            }
        }
        chunk.sort_unstable_by_key(|t| t.first.ordinal);
        by_first.spill(chunk)?;
        for tally in by_first.merge(|t: &Tally| t.first.ordinal, |_, _| {})? {
            emit(tally?)?;
        }
        Ok(())
    }
}

fn row<'a>(t: &Tally, pos: &Position, files: &'a [String]) -> UniqueRow<'a> {
    let known = t.wins + t.draws + t.losses;
    UniqueRow {
        kind: "unique-position",
        game_type: t.key.game_type,
        fen: write_fen(pos, FenNotation::Alpha),
        side: side_name(pos.turn),
        material: Material::of(pos),
        count: t.count,
        wins: t.wins,
        draws: t.draws,
        losses: t.losses,
        unknown: t.unknown,
        score: (known > 0).then(|| (t.wins as f64 + 0.5 * t.draws as f64) / known as f64),
        file: files.get(t.first.file as usize).map_or("", String::as_str),
        game: t.first.game,
        line: t.first.line,
        ply: t.first.ply,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{Options, check_stream};

    fn reports(pdn: &str) -> Vec<GameReport> {
        struct Keep(Vec<GameReport>);
        impl crate::check::GameSink for Keep {
            fn game(&mut self, report: GameReport) -> io::Result<()> {
                self.0.push(report);
                Ok(())
            }
        }
        let mut keep = Keep(Vec::new());
        let mut totals = Default::default();
        check_stream(
            pdn.as_bytes(),
            &Options::default(),
            None,
            &mut keep,
            &mut totals,
        )
        .unwrap();
        keep.0
    }

    fn unique(pdn: &str, limit: usize) -> Vec<(String, u64, u64, u64, u32, u32)> {
        let mut counter = UniquePositions::with_limit(limit);
        for report in reports(pdn) {
            counter.add_game(0, &report, 1).unwrap();
        }
        let mut rows = Vec::new();
        let files = ["f".to_string()];
        counter
            .finish(&files, |r| {
                rows.push((r.fen.clone(), r.count, r.wins, r.losses, r.game, r.ply));
                Ok(())
            })
            .unwrap();
        rows
    }

    /// Three games sharing their first plies; the last one repeats a position of its own.
    const GAMES: &str = "\
1. c3-d4 f6-g5 2. d4-e5 1-0
1. c3-d4 f6-g5 2. g3-h4 0-1
1. c3-d4 f6-g5 *
";

    #[test]
    fn counts_by_position_in_order_of_first_occurrence() {
        let rows = unique(GAMES, MEMORY_LIMIT);
        // Start, after c3-d4, after f6-g5 occur three times; the two third plies once each.
        let counts: Vec<(u64, u64, u64, u32, u32)> =
            rows.iter().map(|r| (r.1, r.2, r.3, r.4, r.5)).collect();
        assert_eq!(
            counts,
            [
                // White to move at the start: game 1 White won, game 2 Black won.
                (3, 1, 1, 1, 0),
                // Black to move after c3-d4: a loss in game 1, a win in game 2.
                (3, 1, 1, 1, 1),
                (3, 1, 1, 1, 2),
                (1, 0, 1, 1, 3),
                // Black to move after g3-h4 in game 2, which Black won.
                (1, 1, 0, 2, 3),
            ]
        );
        assert!(rows[0].0.starts_with("W:Wa1,c1"));
    }

    #[test]
    fn spilled_counts_are_the_counts_held_in_memory() {
        let mut text = String::new();
        for seed in 0..12 {
            crate::random::write_game(&mut text, Variant::Spantsiretti, seed, 1);
            crate::random::write_game(&mut text, Variant::Russian, seed, 2);
        }
        // Each game twice, so that positions combine across runs.
        let twice = format!("{text}\n{text}");
        let in_memory = unique(&twice, MEMORY_LIMIT);
        for limit in [1, 7, 100] {
            assert_eq!(unique(&twice, limit), in_memory, "limit {limit}");
        }
        assert!(in_memory.iter().any(|r| r.1 >= 2));
    }
}
