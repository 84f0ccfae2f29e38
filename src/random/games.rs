//! Reproducible random legal games, written as PDN: the source of benchmark archives and of
//! property tests (everything written here must validate).
//!
//! Each game is played from the start position with uniformly random legal moves until the
//! rules end it or a random length (20 to 200 plies) is reached; then a result is declared as
//! a player would: the rules' result, or an agreed draw, a resignation of the side with less
//! material, or `*`. A single jump that another capture shares start and end with is avoided
//! while there is another choice, since no spelling of it is unambiguous.

use crate::notation::naming::{MoveNumber, move_text};
use crate::rules::game::Game;
use crate::rules::movegen::{Paths, legal_moves};
use crate::rules::moves::Move;
use crate::rules::outcome::Outcome;
use crate::rules::position::{Color, Position};
use crate::rules::rng::Rng;
use crate::rules::variant::Variant;
use std::fmt::Write;

const PLAYERS: [&str; 12] = [
    "Ivanov, Pyotr",
    "Smirnova, Anna",
    "Kuznetsov, Oleg",
    "Popova, Irina",
    "Sokolov, Dmitri",
    "Lebedeva, Olga",
    "Kozlov, Sergei",
    "Novikova, Elena",
    "Morozov, Alexei",
    "Volkova, Maria",
    "Pavlov, Nikolai",
    "Fedorova, Tatiana",
];

/// The text of a move as canonical PDN writes it: start and end squares, the full path only
/// when another legal move shares both.
fn canonical(mv: &Move, legal: &[Move], pos: &Position) -> String {
    move_text(mv, pos.geometry(), None, mv.shares_ends(legal))
}

/// Writes game number `index` (from 1) of the archive with this seed.
pub fn write_game(out: &mut String, variant: Variant, seed: u64, index: u64) {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0xA076_1D64_78BD_642F));
    let target = 20 + rng.below(181);
    let mut game = Game::new(Position::start(variant));
    let mut moves: Vec<String> = Vec::with_capacity(target);
    let mut legal = Vec::new();
    while moves.len() < target && game.outcome().is_none() {
        legal.clear();
        legal_moves(game.position(), Paths::Distinct, &mut legal);
        // A single jump that another capture shares start and end with cannot be written
        // unambiguously in any notation: avoid it while there is another choice.
        let writable: Vec<Move> = legal
            .iter()
            .filter(|m| !(m.landings().len() == 1 && m.shares_ends(&legal)))
            .copied()
            .collect();
        let choices = if writable.is_empty() {
            &legal
        } else {
            &writable
        };
        let mv = choices[rng.below(choices.len())];
        moves.push(canonical(&mv, &legal, game.position()));
        game.play(&mv);
    }
    let result = match game.outcome() {
        Some(Outcome::NoLegalMove { winner }) => win(winner),
        Some(_) => "1/2-1/2",
        None => match rng.below(10) {
            0 => "*",
            1..=4 => "1/2-1/2",
            _ => {
                let (white, black) = (
                    material(game.position(), Color::White),
                    material(game.position(), Color::Black),
                );
                win(if white >= black {
                    Color::White
                } else {
                    Color::Black
                })
            }
        },
    };
    let white = PLAYERS[rng.below(PLAYERS.len())];
    let black = PLAYERS[rng.below(PLAYERS.len())];
    let _ = writeln!(out, "[Event \"Random archive {seed}\"]");
    let _ = writeln!(
        out,
        "[Date \"2026.{:02}.{:02}\"]",
        1 + rng.below(12),
        1 + rng.below(28)
    );
    let _ = writeln!(out, "[Round \"{index}\"]");
    let _ = writeln!(out, "[White \"{white}\"]");
    let _ = writeln!(out, "[Black \"{black}\"]");
    let _ = writeln!(out, "[Result \"{result}\"]");
    let _ = writeln!(out, "[GameType \"{}\"]", variant.game_type());
    out.push('\n');
    let mut line = String::new();
    for (i, text) in moves.iter().enumerate() {
        let number = MoveNumber::first(Color::White).nth(i);
        let token = match number.side {
            Color::White => format!("{number} {text}"),
            Color::Black => text.clone(),
        };
        push_token(out, &mut line, &token);
        if rng.below(40) == 0 {
            push_token(out, &mut line, "{a comment}");
        }
    }
    push_token(out, &mut line, result);
    out.push_str(&line);
    out.push_str("\n\n");
}

fn win(winner: Color) -> &'static str {
    match winner {
        Color::White => "1-0",
        Color::Black => "0-1",
    }
}

/// Men count 1, kings 3.
fn material(pos: &Position, color: Color) -> u32 {
    let (kings, men) = pos.count(color);
    3 * kings + men
}

/// Appends `token` to the current line, breaking lines at 80 characters.
fn push_token(out: &mut String, line: &mut String, token: &str) {
    if !line.is_empty() && line.len() + 1 + token.len() > 80 {
        out.push_str(line);
        out.push('\n');
        line.clear();
    }
    if !line.is_empty() {
        line.push(' ');
    }
    line.push_str(token);
}
