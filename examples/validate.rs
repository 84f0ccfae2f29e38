//! Validates PDN files with the library alone and prints what it finds.
//!
//! `cargo run --example validate -- fixtures/sample.pdn fixtures/errors/bad_fen.pdn`
//!
//! Each finding as `validate` prints it (`path:line:column: severity[code]: game N, move M
//! (Side) "move": message`, by `pdnkit::diagnostic::render`), then one line of
//! totals; exits 1 when a game is invalid, 2 when a file cannot be read.

use pdnkit::diagnostic::render;
use pdnkit::escape;
use pdnkit::validate::{GameReport, GameSink, Options, StreamTotals, check_stream};
use std::fs::File;
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

/// Writes the findings of each game as it comes. Names and messages come from the input:
/// they are escaped, so that no control character reaches the terminal.
struct Print<'a, W> {
    path: &'a Path,
    out: W,
}

impl<W: Write> GameSink for Print<'_, W> {
    fn game(&mut self, report: GameReport) -> io::Result<()> {
        let file = escape::file_name(self.path);
        for d in &report.diagnostics {
            // `path:line:col: error[code]: game 3, move 12 (Black) "d6:f4": message`
            writeln!(self.out, "{}", render::human(&file, report.index, d))?;
        }
        Ok(())
    }
}

fn main() -> ExitCode {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    let options = Options::default();
    let mut totals = StreamTotals::default();
    let mut unreadable = 0;
    for path in paths.iter().map(Path::new) {
        let out = io::stdout().lock();
        let checked = File::open(path).and_then(|file| {
            check_stream(file, &options, None, &mut Print { path, out }, &mut totals)
        });
        match checked {
            Ok(()) => {}
            // A closed pipe (`| head`) ends the run with the verdict so far.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => break,
            Err(e) => {
                eprintln!("{}: {e}", escape::file_name(path));
                unreadable += 1;
            }
        }
    }
    let _ = writeln!(io::stdout(), "{}", totals.verdict(paths.len(), unreadable));
    match (unreadable, totals.invalid) {
        (0, 0) => ExitCode::SUCCESS,
        (0, _) => ExitCode::from(1),
        _ => ExitCode::from(2),
    }
}
