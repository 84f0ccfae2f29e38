//! How the tests start the binary ([`pdnkit`] for assertions on its output, [`command`] for a
//! plain process), and the hostile-input harness (`hostile.rs`, `limits.rs`): runs with a time
//! limit and a directory holding a valid `good.pdn` to read after the hostile input.

use pdnkit::Variant;
use std::ffi::OsString;
use std::fs;
use std::io::Read;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// Runs pdnkit with `args` and `input` on standard input: exit code, stdout, stderr.
pub fn on_stdin(args: &[&str], input: &str) -> (i32, String, String) {
    let out = pdnkit().args(args).write_stdin(input).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Longest any run may take; past it the process is killed and the test fails.
pub const LIMIT: Duration = Duration::from_secs(60);

pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Games counted by the human summary line (`summary: 2 files, 3 games: ...`).
    pub fn games(&self) -> usize {
        let line = self
            .stdout
            .lines()
            .find(|l| l.starts_with("summary:"))
            .unwrap_or_else(|| panic!("no summary in {}", self.stdout));
        let before = line
            .split(" game")
            .next()
            .expect("a split has a first part");
        let number = before.rsplit(' ').next().expect("a number");
        number.parse().unwrap_or_else(|_| panic!("games in {line}"))
    }

    /// Checks that stdout holds `text`.
    pub fn says(&self, text: &str) -> &Run {
        assert!(
            self.stdout.contains(text),
            "want {text} in:\n{}",
            tail(&self.stdout)
        );
        self
    }

    pub fn expect(&self, code: i32) -> &Run {
        assert!(
            !self.stderr.contains("panicked"),
            "panic on stderr: {}",
            self.stderr
        );
        assert_eq!(
            self.code,
            Some(code),
            "exit code; stdout:\n{}\nstderr:\n{}",
            tail(&self.stdout),
            tail(&self.stderr)
        );
        self
    }
}

pub fn tail(text: &str) -> &str {
    let start = text.len().saturating_sub(2000);
    let start = (start..=text.len())
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(text.len());
    &text[start..]
}

/// The binary under test, as a plain process (stdin closed, no backtraces, no colour
/// settings).
pub fn command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_pdnkit"));
    // The user's colour settings would change human output.
    command
        .stdin(Stdio::null())
        .env_remove("RUST_BACKTRACE")
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR")
        .env_remove("CLICOLOR_FORCE");
    command
}

/// Games `games` (numbered from 1) of the archive `pdnkit random --seed SEED` writes on the
/// board of `variant`, as it writes them: reproducible random legal games that validate.
pub fn random_games(variant: Variant, seed: u64, games: RangeInclusive<u64>) -> String {
    let (first, last) = games.into_inner();
    let texts = random_game_texts(variant, seed, last);
    texts[first.saturating_sub(1) as usize..].concat()
}

/// Games 1 to `last` of [`random_games`]'s archive, the text of each apart.
pub fn random_game_texts(variant: Variant, seed: u64, last: u64) -> Vec<String> {
    let out = command()
        .args([
            "random",
            "--games",
            &last.to_string(),
            "--seed",
            &seed.to_string(),
        ])
        .args(["--game-type", &variant.game_type().to_string()])
        .output()
        .expect("pdnkit random runs");
    assert!(out.status.success(), "pdnkit random: {out:?}");
    let text = String::from_utf8(out.stdout).expect("pdnkit random writes UTF-8");
    // Each game starts with its Event tag.
    let mut starts: Vec<usize> = text
        .match_indices("[Event \"Random archive ")
        .map(|(at, _)| at)
        .collect();
    assert_eq!(starts.len() as u64, last, "{text}");
    starts.push(text.len());
    starts
        .windows(2)
        .map(|w| text[w[0]..w[1]].to_string())
        .collect()
}

/// Game `index` (from 1) of [`random_games`]'s archive.
pub fn random_game(variant: Variant, seed: u64, index: u64) -> String {
    random_games(variant, seed, index..=index)
}

/// The binary under test, for assertions on its output.
pub fn pdnkit() -> assert_cmd::Command {
    assert_cmd::Command::from_std(command())
}

pub fn reader(mut from: impl Read + Send + 'static) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = from.read_to_end(&mut bytes);
        bytes
    })
}

/// Waits for `child` (stdout and stderr piped) for at most [`LIMIT`]; kills it past that.
pub fn wait(mut child: Child) -> Run {
    let out = child.stdout.take().map(reader);
    let err = child.stderr.take().map(reader);
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for pdnkit") {
            break status;
        }
        if started.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("pdnkit ran past {LIMIT:?} and was killed");
        }
        thread::sleep(Duration::from_millis(10));
    };
    let text = |h: Option<thread::JoinHandle<Vec<u8>>>| {
        h.map(|h| String::from_utf8_lossy(&h.join().expect("reader thread")).into_owned())
            .unwrap_or_default()
    };
    Run {
        code: status.code(),
        stdout: text(out),
        stderr: text(err),
    }
}

pub fn run(args: &[OsString]) -> Run {
    let child = command()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pdnkit starts");
    wait(child)
}

pub fn os(args: &[&dyn AsRef<std::ffi::OsStr>]) -> Vec<OsString> {
    args.iter().map(|a| a.as_ref().to_os_string()).collect()
}

/// A directory with `good.pdn`: two valid games, read after the hostile input.
pub struct Dir {
    pub dir: tempfile::TempDir,
}

impl Dir {
    pub fn new() -> Dir {
        let dir = tempfile::tempdir().expect("temporary directory");
        let good = random_games(Variant::Spantsiretti, 5, 1..=2);
        fs::write(dir.path().join("good.pdn"), good).expect("write good.pdn");
        Dir { dir }
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    pub fn write(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let path = self.path(name);
        fs::write(&path, bytes).expect("write input");
        path
    }

    pub fn good(&self) -> PathBuf {
        self.path("good.pdn")
    }

    /// Runs `validate`, `stats` and `convert --to jsonl` on `hostile` then `good.pdn`;
    /// checks the exit code of each (stats as validate; convert 1 for any invalid game),
    /// the games counted, that no game of good.pdn is reported, and that the inputs are
    /// unchanged. Returns the validate run.
    pub fn check(&self, hostile: &Path, code: i32, games: usize) -> Run {
        let before = fs::read(hostile).expect("read input");
        let good = self.good();
        let run_validate = run(&os(&[&"validate", &"--format", &"short", &hostile, &good]));
        run_validate.expect(code);
        assert_eq!(
            run_validate.games(),
            games,
            "{}",
            tail(&run_validate.stdout)
        );
        assert!(
            !run_validate.stdout.contains("good.pdn:"),
            "good.pdn reported: {}",
            tail(&run_validate.stdout)
        );
        let stats = run(&os(&[&"stats", &hostile, &good]));
        stats.expect(code);
        let value: serde_json::Value =
            serde_json::from_str(&stats.stdout).expect("stats prints JSON");
        assert!(value.is_object());
        let convert = run(&os(&[&"convert", &"--to", &"jsonl", &hostile, &good]));
        convert.expect(code);
        assert_eq!(convert.stdout.lines().count(), games, "one line per game");
        assert_eq!(
            fs::read(hostile).expect("read input"),
            before,
            "input changed"
        );
        run_validate
    }
}

pub fn pdnkit_run(args: &[&str], paths: &[&Path]) -> Run {
    let mut all: Vec<OsString> = args.iter().map(OsString::from).collect();
    all.extend(paths.iter().map(|p| p.as_os_str().to_os_string()));
    run(&all)
}
