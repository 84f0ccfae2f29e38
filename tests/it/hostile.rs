//! Hostile and broken inputs, each run through the real binary with a time limit: the
//! documented exit code, a clear message, no panic, the inputs left as they were, and the
//! other files of the run still read (the summary counts their games). Peak memory of the
//! large cases is measured separately and written down in `docs/robustness.md`.

use crate::differential::Rng;
use crate::harness::*;
use pdnkit::Variant;
use std::fs;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::Stdio;
use std::thread;
use std::time::{Duration, Instant};

#[test]
fn empty_file() {
    let d = Dir::new();
    let f = d.write("empty.pdn", b"");
    d.check(&f, 0, 2);
}

#[test]
fn only_whitespace() {
    let d = Dir::new();
    let f = d.write("blank.pdn", b"  \n\t\r\n \x0b\x0c\r \n\n");
    d.check(&f, 0, 2);
}

#[test]
fn binary_garbage() {
    let d = Dir::new();
    let mut rng = Rng(1);
    let bytes: Vec<u8> = (0..256 * 1024).map(|_| rng.next() as u8).collect();
    let f = d.write("garbage.pdn", &bytes);
    // Binary (a NUL byte near the start, as git and ripgrep tell): one error, nothing read.
    let run = d.check(&f, 2, 2);
    assert_eq!(
        run.stdout.matches("error[binary]").count(),
        1,
        "{}",
        tail(&run.stdout)
    );
    assert!(
        !run.stdout.contains("error[syntax]"),
        "{}",
        tail(&run.stdout)
    );
}

#[test]
fn nul_bytes() {
    let d = Dir::new();
    // Only NULs: binary data, reported once and not read.
    let f = d.write("nul.pdn", &vec![0u8; 1 << 20]);
    let run = d.check(&f, 2, 2);
    assert!(run.stdout.contains("error[binary]"), "{}", run.stdout);
    // NULs between the tokens of a valid game past the first 8000 bytes (where binary data
    // is looked for): read as white space, still valid.
    let games = random_game_texts(Variant::Russian, 3, 100);
    let mut text = String::new();
    let mut index = 1;
    while text.len() < 9000 {
        text.push_str(&games[index - 1]);
        index += 1;
    }
    text.push_str(&games[index - 1].replace(' ', " \0\0 "));
    let f = d.write("spaced.pdn", text.as_bytes());
    d.check(&f, 0, index + 2);
}

#[test]
fn invalid_utf8_in_a_tag() {
    let d = Dir::new();
    let bytes = random_game(Variant::Spantsiretti, 9, 1)
        .into_bytes()
        .splitn(2, |&b| b == b'"')
        .collect::<Vec<_>>()
        .join(&b"\"Cup \xff\xfe\x80 "[..]);
    let f = d.write("tag.pdn", &bytes);
    // Not UTF-8: decoded in a guessed code page, with a note that says so.
    let run = d.check(&f, 0, 3);
    assert!(run.stdout.contains("note[encoding]"), "{}", run.stdout);
    // Forced UTF-8: the bad bytes are replaced, the game stays valid.
    let forced = pdnkit_run(&["validate", "--encoding", "utf-8"], &[&f, &d.good()]);
    forced.expect(0);
    assert_eq!(forced.games(), 3);
}

/// A game whose movetext holds one comment of `megabytes` MB (more than a game may hold).
fn huge_comment(megabytes: usize) {
    let d = Dir::new();
    let mut text = b"[Event \"comment\"]\n1. c3-d4 {".to_vec();
    text.resize(text.len() + megabytes * 1_000_000, b'x');
    text.extend_from_slice(b"} *\n");
    let f = d.write("comment.pdn", &text);
    drop(text);
    let run = d.check(&f, 1, 3);
    // Longer than a game may be: reported at its start, skipped in bounded memory.
    run.says("comment.pdn:1:1: error[syntax]: game 1: the game is longer than 4 MiB");
    assert_eq!(run.stdout.matches("error[").count(), 1, "{}", run.stdout);
}

#[test]
fn a_100_megabyte_comment() {
    huge_comment(100);
}

#[test]
fn a_50_megabyte_line() {
    // Games back to back on one line, without tags; one in a hundred has an illegal move,
    // so that diagnostics far into the line need their columns.
    let d = Dir::new();
    let game = random_game(Variant::Spantsiretti, 11, 1);
    let movetext: String = game
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    let movetext = format!("{} ", movetext.trim());
    let bad = "1. c3-d4 c3-d4 1-0 ";
    let mut line = String::with_capacity(50_000_000 + movetext.len());
    let (mut games, mut invalid) = (0, 0);
    while line.len() < 50_000_000 {
        if games % 100 == 50 {
            line.push_str(bad);
            invalid += 1;
        } else {
            line.push_str(&movetext);
        }
        games += 1;
    }
    assert!(!line.contains('\n'));
    let f = d.write("line.pdn", line.as_bytes());
    drop(line);
    let run = pdnkit_run(&["validate"], &[&f, &d.good()]);
    run.expect(1);
    assert_eq!(run.games(), games + 2);
    let errors: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.contains("error["))
        .collect();
    assert_eq!(errors.len(), invalid, "one illegal move per bad game");
}

/// Found by `a_50_megabyte_line`: a game that starts in the middle of a line (a second game
/// after `1-0 ` on the same line) must count columns from the start of the line. Fixed by
/// `RawGame::column`, the column at which the reader saw the game start.
#[test]
fn columns_count_from_the_start_of_the_line() {
    let d = Dir::new();
    // `c3-d4` of Black in the second game is at column 23 of line 1; the same on a second
    // line after a line of other text with a multi-byte character; and after `{Пётр} ` on
    // the same line: 7 characters (11 bytes), since columns count characters.
    for (name, text, place) in [
        ("two.pdn", "1. c3-d4 1-0 1. c3-d4 c3-d4 1-0\n", "1:23"),
        (
            "three.pdn",
            "{Пётр}\n1. c3-d4 1-0 1. c3-d4 c3-d4 1-0\n",
            "2:23",
        ),
        (
            "four.pdn",
            "{Пётр} 1. c3-d4 1-0 1. c3-d4 c3-d4 1-0\n",
            "1:30",
        ),
    ] {
        let f = d.write(name, text.as_bytes());
        let run = pdnkit_run(&["validate", "--format", "short"], &[&f]);
        run.expect(1);
        let want = format!("{name}:{place}: error[illegal-move]");
        assert!(run.stdout.contains(&want), "{}", run.stdout);
    }
}

/// `good.pdn`'s first game cut just after `marker` (plus `extra` bytes).
fn truncated(d: &Dir, name: &str, marker: &str, extra: usize) -> PathBuf {
    let text = fs::read_to_string(d.good()).unwrap();
    let at = text.find(marker).expect("marker in the game") + extra;
    d.write(name, &text.as_bytes()[..at])
}

#[test]
fn truncated_in_a_tag() {
    let d = Dir::new();
    let f = truncated(&d, "tag.pdn", "[Date \"20", 9);
    // The unterminated tag is a warning; a game with tags only is valid.
    let run = d.check(&f, 0, 3);
    assert!(run.stdout.contains("unterminated-tag"), "{}", run.stdout);
}

#[test]
fn truncated_in_a_move() {
    let d = Dir::new();
    let f = truncated(&d, "move.pdn", "3. ", 5);
    let run = d.check(&f, 1, 3);
    assert!(run.stdout.contains("move.pdn:"), "{}", run.stdout);
}

#[test]
fn truncated_in_a_comment() {
    let d = Dir::new();
    let mut text = fs::read_to_string(d.good()).unwrap();
    text = text.replacen("2. ", "{a comment cut sh", 1);
    let at = text.find("{a comment cut sh").unwrap() + 12;
    let f = d.write("comment.pdn", &text.as_bytes()[..at]);
    let run = d.check(&f, 1, 3);
    assert!(run.stdout.contains("comment.pdn:"), "{}", run.stdout);
}

#[test]
fn a_million_nested_parentheses() {
    let d = Dir::new();
    let open = "(".repeat(1_000_000);
    // Never closed: an error, no stack overflow.
    let f = d.write(
        "open.pdn",
        format!("[Event \"n\"]\n1. c3-d4 {open}").as_bytes(),
    );
    let run = d.check(&f, 1, 3);
    // Cut at the token limit: the tag, `1.`, `c3-d4` and 99,997 `(` are read, the next one
    // is past it (column 9 + 99,997 + 1), and nothing more is said.
    run.says("open.pdn:2:100007: error[syntax]: game 1: more than 100000 tokens");
    assert!(!run.stdout.contains("unclosed-variation"), "{}", run.stdout);
    // Closed again: the same, after the warning that the deepest levels are not replayed.
    let close = ")".repeat(1_000_000);
    let f = d.write(
        "closed.pdn",
        format!("[Event \"n\"]\n1. c3-d4 {open}{close} *\n").as_bytes(),
    );
    let run = d.check(&f, 1, 3);
    assert!(run.stdout.contains("nested deeper"), "{}", run.stdout);
    assert!(run.stdout.contains("(too-many-tokens)"), "{}", run.stdout);
}

#[cfg(unix)]
#[test]
fn a_symlink_loop_and_a_dangling_link_in_a_tree() {
    use std::os::unix::fs::symlink;
    let d = Dir::new();
    let tree = d.path("tree");
    fs::create_dir_all(tree.join("sub")).unwrap();
    fs::copy(d.good(), tree.join("a.pdn")).unwrap();
    fs::copy(d.good(), tree.join("sub/z.pdn")).unwrap();
    // A loop back to an ancestor, and (since root reads any file whatever its mode) an
    // unreadable entry made as a link to nothing.
    symlink("..", tree.join("sub/loop")).unwrap();
    symlink("missing.pdn", tree.join("broken.pdn")).unwrap();
    for command in [&["validate", "--format", "short"][..], &["stats"]] {
        let run = pdnkit_run(command, &[&tree]);
        run.expect(2);
        let all = format!("{}{}", run.stdout, run.stderr);
        assert!(all.contains("symbolic link loop"), "{all}");
        assert!(all.contains("broken.pdn: error[io]"), "{all}");
        if command[0] == "validate" {
            assert_eq!(run.games(), 4, "both good files read");
        }
    }
    let run = pdnkit_run(&["convert", "--to", "jsonl"], &[&tree]);
    run.expect(2);
    assert_eq!(run.stdout.lines().count(), 4);
}

/// The main thread of `pid` is blocked reading standard input (Linux only).
#[cfg(target_os = "linux")]
fn reading_stdin(pid: u32) -> bool {
    let read = if cfg!(target_arch = "x86_64") {
        "0"
    } else {
        "63"
    };
    fs::read_to_string(format!("/proc/{pid}/syscall"))
        .is_ok_and(|s| s.split(' ').take(2).eq([read, "0x0"]))
}

#[cfg(target_os = "linux")]
#[test]
fn a_file_removed_during_the_run() {
    // The inputs are listed first, then read in order (-j 1). Standard input comes first:
    // once pdnkit blocks reading it, the directory has been listed; a file of it is then
    // removed, and standard input closed.
    let d = Dir::new();
    let tree = d.path("tree");
    fs::create_dir_all(&tree).unwrap();
    fs::copy(d.good(), tree.join("a.pdn")).unwrap();
    fs::copy(d.good(), tree.join("b.pdn")).unwrap();
    let mut child = command()
        .args(["validate", "--format", "short", "-j", "1", "-"])
        .arg(&tree)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !reading_stdin(child.id()) {
        assert!(
            started.elapsed() < LIMIT,
            "pdnkit never read standard input"
        );
        thread::sleep(Duration::from_millis(5));
    }
    fs::remove_file(tree.join("a.pdn")).unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(&fs::read(d.good()).unwrap()).unwrap();
    drop(stdin);
    let run = wait(child);
    run.expect(2);
    let all = format!("{}{}", run.stdout, run.stderr);
    assert!(all.contains("a.pdn: error[io]"), "{all}");
    assert_eq!(run.games(), 4, "stdin and b.pdn read");
}

#[test]
fn stdout_closed_early() {
    let d = Dir::new();
    let text = random_games(Variant::Russian, 2, 1..=3000);
    let f = d.write("many.pdn", text.as_bytes());
    for args in [
        &["validate", "--format", "jsonl"][..],
        &["convert", "--to", "jsonl"],
        &["convert", "--to", "pdn"],
    ] {
        let mut child = command()
            .args(args)
            .arg(&f)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Like `| head -c 100`: read a little, then close the pipe.
        let mut out = child.stdout.take().unwrap();
        let mut first = [0u8; 100];
        out.read_exact(&mut first).unwrap();
        drop(out);
        let run = wait(child);
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
        assert_eq!(run.code, Some(0), "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.is_empty(),
            "{args:?} should end quietly: {}",
            run.stderr
        );
    }
    // `random` is the largest writer of all.
    let mut child = command()
        .args(["random", "--games", "1000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    out.read_exact(&mut [0u8; 100]).unwrap();
    drop(out);
    let run = wait(child);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

#[cfg(target_os = "linux")]
#[test]
fn output_to_a_full_disk() {
    let d = Dir::new();
    let good = d.good();
    for to in ["jsonl", "json", "pdn"] {
        let run = pdnkit_run(&["convert", "--to", to, "-o", "/dev/full"], &[&good]);
        run.expect(2);
        assert!(run.stderr.contains("No space left"), "{}", run.stderr);
    }
    // Standard output on a full disk, for every command that writes there.
    for args in [
        &["validate", "--format", "jsonl"][..],
        &["validate"],
        &["stats"],
        &["convert", "--to", "pdn"],
        &["show"],
    ] {
        let child = command()
            .args(args)
            .arg(&good)
            .stdout(
                fs::OpenOptions::new()
                    .write(true)
                    .open("/dev/full")
                    .unwrap(),
            )
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let run = wait(child);
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.contains("No space left"),
            "{args:?}: {}",
            run.stderr
        );
    }
    let child = command()
        .args(["random", "--games", "10"])
        .stdout(
            fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        )
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let run = wait(child);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
}

#[test]
fn convert_output_in_a_missing_directory_leaves_nothing() {
    let d = Dir::new();
    let out = d.path("no/such/dir/out.jsonl");
    let run = pdnkit_run(&["convert", "--to", "jsonl", "-o"], &[&out, &d.good()]);
    run.expect(2);
    assert!(!out.exists());
    // An unreadable input: the output is still written in full for the readable ones, and
    // no temporary file is left beside it.
    let out = d.path("out.jsonl");
    let missing = d.path("missing.pdn");
    let run = pdnkit_run(
        &["convert", "--to", "jsonl", "-o"],
        &[&out, &missing, &d.good()],
    );
    run.expect(2);
    let left: Vec<_> = fs::read_dir(d.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".pdnkit-"))
        .collect();
    assert!(left.is_empty(), "temporary files left: {left:?}");
}

/// `n` games, each with an illegal second move.
fn invalid_games(n: usize) -> String {
    "[Event \"x\"]\n\n1. c3-d4 c3-d4 *\n\n".repeat(n)
}

#[test]
fn a_closed_pipe_keeps_the_verdict_of_what_was_read() {
    // `validate bad.pdn | head -1`: the reader has what it wants, the verdict stands.
    let d = Dir::new();
    let bad = d.write("bad.pdn", invalid_games(5000).as_bytes());
    for args in [
        &["validate"][..],
        &["validate", "--format", "jsonl"],
        &["validate", "-j", "2"],
        &["convert", "--to", "jsonl"],
        &["convert", "--to", "pdn", "-q"],
    ] {
        closed_after_100_bytes(args, &[bad.clone(), d.good()], false, 1);
    }
}

#[test]
fn threads_that_cannot_be_made_are_done_without() {
    // A stack no system can give makes every new thread fail, as a process limit would.
    let d = Dir::new();
    let text = random_games(Variant::Spantsiretti, 9, 1..=300);
    let many = d.write("many.pdn", text.as_bytes());
    let runs: [&[&str]; 4] = [
        &["validate", "--format", "jsonl"],
        &["stats"],
        &["convert", "--to", "jsonl"],
        &["validate", "--syntax-only"],
    ];
    for args in runs {
        let one = pdnkit_run(&[args, &["-j", "1"]].concat(), &[&many, &d.good()]);
        one.expect(0);
        for threads in ["2", "100000"] {
            for paths in [&[&many][..], &[&many, &d.good()]] {
                let child = command()
                    .args(args)
                    .args(["-j", threads])
                    .args(paths)
                    .env("RUST_MIN_STACK", "100000000000000")
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap();
                let run = wait(child);
                run.expect(0);
                if paths.len() == 2 {
                    assert_eq!(run.stdout, one.stdout, "{args:?} -j {threads}");
                }
            }
        }
    }
    // And with threads to be had, -j far past the cores is no different.
    let run = pdnkit_run(&["validate", "-j", "100000"], &[&many, &d.good()]);
    run.expect(0);
    assert_eq!(run.games(), 302);
}

/// Runs `args` with `input` on standard input: whole (as a redirected file gives it) or
/// trickled through a pipe a few bytes at a time with pauses, as a slow producer writes.
fn fed(args: &[&str], input: &[u8], trickle: bool) -> Run {
    let mut child = command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pdnkit starts");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let bytes = input.to_vec();
    let writer = thread::spawn(move || {
        if !trickle {
            let _ = stdin.write_all(&bytes);
            return;
        }
        let mut rng = Rng(5);
        for (i, chunk) in bytes.chunks(7).enumerate() {
            let n = 1 + rng.below(chunk.len());
            for piece in [&chunk[..n], &chunk[n..]] {
                if stdin.write_all(piece).and_then(|()| stdin.flush()).is_err() {
                    return;
                }
            }
            if i % 8 == 0 {
                thread::sleep(Duration::from_millis(1));
            }
        }
    });
    let run = wait(child);
    writer.join().expect("writer thread");
    run
}

/// The encoding is chosen on the same bytes however they arrive: a windows-1251 archive
/// whose first 9 KB are ASCII (the names come after them, well inside the 64 KiB sample),
/// trickled through a pipe, gives what the whole file gives, with one thread and two.
#[test]
fn the_encoding_is_chosen_on_a_fixed_sample_however_the_bytes_arrive() {
    let games = random_game_texts(Variant::Spantsiretti, 7, 100);
    let mut text = String::new();
    for game in &games {
        if text.len() >= 9000 {
            break;
        }
        text.push_str(game);
    }
    text.push_str("[Event \"Первенство\"]\n[White \"Иванов\"]\n[Black \"Петров\"]\n");
    text.push_str("1. c3-d4 f6-e5 *\n");
    let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(&text);
    for threads in ["-j1", "-j2"] {
        for args in [
            &["validate", threads, "-"][..],
            &["convert", threads, "--to", "jsonl", "-"][..],
        ] {
            let whole = fed(args, &bytes, false);
            whole.expect(0);
            let trickled = fed(args, &bytes, true);
            trickled.expect(0);
            assert_eq!(trickled.stdout, whole.stdout, "{args:?}");
            assert_eq!(trickled.stderr, whole.stderr, "{args:?}");
        }
        let run = fed(&["validate", threads, "-"], &bytes, true);
        run.says("note[encoding]: decoded as windows-1251");
        let run = fed(&["convert", threads, "--to", "jsonl", "-"], &bytes, true);
        run.says("\"White\":\"Иванов\"");
    }
}

#[test]
fn many_distinct_tag_names() {
    // Whether a tag name repeats (which starts a new game) is decided in time linear in the
    // names: 300,000 distinct names (3.6 MB) are read well within the run's time limit.
    let d = Dir::new();
    let mut text = String::new();
    for i in 0..300_000 {
        text.push_str(&format!("[T{i} \"\"]\n"));
    }
    text.push_str("1. c3-d4 d6-c5 *\n");
    let f = d.write("names.pdn", text.as_bytes());
    // One game (past its token limit, so invalid) and the two of good.pdn.
    let run = d.check(&f, 1, 3);
    assert!(
        run.stdout.contains("(too-many-tokens)"),
        "{}",
        tail(&run.stdout)
    );
}

/// `dedupe` with its reader gone early (`dedupe a.pdn a.pdn | head -c 100`, and the archive
/// on standard output with `-o -`) exits with the verdict of what it found (1: duplicates),
/// as validate does, whether SIGPIPE was left at its default (as a test spawns it) or ignored
/// (`trap '' PIPE`).
#[test]
fn dedupe_keeps_its_verdict_when_its_reader_goes() {
    let d = Dir::new();
    let many = d.write(
        "many.pdn",
        random_games(Variant::Spantsiretti, 6, 1..=3000).as_bytes(),
    );
    for ignored in [false, true] {
        for args in [
            &["dedupe"][..],
            &["dedupe", "-o", "-"],
            &["dedupe", "--format", "human"],
        ] {
            let inputs = [many.clone(), many.clone()];
            closed_after_100_bytes(args, &inputs, ignored, 1);
        }
    }
}

/// `positions bad.pdn many.pdn | head -c 100`: the invalid game read before the reader went
/// is the verdict (1), and a run of valid games only keeps 0.
#[test]
fn positions_keeps_its_verdict_when_its_reader_goes() {
    let d = Dir::new();
    let bad = d.write("bad.pdn", invalid_games(1).as_bytes());
    let many = d.write(
        "many.pdn",
        random_games(Variant::Spantsiretti, 6, 1..=3000).as_bytes(),
    );
    for ignored in [false, true] {
        for args in [
            &["positions"][..],
            &["positions", "-j", "1"],
            &["positions", "--unique"],
        ] {
            closed_after_100_bytes(args, &[bad.clone(), many.clone()], ignored, 1);
            closed_after_100_bytes(args, std::slice::from_ref(&many), ignored, 0);
        }
    }
}

/// Runs `pdnkit ARGS INPUTS` (SIGPIPE `ignored` or at its default), reads its standard error
/// all along (as a terminal would), closes its standard output after 100 bytes and checks
/// that it exits with `code`, saying no error.
fn closed_after_100_bytes(args: &[&str], inputs: &[PathBuf], ignored: bool, code: i32) {
    let trap = if ignored { "trap '' PIPE; " } else { "" };
    let mut child = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{trap}exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_pdnkit"))
        .args(args)
        .args(inputs)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = reader(child.stderr.take().unwrap());
    let mut out = child.stdout.take().unwrap();
    out.read_exact(&mut [0u8; 100]).unwrap();
    drop(out);
    let mut run = wait(child);
    run.stderr = String::from_utf8_lossy(&stderr.join().unwrap()).into_owned();
    assert_eq!(
        run.code,
        Some(code),
        "{args:?} ignored {ignored}: {}",
        tail(&run.stderr)
    );
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    assert!(
        !run.stderr.contains("pdnkit: error"),
        "{}",
        tail(&run.stderr)
    );
}

/// With the current directory removed under it, a run given absolute paths works: the config
/// search finds nothing and the defaults apply.
#[cfg(unix)]
#[test]
fn paths_given_absolute_need_no_current_directory() {
    let d = Dir::new();
    let gone = d.path("gone");
    let good = d.good();
    let bad = d.write("bad.pdn", invalid_games(1).as_bytes());
    let runs: [(&[&dyn AsRef<std::ffi::OsStr>], i32); 6] = [
        (&[&"validate", &good], 0),
        (&[&"validate", &bad], 1),
        (&[&"report", &good, &"-o", &d.path("r.html")], 0),
        (
            &[&"convert", &"--to", &"pdn", &good, &"-o", &d.path("c.pdn")],
            0,
        ),
        (&[&"stats", &good], 0),
        (&[&"config"], 0),
    ];
    for (args, code) in runs {
        fs::create_dir(&gone).unwrap();
        let child = std::process::Command::new("sh")
            .arg("-c")
            .arg("cd \"$1\" && rmdir \"$1\" && shift && exec \"$0\" \"$@\"")
            .arg(env!("CARGO_BIN_EXE_pdnkit"))
            .arg(&gone)
            .args(os(args))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let run = wait(child);
        assert!(!gone.exists());
        run.expect(code);
        assert!(!run.stderr.contains("current directory"), "{}", run.stderr);
    }
    assert!(
        fs::read_to_string(d.path("r.html"))
            .unwrap()
            .contains("<html")
    );
    assert!(fs::read_to_string(d.path("c.pdn")).unwrap().contains("1. "));
}
