//! Replays every input of `fuzz/corpus/<target>/` through the checks the fuzz targets run
//! (the same file, `fuzz/src/lib.rs`), so that `cargo test` re-checks the seeds and every
//! crash the fuzzer ever found without needing cargo-fuzz or a nightly compiler.

use crate::checks;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

/// Inputs that still crash in code this test may not change yet (name, reason). Each is
/// replayed by its own `#[ignore]`d test below, and skipped by the corpus test.
const KNOWN_CRASHES: &[(&str, &str)] = &[];

/// Reader inputs whose games once held a tag name twice when written out (findings 2 and 3 of
/// docs/robustness.md): canonical PDN of such a game read back as two games, since a repeated
/// tag name starts a new game. Canonical PDN now writes each name once, as a PDN name.
const DUPLICATE_TAG_ROUND_TRIP: &[&str] = &[
    "crash-duplicate-tag-round-trip",
    "crash-duplicate-tag-after-decoding",
];

fn corpus(target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{} holds no inputs", dir.display());
    files
}

fn known(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    KNOWN_CRASHES.iter().any(|(k, _)| *k == name)
}

/// Runs `check` on every input of the target's corpus; lists every input that fails.
fn replay(target: &str, check: fn(&[u8])) {
    let mut failed = Vec::new();
    let files = corpus(target);
    for path in &files {
        if known(path) {
            continue;
        }
        let data = std::fs::read(path).expect("corpus file reads");
        if catch_unwind(AssertUnwindSafe(|| check(&data))).is_err() {
            failed.push(path.display().to_string());
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {} inputs fail: {failed:#?}",
        failed.len(),
        files.len()
    );
}

#[test]
fn reader_corpus() {
    replay("reader", checks::reader);
}

#[test]
fn fen_corpus() {
    replay("fen", checks::fen);
}

#[test]
fn resolve_corpus() {
    replay("resolve", checks::resolve_target);
}

#[test]
fn movegen_corpus() {
    replay("movegen", checks::movegen);
}

#[test]
fn canonical_pdn_of_a_game_with_a_repeated_tag_name_reads_back_as_one_game() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/reader");
    for name in DUPLICATE_TAG_ROUND_TRIP {
        let data = std::fs::read(dir.join(name)).expect("corpus file reads");
        checks::reader(&data);
    }
}
