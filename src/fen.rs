//! FEN positions as PDN writes them: `W:Wa1,c1,Kd4:Bb8` (alphanumeric) or
//! `W:W31,32,K40:B1-5` (numeric, with ranges).
//!
//! Leniencies of the reader: white space anywhere, unsorted squares, a trailing `.`, a
//! lower-case side to move, `H` (half-move clock) and `F` (move number) sections, which are
//! ignored, empty piece lists, a colour's list given twice (merged), and `K`/`k` before a
//! square or range. Errors carry the byte offset of the offending text.

use crate::position::{Color, Piece, Position};
use crate::square::{Corner, SquareError};
use crate::variant::Variant;
use std::borrow::Cow;
use std::fmt;

/// What is wrong with a FEN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenErrorKind {
    /// No text at all.
    Empty,
    /// The side to move is not `W` or `B`.
    UnknownSideToMove(String),
    /// A section that is not `W`, `B`, `H` or `F`.
    UnknownSection(String),
    /// A square that is malformed, off the board or light.
    BadSquare(String, SquareError),
    /// A range whose end comes before its start.
    BadRange(String),
    /// The same square twice.
    DuplicateSquare(String),
    /// A man on the row where it would already have become a king.
    ManOnPromotionRow(String),
}

/// A FEN text that [`parse_fen`] cannot read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// What is wrong.
    pub kind: FenErrorKind,
    /// Byte offset in the FEN text.
    pub offset: usize,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            FenErrorKind::Empty => write!(f, "empty FEN"),
            FenErrorKind::UnknownSideToMove(s) => {
                write!(f, "side to move must be W or B, found \"{s}\"")
            }
            FenErrorKind::UnknownSection(s) => write!(
                f,
                "unknown section \"{s}\" (expected W or B followed by squares)"
            ),
            FenErrorKind::BadSquare(s, e) => write!(f, "square \"{s}\" is {e}"),
            FenErrorKind::BadRange(s) => write!(f, "range \"{s}\" runs backwards"),
            FenErrorKind::DuplicateSquare(s) => write!(f, "square {s} is given twice"),
            FenErrorKind::ManOnPromotionRow(s) => write!(
                f,
                "a man on {s} stands on its own promotion row (it would be a king)"
            ),
        }
    }
}

impl std::error::Error for FenError {}

/// Reads a FEN for `variant`; numbers are read in the numbering starting at `corner`.
pub fn parse_fen(text: &str, variant: Variant, corner: Corner) -> Result<Position, FenError> {
    let g = variant.geometry();
    let compact = Compact::of(text);
    // Sections and items are cut at ASCII bytes: each is text too (see `text_of`).
    let mut sections = pieces(compact.text().as_bytes(), b':').filter(|(_, s)| !s.is_empty());
    let Some((turn_at, turn_text)) = sections.next() else {
        return Err(FenError {
            kind: FenErrorKind::Empty,
            offset: 0,
        });
    };
    let turn = match turn_text {
        b"W" | b"w" => Color::White,
        b"B" | b"b" => Color::Black,
        other => {
            return Err(FenError {
                kind: FenErrorKind::UnknownSideToMove(text_of(other)),
                offset: compact.offset(turn_at),
            });
        }
    };
    let mut pos = Position::empty(variant, turn);
    for (at, section) in sections {
        let color = match section[0] {
            b'W' => Color::White,
            b'B' => Color::Black,
            b'H' | b'F' => continue,
            _ => {
                return Err(FenError {
                    kind: FenErrorKind::UnknownSection(text_of(section)),
                    offset: compact.offset(at),
                });
            }
        };
        let promotion = g.promotion_row(color == Color::White);
        for (item_at, item) in pieces(&section[1..], b',') {
            if item.is_empty() {
                continue;
            }
            let here = compact.offset(at + 1 + item_at);
            let err = |kind| FenError { kind, offset: here };
            // `K` marks a king; a lower-case `k` only before a letter, since `k4` is also the
            // Russian name of the tenth column's square j4.
            let (king, squares) = match item {
                [b'K', _, ..] => (true, &item[1..]),
                [b'k', next, ..] if next.is_ascii_alphabetic() => (true, &item[1..]),
                _ => (false, item),
            };
            let read = |s: &[u8]| {
                g.parse_square(s, corner)
                    .map_err(|e| err(FenErrorKind::BadSquare(text_of(s), e)))
            };
            let piece = Piece { color, king };
            // The square's name is written only for a message: this runs for every piece.
            let mut place = |bit: u8| {
                put(&mut pos, bit, piece, promotion)
                    .map_err(|kind| err(kind(g.square_name(bit).to_string())))
            };
            match squares.iter().position(|&b| b == b'-') {
                Some(dash) => {
                    let (start, end) = (read(&squares[..dash])?, read(&squares[dash + 1..])?);
                    let (n, m) = (g.number_of(start, corner), g.number_of(end, corner));
                    if n > m {
                        return Err(err(FenErrorKind::BadRange(text_of(item))));
                    }
                    for k in n..=m {
                        place(g.bit_of_number(k as u32, corner).expect("in range"))?;
                    }
                }
                None => place(read(squares)?)?,
            }
        }
    }
    Ok(pos)
}

/// The text of a piece of the FEN cut at ASCII bytes (whole characters), for a message.
fn text_of(piece: &[u8]) -> String {
    String::from_utf8_lossy(piece).into_owned()
}

/// Puts `piece` on the empty square `bit`; else the error (still to be given the square's
/// name): the square is taken, or a man would stand on its `promotion` row.
#[inline(always)]
fn put(
    pos: &mut Position,
    bit: u8,
    piece: Piece,
    promotion: u64,
) -> Result<(), fn(String) -> FenErrorKind> {
    let mask = 1u64 << bit;
    if pos.occupied() & mask != 0 {
        return Err(FenErrorKind::DuplicateSquare);
    }
    if !piece.king && promotion & mask != 0 {
        return Err(FenErrorKind::ManOnPromotionRow);
    }
    match piece.color {
        Color::White => pos.white |= mask,
        Color::Black => pos.black |= mask,
    }
    if piece.king {
        pos.kings |= mask;
    }
    Ok(())
}

/// A FEN without white space and without a trailing `.`, with the way back to the original
/// offsets. Most FENs have no white space: they are read in place, without copying.
struct Compact<'a> {
    text: Cow<'a, str>,
    /// `offsets[i]` is the original offset of byte `i` of `text`; `None` when they are equal.
    offsets: Option<Vec<usize>>,
}

impl<'a> Compact<'a> {
    fn of(text: &'a str) -> Compact<'a> {
        if text.bytes().all(|b| b.is_ascii_graphic()) {
            return Compact {
                text: Cow::Borrowed(text.trim_end_matches('.')),
                offsets: None,
            };
        }
        let mut compact = String::with_capacity(text.len());
        let mut offsets = Vec::with_capacity(text.len());
        for (i, c) in text.char_indices().filter(|(_, c)| !c.is_whitespace()) {
            compact.push(c);
            offsets.extend(std::iter::repeat_n(i, c.len_utf8()));
        }
        compact.truncate(compact.trim_end_matches('.').len());
        Compact {
            text: Cow::Owned(compact),
            offsets: Some(offsets),
        }
    }

    fn text(&self) -> &str {
        &self.text
    }

    fn offset(&self, i: usize) -> usize {
        self.offsets.as_ref().map_or(i, |offsets| offsets[i])
    }
}

/// The pieces of `text` between the separators `sep`, each with its offset in `text`.
fn pieces(text: &[u8], sep: u8) -> impl Iterator<Item = (usize, &[u8])> {
    let mut start = 0;
    text.split(move |&b| b == sep).map(move |piece| {
        let at = start;
        start += piece.len() + 1;
        (at, piece)
    })
}

/// How a FEN names its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenNotation {
    /// Square names: `W:Wa1,c1:Bb8`.
    Alpha,
    /// Square numbers in the numbering that starts at the corner: `W:W31,32:B1`.
    Numeric(Corner),
}

/// Writes `pos` as a FEN, squares in ascending order, kings marked `K`.
pub fn write_fen(pos: &Position, notation: FenNotation) -> String {
    let g = pos.geometry();
    let mut out = String::from(match pos.turn {
        Color::White => "W",
        Color::Black => "B",
    });
    for (color, letter) in [(Color::White, 'W'), (Color::Black, 'B')] {
        out.push(':');
        out.push(letter);
        let mut squares: Vec<(u8, u8)> = crate::geometry::bits(pos.pieces(color))
            .map(|bit| match notation {
                FenNotation::Alpha => (g.dense_of_bit(bit) as u8, bit),
                FenNotation::Numeric(corner) => (g.number_of(bit, corner), bit),
            })
            .collect();
        squares.sort_unstable();
        for (i, (number, bit)) in squares.into_iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            if pos.kings & (1u64 << bit) != 0 {
                out.push('K');
            }
            match notation {
                FenNotation::Alpha => out.push_str(&g.square_name(bit).to_string()),
                FenNotation::Numeric(_) => out.push_str(&number.to_string()),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Position, FenError> {
        parse_fen(text, Variant::Spantsiretti, Corner::TopLeft)
    }

    fn kind(text: &str) -> (FenErrorKind, usize) {
        let e = parse(text).unwrap_err();
        (e.kind, e.offset)
    }

    #[test]
    fn alphanumeric_and_numeric_give_the_same_position() {
        let alpha = parse("W:Wa1,c1,Kd4:Bb8").unwrap();
        // N2 numbering on 10x8 counts from b8 (1) along the rows downwards: row 4 holds
        // b4 = 21, d4 = 22, ...; row 1 holds a1 = 36, c1 = 37.
        let numeric = parse("W:W36,37,K22:B1").unwrap();
        assert_eq!(alpha, numeric);
        assert_eq!(alpha.count(Color::White), (1, 2));
        assert_eq!(alpha.turn, Color::White);
    }

    #[test]
    fn ranges_spaces_suffixes_and_unsorted_squares() {
        let p = parse(" B : W40,39,K31 : B1-5 :H0:F1. ").unwrap();
        assert_eq!(p.turn, Color::Black);
        assert_eq!(p.count(Color::Black), (0, 5));
        assert_eq!(p.count(Color::White), (1, 2));
        let same = parse("B:W31,39,40:B5,4,3,2,1").unwrap();
        assert_eq!(p.white, same.white);
        assert_eq!(p.black, same.black);
    }

    #[test]
    fn full_board_is_allowed() {
        let p = parse("W:W21-40:B1-20").unwrap();
        assert_eq!(p.occupied().count_ones(), 40);
    }

    #[test]
    fn errors_name_the_problem_and_its_place() {
        assert_eq!(kind(""), (FenErrorKind::Empty, 0));
        assert_eq!(
            kind("X:Wa1"),
            (FenErrorKind::UnknownSideToMove("X".into()), 0)
        );
        assert_eq!(
            kind("W:Wa1,a2"),
            (
                FenErrorKind::BadSquare("a2".into(), SquareError::LightSquare),
                6
            )
        );
        assert_eq!(
            kind("W:Wa1,c9"),
            (
                FenErrorKind::BadSquare("c9".into(), SquareError::OffBoard),
                6
            )
        );
        assert_eq!(
            kind("W:W41"),
            (
                FenErrorKind::BadSquare("41".into(), SquareError::OffBoard),
                3
            )
        );
        assert_eq!(
            kind("W:Wa1:Ba1"),
            (FenErrorKind::DuplicateSquare("a1".into()), 7)
        );
        assert_eq!(
            kind("W:Wb8"),
            (FenErrorKind::ManOnPromotionRow("b8".into()), 3)
        );
        assert_eq!(
            kind("W:W:Bc1"),
            (FenErrorKind::ManOnPromotionRow("c1".into()), 5)
        );
        assert_eq!(kind("W:W5-1"), (FenErrorKind::BadRange("5-1".into()), 3));
        assert_eq!(
            kind("W:Wa1:Xc3"),
            (FenErrorKind::UnknownSection("Xc3".into()), 6)
        );
        // Kings may stand on the promotion row.
        assert!(parse("W:WKb8:BKc1").is_ok());
    }

    #[test]
    fn write_then_read_gives_the_same_position() {
        for variant in Variant::ALL {
            let start = Position::start(variant);
            let mut p = start;
            p.kings |= p.white & p.white.wrapping_neg(); // crown the lowest white man
            p.turn = Color::Black;
            for notation in [
                FenNotation::Alpha,
                FenNotation::Numeric(Corner::TopLeft),
                FenNotation::Numeric(Corner::BottomRight),
            ] {
                let corner = match notation {
                    FenNotation::Numeric(c) => c,
                    FenNotation::Alpha => Corner::TopLeft,
                };
                let text = write_fen(&p, notation);
                assert_eq!(parse_fen(&text, variant, corner).unwrap(), p, "{text}");
            }
        }
        let text = write_fen(
            &Position::start(Variant::Russian),
            FenNotation::Numeric(Corner::TopLeft),
        );
        assert_eq!(
            text,
            "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
        );
    }
}
