//! Inputs as ripgrep and fd find them: hidden files, globs, depth, `--files`, no PATH, no
//! input at all, standard input named twice, FIFOs met while walking, binary files, and the
//! caps on printed diagnostics.

use crate::harness::pdnkit;
use std::fs;
use std::path::Path;

const GAME: &str = "[Event \"Club\"]\n[GameType \"41\"]\n[Result \"1-0\"]\n\n\
    1. c3-d4 f6-g5 2. d4-e5 d6:f4 3. g3:e5 1-0\n";

/// Runs pdnkit in `dir` (no config file) with `args`: exit code, stdout, stderr.
fn run_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = pdnkit()
        .current_dir(dir)
        .arg(args[0])
        .arg("--no-config")
        .args(&args[1..])
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn put(dir: &Path, name: &str, text: &[u8]) {
    let path = dir.join(name);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

/// a.pdn, B.PDN, notes.txt, sub/c.pdn, sub/deep/d.pdn, .hidden/e.pdn, .f.pdn, old/g.pdn
fn tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for name in [
        "a.pdn",
        "B.PDN",
        "sub/c.pdn",
        "sub/deep/d.pdn",
        ".hidden/e.pdn",
        ".f.pdn",
        "old/g.pdn",
    ] {
        put(dir.path(), name, GAME.as_bytes());
    }
    put(dir.path(), "notes.txt", GAME.as_bytes());
    dir
}

fn listed(stdout: &str) -> Vec<&str> {
    stdout.lines().collect()
}

#[test]
fn files_lists_what_would_be_read_hidden_skipped() {
    let dir = tree();
    let (code, stdout, _) = run_in(dir.path(), &["validate", "--files", "."]);
    assert_eq!(code, 0);
    assert_eq!(
        listed(&stdout),
        [
            "./B.PDN",
            "./a.pdn",
            "./old/g.pdn",
            "./sub/c.pdn",
            "./sub/deep/d.pdn"
        ]
    );
    let (_, stdout, _) = run_in(dir.path(), &["stats", "--files", "--hidden", "."]);
    assert_eq!(listed(&stdout).len(), 7, "{stdout}");
    assert!(stdout.contains("./.hidden/e.pdn") && stdout.contains("./.f.pdn"));
    // A path that cannot be read: reported, exit code 2.
    let (code, stdout, stderr) = run_in(dir.path(), &["validate", "--files", "a.pdn", "nope.pdn"]);
    assert_eq!((code, stdout.as_str()), (2, "a.pdn\n"));
    assert!(
        stderr.starts_with("nope.pdn: error[io]: cannot read: "),
        "{stderr}"
    );
    // A hidden file named on the command line is read.
    let (code, stdout, _) = run_in(dir.path(), &["validate", ".f.pdn"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("1 file, 1 game"), "{stdout}");
}

#[test]
fn globs_excludes_and_depth() {
    let dir = tree();
    let files = |args: &[&str]| {
        let mut all = vec!["convert", "--format", "jsonl", "--files"];
        all.extend_from_slice(args);
        all.push(".");
        run_in(dir.path(), &all).1
    };
    assert_eq!(listed(&files(&["--glob", "*.txt"])), ["./notes.txt"]);
    assert_eq!(
        listed(&files(&["--glob", "*.txt", "--glob", "sub/*.pdn"])),
        ["./notes.txt", "./sub/c.pdn"]
    );
    assert_eq!(
        listed(&files(&["--exclude", "sub", "--exclude", "a.pdn"])),
        ["./B.PDN", "./old/g.pdn"]
    );
    assert_eq!(
        listed(&files(&["--exclude", "old/**"])),
        ["./B.PDN", "./a.pdn", "./sub/c.pdn", "./sub/deep/d.pdn"]
    );
    assert_eq!(
        listed(&files(&["--max-depth", "1"])),
        ["./B.PDN", "./a.pdn"]
    );
    assert_eq!(listed(&files(&["--max-depth", "2"])).len(), 4);
    let (code, _, stderr) = run_in(dir.path(), &["validate", "--glob", "a[", "."]);
    assert_eq!(code, 2);
    assert!(stderr.contains("bad glob"), "{stderr}");
}

/// A pattern without `/` matches a file's name at any depth, in any case; one with `/` is
/// anchored at the directory walked.
#[test]
fn globs_match_names_at_any_depth_in_any_case_and_anchored_paths() {
    let dir = tempfile::tempdir().unwrap();
    for name in [
        "a.pdn",
        "a.pdn.bak",
        "x/y/GAMES.PDN",
        "old/a.txt",
        "x/old/a.txt",
    ] {
        put(dir.path(), name, GAME.as_bytes());
    }
    let (code, stdout, _) = run_in(
        dir.path(),
        &[
            "validate",
            "--files",
            "--glob",
            "*.pdn",
            "--glob",
            "old/*.txt",
            ".",
        ],
    );
    assert_eq!(code, 0);
    assert_eq!(
        listed(&stdout),
        ["./a.pdn", "./old/a.txt", "./x/y/GAMES.PDN"]
    );
}

#[test]
fn no_input_is_exit_two_and_says_what_was_searched() {
    let dir = tempfile::tempdir().unwrap();
    put(dir.path(), "readme.txt", b"no games here");
    put(dir.path(), ".hidden/x.pdn", GAME.as_bytes());
    for command in ["validate", "stats", "convert"] {
        let mut args = vec![command, "."];
        if command == "convert" {
            args.extend(["--format", "jsonl"]);
        }
        let (code, stdout, stderr) = run_in(dir.path(), &args);
        assert_eq!(code, 2, "{command}: {stdout}");
        assert_eq!(
            stderr,
            "pdnkit: error: no input: no file matching *.pdn in .; hidden files skipped \
             (--hidden reads them); files named by .gitignore or .ignore skipped (--no-ignore \
             reads them)\n",
            "{command}"
        );
    }
    let (code, _, stderr) = run_in(
        dir.path(),
        &["validate", "--files", "--max-depth", "0", "."],
    );
    assert_eq!(code, 2);
    assert!(stderr.contains("--max-depth 0"), "{stderr}");
    let (code, stdout, _) = run_in(dir.path(), &["validate", "--hidden", "."]);
    assert_eq!(code, 0, "{stdout}");
}

#[test]
fn no_path_reads_the_current_directory_or_a_pipe() {
    let dir = tree();
    // Standard input is /dev/null here (not a pipe): the current directory is read.
    let out = crate::harness::command()
        .current_dir(dir.path())
        .args(["validate", "--no-config", "--format", "jsonl"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("\"file\":\"sub/c.pdn\""), "{stdout}");
    assert!(stdout.contains("\"files\":5"), "{stdout}");
    // A pipe on standard input is read.
    let out = pdnkit()
        .current_dir(dir.path())
        .args(["validate", "--no-config"])
        .write_stdin(GAME)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        stdout,
        "summary: 1 file, 1 game: 1 valid, 0 invalid, 0 warnings\n"
    );
}

#[test]
fn standard_input_named_twice_is_refused() {
    let out = pdnkit()
        .args(["validate", "--no-config", "-j", "2", "-", "-"])
        .write_stdin(GAME)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("standard input (-) is named more than once"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
}

#[cfg(unix)]
#[test]
fn a_fifo_met_while_walking_is_reported_not_read() {
    let dir = tree();
    let fifo = dir.path().join("sub/pipe.pdn");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("mkfifo is not available; skipped");
        return;
    }
    let (code, stdout, _) = run_in(dir.path(), &["validate", "--format", "short", "."]);
    assert_eq!(code, 2, "{stdout}");
    assert!(
        stdout.contains("./sub/pipe.pdn: error[io]: not a regular file (a FIFO, socket or device)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("6 files (1 unreadable), 5 games: 5 valid"),
        "{stdout}"
    );
}

#[test]
fn binary_files_are_reported_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut zip = b"PK\x03\x04\x14\x00\x00\x00".to_vec();
    zip.extend((0..200_000u32).map(|i| (i * 7 % 251) as u8));
    put(dir.path(), "archive.pdn", &zip);
    put(dir.path(), "utf16.pdn", b"\xff\xfe[\x00E\x00v\x00");
    put(dir.path(), "good.pdn", GAME.as_bytes());
    let (code, stdout, _) = run_in(dir.path(), &["validate", "--format", "short", "."]);
    assert_eq!(code, 2);
    assert_eq!(
        stdout,
        "./archive.pdn: error[binary]: binary data (a NUL byte at byte 6), not PDN text: not \
         read\n\
         ./utf16.pdn: error[binary]: UTF-16 text, which pdnkit does not read: convert it to \
         UTF-8\n\
         summary: 3 files (2 unreadable), 1 game: 1 valid, 0 invalid, 0 warnings\n"
    );
    let (code, stdout, _) = run_in(
        dir.path(),
        &["validate", "--format", "jsonl", "archive.pdn"],
    );
    assert_eq!(code, 2);
    assert!(stdout.contains("\"code\":\"binary\""), "{stdout}");
    let (code, _, stderr) = run_in(dir.path(), &["stats", "archive.pdn"]);
    assert_eq!(code, 2);
    assert!(
        stderr.starts_with("archive.pdn: error[binary]:"),
        "{stderr}"
    );
    let (code, _, stderr) = run_in(dir.path(), &["show", "archive.pdn"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("binary data"), "{stderr}");
}

/// A game of 30 unreadable words: 30 syntax errors, then a missing result.
fn garbage(games: usize) -> String {
    let mut text = String::new();
    for _ in 0..games {
        text.push_str("[GameType \"41\"]\n1. c3-d4 ");
        text.push_str(&"zz9 ".repeat(30));
        text.push_str("\n\n");
    }
    text
}

#[test]
fn diagnostics_are_capped_per_game_and_per_file() {
    let dir = tempfile::tempdir().unwrap();
    put(dir.path(), "g.pdn", garbage(3).as_bytes());
    let (code, stdout, _) = run_in(
        dir.path(),
        &[
            "validate",
            "--format",
            "short",
            "--max-diagnostics",
            "2",
            "g.pdn",
        ],
    );
    assert_eq!(code, 1);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3 * 3 + 1, "{stdout}");
    assert!(lines[2].starts_with("g.pdn: game 1: "), "{stdout}");
    assert!(
        lines[2].ends_with("more diagnostics not shown (--max-diagnostics)"),
        "{stdout}"
    );
    let (_, stdout, _) = run_in(
        dir.path(),
        &[
            "validate",
            "--format",
            "short",
            "--max-diagnostics",
            "2",
            "--max-file-diagnostics",
            "3",
            "g.pdn",
        ],
    );
    let lines: Vec<&str> = stdout.lines().collect();
    // game 1: 2 and its "more" line; game 2: 1; then the file's "more" line, the summary.
    assert_eq!(lines.len(), 2 + 1 + 1 + 1 + 1, "{stdout}");
    assert!(
        lines[4].starts_with("g.pdn: ")
            && lines[4]
                .ends_with("more diagnostics of this file not shown (--max-file-diagnostics)"),
        "{stdout}"
    );
    // 0: no cap; JSON: every diagnostic, whatever the cap.
    let (_, all, _) = run_in(
        dir.path(),
        &[
            "validate",
            "--format",
            "short",
            "--max-diagnostics",
            "0",
            "g.pdn",
        ],
    );
    let (_, json, _) = run_in(
        dir.path(),
        &[
            "validate",
            "--max-diagnostics",
            "1",
            "--format",
            "jsonl",
            "g.pdn",
        ],
    );
    let errors = all.lines().filter(|l| l.contains(": error[")).count();
    assert!(errors >= 3 * 30, "{all}");
    assert_eq!(json.matches("\"severity\":\"error\"").count(), errors);
    // github annotations are capped the same way.
    let (_, github, _) = run_in(
        dir.path(),
        &[
            "validate",
            "--format",
            "github",
            "--max-diagnostics",
            "1",
            "g.pdn",
        ],
    );
    assert_eq!(github.matches("::error ").count(), 3, "{github}");
    assert_eq!(
        github.matches("::notice file=g.pdn::game").count(),
        3,
        "{github}"
    );
    // convert prints invalid games' diagnostics on stderr under the same caps.
    let (_, _, stderr) = run_in(
        dir.path(),
        &[
            "convert",
            "--format",
            "jsonl",
            "--max-diagnostics",
            "1",
            "g.pdn",
        ],
    );
    assert_eq!(stderr.matches(": error[").count(), 3, "{stderr}");
}

/// Many small files on two threads (taken a batch at a time): every file reported once, in
/// the order of their names, with the same output as on one thread, for each command that
/// reads files on threads.
#[test]
fn many_small_files_on_threads_come_out_in_order() {
    let dir = tempfile::tempdir().unwrap();
    // Every seventh file has a non-capture where a capture is compulsory (move 2 of Black).
    let bad = GAME.replace("d6:f4 3. g3:e5", "d6-c5 3. g3:e5");
    let names: Vec<String> = (0..300).map(|i| format!("g{i:03}.pdn")).collect();
    for (i, name) in names.iter().enumerate() {
        put(
            dir.path(),
            name,
            if i % 7 == 3 { &bad } else { GAME }.as_bytes(),
        );
    }
    let (code, one, _) = run_in(dir.path(), &["validate", "--format", "jsonl", "-j1", "."]);
    assert_eq!(code, 1);
    let files: Vec<String> = one
        .lines()
        .filter_map(|line| {
            let row: serde_json::Value = serde_json::from_str(line).unwrap();
            row["file"].as_str().map(str::to_owned)
        })
        .collect();
    let expected: Vec<String> = names.iter().map(|n| format!("./{n}")).collect();
    assert_eq!(files, expected);
    assert!(one.ends_with(
        "{\"type\":\"summary\",\"files\":300,\"unreadable_files\":0,\"games\":300,\
         \"valid\":257,\"invalid\":43,\"warnings\":0}\n"
    ));
    for args in [
        &["validate", "--format", "jsonl"][..],
        &["stats"],
        &["convert", "--to", "jsonl"],
    ] {
        let on = |threads: &str| run_in(dir.path(), &[args, &[threads, "."]].concat());
        assert_eq!(on("-j2"), on("-j1"), "{args:?}");
    }
}

#[test]
fn ignore_files_leave_out_what_they_name_outside_a_git_repository() {
    // A temporary directory, not in a git repository: .gitignore and .ignore count all the
    // same; a deeper file lets a name in again; --no-ignore reads everything.
    let dir = tempfile::tempdir().unwrap();
    for name in [
        "a.pdn",
        "drafts/b.pdn",
        "sub/c.pdn",
        "sub/skip.pdn",
        "sub/keep.pdn",
        "sub/deep/d.pdn",
    ] {
        put(dir.path(), name, GAME.as_bytes());
    }
    put(dir.path(), ".gitignore", b"drafts/\nskip.pdn\nkeep.pdn\n");
    put(dir.path(), "sub/.gitignore", b"!keep.pdn\n");
    put(dir.path(), "sub/deep/.ignore", b"d.pdn\n");
    let (code, stdout, _) = run_in(dir.path(), &["validate", "--files", "."]);
    assert_eq!(code, 0);
    assert_eq!(
        listed(&stdout),
        ["./a.pdn", "./sub/c.pdn", "./sub/keep.pdn"]
    );
    let (code, stdout, _) = run_in(dir.path(), &["validate", "--files", "--no-ignore", "."]);
    assert_eq!(code, 0);
    assert_eq!(
        listed(&stdout),
        [
            "./a.pdn",
            "./drafts/b.pdn",
            "./sub/c.pdn",
            "./sub/deep/d.pdn",
            "./sub/keep.pdn",
            "./sub/skip.pdn"
        ]
    );
    // A file named on the command line is read whatever an ignore file says.
    let (code, stdout, _) = run_in(dir.path(), &["validate", "--files", "sub/skip.pdn"]);
    assert_eq!((code, listed(&stdout)), (0, vec!["sub/skip.pdn"]));
    // Everything left out: the message says how to read it.
    put(dir.path(), "drafts/.ignore", b"*\n");
    let (code, _, stderr) = run_in(dir.path(), &["validate", "--files", "drafts"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("--no-ignore reads them"), "{stderr}");
}

#[cfg(unix)]
#[test]
fn a_hidden_name_that_is_not_utf8_is_hidden() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    put(dir.path(), "a.pdn", GAME.as_bytes());
    fs::write(dir.path().join(OsStr::from_bytes(b".h\xff.pdn")), GAME).unwrap();
    fs::write(dir.path().join(OsStr::from_bytes(b"x\xff.pdn")), GAME).unwrap();
    fs::create_dir(dir.path().join(OsStr::from_bytes(b".d\xfe"))).unwrap();
    fs::write(dir.path().join(OsStr::from_bytes(b".d\xfe/e.pdn")), GAME).unwrap();
    let (code, stdout, _) = run_in(dir.path(), &["validate", "--files", "."]);
    assert_eq!(code, 0);
    assert_eq!(listed(&stdout), ["./a.pdn", "./x\\xff.pdn"]);
    let (code, stdout, _) = run_in(dir.path(), &["validate", "--files", "--hidden", "."]);
    assert_eq!(code, 0);
    assert_eq!(
        listed(&stdout),
        [
            "./.d\\xfe/e.pdn",
            "./.h\\xff.pdn",
            "./a.pdn",
            "./x\\xff.pdn"
        ]
    );
}
