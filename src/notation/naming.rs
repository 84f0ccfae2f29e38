//! How pdnkit writes a move and a move number, in every output (messages, JSON, PDN, the
//! board diagram, the HTML report): one function for each.
//!
//! - [`MoveNumber`]: the number and side of a move, `3.` for White's third move, `3...` for
//!   Black's; counted along a line from its first move.
//! - [`move_text`]: a move in alphanumeric (`c3:e5`) or numeric (`22:13`) squares, its full
//!   path or start and end only. Which of the two a caller wants: [`canonical`] (the full path
//!   only when another legal move of the position shares the start and end squares, as
//!   canonical PDN writes it; [`push_canonical`] appends it to a buffer) or [`listed`] (the
//!   full path only where another move of the list shares them, for lists of candidates).

use crate::rules::geometry::Geometry;
use crate::rules::movegen::{Between, captures_between_on, has_capture, on_board, step_move};
use crate::rules::moves::{MAX_JUMPS, Move, small_decimal};
use crate::rules::position::{Color, Position};
use crate::rules::square::Corner;
use std::fmt;

/// The number of a move and the side that makes it; shown as `3.` (White) or `3...` (Black).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    /// The number, from 1.
    pub number: u32,
    /// The side that makes the move.
    pub side: Color,
}

impl MoveNumber {
    /// The first move of a game whose first move is `side`'s: games are numbered from 1
    /// whatever their FEN.
    pub fn first(side: Color) -> MoveNumber {
        MoveNumber { number: 1, side }
    }

    /// The move `ply` (1 = the first move) of a game whose first move is `first`'s.
    pub fn of_ply(first: Color, ply: u32) -> MoveNumber {
        MoveNumber::first(first).nth(ply.saturating_sub(1) as usize)
    }

    /// The move that follows this one.
    pub fn next(self) -> MoveNumber {
        match self.side {
            Color::White => MoveNumber {
                number: self.number,
                side: Color::Black,
            },
            Color::Black => MoveNumber {
                number: self.number + 1,
                side: Color::White,
            },
        }
    }

    /// The `index`-th move (from 0) of a line whose first move is this one.
    pub fn nth(self, index: usize) -> MoveNumber {
        // Counted in plies from White's move of this number.
        let plies = index as u32 + u32::from(self.side == Color::Black);
        MoveNumber {
            number: self.number + plies / 2,
            side: if plies.is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            },
        }
    }
}

impl fmt::Display for MoveNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.side {
            Color::White => write!(f, "{}.", self.number),
            Color::Black => write!(f, "{}...", self.number),
        }
    }
}

/// The text of `mv`: alphanumeric squares, or numeric ones in the numbering starting at
/// `numeric`; with every landing square (`full`) or the start and end squares only.
pub fn move_text(mv: &Move, g: &Geometry, numeric: Option<Corner>, full: bool) -> String {
    match numeric {
        Some(corner) => mv.to_numeric(g, corner, full),
        None => mv.to_alpha(g, full),
    }
}

/// Appends [`move_text`]'s text of `mv` to `out`, without a new string.
pub fn push_move_text(
    mv: &Move,
    g: &Geometry,
    numeric: Option<Corner>,
    full: bool,
    out: &mut String,
) {
    match numeric {
        Some(corner) => mv.write_numeric(g, corner, full, out),
        None => mv.write_alpha(g, full, out),
    }
}

/// Appends `number` as a move number (`12.` or `12...`) to `out`.
pub fn push_move_number(number: MoveNumber, out: &mut String) {
    push_decimal(number.number, out);
    out.push_str(match number.side {
        Color::White => ".",
        Color::Black => "...",
    });
}

/// Appends `n` in decimal, without formatting machinery.
pub fn push_decimal(n: u32, out: &mut String) {
    if let Some(text) = small_decimal(n) {
        return out.push_str(text);
    }
    let mut digits = [0u8; 10];
    let mut n = n;
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // Pushed one by one: no UTF-8 check of the digits.
    out.extend(digits[at..].iter().map(|&d| char::from(d)));
}

/// `mv`, a legal move of `before`, as canonical PDN writes it: start and end squares only,
/// unless [`needs_full_path`].
pub fn canonical(mv: &Move, before: &Position, numeric: Option<Corner>) -> String {
    move_text(
        mv,
        before.geometry(),
        numeric,
        legal_needs_full_path(mv, before),
    )
}

/// Appends [`canonical`]'s alphanumeric text of `mv`, a legal move of `before`, to `out`,
/// without a new string (for callers that write many moves into one reused buffer).
pub fn push_canonical(mv: &Move, before: &Position, out: &mut String) {
    mv.write_alpha(before.geometry(), legal_needs_full_path(mv, before), out);
}

/// [`needs_full_path`] of a legal move of `before`, a step answered without looking at the
/// board: a step is legal only when no capture is, and it is fixed by its two squares.
pub fn legal_needs_full_path(mv: &Move, before: &Position) -> bool {
    mv.is_capture() && needs_full_path(mv, before)
}

/// `moves` for a message or a list of candidates: each with start and end squares only,
/// unless another move of the list shares them ([`Move::shares_ends`]).
pub fn listed(moves: &[Move], g: &Geometry, numeric: Option<Corner>) -> Vec<String> {
    moves
        .iter()
        .map(|m| move_text(m, g, numeric, m.shares_ends(moves)))
        .collect()
}

/// Whether `mv` must be written with its full path in `before`: another legal move (one
/// that leaves a different position) starts and ends on the same squares. Without a capture
/// in the position every legal move is a step, and one step at most joins two squares
/// ([`step_move`]); with one, every legal move is a capture, and those between the squares
/// are the captures of the piece on `mv.from` that end on `mv.to`.
pub fn needs_full_path(mv: &Move, before: &Position) -> bool {
    if !has_capture(before) {
        return step_move(before, mv.from, mv.to).is_some_and(|o| !o.same_move(mv));
    }
    let mut landings = [0; MAX_JUMPS];
    let between = on_board!(before.variant, B => {
        captures_between_on::<B>(before, mv.from, mv.to, &mut landings)
    });
    match between {
        Between::None => false,
        Between::One(only) => !only.to_move(&landings).same_move(mv),
        Between::Several => true,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rules::movegen::{Paths, legal_moves};
    use crate::rules::variant::Variant;

    #[test]
    fn move_numbers_follow_the_first_side() {
        let (w, b) = (Color::White, Color::Black);
        let n = |number, side| MoveNumber { number, side };
        assert_eq!(MoveNumber::of_ply(w, 1), n(1, w));
        assert_eq!(MoveNumber::of_ply(w, 2), n(1, b));
        assert_eq!(MoveNumber::of_ply(w, 4), n(2, b));
        assert_eq!(MoveNumber::of_ply(b, 1), n(1, b));
        assert_eq!(MoveNumber::of_ply(b, 2), n(2, w));
        assert_eq!(MoveNumber::of_ply(b, 3), n(2, b));
        // A variation that starts at Black's move 7.
        assert_eq!(n(7, b).nth(0), n(7, b));
        assert_eq!(n(7, b).nth(1), n(8, w));
        assert_eq!(n(7, b).nth(4), n(9, b));
        assert_eq!(n(12, w).nth(3), n(13, b));
        for first in [n(1, w), n(1, b), n(7, b), n(30, w)] {
            let mut along = first;
            for i in 0..9 {
                assert_eq!(first.nth(i), along, "{first:?} {i}");
                along = along.next();
            }
        }
        assert_eq!(n(3, w).to_string(), "3.");
        assert_eq!(n(12, b).to_string(), "12...");
    }

    /// Hand-worked on 10x8 (N2 numbering: a1 = 36, c1 = 37, a3 = 26, c3 = 27, e3 = 28,
    /// d4 = 22, c5 = 17): two captures from c1 to c5 over different men are written in full,
    /// a step alone stays short.
    #[test]
    fn listed_moves_are_full_where_they_share_their_ends() {
        let start = Position::start(Variant::Spantsiretti);
        let g = start.geometry();
        let sq = |name: &str| g.parse_alpha(name.as_bytes()).unwrap();
        let over = |names: [&str; 2]| (1u64 << sq(names[0])) | (1u64 << sq(names[1]));
        let right = Move::capture(sq("c1"), &[sq("e3"), sq("c5")], over(["d2", "d4"]), false);
        let left = Move::capture(sq("c1"), &[sq("a3"), sq("c5")], over(["b2", "b4"]), false);
        let step = Move::step(sq("c3"), sq("d4"), false);
        let moves = [right, left, step];
        assert_eq!(listed(&moves, g, None), ["c1:e3:c5", "c1:a3:c5", "c3-d4"]);
        let numeric = listed(&moves, g, Some(Corner::TopLeft));
        assert_eq!(numeric, ["37:28:17", "37:26:17", "27-22"]);
        assert_eq!(listed(&moves[1..], g, None), ["c1:c5", "c3-d4"]);
        assert_eq!(canonical(&step, &start, None), "c3-d4");
        assert_eq!(canonical(&step, &start, Some(Corner::TopLeft)), "27-22");
    }

    /// The definition: list every legal move and look for another one with the same ends.
    pub(crate) fn needs_full_path_by_definition(mv: &Move, before: &Position) -> bool {
        let mut legal = Vec::new();
        legal_moves(before, Paths::Distinct, &mut legal);
        mv.shares_ends(&legal)
    }

    #[test]
    fn full_path_shortcut_agrees_with_the_definition() {
        use crate::rules::game::Game;
        use crate::rules::rng::Rng;
        let mut rng = Rng::new(7);
        let mut full_paths = 0;
        for variant in Variant::ALL {
            for _ in 0..40 {
                let mut game = Game::new(Position::start(variant));
                let mut legal = Vec::new();
                for _ in 0..120 {
                    legal.clear();
                    legal_moves(game.position(), Paths::Landings, &mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    let pos = *game.position();
                    let g = pos.geometry();
                    // Every legal move, its captures altered (the other promotion flag, a
                    // piece fewer), and steps and single jumps that are not (any two
                    // squares).
                    let mut probes = legal.clone();
                    for mv in &legal {
                        if mv.is_capture() {
                            let landings = mv.landings();
                            probes.push(Move::capture(
                                mv.from,
                                landings,
                                mv.captured,
                                !mv.promotes,
                            ));
                            let fewer = mv.captured & (mv.captured - 1);
                            if fewer != 0 {
                                probes.push(Move::capture(mv.from, landings, fewer, mv.promotes));
                            }
                        }
                    }
                    for _ in 0..8 {
                        let squares: Vec<u8> = crate::rules::geometry::bits(g.squares).collect();
                        let from = squares[rng.below(squares.len())];
                        let to = squares[rng.below(squares.len())];
                        probes.push(Move::step(from, to, rng.below(2) == 0));
                        let victim = squares[rng.below(squares.len())];
                        probes.push(Move::capture(from, &[to], 1 << victim, false));
                    }
                    for mv in &legal {
                        let legal_answer = legal_needs_full_path(mv, &pos);
                        assert_eq!(legal_answer, needs_full_path_by_definition(mv, &pos));
                    }
                    for mv in &probes {
                        let fast = needs_full_path(mv, &pos);
                        assert_eq!(fast, needs_full_path_by_definition(mv, &pos));
                        full_paths += usize::from(fast);
                    }
                    game.play(&legal[rng.below(legal.len())]);
                    if game.outcome().is_some() {
                        break;
                    }
                }
            }
        }
        assert!(full_paths > 0, "some probe needs its full path");
    }
}
