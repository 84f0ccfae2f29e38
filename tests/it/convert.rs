//! `pdnkit convert` as a user runs it: the JSON shape of docs/json.md, canonical PDN that
//! validates again, alpha/numeric round trips, and the `-o` contract.

use crate::harness::pdnkit;
use pdnkit::Game;
use pdnkit::{Color, Outcome, Position, Variant};
use serde_json::Value;
use std::fs;
use std::path::Path;

/// Hand-written games: short and long captures, a capture whose start and end squares are
/// shared by another move (so it needs its full path), a promotion in the middle of a
/// capture, Black moving first, an 8x8 game.
const GAMES: &str = "\
[Event \"Club\"]
[White \"A\"]
[Black \"B\"]
[Result \"1-0\"]

1. c3-d4 f6-g5 2. d4-e5 d6:f4 3. g3:e5 1-0

[Event \"Ambiguous\"]
[FEN \"W:Wb6:Bd2,h2,e3,h4,c7,e7,g7\"]

1. b6:d8:f6:h8 d2-c1 *

[Event \"Ambiguous king\"]
[GameType \"41\"]
[FEN \"W:Wh6,Kb8:Bb2,f2,d4,f4,e7,g7\"]
1. h6:f8:c5:e3:g5 b2-a1 2. b8-a7 *

[Event \"Black first\"]
[FEN \"B:Wa1,c1,e3:Bb6,d6,f8\"]
1... b6-c5 2. e3-f4 d6-e5 3. f4:b4 1/2-1/2

[Event \"Russian\"]
[GameType \"25\"]
[Result \"2-0\"]
1. c3-d4 f6-g5 2. d4-e5 d6:f4 3. g3:e5 2-0
";

/// Game 2, ply 3 (White's second move): d4-c5 while d4:f6 is compulsory.
const INVALID: &str = "[Event \"Bad\"]\n[Result \"1-0\"]\n1. c3-d4 f6-e5 2. d4-c5 e5-f4 1-0\n";

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str], stdin: &str) -> Run {
    let out = pdnkit().args(args).write_stdin(stdin).output().unwrap();
    Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

fn validate(text: &str) -> Run {
    run(&["validate", "-"], text)
}

/// A legal game played by a fixed pseudo-random sequence, every capture in full path.
fn random_game(variant: Variant, seed: u64, max_plies: usize) -> String {
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut game = Game::new(Position::start(variant));
    let g = variant.geometry();
    let mut words = Vec::new();
    for ply in 0..max_plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = legal[(state % legal.len() as u64) as usize];
        let text = mv.to_alpha(g, true);
        if ply % 2 == 0 {
            words.push(format!("{}. {text}", ply / 2 + 1));
        } else {
            words.push(text);
        }
        if game.play(&mv).is_some() {
            break;
        }
    }
    let result = match game.outcome() {
        Some(Outcome::NoLegalMove {
            winner: Color::White,
        }) => "1-0",
        Some(Outcome::NoLegalMove { .. }) => "0-1",
        Some(_) => "1/2-1/2",
        None => "*",
    };
    format!(
        "[Event \"Random {seed}\"]\n[GameType \"{}\"]\n[Result \"{result}\"]\n\n{} {result}\n",
        variant.game_type(),
        words.join(" ")
    )
}

/// The hand-written games and some long played ones, all valid.
fn corpus() -> String {
    let mut text = GAMES.to_string();
    for seed in 1..=6 {
        text.push('\n');
        text.push_str(&random_game(Variant::Spantsiretti, seed, 200));
    }
    for seed in 7..=9 {
        text.push('\n');
        text.push_str(&random_game(Variant::Russian, seed, 200));
    }
    let check = validate(&text);
    assert_eq!(check.code, Some(0), "test input invalid: {}", check.stdout);
    text
}

// ----- JSON shape (docs/json.md) -----

fn is_string(v: &Value) -> bool {
    v.is_string()
}

fn is_uint(v: &Value) -> bool {
    v.is_u64()
}

fn is_square(v: &Value) -> bool {
    v.as_str().is_some_and(|s| {
        let b = s.as_bytes();
        b.len() >= 2 && b[0].is_ascii_lowercase() && s[1..].parse::<u8>().is_ok()
    })
}

fn nullable(v: &Value, check: fn(&Value) -> bool) -> bool {
    v.is_null() || check(v)
}

/// Every field documented for the convert game object, with its type.
fn check_game_object(game: &Value) {
    let ctx = game.to_string();
    let obj = game.as_object().expect("a game is an object");
    for key in [
        "type",
        "file",
        "game",
        "line",
        "valid",
        "plies",
        "tags",
        "game_type",
        "start_fen",
        "moves",
        "result",
        "diagnostics",
    ] {
        assert!(obj.contains_key(key), "missing {key}: {ctx}");
    }
    assert_eq!(game["type"], "game");
    assert!(is_string(&game["file"]));
    assert!(is_uint(&game["game"]) && is_uint(&game["line"]) && is_uint(&game["plies"]));
    assert!(game["valid"].is_boolean());
    assert!(
        game["tags"]
            .as_object()
            .unwrap()
            .values()
            .all(Value::is_string)
    );
    let gt = &game["game_type"];
    if !gt.is_null() {
        assert!(is_uint(&gt["number"]), "{ctx}");
        for key in ["start_color", "notation"] {
            assert!(nullable(&gt[key], is_string), "{key}: {ctx}");
        }
        for key in ["width", "height", "corner", "invert"] {
            assert!(gt.as_object().unwrap().contains_key(key), "{key}: {ctx}");
            assert!(nullable(&gt[key], is_uint), "{key}: {ctx}");
        }
    }
    assert!(nullable(&game["start_fen"], is_string));
    let moves = game["moves"].as_array().unwrap();
    assert_eq!(moves.len() as u64, game["plies"].as_u64().unwrap());
    for (i, mv) in moves.iter().enumerate() {
        let ctx = mv.to_string();
        assert_eq!(mv["ply"].as_u64(), Some(i as u64 + 1), "{ctx}");
        assert!(is_uint(&mv["number"]), "{ctx}");
        assert!(mv["side"] == "white" || mv["side"] == "black", "{ctx}");
        for key in ["written", "alpha", "numeric", "fen_after"] {
            assert!(is_string(&mv[key]), "{key}: {ctx}");
        }
        assert!(is_square(&mv["from"]) && is_square(&mv["to"]), "{ctx}");
        let path = mv["path"].as_array().unwrap();
        assert!(!path.is_empty() && path.iter().all(is_square), "{ctx}");
        assert_eq!(path.last(), Some(&mv["to"]), "{ctx}");
        let captured = mv["captured"].as_array().unwrap();
        assert!(captured.iter().all(is_square), "{ctx}");
        assert!(mv["promotion"].is_boolean(), "{ctx}");
        let separator = if captured.is_empty() { '-' } else { ':' };
        assert!(mv["alpha"].as_str().unwrap().contains(separator), "{ctx}");
    }
    let result = game["result"].as_object().unwrap();
    for key in ["declared", "termination", "rule_ply"] {
        assert!(result.contains_key(key), "{key}: {ctx}");
    }
    assert!(nullable(&game["result"]["declared"], is_string));
    assert!(nullable(&game["result"]["termination"], is_string));
    assert!(nullable(&game["result"]["rule_ply"], is_uint));
    for d in game["diagnostics"].as_array().unwrap() {
        for key in ["severity", "code", "message"] {
            assert!(is_string(&d[key]), "{key}: {ctx}");
        }
        assert!(is_uint(&d["line"]) && is_uint(&d["column"]));
        assert!(nullable(&d["ply"], is_uint));
    }
}

fn json_games(text: &str, extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["convert", "--to", "json", "-"];
    args.extend_from_slice(extra);
    let out = run(&args, text);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let doc: Value = serde_json::from_str(&out.stdout).unwrap();
    doc["games"].as_array().expect("{\"games\":[...]}").clone()
}

#[test]
fn json_document_matches_the_documented_shape() {
    let games = json_games(&corpus(), &[]);
    assert_eq!(games.len(), 5 + 9);
    for game in &games {
        check_game_object(game);
        assert_eq!(game["valid"], true);
    }
    let club = &games[0];
    assert_eq!(club["file"], "<stdin>");
    let tags: Vec<&String> = club["tags"].as_object().unwrap().keys().collect();
    assert_eq!(tags, ["Event", "White", "Black", "Result"], "file order");
    assert_eq!(
        club["game_type"],
        serde_json::json!({"number":41,"start_color":"W","width":10,"height":8,
            "notation":"A","corner":0,"invert":0})
    );
    assert_eq!(club["result"]["declared"], "1-0");
    assert_eq!(club["result"]["termination"], "resignation");
    assert_eq!(club["result"]["rule_ply"], Value::Null);
    let capture = &club["moves"][3];
    assert_eq!(capture["written"], "d6:f4");
    assert_eq!(capture["alpha"], "d6:f4");
    assert_eq!(capture["numeric"], "12:23");
    assert_eq!(capture["captured"], serde_json::json!(["e5"]));
    assert_eq!(capture["side"], "black");
    assert_eq!(capture["number"], 2);

    // The shared start and end squares force the full path; the promotion happens on d8.
    let amb = &games[1]["moves"][0];
    assert_eq!(amb["alpha"], "b6:d8:f6:h8");
    assert_eq!(amb["path"], serde_json::json!(["d8", "f6", "h8"]));
    assert_eq!(amb["captured"], serde_json::json!(["c7", "e7", "g7"]));
    assert_eq!(amb["promotion"], true);

    let black = &games[3];
    assert_eq!(black["moves"][0]["side"], "black");
    assert_eq!(black["moves"][0]["number"], 1);
    assert_eq!(black["moves"][1]["number"], 2);
    assert_eq!(black["start_fen"], "B:Wa1,c1,e3:Bb6,d6,f8");

    let russian = &games[4];
    assert_eq!(russian["game_type"]["width"], 8);
    assert_eq!(russian["game_type"]["number"], 25);

    // Games the rules ended say where.
    assert!(games[5..].iter().any(|g| g["result"]["rule_ply"].is_u64()));
    assert!(games[5..].iter().any(|g| {
        g["moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["promotion"] == true)
    }));
    for game in &games[5..] {
        let rule = matches!(
            game["result"]["termination"].as_str(),
            Some(
                "no-legal-move"
                    | "threefold-repetition"
                    | "fifteen-move-rule"
                    | "kings-only-rule"
                    | "piece-count-rule"
                    | "main-road-rule"
                    | "five-move-rule"
            )
        );
        assert_eq!(rule, game["result"]["rule_ply"].is_u64(), "{game}");
        if rule {
            assert_eq!(game["result"]["rule_ply"], game["plies"]);
        }
    }
}

#[test]
fn jsonl_is_one_game_object_per_line() {
    let out = run(
        &["convert", "--to", "jsonl", "--game-type", "41", "-"],
        GAMES,
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let lines: Vec<Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5);
    lines.iter().for_each(check_game_object);
    assert!(out.stderr.is_empty(), "{}", out.stderr);
}

#[test]
fn invalid_games_are_converted_up_to_the_error() {
    let text = format!("{GAMES}\n{INVALID}");
    let out = run(&["convert", "--to", "jsonl", "-"], &text);
    assert_eq!(out.code, Some(1));
    assert!(
        out.stderr.contains("<stdin>:")
            && out.stderr.contains(
                ": error[illegal-move]: game 6, move 2 (White) \"d4-c5\": illegal move: a capture \
                 is compulsory"
            ),
        "{}",
        out.stderr
    );
    let bad: Value = serde_json::from_str(out.stdout.lines().last().unwrap()).unwrap();
    check_game_object(&bad);
    assert_eq!(bad["valid"], false);
    assert_eq!(bad["plies"], 2);
    assert_eq!(bad["result"]["termination"], Value::Null);
    assert_eq!(bad["diagnostics"][0]["code"], "illegal-move");
    assert_eq!(bad["diagnostics"][0]["ply"], 3);

    // In PDN the game is kept whole: the moves from the error on as written, the error
    // named before them, the declared result kept (see tests/it/canonical.rs).
    let out = run(&["convert", "--to", "pdn", "-"], INVALID);
    assert_eq!(out.code, Some(1));
    assert_eq!(
        out.stdout,
        "[Event \"Bad\"]\n[Result \"1-0\"]\n\n1. c3-d4 f6-e5\n\
         {pdnkit: illegal-move: illegal move: a capture is compulsory; legal moves: d4:f6}\n\
         2. d4-c5 e5-f4 1-0\n"
    );

    // Unreadable text: kept, and so are the moves after it (not replayed).
    let text = "[Result \"1-0\"]\n1. c3-d4 f6-g5 2. d4-e5 @@@ d6:f4 3. g3:e5 1-0\n";
    let out = run(&["convert", "--to", "pdn", "-"], text);
    assert_eq!(out.code, Some(1));
    assert!(
        out.stdout.ends_with(
            "\n1. c3-d4 f6-g5 2. d4-e5\n{pdnkit: syntax: unreadable text (not a move, move \
             number, result or annotation) (unknown-token)}\n@@@ d6:f4 3. g3:e5 1-0\n"
        ),
        "{}",
        out.stdout
    );
    assert!(out.stderr.contains("error[syntax]"), "{}", out.stderr);
}

// ----- canonical PDN -----

#[test]
fn pdn_output_validates_and_is_canonical() {
    let text = corpus();
    for extra in [
        &[][..],
        &["--captures", "full"],
        &["--notation", "numeric"],
        &["--notation", "numeric", "--captures", "full"],
        &["--results", "international"],
        &["--results", "default"],
    ] {
        let mut args = vec!["convert", "--to", "pdn", "-"];
        args.extend_from_slice(extra);
        let out = run(&args, &text);
        assert_eq!(out.code, Some(0), "{extra:?}: {}", out.stderr);
        let pdn = &out.stdout;
        let check = validate(pdn);
        assert_eq!(check.code, Some(0), "{extra:?}: {}\n{pdn}", check.stdout);
        assert!(
            check.stdout.contains("14 games: 14 valid"),
            "{}",
            check.stdout
        );
        assert!(
            pdn.lines().any(|l| l.chars().count() > 70),
            "long games fill their lines"
        );
        for line in pdn.lines() {
            assert!(line.chars().count() <= 80, "{extra:?}: long line {line:?}");
        }
        // Games separated by exactly one blank line; tags, blank line, moves.
        assert!(!pdn.contains("\n\n\n"));
        assert_eq!(pdn.matches("\n\n[").count(), 13);
        // The 3 untagged games of GAMES fit both boards: in alphanumeric notation they get
        // no GameType (a guess), in numeric notation they do (numbers need their board).
        let (full_type, tagged) = if extra.contains(&"numeric") {
            ("[GameType \"41,W,10,8,N2,0\"]", 10)
        } else {
            ("[GameType \"41,W,10,8,A0,0\"]", 7)
        };
        assert_eq!(pdn.matches(full_type).count(), tagged, "{extra:?}");
        assert_eq!(pdn.matches("[GameType \"25,W,8,8,").count(), 4);
    }
}

#[test]
fn pdn_output_details() {
    let out = run(&["convert", "--to", "pdn", "-"], GAMES);
    let pdn = out.stdout;
    assert!(
        pdn.starts_with(
            "[Event \"Club\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\
             \n1. c3-d4 f6-g5 2. d4-e5 d6:f4 3. g3:e5 1-0\n\n"
        ),
        "{pdn}"
    );
    // Full paths only where another move shares start and end.
    assert!(pdn.contains("\n1. b6:d8:f6:h8 d2-c1 *\n"), "{pdn}");
    assert!(
        pdn.contains("\n1. h6:f8:c5:e3:g5 b2-a1 2. b8-a7 *\n"),
        "{pdn}"
    );
    // The game fits both boards: no GameType is added (a guess); with --game-type it is,
    // before the FEN it explains.
    assert!(
        pdn.contains("[Event \"Ambiguous\"]\n[FEN \"W:Wb6:Bd2,h2,e3,h4,c7,e7,g7\"]"),
        "{pdn}"
    );
    let chosen = run(&["convert", "--to", "pdn", "--game-type", "41", "-"], GAMES).stdout;
    assert!(
        chosen.contains("[GameType \"41,W,10,8,A0,0\"]\n[FEN \"W:Wb6:Bd2,h2,e3,h4,c7,e7,g7\"]"),
        "GameType goes before the FEN it explains: {chosen}"
    );
    assert!(
        pdn.contains("\n1... b6-c5 2. e3-f4 d6-e5 3. f4:b4 1/2-1/2\n"),
        "{pdn}"
    );

    let out = run(
        &[
            "convert",
            "--to",
            "pdn",
            "--notation",
            "numeric",
            "--results",
            "international",
            "-",
        ],
        GAMES,
    );
    let pdn = out.stdout;
    assert!(
        pdn.contains(
            "[Result \"2-0\"]\n[GameType \"41,W,10,8,N2,0\"]\n\n\
             1. 27-22 13-19 2. 22-18 12:23 3. 29:18 2-0\n"
        ),
        "{pdn}"
    );
    assert!(pdn.contains("[FEN \"B:W28,36,37:B3,11,12\"]"), "{pdn}");
    assert!(pdn.contains("3. 23:21 1-1\n"), "{pdn}");
    assert!(pdn.contains("[GameType \"25,W,8,8,N2,0\"]"), "{pdn}");

    let out = run(
        &["convert", "--to", "pdn", "--results", "default", "-"],
        GAMES,
    );
    assert!(
        out.stdout
            .contains("[GameType \"25,W,8,8,A0,0\"]\n[Result \"1-0\"]\n"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("3. g3:e5 1-0\n"), "{}", out.stdout);

    let out = run(
        &["convert", "--to", "pdn", "--captures", "full", "-"],
        GAMES,
    );
    assert!(out.stdout.contains("d6:f4 3. g3:e5"), "{}", out.stdout);
    assert!(out.stdout.contains("1... b6-c5"), "{}", out.stdout);
}

/// The moves of every game in JSON: squares, captures and positions.
fn move_lists(games: &[Value]) -> Vec<Vec<Value>> {
    let keys = ["from", "to", "captured", "path", "fen_after", "promotion"];
    games
        .iter()
        .map(|g| {
            g["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| Value::Array(keys.iter().map(|k| m[k].clone()).collect()))
                .collect()
        })
        .collect()
}

#[test]
fn alpha_numeric_alpha_round_trip_is_exact() {
    let original = corpus();
    let before = json_games(&original, &[]);
    for captures in ["short", "full"] {
        let numeric = run(
            &[
                "convert",
                "--to",
                "pdn",
                "--notation",
                "numeric",
                "--captures",
                captures,
                "-",
            ],
            &original,
        );
        assert_eq!(numeric.code, Some(0), "{}", numeric.stderr);
        // The numeric text really is numeric.
        assert!(numeric.stdout.contains("\n1. 27-"), "{}", numeric.stdout);
        let alpha = run(&["convert", "--to", "pdn", "-"], &numeric.stdout);
        assert_eq!(alpha.code, Some(0), "{}", alpha.stderr);
        let after = json_games(&alpha.stdout, &[]);
        assert_eq!(
            move_lists(&before),
            move_lists(&after),
            "--captures {captures}"
        );
        for (b, a) in before.iter().zip(&after) {
            assert_eq!(b["start_fen"], a["start_fen"]);
            assert_eq!(b["result"], a["result"]);
            assert_eq!(b["tags"]["Event"], a["tags"]["Event"]);
        }
        // And the canonical alpha text is a fixed point.
        let again = run(&["convert", "--to", "pdn", "-"], &alpha.stdout);
        assert_eq!(again.stdout, alpha.stdout);
    }
}

// ----- options and -o -----

#[test]
fn pdn_options_need_pdn_output() {
    let out = run(
        &["convert", "--to", "json", "--notation", "numeric", "-"],
        GAMES,
    );
    assert_eq!(out.code, Some(2));
    assert!(
        out.stderr
            .contains("--notation applies to --format pdn only"),
        "{}",
        out.stderr
    );
    let out = run(&["convert", "-"], GAMES);
    assert_eq!(out.code, Some(2), "--to is required");
}

fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn output_file_is_written_whole() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("games.pdn");
    fs::write(&input, GAMES).unwrap();
    let target = dir.path().join("games.json");
    fs::write(&target, "old").unwrap();
    let out = pdnkit()
        .args(["convert", "--to", "json", "-o"])
        .arg(&target)
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    let doc: Value = serde_json::from_str(&fs::read_to_string(&target).unwrap()).unwrap();
    assert_eq!(doc["games"].as_array().unwrap().len(), 5);
    assert_eq!(
        entries(dir.path()),
        ["games.json", "games.pdn"],
        "no temporary left"
    );
}

#[test]
fn output_that_is_an_input_is_refused_before_reading() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("games.pdn");
    fs::write(&input, GAMES).unwrap();
    // Directly, through a directory argument, and through another spelling of the path.
    let other = dir.path().join(".").join("games.pdn");
    for (output, arg) in [
        (&input, &input),
        (&input, &dir.path().to_path_buf()),
        (&other, &input),
    ] {
        let out = pdnkit()
            .args(["convert", "--to", "pdn", "-o"])
            .arg(output)
            .arg(arg)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.contains("is also an input"), "{stderr}");
        assert_eq!(fs::read_to_string(&input).unwrap(), GAMES);
        assert_eq!(entries(dir.path()), ["games.pdn"]);
    }
}

#[test]
fn output_in_a_missing_directory_fails_and_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("missing").join("out.jsonl");
    let out = pdnkit()
        .args(["convert", "--to", "jsonl", "-", "-o"])
        .arg(&target)
        .write_stdin(GAMES)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("does not exist"), "{stderr}");
    assert!(entries(dir.path()).is_empty());
}

#[cfg(target_os = "linux")]
#[test]
fn full_device_is_a_clear_error() {
    let out = pdnkit()
        .args(["convert", "--to", "pdn", "-", "-o", "/dev/full"])
        .write_stdin(GAMES)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("pdnkit: error: cannot write /dev/full: No space left on device"),
        "{stderr}"
    );
}

#[test]
fn unreadable_input_leaves_the_output_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("out.pdn");
    fs::write(&target, "old").unwrap();
    let out = pdnkit()
        .args(["convert", "--to", "pdn", "-", "-o"])
        .arg(&target)
        .arg(dir.path().join("missing.pdn"))
        .write_stdin(GAMES)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("error[io]"), "{stderr}");
    assert!(stderr.contains("not written"), "{stderr}");
    assert_eq!(fs::read_to_string(&target).unwrap(), "old");
    assert_eq!(entries(dir.path()), ["out.pdn"]);
}

#[test]
fn setup_command_is_kept() {
    let text = "[Event \"setup\"]\n/FEN \"B:Wa1,c1,e3:Bb6,d6,f8\"/ 1... b6-c5 2. e3-f4 *\n";
    assert_eq!(validate(text).code, Some(0));
    let out = run(
        &["convert", "--to", "pdn", "--notation", "numeric", "-"],
        text,
    );
    assert!(
        out.stdout
            .contains("\n\n/FEN \"B:Wa1,c1,e3:Bb6,d6,f8\"/ 1... 11-17 2. 28-23 *\n"),
        "{}",
        out.stdout
    );
    assert_eq!(validate(&out.stdout).code, Some(0), "{}", out.stdout);
}

/// The first JSON block after `marker` in docs/json.md's section on the `game` object.
fn documented_json(marker: &str) -> Value {
    let doc =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/json.md")).unwrap();
    let section = &doc[doc.find("## `game`").expect("game section")..];
    let after = &section[section.find(marker).expect("marker")..];
    let start = after.find("```json\n").unwrap() + "```json\n".len();
    let end = start + after[start..].find("```").unwrap();
    serde_json::from_str(&after[start..end]).unwrap()
}

#[test]
fn documented_examples_are_real_output() {
    let dir = tempfile::tempdir().unwrap();
    let club = "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n\
                1. c3-d4 f6-g5 2. d4-e5 d6xf4 3. g3:e5 1-0\n";
    fs::write(dir.path().join("club.pdn"), club).unwrap();
    let out = pdnkit()
        .current_dir(dir.path())
        .args(["convert", "--to", "jsonl", "club.pdn"])
        .output()
        .unwrap();
    let game: Value = serde_json::from_slice(&out.stdout).unwrap();
    let documented = documented_json("`convert`'s object of a valid game");
    check_game_object(&documented);
    assert_eq!(game, documented);

    let text = "[FEN \"W:Wb6:Bd2,h2,e3,h4,c7,e7,g7\"]\n1. b6:d8:f6:h8 d2-c1 *\n";
    let out = run(&["convert", "--to", "jsonl", "-"], text);
    let game: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(
        game["moves"][0],
        documented_json("W:Wb6:Bd2,h2,e3,h4,c7,e7,g7")
    );
}

/// One schema: for every game, `convert`'s object is `validate`'s with `tags`, `start_fen` and
/// `moves` added, in JSON Lines and in the JSON document alike. The fixtures hold valid and
/// invalid games, games ended by the rules, unsupported and unreadable GameType tags.
#[test]
fn convert_adds_tags_and_moves_to_the_validate_object() {
    let files = [
        "fixtures/errors/result_wrong_winner.pdn",
        "fixtures/errors/move_after_end.pdn",
        "fixtures/errors/russian_draw_rules.pdn",
        "fixtures/detect/other_variants.pdn",
        "fixtures/archive/results.pdn",
    ];
    for file in files {
        let games = |args: &[&str]| -> Vec<Value> {
            let out = pdnkit().args(args).arg(file).output().unwrap();
            String::from_utf8(out.stdout)
                .unwrap()
                .lines()
                .map(|l| serde_json::from_str::<Value>(l).unwrap())
                .filter(|v| v["type"] == "game")
                .collect()
        };
        let checked = games(&["validate", "--no-config", "--format", "jsonl"]);
        let converted = games(&["convert", "--no-config", "--format", "jsonl"]);
        assert!(!checked.is_empty(), "{file}");
        assert_eq!(checked.len(), converted.len(), "{file}");
        for (checked, mut converted) in checked.into_iter().zip(converted) {
            let object = converted.as_object_mut().unwrap();
            for added in ["tags", "start_fen", "moves"] {
                assert!(object.remove(added).is_some(), "{file}: {added}");
            }
            assert_eq!(converted, checked, "{file}");
        }
        let out = pdnkit()
            .args(["convert", "--no-config", "--format", "json", file])
            .output()
            .unwrap();
        let document: Value = serde_json::from_slice(&out.stdout).unwrap();
        let jsonl = games(&["convert", "--no-config", "--format", "jsonl"]);
        assert_eq!(document["games"].as_array().unwrap(), &jsonl, "{file}");
    }
}
