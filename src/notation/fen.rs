//! FEN positions as PDN writes them: `W:Wa1,c1,Kd4:Bb8` (alphanumeric) or
//! `W:W31,32,K40:B1-5` (numeric, with ranges).
//!
//! Leniencies of the reader: white space anywhere, unsorted squares, a trailing `.`, a
//! lower-case side to move, `H` (half-move clock) and `F` (move number) sections, which are
//! ignored, empty piece lists, a colour's list given twice (merged), and `K`/`k` before a
//! square or range. Errors carry the byte offset of the offending text.
//!
//! The reader is nom parsers, one per production of the PDN FEN grammar (pdn.fmjd.org, "FEN
//! tag"), named after it (`docs/pdn.md` maps them); they read a text without white space.

use crate::rules::geometry::MAX_SQUARES;
use crate::rules::position::{Color, Piece, Position};
use crate::rules::square::{Corner, SquareError};
use crate::rules::variant::Variant;
use nom::{
    IResult, Parser,
    branch::alt,
    bytes::complete::{tag, take_till, take_while},
    character::complete::{char, satisfy},
    combinator::{eof, opt, peek, value},
    error::{ErrorKind, ParseError},
    sequence::{preceded, terminated},
};
use std::fmt;

/// What is wrong with a FEN text.
///
/// ```
/// use pdnkit::{Corner, FenErrorKind, Variant, parse_fen, rules::SquareError};
///
/// let kind = |fen| parse_fen(fen, Variant::Russian, Corner::TopLeft).unwrap_err().kind;
/// assert_eq!(kind("W:Wb1"), FenErrorKind::BadSquare("b1".into(), SquareError::LightSquare));
/// assert_eq!(kind("W:Wc3:Bc1"), FenErrorKind::ManOnPromotionRow("c1".into()));
/// assert_eq!(kind("X:Wc3"), FenErrorKind::UnknownSideToMove("X".into()));
/// assert_eq!(kind(""), FenErrorKind::Empty);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
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
///
/// ```
/// use pdnkit::{Corner, FenErrorKind, Variant, parse_fen};
///
/// let error = parse_fen("W:Wc3,c3:Bf6", Variant::Russian, Corner::TopLeft).unwrap_err();
/// assert_eq!(error.kind, FenErrorKind::DuplicateSquare("c3".into()));
/// assert_eq!(error.offset, 6);
/// assert_eq!(error.to_string(), "square c3 is given twice");
/// ```
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
    // A trailing `.` (with white space around it) is no part of the FEN.
    let text = text.trim_end_matches(|c: char| c == '.' || c.is_whitespace());
    let board = Board { variant, corner };
    let error = match board.read(text.as_bytes()) {
        Ok(pos) => return Ok(pos),
        Err(error) => error,
    };
    if text.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(error);
    }
    // White space or a character beyond ASCII inside (rare): the FEN is read again without
    // its white space, offsets mapped back to the text. (Read in place, such a FEN can only
    // succeed where the white space stands in a skipped section, which reads alike.)
    let (compact, offsets) = without_white_space(text);
    board.read(compact.as_bytes()).map_err(|e| FenError {
        // An empty FEN is empty from its start.
        offset: match e.kind {
            FenErrorKind::Empty => 0,
            _ => offsets[e.offset],
        },
        ..e
    })
}

/// What the FEN's parsers return.
type Res<'a, T> = IResult<&'a [u8], T, Fault<'a>>;

/// Where a parser of the FEN stopped, and, for a FEN that is wrong there (a failure), what is
/// wrong; a branch that merely does not match (an error) has no kind.
#[derive(Debug)]
struct Fault<'a> {
    at: &'a [u8],
    kind: Option<FenErrorKind>,
}

impl<'a> ParseError<&'a [u8]> for Fault<'a> {
    fn from_error_kind(at: &'a [u8], _: ErrorKind) -> Self {
        Fault { at, kind: None }
    }

    fn append(_: &'a [u8], _: ErrorKind, other: Self) -> Self {
        other
    }
}

/// The FEN is wrong at `at` (a failure: no other branch tries).
#[cold]
fn wrong<T>(at: &[u8], kind: FenErrorKind) -> Res<'_, T> {
    Err(nom::Err::Failure(Fault {
        at,
        kind: Some(kind),
    }))
}

/// What an item of a `SquareSequence` places.
enum Item {
    /// Nothing (an empty item).
    Nothing,
    /// A piece on a square (a bit), a king or not.
    Square(u8, bool),
    /// Pieces on the squares numbered from the first to the last, kings or not.
    Range(u8, u8, bool),
}

/// The board a FEN is read for: its parsers are the productions of the PDN FEN grammar
/// (pdn.fmjd.org, "FEN tag"), read from a text without white space.
#[derive(Clone, Copy)]
struct Board {
    variant: Variant,
    corner: Corner,
}

impl Board {
    /// Reads a FEN without white space; errors point into it.
    fn read(&self, text: &[u8]) -> Result<Position, FenError> {
        if let Some(pos) = self.quick(text) {
            return Ok(pos);
        }
        match self.fen(text) {
            Ok((_, pos)) => Ok(pos),
            Err(nom::Err::Failure(Fault {
                at,
                kind: Some(kind),
            })) => Err(FenError {
                kind,
                offset: text.len() - at.len(),
            }),
            Err(_) => unreachable!("the FEN's parsers fail only with what is wrong"),
        }
    }

    /// The whole FEN when it is the common one, read at once, as [`Board::fen`] reads it: `W`
    /// or `B` and `:`, then `W` and `B` sections of items that [`Board::short_item`] reads, cut
    /// at `,` and `:`, each on an empty square, no man on its promotion row. `None` for any
    /// other text (then [`Board::fen`] reads it, and says what is wrong).
    fn quick(&self, text: &[u8]) -> Option<Position> {
        let side = |b| match b {
            b'W' => Some(Color::White),
            b'B' => Some(Color::Black),
            _ => None,
        };
        let Some((&[turn, b':'], mut i)) = text.split_first_chunk::<2>() else {
            return None;
        };
        let turn = side(turn)?;
        let g = self.variant.geometry();
        // Pieces by colour (indexed by `Color`), kings, and the squares where something is
        // wrong (looked at once at the end: no branch per piece).
        let (mut sides, mut kings, mut wrong) = ([0u64; 2], 0u64, 0u64);
        loop {
            let (&first, rest) = i.split_first()?;
            let color = side(first)?;
            let promotion = g.promotion_row(color == Color::White);
            i = rest;
            loop {
                let (bit, king, end) = self.short_item(i)?;
                let mask = 1u64 << bit;
                let king_mask = 0u64.wrapping_sub(u64::from(king));
                wrong |= mask & (sides[0] | sides[1] | (promotion & !king_mask));
                sides[color as usize] |= mask;
                kings |= mask & king_mask;
                let Some(&cut) = i.get(end) else {
                    if wrong != 0 {
                        return None;
                    }
                    let mut pos = Position::empty(self.variant, turn);
                    (pos.white, pos.black, pos.kings) = (sides[0], sides[1], kings);
                    return Some(pos);
                };
                i = &i[end + 1..];
                // An item read ends at `,` or `:` (or the end): a `:` starts the next section.
                if cut == b':' {
                    break;
                }
            }
        }
    }

    /// `Fen`: the side to move, then sections, each after a `:` (leading `:` skipped).
    fn fen<'a>(&self, text: &'a [u8]) -> Res<'a, Position> {
        let (i, _) = take_while(|b| b == b':').parse(text)?;
        if i.is_empty() {
            return wrong(text, FenErrorKind::Empty);
        }
        let (mut i, turn) = turn(i)?;
        let mut pos = Position::empty(self.variant, turn);
        while let Some(rest) = i.strip_prefix(b":") {
            (i, ()) = self.section(&mut pos, rest)?;
        }
        Ok((i, pos))
    }

    /// `COLOR SquareSequence`: `W` or `B` and the squares of that colour's pieces, put on
    /// `pos`. `H` (half-move clock) and `F` (move number) sections are skipped, as is an empty
    /// section.
    fn section<'a>(&self, pos: &mut Position, i: &'a [u8]) -> Res<'a, ()> {
        if let Ok((rest, color)) = color(i) {
            return self.square_sequence(pos, color, rest);
        }
        match i.first() {
            None | Some(b':' | b'H' | b'F') => value((), section_text).parse(i),
            Some(_) => {
                let (_, text) = section_text(i)?;
                wrong(i, FenErrorKind::UnknownSection(text_of(text)))
            }
        }
    }

    /// `SquareSequence`: items cut at `,`, their pieces of `color` put on `pos`; an error
    /// points at its item.
    fn square_sequence<'a>(
        &self,
        pos: &mut Position,
        color: Color,
        mut i: &'a [u8],
    ) -> Res<'a, ()> {
        let g = self.variant.geometry();
        let promotion = g.promotion_row(color == Color::White);
        loop {
            let (rest, item) = self.item(i)?;
            let mut place = |bit, king| put(pos, bit, Piece { color, king }, promotion);
            let placed = match item {
                Item::Nothing => Ok(()),
                Item::Square(bit, king) => place(bit, king),
                Item::Range(first, last, king) => (first..=last).try_for_each(|n| {
                    let bit = g.bit_of_number(u32::from(n), self.corner);
                    place(bit.expect("in range"), king)
                }),
            };
            if let Err(kind) = placed {
                return wrong(i, kind);
            }
            match rest.strip_prefix(b",") {
                Some(next) => i = next,
                None => return Ok((rest, ())),
            }
        }
    }

    /// An item of a `SquareSequence`: `KING? Square`, or `KING? Square HYPHEN Square`, a
    /// range of numbers (a name is read as its square's number); or nothing. First branch:
    /// [`Board::short_item`]. An error points at the item.
    #[inline(always)]
    fn item<'a>(&self, i: &'a [u8]) -> Res<'a, Item> {
        if let Some((bit, king, end)) = self.short_item(i) {
            return Ok((&i[end..], Item::Square(bit, king)));
        }
        if matches!(i.first(), None | Some(b',' | b':')) {
            return Ok((i, Item::Nothing));
        }
        let range_end = preceded(tag("-"), take_till(|b| b == b',' || b == b':'));
        let (rest, (king, first, last)) = (opt(king), square, opt(range_end)).parse(i)?;
        let king = king.is_some();
        let (g, corner) = (self.variant.geometry(), self.corner);
        let read = |s: &[u8]| {
            g.parse_square(s, corner)
                .map_err(|e| FenErrorKind::BadSquare(text_of(s), e))
        };
        let item = match last {
            None => read(first).map(|bit| Item::Square(bit, king)),
            Some(last) => read(first).and_then(|first| {
                let (n, m) = (g.number_of(first, corner), g.number_of(read(last)?, corner));
                if n > m {
                    return Err(FenErrorKind::BadRange(text_of(&i[..i.len() - rest.len()])));
                }
                Ok(Item::Range(n, m, king))
            }),
        };
        match item {
            Ok(item) => Ok((rest, item)),
            Err(kind) => wrong(i, kind),
        }
    }

    /// The item at `i` when it is the common one, read at once: `K` or nothing, then a square
    /// of this board named by a lower-case letter and one digit, then `,`, `:` or the end.
    /// Gives the square, whether it holds a king, and where the item ends; `None` for any
    /// other item (the general branch of [`Board::item`] reads it, and says what is wrong with it).
    #[inline(always)]
    fn short_item(&self, text: &[u8]) -> Option<(u8, bool, usize)> {
        let king = text.first() == Some(&b'K');
        let at = usize::from(king);
        let (&[letter, digit], rest) = text.get(at..)?.split_first_chunk::<2>()?;
        let (column, row) = (letter.wrapping_sub(b'a'), digit.wrapping_sub(b'0'));
        if column > 9 || row > 9 || !matches!(rest.first(), None | Some(b',' | b':')) {
            return None;
        }
        let bit = self
            .variant
            .geometry()
            .square_at(column, u32::from(row))
            .ok()?;
        Some((bit, king, at + 2))
    }
}

/// The side to move: the first `COLOR`, lower case too, alone in its section.
fn turn(i: &[u8]) -> Res<'_, Color> {
    let lower = alt((
        value(Color::White, char('w')),
        value(Color::Black, char('b')),
    ));
    let end = peek(alt((tag(":"), eof)));
    match terminated(alt((color, lower)), end).parse(i) {
        Err(nom::Err::Error(_)) => {
            let (_, text) = section_text(i)?;
            wrong(i, FenErrorKind::UnknownSideToMove(text_of(text)))
        }
        read => read,
    }
}

/// `COLOR`: `W` or `B`.
fn color(i: &[u8]) -> Res<'_, Color> {
    alt((
        value(Color::White, char('W')),
        value(Color::Black, char('B')),
    ))
    .parse(i)
}

/// `KING`: `K` before more of its item; a lower-case `k` only before a letter, since `k4` is
/// also the Russian name of the tenth column's square j4.
fn king(i: &[u8]) -> Res<'_, char> {
    let upper = terminated(char('K'), peek(satisfy(|c| c != ',' && c != ':')));
    let lower = terminated(char('k'), peek(satisfy(|c| c.is_ascii_alphabetic())));
    alt((upper, lower)).parse(i)
}

/// `Square` (`ALPHASQUARE` or `NUMSQUARE`): its text up to the next `-`, `,` or `:`, which the
/// board reads ([`Geometry::parse_square`](crate::rules::geometry::Geometry::parse_square)), saying
/// what is wrong with it.
fn square(i: &[u8]) -> Res<'_, &[u8]> {
    take_till(|b| b == b'-' || b == b',' || b == b':').parse(i)
}

/// The text of a section, up to the next `:`.
fn section_text(i: &[u8]) -> Res<'_, &[u8]> {
    take_till(|b| b == b':').parse(i)
}

/// The text of a piece of the FEN cut at ASCII bytes (whole characters), for a message.
fn text_of(piece: &[u8]) -> String {
    String::from_utf8_lossy(piece).into_owned()
}

/// Puts `piece` on the empty square `bit`; else the error: the square is taken, or a man
/// would stand on its `promotion` row.
#[inline(always)]
fn put(pos: &mut Position, bit: u8, piece: Piece, promotion: u64) -> Result<(), FenErrorKind> {
    let mask = 1u64 << bit;
    if pos.occupied() & mask != 0 {
        return Err(FenErrorKind::DuplicateSquare(square_name(pos, bit)));
    }
    if !piece.king && promotion & mask != 0 {
        return Err(FenErrorKind::ManOnPromotionRow(square_name(pos, bit)));
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

/// The name of a square, for a message (never made for a FEN without fault).
#[cold]
fn square_name(pos: &Position, bit: u8) -> String {
    pos.geometry().square_name(bit).to_string()
}

/// `text` without its white space, with the offset in `text` of every byte left.
fn without_white_space(text: &str) -> (String, Vec<usize>) {
    let mut compact = String::with_capacity(text.len());
    let mut offsets = Vec::with_capacity(text.len());
    for (i, c) in text.char_indices().filter(|(_, c)| !c.is_whitespace()) {
        compact.push(c);
        offsets.extend(std::iter::repeat_n(i, c.len_utf8()));
    }
    (compact, offsets)
}

/// How a FEN names its squares.
///
/// ```
/// use pdnkit::{Corner, FenNotation, Variant, parse_fen, write_fen};
///
/// let pos = parse_fen("W:WKa1,c3:Bh8", Variant::Russian, Corner::TopLeft)?;
/// assert_eq!(write_fen(&pos, FenNotation::Alpha), "W:WKa1,c3:Bh8");
/// // Numbered from the bottom-left corner: a1 is 1, c3 10 (the second of row 3), h8 32.
/// assert_eq!(write_fen(&pos, FenNotation::Numeric(Corner::BottomLeft)), "W:WK1,10:B32");
/// # Ok::<(), pdnkit::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenNotation {
    /// Square names: `W:Wa1,c1:Bb8`.
    Alpha,
    /// Square numbers in the numbering that starts at the corner: `W:W31,32:B1`.
    Numeric(Corner),
}

/// Writes `pos` as a FEN, squares in ascending order, kings marked `K`.
pub fn write_fen(pos: &Position, notation: FenNotation) -> String {
    FenText::of(pos, notation).as_str().to_string()
}

/// Appends [`write_fen`]'s text of `pos` to `out`, without a string of its own (for writers
/// of many positions).
pub fn push_fen(pos: &Position, notation: FenNotation, out: &mut Vec<u8>) {
    out.extend_from_slice(FenText::of(pos, notation).as_bytes());
}

/// Bytes of the longest FEN of a board pdnkit plays: the side to move and the section
/// letters, then at most [`MAX_SQUARES`] items of at most 5 bytes each (`,K` and a square of
/// two or three characters).
const FEN_ROOM: usize = 8 + 5 * MAX_SQUARES;

/// A FEN text written on the stack, straight from the bitboards: no string per square and
/// no check of a buffer's room per byte.
pub struct FenText {
    bytes: [u8; FEN_ROOM],
    len: usize,
}

impl FenText {
    /// The FEN of `pos`.
    pub fn of(pos: &Position, notation: FenNotation) -> FenText {
        let g = pos.geometry();
        let mut bytes = [0; FEN_ROOM];
        bytes[0] = match pos.turn {
            Color::White => b'W',
            Color::Black => b'B',
        };
        let mut len = 1;
        for (color, letter) in [(Color::White, b'W'), (Color::Black, b'B')] {
            bytes[len..len + 2].copy_from_slice(&[b':', letter]);
            len += 2;
            let pieces = pos.pieces(color);
            // Each item as `,K` and its square, the comma and the `K` skipped where they do
            // not belong: no branch per byte, one bound check per item.
            let mut comma = false;
            let mut item = |square: [u8; 3], digits: usize, bit: u8| {
                let at = &mut bytes[len..len + 5];
                let mut n = 0;
                at[n] = b',';
                n += usize::from(std::mem::replace(&mut comma, true));
                at[n] = b'K';
                n += usize::from(pos.kings & (1u64 << bit) != 0);
                at[n..n + 3].copy_from_slice(&square);
                len += n + digits;
            };
            match notation {
                // Bits ascend in reading order (a1, c1, ..., then the next row up): the order
                // of the names.
                FenNotation::Alpha => {
                    for bit in crate::rules::geometry::bits(pieces) {
                        let name = g.square_name(bit);
                        let column = b'a' + name.column;
                        match decimal(name.row + 1) {
                            (b'0', ones) => item([column, ones, 0], 2, bit),
                            (tens, ones) => item([column, tens, ones], 3, bit),
                        }
                    }
                }
                // The squares by number: a bitboard of numbers (bit n - 1 for number n), read
                // in ascending order.
                FenNotation::Numeric(corner) => {
                    let numbers = crate::rules::geometry::bits(pieces)
                        .fold(0u64, |set, bit| set | 1 << (g.number_of(bit, corner) - 1));
                    for index in crate::rules::geometry::bits(numbers) {
                        let number = index + 1;
                        let bit = g
                            .bit_of_number(u32::from(number), corner)
                            .expect("a number of the board");
                        match decimal(number) {
                            (b'0', ones) => item([ones, 0, 0], 1, bit),
                            (tens, ones) => item([tens, ones, 0], 2, bit),
                        }
                    }
                }
            }
        }
        FenText { bytes, len }
    }

    /// The text, plain ASCII.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(self.as_bytes()).expect("a FEN is ASCII")
    }
}

/// The tens and ones digits of `n` (below 100: a row or a square number).
#[inline(always)]
fn decimal(n: u8) -> (u8, u8) {
    (b'0' + n / 10, b'0' + n % 10)
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

    /// White space anywhere (ASCII or not) reads as if it were not there; messages quote the
    /// text without it and point into the text as given.
    #[test]
    fn white_space_inside_items_and_sections() {
        assert_eq!(
            parse("W:W a 1, c 3 :B K b8 . ").unwrap(),
            parse("W:Wa1,c3:BKb8").unwrap()
        );
        let nbsp = parse("W:W31,\u{a0}32").unwrap();
        assert_eq!(nbsp, parse("W:W31,32").unwrap());
        assert_eq!(
            kind(" B : X3"),
            (FenErrorKind::UnknownSection("X3".into()), 5)
        );
        // The no-break space is two bytes: `a2` starts at byte 8.
        assert_eq!(
            kind("W:Wa1,\u{a0}a2"),
            (
                FenErrorKind::BadSquare("a2".into(), SquareError::LightSquare),
                8
            )
        );
        assert_eq!(
            kind("W:W\u{411}1"),
            (
                FenErrorKind::BadSquare("\u{411}1".into(), SquareError::Malformed),
                3
            )
        );
    }

    #[test]
    fn lower_case_k_is_a_king_only_before_a_letter() {
        let g = Variant::Spantsiretti.geometry();
        let j4 = 1u64 << g.parse_alpha(b"j4").unwrap();
        let c3 = 1u64 << g.parse_alpha(b"c3").unwrap();
        let man = parse("W:Wk4").unwrap();
        assert_eq!((man.white, man.kings), (j4, 0));
        let king = parse("W:Wkc3").unwrap();
        assert_eq!((king.white, king.kings), (c3, c3));
        assert_eq!(
            kind("W:WK"),
            (
                FenErrorKind::BadSquare("K".into(), SquareError::Malformed),
                3
            )
        );
    }

    /// Every square of both boards reads as the same piece whichever way it is spelled: as
    /// the quick read of an item takes it (`c3`, `Kc3`) or as only the full read does (`C3`,
    /// `kc3`, `KC3`, its number); a man on its promotion row and a light square are refused
    /// alike.
    #[test]
    fn every_square_reads_alike_in_every_spelling() {
        for variant in Variant::ALL {
            let g = variant.geometry();
            for column in 0..g.width {
                for row in 0..g.height {
                    let letter = char::from(b'a' + column);
                    let name = format!("{letter}{}", row + 1);
                    let upper = name.to_uppercase();
                    let Some(bit) = g.bit_at(column, row) else {
                        // The message quotes the square as written.
                        for (item, quoted) in [
                            (name.clone(), &name),
                            (format!("K{name}"), &name),
                            (upper.clone(), &upper),
                        ] {
                            let kind =
                                FenErrorKind::BadSquare(quoted.clone(), SquareError::LightSquare);
                            let e = parse_fen(&format!("B:W{item}"), variant, Corner::TopLeft);
                            assert_eq!(e, Err(FenError { kind, offset: 3 }));
                        }
                        continue;
                    };
                    let number = g.number_of(bit, Corner::TopLeft);
                    for king in [false, true] {
                        let mut expected = Position::empty(variant, Color::Black);
                        expected.set(
                            bit,
                            Some(Piece {
                                color: Color::White,
                                king,
                            }),
                        );
                        let expected = if !king && row + 1 == g.height {
                            let kind = FenErrorKind::ManOnPromotionRow(name.clone());
                            Err(FenError { kind, offset: 3 })
                        } else {
                            Ok(expected)
                        };
                        let spellings: &[String] = if king {
                            &[
                                format!("K{name}"),
                                format!("k{name}"),
                                format!("K{upper}"),
                                format!("K{number}"),
                            ]
                        } else {
                            &[name.clone(), upper.clone(), number.to_string()]
                        };
                        for item in spellings {
                            let fen = format!("B:W{item}:B");
                            let read = parse_fen(&fen, variant, Corner::TopLeft);
                            assert_eq!(read, expected, "{fen} on {variant:?}");
                        }
                    }
                }
            }
        }
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

    /// A position of `variant` with `turn` to move and pieces on the named squares (`K` for
    /// a king), placed by hand.
    fn placed(variant: Variant, turn: Color, white: &[&str], black: &[&str]) -> Position {
        let g = variant.geometry();
        let mut pos = Position::empty(variant, turn);
        for (color, names) in [(Color::White, white), (Color::Black, black)] {
            for name in names {
                let (king, square) = match name.strip_prefix('K') {
                    Some(square) => (true, square),
                    None => (false, *name),
                };
                let bit = g.parse_alpha(square.as_bytes()).unwrap();
                pos.set(bit, Some(Piece { color, king }));
            }
        }
        pos
    }

    /// FENs worked out by hand from the numberings of docs/pdn.md: N2 (corner 2, top left)
    /// counts from b8 along each row downwards; corner 1 (bottom right) counts from the
    /// bottom right corner along each row upwards.
    #[test]
    fn hand_placed_positions_give_the_hand_written_fen() {
        // 10x8, N2: row 8 holds b8 = 1 ... j8 = 5; d4 = 22, i3 = 30, a1 = 36, c1 = 37, e5 = 18.
        let p = placed(
            Variant::Spantsiretti,
            Color::Black,
            &["Kj8", "a1", "Kd4", "i3"],
            &["b8", "Kc1", "e5"],
        );
        assert_eq!(
            write_fen(&p, FenNotation::Alpha),
            "B:Wa1,i3,Kd4,Kj8:BKc1,e5,b8"
        );
        assert_eq!(
            write_fen(&p, FenNotation::Numeric(Corner::TopLeft)),
            "B:WK5,K22,30,36:B1,18,K37"
        );
        // 8x8, N2: h8 = 4, a7 = 5, f6 = 11, c3 = 22, h2 = 28, e1 = 31; from the bottom right:
        // e1 = 2, h2 = 5, c3 = 11, f6 = 22, a7 = 28, h8 = 29.
        let p = placed(
            Variant::Russian,
            Color::White,
            &["c3", "Kh8", "h2"],
            &["f6", "a7", "Ke1"],
        );
        assert_eq!(write_fen(&p, FenNotation::Alpha), "W:Wh2,c3,Kh8:BKe1,f6,a7");
        assert_eq!(
            write_fen(&p, FenNotation::Numeric(Corner::TopLeft)),
            "W:WK4,22,28:B5,11,K31"
        );
        assert_eq!(
            write_fen(&p, FenNotation::Numeric(Corner::BottomRight)),
            "W:W5,11,K29:BK2,22,28"
        );
        // A side without pieces keeps its section.
        let p = placed(Variant::Russian, Color::Black, &["Kc1"], &[]);
        assert_eq!(write_fen(&p, FenNotation::Alpha), "B:WKc1:B");
        assert_eq!(
            write_fen(&p, FenNotation::Numeric(Corner::TopLeft)),
            "B:WK30:B"
        );
        // Appending writes after what the buffer holds.
        let mut out = b"fen ".to_vec();
        push_fen(&p, FenNotation::Alpha, &mut out);
        assert_eq!(out, b"fen B:WKc1:B");
    }

    /// The longest FEN there is: every square of 10x8 holds a king (White's rows 1 to 4,
    /// Black's rows 5 to 8), every item `K` and two or three characters.
    #[test]
    fn a_full_board_of_kings() {
        let rows = |from: u32, to: u32| -> Vec<String> {
            let mut names = Vec::new();
            for row in from..=to {
                let first = if row % 2 == 1 { b'a' } else { b'b' };
                for k in 0..5 {
                    names.push(format!("K{}{row}", (first + 2 * k) as char));
                }
            }
            names
        };
        let (white, black) = (rows(1, 4), rows(5, 8));
        let (w, b): (Vec<&str>, Vec<&str>) = (
            white.iter().map(String::as_str).collect(),
            black.iter().map(String::as_str).collect(),
        );
        let p = placed(Variant::Spantsiretti, Color::White, &w, &b);
        let alpha = format!("W:W{}:B{}", white.join(","), black.join(","));
        assert!(alpha.starts_with("W:WKa1,Kc1,Ke1,Kg1,Ki1,Kb2,"));
        assert_eq!(write_fen(&p, FenNotation::Alpha), alpha);
        // N2 numbers rows 8 to 5 from 1 to 20, rows 4 to 1 from 21 to 40.
        let kings = |from: u32, to: u32| {
            (from..=to)
                .map(|n| format!("K{n}"))
                .collect::<Vec<_>>()
                .join(",")
        };
        assert_eq!(
            write_fen(&p, FenNotation::Numeric(Corner::TopLeft)),
            format!("W:W{}:B{}", kings(21, 40), kings(1, 20))
        );
    }

    /// The common FEN, read at once, gives the position placed by hand and what the grammar's
    /// parsers give; every other text, and one with a fault, is left to them.
    #[test]
    fn the_common_fen_read_at_once_reads_as_the_grammar() {
        let board = Board {
            variant: Variant::Spantsiretti,
            corner: Corner::TopLeft,
        };
        let by_grammar = |text: &str| board.fen(text.as_bytes()).ok().map(|(_, pos)| pos);
        let read = [
            (
                "B:WKh8:Bj2,a5,Kb6,e7",
                placed(
                    Variant::Spantsiretti,
                    Color::Black,
                    &["Kh8"],
                    &["j2", "a5", "Kb6", "e7"],
                ),
            ),
            // A colour given twice is merged; a king may stand on any row.
            (
                "W:Wa1:Bb8,Kg1:Wc1,Ki7",
                placed(
                    Variant::Spantsiretti,
                    Color::White,
                    &["a1", "c1", "Ki7"],
                    &["b8", "Kg1"],
                ),
            ),
        ];
        for (text, pos) in read {
            assert_eq!(board.quick(text.as_bytes()), Some(pos), "{text}");
            assert_eq!(by_grammar(text), Some(pos), "{text}");
        }
        let left = [
            "w:Wa1",     // a lower-case side to move
            ":W:Wa1",    // a leading `:`
            "W",         // no section
            "W:W31,32",  // numbers
            "W:Wa1,,c1", // an empty item
            "W:Wa1:",    // an empty section
            "W:Wa1:H0",  // a half-move clock
            "W:Wa1,Kb1", // a light square
            "W:Wa1-c1",  // a range
            "W:Wa1,a1",  // the same square twice
            "W:Wa1:Ba1", // the same square for both
            "W:Wb8",     // a white man on its promotion row
            "B:Bc1",     // a black man on its
            "W:Wa1:Bk8", // off the board
            "W:Wa1.",    // more after an item
        ];
        for text in left {
            assert_eq!(board.quick(text.as_bytes()), None, "{text}");
        }
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
