//! Statistics over many games, computed from their replay (the moves the rules engine played,
//! never the text): an accumulator fed one [`GameReport`] at a time, mergeable so that files
//! can be counted in parallel and merged in input order, and the [`Summary`] it produces.
//!
//! Which games count where (docs/json.md has every definition):
//! - every game: game types, declared results, terminations (invalid games in their own
//!   bucket), diagnostics by code;
//! - valid games only (no error diagnostic): plies, captures, promotions, kings-only
//!   positions, openings and the players' records. An invalid game was replayed only up to
//!   its error, so its moves would bias every figure about whole games.

use crate::check::{DoneSink, GameCount, GameReport, GameSink};
use crate::diagnostic::Severity;
use crate::pdn::result::Verdict;
use crate::rules::outcome::Termination;
use crate::rules::position::Color;
use crate::text::encoding::Detection;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::io;

mod game;

use game::MoveFacts;
pub(crate) use game::{Counting, TAGS, reading};
pub use game::{LongestCapture, OPENING_PLIES};

/// Openings listed per length.
pub const TOP_OPENINGS: usize = 10;

/// The accumulator. Feed it with [`Stats::begin_file`], [`Stats::detection`] and
/// [`Stats::add_game`] (or use it as a [`GameSink`]); combine with [`Stats::merge`].
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// The file now being read (for the place of the longest capture).
    file: String,
    files: usize,
    unreadable_files: usize,
    games: usize,
    valid: usize,
    invalid: usize,
    /// By game type number (None: unknown).
    game_types: Few<Option<u8>>,
    encodings: BTreeMap<String, usize>,
    /// By the declared result's text (`none` without one).
    results: Few<&'static str>,
    outcomes: OutcomeCounts,
    terminations: TerminationCounts,
    /// Valid games by number of plies, and by number of capturing moves: at most one entry
    /// per count the move limit allows, however many games.
    plies: BTreeMap<u32, usize>,
    game_captures: BTreeMap<u32, usize>,
    /// Games by the year of their Date tag (every game with a readable year).
    years: BTreeMap<u16, usize>,
    captures: u64,
    multi_captures: u64,
    pieces_captured: u64,
    longest: Option<LongestCapture>,
    promotions: u64,
    kings_only_games: usize,
    /// Per game type, per opening length ([`OPENING_PLIES`]): moves -> games.
    openings: Vec<(u8, OpeningCounts)>,
    /// Sorted by name only in [`Stats::summary`].
    players: HashMap<String, PlayerRecord, TextHasher>,
    errors: BTreeMap<String, usize>,
    warnings: BTreeMap<String, usize>,
    notes: BTreeMap<String, usize>,
}

/// Per opening length ([`OPENING_PLIES`]): moves -> games.
type OpeningCounts = [HashMap<String, usize, TextHasher>; OPENING_PLIES.len()];

/// The hash of the openings' texts and the players' names (rustc's): short keys where
/// SipHash's resistance to chosen keys buys little (the worst an archive written to collide
/// can do is slow its own count) and costs most of a lookup. The order of a map's entries
/// never reaches the output ([`top`] sorts openings completely, the summary lists players by
/// name).
type TextHasher = rustc_hash::FxBuildHasher;

/// Games by declared outcome.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct OutcomeCounts {
    /// `1-0`, `2-0` and their colon forms.
    pub white_wins: usize,
    /// `0-1`, `0-2` and their colon forms.
    pub black_wins: usize,
    /// `1/2-1/2`, `1-1` and their other spellings.
    pub draw: usize,
    /// `0-0`.
    pub both_lose: usize,
    /// `*`.
    pub unknown: usize,
    /// No result at all (neither at the end of the moves nor in the Result tag).
    pub none: usize,
}

impl OutcomeCounts {
    fn merge(&mut self, o: &OutcomeCounts) {
        self.white_wins += o.white_wins;
        self.black_wins += o.black_wins;
        self.draw += o.draw;
        self.both_lose += o.both_lose;
        self.unknown += o.unknown;
        self.none += o.none;
    }
}

/// Games by how they ended; every game is in exactly one bucket. A valid game's bucket is
/// its [`Termination`]: one of the rules found by replay, else what its declared result says.
/// Serialized as one field per termination name, in [`Termination::ALL`] order, then
/// `invalid`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TerminationCounts {
    /// Valid games by [`Termination::index`].
    by_termination: [usize; Termination::ALL.len()],
    /// Games with an error diagnostic, whatever their termination.
    pub invalid: usize,
}

impl TerminationCounts {
    /// Valid games that ended so.
    pub fn get(&self, t: Termination) -> usize {
        self.by_termination[t.index()]
    }

    fn add(&mut self, t: Termination) {
        self.by_termination[t.index()] += 1;
    }

    fn merge(&mut self, o: &TerminationCounts) {
        for (mine, theirs) in self.by_termination.iter_mut().zip(o.by_termination) {
            *mine += theirs;
        }
        self.invalid += o.invalid;
    }

    /// `(name, count)` in document order.
    pub fn entries(&self) -> impl Iterator<Item = (&'static str, usize)> + '_ {
        Termination::ALL
            .iter()
            .map(|&t| (t.name(), self.get(t)))
            .chain(std::iter::once(("invalid", self.invalid)))
    }
}

impl Serialize for TerminationCounts {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(Termination::ALL.len() + 1))?;
        for (name, count) in self.entries() {
            map.serialize_entry(name, &count)?;
        }
        map.end()
    }
}

/// One player's record over the valid games where the name appears in a White or Black tag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PlayerRecord {
    /// Valid games with the name as White or Black (both sides of one game count twice).
    pub games: usize,
    /// Games the player won by the declared result.
    pub wins: usize,
    /// Games declared drawn.
    pub draws: usize,
    /// Games the player lost by the declared result (`0-0` is a loss for both).
    pub losses: usize,
    /// Games declared `*` or without result: counted in `games`, in no other column.
    pub unfinished: usize,
}

impl PlayerRecord {
    fn merge(&mut self, o: &PlayerRecord) {
        self.games += o.games;
        self.wins += o.wins;
        self.draws += o.draws;
        self.losses += o.losses;
        self.unfinished += o.unfinished;
    }
}

/// One opening and the games that began with it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Opening {
    /// Canonical alphanumeric moves separated by spaces, e.g. `c3-d4 f6-g5`.
    pub moves: String,
    /// 41 or 25: openings of different game types are counted apart.
    pub game_type: u8,
    /// Games that begin with these moves.
    pub games: usize,
}

/// Plies per valid game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlyStats {
    /// Valid games measured.
    pub games: usize,
    /// Plies of their main lines (variations never count).
    pub total: u64,
    /// The fewest plies of a valid game; `None` without valid games.
    pub min: Option<u32>,
    /// The most plies of a valid game; `None` without valid games.
    pub max: Option<u32>,
    /// `total / games`; `None` without valid games.
    pub mean: Option<f64>,
    /// The middle value; the mean of the two middle values for an even number of games.
    pub median: Option<f64>,
}

/// Captures on the main lines of valid games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CaptureStats {
    /// Moves that capture at least one piece.
    pub moves: u64,
    /// Moves that capture two or more pieces.
    pub multi: u64,
    /// Pieces captured, all moves together.
    pub pieces: u64,
    /// The capture that took the most pieces (the first in input order on a tie).
    pub longest: Option<LongestCapture>,
}

/// Declared results of every game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ResultStats {
    /// Games by the result as written (`1-0`, `2-0`, `1/2-1/2`, `*`, ...; `none`).
    pub by_text: BTreeMap<String, usize>,
    /// The same games by what the result means.
    pub by_outcome: OutcomeCounts,
}

/// The most frequent openings ([`TOP_OPENINGS`] of each length) of valid games that start
/// from the start position of their game type, most frequent first.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OpeningStats {
    /// The first 2 plies.
    pub first_2_plies: Vec<Opening>,
    /// The first 4 plies.
    pub first_4_plies: Vec<Opening>,
}

/// Diagnostics by code over every game, with the severity they have after `--strict`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DiagnosticStats {
    /// Errors by code (with one `io` error per unreadable input).
    pub errors: BTreeMap<String, usize>,
    /// Warnings by code.
    pub warnings: BTreeMap<String, usize>,
    /// Notes by code (with one `encoding` note per input whose encoding was guessed).
    pub notes: BTreeMap<String, usize>,
}

/// The statistics document (`pdnkit stats`), in the order it is written; docs/json.md
/// defines every field. Figures about moves and players count valid games only.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Always `stats` (the document's `type`).
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// Inputs given or found, readable or not.
    pub files: usize,
    /// Inputs that could not be opened, or whose reading failed part-way.
    pub unreadable_files: usize,
    /// Games read: `valid + invalid`.
    pub games: usize,
    /// Games without an error diagnostic.
    pub valid: usize,
    /// Games with an error diagnostic.
    pub invalid: usize,
    /// Games by game type in force (`41`, `25`, `unknown`).
    pub game_types: BTreeMap<String, usize>,
    /// Readable inputs by the encoding they were decoded with.
    pub encodings: BTreeMap<String, usize>,
    /// Games by declared result.
    pub results: ResultStats,
    /// Games by how they ended.
    pub terminations: TerminationCounts,
    /// Plies per valid game.
    pub plies: PlyStats,
    /// Captures of valid games.
    pub captures: CaptureStats,
    /// Moves of valid games that made a man a king.
    pub promotions: u64,
    /// Valid games with a position of only kings on the main line.
    pub kings_only_games: usize,
    /// The most frequent openings.
    pub openings: OpeningStats,
    /// Players' records by name (from the White and Black tags of valid games).
    pub players: BTreeMap<String, PlayerRecord>,
    /// Diagnostics by severity and code.
    pub diagnostics: DiagnosticStats,
}

/// Counts one more `key` (a new string only for a key not seen before).
fn bump(map: &mut BTreeMap<String, usize>, key: &str) {
    match map.get_mut(key) {
        Some(n) => *n += 1,
        None => {
            map.insert(key.to_owned(), 1);
        }
    }
}

/// Counts by a key of few values (a game type, a result's text): a short list searched in
/// order, made a map only for the summary.
#[derive(Clone, Debug)]
struct Few<K>(Vec<(K, usize)>);

impl<K> Default for Few<K> {
    fn default() -> Self {
        Few(Vec::new())
    }
}

impl<K: Copy + PartialEq> Few<K> {
    fn add(&mut self, key: K, n: usize) {
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some((_, count)) => *count += n,
            None => self.0.push((key, n)),
        }
    }

    fn bump(&mut self, key: K) {
        self.add(key, 1);
    }

    fn merge(&mut self, later: &Few<K>) {
        for &(key, n) in &later.0 {
            self.add(key, n);
        }
    }

    /// The counts by the text `name` gives each key.
    fn map(&self, name: impl Fn(K) -> String) -> BTreeMap<String, usize> {
        let mut map = BTreeMap::new();
        for &(key, n) in &self.0 {
            *map.entry(name(key)).or_default() += n;
        }
        map
    }
}

fn merge_map<K: Ord>(into: &mut BTreeMap<K, usize>, from: BTreeMap<K, usize>) {
    for (k, v) in from {
        *into.entry(k).or_default() += v;
    }
}

/// The decimal text of a game type, in `buf`.
fn game_type_text(game_type: u8, buf: &mut [u8; 3]) -> &str {
    let digits = [game_type / 100, game_type / 10 % 10, game_type % 10];
    let skip = if game_type >= 100 {
        0
    } else if game_type >= 10 {
        1
    } else {
        2
    };
    for (b, d) in buf.iter_mut().zip(digits) {
        *b = b'0' + d;
    }
    std::str::from_utf8(&buf[skip..]).expect("ASCII digits")
}

/// A player's name from a tag value, unless unknown (`?`, `-`, empty).
fn player_name(value: &str) -> Option<&str> {
    let name = value.trim();
    (!matches!(name, "" | "?" | "-")).then_some(name)
}

impl Stats {
    /// An accumulator that has counted nothing.
    pub fn new() -> Stats {
        Stats::default()
    }

    /// Starts counting a new input (`name` is how the file is reported).
    pub fn begin_file(&mut self, name: &str) {
        self.files += 1;
        self.file = name.to_string();
    }

    /// The current input could not be opened, or reading it failed part-way (counted as an
    /// `io` error; the games read before the failure still count).
    pub fn file_unreadable(&mut self) {
        self.unreadable_files += 1;
        bump(&mut self.errors, crate::diagnostic::code::IO);
    }

    /// The encoding the current input was read in; a guess is also an `encoding` note.
    pub fn detection(&mut self, detection: &Detection) {
        bump(&mut self.encodings, detection.encoding.name());
        if detection.guessed {
            bump(&mut self.notes, crate::diagnostic::code::ENCODING);
        }
    }

    /// Counts one game.
    pub fn add_game(&mut self, report: &GameReport) {
        let mut longest = self.longest.as_ref().map_or(0, |l| l.pieces);
        self.add_counted(report, MoveFacts::of(report, &mut longest, None));
    }

    /// Counts one game whose move facts were worked out already (where it was read: the
    /// report may have lost its moves, [`Counting`]).
    fn add_counted(&mut self, report: &GameReport, facts: MoveFacts) {
        self.games += 1;
        let valid = report.valid();
        if valid {
            self.valid += 1;
        } else {
            self.invalid += 1;
        }
        self.game_types.bump(report.variant.map(|v| v.game_type()));
        self.results
            .bump(report.declared.map_or("none", |r| r.text()));
        let o = &mut self.outcomes;
        *match report.declared.map(|r| r.verdict()) {
            Some(Verdict::WhiteWins) => &mut o.white_wins,
            Some(Verdict::BlackWins) => &mut o.black_wins,
            Some(Verdict::Draw) => &mut o.draw,
            Some(Verdict::BothLose) => &mut o.both_lose,
            Some(Verdict::Unknown) => &mut o.unknown,
            None => &mut o.none,
        } += 1;
        if let Some(year) = report
            .tag("Date")
            .and_then(crate::pdn::date::year)
            .and_then(|year| u16::try_from(year).ok())
        {
            *self.years.entry(year).or_default() += 1;
        }
        for d in &report.diagnostics {
            let map = match d.severity {
                Severity::Error => &mut self.errors,
                Severity::Warning => &mut self.warnings,
                Severity::Note => &mut self.notes,
            };
            bump(map, d.code());
        }
        if !valid {
            self.terminations.invalid += 1;
            return;
        }
        // A valid game was replayed to its end, so it has a termination.
        self.terminations
            .add(report.termination().unwrap_or(Termination::Unfinished));
        *self.plies.entry(report.plies()).or_default() += 1;
        self.count_moves(facts);
        self.count_players(report);
    }

    /// Adds what the game's moves show ([`MoveFacts::of`] its report).
    fn count_moves(&mut self, facts: MoveFacts) {
        self.kings_only_games += usize::from(facts.kings_only);
        if let Some(mut capture) = facts.longest
            && self
                .longest
                .as_ref()
                .is_none_or(|l| capture.pieces > l.pieces)
        {
            capture.file.clone_from(&self.file);
            self.longest = Some(capture);
        }
        self.promotions += facts.promotions;
        *self.game_captures.entry(facts.captures as u32).or_default() += 1;
        self.captures += facts.captures;
        self.pieces_captured += facts.pieces_captured;
        self.multi_captures += facts.multi;
        let Some((game_type, (text, ends))) = facts.opening else {
            return;
        };
        let counts = match self.openings.iter().position(|(t, _)| *t == game_type) {
            Some(i) => &mut self.openings[i].1,
            None => {
                self.openings.push((game_type, OpeningCounts::default()));
                &mut self.openings.last_mut().expect("just pushed").1
            }
        };
        for (map, end) in counts.iter_mut().zip(ends) {
            let Some(end) = end else { continue };
            let moves = &text[..end];
            match map.get_mut(moves) {
                Some(games) => *games += 1,
                None => {
                    map.insert(moves.to_owned(), 1);
                }
            }
        }
    }

    fn count_players(&mut self, report: &GameReport) {
        let outcome = report.declared.map(|r| r.verdict());
        // The first White and the first Black tag, found in one pass.
        let (mut white, mut black) = (None, None);
        for (tag, value) in &report.tags {
            match tag.as_str() {
                "White" if white.is_none() => white = Some(value),
                "Black" if black.is_none() => black = Some(value),
                _ => continue,
            }
            if white.is_some() && black.is_some() {
                break;
            }
        }
        for (color, value) in [(Color::White, white), (Color::Black, black)] {
            let Some(name) = value.and_then(|v| player_name(v)) else {
                continue;
            };
            let record = match self.players.get_mut(name) {
                Some(record) => record,
                None => self.players.entry(name.to_owned()).or_default(),
            };
            record.games += 1;
            let column = match (outcome, color) {
                (Some(Verdict::WhiteWins), Color::White)
                | (Some(Verdict::BlackWins), Color::Black) => &mut record.wins,
                (Some(Verdict::WhiteWins), Color::Black)
                | (Some(Verdict::BlackWins), Color::White)
                | (Some(Verdict::BothLose), _) => &mut record.losses,
                (Some(Verdict::Draw), _) => &mut record.draws,
                (Some(Verdict::Unknown) | None, _) => &mut record.unfinished,
            };
            *column += 1;
        }
    }

    /// Adds `later` (the statistics of inputs that come after this one's) to this one. Ties
    /// for the longest capture go to the earlier input.
    pub fn merge(&mut self, later: Stats) {
        self.files += later.files;
        self.unreadable_files += later.unreadable_files;
        self.games += later.games;
        self.valid += later.valid;
        self.invalid += later.invalid;
        self.game_types.merge(&later.game_types);
        merge_map(&mut self.encodings, later.encodings);
        self.results.merge(&later.results);
        self.outcomes.merge(&later.outcomes);
        self.terminations.merge(&later.terminations);
        merge_map(&mut self.plies, later.plies);
        merge_map(&mut self.game_captures, later.game_captures);
        merge_map(&mut self.years, later.years);
        self.captures += later.captures;
        self.multi_captures += later.multi_captures;
        self.pieces_captured += later.pieces_captured;
        if let Some(l) = later.longest
            && self
                .longest
                .as_ref()
                .is_none_or(|mine| l.pieces > mine.pieces)
        {
            self.longest = Some(l);
        }
        self.promotions += later.promotions;
        self.kings_only_games += later.kings_only_games;
        for (game_type, theirs) in later.openings {
            match self.openings.iter_mut().find(|(t, _)| *t == game_type) {
                Some((_, mine)) => {
                    for (mine, theirs) in mine.iter_mut().zip(theirs) {
                        for (moves, n) in theirs {
                            *mine.entry(moves).or_default() += n;
                        }
                    }
                }
                None => self.openings.push((game_type, theirs)),
            }
        }
        for (name, record) in later.players {
            self.players.entry(name).or_default().merge(&record);
        }
        merge_map(&mut self.errors, later.errors);
        merge_map(&mut self.warnings, later.warnings);
        merge_map(&mut self.notes, later.notes);
        if !later.file.is_empty() {
            self.file = later.file;
        }
    }

    /// Games counted so far.
    #[cfg(test)]
    pub fn games(&self) -> usize {
        self.games
    }

    /// Games with an error diagnostic.
    pub fn invalid(&self) -> usize {
        self.invalid
    }

    /// Valid games by their number of plies.
    pub fn plies_per_game(&self) -> &BTreeMap<u32, usize> {
        &self.plies
    }

    /// Valid games by their number of capturing moves.
    pub fn captures_per_game(&self) -> &BTreeMap<u32, usize> {
        &self.game_captures
    }

    /// Games by the year of their Date tag (games without a readable year are left out).
    pub fn games_per_year(&self) -> &BTreeMap<u16, usize> {
        &self.years
    }

    /// Inputs that could not be read (completely).
    pub fn unreadable_files(&self) -> usize {
        self.unreadable_files
    }

    /// The figures.
    pub fn summary(&self) -> Summary {
        Summary {
            kind: "stats",
            files: self.files,
            unreadable_files: self.unreadable_files,
            games: self.games,
            valid: self.valid,
            invalid: self.invalid,
            game_types: self.game_types.map(|game_type| {
                let mut digits = [0; 3];
                game_type
                    .map_or("unknown", |t| game_type_text(t, &mut digits))
                    .to_owned()
            }),
            encodings: self.encodings.clone(),
            results: ResultStats {
                by_text: self.results.map(str::to_owned),
                by_outcome: self.outcomes,
            },
            terminations: self.terminations,
            plies: ply_stats(&self.plies),
            captures: CaptureStats {
                moves: self.captures,
                multi: self.multi_captures,
                pieces: self.pieces_captured,
                longest: self.longest.clone(),
            },
            promotions: self.promotions,
            kings_only_games: self.kings_only_games,
            openings: OpeningStats {
                first_2_plies: top(&self.openings, 0),
                first_4_plies: top(&self.openings, 1),
            },
            players: self
                .players
                .iter()
                .map(|(name, record)| (name.clone(), *record))
                .collect(),
            diagnostics: DiagnosticStats {
                errors: self.errors.clone(),
                warnings: self.warnings.clone(),
                notes: self.notes.clone(),
            },
        }
    }
}

/// Counting straight from [`crate::check::check_stream`]. Call [`Stats::begin_file`]
/// first.
/// The games of `pdnkit stats`, counted where they were read ([`Counting`]).
impl DoneSink<(GameReport, MoveFacts)> for Stats {
    fn detection(&mut self, detection: &Detection) -> io::Result<()> {
        Stats::detection(self, detection);
        Ok(())
    }

    fn done(&mut self, (report, facts): (GameReport, MoveFacts), _: GameCount) -> io::Result<()> {
        self.add_counted(&report, facts);
        Ok(())
    }
}

impl GameSink for Stats {
    fn detection(&mut self, detection: &Detection) -> io::Result<()> {
        Stats::detection(self, detection);
        Ok(())
    }

    fn game(&mut self, report: GameReport) -> io::Result<()> {
        self.add_game(&report);
        Ok(())
    }
}

fn ply_stats(plies: &BTreeMap<u32, usize>) -> PlyStats {
    let n: usize = plies.values().sum();
    let total: u64 = plies.iter().map(|(&p, &c)| u64::from(p) * c as u64).sum();
    // The ply count of the k-th game (from 0) in ascending order.
    let nth = |k: usize| {
        let mut seen = 0;
        plies.iter().find_map(|(&p, &c)| {
            seen += c;
            (k < seen).then_some(f64::from(p))
        })
    };
    let median = match n {
        0 => None,
        _ if n % 2 == 1 => nth(n / 2),
        _ => nth(n / 2 - 1).zip(nth(n / 2)).map(|(a, b)| (a + b) / 2.0),
    };
    PlyStats {
        games: n,
        total,
        min: plies.keys().next().copied(),
        max: plies.keys().next_back().copied(),
        mean: (n > 0).then(|| total as f64 / n as f64),
        median,
    }
}

/// The most frequent openings of the `slot`-th length: by games (most first), then moves,
/// then game type.
fn top(counts: &[(u8, OpeningCounts)], slot: usize) -> Vec<Opening> {
    // (games, moves, game type) is unique per entry: any sort gives the one order.
    let mut list: Vec<(usize, &str, u8)> = counts
        .iter()
        .flat_map(|(game_type, by_length)| {
            by_length[slot]
                .iter()
                .map(|(moves, &games)| (games, moves.as_str(), *game_type))
        })
        .collect();
    let order = |a: &(usize, &str, u8), b: &(usize, &str, u8)| {
        b.0.cmp(&a.0)
            .then_with(|| a.1.cmp(b.1))
            .then_with(|| a.2.cmp(&b.2))
    };
    if list.len() > TOP_OPENINGS {
        list.select_nth_unstable_by(TOP_OPENINGS, order);
        list.truncate(TOP_OPENINGS);
    }
    list.sort_unstable_by(order);
    list.into_iter()
        .map(|(games, moves, game_type)| Opening {
            moves: moves.to_owned(),
            game_type,
            games,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{Options, StreamTotals, check_stream};

    fn stats_of(name: &str, text: &str) -> Stats {
        let mut stats = Stats::new();
        stats.begin_file(name);
        let mut totals = StreamTotals::default();
        check_stream(
            text.as_bytes(),
            &reading(&Options::default()),
            None,
            &mut stats,
            &mut totals,
        )
        .unwrap();
        stats
    }

    const GAME: &str = "[White \"Ann\"]\n[Black \"Bob\"]\n1. c3-d4 f6-g5 2. d4-e5 d6:f4 \
                        3. g3:e5 1-0\n";

    #[test]
    fn one_game_by_hand() {
        let s = stats_of("a.pdn", GAME).summary();
        assert_eq!((s.files, s.games, s.valid, s.invalid), (1, 1, 1, 0));
        assert_eq!(s.plies.min, Some(5));
        assert_eq!(s.plies.median, Some(5.0));
        assert_eq!(
            (s.captures.moves, s.captures.multi, s.captures.pieces),
            (2, 0, 2)
        );
        let longest = s.captures.longest.unwrap();
        assert_eq!((longest.ply, longest.path.as_str()), (4, "d6:f4"));
        assert_eq!(s.terminations.get(Termination::Resignation), 1);
        assert_eq!(s.openings.first_2_plies[0].moves, "c3-d4 f6-g5");
        assert_eq!(s.openings.first_4_plies[0].moves, "c3-d4 f6-g5 d4-e5 d6:f4");
        assert_eq!(s.players["Ann"].wins, 1);
        assert_eq!(s.players["Bob"].losses, 1);
    }

    #[test]
    fn merging_in_order_equals_counting_in_one_go() {
        let second = "1. c3-d4 f6-e5 2. d4:f6 g7:e5 1/2-1/2\n";
        let mut merged = stats_of("a.pdn", GAME);
        merged.merge(stats_of("b.pdn", second));
        let s = merged.summary();
        assert_eq!((s.files, s.games, s.valid), (2, 2, 2));
        assert_eq!(s.plies.median, Some(4.5));
        // Both games have one-piece captures: the earlier file keeps the record.
        assert_eq!(s.captures.longest.unwrap().file, "a.pdn");
        let firsts: Vec<_> = s
            .openings
            .first_2_plies
            .iter()
            .map(|o| o.moves.as_str())
            .collect();
        assert_eq!(firsts, ["c3-d4 f6-e5", "c3-d4 f6-g5"]);
        assert_eq!(s.players["Ann"].games, 1);
        let mut reversed = stats_of("b.pdn", second);
        reversed.merge(stats_of("a.pdn", GAME));
        assert_eq!(reversed.summary().captures.longest.unwrap().file, "b.pdn");
    }

    #[test]
    fn top_openings_are_the_first_of_the_complete_order() {
        // 30 openings over two game types, with many ties on games and on moves.
        let mut counts: Vec<(u8, OpeningCounts)> =
            vec![(41, Default::default()), (25, Default::default())];
        let mut all = Vec::new();
        for i in 0..30usize {
            let (game_type, map) = &mut counts[i % 2];
            let moves = format!("m{}", i % 7 + i / 14);
            let games = 1 + i % 4;
            if map[1].insert(moves.clone(), games).is_none() {
                all.push(Opening {
                    moves,
                    game_type: *game_type,
                    games,
                });
            } else {
                let o = all
                    .iter_mut()
                    .find(|o| o.moves == moves && o.game_type == *game_type);
                o.expect("listed").games = games;
            }
        }
        all.sort_by(|a, b| {
            b.games
                .cmp(&a.games)
                .then_with(|| a.moves.cmp(&b.moves))
                .then_with(|| a.game_type.cmp(&b.game_type))
        });
        assert!(all.len() > TOP_OPENINGS);
        all.truncate(TOP_OPENINGS);
        assert_eq!(top(&counts, 1), all);
        assert_eq!(top(&counts, 0), []);
    }

    #[test]
    fn years_of_date_tags() {
        let stats = stats_of("a.pdn", &format!("[Date \"2019.05.01\"]\n{GAME}"));
        assert_eq!(stats.games_per_year().get(&2019), Some(&1));
        assert_eq!(stats.captures_per_game(), &BTreeMap::from([(2, 1)]));
        assert_eq!(stats.plies_per_game(), &BTreeMap::from([(5, 1)]));
    }

    #[test]
    fn median_of_an_even_count() {
        let counts = |plies: &[u32]| {
            let mut map = BTreeMap::new();
            for &p in plies {
                *map.entry(p).or_default() += 1;
            }
            map
        };
        let p = ply_stats(&counts(&[7, 1, 4, 2]));
        assert_eq!((p.min, p.max, p.total), (Some(1), Some(7), 14));
        assert_eq!((p.mean, p.median), (Some(3.5), Some(3.0)));
        let p = ply_stats(&counts(&[5, 5, 9, 1, 5]));
        assert_eq!((p.games, p.median), (5, Some(5.0)));
        let p = ply_stats(&counts(&[2, 2, 8, 8]));
        assert_eq!(p.median, Some(5.0));
        assert_eq!(ply_stats(&counts(&[])).median, None);
    }
}
