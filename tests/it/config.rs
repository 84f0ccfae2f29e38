//! Per-code levels (`--allow`, `--warn`, `--deny`) and pdnkit.toml: found by walking up from
//! the current directory, `--config PATH`, `--no-config`; every key of `pdnkit help config`.

use crate::harness::pdnkit;
use std::fs;
use std::path::Path;

/// Three warnings (a capture written with `-`, no result), no error.
const WARNED: &str = "[GameType \"41\"]\n1. c3-d4 f6-g5 2. d4-e5 d6-f4 3. g3-e5\n";
/// A Result tag that the result after the moves contradicts (the moves are legal).
const CONFLICT: &str = "[GameType \"41\"]\n[Result \"1-0\"]\n1. c3-d4 f6-g5 0-1\n";
/// No GameType tag; legal on 8x8 only (from fixtures/detect/russian_untagged.pdn).
const RUSSIAN: &str = "[Result \"0-1\"]\n1. a3-b4 h6-g5 2. b4-a5 g7-h6 3. e3-f4 g5:e3 \
    4. f2:d4 d6-c5 5. b2-a3 c5:e3 6. d2:f4 f6-g5 7. g1-f2 g5:g1 8. c1-b2 f8-g7 9. a3-b4 h6-g5 \
    10. e1-f2 g1:c1 11. a1-b2 c1:a3 12. g3-h4 a3-c5 13. h4:f6 g7:e5 14. c3-d4 c5:g1 \
    15. h2-g3 g1-c5 16. g3-h4 c5-e3 17. h4-g5 e3:h6 0-1\n";

fn put(dir: &Path, name: &str, text: &str) {
    let path = dir.join(name);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

/// Runs pdnkit in `dir`: exit code, stdout, stderr.
fn run_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = pdnkit().current_dir(dir).args(args).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn with_games() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    put(dir.path(), "warned.pdn", WARNED);
    put(dir.path(), "conflict.pdn", CONFLICT);
    put(dir.path(), "russian.pdn", RUSSIAN);
    dir
}

#[test]
fn levels_change_the_severity_of_a_code() {
    let dir = with_games();
    let run = |args: &[&str]| {
        let mut all = vec!["validate", "--no-config"];
        all.extend_from_slice(args);
        run_in(dir.path(), &all)
    };
    let (code, stdout, _) = run(&["warned.pdn"]);
    assert_eq!(code, 0);
    assert_eq!(
        stdout.matches("warning[capture-notation]").count(),
        2,
        "{stdout}"
    );
    // allow: dropped, not counted.
    let (code, stdout, _) = run(&["--allow", "capture-notation", "warned.pdn"]);
    assert_eq!(code, 0);
    assert!(!stdout.contains("capture-notation"), "{stdout}");
    assert!(stdout.contains("0 invalid, 1 warning\n"), "{stdout}");
    // deny: an error, the game invalid, exit code 1.
    let (code, stdout, _) = run(&["--deny", "missing-result", "warned.pdn"]);
    assert_eq!(code, 1);
    assert!(stdout.contains("error[missing-result]"), "{stdout}");
    // A level beats --strict.
    let (code, stdout, _) = run(&[
        "--strict",
        "--warn",
        "capture-notation",
        "--allow",
        "missing-result",
        "warned.pdn",
    ]);
    assert_eq!(code, 0, "{stdout}");
    assert_eq!(
        stdout.matches("warning[capture-notation]").count(),
        2,
        "{stdout}"
    );
    let (code, _, _) = run(&["--strict", "warned.pdn"]);
    assert_eq!(code, 1);
    // warn lowers an error whose moves were checked.
    let (code, stdout, _) = run(&["--warn", "result-mismatch", "conflict.pdn"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("warning[result-mismatch]"), "{stdout}");
    // The same for stats and convert.
    let (code, _, _) = run_in(
        dir.path(),
        &[
            "stats",
            "--no-config",
            "--warn",
            "result-mismatch",
            "conflict.pdn",
        ],
    );
    assert_eq!(code, 0);
    let (code, _, _) = run_in(
        dir.path(),
        &[
            "convert",
            "--no-config",
            "--format",
            "jsonl",
            "--deny",
            "missing-result",
            "warned.pdn",
        ],
    );
    assert_eq!(code, 1);
}

#[test]
fn bad_levels_are_usage_errors() {
    let dir = with_games();
    let cases: [(&[&str], &str); 4] = [
        (
            &["--allow", "no-such-code"],
            "unknown diagnostic code \"no-such-code\"; codes: syntax, illegal-move",
        ),
        (
            &["--allow", "move-number", "--deny", "move-number"],
            "--allow move-number and --deny move-number",
        ),
        (&["--deny", "encoding"], "can only be allowed"),
        (&["--allow", "io"], "--allow io: io findings mean that"),
    ];
    for (args, message) in cases {
        let mut all = vec!["validate", "--no-config"];
        all.extend_from_slice(args);
        all.push("warned.pdn");
        let (code, stdout, stderr) = run_in(dir.path(), &all);
        assert_eq!(code, 2, "{args:?}");
        assert!(stdout.is_empty());
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

#[test]
fn the_encoding_note_can_be_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let mut text =
        b"[Event \"\xcf\xe5\xf0\xe2\xe5\xed\xf1\xf2\xe2\xee\"]\n[GameType \"41\"]\n".to_vec();
    text.extend_from_slice(b"[Result \"*\"]\n1. c3-d4 *\n");
    fs::write(dir.path().join("cp.pdn"), text).unwrap();
    let (_, stdout, _) = run_in(dir.path(), &["validate", "--no-config", "cp.pdn"]);
    assert!(stdout.contains("note[encoding]"), "{stdout}");
    let (_, stdout, _) = run_in(
        dir.path(),
        &["validate", "--no-config", "--allow", "encoding", "cp.pdn"],
    );
    assert!(!stdout.contains("encoding"), "{stdout}");
}

#[test]
fn config_is_found_walking_up_and_the_command_line_beats_it() {
    let dir = with_games();
    put(
        dir.path(),
        "pdnkit.toml",
        "game-type = \"russian\"\n[levels]\nmissing-result = \"deny\"\n",
    );
    let sub = dir.path().join("deep/er");
    fs::create_dir_all(&sub).unwrap();
    put(
        &sub,
        "w.pdn",
        WARNED.replace("[GameType \"41\"]\n", "").as_str(),
    );
    put(&sub, "r.pdn", RUSSIAN);
    let json = |args: &[&str]| {
        let mut all = vec!["validate", "--format", "jsonl"];
        all.extend_from_slice(args);
        run_in(&sub, &all)
    };
    let (code, stdout, _) = json(&["r.pdn"]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains("\"game_type\":{\"number\":25,\"start_color\":\"W\",\"width\":8,\"height\":8,\"notation\":\"A\",\"corner\":0,\"invert\":0},\"game_type_by\":\"option\""),
        "{stdout}"
    );
    let (code, stdout, _) = json(&["w.pdn"]);
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("\"severity\":\"error\",\"code\":\"missing-result\""));
    // The command line beats the file.
    let (code, stdout, _) = json(&["--game-type", "auto", "--allow", "missing-result", "w.pdn"]);
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("\"game_type_by\":\"default\""), "{stdout}");
    // --no-config: the defaults.
    let (_, stdout, _) = json(&["--no-config", "r.pdn"]);
    assert!(stdout.contains("\"game_type_by\":\"moves\""), "{stdout}");
    // --config PATH: that file instead.
    put(dir.path(), "other.toml", "game-type = \"41\"\n");
    let other = dir.path().join("other.toml");
    let (code, stdout, _) = json(&["--config", other.to_str().unwrap(), "r.pdn"]);
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.contains("\"game_type\":{\"number\":41,\"start_color\":\"W\",\"width\":10,\"height\":8,\"notation\":\"A\",\"corner\":0,\"invert\":0},\"game_type_by\":\"option\""),
        "{stdout}"
    );
    let (code, _, stderr) = json(&["--config", "missing.toml", "r.pdn"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("cannot read config file missing.toml"),
        "{stderr}"
    );
    // show reads it too.
    let (code, stdout, _) = run_in(&sub, &["show", "r.pdn", "--ply", "0"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("    a  b  c  d  e  f  g  h\n"), "{stdout}");
    // pdnkit config names the file in effect.
    let (code, stdout, _) = run_in(&sub, &["config"]);
    assert_eq!(code, 0);
    assert!(
        stdout.starts_with(&format!("# {}", dir.path().join("pdnkit.toml").display())),
        "{stdout}"
    );
    assert!(stdout.contains("game-type = \"russian\""));
}

#[test]
fn a_bad_config_file_is_exit_two_with_its_place() {
    let dir = with_games();
    put(
        dir.path(),
        "pdnkit.toml",
        "strict = true\ngame_type = \"25\"\n",
    );
    let (code, stdout, stderr) = run_in(dir.path(), &["validate", "warned.pdn"]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(
        stderr.contains("pdnkit.toml: line 2, column 1: unknown field `game_type`"),
        "{stderr}"
    );
    // Each bad value at its place: the line, and the column of the value (of the key for
    // an unknown code), counted by hand.
    for (text, message) in [
        (
            "game-type = \"checkers\"\n",
            "line 1, column 13: game-type: \"checkers\" is not a game type",
        ),
        (
            "strict = true\ngame-type = \"russain\"\n",
            "line 2, column 13: game-type: \"russain\" is not a game type",
        ),
        (
            "encoding = \"ebcdic\"\n",
            "line 1, column 12: encoding: unknown encoding \"ebcdic\"",
        ),
        (
            "# levels\n[levels]\nmove-number = \"loud\"\n",
            "line 3, column 15: [levels] move-number = \"loud\": use allow, warn or deny",
        ),
        (
            "[levels]\ncapture-notation = \"allow\"\n  not-a-code = \"allow\"\n",
            "line 3, column 3: unknown diagnostic code \"not-a-code\"",
        ),
        (
            "[levels]\nencoding = \"deny\"\n",
            "line 2, column 1: deny encoding: the encoding note",
        ),
        (
            "threads = 0\n",
            "line 1, column 11: threads must be at least 1",
        ),
        (
            "threads = \"x\"\n",
            "line 1, column 11: invalid type: string \"x\"",
        ),
        // Columns count characters, not bytes.
        (
            "levels = { \"\u{436}\" = \"allow\", x = \"loud\" }\n",
            "line 1, column 31: [levels] x = \"loud\"",
        ),
        ("strict = \"yes\"\n", "line 1, column 10"),
    ] {
        put(dir.path(), "pdnkit.toml", text);
        let (code, _, stderr) = run_in(dir.path(), &["validate", "warned.pdn"]);
        assert_eq!(code, 2, "{text}");
        assert!(
            stderr.contains(&format!(
                "config file {}: {message}",
                dir.path().join("pdnkit.toml").display()
            )),
            "{text}: {stderr}"
        );
    }
    let (code, _, stderr) = run_in(dir.path(), &["config"]);
    assert_eq!(code, 2, "{stderr}");
}

/// Every key of pdnkit.toml, each with an effect that can be seen.
#[test]
fn every_key_has_its_effect() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    put(d, "a/warned.pdn", WARNED);
    put(d, "a/b/c/deep.pdn", WARNED);
    put(d, "a/.hidden/h.pdn", WARNED);
    put(d, "a/old/o.pdn", WARNED);
    put(d, "a/notes.txt", WARNED);
    let mut cp = b"[Event \"\xcf\xe5\xf0\xe2\"]\n".to_vec();
    cp.extend_from_slice(RUSSIAN.as_bytes());
    fs::write(d.join("cp.pdn"), cp).unwrap();
    let run = |config: &str, args: &[&str]| {
        put(d, "pdnkit.toml", config);
        run_in(d, args)
    };
    let files = |config: &str| run(config, &["validate", "--files", "a"]).1;
    assert_eq!(files("").lines().count(), 3);
    assert_eq!(files("hidden = true\n").lines().count(), 4);
    assert_eq!(files("max-depth = 1\n").lines().count(), 1);
    assert_eq!(files("exclude = [\"old\"]\n").lines().count(), 2);
    assert_eq!(files("glob = [\"*.txt\"]\n"), "a/notes.txt\n");
    // Excludes of the file and of the command line add up.
    let (_, listed, _) = run(
        "exclude = [\"old\"]\n",
        &["validate", "--files", "--exclude", "c", "a"],
    );
    assert_eq!(listed, "a/warned.pdn\n");
    let (code, _, _) = run("strict = true\n", &["validate", "a/warned.pdn"]);
    assert_eq!(code, 1);
    let (_, stdout, _) = run("max-diagnostics = 1\n", &["validate", "a/warned.pdn"]);
    assert!(
        stdout.contains("game 1: 2 more diagnostics not shown"),
        "{stdout}"
    );
    let (_, stdout, _) = run("max-file-diagnostics = 1\n", &["validate", "a/warned.pdn"]);
    assert!(
        stdout.contains("2 more diagnostics of this file not shown"),
        "{stdout}"
    );
    let (code, _, _) = run(
        "[levels]\nmissing-result = \"deny\"\n",
        &["validate", "a/warned.pdn"],
    );
    assert_eq!(code, 1);
    let (_, stdout, _) = run(
        "game-type = \"25\"\n",
        &["validate", "--format", "jsonl", "cp.pdn"],
    );
    assert!(stdout.contains("\"game_type_by\":\"option\""), "{stdout}");
    let (_, stdout, _) = run("encoding = \"latin1\"\n", &["validate", "cp.pdn"]);
    assert!(!stdout.contains("note[encoding]"), "{stdout}");
    let (_, stdout, _) = run("", &["validate", "cp.pdn"]);
    assert!(stdout.contains("note[encoding]"), "{stdout}");
    // threads: one thread or many, the same output.
    let (_, one, _) = run("threads = 1\n", &["validate", "a", "cp.pdn"]);
    let (_, many, _) = run("threads = 3\n", &["validate", "a", "cp.pdn"]);
    assert_eq!(one, many);
    let (code, _, _) = run("threads = 3\n", &["validate", "-j", "0", "a"]);
    assert_eq!(code, 2);
}

#[test]
fn help_config_documents_every_key() {
    let (code, stdout, _) = run_in(Path::new("."), &["help", "config"]);
    assert_eq!(code, 0);
    for key in [
        "game-type",
        "encoding",
        "strict",
        "threads",
        "max-diagnostics",
        "max-file-diagnostics",
        "hidden",
        "no-ignore",
        "max-depth",
        "glob",
        "exclude",
        "notation",
        "captures",
        "results",
        "[levels]",
    ] {
        assert!(
            stdout.contains(&format!("\n  {key} ")),
            "{key} in\n{stdout}"
        );
    }
    // Every key as the help writes it (`  key = value` two spaces in, up to its explanation
    // or the end of the line, and `[levels]` with its codes) makes a file pdnkit accepts.
    let example: String = stdout
        .lines()
        .skip_while(|l| !l.starts_with("Keys"))
        .skip(1)
        .take_while(|l| !l.starts_with("Example"))
        .filter_map(|l| {
            let l = l.strip_prefix("  ").filter(|l| !l.starts_with(' '))?;
            if l.starts_with('[') {
                return l.split_whitespace().next().map(str::to_string);
            }
            let end = l.find("  ").unwrap_or(l.len());
            l.contains(" = ").then(|| l[..end].to_string())
        })
        .map(|line| line + "\n")
        .collect();
    assert_eq!(example.lines().count(), 17, "{example}");
    let dir = tempfile::tempdir().unwrap();
    put(dir.path(), "pdnkit.toml", &example);
    let (code, shown, stderr) = run_in(dir.path(), &["config"]);
    assert_eq!(code, 0, "{stderr}\n{example}");
    assert!(shown.contains(&example), "{shown}");
}

/// A config that is a device, a FIFO, a directory, or larger than 1 MiB is refused at once
/// (`/dev/zero` was once read without end), exit 2, whoever reads it.
#[test]
fn a_config_that_is_not_a_regular_file_or_too_large_is_refused() {
    let dir = with_games();
    let fifo = dir.path().join("fifo.toml");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let large = dir.path().join("large.toml");
    // A valid file of 1 MiB + 1 byte (a comment line).
    fs::write(&large, format!("#{}\n", "x".repeat((1 << 20) - 1))).unwrap();
    let just = dir.path().join("just.toml");
    fs::write(
        &just,
        format!("#{}\nstrict = true\n", "x".repeat((1 << 20) - 16)),
    )
    .unwrap();
    assert_eq!(fs::metadata(&just).unwrap().len(), 1 << 20);
    let subdir = dir.path().join("sub.toml");
    fs::create_dir(&subdir).unwrap();
    let names = [
        ("/dev/zero".into(), "not a regular file"),
        ("/dev/urandom".into(), "not a regular file"),
        (fifo, "not a regular file"),
        (subdir, "not a regular file"),
        (large, "larger than 1024 KiB"),
    ];
    for (path, why) in names {
        for command in [
            &["validate", "warned.pdn"][..],
            &["config"],
            &["show", "warned.pdn"],
        ] {
            let mut args = crate::harness::os(&[&command[0], &"--config", &path]);
            args.extend(command[1..].iter().map(Into::into));
            let run = crate::harness::run(&args);
            assert_eq!(run.code, Some(2), "{path:?} {command:?}: {}", run.stderr);
            assert!(
                run.stderr.contains(&format!(
                    "cannot read config file {}: {why}",
                    path.display()
                )),
                "{path:?}: {}",
                run.stderr
            );
        }
    }
    // 1 MiB exactly is read (and its strict = true takes effect: the warnings are errors).
    let (code, stdout, stderr) = run_in(
        dir.path(),
        &["validate", "--config", just.to_str().unwrap(), "warned.pdn"],
    );
    assert_eq!(code, 1, "{stdout}{stderr}");
}

/// `pdnkit config` echoes the file with every control character escaped, as every output is
/// (TOML allows a carriage return before a line feed, C1 and bidirectional controls in a
/// comment).
#[test]
fn config_echoes_the_file_escaped() {
    let dir = with_games();
    put(
        dir.path(),
        "pdnkit.toml",
        "[levels]\nmove-number = \"warn\"\n\r\n# \u{85}red \u{202e}der\r\n",
    );
    let out = pdnkit()
        .current_dir(dir.path())
        .arg("config")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let expected = format!(
        "# {}\n[levels]\nmove-number = \"warn\"\n\\r\n# \\u{{85}}red \\u{{202e}}der\\r\n",
        dir.path().join("pdnkit.toml").display()
    );
    assert_eq!(stdout, expected);
}

/// `help config` names every command that reads pdnkit.toml: those whose help offers
/// `--no-config`, checked command by command against the list every command prints.
#[test]
fn help_config_names_the_commands_that_read_it() {
    let (_, help, _) = run_in(Path::new("."), &["help", "config"]);
    let named = help
        .lines()
        .skip_while(|l| !l.starts_with("pdnkit.toml holds defaults"))
        .nth(1)
        .unwrap_or_default()
        .trim()
        .trim_end_matches('.')
        .to_string();
    let all = [
        "validate",
        "convert",
        "fmt",
        "perft",
        "random",
        "stats",
        "show",
        "report",
        "positions",
        "select",
        "dedupe",
        "split",
        "merge",
        "config",
        "completions",
        "man",
    ];
    let reading: Vec<&str> = all
        .into_iter()
        .filter(|c| {
            let (_, help, _) = run_in(Path::new("."), &[c, "--help"]);
            help.lines()
                .any(|l| l.trim_start().starts_with("--no-config"))
        })
        .collect();
    assert_eq!(
        reading,
        [
            "validate",
            "convert",
            "fmt",
            "stats",
            "show",
            "report",
            "positions",
            "select",
            "dedupe",
            "split",
            "merge"
        ]
    );
    assert_eq!(named, reading.join(", "), "{help}");
}
