//! One date reader for every command: the forms of Russian archives (`1950.`, `1950.??.??`,
//! `1.1.1967`) are read alike by select, split, dedupe and stats; an impossible date is
//! refused on the command line and warned about in a tag.

use crate::harness::on_stdin;
use serde_json::Value;

/// One short Russian game (8x8) with the Date tag `date` and the White player `white`.
fn game(date: &str, white: &str) -> String {
    format!(
        "[GameType \"25\"]\n[White \"{white}\"]\n[Black \"B\"]\n[Date \"{date}\"]\n\
         [Result \"*\"]\n1. c3-d4 f6-g5 2. b2-c3 g7-f6 *\n\n"
    )
}

/// Game 1 to 6: `1950.` (the USSR 1947 championship file writes every date so), `1950.??.??`,
/// `1.1.1967`, `1967.01.01`, `2019.02.30` (no such day), `1951`.
fn archive() -> String {
    [
        "1950.",
        "1950.??.??",
        "1.1.1967",
        "1967.01.01",
        "2019.02.30",
        "1951",
    ]
    .iter()
    .enumerate()
    .map(|(i, d)| game(d, &format!("W{}", i + 1)))
    .collect()
}

fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let all: Vec<&str> = args.iter().copied().chain(["--no-config"]).collect();
    on_stdin(&all, input)
}

/// The White players of the games `select --date RANGE` writes.
fn selected(range: &str) -> Vec<String> {
    let (code, stdout, stderr) = run(&["select", "-", "--date", range], &archive());
    // Exit code 1: nothing selected.
    assert_eq!(code, i32::from(stdout.is_empty()), "{range}: {stderr}");
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix("[White \""))
        .map(|l| l.trim_end_matches("\"]").to_string())
        .collect()
}

#[test]
fn select_reads_the_dates_of_russian_archives() {
    assert_eq!(selected("1950"), ["W1", "W2"]);
    assert_eq!(selected("1950.."), ["W1", "W2", "W3", "W4", "W5", "W6"]);
    assert_eq!(selected("1967.01.01"), ["W3", "W4"]);
    assert_eq!(selected("1.1.1967"), ["W3", "W4"]);
    assert_eq!(selected("..1951"), ["W1", "W2", "W6"]);
    // 2019.02.30 is read as February 2019: in the year and the month, on no day.
    assert_eq!(selected("2019"), ["W5"]);
    assert_eq!(selected("2019.02"), ["W5"]);
    assert!(selected("2019.02.28").is_empty());
}

#[test]
fn an_impossible_date_on_the_command_line_is_refused() {
    for (range, why) in [
        ("2021.13", "there is no month 13"),
        ("2019.02.30", "February has no day 30 (it has 28 days)"),
        ("2020..2021.04.31", "April has no day 31"),
        ("2021.00", "date range \"2021.00\""),
    ] {
        let (code, stdout, stderr) = run(&["select", "-", "--date", range], &archive());
        assert_eq!(code, 2, "{range}");
        assert!(stdout.is_empty(), "{range}: {stdout}");
        assert!(stderr.contains(why), "{range}: {stderr}");
        assert!(stderr.contains(range), "{range}: {stderr}");
    }
    // 2020 is a leap year.
    assert_ne!(
        run(&["select", "-", "--date", "2020.02.29"], &archive()).0,
        2
    );
}

#[test]
fn an_impossible_date_in_a_tag_is_a_warning() {
    let (code, stdout, _) = run(&["validate", "--format", "short", "-"], &archive());
    assert_eq!(code, 0, "{stdout}");
    let warned: Vec<&str> = stdout
        .lines()
        .filter(|l| l.contains("[bad-date]"))
        .collect();
    assert_eq!(warned.len(), 1, "{stdout}");
    assert!(
        warned[0].starts_with("<stdin>:32:8: warning[bad-date]: game 5: Date \"2019.02.30\""),
        "{stdout}"
    );
    assert!(warned[0].contains("February has no day 30"), "{stdout}");
    let (code, _, _) = run(
        &["validate", "--format", "short", "-", "--strict"],
        &archive(),
    );
    assert_eq!(code, 1);
    let (code, stdout, _) = run(
        &["validate", "--format", "short", "-", "--allow", "bad-date"],
        &archive(),
    );
    assert_eq!(code, 0);
    assert!(!stdout.contains("bad-date"), "{stdout}");
}

#[test]
fn split_and_the_report_file_1950_dot_under_1950() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("by-year");
    let (code, _, stderr) = run(
        &["split", "-", "--by", "year", "-o", out.to_str().unwrap()],
        &archive(),
    );
    assert_eq!(code, 0, "{stderr}");
    let mut files: Vec<(String, usize)> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let text = std::fs::read_to_string(e.path()).unwrap();
            let name = e.file_name().to_string_lossy().into_owned();
            (name, text.matches("[White ").count())
        })
        .collect();
    files.sort();
    let expected = [
        ("1950.pdn", 2),
        ("1951.pdn", 1),
        ("1967.pdn", 2),
        ("2019.pdn", 1),
    ];
    let expected: Vec<(String, usize)> =
        expected.iter().map(|(f, n)| (f.to_string(), *n)).collect();
    assert_eq!(files, expected);
    // The report's chart of years.
    let page = dir.path().join("report.html");
    let (code, _, stderr) = run(&["report", "-", "-o", page.to_str().unwrap()], &archive());
    assert_eq!(code, 0, "{stderr}");
    let page = std::fs::read_to_string(page).unwrap();
    assert!(
        page.contains("Games per year (Date tag): 1950 2, 1951 1, 1967 2, 2019 1\""),
        "{page}"
    );
}

#[test]
fn dedupe_compares_1950_dot_as_the_year_1950() {
    // The same moves twice: `1950.` and `1950.05.01` may be one day; `1950.` and `1951` not.
    let same = format!("{}{}", game("1950.", "W"), game("1950.05.01", "W"));
    let other = format!("{}{}", game("1950.", "W"), game("1951", "W"));
    let conflicts = |input: &str| {
        let (_, stdout, stderr) = run(&["dedupe", "-"], input);
        let group: Value = serde_json::from_str(stdout.lines().next().expect(&stderr)).unwrap();
        group["conflicts"].clone()
    };
    assert_eq!(conflicts(&same), serde_json::json!([]));
    assert_eq!(conflicts(&other), serde_json::json!(["Date"]));
}
