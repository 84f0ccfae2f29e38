//! `pdnkit dedupe` against fixtures/archive/dedupe/{a,b}.pdn: the groups below were worked
//! out by hand. a.pdn holds game 1 (5 plies), the same in numeric squares with a comment,
//! a 3-ply training game, and game 1 cut after 3 plies; b.pdn game 1 with variations, NAGs,
//! `x` captures and other tags (White and Result differ), the training game in upper case,
//! a game without moves, the training game one ply longer, an 8x8 game, and game 1 from a FEN
//! of the start position.

use crate::harness::pdnkit;
use serde_json::{Value, json};
use std::fs;

const A: &str = "fixtures/archive/dedupe/a.pdn";
const B: &str = "fixtures/archive/dedupe/b.pdn";

fn dedupe(args: &[&str]) -> (Option<i32>, String, String) {
    let out = pdnkit().arg("dedupe").args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn member(file: &str, game: u64, line: u64, plies: u64, relation: &str, kept: bool) -> Value {
    json!({"file": file, "game": game, "line": line, "plies": plies, "relation": relation,
           "kept": kept, "valid": true})
}

#[test]
fn groups_identical_truncated_and_conflicting_copies() {
    let (code, stdout, stderr) = dedupe(&[A, B]);
    assert_eq!(code, Some(1), "{stderr}");
    let lines: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let expected = [
        json!({"type": "group", "group": 1, "plies": 5,
        "relations": ["identical", "truncated", "conflicting-tags"],
        "conflicts": ["White", "Result"],
        "members": [
            member(A, 1, 1, 5, "identical", true),
            member(A, 2, 10, 5, "identical", false),
            member(A, 4, 26, 3, "truncated", false),
            member(B, 1, 1, 5, "identical", false),
            member(B, 6, 37, 5, "identical", false),
        ]}),
        json!({"type": "group", "group": 2, "plies": 4,
        "relations": ["truncated"],
        "conflicts": [],
        "members": [
            member(A, 3, 19, 3, "truncated", false),
            member(B, 2, 9, 3, "truncated", false),
            member(B, 4, 21, 4, "identical", true),
        ]}),
        json!({"type": "summary", "files": 2, "games": 10, "groups": 2, "duplicates": 6}),
    ];
    assert_eq!(lines, expected);
}

#[test]
fn the_deduplicated_archive_keeps_one_game_a_group_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("kept.pdn");
    let (code, stdout, stderr) = dedupe(&[A, B, "-o", out.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stdout.contains("\"type\":\"summary\""));
    let a = fs::read_to_string(A).unwrap();
    let b = fs::read_to_string(B).unwrap();
    let game = |text: &str, from: &str, to: &str| {
        let start = text.find(from).unwrap();
        let end = text[start..].find(to).map_or(text.len(), |e| start + e);
        text[start..end].trim_end().to_string()
    };
    // Game 1 of a.pdn, then of b.pdn the game without moves, the longer training game and
    // the 8x8 game. The game without moves (tags alone) is closed by its Result tag's result:
    // read back, the tags of the game after it would go on its tag section.
    let expected = [
        game(&a, "[Event \"Club\"]\n[Site", "\n\n[Event"),
        game(&b, "[Event \"Lost game\"]", "\n\n[Event") + "\n\n1-0",
        game(&b, "[Event \"Training\"]\n[Date", "\n\n[Event"),
        game(&b, "[Event \"Russian\"]", "\n\n[White"),
    ]
    .join("\n\n");
    assert_eq!(fs::read_to_string(&out).unwrap(), format!("{expected}\n"));
}

#[test]
fn no_duplicates_and_the_human_format() {
    let (code, stdout, _) = dedupe(&[A]);
    // a.pdn alone: game 1, its numeric copy and its truncated copy.
    assert_eq!(code, Some(1));
    assert_eq!(stdout.lines().count(), 2);
    // Game 2 of select.pdn, a draw agreed after 2 plies, begins game 1 (other players,
    // another year): grouped as truncated, the tags in conflict named.
    let (code, stdout, _) = dedupe(&["fixtures/archive/select.pdn"]);
    assert_eq!(code, Some(1));
    let group: Value = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
    assert_eq!(group["conflicts"], json!(["White", "Black", "Date"]));
    assert_eq!(group["relations"], json!(["truncated", "conflicting-tags"]));
    let no_duplicates = "1. c3-d4 f6-g5 2. d4-e5 *\n1. c3-d4 f6-e5 *\n1. c3-b4 *\n";
    let out = pdnkit()
        .arg("dedupe")
        .write_stdin(no_duplicates)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "{\"type\":\"summary\",\"files\":1,\"games\":3,\"groups\":0,\"duplicates\":0}\n"
    );
    let (_, stdout, _) = dedupe(&["--format", "human", A]);
    assert_eq!(
        stdout,
        format!(
            "group 1 (5 plies: identical, truncated)\n  \
             {A}:1: game 1, 5 plies, identical, kept\n  \
             {A}:10: game 2, 5 plies, identical\n  \
             {A}:26: game 4, 3 plies, truncated\n\
             summary: 1 file, 4 games: 1 group of duplicates, 2 games to leave out\n"
        )
    );
}

#[test]
fn standard_input_is_read_twice() {
    let both = format!(
        "{}\n{}",
        fs::read_to_string(A).unwrap(),
        fs::read_to_string(B).unwrap()
    );
    let out = pdnkit()
        .args(["dedupe", "-"])
        .write_stdin(both)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let summary: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(summary["games"], 10);
    assert_eq!(summary["groups"], 2);
    assert!(text.contains("\"file\":\"<stdin>\""));
}
