//! A guess never becomes a fact in the user's file: an untagged game whose moves fit both
//! boards is read on the default board, and canonical output (`convert --format pdn`, `merge
//! --canonical`, `select --format canonical`) writes no GameType tag for it, so reading the
//! output with `--game-type russian` gives the game types of the original.

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

fn game_types(args: &[&str], input: &str) -> Value {
    let mut all = vec!["stats", "--no-config", "-"];
    all.extend_from_slice(args);
    let (code, stdout, stderr) = on_stdin(&all, input);
    assert_eq!(code, 0, "{stderr}");
    let stats: Value = serde_json::from_str(&stdout).unwrap();
    stats["game_types"].clone()
}

#[test]
fn canonical_output_writes_no_guessed_game_type() {
    let file = format!("{RUSSIAN}{SHORT}");
    assert_eq!(
        game_types(&["--game-type", "russian"], &file),
        json!({"25": 3})
    );
    // Read alone, the short games are read as the default.
    assert_eq!(game_types(&[], &file), json!({"25": 1, "41": 2}));
    let writers: [&[&str]; 3] = [
        &["convert", "--no-config", "-", "--format", "pdn"],
        &["merge", "--no-config", "-", "--canonical"],
        &["select", "--no-config", "-", "--format", "canonical"],
    ];
    for writer in writers {
        let (code, out, stderr) = on_stdin(writer, &file);
        assert_eq!(code, 0, "{writer:?}: {stderr}");
        // The game the moves decided is tagged; the two guesses are not.
        assert_eq!(
            out.matches("[GameType \"25,W,8,8,A0,0\"]").count(),
            1,
            "{out}"
        );
        assert_eq!(out.matches("[GameType").count(), 1, "{writer:?}: {out}");
        assert_eq!(
            game_types(&["--game-type", "russian"], &out),
            json!({"25": 3}),
            "{writer:?}"
        );
    }
}
