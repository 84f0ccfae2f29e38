//! What pdnkit writes reads back as what it read (docs/convert.md, "Reading the output
//! back"): canonical PDN (`convert --format pdn`, also numeric with full captures),
//! `merge` and `dedupe -o`, of valid and invalid games alike, read back as the games they were
//! made from (as many, each as valid or invalid as it was, with as many moves), and canonical
//! PDN converted again gives the same bytes. Checked on every input of the reader's fuzz
//! corpus and on archives damaged at random (bytes flipped, inserted, deleted, copied, cut
//! short, spliced), the way `scripts/mutate.py` damages them.

use crate::harness::{pdnkit, random_game};
use pdnkit::Variant;
use std::fs;
use std::path::{Path, PathBuf};

/// Each game of a text as `validate` reads it: valid or not, and plies replayed.
type Games = Vec<(bool, u64)>;

fn games(bytes: &[u8]) -> Games {
    let out = pdnkit()
        .args(["validate", "--format", "jsonl", "--no-progress", "-"])
        .write_stdin(bytes)
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|o| o["type"] == "game")
        .map(|o| (o["valid"].as_bool().unwrap(), o["plies"].as_u64().unwrap()))
        .collect()
}

fn run(args: &[&str], stdin: &[u8]) -> Vec<u8> {
    pdnkit()
        .args(args)
        .arg("-")
        .write_stdin(stdin)
        .output()
        .unwrap()
        .stdout
}

/// A small deterministic generator (xorshift), so that the damaged archives are the same in
/// every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// `data` damaged in 1 to 8 places.
fn mutate(data: &[u8], seeds: &[Vec<u8>], rng: &mut Rng) -> Vec<u8> {
    const SPECIAL: &[u8] = b"[]{}()\"\\%;:-x*/.!?$ \n\r\t\x00\xff0123456789abcdefghijkK";
    let mut data = data.to_vec();
    for _ in 0..1 + rng.below(8) {
        let at = rng.below(data.len() + 1);
        match rng.below(7) {
            0 if !data.is_empty() => {
                let i = at.min(data.len() - 1);
                data[i] = rng.below(256) as u8;
            }
            1 => {
                let b = SPECIAL[rng.below(SPECIAL.len())];
                let n = 1 + rng.below(4);
                data.splice(at..at, std::iter::repeat_n(b, n));
            }
            2 => {
                let end = (at + 1 + rng.below(16)).min(data.len());
                data.drain(at..end);
            }
            3 if !data.is_empty() => {
                let start = rng.below(data.len());
                let end = (start + 1 + rng.below(200)).min(data.len());
                let copy = data[start..end].to_vec();
                data.splice(at..at, copy);
            }
            4 => data.truncate(at),
            5 => {
                let other = &seeds[rng.below(seeds.len())];
                let start = rng.below(other.len() + 1);
                let end = (start + 1 + rng.below(400)).min(other.len());
                data.splice(at..at, other[start..end].iter().copied());
            }
            _ => {
                let bytes: Vec<u8> = (0..1 + rng.below(8))
                    .map(|_| rng.below(256) as u8)
                    .collect();
                data.splice(at..at, bytes);
            }
        }
    }
    data
}

fn inputs() -> Vec<(String, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<PathBuf> = fs::read_dir(root.join("fuzz/corpus/reader"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut inputs: Vec<(String, Vec<u8>)> = files
        .iter()
        .map(|p| (p.display().to_string(), fs::read(p).unwrap()))
        .collect();
    let mut random = String::new();
    for index in 1..=12 {
        let variant = if index % 3 == 0 {
            Variant::Russian
        } else {
            Variant::Spantsiretti
        };
        random.push_str(&random_game(variant, 5, index));
    }
    let seeds = vec![
        fs::read(root.join("fixtures/sample.pdn")).unwrap(),
        fs::read(root.join("fixtures/archive/canonical/games.pdn")).unwrap(),
        random.into_bytes(),
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for i in 0..80 {
        let seed = &seeds[i % seeds.len()];
        inputs.push((
            format!("damaged archive {i}"),
            mutate(seed, &seeds, &mut rng),
        ));
    }
    inputs
}

/// Lists every input whose output, written by `args`, does not read back as `expected` makes
/// of the input's games (or, with `twice`, changes when written again).
fn check(args: &[&str], twice: bool, expected: fn(&[u8], Games) -> Games) {
    let mut failed = Vec::new();
    let inputs = inputs();
    for (name, data) in &inputs {
        let read = games(data);
        if read.is_empty() {
            continue;
        }
        let written = pdnkit()
            .args(args)
            .arg("-")
            .write_stdin(&data[..])
            .output()
            .unwrap();
        let out = written.stdout;
        let back = games(&out);
        let expected = expected(data, read);
        if back != expected {
            // How the writer ended, to tell a reading fault from a run that failed.
            failed.push(format!(
                "{name}: {expected:?}\nread back as {back:?} (writer: {}, {} bytes, stderr {:?})",
                written.status,
                out.len(),
                String::from_utf8_lossy(&written.stderr)
            ));
        } else if twice && run(args, &out) != out {
            failed.push(format!("{name}: written again, the output changes"));
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {} inputs: {}",
        failed.len(),
        inputs.len(),
        failed.join("\n")
    );
}

fn same(_: &[u8], games: Games) -> Games {
    games
}

#[test]
fn canonical_pdn_reads_back_as_its_games_and_is_a_fixed_point() {
    check(&["convert", "--format", "pdn", "--no-progress"], true, same);
}

#[test]
fn numeric_canonical_pdn_reads_back_as_its_games_and_is_a_fixed_point() {
    let args = [
        "convert",
        "--format",
        "pdn",
        "--notation",
        "numeric",
        "--captures",
        "full",
        "--no-progress",
    ];
    check(&args, true, same);
}

#[test]
fn merged_archives_read_back_as_their_games() {
    check(&["merge"], false, same);
    check(&["merge", "--canonical"], true, same);
}

/// `dedupe -o` writes every game but the duplicates its report leaves out.
#[test]
fn deduplicated_archives_read_back_as_the_games_kept() {
    check(
        &["dedupe", "--no-progress", "-o", "-"],
        false,
        |data, games| {
            let report = pdnkit()
                .args(["dedupe", "--no-progress", "-"])
                .write_stdin(data)
                .output()
                .unwrap();
            let dropped: Vec<u64> = String::from_utf8(report.stdout)
                .unwrap()
                .lines()
                .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
                .filter(|o| o["type"] == "group")
                .flat_map(|o| o["members"].as_array().unwrap().clone())
                .filter(|m| m["kept"] == false)
                .map(|m| m["game"].as_u64().unwrap())
                .collect();
            (1..)
                .zip(games)
                .filter(|(n, _)| !dropped.contains(n))
                .map(|(_, g)| g)
                .collect()
        },
    );
}

/// The smallest cases found: a word like `1.2.3` and a `1.` after an error; a `{` that its
/// line ends, in a game and between games.
#[test]
fn the_smallest_cases_read_back_alike() {
    let words = b"1.2.3 1.1.\n";
    let out = run(&["convert", "--format", "pdn"], words);
    assert_eq!(
        games(&out),
        [(false, 0)],
        "{}",
        String::from_utf8_lossy(&out)
    );
    let comments = b"[Event \"a\"]\n{x\n\n1. e3-f4 *\n\n{between\n\n[Event \"b\"]\n\n1. e3-f4 *\n";
    assert_eq!(games(comments), [(false, 1), (true, 1)]);
    for args in [&["merge"][..], &["convert", "--format", "pdn"]] {
        let out = run(args, comments);
        let text = String::from_utf8_lossy(&out);
        assert_eq!(games(&out), [(false, 1), (true, 1)], "{args:?}: {text}");
    }
}

/// A result written after a tag's `]` on its line (`[White "K"]*`) ends the game: game 1 is
/// its two tags and `*`, no move; game 2 the next two tags and `1. c3-d4 *` (one legal ply
/// on 8x8). Written as written (merge, select, dedupe -o, split), it stays two games: no
/// result is added to game 1 (a `*` after a blank line would read back as a third game).
#[test]
fn a_result_after_a_tag_on_its_line_ends_its_game_when_written_back() {
    let input = b"[Event \"a\"]\n[White \"K\"]*\n[Black \"S\"]\n[GameType \"25\"]\n\n1. c3-d4 *\n";
    let read = games(input);
    assert_eq!(read.len(), 2, "{read:?}");
    assert_eq!(read[0].1, 0);
    assert_eq!(read[1], (true, 1));
    for args in [
        &["merge"][..],
        &["select"],
        &["dedupe", "--no-progress", "-o", "-"],
    ] {
        let out = run(args, input);
        let text = String::from_utf8_lossy(&out);
        assert_eq!(games(&out), read, "{args:?}: {text}");
        assert!(
            text.starts_with("[Event \"a\"]\n[White \"K\"]*\n\n[Black"),
            "{args:?}: {text}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("in.pdn");
    fs::write(&path, input).unwrap();
    let out = dir.path().join("out");
    let status = pdnkit()
        .args(["split", "--no-config", "--by", "1000", "-o"])
        .arg(&out)
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(status.status.code(), Some(0), "{status:?}");
    let files: Vec<PathBuf> = fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(games(&fs::read(&files[0]).unwrap()), read);
}

/// Each game of a text as `validate` reads it, with the kinds of its findings in order.
fn findings(bytes: &[u8]) -> Vec<(bool, u64, Vec<String>)> {
    let out = pdnkit()
        .args(["validate", "--format", "jsonl", "--no-progress", "-"])
        .write_stdin(bytes)
        .output()
        .unwrap();
    let kind = |d: &serde_json::Value| {
        let message = d["message"].as_str().unwrap();
        let at = message.rfind('(').unwrap_or(0);
        message[at..].to_string()
    };
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|o| o["type"] == "game")
        .map(|o| {
            let kinds = o["diagnostics"].as_array().unwrap().iter().map(kind);
            let (valid, plies) = (o["valid"].as_bool().unwrap(), o["plies"].as_u64().unwrap());
            (valid, plies, kinds.collect())
        })
        .collect()
}

/// A tag value past the limit (64 KiB), which the reader leaves out past its first 128 KiB
/// as it reads it (`limits.rs`: `a_tag_value_past_the_limit_is_read_through_a_hole`):
/// written as written (`merge`, `select`, `dedupe -o`, `split`) or as canonical PDN, on one
/// thread and on two alike, the game reads back with the same findings, and so do the games
/// around it; of a game too long with such a value the first 4 MiB + 1 bytes are written as
/// written, a game too long.
#[test]
fn a_tag_value_past_the_limit_reads_back_with_its_findings() {
    let x = |n: usize| "x".repeat(n);
    let n = 300 << 10;
    let games = [
        format!("[Event \"{}\"] [Site \"y\"]\n\n1. c3-d4 *", x(n)),
        format!("[Event \"{}\"]\n1. c3-d4 {{a}} *", x(3 << 20)),
        // Unterminated; spaces, an escaped quote or a `]` in it; two of them.
        format!("[Event \"{}\n1. c3-d4 *", x(n)),
        format!("[Event \"{}    ]  \n1. c3-d4 *", x(n)),
        format!("[Event \"{}\\\"{}\"]\n1. c3-d4 *", x(n), x(n)),
        format!("[Event \"a]{}\"]\n1. c3-d4 *", x(n)),
        format!("[Event \"{}\"]\n[Site \"{}\"]\n1. c3-d4 *", x(n), x(n)),
        format!("[Event \"{}\"]\n1. c3-d4 *", x(5 << 20)),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (i, game) in games.iter().enumerate() {
        let input = format!(
            "[Event \"a\"]\n1. c3-d4 d6-c5 *\n\n{game}\n\n[Event \"b\"]\n1. c3-d4 d6-c5 b2-c3 *\n"
        );
        let read = findings(input.as_bytes());
        assert_eq!(read.len(), 3, "game {i}: {read:?}");
        assert!(
            read[1].2.iter().any(|k| k.contains("too-long")),
            "game {i}: {read:?}"
        );
        let path = dir.path().join(format!("in{i}.pdn"));
        fs::write(&path, &input).unwrap();
        // What `args` writes of the file, on `threads` threads.
        let written = |args: &[&str], threads: &str| {
            let out = pdnkit()
                .args(args)
                .args(["-j", threads])
                .arg(&path)
                .output();
            out.unwrap().stdout
        };
        for args in [
            &["merge"][..],
            &["select"],
            &["dedupe", "--no-progress", "-o", "-"],
        ] {
            let (one, two) = (written(args, "1"), written(args, "2"));
            assert!(one == two, "game {i}, {args:?}: -j1 and -j2 differ");
            assert_eq!(findings(&one), read, "game {i}, {args:?}");
        }
        // Canonical PDN keeps a tag too long as the reader holds it (of a game too long
        // nothing is read, so nothing of it is written), and is a fixed point.
        if i != games.len() - 1 {
            let args = ["convert", "--format", "pdn", "--no-progress"];
            let (one, two) = (written(&args, "1"), written(&args, "2"));
            assert!(one == two, "game {i}, canonical: -j1 and -j2 differ");
            assert_eq!(findings(&one), read, "game {i}, canonical");
            assert!(
                run(&args, &one) == one,
                "game {i}, canonical: written again, it changes"
            );
        }
        let out = dir.path().join(format!("split{i}"));
        let split = pdnkit()
            .args(["split", "--no-config", "--by", "1000", "-o"])
            .arg(&out)
            .arg(&path)
            .output()
            .unwrap();
        assert_ne!(split.status.code(), Some(2), "{split:?}");
        let files: Vec<PathBuf> = fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(files.len(), 1, "{files:?}");
        assert_eq!(
            findings(&fs::read(&files[0]).unwrap()),
            read,
            "game {i}, split"
        );
    }
}
