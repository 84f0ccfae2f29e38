//! The fields of a GameType tag's value (`41,W,10,8,A0,0`): the game type's number, the start
//! colour, the board's width and height, the notation with the corner of square 1, and the
//! invert flag. Each reads one field, cut at `,` and trimmed by
//! [`GameTypeTag::parse`](crate::pdn::GameTypeTag::parse), through [`read_field`].
//!
//! Leniencies: lower-case letters.

use super::res::Res;
use nom::{
    Parser,
    bytes::complete::take_while_m_n,
    character::complete::one_of,
    combinator::{all_consuming, map, map_opt, verify},
};

/// All of `field` as read by `parser` (one of this module's), or `None`.
pub(crate) fn read_field<'a, T>(parser: fn(&'a [u8]) -> Res<'a, T>, field: &'a [u8]) -> Option<T> {
    all_consuming(parser)
        .parse(field)
        .ok()
        .map(|(_, read)| read)
}

/// The game type's number: 1 to 9 digits.
pub(crate) fn game_type_number(i: &[u8]) -> Res<'_, u32> {
    digits(i)
}

/// `W` or `B` (upper case).
pub(crate) fn start_color(i: &[u8]) -> Res<'_, char> {
    map(one_of("WwBb"), |c| c.to_ascii_uppercase()).parse(i)
}

/// The board's width or height: a number from 1 to 255.
pub(crate) fn board_side(i: &[u8]) -> Res<'_, u8> {
    verify(digits, |&n: &u8| n > 0).parse(i)
}

/// `A` (alphanumeric), `N` (numeric) or `S` (SAN), upper case, and the digit of the corner of
/// square 1 (0 to 3).
pub(crate) fn notation(i: &[u8]) -> Res<'_, (char, u8)> {
    let kind = map(one_of("AaNnSs"), |c| c.to_ascii_uppercase());
    (kind, map(one_of("0123"), value_of)).parse(i)
}

/// `0` or `1`.
pub(crate) fn invert(i: &[u8]) -> Res<'_, u8> {
    map(one_of("01"), value_of).parse(i)
}

/// The value of a decimal digit.
fn value_of(digit: char) -> u8 {
    digit as u8 - b'0'
}

/// 1 to 9 digits as a number that fits a `T`.
fn digits<T: TryFrom<u64>>(i: &[u8]) -> Res<'_, T> {
    let number =
        |d: &[u8]| T::try_from(d.iter().fold(0, |n, &d| n * 10 + u64::from(d - b'0'))).ok();
    map_opt(take_while_m_n(1, 9, |b: u8| b.is_ascii_digit()), number).parse(i)
}
