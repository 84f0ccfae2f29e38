//! A move: one step, or one complete capture sequence along one path.

use crate::rules::geometry::{Geometry, bits};
use crate::rules::square::Corner;

/// Most jumps one capture can make: every jump takes a different enemy piece, and a board has
/// at most 40 squares, so at most 39 enemies.
pub(crate) const MAX_JUMPS: usize = 40;

/// A legal move. Squares are bit indices of the variant's geometry.
///
/// ```
/// use pdnkit::{Corner, Paths, Variant, legal_moves, parse_fen};
///
/// // The man on c3 must take d4, and then f6: one move, two pieces.
/// let pos = parse_fen("W:Wc3:Bd4,f6", Variant::Russian, Corner::TopLeft)?;
/// let g = pos.geometry();
/// let mut moves = Vec::new();
/// legal_moves(&pos, Paths::Distinct, &mut moves);
/// assert_eq!(moves.len(), 1);
/// let mv = moves[0];
/// assert!(mv.is_capture());
/// assert_eq!(mv.captured.count_ones(), 2);
/// assert_eq!(mv.to_alpha(g, false), "c3:g7");
/// assert_eq!(mv.to_alpha(g, true), "c3:e5:g7");
/// assert_eq!(mv.landings(), [g.parse_alpha(b"e5").unwrap(), g.parse_alpha(b"g7").unwrap()]);
/// assert_eq!(pos.play(&mv).count(pdnkit::Color::Black), (0, 0));
/// # Ok::<(), pdnkit::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The square the moving piece starts on.
    pub from: u8,
    /// The square it ends on.
    pub to: u8,
    /// Squares of the pieces captured (empty for a step).
    pub captured: u64,
    /// A man that becomes a king during this move.
    pub promotes: bool,
    /// Landing squares after each jump, in order; for a step, just `to`.
    path: [u8; MAX_JUMPS],
    path_len: u8,
}

impl Move {
    /// A step (not a capture) from `from` to `to`, crowning the man when `promotes`.
    pub fn step(from: u8, to: u8, promotes: bool) -> Move {
        // The path of a step is `to` alone, read from `to` (see `landings`): the array stays
        // zero, which is cheaper to write and to copy than an array with one byte set.
        Move {
            from,
            to,
            captured: 0,
            promotes,
            path: [0; MAX_JUMPS],
            path_len: 1,
        }
    }

    pub(crate) fn capture(from: u8, landings: &[u8], captured: u64, promotes: bool) -> Move {
        let mut path = [0; MAX_JUMPS];
        path[..landings.len()].copy_from_slice(landings);
        Move {
            from,
            to: *landings.last().expect("a capture lands somewhere"),
            captured,
            promotes,
            path,
            path_len: landings.len() as u8,
        }
    }

    /// Whether the move takes at least one piece.
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// Landing squares in order (for a step: the destination alone).
    pub fn landings(&self) -> &[u8] {
        if self.is_capture() {
            &self.path[..self.path_len as usize]
        } else {
            std::slice::from_ref(&self.to)
        }
    }

    /// Two moves are the same move when they start and end on the same squares, take the
    /// same pieces and both promote or not: they leave the same position.
    pub fn same_move(&self, other: &Move) -> bool {
        self.from == other.from
            && self.to == other.to
            && self.captured == other.captured
            && self.promotes == other.promotes
    }

    /// Whether another of `moves`, leaving a different position, starts and ends on the same
    /// squares: then this move must be written with its full path.
    pub fn shares_ends(&self, moves: &[Move]) -> bool {
        moves
            .iter()
            .any(|o| o.from == self.from && o.to == self.to && !o.same_move(self))
    }

    /// `c3-d4`, `c3:g7` (short) or `c3:e5:g7` (full path), alphanumeric.
    pub fn to_alpha(&self, g: &Geometry, full_path: bool) -> String {
        let mut out = String::with_capacity(16);
        self.write_alpha(g, full_path, &mut out);
        out
    }

    /// Appends [`Move::to_alpha`]'s text to `out`, without formatting machinery or a new
    /// string (for callers that write many moves into one reused buffer).
    pub fn write_alpha(&self, g: &Geometry, full_path: bool, out: &mut String) {
        self.write_path(full_path, out, |bit, out| push_square(g, bit, out));
    }

    /// `22-18`, `22:13` or `22:15:8`, numeric in the numbering starting at `corner`.
    pub fn to_numeric(&self, g: &Geometry, corner: Corner, full_path: bool) -> String {
        let mut out = String::with_capacity(16);
        self.write_numeric(g, corner, full_path, &mut out);
        out
    }

    /// Appends [`Move::to_numeric`]'s text to `out`, as [`Move::write_alpha`] does.
    pub fn write_numeric(&self, g: &Geometry, corner: Corner, full_path: bool, out: &mut String) {
        self.write_path(full_path, out, |bit, out| {
            push_decimal(u32::from(g.number_of(bit, corner)), out);
        });
    }

    /// The squares of the move, each written by `square`, joined by `-` (a step) or `:`.
    #[inline(always)]
    fn write_path(&self, full_path: bool, out: &mut String, square: impl Fn(u8, &mut String)) {
        square(self.from, out);
        if !self.is_capture() {
            out.push('-');
            square(self.to, out);
        } else if full_path {
            for &bit in self.landings() {
                out.push(':');
                square(bit, out);
            }
        } else {
            out.push(':');
            square(self.to, out);
        }
    }

    /// The captured squares, in bit order.
    pub fn captured_squares(&self) -> impl Iterator<Item = u8> {
        bits(self.captured)
    }
}

/// What playing a move needs of it: [`Move`] and [`QuickMove`] alike.
pub(crate) trait Effect {
    fn from(&self) -> u8;
    fn to(&self) -> u8;
    /// Squares of the pieces captured (empty for a step).
    fn captured(&self) -> u64;
    fn promotes(&self) -> bool;
}

macro_rules! effect_of_fields {
    ($($t:ty),*) => {$(
        impl Effect for $t {
            #[inline(always)]
            fn from(&self) -> u8 {
                self.from
            }
            #[inline(always)]
            fn to(&self) -> u8 {
                self.to
            }
            #[inline(always)]
            fn captured(&self) -> u64 {
                self.captured
            }
            #[inline(always)]
            fn promotes(&self) -> bool {
                self.promotes
            }
        }
    )*};
}
effect_of_fields!(Move, QuickMove);

/// A move without its landing squares (which its finder keeps apart): all that playing it
/// needs, without copying a [`Move`] around.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct QuickMove {
    pub from: u8,
    pub to: u8,
    /// Squares of the pieces captured (empty for a step).
    pub captured: u64,
    pub promotes: bool,
    /// Jumps of a capture (0 for a step).
    pub jumps: u8,
}

impl QuickMove {
    pub fn step(from: u8, to: u8, promotes: bool) -> QuickMove {
        QuickMove {
            from,
            to,
            captured: 0,
            promotes,
            jumps: 0,
        }
    }

    /// The quick form of `mv`; its landing squares are `mv.landings()`.
    pub fn of(mv: &Move) -> QuickMove {
        QuickMove {
            from: mv.from,
            to: mv.to,
            captured: mv.captured,
            promotes: mv.promotes,
            jumps: if mv.is_capture() { mv.path_len } else { 0 },
        }
    }

    /// The move, given the landing squares of a capture (the first `jumps` of `landings`).
    pub fn to_move(self, landings: &[u8]) -> Move {
        if self.jumps == 0 {
            Move::step(self.from, self.to, self.promotes)
        } else {
            Move::capture(
                self.from,
                &landings[..usize::from(self.jumps)],
                self.captured,
                self.promotes,
            )
        }
    }
}

/// Appends the alphanumeric name of square `bit` (what `SquareName` displays): taken whole
/// from [`SQUARE_NAMES`] on every board pdnkit plays.
#[inline(always)]
fn push_square(g: &Geometry, bit: u8, out: &mut String) {
    let name = g.square_name(bit);
    let (column, row) = (usize::from(name.column), usize::from(name.row));
    if column < NAMED_COLUMNS && row < NAMED_ROWS {
        let at = 2 * (row * NAMED_COLUMNS + column);
        return out.push_str(&SQUARE_NAMES[at..at + 2]);
    }
    out.push(char::from(b'a' + name.column));
    push_decimal(u32::from(name.row) + 1, out);
}

/// Appends `n` (below 1000) in decimal.
#[inline]
fn push_decimal(n: u32, out: &mut String) {
    if let Some(text) = small_decimal(n) {
        return out.push_str(text);
    }
    let digit = |d: u32| char::from(b'0' + (d % 10) as u8);
    if n >= 100 {
        out.push(digit(n / 100));
    }
    if n >= 10 {
        out.push(digit(n / 10));
    }
    out.push(digit(n));
}

/// Columns `a` to `j` and rows 1 to 9 have their names in [`SQUARE_NAMES`].
const NAMED_COLUMNS: usize = 10;
const NAMED_ROWS: usize = 9;

/// The names `a1` to `j9`, two bytes each, row by row from row 1: a square's name is
/// taken whole rather than made a character at a time.
static SQUARE_NAMES: &str = match std::str::from_utf8(&square_names()) {
    Ok(names) => names,
    Err(_) => panic!("square names are ASCII"),
};

const fn square_names() -> [u8; 2 * NAMED_COLUMNS * NAMED_ROWS] {
    let mut names = [0; 2 * NAMED_COLUMNS * NAMED_ROWS];
    let mut at = 0;
    while at < NAMED_COLUMNS * NAMED_ROWS {
        names[2 * at] = b'a' + (at % NAMED_COLUMNS) as u8;
        names[2 * at + 1] = b'1' + (at / NAMED_COLUMNS) as u8;
        at += 1;
    }
    names
}

/// `0` to `9`, then `10` to `99`: the text of a number below 100, taken whole.
const DECIMALS: &str = "0123456789101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899";

/// The decimal text of `n` if it is below 100 (move numbers, numeric squares).
#[inline(always)]
pub(crate) fn small_decimal(n: u32) -> Option<&'static str> {
    let n = n as usize;
    match n {
        0..10 => Some(&DECIMALS[n..n + 1]),
        10..100 => Some(&DECIMALS[2 * n - 10..2 * n - 8]),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::{EIGHT_BY_EIGHT, TEN_BY_EIGHT, bits};

    #[test]
    fn decimal_numbers() {
        for n in 0..1000 {
            let mut out = String::new();
            push_decimal(n, &mut out);
            assert_eq!(out, n.to_string());
        }
    }

    #[test]
    fn a_step_is_written_as_its_two_squares_after_what_the_buffer_held() {
        for g in [&TEN_BY_EIGHT, &EIGHT_BY_EIGHT] {
            for corner in [Corner::BottomLeft, Corner::TopLeft] {
                for from in bits(g.squares) {
                    for to in bits(g.squares) {
                        let mv = Move::step(from, to, false);
                        let (a, b) = (g.square_name(from), g.square_name(to));
                        let mut out = String::from("x ");
                        mv.write_alpha(g, false, &mut out);
                        assert_eq!(out, format!("x {a}-{b}"));
                        let (n, m) = (g.number_of(from, corner), g.number_of(to, corner));
                        out.truncate(2);
                        mv.write_numeric(g, corner, false, &mut out);
                        assert_eq!(out, format!("x {n}-{m}"));
                    }
                }
            }
        }
    }
}
