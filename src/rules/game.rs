//! A game in progress: the position, the positions that may still repeat, the counts of the
//! draw rules, and whether and why the game is over.
//!
//! After every move the checks run in this order: the side to move has no legal move (it
//! loses), the position has occurred for the third time (draw), then the draw rules that
//! count moves (`draw`), lowest clause first.

use crate::rules::draw::DrawCounts;
use crate::rules::movegen::{Board, Paths, has_capture_on, has_step_on, legal_moves, on_board};
use crate::rules::moves::{Effect, Move};
use crate::rules::outcome::{Outcome, Termination};
use crate::rules::position::Position;
use std::cell::{Cell, OnceCell};
use std::collections::HashMap;

/// From this many positions since the last irreversible move on, they are also counted in a
/// table: a long run of king moves (a lone king against two kings in Spantsiretti, where no
/// rule ends it) would otherwise cost its square, each ply looking at every earlier one.
const COUNTED_FROM: usize = 64;

thread_local! {
    /// The list of positions a game on this thread left behind, for the next game to fill:
    /// validation plays thousands of short games, one after another, on each thread.
    static SPARE_LIST: Cell<Vec<Position>> = const { Cell::new(Vec::new()) };
}

/// A game being played: [`Game::play`] a legal move, and it tells when the rules end the game
/// ([`Outcome`]).
///
/// ```
/// use pdnkit::{Corner, Game, Outcome, Termination, Variant, parse_fen};
///
/// // Two kings go back and forth: the first position comes back a third time.
/// let start = parse_fen("W:WKa1:BKj8", Variant::Spantsiretti, Corner::TopLeft)?;
/// let mut game = Game::new(start);
/// let mut outcome = None;
/// for text in ["a1-b2", "j8-i7", "b2-a1", "i7-j8"].repeat(2) {
///     let g = game.position().geometry();
///     let legal = game.legal_moves();
///     let mv = *legal.iter().find(|m| m.to_alpha(g, false) == text).expect("legal");
///     outcome = game.play(&mv);
/// }
/// assert_eq!(outcome, Some(Outcome::Draw(Termination::ThreefoldRepetition)));
/// assert_eq!((game.plies(), game.repetitions()), (8, 3));
/// assert_eq!(game.outcome(), outcome);
/// assert_eq!(game.position(), &start);
/// # Ok::<(), pdnkit::FenError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    /// Positions since the last capture or man move (which no later position can repeat),
    /// oldest first, the current one last. The list is short (a man move or a capture
    /// clears it), so positions are compared directly, without hashes. Kept only while kings
    /// are on the board: with men alone every move is irreversible, so the current position
    /// is new, and the list stays empty (and unallocated, for a game without kings) until a
    /// move leaves a king (a man move, which would clear it anyway).
    reversible: Vec<Position>,
    /// How often each position of `reversible` occurred, while the list is long
    /// ([`COUNTED_FROM`] or more; filled again when it grows past that mark, so a short
    /// list leaves it stale; unallocated until a game first gets there).
    counts: HashMap<Position, u32>,
    draws: DrawCounts,
    outcome: Option<Outcome>,
    /// Whether the side to move has a capture (capturing is compulsory), once known: found
    /// without generating any, when first asked for (a written capture needs no answer).
    capture: Cell<Option<bool>>,
    /// Legal moves of the current position (one per distinct move), made when first asked
    /// for: replaying a written move does not need them.
    moves: OnceCell<Vec<Move>>,
    plies: u32,
}

impl Game {
    /// A game starting from `position` (which may already be over: no legal move).
    pub fn new(position: Position) -> Game {
        let mut game = Game {
            position,
            reversible: Vec::new(),
            counts: HashMap::new(),
            draws: DrawCounts::new(&position),
            outcome: None,
            capture: Cell::new(None),
            moves: OnceCell::new(),
            plies: 0,
        };
        if position.kings != 0 {
            game.remember(position);
        }
        if !game.has_legal_move() {
            game.outcome = Some(Outcome::NoLegalMove {
                winner: position.turn.other(),
            });
        }
        game
    }

    /// Whether the side to move has a legal move: a step, else a capture (then known).
    fn has_legal_move(&self) -> bool {
        on_board!(self.position.variant, B => self.has_legal_move_on::<B>())
    }

    #[inline(always)]
    fn has_legal_move_on<B: Board>(&self) -> bool {
        has_step_on::<B>(&self.position) || self.has_capture_on::<B>()
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The legal moves of the current position, one per distinct move (empty once over).
    pub fn legal_moves(&self) -> &[Move] {
        if self.outcome.is_some() {
            return &[];
        }
        self.moves.get_or_init(|| {
            let mut moves = Vec::new();
            legal_moves(&self.position, Paths::Distinct, &mut moves);
            moves
        })
    }

    /// Whether the side to move has a capture (and so must capture).
    pub fn has_capture(&self) -> bool {
        on_board!(self.position.variant, B => self.has_capture_on::<B>())
    }

    /// [`Game::has_capture`] on the board `B`, found once per position.
    #[inline]
    pub(crate) fn has_capture_on<B: Board>(&self) -> bool {
        match self.capture.get() {
            Some(known) => known,
            None => {
                let known = has_capture_on::<B>(&self.position);
                self.capture.set(Some(known));
                known
            }
        }
    }

    /// The legal moves of the current position, one per landing path.
    pub fn legal_paths(&self) -> Vec<Move> {
        let mut paths = Vec::new();
        if self.outcome.is_none() {
            legal_moves(&self.position, Paths::Landings, &mut paths);
        }
        paths
    }

    /// How the rules ended the game, once they have (no move can be played then).
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The counts of the draw rules after the last move.
    pub fn draw_counts(&self) -> &DrawCounts {
        &self.draws
    }

    /// Plies since the last capture or man move (or the start): the count of the kings-only
    /// rule.
    pub fn quiet_plies(&self) -> u32 {
        // The list holds the positions since then, the current one included; it is empty
        // while no king is on the board, when every move is a man's.
        self.reversible.len().saturating_sub(1) as u32
    }

    /// Plies played since the start.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Adds `position` to the positions that may repeat.
    #[inline(always)]
    fn remember(&mut self, position: Position) {
        if self.reversible.capacity() == 0 {
            self.reversible = SPARE_LIST.take();
            // Room for a run of king moves: one allocation, not one per doubling.
            self.reversible.reserve(16);
        }
        self.reversible.push(position);
        if self.reversible.len() >= COUNTED_FROM {
            self.count_long_run();
        }
    }

    /// Keeps `counts` up to date with a long `reversible` list: filled anew when the list
    /// reaches [`COUNTED_FROM`] (it grows one by one from empty), else the last position
    /// added.
    #[cold]
    fn count_long_run(&mut self) {
        let counts = &mut self.counts;
        if self.reversible.len() == COUNTED_FROM {
            counts.clear();
            for p in &self.reversible {
                *counts.entry(*p).or_default() += 1;
            }
        } else if let Some(last) = self.reversible.last() {
            *counts.entry(*last).or_default() += 1;
        }
    }

    /// How often the current position has occurred (1 the first time).
    pub fn repetitions(&self) -> usize {
        let Some(pos) = self.reversible.last() else {
            return 1; // no kings: the position is new (see `reversible`)
        };
        if self.reversible.len() >= COUNTED_FROM {
            return self.counts.get(pos).map_or(1, |&n| n as usize);
        }
        // Only positions with the same side to move can be equal: every second one.
        self.reversible
            .iter()
            .rev()
            .step_by(2)
            .filter(|p| *p == pos)
            .count()
    }

    /// Plays `mv`, which must be one of `legal_moves` (checked in debug builds), and returns
    /// the outcome if the game is now over.
    #[inline]
    pub fn play(&mut self, mv: &Move) -> Option<Outcome> {
        on_board!(self.position.variant, B => self.play_on::<B>(mv))
    }

    /// [`Game::play`] of a [`Move`] or a [`QuickMove`].
    #[inline(always)]
    pub(crate) fn play_on<B: Board>(&mut self, mv: &impl Effect) -> Option<Outcome> {
        debug_assert!(self.outcome.is_none(), "a move after the end");
        debug_assert!(
            self.legal_moves().iter().any(|m| m.from == mv.from()
                && m.to == mv.to()
                && m.captured == mv.captured()
                && m.promotes == mv.promotes()),
            "an illegal move"
        );
        let (to, captured, promotes) = (mv.to(), mv.captured(), mv.promotes());
        let mover = self.position.turn;
        self.position = self.position.after(mv);
        self.plies += 1;
        self.moves = OnceCell::new();
        self.capture = Cell::new(None);
        let material_changed = captured != 0 || promotes;
        if self.position.kings == 0 {
            // Men alone (the move was a man's): nothing can repeat, no draw rule counts.
            self.reversible.clear();
            if material_changed {
                self.draws = DrawCounts::new(&self.position);
            }
            self.outcome = if self.has_legal_move_on::<B>() {
                None
            } else {
                Some(Outcome::NoLegalMove { winner: mover })
            };
            return self.outcome;
        }
        // A capture or a man's move, told from the position after it: a king stands on
        // `to` after a king's move, and after a man's only when it promoted.
        let irreversible = material_changed || self.position.kings & (1u64 << to) == 0;
        if irreversible {
            self.reversible.clear();
        }
        self.remember(self.position);
        self.draws.count(&self.position, material_changed);
        self.outcome = if !self.has_legal_move_on::<B>() {
            Some(Outcome::NoLegalMove { winner: mover })
        } else if self.reversible.len() >= 9 && self.repetitions() >= 3 {
            // A third occurrence needs two returns of four or more reversible plies each.
            Some(Outcome::Draw(Termination::ThreefoldRepetition))
        } else {
            self.draws.reached(self.quiet_plies())
        };
        self.outcome
    }
}

impl Drop for Game {
    fn drop(&mut self) {
        if self.reversible.capacity() != 0 {
            let mut list = std::mem::take(&mut self.reversible);
            list.clear();
            SPARE_LIST.set(list);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variant::Variant;

    /// `repetitions` and the threefold-repetition end agree with a count over the whole
    /// history since the last capture or man move, along pseudo-random games of both boards
    /// (kings appear, shuffle and are taken; men-only stretches keep no list).
    #[test]
    fn repetitions_count_the_whole_history() {
        let mut seed = 0x2545_F491_4F6C_DD1D_u64;
        let (mut repeated, mut threefold) = (0, 0);
        for variant in [Variant::Spantsiretti, Variant::Russian] {
            for _ in 0..400 {
                let mut game = Game::new(Position::start(variant));
                let mut since_irreversible = vec![*game.position()];
                let mut last_move: [Option<Move>; 2] = [None, None];
                while game.outcome().is_none() && game.plies() < 400 {
                    let moves = game.legal_moves().to_vec();
                    // Prefer king moves: they are the ones that can repeat.
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let kings: Vec<&Move> = moves
                        .iter()
                        .filter(|m| game.position().kings & (1u64 << m.from) != 0)
                        .collect();
                    // Often take back one's own last king move: positions come back.
                    let back = moves.iter().find(|m| {
                        let last = &last_move[game.plies() as usize % 2];
                        last.is_some_and(|l| !m.is_capture() && m.from == l.to && m.to == l.from)
                    });
                    let mv = if let Some(back) = back.filter(|_| !seed.is_multiple_of(4)) {
                        *back
                    } else if !kings.is_empty() && !seed.is_multiple_of(8) {
                        *kings[(seed >> 8) as usize % kings.len()]
                    } else {
                        moves[(seed >> 8) as usize % moves.len()]
                    };
                    let irreversible =
                        mv.is_capture() || game.position().kings & (1u64 << mv.from) == 0;
                    last_move[game.plies() as usize % 2] = Some(mv);
                    let outcome = game.play(&mv);
                    if irreversible {
                        since_irreversible.clear();
                    }
                    since_irreversible.push(*game.position());
                    let count = since_irreversible
                        .iter()
                        .filter(|p| *p == game.position())
                        .count();
                    assert_eq!(game.repetitions(), count);
                    repeated += usize::from(count >= 2);
                    if count >= 3 {
                        assert_eq!(
                            outcome,
                            Some(Outcome::Draw(Termination::ThreefoldRepetition))
                        );
                        threefold += 1;
                    } else {
                        assert_ne!(
                            outcome,
                            Some(Outcome::Draw(Termination::ThreefoldRepetition))
                        );
                    }
                }
            }
        }
        assert!(repeated > 100 && threefold > 10, "{repeated} {threefold}");
    }

    /// A run of king moves far longer than [`COUNTED_FROM`] (two kings against two, where no
    /// rule of GameType 41 ends it): the count from the table agrees with the positions
    /// counted one by one, and the third occurrence ends the game.
    #[test]
    fn repetitions_of_a_long_run_are_counted_in_the_table() {
        use crate::notation::fen::parse_fen;
        use crate::rules::movegen::has_capture;
        use crate::rules::square::Corner;
        let start = parse_fen(
            "W:WKa1,Kc1:BKh8,Kj8",
            Variant::Spantsiretti,
            Corner::BottomLeft,
        )
        .expect("FEN");
        let mut game = Game::new(start);
        let mut seen = vec![start];
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        while game.outcome().is_none() && game.plies() < 600 {
            // No capture for the other side (the run goes on); for the first 300 plies, no
            // third occurrence either (it gets long), then any such move (it ends). Of those,
            // one that leaves the other side the most such replies (no dead end).
            let times = |p: &Position| seen.iter().filter(|q| *q == p).count();
            let allowed =
                |p: &Position, plies: u32| !has_capture(p) && (plies >= 300 || times(p) < 2);
            let replies = |p: &Position| {
                let mut moves = Vec::new();
                legal_moves(p, Paths::Distinct, &mut moves);
                moves
                    .iter()
                    .filter(|m| allowed(&p.play(m), game.plies() + 2))
                    .count()
            };
            let mut quiet: Vec<(usize, Move)> = game
                .legal_moves()
                .iter()
                .map(|m| (game.position().play(m), *m))
                .filter(|(next, _)| allowed(next, game.plies()))
                .map(|(next, m)| (replies(&next), m))
                .collect();
            let best = quiet.iter().map(|(n, _)| *n).max().unwrap_or(0);
            quiet.retain(|(n, _)| *n == best);
            let quiet: Vec<Move> = quiet.into_iter().map(|(_, m)| m).collect();
            if quiet.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mv = quiet[(seed >> 8) as usize % quiet.len()];
            let outcome = game.play(&mv);
            seen.push(*game.position());
            let count = seen.iter().filter(|p| *p == game.position()).count();
            assert_eq!(game.repetitions(), count, "at ply {}", game.plies());
            assert_eq!(
                outcome == Some(Outcome::Draw(Termination::ThreefoldRepetition)),
                count >= 3
            );
        }
        assert!(
            seen.len() > 4 * COUNTED_FROM,
            "a run of {} positions",
            seen.len()
        );
        assert_eq!(
            game.outcome(),
            Some(Outcome::Draw(Termination::ThreefoldRepetition))
        );
        assert_eq!(game.quiet_plies() as usize, seen.len() - 1);
    }
}
