//! Legal move generation: steps, and complete capture sequences under the capture rules of
//! the variant (compulsory capture with free choice, flying kings, promotion in the middle of
//! a capture, immediate or deferred removal of the captured pieces).
//!
//! One capture search (`search_captures`) finds every capture of a piece and hands each to a
//! collector: `Listing` keeps them all (the legal moves), `EndingOn` keeps those that end on
//! one square, as one move (reading a written move), and stops at a second.

use crate::rules::geometry::{Direction, EIGHT_BY_EIGHT, Geometry, TEN_BY_EIGHT, bits};
use crate::rules::moves::{MAX_JUMPS, Move, QuickMove};
use crate::rules::position::{Color, Position};
use crate::rules::variant::Removal;
use std::marker::PhantomData;
use std::ops::ControlFlow;

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
            $crate::rules::variant::Variant::Spantsiretti => {
                type $B = $crate::rules::movegen::TenByEight;
                $body
            }
            $crate::rules::variant::Variant::Russian => {
                type $B = $crate::rules::movegen::EightByEight;
                $body
            }
        }
    };
}
pub(crate) use on_board;

/// Which capture sequences to list.
///
/// ```
/// use pdnkit::{Corner, Paths, Variant, legal_moves, parse_fen};
///
/// // The king takes c3, lands on d4 or e5, takes f6 and lands on g7 or h8: two moves (two
/// // end squares), two capture orders, four ways of landing.
/// let pos = parse_fen("W:WKa1:Bc3,f6", Variant::Russian, Corner::TopLeft)?;
/// let count = |paths| {
///     let mut moves = Vec::new();
///     legal_moves(&pos, paths, &mut moves);
///     moves.len()
/// };
/// assert_eq!(count(Paths::Distinct), 2);
/// assert_eq!(count(Paths::CaptureOrders), 2);
/// assert_eq!(count(Paths::Landings), 4);
/// # Ok::<(), pdnkit::FenError>(())
/// ```
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

/// Appends the legal moves of `pos` to `out` (which is not cleared): captures if there are
/// any (capturing is compulsory), else steps.
pub fn legal_moves(pos: &Position, paths: Paths, out: &mut Vec<Move>) {
    on_board!(pos.variant, B => legal_moves_on::<B>(pos, paths, out))
}

fn legal_moves_on<B: Board>(pos: &Position, paths: Paths, out: &mut Vec<Move>) {
    let start = out.len();
    captures_on::<B>(pos, paths, out);
    if out.len() == start {
        steps_on::<B>(pos, out);
    }
}

/// The number of legal moves, without building the steps (perft's last ply).
pub fn count_moves(pos: &Position, paths: Paths, scratch: &mut Vec<Move>) -> u64 {
    on_board!(pos.variant, B => count_moves_on::<B>(pos, paths, scratch))
}

fn count_moves_on<B: Board>(pos: &Position, paths: Paths, scratch: &mut Vec<Move>) -> u64 {
    scratch.clear();
    captures_on::<B>(pos, paths, scratch);
    if !scratch.is_empty() {
        return scratch.len() as u64;
    }
    let g = B::GEOMETRY;
    let own = pos.pieces(pos.turn);
    let empty = B::SQUARES & !pos.occupied();
    let men = own & !pos.kings;
    let mut count = 0;
    for dir in Direction::forward(pos.turn == Color::White) {
        count += (g.shift(men, dir) & empty).count_ones() as u64;
    }
    for king in bits(own & pos.kings) {
        for d in 0..4 {
            let dir = Direction::ALL[d];
            count += g.ray(king, dir, empty).count_ones() as u64;
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
    let g = B::GEOMETRY;
    let own = pos.pieces(pos.turn);
    let theirs = pos.pieces(pos.turn.other());
    let empty = B::SQUARES & !(own | theirs);
    let men = own & !pos.kings;
    let mut found = 0;
    // In endgames often a side of kings alone: no man's jump to look for.
    if men != 0 {
        for d in 0..4 {
            let dir = Direction::ALL[d];
            found |= g.shift(g.shift(men, dir) & theirs, dir) & empty;
        }
    }
    let kings = own & pos.kings;
    if found != 0 || kings == 0 {
        return found != 0;
    }
    // For each direction, the enemies with an empty square behind them: the only pieces a
    // king moving that way can take.
    let jumpable = Direction::ALL.map(|dir| theirs & g.shift(empty, dir.opposite()));
    if jumpable.iter().fold(0, |any, &j| any | j) == 0 {
        return false;
    }
    for king in bits(kings) {
        for (&dir, &jumpable) in Direction::ALL.iter().zip(&jumpable) {
            if jumpable != 0 && g.first_obstacle(king, dir, empty) & jumpable != 0 {
                return true;
            }
        }
    }
    false
}

/// Whether the side to move has any legal move, without generating the moves.
pub fn has_legal_move(pos: &Position) -> bool {
    has_step(pos) || has_capture(pos)
}

/// Whether some piece of the side to move has an empty square to step to (which is a legal
/// move when there is no capture).
pub(crate) fn has_step(pos: &Position) -> bool {
    on_board!(pos.variant, B => has_step_on::<B>(pos))
}

#[inline(always)]
pub(crate) fn has_step_on<B: Board>(pos: &Position) -> bool {
    let g = B::GEOMETRY;
    let own = pos.pieces(pos.turn);
    let empty = B::SQUARES & !pos.occupied();
    let men = own & !pos.kings;
    if g.forward(men, pos.turn == Color::White) & empty != 0 {
        return true;
    }
    let kings = own & pos.kings;
    let mut reached = 0;
    for d in 0..4 {
        let dir = Direction::ALL[d];
        reached |= g.shift(kings, dir);
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
    let g = B::GEOMETRY;
    if pos.kings & from_mask != 0 {
        // The one diagonal from `from` through `to`, then whether its empty run reaches `to`.
        let on_ray = |dir: &Direction| g.rays[usize::from(from)][*dir as usize] & to_mask != 0;
        let dir = Direction::ALL.into_iter().find(on_ray)?;
        return (g.ray(from, dir, empty) & to_mask != 0).then_some(false);
    }
    let white = pos.turn == Color::White;
    let promotion = B::PROMOTION[usize::from(!white)];
    (g.forward(from_mask, white) & to_mask != 0).then_some(to_mask & promotion != 0)
}

fn steps_on<B: Board>(pos: &Position, out: &mut Vec<Move>) {
    let g = B::GEOMETRY;
    let own = pos.pieces(pos.turn);
    let empty = B::SQUARES & !pos.occupied();
    let white = pos.turn == Color::White;
    let promotion = B::PROMOTION[usize::from(!white)];
    for from in bits(own) {
        if pos.kings & (1u64 << from) != 0 {
            for d in 0..4 {
                let dir = Direction::ALL[d];
                for to in bits(g.ray(from, dir, empty)) {
                    out.push(Move::step(from, to, false));
                }
            }
        } else {
            for dir in Direction::forward(white) {
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

/// Appends every capture of `pos`, listed as `paths` says, to `out`.
fn captures_on<B: Board>(pos: &Position, paths: Paths, out: &mut Vec<Move>) {
    let g = B::GEOMETRY;
    let own = pos.pieces(pos.turn);
    let theirs = pos.pieces(pos.turn.other());
    let empty = B::SQUARES & !pos.occupied();
    // Men that have an enemy next to them with an empty square behind: only these can
    // start a capture. Kings are searched in any case.
    let men = own & !pos.kings;
    let mut capturing_men = 0;
    for d in 0..4 {
        let dir = Direction::ALL[d];
        let back = dir.opposite();
        capturing_men |= g.shift(g.shift(empty, back) & theirs, back) & men;
    }
    for from in bits(capturing_men | (own & pos.kings)) {
        let mut listing = Listing {
            pos,
            paths,
            first: out.len(),
            out,
            orders_seen: Vec::new(),
        };
        let _ = search_captures::<B>(pos, from, &mut listing);
    }
}

/// A complete capture, as the search hands it to a collector.
pub(crate) struct Capture<'a> {
    pub from: u8,
    pub to: u8,
    pub captured: u64,
    /// The man became a king during the capture.
    pub promotes: bool,
    pub jumps: usize,
    /// Landing squares after each jump, in order: the first `jumps`.
    pub path: &'a [u8; MAX_JUMPS],
}

impl Capture<'_> {
    pub fn landings(&self) -> &[u8] {
        &self.path[..self.jumps]
    }
}

/// What the capture search hands its captures to.
pub(crate) trait Collect {
    /// Whether captures ending on `to` are wanted: the search goes on through every square,
    /// but hands over only the captures that end on a wanted one.
    fn wants(&self, to: u8) -> bool;
    /// Takes a complete capture; `Break` ends the search.
    fn take(&mut self, capture: Capture<'_>) -> ControlFlow<()>;
}

/// Collects the captures of a piece as legal moves, listed as `paths` says.
struct Listing<'a> {
    /// The position the captures are made in.
    pos: &'a Position,
    paths: Paths,
    /// Index in `out` of this piece's first capture (for de-duplication).
    first: usize,
    out: &'a mut Vec<Move>,
    orders_seen: Vec<Vec<u8>>,
}

impl Collect for Listing<'_> {
    #[inline(always)]
    fn wants(&self, _to: u8) -> bool {
        true
    }

    fn take(&mut self, c: Capture<'_>) -> ControlFlow<()> {
        let mv = Move::capture(c.from, c.landings(), c.captured, c.promotes);
        match self.paths {
            Paths::Distinct => {
                if self.out[self.first..].iter().any(|m| m.same_move(&mv)) {
                    return ControlFlow::Continue(());
                }
            }
            Paths::CaptureOrders => {
                let order = captured_in_order(&mv, self.pos);
                let seen = self.out[self.first..]
                    .iter()
                    .zip(&self.orders_seen)
                    .any(|(m, o)| m.to == mv.to && o[..] == order[..]);
                if seen {
                    return ControlFlow::Continue(());
                }
                self.orders_seen.push(order.to_vec());
            }
            Paths::Landings => {}
        }
        self.out.push(mv);
        ControlFlow::Continue(())
    }
}

/// Collects the captures of a piece that end on one square, as one move: the first found
/// (its landing squares kept), until another move (one that leaves a different position)
/// ends there too, which ends the search.
pub(crate) struct EndingOn<'a> {
    to: u8,
    landings: &'a mut [u8; MAX_JUMPS],
    found: Option<QuickMove>,
    several: bool,
}

impl Collect for EndingOn<'_> {
    #[inline(always)]
    fn wants(&self, to: u8) -> bool {
        to == self.to
    }

    #[inline]
    fn take(&mut self, c: Capture<'_>) -> ControlFlow<()> {
        match self.found {
            // The same move by another path.
            Some(q) if q.captured == c.captured && q.promotes == c.promotes => {}
            Some(_) => {
                self.several = true;
                return ControlFlow::Break(());
            }
            None => {
                // The whole array: a copy of fixed length (the squares past the path unused).
                *self.landings = *c.path;
                self.found = Some(QuickMove {
                    from: c.from,
                    to: c.to,
                    captured: c.captured,
                    promotes: c.promotes,
                    jumps: c.jumps as u8,
                });
            }
        }
        ControlFlow::Continue(())
    }
}

/// The captures from one square to another, counted as moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Between {
    None,
    /// Exactly one move (its landing squares in the buffer given).
    One(QuickMove),
    /// Two moves or more that leave different positions.
    Several,
}

/// The captures of the piece of the side to move on `from` that end on `to`; the landing
/// squares of the one found are written to `landings`.
#[inline]
pub(crate) fn captures_between_on<B: Board>(
    pos: &Position,
    from: u8,
    to: u8,
    landings: &mut [u8; MAX_JUMPS],
) -> Between {
    if pos.pieces(pos.turn) & (1u64 << from) == 0 {
        return Between::None;
    }
    let mut ending = EndingOn {
        to,
        landings,
        found: None,
        several: false,
    };
    let _ = search_captures::<B>(pos, from, &mut ending);
    match ending.found {
        _ if ending.several => Between::Several,
        Some(only) => Between::One(only),
        None => Between::None,
    }
}

/// The one capture of the piece of the side to move on `from` that ends on `to`; `None`
/// when there is none, or several that leave different positions.
pub fn only_capture(pos: &Position, from: u8, to: u8) -> Option<Move> {
    let mut landings = [0; MAX_JUMPS];
    match on_board!(pos.variant, B => captures_between_on::<B>(pos, from, to, &mut landings)) {
        Between::One(only) => Some(only.to_move(&landings)),
        Between::None | Between::Several => None,
    }
}

/// Searches every capture of the piece of the side to move on `from` (a piece of the side to
/// move must stand there) and hands each to `collect`, in the order of the search.
///
/// Capturing is compulsory and free to choose: every capture found is legal. A capture goes
/// on while the piece can jump again; a king with a choice of landing squares must land where
/// it can capture again, if it can; a man that reaches the far row goes on as a king.
#[inline(always)]
pub(crate) fn search_captures<B: Board>(
    pos: &Position,
    from: u8,
    collect: &mut impl Collect,
) -> ControlFlow<()> {
    let king = pos.kings & (1u64 << from) != 0;
    let mut search = Search::<B, _> {
        board: PhantomData,
        promotion: B::PROMOTION[usize::from(pos.turn != Color::White)],
        from,
        was_king: king,
        collect,
        landings: [0; MAX_JUMPS],
    };
    // The moving piece is lifted: its square is free for the rest of the move.
    search.extend(State {
        at: from,
        king,
        capturable: pos.pieces(pos.turn.other()),
        empty: (B::SQUARES & !pos.occupied()) | (1u64 << from),
        captured: 0,
        jumps: 0,
    })
}

/// Whether the piece of a capture in progress can jump again from where it stands.
#[inline(always)]
fn can_capture<B: Board>(s: &State) -> bool {
    let g = B::GEOMETRY;
    let here = 1u64 << s.at;
    let jumps = |dir| {
        let victim = if s.king {
            g.first_obstacle(s.at, dir, s.empty)
        } else {
            g.shift(here, dir)
        } & s.capturable;
        victim != 0 && g.shift(victim, dir) & s.empty != 0
    };
    // Written out: each direction's shifts and tables are constants.
    jumps(Direction::UpRight)
        || jumps(Direction::UpLeft)
        || jumps(Direction::DownLeft)
        || jumps(Direction::DownRight)
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

/// A capture search of one piece in progress: the path so far and where captures go.
struct Search<'c, B, C> {
    board: PhantomData<B>,
    promotion: u64,
    from: u8,
    was_king: bool,
    collect: &'c mut C,
    landings: [u8; MAX_JUMPS],
}

impl<B: Board, C: Collect> Search<'_, B, C> {
    /// The state after jumping the enemy on `victim` and landing on `land`.
    #[inline(always)]
    fn jump(&self, s: &State, victim: u64, land: u8) -> State {
        s.jump::<B>(victim, land, self.promotion)
    }

    /// Continues the capture from `s`; hands it over when no further jump exists.
    #[inline(always)]
    fn extend(&mut self, mut s: State) -> ControlFlow<()> {
        let g = B::GEOMETRY;
        // A man with one jump to make or none (the common case) is followed without looking
        // at each direction: the squares it can land on by one jump, one per direction that
        // has a jump, at once.
        while !s.king {
            let here = 1u64 << s.at;
            let mut lands = 0;
            for d in 0..4 {
                let dir = Direction::ALL[d];
                lands |= g.shift(g.shift(here, dir) & s.capturable, dir) & s.empty;
            }
            if lands == 0 {
                return self.end(&s);
            }
            if lands & (lands - 1) != 0 {
                break; // a choice: each direction below
            }
            let land = lands.trailing_zeros() as u8;
            // The piece jumped stands halfway: a direction is a constant difference of bits.
            let victim = (s.at + land) / 2;
            self.landings[s.jumps] = land;
            s = self.jump(&s, 1u64 << victim, land);
        }
        self.branch(s)
    }

    /// [`Search::extend`] from `s`, a king's capture or a man's with a choice of jumps: each
    /// direction in turn (written out, so that each has its tables and shifts as constants).
    #[inline(never)]
    fn branch(&mut self, s: State) -> ControlFlow<()> {
        let jumped = self.branch_towards(Direction::UpRight, &s)?
            | self.branch_towards(Direction::UpLeft, &s)?
            | self.branch_towards(Direction::DownLeft, &s)?
            | self.branch_towards(Direction::DownRight, &s)?;
        if jumped {
            return ControlFlow::Continue(());
        }
        self.end(&s)
    }

    /// The captures that go on from `s` by a jump in `dir`; whether there is such a jump.
    #[inline(always)]
    fn branch_towards(&mut self, dir: Direction, s: &State) -> ControlFlow<(), bool> {
        let g = B::GEOMETRY;
        let victim = if s.king {
            g.first_obstacle(s.at, dir, s.empty)
        } else {
            g.shift(1u64 << s.at, dir)
        } & s.capturable;
        if victim == 0 {
            return ControlFlow::Continue(false);
        }
        let landing_squares = if s.king {
            g.ray(victim.trailing_zeros() as u8, dir, s.empty)
        } else {
            g.shift(victim, dir) & s.empty
        };
        if landing_squares == 0 {
            return ControlFlow::Continue(false);
        }
        // A king must land where it can capture again, if such a square exists (with one
        // landing square there is nothing to choose).
        let mut continuing = 0;
        if landing_squares & (landing_squares - 1) != 0 {
            for land in bits(landing_squares) {
                if can_capture::<B>(&self.jump(s, victim, land)) {
                    continuing |= 1u64 << land;
                }
            }
            if continuing == 0 {
                // No landing square can capture again: the capture ends on each, and is
                // handed over without searching on from there (which would find, with the
                // same test, no jump).
                for land in bits(landing_squares) {
                    if self.collect.wants(land) {
                        self.landings[s.jumps] = land;
                        self.hand_over(&self.jump(s, victim, land))?;
                    }
                }
                return ControlFlow::Continue(true);
            }
        }
        let allowed = if continuing != 0 {
            continuing
        } else {
            landing_squares
        };
        for land in bits(allowed) {
            self.landings[s.jumps] = land;
            self.extend(self.jump(s, victim, land))?;
        }
        ControlFlow::Continue(true)
    }

    /// The capture ends at `s`: handed over if it is one (a jump or more) and wanted.
    #[inline(always)]
    fn end(&mut self, s: &State) -> ControlFlow<()> {
        if s.jumps > 0 && self.collect.wants(s.at) {
            self.hand_over(s)
        } else {
            ControlFlow::Continue(())
        }
    }

    #[inline(always)]
    fn hand_over(&mut self, s: &State) -> ControlFlow<()> {
        self.collect.take(Capture {
            from: self.from,
            to: s.at,
            captured: s.captured,
            promotes: s.king && !self.was_king,
            jumps: s.jumps,
            path: &self.landings,
        })
    }
}

/// The squares of the pieces `mv` takes, in the order it takes them (found by walking its
/// landing path in `before`); in square order if the path does not account for them all
/// (which a legal move never does). Held on the stack: no allocation per move.
pub fn captured_in_order(mv: &Move, before: &Position) -> CaptureOrder {
    let mut order = CaptureOrder {
        squares: [0; MAX_JUMPS],
        len: 0,
    };
    if !mv.is_capture() {
        return order;
    }
    let g = before.geometry();
    let enemies = before.pieces(before.turn.other());
    let mut taken = 0u64;
    let mut at = mv.from;
    for &land in mv.landings() {
        let Some(dir) = g.direction(at, land) else {
            break;
        };
        let mut square = at;
        while let Some(next) = g.step(square, dir) {
            if next == land {
                break;
            }
            let mask = 1u64 << next;
            if enemies & mask != 0 && taken & mask == 0 {
                taken |= mask;
                order.push(next);
                break;
            }
            square = next;
        }
        at = land;
    }
    if taken != mv.captured {
        order.len = 0;
        for bit in mv.captured_squares() {
            order.push(bit);
        }
    }
    order
}

/// The squares a capture takes, in order ([`captured_in_order`]): at most one per jump.
#[derive(Clone, Copy, Debug)]
pub struct CaptureOrder {
    squares: [u8; MAX_JUMPS],
    len: usize,
}

impl CaptureOrder {
    fn push(&mut self, square: u8) {
        self.squares[self.len] = square;
        self.len += 1;
    }
}

impl std::ops::Deref for CaptureOrder {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.squares[..self.len]
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
    use crate::rules::variant::Variant;
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
    use crate::rules::variant::Variant;

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

    /// `captures_between_on` says what the legal moves say from every square of the side to
    /// move to every square: no capture, the one (path included), or several, along
    /// pseudo-random games of both boards (kings, promotions, long captures).
    #[test]
    fn captures_between_two_squares_are_the_listed_ones() {
        fn check<B: Board>(pos: &Position, moves: &[Move], counts: &mut [usize; 3]) {
            let mut landings = [0; MAX_JUMPS];
            for from in bits(pos.pieces(pos.turn)) {
                for to in bits(B::SQUARES) {
                    let listed: Vec<&Move> = moves
                        .iter()
                        .filter(|m| m.is_capture() && m.from == from && m.to == to)
                        .collect();
                    match captures_between_on::<B>(pos, from, to, &mut landings) {
                        Between::One(only) => {
                            assert_eq!(listed, [&only.to_move(&landings)], "{pos:?}");
                            counts[0] += 1;
                        }
                        Between::None => assert!(listed.is_empty(), "{pos:?}"),
                        Between::Several => {
                            assert!(listed.len() > 1, "{pos:?}");
                            counts[1 + usize::from(pos.kings >> from & 1 == 1)] += 1;
                        }
                    }
                }
            }
        }
        // One capture, several of a man, several of a king (rare along random games: the
        // differential test against the naive reference meets many more).
        let mut counts = [0; 3];
        random_playouts(
            300,
            200,
            Paths::Distinct,
            |pos, moves, _| on_board!(pos.variant, B => check::<B>(pos, moves, &mut counts)),
        );
        assert!(
            counts[0] > 10_000 && counts[1] > 10 && counts[2] > 0,
            "{counts:?}"
        );
    }

    /// The text of a generated capture, start and end or the full path, is what
    /// `Move::to_alpha` says, appended by `Move::write_alpha`.
    #[test]
    fn captures_write_their_text() {
        for (fen, variant, short, full) in [
            (
                "W:WKa1:Bc3,e5,g5",
                Variant::Spantsiretti,
                "a1:h4",
                "a1:d4:f6:h4",
            ),
            (
                "W:Wc1:Bd2,f4,f6",
                Variant::Spantsiretti,
                "c1:e7",
                "c1:e3:g5:e7",
            ),
            (
                "W:WKa1,c1:Bb2,d4,f6,d6,b6",
                Variant::Russian,
                "a1:a5",
                "a1:c3:e5:c7:a5",
            ),
        ] {
            let pos = crate::notation::fen::parse_fen(
                fen,
                variant,
                crate::rules::square::Corner::TopLeft,
            )
            .unwrap();
            let mut legal = Vec::new();
            legal_moves(&pos, Paths::Landings, &mut legal);
            let g = pos.geometry();
            let texts: Vec<(String, String)> = legal
                .iter()
                .map(|mv| (mv.to_alpha(g, false), mv.to_alpha(g, true)))
                .collect();
            assert!(
                texts.contains(&(short.to_string(), full.to_string())),
                "{texts:?}"
            );
            for mv in &legal {
                for full_path in [false, true] {
                    let mut out = String::from("x");
                    mv.write_alpha(g, full_path, &mut out);
                    assert_eq!(out[1..], mv.to_alpha(g, full_path));
                }
            }
        }
    }

    /// Each board's constants are its variant's.
    #[test]
    fn boards_are_their_variants() {
        fn check<B: Board>(variant: Variant) {
            let g = variant.geometry();
            assert_eq!(format!("{:?}", B::GEOMETRY), format!("{g:?}"));
            assert_eq!(B::REMOVAL, variant.removal());
            assert_eq!(
                B::PROMOTION,
                [g.promotion_row(true), g.promotion_row(false)]
            );
        }
        check::<TenByEight>(Variant::Spantsiretti);
        check::<EightByEight>(Variant::Russian);
    }
}
