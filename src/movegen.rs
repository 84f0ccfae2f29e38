//! Legal move generation: steps, and complete capture sequences under the capture rules of
//! the variant (compulsory capture with free choice, flying kings, promotion in the middle of
//! a capture, immediate or deferred removal of the captured pieces).

use crate::geometry::{Direction, EIGHT_BY_EIGHT, Geometry, TEN_BY_EIGHT, bits};
use crate::moves::{MAX_JUMPS, Move, QuickMove};
use crate::position::{Color, Position};
use crate::variant::Removal;
use std::marker::PhantomData;

/// The rules of one variant as compile-time constants: the hot functions below are generic
/// over it, so that every shift, mask and removal rule is an immediate value (one dispatch on
/// the variant per call instead of loads and variable rotations at every step).
pub(crate) trait Board {
    const GEOMETRY: &'static Geometry;
    const REMOVAL: Removal;
    const SQUARES: u64 = Self::GEOMETRY.squares;
    /// Promotion rows of White and Black.
    const PROMOTION: [u64; 2] = [
        Self::GEOMETRY.promotion_row(true),
        Self::GEOMETRY.promotion_row(false),
    ];
}

/// Spantsiretti: 10x8, captured pieces removed at once.
pub(crate) struct TenByEight;
/// Russian draughts: 8x8, captured pieces removed at the end of the move.
pub(crate) struct EightByEight;

impl Board for TenByEight {
    const GEOMETRY: &'static Geometry = &TEN_BY_EIGHT;
    const REMOVAL: Removal = Removal::Immediate;
}

impl Board for EightByEight {
    const GEOMETRY: &'static Geometry = &EIGHT_BY_EIGHT;
    const REMOVAL: Removal = Removal::EndOfMove;
}

/// Evaluates `$body` with the type `$B` standing for the [`Board`] of `$variant`.
macro_rules! on_board {
    ($variant:expr, $B:ident => $body:expr) => {
        match $variant {
            $crate::variant::Variant::Spantsiretti => {
                type $B = $crate::movegen::TenByEight;
                $body
            }
            $crate::variant::Variant::Russian => {
                type $B = $crate::movegen::EightByEight;
                $body
            }
        }
    };
}
pub(crate) use on_board;

/// Which capture sequences to list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paths {
    /// One entry per distinct move (from, to, captured set, promotion): the legal moves.
    Distinct,
    /// One entry per distinct capture order (from, to, the captured pieces in the order they
    /// are taken): what perft `--paths` counts, as the published Russian tables do. Paths that
    /// differ only in where a king lands between two captures are one.
    CaptureOrders,
    /// One entry per distinct sequence of landing squares: every way to write the move in
    /// full, for reading notation.
    Landings,
}

fn forward(color: Color) -> [Direction; 2] {
    match color {
        Color::White => [Direction::UpRight, Direction::UpLeft],
        Color::Black => [Direction::DownLeft, Direction::DownRight],
    }
}

/// Appends the legal moves of `pos` to `out` (which is not cleared): captures if there are
/// any (capturing is compulsory), else steps.
pub fn legal_moves(pos: &Position, paths: Paths, out: &mut Vec<Move>) {
    let start = out.len();
    captures(pos, paths, out);
    if out.len() == start {
        steps(pos, out);
    }
}

/// The number of legal moves, without building the steps (perft's last ply).
pub fn count_moves(pos: &Position, paths: Paths, scratch: &mut Vec<Move>) -> u64 {
    scratch.clear();
    captures(pos, paths, scratch);
    if !scratch.is_empty() {
        return scratch.len() as u64;
    }
    let g = pos.geometry();
    let own = pos.pieces(pos.turn);
    let empty = pos.empty_squares();
    let men = own & !pos.kings;
    let mut count = 0;
    for dir in forward(pos.turn) {
        count += (g.shift(men, dir) & empty).count_ones() as u64;
    }
    for king in bits(own & pos.kings) {
        for dir in Direction::ALL {
            count += ray(g, king, dir, empty).count_ones() as u64;
        }
    }
    count
}

/// Whether the side to move has a capture (and so must capture), without generating it.
pub fn has_capture(pos: &Position) -> bool {
    on_board!(pos.variant, B => has_capture_on::<B>(pos))
}

#[inline(always)]
pub(crate) fn has_capture_on<B: Board>(pos: &Position) -> bool {
    let sh = Shifts::<B>::NEW;
    let own = pos.pieces(pos.turn);
    let theirs = pos.pieces(pos.turn.other());
    let empty = B::SQUARES & !(own | theirs);
    let men = own & !pos.kings;
    let mut found = 0;
    for d in 0..4 {
        found |= sh.shift(sh.shift(men, d) & theirs, d) & empty;
    }
    let kings = own & pos.kings;
    if found != 0 || kings == 0 {
        return found != 0;
    }
    // For each direction, the enemies with an empty square behind them: the only pieces a
    // king moving that way can take. (The opposite of direction `d` is `d ^ 2`.)
    let mut jumpable = [0u64; 4];
    for (d, slot) in jumpable.iter_mut().enumerate() {
        *slot = theirs & sh.shift(empty, d ^ 2);
    }
    if jumpable == [0; 4] {
        return false;
    }
    bits(kings).any(|king| {
        (0..4).any(|d| {
            jumpable[d] != 0 && sh.first_obstacle_walk(1u64 << king, d, empty) & jumpable[d] != 0
        })
    })
}

/// Whether the side to move has any legal move, without generating the moves.
pub fn has_legal_move(pos: &Position) -> bool {
    has_step(pos) || has_capture(pos)
}

/// Whether some piece of the side to move has an empty square to step to (which is a legal
/// move when there is no capture).
pub fn has_step(pos: &Position) -> bool {
    on_board!(pos.variant, B => has_step_on::<B>(pos))
}

#[inline(always)]
pub(crate) fn has_step_on<B: Board>(pos: &Position) -> bool {
    let sh = Shifts::<B>::NEW;
    let own = pos.pieces(pos.turn);
    let empty = B::SQUARES & !pos.occupied();
    let men = own & !pos.kings;
    if sh.forward(men, pos.turn == Color::White) & empty != 0 {
        return true;
    }
    let kings = own & pos.kings;
    let mut reached = 0;
    for d in 0..4 {
        reached |= sh.shift(kings, d);
    }
    reached & empty != 0
}

/// The step from `from` to `to`, if the piece there can make it. Legal only when the side to
/// move has no capture (see [`has_capture`]).
pub fn step_move(pos: &Position, from: u8, to: u8) -> Option<Move> {
    let promotes = on_board!(pos.variant, B => step_on::<B>(pos, from, to))?;
    Some(Move::step(from, to, promotes))
}

/// Whether the piece of the side to move on `from` can step to `to`, and if so whether it
/// promotes: [`step_move`] without building the move.
#[inline(always)]
pub(crate) fn step_on<B: Board>(pos: &Position, from: u8, to: u8) -> Option<bool> {
    let (from_mask, to_mask) = (1u64 << from, 1u64 << to);
    let empty = B::SQUARES & !pos.occupied();
    if pos.pieces(pos.turn) & from_mask == 0 || empty & to_mask == 0 {
        return None;
    }
    let sh = Shifts::<B>::NEW;
    if pos.kings & from_mask != 0 {
        let reached = (0..4).any(|d| sh.ray_walk(from_mask, d, empty) & to_mask != 0);
        return reached.then_some(false);
    }
    let white = pos.turn == Color::White;
    let promotion = B::PROMOTION[usize::from(!white)];
    (sh.forward(from_mask, white) & to_mask != 0).then_some(to_mask & promotion != 0)
}

/// One step in each direction of [`Direction::ALL`] as a rotation of the bitboard: a square's
/// neighbour is `half` or `half + 1` bits up or down, and no square lies near enough to
/// either end of the 64 bits for a rotation to wrap onto a square, so a rotation and the
/// square mask give [`Geometry::shift`] without a branch on the direction (a test checks
/// this for every square of both boards). The rotations are constants of the board.
struct Shifts<B>(PhantomData<B>);

impl<B: Board> Shifts<B> {
    const NEW: Shifts<B> = Shifts(PhantomData);
    const ROTATIONS: [u32; 4] = {
        let half = B::GEOMETRY.half as u32;
        [half + 1, half, 64 - (half + 1), 64 - half]
    };

    /// Every square of `bb` one step in direction `d` (an index into [`Direction::ALL`]).
    #[inline(always)]
    fn shift(&self, bb: u64, d: usize) -> u64 {
        bb.rotate_left(Self::ROTATIONS[d]) & B::SQUARES
    }

    /// Every square of `bb` one step forward for White (directions 0 and 1, up) or Black (2
    /// and 3, down).
    #[inline(always)]
    fn forward(&self, bb: u64, white: bool) -> u64 {
        if white {
            self.shift(bb, 0) | self.shift(bb, 1)
        } else {
            self.shift(bb, 2) | self.shift(bb, 3)
        }
    }

    /// [`Shifts::first_obstacle`] by a walk from the single square `at`: shorter code where
    /// the run is usually short (a king next to other pieces).
    #[inline(always)]
    fn first_obstacle_walk(&self, at: u64, d: usize, empty: u64) -> u64 {
        let mut square = self.shift(at, d);
        while square & empty != 0 {
            square = self.shift(square, d);
        }
        square
    }

    /// [`Shifts::ray`] by a walk from the single square `at`.
    #[inline(always)]
    fn ray_walk(&self, at: u64, d: usize, empty: u64) -> u64 {
        let mut reached = 0;
        let mut square = self.shift(at, d) & empty;
        while square != 0 {
            reached |= square;
            square = self.shift(square, d) & empty;
        }
        reached
    }

    /// The nearest square of `squares` (all on one ray) in direction `d`: the lowest bit
    /// going up (directions 0 and 1 add to the bit), the highest going down; 0 if none.
    #[inline(always)]
    fn nearest(squares: u64, d: usize) -> u64 {
        if d < 2 {
            squares & squares.wrapping_neg()
        } else if squares == 0 {
            0
        } else {
            1u64 << (63 - squares.leading_zeros())
        }
    }

    /// The first square beyond the empty run from the square `at` in direction `d` (0 if the
    /// edge comes first): a lookup of the ray, no walk.
    #[inline(always)]
    fn first_obstacle(&self, at: u8, d: usize, empty: u64) -> u64 {
        Self::nearest(B::GEOMETRY.rays[usize::from(at & 63)][d] & !empty, d)
    }

    /// The empty squares reached from the square `at` in direction `d` before the first
    /// obstacle: the ray cut before the obstacle.
    #[inline(always)]
    fn ray(&self, at: u8, d: usize, empty: u64) -> u64 {
        let ray = B::GEOMETRY.rays[usize::from(at & 63)][d];
        let obstacle = Self::nearest(ray & !empty, d);
        if obstacle == 0 {
            ray
        } else if d < 2 {
            ray & (obstacle - 1)
        } else {
            ray & !(obstacle | (obstacle - 1))
        }
    }
}

/// The empty squares a king on `bit` reaches in `dir` before the first obstacle.
#[inline(always)]
fn ray(g: &Geometry, bit: u8, dir: Direction, empty: u64) -> u64 {
    let mut reached = 0;
    let mut square = g.shift(1u64 << bit, dir) & empty;
    while square != 0 {
        reached |= square;
        square = g.shift(square, dir) & empty;
    }
    reached
}

fn opposite(dir: Direction) -> Direction {
    match dir {
        Direction::UpRight => Direction::DownLeft,
        Direction::UpLeft => Direction::DownRight,
        Direction::DownLeft => Direction::UpRight,
        Direction::DownRight => Direction::UpLeft,
    }
}

fn steps(pos: &Position, out: &mut Vec<Move>) {
    let g = pos.geometry();
    let own = pos.pieces(pos.turn);
    let empty = pos.empty_squares();
    let promotion = g.promotion_row(pos.turn == Color::White);
    for from in bits(own) {
        if pos.kings & (1u64 << from) != 0 {
            for dir in Direction::ALL {
                for to in bits(ray(g, from, dir, empty)) {
                    out.push(Move::step(from, to, false));
                }
            }
        } else {
            for dir in forward(pos.turn) {
                let to = g.shift(1u64 << from, dir) & empty;
                if to != 0 {
                    out.push(Move::step(
                        from,
                        to.trailing_zeros() as u8,
                        to & promotion != 0,
                    ));
                }
            }
        }
    }
}

fn captures(pos: &Position, paths: Paths, out: &mut Vec<Move>) {
    let g = pos.geometry();
    let own = pos.pieces(pos.turn);
    let theirs = pos.pieces(pos.turn.other());
    let empty_board = pos.empty_squares();
    // Men that have an enemy next to them with an empty square behind: only these can
    // start a capture. Kings are searched in any case.
    let men = own & !pos.kings;
    let mut capturing_men = 0;
    for dir in Direction::ALL {
        let back = opposite(dir);
        capturing_men |= g.shift(g.shift(empty_board, back) & theirs, back) & men;
    }
    for from in bits(capturing_men | (own & pos.kings)) {
        search_from(pos, from, paths, out);
    }
}

/// Appends the captures of `pos` that start on `from` to `out` (which is not cleared): none
/// when no piece of the side to move stands there, or when it cannot capture.
pub fn captures_from(pos: &Position, from: u8, paths: Paths, out: &mut Vec<Move>) {
    on_board!(pos.variant, B => captures_from_on::<B>(pos, from, !0, paths, out))
}

/// [`captures_from`] keeping only the captures that end on a square of `ends`.
pub(crate) fn captures_from_on<B: Board>(
    pos: &Position,
    from: u8,
    ends: u64,
    paths: Paths,
    out: &mut Vec<Move>,
) {
    if pos.pieces(pos.turn) & (1u64 << from) != 0 {
        search_from_on::<B>(pos, from, ends, paths, out);
    }
}

/// Every capture of the piece of the side to move on `from`.
fn search_from(pos: &Position, from: u8, paths: Paths, out: &mut Vec<Move>) {
    on_board!(pos.variant, B => search_from_on::<B>(pos, from, !0, paths, out))
}

/// [`search_from`] keeping only the captures that end on a square of `ends`.
fn search_from_on<B: Board>(
    pos: &Position,
    from: u8,
    ends: u64,
    paths: Paths,
    out: &mut Vec<Move>,
) {
    let king = pos.kings & (1u64 << from) != 0;
    let mut search = CaptureSearch::<B> {
        sh: Shifts::NEW,
        promotion: B::PROMOTION[usize::from(pos.turn != Color::White)],
        from,
        was_king: king,
        paths,
        ends,
        first: out.len(),
        out,
        landings: [0; MAX_JUMPS],
        victims: [0; MAX_JUMPS],
        orders_seen: Vec::new(),
    };
    // The moving piece is lifted: its square is free for the rest of the move.
    let state = State {
        at: from,
        king,
        capturable: pos.pieces(pos.turn.other()),
        empty: (B::SQUARES & !pos.occupied()) | (1u64 << from),
        captured: 0,
        jumps: 0,
    };
    search.extend(state);
}

/// Whether the piece of a capture in progress can jump again from where it stands.
#[inline(always)]
fn can_capture<B: Board>(sh: &Shifts<B>, s: &State) -> bool {
    let here = 1u64 << s.at;
    (0..4).any(|d| {
        let victim = if s.king {
            sh.first_obstacle(s.at, d, s.empty)
        } else {
            sh.shift(here, d)
        } & s.capturable;
        victim != 0 && sh.shift(victim, d) & s.empty != 0
    })
}

/// The only capture of the man of the side to move on `from`, when it has exactly one way
/// to go at every jump (then the search tree is a single branch and this is that piece's
/// only capture); `None` when it has no capture, a choice at some jump, or becomes a king
/// that can go on capturing (kings choose among landing squares: the caller searches).
pub fn forced_capture(pos: &Position, from: u8) -> Option<Move> {
    on_board!(pos.variant, B => forced_capture_on::<B>(pos, from))
}

#[inline]
pub(crate) fn forced_capture_on<B: Board>(pos: &Position, from: u8) -> Option<Move> {
    let from_mask = 1u64 << from;
    if pos.pieces(pos.turn) & !pos.kings & from_mask == 0 {
        return None;
    }
    let sh = Shifts::<B>::NEW;
    let promotion = B::PROMOTION[usize::from(pos.turn != Color::White)];
    let immediate = B::REMOVAL == Removal::Immediate;
    let mut landings = [0u8; MAX_JUMPS];
    // The moving man is lifted: its square is free for the rest of the move.
    let mut s = State {
        at: from,
        king: false,
        capturable: pos.pieces(pos.turn.other()),
        empty: (B::SQUARES & !pos.occupied()) | from_mask,
        captured: 0,
        jumps: 0,
    };
    loop {
        let here = 1u64 << s.at;
        // Every square the man can land on by one jump from here: one per direction that
        // has a jump, so one square exactly when there is one way to go.
        let mut lands = 0;
        for d in 0..4 {
            lands |= sh.shift(sh.shift(here, d) & s.capturable, d) & s.empty;
        }
        if lands & lands.wrapping_sub(1) != 0 || (lands == 0 && s.jumps == 0) {
            return None;
        }
        if lands == 0 {
            break;
        }
        let at = lands.trailing_zeros() as u8;
        // The piece jumped stands halfway: a direction is a constant difference of bits.
        let victim = 1u64 << ((s.at + at) / 2);
        landings[s.jumps] = at;
        s = State {
            at,
            king: promotion & lands != 0,
            capturable: s.capturable & !victim,
            empty: if immediate { s.empty | victim } else { s.empty },
            captured: s.captured | victim,
            jumps: s.jumps + 1,
        };
        if s.king {
            if can_capture(&sh, &s) {
                return None;
            }
            break;
        }
    }
    Some(Move::capture_path(
        from, landings, s.jumps, s.captured, s.king,
    ))
}

/// Where a capture in progress stands.
#[derive(Clone, Copy)]
struct State {
    at: u8,
    king: bool,
    /// Enemy pieces that may still be jumped.
    capturable: u64,
    /// Squares a piece may pass over or land on.
    empty: u64,
    captured: u64,
    jumps: usize,
}

impl State {
    /// The state after jumping the enemy on `victim` and landing on `land` (`promotion`: the
    /// row where the mover's men become kings).
    #[inline(always)]
    fn jump<B: Board>(&self, victim: u64, land: u8, promotion: u64) -> State {
        let promoted = !self.king && promotion & (1u64 << land) != 0;
        State {
            at: land,
            king: self.king || promoted,
            capturable: self.capturable & !victim,
            empty: match B::REMOVAL {
                Removal::Immediate => self.empty | victim,
                Removal::EndOfMove => self.empty,
            },
            captured: self.captured | victim,
            jumps: self.jumps + 1,
        }
    }
}

/// What [`capture_to_on`] found.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum CaptureTo {
    /// The one capture of the piece that ends on the square (its landing squares are in the
    /// buffer given).
    Only(QuickMove),
    /// The piece has no capture ending there.
    NoCapture,
    /// The captures of the piece branch: search them.
    Branches,
}

/// The capture of the piece of the side to move on `from` that ends on `to`, when the
/// piece's captures are one chain of jumps (one way to go at every jump; a king's choice
/// among landing squares at the last jump only): then it is found by following that chain,
/// without a search. The captures are the ones [`captures_from_on`] lists: a king that can
/// land where it captures again must, a man that reaches the far row goes on as a king.
#[inline(always)]
pub(crate) fn capture_to_on<B: Board>(
    pos: &Position,
    from: u8,
    to: u8,
    landings: &mut [u8; MAX_JUMPS],
) -> CaptureTo {
    let from_mask = 1u64 << from;
    if pos.pieces(pos.turn) & from_mask == 0 {
        return CaptureTo::NoCapture;
    }
    let mut chain = Chain {
        from,
        to,
        was_king: pos.kings & from_mask != 0,
        promotion: B::PROMOTION[usize::from(pos.turn != Color::White)],
        landings,
    };
    // The moving piece is lifted: its square is free for the rest of the move.
    let mut s = State {
        at: from,
        king: chain.was_king,
        capturable: pos.pieces(pos.turn.other()),
        empty: (B::SQUARES & !pos.occupied()) | from_mask,
        captured: 0,
        jumps: 0,
    };
    if !s.king {
        // A man's jumps, here (the common case); a king's, out of line.
        let sh = Shifts::<B>::NEW;
        loop {
            // Every square the man can land on by one jump: one per direction with a jump.
            let here = 1u64 << s.at;
            let mut lands = 0;
            for d in 0..4 {
                lands |= sh.shift(sh.shift(here, d) & s.capturable, d) & s.empty;
            }
            if lands == 0 {
                return chain.end(&s);
            }
            if lands & (lands - 1) != 0 {
                return CaptureTo::Branches;
            }
            // The piece jumped stands halfway: a direction is a constant difference of bits.
            let land = lands.trailing_zeros() as u8;
            let victim = 1u64 << ((s.at + land) / 2);
            s = chain.jump::<B>(&s, victim, land);
            if s.king {
                break; // promoted: the capture goes on as a king's
            }
        }
    }
    chain.follow_king::<B>(s)
}

/// A capture followed jump by jump by [`capture_to_on`].
struct Chain<'a> {
    from: u8,
    to: u8,
    was_king: bool,
    promotion: u64,
    landings: &'a mut [u8; MAX_JUMPS],
}

impl Chain<'_> {
    #[inline(always)]
    fn jump<B: Board>(&mut self, s: &State, victim: u64, land: u8) -> State {
        self.landings[s.jumps] = land;
        s.jump::<B>(victim, land, self.promotion)
    }

    /// The capture ends at `s`: the move, if it ends on the square asked for.
    #[inline(always)]
    fn end(&self, s: &State) -> CaptureTo {
        if s.jumps == 0 || s.at != self.to {
            return CaptureTo::NoCapture;
        }
        CaptureTo::Only(QuickMove {
            from: self.from,
            to: s.at,
            captured: s.captured,
            promotes: s.king && !self.was_king,
            jumps: s.jumps as u8,
        })
    }

    /// Follows the jumps of a king from `s` (as [`CaptureSearch::extend`] would search them).
    #[inline(never)]
    fn follow_king<B: Board>(&mut self, mut s: State) -> CaptureTo {
        let sh = Shifts::<B>::NEW;
        loop {
            // The one direction with a jump: its victim and landing squares.
            let mut jump = None;
            for d in 0..4 {
                let victim = sh.first_obstacle(s.at, d, s.empty) & s.capturable;
                if victim == 0 {
                    continue;
                }
                let lands = sh.ray(victim.trailing_zeros() as u8, d, s.empty);
                if lands == 0 {
                    continue;
                }
                if jump.is_some() {
                    return CaptureTo::Branches;
                }
                jump = Some((victim, lands));
            }
            let Some((victim, lands)) = jump else {
                return self.end(&s);
            };
            let land = if lands & (lands - 1) == 0 {
                lands.trailing_zeros() as u8
            } else {
                // A choice: the king must land where it captures again, if it can.
                let mut continuing = 0;
                for land in bits(lands) {
                    if can_capture(&sh, &s.jump::<B>(victim, land, self.promotion)) {
                        continuing |= 1u64 << land;
                    }
                }
                if continuing == 0 {
                    // The capture ends here, on any of the landing squares.
                    if lands & (1u64 << self.to) == 0 {
                        return CaptureTo::NoCapture;
                    }
                    let last = self.jump::<B>(&s, victim, self.to);
                    return self.end(&last);
                }
                if continuing & (continuing - 1) != 0 {
                    return CaptureTo::Branches;
                }
                continuing.trailing_zeros() as u8
            };
            s = self.jump::<B>(&s, victim, land);
        }
    }
}

struct CaptureSearch<'a, B> {
    sh: Shifts<B>,
    promotion: u64,
    from: u8,
    was_king: bool,
    paths: Paths,
    /// Squares a recorded capture may end on (the others are searched through, not kept).
    ends: u64,
    /// Index in `out` of this search's first move (for de-duplication).
    first: usize,
    out: &'a mut Vec<Move>,
    landings: [u8; MAX_JUMPS],
    /// Squares of the pieces taken, in order (for `Paths::CaptureOrders`).
    victims: [u8; MAX_JUMPS],
    orders_seen: Vec<Vec<u8>>,
}

impl<B: Board> CaptureSearch<'_, B> {
    /// The state after jumping the enemy on `victim` and landing on `land`.
    fn jump(&self, s: &State, victim: u64, land: u8) -> State {
        s.jump::<B>(victim, land, self.promotion)
    }

    fn can_capture(&self, s: &State) -> bool {
        can_capture(&self.sh, s)
    }

    /// Continues the capture from `s`; records it when no further jump exists.
    fn extend(&mut self, s: State) {
        let mut jumped = false;
        let here = 1u64 << s.at;
        for d in 0..4 {
            let victim = if s.king {
                self.sh.first_obstacle(s.at, d, s.empty)
            } else {
                self.sh.shift(here, d)
            } & s.capturable;
            if victim == 0 {
                continue;
            }
            let landing_squares = if s.king {
                self.sh.ray(victim.trailing_zeros() as u8, d, s.empty)
            } else {
                self.sh.shift(victim, d) & s.empty
            };
            if landing_squares == 0 {
                continue;
            }
            jumped = true;
            // A king must land where it can capture again, if such a square exists (with one
            // landing square there is nothing to choose).
            let mut continuing = 0;
            if landing_squares & (landing_squares - 1) != 0 {
                for land in bits(landing_squares) {
                    if self.can_capture(&self.jump(&s, victim, land)) {
                        continuing |= 1u64 << land;
                    }
                }
                if continuing == 0 {
                    // No landing square can capture again: the capture ends on each, and
                    // is recorded without searching on from there (which would find, with
                    // the same test, no jump). Only the ends kept are visited, in the order
                    // the search visits them.
                    for land in bits(landing_squares & self.ends) {
                        self.landings[s.jumps] = land;
                        self.victims[s.jumps] = victim.trailing_zeros() as u8;
                        self.record(&self.jump(&s, victim, land));
                    }
                    continue;
                }
            }
            let allowed = if continuing != 0 {
                continuing
            } else {
                landing_squares
            };
            for land in bits(allowed) {
                self.landings[s.jumps] = land;
                self.victims[s.jumps] = victim.trailing_zeros() as u8;
                self.extend(self.jump(&s, victim, land));
            }
        }
        if !jumped && s.jumps > 0 {
            self.record(&s);
        }
    }

    fn record(&mut self, s: &State) {
        if self.ends & (1u64 << s.at) == 0 {
            return;
        }
        let mv = Move::capture(
            self.from,
            &self.landings[..s.jumps],
            s.captured,
            s.king && !self.was_king,
        );
        match self.paths {
            Paths::Distinct => {
                if self.out[self.first..].iter().any(|m| m.same_move(&mv)) {
                    return;
                }
            }
            Paths::CaptureOrders => {
                let order = &self.victims[..s.jumps];
                let seen = self.out[self.first..]
                    .iter()
                    .zip(&self.orders_seen)
                    .any(|(m, o)| m.to == mv.to && o == order);
                if seen {
                    return;
                }
                self.orders_seen.push(order.to_vec());
            }
            Paths::Landings => {}
        }
        self.out.push(mv);
    }
}

/// Plays `games` pseudo-random games of each board from the start, at most `plies` long,
/// and hands every position reached to `visit` with its legal moves and the one played next.
#[cfg(test)]
pub(crate) fn random_playouts(
    games: usize,
    plies: usize,
    paths: Paths,
    mut visit: impl FnMut(&Position, &[Move], Option<&Move>),
) {
    use crate::variant::Variant;
    let mut seed = 0x2545_F491_4F6C_DD1D_u64;
    let mut moves = Vec::new();
    for variant in [Variant::Spantsiretti, Variant::Russian] {
        for _ in 0..games {
            let mut pos = Position::start(variant);
            for _ in 0..plies {
                moves.clear();
                legal_moves(&pos, paths, &mut moves);
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let chosen =
                    (!moves.is_empty()).then(|| moves[(seed % moves.len() as u64) as usize]);
                visit(&pos, &moves, chosen.as_ref());
                let Some(mv) = chosen else { break };
                pos = pos.play(&mv);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    /// `has_capture` says yes exactly when the generator finds a capture, along pseudo-random
    /// games of both boards (kings, promotions, long captures).
    #[test]
    fn has_capture_agrees_with_the_generator() {
        let (mut positions, mut with_capture) = (0, 0);
        random_playouts(300, 200, Paths::Distinct, |pos, moves, _| {
            let generated = moves.iter().any(Move::is_capture);
            assert_eq!(has_capture(pos), generated, "{pos:?}");
            positions += 1;
            with_capture += usize::from(generated);
        });
        assert!(positions > 30_000 && with_capture > 5_000);
    }

    /// `forced_capture` answers only with a man's one legal capture, and it answers for most
    /// men that have exactly one, along pseudo-random games of both boards.
    #[test]
    fn forced_capture_is_the_only_capture_of_its_man() {
        let (mut answered, mut alone) = (0, 0);
        random_playouts(300, 200, Paths::Distinct, |pos, moves, _| {
            let men = pos.pieces(pos.turn) & !pos.kings;
            for from in bits(men) {
                let own: Vec<&Move> = moves
                    .iter()
                    .filter(|m| m.is_capture() && m.from == from)
                    .collect();
                alone += usize::from(own.len() == 1);
                if let Some(mv) = forced_capture(pos, from) {
                    assert_eq!(own, [&mv], "in {pos:?}");
                    answered += 1;
                }
            }
        });
        assert!(
            answered > 5_000 && answered * 10 > alone * 9,
            "{answered} of {alone}"
        );
    }

    /// `capture_to_on` answers with the one capture (distinct move, path included) that the
    /// search lists from a square to another, says "none" only when the search lists none,
    /// and leaves few to the search, from every square of the side to move to every square,
    /// along pseudo-random games of both boards (kings, promotions, long captures).
    #[test]
    fn capture_to_is_the_only_capture_ending_there() {
        fn check<B: Board>(pos: &Position, counts: &mut [usize; 4]) {
            let mut listed = Vec::new();
            let mut landings = [0; MAX_JUMPS];
            for from in bits(pos.pieces(pos.turn)) {
                listed.clear();
                captures_from(pos, from, Paths::Distinct, &mut listed);
                let king = usize::from(pos.kings & (1u64 << from) != 0);
                for to in bits(B::SQUARES) {
                    let ending: Vec<&Move> = listed.iter().filter(|m| m.to == to).collect();
                    match capture_to_on::<B>(pos, from, to, &mut landings) {
                        CaptureTo::Only(only) => {
                            assert_eq!(ending, [&only.to_move(&landings)], "{pos:?}");
                            counts[king] += 1;
                        }
                        CaptureTo::NoCapture => assert!(ending.is_empty(), "{pos:?}"),
                        CaptureTo::Branches => counts[2 + king] += usize::from(!ending.is_empty()),
                    }
                }
            }
        }
        // Captures found of men and kings, captures left to the search of men and kings.
        let mut counts = [0; 4];
        random_playouts(
            300,
            200,
            Paths::Distinct,
            |pos, _, _| on_board!(pos.variant, B => check::<B>(pos, &mut counts)),
        );
        let [men, kings, men_searched, kings_searched] = counts;
        assert!(
            men > 10_000 && kings > 1_000 && men > 5 * men_searched && kings > kings_searched,
            "{counts:?}"
        );
    }

    /// The ray lookups give what a walk square by square gives, from every square of both
    /// boards in every direction, over boards with pseudo-random empty squares.
    #[test]
    fn ray_lookups_are_walks() {
        fn check<B: Board>() {
            let g = B::GEOMETRY;
            let sh = Shifts::<B>::NEW;
            let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
            for _ in 0..300 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let empty = seed & seed.rotate_left(17) & g.squares;
                for at in bits(g.squares) {
                    for d in 0..4 {
                        let (mut square, mut reached) = (sh.shift(1u64 << at, d), 0);
                        while square & empty != 0 {
                            reached |= square;
                            square = sh.shift(square, d);
                        }
                        assert_eq!(sh.first_obstacle(at, d, empty), square, "{at} {d}");
                        assert_eq!(sh.ray(at, d, empty), reached, "{at} {d}");
                        assert_eq!(sh.ray(at, d, 0), 0);
                        let at_mask = 1u64 << at;
                        assert_eq!(sh.first_obstacle_walk(at_mask, d, empty), square);
                        assert_eq!(sh.ray_walk(at_mask, d, empty), reached);
                    }
                }
            }
        }
        check::<TenByEight>();
        check::<EightByEight>();
    }

    /// The rotation steps are the geometry's shifts, for every square of both boards, and
    /// each board's constants are its variant's.
    #[test]
    fn rotations_step_like_the_geometry() {
        fn check<B: Board>(variant: Variant) {
            let g = variant.geometry();
            assert_eq!(format!("{:?}", B::GEOMETRY), format!("{g:?}"));
            assert_eq!(B::REMOVAL, variant.removal());
            assert_eq!(
                B::PROMOTION,
                [g.promotion_row(true), g.promotion_row(false)]
            );
            let sh = Shifts::<B>::NEW;
            for bit in bits(g.squares) {
                for (d, dir) in Direction::ALL.into_iter().enumerate() {
                    let square = 1u64 << bit;
                    assert_eq!(
                        sh.shift(square, d),
                        g.shift(square, dir),
                        "{variant:?} {bit} {dir:?}"
                    );
                }
            }
            assert_eq!(
                sh.shift(g.squares, 0),
                g.shift(g.squares, Direction::UpRight)
            );
        }
        check::<TenByEight>(Variant::Spantsiretti);
        check::<EightByEight>(Variant::Russian);
    }
}
