//! `positions --format parquet` and `convert --format parquet`: the files read back with the
//! parquet crate's reader, every row compared field by field with the JSON line the same
//! command writes with `--format jsonl` for a hand-written archive; the Hive layout of
//! `--partition-by`; -j1 and -j2 write the same rows; the refusals.

use crate::harness::pdnkit;
use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::record::Field;
use serde_json::{Map, Value, json};
use std::fs;
use std::path::{Path, PathBuf};

/// Games written for these tests: a Spantsiretti game won with a capture (White to move,
/// Event with a slash and a space, a tag outside the roster), a Russian draughts game
/// without Date or Result, an invalid game (a step where a capture is compulsory), and a
/// game of 1967 drawn.
const ARCHIVE: &str = "\
[Event \"Club / Cup\"]
[Date \"2019.03.04\"]
[Opening \"Tiny\"]
[Result \"1-0\"]
[FEN \"W:Wc3:Bd4\"]
1. c3:e5 1-0

[GameType \"25\"]
[Event \"Moscow\"]
1. c3-d4 f6-g5 *

[GameType \"41\"]
[Event \"Club / Cup\"]
[Date \"2020.??.??\"]
[FEN \"W:Wc3,h2:Bd4\"]
1. h2-g3 *

[Event \"Old\"]
[Date \"1967.05.01\"]
[Result \"1/2-1/2\"]
1. c3-d4 f6-g5 2. d4-e5 1/2-1/2
";

fn archive(dir: &Path) -> PathBuf {
    let path = dir.join("games.pdn");
    fs::write(&path, ARCHIVE).unwrap();
    path
}

/// Runs pdnkit with `args`; (exit code, standard output, standard error).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = pdnkit().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn lines(jsonl: &str) -> Vec<Value> {
    jsonl
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

/// A value read from Parquet as JSON: numbers, strings, booleans, nulls, objects (groups
/// and maps) and arrays (lists). Written here, apart from the crate's writer.
fn json_of(field: &Field) -> Value {
    match field {
        Field::Null => Value::Null,
        Field::Bool(b) => json!(b),
        Field::Long(n) => json!(n),
        Field::Double(x) => json!(x),
        Field::Str(s) => json!(s),
        Field::Group(row) => Value::Object(
            row.get_column_iter()
                .map(|(name, f)| (name.clone(), json_of(f)))
                .collect(),
        ),
        Field::ListInternal(list) => Value::Array(list.elements().iter().map(json_of).collect()),
        Field::MapInternal(map) => Value::Object(
            map.entries()
                .iter()
                .map(|(k, v)| (k.to_string().trim_matches('"').to_string(), json_of(v)))
                .collect(),
        ),
        other => panic!("a column of a type pdnkit does not write: {other:?}"),
    }
}

/// The rows of one Parquet file, as JSON objects, with the number of row groups.
fn read_file(path: &Path) -> Vec<Value> {
    let reader = SerializedFileReader::new(fs::File::open(path).unwrap()).unwrap();
    reader
        .get_row_iter(None)
        .unwrap()
        .map(|row| json_of(&Field::Group(row.unwrap())))
        .collect()
}

/// The Parquet files under `dir`, relative, sorted.
fn files(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        for entry in fs::read_dir(&at).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let relative = path.strip_prefix(dir).unwrap();
                found.push(relative.to_string_lossy().into_owned());
            }
        }
    }
    found.sort();
    found
}

/// Every row of every file under `dir`, files in name order.
fn read_dir_rows(dir: &Path) -> Vec<Value> {
    files(dir)
        .iter()
        .flat_map(|name| read_file(&dir.join(name)))
        .collect()
}

#[test]
fn position_rows_are_the_json_lines_field_by_field() {
    let temp = tempfile::tempdir().unwrap();
    let pdn = archive(temp.path());
    let pdn = pdn.to_str().unwrap();
    let (code, jsonl, _) = run(&["positions", pdn]);
    assert_eq!(code, 1, "the third game is invalid");
    let expected = lines(&jsonl);
    // Hand count: 2 + 3 + 0 (invalid) + 4 positions.
    assert_eq!(expected.len(), 9);
    let out = temp.path().join("rows");
    let (code, stdout, stderr) = run(&[
        "positions",
        pdn,
        "--format",
        "parquet",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(stdout, "");
    assert!(stderr.contains("illegal-move"), "{stderr}");
    assert_eq!(files(&out), ["part-0.parquet"]);
    let rows = read_dir_rows(&out);
    assert_eq!(rows.len(), expected.len());
    for (row, line) in rows.iter().zip(&expected) {
        let (row, line) = (row.as_object().unwrap(), line.as_object().unwrap());
        let names: Vec<_> = row.keys().collect();
        assert_eq!(
            names,
            line.keys().collect::<Vec<_>>(),
            "the same fields, in order"
        );
        for (name, value) in line {
            assert_eq!(&row[name], value, "{name} of {line:?}");
        }
    }
    // Worked by hand: the first game's start and the Russian game's last position.
    assert_eq!(rows[0]["fen"], "W:Wc3:Bd4");
    assert_eq!(rows[0]["move_numeric"], "27:18");
    assert_eq!(rows[0]["score"], 1.0);
    assert_eq!(rows[4]["game_type"], 25);
    assert_eq!(rows[4]["move_alpha"], Value::Null);
    assert_eq!(rows[4]["result"], Value::Null);
}

/// `convert`'s JSON object as its Parquet row holds it: the tags of the roster as fields
/// of `tags` (null when absent), the others in `other_tags`; a move's `fen_after` null
/// where `--no-positions` leaves it out.
fn as_row(mut object: Value) -> Value {
    for played in object["moves"].as_array_mut().unwrap() {
        let played = played.as_object_mut().unwrap();
        played.entry("fen_after").or_insert(Value::Null);
    }
    let tags = object["tags"].take();
    let tags = tags.as_object().unwrap();
    let names = [
        "Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType", "FEN",
    ];
    let roster: Map<String, Value> = names
        .iter()
        .map(|&n| (n.to_string(), tags.get(n).cloned().unwrap_or(Value::Null)))
        .collect();
    let others: Map<String, Value> = tags
        .iter()
        .filter(|(n, _)| !names.contains(&n.as_str()))
        .map(|(n, v)| (n.clone(), v.clone()))
        .collect();
    let mut row = Map::new();
    for (name, value) in object.as_object().unwrap() {
        if name == "tags" {
            row.insert("tags".to_string(), Value::Object(roster.clone()));
            row.insert("other_tags".to_string(), Value::Object(others.clone()));
        } else {
            row.insert(name.clone(), value.clone());
        }
    }
    Value::Object(row)
}

/// `convert`'s rows of `pdn` written to `out` with `extra` arguments, checked equal to its
/// JSON objects (`games` of them, the run exiting with `code`); the rows.
fn game_rows_as_json(
    pdn: &str,
    out: &Path,
    extra: &[&str],
    (games, code): (usize, i32),
) -> Vec<Value> {
    let mut args = vec!["convert", pdn, "--format", "jsonl"];
    args.extend(extra);
    let (exit, jsonl, _) = run(&args);
    assert_eq!(exit, code);
    let expected: Vec<Value> = lines(&jsonl).into_iter().map(as_row).collect();
    assert_eq!(expected.len(), games);
    let out = out.to_str().unwrap();
    let mut args = vec!["convert", pdn, "--format", "parquet", "-o", out];
    args.extend(extra);
    let (exit, _, stderr) = run(&args);
    assert_eq!(exit, code, "{stderr}");
    let rows = read_dir_rows(Path::new(out));
    assert_eq!(rows, expected);
    rows
}

#[test]
fn game_rows_are_the_json_objects_field_by_field() {
    let temp = tempfile::tempdir().unwrap();
    let pdn = archive(temp.path());
    let pdn = pdn.to_str().unwrap();
    for extra in [&[][..], &["--no-positions"][..]] {
        let out = temp.path().join(format!("games{}", extra.len()));
        game_rows_as_json(pdn, &out, extra, (4, 1));
    }
    // By hand: the tag outside the roster, the capture's path, the invalid game's error.
    let rows = read_dir_rows(&temp.path().join("games0"));
    assert_eq!(rows[0]["other_tags"], json!({"Opening": "Tiny"}));
    assert_eq!(rows[0]["tags"]["Site"], Value::Null);
    assert_eq!(rows[0]["moves"][0]["captured"], json!(["d4"]));
    assert_eq!(rows[1]["game_type"]["number"], 25);
    assert_eq!(rows[2]["valid"], false);
    assert_eq!(rows[2]["diagnostics"][0]["code"], "illegal-move");
    assert_eq!(rows[3]["moves"].as_array().unwrap().len(), 3);
}

/// Games whose rows have what the archive above has not: more than 16 tags (the other tags
/// in file order), a game type pdnkit does not play (the group with its fields null), a game type written in full with numeric squares, a game without
/// moves, a long capture (its path and captures lists), a setup that cannot be read.
const UNUSUAL: &str = "\
[Event \"First\"]
[Zeta \"z1\"]
[T1 \"1\"]\n[T2 \"2\"]\n[T3 \"3\"]\n[T4 \"4\"]\n[T5 \"5\"]\n[T6 \"6\"]\n[T7 \"7\"]
[T8 \"8\"]\n[T9 \"9\"]\n[T10 \"10\"]\n[T11 \"11\"]\n[T12 \"12\"]\n[T13 \"13\"]
[GameType \"25\"]
[FEN \"W:Wc3:Bd4,f6\"]
1. c3:e5:g7 *

[GameType \"20\"]
[Event \"Intl\"]
1. 32-28 19-23 *

[GameType \"41,B,10,8,N2,1\"]
1. 27-22 *

[GameType \"25\"]
[White \"Nobody\"]
*

[GameType \"25\"]
[FEN \"W:WK:Bd4,f6\"]
1. c3-d4 *
";

#[test]
fn unusual_games_are_rows_as_in_the_json() {
    let temp = tempfile::tempdir().unwrap();
    let pdn = temp.path().join("unusual.pdn");
    fs::write(&pdn, UNUSUAL).unwrap();
    let rows = game_rows_as_json(pdn.to_str().unwrap(), &temp.path().join("out"), &[], (5, 1));
    // By hand: the tags, the capture's lists, the game type not played.
    assert_eq!(rows[0]["tags"]["Event"], "First");
    let others = rows[0]["other_tags"].as_object().unwrap();
    assert_eq!(others.keys().take(2).collect::<Vec<_>>(), ["Zeta", "T1"]);
    assert_eq!((others.len(), &others["Zeta"]), (14, &json!("z1")));
    assert_eq!(rows[0]["moves"][0]["path"], json!(["e5", "g7"]));
    assert_eq!(rows[0]["moves"][0]["captured"], json!(["d4", "f6"]));
    assert_eq!(rows[1]["game_type"]["number"], 20);
    assert_eq!(rows[1]["game_type"]["width"], Value::Null);
    assert_eq!(rows[2]["game_type"]["corner"], 2);
    assert_eq!(rows[3]["moves"], json!([]));
    assert_eq!(rows[4]["start_fen"], Value::Null);
}

#[test]
fn partitions_are_laid_out_as_hive_does() {
    let temp = tempfile::tempdir().unwrap();
    let pdn = archive(temp.path());
    let pdn = pdn.to_str().unwrap();
    let layouts = [
        (
            "year",
            vec![
                "year=1967/part-0.parquet",
                "year=2019/part-0.parquet",
                "year=__HIVE_DEFAULT_PARTITION__/part-0.parquet",
            ],
        ),
        (
            "event",
            vec![
                "event=Club%20%2F%20Cup/part-0.parquet",
                "event=Moscow/part-0.parquet",
                "event=Old/part-0.parquet",
            ],
        ),
        (
            "game-type",
            vec!["game_type=25/part-0.parquet", "game_type=41/part-0.parquet"],
        ),
    ];
    for (by, expected) in layouts {
        let out = temp.path().join(by);
        let (code, _, stderr) = run(&[
            "positions",
            pdn,
            "--format",
            "parquet",
            "--partition-by",
            by,
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, 1, "{stderr}");
        assert_eq!(files(&out), expected, "--partition-by {by}");
    }
    // The rows of 1967: the drawn game's four positions.
    let rows = read_file(&temp.path().join("year/year=1967/part-0.parquet"));
    assert_eq!(rows.len(), 4);
    assert!(rows.iter().all(|r| r["result"] == "draw"));
    // A game of 2020.??.?? is invalid: no partition of 2020.
    let games = temp.path().join("games-by-year");
    let (code, _, _) = run(&[
        "convert",
        pdn,
        "--format",
        "parquet",
        "--partition-by",
        "year",
        "-o",
        games.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert_eq!(
        files(&games),
        [
            "year=1967/part-0.parquet",
            "year=2019/part-0.parquet",
            "year=2020/part-0.parquet",
            "year=__HIVE_DEFAULT_PARTITION__/part-0.parquet",
        ]
    );
}

#[test]
fn one_thread_and_two_write_the_same_files() {
    let temp = tempfile::tempdir().unwrap();
    // Read on two threads (64 KiB and more), and for positions more than one row group (of
    // 8 MiB of rows: about 60,000 positions), which two threads write on a thread of their
    // own while the next is gathered.
    let game = "[Event \"E\"]\n1. c3-d4 f6-g5 2. d4-e5 1/2-1/2\n\n";
    let big = temp.path().join("big.pdn");
    fs::write(&big, game.repeat(40_000)).unwrap();
    let big = big.to_str().unwrap();
    for command in ["positions", "convert"] {
        let mut all = Vec::new();
        for threads in ["1", "2"] {
            let out = temp.path().join(format!("{command}-{threads}"));
            let (code, _, stderr) = run(&[
                command,
                big,
                "--format",
                "parquet",
                "-j",
                threads,
                "-o",
                out.to_str().unwrap(),
            ]);
            assert_eq!(code, 0, "{stderr}");
            let bytes: Vec<(String, Vec<u8>)> = files(&out)
                .into_iter()
                .map(|name| (name.clone(), fs::read(out.join(name)).unwrap()))
                .collect();
            all.push((read_dir_rows(&out), bytes, out));
        }
        let rows = if command == "positions" {
            160_000
        } else {
            40_000
        };
        assert_eq!(all[0].0.len(), rows);
        assert!(all[0].0 == all[1].0, "{command}: -j1 and -j2 differ");
        assert!(
            all[0].1 == all[1].1,
            "{command}: -j1 and -j2 wrote other bytes"
        );
        let groups =
            SerializedFileReader::new(fs::File::open(all[0].2.join("part-0.parquet")).unwrap())
                .unwrap()
                .metadata()
                .num_row_groups();
        if command == "positions" {
            assert!(groups > 1, "{groups} row group");
        }
    }
}

#[test]
fn a_directory_that_is_not_empty_is_refused_and_left_as_it_was() {
    let temp = tempfile::tempdir().unwrap();
    let pdn = archive(temp.path());
    let pdn = pdn.to_str().unwrap();
    let full = temp.path().join("full");
    fs::create_dir(&full).unwrap();
    fs::write(full.join("keep.txt"), "mine").unwrap();
    for command in ["positions", "convert"] {
        let (code, _, stderr) = run(&[
            command,
            pdn,
            "--format",
            "parquet",
            "-o",
            full.to_str().unwrap(),
        ]);
        assert_eq!(code, 2);
        assert!(stderr.contains("is not empty"), "{stderr}");
        assert_eq!(files(&full), ["keep.txt"]);
    }
    // An empty directory is filled; without -o there is nowhere to write.
    let empty = temp.path().join("empty");
    fs::create_dir(&empty).unwrap();
    let (code, _, _) = run(&[
        "positions",
        pdn,
        "--format",
        "parquet",
        "-o",
        empty.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert_eq!(files(&empty), ["part-0.parquet"]);
    let (code, _, stderr) = run(&["positions", pdn, "--format", "parquet"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("-o DIR"), "{stderr}");
    // Options of the other format are refused.
    let (code, _, stderr) = run(&["positions", pdn, "--partition-by", "year"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("--format parquet only"), "{stderr}");
}

#[test]
fn an_unreadable_input_leaves_no_directory() {
    let temp = tempfile::tempdir().unwrap();
    let pdn = archive(temp.path());
    let out = temp.path().join("rows");
    let binary = temp.path().join("binary.pdn");
    fs::write(&binary, [0u8, 1, 2, 0, 255].repeat(100)).unwrap();
    let (code, _, stderr) = run(&[
        "positions",
        pdn.to_str().unwrap(),
        binary.to_str().unwrap(),
        "--format",
        "parquet",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(stderr.contains("not written"), "{stderr}");
    assert!(!out.exists());
    // Nothing left beside it either.
    let mut left: Vec<_> = fs::read_dir(temp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["binary.pdn", "games.pdn"]);
}

/// The names beside `dir` (in its parent) that look like pdnkit's temporaries.
#[cfg(unix)]
fn temporaries(parent: &Path) -> Vec<PathBuf> {
    fs::read_dir(parent)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with(".pdnkit-")
        })
        .collect()
}

/// Starts `positions - --format parquet -o DIR` with standard input left open, once it has
/// opened its first file in the temporary beside DIR (it has rows of the games given and
/// waits for more); returns it with its standard input.
#[cfg(unix)]
fn parquet_waiting_on_stdin(dir: &Path) -> (std::process::Child, Option<std::process::ChildStdin>) {
    use std::io::Write;
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let before = temporaries(dir.parent().unwrap());
    let mut child = crate::harness::command()
        .args(["positions", "--no-config", "-", "--format", "parquet", "-o"])
        .arg(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take();
    // Enough games that the reader hands some on before it waits for more.
    let games = ARCHIVE.repeat(1000);
    stdin.as_mut().unwrap().write_all(games.as_bytes()).unwrap();
    let started = Instant::now();
    loop {
        let mine: Vec<PathBuf> = temporaries(dir.parent().unwrap())
            .into_iter()
            .filter(|t| !before.contains(t))
            .collect();
        if let [tmp] = &mine[..]
            && tmp.join("part-0.parquet").exists()
        {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no part file in a temporary beside {}",
            dir.display()
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    (child, stdin)
}

/// A signal in the middle of writing removes the temporary directory beside DIR and makes
/// no DIR; after SIGKILL, the next run that writes beside it removes what was left.
#[cfg(unix)]
#[test]
fn a_signal_mid_write_leaves_no_directory_and_no_temporary() {
    use crate::output::kill;
    use std::os::unix::process::ExitStatusExt;
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("rows");
    for (signal, number) in [("-TERM", 15), ("-INT", 2), ("-HUP", 1)] {
        let (mut child, stdin) = parquet_waiting_on_stdin(&dir);
        kill(&child, signal);
        let status = child.wait().unwrap();
        drop(stdin);
        assert_eq!(status.signal(), Some(number), "ended by {signal}");
        assert!(temporaries(tmp.path()).is_empty(), "{signal}");
        assert!(!dir.exists(), "{signal}");
    }
    let (mut child, stdin) = parquet_waiting_on_stdin(&dir);
    kill(&child, "-KILL");
    child.wait().unwrap();
    drop(stdin);
    assert_eq!(temporaries(tmp.path()).len(), 1, "SIGKILL leaves it");
    let input = archive(tmp.path());
    let (code, _, err) = run(&[
        "positions",
        "--no-config",
        input.to_str().unwrap(),
        "--format",
        "parquet",
        "-o",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}"); // the archive's invalid game
    assert!(dir.join("part-0.parquet").is_file());
    assert!(temporaries(tmp.path()).is_empty(), "swept by the next run");
}
