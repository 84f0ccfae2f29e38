//! Board geometry as data: which bits of a `u64` are squares, how they are named,
//! where the pieces start and where they promote.
//!
//! Layout: the dark squares are numbered row by row from a1, `width / 2` to a row, with one
//! unused "ghost" bit after every even row (rows 1, 3, 5, ... counted from 1). The ghost makes
//! every diagonal step a constant shift on every square: up-right is `+half + 1`, up-left
//! `+half`, down-left `-(half + 1)`, down-right `-half`. A step off the left or right edge lands
//! on a ghost bit, a step off the top or bottom leaves the board mask; both are cut by `&
//! squares`. 10x8 needs 44 bits, 8x8 needs 36.
//!
//! The one way to step on the board is `Geometry::shift`, a rotation of the bitboard and the
//! square mask: no square lies near enough to either end of the 64 bits for a rotation to wrap
//! onto a square (a test checks every square of both boards), so a rotation steps like a shift
//! with no branch on the direction. The ray tables that the move generator looks up (a king's
//! reach, its first obstacle) are built on it here.

/// The four diagonal directions, as seen from White's side of the board; the discriminant
/// indexes per-direction tables (a direction and its opposite differ by 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Direction {
    UpRight = 0,
    UpLeft = 1,
    DownLeft = 2,
    DownRight = 3,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::UpRight,
        Direction::UpLeft,
        Direction::DownLeft,
        Direction::DownRight,
    ];

    /// The direction a man of White (`true`) or Black moves forward in, both of them.
    pub(crate) const fn forward(white: bool) -> [Direction; 2] {
        if white {
            [Direction::UpRight, Direction::UpLeft]
        } else {
            [Direction::DownLeft, Direction::DownRight]
        }
    }

    #[inline(always)]
    pub const fn opposite(self) -> Direction {
        Direction::ALL[self as usize ^ 2]
    }

    /// Whether a step this way adds to the bit index (up).
    #[inline(always)]
    const fn up(self) -> bool {
        (self as usize) < 2
    }
}

/// Most squares a supported board has (10x8 has 40 dark squares).
pub(crate) const MAX_SQUARES: usize = 40;

/// A board: its size, the square mask and every table the rules and notation need.
///
/// ```
/// use pdnkit::{Corner, Variant};
///
/// let g = Variant::Spantsiretti.geometry();
/// assert_eq!((g.width, g.height, g.num_squares), (10, 8, 40));
/// assert_eq!(g.squares.count_ones(), 40);
/// let j2 = g.parse_alpha(b"j2")?;
/// assert_eq!(g.square_name(j2).to_string(), "j2");
/// // Square 1 of the numbering from the bottom-left corner is a1.
/// assert_eq!(g.number_of(g.parse_alpha(b"a1")?, Corner::BottomLeft), 1);
/// # Ok::<(), pdnkit::rules::SquareError>(())
/// ```
#[derive(Debug)]
pub struct Geometry {
    /// Columns (10 or 8).
    pub width: u8,
    /// Rows (8).
    pub height: u8,
    /// Dark squares per row (`width / 2`).
    pub(crate) half: u8,
    /// Number of dark squares (`width * height / 2`).
    pub num_squares: u8,
    /// Every bit that is a square.
    pub squares: u64,
    /// Squares of each row, indexed by row (0 = row 1).
    pub(crate) rows: [u64; 16],
    /// Bit index of each square in reading order a1, c1, ... (dense index 0..num_squares).
    pub bit_of_dense: [u8; MAX_SQUARES],
    /// Column (0 = a) of every bit; 255 for bits that are not squares.
    pub column_of_bit: [u8; 64],
    /// Row (0 = row 1) of every bit; 255 for bits that are not squares.
    pub row_of_bit: [u8; 64],
    /// White's and Black's men at the start (three rows each).
    pub(crate) white_start: u64,
    pub(crate) black_start: u64,
    /// Bit of the square at column and row (`[row][column]`, both from 0); [`NO_SQUARE`] for
    /// light squares, [`OFF_BOARD`] for places outside the board.
    pub(crate) bit_at_place: [[u8; 16]; 16],
    /// Bit of square number `n` (1-based) of each numbering: `[corner][n - 1]`, the corner
    /// being a [`Corner`](crate::rules::square::Corner) digit; [`NO_SQUARE`] past the last number.
    pub(crate) bit_of_numbered: [[u8; MAX_SQUARES]; 4],
    /// The rotation of the bitboard that steps every square one step in each direction of
    /// [`Direction::ALL`] (see [`Geometry::shift`]).
    pub(crate) rotations: [u32; 4],
    /// Every square from a square (bit) to the edge in each direction of
    /// [`Direction::ALL`], the nearest first in that direction (0 for bits that are not
    /// squares).
    pub(crate) rays: [[u64; 4]; 64],
}

/// The entry of a square table where there is no square (a light square).
pub(crate) const NO_SQUARE: u8 = u8::MAX;
/// The entry of [`Geometry::bit_at_place`] for a place outside the board.
pub(crate) const OFF_BOARD: u8 = u8::MAX - 1;

const fn row_base(width: u8, row: u8) -> u8 {
    (row / 2) * (width + 1) + (row % 2) * (width / 2 + 1)
}

impl Geometry {
    /// Builds the tables of a board `width` columns wide and `height` rows high whose a1
    /// square is dark. Evaluated at compile time for the boards below.
    pub(crate) const fn new(width: u8, height: u8, start_rows: u8) -> Geometry {
        let half = width / 2;
        let mut g = Geometry {
            width,
            height,
            half,
            num_squares: half * height,
            squares: 0,
            rows: [0; 16],
            bit_of_dense: [0; MAX_SQUARES],
            column_of_bit: [255; 64],
            row_of_bit: [255; 64],
            white_start: 0,
            black_start: 0,
            bit_at_place: [[OFF_BOARD; 16]; 16],
            bit_of_numbered: [[NO_SQUARE; MAX_SQUARES]; 4],
            rays: [[0; 4]; 64],
            rotations: [
                half as u32 + 1,
                half as u32,
                64 - (half as u32 + 1),
                64 - half as u32,
            ],
        };
        let mut row = 0;
        while row < height {
            let mut column = 0;
            while column < width {
                g.bit_at_place[row as usize][column as usize] = NO_SQUARE;
                column += 1;
            }
            row += 1;
        }
        let mut row = 0;
        let mut dense = 0;
        while row < height {
            let mut k = 0;
            while k < half {
                let bit = row_base(width, row) + k;
                let column = 2 * k + row % 2;
                g.squares |= 1 << bit;
                g.rows[row as usize] |= 1 << bit;
                g.bit_of_dense[dense] = bit;
                g.column_of_bit[bit as usize] = column;
                g.row_of_bit[bit as usize] = row;
                if row < start_rows {
                    g.white_start |= 1 << bit;
                }
                if row >= height - start_rows {
                    g.black_start |= 1 << bit;
                }
                g.bit_at_place[row as usize][column as usize] = bit;
                // Numbers run along the rows away from the corner: from the top (corners
                // 2 and 3) or the bottom (0 and 1), from the left (0 and 2) or the right.
                let mut corner = 0;
                while corner < 4 {
                    let rank = if corner >= 2 { height - 1 - row } else { row };
                    let from_side = if corner % 2 == 0 { k } else { half - 1 - k };
                    g.bit_of_numbered[corner][(rank * half + from_side) as usize] = bit;
                    corner += 1;
                }
                dense += 1;
                k += 1;
            }
            row += 1;
        }
        let mut bit = 0;
        while bit < 64 {
            if g.squares & (1 << bit) != 0 {
                let mut d = 0;
                while d < 4 {
                    let mut square = g.shift(1 << bit, Direction::ALL[d]);
                    while square != 0 {
                        g.rays[bit][d] |= square;
                        square = g.shift(square, Direction::ALL[d]);
                    }
                    d += 1;
                }
            }
            bit += 1;
        }
        g
    }

    /// The bit of a square given by column and row (both from 0), if it is a dark square.
    pub const fn bit_at(&self, column: u8, row: u8) -> Option<u8> {
        if column >= self.width || row >= self.height || !(column + row).is_multiple_of(2) {
            return None;
        }
        Some(row_base(self.width, row) + column / 2)
    }

    /// Shifts every square of `bb` one step in `dir`; squares that leave the board vanish.
    #[inline(always)]
    pub(crate) const fn shift(&self, bb: u64, dir: Direction) -> u64 {
        bb.rotate_left(self.rotations[dir as usize]) & self.squares
    }

    /// Every square of `bb` one step forward for White's men (`white`) or Black's.
    #[inline(always)]
    pub(crate) const fn forward(&self, bb: u64, white: bool) -> u64 {
        let [a, b] = Direction::forward(white);
        self.shift(bb, a) | self.shift(bb, b)
    }

    /// The first square beyond the run of `empty` squares from the square `at` in `dir` (0 if
    /// the edge comes first): a lookup of the ray, no walk.
    #[inline(always)]
    pub(crate) fn first_obstacle(&self, at: u8, dir: Direction, empty: u64) -> u64 {
        nearest(self.rays[usize::from(at & 63)][dir as usize] & !empty, dir)
    }

    /// The `empty` squares reached from the square `at` in `dir` before the first obstacle:
    /// the ray cut before the obstacle.
    #[inline(always)]
    pub(crate) fn ray(&self, at: u8, dir: Direction, empty: u64) -> u64 {
        let ray = self.rays[usize::from(at & 63)][dir as usize];
        let obstacle = nearest(ray & !empty, dir);
        if obstacle == 0 {
            ray
        } else if dir.up() {
            ray & (obstacle - 1)
        } else {
            ray & !(obstacle | (obstacle - 1))
        }
    }

    /// The square one step from `bit` in `dir`, if there is one.
    #[inline(always)]
    pub(crate) const fn step(&self, bit: u8, dir: Direction) -> Option<u8> {
        let moved = self.shift(1u64 << bit, dir);
        if moved == 0 {
            None
        } else {
            Some(moved.trailing_zeros() as u8)
        }
    }

    /// The diagonal direction from the square `from` towards `to`, if they share a diagonal.
    pub(crate) fn direction(&self, from: u8, to: u8) -> Option<Direction> {
        let column = |bit: u8| i16::from(self.column_of_bit[bit as usize]);
        let row = |bit: u8| i16::from(self.row_of_bit[bit as usize]);
        let (dc, dr) = (column(to) - column(from), row(to) - row(from));
        if dc == 0 || dc.abs() != dr.abs() {
            return None;
        }
        Some(match (dc > 0, dr > 0) {
            (true, true) => Direction::UpRight,
            (false, true) => Direction::UpLeft,
            (false, false) => Direction::DownLeft,
            (true, false) => Direction::DownRight,
        })
    }

    /// The row on which a man of the given colour becomes a king.
    pub const fn promotion_row(&self, white: bool) -> u64 {
        if white {
            self.rows[self.height as usize - 1]
        } else {
            self.rows[0]
        }
    }

    /// The main road ("большая дорога"): the long diagonal from a1 (a1-h8 on 8x8).
    pub fn main_road(&self) -> u64 {
        let a1 = self.bit_of_dense[0];
        self.rays[a1 as usize][0] | 1 << a1
    }

    /// Dense index (0 = a1, reading order) of a square bit.
    #[cfg(feature = "cli")]
    pub(crate) fn dense_of_bit(&self, bit: u8) -> usize {
        (self.squares & ((1u64 << bit) - 1)).count_ones() as usize
    }
}

/// The nearest square of `squares` (all on one ray) in `dir`: the lowest bit going up, the
/// highest going down; 0 if none.
#[inline(always)]
fn nearest(squares: u64, dir: Direction) -> u64 {
    if dir.up() {
        squares & squares.wrapping_neg()
    } else if squares == 0 {
        0
    } else {
        1u64 << (63 - squares.leading_zeros())
    }
}

/// Spantsiretti: 10 columns, 8 rows, 15 men each.
pub(crate) const TEN_BY_EIGHT: Geometry = Geometry::new(10, 8, 3);
/// Russian draughts: 8x8, 12 men each.
pub(crate) const EIGHT_BY_EIGHT: Geometry = Geometry::new(8, 8, 3);

/// Iterates over the set bits of a bitboard, lowest first.
#[inline(always)]
pub fn bits(mut bb: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if bb == 0 {
            None
        } else {
            let bit = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            Some(bit)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_by_eight_has_forty_squares_in_44_bits() {
        assert_eq!(TEN_BY_EIGHT.squares.count_ones(), 40);
        assert_eq!(TEN_BY_EIGHT.squares >> 44, 0, "44 bits suffice");
        assert_eq!(TEN_BY_EIGHT.white_start.count_ones(), 15);
        assert_eq!(TEN_BY_EIGHT.black_start.count_ones(), 15);
        assert_eq!(EIGHT_BY_EIGHT.squares.count_ones(), 32);
        assert_eq!(EIGHT_BY_EIGHT.white_start.count_ones(), 12);
    }

    #[test]
    fn shifts_agree_with_coordinates_everywhere() {
        for g in [&TEN_BY_EIGHT, &EIGHT_BY_EIGHT] {
            for bit in bits(g.squares) {
                let (c, r) = (
                    g.column_of_bit[bit as usize] as i8,
                    g.row_of_bit[bit as usize] as i8,
                );
                for (dir, dc, dr) in [
                    (Direction::UpRight, 1, 1),
                    (Direction::UpLeft, -1, 1),
                    (Direction::DownLeft, -1, -1),
                    (Direction::DownRight, 1, -1),
                ] {
                    let (nc, nr) = (c + dc, r + dr);
                    let expected = if nc < 0 || nr < 0 {
                        None
                    } else {
                        g.bit_at(nc as u8, nr as u8)
                    };
                    assert_eq!(g.step(bit, dir), expected, "bit {bit} {dir:?}");
                }
            }
        }
    }

    /// A rotation never wraps a square onto a square: every square stepped off the board
    /// leaves the square mask, whole boards at once as square by square.
    #[test]
    fn rotations_never_wrap_onto_squares() {
        for g in [&TEN_BY_EIGHT, &EIGHT_BY_EIGHT] {
            for dir in Direction::ALL {
                let mut by_squares = 0;
                for bit in bits(g.squares) {
                    by_squares |= g.shift(1 << bit, dir);
                }
                assert_eq!(g.shift(g.squares, dir), by_squares, "{dir:?}");
            }
        }
    }

    /// The ray lookups give what a walk square by square gives, from every square of both
    /// boards in every direction, over boards with pseudo-random empty squares.
    #[test]
    fn ray_lookups_are_walks() {
        for g in [&TEN_BY_EIGHT, &EIGHT_BY_EIGHT] {
            let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
            for _ in 0..300 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let empty = seed & seed.rotate_left(17) & g.squares;
                for at in bits(g.squares) {
                    for dir in Direction::ALL {
                        let (mut square, mut reached) = (g.shift(1u64 << at, dir), 0);
                        while square & empty != 0 {
                            reached |= square;
                            square = g.shift(square, dir);
                        }
                        assert_eq!(g.first_obstacle(at, dir, empty), square, "{at} {dir:?}");
                        assert_eq!(g.ray(at, dir, empty), reached, "{at} {dir:?}");
                        assert_eq!(g.ray(at, dir, 0), 0);
                    }
                }
            }
        }
    }

    #[test]
    fn place_table_is_bit_at() {
        for g in [&TEN_BY_EIGHT, &EIGHT_BY_EIGHT] {
            for row in 0..16u8 {
                for column in 0..16u8 {
                    let table = g.bit_at_place[row as usize][column as usize];
                    let expected = match g.bit_at(column, row) {
                        Some(bit) => bit,
                        None if column < g.width && row < g.height => NO_SQUARE,
                        None => OFF_BOARD,
                    };
                    assert_eq!(table, expected, "column {column} row {row}");
                }
            }
        }
    }

    #[test]
    fn main_road_runs_from_a1_to_h8() {
        let g = &EIGHT_BY_EIGHT;
        let names: Vec<String> = bits(g.main_road())
            .map(|b| g.square_name(b).to_string())
            .collect();
        assert_eq!(names, ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"]);
    }

    #[test]
    fn start_rows() {
        let g = &TEN_BY_EIGHT;
        // a1 and i3 are White's, b6 and j8 Black's, row 4 and 5 empty.
        assert!(g.white_start & 1 << g.bit_at(0, 0).unwrap() != 0);
        assert!(g.white_start & 1 << g.bit_at(8, 2).unwrap() != 0);
        assert!(g.black_start & 1 << g.bit_at(1, 5).unwrap() != 0);
        assert!(g.black_start & 1 << g.bit_at(9, 7).unwrap() != 0);
        assert_eq!((g.white_start | g.black_start) & (g.rows[3] | g.rows[4]), 0);
    }
}
