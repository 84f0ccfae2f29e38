//! `pdnkit split` and `pdnkit merge`: files and their games worked out by hand from
//! fixtures/archive/select.pdn (games numbered from 1 in file order) and dedupe/.

use crate::harness::pdnkit;
use std::fs;
use std::path::Path;

const ARCHIVE: &str = "fixtures/archive/select.pdn";

/// The games of fixtures/archive/select.pdn as written, in order.
fn games() -> Vec<String> {
    let text = fs::read_to_string(ARCHIVE).unwrap();
    let start = text.find("[Event").unwrap();
    text[start..]
        .split("\n\n[")
        .enumerate()
        .map(|(i, g)| {
            let g = g.trim_end();
            if i == 0 {
                g.to_string()
            } else {
                format!("[{g}")
            }
        })
        .collect()
}

/// The archive of the games numbered `which`, as pdnkit writes it.
fn archive(which: &[usize]) -> String {
    let games = games();
    let texts: Vec<&str> = which.iter().map(|&n| games[n - 1].as_str()).collect();
    format!("{}\n", texts.join("\n\n"))
}

fn split(args: &[&str], dir: &Path) -> (Option<i32>, String) {
    let out = pdnkit()
        .arg("split")
        .args(args)
        .arg("-o")
        .arg(dir)
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

#[test]
fn the_archive_holds_seven_games() {
    assert_eq!(games().len(), 7);
    assert!(games()[6].ends_with("2-0"));
}

#[test]
fn by_tag_one_file_per_value_with_safe_names() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stdout) = split(&[ARCHIVE, "--by", "White"], dir.path());
    assert_eq!(code, Some(0));
    assert_eq!(
        files(dir.path()),
        [
            "Ivanov_Petr.pdn",
            "Petrova_Anna.pdn",
            "Smith_John.pdn",
            "Иванов_Пётр.pdn"
        ]
    );
    let read = |name: &str| fs::read_to_string(dir.path().join(name)).unwrap();
    assert_eq!(read("Иванов_Пётр.pdn"), archive(&[1, 6, 7]));
    assert_eq!(read("Smith_John.pdn"), archive(&[2, 5]));
    assert_eq!(read("Petrova_Anna.pdn"), archive(&[3]));
    assert_eq!(read("Ivanov_Petr.pdn"), archive(&[4]));
    // One line per file, in the order the values first occur.
    let shown = dir.path().display();
    assert_eq!(
        stdout,
        format!(
            "{shown}/Иванов_Пётр.pdn: 3 games\n{shown}/Smith_John.pdn: 2 games\n\
             {shown}/Petrova_Anna.pdn: 1 game\n{shown}/Ivanov_Petr.pdn: 1 game\n"
        )
    );
}

#[test]
fn by_year_and_by_count() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _) = split(&[ARCHIVE, "--by", "year"], dir.path());
    assert_eq!(code, Some(0));
    let read = |name: &str| fs::read_to_string(dir.path().join(name)).unwrap();
    assert_eq!(
        files(dir.path()),
        ["2019.pdn", "2020.pdn", "2021.pdn", "unknown.pdn"]
    );
    assert_eq!(read("2019.pdn"), archive(&[1, 7]));
    assert_eq!(read("2020.pdn"), archive(&[2]));
    assert_eq!(read("2021.pdn"), archive(&[3, 5, 6]));
    assert_eq!(read("unknown.pdn"), archive(&[4]));

    let dir = tempfile::tempdir().unwrap();
    let (code, _) = split(&[ARCHIVE, "--by", "3"], dir.path());
    assert_eq!(code, Some(0));
    let read = |name: &str| fs::read_to_string(dir.path().join(name)).unwrap();
    assert_eq!(files(dir.path()), ["0001.pdn", "0002.pdn", "0003.pdn"]);
    assert_eq!(read("0001.pdn"), archive(&[1, 2, 3]));
    assert_eq!(read("0002.pdn"), archive(&[4, 5, 6]));
    assert_eq!(read("0003.pdn"), archive(&[7]));
}

#[test]
fn more_values_than_files_open_at_once_from_standard_input() {
    // 150 games, each of its own Event (three Events differ only in case, two are unsafe),
    // read from standard input: more values than files written at once.
    let mut text = String::new();
    for i in 0..150 {
        let event = match i {
            0 => "../x".to_string(),
            1 => "CON".to_string(),
            2 => "Case".to_string(),
            3 => "CASE".to_string(),
            4 => "case".to_string(),
            i => format!("Event {i}"),
        };
        text.push_str(&format!("[Event \"{event}\"]\n1. c3-d4 *\n\n"));
    }
    let dir = tempfile::tempdir().unwrap();
    let out = pdnkit()
        .args(["split", "-", "--by", "Event", "-o"])
        .arg(dir.path())
        .write_stdin(text)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let names = files(dir.path());
    assert_eq!(names.len(), 150);
    for name in [
        "x.pdn",
        "CON_.pdn",
        "Case.pdn",
        "CASE-2.pdn",
        "case-3.pdn",
        "Event_149.pdn",
    ] {
        assert!(names.contains(&name.to_string()), "{name} in {names:?}");
    }
    let game = fs::read_to_string(dir.path().join("Event_77.pdn")).unwrap();
    assert_eq!(game, "[Event \"Event 77\"]\n1. c3-d4 *\n");
}

#[test]
fn games_of_files_past_those_written_at_once_keep_their_order() {
    // 100 values, each met first in turn (past the 64 files written at once), then a
    // second and third game of each, in reverse order of value.
    let game = |v: usize, n: usize| format!("[White \"P{v}\"]\n[Round \"{n}\"]\n1. c3-d4 *\n");
    let mut text = String::new();
    for n in 1..=3 {
        for i in 0..100 {
            let v = if n == 1 { i } else { 99 - i };
            text.push_str(&game(v, n));
            text.push('\n');
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let input = tempfile::NamedTempFile::new().unwrap();
    fs::write(input.path(), &text).unwrap();
    let (code, stdout) = split(
        &[input.path().to_str().unwrap(), "--by", "White"],
        dir.path(),
    );
    assert_eq!(code, Some(0));
    assert_eq!(files(dir.path()).len(), 100);
    for v in [0, 63, 64, 99] {
        let written = fs::read_to_string(dir.path().join(format!("P{v}.pdn"))).unwrap();
        assert_eq!(
            written,
            format!("{}\n{}\n{}", game(v, 1), game(v, 2), game(v, 3))
        );
    }
    // Listed in the order the values first occur.
    let listed: Vec<&str> = stdout.lines().collect();
    assert_eq!(listed.len(), 100);
    assert!(listed[64].ends_with("/P64.pdn: 3 games"), "{}", listed[64]);
    assert!(listed[99].ends_with("/P99.pdn: 3 games"), "{}", listed[99]);
}

#[test]
fn a_value_unknown_is_not_a_game_without_a_value() {
    // Game 1 has no Event, game 2 an Event "?", game 3 the Event "unknown", game 4 "Unknown".
    let text = "[White \"a\"]\n1. c3-d4 *\n\n[Event \"?\"]\n1. c3-d4 *\n\n\
                [Event \"unknown\"]\n1. c3-d4 *\n\n[Event \"Unknown\"]\n1. c3-d4 *\n";
    let dir = tempfile::tempdir().unwrap();
    let out = pdnkit()
        .args(["split", "-", "--by", "Event", "-o"])
        .arg(dir.path())
        .write_stdin(text)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        files(dir.path()),
        ["Unknown-3.pdn", "unknown-2.pdn", "unknown.pdn"]
    );
    let read = |name: &str| fs::read_to_string(dir.path().join(name)).unwrap();
    assert_eq!(
        read("unknown.pdn"),
        "[White \"a\"]\n1. c3-d4 *\n\n[Event \"?\"]\n1. c3-d4 *\n"
    );
    assert_eq!(read("unknown-2.pdn"), "[Event \"unknown\"]\n1. c3-d4 *\n");
}

#[test]
fn a_device_name_of_windows_is_changed_before_its_first_dot() {
    let text = "[Event \"CON.x\"]\n1. c3-d4 *\n\n[Event \"aux.tar.gz\"]\n1. c3-d4 *\n\n\
                [Event \"Com1\"]\n1. c3-d4 *\n\n[Event \"CONSOLE.x\"]\n1. c3-d4 *\n";
    let dir = tempfile::tempdir().unwrap();
    let out = pdnkit()
        .args(["split", "-", "--by", "Event", "-o"])
        .arg(dir.path())
        .write_stdin(text)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        files(dir.path()),
        [
            "CONSOLE.x.pdn",
            "CON_.x.pdn",
            "Com1_.pdn",
            "aux_.tar.gz.pdn"
        ]
    );
}

#[test]
fn an_input_inside_the_directory_is_never_written_over() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("Anna.pdn");
    let text = "[White \"Anna\"]\n1. c3-d4 *\n\n[White \"Bob\"]\n1. c3-b4 *\n";
    fs::write(&input, text).unwrap();
    let (code, _) = split(&[input.to_str().unwrap(), "--by", "White"], dir.path());
    assert_eq!(code, Some(2));
    assert_eq!(fs::read_to_string(&input).unwrap(), text);
}

#[test]
fn merge_keeps_input_order_and_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let first = dir.path().join("first.pdn");
    fs::write(&first, archive(&[6, 7])).unwrap();
    let out = pdnkit()
        .args(["merge", ARCHIVE])
        .arg(&first)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let all: Vec<usize> = (1..=7).chain([6, 7]).collect();
    // The archive's comment preamble is kept, as a paragraph of its own.
    let text = fs::read_to_string(ARCHIVE).unwrap();
    let preamble = text[..text.find("[Event").unwrap()].trim_end();
    let want = format!("{preamble}\n\n{}", archive(&all));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), want);
}

#[test]
fn merge_keeps_comments_between_games_and_dedupe_drops_those_of_a_dropped_game() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.pdn");
    let b = dir.path().join("b.pdn");
    fs::write(
        &a,
        "{ preamble }\n[Event \"A\"]\n1. c3-d4 *\n{ after A }\n\n[Event \"B\"]\n1. c3-b4 *\n",
    )
    .unwrap();
    // Game C has the moves of game A: a duplicate.
    fs::write(&b, "{ about C }\n[Event \"C\"]\n1. c3-d4 *\n{ end of b }\n").unwrap();
    let merge = |extra: &[&str]| {
        let out = pdnkit()
            .arg("merge")
            .arg(&a)
            .arg(&b)
            .args(extra)
            .output()
            .unwrap();
        // With --dedupe, 1: a duplicate was found (and left out).
        let code = if extra.contains(&"--dedupe") { 1 } else { 0 };
        assert_eq!(out.status.code(), Some(code));
        String::from_utf8(out.stdout).unwrap()
    };
    let game_a = "[Event \"A\"]\n1. c3-d4 *\n";
    let game_b = "[Event \"B\"]\n1. c3-b4 *\n";
    let game_c = "[Event \"C\"]\n1. c3-d4 *\n";
    assert_eq!(
        merge(&[]),
        format!(
            "{{ preamble }}\n\n{game_a}\n{{ after A }}\n\n{game_b}\n{{ about C }}\n\n\
             {game_c}\n{{ end of b }}\n"
        )
    );
    assert_eq!(
        merge(&["--dedupe"]),
        format!("{{ preamble }}\n\n{game_a}\n{{ after A }}\n\n{game_b}\n{{ end of b }}\n")
    );
}

#[test]
fn merge_with_dedupe_writes_what_dedupe_keeps() {
    let dir = tempfile::tempdir().unwrap();
    let merged = dir.path().join("merged.pdn");
    let kept = dir.path().join("kept.pdn");
    let paths = [
        "fixtures/archive/dedupe/a.pdn",
        "fixtures/archive/dedupe/b.pdn",
    ];
    // Every beginning a truncated copy (the fixtures' games are short), as in dedupe.rs.
    let out = pdnkit()
        .arg("merge")
        .args(paths)
        .args(["--dedupe", "--min-plies", "1"])
        .arg("-o")
        .arg(&merged)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let out = pdnkit()
        .arg("dedupe")
        .args(paths)
        .args(["--min-plies", "1"])
        .arg("-o")
        .arg(&kept)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let merged = fs::read_to_string(&merged).unwrap();
    assert_eq!(merged, fs::read_to_string(&kept).unwrap());
    // Game 1 of a.pdn, and of b.pdn the game without moves, the longer training game and
    // the 8x8 game (the groups of tests/it/dedupe.rs).
    assert_eq!(merged.matches("[Event").count(), 4);
}
