//! Output targets: every file pdnkit writes (`convert -o`, `show --svg`) goes through one
//! writer with one set of rules (docs/robustness.md, "Output files"). Each case checks the exit
//! code, the message, what became of the target, and that no temporary file is left.

use crate::harness::{Dir, command, os, random_games, run, wait};
use std::ffi::OsString;
use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

/// The names in `dir` that look like pdnkit's temporary files.
fn temporaries(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".pdnkit-"))
        .collect()
}

/// The two writers, each given `target` as its output file and `input` as its input.
fn writers(input: &Path, target: &Path) -> [Vec<OsString>; 2] {
    [
        os(&[&"convert", &"--to", &"jsonl", &input, &"-o", &target]),
        os(&[&"show", &input, &"--svg", &target]),
    ]
}

#[test]
fn an_input_is_never_written_over() {
    let d = Dir::new();
    let good = d.good();
    let before = fs::read(&good).unwrap();
    let hard = d.path("hard.pdn");
    fs::hard_link(&good, &hard).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(&good, d.path("soft.pdn")).unwrap();
    let dotted = d.dir.path().join(".").join("good.pdn");
    for target in [&good, &hard, &d.path("soft.pdn"), &dotted] {
        for args in writers(&good, target) {
            let r = run(&args);
            r.expect(2);
            assert!(
                r.stderr.contains("is also an input"),
                "{args:?}: {}",
                r.stderr
            );
            assert!(!r.stderr.contains(".pdnkit-"), "{}", r.stderr);
        }
    }
    assert_eq!(fs::read(&good).unwrap(), before);
    assert!(temporaries(d.dir.path()).is_empty());
}

#[test]
fn standard_input_is_never_written_over() {
    let d = Dir::new();
    let good = d.good();
    let before = fs::read(&good).unwrap();
    // `convert - -o good.pdn < good.pdn` and `show - --svg good.pdn < good.pdn`.
    for args in [
        os(&[&"convert", &"--to", &"pdn", &"-", &"-o", &good]),
        os(&[&"show", &"-", &"--svg", &good]),
    ] {
        let child = command()
            .args(&args)
            .stdin(fs::File::open(&good).unwrap())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let r = wait(child);
        r.expect(2);
        assert!(
            r.stderr.contains("is also an input"),
            "{args:?}: {}",
            r.stderr
        );
    }
    assert_eq!(fs::read(&good).unwrap(), before);
    // Standard input that is not read may be the output.
    let copy = d.write("copy.pdn", &before);
    let child = command()
        .args(os(&[&"convert", &"--to", &"pdn", &good, &"-o", &copy]))
        .stdin(fs::File::open(&copy).unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait(child).expect(0);
}

#[test]
fn standard_output_appending_to_an_input_is_refused() {
    // `validate good.pdn >> good.pdn` would read its own report back, without end.
    let d = Dir::new();
    let good = d.good();
    let before = fs::read(&good).unwrap();
    // The archive commands' reports and listings go to standard output too.
    let kept = d.path("kept.pdn");
    let kept = kept.to_str().unwrap();
    let parts = d.path("parts");
    let parts = parts.to_str().unwrap();
    for args in [
        &["validate"][..],
        &["stats"],
        &["convert", "--to", "pdn"],
        &["show"],
        &["select"],
        &["positions"],
        &["merge"],
        &["dedupe"],
        &["dedupe", "-o", kept],
        &["split", "--by", "1", "-o", parts],
    ] {
        let child = command()
            .args(args)
            .arg(&good)
            .stdout(fs::OpenOptions::new().append(true).open(&good).unwrap())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let r = wait(child);
        r.expect(2);
        assert!(
            r.stderr.contains("standard output is also an input"),
            "{args:?}: {}",
            r.stderr
        );
    }
    assert_eq!(fs::read(&good).unwrap(), before);
    assert!(!Path::new(kept).exists() && !Path::new(parts).exists());
}

#[test]
fn a_dash_is_standard_output() {
    let d = Dir::new();
    let good = d.good();
    let r = run(&os(&[&"show", &good, &"--svg", &"-"]));
    r.expect(0);
    assert!(r.stdout.starts_with("<?xml"), "{}", r.stdout);
    assert!(r.stdout.trim_end().ends_with("</svg>"), "the picture alone");
    let r = run(&os(&[&"convert", &"--to", &"jsonl", &good, &"-o", &"-"]));
    r.expect(0);
    assert_eq!(r.stdout.lines().count(), 2);
    assert!(!d.path("-").exists() && !Path::new("-").exists());
}

#[cfg(unix)]
#[test]
fn the_mode_of_a_replaced_file_is_kept() {
    use std::os::unix::fs::PermissionsExt;
    let d = Dir::new();
    let good = d.good();
    for mode in [0o600, 0o640, 0o755, 0o444] {
        let target = d.write("out", b"old");
        fs::set_permissions(&target, fs::Permissions::from_mode(mode)).unwrap();
        for args in writers(&good, &target) {
            run(&args).expect(0);
            let meta = fs::metadata(&target).unwrap();
            assert_eq!(meta.permissions().mode() & 0o7777, mode, "{args:?}");
            assert_ne!(fs::read(&target).unwrap(), b"old");
        }
        fs::set_permissions(&target, fs::Permissions::from_mode(0o644)).unwrap();
        fs::remove_file(&target).unwrap();
    }
    assert!(temporaries(d.dir.path()).is_empty());
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_is_written_through_and_a_dangling_one_refused() {
    let d = Dir::new();
    let good = d.good();
    fs::create_dir(d.path("real")).unwrap();
    let real = d.write("real/out", b"old");
    let link = d.path("link");
    std::os::unix::fs::symlink("real/out", &link).unwrap();
    for args in writers(&good, &link) {
        run(&args).expect(0);
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_ne!(fs::read(&real).unwrap(), b"old", "{args:?}");
        fs::write(&real, b"old").unwrap();
    }
    let dangling = d.path("dangling");
    std::os::unix::fs::symlink("nowhere/out", &dangling).unwrap();
    for args in writers(&good, &dangling) {
        let r = run(&args);
        r.expect(2);
        assert!(
            r.stderr
                .contains("symbolic link to a file that does not exist")
        );
    }
    assert!(
        fs::symlink_metadata(&dangling)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(temporaries(d.dir.path()).is_empty());
    assert!(temporaries(&d.path("real")).is_empty());
}

#[cfg(target_os = "linux")]
#[test]
fn devices_are_written_directly_and_alike() {
    let d = Dir::new();
    let good = d.good();
    for args in writers(&good, Path::new("/dev/null")) {
        run(&args).expect(0);
    }
    assert!(!fs::metadata("/dev/null").unwrap().is_file());
    // A full device: the same error from both.
    for args in writers(&good, Path::new("/dev/full")) {
        let r = run(&args);
        r.expect(2);
        assert!(
            r.stderr
                .contains("pdnkit: error: cannot write /dev/full: No space left on device"),
            "{args:?}: {}",
            r.stderr
        );
    }
    assert!(!fs::metadata("/dev/full").unwrap().is_file());
}

#[cfg(unix)]
#[test]
fn a_fifo_is_written_directly() {
    use std::os::unix::fs::FileTypeExt;
    let d = Dir::new();
    let good = d.good();
    let fifo = d.path("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo here
    }
    for args in writers(&good, &fifo) {
        let child = command()
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Opening the FIFO for reading lets the writer open it.
        let read = fs::read(&fifo).unwrap();
        let r = wait(child);
        r.expect(0);
        assert!(!read.is_empty(), "{args:?}");
        assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
    }
    assert!(temporaries(d.dir.path()).is_empty());
}

#[test]
fn a_directory_or_a_missing_directory_is_refused() {
    let d = Dir::new();
    let good = d.good();
    for target in [d.dir.path().to_path_buf(), d.path("no/such/out")] {
        for args in writers(&good, &target) {
            let r = run(&args);
            r.expect(2);
            assert!(
                r.stderr.contains("is a directory") || r.stderr.contains("does not exist"),
                "{}",
                r.stderr
            );
        }
    }
    assert!(temporaries(d.dir.path()).is_empty());
}

/// Starts `convert - -o out.jsonl` in `d` with standard input left open (so it waits there,
/// its temporary file made) and returns it once its own temporary exists.
#[cfg(unix)]
fn convert_waiting_on_stdin(d: &Dir) -> std::process::Child {
    let before = temporaries(d.dir.path());
    let mut child = command()
        .args(["convert", "--to", "jsonl", "-", "-o"])
        .arg(d.path("out.jsonl"))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Some games first, so that there is output in the temporary.
    let games = fs::read(d.good()).unwrap();
    child.stdin.as_mut().unwrap().write_all(&games).unwrap();
    // Its own temporary: one that was not there before (a run sweeps leftovers before it
    // makes its own, so once it is there, the sweep is done).
    let started = Instant::now();
    while temporaries(d.dir.path()).iter().all(|t| before.contains(t)) {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no temporary made"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    child
}

/// Sends `signal` (`-TERM`, `-KILL`, ...) to `child`.
#[cfg(unix)]
pub(crate) fn kill(child: &std::process::Child, signal: &str) {
    let status = std::process::Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

#[cfg(unix)]
#[test]
fn signals_remove_the_temporary_and_leave_the_target() {
    use std::os::unix::process::ExitStatusExt;
    // Every signal that ends a process by default and can be caught (SIGQUIT and SIGXCPU
    // too, untested here: their default action dumps core).
    for (signal, number) in [
        ("-TERM", 15),
        ("-INT", 2),
        ("-HUP", 1),
        ("-USR1", 10),
        ("-USR2", 12),
        ("-ALRM", 14),
        ("-VTALRM", 26),
        ("-PROF", 27),
    ] {
        let d = Dir::new();
        fs::write(d.path("out.jsonl"), "old").unwrap();
        let mut child = convert_waiting_on_stdin(&d);
        // Standard input stays open until the run has ended (`wait` would close it first):
        // at its end a run still waiting for its signal to be handled would finish normally.
        let stdin = child.stdin.take();
        kill(&child, signal);
        let status = child.wait().unwrap();
        drop(stdin);
        assert_eq!(status.signal(), Some(number), "ended by {signal}");
        assert!(temporaries(d.dir.path()).is_empty(), "{signal}");
        assert_eq!(fs::read_to_string(d.path("out.jsonl")).unwrap(), "old");
    }
}

#[cfg(unix)]
#[test]
fn a_leftover_of_a_killed_run_is_removed_by_the_next() {
    let d = Dir::new();
    let mut child = convert_waiting_on_stdin(&d);
    kill(&child, "-KILL");
    child.wait().unwrap();
    assert_eq!(temporaries(d.dir.path()).len(), 1, "SIGKILL leaves it");
    // A run in progress keeps its own (it holds the lock) while another run sweeps.
    let mut live = convert_waiting_on_stdin(&d);
    assert_eq!(
        temporaries(d.dir.path()).len(),
        1,
        "the leftover went, the live one stays"
    );
    let r = run(&os(&[
        &"convert",
        &"--to",
        &"pdn",
        &d.good(),
        &"-o",
        &d.path("other.pdn"),
    ]));
    r.expect(0);
    assert_eq!(temporaries(d.dir.path()).len(), 1, "the live one stays");
    drop(live.stdin.take());
    assert!(live.wait().unwrap().success());
    assert!(temporaries(d.dir.path()).is_empty());
    assert_eq!(
        fs::read_to_string(d.path("out.jsonl"))
            .unwrap()
            .lines()
            .count(),
        2
    );
}

/// A run past the file size limit (`ulimit -f`, SIGXFSZ) fails its write with EFBIG, says so,
/// removes its temporary and leaves the target as it was.
#[cfg(unix)]
#[test]
fn a_write_past_the_file_size_limit_removes_the_temporary() {
    let d = Dir::new();
    let games = random_games(pdnkit::Variant::Spantsiretti, 9, 1..=400);
    let input = d.write("many.pdn", games.as_bytes());
    assert!(games.len() > 64 << 10, "more than the limit below");
    fs::write(d.path("out.pdn"), "old").unwrap();
    let child = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -f 64; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_pdnkit"))
        .args(["convert", "--to", "pdn"])
        .arg(&input)
        .arg("-o")
        .arg(d.path("out.pdn"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let r = wait(child);
    r.expect(2);
    assert!(
        r.stderr.contains("cannot write ") && r.stderr.contains("File too large"),
        "{}",
        r.stderr
    );
    assert_eq!(fs::read_to_string(d.path("out.pdn")).unwrap(), "old");
    assert!(temporaries(d.dir.path()).is_empty());
}

/// `split -o DIR` removes what a killed run left in DIR, also when it writes no file there.
#[cfg(unix)]
#[test]
fn split_removes_a_leftover_of_a_killed_run_in_its_directory() {
    let d = Dir::new();
    let mut child = convert_waiting_on_stdin(&d);
    kill(&child, "-KILL");
    child.wait().unwrap();
    assert_eq!(temporaries(d.dir.path()).len(), 1, "SIGKILL leaves it");
    let empty = d.write("empty.pdn", b"");
    let r = run(&os(&[
        &"split",
        &"--by",
        &"Event",
        &empty,
        &"-o",
        &d.dir.path(),
    ]));
    r.expect(0);
    assert!(temporaries(d.dir.path()).is_empty());
}

/// The names in `dir` and below it, as paths below `dir`.
fn tree(dir: &Path) -> Vec<String> {
    let mut names = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(at) = todo.pop() {
        for entry in fs::read_dir(&at).unwrap().flatten() {
            let path = entry.path();
            names.push(path.strip_prefix(dir).unwrap().display().to_string());
            if entry.file_type().unwrap().is_dir() {
                todo.push(path);
            }
        }
    }
    names.sort();
    names
}

/// `positions --unique -` given enough distinct positions to spill (3,000 random games:
/// about 155,000 positions, past the 131,072 held in memory) and its standard input left
/// open: once a spilled run is in its scratch directory in TMPDIR, the run waits for more.
#[cfg(unix)]
fn positions_spilling(d: &Dir, tmp: &Path) -> std::process::Child {
    let games = random_games(pdnkit::Variant::Spantsiretti, 4, 1..=3000);
    let mut child = command()
        .args(["positions", "--unique", "-", "-o"])
        .arg(d.path("book.jsonl"))
        .env("TMPDIR", tmp)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .as_mut()
        .unwrap()
        .write_all(games.as_bytes())
        .unwrap();
    let started = Instant::now();
    while !tree(tmp).iter().any(|n| n.contains("/run-")) {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no run spilled"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    child
}

/// The spilled runs of `positions --unique` are removed on a signal, the target untouched;
/// after a SIGKILL the next run removes them (and leaves what is not its own).
#[cfg(unix)]
#[test]
fn the_spilled_runs_of_positions_are_removed_on_a_signal_and_after_a_kill() {
    use std::os::unix::process::ExitStatusExt;
    let d = Dir::new();
    let tmp = tempfile::tempdir().unwrap();
    // Not pdnkit's: kept by every sweep.
    for name in ["pdnkit-stdin-x", ".pdnkit-x.tmp", "other"] {
        fs::write(tmp.path().join(name), "x").unwrap();
    }
    let theirs = tree(tmp.path());
    for (signal, number) in [("-TERM", 15), ("-INT", 2), ("-HUP", 1)] {
        fs::write(d.path("book.jsonl"), "old").unwrap();
        let mut child = positions_spilling(&d, tmp.path());
        let stdin = child.stdin.take();
        kill(&child, signal);
        let status = child.wait().unwrap();
        drop(stdin);
        assert_eq!(status.signal(), Some(number), "ended by {signal}");
        assert_eq!(tree(tmp.path()), theirs, "{signal}");
        assert_eq!(fs::read_to_string(d.path("book.jsonl")).unwrap(), "old");
        assert!(temporaries(d.dir.path()).is_empty(), "{signal}");
    }
    let mut child = positions_spilling(&d, tmp.path());
    kill(&child, "-KILL");
    child.wait().unwrap();
    assert!(
        tree(tmp.path()).len() > theirs.len(),
        "SIGKILL leaves the runs"
    );
    // The next run, however small, removes them.
    let r = wait(
        command()
            .args(["positions", "--unique"])
            .arg(d.good())
            .env("TMPDIR", tmp.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    r.expect(0);
    assert!(
        r.stdout.contains("\"type\":\"unique-position\""),
        "{}",
        r.stdout
    );
    assert_eq!(tree(tmp.path()), theirs);
}

/// One rule for every writer: an input that cannot be read leaves a file of games (or
/// positions) as it was (no partial archive takes its place), says so, exits 2, and leaves no
/// temporary; a report about the inputs (report, stats) is written with the unreadable input
/// in it, and exits 2.
#[test]
fn an_unreadable_input_leaves_every_writers_target_alone() {
    let d = Dir::new();
    let good = d.good();
    let missing = d.path("missing.pdn");
    let target = d.path("keep.out");
    let run_on = |writer: &[&str]| {
        fs::write(&target, "keep").unwrap();
        let mut args: Vec<OsString> = writer.iter().map(Into::into).collect();
        args.extend(os(&[&missing, &good, &"-o", &target]));
        let r = run(&args);
        r.expect(2);
        assert!(temporaries(d.dir.path()).is_empty(), "{writer:?}");
        r
    };
    let writers: [&[&str]; 7] = [
        &["convert", "--to", "pdn"],
        &["convert", "--to", "jsonl"],
        &["select"],
        &["merge"],
        &["dedupe"],
        &["positions"],
        &["positions", "--unique"],
    ];
    for writer in writers {
        let r = run_on(writer);
        assert!(
            r.stderr
                .contains("keep.out not written: an input could not be read"),
            "{writer:?}: {}",
            r.stderr
        );
        assert_eq!(fs::read_to_string(&target).unwrap(), "keep", "{writer:?}");
    }
    // show reads one input: it cannot be read, the picture is not made.
    fs::write(&target, "keep").unwrap();
    run(&os(&[&"show", &missing, &"--svg", &target])).expect(2);
    assert_eq!(fs::read_to_string(&target).unwrap(), "keep");
    // The reports say which input could not be read.
    run_on(&["report"]);
    let page = fs::read_to_string(&target).unwrap();
    assert!(
        page.contains("missing.pdn") && page.contains("<html"),
        "{page}"
    );
    run_on(&["stats"]);
    let stats: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&target).unwrap()).unwrap();
    assert_eq!(stats["files"], 2, "{stats}");
    assert_eq!(stats["unreadable_files"], 1, "{stats}");
}

/// The scratch directory of `dedupe -o` (the beginnings of games and the games to write,
/// held until every input is read) is removed on a signal, the target untouched; after a
/// SIGKILL the next run that makes one removes it.
#[cfg(unix)]
#[test]
fn the_scratch_data_of_dedupe_is_removed_on_a_signal_and_after_a_kill() {
    use std::os::unix::process::ExitStatusExt;
    let d = Dir::new();
    let tmp = tempfile::tempdir().unwrap();
    let games = random_games(pdnkit::Variant::Spantsiretti, 4, 1..=200);
    // Standard input left open: once its scratch files are made, the run waits for more.
    let dedupe_waiting = || {
        let mut child = command()
            .args(["dedupe", "-", "-o"])
            .arg(d.path("unique.pdn"))
            .env("TMPDIR", tmp.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(games.as_bytes()).unwrap();
        let started = Instant::now();
        while tree(tmp.path()).len() < 3 {
            assert!(started.elapsed() < crate::harness::LIMIT, "no scratch data");
            std::thread::sleep(Duration::from_millis(20));
        }
        (child, stdin)
    };
    for (signal, number) in [("-TERM", 15), ("-INT", 2), ("-HUP", 1)] {
        fs::write(d.path("unique.pdn"), "old").unwrap();
        let (mut child, stdin) = dedupe_waiting();
        kill(&child, signal);
        let status = child.wait().unwrap();
        drop(stdin);
        assert_eq!(status.signal(), Some(number), "ended by {signal}");
        assert!(tree(tmp.path()).is_empty(), "{signal}");
        assert_eq!(fs::read_to_string(d.path("unique.pdn")).unwrap(), "old");
        assert!(temporaries(d.dir.path()).is_empty(), "{signal}");
    }
    let (mut child, stdin) = dedupe_waiting();
    kill(&child, "-KILL");
    child.wait().unwrap();
    drop(stdin);
    assert!(
        !tree(tmp.path()).is_empty(),
        "SIGKILL leaves the scratch data"
    );
    let r = wait(
        command()
            .args(["dedupe"])
            .arg(d.good())
            .env("TMPDIR", tmp.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    r.expect(0);
    assert!(tree(tmp.path()).is_empty(), "the next run removes it");
}
