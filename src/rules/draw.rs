//! The draw rules that count moves: what the material on the board makes each rule count,
//! and when a count is reached. Clause numbers are those of the FMJD rules of Russian
//! draughts (article 7.2); `docs/rules.md` says how each is read.
//!
//! Threefold repetition (7.2.3) lives in `game`, which keeps the positions that may repeat.
//!
//! Every count is kept in plies from its start and turned into the moves of one side where a
//! clause counts "his N-th move". The clauses against a lone king (7.2.4, 7.2.7, 7.2.8) count
//! from the moment their balance of forces arises, for as long as it lasts; 7.2.6 counts from
//! the last capture or promotion, as its text says.

use crate::rules::outcome::{Outcome, Termination};
use crate::rules::position::{Color, Position};
use crate::rules::variant::Variant;

/// 7.2.4: moves of the side with three or more kings to take a lone king.
pub const THREE_KINGS_MOVES: u32 = 15;
/// 7.2.5: plies (15 moves by each side) with kings only, no man moved, nothing captured.
pub const KINGS_ONLY_PLIES: u32 = 30;
/// 7.2.6: plies (30 moves by each side) without capture or promotion with 4 or 5 pieces on
/// the board, both sides having kings.
pub const FOUR_OR_FIVE_PIECES_PLIES: u32 = 60;
/// 7.2.6: the same with 6 or 7 pieces (60 moves by each side).
pub const SIX_OR_SEVEN_PIECES_PLIES: u32 = 120;
/// 7.2.7: moves of the side with three pieces against a lone king on the main road.
pub const MAIN_ROAD_MOVES: u32 = 5;
/// 7.2.8: moves of the side with two pieces or one king against a lone king.
pub const FEW_PIECES_MOVES: u32 = 5;

/// Which draw rules a game has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DrawRules {
    /// GameType 41: threefold repetition and the 15-move rule (three or more kings against a
    /// lone king), nothing else.
    Spantsiretti,
    /// GameType 25: every clause of article 7.2 that the moves alone decide.
    Russian,
}

impl DrawRules {
    pub(crate) fn of(variant: Variant) -> DrawRules {
        match variant {
            Variant::Spantsiretti => DrawRules::Spantsiretti,
            Variant::Russian => DrawRules::Russian,
        }
    }
}

/// Plies counted from a start, and the side that moved first after it.
///
/// ```
/// use pdnkit::{Color, Position, Variant, rules::Count};
///
/// // Plies counted from a position with White to move: White made the first and the third.
/// let count = Count { plies: 3, first: Color::White };
/// assert_eq!((count.moves_of(Color::White), count.moves_of(Color::Black)), (2, 1));
/// // A game's counts start at zero.
/// let game = pdnkit::Game::new(Position::start(Variant::Russian));
/// assert_eq!(game.draw_counts().material(), Count { plies: 0, first: Color::White });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Plies since the start.
    pub plies: u32,
    /// The side that made the first of them.
    pub first: Color,
}

impl Count {
    fn start(turn: Color) -> Count {
        Count {
            plies: 0,
            first: turn,
        }
    }

    /// Moves `side` has made since the start.
    pub fn moves_of(self, side: Color) -> u32 {
        if side == self.first {
            self.plies.div_ceil(2)
        } else {
            self.plies / 2
        }
    }
}

/// A count that runs while a balance of forces lasts: the side playing against the lone king
/// (`None`: king against king, either side) and the plies since the balance arose.
///
/// ```
/// use pdnkit::{Color, rules::{Count, Run}};
///
/// // Two kings against a lone king (7.2.8), 9 plies since the balance arose, White first:
/// // White has made 5 moves.
/// let run = Run { strong: Some(Color::White), count: Count { plies: 9, first: Color::White } };
/// assert_eq!(run.moves(), 5);
/// // Black stronger, White moved first: Black has made 4.
/// let run = Run { strong: Some(Color::Black), ..run };
/// assert_eq!(run.moves(), 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// The side playing against the lone king (`None`: king against king).
    pub strong: Option<Color>,
    /// Plies since the balance arose.
    pub count: Count,
}

impl Run {
    /// The run after a move to `turn` to move, given the balance the position now has: the
    /// same balance goes on (a change of the strong side ends it), another one starts at zero.
    fn next(run: Option<Run>, strong: Option<Option<Color>>, turn: Color) -> Option<Run> {
        let strong = strong?;
        Some(match run {
            Some(run) if run.strong == strong || strong.is_none() => Run {
                strong,
                count: Count {
                    plies: run.count.plies + 1,
                    ..run.count
                },
            },
            _ => Run {
                strong,
                count: Count::start(turn),
            },
        })
    }

    /// Moves of the stronger side since the balance arose (king against king: of the side
    /// that has made more).
    pub fn moves(&self) -> u32 {
        match self.strong {
            Some(strong) => self.count.moves_of(strong),
            None => self.count.moves_of(self.count.first),
        }
    }
}

/// The balances of forces the material on the board makes, fixed until a capture or a
/// promotion changes the material: the side playing against a lone king in each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Balances {
    /// 7.2.4: the side with three or more kings against a lone king.
    three_kings: Option<Color>,
    /// 7.2.6: the plies the material may stand unchanged.
    piece_limit: Option<u32>,
    /// 7.2.7: the side with three pieces, a king among them, against a lone king (the
    /// balance holds while that king stands on the main road).
    three_pieces: Option<Color>,
    /// 7.2.8: the side with two kings, a king and a man, or a king against a lone king;
    /// `Some(None)` for a king against a king.
    few_pieces: Option<Option<Color>>,
}

impl Balances {
    fn of(pos: &Position, rules: DrawRules) -> Balances {
        let mut balances = Balances::default();
        let russian = rules == DrawRules::Russian;
        // Every balance needs a king, and a lone king on one side or (7.2.6, Russian) seven
        // pieces at most on the board: most positions are answered here, without counting.
        let lone_king = |pieces: u64| pieces.is_power_of_two() && pieces & pos.kings != 0;
        let few = |mut pieces: u64| {
            for _ in 0..7 {
                pieces &= pieces.wrapping_sub(1);
            }
            pieces == 0
        };
        if pos.kings == 0
            || !(lone_king(pos.white) || lone_king(pos.black) || russian && few(pos.occupied()))
        {
            return balances;
        }
        let (white_kings, white_men) = pos.count(Color::White);
        let (black_kings, black_men) = pos.count(Color::Black);
        for strong in [Color::White, Color::Black] {
            let ((kings, men), (their_kings, their_men)) = match strong {
                Color::White => ((white_kings, white_men), (black_kings, black_men)),
                Color::Black => ((black_kings, black_men), (white_kings, white_men)),
            };
            if (their_kings, their_men) != (1, 0) {
                continue; // no lone king against `strong`
            }
            if kings >= 3 {
                balances.three_kings = Some(strong);
            }
            if russian && kings >= 1 && kings + men == 3 {
                balances.three_pieces = Some(strong);
            }
            if russian && kings >= 1 && kings + men <= 2 {
                let king_against_king = kings + men == 1;
                balances.few_pieces = Some((!king_against_king).then_some(strong));
            }
        }
        if russian && white_kings > 0 && black_kings > 0 {
            balances.piece_limit = match white_kings + white_men + black_kings + black_men {
                4 | 5 => Some(FOUR_OR_FIVE_PIECES_PLIES),
                6 | 7 => Some(SIX_OR_SEVEN_PIECES_PLIES),
                _ => None,
            };
        }
        balances
    }

    /// The balance of 7.2.7 in `pos`: the material's, while the lone king stands on the
    /// main road.
    fn on_main_road(&self, pos: &Position) -> Option<Color> {
        let strong = self.three_pieces?;
        let lone_king = pos.pieces(strong.other());
        (lone_king & pos.geometry().main_road() != 0).then_some(strong)
    }
}

/// The counts of the draw rules in a game, after each move.
///
/// ```
/// use pdnkit::{Color, Corner, Game, Variant, parse_fen};
///
/// // Three kings against a lone king (7.2.4): the count runs from the first position.
/// let start = parse_fen("W:WKc1,Ke1,Kg1:BKh8", Variant::Russian, Corner::TopLeft)?;
/// let mut game = Game::new(start);
/// assert_eq!(game.draw_counts().three_kings().map(|run| run.moves()), Some(0));
/// for text in ["c1-d2", "h8-g7", "d2-c1"] {
///     let g = game.position().geometry();
///     let legal = game.legal_moves();
///     let mv = *legal.iter().find(|m| m.to_alpha(g, false) == text).expect("legal");
///     game.play(&mv);
/// }
/// let run = game.draw_counts().three_kings().expect("still three kings against one");
/// assert_eq!(run.strong, Some(Color::White));
/// assert_eq!(run.moves(), 2);
/// assert_eq!(game.draw_counts().material().plies, 3); // nothing taken
/// assert_eq!(game.draw_counts().few_pieces(), None); // three pieces are not few
/// # Ok::<(), pdnkit::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawCounts {
    rules: DrawRules,
    balances: Balances,
    /// Since the last capture or promotion, or the start (7.2.6).
    material: Count,
    three_kings: Option<Run>,
    main_road: Option<Run>,
    few_pieces: Option<Run>,
}

impl DrawCounts {
    /// The counts at the start of a game from `pos`: every count starts here.
    pub(crate) fn new(pos: &Position) -> DrawCounts {
        let rules = DrawRules::of(pos.variant);
        let balances = Balances::of(pos, rules);
        let start = |strong: Option<Option<Color>>| Run::next(None, strong, pos.turn);
        DrawCounts {
            rules,
            balances,
            material: Count::start(pos.turn),
            three_kings: start(balances.three_kings.map(Some)),
            main_road: start(balances.on_main_road(pos).map(Some)),
            few_pieces: start(balances.few_pieces),
        }
    }

    /// Counts the move that led to `pos`; `material_changed`: it captured or promoted.
    #[inline(always)]
    pub(crate) fn count(&mut self, pos: &Position, material_changed: bool) {
        if !material_changed && self.balances == Balances::default() {
            // No balance to count (and none counted: the material is unchanged): most moves.
            self.material.plies += 1;
            return;
        }
        self.count_balances(pos, material_changed);
    }

    /// [`DrawCounts::count`] when the material changed or a balance counts.
    #[inline(never)]
    fn count_balances(&mut self, pos: &Position, material_changed: bool) {
        if material_changed {
            self.balances = Balances::of(pos, self.rules);
            self.material = Count::start(pos.turn);
        } else {
            self.material.plies += 1;
        }
        let b = self.balances;
        self.three_kings = Run::next(self.three_kings, b.three_kings.map(Some), pos.turn);
        self.main_road = Run::next(self.main_road, b.on_main_road(pos).map(Some), pos.turn);
        self.few_pieces = Run::next(self.few_pieces, b.few_pieces, pos.turn);
    }

    /// The draw rule whose count the last move reached, if any, given the plies since the
    /// last capture or man move. When one move reaches several, the lowest-numbered clause.
    #[inline]
    pub(crate) fn reached(&self, quiet_plies: u32) -> Option<Outcome> {
        if self
            .three_kings
            .is_some_and(|r| r.moves() >= THREE_KINGS_MOVES)
        {
            return Some(Outcome::Draw(Termination::FifteenMoveRule));
        }
        if self.rules == DrawRules::Spantsiretti {
            return None;
        }
        if quiet_plies >= KINGS_ONLY_PLIES {
            return Some(Outcome::Draw(Termination::KingsOnlyRule));
        }
        if (self.balances.piece_limit).is_some_and(|limit| self.material.plies >= limit) {
            return Some(Outcome::Draw(Termination::PieceCountRule));
        }
        if self.main_road.is_some_and(|r| r.moves() >= MAIN_ROAD_MOVES) {
            return Some(Outcome::Draw(Termination::MainRoadRule));
        }
        if self
            .few_pieces
            .is_some_and(|r| r.moves() >= FEW_PIECES_MOVES)
        {
            return Some(Outcome::Draw(Termination::FiveMoveRule));
        }
        None
    }

    /// Plies since the last capture or promotion (the count of 7.2.6).
    pub fn material(&self) -> Count {
        self.material
    }

    /// The count of the 15-move rule (7.2.4), while its balance lasts.
    pub fn three_kings(&self) -> Option<Run> {
        self.three_kings
    }

    /// The count of the main-road rule (7.2.7), while its balance lasts.
    pub fn main_road(&self) -> Option<Run> {
        self.main_road
    }

    /// The count of the five-move rule (7.2.8), while its balance lasts.
    pub fn few_pieces(&self) -> Option<Run> {
        self.few_pieces
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_of_each_side_from_plies() {
        let count = |plies| Count {
            plies,
            first: Color::White,
        };
        assert_eq!(count(0).moves_of(Color::White), 0);
        assert_eq!(count(1).moves_of(Color::White), 1);
        assert_eq!(count(1).moves_of(Color::Black), 0);
        assert_eq!(count(29).moves_of(Color::White), 15);
        assert_eq!(count(29).moves_of(Color::Black), 14);
        assert_eq!(count(30).moves_of(Color::Black), 15);
    }
}
