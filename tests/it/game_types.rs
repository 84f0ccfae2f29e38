//! Games without a GameType tag read on the board their FEN, squares and moves fit; tags of
//! other variants reported once per game; `--game-type` and its names. The fixtures in
//! `fixtures/detect/` are written by hand in the style of real archives (see their comments).

use crate::harness::pdnkit;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/detect")
        .join(name)
}

/// `validate --format jsonl` of `input` (a path or `-` with `stdin`) with `args`: the exit
/// code and the game objects.
fn games(args: &[&str], input: &str, stdin: &str) -> (i32, Vec<Value>) {
    let out = pdnkit()
        .args(["validate", "--no-config", "--format", "jsonl"])
        .args(args)
        .arg(input)
        .write_stdin(stdin)
        .output()
        .unwrap();
    let objects = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|o| o["type"] == "game")
        .collect();
    (out.status.code().unwrap(), objects)
}

fn of_fixture(args: &[&str], name: &str) -> (i32, Vec<Value>) {
    games(args, fixture(name).to_str().unwrap(), "")
}

fn codes(game: &Value) -> Vec<&str> {
    game["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect()
}

#[test]
fn untagged_russian_games_are_read_on_eight_by_eight() {
    for name in ["russian_untagged.pdn", "russian_numeric_untagged.pdn"] {
        let (code, games) = of_fixture(&[], name);
        assert_eq!(code, 0, "{name}: {games:?}");
        assert!(!games.is_empty());
        for g in &games {
            assert_eq!(g["game_type"]["number"], 25, "{name}: {g}");
            assert_eq!(g["game_type_by"], "moves", "{name}: {g}");
            assert_eq!(g["valid"], true, "{name}: {g}");
            assert!(codes(g).is_empty(), "{name}: {g}");
        }
    }
    // The same games forced onto 10x8 fail, each at an illegal move.
    let (code, games) = of_fixture(&["--game-type", "41"], "russian_untagged.pdn");
    assert_eq!(code, 1);
    assert!(games.iter().all(|g| g["game_type_by"] == "option"));
    assert!(games.iter().all(|g| codes(g).contains(&"illegal-move")));
}

#[test]
fn a_square_on_ten_by_eight_only_decides() {
    let (code, numeric) = of_fixture(&[], "spantsiretti_numeric_untagged.pdn");
    assert_eq!(code, 0, "{numeric:?}");
    assert_eq!(numeric[0]["game_type"]["number"], 41);
    assert_eq!(numeric[0]["game_type_by"], "squares");
    let (_, alpha) = games(&[], "-", "[Result \"*\"]\n1. i3-j4 *\n");
    assert_eq!(alpha[0]["game_type_by"], "squares");
    assert_eq!(alpha[0]["valid"], true);
}

#[test]
fn a_fen_that_fits_one_board_decides() {
    let text = "[FEN \"W:Wi3,c3:Bb8\"]\n[Result \"*\"]\n1. c3-d4 *\n";
    let (code, read) = games(&[], "-", text);
    assert_eq!(code, 0, "{read:?}");
    assert_eq!(read[0]["game_type"]["number"], 41);
    assert_eq!(read[0]["game_type_by"], "fen");
}

#[test]
fn moves_legal_on_both_boards_are_read_as_41_with_one_note_a_file() {
    let (code, games) = of_fixture(&[], "fits_both.pdn");
    assert_eq!(code, 0);
    assert_eq!(games[0]["game_type"]["number"], 41);
    assert_eq!(games[0]["game_type_by"], "default");
    assert!(codes(&games[0]).is_empty(), "{}", games[0]);
    // One note for the file, in every format.
    let path = fixture("fits_both.pdn");
    let text = |args: &[&str]| {
        let out = pdnkit()
            .args(["validate", "--no-config"])
            .args(args)
            .arg(&path)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let note = "note[game-type]: 1 game without GameType tag (game 1) fit both boards, and no \
                game at the start of the file decides its board: read as GameType 41 (10x8), \
                the default; --game-type 25";
    assert!(text(&[]).contains(note), "{}", text(&[]));
    assert!(text(&["--format", "jsonl"]).contains("{\"type\":\"file\""));
    assert!(text(&["--format", "github"]).contains("::notice file="));
    // Several games, one note that names them.
    let game = "[Result \"*\"]\n1. c3-d4 f6-g5 *\n\n";
    let out = pdnkit()
        .args(["validate", "--no-config", "-"])
        .write_stdin(game.repeat(7))
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.matches("note[game-type]").count(), 1, "{stdout}");
    assert!(stdout.contains("7 games without GameType tag (game 1, 2, 3, 4, 5, ...)"));
    // Every spelling of the option forces 25, and no note is given.
    for args in [
        ["--game-type", "25"],
        ["--game-type", "russian"],
        ["--game-type", "Russian"],
        ["--default-game-type", "25"],
    ] {
        let (code, games) = of_fixture(&args, "fits_both.pdn");
        assert_eq!(code, 0, "{args:?}");
        assert_eq!(games[0]["game_type"]["number"], 25, "{args:?}");
        assert_eq!(games[0]["game_type_by"], "option", "{args:?}");
        assert!(!text(&args).contains("note[game-type]"), "{args:?}");
    }
    let (_, games) = of_fixture(&["--game-type", "spantsiretti"], "fits_both.pdn");
    assert_eq!(games[0]["game_type_by"], "option");
    // Allowed, the note is gone; made a warning, it stays with its game.
    assert!(!text(&["--allow", "game-type"]).contains("note[game-type]"));
    let (_, games) = of_fixture(&["--warn", "game-type"], "fits_both.pdn");
    assert_eq!(codes(&games[0]), ["game-type"]);
    assert_eq!(games[0]["diagnostics"][0]["severity"], "warning");
}

#[test]
fn a_tag_wins_over_the_option() {
    let text = "[GameType \"41\"]\n[Result \"*\"]\n1. c3-d4 *\n";
    let (_, read) = games(&["--game-type", "25"], "-", text);
    assert_eq!(read[0]["game_type"]["number"], 41);
    assert_eq!(read[0]["game_type_by"], "tag");
}

#[test]
fn other_variants_get_one_error_each_and_are_counted() {
    let path = fixture("other_variants.pdn");
    let (code, games) = of_fixture(&[], "other_variants.pdn");
    assert_eq!(code, 1);
    let found: Vec<(Vec<&str>, Value)> = games
        .iter()
        .map(|g| (codes(g), g["game_type"].clone()))
        .collect();
    let unsupported = vec!["unsupported-game-type"];
    let unknown = vec!["unknown-game-type"];
    // A tag's fields as written, null where it leaves them out; no tag, no game type.
    let bare = |number: u32| {
        serde_json::json!({"number": number, "start_color": null, "width": null,
            "height": null, "notation": null, "corner": null, "invert": null})
    };
    let international = serde_json::json!({"number": 20, "start_color": "W", "width": 10,
        "height": 10, "notation": "N", "corner": 2, "invert": 0});
    assert_eq!(
        found,
        [
            (unsupported.clone(), bare(29)),
            (unsupported.clone(), international),
            (unsupported, bare(21)),
            (unknown.clone(), bare(99)),
            (unknown.clone(), Value::Null),
            (unknown, Value::Null),
        ]
    );
    assert!(games.iter().all(|g| g["plies"] == 0 && g["valid"] == false));
    let out = pdnkit()
        .args(["validate", "--no-config"])
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    for name in [
        "GameType 29 is Czech draughts (8x8), which pdnkit does not play",
        "GameType 20 is International draughts (10x10)",
        "GameType 21 is English draughts",
        "GameType 99 is not a game type of the PDN standard's table",
        "its square 41 lies on neither board",
        "its first move is legal on neither board: not legal as GameType 41 (10x8) or 25 \
         (8x8); another variant?",
    ] {
        assert_eq!(stdout.matches(name).count(), 1, "{name} in\n{stdout}");
    }
    assert!(stdout.contains("6 games: 0 valid, 6 invalid"), "{stdout}");
    assert!(!stdout.contains("illegal-move"), "{stdout}");
}

#[test]
fn messages_say_how_a_capture_was_written() {
    let game = |third: &str| {
        format!("[GameType \"41\"]\n[Result \"*\"]\n1. c3-d4 f6-g5 2. d4-e5 d6:f4 3. {third} *\n")
    };
    let message_with = |args: &[&str], third: &str| {
        let (_, read) = games(args, "-", &game(third));
        let d = read[0]["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["code"] == "capture-notation")
            .cloned()
            .unwrap_or_else(|| panic!("{third}: {}", read[0]));
        d["message"].as_str().unwrap().to_string()
    };
    let message = |third: &str| message_with(&[], third);
    assert!(message("g3-e5").contains("written with `-`"));
    // A compact capture is the notation, a note folded into the file's (tests/it/compact.rs).
    let compact = message_with(&["--warn", "capture-notation"], "ge5");
    assert!(compact.contains("Russian compact notation"), "{compact}");
    let plain = message("g3e5");
    assert!(
        plain.contains("without `:` or `x`") && !plain.contains('-'),
        "{plain}"
    );
}

#[test]
fn syntax_only_claims_no_replay() {
    let (code, games) = of_fixture(&["--syntax-only"], "fits_both.pdn");
    assert_eq!(code, 0);
    assert!(games[0]["plies"].is_null(), "{}", games[0]);
    assert!(games[0]["game_type"].is_null());
    assert!(games[0]["game_type_by"].is_null());
    let (_, games) = of_fixture(&[], "fits_both.pdn");
    assert_eq!(games[0]["plies"], 4);
}
