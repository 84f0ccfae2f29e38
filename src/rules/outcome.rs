//! How a game ended: the one list of endings ([`Termination`]: the rules' endings, then the
//! endings a declared result gives), their names, and the ending the rules found in a
//! replay ([`Outcome`]). A new draw rule is a new [`Termination`] variant here (and its
//! detection in `draw.rs`); every name, list and count follows from this file.

use crate::pdn::result::Verdict;
use crate::rules::position::Color;
use serde::Serialize;

/// How a game ended: by a rule found in replay, else as its declared result says. The draws
/// other than threefold repetition and the 15-move rule are clauses of the Russian rules
/// (GameType 25 only); `docs/rules.md` cites each. Serialized (and named on the command
/// line) as [`Termination::name`].
///
/// ```
/// use pdnkit::Termination;
///
/// assert_eq!(Termination::FifteenMoveRule.name(), "fifteen-move-rule");
/// assert!(Termination::ThreefoldRepetition.by_rule());
/// assert!(!Termination::Agreement.by_rule()); // as the declared result says
/// assert_eq!(Termination::ALL[0], Termination::NoLegalMove);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Termination {
    /// The side to move had no legal move and lost.
    NoLegalMove,
    /// The same position (placement and side to move) occurred for the third time (7.2.3).
    ThreefoldRepetition,
    /// Three or more kings did not take a lone king within 15 moves (7.2.4).
    FifteenMoveRule,
    /// 15 moves by each side with kings only, no man moved, nothing captured (7.2.5).
    KingsOnlyRule,
    /// The material, both sides having kings, stood unchanged for 30 moves by each side with
    /// 4 or 5 pieces on the board, or 60 with 6 or 7 (7.2.6).
    PieceCountRule,
    /// Three pieces did not beat a lone king on the main road within 5 moves (7.2.7).
    MainRoadRule,
    /// Two kings, a king and a man, or a king did not beat a lone king within 5 moves (7.2.8).
    FiveMoveRule,
    /// A draw declared before the rules ended the game.
    Agreement,
    /// A win declared before the rules ended the game.
    Resignation,
    /// `0-0`: declared lost for both.
    Forfeit,
    /// No result, or `*`.
    Unfinished,
}

impl Termination {
    /// Every termination, in the order reports list them: the rules' endings first.
    pub const ALL: [Termination; 11] = [
        Termination::NoLegalMove,
        Termination::ThreefoldRepetition,
        Termination::FifteenMoveRule,
        Termination::KingsOnlyRule,
        Termination::PieceCountRule,
        Termination::MainRoadRule,
        Termination::FiveMoveRule,
        Termination::Agreement,
        Termination::Resignation,
        Termination::Forfeit,
        Termination::Unfinished,
    ];

    /// The name in JSON, in reports and on the command line: `no-legal-move`,
    /// `threefold-repetition`, `fifteen-move-rule`, `kings-only-rule`, `piece-count-rule`,
    /// `main-road-rule`, `five-move-rule`, `agreement`, `resignation`, `forfeit`,
    /// `unfinished`.
    pub const fn name(self) -> &'static str {
        match self {
            Termination::NoLegalMove => "no-legal-move",
            Termination::ThreefoldRepetition => "threefold-repetition",
            Termination::FifteenMoveRule => "fifteen-move-rule",
            Termination::KingsOnlyRule => "kings-only-rule",
            Termination::PieceCountRule => "piece-count-rule",
            Termination::MainRoadRule => "main-road-rule",
            Termination::FiveMoveRule => "five-move-rule",
            Termination::Agreement => "agreement",
            Termination::Resignation => "resignation",
            Termination::Forfeit => "forfeit",
            Termination::Unfinished => "unfinished",
        }
    }

    /// The position in [`Termination::ALL`] (for tables of counts).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether the rules end a game so (found by replay), rather than a declared result.
    pub const fn by_rule(self) -> bool {
        !matches!(
            self,
            Termination::Agreement
                | Termination::Resignation
                | Termination::Forfeit
                | Termination::Unfinished
        )
    }

    /// The ending a declared result gives a game the rules did not end.
    pub const fn declared(verdict: Option<Verdict>) -> Termination {
        match verdict {
            Some(Verdict::Draw) => Termination::Agreement,
            Some(Verdict::WhiteWins | Verdict::BlackWins) => Termination::Resignation,
            Some(Verdict::BothLose) => Termination::Forfeit,
            Some(Verdict::Unknown) | None => Termination::Unfinished,
        }
    }

    /// What the ending is, for people: `threefold repetition`, `the 15-move rule`,
    /// `agreement`.
    fn words(self) -> &'static str {
        match self {
            Termination::NoLegalMove => "no legal move",
            Termination::ThreefoldRepetition => "threefold repetition",
            Termination::FifteenMoveRule => "the 15-move rule",
            Termination::KingsOnlyRule => {
                "the kings-only rule (15 moves by each side with kings only, no man moved, \
                 nothing captured)"
            }
            Termination::PieceCountRule => {
                "the piece-count rule (both sides with kings, no capture or promotion for 30 \
                 moves by each side with 4 or 5 pieces, 60 with 6 or 7)"
            }
            Termination::MainRoadRule => {
                "the main-road rule (three pieces did not beat a lone king on the main road \
                 in 5 moves)"
            }
            Termination::FiveMoveRule => {
                "the five-move rule (two pieces or fewer did not beat a lone king in 5 moves)"
            }
            Termination::Agreement => "agreement",
            Termination::Resignation => "resignation",
            Termination::Forfeit => "forfeit",
            Termination::Unfinished => "unfinished",
        }
    }
}

/// How the rules ended a game: the side to move had no legal move, or a draw rule applied.
///
/// ```
/// use pdnkit::{Color, Corner, Game, Termination, Variant, parse_fen};
///
/// // The king takes Black's last piece: Black has no legal move.
/// let mut game = Game::new(parse_fen("W:WKa1:Bc3", Variant::Russian, Corner::TopLeft)?);
/// let capture = game.legal_moves()[0];
/// let outcome = game.play(&capture).expect("the game is over");
/// assert_eq!(outcome.winner(), Some(Color::White));
/// assert_eq!(outcome.termination(), Termination::NoLegalMove);
/// assert_eq!(outcome.description(), "Black has no legal move: White wins");
/// # Ok::<(), pdnkit::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Outcome {
    /// The side to move had no legal move and lost.
    NoLegalMove {
        /// The opponent of the side to move.
        winner: Color,
    },
    /// A draw by the rule named (a [`Termination`] that is [`by_rule`](Termination::by_rule),
    /// other than [`Termination::NoLegalMove`]).
    Draw(Termination),
}

impl Outcome {
    /// The winner, for a game won by the rules (`None` for a draw).
    pub fn winner(&self) -> Option<Color> {
        match self {
            Outcome::NoLegalMove { winner } => Some(*winner),
            Outcome::Draw(_) => None,
        }
    }

    /// The ending in the list of every ending.
    pub fn termination(&self) -> Termination {
        match self {
            Outcome::NoLegalMove { .. } => Termination::NoLegalMove,
            Outcome::Draw(rule) => *rule,
        }
    }

    /// The result the rules give.
    pub fn verdict(&self) -> Verdict {
        match self.winner() {
            Some(Color::White) => Verdict::WhiteWins,
            Some(Color::Black) => Verdict::BlackWins,
            None => Verdict::Draw,
        }
    }

    /// What happened, for people: `Black has no legal move: White wins`, `draw by the
    /// 15-move rule`.
    pub fn description(&self) -> String {
        match self {
            Outcome::NoLegalMove { winner } => format!(
                "{} has no legal move: {} wins",
                winner.other().name(),
                winner.name()
            ),
            Outcome::Draw(rule) => format!("draw by {}", rule.words()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_termination_stands_at_its_index_and_serializes_as_its_name() {
        for (i, t) in Termination::ALL.iter().enumerate() {
            assert_eq!(t.index(), i);
            let json = serde_json::to_string(t).unwrap();
            assert_eq!(json, format!("\"{}\"", t.name()));
        }
    }
}
