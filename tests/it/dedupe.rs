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

/// Runs dedupe with `--min-plies 1`: the fixtures' games are short (3 to 5 plies), and the
/// groups above count every beginning of a longer game as a truncated copy.
fn dedupe(args: &[&str]) -> (Option<i32>, String, String) {
    let out = pdnkit()
        .args(["dedupe", "--min-plies", "1"])
        .args(args)
        .output()
        .unwrap();
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
fn standard_input_is_read_as_a_file() {
    let both = format!(
        "{}\n{}",
        fs::read_to_string(A).unwrap(),
        fs::read_to_string(B).unwrap()
    );
    let out = pdnkit()
        .args(["dedupe", "--min-plies", "1", "-"])
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

/// The first 12 plies of a game of `pdnkit random --seed 3` (10x8), as four games: the 12
/// plies, their first 10, their first 4 (an opening entry) and the same 4 again.
fn opening_list() -> String {
    let plies = [
        "e3-f4", "d6-c5", "c3-b4", "h6-g5", "b4:d6", "c7:e5", "f4:h6", "g7:i5", "d2-e3", "i5-j4",
        "e3-d4", "e5:c3",
    ];
    let game = |event: &str, n: usize| {
        let moves: Vec<String> = plies[..n]
            .chunks(2)
            .enumerate()
            .map(|(i, pair)| format!("{}. {}", i + 1, pair.join(" ")))
            .collect();
        format!(
            "[Event \"{event}\"]\n[GameType \"41\"]\n\n{} *\n",
            moves.join(" ")
        )
    };
    [
        game("full", 12),
        game("ten", 10),
        game("entry", 4),
        game("entry again", 4),
    ]
    .join("\n")
}

/// A group as (plies, [(game, relation, kept)]).
type Grouped = (u64, Vec<(u64, String, bool)>);

/// The exit code, each group, and the summary's duplicates.
fn groups_of(args: &[&str]) -> (Option<i32>, Vec<Grouped>, u64) {
    let out = pdnkit()
        .arg("dedupe")
        .args(args)
        .arg("-")
        .write_stdin(opening_list())
        .output()
        .unwrap();
    let mut groups = Vec::new();
    let mut duplicates = 0;
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        if v["type"] == "summary" {
            duplicates = v["duplicates"].as_u64().unwrap();
            continue;
        }
        let members = v["members"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                let relation = m["relation"].as_str().unwrap().to_string();
                (m["game"].as_u64().unwrap(), relation, m["kept"] == true)
            })
            .collect();
        groups.push((v["plies"].as_u64().unwrap(), members));
    }
    (out.status.code(), groups, duplicates)
}

#[test]
fn short_games_are_not_truncated_copies_by_default_and_exact_finds_identical_only() {
    let m = |game: u64, relation: &str, kept: bool| (game, relation.to_string(), kept);
    // Default (--min-plies 10): the 10-ply game is a truncated copy of the 12-ply one; the
    // opening entry is not, its copy is identical.
    let (code, groups, duplicates) = groups_of(&[]);
    assert_eq!(code, Some(1));
    assert_eq!(
        groups,
        [
            (12, vec![m(1, "identical", true), m(2, "truncated", false)]),
            (4, vec![m(3, "identical", true), m(4, "identical", false)]),
        ]
    );
    assert_eq!(duplicates, 2);
    // --exact: identical copies only.
    let (code, groups, duplicates) = groups_of(&["--exact"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        groups,
        [(4, vec![m(3, "identical", true), m(4, "identical", false)])]
    );
    assert_eq!(duplicates, 1);
    // --min-plies 11: the 10-ply game is a game of its own.
    let (_, groups, _) = groups_of(&["--min-plies", "11"]);
    assert_eq!(groups.len(), 1);
    assert_eq!(groups[0].0, 4);
    // --min-plies 1: every beginning is a truncated copy, in the one group of the longest.
    let (code, groups, duplicates) = groups_of(&["--min-plies", "1"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        groups,
        [(
            12,
            vec![
                m(1, "identical", true),
                m(2, "truncated", false),
                m(3, "truncated", false),
                m(4, "truncated", false)
            ]
        )]
    );
    assert_eq!(duplicates, 3);
}

#[test]
fn dedupe_and_merge_dedupe_exit_alike_and_write_alike() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("list.pdn");
    fs::write(&input, opening_list()).unwrap();
    let unique = "[Event \"x\"]\n[GameType \"41\"]\n\n1. e3-f4 *\n";
    let single = dir.path().join("single.pdn");
    fs::write(&single, unique).unwrap();
    for (path, code) in [(&input, 1), (&single, 0)] {
        let deduped = dir.path().join("deduped.pdn");
        let merged = dir.path().join("merged.pdn");
        let out = pdnkit()
            .arg("dedupe")
            .arg(path)
            .arg("-o")
            .arg(&deduped)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(code));
        let out = pdnkit()
            .args(["merge", "--dedupe"])
            .arg(path)
            .arg("-o")
            .arg(&merged)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(code));
        let written = fs::read_to_string(&merged).unwrap();
        assert_eq!(written, fs::read_to_string(&deduped).unwrap());
        let events: Vec<&str> = written
            .lines()
            .filter(|l| l.starts_with("[Event"))
            .collect();
        let expected: &[&str] = if code == 1 {
            &["[Event \"full\"]", "[Event \"entry\"]"]
        } else {
            &["[Event \"x\"]"]
        };
        assert_eq!(events, expected);
    }
    // Without --dedupe, --exact means nothing: a usage error.
    let out = pdnkit()
        .args(["merge", "--exact"])
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn tags_in_conflict_over_many_copies() {
    // 300 copies of one game: White unknown in all but two that differ (a conflict);
    // Dates all overlapping but one pair that cannot be the same day; Results one known.
    let mut text = String::new();
    for i in 0..300 {
        let white = match i {
            7 => "Anna",
            250 => "Bob",
            _ => "?",
        };
        let date = match i {
            10 => "2019.05.??",
            20 => "2019.??.??",
            299 => "2019.06.01",
            _ => "????.??.??",
        };
        let result = if i == 3 { "1-0" } else { "*" };
        text.push_str(&format!(
            "[White \"{white}\"]\n[Date \"{date}\"]\n[Result \"{result}\"]\n[GameType \"41\"]\n\n\
             1. e3-f4 d6-c5 {result}\n\n"
        ));
    }
    let out = pdnkit()
        .args(["dedupe", "-"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let group: Value = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
    assert_eq!(group["members"].as_array().unwrap().len(), 300);
    assert_eq!(group["conflicts"], json!(["White", "Date"]));
}

/// dedupe and merge --dedupe read each input once: of a FIFO named on the command line and of
/// standard input they write, byte for byte, what they write of the same archive in a file
/// (names aside), and leave nothing in TMPDIR. The archive is a.pdn and b.pdn, a.pdn again
/// and the opening list, with a comment between games and one after the last.
#[cfg(unix)]
#[test]
fn a_fifo_and_standard_input_are_read_once_as_a_file_is() {
    let d = crate::harness::Dir::new();
    let text = format!(
        "{{ a preamble }}\n{}\n{}\n{{ between }}\n{}\n{}\n{{ the end }}\n",
        fs::read_to_string(A).unwrap(),
        fs::read_to_string(B).unwrap(),
        fs::read_to_string(A).unwrap(),
        opening_list()
    );
    let file = d.write("archive.pdn", text.as_bytes());
    let fifo = d.path("games.fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let tmp = d.path("tmp");
    fs::create_dir(&tmp).unwrap();
    let run = |args: &[&str], path: &std::path::Path, stdin: &str| {
        pdnkit()
            .args(args)
            .args(["--no-progress", "-j2"])
            .arg(path)
            .env("TMPDIR", &tmp)
            .write_stdin(stdin.to_string())
            .output()
            .unwrap()
    };
    let named = |bytes: &[u8], name: &str| {
        String::from_utf8_lossy(bytes).replace(name, &file.display().to_string())
    };
    for args in [
        &["dedupe"][..],
        &["dedupe", "--min-plies", "1", "--format", "human"],
        &["dedupe", "--exact"],
        &["dedupe", "-o", "-"],
        &["dedupe", "--min-plies", "1", "-o", "-"],
        &["merge", "--dedupe"],
        &["merge", "--dedupe", "--canonical", "--exact"],
    ] {
        let from_file = run(args, &file, "");
        assert_eq!(from_file.status.code(), Some(1), "{args:?}: duplicates");
        let writer = {
            let (fifo, text) = (fifo.clone(), text.clone());
            std::thread::spawn(move || fs::write(fifo, text).unwrap())
        };
        let from_fifo = run(args, &fifo, "");
        writer.join().unwrap();
        let from_stdin = run(args, std::path::Path::new("-"), &text);
        for (out, name) in [
            (&from_fifo, fifo.display().to_string()),
            (&from_stdin, "<stdin>".to_string()),
        ] {
            assert_eq!(
                out.status.code(),
                from_file.status.code(),
                "{args:?} {name}"
            );
            assert!(
                named(&out.stdout, &name) == String::from_utf8_lossy(&from_file.stdout),
                "{args:?}: {name} writes otherwise"
            );
            assert!(
                named(&out.stderr, &name) == String::from_utf8_lossy(&from_file.stderr),
                "{args:?}: {name} reports otherwise"
            );
        }
        let left: Vec<_> = fs::read_dir(&tmp).unwrap().collect();
        assert!(left.is_empty(), "{args:?}: {left:?} left in TMPDIR");
    }
}
