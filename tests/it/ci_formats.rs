//! validate's reports for CI: SARIF read back by the serde-sarif types and checked for what
//! GitHub code scanning requires, JUnit read back by an XML parser and counted against
//! validate's own summary. The archive is hand-written; its findings were worked by hand.

use crate::harness::pdnkit;
use serde_sarif::sarif::{ResultLevel, Sarif};
use std::fs;
use std::path::Path;

/// Game 1 valid; game 2: c3-b5 (b5 is a light square) at 6:4; game 3 valid, without result
/// (a warning at the end of its text, 9:9).
const A: &str = "[GameType \"25\"]\n[Result \"*\"]\n1. c3-d4 f6-g5 *\n\n\
                 [GameType \"25\"]\n1. c3-b5 *\n\n\
                 [GameType \"25\"]\n1. e3-f4\n";
/// Game 1: a GameType of `<`, `&` and a control character (1:12); game 2: d4-c5 while d4:f6
/// is compulsory (5:19).
const B: &str = "[GameType \"<&\u{1}>\"]\n1. c3-d4 *\n\n\
                 [GameType \"25\"]\n1. c3-d4 f6-e5 2. d4-c5 *\n";
/// The second file's name: a space and `&` (percent-encoded in SARIF, escaped in XML).
const B_NAME: &str = "x & y.pdn";

fn archive() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.pdn"), A).unwrap();
    fs::write(dir.path().join(B_NAME), B).unwrap();
    dir
}

/// validate with `args` run in `dir` on `.`: exit code and standard output.
fn validate(dir: &Path, args: &[&str]) -> (i32, String) {
    let out = pdnkit()
        .current_dir(dir)
        .arg("validate")
        .args(args)
        .arg(".")
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    (out.status.code().unwrap(), stdout)
}

#[test]
fn sarif_holds_what_github_code_scanning_requires() {
    let dir = archive();
    let (code, stdout) = validate(dir.path(), &["--format", "sarif"]);
    assert_eq!(code, 1, "{stdout}");
    let sarif: Sarif = serde_json::from_str(&stdout).unwrap();
    assert_eq!(sarif.version, "2.1.0");
    assert!(sarif.schema.as_deref().unwrap().contains("sarif-2.1.0"));
    assert_eq!(sarif.runs.len(), 1);
    let run = &sarif.runs[0];
    let driver = &run.tool.driver;
    assert_eq!(driver.name, "pdnkit");
    let rules = driver.rules.as_ref().unwrap();
    let ids: Vec<&str> = rules.iter().map(|r| r.id.as_str()).collect();
    for id in [
        "syntax",
        "illegal-move",
        "missing-result",
        "unknown-game-type",
        "binary",
    ] {
        assert!(ids.contains(&id), "no rule {id}");
    }
    for rule in rules {
        let text = &rule.short_description.as_ref().unwrap().text;
        assert!(!text.is_empty(), "rule {} has no description", rule.id);
    }
    let mut found = Vec::new();
    for result in run.results.as_ref().unwrap() {
        let rule = result.rule_id.clone().unwrap();
        assert!(ids.contains(&rule.as_str()), "result of no rule: {rule}");
        let index = usize::try_from(result.rule_index.unwrap()).unwrap();
        assert_eq!(ids[index], rule);
        let location = &result.locations.as_ref().unwrap()[0];
        let physical = location.physical_location.as_ref().unwrap();
        let artifact = physical.artifact_location.as_ref().unwrap();
        assert_eq!(artifact.uri_base_id.as_deref(), Some("%SRCROOT%"));
        let region = physical.region.as_ref().unwrap();
        found.push((
            artifact.uri.clone().unwrap(),
            region.start_line.unwrap(),
            region.start_column.unwrap(),
            rule,
            result.level.unwrap(),
            result.message.text.clone().unwrap(),
        ));
    }
    found.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
    let want = [
        (
            "a.pdn",
            6,
            4,
            "illegal-move",
            ResultLevel::Error,
            "\"c3-b5\"",
        ),
        (
            "a.pdn",
            9,
            9,
            "missing-result",
            ResultLevel::Warning,
            "game 3",
        ),
        (
            "x%20%26%20y.pdn",
            1,
            12,
            "unknown-game-type",
            ResultLevel::Error,
            "\"<&\\u{1}>\"",
        ),
        (
            "x%20%26%20y.pdn",
            5,
            19,
            "illegal-move",
            ResultLevel::Error,
            "legal moves: d4:f6",
        ),
    ];
    assert_eq!(found.len(), want.len(), "{found:?}");
    for (got, want) in found.iter().zip(want) {
        assert_eq!(
            (got.0.as_str(), got.1, got.2, got.3.as_str(), got.4),
            (want.0, want.1, want.2, want.3, want.4)
        );
        assert!(got.5.contains(want.5), "{} lacks {}", got.5, want.5);
    }
}

#[test]
fn sarif_quiet_keeps_the_errors_only() {
    let dir = archive();
    let (code, stdout) = validate(dir.path(), &["--format", "sarif", "-q"]);
    assert_eq!(code, 1);
    let sarif: Sarif = serde_json::from_str(&stdout).unwrap();
    let results = sarif.runs[0].results.as_ref().unwrap();
    assert_eq!(results.len(), 3);
    assert!(results.iter().all(|r| r.level == Some(ResultLevel::Error)));
}

/// The summary's counts of validate's jsonl report.
fn summary(dir: &Path) -> serde_json::Value {
    let (_, stdout) = validate(dir, &["--format", "jsonl"]);
    serde_json::from_str(stdout.lines().last().unwrap()).unwrap()
}

#[test]
fn junit_counts_are_validates_counts() {
    let dir = archive();
    let (code, stdout) = validate(dir.path(), &["--format", "junit"]);
    assert_eq!(code, 1, "{stdout}");
    let xml = roxmltree::Document::parse(&stdout).unwrap();
    let root = xml.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    let suites: Vec<_> = root.children().filter(|n| n.is_element()).collect();
    let names: Vec<&str> = suites
        .iter()
        .map(|s| s.attribute("name").unwrap())
        .collect();
    assert_eq!(names, ["./a.pdn", "./x & y.pdn"]);
    let count = |attribute: &str| -> usize {
        suites
            .iter()
            .map(|s| s.attribute(attribute).unwrap().parse::<usize>().unwrap())
            .sum()
    };
    let cases: Vec<_> = xml
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    let failed: Vec<_> = cases
        .iter()
        .filter(|c| c.children().any(|n| n.has_tag_name("failure")))
        .collect();
    let totals = summary(dir.path());
    assert_eq!(totals["games"], 5);
    assert_eq!(totals["invalid"], 3);
    assert_eq!(count("tests"), 5);
    assert_eq!(cases.len(), 5);
    assert_eq!(count("failures"), 3);
    assert_eq!(failed.len(), 3);
    assert_eq!(count("errors"), 0);
    // The failures: game 2 of a.pdn, games 1 and 2 of the other, with their errors.
    let failure = |case: &&roxmltree::Node| {
        let f = case.children().find(|n| n.has_tag_name("failure")).unwrap();
        let what = (
            case.attribute("classname").unwrap().to_string(),
            case.attribute("name").unwrap().to_string(),
            f.attribute("type").unwrap().to_string(),
        );
        (what, f.text().unwrap().to_string())
    };
    let got: Vec<_> = failed.iter().map(failure).collect();
    let want = [
        (
            "./a.pdn",
            "game 2",
            "illegal-move",
            "./a.pdn:6:4: error[illegal-move]",
        ),
        (
            "./x & y.pdn",
            "game 1",
            "unknown-game-type",
            "./x & y.pdn:1:12: error[unknown-game-type]: game 1: GameType \"<&\\u{1}>\"",
        ),
        (
            "./x & y.pdn",
            "game 2",
            "illegal-move",
            "./x & y.pdn:5:19: error[illegal-move]",
        ),
    ];
    for ((what, text), want) in got.iter().zip(want) {
        assert_eq!(
            (what.0.as_str(), what.1.as_str(), what.2.as_str()),
            (want.0, want.1, want.2)
        );
        assert!(text.starts_with(want.3), "{text}");
    }
    // The warning of a valid game is its output, not a failure.
    let game3 = cases
        .iter()
        .find(|c| {
            c.attribute("name") == Some("game 3") && c.attribute("classname") == Some("./a.pdn")
        })
        .unwrap();
    let out = game3
        .children()
        .find(|n| n.has_tag_name("system-out"))
        .unwrap();
    assert!(out.text().unwrap().contains("warning[missing-result]"));
}

#[test]
fn an_unreadable_file_is_a_test_case_in_error_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("data.pdn"), b"\x00\x01binary").unwrap();
    let (code, stdout) = validate(dir.path(), &["--format", "junit"]);
    assert_eq!(code, 2);
    let xml = roxmltree::Document::parse(&stdout).unwrap();
    let suite = xml
        .descendants()
        .find(|n| n.has_tag_name("testsuite"))
        .unwrap();
    assert_eq!(suite.attribute("errors"), Some("1"));
    let error = xml.descendants().find(|n| n.has_tag_name("error")).unwrap();
    assert_eq!(error.attribute("type"), Some("binary"));
    let (code, stdout) = validate(dir.path(), &["--format", "sarif"]);
    assert_eq!(code, 2);
    let sarif: Sarif = serde_json::from_str(&stdout).unwrap();
    let results = sarif.runs[0].results.as_ref().unwrap();
    assert_eq!(results.len(), 1);
    assert_eq!(results[0].rule_id.as_deref(), Some("binary"));
}

#[test]
fn no_input_is_still_a_document() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stdout) = validate(dir.path(), &["--format", "sarif"]);
    assert_eq!(code, 2);
    let sarif: Sarif = serde_json::from_str(&stdout).unwrap();
    assert_eq!(sarif.runs[0].results.as_ref().map(Vec::len), Some(0));
    let (code, stdout) = validate(dir.path(), &["--format", "junit"]);
    assert_eq!(code, 2);
    let xml = roxmltree::Document::parse(&stdout).unwrap();
    assert_eq!(xml.root_element().tag_name().name(), "testsuites");
}

/// A file of several blocks (a thread reads about 64 KiB at a time) and the two small ones:
/// SARIF and JUnit on two threads are byte for byte those of one thread.
#[test]
fn sarif_and_junit_are_the_same_on_one_thread_and_two() {
    let dir = archive();
    let mut big = String::new();
    while big.len() < 400 << 10 {
        big.push_str(A);
        big.push_str("\n\n");
        big.push_str(B);
        big.push_str("\n\n");
    }
    fs::write(dir.path().join("big.pdn"), &big).unwrap();
    for format in ["sarif", "junit"] {
        let one = validate(dir.path(), &["--format", format, "-j1"]);
        let two = validate(dir.path(), &["--format", format, "-j2"]);
        assert_eq!(one.0, 1);
        // Both small files and the large one are in the report, the large one many times.
        assert!(one.1.matches("illegal-move").count() > 1000, "{format}");
        assert!(one.1 == two.1, "{format}: -j2 differs from -j1");
        assert_eq!(two.0, 1);
    }
}
