//! The rule sets: which board, and when captured pieces leave it.

use crate::rules::geometry::{EIGHT_BY_EIGHT, Geometry, TEN_BY_EIGHT};
use std::fmt;

/// When the pieces jumped during a capture are taken off the board.
///
/// ```
/// use pdnkit::{Removal, Variant};
///
/// assert_eq!(Variant::Spantsiretti.removal(), Removal::Immediate);
/// assert_eq!(Variant::Russian.removal(), Removal::EndOfMove);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removal {
    /// After each jump: a later jump of the same move may pass over or land on the square.
    Immediate,
    /// When the move is complete: until then jumped pieces block, and cannot be jumped twice.
    EndOfMove,
}

/// A supported game, by its PDN GameType number.
///
/// ```
/// use pdnkit::Variant;
///
/// let russian = Variant::from_game_type(25).expect("GameType 25 is played");
/// assert_eq!(russian, Variant::Russian);
/// let g = russian.geometry();
/// assert_eq!((g.width, g.height, g.num_squares), (8, 8, 32));
/// assert_eq!(Variant::default().game_type(), 41); // Spantsiretti, 10x8
/// assert_eq!(Variant::from_game_type(20), None); // international draughts: not played
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Spantsiretti: Russian rules on 10x8, captured pieces removed at once. GameType 41.
    #[default]
    Spantsiretti,
    /// Russian draughts on 8x8, captured pieces removed at the end of the move. GameType 25.
    Russian,
}

impl Variant {
    /// Every supported variant.
    pub const ALL: [Variant; 2] = [Variant::Spantsiretti, Variant::Russian];

    /// The variant of a PDN GameType number (41 or 25), if supported.
    pub fn from_game_type(number: u32) -> Option<Variant> {
        match number {
            41 => Some(Variant::Spantsiretti),
            25 => Some(Variant::Russian),
            _ => None,
        }
    }

    /// The PDN GameType number: 41 or 25.
    pub fn game_type(self) -> u8 {
        match self {
            Variant::Spantsiretti => 41,
            Variant::Russian => 25,
        }
    }

    /// The board: 10x8 for Spantsiretti, 8x8 for Russian draughts.
    pub fn geometry(self) -> &'static Geometry {
        match self {
            Variant::Spantsiretti => &TEN_BY_EIGHT,
            Variant::Russian => &EIGHT_BY_EIGHT,
        }
    }

    /// When captured pieces leave the board.
    pub fn removal(self) -> Removal {
        match self {
            Variant::Spantsiretti => Removal::Immediate,
            Variant::Russian => Removal::EndOfMove,
        }
    }

    /// The full PDN GameType value written by canonical output, e.g. `41,W,10,8,A0,0`.
    pub fn full_game_type(self) -> String {
        let g = self.geometry();
        format!("{},W,{},{},A0,0", self.game_type(), g.width, g.height)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Variant::Spantsiretti => "Spantsiretti (GameType 41, 10x8)",
            Variant::Russian => "Russian draughts (GameType 25, 8x8)",
        })
    }
}
