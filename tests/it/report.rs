//! `pdnkit report`: the page's counts against `validate --format json`, its markup parsed as
//! XML (every element closed, ids unique, nothing loaded from outside, archive text escaped),
//! and the page in headless Chromium (`report_browser.rs`): the viewer stepped with the
//! keyboard against `pdnkit show --ply N`, every invalid game's board and message, no
//! console error, and the page with scripts off. Screenshots of each kind of page are
//! written to `$PDNKIT_SCREENSHOTS` when it is set (`scripts/screenshots.sh` keeps them in
//! docs/).

use crate::harness::{Run, command, pdnkit_run, wait};
use crate::report_browser::Browser;
use pdnkit::{Corner, Variant, parse_fen};
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};

fn fixture(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(path)
}

/// Writes the report of `paths` into `dir`; returns the page's path and the exit code.
fn report(dir: &Path, name: &str, args: &[&str], paths: &[&Path]) -> (PathBuf, Option<i32>) {
    let page = dir.join(name);
    let mut all = vec!["report", "-o", page.to_str().expect("UTF-8 path")];
    all.extend_from_slice(args);
    let run = in_repository(&all, paths);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    assert!(run.stdout.is_empty(), "the page goes to -o: {}", run.stdout);
    (page, run.code)
}

/// Runs pdnkit in the repository's directory, so that relative fixture paths work (and the
/// page names files as a user would type them).
fn in_repository(args: &[&str], paths: &[&Path]) -> Run {
    let child = command()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .args(paths)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("pdnkit starts");
    wait(child)
}

fn validate_json(paths: &[&Path]) -> (Value, Option<i32>) {
    let run = in_repository(&["validate", "--format", "json"], paths);
    let value: Value = serde_json::from_str(&run.stdout).expect("validate prints JSON");
    (value, run.code)
}

/// The page's summary object (`<script type="application/json" id="summary-json">`).
fn page_summary(html: &str) -> Value {
    let start =
        html.find("id=\"summary-json\">").expect("a summary object") + "id=\"summary-json\">".len();
    let end = start + html[start..].find("</script>").expect("end of the summary");
    serde_json::from_str(&html[start..end]).expect("summary JSON")
}

/// The page as XML (its `<!DOCTYPE html>` is a document type declaration to XML).
fn parse(html: &str) -> roxmltree::Document<'_> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    roxmltree::Document::parse_with_options(html, options).expect("the page parses as XML")
}

const ARCHIVES: [&str; 6] = [
    "errors",
    "russian",
    "rules",
    "spelling",
    "encoding",
    "no/such/file.pdn",
];

#[test]
fn counts_and_exit_codes_are_validates() {
    let dir = tempfile::tempdir().unwrap();
    for archive in ARCHIVES {
        let path = fixture(archive);
        // A missing file is reported and counted, next to a readable one.
        let good = fixture("sample.pdn");
        let (page, code) = report(dir.path(), "r.html", &[], &[&path, &good]);
        let (validated, validate_code) = validate_json(&[&path, &good]);
        assert_eq!(code, validate_code, "{archive}");
        let html = fs::read_to_string(&page).unwrap();
        let summary = page_summary(&html);
        for key in [
            "files",
            "unreadable_files",
            "games",
            "valid",
            "invalid",
            "warnings",
        ] {
            assert_eq!(summary[key], validated["summary"][key], "{archive}: {key}");
        }
        // Every file's row: games, valid, invalid and warnings as validate's games say.
        let mut per_file: HashMap<String, [u64; 4]> = HashMap::new();
        for game in validated["games"].as_array().unwrap() {
            let row = per_file
                .entry(game["file"].as_str().unwrap().to_string())
                .or_default();
            let valid = game["valid"].as_bool().unwrap();
            let warnings = game["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| d["severity"] == "warning")
                .count() as u64;
            row[0] += 1;
            row[1] += u64::from(valid);
            row[2] += u64::from(!valid);
            row[3] += warnings;
        }
        let doc = parse(&html);
        let rows: Vec<Vec<String>> = doc
            .descendants()
            .filter(|n| n.has_tag_name("table") && n.attribute("id") == Some("files"))
            .flat_map(|t| t.descendants().filter(|n| n.has_tag_name("tr")))
            .skip(1)
            .map(|tr| {
                tr.children()
                    .filter(|c| c.has_tag_name("td"))
                    .map(|td| td.text().unwrap_or("").to_string())
                    .collect()
            })
            .collect();
        let unreadable = validated["summary"]["unreadable_files"].as_u64().unwrap() as usize;
        assert_eq!(rows.len(), per_file.len() + unreadable, "{archive}");
        for row in rows.iter().filter(|row| per_file.contains_key(&row[0])) {
            let counts: Vec<u64> = row[1..5].iter().map(|c| c.parse().unwrap()).collect();
            assert_eq!(counts, per_file[&row[0]], "{archive}: {}", row[0]);
        }
    }
}

#[test]
fn the_page_is_well_formed_self_contained_and_escapes_archive_text() {
    let dir = tempfile::tempdir().unwrap();
    // A file name with markup in it, too.
    let odd = dir.path().join("a<b>&\"c\".pdn");
    fs::copy(fixture("report/hostile_text.pdn"), &odd).unwrap();
    let (page, code) = report(
        dir.path(),
        "r.html",
        &[],
        &[&odd, &fixture("errors"), &fixture("russian")],
    );
    assert_eq!(code, Some(1));
    let html = fs::read_to_string(&page).unwrap();
    let doc = parse(&html);
    let mut ids = HashSet::new();
    for node in doc.descendants().filter(|n| n.is_element()) {
        if let Some(id) = node.attribute("id") {
            assert!(ids.insert(id.to_string()), "id {id} twice");
        }
        assert!(node.attribute("src").is_none(), "a src attribute");
    }
    for node in doc.descendants().filter(|n| n.is_element()) {
        if let Some(href) = node.attribute("href") {
            let target = href.strip_prefix('#').expect("links stay in the page");
            assert!(ids.contains(target), "no element {href}");
        }
        for attribute in ["aria-labelledby", "for"] {
            if let Some(target) = node.attribute(attribute) {
                assert!(ids.contains(target), "{attribute}={target} points nowhere");
            }
        }
    }
    let scripts: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("script"))
        .collect();
    assert_eq!(
        scripts.len(),
        2,
        "the summary object and the page's script only"
    );
    assert!(!doc.descendants().any(|n| n.has_tag_name("img")));
    // The tag values are there as text.
    let text: String = doc
        .descendants()
        .filter(|n| n.is_text())
        .map(|n| n.text().unwrap_or(""))
        .collect();
    for shown in [
        "<script>alert(1)</script>",
        "Kyiv \"UKR\" & <b>bold</b>",
        "</title><img src=x onerror=alert(2)>",
        "A&amp;B",
        "]]><![CDATA[",
        "Олійник, Роман",
        "Polishchuk, Taras\\u{1b}[31m",
        "a<b>&\"c\".pdn",
    ] {
        assert!(text.contains(shown), "{shown} not shown as text");
    }
    assert!(!html.contains('\u{1b}'), "a raw control character");
}

#[test]
fn limits_bound_the_games_shown_and_the_page() {
    let dir = tempfile::tempdir().unwrap();
    let archive = dir.path().join("random.pdn");
    let run = pdnkit_run(&["random", "--games", "300", "--seed", "7"], &[]);
    fs::write(&archive, run.stdout).unwrap();
    let (small, code) = report(dir.path(), "small.html", &["--max-games", "5"], &[&archive]);
    assert_eq!(code, Some(0));
    let small_html = fs::read_to_string(&small).unwrap();
    assert_eq!(small_html.matches("<article").count(), 5);
    assert!(small_html.contains("The first 5 of 300 valid games are shown"));
    assert_eq!(page_summary(&small_html)["games"], 300);
    // Ten times the games, the same limit: about the same page.
    let big_archive = dir.path().join("big.pdn");
    let run = pdnkit_run(&["random", "--games", "3000", "--seed", "7"], &[]);
    fs::write(&big_archive, run.stdout).unwrap();
    let (big, _) = report(
        dir.path(),
        "big.html",
        &["--max-games", "5"],
        &[&big_archive],
    );
    let big_size = fs::metadata(&big).unwrap().len() as f64;
    let small_size = small_html.len() as f64;
    assert!(
        big_size < small_size * 1.5,
        "{big_size} against {small_size}"
    );
    // Invalid games have a limit of their own; every one is still counted.
    let (page, code) = report(
        dir.path(),
        "invalid.html",
        &["--max-invalid", "2", "--max-games", "0"],
        &[&fixture("errors")],
    );
    assert_eq!(code, Some(1));
    let html = fs::read_to_string(&page).unwrap();
    assert_eq!(html.matches("<article").count(), 2);
    let invalid = page_summary(&html)["invalid"].as_u64().unwrap();
    assert!(html.contains(&format!("The first 2 of {invalid} invalid games are shown")));
}

#[test]
fn the_page_never_replaces_an_input_and_goes_to_standard_output_without_o() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("games.pdn");
    fs::copy(fixture("rules/no_legal_move.pdn"), &input).unwrap();
    let before = fs::read(&input).unwrap();
    let run = pdnkit_run(&["report", "-o", input.to_str().unwrap()], &[&input]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("is also an input"), "{}", run.stderr);
    assert_eq!(fs::read(&input).unwrap(), before);
    let run = pdnkit_run(&["report"], &[&input]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.starts_with("<!DOCTYPE html>"));
    assert!(run.stdout.ends_with("</html>\n"));
}

#[test]
fn a_file_name_with_control_characters_reaches_stderr_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir
        .path()
        .join("gone\n::error file=x::forged\u{1b}[31m.pdn");
    for args in [&["report", "-o", "/dev/null"][..], &["stats"]] {
        let command = args[0];
        let run = pdnkit_run(args, &[&missing]);
        assert_eq!(run.code, Some(2), "{command}: {}", run.stderr);
        assert!(
            run.stderr.contains("error[io]"),
            "{command}: {}",
            run.stderr
        );
        assert!(
            run.stderr.contains("gone\\n::error"),
            "{command}: {}",
            run.stderr
        );
        assert_eq!(run.stderr.lines().count(), 1, "{command}: {}", run.stderr);
        assert!(!run.stderr.contains('\u{1b}'), "{command}");
    }
}

/// The elements of `doc` that have `class` among their classes.
fn with_class<'a>(
    doc: &'a roxmltree::Document<'a>,
    class: &'a str,
) -> impl Iterator<Item = roxmltree::Node<'a, 'a>> + 'a {
    doc.descendants().filter(move |n| {
        n.attribute("class")
            .is_some_and(|c| c.split(' ').any(|c| c == class))
    })
}

/// The text of a node and all below it.
fn text_of(node: roxmltree::Node) -> String {
    node.descendants()
        .filter(|n| n.is_text())
        .map(|n| n.text().unwrap_or(""))
        .collect()
}

/// The rows (label, count) of a chart's table of figures, found by its caption.
fn chart_figures(doc: &roxmltree::Document, caption: &str) -> Vec<(String, u64)> {
    let figure = with_class(doc, "chart")
        .find(|f| {
            f.children()
                .find(|c| c.has_tag_name("figcaption"))
                .is_some_and(|c| text_of(c) == caption)
        })
        .unwrap_or_else(|| panic!("no chart {caption}"));
    figure
        .descendants()
        .filter(|n| n.has_tag_name("tr"))
        .map(|tr| {
            let cells: Vec<String> = tr
                .children()
                .filter(|c| c.is_element())
                .map(text_of)
                .collect();
            (cells[0].clone(), cells[1].parse().unwrap())
        })
        .collect()
}

/// The article of game `number` of `file`.
fn article<'a>(
    doc: &'a roxmltree::Document<'a>,
    file: &str,
    number: usize,
) -> roxmltree::Node<'a, 'a> {
    let number = number.to_string();
    doc.descendants()
        .find(|n| {
            n.has_tag_name("article")
                && n.attribute("data-file") == Some(file)
                && n.attribute("data-game") == Some(number.as_str())
        })
        .unwrap_or_else(|| panic!("no article for {file} game {number}"))
}

#[test]
fn the_results_chart_counts_by_meaning() {
    let dir = tempfile::tempdir().unwrap();
    // Three draws in three spellings, two White wins, one each of the others; counted by
    // hand.
    let games = [
        "1/2-1/2", "1-1", "1/2:1/2", "1-0", "2-0", "0-1", "0-0", "*", "",
    ]
    .map(|result| format!("[GameType \"25\"]\n1. c3-d4 f6-g5 {result}\n\n"))
    .concat();
    let input = dir.path().join("results.pdn");
    fs::write(&input, games).unwrap();
    let (page, _) = report(dir.path(), "r.html", &[], &[&input]);
    let html = fs::read_to_string(page).unwrap();
    let doc = parse(&html);
    let figures = chart_figures(&doc, "Declared results (every game)");
    let expected = [
        ("White wins", 2),
        ("Draw", 3),
        ("Black wins", 1),
        ("Both lost", 1),
        ("Unfinished (*)", 1),
        ("No result", 1),
    ]
    .map(|(label, n)| (label.to_string(), n));
    assert_eq!(figures, expected);
    // An archive with a result of each kind but none missing has no "No result" bar.
    let input = dir.path().join("one.pdn");
    fs::write(&input, "[GameType \"25\"]\n1. c3-d4 f6-g5 1/2-1/2\n").unwrap();
    let (page, _) = report(dir.path(), "one.html", &[], &[&input]);
    let html = fs::read_to_string(page).unwrap();
    let figures = chart_figures(&parse(&html), "Declared results (every game)");
    let labels: Vec<&str> = figures.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(
        labels,
        [
            "White wins",
            "Draw",
            "Black wins",
            "Both lost",
            "Unfinished (*)"
        ]
    );
}

#[test]
fn a_game_without_moves_has_no_dead_controls_and_the_length_axis_ends_at_the_longest_game() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("few.pdn");
    // Tags only; a FEN and no move; 1 ply; 30 plies (of a random game, cut).
    let random = pdnkit_run(
        &["random", "--games", "1", "--seed", "3", "--game-type", "25"],
        &[],
    );
    let moves: Vec<&str> = random
        .stdout
        .split_whitespace()
        .filter(|w| w.starts_with(|c: char| c.is_ascii_lowercase()))
        .filter(|w| w.contains('-') || w.contains(':'))
        .take(30)
        .collect();
    assert_eq!(moves.len(), 30);
    let long: String = moves
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| format!("{}. {} ", i + 1, pair.join(" ")))
        .collect();
    let text = format!(
        "[Event \"Tags only\"]\n[Result \"*\"]\n*\n\n\
         [GameType \"25\"]\n[FEN \"W:Wa1,c3:Bh8\"]\n*\n\n\
         [GameType \"25\"]\n1. c3-d4 *\n\n\
         [GameType \"25\"]\n{long}*\n"
    );
    fs::write(&input, text).unwrap();
    let (page, code) = report(dir.path(), "r.html", &[], &[&input]);
    assert_eq!(code, Some(0));
    let html = fs::read_to_string(page).unwrap();
    let doc = parse(&html);
    let name = input.to_str().unwrap();
    // Tags only: said so, and no board, no viewer, no button.
    let tags_only = article(&doc, name, 1);
    let said = with_class(&doc, "no-moves")
        .filter(|n| tags_only.descendants().any(|d| d == *n))
        .map(text_of)
        .collect::<Vec<_>>();
    assert_eq!(said, ["No moves: the game has tags only."]);
    assert!(!tags_only.descendants().any(|n| n.has_tag_name("button")));
    assert!(
        !tags_only
            .descendants()
            .any(|n| n.attribute("class") == Some("viewer"))
    );
    // A FEN and no move: the position (to be drawn), its FEN, still no button or move list.
    let fen_only = article(&doc, name, 2);
    let viewer = fen_only
        .descendants()
        .find(|n| n.attribute("class") == Some("viewer"))
        .expect("a board for the FEN's position");
    assert_eq!(viewer.attribute("tabindex"), None);
    assert!(
        !fen_only
            .descendants()
            .any(|n| n.has_tag_name("button") || n.has_tag_name("ol"))
    );
    let fen = with_class(&doc, "fen").find(|n| viewer.descendants().any(|d| d == *n));
    assert_eq!(text_of(fen.unwrap()), "FEN: W:Wa1,c3:Bh8");
    // Games with moves keep their controls.
    let one_ply = article(&doc, name, 3);
    assert_eq!(
        one_ply
            .descendants()
            .filter(|n| n.attribute("data-step").is_some())
            .count(),
        4
    );
    // Plies 0, 0, 1 and 30 in bins of 2 (31 bins of 1 would pass 24): the last bin is 30's
    // own, labelled 30, not 30-31.
    let lengths = chart_figures(&doc, "Game length (valid games)");
    assert_eq!(lengths.len(), 16);
    assert_eq!(lengths[0], ("0-1".to_string(), 3));
    assert_eq!(lengths[15], ("30".to_string(), 1));
    assert_eq!(lengths.iter().map(|b| b.1).sum::<u64>(), 4);
}

/// `count` random 8x8 games tagged as 10x8 games: nearly every one invalid at some move.
fn invalid_archive(dir: &Path, count: usize) -> PathBuf {
    let games = pdnkit_run(
        &[
            "random",
            "--games",
            &count.to_string(),
            "--seed",
            "5",
            "--game-type",
            "25",
        ],
        &[],
    );
    let text: String = games
        .stdout
        .replace("[GameType \"25\"]", "[GameType \"41\"]");
    let path = dir.join("invalid.pdn");
    fs::write(&path, text).unwrap();
    path
}

#[test]
fn an_invalid_game_opens_at_its_failing_move_and_boards_are_drawn_from_the_moves() {
    let dir = tempfile::tempdir().unwrap();
    let input = invalid_archive(dir.path(), 150);
    let (page, code) = report(dir.path(), "r.html", &[], &[&input]);
    assert_eq!(code, Some(1));
    let html = fs::read_to_string(&page).unwrap();
    let doc = parse(&html);
    let invalid = page_summary(&html)["invalid"].as_u64().unwrap() as usize;
    assert!(invalid > 100, "{invalid}");
    // No board is in the page: the SVG pictures are the piece shapes and the charts.
    let svgs: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("svg"))
        .collect();
    let charts = with_class(&doc, "chart-svg").count();
    assert_eq!(svgs.len(), 1 + charts);
    assert!(!html.contains("<rect class=\"dark"));
    // Each invalid game: one viewer, opening after the last ply replayed, with the FEN
    // show gives there and the squares of the failing move.
    let mut opened_at_failure = 0;
    for node in doc
        .descendants()
        .filter(|n| n.has_tag_name("article") && n.attribute("class") == Some("game invalid"))
    {
        let number: usize = node.attribute("data-game").unwrap().parse().unwrap();
        let viewers: Vec<_> = node
            .descendants()
            .filter(|n| n.attribute("class") == Some("viewer"))
            .collect();
        assert_eq!(viewers.len(), 1, "game {number}");
        let viewer = viewers[0];
        let plies = viewer
            .attribute("data-moves")
            .unwrap()
            .split_whitespace()
            .count();
        let open: usize = viewer
            .attribute("data-open-ply")
            .map_or(0, |p| p.parse().unwrap());
        assert_eq!(open, plies, "game {number}");
        if let Some(failure) = viewer.attribute("data-failure") {
            opened_at_failure += 1;
            assert!(failure.contains("Legal moves: "), "{failure}");
            assert!(!viewer.attribute("data-failed").unwrap().is_empty());
        }
        if number <= 3 {
            let fen = with_class(&doc, "fen")
                .find(|n| viewer.descendants().any(|d| d == *n))
                .map(text_of)
                .unwrap();
            let expected = show_fen(&input, number, None);
            assert_eq!(fen, format!("FEN: {expected}"), "game {number}");
        }
    }
    assert_eq!(opened_at_failure, invalid);
    // Light: under 6 kB a game shown (the page with one SVG board per board weighed about
    // 15 kB a game).
    let per_game = html.len() / invalid;
    assert!(per_game < 6000, "{per_game} bytes a game");
    // The script builds the boards with attributes and text nodes only: no markup parsed.
    let script = include_str!("../../src/html/report.js");
    for parser in [
        "innerHTML",
        "outerHTML",
        "insertAdjacentHTML",
        "document.write",
    ] {
        assert!(!script.contains(parser), "{parser} in the page's script");
    }
}

/// The position a FEN describes, one entry per dark square in reading order: `#p-e`,
/// `#p-wm`, `#p-wk`, `#p-bm`, `#p-bk` (the page's piece shapes).
fn expected_pieces(fen: &str, variant: Variant) -> Vec<String> {
    let pos = parse_fen(fen, variant, Corner::TopLeft).expect("show's FEN");
    let g = pos.geometry();
    g.bit_of_dense[..usize::from(g.num_squares)]
        .iter()
        .map(|&bit| {
            match pos.piece_at(bit).map(|p| (p.color, p.king)) {
                None => "#p-e",
                Some((pdnkit::Color::White, false)) => "#p-wm",
                Some((pdnkit::Color::White, true)) => "#p-wk",
                Some((pdnkit::Color::Black, false)) => "#p-bm",
                Some((pdnkit::Color::Black, true)) => "#p-bk",
            }
            .to_string()
        })
        .collect()
}

/// `pdnkit show`'s FEN of a game after `ply` (the last ply without one).
fn show_fen(file: &Path, game: usize, ply: Option<usize>) -> String {
    let game = game.to_string();
    let ply = ply.map(|p| p.to_string());
    let mut args = vec!["show", "--ascii", "--game", &game];
    if let Some(ply) = &ply {
        args.extend(["--ply", ply]);
    }
    let run = in_repository(&args, &[file]);
    run.stdout
        .lines()
        .find_map(|l| l.strip_prefix("FEN: "))
        .unwrap_or_else(|| panic!("show gave no FEN: {}{}", run.stdout, run.stderr))
        .to_string()
}

/// The JavaScript expression of the viewer of a game.
fn viewer(file: &Path, game: usize) -> String {
    format!(
        "document.querySelector('article[data-file=\"{}\"][data-game=\"{game}\"] .viewer')",
        file.display()
    )
}

/// What the viewer shows: its FEN and the piece of each square of its board.
fn shown(browser: &mut Browser, viewer: &str) -> (String, Vec<String>) {
    let fen = browser.eval(&format!("{viewer}.querySelector('.fen code').textContent"));
    let pieces = browser.eval(&format!(
        "Array.from({viewer}.querySelectorAll('figure.live use'))\
         .map(u => u.getAttribute('href'))"
    ));
    let pieces = pieces
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    (fen.as_str().expect("FEN text").to_string(), pieces)
}

fn save_screenshot(browser: &mut Browser, name: &str) {
    if let Some(dir) = std::env::var_os("PDNKIT_SCREENSHOTS") {
        let png = browser.screenshot();
        assert!(png.starts_with(b"\x89PNG"), "a PNG");
        fs::write(Path::new(&dir).join(name), png).unwrap();
    }
}

fn assert_no_problems(browser: &mut Browser) {
    let problems = browser.problems();
    assert!(problems.is_empty(), "the browser reported: {problems:#?}");
}

#[test]
fn the_viewer_steps_through_games_of_both_boards_as_show_replays_them() {
    let dir = tempfile::tempdir().unwrap();
    // Relative paths, as a user types them: the page names files as given.
    let games: [(&str, usize, Variant, &[usize]); 4] = [
        // A man crowned in the middle of a capture (ply 50), then an agreed draw.
        (
            "fixtures/rules/promotion_mid_capture.pdn",
            1,
            Variant::Spantsiretti,
            &[1, 2, 49, 50],
        ),
        // Kings from a FEN, threefold repetition after ply 8.
        (
            "fixtures/rules/draw_threefold_repetition.pdn",
            3,
            Variant::Spantsiretti,
            &[3, 8],
        ),
        // Russian draughts: captured men leave the board when the move is complete.
        (
            "fixtures/russian/russian_games.pdn",
            1,
            Variant::Russian,
            &[1, 7, 30],
        ),
        (
            "fixtures/russian/draws_by_rule.pdn",
            2,
            Variant::Russian,
            &[139],
        ),
    ];
    let files: Vec<&Path> = games.iter().map(|g| Path::new(g.0)).collect();
    let (page, code) = report(dir.path(), "viewer.html", &[], &files);
    assert_eq!(code, Some(0));
    let mut browser = Browser::launch();
    browser.open(&page);
    for (file, game, variant, plies) in games {
        let file = Path::new(file);
        let viewer = viewer(file, game);
        browser.eval(&format!("{viewer}.focus()"));
        assert_eq!(
            browser.eval(&format!("document.activeElement === {viewer}")),
            true
        );
        let start = shown(&mut browser, &viewer);
        assert_eq!(start.0, show_fen(file, game, Some(0)), "{}", file.display());
        assert_eq!(start.1, expected_pieces(&start.0, variant));
        // Step forward one key press at a time, checking the plies asked for.
        let mut at = 0;
        for &ply in plies {
            while at < ply {
                browser.press("ArrowRight");
                at += 1;
            }
            let (fen, pieces) = shown(&mut browser, &viewer);
            let expected = show_fen(file, game, Some(ply));
            assert_eq!(fen, expected, "{} game {game} ply {ply}", file.display());
            assert_eq!(pieces, expected_pieces(&expected, variant), "ply {ply}");
            let status = browser.eval(&format!("{viewer}.querySelector('.status').textContent"));
            assert!(
                status.as_str().unwrap().contains(&format!("(ply {ply} of")),
                "{status}"
            );
        }
        // Back one, to the end, to the start, and a click on a move.
        browser.press("ArrowLeft");
        let back = shown(&mut browser, &viewer).0;
        assert_eq!(back, show_fen(file, game, Some(at - 1)));
        browser.press("End");
        assert_eq!(shown(&mut browser, &viewer).0, show_fen(file, game, None));
        browser.press("Home");
        assert_eq!(
            shown(&mut browser, &viewer).0,
            show_fen(file, game, Some(0))
        );
        browser.eval(&format!(
            "{viewer}.querySelector('button[data-ply=\"{}\"]').click()",
            plies[0]
        ));
        assert_eq!(
            shown(&mut browser, &viewer).0,
            show_fen(file, game, Some(plies[0]))
        );
    }
    // The rule that ended a game is said when the viewer reaches it, and the captures and
    // the promotion of a move.
    let threefold = viewer(Path::new(games[1].0), 3);
    browser.eval(&format!("{threefold}.focus()"));
    browser.press("End");
    let status = browser.eval(&format!("{threefold}.querySelector('.status').textContent"));
    assert!(
        status
            .as_str()
            .unwrap()
            .ends_with("The game is over: draw by threefold repetition."),
        "{status}"
    );
    let crowned = viewer(Path::new(games[0].0), 1);
    browser.eval(&format!(
        "{crowned}.querySelector('button[data-ply=\"50\"]').click()"
    ));
    let status = browser.eval(&format!("{crowned}.querySelector('.status').textContent"));
    let status = status.as_str().unwrap();
    assert!(status.contains(", takes "), "{status}");
    assert!(status.contains(", becomes a king"), "{status}");
    let marked = browser.eval(&format!(
        "{crowned}.querySelectorAll('rect.captured').length"
    ));
    assert_eq!(marked, 4, "the four pieces taken are marked");
    // Keys pressed with nothing focused step the viewer used last.
    browser.eval("document.activeElement.blur()");
    browser.press("Home");
    browser.press("ArrowRight");
    assert_eq!(
        shown(&mut browser, &crowned).0,
        show_fen(Path::new(games[0].0), 1, Some(1))
    );
    // So do key events a script sends to the page.
    browser.eval(
        "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}))",
    );
    assert_eq!(
        shown(&mut browser, &crowned).0,
        show_fen(Path::new(games[0].0), 1, Some(2))
    );
    assert_no_problems(&mut browser);
    // The picture shows the capture that crowns a man.
    browser.eval(&format!(
        "{crowned}.querySelector('button[data-ply=\"50\"]').click()"
    ));
    browser.eval(&format!("{crowned}.scrollIntoView()"));
    save_screenshot(&mut browser, "report-viewer.png");
}

#[test]
fn every_invalid_game_has_its_board_and_message_in_the_browser() {
    let dir = tempfile::tempdir().unwrap();
    let archives = [Path::new("fixtures/errors"), Path::new("fixtures/russian")];
    let (page, code) = report(dir.path(), "invalid.html", &[], &archives);
    assert_eq!(code, Some(1));
    let (validated, _) = validate_json(&archives);
    let mut browser = Browser::launch();
    browser.open(&page);
    save_screenshot(&mut browser, "report-summary.png");
    let mut checked = 0;
    for game in validated["games"].as_array().unwrap() {
        if game["valid"] == true {
            continue;
        }
        let file = game["file"].as_str().unwrap();
        let number = game["game"].as_u64().unwrap();
        let article = format!(
            "document.querySelector('#invalid article[data-file=\"{file}\"][data-game=\"{number}\"]')"
        );
        let text = browser.eval(&format!(
            "{article}.querySelector('.diagnostics').textContent"
        ));
        let text = text
            .as_str()
            .unwrap_or_else(|| panic!("no article for {file} {number}"));
        for d in game["diagnostics"].as_array().unwrap() {
            let line = format!(
                "{file}:{}:{}: {}[{}]:",
                d["line"],
                d["column"],
                d["severity"].as_str().unwrap(),
                d["code"].as_str().unwrap()
            );
            assert!(text.contains(&line), "{line} not in {text}");
            assert!(
                text.contains(d["message"].as_str().unwrap()),
                "{}",
                d["message"]
            );
        }
        let first = game["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["severity"] == "error")
            .unwrap();
        // One board, the viewer's, or none when the game cannot be set up.
        let boards = browser.eval(&format!(
            "{article}.querySelectorAll('svg.board-svg').length"
        ));
        let cannot_set_up = matches!(
            first["code"].as_str(),
            Some("bad-fen" | "unknown-game-type" | "unsupported-game-type")
        );
        assert_eq!(boards, u64::from(!cannot_set_up), "{file} game {number}");
        if cannot_set_up {
            checked += 1;
            continue;
        }
        // The viewer opens where the main line stopped: after the last ply replayed, the
        // position show gives there, that ply's button current.
        let variant = match game["game_type"].as_u64() {
            Some(25) => Variant::Russian,
            _ => Variant::Spantsiretti,
        };
        let viewer = format!("{article}.querySelector('.viewer')");
        let (fen, pieces) = shown(&mut browser, &viewer);
        let expected = show_fen(Path::new(file), number as usize, None);
        assert_eq!(fen, expected, "{file} game {number}");
        assert_eq!(
            pieces,
            expected_pieces(&expected, variant),
            "{file} game {number}"
        );
        let plies = game["plies"].as_u64().unwrap();
        let current = browser.eval(&format!(
            "Array.from({viewer}.querySelectorAll('button[aria-current]')).map(b => b.dataset.ply)"
        ));
        let current_expected: Vec<String> =
            (plies > 0).then(|| plies.to_string()).into_iter().collect();
        assert_eq!(
            current,
            serde_json::json!(current_expected),
            "{file} game {number}"
        );
        let status = browser.eval(&format!("{viewer}.querySelector('.status').textContent"));
        let status = status.as_str().unwrap();
        if first["code"] == "illegal-move" && first["ply"] == plies + 1 {
            // Before the move: the squares of the written move marked, the legal moves of
            // the message said.
            let marked = browser.eval(&format!("{viewer}.querySelectorAll('rect.failed').length"));
            assert!(marked.as_u64().unwrap() >= 1, "{file} game {number}");
            let message = first["message"].as_str().unwrap();
            let legal = message.rsplit("legal moves: ").next().unwrap();
            assert!(status.contains("which could not be played"), "{status}");
            assert!(
                status.ends_with(&format!("Legal moves: {legal}.")),
                "{status} / {message}"
            );
            // A step away and back: the same marks and words.
            browser.eval(&format!("{viewer}.querySelector('[data-step=\"start\"]') && {viewer}.querySelector('[data-step=\"start\"]').click()"));
            browser.eval(&format!("{viewer}.querySelector('[data-step=\"end\"]') && {viewer}.querySelector('[data-step=\"end\"]').click()"));
            let again = browser.eval(&format!("{viewer}.querySelector('.status').textContent"));
            assert_eq!(again.as_str().unwrap(), status);
        }
        checked += 1;
    }
    assert_eq!(
        checked,
        validated["summary"]["invalid"].as_u64().unwrap() as usize
    );
    // A click on a column's head sorts the files by it; a second click reverses the order.
    let column = |browser: &mut Browser, index: usize| -> Vec<u64> {
        let cells = browser.eval(&format!(
            "Array.from(document.querySelectorAll('#files tbody tr'))\
             .map(tr => Number(tr.cells[{index}].textContent))"
        ));
        cells
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect()
    };
    let games = column(&mut browser, 1);
    let mut sorted = games.clone();
    sorted.sort();
    assert_ne!(games, sorted, "the fixtures are not already in order");
    browser.eval("document.querySelectorAll('#files thead th button')[1].click()");
    assert_eq!(column(&mut browser, 1), sorted);
    browser.eval("document.querySelectorAll('#files thead th button')[1].click()");
    sorted.reverse();
    assert_eq!(column(&mut browser, 1), sorted);
    assert_eq!(
        browser.eval("document.querySelectorAll('#files thead th')[1].getAttribute('aria-sort')"),
        "descending"
    );
    assert_no_problems(&mut browser);
    browser.eval("document.querySelector('#invalid article').scrollIntoView()");
    save_screenshot(&mut browser, "report-invalid-game.png");
    browser.eval("document.querySelector('#charts').scrollIntoView()");
    save_screenshot(&mut browser, "report-charts.png");
}

#[test]
fn the_script_draws_a_board_from_a_fen_and_none_for_a_game_of_tags_only() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("still.pdn");
    fs::write(
        &input,
        "[Event \"Tags only\"]\n*\n\n[GameType \"25\"]\n[FEN \"B:Wa1,Kc1:Bb8\"]\n*\n",
    )
    .unwrap();
    let (page, code) = report(dir.path(), "still.html", &[], &[&input]);
    assert_eq!(code, Some(0));
    let mut browser = Browser::launch();
    browser.open(&page);
    let article = |n: usize| {
        format!(
            "document.querySelector('article[data-file=\"{}\"][data-game=\"{n}\"]')",
            input.display()
        )
    };
    assert_eq!(
        browser.eval(&format!(
            "{}.querySelectorAll('svg, button').length",
            article(1)
        )),
        0
    );
    let viewer = format!("{}.querySelector('.viewer')", article(2));
    let (fen, pieces) = shown(&mut browser, &viewer);
    assert_eq!(fen, "B:Wa1,Kc1:Bb8");
    assert_eq!(pieces, expected_pieces("B:Wa1,Kc1:Bb8", Variant::Russian));
    // 8x8 squares of 48 pixels in a margin of 28: a1 at the bottom left (28, 28 + 7 x 48),
    // b8 at the top (76, 28).
    let mut place = |square: usize| {
        browser.eval(&format!(
            "(u => [u.getAttribute('x'), u.getAttribute('y')])({viewer}.querySelectorAll('use')[{square}])"
        ))
    };
    assert_eq!(place(0), serde_json::json!(["28", "364"]));
    assert_eq!(place(28), serde_json::json!(["76", "28"]));
    let label = browser.eval(&format!(
        "{viewer}.querySelector('svg').getAttribute('aria-label')"
    ));
    assert_eq!(
        label,
        "The position of its FEN tag: Black to move. White: man a1; king c1. Black: man b8."
    );
    assert_no_problems(&mut browser);
}

#[test]
fn without_scripts_everything_but_stepping_is_there() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = [
        Path::new("fixtures/report/hostile_text.pdn"),
        Path::new("fixtures/russian"),
    ];
    let (page, _) = report(dir.path(), "noscript.html", &[], &inputs);
    let (validated, _) = validate_json(&inputs);
    let mut browser = Browser::launch();
    browser.disable_scripts();
    browser.open(&page);
    let visible = |browser: &mut Browser, selector: &str| {
        browser.eval(&format!(
            "Array.from(document.querySelectorAll('{selector}')).filter(e => e.offsetParent !== null || e.getClientRects().length > 0).length"
        ))
    };
    // Summary, charts, every viewer's position in words and as a FEN, the move lists: all
    // shown. The boards are the script's to draw.
    assert_eq!(
        browser.eval("document.getElementById('total-games').textContent"),
        validated["summary"]["games"].to_string()
    );
    assert!(visible(&mut browser, ".chart-svg").as_u64().unwrap() >= 4);
    let viewers = browser.eval("document.querySelectorAll('.viewer').length");
    assert!(viewers.as_u64().unwrap() >= 10, "{viewers}");
    for words in [".viewer .position", ".viewer .fen"] {
        assert_eq!(visible(&mut browser, words), viewers, "{words}");
    }
    let words = browser.eval("document.querySelector('#invalid .viewer .position').textContent");
    assert!(words.as_str().unwrap().starts_with("White: "), "{words}");
    assert_eq!(
        browser.eval("document.querySelectorAll('svg.board-svg').length"),
        0
    );
    assert!(visible(&mut browser, "ol.moves button").as_u64().unwrap() > 100);
    // The buttons that step are hidden: they would do nothing.
    assert_eq!(visible(&mut browser, ".controls"), 0);
    // The tag with markup is text on the page, and no script ran.
    let body = browser.eval("document.body.textContent");
    assert!(body.as_str().unwrap().contains("<script>alert(1)</script>"));
    assert_eq!(browser.eval("typeof window.alert"), "function");
    save_screenshot(&mut browser, "report-no-scripts.png");
    // With scripts on, the same tag is text too, the controls show, and a board in place of
    // the words.
    let mut browser = Browser::launch();
    browser.open(&page);
    assert!(visible(&mut browser, ".controls").as_u64().unwrap() >= 1);
    assert_eq!(visible(&mut browser, "svg.board-svg"), viewers);
    assert_eq!(visible(&mut browser, ".viewer .position"), 0);
    let body = browser.eval("document.body.textContent");
    assert!(body.as_str().unwrap().contains("<script>alert(1)</script>"));
    assert_no_problems(&mut browser);
}
