//! `pdnkit stats` as a user runs it. Every expected figure below was counted by hand from the
//! games written here (the comments show the counting), not taken from the program.

use crate::harness::pdnkit;
use serde_json::{Value, json};
use std::fs;
use std::path::Path;

/// Five games from the start position (all GameType 41 by default).
/// - A1: 5 plies; captures d6:f4 (ply 4) and g3:e5 (ply 5), one piece each; 1-0 declared,
///   the rules have not ended it: resignation. Ann (White) wins, Bob loses.
/// - A2: the same moves, 1/2-1/2: agreement. Bob (White) and Ann (Black) draw.
/// - A3: 4 plies; captures d4:f6 and g7:e5; `*`: unfinished. Ann (White); Black "?" is no one.
/// - A4: invalid (ply 3 d4-c5 while d4:f6 is compulsory): counted apart everywhere.
/// - A5: 2 plies, no capture, 0-0: forfeit. Dan (White) and Bob (Black) both lose.
const A: &str = "\
[Event \"A1\"]
[White \"Ann\"]
[Black \"Bob\"]
[Result \"1-0\"]
1. c3-d4 f6-g5 2. d4-e5 d6:f4 3. g3:e5 1-0

[Event \"A2\"]
[White \"Bob\"]
[Black \"Ann\"]
1. c3-d4 f6-g5 2. d4-e5 d6:f4 3. g3:e5 1/2-1/2

[Event \"A3\"]
[White \"Ann\"]
[Black \"?\"]
1. c3-d4 f6-e5 2. d4:f6 g7:e5 *

[Event \"A4\"]
[White \"Ann\"]
[Black \"Cid\"]
1. c3-d4 f6-e5 2. d4-c5 *

[Event \"A5\"]
[White \"Dan\"]
[Black \"Bob\"]
1. e3-f4 f6-g5 0-0
";

/// Positions set up by FEN (so none of them counts for the openings), and one more game
/// from the start.
/// - B1: a3 takes b4, d6 and f6 in one move (3 pieces, the longest capture); Black has no
///   piece left: no-legal-move, 1-0.
/// - B2: b4 takes c5 and e7 and is crowned on f8 (2 pieces, a promotion); only a White king
///   is left: a kings-only position; no-legal-move, 1-0.
/// - B3: Black to move; d4:b2 takes the last White piece (1 piece); no-legal-move, 0-1.
///   Cid (White) loses, Bob (Black) wins. A Black man stays: not kings-only.
/// - B4: two kings only from the start (kings-only); 8 plies back and forth bring the start
///   position back a third time: threefold-repetition, 1/2-1/2.
/// - B5: from the start, 4 plies, captures d4:b6 and a7:c5; `*`.
const B: &str = "\
[Event \"B1\"]
[FEN \"W:Wa3:Bb4,d6,f6\"]
1. a3:c5:e7:g5 1-0

[Event \"B2\"]
[FEN \"W:Wb4:Bc5,e7\"]
1. b4:d6:f8 1-0

[Event \"B3\"]
[White \"Cid\"]
[Black \"Bob\"]
[FEN \"B:Wc3:Bd4\"]
1... d4:b2 0-1

[Event \"B4\"]
[FEN \"W:WKa1:BKj8\"]
1. a1-b2 j8-i7 2. b2-a1 i7-j8 3. a1-b2 j8-i7 4. b2-a1 i7-j8 1/2-1/2

[Event \"B5\"]
1. c3-d4 b6-c5 2. d4:b6 a7:c5 *
";

/// C1, Windows-1251 encoded (a guess: one `encoding` note), GameType 25 (8x8), 4 plies with
/// captures d4:f6 and g7:e5, no result at all (`missing-result` warning; unfinished).
fn c_bytes() -> Vec<u8> {
    let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(
        "[Event \"Турнир\"]\n[White \"Иван Петров\"]\n[Black \"Ann\"]\n[GameType \"25\"]\n\
         1. c3-d4 f6-e5 2. d4:f6 g7:e5\n",
    );
    bytes.into_owned()
}

fn archive(dir: &Path) {
    fs::write(dir.join("a.pdn"), A).unwrap();
    fs::write(dir.join("b.pdn"), B).unwrap();
    fs::create_dir(dir.join("sub")).unwrap();
    fs::write(dir.join("sub").join("c.PDN"), c_bytes()).unwrap();
    fs::write(dir.join("notes.txt"), "not a PDN file").unwrap();
}

fn stats(args: &[&str], dir: &Path) -> (i32, Value) {
    let out = pdnkit()
        .arg("stats")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    (out.status.code().unwrap(), value)
}

#[test]
fn every_figure_of_a_small_archive() {
    let dir = tempfile::tempdir().unwrap();
    archive(dir.path());
    let (code, s) = stats(&["."], dir.path());
    // A4 is invalid.
    assert_eq!(code, 1);
    assert_eq!(s["type"], "stats");
    assert_eq!(s["files"], 3);
    assert_eq!(s["unreadable_files"], 0);
    assert_eq!(s["games"], 11);
    assert_eq!(s["valid"], 10);
    assert_eq!(s["invalid"], 1);
    assert_eq!(s["game_types"], json!({"41": 10, "25": 1}));
    assert_eq!(s["encodings"], json!({"utf-8": 2, "windows-1251": 1}));
    // 1-0: A1 B1 B2; 0-1: B3; 1/2-1/2: A2 B4; 0-0: A5; *: A3 A4 B5; none: C1.
    assert_eq!(
        s["results"]["by_text"],
        json!({"1-0": 3, "0-1": 1, "1/2-1/2": 2, "0-0": 1, "*": 3, "none": 1})
    );
    assert_eq!(
        s["results"]["by_outcome"],
        json!({"white-wins": 3, "black-wins": 1, "draw": 2, "both-lose": 1, "unknown": 3,
               "none": 1})
    );
    // no-legal-move: B1 B2 B3; threefold: B4; agreement: A2; resignation: A1; forfeit: A5;
    // unfinished: A3 B5 C1; invalid: A4. The buckets add up to the 11 games.
    assert_eq!(
        s["terminations"],
        json!({"no-legal-move": 3, "threefold-repetition": 1, "fifteen-move-rule": 0,
               "kings-only-rule": 0, "piece-count-rule": 0, "main-road-rule": 0,
               "five-move-rule": 0, "agreement": 1, "resignation": 1, "forfeit": 1,
               "unfinished": 3, "invalid": 1})
    );
    // Plies of the valid games: A1 5, A2 5, A3 4, A5 2, B1 1, B2 1, B3 1, B4 8, B5 4, C1 4.
    // Sorted 1 1 1 2 4 4 4 5 5 8: total 35, mean 3.5, median (4 + 4) / 2.
    assert_eq!(
        s["plies"],
        json!({"games": 10, "total": 35, "min": 1, "max": 8, "mean": 3.5, "median": 4.0})
    );
    // Capturing moves: A1 2, A2 2, A3 2, B1 1, B2 1, B3 1, B5 2, C1 2 = 13; taking two or
    // more: B1, B2; pieces: 2+2+2+3+2+1+2+2 = 16.
    let captures = &s["captures"];
    assert_eq!(captures["moves"], 13);
    assert_eq!(captures["multi"], 2);
    assert_eq!(captures["pieces"], 16);
    assert_eq!(
        captures["longest"],
        json!({"pieces": 3, "file": "./b.pdn", "game": 1, "ply": 1, "side": "white",
               "written": "a3:c5:e7:g5", "move": "a3:c5:e7:g5"})
    );
    assert_eq!(s["promotions"], 1);
    // B2 (a lone White king after the promotion) and B4 (kings only from its FEN).
    assert_eq!(s["kings_only_games"], 2);
    // From the start position, valid: A1 A2 A3 A5 B5 (41) and C1 (25). Ties by moves, then
    // game type.
    assert_eq!(
        s["openings"]["first_2_plies"],
        json!([
            {"moves": "c3-d4 f6-g5", "game_type": 41, "games": 2},
            {"moves": "c3-d4 b6-c5", "game_type": 41, "games": 1},
            {"moves": "c3-d4 f6-e5", "game_type": 25, "games": 1},
            {"moves": "c3-d4 f6-e5", "game_type": 41, "games": 1},
            {"moves": "e3-f4 f6-g5", "game_type": 41, "games": 1},
        ])
    );
    // A5 has only 2 plies.
    assert_eq!(
        s["openings"]["first_4_plies"],
        json!([
            {"moves": "c3-d4 f6-g5 d4-e5 d6:f4", "game_type": 41, "games": 2},
            {"moves": "c3-d4 b6-c5 d4:b6 a7:c5", "game_type": 41, "games": 1},
            {"moves": "c3-d4 f6-e5 d4:f6 g7:e5", "game_type": 25, "games": 1},
            {"moves": "c3-d4 f6-e5 d4:f6 g7:e5", "game_type": 41, "games": 1},
        ])
    );
    // Ann: A1 win, A2 draw, A3 and C1 unfinished (A4 is invalid). Bob: A1 loss, A2 draw,
    // A5 loss (0-0), B3 win. Cid: B3 loss (A4 invalid). Dan: A5 loss.
    let record = |g: u32, w: u32, d: u32, l: u32, u: u32| json!({"games": g, "wins": w, "draws": d, "losses": l, "unfinished": u});
    assert_eq!(
        s["players"],
        json!({
            "Ann": record(4, 1, 1, 0, 2),
            "Bob": record(4, 1, 1, 2, 0),
            "Cid": record(1, 0, 0, 1, 0),
            "Dan": record(1, 0, 0, 1, 0),
            "Иван Петров": record(1, 0, 0, 0, 1),
        })
    );
    // No game of a.pdn decides its board: A1, A2, A3 and A5, whose moves fit both boards,
    // have a game-type note (A4 is illegal on both at the same ply: no note). In b.pdn B4's
    // FEN (j8) decides 10x8 for the file, so B1, B2, B3 and B5 are read on it without one.
    assert_eq!(
        s["diagnostics"],
        json!({"errors": {"illegal-move": 1}, "warnings": {"missing-result": 1},
               "notes": {"encoding": 1, "game-type": 4}})
    );
}

#[test]
fn parallel_and_serial_runs_agree_and_keep_input_order() {
    let dir = tempfile::tempdir().unwrap();
    archive(dir.path());
    let (_, serial) = stats(&["-j", "1", "."], dir.path());
    let (_, parallel) = stats(&["-j", "4", "."], dir.path());
    assert_eq!(serial, parallel);
    // The same games in another order: the longest capture's place follows the inputs, and
    // a tie goes to the input given first.
    fs::write(dir.path().join("b2.pdn"), B).unwrap();
    let (_, s) = stats(&["-j", "3", "b2.pdn", "b.pdn"], dir.path());
    assert_eq!(s["captures"]["longest"]["file"], "b2.pdn");
    assert_eq!(s["files"], 2);
    assert_eq!(s["games"], 10);
}

#[test]
fn all_valid_exits_zero_and_an_unreadable_path_exits_two() {
    let dir = tempfile::tempdir().unwrap();
    archive(dir.path());
    let (code, s) = stats(&["b.pdn"], dir.path());
    assert_eq!(code, 0);
    assert_eq!(
        (s["games"].as_u64(), s["valid"].as_u64()),
        (Some(5), Some(5))
    );
    let out = pdnkit()
        .args(["stats", "b.pdn", "missing.pdn"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let s: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(s["files"], 2);
    assert_eq!(s["unreadable_files"], 1);
    assert_eq!(s["games"], 5);
    assert_eq!(s["diagnostics"]["errors"], json!({"io": 1}));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.starts_with("missing.pdn: error[io]: cannot read:"),
        "{stderr}"
    );
}

#[test]
fn standard_input_and_an_empty_input() {
    let out = pdnkit()
        .args(["stats", "-"])
        .write_stdin("1. c3-d4 f6-g5 2. d4-e5 d6:f4 3. g3:e5 1-0\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let s: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(s["captures"]["longest"]["file"], "<stdin>");
    assert_eq!(s["captures"]["longest"]["ply"], 4);
    assert_eq!(s["captures"]["longest"]["side"], "black");
    let out = pdnkit().args(["stats"]).write_stdin("").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let s: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(s["games"], 0);
    assert_eq!(
        s["plies"],
        json!({"games": 0, "total": 0, "min": null, "max": null, "mean": null, "median": null})
    );
    assert_eq!(s["captures"]["longest"], Value::Null);
    assert_eq!(s["openings"]["first_2_plies"], json!([]));
}

#[test]
fn o_writes_the_document_to_a_file_and_never_over_an_input() {
    let dir = tempfile::tempdir().unwrap();
    archive(dir.path());
    let (_, on_stdout) = stats(&["."], dir.path());
    // The same document in the file, nothing on standard output; an old file is replaced.
    fs::write(dir.path().join("stats.json"), "old").unwrap();
    let out = pdnkit()
        .args(["stats", "-o", "stats.json", "."])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "one game of a.pdn is invalid");
    assert!(out.stdout.is_empty());
    let written = fs::read_to_string(dir.path().join("stats.json")).unwrap();
    assert_eq!(serde_json::from_str::<Value>(&written).unwrap(), on_stdout);
    assert!(written.ends_with("}\n"));
    // The human table too; `-o -` is standard output.
    let out = pdnkit()
        .args(["stats", "--format", "human", "-o", "-", "."])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(String::from_utf8(out.stdout).unwrap().starts_with("files "));
    // An input as the target is refused before anything is read, and left as it was.
    let out = pdnkit()
        .args(["stats", "-o", "a.pdn", "."])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("is also an input")
    );
    assert_eq!(fs::read_to_string(dir.path().join("a.pdn")).unwrap(), A);
}

#[test]
fn human_table() {
    let dir = tempfile::tempdir().unwrap();
    archive(dir.path());
    let out = pdnkit()
        .args(["stats", "--format", "human", "."])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    for line in [
        "files               3 (0 unreadable)\n",
        "games               11 (10 valid, 1 invalid)\n",
        "plies per game      min 1, max 8, mean 3.50, median 4 (10 valid games, 35 plies)\n",
        "captures            13 moves capture, 2 take 2 or more, 16 pieces taken\n",
        "longest capture     3 pieces: a3:c5:e7:g5 (White), ./b.pdn game 1 ply 1, written \
         a3:c5:e7:g5\n",
        "promotions          1\n",
        "kings-only games    2\n",
        "       2  [41] c3-d4 f6-g5\n",
        "  Bob               4      1      1      2          0\n",
        "errors              illegal-move: 1\n",
    ] {
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
}

#[test]
fn strict_turns_warnings_into_errors() {
    // The missing result is a warning, an error under --strict.
    let out = pdnkit()
        .args(["stats", "--strict", "-"])
        .write_stdin("1. c3-d4 f6-g5\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let s: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(s["invalid"], 1);
    assert_eq!(s["terminations"]["invalid"], 1);
    assert_eq!(s["plies"]["games"], 0);
    assert_eq!(s["diagnostics"]["errors"], json!({"missing-result": 1}));
}
