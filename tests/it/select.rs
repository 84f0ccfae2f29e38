//! `pdnkit select` against fixtures/archive/select.pdn: every expected selection below was
//! worked out by hand from that file (games numbered from 1 in file order).

use crate::harness::pdnkit;
use serde_json::Value;
use std::fs;

const ARCHIVE: &str = "fixtures/archive/select.pdn";

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn select(args: &[&str]) -> Run {
    let out = pdnkit()
        .arg("select")
        .arg(ARCHIVE)
        .args(args)
        .output()
        .expect("pdnkit runs");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 messages"),
    }
}

/// The selected games' numbers and the plies where a position condition held.
fn selected(args: &[&str]) -> Vec<(u64, Option<u64>)> {
    let mut all = vec!["--format", "jsonl"];
    all.extend_from_slice(args);
    let run = select(&all);
    assert!(
        matches!(run.code, Some(0 | 1)),
        "{args:?}: exit {:?}: {}",
        run.code,
        run.stderr
    );
    run.stdout
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("a JSON line");
            assert_eq!(v["type"], "selected");
            assert_eq!(v["file"], ARCHIVE);
            (v["game"].as_u64().unwrap(), v["ply"].as_u64())
        })
        .collect()
}

fn games(args: &[&str]) -> Vec<u64> {
    selected(args).into_iter().map(|(game, _)| game).collect()
}

#[test]
fn tags_by_regex_glob_and_exact_value() {
    assert_eq!(games(&["--tag", "White=~Иванов"]), [1, 6, 7]);
    assert_eq!(games(&["--tag", "White=~^Ivanov"]), [4]);
    assert_eq!(games(&["--tag", "Black=Иванова*"]), [3]);
    assert_eq!(games(&["--tag", "Black=Smith, John"]), [1, 4, 7]);
    // The exact value: a glob without wildcards matches nothing longer.
    assert_eq!(games(&["--tag", "Black=Smith"]), Vec::<u64>::new());
    assert_eq!(games(&["--tag", "Event!=Club*"]), [3, 5, 6, 7]);
    assert_eq!(games(&["--tag", "Site!~."]), [2, 3, 4, 5, 6, 7]);
}

#[test]
fn tag_conditions_on_one_name_or_on_different_names_and() {
    assert_eq!(
        games(&["--tag", "White=~Иванов", "--tag", "White=Smith*"]),
        [1, 2, 5, 6, 7]
    );
    assert_eq!(
        games(&["--tag", "White=~Иванов", "--tag", "Black=Smith, John"]),
        [1, 7]
    );
}

#[test]
fn dates_with_unknown_parts_must_lie_wholly_in_the_range() {
    assert_eq!(games(&["--date", "2020"]), [2]);
    assert_eq!(games(&["--date", "2019..2020"]), [1, 2, 7]);
    assert_eq!(games(&["--date", "2021.03.."]), [3, 5, 6]);
    assert_eq!(games(&["--date", "2021.03.10.."]), [5, 6]);
    assert_eq!(games(&["--date", "..2019.06"]), [1]);
    assert_eq!(games(&["--date", "2019", "--date", "2020"]), [1, 2, 7]);
}

#[test]
fn declared_results_by_meaning() {
    assert_eq!(games(&["--result", "1-0"]), [1, 4, 6, 7]);
    assert_eq!(games(&["--result", "2-0"]), [1, 4, 6, 7]);
    assert_eq!(games(&["--result", "draw"]), [2, 5]);
    assert_eq!(games(&["--result", "*"]), [3]);
    assert_eq!(games(&["--result", "none"]), Vec::<u64>::new());
    assert_eq!(games(&["--result", "0-1", "--result", "*"]), [3]);
}

#[test]
fn outcomes_and_terminations_found_by_the_board() {
    assert_eq!(games(&["--outcome", "white"]), [6]);
    assert_eq!(games(&["--outcome", "draw"]), [5]);
    assert_eq!(games(&["--outcome", "none"]), [1, 2, 3, 4, 7]);
    assert_eq!(games(&["--termination", "threefold"]), [5]);
    assert_eq!(games(&["--termination", "threefold-repetition"]), [5]);
    assert_eq!(games(&["--termination", "agreement"]), [2]);
    assert_eq!(games(&["--termination", "resignation"]), [1, 7]);
    assert_eq!(games(&["--termination", "unfinished"]), [3]);
    assert_eq!(games(&["--termination", "no-legal-move"]), [6]);
}

#[test]
fn validity_diagnostics_game_types_and_plies() {
    assert_eq!(games(&["--invalid"]), [4]);
    assert_eq!(games(&["--valid", "--result", "1-0"]), [1, 6, 7]);
    assert_eq!(games(&["--diagnostic", "illegal-move"]), [4]);
    assert_eq!(games(&["--variant", "25"]), [7]);
    // Game 4 replays 2 plies before its error.
    assert_eq!(games(&["--variant", "41", "--plies", "4.."]), [1, 3, 5]);
    assert_eq!(games(&["--plies", "1"]), [6]);
    assert_eq!(games(&["--plies", "..2"]), [2, 4, 6]);
}

#[test]
fn positions_by_material_and_fen_with_the_ply_found() {
    assert_eq!(selected(&["--material", "3K:1K"]), [(3, Some(3))]);
    assert_eq!(
        selected(&["--material", "3K:1K", "--material", "1K:1K"]),
        [(3, Some(3)), (5, Some(0))]
    );
    assert_eq!(selected(&["--material", "1M:1M"]), [(6, Some(0))]);
    assert_eq!(selected(&["--material", "0:1K"]), Vec::new());
    // After 2. e1:j6 in game 3, Black to move.
    let fen = "B:WKb2,Kc1,Kj6:BKa7";
    assert_eq!(selected(&["--fen", fen]), [(3, Some(3))]);
    assert_eq!(selected(&["--fen", fen, "--ply", "3"]), [(3, Some(3))]);
    assert_eq!(selected(&["--fen", fen, "--ply", "4"]), Vec::new());
    // The same position with the other side to move is another position.
    assert_eq!(selected(&["--fen", "W:WKb2,Kc1,Kj6:BKa7"]), Vec::new());
    // After 1. c3-d4 f6-g5 (games 1 and 2), squares in any order.
    let fen = "W:Wd4,a1,c1,e1,g1,i1,b2,d2,f2,h2,j2,a3,e3,g3,i3:\
               Bg5,b6,d6,h6,j6,a7,c7,e7,g7,i7,b8,d8,f8,h8,j8";
    assert_eq!(selected(&["--fen", fen]), [(1, Some(2)), (2, Some(2))]);
    // The same in numeric squares (N2: a1 = 36, d4 = 22, g5 = 19).
    let numeric = "W:W22,26,28,29,30,31,32,33,34,35,36,37,38,39,40:B1-12,14,15,19";
    assert_eq!(selected(&["--fen", numeric]), [(1, Some(2)), (2, Some(2))]);
    // Material and FEN together hold on one position.
    assert_eq!(
        selected(&["--fen", fen, "--material", "15M:15M"]),
        [(1, Some(2)), (2, Some(2))]
    );
    assert_eq!(
        selected(&["--fen", fen, "--material", "14M:15M"]),
        Vec::new()
    );
}

#[test]
fn selected_games_are_written_as_they_were() {
    let text = fs::read_to_string(ARCHIVE).unwrap();
    let start = text.find("[Event \"Rapid\"]").unwrap();
    let end = text.find("\n\n[Event \"Russian\"]").unwrap();
    let run = select(&["--tag", "Event=Rapid"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, format!("{}\n", &text[start..end]));
}

#[test]
fn count_and_exit_codes() {
    let run = select(&["--count", "--result", "1-0"]);
    assert_eq!((run.code, run.stdout.as_str()), (Some(0), "4\n"));
    let run = select(&["--count", "--tag", "White=Nobody"]);
    assert_eq!((run.code, run.stdout.as_str()), (Some(1), "0\n"));
    let run = select(&["--tag", "White"]);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("NAME=VALUE"), "{}", run.stderr);
    for bad in [
        ["--date", "2021..2020"],
        ["--material", "3K"],
        ["--termination", "draw"],
        ["--plies", "x"],
        ["--fen", "W:Wz9"],
        ["--ply", "3"],
    ] {
        let run = select(&bad);
        assert_eq!(run.code, Some(2), "{bad:?}");
        assert!(run.stdout.is_empty());
    }
}

#[test]
fn a_code_page_archive_is_written_in_utf8() {
    let out = pdnkit()
        .args([
            "select",
            "fixtures/russian/windows1251_archive.pdn",
            "--tag",
        ])
        .arg("White=~Белов")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(text.contains("Белов, Пётр"), "{text}");
}

/// The declared result is read without replaying the moves when no condition needs the board:
/// the selection is the same as with a condition that replays them (`--plies 0..` holds for
/// every game).
#[test]
fn declared_results_alike_with_and_without_replay() {
    let file = "fixtures/archive/results.pdn";
    let games_in = |args: &[&str]| -> Vec<u64> {
        let run = pdnkit()
            .args(["select", file, "--format", "jsonl"])
            .args(args)
            .output()
            .expect("pdnkit runs");
        let stdout = String::from_utf8(run.stdout).expect("UTF-8 output");
        stdout
            .lines()
            .map(|line| {
                serde_json::from_str::<Value>(line).expect("a JSON line")["game"]
                    .as_u64()
                    .unwrap()
            })
            .collect()
    };
    // Worked out by hand from the file's comment.
    for (result, want) in [
        ("1-0", vec![1]),
        ("0-1", vec![2, 3]),
        ("none", vec![4]),
        ("draw", vec![5]),
    ] {
        assert_eq!(games_in(&["--result", result]), want, "--result {result}");
        let replayed = games_in(&["--result", result, "--plies", "0.."]);
        assert_eq!(replayed, want, "--result {result} --plies 0..");
    }
}

/// Four games worked out by hand (10x8, from a FEN): 1 and 2 end when White's `c3:e5` takes
/// Black's last piece (Black has no legal move: White wins), 1 declaring `0-1` (invalid:
/// result-mismatch), 2 `1-0` (valid). 3 and 4 shuffle two kings back to the start position a
/// third time after ply 8 (threefold repetition, a draw), 3 playing one move more (invalid:
/// move-after-end), 4 stopping there; both declare `1/2-1/2`.
const ENDINGS: &str = "\
[Event \"no legal move, wrong result\"]\n[GameType \"41\"]\n[FEN \"W:Wc3:Bd4\"]\n\n\
1. c3:e5 0-1\n\n\
[Event \"no legal move\"]\n[GameType \"41\"]\n[FEN \"W:Wc3:Bd4\"]\n\n\
1. c3:e5 1-0\n\n\
[Event \"threefold, then a move\"]\n[GameType \"41\"]\n[FEN \"W:WKa1:BKj8\"]\n\n\
1. a1-b2 j8-i7 2. b2-a1 i7-j8 3. a1-b2 j8-i7 4. b2-a1 i7-j8 5. a1-b2 1/2-1/2\n\n\
[Event \"threefold\"]\n[GameType \"41\"]\n[FEN \"W:WKa1:BKj8\"]\n\n\
1. a1-b2 j8-i7 2. b2-a1 i7-j8 3. a1-b2 j8-i7 4. b2-a1 i7-j8 1/2-1/2\n";

/// An invalid game has neither termination nor outcome, in `select` as in `validate`: the
/// invalid games 1 and 3 answer only `--outcome none`, whatever their moves or result say.
#[test]
fn invalid_games_have_neither_termination_nor_outcome() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("endings.pdn");
    fs::write(&file, ENDINGS).unwrap();
    let games_in = |args: &[&str]| -> Vec<u64> {
        let run = pdnkit()
            .args(["select", "--no-config", "--format", "jsonl"])
            .arg(&file)
            .args(args)
            .output()
            .expect("pdnkit runs");
        assert!(matches!(run.status.code(), Some(0 | 1)), "{args:?}");
        let stdout = String::from_utf8(run.stdout).expect("UTF-8 output");
        stdout
            .lines()
            .map(|line| {
                serde_json::from_str::<Value>(line).unwrap()["game"]
                    .as_u64()
                    .unwrap()
            })
            .collect()
    };
    assert_eq!(games_in(&["--invalid"]), [1, 3]);
    assert_eq!(games_in(&["--termination", "no-legal-move"]), [2]);
    assert_eq!(games_in(&["--termination", "threefold"]), [4]);
    assert_eq!(games_in(&["--outcome", "white"]), [2]);
    assert_eq!(games_in(&["--outcome", "draw"]), [4]);
    assert_eq!(games_in(&["--outcome", "black"]), [0u64; 0]);
    assert_eq!(games_in(&["--outcome", "none"]), [1, 3]);
    assert_eq!(games_in(&["--termination", "agreement"]), [0u64; 0]);

    let out = pdnkit()
        .args(["validate", "--no-config", "--format", "jsonl"])
        .arg(&file)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let ends: Vec<(bool, Value, Value)> = stdout
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .filter(|v| v["type"] == "game")
        .map(|v| {
            let result = &v["result"];
            let valid = v["valid"].as_bool().unwrap();
            (
                valid,
                result["termination"].clone(),
                result["rule_ply"].clone(),
            )
        })
        .collect();
    assert_eq!(
        ends,
        [
            (false, Value::Null, Value::Null),
            (true, "no-legal-move".into(), 1.into()),
            (false, Value::Null, Value::Null),
            (true, "threefold-repetition".into(), 8.into()),
        ]
    );
}
