//! Work grows linearly with the input, in every command and every extreme shape: the release
//! binary runs on inputs of N and 2N units of a shape (games, tags, players, copies, plies,
//! ...) under callgrind, and the instructions that the larger input costs past those of an
//! empty one may be at most 2.6 times those of the smaller (2 is linear, 4 quadratic).
//! Instructions, not time: they do not vary with the machine's load.

use crate::differential::Rng;
use crate::harness::{random_game, random_games};
use pdnkit::rules::has_capture;
use pdnkit::{Corner, Game, Move, Paths, Position, Variant, legal_moves, parse_fen};
use std::collections::HashMap;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// Instructions that `pdnkit ARGS` executes, as callgrind counts them.
fn instructions(args: &[OsString]) -> u64 {
    let out = Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(env!("CARGO_BIN_EXE_pdnkit"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .output()
        .expect("valgrind runs (the tests need it installed)");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "pdnkit {args:?} failed:\n{stderr}"
    );
    let collected = stderr
        .lines()
        .find_map(|l| l.split("Collected : ").nth(1))
        .unwrap_or_else(|| panic!("no callgrind count in:\n{stderr}"));
    collected.trim().parse().expect("a count")
}

/// `pdnkit COMMAND --no-config -j1 OPTIONS INPUT` (no `-j1` for `show`), where `OUT` in the options names a path in
/// `dir` (removed before the run, for `-o` and `split`'s directory).
fn command_line(command: &[&str], dir: &Path, input: &Path) -> Vec<OsString> {
    let out = dir.join("out");
    let _ = fs::remove_dir_all(&out);
    let _ = fs::remove_file(&out);
    let mut args: Vec<OsString> = vec![command[0].into(), "--no-config".into()];
    // `show` reads one game and has no threads to choose.
    if command[0] != "show" {
        args.push("-j1".into());
    }
    args.extend(command[1..].iter().map(|&a| match a {
        "OUT" => out.clone().into_os_string(),
        _ => a.into(),
    }));
    args.push(input.into());
    args
}

/// The instructions of a run on an empty input (starting the process, reading nothing),
/// measured once: what every run costs whatever its input.
fn fixed_cost() -> u64 {
    static FIXED: OnceLock<u64> = OnceLock::new();
    *FIXED.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temporary directory");
        let empty = dir.path().join("empty.pdn");
        fs::write(&empty, "").expect("write input");
        instructions(&command_line(&["validate", "-q"], dir.path(), &empty))
    })
}

/// Checks that `pdnkit COMMAND` on `shape(2 n)` costs at most 2.6 times what it costs on
/// `shape(n)`, past the fixed cost.
fn linear(command: &[&str], n: usize, shape: impl Fn(usize) -> String) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let counts: Vec<u64> = [n, 2 * n]
        .iter()
        .map(|&size| {
            let path = dir.path().join(format!("in-{size}.pdn"));
            fs::write(&path, shape(size)).expect("write input");
            instructions(&command_line(command, dir.path(), &path))
        })
        .collect();
    let fixed = fixed_cost();
    eprintln!(
        "{command:?} at {n} and {}: {counts:?}, fixed {fixed}",
        2 * n
    );
    let (small, large) = (
        counts[0] - fixed.min(counts[0]),
        counts[1] - fixed.min(counts[1]),
    );
    assert!(
        small > fixed,
        "{command:?}: {n} units cost no more than starting: {counts:?}, fixed {fixed}"
    );
    let growth = large as f64 / small as f64;
    assert!(
        growth < 2.6,
        "{command:?}: twice the input ({n} -> {}) cost {growth:.2} times the work (2 is \
         linear, 4 quadratic); instructions {counts:?}, fixed {fixed}",
        2 * n
    );
}

// The shapes.

const HEADER: &str = "[Event \"shape\"]\n[GameType \"41\"]\n";

/// `n` generated games (`pdnkit random`'s).
fn games(n: usize) -> String {
    random_games(Variant::Spantsiretti, 3, 1..=n as u64)
}

/// A game of `n` tags, the `i`-th named `name(i)`, and one move.
fn tags(n: usize, name: impl Fn(usize) -> String) -> String {
    let mut text = String::new();
    for i in 0..n {
        let _ = writeln!(text, "[{} \"value {i}\"]", name(i));
    }
    text.push_str("1. c3-d4 *\n");
    text
}

/// `n` short games, each with players and an event no other game has.
fn distinct_players(n: usize) -> String {
    let mut text = String::new();
    for i in 0..n {
        let _ = write!(
            text,
            "[Event \"Event {i}\"]\n[White \"Player {i}\"]\n[Black \"Opponent {i}\"]\n\n\
             1. c3-d4 f6-g5 *\n\n"
        );
    }
    text
}

/// `n` games, each with a tag name no other game has.
fn distinct_tag_names(n: usize) -> String {
    let mut text = String::new();
    for i in 0..n {
        let _ = write!(
            text,
            "[Event \"e\"]\n[Tag{i} \"v\"]\n\n1. c3-d4 f6-g5 *\n\n"
        );
    }
    text
}

/// `n` copies of one generated game.
fn copies(n: usize) -> String {
    random_game(Variant::Spantsiretti, 3, 1).repeat(n)
}

/// `n` games of one move each, without tags.
fn tiny_games(n: usize) -> String {
    "1. c3-d4 *\n".repeat(n)
}

/// Two long legal games of `n` plies each: two kings a side wander, never giving a capture
/// and never reaching a position a third time (so no rule ends the game).
fn long_games(n: usize) -> String {
    let mut text = String::new();
    for seed in [1, 2] {
        text.push_str(&long_game(n, seed));
    }
    text
}

/// A position on the way of [`long_game`], with the moves from it not tried yet.
struct Step {
    position: Position,
    untried: Vec<Move>,
}

impl Step {
    fn new(position: Position, rng: &mut Rng) -> Step {
        let mut untried = Vec::new();
        legal_moves(&position, Paths::Distinct, &mut untried);
        for i in (1..untried.len()).rev() {
            untried.swap(i, rng.below(i + 1));
        }
        Step { position, untried }
    }
}

/// A game of `plies` quiet king moves, found by a search that backs up from a position
/// where every move gives a capture or repeats a position a third time.
fn long_game(plies: usize, seed: u64) -> String {
    const FEN: &str = "W:WKa1,Kc1:BKh8,Kj8";
    let start = parse_fen(FEN, Variant::Spantsiretti, Corner::BottomLeft).expect("FEN");
    let mut rng = Rng(seed);
    let mut seen = HashMap::from([(start, 1)]);
    let mut way = vec![Step::new(start, &mut rng)];
    let mut played: Vec<Move> = Vec::new();
    while played.len() < plies {
        let step = way
            .last_mut()
            .expect("a long game can be played from the start");
        match step.untried.pop() {
            Some(mv) => {
                let next = step.position.play(&mv);
                let times = seen.entry(next).or_default();
                if *times < 2 && !has_capture(&next) {
                    *times += 1;
                    played.push(mv);
                    way.push(Step::new(next, &mut rng));
                }
            }
            None => {
                let dead_end = way.pop().expect("a step");
                *seen.get_mut(&dead_end.position).expect("seen") -= 1;
                played.pop();
            }
        }
    }
    let mut text = format!("[Event \"long\"]\n[SetUp \"1\"]\n[FEN \"{FEN}\"]\n\n");
    let mut game = Game::new(start);
    for (ply, mv) in played.iter().enumerate() {
        // White moves first (the FEN's W): White's moves are numbered, from 1.
        if ply % 2 == 0 {
            let _ = write!(text, "{}. ", ply / 2 + 1);
        }
        // A step: no other move shares its start and end, so its short form is canonical.
        let _ = write!(text, "{} ", mv.to_alpha(game.position().geometry(), false));
        if ply % 10 == 9 {
            text.push('\n');
        }
        game.play(mv);
        assert!(game.outcome().is_none(), "the long game ended at ply {ply}");
    }
    text.push_str("*\n\n");
    text
}

// Reading (`validate`), shape by shape.

#[test]
fn many_games() {
    linear(&["validate", "-q"], 100, games);
}

#[test]
fn many_tags() {
    linear(&["validate", "-q"], 5_000, |n| {
        tags(n, |i| format!("Site{}", i % 20))
    });
}

#[test]
fn many_distinct_tag_names_in_a_game() {
    linear(&["validate", "-q"], 2_000, |n| {
        tags(n, |i| format!("Tag{i}"))
    });
}

#[test]
fn a_long_line() {
    linear(&["validate", "-q"], 50, |n| games(n).replace('\n', " "));
}

#[test]
fn deep_nesting() {
    // Past 16,384 open variations the reader takes its slower path once (a step, not growth):
    // the sizes stay below it.
    linear(&["validate", "-q"], 6_000, |n| {
        format!(
            "{HEADER}1. c3-d4 {}f6-g5{} *\n",
            "(".repeat(n),
            ")".repeat(n)
        )
    });
}

#[test]
fn many_variations() {
    linear(&["validate", "-q"], 2_000, |n| {
        format!("{HEADER}1. c3-d4 {} f6-g5 *\n", "(1. a3-b4) ".repeat(n))
    });
}

#[test]
fn many_comments() {
    linear(&["validate", "-q"], 5_000, |n| {
        format!("{HEADER}1. c3-d4 {} f6-g5 *\n", "{a comment} ".repeat(n))
    });
}

#[test]
fn long_games_of_king_moves() {
    linear(&["validate", "-q"], 1_000, long_games);
}

// Every other command, each on the shapes that stress what it keeps.

#[test]
fn convert_to_json_lines_long_games() {
    linear(&["convert", "--format", "jsonl"], 500, long_games);
}

#[test]
fn convert_to_json_distinct_tag_names() {
    linear(&["convert", "--format", "json"], 300, distinct_tag_names);
}

#[test]
fn convert_to_pdn_tiny_games() {
    linear(&["convert", "--format", "pdn"], 1_000, tiny_games);
}

#[test]
fn positions_long_games() {
    linear(&["positions"], 500, long_games);
}

#[test]
fn positions_unique_copies() {
    linear(&["positions", "--unique"], 20, copies);
}

#[test]
fn select_distinct_players() {
    linear(
        &["select", "--tag", "White=Player 7"],
        1_000,
        distinct_players,
    );
}

#[test]
fn dedupe_copies() {
    linear(&["dedupe"], 80, copies);
}

#[test]
fn dedupe_output_distinct_tag_names() {
    linear(&["dedupe", "-o", "OUT"], 400, distinct_tag_names);
}

#[test]
fn merge_tiny_games() {
    linear(&["merge"], 2_000, tiny_games);
}

#[test]
fn merge_dedupe_copies() {
    linear(&["merge", "--dedupe"], 80, copies);
}

#[test]
fn split_by_white_distinct_players() {
    linear(
        &["split", "--by", "White", "-o", "OUT"],
        200,
        distinct_players,
    );
}

#[test]
fn split_by_event_distinct_players() {
    linear(
        &["split", "--by", "Event", "-o", "OUT"],
        200,
        distinct_players,
    );
}

#[test]
fn stats_distinct_players() {
    linear(&["stats"], 1_000, distinct_players);
}

#[test]
fn report_long_games() {
    linear(&["report", "-o", "OUT"], 500, long_games);
}

#[test]
fn fmt_tiny_games() {
    linear(&["fmt"], 1_000, tiny_games);
}

#[test]
fn fmt_distinct_tag_names() {
    linear(&["fmt"], 300, distinct_tag_names);
}

#[test]
fn show_a_long_game() {
    linear(&["show", "--ascii"], 500, long_games);
}

#[test]
fn positions_to_parquet_long_games() {
    linear(
        &["positions", "--format", "parquet", "-o", "OUT"],
        500,
        long_games,
    );
}

#[test]
fn convert_to_parquet_distinct_tag_names() {
    linear(
        &["convert", "--format", "parquet", "-o", "OUT"],
        300,
        distinct_tag_names,
    );
}

#[test]
fn the_long_games_are_valid() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("long.pdn");
    fs::write(&path, long_games(500)).expect("write input");
    let out = Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .args(["validate", "--no-config", "--format", "jsonl"])
        .arg(&path)
        .output()
        .expect("pdnkit runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert_eq!(stdout.matches("\"plies\":500,").count(), 2, "{stdout}");
}
