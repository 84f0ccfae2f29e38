//! Peak memory does not grow with the input: each command runs on a small and a four times
//! larger input, on one thread and on two, and the larger run's peak resident set stays within
//! 20% (plus 2 MiB for the noise of small figures) of the smaller one's. The figures for 20 MB
//! and 200 MB inputs are in docs/robustness.md.

#![cfg(target_os = "linux")]

use crate::harness::{Dir, LIMIT};
use crate::limits::MAX_GAME_BYTES;
use pdnkit::Variant;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The peak resident set of `pdnkit ARGS`, in KiB, as GNU time's `%M` counts it (a process of
/// its own between this one and pdnkit: the kernel's count for a child of this large test
/// process would include what it shared before its exec, and sampling /proc misses the peak
/// of a short run); standard output goes to /dev/null, and the run must end with `code`.
/// The smaller of two runs: with `-j2` the peak of one run may stand a third above the next
/// (how many blocks are in flight, and what the threads' heaps keep, when the peak comes),
/// where a peak that grows with the input grows in every run.
fn peak_kib(args: &[&str], paths: &[PathBuf], code: i32) -> u64 {
    let once = || timed_peak_kib(args, paths, code);
    once().min(once())
}

/// One run of [`peak_kib`].
fn timed_peak_kib(args: &[&str], paths: &[PathBuf], code: i32) -> u64 {
    let dir = Dir::new();
    let report = dir.path("time.txt");
    let mut child = Command::new(TIME)
        .args(["-f", "%M", "-o"])
        .arg(&report)
        .arg(env!("CARGO_BIN_EXE_pdnkit"))
        .args(args)
        .args(paths)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .env_remove("RUST_BACKTRACE")
        .spawn()
        .unwrap_or_else(|e| panic!("{TIME} (scripts/test installs it): {e}"));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(started.elapsed() < LIMIT, "{args:?} ran too long");
        std::thread::sleep(Duration::from_millis(5));
    };
    assert_eq!(status.code(), Some(code), "{args:?}");
    // After "Command exited with non-zero status N", when it did.
    let text = std::fs::read_to_string(&report).unwrap();
    let peak = text.lines().last().and_then(|l| l.trim().parse().ok());
    peak.unwrap_or_else(|| panic!("{TIME} wrote {text:?} for {args:?}"))
}

/// GNU time.
const TIME: &str = "/usr/bin/time";

fn random_games(dir: &Dir, name: &str, games: u64) -> PathBuf {
    let text = crate::harness::random_games(Variant::Spantsiretti, 77, 1..=games);
    dir.write(name, text.as_bytes())
}

fn invalid_games(dir: &Dir, name: &str, games: usize) -> PathBuf {
    dir.write(
        name,
        "[Event \"x\"]\n\n1. c3-d4 c3-d4 *\n\n"
            .repeat(games)
            .as_bytes(),
    )
}

fn flat(what: &str, small: u64, large: u64) {
    assert!(
        large <= small + small / 5 + 2048,
        "{what}: {small} KiB on the small input, {large} KiB on the large one"
    );
}

/// Runs `args` with `-j 1` and `-j 2` on both inputs sets.
fn check(args: &[&str], small: &[PathBuf], large: &[PathBuf], code: i32) {
    for threads in ["1", "2"] {
        let args = [args, &["-j", threads]].concat();
        let a = peak_kib(&args, small, code);
        let b = peak_kib(&args, large, code);
        flat(&format!("{args:?}"), a, b);
    }
}

#[test]
fn memory_does_not_grow_with_the_input() {
    let d = Dir::new();
    // About 9.6 MB and 38 MB of random games: past the few MB in which the threads' heaps
    // reach their level (see the archive commands below).
    let small = random_games(&d, "small.pdn", 16_000);
    let large = random_games(&d, "large.pdn", 64_000);
    let one = |p: &Path| vec![p.to_path_buf()];
    check(&["convert", "--to", "pdn"], &one(&small), &one(&large), 0);
    // stats holds a tally per distinct player, event and opening by design: its larger input
    // repeats the small one, so only the input's size grows, not its number of keys.
    check(
        &["stats"],
        &one(&small),
        &[small.clone(), small.clone(), small.clone(), small.clone()],
        0,
    );
    check(&["validate"], &one(&small), &one(&large), 0);
    check(&["convert", "--to", "jsonl"], &one(&small), &one(&large), 0);
    // Several inputs full of errors: reports of 2 x 2.6 MB and 2 x 10.5 MB.
    let small_bad = vec![
        invalid_games(&d, "a.pdn", 75_000),
        invalid_games(&d, "b.pdn", 75_000),
    ];
    let large_bad = vec![
        invalid_games(&d, "c.pdn", 300_000),
        invalid_games(&d, "d.pdn", 300_000),
    ];
    check(&["validate"], &small_bad, &large_bad, 1);
    check(&["convert", "--to", "pdn"], &small_bad, &large_bad, 1);
}

#[test]
fn archive_commands_memory_does_not_grow_with_the_input() {
    let d = Dir::new();
    // About 9.6 MB and 38 MB: the threads' heaps reach their level within the first few MB
    // (`merge --canonical -j2`: 40 MB after 2.4 MB, 49 MB after 9.6 MB, 55 MB from 20 MB to
    // 200 MB), and it is the level that must not grow.
    let small = vec![random_games(&d, "small.pdn", 16_000)];
    let large = vec![random_games(&d, "large.pdn", 64_000)];
    let out = d.path("out");
    let out = out.to_str().unwrap();
    // What a command keeps per game by design, in bytes: dedupe a fingerprint (about 48
    // bytes, in a vector that may double while it grows).
    for (args, code, per_game) in [
        (&["select", "--tag", "Round=3"][..], 0, 0),
        (
            &["select", "--format", "canonical", "--result", "1/2-1/2"],
            0,
            0,
        ),
        (&["select", "--material", "3K:1K", "--count"], 0, 0),
        (&["positions", "--every", "7"], 0, 0),
        (&["positions", "--unique"], 0, 0),
        (&["dedupe"], 0, 128),
        (&["merge", "--canonical"], 0, 0),
        (&["split", "--by", "1000", "-o", out], 0, 0),
    ] {
        let _ = std::fs::remove_dir_all(out);
        let a = peak_kib(args, &small, code);
        let _ = std::fs::remove_dir_all(out);
        let b = peak_kib(args, &large, code);
        let kept = per_game * (64_000 - 16_000) / 1024;
        flat(&format!("{args:?}"), a, b.saturating_sub(kept));
    }
}

/// `positions` and `convert --format parquet`: the rows are held a row group at a time (two
/// with `-j2`: one written while the next is gathered), whatever the input's size.
#[test]
fn parquet_memory_does_not_grow_with_the_input() {
    let d = Dir::new();
    let small = vec![random_games(&d, "small.pdn", 16_000)];
    let large = vec![random_games(&d, "large.pdn", 64_000)];
    let out = d.path("out");
    let peak = |args: &[&str], input: &[PathBuf]| {
        let once = || {
            let _ = std::fs::remove_dir_all(&out);
            let args = [args, &["-o", out.to_str().unwrap()]].concat();
            timed_peak_kib(&args, input, 0)
        };
        once().min(once())
    };
    for command in ["positions", "convert"] {
        for threads in ["1", "2"] {
            let args = [command, "--format", "parquet", "-j", threads];
            let (a, b) = (peak(&args, &small), peak(&args, &large));
            flat(&format!("{args:?}"), a, b);
        }
    }
}

/// A tag value past the limit (64 KiB) is not held: of a value of almost 4 MiB (a game just
/// within its limit) the reader keeps the first 128 KiB (the rest is left out as it is
/// read), so it costs what a value just past the limit does, on one thread; on two, the
/// parallel reader's blocks of 256 KiB in flight are there from the first MiB of the value on,
/// and flat past it. A value of 8 MiB (a game too long, of which the reader keeps the first
/// bytes) is not held twice.
#[test]
fn a_tag_value_past_the_limit_is_not_held() {
    let d = Dir::new();
    let tag = |name: &str, value: usize| {
        let text = format!("[Event \"{}\"]\n\n1. c3-d4 *\n", "x".repeat(value));
        vec![d.write(name, text.as_bytes())]
    };
    let small = tag("small.pdn", (64 << 10) + 1);
    let (one, four, eight) = (
        tag("one.pdn", 1 << 20),
        tag("four.pdn", MAX_GAME_BYTES - 1024),
        tag("eight.pdn", 8 << 20),
    );
    let out = d.path("out.pdn");
    let out = out.to_str().unwrap();
    for (args, code) in [
        (&["validate"][..], 1),
        (&["convert", "--format", "jsonl"], 1),
        (&["convert", "--format", "pdn"], 1),
        (&["merge"], 0),
        (&["dedupe", "-o", out], 0),
    ] {
        let on = |threads: &str, input: &[PathBuf]| {
            peak_kib(&[args, &["-j", threads]].concat(), input, code)
        };
        flat(&format!("{args:?} -j 1"), on("1", &small), on("1", &four));
        flat(&format!("{args:?} -j 2"), on("2", &one), on("2", &four));
    }
    for args in [
        &["validate", "-j", "1"][..],
        &["convert", "--format", "jsonl", "-j", "1"],
    ] {
        flat(
            &format!("{args:?}"),
            peak_kib(args, &four, 1),
            peak_kib(args, &eight, 1),
        );
    }
}
