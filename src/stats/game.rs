//! What the statistics take from one game's moves, worked out on the thread that read the
//! game: only these facts and a small report cross to the thread that adds them up.

use crate::check::{GameJob, GameReport, MoveTally, Options, ReadGame};
use crate::notation::naming::push_canonical;
use crate::rules::moves::Move;
use crate::rules::position::{Color, Position};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;

/// The opening lengths counted, in plies.
pub const OPENING_PLIES: [usize; 2] = [2, 4];

/// The capture that took the most pieces, and where it was played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LongestCapture {
    /// Pieces it took.
    pub pieces: u32,
    /// The input's name, as diagnostics name it.
    pub file: String,
    /// 1-based number of the game in its file.
    pub game: usize,
    /// 1-based ply of the main line.
    pub ply: u32,
    /// The side that made it.
    pub side: Color,
    /// The move as written in the file.
    pub written: String,
    /// The move in alphanumeric notation with its full path (every landing square).
    #[serde(rename = "move")]
    pub path: String,
}

/// No man on the board, and at least one piece.
fn kings_only(pos: &Position) -> bool {
    let occupied = pos.occupied();
    occupied != 0 && occupied & !pos.kings == 0
}

/// The move facts of a valid game (all zero for an invalid one: its moves are not counted).
#[derive(Debug, Default)]
pub(crate) struct MoveFacts {
    /// Some position of the main line has kings only.
    pub kings_only: bool,
    pub promotions: u64,
    pub captures: u64,
    pub pieces_captured: u64,
    /// Captures of two pieces or more.
    pub multi: u64,
    /// The game's first capture of the most pieces, if it took more than every capture of
    /// the games before it that the same job saw (its `file` left empty).
    pub longest: Option<LongestCapture>,
    /// From the start position: the game type, the text of the longest opening counted, and
    /// where each opening length of [`OPENING_PLIES`] ends in it (None: the game is shorter).
    pub opening: Option<(u8, OpeningText)>,
}

/// The text of an opening (canonical moves separated by spaces), and where each length of
/// [`OPENING_PLIES`] ends in it (None: the game is shorter).
pub(crate) type OpeningText = (Arc<str>, [Option<usize>; OPENING_PLIES.len()]);

/// The texts of the openings a job wrote, by game type and moves: an archive holds few
/// distinct openings (from the start position), and each is written once.
#[derive(Clone, Debug, Default)]
pub(crate) struct OpeningTexts(HashMap<OpeningKey, OpeningText, rustc_hash::FxBuildHasher>);

/// A game type and the first moves of a game, each in a word ([`word`]; 0: no move).
type OpeningKey = (u8, [u64; MoveTally::FIRST_PLIES]);

/// A move's squares in one word (its start, whether it captures, its landing squares),
/// unless it lands more than six times.
fn word(mv: &Move) -> Option<u64> {
    let landings = mv.landings();
    if landings.len() > 6 {
        return None;
    }
    let mut word =
        u64::from(mv.from) | (landings.len() as u64) << 8 | u64::from(mv.is_capture()) << 15;
    for (i, &square) in landings.iter().enumerate() {
        word |= u64::from(square) << (16 + 8 * i);
    }
    Some(word)
}

impl MoveFacts {
    /// The facts of the game of `report` (read with [`Options::tally_moves`]: they come
    /// from its tally); `longest` is the most pieces a capture took in the games before it
    /// seen so far (no record is made for a capture that cannot be the longest), raised to
    /// this game's; `texts` the openings written so far, if they are kept.
    pub fn of(
        report: &GameReport,
        longest: &mut u32,
        texts: Option<&mut OpeningTexts>,
    ) -> MoveFacts {
        if !report.valid() {
            return MoveFacts::default();
        }
        debug_assert!(report.tally.is_some() || report.start.is_none());
        let Some(tally) = &report.tally else {
            return MoveFacts::default();
        };
        // No move puts a man back on the board or empties it (the mover's piece stays), so
        // once a position of the game has kings only, so has every later one: the start and
        // the last position tell whether any had.
        let kings_only = report.start.as_ref().is_some_and(kings_only)
            || tally.last.as_ref().is_some_and(kings_only);
        let mut facts = MoveFacts {
            kings_only,
            promotions: tally.promotions.into(),
            captures: tally.captures.into(),
            pieces_captured: tally.pieces.into(),
            multi: tally.multi_captures.into(),
            longest: None,
            opening: opening(report, &tally.first, texts),
        };
        if let Some((ply, pm)) = &tally.longest {
            let pieces = pm.mv.captured.count_ones();
            if pieces > *longest {
                *longest = pieces;
                facts.longest = Some(LongestCapture {
                    pieces,
                    file: String::new(),
                    game: report.index,
                    ply: *ply,
                    side: pm.before.turn,
                    written: pm.written.as_str().to_owned(),
                    path: pm.mv.to_alpha(pm.before.geometry(), true),
                });
            }
        }
        facts
    }
}

/// The opening of a game from the start position, long enough to count, from the first
/// moves of its main line (each with the position before it); its text from `texts` if it
/// was written before.
fn opening(
    report: &GameReport,
    first: &[(Move, Position)],
    texts: Option<&mut OpeningTexts>,
) -> Option<(u8, OpeningText)> {
    let (variant, start) = (report.variant?, report.start?);
    if start != Position::start(variant) {
        return None;
    }
    let plies = first.len().min(OPENING_PLIES[OPENING_PLIES.len() - 1]);
    if plies < OPENING_PLIES[0] {
        return None;
    }
    let first = &first[..plies];
    let game_type = variant.game_type();
    let Some(texts) = texts else {
        return Some((game_type, opening_text(first)));
    };
    let mut key = (game_type, [0; MoveTally::FIRST_PLIES]);
    for (word_of, (mv, _)) in key.1.iter_mut().zip(first) {
        match word(mv) {
            Some(w) => *word_of = w,
            None => return Some((game_type, opening_text(first))),
        }
    }
    let text = texts.0.entry(key).or_insert_with(|| opening_text(first));
    Some((game_type, (Arc::clone(&text.0), text.1)))
}

/// The text of the opening `first`.
fn opening_text(first: &[(Move, Position)]) -> OpeningText {
    // Room for steps and short captures (`c3-d4 f6-g5 d4-e5 d6:f4`) without growing.
    let mut text = String::with_capacity(8 * first.len());
    let mut ends = [None; OPENING_PLIES.len()];
    for (i, (mv, before)) in first.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        push_canonical(mv, before, &mut text);
        if let Some(slot) = OPENING_PLIES.iter().position(|&n| n == i + 1) {
            ends[slot] = Some(text.len());
        }
    }
    (text.into(), ends)
}

// The tally keeps the moves of the longest opening counted.
const _: () = assert!(OPENING_PLIES[OPENING_PLIES.len() - 1] <= MoveTally::FIRST_PLIES);

/// The tags the statistics read.
pub(crate) const TAGS: &[&str] = &["Date", "White", "Black"];

/// `options` reading what `pdnkit stats` counts: the main line tallied, not kept; the tags
/// of [`TAGS`] only.
pub(crate) fn reading(options: &Options) -> Options {
    Options {
        keep_tags: true,
        tags_named: Some(TAGS),
        keep_moves: false,
        tally_moves: true,
        ..*options
    }
}

/// The job of `pdnkit stats` (on reports read with [`reading`]): each game's move facts,
/// and its report without the game but for the tags the statistics read.
#[derive(Clone, Debug, Default)]
pub(crate) struct Counting {
    /// The most pieces a capture took in the games this job saw.
    longest: u32,
    texts: OpeningTexts,
}

impl GameJob for Counting {
    type Done = (GameReport, MoveFacts);

    fn work(&mut self, game: ReadGame<'_>) -> Self::Done {
        let facts = MoveFacts::of(&game.report, &mut self.longest, Some(&mut self.texts));
        let mut report = game.report;
        let tags = std::mem::take(&mut report.tags);
        let mut report = report.told_only();
        report.tags = tags;
        (report, facts)
    }
}
