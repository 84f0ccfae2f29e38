//! Work grows linearly with the input in every extreme shape: the release binary validates
//! inputs of N, 2N and 4N units of a shape (games, tags, comments, ...) under callgrind, and the
//! instructions the second doubling adds may be about twice those the first added (a cost
//! that is quadratic in the input makes it four times). Differences cancel the fixed cost of
//! starting the process. Instructions, not time: they do not vary with the machine's load.

use pdnkit::Variant;
use pdnkit::random::write_game;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

/// Instructions that `pdnkit validate -j1 path` executes, as callgrind counts them.
fn instructions(path: &Path) -> u64 {
    let out = Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(env!("CARGO_BIN_EXE_pdnkit"))
        .args(["validate", "--no-config", "-j1", "--quiet"])
        .arg(path)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .output()
        .expect("valgrind runs (the tests need it installed)");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let collected = stderr
        .lines()
        .find_map(|l| l.split("Collected : ").nth(1))
        .unwrap_or_else(|| panic!("no callgrind count in:\n{stderr}"));
    collected.trim().parse().expect("a count")
}

/// Checks that `shape(n)` costs linear work in `n`, from `n` to `4 n`.
fn linear(name: &str, n: usize, shape: impl Fn(usize) -> String) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let counts: Vec<u64> = [n, 2 * n, 4 * n]
        .iter()
        .map(|&size| {
            let path = dir.path().join(format!("{name}-{size}.pdn"));
            fs::write(&path, shape(size)).expect("write input");
            instructions(&path)
        })
        .collect();
    let first = counts[1].saturating_sub(counts[0]);
    let second = counts[2].saturating_sub(counts[1]);
    assert!(first > 0, "{name}: no more work for more input: {counts:?}");
    let growth = second as f64 / first as f64;
    assert!(
        growth < 3.0,
        "{name}: doubling the input again added {growth:.2} times the work the first doubling \
         added (2 is linear, 4 quadratic); instructions at {n}, {}, {}: {counts:?}",
        2 * n,
        4 * n
    );
}

const HEADER: &str = "[Event \"shape\"]\n[GameType \"41\"]\n";

/// `n` generated games (`pdnkit random`'s).
fn games(n: usize) -> String {
    let mut text = String::new();
    for index in 0..n as u64 {
        write_game(&mut text, Variant::Spantsiretti, 3, index);
    }
    text
}

#[test]
fn many_games() {
    linear("games", 100, games);
}

/// A game of `n` tags, the `i`-th named `name(i)`, and one move.
fn tags(n: usize, name: impl Fn(usize) -> String) -> String {
    let mut text = String::new();
    for i in 0..n {
        let _ = writeln!(text, "[{} \"value {i}\"]", name(i));
    }
    text.push_str("1. c3-d4 *\n");
    text
}

#[test]
fn many_tags() {
    linear("tags", 5_000, |n| tags(n, |i| format!("Site{}", i % 20)));
}

#[test]
fn many_distinct_tag_names() {
    linear("tag-names", 2_000, |n| tags(n, |i| format!("Tag{i}")));
}

#[test]
fn a_long_line() {
    linear("line", 50, |n| games(n).replace('\n', " "));
}

#[test]
fn deep_nesting() {
    // Past 16,384 open variations the reader takes its slower path once (a step, not growth):
    // the sizes stay below it.
    linear("nesting", 1_500, |n| {
        format!(
            "{HEADER}1. c3-d4 {}f6-g5{} *\n",
            "(".repeat(n),
            ")".repeat(n)
        )
    });
}

#[test]
fn many_variations() {
    linear("variations", 2_000, |n| {
        format!("{HEADER}1. c3-d4 {} f6-g5 *\n", "(1. a3-b4) ".repeat(n))
    });
}

#[test]
fn many_comments() {
    linear("comments", 5_000, |n| {
        format!("{HEADER}1. c3-d4 {} f6-g5 *\n", "{a comment} ".repeat(n))
    });
}
