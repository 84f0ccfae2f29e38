//! Validates PDN files with the library alone and prints what it finds.
//!
//! `cargo run --example validate -- fixtures/sample.pdn fixtures/errors/bad_fen.pdn`
//!
//! Each finding as `validate` prints it (`path:line:column: severity[code]: game N, move M
//! (Side) "move": message`, by `pdnkit::diagnostic::render`), then one line of
//! totals; exits 1 when a game is invalid, 2 when a file cannot be read.

use pdnkit::diagnostic::render;
use pdnkit::pdn::Severity;
use pdnkit::text::escape;
use std::fs::File;
use std::io::{self, Write};
use std::process::ExitCode;

/// Games, invalid games and warnings, counted over every file.
#[derive(Default)]
struct Totals {
    games: usize,
    invalid: usize,
    warnings: usize,
}

/// Validates the games of the file `path`, writes the findings of each game as it comes and
/// counts them. Names and messages come from the input: they are escaped, so that no control
/// character reaches the terminal.
fn validate_file(path: &str, out: &mut impl Write, totals: &mut Totals) -> io::Result<()> {
    for game in pdnkit::read(File::open(path)?).keep_moves(false).games() {
        let report = game?.report;
        totals.games += 1;
        totals.invalid += usize::from(!report.valid());
        totals.warnings += report.count(Severity::Warning);
        for d in &report.diagnostics {
            // `path:line:col: error[code]: game 3, move 12 (Black) "d6:f4": message`
            writeln!(out, "{}", render::human(path, report.index, d))?;
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    validate(&paths, &mut io::stdout().lock())
}

/// Validates the files of `paths`, writes the findings and the totals to `out`, and says how
/// it went.
fn validate(paths: &[String], out: &mut impl Write) -> ExitCode {
    let mut totals = Totals::default();
    let mut unreadable = 0;
    for path in paths {
        match validate_file(path, out, &mut totals) {
            Ok(()) => {}
            // A closed pipe (`| head`) ends the run with the verdict so far.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => break,
            Err(e) => {
                eprintln!("{}: {e}", escape::text(path));
                unreadable += 1;
            }
        }
    }
    // `2 files (1 unreadable), 3 games: 2 valid, 1 invalid, 0 warnings`, as validate says it.
    let s = |n: usize| if n == 1 { "" } else { "s" };
    let files = paths.len();
    let unreadable_files = if unreadable > 0 {
        format!(" ({unreadable} unreadable)")
    } else {
        String::new()
    };
    let Totals {
        games,
        invalid,
        warnings,
    } = totals;
    let _ = writeln!(
        out,
        "{files} file{}{unreadable_files}, {games} game{}: {} valid, {invalid} invalid, \
         {warnings} warning{}",
        s(files),
        s(games),
        games - invalid,
        s(warnings)
    );
    match (unreadable, invalid) {
        (0, 0) => ExitCode::SUCCESS,
        (0, _) => ExitCode::from(1),
        _ => ExitCode::from(2),
    }
}

#[cfg(test)]
mod tests {
    use std::process::ExitCode;

    /// A game whose second move is illegal (a capture is compulsory), in a file of its own.
    #[test]
    fn prints_each_finding_and_the_totals() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.pdn");
        std::fs::write(&path, "[GameType \"25\"]\n1. c3-d4 f6-e5 2. a3-b4 *\n").unwrap();
        let path = path.to_str().unwrap().to_string();
        let mut out = Vec::new();
        let code = super::validate(std::slice::from_ref(&path), &mut out);
        assert_eq!(code, ExitCode::from(1));
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        // White's d4 must take e5 (d4:f6): a3-b4 is the third ply, on line 2, column 19.
        assert!(
            lines[0].starts_with(&format!("{path}:2:19: error[illegal-move]: game 1, move 2")),
            "{out}"
        );
        assert!(lines[0].ends_with("legal moves: d4:f6"), "{out}");
        assert_eq!(
            lines.last(),
            Some(&"1 file, 1 game: 0 valid, 1 invalid, 0 warnings")
        );
    }
}
