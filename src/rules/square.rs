//! Square names: alphanumeric (`a1`..`j8`) and numeric (1..40) for every corner code of the
//! PDN GameType notation field.
//!
//! Leniencies of the readers: upper-case letters, and `k` for the tenth column (the Russian
//! habit of skipping `j`). Writers use lower case and `j`.

use crate::rules::geometry::{Geometry, NO_SQUARE};
use std::fmt;

/// Where square 1 sits, as the digit of a PDN notation field (`N2` = top left). Numbers run
/// horizontally first, away from that corner.
///
/// ```
/// use pdnkit::{Corner, Variant};
///
/// let g = Variant::Russian.geometry();
/// let (a1, h8) = (g.parse_alpha(b"a1")?, g.parse_alpha(b"h8")?);
/// assert_eq!(Corner::from_digit(0), Some(Corner::BottomLeft));
/// assert_eq!(Corner::TopLeft.digit(), 2);
/// assert_eq!((g.number_of(a1, Corner::BottomLeft), g.number_of(h8, Corner::BottomLeft)), (1, 32));
/// assert_eq!((g.number_of(a1, Corner::TopRight), g.number_of(h8, Corner::TopRight)), (32, 1));
/// assert_eq!(g.bit_of_number(1, Corner::TopRight), Ok(h8));
/// # Ok::<(), pdnkit::rules::SquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize)]
pub enum Corner {
    /// `0`: square 1 at the bottom left (White's side).
    BottomLeft = 0,
    /// `1`: square 1 at the bottom right.
    BottomRight = 1,
    /// `2`: square 1 at the top left, the numbering pdnkit reads numbers in by default.
    #[default]
    TopLeft = 2,
    /// `3`: square 1 at the top right.
    TopRight = 3,
}

impl Corner {
    /// The corner of a notation field's digit (0-3).
    pub fn from_digit(digit: u8) -> Option<Corner> {
        Some(match digit {
            0 => Corner::BottomLeft,
            1 => Corner::BottomRight,
            2 => Corner::TopLeft,
            3 => Corner::TopRight,
            _ => return None,
        })
    }

    /// The notation field's digit of the corner.
    pub fn digit(self) -> u8 {
        self as u8
    }
}

/// Why a text is not a square of this board.
///
/// ```
/// use pdnkit::{Corner, Variant, rules::SquareError};
///
/// let g = Variant::Russian.geometry();
/// assert_eq!(g.parse_alpha(b"b1"), Err(SquareError::LightSquare));
/// assert_eq!(g.parse_alpha(b"a9"), Err(SquareError::OffBoard));
/// assert_eq!(g.parse_alpha(b"1a"), Err(SquareError::Malformed));
/// assert_eq!(g.bit_of_number(33, Corner::TopLeft), Err(SquareError::OffBoard));
/// assert_eq!(SquareError::OffBoard.to_string(), "off the board");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareError {
    /// Not a square name at all.
    Malformed,
    /// A column, row or number outside the board.
    OffBoard,
    /// A light square, which is never used.
    LightSquare,
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SquareError::Malformed => "not a square name",
            SquareError::OffBoard => "off the board",
            SquareError::LightSquare => "a light square (only dark squares are played on)",
        })
    }
}

const COLUMN_LETTERS: &[u8; 10] = b"abcdefghij";

impl Geometry {
    /// The alphanumeric name of a square, e.g. `c3`.
    pub fn square_name(&self, bit: u8) -> SquareName {
        SquareName {
            column: self.column_of_bit[bit as usize],
            row: self.row_of_bit[bit as usize],
        }
    }

    /// Reads an alphanumeric square name (`c3`, `C3`, `k4` for the tenth column).
    pub fn parse_alpha(&self, text: &[u8]) -> Result<u8, SquareError> {
        let (&letter, digits) = text.split_first().ok_or(SquareError::Malformed)?;
        let column = match letter.to_ascii_lowercase() {
            c @ b'a'..=b'j' => c - b'a',
            b'k' => 9,
            _ => return Err(SquareError::Malformed),
        };
        let row = parse_number(digits).ok_or(SquareError::Malformed)?;
        self.square_at(column, row)
    }

    /// The square at `column` (0 = a) and `row` (1-based) as written, if it is a dark square
    /// of this board: a table lookup (the table marks light squares and places off the board
    /// with values past the last bit).
    #[inline(always)]
    pub(crate) fn square_at(&self, column: u8, row: u32) -> Result<u8, SquareError> {
        // Row 0 wraps to a large number, off the table like any past its end.
        let place = self
            .bit_at_place
            .get(row.wrapping_sub(1) as usize)
            .and_then(|places| places.get(usize::from(column)));
        match place {
            Some(&bit) if bit < 64 => Ok(bit),
            Some(&NO_SQUARE) => Err(SquareError::LightSquare),
            _ => Err(SquareError::OffBoard),
        }
    }

    /// Reads a square number (1..=num_squares) in the numbering that starts at `corner`.
    pub fn parse_number(&self, text: &[u8], corner: Corner) -> Result<u8, SquareError> {
        let number = parse_number(text).ok_or(SquareError::Malformed)?;
        self.bit_of_number(number, corner)
    }

    /// The square with the given number, if the number is on the board.
    #[inline]
    pub fn bit_of_number(&self, number: u32, corner: Corner) -> Result<u8, SquareError> {
        if number == 0 || number > self.num_squares as u32 {
            return Err(SquareError::OffBoard);
        }
        Ok(self.bit_of_numbered[corner as usize][(number - 1) as usize])
    }

    /// The number of a square in the numbering that starts at `corner`.
    pub fn number_of(&self, bit: u8, corner: Corner) -> u8 {
        let column = self.column_of_bit[bit as usize];
        let row = self.row_of_bit[bit as usize];
        let rank_from_corner = match corner {
            Corner::BottomLeft | Corner::BottomRight => row,
            Corner::TopLeft | Corner::TopRight => self.height - 1 - row,
        };
        let k_from_left = column / 2;
        let k = match corner {
            Corner::BottomLeft | Corner::TopLeft => k_from_left,
            Corner::BottomRight | Corner::TopRight => self.half - 1 - k_from_left,
        };
        rank_from_corner * self.half + k + 1
    }

    /// Reads a square in either notation: a name if it starts with a letter, else a number.
    pub fn parse_square(&self, text: &[u8], corner: Corner) -> Result<u8, SquareError> {
        match text.first() {
            Some(c) if c.is_ascii_alphabetic() => self.parse_alpha(text),
            Some(c) if c.is_ascii_digit() => self.parse_number(text, corner),
            _ => Err(SquareError::Malformed),
        }
    }
}

/// Parses 1 to 3 ASCII digits with no sign.
#[inline]
fn parse_number(digits: &[u8]) -> Option<u32> {
    // One digit, the row of most square names, first.
    if let [digit @ b'0'..=b'9'] = *digits {
        return Some(u32::from(digit - b'0'));
    }
    if digits.is_empty() || digits.len() > 3 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(digits.iter().fold(0, |n, d| n * 10 + (d - b'0') as u32))
}

/// An alphanumeric square name, displayed as `c3`.
///
/// ```
/// use pdnkit::Variant;
///
/// let g = Variant::Spantsiretti.geometry();
/// let name = g.square_name(g.parse_alpha(b"j2")?);
/// assert_eq!((name.column, name.row), (9, 1));
/// assert_eq!(name.to_string(), "j2");
/// # Ok::<(), pdnkit::rules::SquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareName {
    /// 0 = `a` ... 9 = `j`.
    pub column: u8,
    /// 0 = row 1 (White's side) ... 7 = row 8.
    pub row: u8,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            COLUMN_LETTERS[self.column as usize] as char,
            self.row + 1
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::{EIGHT_BY_EIGHT, TEN_BY_EIGHT};

    fn name(g: &Geometry, bit: u8) -> String {
        g.square_name(bit).to_string()
    }

    #[test]
    fn default_numbering_matches_the_design() {
        let g = &TEN_BY_EIGHT;
        let n = |k| name(g, g.bit_of_number(k, Corner::TopLeft).unwrap());
        assert_eq!(n(1), "b8");
        assert_eq!(n(5), "j8");
        assert_eq!(n(6), "a7");
        assert_eq!(n(36), "a1");
        assert_eq!(n(40), "i1");
        let g = &EIGHT_BY_EIGHT;
        let n = |k| name(g, g.bit_of_number(k, Corner::TopLeft).unwrap());
        assert_eq!(n(1), "b8");
        assert_eq!(n(29), "a1");
        assert_eq!(n(32), "g1");
    }

    #[test]
    fn other_corners() {
        let g = &TEN_BY_EIGHT;
        let n = |k, c| name(g, g.bit_of_number(k, c).unwrap());
        assert_eq!(n(1, Corner::BottomLeft), "a1");
        assert_eq!(n(6, Corner::BottomLeft), "b2");
        assert_eq!(n(40, Corner::BottomLeft), "j8");
        assert_eq!(n(1, Corner::BottomRight), "i1");
        assert_eq!(n(5, Corner::BottomRight), "a1");
        assert_eq!(n(6, Corner::BottomRight), "j2");
        assert_eq!(n(1, Corner::TopRight), "j8");
        assert_eq!(n(6, Corner::TopRight), "i7");
        assert_eq!(n(40, Corner::TopRight), "a1");
    }

    #[test]
    fn numbers_round_trip_in_every_corner() {
        for g in [&TEN_BY_EIGHT, &EIGHT_BY_EIGHT] {
            for corner in [0, 1, 2, 3].map(|d| Corner::from_digit(d).unwrap()) {
                for number in 1..=g.num_squares as u32 {
                    let bit = g.bit_of_number(number, corner).unwrap();
                    assert_eq!(g.number_of(bit, corner) as u32, number);
                }
            }
        }
    }

    #[test]
    fn alpha_names_and_errors() {
        let g = &TEN_BY_EIGHT;
        assert_eq!(name(g, g.parse_alpha(b"c3").unwrap()), "c3");
        assert_eq!(g.parse_alpha(b"K4"), g.parse_alpha(b"j4"));
        assert_eq!(g.parse_alpha(b"a2"), Err(SquareError::LightSquare));
        assert_eq!(g.parse_alpha(b"a9"), Err(SquareError::OffBoard));
        assert_eq!(g.parse_alpha(b"z1"), Err(SquareError::Malformed));
        assert_eq!(
            EIGHT_BY_EIGHT.parse_alpha(b"i1"),
            Err(SquareError::OffBoard)
        );
        assert_eq!(
            g.parse_number(b"41", Corner::TopLeft),
            Err(SquareError::OffBoard)
        );
    }
}
