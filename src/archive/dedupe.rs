//! Duplicate games across an archive (`pdnkit dedupe`, documented in `docs/dedupe.md`).
//!
//! Games are compared by their moves after reading: the start position and the main line as
//! replayed, each move as the squares it goes from and to and the pieces it takes, so that
//! every spelling of a move (alphanumeric or numeric, compact, start and end only or the full
//! path) is the same move; comments, variations, tags and results do not count. A game is
//! held as a [`Fingerprint`] of a few tens of bytes (a 64-bit hash of its moves, its place,
//! and what its tags say), never its moves, so memory grows by that much per game.
//!
//! - Two games with the same moves are **identical**.
//! - A game whose moves are the first moves of a longer game is **truncated** (a truncated
//!   copy), if it has at least [`Options::min_plies`] plies (a shorter one is an entry of
//!   its own, as an opening list holds) and truncated copies are looked for (not
//!   [`Options::exact`]). Finding these needs the hash of every beginning of every game,
//!   which is not kept here: [`Dedupe::add`] hands out those of the first game of each line
//!   of moves, for the caller to keep apart (`pdnkit dedupe` writes them to its scratch
//!   directory) and hand back to [`Dedupe::beginnings`] once every game is added.
//! - A **group** is a line of moves that no other game extends, with every game on it and
//!   every game on a beginning of it; it is reported when it holds two games or more. A
//!   truncated game that begins several longer lines is in the group of each.
//! - Tags in **conflict**: White, Black or Date differ between members (unknown values,
//!   `?`, and partial dates that may be the same day never conflict), or Result differs
//!   between members with the same moves (a truncated copy has another end).
//!
//! A game with no move replayed takes no part. An invalid game takes part with the moves
//! replayed before its first error.

use super::date::span;
use crate::check::GameReport;
use crate::pdn::result::Verdict;
use serde::Serialize;
use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};

/// The hashes of a game's moves: after each ply (the last is the whole game's).
pub fn move_hashes(report: &GameReport) -> impl Iterator<Item = u64> + '_ {
    let mut hasher = DefaultHasher::new();
    if let Some(start) = report.start {
        (
            start.variant.game_type(),
            start.white,
            start.black,
            start.kings,
            start.turn == crate::rules::position::Color::Black,
        )
            .hash(&mut hasher);
    }
    report.moves.iter().map(move |played| {
        let mv = &played.mv;
        (mv.from, mv.to, mv.captured).hash(&mut hasher);
        hasher.finish()
    })
}

/// What counts as a duplicate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Only games with the same moves are duplicates: no truncated copies.
    pub exact: bool,
    /// Plies a game needs to be a truncated copy of a longer one.
    pub min_plies: u32,
}

impl Options {
    /// The default of `--min-plies`: five moves of each side. Shorter games (the entries of
    /// an opening list, a quick draw) are never truncated copies; identical copies of them
    /// still are duplicates.
    pub const MIN_PLIES: u32 = 10;
}

impl Default for Options {
    fn default() -> Options {
        Options {
            exact: false,
            min_plies: Options::MIN_PLIES,
        }
    }
}

/// A day as a number, `20240305`.
type DayNumber = u32;

/// What is kept of one game: where it is, the hash of its moves, what its tags say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fingerprint {
    /// Hash of the whole move sequence (with the start position).
    pub moves: u64,
    /// Plies replayed.
    pub plies: u32,
    /// Input, from 0.
    pub file: u32,
    /// Game in its input, from 1.
    pub game: u32,
    /// Line of the game's first character.
    pub line: u32,
    /// Hashes of the White and Black values, 0 when unknown.
    white: u32,
    black: u32,
    /// The days the Date may be; (0, 0) when unknown.
    date: (DayNumber, DayNumber),
    /// The declared result, None when unknown (`*`, none).
    outcome: Option<Verdict>,
    /// Tags with a known value.
    known_tags: u16,
    /// The game has no error diagnostic.
    pub valid: bool,
}

/// Whether a tag value says something: not empty, `-`, `*`, or question marks (and dots)
/// only.
fn known(value: &str) -> bool {
    let value = value.trim();
    !value.is_empty() && value != "-" && !value.bytes().all(|b| matches!(b, b'?' | b'.' | b'*'))
}

/// A player's name for comparing: spaces around and doubled removed; 0 when unknown.
fn name_hash(value: Option<&str>) -> u32 {
    let Some(value) = value.filter(|v| known(v)) else {
        return 0;
    };
    let mut hasher = DefaultHasher::new();
    for word in value.split_whitespace() {
        word.hash(&mut hasher);
    }
    (hasher.finish() as u32).max(1)
}

impl Fingerprint {
    /// The fingerprint of a game whose moves hash to `moves`.
    fn with_moves(file: u32, report: &GameReport, moves: u64) -> Option<Fingerprint> {
        let day = |(y, m, d): (u32, u8, u8)| y * 10_000 + u32::from(m) * 100 + u32::from(d);
        Some(Fingerprint {
            moves,
            plies: report.moves.len() as u32,
            file,
            game: report.index as u32,
            line: report.line,
            white: name_hash(report.tag("White")),
            black: name_hash(report.tag("Black")),
            date: report
                .tag("Date")
                .and_then(span)
                .map_or((0, 0), |s| (day(s.first), day(s.last))),
            outcome: report
                .declared
                .map(|r| r.verdict())
                .filter(|o| *o != Verdict::Unknown),
            known_tags: report.tags.iter().filter(|(_, v)| known(v)).count() as u16,
            valid: report.valid(),
        })
    }
}

/// Whether two of the known values seen differ.
struct Differ<T> {
    first: Option<T>,
    differ: bool,
}

impl<T> Default for Differ<T> {
    fn default() -> Self {
        Differ {
            first: None,
            differ: false,
        }
    }
}

impl<T: PartialEq> Differ<T> {
    fn see(&mut self, value: Option<T>) {
        let Some(value) = value else { return };
        match &self.first {
            None => self.first = Some(value),
            Some(first) => self.differ |= *first != value,
        }
    }
}

/// A member of a group, as reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Relation {
    /// The group's moves.
    Identical,
    /// The first moves of the group's moves only.
    Truncated,
}

/// One member of a group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Member {
    /// Game number over the whole run (from 0, in input order).
    pub ordinal: u32,
    /// Whether it has the group's moves, or the first of them only.
    pub relation: Relation,
    /// The member a de-duplicated archive keeps.
    pub kept: bool,
}

/// A group of duplicates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Plies of the group's moves.
    pub plies: u32,
    /// Members in input order.
    pub members: Vec<Member>,
    /// Tags in conflict: `White`, `Black`, `Date`, `Result`.
    pub conflicts: Vec<&'static str>,
}

/// What [`Dedupe::add`] takes of a game, worked out on the thread that read it (so that the
/// report, with every position, stays there): its fingerprint, and the hashes of its moves
/// after each ply.
#[derive(Debug)]
pub struct Noted {
    print: Fingerprint,
    hashes: Vec<u64>,
}

impl Noted {
    pub fn of(report: &GameReport) -> Noted {
        let hashes: Vec<u64> = move_hashes(report).collect();
        let moves = hashes.last().copied();
        let print = moves.and_then(|moves| Fingerprint::with_moves(0, report, moves));
        let print = print.unwrap_or(Fingerprint {
            moves: 0,
            plies: 0,
            file: 0,
            game: report.index as u32,
            line: report.line,
            white: 0,
            black: 0,
            date: (0, 0),
            outcome: None,
            known_tags: 0,
            valid: report.valid(),
        });
        Noted { print, hashes }
    }
}

/// Finds the groups of duplicates among fingerprints, in four steps: [`Dedupe::add`] every
/// game (in input order), [`Dedupe::index`], [`Dedupe::beginnings`] with the hashes `add`
/// handed out, then [`Dedupe::groups`].
#[derive(Default)]
pub struct Dedupe {
    options: Options,
    prints: Vec<Fingerprint>,
    /// After the first reading: the distinct lines of moves (hash, plies) sorted, and the
    /// games of each line.
    lines: Vec<(u64, u32)>,
    /// Where to look a line up: the lines whose hash starts with the top bits `b` are
    /// `lines[buckets[b]..buckets[b + 1]]` (about one each, so that a look-up costs two
    /// memory reads instead of a binary search over all lines; 4 to 8 bytes a line).
    buckets: Vec<u32>,
    bucket_bits: u32,
    /// Which lines may be there, before the buckets are looked at: bit `h >> (64 -
    /// filter_bits)` is set for every line's hash `h` (8 bits a line). Small enough to stay
    /// in the cache, so that a beginning no game ends with (most of them) is told by one
    /// read of it, however large the archive, rather than two reads of tables that grow
    /// past the cache with the archive.
    filter: Vec<u64>,
    filter_bits: u32,
    line_of: Vec<u32>,
    /// Games by line: `games[starts[l]..starts[l + 1]]` are on line `l`, in input order.
    games: Vec<u32>,
    starts: Vec<u32>,
    /// (beginning line, longer line) pairs found among the beginnings.
    pairs: Vec<(u32, u32)>,
    /// Before [`Dedupe::index`]: the lines of moves (hash, plies) whose beginnings were
    /// handed out.
    handed_out: HashSet<(u64, u32)>,
    /// Room for the hashes of a game's beginnings and what the filter says of them (kept
    /// from game to game).
    hashes: Vec<u64>,
    maybe: Vec<bool>,
}

/// Whether games with no move replayed are ignored: they are, always.
const NO_MOVE: u32 = u32::MAX;

impl Dedupe {
    /// No game yet; duplicates by `options`.
    pub fn new(options: Options) -> Dedupe {
        Dedupe {
            options,
            ..Dedupe::default()
        }
    }

    /// Whether the beginnings of games are looked at (not for identical copies only).
    pub fn needs_beginnings(&self) -> bool {
        !self.options.exact
    }

    /// Notes one game of input `file`, in input order (whether it has moves or not).
    /// Returns the hashes of its moves after each ply when its beginnings are wanted
    /// ([`Dedupe::wants_beginnings`]: the first game of a line of moves longer than the
    /// shortest truncated copy), to be handed to [`Dedupe::beginnings`] after
    /// [`Dedupe::index`].
    pub fn add(&mut self, file: u32, noted: Noted) -> Option<&[u64]> {
        let Noted { mut print, hashes } = noted;
        print.file = file;
        self.hashes = hashes;
        self.prints.push(print);
        let wanted = self.needs_beginnings()
            && print.plies > self.options.min_plies.max(1)
            && self.handed_out.insert((print.moves, print.plies));
        wanted.then_some(self.hashes.as_slice())
    }

    /// Games noted.
    pub fn len(&self) -> usize {
        self.prints.len()
    }

    /// The fingerprint of the `ordinal`-th game noted (from 0).
    pub fn fingerprint(&self, ordinal: u32) -> &Fingerprint {
        &self.prints[ordinal as usize]
    }

    /// Ends the adding: sorts the games into lines of moves.
    pub fn index(&mut self) {
        self.handed_out = HashSet::new();
        let mut order: Vec<u32> = (0..self.prints.len() as u32)
            .filter(|&o| self.prints[o as usize].plies > 0)
            .collect();
        order.sort_by_key(|&o| {
            let p = &self.prints[o as usize];
            (p.moves, p.plies, o)
        });
        self.line_of = vec![NO_MOVE; self.prints.len()];
        for &o in &order {
            let p = &self.prints[o as usize];
            if self.lines.last() != Some(&(p.moves, p.plies)) {
                self.lines.push((p.moves, p.plies));
                self.starts.push(self.games.len() as u32);
            }
            self.line_of[o as usize] = self.lines.len() as u32 - 1;
            self.games.push(o);
        }
        self.starts.push(self.games.len() as u32);
        self.bucket_bits = self.lines.len().next_power_of_two().trailing_zeros();
        let count = 1usize << self.bucket_bits;
        self.buckets = Vec::with_capacity(count + 1);
        let mut at = 0;
        for b in 0..=count {
            while at < self.lines.len() && self.bucket(self.lines[at].0) < b {
                at += 1;
            }
            self.buckets.push(at as u32);
        }
        self.filter_bits = self.bucket_bits + 3;
        self.filter = vec![0; (1usize << self.filter_bits).div_ceil(64)];
        for &(hash, _) in &self.lines {
            let f = self.filter_bit(hash);
            self.filter[f / 64] |= 1 << (f % 64);
        }
    }

    /// The bit of a line's hash in [`Self::filter`]: its top [`Self::filter_bits`] bits.
    fn filter_bit(&self, hash: u64) -> usize {
        (hash >> (64 - self.filter_bits)) as usize
    }

    /// The bucket of a line's hash: its top [`Self::bucket_bits`] bits.
    fn bucket(&self, hash: u64) -> usize {
        hash.checked_shr(64 - self.bucket_bits).unwrap_or(0) as usize
    }

    /// Whether a line may have `hash` ([`Self::filter`]).
    fn may_be_line(&self, hash: u64) -> bool {
        let f = self.filter_bit(hash);
        self.filter[f / 64] & (1 << (f % 64)) != 0
    }

    /// The index of the line (hash, plies), if a game has it.
    fn find_line(&self, hash: u64, plies: u32) -> Option<u32> {
        let b = self.bucket(hash);
        let (from, to) = (self.buckets[b] as usize, self.buckets[b + 1] as usize);
        let found = self.lines[from..to].binary_search(&(hash, plies)).ok()?;
        Some((from + found) as u32)
    }

    fn line_games(&self, line: u32) -> &[u32] {
        let (from, to) = (self.starts[line as usize], self.starts[line as usize + 1]);
        &self.games[from as usize..to as usize]
    }

    /// Whether the beginnings of game `ordinal` are wanted: those of the first game of each
    /// line longer than the shortest truncated copy (the others on its line have the same
    /// beginnings).
    pub fn wants_beginnings(&self, ordinal: u32) -> bool {
        let line = self.line_of[ordinal as usize];
        self.needs_beginnings()
            && line != NO_MOVE
            && self.prints[ordinal as usize].plies > self.options.min_plies.max(1)
            && self.line_games(line).first() == Some(&ordinal)
    }

    /// After [`Dedupe::index`]: the hashes [`Dedupe::add`] handed out for game `ordinal`;
    /// notes which lines its beginnings are. Hashes of another game's moves note nothing.
    pub fn beginnings(&mut self, ordinal: u32, hashes: &[u64]) {
        let Some(print) = self.prints.get(ordinal as usize) else {
            return;
        };
        if !self.wants_beginnings(ordinal)
            || hashes.len() as u32 != print.plies
            || hashes.last() != Some(&print.moves)
        {
            return;
        }
        let line = self.line_of[ordinal as usize];
        // The beginnings from `min_plies` plies on, the whole game aside. The filter is read
        // for all of them first (reads that wait for no other), then the lines of those it
        // lets through are looked up.
        let first = (self.options.min_plies.max(1) as usize - 1).min(hashes.len() - 1);
        let beginnings = &hashes[first..hashes.len() - 1];
        let mut maybe = std::mem::take(&mut self.maybe);
        maybe.clear();
        maybe.extend(beginnings.iter().map(|&hash| self.may_be_line(hash)));
        for (i, _) in maybe.iter().enumerate().filter(|&(_, &m)| m) {
            let plies = (first + i + 1) as u32;
            if let Some(found) = self.find_line(beginnings[i], plies) {
                self.pairs.push((found, line));
            }
        }
        self.maybe = maybe;
    }

    /// The groups, each with two members or more, ordered by their first member.
    pub fn groups(&mut self) -> Vec<Group> {
        self.pairs
            .sort_unstable_by_key(|&(short, long)| (long, short));
        self.pairs.dedup();
        let mut extended = vec![false; self.lines.len()];
        for &(short, _) in &self.pairs {
            extended[short as usize] = true;
        }
        let mut groups = Vec::new();
        let mut pairs = self.pairs.as_slice();
        for line in 0..self.lines.len() as u32 {
            let count = pairs.iter().take_while(|(_, long)| *long == line).count();
            let (beginnings, rest) = pairs.split_at(count);
            pairs = rest;
            if extended[line as usize] {
                continue;
            }
            let mut members: Vec<Member> = self
                .line_games(line)
                .iter()
                .map(|&ordinal| Member {
                    ordinal,
                    relation: Relation::Identical,
                    kept: false,
                })
                .collect();
            for &(short, _) in beginnings {
                members.extend(self.line_games(short).iter().map(|&ordinal| Member {
                    ordinal,
                    relation: Relation::Truncated,
                    kept: false,
                }));
            }
            if members.len() < 2 {
                continue;
            }
            members.sort_by_key(|m| m.ordinal);
            let keep = self.keeper(&members);
            members[keep].kept = true;
            groups.push(Group {
                plies: self.lines[line as usize].1,
                conflicts: self.conflicts(&members),
                members,
            });
        }
        groups.sort_by_key(|g| g.members[0].ordinal);
        groups
    }

    /// The member to keep: on the group's moves (the longest), valid, with the most tags
    /// that say something, first in input order.
    fn keeper(&self, members: &[Member]) -> usize {
        let rank = |m: &Member| {
            let p = &self.prints[m.ordinal as usize];
            (
                m.relation == Relation::Identical,
                p.plies,
                p.valid,
                p.known_tags,
                std::cmp::Reverse(m.ordinal),
            )
        };
        (0..members.len())
            .max_by_key(|&i| rank(&members[i]))
            .unwrap_or(0)
    }

    /// The tags in conflict among `members`, in one pass: two known values of White (of
    /// Black) differ when a value differs from the first known one; two dates exclude each
    /// other when the latest first day is after the earliest last day; two results differ
    /// between members of one line when a known one differs from the line's first.
    fn conflicts(&self, members: &[Member]) -> Vec<&'static str> {
        let mut white = Differ::default();
        let mut black = Differ::default();
        let (mut latest_first, mut earliest_last) = (0, DayNumber::MAX);
        let mut results: HashMap<(u64, u32), Differ<Verdict>> = HashMap::new();
        for m in members {
            let p = &self.prints[m.ordinal as usize];
            white.see(Some(p.white).filter(|&h| h != 0));
            black.see(Some(p.black).filter(|&h| h != 0));
            if p.date != (0, 0) {
                latest_first = latest_first.max(p.date.0);
                earliest_last = earliest_last.min(p.date.1);
            }
            results
                .entry((p.moves, p.plies))
                .or_default()
                .see(p.outcome);
        }
        let found = [
            white.differ,
            black.differ,
            latest_first > earliest_last,
            results.values().any(|r| r.differ),
        ];
        ["White", "Black", "Date", "Result"]
            .into_iter()
            .zip(found)
            .filter_map(|(name, f)| f.then_some(name))
            .collect()
    }
}
