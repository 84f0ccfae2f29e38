//! Levels that do what they say: every code pdnkit prints takes a level, a syntax finding by
//! the name its message prints, and nothing that means a move was not read or checked can be
//! lowered so that an unchecked game passes.

use crate::harness::{on_stdin, pdnkit};

/// Runs `validate --no-config ARGS -` on `input`: exit code, stdout, stderr.
fn validate(args: &[&str], input: &str) -> (i32, String, String) {
    let all: Vec<&str> = ["validate", "--no-config"]
        .into_iter()
        .chain(args.iter().copied())
        .chain(["-"])
        .collect();
    on_stdin(&all, input)
}

/// `@@@` is no PDN token: the game cannot be read past it.
const UNREADABLE: &str = "[GameType \"25\"]\n1. c3-d4 f6-g5 2. @@@ b6-a5 *\n";
/// A comment never closed.
const UNCLOSED: &str = "[GameType \"25\"]\n1. c3-d4 {a comment f6-g5 *\n";
/// A tag value without quotes (a tolerated deviation); legal moves otherwise.
const UNQUOTED: &str = "[GameType \"25\"]\n[Event Moscow]\n1. c3-d4 f6-g5 *\n";
/// d4-c5 while d4:f6 is compulsory (8x8: f6-e5 puts a man next to d4 with f6 empty).
const ILLEGAL: &str = "[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4-c5 *\n";

#[test]
fn syntax_errors_cannot_be_allowed_away() {
    for (input, level, name) in [
        (UNREADABLE, "--allow", "syntax"),
        (UNCLOSED, "--allow", "syntax"),
        (UNREADABLE, "--warn", "syntax"),
        (UNREADABLE, "--allow", "unknown-token"),
        (UNCLOSED, "--allow", "unterminated-comment"),
        (ILLEGAL, "--warn", "illegal-move"),
        (ILLEGAL, "--allow", "illegal-move"),
    ] {
        let (exit, stdout, stderr) = validate(&[level, name], input);
        assert_eq!(exit, 2, "{level} {name}: {stdout}{stderr}");
        assert!(stdout.is_empty(), "{stdout}");
        assert!(stderr.contains(&format!("{level} {name}: ")), "{stderr}");
        assert!(stderr.contains("cannot pass"), "{stderr}");
    }
    // Without a level the games are invalid, as they are with --deny.
    for input in [UNREADABLE, UNCLOSED, ILLEGAL] {
        assert_eq!(validate(&[], input).0, 1, "{input}");
        assert_eq!(validate(&["--deny", "syntax"], input).0, 1, "{input}");
    }
    // The refusal of `syntax` names the deviations that can be given a level instead.
    let (_, _, stderr) = validate(&["--allow", "syntax"], UNQUOTED);
    assert!(stderr.contains("instead: unterminated-tag,"), "{stderr}");
    assert!(stderr.contains("unquoted-tag-value"), "{stderr}");
}

#[test]
fn a_syntax_finding_takes_a_level_by_the_name_it_prints() {
    let (exit, stdout, _) = validate(&[], UNQUOTED);
    assert_eq!(exit, 0);
    assert!(stdout.contains("warning[syntax]"), "{stdout}");
    assert!(stdout.contains("(unquoted-tag-value)"), "{stdout}");
    let (exit, stdout, stderr) = validate(&["--allow", "unquoted-tag-value"], UNQUOTED);
    assert_eq!(exit, 0, "{stderr}");
    assert!(
        stdout.contains("1 game: 1 valid, 0 invalid, 0 warnings"),
        "{stdout}"
    );
    let (exit, stdout, _) = validate(&["--deny", "unquoted-tag-value"], UNQUOTED);
    assert_eq!(exit, 1);
    assert!(stdout.contains("error[syntax]"), "{stdout}");
    // Under --strict the warning is an error unless its name has a level.
    assert_eq!(validate(&["--strict"], UNQUOTED).0, 1);
    let args = ["--strict", "--warn", "unquoted-tag-value"];
    assert_eq!(validate(&args, UNQUOTED).0, 0);
    // The same name in pdnkit.toml.
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("pdnkit.toml");
    let with_config = |levels: &str| {
        std::fs::write(&config, levels).unwrap();
        let out = pdnkit()
            .args(["validate", "--config", config.to_str().unwrap(), "-"])
            .write_stdin(UNQUOTED)
            .output()
            .unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        (out.status.code().unwrap(), stdout, stderr)
    };
    let (exit, stdout, _) = with_config("[levels]\nunquoted-tag-value = \"allow\"\n");
    assert_eq!(exit, 0);
    assert!(stdout.contains("0 warnings"), "{stdout}");
    let (exit, _, stderr) = with_config("[levels]\nsyntax = \"allow\"\n");
    assert_eq!(exit, 2, "{stderr}");
    assert!(
        stderr.contains("[levels] syntax = \"allow\": the syntax code holds errors"),
        "{stderr}"
    );
}

/// Every code of src/diagnostic/kind.rs and every syntax name its messages print is accepted
/// (as `--deny`, the encoding note as `--allow`), and the help of validate lists each of them.
#[test]
fn every_code_printed_takes_a_level_and_is_in_the_help() {
    let kinds = include_str!("../../src/diagnostic/kind.rs");
    let codes = include_str!("../../src/diagnostic/code.rs");
    let syntax = include_str!("../../src/pdn/error.rs");
    // The value of a constant of the code module.
    let value = |constant: &str| -> String {
        let decl = format!("pub const {constant}: &str = \"");
        let value = codes.split(&decl).nth(1).expect(constant);
        value.split('"').next().unwrap().to_string()
    };
    // The constants named in Kind::code, with their values from the code module.
    let mut names = Vec::new();
    for constant in kinds.split("code::").skip(1) {
        let constant: String = constant
            .chars()
            .take_while(|c| c.is_ascii_uppercase() || *c == '_')
            .collect();
        if constant.is_empty() {
            continue;
        }
        names.push(value(&constant));
    }
    // The names of the syntax findings: the third field of each row of the table.
    for row in syntax.split("=> ").skip(1) {
        let Some((severity, rest)) = row.split_once(", \"") else {
            continue;
        };
        if matches!(severity, "Error" | "Warning") {
            names.push(rest.split('"').next().unwrap().to_string());
        }
    }
    names.sort();
    names.dedup();
    assert!(names.len() > 40, "{names:?}");
    assert!(names.iter().any(|n| n == "unquoted-tag-value"));
    assert!(names.iter().any(|n| n == "too-deep"));
    let help = pdnkit().args(["help", "validate"]).output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap().replace('\n', " ");
    for name in &names {
        // The encoding note about a file can only be allowed.
        let level = if *name == value("ENCODING") {
            "--allow"
        } else {
            "--deny"
        };
        let (exit, _, stderr) = validate(&[level, name], UNQUOTED);
        assert_ne!(exit, 2, "{level} {name}: {stderr}");
        assert!(
            help.contains(&format!(" {name},")) || help.contains(&format!(" {name})")),
            "help lacks {name}"
        );
    }
    // The codes that mean something was not checked can only be denied: the constants
    // listed in code::UNCHECKED.
    let unchecked = codes
        .split("pub const UNCHECKED: [&str; ")
        .nth(1)
        .and_then(|rest| rest.split_once("= [")?.1.split_once("];"))
        .expect("code::UNCHECKED")
        .0;
    let unchecked: Vec<String> = unchecked
        .split(',')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(value)
        .collect();
    assert!(
        unchecked.iter().any(|c| c == "illegal-move"),
        "{unchecked:?}"
    );
    for name in &unchecked {
        let (exit, _, stderr) = validate(&["--warn", name], UNQUOTED);
        assert_eq!(exit, 2, "--warn {name}");
        assert!(stderr.contains("can only be denied"), "{stderr}");
    }
}
