//! Untrusted text in output: file names and tag values may hold line breaks, ESC sequences,
//! bytes that are not UTF-8. No output line may carry a raw control character, no file name may
//! forge a line (or a GitHub `::error` command), two different names never print the same, and
//! every SVG parses as XML.

use crate::harness::{Dir, command, os, run, wait};
use std::ffi::OsString;
use std::fs;
use std::path::PathBuf;
use std::process::Stdio;

/// A game whose tags carry ESC sequences, a bell and a DEL, with an unreadable FEN (whose
/// text the `bad-fen` message quotes) when `bad_fen`.
fn hostile_game(bad_fen: bool) -> String {
    let fen = if bad_fen {
        "[FEN \"W:W\u{1b}[2J\u{7}:B\u{9b}31m\"]\n"
    } else {
        ""
    };
    format!(
        "[Event \"\u{1b}]0;title\u{7}cup\"]\n[White \"Ann\u{1b}[31m\u{7f}\"]\n\
         [Black \"Bob\u{8}\u{8}\u{202e}x\"]\n[Result \"1-0\"]\n{fen}\n1. c3-d4 f6-e5 1-0\n"
    )
}

/// Checks that `text` holds no control character but line breaks ending lines, and returns
/// its lines.
fn clean_lines(text: &str, what: &str) -> Vec<String> {
    for (i, line) in text.lines().enumerate() {
        let bad: Vec<char> = line
            .chars()
            .filter(|&c| c.is_control() || ('\u{202a}'..='\u{202e}').contains(&c))
            .collect();
        assert!(
            bad.is_empty(),
            "{what}, line {}: {bad:?} in {line:?}",
            i + 1
        );
    }
    assert!(!text.contains('\r'), "{what}: a carriage return");
    text.lines().map(str::to_string).collect()
}

#[test]
fn control_characters_of_tags_never_reach_the_output() {
    let d = Dir::new();
    let file = d.write("tags.pdn", hostile_game(true).as_bytes());
    let fine = d.write("fine.pdn", hostile_game(false).as_bytes());
    let runs: Vec<Vec<OsString>> = vec![
        os(&[&"validate", &file]),
        os(&[&"validate", &"--format", &"github", &file]),
        os(&[&"validate", &"--format", &"jsonl", &file]),
        os(&[&"validate", &"--format", &"json", &file]),
        os(&[&"stats", &fine]),
        os(&[&"stats", &"--format", &"human", &fine]),
        os(&[&"convert", &"--to", &"jsonl", &fine]),
        os(&[&"convert", &"--to", &"json", &fine]),
        os(&[&"convert", &"--to", &"pdn", &fine]),
        os(&[&"convert", &"--to", &"pdn", &file]),
        os(&[&"show", &fine]),
        os(&[&"show", &file]),
    ];
    for args in runs {
        let r = run(&args);
        assert!(!r.stderr.contains("panicked"), "{args:?}: {}", r.stderr);
        clean_lines(&r.stdout, &format!("{args:?} stdout"));
        clean_lines(&r.stderr, &format!("{args:?} stderr"));
    }
    // The bad FEN is quoted, escaped, in the message.
    let r = run(&os(&[&"validate", &file]));
    r.expect(1);
    assert!(r.stdout.contains("\\u{1b}[2J\\u{7}"), "{}", r.stdout);
    // JSON keeps the values exactly (escaped the JSON way).
    let r = run(&os(&[&"convert", &"--to", &"jsonl", &fine]));
    let game: serde_json::Value = serde_json::from_str(r.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(game["tags"]["White"], "Ann\u{1b}[31m\u{7f}");
    assert_eq!(game["tags"]["Black"], "Bob\u{8}\u{8}\u{202e}x");
}

/// A directory holding a file whose name forges a line, and an invalid game in it.
#[cfg(unix)]
fn forging_name(d: &Dir) -> PathBuf {
    let dir = d.path("tree");
    fs::create_dir(&dir).unwrap();
    let name = "a\n::error file=forged.pdn,line=1::forged\n\u{1b}[2Jb.pdn";
    fs::write(dir.join(name), "1. c3-d4 c3-d4 *\n").unwrap();
    dir
}

#[cfg(unix)]
#[test]
fn a_file_name_never_forges_a_line() {
    let d = Dir::new();
    let dir = forging_name(&d);
    let human = run(&os(&[&"validate", &dir]));
    human.expect(1);
    for line in clean_lines(&human.stdout, "human") {
        assert!(!line.starts_with("::"), "forged: {line}");
    }
    let github = run(&os(&[&"validate", &"--format", &"github", &dir]));
    github.expect(1);
    let lines = clean_lines(&github.stdout, "github");
    let annotations: Vec<&String> = lines.iter().filter(|l| l.starts_with("::")).collect();
    assert_eq!(annotations.len(), 1, "{lines:?}");
    assert!(
        annotations[0].starts_with("::error file="),
        "{}",
        annotations[0]
    );
    // The name is one property value: its `:` and `,` escaped, so it ends nothing.
    assert!(annotations[0].contains("a\\n%3A%3Aerror file=forged.pdn%2Cline=1%3A%3Aforged\\n"));
    // stderr too (convert's diagnostics, a missing input's name).
    let convert = run(&os(&[&"convert", &"--to", &"pdn", &dir]));
    convert.expect(1);
    clean_lines(&convert.stderr, "convert stderr");
    let missing = d.path("gone\n::error::forged.pdn");
    let r = run(&os(&[&"validate", &missing]));
    r.expect(2);
    clean_lines(&r.stdout, "missing stdout");
    clean_lines(&r.stderr, "missing stderr");
    let r = run(&os(&[&"show", &missing]));
    r.expect(2);
    clean_lines(&r.stderr, "show stderr");
}

#[cfg(unix)]
#[test]
fn names_that_are_not_utf8_stay_distinct() {
    use std::os::unix::ffi::OsStrExt;
    let d = Dir::new();
    let dir = d.path("tree");
    fs::create_dir(&dir).unwrap();
    for name in [&b"\xff.pdn"[..], b"\xfe.pdn"] {
        let path = dir.join(std::ffi::OsStr::from_bytes(name));
        fs::write(path, "1. c3-d4 c3-d4 *\n").unwrap();
    }
    let human = run(&os(&[&"validate", &dir]));
    human.expect(1);
    let lines = clean_lines(&human.stdout, "human");
    assert!(
        lines.iter().any(|l| l.contains("tree/\\xfe.pdn:1:")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("tree/\\xff.pdn:1:")),
        "{lines:?}"
    );
    let jsonl = run(&os(&[&"validate", &"--format", &"jsonl", &dir]));
    let files: Vec<String> = jsonl
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["type"] == "game")
        .map(|v| v["file"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(files.len(), 2);
    assert_ne!(files[0], files[1]);
    assert!(files[0].ends_with("\\xfe.pdn"), "{files:?}");
}

#[test]
fn every_svg_parses_as_xml() {
    let d = Dir::new();
    let fine = d.write("fine.pdn", hostile_game(false).as_bytes());
    let svg = d.path("board.svg");
    for args in [
        os(&[&"show", &fine, &"--svg", &svg]),
        os(&[&"show", &fine, &"--ply", &"0", &"--svg", &svg]),
    ] {
        run(&args).expect(0);
        let text = fs::read_to_string(&svg).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        let title = doc
            .descendants()
            .find(|n| n.has_tag_name("title"))
            .and_then(|n| n.text())
            .unwrap();
        assert!(title.contains("Ann\\u{1b}[31m"), "{title}");
    }
    // To standard output, and with a file name full of markup and control characters.
    #[cfg(unix)]
    {
        let odd = d.write("<&'\"\u{1}>.pdn", hostile_game(false).as_bytes());
        let child = command()
            .args(os(&[&"show", &odd, &"--svg", &"-"]))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let r = wait(child);
        r.expect(0);
        roxmltree::Document::parse(&r.stdout).unwrap_or_else(|e| panic!("{e}: {}", r.stdout));
    }
}
