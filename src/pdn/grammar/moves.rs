//! The productions of moves and what surrounds them in movetext: `GameMove`, `Move`,
//! `NormalMove`/`CaptureMove`, `Square`, `ALPHASQUARE`, `NUMSQUARE`, the separators,
//! `MOVESTRENGTH`, `MOVENUMBER`, `NAG` and the result; also the Russian compact move (`ed4`,
//! `e:d4`, `exd4`) and the placeholder (`-`, `--`).
//!
//! Leniencies: upper-case squares (`C3`, `X`); `k` for the tenth column; numeric squares
//! with leading zeros (`07`; alphanumeric rows have none); no separator between alphanumeric
//! squares (`c3d4`) and `3228` for `32-28` (both [`Separator::None`]); mixed separators
//! ([`Separator::Mixed`]); `*` among the glued strength marks (at most
//! [`MAX_MARKS`](crate::pdn::movetext::MAX_MARKS)). Squares of both kinds in one move
//! (`c3-22`) and square 0 are no move.

use super::res::{Res, fail};
use crate::pdn::ascii::WORD_ENDS;
use crate::pdn::limits::MAX_TOKEN_BYTES;
use crate::pdn::movetext::{
    Marks, MoveShape, Separator, Squares, Strength, WrittenMove, WrittenSquare,
};
use crate::pdn::result::GameResult;
use nom::{
    Parser,
    branch::alt,
    bytes::complete::{tag, take, take_while_m_n, take_while1},
    character::complete::{digit1, satisfy},
    combinator::{map, map_opt, not, opt, value, verify},
    sequence::{preceded, terminated},
};
use smallvec::smallvec;
use std::str::FromStr;

impl WrittenMove {
    /// Reads a whole move (with optional glued strength marks); `None` unless all of `text`
    /// is one move.
    pub fn parse(text: &[u8]) -> Option<WrittenMove> {
        match game_move(text) {
            Ok(([], mv)) => Some(mv),
            _ => None,
        }
    }
}

impl FromStr for WrittenMove {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        WrittenMove::parse(s.as_bytes()).ok_or(())
    }
}

/// Column index of a column letter: `a`..`j` -> 0..9, `k` -> 9, either case.
#[inline(always)]
pub(crate) fn column_of(b: u8) -> Option<u8> {
    COLUMNS[usize::from(b)]
}

/// [`column_of`] for every byte, a table for speed.
const COLUMNS: [Option<u8>; 256] = {
    let mut table = [None; 256];
    let mut b = 0;
    while b < 256 {
        // `| 0x20` makes upper case lower case, and no other byte a column letter.
        table[b] = match b as u8 | 0x20 {
            lower @ b'a'..=b'j' => Some(lower - b'a'),
            b'k' => Some(9),
            _ => None,
        };
        b += 1;
    }
    table
};

fn parse_u32(digits: &[u8]) -> Option<u32> {
    digits.iter().try_fold(0u32, |n, &d| {
        n.checked_mul(10)?
            .checked_add(u32::from(d.checked_sub(b'0')?))
    })
}

pub(crate) fn column(i: &[u8]) -> Res<'_, u8> {
    map_opt(take(1usize), |c: &[u8]| column_of(*c.first()?)).parse(i)
}

pub(crate) fn alpha_square(i: &[u8]) -> Res<'_, WrittenSquare> {
    let (i, column) = column(i)?;
    let digits = verify(
        take_while_m_n(1, 2, |b: u8| b.is_ascii_digit()),
        |d: &[u8]| d.first() != Some(&b'0'),
    );
    let (i, row) = map_opt(digits, parse_u32).parse(i)?;
    Ok((i, WrittenSquare::Alpha { column, row }))
}

pub(crate) fn num_square(i: &[u8]) -> Res<'_, WrittenSquare> {
    let positive = verify(number, |&n| n >= 1);
    map(positive, WrittenSquare::Number).parse(i)
}

/// Digits as a number that fits a `u32`.
fn number(i: &[u8]) -> Res<'_, u32> {
    map_opt(digit1, parse_u32).parse(i)
}

pub(crate) fn square(i: &[u8]) -> Res<'_, WrittenSquare> {
    alt((alpha_square, num_square)).parse(i)
}

pub(crate) fn separator(i: &[u8]) -> Res<'_, Separator> {
    let sep = |s: &[u8]| SEPARATORS[usize::from(*s.first()?)];
    map_opt(take(1usize), sep).parse(i)
}

/// The first branch of [`squares`]: the common spellings in one pass, without nom. Two or
/// more squares of one kind joined by one separator (`c3-d4`, `c3:e5:g7`, `22x13`), at most
/// 4 squares, followed by the end of `i`, the end of the word, strength marks or a NAG;
/// `None` for anything else, which the general branch reads (giving the same answer on what
/// this one reads). Returns the bytes used, the squares and the separator.
#[inline(always)]
fn common_squares(i: &[u8]) -> Option<(usize, Squares, Separator)> {
    common_pair(i).or_else(|| common_run(i))
}

/// The commonest moves of all, `c3-d4` and `22-18`, as whole words read from a fixed window.
#[inline(always)]
fn common_pair(i: &[u8]) -> Option<(usize, Squares, Separator)> {
    let window = i.first_chunk::<6>()?;
    alpha_pair(window).or_else(|| number_pair(window))
}

/// [`common_squares`] square by square.
#[inline(always)]
fn common_run(i: &[u8]) -> Option<(usize, Squares, Separator)> {
    let alpha = column_of(*i.first()?).is_some();
    let mut squares = [WrittenSquare::Number(0); 4];
    let mut count = 0;
    let mut at = 0;
    let mut joined = Separator::None;
    loop {
        let (square, next) = if alpha {
            common_alpha(i, at)?
        } else {
            common_number(i, at)?
        };
        *squares.get_mut(count)? = square; // more than 4 squares: the general branch
        count += 1;
        let sep = match i.get(next).map(|&b| (b, SEPARATORS[usize::from(b)])) {
            Some((_, Some(sep))) => sep,
            Some((b, None))
                if count < 2 || !(WORD_ENDS[usize::from(b)] || b"!?*$".contains(&b)) =>
            {
                return None;
            }
            _ if count < 2 => return None,
            _ => return Some((next, Squares::from_buf_and_len(squares, count), joined)),
        };
        if count >= 2 && sep != joined {
            return None;
        }
        joined = sep;
        at = next + 1;
    }
}

/// The separator of every byte (`None` for bytes that are none).
const SEPARATORS: [Option<Separator>; 256] = {
    let mut table = [None; 256];
    table[b'-' as usize] = Some(Separator::Dash);
    table[b':' as usize] = Some(Separator::Colon);
    table[b'x' as usize] = Some(Separator::Cross);
    table[b'X' as usize] = Some(Separator::Cross);
    table
};

/// `c3-d4`, `e3:g5` (one-digit rows) as a whole word of 5 bytes, the sixth ending it.
#[inline(always)]
fn alpha_pair(w: &[u8; 6]) -> Option<(usize, Squares, Separator)> {
    let (r1, r2) = (w[1].wrapping_sub(b'1'), w[4].wrapping_sub(b'1'));
    let separator = SEPARATORS[usize::from(w[2])]?;
    let ok = r1 <= 8 && r2 <= 8 && WORD_ENDS[usize::from(w[5])];
    let (Some(c1), Some(c2), true) = (column_of(w[0]), column_of(w[3]), ok) else {
        return None;
    };
    let square = |column, r: u8| WrittenSquare::Alpha {
        column,
        row: u32::from(r) + 1,
    };
    let (from, to) = (square(c1, r1), square(c2, r2));
    let squares = Squares::from_buf_and_len([from, to, from, to], 2);
    Some((5, squares, separator))
}

/// `22-18`, `9x18`: two squares of one or two digits, not both of one (a word of 3 bytes may
/// be a result), as a whole word within the window.
#[inline(always)]
fn number_pair(w: &[u8; 6]) -> Option<(usize, Squares, Separator)> {
    let digit = |at: usize| {
        w.get(at)
            .and_then(|&b| b.checked_sub(b'0'))
            .filter(|&d| d < 10)
    };
    let square = |at: usize| -> Option<(u32, usize)> {
        let first = u32::from(digit(at)?);
        match digit(at + 1) {
            Some(second) => Some((first * 10 + u32::from(second), at + 2)),
            None => Some((first, at + 1)),
        }
    };
    let (from, at) = square(0)?;
    let separator = SEPARATORS[usize::from(*w.get(at)?)]?;
    let (to, end) = square(at + 1)?;
    let ends = w.get(end).is_some_and(|&b| WORD_ENDS[usize::from(b)]);
    if from == 0 || to == 0 || end < 4 || !ends {
        return None;
    }
    let (from, to) = (WrittenSquare::Number(from), WrittenSquare::Number(to));
    let squares = Squares::from_buf_and_len([from, to, from, to], 2);
    Some((end, squares, separator))
}

/// `c3`, `C3`, `k10` at `i[at]`, not followed by a third digit.
#[inline(always)]
fn common_alpha(i: &[u8], at: usize) -> Option<(WrittenSquare, usize)> {
    let column = column_of(*i.get(at)?)?;
    let d1 = i.get(at + 1).filter(|d| matches!(d, b'1'..=b'9'))? - b'0';
    match i.get(at + 2) {
        Some(d2) if d2.is_ascii_digit() => {
            if i.get(at + 3).is_some_and(u8::is_ascii_digit) {
                return None;
            }
            let row = u32::from(d1) * 10 + u32::from(d2 - b'0');
            Some((WrittenSquare::Alpha { column, row }, at + 3))
        }
        _ => {
            let row = u32::from(d1);
            Some((WrittenSquare::Alpha { column, row }, at + 2))
        }
    }
}

/// `22`, `07`, `5` at `i[at]`: one to three digits, not all zero (four digits may be `3228`).
#[inline(always)]
fn common_number(i: &[u8], at: usize) -> Option<(WrittenSquare, usize)> {
    let mut n = 0u32;
    let mut end = at;
    while let Some(&d) = i.get(end).filter(|d| d.is_ascii_digit()) {
        if end - at == 3 {
            return None;
        }
        n = n * 10 + u32::from(d - b'0');
        end += 1;
    }
    (n >= 1).then_some((WrittenSquare::Number(n), end))
}

/// `NormalMove`, `CaptureMove`: two or more squares of one kind, with separators (which may
/// be omitted between alphanumeric squares, or between two numbers of two digits: `3228`).
/// First branch: [`common_squares`].
#[inline(always)]
pub(crate) fn squares(i: &[u8]) -> Res<'_, (Squares, Separator)> {
    match common_squares(i) {
        Some((used, squares, separator)) => {
            let rest = i.get(used..).unwrap_or_default();
            Ok((rest, (squares, separator)))
        }
        None => general_squares(i),
    }
}

/// [`squares`] by combinators.
#[inline(never)]
fn general_squares(i: &[u8]) -> Res<'_, (Squares, Separator)> {
    if let Ok(read) = four_digits(i) {
        return Ok(read);
    }
    let (mut i, first) = square(i)?;
    let mut squares: Squares = smallvec![first];
    // Only alphanumeric squares can follow each other without a separator.
    let same_kind = verify(square, |s: &WrittenSquare| s.is_alpha() == first.is_alpha());
    let mut next = (opt(separator), same_kind);
    let mut joined = None;
    while let Ok((rest, (sep, square))) = next.parse(i) {
        let sep = sep.unwrap_or(Separator::None);
        joined = Some(match joined {
            Some(j) if j != sep => Separator::Mixed,
            _ => sep,
        });
        squares.push(square);
        i = rest;
    }
    match joined {
        Some(sep) => Ok((i, (squares, sep))),
        None => fail(i),
    }
}

/// `3228`: four digits and no more is `32-28`.
fn four_digits(i: &[u8]) -> Res<'_, (Squares, Separator)> {
    let digits = || take_while_m_n(2, 2, |b: u8| b.is_ascii_digit());
    let two = || verify(map_opt(digits(), parse_u32), |&n| n >= 1);
    let digit = satisfy(|c| c.is_ascii_digit());
    let (rest, (from, to)) = terminated((two(), two()), not(digit)).parse(i)?;
    let squares = smallvec![WrittenSquare::Number(from), WrittenSquare::Number(to)];
    Ok((rest, (squares, Separator::None)))
}

/// The Russian compact move: column of origin, an optional capture separator and the
/// destination (`ed4`, `e:d4`, `exd4`).
pub(crate) fn compact(i: &[u8]) -> Res<'_, (MoveShape, Separator)> {
    let (i, from_column) = column(i)?;
    let (i, sep) = opt(verify(separator, |s| s.is_capture())).parse(i)?;
    let (i, to) = alpha_square(i)?;
    let capture = sep.is_some();
    let shape = MoveShape::Compact {
        from_column,
        to,
        capture,
    };
    Ok((i, (shape, sep.unwrap_or(Separator::None))))
}

/// `-` or `--`: a move that was not recorded.
pub(crate) fn placeholder(i: &[u8]) -> Res<'_, (MoveShape, Separator)> {
    let read = (MoveShape::Placeholder, Separator::None);
    value(read, alt((tag(&b"--"[..]), tag(&b"-"[..])))).parse(i)
}

/// Strength marks glued to a move: a run of `!`, `?` (and `*`).
pub(crate) fn move_strength(i: &[u8]) -> Res<'_, &[u8]> {
    take_while1(|b: u8| matches!(b, b'!' | b'?' | b'*')).parse(i)
}

/// `Move`: [`squares`] (a capture if any separator is one), [`compact`] or [`placeholder`].
pub(crate) fn pdn_move(i: &[u8]) -> Res<'_, (MoveShape, Separator)> {
    let Ok((rest, (squares, sep))) = squares(i) else {
        return alt((compact, placeholder)).parse(i);
    };
    let capture = match sep {
        Separator::Mixed => i
            .iter()
            .take(i.len() - rest.len())
            .any(|b| b":xX".contains(b)),
        _ => sep.is_capture(),
    };
    Ok((rest, (MoveShape::Squares { squares, capture }, sep)))
}

/// One move with optional glued strength marks; the rest of the input is returned.
pub(crate) fn game_move(i: &[u8]) -> Res<'_, WrittenMove> {
    let (rest, (shape, separator)) = pdn_move(i)?;
    let Ok(text_len) = u16::try_from(i.len() - rest.len()) else {
        return fail(rest);
    };
    let (rest, marks) = opt(move_strength).parse(rest)?;
    let strength = match marks.map(Marks::new) {
        Some(None) => return fail(rest),
        marks => marks.flatten().map(|marks| Strength {
            marks,
            parenthesized: false,
        }),
    };
    let mv = WrittenMove {
        text_len,
        shape,
        separator,
        strength,
    };
    Ok((rest, mv))
}

/// `MOVENUMBER`, leniently: digits followed by any number of dots. Returns the number and
/// the count of dots. First branch: `7.` and `12.` from a fixed window.
#[inline(always)]
pub(crate) fn move_number(i: &[u8]) -> Res<'_, (u32, usize)> {
    match number_window(i) {
        Some((number, used)) => Ok((i.get(used..).unwrap_or_default(), (number, 1))),
        None => general_move_number(i),
    }
}

/// [`move_number`] by combinators.
#[inline(never)]
fn general_move_number(i: &[u8]) -> Res<'_, (u32, usize)> {
    let (rest, number) = number(i)?;
    let (rest, dots) = take_while1(|b| b == b'.').parse(rest)?;
    Ok((rest, (number, dots.len())))
}

/// The first branch of [`move_number`]: `7.` and `12.` from a fixed window of 4 bytes, not
/// followed by another dot. Returns the number and the bytes used.
#[inline(always)]
fn number_window(i: &[u8]) -> Option<(u32, usize)> {
    let digit = |b: u8| b.wrapping_sub(b'0');
    let &[d1, b2, b3, b4] = i.first_chunk::<4>()?;
    if digit(d1) >= 10 {
        return None;
    }
    if b2 == b'.' && b3 != b'.' {
        Some((u32::from(digit(d1)), 2))
    } else if digit(b2) < 10 && b3 == b'.' && b4 != b'.' {
        Some((u32::from(digit(d1)) * 10 + u32::from(digit(b2)), 3))
    } else {
        None
    }
}

/// A move number as a whole word at the start of `rest`, for tokenizers: `12.` or `12...`,
/// at most 9 digits (so that it fits). Returns the number, whether it is Black's (`...`) and
/// the bytes used; `None` for any other word. `end_ends_word`: the end of `rest` ends a word
/// (the end of a game, not of a buffer that may go on).
#[inline(always)]
pub(crate) fn move_number_word(rest: &[u8], end_ends_word: bool) -> Option<(u32, bool, usize)> {
    let ends_word = |used: usize| {
        rest.get(used)
            .map_or(end_ends_word, |&b| WORD_ENDS[usize::from(b)])
    };
    let (after, (number, dots)) = move_number(rest).ok()?;
    let used = rest.len() - after.len();
    let fits = used - dots <= 9;
    (ends_word(used) && fits && (dots == 1 || dots == 3)).then_some((number, dots == 3, used))
}

/// A plain move as a whole word at the start of `rest`, for tokenizers: up to 4 [`squares`]
/// of one kind joined by one kind of separator, nothing glued to it, not a result (`1-1`), at
/// most [`MAX_TOKEN_BYTES`] long. Returns the bytes used, the squares and the separator; `None`
/// for any other word (which [`game_move`] reads, with what it finds). `end_ends_word` as for
/// [`move_number_word`].
#[inline(always)]
pub(crate) fn move_word(rest: &[u8], end_ends_word: bool) -> Option<(usize, Squares, Separator)> {
    // The first branch of `squares` reads every such move of up to 4 squares (longer ones
    // are left to `game_move` with the rest); its windows read whole words only.
    if let Some(pair) = common_pair(rest) {
        return Some(pair);
    }
    let (used, squares, separator) = common_run(rest)?;
    let ends_word = rest
        .get(used)
        .map_or(end_ends_word, |&b| WORD_ENDS[usize::from(b)]);
    if !ends_word || used > MAX_TOKEN_BYTES {
        return None;
    }
    let word = rest.get(..used)?;
    let result = word.first()?.is_ascii_digit()
        && GameResult::may_be(word)
        && GameResult::from_bytes(word).is_some();
    (!result).then_some((used, squares, separator))
}

/// A whole word of digits (at most 3), read as a move number missing its dot.
pub(crate) fn bare_number(word: &[u8]) -> Option<u32> {
    if (1..=3).contains(&word.len()) && word.iter().all(u8::is_ascii_digit) {
        parse_u32(word)
    } else {
        None
    }
}

/// A NAG: `$` and a number up to 65535.
pub(crate) fn nag(i: &[u8]) -> Res<'_, u16> {
    preceded(tag(&b"$"[..]), map_opt(number, |n| u16::try_from(n).ok())).parse(i)
}

/// A result as a whole word (`1-0`, `2-0`, `1/2-1/2`, `1:1`, `½-½`, `*`...).
pub(crate) fn game_result(i: &[u8]) -> Res<'_, GameResult> {
    match GameResult::from_bytes(i) {
        Some(result) => Ok((&[], result)),
        None => fail(i),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a word reader read: the bytes used, then the squares and separator.
    fn shown((used, squares, sep): (usize, Squares, Separator)) -> String {
        let squares: Vec<String> = squares.iter().map(|s| s.to_string()).collect();
        format!("{used} {} {sep:?}", squares.join(" "))
    }

    /// Every word over a small alphabet: the first branch of `squares` reads what the general
    /// branch reads, and so do the fixed windows of its first branch. (The spellings of moves
    /// are checked through `WrittenMove::parse` in `tests/it/spellings.rs`.)
    #[test]
    fn first_branch_of_squares_agrees_with_the_general_one() {
        let alphabet: &[u8] = b"ck0123-:x!$ ";
        let word_of = |mut n: usize, len: u32| -> Vec<u8> {
            (0..len)
                .map(|_| {
                    let b = alphabet[n % alphabet.len()];
                    n /= alphabet.len();
                    b
                })
                .collect()
        };
        let general = |word: &[u8]| -> Option<(usize, Squares, Separator)> {
            let (rest, (squares, sep)) = general_squares(word).ok()?;
            Some((word.len() - rest.len(), squares, sep))
        };
        let (mut checked, mut windows) = (0, 0);
        for len in 1..=6u32 {
            for n in 0..alphabet.len().pow(len) {
                let word = word_of(n, len);
                if let Some(fast) = common_squares(&word) {
                    assert_eq!(general(&word), Some(fast), "{word:?}");
                    checked += 1;
                }
                let Ok(w) = <[u8; 6]>::try_from(word.as_slice()) else {
                    continue;
                };
                for fast in alpha_pair(&w).into_iter().chain(number_pair(&w)) {
                    assert_eq!(general(&w), Some(fast.clone()), "{w:?}");
                    assert!(WORD_ENDS[usize::from(w[fast.0])], "{w:?}");
                    windows += 1;
                }
            }
        }
        assert!(checked > 1000 && windows > 1000, "{checked} {windows}");
        for (word, read) in [
            ("c3-d4", true),
            ("C3xE5", true),
            ("k10:i8:g10", true),
            ("22-18", true),
            ("5x14", true),
            ("007-13", true),
            ("c3-d4!?$1", true),
            ("3228", false),
            ("c3d4", false),
            ("c3-e5:g7", false),
            ("c3-22", false),
            ("c333-d4", false),
            ("c3-", false),
            ("1234-5", false),
            ("ed4", false),
        ] {
            assert_eq!(common_squares(word.as_bytes()).is_some(), read, "{word}");
        }
    }

    #[test]
    fn plain_move_words() {
        // Marks, NAGs, other spellings, results and words too long are other words; a word
        // at the end of a buffer may go on (unless `end_ends_word`).
        let long = format!("{} ", ["a1"; 100].join("-"));
        assert!(long.len() - 1 > MAX_TOKEN_BYTES);
        for (text, end_ends_word, expected) in [
            ("c3-d4 e7-f6", false, Some("5 c3 d4 Dash")),
            ("c3-d4{x}", false, Some("5 c3 d4 Dash")),
            ("c3-d4", true, Some("5 c3 d4 Dash")),
            ("c3-d4", false, None),
            ("22x13x4 ", false, Some("7 22 13 4 Cross")),
            ("a1-b2-c3-d4 ", false, Some("11 a1 b2 c3 d4 Dash")),
            ("a1-b2-c3-d4-e5 ", false, None),
            ("c3-d4! ", false, None),
            ("c3-d4$1 ", false, None),
            ("c3d4 ", false, None),
            ("3228 ", false, None),
            ("c3-e5:g7 ", false, None),
            ("ed4 ", false, None),
            ("1-1 ", false, None),
            ("1-0 ", false, None),
            ("c3-d4x ", false, None),
            (&long, false, None),
        ] {
            let read = move_word(text.as_bytes(), end_ends_word).map(shown);
            assert_eq!(read.as_deref(), expected, "{text:?}");
        }
    }

    #[test]
    fn move_numbers() {
        for (text, end_ends_word, expected) in [
            ("12. c3-d4", false, Some((12, false, 3))),
            ("7.", true, Some((7, false, 2))),
            ("7.", false, None),
            ("12... d6-c5", false, Some((12, true, 5))),
            ("123456789. ", false, Some((123456789, false, 10))),
            ("1234567890. ", false, None),
            ("12 ", false, None),
            ("12.. ", false, None),
            ("12.... ", false, None),
            ("1.c3-d4", false, None),
            ("12.e3 ", false, None),
            ("x1. ", false, None),
        ] {
            let read = move_number_word(text.as_bytes(), end_ends_word);
            assert_eq!(read, expected, "{text:?}");
        }
        // The production itself: the number, its dots and what is left.
        for (text, expected) in [
            ("7. x", Some((" x", 7, 1))),
            ("12.x", Some(("x", 12, 1))),
            ("7..x", Some(("x", 7, 2))),
            ("12...", Some(("", 12, 3))),
            ("123.x", Some(("x", 123, 1))),
            ("1.", Some(("", 1, 1))),
            ("1.e3-d4", Some(("e3-d4", 1, 1))),
            ("12...32-28", Some(("32-28", 12, 3))),
            ("12", None),
            ("99999999999.", None),
        ] {
            let read = move_number(text.as_bytes()).ok();
            let read = read.map(|(rest, (n, dots))| (std::str::from_utf8(rest).unwrap(), n, dots));
            assert_eq!(read, expected, "{text:?}");
        }
        for (text, expected) in [("12", Some(12)), ("1234", None), ("1a", None)] {
            assert_eq!(bare_number(text.as_bytes()), expected, "{text:?}");
        }
    }

    #[test]
    fn nags() {
        for (text, expected) in [
            ("$3", Some((&b""[..], 3))),
            ("$65535x", Some((&b"x"[..], 65535))),
            ("$65536", None),
            ("$", None),
        ] {
            assert_eq!(nag(text.as_bytes()).ok(), expected, "{text:?}");
        }
    }
}
