//! The productions of moves and what surrounds them in movetext: `GameMove`, `Move`,
//! `NormalMove`/`CaptureMove`, `Square`, `ALPHASQUARE`, `NUMSQUARE`, the separators,
//! `MOVESTRENGTH`, `MOVENUMBER`, `NAG` and the result; also the Russian compact move (`ed4`)
//! and the placeholder (`-`, `--`).

use super::{Res, fail};
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
    character::complete::digit1,
    combinator::{map_opt, opt, verify},
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
    let column = COLUMNS[usize::from(b)];
    (column != NO_COLUMN).then_some(column)
}

const NO_COLUMN: u8 = 0xff;

/// [`column_of`] for every byte ([`NO_COLUMN`] for none).
const COLUMNS: [u8; 256] = {
    let mut table = [NO_COLUMN; 256];
    let mut c = 0;
    while c < 10 {
        table[(b'a' + c) as usize] = c;
        table[(b'A' + c) as usize] = c;
        c += 1;
    }
    table[b'k' as usize] = 9;
    table[b'K' as usize] = 9;
    table
};

fn parse_u32(digits: &[u8]) -> Option<u32> {
    digits.iter().try_fold(0u32, |n, &d| {
        n.checked_mul(10)?
            .checked_add(u32::from(d.checked_sub(b'0')?))
    })
}

pub(crate) fn column(i: &[u8]) -> Res<'_, u8> {
    map_opt(take(1usize), |c: &[u8]| {
        c.first().copied().and_then(column_of)
    })
    .parse(i)
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
    let positive = |n: &u32| *n >= 1;
    let (i, n) = verify(map_opt(digit1, parse_u32), positive).parse(i)?;
    Ok((i, WrittenSquare::Number(n)))
}

pub(crate) fn square(i: &[u8]) -> Res<'_, WrittenSquare> {
    match alpha_square(i) {
        Ok(ok) => Ok(ok),
        Err(_) => num_square(i),
    }
}

pub(crate) fn separator(i: &[u8]) -> Res<'_, Separator> {
    map_opt(take(1usize), |s: &[u8]| match s.first() {
        Some(b'-') => Some(Separator::Dash),
        Some(b':') => Some(Separator::Colon),
        Some(b'x' | b'X') => Some(Separator::Cross),
        _ => None,
    })
    .parse(i)
}

/// The common spellings read without nom, in one pass: two or more squares of one kind
/// joined by one separator (`c3-d4`, `c3:e5:g7`, `22x13`), at most 4 squares, followed by
/// the end of `i`, the end of the word, strength marks or a NAG. Returns the bytes used, the
/// squares and the separator; `None` for anything else, which [`pdn_move`] then reads (it gives
/// the same answer on what this accepts).
pub(crate) fn quick_squares(i: &[u8]) -> Option<(usize, Squares, Separator)> {
    let alpha = column_of(*i.first()?).is_some();
    let mut squares = [WrittenSquare::Number(0); 4];
    let mut count = 0;
    let mut at = 0;
    let mut joined = Separator::None;
    loop {
        let (square, next) = if alpha {
            quick_alpha(i, at)?
        } else {
            quick_number(i, at)?
        };
        *squares.get_mut(count)? = square; // more than 4 squares: the general reader
        count += 1;
        let sep = match i.get(next) {
            Some(b'-') => Separator::Dash,
            Some(b':') => Separator::Colon,
            Some(b'x' | b'X') => Separator::Cross,
            Some(&b) if count < 2 || !(WORD_ENDS[usize::from(b)] || b"!?*$".contains(&b)) => {
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

/// The commonest moves of all, `c3-d4` or `22-18` (two squares, both alphanumeric or both
/// numeric), with the index after it; whatever follows is for the caller to check.
#[inline(always)]
pub(crate) fn quick_pair(i: &[u8]) -> Option<(usize, Squares, Separator)> {
    if i.first()?.is_ascii_digit() {
        pair_of(i, quick_number)
    } else {
        pair_of(i, quick_alpha)
    }
}

/// [`quick_pair`] with squares read by `square` (a type each, so that it is inlined).
#[inline(always)]
fn pair_of(
    i: &[u8],
    square: impl Fn(&[u8], usize) -> Option<(WrittenSquare, usize)>,
) -> Option<(usize, Squares, Separator)> {
    let (from, at) = square(i, 0)?;
    let sep = match i.get(at)? {
        b'-' => Separator::Dash,
        b':' => Separator::Colon,
        b'x' | b'X' => Separator::Cross,
        _ => return None,
    };
    let (to, end) = square(i, at + 1)?;
    let squares = Squares::from_buf_and_len([from, to, from, to], 2);
    Some((end, squares, sep))
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

/// The commonest move of all as a whole word: two alphanumeric squares with one-digit rows
/// and a separator (`c3-d4`, `e3:g5`), read from the first 6 bytes of its word, the sixth
/// ending the word. Gives what [`quick_pair`] gives on such a word (5 bytes used).
#[inline(always)]
pub(crate) fn quickest_alpha(w: &[u8; 6]) -> Option<(Squares, Separator)> {
    let (c1, c2) = (COLUMNS[usize::from(w[0])], COLUMNS[usize::from(w[3])]);
    let (r1, r2) = (w[1].wrapping_sub(b'1'), w[4].wrapping_sub(b'1'));
    let separator = SEPARATORS[usize::from(w[2])]?;
    if c1 == NO_COLUMN || c2 == NO_COLUMN || r1 > 8 || r2 > 8 || !WORD_ENDS[usize::from(w[5])] {
        return None;
    }
    let from = WrittenSquare::Alpha {
        column: c1,
        row: u32::from(r1) + 1,
    };
    let to = WrittenSquare::Alpha {
        column: c2,
        row: u32::from(r2) + 1,
    };
    Some((
        Squares::from_buf_and_len([from, to, from, to], 2),
        separator,
    ))
}

/// The commonest numeric moves as a whole word: two squares of one or two digits, not both
/// of one (a word of 3 bytes may be a result), and a separator (`22-18`, `9x18`), read from
/// the first 6 bytes of its word. Returns the bytes used; gives what [`quick_pair`] gives.
#[inline(always)]
pub(crate) fn quickest_numbers(w: &[u8; 6]) -> Option<(usize, Squares, Separator)> {
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

/// A plain move as a whole word at the start of `rest`, as the quick readers read it: one
/// kind of separator, nothing glued to it, not a result (`1-1`), at most
/// [`MAX_TOKEN_BYTES`] long. Returns the bytes used, the squares and the separator.
/// `end_ends_word`: the end of `rest` ends a word (the end of a game, not of a buffer that
/// may go on).
#[inline(always)]
pub(crate) fn quick_move_word(
    rest: &[u8],
    end_ends_word: bool,
) -> Option<(usize, Squares, Separator)> {
    // The commonest spellings from a fixed window first.
    if let Some(window) = rest.first_chunk::<6>() {
        if let Some((squares, separator)) = quickest_alpha(window) {
            return Some((5, squares, separator));
        }
        if let Some(quick) = quickest_numbers(window) {
            return Some(quick);
        }
    }
    let ends_word = |used: usize| {
        rest.get(used)
            .map_or(end_ends_word, |&b| WORD_ENDS[usize::from(b)])
    };
    let (used, squares, separator) = match quick_pair(rest) {
        Some(pair) if ends_word(pair.0) => pair,
        _ => quick_squares(rest).filter(|q| ends_word(q.0))?,
    };
    let word = rest.get(..used)?;
    let result = word.first()?.is_ascii_digit()
        && GameResult::may_be(word)
        && GameResult::from_bytes(word).is_some();
    (used <= MAX_TOKEN_BYTES && !result).then_some((used, squares, separator))
}

/// A move number as a whole word at the start of `rest`, as the quick readers read it: `12.`
/// or `12...`, at most 9 digits. Returns the number, whether it is Black's (`...`) and the
/// bytes used; `end_ends_word` as for [`quick_move_word`].
#[inline(always)]
pub(crate) fn quick_move_number(rest: &[u8], end_ends_word: bool) -> Option<(u32, bool, usize)> {
    let ends_word = |used: usize| {
        rest.get(used)
            .map_or(end_ends_word, |&b| WORD_ENDS[usize::from(b)])
    };
    let digit = |b: u8| b.wrapping_sub(b'0');
    // `7.` and `12.` from a fixed window first.
    if let Some(&[d1, b2, b3, _]) = rest.first_chunk::<4>()
        && digit(d1) < 10
    {
        if b2 == b'.' && ends_word(2) {
            return Some((u32::from(digit(d1)), false, 2));
        }
        if digit(b2) < 10 && b3 == b'.' && ends_word(3) {
            return Some((u32::from(digit(d1)) * 10 + u32::from(digit(b2)), false, 3));
        }
    }
    let mut number = 0u32;
    let mut digits = 0;
    while let Some(&d) = rest.get(digits).filter(|d| d.is_ascii_digit()) {
        if digits == 9 {
            return None; // might not fit: the general reader decides
        }
        number = number * 10 + u32::from(d - b'0');
        digits += 1;
    }
    let dots = rest
        .get(digits..)?
        .iter()
        .take_while(|&&b| b == b'.')
        .count();
    let used = digits + dots;
    (digits > 0 && (dots == 1 || dots == 3) && ends_word(used)).then_some((number, dots == 3, used))
}

/// `c3`, `C3`, `k10` at `i[at]`, not followed by a third digit.
#[inline(always)]
fn quick_alpha(i: &[u8], at: usize) -> Option<(WrittenSquare, usize)> {
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
fn quick_number(i: &[u8], at: usize) -> Option<(WrittenSquare, usize)> {
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

/// Two or more squares of one kind, with separators (which may be omitted between
/// alphanumeric squares).
pub(crate) fn squares(i: &[u8]) -> Res<'_, (Squares, Separator)> {
    // `3228`: four digits and nothing more digit-like is `32-28`.
    let four: Res<'_, &[u8]> = take_while_m_n(4, 4, |b: u8| b.is_ascii_digit()).parse(i);
    if let Ok((rest, digits)) = four {
        let more = rest.first().is_some_and(u8::is_ascii_digit);
        let from = digits.get(..2).and_then(parse_u32).filter(|&n| n >= 1);
        let to = digits.get(2..).and_then(parse_u32).filter(|&n| n >= 1);
        if let (false, Some(from), Some(to)) = (more, from, to) {
            let squares = smallvec![WrittenSquare::Number(from), WrittenSquare::Number(to)];
            return Ok((rest, (squares, Separator::None)));
        }
    }
    let (mut i, first) = square(i)?;
    let mut squares: Squares = smallvec![first];
    let mut joined: Option<Separator> = None;
    loop {
        let prev_alpha = first.is_alpha();
        let step = match separator(i) {
            Ok((after, sep)) => square(after).map(|(rest, sq)| (rest, sq, sep)),
            Err(_) if prev_alpha => alpha_square(i).map(|(rest, sq)| (rest, sq, Separator::None)),
            Err(e) => Err(e),
        };
        match step {
            Ok((rest, sq, sep)) if sq.is_alpha() == prev_alpha => {
                squares.push(sq);
                joined = Some(joined.map_or(sep, |j| j.join(sep)));
                i = rest;
            }
            _ => break,
        }
    }
    match joined {
        Some(sep) => Ok((i, (squares, sep))),
        None => fail(i),
    }
}

pub(crate) fn compact(i: &[u8]) -> Res<'_, (u8, WrittenSquare, Separator)> {
    let (i, from_column) = column(i)?;
    let capture_sep = verify(separator, |s: &Separator| s.is_capture());
    let (i, sep) = opt(capture_sep).parse(i)?;
    let (i, to) = alpha_square(i)?;
    Ok((i, (from_column, to, sep.unwrap_or(Separator::None))))
}

pub(crate) fn placeholder(i: &[u8]) -> Res<'_, &[u8]> {
    alt((tag(&b"--"[..]), tag(&b"-"[..]))).parse(i)
}

/// Strength marks glued to a move: a run of `!`, `?` (and `*`).
pub(crate) fn move_strength(i: &[u8]) -> Res<'_, &[u8]> {
    take_while1(|b: u8| matches!(b, b'!' | b'?' | b'*')).parse(i)
}

pub(crate) fn pdn_move(i: &[u8]) -> Res<'_, (MoveShape, Separator)> {
    if let Ok((rest, (squares, sep))) = squares(i) {
        let capture = match sep {
            Separator::Colon | Separator::Cross => true,
            Separator::Mixed => mixed_has_capture(i, rest),
            Separator::None | Separator::Dash => false,
        };
        return Ok((rest, (MoveShape::Squares { squares, capture }, sep)));
    }
    if let Ok((rest, (from_column, to, sep))) = compact(i) {
        let capture = sep.is_capture();
        return Ok((
            rest,
            (
                MoveShape::Compact {
                    from_column,
                    to,
                    capture,
                },
                sep,
            ),
        ));
    }
    let (rest, _) = placeholder(i)?;
    Ok((rest, (MoveShape::Placeholder, Separator::None)))
}

/// Whether the move text `all[..all.len() - rest.len()]` has a capture separator.
fn mixed_has_capture(all: &[u8], rest: &[u8]) -> bool {
    let used = all.len().saturating_sub(rest.len());
    all.get(..used)
        .is_some_and(|t| t.iter().any(|b| matches!(b, b':' | b'x' | b'X')))
}

/// One move with optional glued strength marks; the rest of the input is returned.
pub(crate) fn game_move(i: &[u8]) -> Res<'_, WrittenMove> {
    let (rest, shape, separator) = match quick_squares(i) {
        Some((used, squares, separator)) => {
            let capture = separator.is_capture();
            let shape = MoveShape::Squares { squares, capture };
            (i.get(used..).unwrap_or_default(), shape, separator)
        }
        None => {
            let (rest, (shape, separator)) = pdn_move(i)?;
            (rest, shape, separator)
        }
    };
    let used = i.len().saturating_sub(rest.len());
    let Ok(text_len) = u16::try_from(used) else {
        return fail(rest);
    };
    let (rest, marks) = opt(move_strength).parse(rest)?;
    let strength = match marks {
        Some(m) => match Marks::new(m) {
            Some(marks) => Some(Strength {
                marks,
                parenthesized: false,
            }),
            None => return fail(rest),
        },
        None => None,
    };
    Ok((
        rest,
        WrittenMove {
            text_len,
            shape,
            separator,
            strength,
        },
    ))
}

/// A move number: digits followed by dots. Returns the number and the count of dots.
pub(crate) fn move_number(i: &[u8]) -> Res<'_, (u32, usize)> {
    let mut number = 0u32;
    let mut digits = 0;
    while let Some(&d) = i.get(digits).filter(|d| d.is_ascii_digit()) {
        let Some(n) = number
            .checked_mul(10)
            .and_then(|n| n.checked_add(u32::from(d - b'0')))
        else {
            return fail(i);
        };
        number = n;
        digits += 1;
    }
    let after = i.get(digits..).unwrap_or_default();
    let dots = after.iter().take_while(|&&b| b == b'.').count();
    if digits == 0 || dots == 0 {
        return fail(i);
    }
    Ok((after.get(dots..).unwrap_or_default(), (number, dots)))
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
    let (i, _) = tag(&b"$"[..]).parse(i)?;
    map_opt(digit1, |d: &[u8]| {
        parse_u32(d).and_then(|n| u16::try_from(n).ok())
    })
    .parse(i)
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
    use crate::pdn::movetext::MAX_MARKS;
    use WrittenSquare::{Alpha, Number};

    fn sq(s: &str) -> WrittenSquare {
        let b = s.as_bytes();
        match b.first() {
            Some(c) if c.is_ascii_alphabetic() => Alpha {
                column: column_of(*c).unwrap(),
                row: s[1..].parse().unwrap(),
            },
            _ => Number(s.parse().unwrap()),
        }
    }

    fn squares_of(text: &str) -> (Vec<WrittenSquare>, bool, Separator) {
        let mv = WrittenMove::parse(text.as_bytes()).unwrap_or_else(|| panic!("{text}"));
        assert_eq!(usize::from(mv.text_len), text.len());
        match mv.shape {
            MoveShape::Squares { squares, capture } => (squares.to_vec(), capture, mv.separator),
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn normal_and_capture_moves() {
        assert_eq!(
            squares_of("c3-d4"),
            (vec![sq("c3"), sq("d4")], false, Separator::Dash)
        );
        assert_eq!(
            squares_of("c3:e5:g7"),
            (vec![sq("c3"), sq("e5"), sq("g7")], true, Separator::Colon)
        );
        assert_eq!(
            squares_of("c3xg7"),
            (vec![sq("c3"), sq("g7")], true, Separator::Cross)
        );
        assert_eq!(
            squares_of("C3XE5"),
            (vec![sq("c3"), sq("e5")], true, Separator::Cross)
        );
        assert_eq!(
            squares_of("22-18"),
            (vec![Number(22), Number(18)], false, Separator::Dash)
        );
        assert_eq!(
            squares_of("22x13"),
            (vec![Number(22), Number(13)], true, Separator::Cross)
        );
        assert_eq!(
            squares_of("22:15:8"),
            (
                vec![Number(22), Number(15), Number(8)],
                true,
                Separator::Colon
            )
        );
        assert_eq!(
            squares_of("01-07"),
            (vec![Number(1), Number(7)], false, Separator::Dash)
        );
    }

    #[test]
    fn columns_j_and_k_are_the_tenth() {
        let (s, _, _) = squares_of("i1-j2");
        assert_eq!(s[1], Alpha { column: 9, row: 2 });
        let (s, _, _) = squares_of("h2-k3");
        assert_eq!(s[1], Alpha { column: 9, row: 3 });
        assert_eq!(s[1].to_string(), "j3");
    }

    #[test]
    fn omitted_and_mixed_separators() {
        assert_eq!(
            squares_of("a3b4"),
            (vec![sq("a3"), sq("b4")], false, Separator::None)
        );
        assert_eq!(
            squares_of("3228"),
            (vec![Number(32), Number(28)], false, Separator::None)
        );
        assert_eq!(
            squares_of("c3-e5:g7"),
            (vec![sq("c3"), sq("e5"), sq("g7")], true, Separator::Mixed)
        );
        assert_eq!(squares_of("c3d4-e5").2, Separator::Mixed);
        assert!(!squares_of("c3d4-e5").1);
    }

    #[test]
    fn compact_notation() {
        for (text, capture, sep) in [
            ("ed4", false, Separator::None),
            ("e:d4", true, Separator::Colon),
            ("exd4", true, Separator::Cross),
            ("Ed4", false, Separator::None),
        ] {
            let mv = WrittenMove::parse(text.as_bytes()).unwrap();
            assert_eq!(mv.separator, sep);
            assert_eq!(
                mv.shape,
                MoveShape::Compact {
                    from_column: 4,
                    to: sq("d4"),
                    capture
                },
                "{text}"
            );
            assert_eq!(mv.is_capture(), capture);
        }
    }

    #[test]
    fn placeholders() {
        for text in ["-", "--"] {
            let mv = WrittenMove::parse(text.as_bytes()).unwrap();
            assert_eq!(mv.shape, MoveShape::Placeholder);
            assert_eq!(usize::from(mv.text_len), text.len());
        }
    }

    #[test]
    fn strength_marks_are_kept() {
        for marks in ["!", "?", "!!", "??", "!?", "?!", "*"] {
            let text = format!("c3-d4{marks}");
            let mv = WrittenMove::parse(text.as_bytes()).unwrap();
            assert_eq!(mv.text_len, 5, "c3-d4 without {marks}");
            assert_eq!(mv.strength.as_ref().map(|s| s.marks.as_str()), Some(marks));
        }
        let longest = format!("c3-d4{}", "!".repeat(MAX_MARKS));
        assert!(WrittenMove::parse(longest.as_bytes()).is_some());
        let longer = format!("c3-d4{}", "!".repeat(MAX_MARKS + 1));
        assert_eq!(WrittenMove::parse(longer.as_bytes()), None);
    }

    /// Every word over a small alphabet: the quick reader agrees with the general one.
    #[test]
    fn quick_reading_agrees_with_nom() {
        let alphabet: &[u8] = b"ck0123-:x!$ ";
        let mut checked = 0;
        for len in 1..=6u32 {
            for mut n in 0..alphabet.len().pow(len) {
                let mut word = Vec::new();
                for _ in 0..len {
                    word.push(alphabet[n % alphabet.len()]);
                    n /= alphabet.len();
                }
                let pair = quick_pair(&word).filter(|p| p.0 == word.len());
                for (used, squares, sep) in quick_squares(&word).into_iter().chain(pair) {
                    let (rest, (shape, general_sep)) = pdn_move(&word).expect("general reads it");
                    let capture = sep.is_capture();
                    assert_eq!(rest.len(), word.len() - used, "{word:?}");
                    assert_eq!(shape, MoveShape::Squares { squares, capture }, "{word:?}");
                    assert_eq!(sep, general_sep, "{word:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "{checked}");
        // The quickest readers, on every 6 bytes: what they read, quick_pair reads alike.
        let mut quickest = 0;
        for mut n in 0..alphabet.len().pow(6) {
            let mut w = [0u8; 6];
            for b in &mut w {
                *b = alphabet[n % alphabet.len()];
                n /= alphabet.len();
            }
            let alpha = quickest_alpha(&w).map(|(squares, sep)| (5, squares, sep));
            for (used, squares, sep) in alpha.into_iter().chain(quickest_numbers(&w)) {
                assert_eq!(quick_pair(&w), Some((used, squares, sep)), "{w:?}");
                assert!(WORD_ENDS[usize::from(w[used])], "{w:?}");
                assert!(!crate::pdn::result::GameResult::may_be(&w[..used]), "{w:?}");
                quickest += 1;
            }
        }
        assert!(quickest > 1000, "{quickest}");
        for word in [
            "c3-d4",
            "C3xE5",
            "k10:i8:g10",
            "22-18",
            "5x14",
            "007-13",
            "c3-d4!?$1",
        ] {
            assert!(quick_squares(word.as_bytes()).is_some(), "{word}");
        }
        for word in [
            "3228", "c3d4", "c3-e5:g7", "c3-22", "c333-d4", "c3-", "1234-5", "ed4",
        ] {
            assert!(quick_squares(word.as_bytes()).is_none(), "{word}");
        }
    }

    #[test]
    fn not_moves() {
        for text in [
            "", "c3", "c3-", "c3--d4", "c0-d1", "0-5", "5-0", "c3-22", "22-c3", "l3-m4", "x",
            "c3-d4x", "c3-d4e", "a123-b4", "12345", "322", "e", "ed", "e-d4", "d4-", "$1", "1.",
            "c3-d4!x", "--d4", "---",
        ] {
            assert_eq!(WrittenMove::parse(text.as_bytes()), None, "{text:?}");
        }
        assert!("c3-d4".parse::<WrittenMove>().is_ok());
        assert!("c3-".parse::<WrittenMove>().is_err());
    }

    #[test]
    fn move_numbers_and_nags() {
        assert_eq!(move_number(b"1.e3-d4"), Ok((&b"e3-d4"[..], (1, 1))));
        assert_eq!(move_number(b"12...32-28"), Ok((&b"32-28"[..], (12, 3))));
        assert!(move_number(b"12").is_err());
        assert!(move_number(b"99999999999.").is_err());
        assert_eq!(bare_number(b"12"), Some(12));
        assert_eq!(bare_number(b"1234"), None);
        assert_eq!(bare_number(b"1a"), None);
        assert_eq!(nag(b"$3"), Ok((&b""[..], 3)));
        assert_eq!(nag(b"$65535x"), Ok((&b"x"[..], 65535)));
        assert!(nag(b"$65536").is_err());
        assert!(nag(b"$").is_err());
    }
}
