//! Russian compact notation (`df6`: the column a capture starts from and the square it ends
//! on, no `:`) is read as the notation it is: one note for the file, no warning per capture,
//! unless `--warn capture-notation` asks for them; an ambiguous compact capture stays an
//! error (or a warning when the rest of the game resolves it).

use crate::harness::on_stdin;
use serde_json::Value;

/// Worked by hand on the 8x8 board: 1. c3-d4 f6-e5 2. d4:f6 (takes e5) g7:e5 (takes f6)
/// 3. g3-f4 e5:g3 (takes f4) 4. h2:f4 (takes g3); four compact captures, each the only move
/// of its column to its square.
const GAME: &str = "[GameType \"25\"]\n[Result \"*\"]\n1. cd4 fe5 2. df6 ge5 3. gf4 eg3 4. hf4 *\n";

/// The game twice: two games, eight compact captures.
fn archive() -> String {
    format!("{GAME}\n{GAME}")
}

fn validate(args: &[&str], input: &str) -> (i32, String) {
    let mut all = vec!["validate", "--no-config", "-"];
    all.extend_from_slice(args);
    let (code, stdout, stderr) = on_stdin(&all, input);
    assert!(!stderr.contains("panicked"), "{stderr}");
    (code, stdout)
}

#[test]
fn compact_captures_are_read_as_the_hand_worked_moves() {
    let (code, out, stderr) = on_stdin(&["convert", "--no-config", "-", "--format", "pdn"], GAME);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        out.contains("1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. g3-f4 e5:g3 4. h2:f4 *"),
        "{out}"
    );
}

#[test]
fn a_file_in_compact_notation_gets_one_note_and_no_warning() {
    let (code, out) = validate(&[], &archive());
    assert_eq!(code, 0, "{out}");
    let notes: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("capture-notation"))
        .collect();
    assert_eq!(notes.len(), 1, "{out}");
    assert!(
        notes[0].starts_with("<stdin>: note[capture-notation]: "),
        "{out}"
    );
    assert!(
        notes[0].contains("8 captures in 2 games (game 1, 2) written in Russian compact notation"),
        "{out}"
    );
    assert!(out.contains("2 valid, 0 invalid, 0 warnings"), "{out}");

    // GitHub: one notice for the file, no annotation per capture.
    let (_, out) = validate(&["--format", "github"], &archive());
    assert_eq!(out.matches("::warning").count(), 0, "{out}");
    assert_eq!(out.matches("title=capture-notation").count(), 1, "{out}");
    assert!(
        out.contains("::notice file=<stdin>,title=capture-notation::"),
        "{out}"
    );

    // JSON: the note is the file's, the games have none.
    let (_, out) = validate(&["--format", "json"], &archive());
    let doc: Value = serde_json::from_str(&out).unwrap();
    for game in doc["games"].as_array().unwrap() {
        assert_eq!(game["diagnostics"], serde_json::json!([]), "{game}");
    }
    let files = doc["files"].as_array().unwrap();
    assert_eq!(files.len(), 1, "{out}");
    assert_eq!(files[0]["diagnostics"][0]["code"], "capture-notation");
    assert_eq!(files[0]["diagnostics"][0]["severity"], "note");
    assert_eq!(doc["summary"]["warnings"], 0);

    // --strict refuses deviations from the standard, not a notation.
    let (code, _) = validate(&["--strict"], &archive());
    assert_eq!(code, 0);
}

#[test]
fn levels_still_name_each_compact_capture() {
    let (code, out) = validate(&["--warn", "capture-notation"], &archive());
    assert_eq!(code, 0, "{out}");
    let warnings: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("warning[capture-notation]"))
        .collect();
    assert_eq!(warnings.len(), 8, "{out}");
    // The captures of game 1 (line 3), at the column of each: `df6` at 15, `ge5` at 19.
    assert!(
        warnings[0]
            .starts_with("<stdin>:3:15: warning[capture-notation]: game 1, move 2 (White) \"df6\""),
        "{out}"
    );
    assert!(warnings[1].starts_with("<stdin>:3:19: "), "{out}");
    assert!(warnings[2].starts_with("<stdin>:3:30: "), "{out}");
    assert!(warnings[3].starts_with("<stdin>:3:37: "), "{out}");
    assert!(!out.contains("note[capture-notation]"), "{out}");

    let (code, out) = validate(&["--deny", "capture-notation"], &archive());
    assert_eq!(code, 1, "{out}");
    assert_eq!(out.matches("error[capture-notation]").count(), 8, "{out}");

    let (code, out) = validate(&["--allow", "capture-notation"], &archive());
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("capture-notation"), "{out}");
}

/// White men on c3 and c7 can both take to e5 (c3 over d4, c7 back over d6): `ce5` names
/// two captures that leave different positions.
const TWO_READINGS: &str = "[GameType \"25\"]\n[FEN \"W:Wc3,c7:Bd4,d6,h8\"]\n[Result \"*\"]\n";

#[test]
fn an_ambiguous_compact_capture_is_still_an_error_unless_the_game_resolves_it() {
    let (code, out) = validate(&[], &format!("{TWO_READINGS}1. ce5 *\n"));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("error[ambiguous-move]"), "{out}");
    assert!(out.contains("c3:e5") && out.contains("c7:e5"), "{out}");
    // After c3:e5 Black must take d6:f4 (`df4`); after c7:e5 no Black move fits it.
    let (code, out) = validate(&[], &format!("{TWO_READINGS}1. ce5 df4 *\n"));
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("warning[ambiguity-resolved]"), "{out}");
    assert!(out.contains("c3:e5"), "{out}");
    assert!(out.contains("0 invalid, 1 warning\n"), "{out}");
}

#[test]
fn the_report_of_a_file_in_compact_notation_shows_nothing_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("compact.pdn");
    std::fs::write(&file, archive()).unwrap();
    let page = dir.path().join("report.html");
    let args = [
        "report",
        "--no-config",
        "-o",
        page.to_str().unwrap(),
        file.to_str().unwrap(),
    ];
    let (code, _, stderr) = on_stdin(&args, "");
    assert_eq!(code, 0, "{stderr}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("<p class=\"verdict valid\">"), "verdict");
    assert!(html.contains("id=\"total-warnings\">0<"), "warnings");
    assert!(!html.contains("<tr class=\"bad\">"), "a file marked bad");
}

/// `positions` tells the diagnostics of invalid games as `validate` does: the compact
/// captures of the file are one note after its games, not a note per capture of each
/// invalid game.
#[test]
fn positions_folds_the_compact_notes_of_a_file_as_validate_does() {
    // Game 2, worked by hand: 1. c3-d4 f6-e5 2. d4:f6 g7:e5 (two compact captures); White's
    // b2-a1 then goes to a square its own man holds: illegal.
    let invalid = "[GameType \"25\"]\n1. c3-d4 f6-e5 2. df6 ge5 3. b2-a1 *\n";
    let input = format!("{GAME}\n{invalid}");
    for threads in ["-j1", "-j2"] {
        let args = ["positions", "--no-config", threads, "-"];
        let (code, _, stderr) = on_stdin(&args, &input);
        assert_eq!(code, 1, "{stderr}");
        let lines: Vec<&str> = stderr.lines().collect();
        let notes: Vec<&&str> = lines
            .iter()
            .filter(|l| l.contains("capture-notation"))
            .collect();
        assert_eq!(notes.len(), 1, "{stderr}");
        assert!(
            notes[0].starts_with(
                "<stdin>: note[capture-notation]: 6 captures in 2 games (game 1, 2) written in \
                 Russian compact notation"
            ),
            "{stderr}"
        );
        assert_eq!(
            stderr
                .matches("error[illegal-move]: game 2, move 3 (White) \"b2-a1\"")
                .count(),
            1,
            "{stderr}"
        );
        // The note about the file comes after the game's diagnostics.
        let error = lines.iter().position(|l| l.contains("illegal-move"));
        let note = lines.iter().position(|l| l.contains("capture-notation"));
        assert!(error < note, "{stderr}");
    }
    // A level asks for each capture: then the invalid game's are told with it, no note.
    let args = [
        "positions",
        "--no-config",
        "--warn",
        "capture-notation",
        "-",
    ];
    let (_, _, stderr) = on_stdin(&args, &input);
    assert_eq!(
        stderr.matches("warning[capture-notation]: game 2").count(),
        2,
        "{stderr}"
    );
    assert!(!stderr.contains("note[capture-notation]"), "{stderr}");
}
