//! validate's human diagnostics: the source line with a caret under the token and the legal
//! moves as a note, coloured only when asked, every text from the archive escaped; and the
//! one-line form of `--format short`. Expected texts are written by hand.

use crate::harness::pdnkit;

/// Game 1: c3-b5 (b5 is a light square) at 4:4; game 2: d4-c5 while d4:f6 is compulsory
/// (8:19).
const GAMES: &str = "[GameType \"25\"]\n[Result \"*\"]\n\n1. c3-b5 *\n\n\
                     [GameType \"25\"]\n[Result \"*\"]\n1. c3-d4 f6-e5 2. d4-c5 *\n";

fn validate(args: &[&str], env: &[(&str, &str)], input: &str) -> (i32, String) {
    let mut command = pdnkit();
    command
        .args(["validate", "--no-config"])
        .args(args)
        .arg("-");
    for (name, value) in env {
        command.env(name, value);
    }
    let out = command.write_stdin(input).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

#[test]
fn human_output_shows_the_line_a_caret_and_the_legal_moves() {
    let (code, out) = validate(&[], &[], GAMES);
    assert_eq!(code, 1);
    let want = "\
error[illegal-move]: game 1, move 1 (White) \"c3-b5\": illegal move: square b5 is a light square (only dark squares are played on)
 --> <stdin>:4:4
  |
4 | 1. c3-b5 *
  |    ^^^^^
  |
  = note: legal moves: a3-b4, c3-b4, c3-d4, e3-d4, e3-f4, g3-f4, g3-h4

error[illegal-move]: game 2, move 2 (White) \"d4-c5\": illegal move: a capture is compulsory
 --> <stdin>:8:19
  |
8 | 1. c3-d4 f6-e5 2. d4-c5 *
  |                   ^^^^^
  |
  = note: legal moves: d4:f6

summary: 1 file, 2 games: 0 valid, 2 invalid, 0 warnings
";
    assert_eq!(out, want);
}

#[test]
fn short_is_the_one_line_form() {
    let (code, out) = validate(&["--format", "short"], &[], GAMES);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with(
        "<stdin>:4:4: error[illegal-move]: game 1, move 1 (White) \"c3-b5\": illegal move: \
         square b5 is a light square (only dark squares are played on); legal moves: a3-b4,"
    ));
    assert_eq!(
        lines[1],
        "<stdin>:8:19: error[illegal-move]: game 2, move 2 (White) \"d4-c5\": illegal move: a \
         capture is compulsory; legal moves: d4:f6"
    );
    assert_eq!(
        lines[2],
        "summary: 1 file, 2 games: 0 valid, 2 invalid, 0 warnings"
    );
}

#[test]
fn a_warning_is_shown_with_its_line_too() {
    let (code, out) = validate(&[], &[], "[GameType \"25\"]\n1. c3-d4 f6-g5\n");
    assert_eq!(code, 0);
    assert!(
        out.starts_with(
            "warning[missing-result]: game 1: the game text does not end with a result"
        ),
        "{out}"
    );
    // The caret stands after the last token, at column 15.
    let caret = format!("  |{}^\n", " ".repeat(15));
    assert!(
        out.contains(&format!(
            " --> <stdin>:2:15\n  |\n2 | 1. c3-d4 f6-g5\n{caret}"
        )),
        "{out}"
    );
    // -q keeps the errors only.
    let (_, quiet) = validate(&["-q"], &[], "[GameType \"25\"]\n1. c3-d4 f6-g5\n");
    assert_eq!(quiet, "");
}

const ESC: char = '\u{1b}';

/// `out` without its colour sequences (`ESC [ digits ; m`).
fn without_colours(out: &str) -> String {
    let mut plain = String::new();
    let mut rest = out;
    while let Some(at) = rest.find(&format!("{ESC}[")) {
        plain.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let end = after
            .find(|c: char| !(c.is_ascii_digit() || c == ';'))
            .unwrap();
        if after[end..].starts_with('m') {
            rest = &after[end + 1..];
        } else {
            // Not a colour: keep it, for the assertions to find.
            plain.push_str(&rest[at..at + 2]);
            rest = after;
        }
    }
    plain.push_str(rest);
    plain
}

#[test]
fn colour_when_asked_or_forced_and_never_with_no_color() {
    let plain = validate(&[], &[], GAMES).1;
    assert!(!plain.contains(ESC));
    for (args, env) in [
        (&["--color", "always"][..], &[][..]),
        (&[], &[("CLICOLOR_FORCE", "1")]),
    ] {
        let (_, out) = validate(args, env, GAMES);
        assert!(out.contains(&format!("{ESC}[")), "{args:?} {env:?}: {out}");
        assert_eq!(without_colours(&out), plain, "{args:?} {env:?}");
    }
    for (args, env) in [
        (&["--color", "never"][..], &[("CLICOLOR_FORCE", "1")][..]),
        (&[], &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]),
        (&["--color", "auto"], &[]),
    ] {
        let (_, out) = validate(args, env, GAMES);
        assert_eq!(out, plain, "{args:?} {env:?}");
    }
}

#[test]
fn text_from_the_archive_is_escaped_in_every_form() {
    // A clear-screen sequence in a tag and a bell in a move (an unreadable token): neither
    // reaches the output as such, in colour or not; they are shown as \u{1b} and \u{7}.
    let games = "[GameType \"\u{1b}[2J25\"]\n1. c3-d4 *\n\n\
                 [GameType \"25\"]\n1. c3\u{7}-b5 *\n";
    for args in [
        &["--color", "always"][..],
        &["--color", "never"],
        &["--format", "short"],
        &["--format", "github"],
    ] {
        let (code, out) = validate(args, &[], games);
        assert_eq!(code, 1, "{args:?}");
        let out = without_colours(&out);
        assert!(
            !out.chars().any(|c| c.is_control() && c != '\n'),
            "{args:?}: {out:?}"
        );
        assert!(out.contains("\\u{1b}[2J25"), "{args:?}: {out}");
        // The source lines of human output show the move as written, escaped.
        let human = args[0] == "--color";
        assert_eq!(
            out.contains("5 | 1. c3\\u{7}-b5 *\n"),
            human,
            "{args:?}: {out}"
        );
    }
    let (_, out) = validate(&["--color", "never"], &[], games);
    // The caret stands under the escaped value (11 characters).
    let line = "1 | [GameType \"\\u{1b}[2J25\"]\n";
    let caret = format!("  |{}{}\n", " ".repeat(12), "^".repeat(11));
    assert!(out.contains(&format!("{line}{caret}")), "{out}");
}
