//! An independent reference of the end-of-game rules of `docs/rules.md`, written from that
//! text (not from `src/rules/draw.rs` or `src/rules/game.rs`): the verdict after a move is
//! found by looking back over the whole history of the game, every time, with no running count
//! kept between moves. Boards and moves are the naive reference's (`reference.rs`).

use crate::reference::{Board, Side, Sq, reference_moves};

/// One position of a game, and how the move that led to it was made (all false for the
/// first position).
#[derive(Clone, Debug)]
pub struct Step {
    pub board: Board,
    pub white_to_move: bool,
    pub captured: bool,
    /// A man moved (a promotion included).
    pub man_moved: bool,
    pub promoted: bool,
}

/// Kings and men of one side.
fn material(board: &Board, side: Side) -> (u32, u32) {
    let (mut kings, mut men) = (0, 0);
    for sq in board.dark_squares() {
        match board.get(sq) {
            Some((s, true)) if s == side => kings += 1,
            Some((s, false)) if s == side => men += 1,
            _ => {}
        }
    }
    (kings, men)
}

fn side_to_move(step: &Step) -> Side {
    if step.white_to_move {
        Side::White
    } else {
        Side::Black
    }
}

/// The square of `side`'s only piece.
fn only_piece(board: &Board, side: Side) -> Sq {
    board
        .dark_squares()
        .into_iter()
        .find(|&sq| matches!(board.get(sq), Some((s, _)) if s == side))
        .expect("a lone piece")
}

/// The main road: a1, b2, ... h8.
fn on_main_road(sq: Sq) -> bool {
    sq.0 == sq.1
}

/// Moves `side` made to reach the positions `from + 1 ..= last` of `history`.
fn moves_between(history: &[Step], from: usize, side: Side) -> u32 {
    (from + 1..history.len())
        .filter(|&j| side_to_move(&history[j - 1]) == side)
        .count() as u32
}

/// The rule that ends the game after the last move of `history` (GameType `game_type`), by
/// its report name, or `None` when the game goes on.
pub fn verdict(game_type: u8, history: &[Step]) -> Option<&'static str> {
    let last_index = history.len() - 1;
    let last = &history[last_index];
    if reference_moves(&last.board, last.white_to_move, game_type).is_empty() {
        return Some("no-legal-move");
    }
    let occurrences = history
        .iter()
        .filter(|s| s.board == last.board && s.white_to_move == last.white_to_move)
        .count();
    if occurrences >= 3 {
        return Some("threefold-repetition");
    }
    let sides = [Side::White, Side::Black];
    // The clauses against a lone king count from the first position of the run of positions,
    // ending with the last, in which their balance of forces holds.
    let run_start = |holds: &dyn Fn(&Step) -> bool| {
        (0..=last_index)
            .rev()
            .take_while(|&i| holds(&history[i]))
            .last()
            .expect("the balance holds in the last position")
    };
    // `strong` (the side with `pieces` pieces, `kings` kings among them) against a lone king.
    let against_lone_king = |step: &Step, strong: Side, pieces: &dyn Fn(u32, u32) -> bool| {
        let (kings, men) = material(&step.board, strong);
        material(&step.board, strong.other()) == (1, 0) && pieces(kings, men)
    };

    // 7.2.4: three or more kings against a lone king, 15 moves of the stronger side.
    let three_kings = |kings: u32, _men: u32| kings >= 3;
    for strong in sides {
        let holds = |step: &Step| against_lone_king(step, strong, &three_kings);
        if holds(last) && moves_between(history, run_start(&holds), strong) >= 15 {
            return Some("fifteen-move-rule");
        }
    }
    if game_type == 41 {
        return None;
    }

    // 7.2.5: 15 moves by each side, kings only, nothing captured.
    let quiet = (1..=last_index)
        .rev()
        .take_while(|&i| !history[i].captured && !history[i].man_moved)
        .count();
    if quiet >= 30 {
        return Some("kings-only-rule");
    }

    // 7.2.6: both sides with kings, no capture or promotion for 30 or 60 moves by each side.
    let (white_kings, white_men) = material(&last.board, Side::White);
    let (black_kings, black_men) = material(&last.board, Side::Black);
    if white_kings > 0 && black_kings > 0 {
        let limit = match white_kings + white_men + black_kings + black_men {
            4 | 5 => Some(60),
            6 | 7 => Some(120),
            _ => None,
        };
        let unchanged = (1..=last_index)
            .rev()
            .take_while(|&i| !history[i].captured && !history[i].promoted)
            .count();
        if limit.is_some_and(|l| unchanged >= l) {
            return Some("piece-count-rule");
        }
    }

    // 7.2.7: three pieces with a king against a lone king on the main road: 5 moves of the
    // stronger side.
    let three_pieces = |kings: u32, men: u32| kings >= 1 && kings + men == 3;
    for strong in sides {
        let holds = |step: &Step| {
            against_lone_king(step, strong, &three_pieces)
                && on_main_road(only_piece(&step.board, strong.other()))
        };
        if holds(last) && moves_between(history, run_start(&holds), strong) >= 5 {
            return Some("main-road-rule");
        }
    }

    // 7.2.8: two kings, a king and a man, or a king against a lone king: 5 moves of the
    // stronger side; with a king against a king, of either side.
    let few_pieces = |kings: u32, men: u32| kings >= 1 && kings + men <= 2;
    let king_against_king = |step: &Step| {
        sides
            .iter()
            .all(|&side| material(&step.board, side) == (1, 0))
    };
    if king_against_king(last) {
        // Either side may have been the stronger one before (a king and a man against a
        // king, the man taken): the run goes back through any such balance.
        let holds = |step: &Step| {
            sides
                .iter()
                .any(|&strong| against_lone_king(step, strong, &few_pieces))
        };
        let start = run_start(&holds);
        if sides
            .iter()
            .any(|&side| moves_between(history, start, side) >= 5)
        {
            return Some("five-move-rule");
        }
    } else {
        for strong in sides {
            let holds = |step: &Step| against_lone_king(step, strong, &few_pieces);
            if holds(last) && moves_between(history, run_start(&holds), strong) >= 5 {
                return Some("five-move-rule");
            }
        }
    }
    None
}
