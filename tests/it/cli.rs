//! The command line as a user runs it: exit codes, outputs, inputs of every kind.

use crate::harness::pdnkit;
use std::fs;
use std::path::Path;

const VALID: &str =
    "[Event \"Club\"]\n[Result \"1-0\"]\n\n1. c3-d4 f6-g5 2. d4-e5 d6:f4 3. g3:e5 1-0\n";
/// Game 2, ply 3 (White's second move): d4-c5 while d4:f6 is compulsory.
const INVALID: &str =
    "[Event \"A\"]\n1. c3-d4 b6-c5 2. d4:b6 a7:c5 *\n\n[Event \"B\"]\n1. c3-d4 f6-e5 2. d4-c5 *\n";

fn write(dir: &Path, name: &str, text: &str) {
    fs::write(dir.join(name), text).unwrap();
}

#[test]
fn valid_file_exits_zero_with_a_summary() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "ok.pdn", VALID);
    let out = pdnkit()
        .arg("validate")
        .arg(dir.path().join("ok.pdn"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.ends_with("summary: 1 file, 1 game: 1 valid, 0 invalid, 0 warnings\n"),
        "{stdout}"
    );
}

#[test]
fn illegal_move_is_pinned_to_file_line_column_game_and_move() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.pdn");
    fs::write(&path, INVALID).unwrap();
    let out = pdnkit()
        .args(["validate", "--format", "short"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let expected = format!(
        "{}:5:19: error[illegal-move]: game 2, move 2 (White) \"d4-c5\": illegal move: a capture \
         is compulsory; legal moves: d4:f6\n",
        path.display()
    );
    assert!(stdout.starts_with(&expected), "{stdout}");
    assert!(stdout.contains("2 games: 1 valid, 1 invalid"), "{stdout}");
}

#[test]
fn jsonl_has_one_object_per_game_and_a_summary() {
    let out = pdnkit()
        .args(["validate", "--format", "jsonl", "--game-type", "41", "-"])
        .write_stdin(INVALID)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["type"], "game");
    assert_eq!(lines[0]["valid"], true);
    assert_eq!(lines[0]["plies"], 4);
    assert_eq!(lines[1]["game"], 2);
    assert_eq!(lines[1]["valid"], false);
    assert_eq!(lines[1]["plies"], 2);
    assert_eq!(lines[1]["diagnostics"][0]["code"], "illegal-move");
    assert_eq!(lines[1]["diagnostics"][0]["ply"], 3);
    assert_eq!(lines[1]["diagnostics"][0]["line"], 5);
    assert_eq!(lines[1]["diagnostics"][0]["column"], 19);
    assert_eq!(lines[2]["type"], "summary");
    assert_eq!(lines[2]["games"], 2);
    assert_eq!(lines[2]["invalid"], 1);
}

#[test]
fn json_is_one_document() {
    let out = pdnkit()
        .args(["validate", "--format", "json", "-"])
        .write_stdin(INVALID)
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["games"].as_array().unwrap().len(), 2);
    assert_eq!(doc["summary"]["valid"], 1);
}

#[test]
fn json_with_no_input_is_the_document_of_no_games() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "notes.txt", "no games here");
    let summary = serde_json::json!({"type": "summary", "files": 0, "unreadable_files": 0,
        "games": 0, "valid": 0, "invalid": 0, "warnings": 0});
    for (format, expected) in [
        (
            "json",
            serde_json::json!({"games": [], "files": [], "summary": summary}),
        ),
        ("jsonl", summary.clone()),
    ] {
        let out = pdnkit()
            .current_dir(dir.path())
            .args(["validate", "--no-config", "--format", format, "."])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{format}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.starts_with("pdnkit: error: no input:"), "{stderr}");
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert_eq!(stdout.lines().count(), 1, "{format}: {stdout}");
        let doc: serde_json::Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(doc, expected, "{format}");
    }
    // A usage error is not a run on no input: nothing on standard output.
    let out = pdnkit()
        .current_dir(dir.path())
        .args([
            "validate",
            "--no-config",
            "--format",
            "json",
            "--glob",
            "[",
            ".",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

#[test]
fn github_format_prints_annotations() {
    let out = pdnkit()
        .args(["validate", "--format", "github", "-"])
        .write_stdin(INVALID)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.starts_with(
            "::error file=<stdin>,line=5,col=19,title=illegal-move::game 2, move 2 (White)"
        ),
        "{stdout}"
    );
}

#[test]
fn directories_are_walked_in_order_and_missing_paths_reported() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("sub")).unwrap();
    write(dir.path(), "b.pdn", VALID);
    write(dir.path(), "a.PDN", VALID);
    write(&dir.path().join("sub"), "c.pdn", INVALID);
    write(dir.path(), "notes.txt", "not a game");
    let missing = dir.path().join("missing.pdn");
    let out = pdnkit()
        .args(["validate", "--format", "jsonl", "--game-type", "41"])
        .arg(dir.path())
        .arg(&missing)
        .output()
        .unwrap();
    // The missing file makes the exit code 2, but every other file is still checked.
    assert_eq!(out.status.code(), Some(2));
    let files: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter_map(|v| v["file"].as_str().map(String::from))
        .collect();
    let names: Vec<&str> = files
        .iter()
        .map(|f| Path::new(f).file_name().unwrap().to_str().unwrap())
        .collect();
    assert_eq!(names, ["a.PDN", "b.pdn", "c.pdn", "c.pdn", "missing.pdn"]);
}

#[test]
fn one_thread_and_many_give_the_same_output() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..12 {
        write(
            dir.path(),
            &format!("{i:02}.pdn"),
            if i % 3 == 0 { INVALID } else { VALID },
        );
    }
    let run = |threads: &str| {
        pdnkit()
            .args(["validate", "--format", "jsonl", "-j", threads])
            .arg(dir.path())
            .output()
            .unwrap()
            .stdout
    };
    assert_eq!(run("1"), run("4"));
}

#[test]
fn usage_errors_exit_two() {
    let out = pdnkit()
        .args(["validate", "--no-such-flag"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = pdnkit()
        .args(["validate", "--encoding", "klingon", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown encoding"));
}

#[test]
fn perft_json_and_bad_fen() {
    let out = pdnkit()
        .args(["perft", "--format", "json", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["nodes"], 27132);
    assert_eq!(doc["depth"], 5);
    assert!(doc["seconds"].is_number());
    let out = pdnkit()
        .args([
            "perft",
            "--game-type",
            "25",
            "--paths",
            "--format",
            "json",
            "8",
        ])
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["nodes"], 929905);
    let out = pdnkit()
        .args(["perft", "--fen", "W:Wa2", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("error[bad-fen]"));
}

#[test]
fn perft_divide_lists_first_moves() {
    let out = pdnkit().args(["perft", "--divide", "2"]).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("c3-d4 9\n"), "{stdout}");
    assert!(stdout.contains("nodes 81\n"), "{stdout}");
    assert_eq!(stdout.lines().filter(|l| l.ends_with(" 9")).count(), 9);
}

#[test]
fn a_closed_pipe_ends_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let big: String = INVALID.repeat(5000);
    write(dir.path(), "big.pdn", &big);
    let mut child = crate::harness::command()
        .args(["validate", "--format", "jsonl"])
        .arg(dir.path().join("big.pdn"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 100];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // stdout is now closed.
    let status = child.wait().unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(status.code().is_some(), "ended by a signal");
}

#[test]
fn random_games_all_validate_and_threads_keep_the_order() {
    for game_type in ["41", "25"] {
        let archive = pdnkit()
            .args([
                "random",
                "--games",
                "3000",
                "--seed",
                "11",
                "--game-type",
                game_type,
            ])
            .output()
            .unwrap()
            .stdout;
        // Same seed, same games.
        let again = pdnkit()
            .args([
                "random",
                "--games",
                "3000",
                "--seed",
                "11",
                "--game-type",
                game_type,
            ])
            .output()
            .unwrap()
            .stdout;
        assert_eq!(archive, again);
        let run = |threads: &str| {
            pdnkit()
                .args([
                    "validate",
                    "--format",
                    "jsonl",
                    "--default-game-type",
                    game_type,
                    "-j",
                    threads,
                    "-",
                ])
                .write_stdin(archive.clone())
                .output()
                .unwrap()
        };
        let one = run("1");
        assert_eq!(
            one.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&one.stdout)
        );
        let summary: serde_json::Value = serde_json::from_str(
            String::from_utf8(one.stdout.clone())
                .unwrap()
                .lines()
                .last()
                .unwrap(),
        )
        .unwrap();
        assert_eq!(summary["games"], 3000);
        assert_eq!(summary["valid"], 3000);
        assert_eq!(summary["warnings"], 0);
        // Split into batches on three threads: the same output, in the same order.
        assert_eq!(run("3").stdout, one.stdout);
    }
}

/// One vocabulary: `--format` and `-o` everywhere, the old spellings kept as hidden aliases.
#[test]
fn old_spellings_are_hidden_aliases() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "ok.pdn", VALID);
    let path = dir.path().join("ok.pdn");
    let convert = |flag: &str| {
        let out = pdnkit()
            .args(["convert", "--no-config", flag, "jsonl"])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{flag}");
        out.stdout
    };
    assert_eq!(convert("--format"), convert("--to"));
    let svg = |flag: &str, name: &str| {
        let out = pdnkit()
            .current_dir(dir.path())
            .args(["show", "ok.pdn", flag, name])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{flag}");
        fs::read_to_string(dir.path().join(name)).unwrap()
    };
    assert_eq!(svg("-o", "a.svg"), svg("--svg", "b.svg"));
    assert_eq!(svg("--output", "c.svg"), svg("-o", "a.svg"));
    for command in ["validate", "convert", "stats", "show"] {
        let help = pdnkit().args([command, "--help"]).output().unwrap();
        let help = String::from_utf8(help.stdout).unwrap();
        assert!(help.contains("--game-type"), "{command}");
        for old in ["--to ", "--svg", "--default-game-type"] {
            assert!(!help.contains(old), "{command} --help shows {old}");
        }
    }
}

#[test]
fn perft_json_has_a_type_and_game_types_have_names() {
    let run = |game_type: &str| {
        let out = pdnkit()
            .args(["perft", "--format", "json", "--game-type", game_type, "3"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let doc = run("russian");
    assert_eq!(doc["type"], "perft");
    assert_eq!(
        (doc["game_type"].as_u64(), doc["nodes"].as_u64()),
        (Some(25), Some(302))
    );
    assert_eq!(run("spantsiretti")["nodes"], 658);
    let out = pdnkit()
        .args(["perft", "--game-type", "auto", "1"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "perft plays a game type: auto is not one"
    );
    let random = |game_type: &str| {
        pdnkit()
            .args([
                "random",
                "--games",
                "2",
                "--seed",
                "4",
                "--game-type",
                game_type,
            ])
            .output()
            .unwrap()
            .stdout
    };
    assert_eq!(random("russian"), random("25"));
}

#[test]
fn convert_can_leave_out_the_positions() {
    let run = |extra: &[&str]| {
        let out = pdnkit()
            .args(["convert", "--no-config", "--format", "jsonl", "-"])
            .args(extra)
            .write_stdin(VALID)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let full = run(&[]);
    let lean = run(&["--no-positions"]);
    assert_eq!(full["moves"].as_array().unwrap().len(), 5);
    assert!(full["moves"][0]["fen_after"].is_string());
    assert!(lean["moves"][0].get("fen_after").is_none(), "{lean}");
    assert_eq!(lean["moves"][0]["alpha"], full["moves"][0]["alpha"]);
    assert_eq!(full["game_type_by"], "default");
    let out = pdnkit()
        .args([
            "convert",
            "--no-config",
            "--format",
            "pdn",
            "--no-positions",
            "-",
        ])
        .write_stdin(VALID)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn completions_and_man_pages_come_from_the_definitions() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let out = pdnkit().args(["completions", shell]).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        for word in ["validate", "game-type", "max-diagnostics", "hidden"] {
            assert!(script.contains(word), "{shell}: {word}");
        }
    }
    let out = pdnkit().args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let man = pdnkit().arg("man").output().unwrap();
    let man = String::from_utf8(man.stdout).unwrap();
    assert!(man.contains(".TH pdnkit 1"), "{man}");
    assert!(man.contains("validate") && man.contains("completions"));
    let page = pdnkit().args(["man", "validate"]).output().unwrap();
    assert_eq!(page.status.code(), Some(0));
    let page = String::from_utf8(page.stdout).unwrap();
    assert!(page.contains(".TH pdnkit-validate 1"), "{page}");
    assert!(
        page.contains("allow") && page.contains("max\\-depth"),
        "{page}"
    );
    let out = pdnkit().args(["man", "frobnicate"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_long_path_keeps_the_svg_caption_readable() {
    let dir = tempfile::tempdir().unwrap();
    let deep = dir.path().join("a".repeat(60)).join("b".repeat(60));
    fs::create_dir_all(&deep).unwrap();
    let name = format!("{}.pdn", "c".repeat(80));
    write(&deep, &name, VALID);
    let out = pdnkit()
        .current_dir(dir.path())
        .arg("show")
        .arg(deep.join(&name))
        .args(["-o", "x.svg"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let svg = fs::read_to_string(dir.path().join("x.svg")).unwrap();
    let caption = svg
        .lines()
        .find(|l| l.starts_with("<text class=\"caption\""))
        .unwrap();
    let size: f32 = caption
        .split("font-size=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .unwrap()
        .parse()
        .unwrap();
    assert!(size >= 10.0, "{caption}");
    assert!(
        !caption.contains("aaaa") && caption.contains("ccc.pdn, game 1"),
        "{caption}"
    );
    assert!(caption.contains('…'), "{caption}");
    // The title keeps the whole path.
    assert!(svg.contains(&format!("<title>{}", deep.join(&name).display())));
}

/// `-q` thins the human output only: the JSON document and JSON Lines hold the same objects,
/// the encoding note about a guessed windows-1251 file among them, with and without it.
#[test]
fn quiet_filters_json_and_jsonl_alike() {
    let file = "fixtures/russian/windows1251_archive.pdn";
    let objects = |args: &[&str]| -> Vec<serde_json::Value> {
        let out = pdnkit()
            .args(["validate", "--no-config"])
            .args(args)
            .arg(file)
            .output()
            .unwrap();
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let lines = objects(&["--format", "jsonl"]);
    let notes: Vec<&serde_json::Value> = lines.iter().filter(|o| o["type"] == "file").collect();
    assert_eq!(notes.len(), 1, "{lines:?}");
    assert_eq!(notes[0]["diagnostics"][0]["code"], "encoding");
    for quiet in [&[][..], &["-q"][..]] {
        let mut args = vec!["--format", "jsonl"];
        args.extend_from_slice(quiet);
        assert_eq!(objects(&args), lines, "{quiet:?}");
        let mut args = vec!["--format", "json"];
        args.extend_from_slice(quiet);
        let document = &objects(&args)[0];
        let kind = |t: &str| -> Vec<serde_json::Value> {
            lines.iter().filter(|o| o["type"] == t).cloned().collect()
        };
        assert_eq!(
            document["games"].as_array().unwrap(),
            &kind("game"),
            "{quiet:?}"
        );
        assert_eq!(
            document["files"].as_array().unwrap(),
            &kind("file"),
            "{quiet:?}"
        );
        assert_eq!(document["summary"], kind("summary")[0], "{quiet:?}");
    }
}
