//! One pipeline for every command: the output is the same byte for byte on one thread and on
//! two (an archive big enough to be read in several blocks, with a preamble and comments
//! between games), every command streams from a pipe that never ends (its first output comes
//! while the pipe is still open, and nothing is spooled to the temporary directory), and a
//! FIFO named on the command line is read like a file.

use super::harness::{Dir, command, pdnkit, random_game_texts, random_games};
use pdnkit::Variant;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// An archive of about 1 MB (several blocks of the parallel reading): a preamble, comments
/// between games, an invalid game, an untagged game, and a comment after the last game.
fn archive() -> String {
    let mut text = String::from("{ The preamble of the archive }\n\n");
    let games = random_game_texts(Variant::Spantsiretti, 11, 1600);
    for (index, game) in (1..).zip(&games) {
        text.push_str(game);
        text.push('\n');
        if index % 97 == 0 {
            text.push_str(&format!("{{ between games {index} }}\n\n"));
        }
        if index == 800 {
            text.push_str("[Event \"slip\"]\n\n1. c3-d4 f6-e5 2. d4-c5 *\n\n");
            text.push_str("1. c3-d4 f6-g5 2. b2-c3 g7-f6 *\n\n");
        }
    }
    text.push_str("{ after the last game }\n");
    text
}

/// The runs compared: every command that reads games, in its forms.
const COMMANDS: &[&[&str]] = &[
    &["validate", "--format", "human"],
    &["validate", "--format", "json"],
    &["validate", "--format", "jsonl"],
    &["validate", "--syntax-only", "--format", "jsonl"],
    &["convert", "--format", "jsonl"],
    &["convert", "--format", "json", "--no-positions"],
    &["convert", "--format", "pdn"],
    &["convert", "--format", "pdn", "--notation", "numeric"],
    &["positions"],
    &["positions", "--unique"],
    &["select", "--result", "1-0"],
    &["select", "--termination", "agreement", "--format", "jsonl"],
    &["select", "--invalid", "--format", "canonical"],
    &["dedupe"],
    &["merge"],
    &["merge", "--canonical"],
    &["merge", "--dedupe"],
    &["stats"],
    &["stats", "--format", "human"],
];

fn run(args: &[&str], threads: &str, input: Option<&Path>, stdin: &[u8]) -> Output {
    let mut cmd = pdnkit();
    cmd.args(args).args(["-j", threads, "--no-progress"]);
    match input {
        Some(path) => cmd.arg(path),
        None => cmd.arg("-").write_stdin(stdin.to_vec()),
    };
    cmd.output().unwrap()
}

fn same(what: &str, one: &Output, two: &Output) {
    assert_eq!(one.status.code(), two.status.code(), "{what}: exit codes");
    assert!(one.stdout == two.stdout, "{what}: standard output differs");
    assert!(one.stderr == two.stderr, "{what}: standard error differs");
}

#[test]
fn every_command_writes_the_same_on_one_thread_and_on_two() {
    let d = Dir::new();
    let text = archive();
    let file = d.write("archive.pdn", text.as_bytes());
    for args in COMMANDS {
        let what = args.join(" ");
        let one = run(args, "1", Some(&file), b"");
        let two = run(args, "2", Some(&file), b"");
        assert!(!one.stdout.is_empty(), "{what}: no output");
        same(&what, &one, &two);
        let piped = run(args, "2", None, text.as_bytes());
        same(
            &format!("{what} (a pipe)"),
            &run(args, "1", None, text.as_bytes()),
            &piped,
        );
    }
}

#[test]
fn written_files_are_the_same_on_one_thread_and_on_two() {
    let d = Dir::new();
    let file = d.write("archive.pdn", archive().as_bytes());
    let mut written = Vec::new();
    for threads in ["1", "2"] {
        let kept = d.path(&format!("kept-{threads}.pdn"));
        let parts = d.path(&format!("parts-{threads}"));
        let dedupe = command()
            .args(["dedupe", "-j", threads, "-o"])
            .arg(&kept)
            .arg(&file)
            .output()
            .unwrap();
        let split = command()
            .args(["split", "--by", "year", "-j", threads, "-o"])
            .arg(&parts)
            .arg(&file)
            .output()
            .unwrap();
        assert!(split.status.success(), "{split:?}");
        let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&parts)
            .unwrap()
            .map(|e| e.unwrap())
            .map(|e| {
                (
                    e.file_name().to_string_lossy().into_owned(),
                    std::fs::read(e.path()).unwrap(),
                )
            })
            .collect();
        files.sort();
        assert!(files.len() > 1);
        written.push((dedupe.status.code(), std::fs::read(&kept).unwrap(), files));
    }
    assert!(written[0] == written[1], "dedupe -o or split differ");
}

/// The comments between games reach canonical PDN and merged archives, in their places, read
/// from a pipe as from a file.
#[test]
fn comments_between_games_are_kept_from_a_pipe() {
    let text = archive();
    for args in [&["convert", "--format", "pdn"][..], &["merge"]] {
        let out = run(args, "2", None, text.as_bytes());
        let out = String::from_utf8(out.stdout).unwrap();
        let at = |s: &str| out.find(s).unwrap_or_else(|| panic!("{args:?}: no {s}"));
        assert!(at("The preamble") < at("[Event"));
        assert!(at("between games 97 }") < at("between games 194 }"));
        assert!(at("after the last game") > out.rfind("[Event").unwrap());
    }
}

/// Games written to standard input forever, in a thread, until the reader goes.
fn endless(mut stdin: std::process::ChildStdin) {
    std::thread::spawn(move || {
        // The same 500 games again and again.
        let games = random_games(Variant::Spantsiretti, 3, 1..=500);
        while stdin.write_all(games.as_bytes()).is_ok() {}
    });
}

#[test]
fn every_command_streams_from_a_pipe_that_never_ends() {
    let d = Dir::new();
    let tmp = d.path("tmp");
    std::fs::create_dir(&tmp).unwrap();
    for args in [
        &["validate", "--format", "jsonl"][..],
        &["convert", "--format", "jsonl"],
        &["convert", "--format", "pdn"],
        &["positions"],
        &["select", "--result", "1-0"],
        &["merge"],
    ] {
        for threads in ["1", "2"] {
            let mut child = command()
                .args(args)
                .args(["-j", threads, "--no-progress", "-"])
                .env("TMPDIR", &tmp)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            endless(child.stdin.take().unwrap());
            let stdout = child.stdout.take().unwrap();
            let (tx, rx) = mpsc::channel();
            std::thread::spawn(move || {
                let mut line = String::new();
                let _ = BufReader::new(stdout).read_line(&mut line);
                let _ = tx.send(line);
            });
            let first = rx.recv_timeout(Duration::from_secs(30));
            let spooled = std::fs::read_dir(&tmp).unwrap().count();
            let _ = child.kill();
            let _ = child.wait();
            let first = first.unwrap_or_else(|_| panic!("{args:?} -j{threads}: no output"));
            assert!(!first.is_empty(), "{args:?} -j{threads}: output ended");
            assert_eq!(spooled, 0, "{args:?} -j{threads}: files in TMPDIR");
        }
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_is_read_as_a_file() {
    let d = Dir::new();
    let text = archive();
    let file = d.write("archive.pdn", text.as_bytes());
    let fifo = d.path("games.fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    for args in [&["validate", "--format", "jsonl"][..], &["merge"]] {
        let writer = {
            let (fifo, text) = (fifo.clone(), text.clone());
            std::thread::spawn(move || std::fs::write(fifo, text).unwrap())
        };
        let from_fifo = run(args, "2", Some(&fifo), b"");
        writer.join().unwrap();
        let from_file = run(args, "2", Some(&file), b"");
        assert_eq!(from_fifo.status.code(), from_file.status.code());
        let name = |out: &Output| {
            String::from_utf8_lossy(&out.stdout).replace("games.fifo", "archive.pdn")
        };
        assert!(
            name(&from_fifo) == name(&from_file),
            "{args:?}: the FIFO reads otherwise"
        );
    }
}
