//! `pdnkit positions` against fixtures/archive/select.pdn: rows worked out by hand (numeric
//! squares in the N2 numbering of 10x8: b8 = 1, a1 = 36).

use crate::harness::pdnkit;
use serde_json::{Value, json};

const ARCHIVE: &str = "fixtures/archive/select.pdn";

fn positions(args: &[&str], stdin: &str) -> (Option<i32>, Vec<Value>, String) {
    let out = pdnkit()
        .arg("positions")
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    let rows = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    (
        out.status.code(),
        rows,
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn every_position_of_a_game_with_its_move_material_and_result() {
    let game = "[Result \"1-0\"]\n[FEN \"W:Wc3:Bd4\"]\n1. c3:e5 1-0\n";
    let (code, rows, _) = positions(&[], game);
    assert_eq!(code, Some(0));
    let expected = [
        json!({"type": "position", "file": "<stdin>", "game": 1, "line": 1, "game_type": 41,
               "ply": 0, "fen": "W:Wc3:Bd4", "side": "white",
               "move_alpha": "c3:e5", "move_numeric": "27:18",
               "white_men": 1, "white_kings": 0, "black_men": 1, "black_kings": 0,
               "result": "win", "score": 1.0}),
        json!({"type": "position", "file": "<stdin>", "game": 1, "line": 1, "game_type": 41,
               "ply": 1, "fen": "B:We5:B", "side": "black",
               "move_alpha": null, "move_numeric": null,
               "white_men": 1, "white_kings": 0, "black_men": 0, "black_kings": 0,
               "result": "loss", "score": 0.0}),
    ];
    assert_eq!(rows, expected);
}

#[test]
fn invalid_games_are_left_out_and_reported() {
    let (code, rows, stderr) = positions(&[ARCHIVE], "");
    assert_eq!(code, Some(1));
    assert!(stderr.contains("error[illegal-move]: game 4"), "{stderr}");
    let games: Vec<u64> = rows.iter().map(|r| r["game"].as_u64().unwrap()).collect();
    // Plies + 1 positions per valid game: 6, 3, 5, 9, 2 and 5 (game 7, on 8x8).
    let mut expected = Vec::new();
    for (game, positions) in [(1, 6), (2, 3), (3, 5), (5, 9), (6, 2), (7, 5)] {
        expected.extend(std::iter::repeat_n(game, positions));
    }
    assert_eq!(games, expected);
    let russian: Vec<&Value> = rows.iter().filter(|r| r["game"] == 7).collect();
    assert!(russian.iter().all(|r| r["game_type"] == 25));
    // 8x8 numbering: c3 = 22, d4 = 18.
    assert_eq!(russian[0]["move_numeric"], "22-18");
    // Game 7 was won by White (2-0): Black to move after ply 1 has lost.
    assert_eq!(russian[1]["result"], "loss");
    // Game 3 has no result: unknown for both sides.
    let study: Vec<&Value> = rows.iter().filter(|r| r["game"] == 3).collect();
    assert!(
        study
            .iter()
            .all(|r| r["result"].is_null() && r["score"].is_null())
    );
    assert_eq!(
        (study[3]["fen"].as_str(), study[3]["move_alpha"].as_str()),
        (Some("B:WKc1,Kb2,Kj6:BKa7"), Some("a7-b8"))
    );
    let draw = rows.iter().find(|r| r["game"] == 5).unwrap();
    assert_eq!(
        (draw["result"].as_str(), draw["score"].as_f64()),
        (Some("draw"), Some(0.5))
    );
}

#[test]
fn every_nth_ply() {
    let (_, rows, _) = positions(&["--every", "2", ARCHIVE], "");
    let plies: Vec<(u64, u64)> = rows
        .iter()
        .filter(|r| r["game"] == 5 || r["game"] == 6)
        .map(|r| (r["game"].as_u64().unwrap(), r["ply"].as_u64().unwrap()))
        .collect();
    assert_eq!(plies, [(5, 0), (5, 2), (5, 4), (5, 6), (5, 8), (6, 0)]);
    let (code, _, stderr) = positions(&["--every", "0", ARCHIVE], "");
    assert_eq!(code, Some(2), "{stderr}");
}

#[test]
fn unique_positions_with_counts_in_order_of_first_occurrence() {
    let (_, rows, _) = positions(&["--unique", ARCHIVE], "");
    // Games 1 and 2 share their first two plies (game 4, invalid, does not count); game 5
    // repeats its start position three times and the one after 1. a1-b2 twice.
    let first: Vec<(u64, u64, u64)> = rows
        .iter()
        .take(3)
        .map(|r| {
            let n = |k: &str| r[k].as_u64().unwrap();
            (n("count"), n("game"), n("ply"))
        })
        .collect();
    assert_eq!(first, [(2, 1, 0), (2, 1, 1), (2, 1, 2)]);
    assert_eq!(rows[0]["type"], "unique-position");
    // From the start, White won game 1 and drew game 2.
    let n = |r: &Value, k: &str| r[k].as_u64().unwrap();
    assert_eq!((n(&rows[0], "wins"), n(&rows[0], "draws")), (1, 1));
    assert_eq!(rows[0]["score"].as_f64(), Some(0.75));
    let game5: Vec<(u64, u64)> = rows
        .iter()
        .filter(|r| r["game"] == 5)
        .map(|r| (n(r, "ply"), n(r, "count")))
        .collect();
    // Plies 0..4 are new positions: W a1/j8 (3 times), B b2/j8 (2), W b2/i7 (2),
    // B a1/i7 (2), and nothing after that is new.
    assert_eq!(game5, [(0, 3), (1, 2), (2, 2), (3, 2)]);
    // Positions: 6 + 1 (game 2 shares 3 of its 3) + 5 + 4 + 2 + 5.
    assert_eq!(rows.len(), 6 + 5 + 4 + 2 + 5);
}

#[test]
fn rows_are_flat_and_all_have_the_same_fields() {
    // What lets DuckDB's read_json and pandas' read_json(lines=True) make a table of them.
    for args in [vec![ARCHIVE], vec!["--unique", ARCHIVE]] {
        let (_, rows, _) = positions(&args, "");
        let keys = |r: &Value| r.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
        let first = keys(&rows[0]);
        for row in &rows {
            assert_eq!(keys(row), first);
            assert!(
                row.as_object()
                    .unwrap()
                    .values()
                    .all(|v| !v.is_object() && !v.is_array())
            );
        }
    }
}
