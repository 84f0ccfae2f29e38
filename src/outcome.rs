//! How a game ends by the rules: the side to move has no legal move, or a draw rule applies.

use crate::position::Color;
use serde::Serialize;

/// How a game ended by the rules. The draws other than threefold repetition and the 15-move
/// rule are clauses of the Russian rules (GameType 25 only); `docs/rules.md` cites each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Outcome {
    /// The side to move had no legal move and lost.
    NoLegalMove {
        /// The opponent of the side to move.
        winner: Color,
    },
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
}

impl Outcome {
    /// The winner, for a game won by the rules (`None` for a draw).
    pub fn winner(&self) -> Option<Color> {
        match self {
            Outcome::NoLegalMove { winner } => Some(*winner),
            _ => None,
        }
    }

    /// What happened, for people: `Black has no legal move: White wins`, `draw by the
    /// 15-move rule`.
    pub fn description(&self) -> String {
        let draw = match self {
            Outcome::NoLegalMove { winner } => {
                return format!(
                    "{} has no legal move: {} wins",
                    winner.other().name(),
                    winner.name()
                );
            }
            Outcome::ThreefoldRepetition => "threefold repetition",
            Outcome::FifteenMoveRule => "the 15-move rule",
            Outcome::KingsOnlyRule => {
                "the kings-only rule (15 moves by each side with kings only, no man moved, \
                 nothing captured)"
            }
            Outcome::PieceCountRule => {
                "the piece-count rule (both sides with kings, no capture or promotion for 30 \
                 moves by each side with 4 or 5 pieces, 60 with 6 or 7)"
            }
            Outcome::MainRoadRule => {
                "the main-road rule (three pieces did not beat a lone king on the main road \
                 in 5 moves)"
            }
            Outcome::FiveMoveRule => {
                "the five-move rule (two pieces or fewer did not beat a lone king in 5 moves)"
            }
        };
        format!("draw by {draw}")
    }

    /// The stable name used in reports: `no-legal-move`, `threefold-repetition`,
    /// `fifteen-move-rule`, `kings-only-rule`, `piece-count-rule`, `main-road-rule`,
    /// `five-move-rule`.
    pub fn code(&self) -> &'static str {
        match self {
            Outcome::NoLegalMove { .. } => "no-legal-move",
            Outcome::ThreefoldRepetition => "threefold-repetition",
            Outcome::FifteenMoveRule => "fifteen-move-rule",
            Outcome::KingsOnlyRule => "kings-only-rule",
            Outcome::PieceCountRule => "piece-count-rule",
            Outcome::MainRoadRule => "main-road-rule",
            Outcome::FiveMoveRule => "five-move-rule",
        }
    }
}
