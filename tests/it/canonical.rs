//! Canonical PDN that loses nothing (`pdnkit convert --format pdn`, docs/convert.md):
//! hand-written games (comments in the middle of moves, nested variations, NAGs, `%` and `;`
//! comments, a setup command, an invalid game, an unknown GameType, results that disagree,
//! CRLF, windows-1251) against their hand-written canonical text; converting the output again
//! gives the same bytes, on every fixture and on generated archives of both boards; every
//! comment, variation, NAG and mark of the input is in the output, counted by a tokenizer of
//! the test's own.

use crate::harness::{pdnkit, random_game};
use pdnkit::Variant;
use std::fs;
use std::path::{Path, PathBuf};

const DIR: &str = "fixtures/archive/canonical";

struct Out {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn convert(args: &[&str], stdin: &[u8]) -> Out {
    let out = pdnkit()
        .args(["convert", "--format", "pdn"])
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    Out {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).expect("PDN output is UTF-8"),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn fixture(name: &str) -> Vec<u8> {
    fs::read(Path::new(DIR).join(name)).unwrap()
}

fn expected() -> String {
    String::from_utf8(fixture("games.expect.pdn")).unwrap()
}

#[test]
fn hand_written_games_give_the_hand_written_canonical_text() {
    let input = fixture("games.pdn");
    let crlf = String::from_utf8(input.clone())
        .unwrap()
        .replace('\n', "\r\n");
    for (what, bytes) in [("LF", input.clone()), ("CRLF", crlf.into_bytes())] {
        let out = convert(&["-"], &bytes);
        // Games 3, 4 and 6 are invalid (and kept whole).
        assert_eq!(out.code, Some(1), "{what}: {}", out.stderr);
        assert_eq!(out.stdout, expected(), "{what}");
    }
    // A file, and a directory holding it, give the same.
    let file = format!("{DIR}/games.pdn");
    let dir = tempfile::tempdir().unwrap();
    fs::copy(&file, dir.path().join("games.pdn")).unwrap();
    for path in [file.as_str(), dir.path().to_str().unwrap()] {
        let out = convert(&[path], b"");
        assert_eq!(out.stdout, expected(), "{path}");
    }
}

#[test]
fn windows_1251_is_written_as_utf8() {
    let out = convert(&[&format!("{DIR}/windows-1251.pdn")], b"");
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let expected = expected();
    let game = expected
        .split("\n\n[Event")
        .nth(1)
        .map(|g| format!("[Event{g}\n"))
        .unwrap();
    assert!(game.contains("Сицилианская"), "{game}");
    assert_eq!(out.stdout, game);
    assert!(out.stderr.contains("windows-1251"), "{}", out.stderr);
}

/// Every `*.pdn` under `dir`, sorted.
fn pdn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            pdn_files(&path, out);
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pdn"))
        {
            out.push(path);
        }
    }
}

/// Random legal games of both boards, annotated: a comment or a NAG after some moves, and
/// variations (nested, of the very move they stand for, so that they replay).
fn annotated_archive(seed: u64) -> String {
    let mut plain = String::new();
    for index in 1..=6 {
        let variant = if index % 2 == 0 {
            Variant::Russian
        } else {
            Variant::Spantsiretti
        };
        plain.push_str(&random_game(variant, seed, index));
    }
    let mut out = String::new();
    let mut moves = 0;
    for line in plain.lines() {
        if line.starts_with('[') || line.is_empty() {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        for word in line.split(' ') {
            out.push_str(word);
            out.push(' ');
            let is_move = word.contains('-') && !word.contains('/') && word.len() > 3;
            if !is_move {
                continue;
            }
            moves += 1;
            match moves % 11 {
                1 => out.push_str("{a comment} "),
                3 => out.push_str("$4 "),
                5 => out.push_str(&format!("({word} {{same}} ({word})) ")),
                7 => out.push_str("\n% a line comment\n"),
                _ => {}
            }
        }
        out.push('\n');
    }
    out
}

#[test]
fn converting_the_output_again_gives_the_same_bytes() {
    let mut files = Vec::new();
    pdn_files(Path::new("fixtures"), &mut files);
    assert!(files.len() > 20, "{files:?}");
    let mut inputs: Vec<(String, Vec<u8>)> = files
        .iter()
        .map(|f| (f.display().to_string(), fs::read(f).unwrap()))
        .collect();
    for seed in [1, 2] {
        inputs.push((
            format!("annotated {seed}"),
            annotated_archive(seed).into_bytes(),
        ));
    }
    for options in [
        &[][..],
        &["--notation", "numeric", "--captures", "full"],
        &["--strip", "comments", "--strip", "nags"],
        &["--strip", "variations", "--results", "international"],
    ] {
        for (name, bytes) in &inputs {
            let mut args = options.to_vec();
            args.push("-");
            let once = convert(&args, bytes);
            assert!(!once.stderr.contains("panicked"), "{name}: {}", once.stderr);
            let twice = convert(&args, once.stdout.as_bytes());
            assert_eq!(once.stdout, twice.stdout, "{name} {options:?}");
            // The games stay the games they were: as many, as many valid (unless an error
            // stood in a variation left out).
            if options.contains(&"variations") {
                continue;
            }
            assert_eq!(
                games_and_valid(bytes),
                games_and_valid(once.stdout.as_bytes()),
                "{name} {options:?}"
            );
        }
    }
}

fn games_and_valid(bytes: &[u8]) -> (u64, u64) {
    let out = pdnkit()
        .args(["validate", "--format", "jsonl", "-"])
        .write_stdin(bytes)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let summary: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    (
        summary["games"].as_u64().unwrap(),
        summary["valid"].as_u64().unwrap(),
    )
}

/// What a PDN text holds that canonical PDN must keep, counted without pdnkit: comments of
/// each style (those pdnkit writes to name errors apart), variations, NAGs, strength marks,
/// setup commands, and moves (written in any notation).
#[derive(Debug, Default, PartialEq, Eq)]
struct Counts {
    braces: usize,
    percent: usize,
    semicolon: usize,
    variations: usize,
    nags: usize,
    marks: usize,
    setups: usize,
    moves: usize,
}

fn counts(text: &str) -> Counts {
    let mut c = Counts::default();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut line_start = true;
    let mut word = String::new();
    let end_word = |word: &mut String, c: &mut Counts| {
        let w = std::mem::take(word);
        let bare = w.trim_end_matches(['!', '?']);
        if bare.len() < w.len() && !bare.is_empty() {
            c.marks += 1;
        }
        let bare = bare.split('$').next().unwrap_or_default();
        c.nags += w.matches('$').count();
        // 1.c3-d4 and 1...c3-d4: the move after the number.
        let bare = bare.rsplit('.').next().unwrap_or_default();
        let is_square = |s: &str| {
            let s = s.trim_start_matches(|ch: char| ch.is_ascii_alphabetic());
            !s.is_empty() && s.len() <= 2 && s.chars().all(|ch| ch.is_ascii_digit())
        };
        // Russian compact notation: ed4, e:d4, exd4.
        let compact = bare
            .strip_prefix(|ch: char| ch.is_ascii_lowercase())
            .map(|rest| {
                let rest = rest.trim_start_matches([':', 'x']);
                rest.len() > 1 && rest.len() <= 3 && is_square(rest)
            });
        if compact == Some(true) {
            c.moves += 1;
        }
        let parts: Vec<&str> = bare.split(['-', ':', 'x']).collect();
        let is_result = ["1-0", "0-1", "2-0", "0-2", "1-1", "0-0"].contains(&bare);
        if !is_result && parts.len() >= 2 && parts.iter().all(|p| is_square(p)) {
            c.moves += 1;
        }
    };
    while i < chars.len() {
        let ch = chars[i];
        if ch == '[' && line_start {
            // A tag: to the end of its line.
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        match ch {
            '{' => {
                end_word(&mut word, &mut c);
                let close = chars[i..].iter().position(|&x| x == '}').map(|p| i + p);
                let end = close.unwrap_or(chars.len());
                let body: String = chars[i + 1..end].iter().collect();
                if !body.starts_with("pdnkit:") {
                    c.braces += 1;
                }
                i = end + 1;
                line_start = false;
                continue;
            }
            '%' | ';' => {
                end_word(&mut word, &mut c);
                if ch == '%' {
                    c.percent += 1;
                } else {
                    c.semicolon += 1;
                }
                while i < chars.len() && chars[i] != '\n' && chars[i] != '\r' {
                    i += 1;
                }
                continue;
            }
            '/' if word.is_empty() => {
                let close = chars[i + 1..]
                    .iter()
                    .position(|&x| x == '/')
                    .map(|p| i + 1 + p);
                c.setups += 1;
                i = close.unwrap_or(chars.len()) + 1;
                continue;
            }
            '(' => {
                let rest: String = chars[i + 1..].iter().take(4).collect();
                let marks = rest.trim_end_matches(|x: char| x != ')');
                if !marks.is_empty()
                    && marks[..marks.len() - 1].chars().all(|x| "!?".contains(x))
                    && marks.len() > 1
                {
                    // `(!?)`: the strength of the move before it.
                    c.marks += 1;
                    i += marks.len() + 1;
                    continue;
                }
                end_word(&mut word, &mut c);
                c.variations += 1;
            }
            ')' => end_word(&mut word, &mut c),
            ch if ch.is_whitespace() => end_word(&mut word, &mut c),
            ch => word.push(ch),
        }
        line_start = ch == '\n';
        i += 1;
    }
    end_word(&mut word, &mut c);
    c
}

#[test]
fn the_test_counter_counts_what_it_should() {
    let text = "[Event \"a {b}\"]\n{c} 1.c3-d4!? {pdnkit: x} f6-g5 $1 (1... f6-e5 (!?) \
                (1... h6-g5$3)) 2. 23x18 % d\n/FEN \"W:W1:B2\"/ e:d4; f\ned4 exd4 1-0";
    assert_eq!(
        counts(text),
        Counts {
            braces: 1,
            percent: 1,
            semicolon: 1,
            variations: 2,
            nags: 2,
            marks: 2,
            setups: 1,
            moves: 8,
        }
    );
}

#[test]
fn every_comment_variation_nag_and_move_is_kept() {
    let mut files = Vec::new();
    pdn_files(Path::new("fixtures"), &mut files);
    let mut inputs: Vec<(String, String)> = files
        .iter()
        .filter_map(|f| Some((f.display().to_string(), fs::read_to_string(f).ok()?)))
        .collect();
    inputs.push(("annotated".to_string(), annotated_archive(3)));
    let mut seen = Counts::default();
    for (name, text) in &inputs {
        let out = convert(&["-"], text.as_bytes());
        let (before, after) = (counts(text), counts(&out.stdout));
        assert_eq!(before, after, "{name}:\n{}", out.stdout);
        seen.braces += before.braces;
        seen.variations += before.variations;
        seen.nags += before.nags;
        seen.percent += before.percent;
        seen.moves += before.moves;
    }
    // The inputs hold enough of each to mean something.
    assert!(
        seen.braces > 50 && seen.variations > 20 && seen.nags > 10,
        "{seen:?}"
    );
    assert!(seen.percent > 5 && seen.moves > 1000, "{seen:?}");
}

#[test]
fn strip_leaves_out_what_it_names_and_nothing_else() {
    let input = fixture("games.pdn");
    let text = String::from_utf8(input.clone()).unwrap();
    let all = counts(&text);
    for (what, want) in [
        (
            "comments",
            Counts {
                braces: 0,
                percent: 0,
                semicolon: 0,
                ..counts(&text)
            },
        ),
        (
            "variations",
            Counts {
                variations: 0,
                // The variations of games 1, 3 and 7 hold 8 moves.
                moves: all.moves - 8,
                ..counts(&text)
            },
        ),
        (
            "nags",
            Counts {
                nags: 0,
                marks: 0,
                ..counts(&text)
            },
        ),
    ] {
        let out = convert(&["--strip", what, "-"], &input);
        assert_eq!(counts(&out.stdout), want, "--strip {what}:\n{}", out.stdout);
        // Errors are still named.
        assert_eq!(out.stdout.matches("{pdnkit: ").count(), 3, "{}", out.stdout);
    }
    let out = convert(
        &[
            "--strip",
            "comments",
            "--strip",
            "variations",
            "--strip",
            "nags",
            "-",
        ],
        &input,
    );
    assert!(
        out.stdout
            .contains("\n\n1. c3-d4 f6-g5 2. d4-e5 d6:f4 3. g3:e5 1-0\n\n[Event \"Турнир\"]"),
        "{}",
        out.stdout
    );
}

#[test]
fn declared_results_are_kept_unless_fixed() {
    // Games 1 and 2: the wrong winner; game 3: a draw declared where White had no legal
    // move; game 4 is right.
    let input = fs::read("fixtures/errors/result_wrong_winner.pdn").unwrap();
    let results = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with("[Result "))
            .map(str::to_string)
            .collect()
    };
    let original = results(&String::from_utf8_lossy(&input));
    let kept = convert(&["-"], &input);
    assert_eq!(kept.code, Some(1));
    assert_eq!(results(&kept.stdout), original);
    assert_eq!(kept.stdout.matches("{pdnkit: result-mismatch: ").count(), 3);

    let fixed = convert(&["--fix-results", "-"], &input);
    assert_eq!(fixed.code, Some(1), "the input is still invalid");
    let notes: Vec<&str> = fixed
        .stderr
        .lines()
        .filter(|l| l.contains("note[result-fixed]"))
        .collect();
    assert_eq!(notes.len(), 3, "{}", fixed.stderr);
    assert!(!fixed.stdout.contains("{pdnkit: "), "{}", fixed.stdout);
    assert_eq!(games_and_valid(fixed.stdout.as_bytes()), (4, 4));
    let fixed_results = results(&fixed.stdout);
    assert_eq!(fixed_results[3], original[3], "the right result stays");
    for (before, after) in original.iter().zip(&fixed_results).take(3) {
        assert_ne!(before, after);
    }
    // The board says who won, and the output says it twice (tag and movetext).
    for (game, result) in fixed.stdout.split("\n\n[").zip(&fixed_results) {
        let value = result
            .trim_start_matches("[Result \"")
            .trim_end_matches("\"]");
        assert!(game.trim_end().ends_with(value), "{game}");
    }
    // Fixing again changes nothing.
    let again = convert(&["--fix-results", "-"], fixed.stdout.as_bytes());
    assert_eq!(again.stdout, fixed.stdout);
    assert_eq!(again.code, Some(0));
    assert!(!again.stderr.contains("result-fixed"), "{}", again.stderr);
}

#[test]
fn select_and_merge_write_canonical_pdn_too() {
    let path = format!("{DIR}/games.pdn");
    let out = pdnkit()
        .args(["merge", "--canonical", &path])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected());

    let out = pdnkit()
        .args([
            "select",
            "--format",
            "canonical",
            "--tag",
            "Event=Bad",
            &path,
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let bad = expected()
        .split("\n\n[Event")
        .find(|g| g.starts_with(" \"Bad\""))
        .map(|g| format!("[Event{g}\n"))
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), bad);
}

#[test]
fn documented_example_is_real_output() {
    let doc = fs::read_to_string("docs/convert.md").unwrap();
    let section = &doc[doc.find("## Canonical PDN").unwrap()..];
    let blocks: Vec<&str> = section.split("```\n").skip(1).step_by(2).take(3).collect();
    let (input, output) = (blocks[0], blocks[1]);
    let game = format!("[Event \"x\"]\n[Result \"1-0\"]\n\n{input}");
    let out = convert(&["-"], game.as_bytes());
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(
        out.stdout.ends_with(&format!("\n\n{output}")),
        "{}",
        out.stdout
    );
    // The invalid game of the next example.
    let example = blocks[2]
        .lines()
        .map(str::trim)
        .collect::<Vec<_>>()
        .join("\n");
    let game = "[Event \"x\"]\n1. c3-d4 f6-e5 2. d4-c5 e5-f4 1-0\n";
    let out = convert(&["-"], game.as_bytes());
    assert!(
        out.stdout.ends_with(&format!("\n\n{example}")),
        "{}",
        out.stdout
    );
}
