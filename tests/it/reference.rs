//! An independent, deliberately naive reference implementation of the move rules of
//! docs/rules.md ("Moves", "What counts as one move"), written from that text alone (not from
//! `src/rules/movegen.rs`), for
//! differential tests of the bitboard engine.
//!
//! A mailbox board of `(column, row)` cells, every capture sequence found by plain depth-first
//! search, everything cloned and allocated freely: clarity over speed.

// Each test binary that includes this module uses a different part of it.
#![allow(dead_code)]

use std::collections::HashSet;

/// A side. Kept apart from the library's own `Color` so the two share nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

/// What stands on a square: a side and whether the piece is a king.
pub type Cell = Option<(Side, bool)>;

/// A square as `(column, row)`, both from 0: `(0, 0)` is a1.
pub type Sq = (u8, u8);

/// The four diagonal directions as `(column step, row step)`.
const DIRECTIONS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// The rule set of a PDN GameType: board size and when captured pieces leave the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub width: u8,
    pub height: u8,
    /// True: each captured piece is removed right after its jump (GameType 41).
    /// False: captured pieces stay, blocking, until the move is complete (GameType 25).
    pub immediate_removal: bool,
}

pub fn rules(game_type: u8) -> Rules {
    match game_type {
        41 => Rules {
            width: 10,
            height: 8,
            immediate_removal: true,
        },
        25 => Rules {
            width: 8,
            height: 8,
            immediate_removal: false,
        },
        other => panic!("no reference rules for GameType {other}"),
    }
}

/// A mailbox board: `cells[row][column]`, sized for the largest board (10 x 8); only the
/// first `width` columns are used.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub width: u8,
    pub height: u8,
    pub cells: [[Cell; 10]; 8],
}

impl Board {
    pub fn empty(game_type: u8) -> Board {
        let r = rules(game_type);
        Board {
            width: r.width,
            height: r.height,
            cells: [[None; 10]; 8],
        }
    }

    /// Three rows of men each: White on rows 1-3, Black on the top three rows.
    pub fn start(game_type: u8) -> Board {
        let mut b = Board::empty(game_type);
        for sq in b.dark_squares() {
            if sq.1 < 3 {
                b.set(sq, Some((Side::White, false)));
            } else if sq.1 >= b.height - 3 {
                b.set(sq, Some((Side::Black, false)));
            }
        }
        b
    }

    /// Every dark square ((column + row) even), row by row from a1.
    pub fn dark_squares(&self) -> Vec<Sq> {
        let mut out = Vec::new();
        for row in 0..self.height {
            for col in 0..self.width {
                if (col + row) % 2 == 0 {
                    out.push((col, row));
                }
            }
        }
        out
    }

    pub fn get(&self, sq: Sq) -> Cell {
        self.cells[sq.1 as usize][sq.0 as usize]
    }

    pub fn set(&mut self, sq: Sq, cell: Cell) {
        self.cells[sq.1 as usize][sq.0 as usize] = cell;
    }

    /// The square `k` steps from `sq` in direction `d`, if it is on the board.
    fn offset(&self, sq: Sq, d: (i8, i8), k: i8) -> Option<Sq> {
        let c = sq.0 as i8 + d.0 * k;
        let r = sq.1 as i8 + d.1 * k;
        if c < 0 || r < 0 || c >= self.width as i8 || r >= self.height as i8 {
            None
        } else {
            Some((c as u8, r as u8))
        }
    }

    /// The row on which a man of `side` becomes a king.
    fn promotion_row(&self, side: Side) -> u8 {
        match side {
            Side::White => self.height - 1,
            Side::Black => 0,
        }
    }
}

/// One legal move along one path.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RefMove {
    pub from: Sq,
    pub to: Sq,
    /// Captured squares, sorted (by column, then row).
    pub captured: Vec<Sq>,
    /// Captured squares in the order they were taken.
    pub captured_in_order: Vec<Sq>,
    /// Landing squares after each jump; for a step, just `to`.
    pub landings: Vec<Sq>,
    /// A man that becomes a king during the move.
    pub promotes: bool,
}

/// A square's name, `c3`.
pub fn sq_name(sq: Sq) -> String {
    format!("{}{}", (b'a' + sq.0) as char, sq.1 + 1)
}

/// A move in full: `c3-d4`, or `c3:e5:g7 x[d4,f6]`, with ` K` when it promotes. The captured
/// list must already be sorted.
pub fn describe(from: Sq, landings: &[Sq], captured: &[Sq], promotes: bool) -> String {
    let mut s = sq_name(from);
    if captured.is_empty() {
        s.push('-');
        s.push_str(&sq_name(*landings.last().expect("a move lands somewhere")));
    } else {
        for &l in landings {
            s.push(':');
            s.push_str(&sq_name(l));
        }
        let names: Vec<String> = captured.iter().map(|&c| sq_name(c)).collect();
        s.push_str(&format!(" x[{}]", names.join(",")));
    }
    if promotes {
        s.push_str(" K");
    }
    s
}

impl RefMove {
    /// The full path: `c3:e5:g7 x[d4,f6] K`.
    pub fn full(&self) -> String {
        describe(self.from, &self.landings, &self.captured, self.promotes)
    }

    /// The move without its intermediate landings: `c3:g7 x[d4,f6] K`.
    pub fn distinct_key(&self) -> String {
        describe(self.from, &[self.to], &self.captured, self.promotes)
    }

    /// From, to and the captured pieces in order: `c3:g7 x(d4,f6)`.
    pub fn order_key(&self) -> String {
        if self.captured.is_empty() {
            return self.distinct_key();
        }
        let names: Vec<String> = self.captured_in_order.iter().map(|&c| sq_name(c)).collect();
        format!(
            "{}:{} x({})",
            sq_name(self.from),
            sq_name(self.to),
            names.join(",")
        )
    }
}

/// The state of a capture in progress.
struct Capture<'a> {
    rules: Rules,
    side: Side,
    from: Sq,
    out: &'a mut Vec<RefMove>,
}

/// One possible jump: the captured square and every square the piece may land on.
struct Jump {
    victim: Sq,
    landings: Vec<Sq>,
}

impl Capture<'_> {
    /// Is `sq` an enemy piece that may still be jumped?
    fn jumpable(&self, board: &Board, sq: Sq, taken: &[Sq]) -> bool {
        matches!(board.get(sq), Some((s, _)) if s != self.side) && !taken.contains(&sq)
    }

    /// Every jump the piece on `at` (a king or not) can make now. With deferred removal the
    /// pieces in `taken` are still on `board`: they block, and cannot be jumped again.
    fn jumps(&self, board: &Board, at: Sq, king: bool, taken: &[Sq]) -> Vec<Jump> {
        let mut out = Vec::new();
        for d in DIRECTIONS {
            if king {
                // Slide over empty squares to the first piece.
                let mut k = 1;
                while let Some(sq) = board.offset(at, d, k) {
                    if board.get(sq).is_some() {
                        break;
                    }
                    k += 1;
                }
                let Some(victim) = board.offset(at, d, k) else {
                    continue;
                };
                if !self.jumpable(board, victim, taken) {
                    continue;
                }
                // Every empty square beyond it, up to the next piece or the edge.
                let mut landings = Vec::new();
                let mut j = k + 1;
                while let Some(sq) = board.offset(at, d, j) {
                    if board.get(sq).is_some() {
                        break;
                    }
                    landings.push(sq);
                    j += 1;
                }
                if !landings.is_empty() {
                    out.push(Jump { victim, landings });
                }
            } else {
                let (Some(victim), Some(land)) = (board.offset(at, d, 1), board.offset(at, d, 2))
                else {
                    continue;
                };
                if self.jumpable(board, victim, taken) && board.get(land).is_none() {
                    out.push(Jump {
                        victim,
                        landings: vec![land],
                    });
                }
            }
        }
        out
    }

    /// Continues a capture from `at`, where the piece has just landed (or, at the start,
    /// stands; its own start square is already empty on `board`).
    fn search(
        &mut self,
        board: &Board,
        at: Sq,
        king: bool,
        promoted: bool,
        taken: &mut Vec<Sq>,
        landings: &mut Vec<Sq>,
    ) {
        for jump in self.jumps(board, at, king, taken) {
            let mut after = board.clone();
            if self.rules.immediate_removal {
                after.set(jump.victim, None);
            }
            taken.push(jump.victim);
            // For each landing square: the piece's status there and whether it can go on.
            let options: Vec<(Sq, bool, bool)> = jump
                .landings
                .iter()
                .map(|&land| {
                    let becomes_king = !king && land.1 == board.promotion_row(self.side);
                    let king_there = king || becomes_king;
                    let more = !self.jumps(&after, land, king_there, taken).is_empty();
                    (land, becomes_king, more)
                })
                .collect();
            // A king with a choice must pick a square from which it can capture again, if
            // there is one. (A man has one landing square, so no choice.)
            let must_continue = options.iter().any(|o| o.2);
            for (land, becomes_king, more) in options {
                if must_continue && !more {
                    continue;
                }
                landings.push(land);
                let king_there = king || becomes_king;
                let promoted_now = promoted || becomes_king;
                if more {
                    self.search(&after, land, king_there, promoted_now, taken, landings);
                } else {
                    let mut captured = taken.clone();
                    captured.sort();
                    self.out.push(RefMove {
                        from: self.from,
                        to: land,
                        captured,
                        captured_in_order: taken.clone(),
                        landings: landings.clone(),
                        promotes: promoted_now,
                    });
                }
                landings.pop();
            }
            taken.pop();
        }
    }
}

/// Every legal move of the side to move, one entry per distinct sequence of landing squares.
pub fn reference_moves(board: &Board, white_to_move: bool, game_type: u8) -> Vec<RefMove> {
    let rules = rules(game_type);
    assert_eq!((board.width, board.height), (rules.width, rules.height));
    let side = if white_to_move {
        Side::White
    } else {
        Side::Black
    };
    let mine: Vec<(Sq, bool)> = board
        .dark_squares()
        .into_iter()
        .filter_map(|sq| match board.get(sq) {
            Some((s, king)) if s == side => Some((sq, king)),
            _ => None,
        })
        .collect();

    // Captures first: they are compulsory.
    let mut captures = Vec::new();
    for &(from, king) in &mine {
        // The moving piece's start square counts as empty during its own capture.
        let mut board = board.clone();
        board.set(from, None);
        let mut capture = Capture {
            rules,
            side,
            from,
            out: &mut captures,
        };
        capture.search(&board, from, king, false, &mut Vec::new(), &mut Vec::new());
    }
    if !captures.is_empty() {
        let mut seen = HashSet::new();
        captures.retain(|m| seen.insert((m.from, m.landings.clone())));
        return captures;
    }

    let mut steps = Vec::new();
    let forward: i8 = if white_to_move { 1 } else { -1 };
    for &(from, king) in &mine {
        for d in DIRECTIONS {
            if !king && d.1 != forward {
                continue;
            }
            let mut k = 1;
            while let Some(to) = board.offset(from, d, k) {
                if board.get(to).is_some() {
                    break;
                }
                steps.push(RefMove {
                    from,
                    to,
                    captured: Vec::new(),
                    captured_in_order: Vec::new(),
                    landings: vec![to],
                    promotes: !king && to.1 == board.promotion_row(side),
                });
                if !king {
                    break;
                }
                k += 1;
            }
        }
    }
    steps
}

/// The moves collapsed to one per (from, to, captured set, promotion): the first path of each.
pub fn distinct_moves(moves: &[RefMove]) -> Vec<RefMove> {
    let mut seen = HashSet::new();
    moves
        .iter()
        .filter(|m| seen.insert((m.from, m.to, m.captured.clone(), m.promotes)))
        .cloned()
        .collect()
}

/// The moves collapsed to one per (from, to, captured pieces in order): the first path of each.
pub fn capture_orders(moves: &[RefMove]) -> Vec<RefMove> {
    let mut seen = HashSet::new();
    moves
        .iter()
        .filter(|m| seen.insert((m.from, m.to, m.captured_in_order.clone())))
        .cloned()
        .collect()
}

/// How perft counts captures that can be made along several paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefPaths {
    Distinct,
    CaptureOrders,
    Landings,
}

/// The moves as the given counting lists them.
pub fn moves_for(
    board: &Board,
    white_to_move: bool,
    game_type: u8,
    mode: RefPaths,
) -> Vec<RefMove> {
    let all = reference_moves(board, white_to_move, game_type);
    match mode {
        RefPaths::Distinct => distinct_moves(&all),
        RefPaths::CaptureOrders => capture_orders(&all),
        RefPaths::Landings => all,
    }
}

/// The board after `mv` (made by the piece on `mv.from`).
pub fn apply(board: &Board, mv: &RefMove) -> Board {
    let mut next = board.clone();
    let (side, king) = board.get(mv.from).expect("a piece on the start square");
    next.set(mv.from, None);
    for &c in &mv.captured {
        next.set(c, None);
    }
    next.set(mv.to, Some((side, king || mv.promotes)));
    next
}

/// The number of move sequences `depth` plies long.
pub fn reference_perft(
    board: &Board,
    white_to_move: bool,
    game_type: u8,
    depth: u32,
    mode: RefPaths,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = moves_for(board, white_to_move, game_type, mode);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| reference_perft(&apply(board, m), !white_to_move, game_type, depth - 1, mode))
        .sum()
}
