//! One board per file, and a guess never becomes a fact in the user's file. An untagged game
//! whose moves fit both boards is read on the board that the first deciding untagged game of
//! the file's start decides (`game_type_by` `file`); where no game there decides, on the
//! default board with one note about the file, and canonical output (`convert --format pdn`,
//! `merge --canonical`, `select --format canonical`) then writes no GameType tag for it, so
//! reading the output with `--game-type russian` gives the game types of the original.

use crate::harness::on_stdin;
use serde_json::{Value, json};

/// Legal on 8x8 only (from fixtures/detect/russian_untagged.pdn): detection decides 25.
const RUSSIAN: &str = "[Event \"Russian\"]\n[Result \"0-1\"]\n1. a3-b4 h6-g5 2. b4-a5 g7-h6 \
    3. e3-f4 g5:e3 4. f2:d4 d6-c5 5. b2-a3 c5:e3 6. d2:f4 f6-g5 7. g1-f2 g5:g1 8. c1-b2 f8-g7 \
    9. a3-b4 h6-g5 10. e1-f2 g1:c1 11. a1-b2 c1:a3 12. g3-h4 a3-c5 13. h4:f6 g7:e5 \
    14. c3-d4 c5:g1 15. h2-g3 g1-c5 16. g3-h4 c5-e3 17. h4-g5 e3:h6 0-1\n\n";
/// Two short games that fit both boards (every square and move is on 8x8 and 10x8 alike).
const SHORT: &str = "[Event \"Short 1\"]\n[Result \"*\"]\n1. c3-d4 f6-g5 *\n\n\
    [Event \"Short 2\"]\n[Result \"1/2-1/2\"]\n1. e3-f4 b6-a5 2. f4-e5 1/2-1/2\n\n";
/// The canonical writers.
const WRITERS: [&[&str]; 3] = [
    &["convert", "--no-config", "-", "--format", "pdn"],
    &["merge", "--no-config", "-", "--canonical"],
    &["select", "--no-config", "-", "--format", "canonical"],
];

fn game_types(args: &[&str], input: &str) -> Value {
    let mut all = vec!["stats", "--no-config", "-"];
    all.extend_from_slice(args);
    let (code, stdout, stderr) = on_stdin(&all, input);
    assert_eq!(code, 0, "{stderr}");
    let stats: Value = serde_json::from_str(&stdout).unwrap();
    stats["game_types"].clone()
}

/// `(game_type, game_type_by)` of every game of `validate --format json` on standard input.
fn boards(args: &[&str], input: &str) -> Vec<(u64, String)> {
    let mut all = vec!["validate", "--no-config", "--format", "json", "-"];
    all.extend_from_slice(args);
    let (code, stdout, stderr) = on_stdin(&all, input);
    assert_eq!(code, 0, "{stderr}");
    let document: Value = serde_json::from_str(&stdout).unwrap();
    let games = document["games"].as_array().unwrap();
    games
        .iter()
        .map(|g| {
            let number = g["game_type"]["number"].as_u64().unwrap();
            (number, g["game_type_by"].as_str().unwrap().to_string())
        })
        .collect()
}

fn board(number: u64, by: &str) -> (u64, String) {
    (number, by.to_string())
}

#[test]
fn the_games_that_fit_both_boards_take_the_board_of_their_file() {
    // The short games come first; the Russian game after them decides 8x8 for the file.
    let file = format!("{SHORT}{RUSSIAN}");
    let expected = vec![board(25, "file"), board(25, "file"), board(25, "moves")];
    for threads in ["1", "2"] {
        assert_eq!(boards(&["-j", threads], &file), expected, "-j{threads}");
    }
    assert_eq!(boards(&["--encoding", "utf-8"], &file), expected);
    assert_eq!(game_types(&[], &file), json!({"25": 3}));
    // No note: nothing was guessed.
    let (_, stdout, _) = on_stdin(&["validate", "--no-config", "-"], &file);
    assert!(!stdout.contains("game-type"), "{stdout}");
    // Every canonical writer writes the file's board as a fact, and reads back as read.
    for writer in WRITERS {
        let (code, out, stderr) = on_stdin(writer, &file);
        assert_eq!(code, 0, "{writer:?}: {stderr}");
        assert_eq!(
            out.matches("[GameType \"25,W,8,8,A0,0\"]").count(),
            3,
            "{writer:?}: {out}"
        );
        assert_eq!(
            game_types(&["--game-type", "russian"], &out),
            json!({"25": 3}),
            "{writer:?}"
        );
        assert_eq!(game_types(&[], &out), json!({"25": 3}), "{writer:?}");
    }
    // The option still wins (and the Russian game is illegal on 10x8).
    let forced = ["stats", "--no-config", "-", "--game-type", "spantsiretti"];
    let (code, stdout, _) = on_stdin(&forced, &file);
    assert_eq!(code, 1);
    let stats: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(stats["game_types"], json!({"41": 3}));
}

#[test]
fn a_file_where_no_game_decides_gets_the_default_and_one_note() {
    let (code, stdout, stderr) = on_stdin(&["validate", "--no-config", "-"], SHORT);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.matches("note[game-type]").count(), 1, "{stdout}");
    assert!(
        stdout.contains("2 games without GameType tag (game 1, 2) fit both boards"),
        "{stdout}"
    );
    assert_eq!(
        boards(&[], SHORT),
        vec![board(41, "default"), board(41, "default")]
    );
    // A guess is not written: read back with --game-type russian, the games are Russian.
    for writer in WRITERS {
        let (code, out, stderr) = on_stdin(writer, SHORT);
        assert_eq!(code, 0, "{writer:?}: {stderr}");
        assert_eq!(out.matches("[GameType").count(), 0, "{writer:?}: {out}");
        assert_eq!(
            game_types(&["--game-type", "russian"], &out),
            json!({"25": 2}),
            "{writer:?}"
        );
    }
}

#[test]
fn tagged_games_do_not_decide_the_board_of_a_file() {
    let tagged = "[Event \"Tagged\"]\n[GameType \"25\"]\n1. c3-d4 f6-g5 *\n\n";
    let file = format!("{tagged}{SHORT}");
    assert_eq!(
        boards(&[], &file),
        vec![board(25, "tag"), board(41, "default"), board(41, "default")]
    );
}

#[test]
fn the_board_of_a_file_is_decided_on_its_first_64_kib_for_every_thread_count() {
    // Short games filling about 40 KiB (more than a block of -j2), then the deciding game:
    // within the first 64 KiB, so it decides for all of them.
    let shorts = SHORT.repeat(40 * 1024 / SHORT.len());
    let count = 2 * (40 * 1024 / SHORT.len());
    let near = format!("{shorts}{RUSSIAN}");
    // Past the first 64 KiB, it decides for itself only.
    let far = format!("{}{RUSSIAN}", SHORT.repeat(80 * 1024 / SHORT.len()));
    for threads in ["1", "2"] {
        let read = boards(&["-j", threads], &near);
        assert_eq!(read.len(), count + 1);
        assert!(
            read[..count].iter().all(|b| *b == board(25, "file")),
            "-j{threads}"
        );
        assert_eq!(read[count], board(25, "moves"));
        let read = boards(&["-j", threads], &far);
        let (last, shorts) = read.split_last().unwrap();
        assert!(
            shorts.iter().all(|b| *b == board(41, "default")),
            "-j{threads}"
        );
        assert_eq!(*last, board(25, "moves"));
    }
}
