//! A position: where the pieces stand and who is to move. Placement only; the legal moves
//! live in `movegen`, the history of a game in `game`.

use crate::rules::geometry::Geometry;
use crate::rules::moves::{Effect, Move};
use crate::rules::variant::Variant;

/// A side. White moves first and starts on rows 1 to 3.
///
/// ```
/// use pdnkit::{Color, Position, Variant};
///
/// assert_eq!(Position::start(Variant::Russian).turn, Color::White);
/// assert_eq!(Color::White.other(), Color::Black);
/// assert_eq!(Color::Black.name(), "Black");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// The side that starts on the low rows and moves first.
    White,
    /// The side that starts on the high rows.
    Black,
}

impl Color {
    /// The opponent.
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `White` or `Black`, as messages write it.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

/// What stands on a square.
///
/// ```
/// use pdnkit::{Color, Piece, Position, Variant};
///
/// let start = Position::start(Variant::Russian);
/// let g = start.geometry();
/// let man = Piece { color: Color::White, king: false };
/// assert_eq!(start.piece_at(g.parse_alpha(b"c3")?), Some(man));
/// assert_eq!(start.piece_at(g.parse_alpha(b"d4")?), None);
/// # Ok::<(), pdnkit::rules::SquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// A king (else a man).
    pub king: bool,
}

/// Where the pieces stand and who is to move, as bitboards: bit `i` is square `i` of the
/// variant's [`Geometry`] (`u64::trailing_zeros` finds the first, and
/// [`Geometry::square_name`] to name one). Positions compare equal when their placement and
/// side to move are, which is what the threefold-repetition rule compares.
///
/// ```
/// use pdnkit::{Color, Corner, Position, Variant, parse_fen};
///
/// // Twelve men a side on 8x8, fifteen on 10x8: (kings, men).
/// assert_eq!(Position::start(Variant::Russian).count(Color::White), (0, 12));
/// assert_eq!(Position::start(Variant::Spantsiretti).count(Color::Black), (0, 15));
/// let pos = parse_fen("B:WKa1,c3:Bh8", Variant::Russian, Corner::TopLeft)?;
/// assert_eq!(pos.turn, Color::Black);
/// assert_eq!(pos.count(Color::White), (1, 1));
/// assert_eq!(pos.occupied().count_ones(), 3);
/// assert_eq!(pos.kings.count_ones(), 1);
/// # Ok::<(), pdnkit::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The rules this position is played under (board size, capture removal).
    pub variant: Variant,
    /// Squares of White's pieces, men and kings.
    pub white: u64,
    /// Squares of Black's pieces, men and kings.
    pub black: u64,
    /// Kings of either colour (a subset of `white | black`).
    pub kings: u64,
    /// The side to move.
    pub turn: Color,
}

impl Position {
    /// The start position: three rows of men each, White to move.
    pub fn start(variant: Variant) -> Position {
        let g = variant.geometry();
        Position {
            variant,
            white: g.white_start,
            black: g.black_start,
            kings: 0,
            turn: Color::White,
        }
    }

    /// An empty board with `turn` to move.
    pub fn empty(variant: Variant, turn: Color) -> Position {
        Position {
            variant,
            white: 0,
            black: 0,
            kings: 0,
            turn,
        }
    }

    /// The board of this position's variant: its squares, names and tables.
    pub fn geometry(&self) -> &'static Geometry {
        self.variant.geometry()
    }

    /// Squares of `color`'s pieces, men and kings.
    pub fn pieces(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// Squares holding a piece.
    pub fn occupied(&self) -> u64 {
        self.white | self.black
    }

    /// Playable squares holding no piece.
    pub fn empty_squares(&self) -> u64 {
        self.geometry().squares & !self.occupied()
    }

    /// What stands on the square `bit`, if anything.
    pub fn piece_at(&self, bit: u8) -> Option<Piece> {
        let mask = 1u64 << bit;
        let color = if self.white & mask != 0 {
            Color::White
        } else if self.black & mask != 0 {
            Color::Black
        } else {
            return None;
        };
        Some(Piece {
            color,
            king: self.kings & mask != 0,
        })
    }

    /// Puts a piece on a square, replacing whatever stood there.
    pub fn set(&mut self, bit: u8, piece: Option<Piece>) {
        let mask = 1u64 << bit;
        self.white &= !mask;
        self.black &= !mask;
        self.kings &= !mask;
        if let Some(piece) = piece {
            match piece.color {
                Color::White => self.white |= mask,
                Color::Black => self.black |= mask,
            }
            if piece.king {
                self.kings |= mask;
            }
        }
    }

    /// The position after `mv`, which must be legal here.
    pub fn play(&self, mv: &Move) -> Position {
        self.after(mv)
    }

    /// The position after the legal move `mv`, a [`Move`] or a `QuickMove`.
    #[inline(always)]
    pub(crate) fn after(&self, mv: &impl Effect) -> Position {
        let from = 1u64 << mv.from();
        let to = 1u64 << mv.to();
        let mut next = *self;
        let was_king = self.kings & from != 0;
        match self.turn {
            Color::White => {
                next.white = (next.white & !from) | to;
                next.black &= !mv.captured();
            }
            Color::Black => {
                next.black = (next.black & !from) | to;
                next.white &= !mv.captured();
            }
        }
        next.kings &= !(from | mv.captured());
        if was_king || mv.promotes() {
            next.kings |= to;
        }
        next.turn = self.turn.other();
        next
    }

    /// Number of kings and of men of a colour.
    pub fn count(&self, color: Color) -> (u32, u32) {
        let pieces = self.pieces(color);
        let kings = (pieces & self.kings).count_ones();
        (kings, pieces.count_ones() - kings)
    }
}
