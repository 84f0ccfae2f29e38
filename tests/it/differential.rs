//! Differential test: the library's bitboard move generator against the naive reference in
//! `tests/it/reference.rs`, on many seeded random positions of both boards (10x8 GameType 41 with
//! immediate removal, 8x8 GameType 25 with removal at the end of the move).
//!
//! For every position the legal moves are compared in all three listings (distinct moves,
//! distinct capture orders, every landing path) and perft a few plies deep in each counting.
//! Run the long version with `cargo test --release --test it differential -- --ignored`.

use crate::reference::{Board, RefMove, RefPaths, Side, Sq};
use pdnkit::rules::Geometry;
use pdnkit::{Color, Move, Paths, Piece, Position, Variant};
use std::collections::HashMap;

/// SplitMix64: a tiny, seeded, reproducible generator.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0), by the high bits.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }

    /// Uniform in `lo..=hi`.
    pub(crate) fn range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + (self.next() % (hi - lo + 1) as u64) as u32
    }

    /// True with probability `percent` / 100.
    pub(crate) fn chance(&mut self, percent: u32) -> bool {
        self.range(0, 99) < percent
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.range(0, i as u32) as usize;
            items.swap(i, j);
        }
    }
}

fn variant_of(game_type: u8) -> Variant {
    Variant::from_game_type(game_type as u32).expect("a supported GameType")
}

/// May a piece of this kind stand on `sq`? A man never stands on its own promotion row.
fn allowed(board: &Board, sq: Sq, side: Side, king: bool) -> bool {
    king || match side {
        Side::White => sq.1 != board.height - 1,
        Side::Black => sq.1 != 0,
    }
}

/// Puts `count` pieces of one kind on random empty squares that pass `filter`.
pub(crate) fn scatter(
    rng: &mut Rng,
    board: &mut Board,
    count: u32,
    side: Side,
    king: bool,
    filter: impl Fn(Sq) -> bool,
) {
    let mut free: Vec<Sq> = board
        .dark_squares()
        .into_iter()
        .filter(|&sq| board.get(sq).is_none() && allowed(board, sq, side, king) && filter(sq))
        .collect();
    rng.shuffle(&mut free);
    for &sq in free.iter().take(count as usize) {
        board.set(sq, Some((side, king)));
    }
}

/// Turns the board half a turn and swaps the colours: the same position seen by the other
/// side. (Width + height is even on both boards, so dark squares stay dark.)
fn mirror(board: &Board) -> Board {
    let mut out = Board {
        cells: [[None; 10]; 8],
        ..board.clone()
    };
    for sq in board.dark_squares() {
        if let Some((side, king)) = board.get(sq) {
            let to = (board.width - 1 - sq.0, board.height - 1 - sq.1);
            out.set(to, Some((side.other(), king)));
        }
    }
    out
}

/// A random position of one of several kinds, with the side to move.
fn random_position(rng: &mut Rng, game_type: u8) -> (Board, bool) {
    let mut board = Board::empty(game_type);
    let height = board.height;
    let max_men = if game_type == 41 { 15 } else { 12 };
    let any = |_: Sq| true;
    let white_to_move = match rng.range(0, 5) {
        // Sparse endgame of kings, perhaps with a few men.
        0 => {
            for side in [Side::White, Side::Black] {
                let kings = rng.range(1, 4);
                scatter(rng, &mut board, kings, side, true, any);
                let men = rng.range(0, 2);
                scatter(rng, &mut board, men, side, false, any);
            }
            true
        }
        // Crowded middlegame.
        1 => {
            for side in [Side::White, Side::Black] {
                let men = rng.range(6, max_men);
                scatter(rng, &mut board, men, side, false, any);
                let kings = rng.range(0, 2);
                scatter(rng, &mut board, kings, side, true, any);
            }
            true
        }
        // White men one step from the top row amid Black pieces: promotion in mid-capture.
        2 => {
            let men = rng.range(1, 3);
            scatter(rng, &mut board, men, Side::White, false, |sq| {
                sq.1 == height - 2
            });
            let more = rng.range(0, 4);
            scatter(rng, &mut board, more, Side::White, false, |sq| {
                sq.1 >= height - 4
            });
            let kings = rng.range(0, 1);
            scatter(rng, &mut board, kings, Side::White, true, any);
            let enemies = rng.range(3, 10);
            scatter(rng, &mut board, enemies, Side::Black, false, |sq| {
                sq.1 >= height - 5
            });
            let enemy_kings = rng.range(0, 2);
            scatter(rng, &mut board, enemy_kings, Side::Black, true, |sq| {
                sq.1 >= height - 3
            });
            true
        }
        // Every square filled at random with a given density.
        3 => {
            let density = rng.range(15, 75);
            let kings = rng.range(0, 50);
            for sq in board.dark_squares() {
                if rng.chance(density) {
                    let side = if rng.chance(50) {
                        Side::White
                    } else {
                        Side::Black
                    };
                    let king = rng.chance(kings) || !allowed(&board, sq, side, false);
                    board.set(sq, Some((side, king)));
                }
            }
            rng.chance(50)
        }
        // A random game from the start, played with the reference's own moves.
        _ => {
            board = Board::start(game_type);
            let mut white = true;
            for _ in 0..rng.range(0, 70) {
                let moves = crate::reference::reference_moves(&board, white, game_type);
                if moves.is_empty() {
                    break;
                }
                let pick = &moves[rng.range(0, moves.len() as u32 - 1) as usize];
                board = crate::reference::apply(&board, pick);
                white = !white;
            }
            white
        }
    };
    if rng.chance(50) {
        (mirror(&board), !white_to_move)
    } else {
        (board, white_to_move)
    }
}

pub(crate) fn to_position(board: &Board, white_to_move: bool, game_type: u8) -> Position {
    let variant = variant_of(game_type);
    let g = variant.geometry();
    let turn = if white_to_move {
        Color::White
    } else {
        Color::Black
    };
    let mut pos = Position::empty(variant, turn);
    for sq in board.dark_squares() {
        if let Some((side, king)) = board.get(sq) {
            let color = match side {
                Side::White => Color::White,
                Side::Black => Color::Black,
            };
            let bit = g.bit_at(sq.0, sq.1).expect("a dark square");
            pos.set(bit, Some(Piece { color, king }));
        }
    }
    pos
}

/// `W:Wa1,Kc3:Bd6`: side to move, then each side's pieces, K before a king.
pub(crate) fn fen(board: &Board, white_to_move: bool) -> String {
    let list = |side: Side| {
        board
            .dark_squares()
            .into_iter()
            .filter_map(|sq| match board.get(sq) {
                Some((s, king)) if s == side => Some(format!(
                    "{}{}",
                    if king { "K" } else { "" },
                    crate::reference::sq_name(sq)
                )),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "{}:W{}:B{}",
        if white_to_move { "W" } else { "B" },
        list(Side::White),
        list(Side::Black)
    )
}

fn sq_of(g: &Geometry, bit: u8) -> Sq {
    (g.column_of_bit[bit as usize], g.row_of_bit[bit as usize])
}

/// A library move in the reference's full notation, `c3:e5:g7 x[d4,f6] K`.
fn library_full(g: &Geometry, mv: &Move) -> String {
    let landings: Vec<Sq> = mv.landings().iter().map(|&b| sq_of(g, b)).collect();
    let mut captured: Vec<Sq> = (0..64u8)
        .filter(|&b| mv.captured >> b & 1 == 1)
        .map(|b| sq_of(g, b))
        .collect();
    captured.sort();
    let full = crate::reference::describe(sq_of(g, mv.from), &landings, &captured, mv.promotes);
    assert_eq!(
        landings.last(),
        Some(&sq_of(g, mv.to)),
        "library move {full}: `to` is not the last landing"
    );
    full
}

fn library_moves(pos: &Position, paths: Paths) -> Vec<Move> {
    let mut out = Vec::new();
    pdnkit::legal_moves(pos, paths, &mut out);
    out
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Compares one position; returns a report of every disagreement found.
fn compare(board: &Board, white_to_move: bool, game_type: u8, depth: u32) -> Option<String> {
    let pos = to_position(board, white_to_move, game_type);
    let g = pos.geometry();
    let all = crate::reference::reference_moves(board, white_to_move, game_type);
    let by_path: HashMap<String, &RefMove> = all.iter().map(|m| (m.full(), m)).collect();
    let mut problems = Vec::new();

    // Every landing path.
    let lib = sorted(
        library_moves(&pos, Paths::Landings)
            .iter()
            .map(|m| library_full(g, m))
            .collect(),
    );
    let reference = sorted(all.iter().map(RefMove::full).collect());
    if lib != reference {
        problems.push(format!(
            "Paths::Landings\n  library:   {lib:?}\n  reference: {reference:?}"
        ));
    }

    // Distinct moves and distinct capture orders: the library's representative path must be
    // one of the reference's paths, and the keys must match one for one.
    for (paths, key, collapse) in [
        (
            Paths::Distinct,
            RefMove::distinct_key as fn(&RefMove) -> String,
            crate::reference::distinct_moves as fn(&[RefMove]) -> Vec<RefMove>,
        ),
        (
            Paths::CaptureOrders,
            RefMove::order_key,
            crate::reference::capture_orders,
        ),
    ] {
        let mut lib = Vec::new();
        for mv in library_moves(&pos, paths) {
            let full = library_full(g, &mv);
            match by_path.get(&full) {
                Some(m) => lib.push(key(m)),
                None => lib.push(format!("{full} (NOT A REFERENCE PATH)")),
            }
        }
        let lib = sorted(lib);
        let reference = sorted(collapse(&all).iter().map(key).collect());
        if lib != reference {
            problems.push(format!(
                "Paths::{paths:?}\n  library:   {lib:?}\n  reference: {reference:?}"
            ));
        }
    }

    // The capture search's collector of the captures between two squares (what reading a
    // capture written with start and end only uses): the capture of that piece between those
    // squares when there is exactly one distinct move there, and nothing otherwise. Every
    // start square of a reference move is tried toward every square.
    let game = pdnkit::Game::new(pos);
    let has_capture = all.iter().any(|m| !m.captured.is_empty());
    if game.outcome().is_none() && game.has_capture() != has_capture {
        problems.push(format!("has_capture {}", game.has_capture()));
    }
    if has_capture {
        let distinct = crate::reference::distinct_moves(&all);
        let mut starts: Vec<Sq> = distinct.iter().map(|m| m.from).collect();
        starts.dedup();
        for from in (0..64u8).filter(|&b| g.squares >> b & 1 == 1) {
            if !starts.contains(&sq_of(g, from)) {
                continue;
            }
            for to in (0..64u8).filter(|&b| g.squares >> b & 1 == 1) {
                let fits: Vec<&RefMove> = distinct
                    .iter()
                    .filter(|m| m.from == sq_of(g, from) && m.to == sq_of(g, to))
                    .collect();
                let lib = pdnkit::rules::only_capture(&pos, from, to).map(|mv| {
                    let full = library_full(g, &mv);
                    by_path
                        .get(&full)
                        .map_or(full.clone(), |m| m.distinct_key())
                });
                let expected = match fits.as_slice() {
                    [only] => Some(only.distinct_key()),
                    _ => None,
                };
                if lib != expected {
                    problems.push(format!(
                        "only_capture {} to {}: library {lib:?}, reference {expected:?}",
                        g.square_name(from),
                        g.square_name(to)
                    ));
                }
            }
        }
    }

    // Perft in every counting (only when the move lists agree, to keep reports short).
    if problems.is_empty() {
        for (paths, mode) in [
            (Paths::Distinct, RefPaths::Distinct),
            (Paths::CaptureOrders, RefPaths::CaptureOrders),
            (Paths::Landings, RefPaths::Landings),
        ] {
            for d in 1..=depth {
                let lib = pdnkit::rules::perft(&pos, d, paths);
                let reference =
                    crate::reference::reference_perft(board, white_to_move, game_type, d, mode);
                if lib != reference {
                    problems.push(format!(
                        "perft depth {d} Paths::{paths:?}: library {lib}, reference {reference}"
                    ));
                    break;
                }
            }
        }
    }

    if problems.is_empty() {
        None
    } else {
        Some(format!(
            "GameType {game_type} position {}\n{}",
            fen(board, white_to_move),
            problems.join("\n")
        ))
    }
}

/// Does the man become a king before its last jump (and go on capturing as a king)?
fn promotes_mid_capture(m: &RefMove) -> bool {
    let last_row = |sq: &Sq| sq.1 == 0 || sq.1 == 7;
    m.promotes && m.landings[..m.landings.len() - 1].iter().any(last_row)
}

/// Runs `count` random positions per board; panics with the first few disagreements.
fn run(seed: u64, count: usize, depth: u32, deep_depth: u32) {
    let mut rng = Rng(seed);
    let mut failures = Vec::new();
    let mut failed = 0;
    let (mut compared, mut with_captures, mut with_promotion) = (0, 0, 0);
    for game_type in [41u8, 25] {
        for i in 0..count {
            let (board, white) = random_position(&mut rng, game_type);
            let moves = crate::reference::reference_moves(&board, white, game_type);
            with_captures += moves.iter().any(|m| !m.captured.is_empty()) as usize;
            with_promotion += moves.iter().any(promotes_mid_capture) as usize;
            // Every 16th position a little deeper.
            let d = if i % 16 == 0 { deep_depth } else { depth };
            compared += 1;
            if let Some(report) = compare(&board, white, game_type, d) {
                failed += 1;
                if failures.len() < 8 {
                    failures.push(report);
                }
            }
        }
    }
    eprintln!(
        "differential: {compared} positions compared, {with_captures} with captures, \
         {with_promotion} with a promotion in mid-capture, {failed} disagreements"
    );
    assert!(
        failures.is_empty(),
        "{failed} of {compared} positions disagree; first ones:\n\n{}",
        failures.join("\n\n")
    );
}

#[test]
fn library_agrees_with_reference_on_random_positions() {
    run(0x5EED_D1FF, 8000, 2, 3);
}

#[test]
#[ignore = "long: 200k positions, deeper perft"]
fn library_agrees_with_reference_on_many_random_positions() {
    run(0xDEE9_5EED, 100_000, 3, 4);
}

#[test]
fn reference_reproduces_the_start_position_perft_table() {
    let tables: [(u8, &[u64]); 2] = [
        (41, &[9, 81, 658, 4_265, 27_132]),
        (25, &[7, 49, 302, 1_469, 7_482, 37_986]),
    ];
    for (game_type, expected) in tables {
        let board = Board::start(game_type);
        for (i, &nodes) in expected.iter().enumerate() {
            let depth = i as u32 + 1;
            for mode in [RefPaths::Distinct, RefPaths::CaptureOrders] {
                assert_eq!(
                    crate::reference::reference_perft(&board, true, game_type, depth, mode),
                    nodes,
                    "GameType {game_type} depth {depth} {mode:?}"
                );
            }
        }
    }
}

#[test]
#[ignore = "long: deep start-position perft of the reference"]
fn reference_reproduces_the_deep_perft_table() {
    let b41 = Board::start(41);
    assert_eq!(
        crate::reference::reference_perft(&b41, true, 41, 6, RefPaths::Distinct),
        168_316
    );
    assert_eq!(
        crate::reference::reference_perft(&b41, true, 41, 7, RefPaths::Distinct),
        1_040_706
    );
    let b25 = Board::start(25);
    for (depth, distinct, orders) in [
        (7, 190_146, 190_146),
        (8, 929_899, 929_905),
        (9, 4_570_586, 4_570_667),
    ] {
        assert_eq!(
            crate::reference::reference_perft(&b25, true, 25, depth, RefPaths::Distinct),
            distinct,
            "8x8 depth {depth}"
        );
        assert_eq!(
            crate::reference::reference_perft(&b25, true, 25, depth, RefPaths::CaptureOrders),
            orders,
            "8x8 depth {depth} every path"
        );
    }
}

/// Builds a board from `W:Wa1,Kc3:Bd6`-style piece lists.
fn board_of(game_type: u8, white: &[&str], black: &[&str]) -> Board {
    let mut board = Board::empty(game_type);
    for (side, list) in [(Side::White, white), (Side::Black, black)] {
        for name in list {
            let (king, name) = match name.strip_prefix('K') {
                Some(rest) => (true, rest),
                None => (false, *name),
            };
            let bytes = name.as_bytes();
            let sq = (bytes[0] - b'a', name[1..].parse::<u8>().unwrap() - 1);
            board.set(sq, Some((side, king)));
        }
    }
    board
}

fn full_moves(board: &Board, game_type: u8) -> Vec<String> {
    sorted(
        crate::reference::reference_moves(board, true, game_type)
            .iter()
            .map(RefMove::full)
            .collect(),
    )
}

#[test]
fn reference_promotes_in_mid_capture_and_goes_on_as_a_king() {
    // b6xc7 reaches d8 and crowns; only as a king can it then take f6 (e7 is empty).
    // On 10x8 the diagonal goes on to i3 and j2.
    let ten: &[&str] = &[
        "b6:d8:g5 x[c7,f6] K",
        "b6:d8:h4 x[c7,f6] K",
        "b6:d8:i3 x[c7,f6] K",
        "b6:d8:j2 x[c7,f6] K",
    ];
    for (game_type, expected) in [(41, ten), (25, &ten[..2])] {
        let board = board_of(game_type, &["b6"], &["c7", "f6"]);
        assert_eq!(full_moves(&board, game_type), expected);
        assert_eq!(compare(&board, true, game_type, 2), None);
    }
}

#[test]
fn reference_king_must_land_where_it_can_capture_again() {
    // Kc1xd2 may land on e3, f4, g5 or h6 (i7, j8 on 10x8); only from f4 can it take g3,
    // landing on h2 (or i1 on 10x8).
    let ten: &[&str] = &["c1:f4:h2 x[d2,g3]", "c1:f4:i1 x[d2,g3]"];
    for (game_type, expected) in [(41, ten), (25, &ten[..1])] {
        let board = board_of(game_type, &["Kc1"], &["d2", "g3"]);
        assert_eq!(full_moves(&board, game_type), expected);
        assert_eq!(compare(&board, true, game_type, 2), None);
    }
}

#[test]
fn reference_removal_moment_differs_between_the_boards() {
    // The king's loop a3:c5:e3:c1:a3 takes b4, d4, d2, b2. With immediate removal (41) it
    // then passes over b4's empty square to take d6; with removal at the end (25) b4 blocks.
    let white = ["Ka3"];
    let black = ["b4", "d4", "d2", "b2", "d6"];
    let most = |game_type| {
        let board = board_of(game_type, &white, &black);
        assert_eq!(compare(&board, true, game_type, 2), None);
        crate::reference::reference_moves(&board, true, game_type)
            .iter()
            .map(|m| m.captured.len())
            .max()
    };
    assert_eq!(most(41), Some(5));
    assert_eq!(most(25), Some(4));
}
