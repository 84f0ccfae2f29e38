//! The draw rules against their independent reference (`reference_draws.rs`): random endings
//! of both boards played out move by move, the engine's verdict compared with the reference's
//! after every move.

use crate::differential::{Rng, fen, scatter, to_position};
use crate::reference::{Board, Side, Sq};
use crate::reference_draws::{Step, verdict};
use pdnkit::rules::has_capture;
use pdnkit::{Color, Game, Move, Position};
use std::collections::BTreeMap;

/// The naive reference's board of a position.
fn board_of(pos: &Position, game_type: u8) -> Board {
    let g = pos.geometry();
    let mut board = Board::empty(game_type);
    for bit in (0..64u8).filter(|&b| g.squares >> b & 1 == 1) {
        if let Some(piece) = pos.piece_at(bit) {
            let side = match piece.color {
                Color::White => Side::White,
                Color::Black => Side::Black,
            };
            let sq: Sq = (g.column_of_bit[bit as usize], g.row_of_bit[bit as usize]);
            board.set(sq, Some((side, piece.king)));
        }
    }
    board
}

/// A random ending: few pieces, kings on at least one side, often a lone king (on the main
/// road half of the time).
fn random_ending(rng: &mut Rng, game_type: u8) -> (Board, bool) {
    let mut board = Board::empty(game_type);
    let any = |_: Sq| true;
    let (strong, weak) = if rng.chance(50) {
        (Side::White, Side::Black)
    } else {
        (Side::Black, Side::White)
    };
    match rng.range(0, 4) {
        // A lone king against one to five pieces, one king at least.
        0 | 1 => {
            let road = rng.chance(50);
            scatter(rng, &mut board, 1, weak, true, |sq| !road || sq.0 == sq.1);
            let pieces = rng.range(1, 5);
            let kings = rng.range(1, pieces);
            scatter(rng, &mut board, kings, strong, true, any);
            scatter(rng, &mut board, pieces - kings, strong, false, any);
        }
        // Kings on both sides, four to seven pieces in all.
        2 => {
            for side in [Side::White, Side::Black] {
                let kings = rng.range(1, 2);
                scatter(rng, &mut board, kings, side, true, any);
                let men = rng.range(0, 2);
                scatter(rng, &mut board, men, side, false, any);
            }
        }
        // Kings on both sides and men far from their promotion row, which can step for a long
        // time: the material stands while men move.
        3 => {
            let height = board.height;
            for side in [Side::White, Side::Black] {
                let kings = rng.range(1, 2);
                scatter(rng, &mut board, kings, side, true, any);
                let men = rng.range(1, 2);
                scatter(rng, &mut board, men, side, false, |sq| match side {
                    Side::White => sq.1 < 2,
                    Side::Black => sq.1 >= height - 2,
                });
            }
        }
        // Men and kings for a while before the ending.
        _ => {
            for side in [Side::White, Side::Black] {
                let kings = rng.range(0, 2);
                scatter(rng, &mut board, kings, side, true, any);
                let men = rng.range(1, 4);
                scatter(rng, &mut board, men, side, false, any);
            }
        }
    }
    (board, rng.chance(50))
}

/// Picks the next move: mostly a quiet king move that leaves nothing to capture (the moves
/// the counts run on), now and then a man's step, often taking back the mover's own last move (positions repeat), a
/// lone king keeping to the main road when it can, sometimes anything.
fn pick(rng: &mut Rng, game: &Game, last: Option<Move>) -> Move {
    let pos = game.position();
    let moves = game.legal_moves();
    let g = pos.geometry();
    let choose =
        |rng: &mut Rng, from: &[&Move]| *from[rng.range(0, from.len() as u32 - 1) as usize];
    let quiet = |m: &&Move| pos.kings >> m.from & 1 == 1 && !m.is_capture();
    let safe = |m: &&Move| !has_capture(&pos.play(m));
    let lone = pos.pieces(pos.turn).count_ones() == 1;
    let road: Vec<&Move> = moves
        .iter()
        .filter(|m| lone && g.main_road() >> m.to & 1 == 1)
        .filter(safe)
        .collect();
    if !road.is_empty() && rng.chance(80) {
        return choose(rng, &road);
    }
    let back = moves
        .iter()
        .filter(safe)
        .find(|m| last.is_some_and(|l| quiet(m) && m.from == l.to && m.to == l.from));
    if let Some(back) = back.filter(|_| rng.chance(15)) {
        return *back;
    }
    // Now and then a man's step, which breaks the kings-only count but not the material's.
    let step: Vec<&Move> = moves
        .iter()
        .filter(|m| pos.kings >> m.from & 1 == 0 && !m.is_capture() && !m.promotes)
        .filter(safe)
        .collect();
    if !step.is_empty() && rng.chance(10) {
        return choose(rng, &step);
    }
    let calm: Vec<&Move> = moves.iter().filter(quiet).filter(safe).collect();
    if !calm.is_empty() && rng.chance(97) {
        return choose(rng, &calm);
    }
    let quiet: Vec<&Move> = moves.iter().filter(quiet).collect();
    if !quiet.is_empty() && rng.chance(50) {
        return choose(rng, &quiet);
    }
    choose(rng, &moves.iter().collect::<Vec<_>>())
}

/// Plays `games` random endings per board; every verdict of the engine must be the
/// reference's. Returns how often each rule ended a game.
fn run(seed: u64, games: usize) -> BTreeMap<(u8, &'static str), usize> {
    let mut rng = Rng(seed);
    let mut ends = BTreeMap::new();
    for game_type in [41u8, 25] {
        for _ in 0..games {
            let (board, white) = random_ending(&mut rng, game_type);
            let start = to_position(&board, white, game_type);
            let mut game = Game::new(start);
            if game.outcome().is_some() {
                continue;
            }
            let mut history = vec![Step {
                board: board.clone(),
                white_to_move: white,
                captured: false,
                man_moved: false,
                promoted: false,
            }];
            let mut played = Vec::new();
            // The last move of each side, by the parity of the ply.
            let mut last: [Option<Move>; 2] = [None, None];
            while game.outcome().is_none() && played.len() < 300 {
                let mv = pick(&mut rng, &game, last[played.len() % 2]);
                last[played.len() % 2] = Some(mv);
                let pos = *game.position();
                played.push(mv.to_alpha(pos.geometry(), true));
                let outcome = game.play(&mv);
                let after = game.position();
                history.push(Step {
                    board: board_of(after, game_type),
                    white_to_move: after.turn == Color::White,
                    captured: mv.is_capture(),
                    man_moved: pos.kings >> mv.from & 1 == 0,
                    promoted: mv.promotes,
                });
                let expected = verdict(game_type, &history);
                assert_eq!(
                    outcome.map(|o| o.termination().name()),
                    expected,
                    "GameType {game_type} from {} after ply {}: {}",
                    fen(&board, white),
                    played.len(),
                    played.join(" ")
                );
                if let Some(code) = expected {
                    *ends.entry((game_type, code)).or_insert(0) += 1;
                }
            }
        }
    }
    ends
}

#[test]
fn engine_agrees_with_the_reference_on_random_endings() {
    let ends = run(0xD2A3_5EED, 1500);
    eprintln!("draw rules: games ended by {ends:?}");
    for code in ["threefold-repetition", "fifteen-move-rule", "no-legal-move"] {
        assert!(
            ends.get(&(41, code)).is_some_and(|&n| n >= 10),
            "{code} on 41"
        );
    }
    for code in [
        "threefold-repetition",
        "fifteen-move-rule",
        "kings-only-rule",
        "piece-count-rule",
        "main-road-rule",
        "five-move-rule",
        "no-legal-move",
    ] {
        assert!(
            ends.get(&(25, code)).is_some_and(|&n| n >= 10),
            "{code} on 25"
        );
    }
}

/// The games of a fixture file as (GameType, FEN or none, written moves).
fn fixture_games(text: &str) -> Vec<(u8, Option<String>, Vec<String>)> {
    let mut games = Vec::new();
    let (mut game_type, mut fen, mut moves) = (41u8, None, Vec::new());
    let mut in_moves = false;
    let mut depth = 0;
    for line in text.lines() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix('[') {
            if in_moves {
                games.push((game_type, fen.take(), std::mem::take(&mut moves)));
                game_type = 41;
                in_moves = false;
            }
            let (key, value) = tag.split_once(' ').expect("a tag");
            let value = value.trim_end_matches(']').trim_matches('"').to_string();
            match key {
                "GameType" => game_type = value.parse().expect("a GameType"),
                "FEN" => fen = Some(value),
                _ => {}
            }
            continue;
        }
        for word in line.split_whitespace() {
            in_moves = true;
            depth += word.matches('{').count();
            let closing = word.matches('}').count();
            if depth > 0 {
                depth -= closing;
                continue;
            }
            let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            if word.len() >= 5 && (word.contains('-') || word.contains(':')) && !word.contains('/')
            {
                moves.push(word.to_string());
            }
        }
    }
    if in_moves {
        games.push((game_type, fen, moves));
    }
    games
}

/// The naive reference's board and side to move for a FEN of squares like `Ka1`.
fn board_of_fen(fen: &str, game_type: u8) -> (Board, bool) {
    let mut board = Board::empty(game_type);
    let mut parts = fen.split(':');
    let white = parts.next() == Some("W");
    for part in parts {
        let (side, squares) = part.split_at(1);
        let side = if side == "W" {
            Side::White
        } else {
            Side::Black
        };
        for square in squares.split(',').filter(|s| !s.is_empty()) {
            let king = square.starts_with('K');
            let name = square.trim_start_matches('K').as_bytes();
            let sq = (
                name[0] - b'a',
                name[1..].iter().fold(0, |n, d| n * 10 + d - b'0') - 1,
            );
            board.set(sq, Some((side, king)));
        }
    }
    (board, white)
}

fn square(name: &str) -> Sq {
    let b = name.as_bytes();
    (b[0] - b'a', name[1..].parse::<u8>().expect("a row") - 1)
}

/// Replays one fixture game with the naive reference alone: the rule that ended it and the
/// ply after which it did, and whether moves follow that end.
fn reference_replay(
    game_type: u8,
    fen: Option<&str>,
    moves: &[String],
) -> (Option<(&'static str, usize)>, bool) {
    let (board, white) = match fen {
        Some(fen) => board_of_fen(fen, game_type),
        None => (Board::start(game_type), true),
    };
    let mut history = vec![Step {
        board,
        white_to_move: white,
        captured: false,
        man_moved: false,
        promoted: false,
    }];
    for (i, written) in moves.iter().enumerate() {
        let squares: Vec<Sq> = written.split(['-', ':']).map(square).collect();
        let last = history.last().expect("a position");
        let legal = crate::reference::reference_moves(&last.board, last.white_to_move, game_type);
        let fits: Vec<_> = legal
            .iter()
            .filter(|m| m.from == squares[0] && m.to == *squares.last().expect("a square"))
            .filter(|m| {
                let mut landings = m.landings.iter();
                squares[1..].iter().all(|s| landings.any(|l| l == s))
            })
            .collect();
        let mv = match fits.as_slice() {
            [] => panic!("ply {}: {written} is not legal for the reference", i + 1),
            [first, rest @ ..] => {
                assert!(
                    rest.iter()
                        .all(|m| m.distinct_key() == first.distinct_key()),
                    "{written} is ambiguous"
                );
                *first
            }
        };
        let man_moved = !matches!(last.board.get(mv.from), Some((_, true)));
        let board = crate::reference::apply(&last.board, mv);
        history.push(Step {
            board,
            white_to_move: !last.white_to_move,
            captured: !mv.captured.is_empty(),
            man_moved,
            promoted: mv.promotes,
        });
        if let Some(code) = verdict(game_type, &history) {
            return (Some((code, i + 1)), i + 1 < moves.len());
        }
    }
    (None, false)
}

/// Every game of the draw fixtures replays under the naive reference to the end its
/// `.expect` line names: the expectations are the reference's as well as pdnkit's.
#[test]
fn draw_fixtures_follow_the_reference() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let files = [
        "rules/draws_russian",
        "rules/draws_russian_on_41",
        "rules/draw_fifteen_move_rule",
        "rules/draw_threefold_repetition",
        "russian/draws_by_rule",
        "errors/russian_draw_rules",
    ];
    for file in files {
        let text = std::fs::read_to_string(root.join(format!("{file}.pdn"))).expect("fixture");
        let expect = std::fs::read_to_string(root.join(format!("{file}.expect"))).expect("expect");
        let lines: Vec<&str> = expect.lines().filter(|l| l.starts_with("game ")).collect();
        let games = fixture_games(&text);
        assert_eq!(games.len(), lines.len(), "{file}: games");
        for ((game_type, fen, moves), line) in games.iter().zip(lines) {
            let game_type = if file.starts_with("russian/") {
                25
            } else {
                *game_type
            };
            let field = |key: &str| {
                line.split_whitespace()
                    .find_map(|w| w.strip_prefix(key))
                    .expect("a field")
            };
            let plies: usize = field("plies=").parse().expect("plies");
            // The rules' ending: an invalid game's `end=`, else its termination.
            let ending = line
                .split_whitespace()
                .find_map(|w| w.strip_prefix("end="))
                .unwrap_or_else(|| field("termination="));
            let (end, after) = reference_replay(game_type, fen.as_deref(), moves);
            match ending {
                "agreement" => assert_eq!(end, None, "{file}: {line}"),
                "-" => {
                    assert!(after, "{file}: {line}: moves after the end");
                    assert_eq!(end.map(|(_, ply)| ply), Some(plies), "{file}: {line}");
                }
                code => assert_eq!(end, Some((code, plies)), "{file}: {line}"),
            }
        }
    }
}
