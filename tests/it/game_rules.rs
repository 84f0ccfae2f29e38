//! End-of-game rules: no legal move, threefold repetition and the 15-move rule, each ending
//! the game exactly on the move it should and not one move earlier.

use pdnkit::{Color, Corner, Game, Move, Outcome, Position, Termination, Variant, parse_fen};

/// 7.2.4 of the Russian rules: three kings (or more) against a lone king have 15 moves to
/// take it.
const CHASE_LIMIT: u32 = 15;

fn position(fen: &str) -> Position {
    parse_fen(fen, Variant::Spantsiretti, Corner::TopLeft).expect("test FEN")
}

/// The legal move written `text` (alphanumeric, short form).
fn find(game: &Game, text: &str) -> Move {
    let g = game.position().geometry();
    *game
        .legal_moves()
        .iter()
        .find(|m| m.to_alpha(g, false) == text)
        .unwrap_or_else(|| panic!("{text} is not legal here"))
}

#[test]
fn threefold_repetition_on_the_third_occurrence_counting_the_start() {
    // Two kings on diagonals that never meet: nothing can ever be captured.
    let mut game = Game::new(position("W:WKb2:BKi7"));
    let shuffle = ["b2-a1", "i7-j8", "a1-b2", "j8-i7"];
    // The start position occurs again after ply 4 and for the third time after ply 8.
    for ply in 1..=8 {
        let mv = find(&game, shuffle[(ply - 1) % 4]);
        let outcome = game.play(&mv);
        if ply < 8 {
            assert_eq!(outcome, None, "over too early, at ply {ply}");
        } else {
            assert_eq!(
                outcome,
                Some(Outcome::Draw(Termination::ThreefoldRepetition))
            );
        }
    }
    assert_eq!(game.repetitions(), 3);
    assert!(game.legal_moves().is_empty(), "no moves after the end");
}

#[test]
fn a_man_move_makes_earlier_positions_unreachable() {
    // As above, with a white man on a3 that steps to b4 once the start position has occurred
    // twice. From then on only positions after the man move count.
    let mut game = Game::new(position("W:WKb2,a3:BKi7"));
    let shuffle = ["b2-a1", "i7-j8", "a1-b2", "j8-i7"];
    for text in shuffle {
        assert_eq!(game.play(&find(&game, text)), None);
    }
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.play(&find(&game, "a3-b4")), None);
    assert_eq!(game.repetitions(), 1);
    // The position after a3-b4 (Black to move) comes back after plies 4 and 8 of a new
    // shuffle that starts with Black: the draw falls on the 8th, not before.
    let shuffle = ["i7-j8", "b2-a1", "j8-i7", "a1-b2"];
    for ply in 1..=8 {
        let outcome = game.play(&find(&game, shuffle[(ply - 1) % 4]));
        if ply < 8 {
            assert_eq!(outcome, None, "over too early, at ply {ply}");
        } else {
            assert_eq!(
                outcome,
                Some(Outcome::Draw(Termination::ThreefoldRepetition))
            );
        }
    }
}

/// Finds a line of `plies` moves from `game` in which nothing is captured, nothing is
/// promoted and no position occurs twice, by depth-first search (deterministic: moves in
/// generation order).
fn quiet_line(game: &Game, plies: usize, seen: &mut Vec<Position>) -> Option<Vec<Move>> {
    if plies == 0 {
        return Some(Vec::new());
    }
    for mv in game.legal_moves() {
        if mv.is_capture() || mv.promotes {
            continue;
        }
        let next = game.position().play(mv);
        if seen.contains(&next) {
            continue;
        }
        let mut g = game.clone();
        if g.play(mv).is_some() && plies > 1 {
            continue;
        }
        seen.push(next);
        if let Some(mut rest) = quiet_line(&g, plies - 1, seen) {
            rest.insert(0, *mv);
            return Some(rest);
        }
        seen.pop();
    }
    None
}

/// From a game whose 15-move count has just started (at zero), plays quiet moves and checks
/// that the game ends by the 15-move rule exactly after the stronger side's 15th move.
fn chase(mut game: Game, strong: Color) {
    let run = game.draw_counts().three_kings().expect("the balance holds");
    assert_eq!(run.count.plies, 0, "the count starts here");
    let first = game.position().turn;
    let plies = if first == strong {
        2 * CHASE_LIMIT as usize - 1
    } else {
        2 * CHASE_LIMIT as usize
    };
    let mut seen = vec![*game.position()];
    let line = quiet_line(&game, plies, &mut seen).expect("a quiet line");
    let mut made = 0;
    for (i, mv) in line.iter().enumerate() {
        let mover = game.position().turn;
        let outcome = game.play(mv);
        made += u32::from(mover == strong);
        if made < CHASE_LIMIT {
            let run = game.draw_counts().three_kings().expect("the balance holds");
            assert_eq!((run.strong, run.moves()), (Some(strong), made));
            assert_eq!(outcome, None, "over at ply {} after {made} moves", i + 1);
        } else {
            assert_eq!(
                outcome,
                Some(Outcome::Draw(Termination::FifteenMoveRule)),
                "ply {}",
                i + 1
            );
        }
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(Termination::FifteenMoveRule))
    );
}

/// Plays `plies` quiet moves (no capture, no repetition, no end) from `game`.
fn play_quietly(game: &mut Game, plies: usize) {
    let mut seen = vec![*game.position()];
    let line = quiet_line(game, plies, &mut seen).expect("a quiet line");
    for mv in &line {
        assert_eq!(game.play(mv), None);
    }
}

#[test]
fn fifteen_moves_from_a_fen_with_the_balance() {
    // Three white kings in one corner, the black king in the other: 29 plies, White first.
    chase(Game::new(position("W:WKa1,Kc1,Ke1:BKj8")), Color::White);
    // Black to move first: 30 plies.
    chase(Game::new(position("B:WKa1,Kc1,Ke1:BKb8")), Color::White);
    // Black as the stronger side, with a man besides its kings.
    chase(Game::new(position("W:WKa1:BKj8,Kh8,Kf8,g7")), Color::Black);
}

#[test]
fn the_move_that_creates_the_balance_does_not_count() {
    // White promotes a third king with g7-h8; the count starts after that move.
    let mut game = Game::new(position("W:WKa1,Kc1,g7:BKb8"));
    let promote = find(&game, "g7-h8");
    assert!(promote.promotes);
    assert_eq!(game.play(&promote), None);
    chase(game, Color::White);
}

#[test]
fn a_fourth_king_lost_does_not_stop_the_count() {
    // Four white kings against one: White makes ten moves, then offers a king that the black
    // king must take. Three kings against one is still the balance of the rule: the count
    // goes on, and the draw falls on White's 15th move since the balance arose (the fourth
    // after the capture, seven plies later).
    let mut game = Game::new(position("W:WKa1,Kc1,Ke1,Kg1:BKj8"));
    play_quietly(&mut game, 20);
    let moves = |game: &Game| game.draw_counts().three_kings().map(|run| run.moves());
    assert_eq!(moves(&game), Some(10));
    let offer = game
        .legal_moves()
        .iter()
        .copied()
        .find(|mv| {
            let mut after = game.clone();
            after.play(mv);
            let replies = after.legal_moves();
            !replies.is_empty() && replies.iter().all(|r| r.captured.count_ones() == 1)
        })
        .expect("a king to offer");
    assert_eq!(game.play(&offer), None);
    let take = game.legal_moves()[0];
    assert_eq!(game.play(&take), None);
    assert_eq!(game.position().count(Color::White), (3, 0));
    assert_eq!(moves(&game), Some(11));
    let mut seen = vec![*game.position()];
    let line = quiet_line(&game, 7, &mut seen).expect("a quiet line");
    for (i, mv) in line.iter().enumerate() {
        let outcome = game.play(mv);
        if i < 6 {
            assert_eq!(outcome, None, "over at ply {} after the capture", i + 1);
        } else {
            assert_eq!(outcome, Some(Outcome::Draw(Termination::FifteenMoveRule)));
            assert_eq!(moves(&game), Some(15));
        }
    }
}

#[test]
fn a_third_king_lost_ends_the_count() {
    // The black king must take e5 (landing f6, g7 or h8); White keeps two kings, and no rule
    // of GameType 41 counts two kings against one: the count ends, and 40 more plies end
    // nothing. (Landing on h8,
    // out of reach of both white kings.)
    let mut game = Game::new(position("B:WKa1,Kc1,Ke5:BKd4"));
    let g = game.position().geometry();
    let mut moves: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|m| m.to_alpha(g, true))
        .collect();
    moves.sort();
    assert_eq!(moves, ["d4:f6", "d4:g7", "d4:h8"]);
    assert!(game.draw_counts().three_kings().is_some());
    game.play(&find(&game, "d4:h8"));
    assert_eq!(game.draw_counts().three_kings(), None);
    play_quietly(&mut game, 40);
    assert_eq!(game.outcome(), None);
}

#[test]
fn no_legal_move_loses() {
    // White's capture takes Black's last piece.
    let mut game = Game::new(position("W:Wc3,e3:Bf4"));
    // White must capture e3:g5, then Black has no piece left.
    let capture = find(&game, "e3:g5");
    assert_eq!(
        game.play(&capture),
        Some(Outcome::NoLegalMove {
            winner: Color::White
        })
    );
    // A side with pieces but no move loses too: Black's man on b2 steps down to a1 or c1,
    // both taken by White men with nothing behind them.
    let blocked = Game::new(position("B:Wa1,c1,h2:Bb2"));
    // b2 cannot step (a1, c1 occupied) and cannot capture (nothing behind a1 or c1).
    assert_eq!(
        blocked.outcome(),
        Some(Outcome::NoLegalMove {
            winner: Color::White
        })
    );
    // No pieces at all.
    let bare = Game::new(position("W:W:Bb6"));
    assert_eq!(
        bare.outcome(),
        Some(Outcome::NoLegalMove {
            winner: Color::Black
        })
    );
}
