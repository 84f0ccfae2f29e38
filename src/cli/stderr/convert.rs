//! What `convert` says on standard error, whichever form it writes: the diagnostics of invalid
//! games (capped), the games that fit both boards, and the closing summary.

use crate::check::{GameReport, StreamTotals};
use crate::cli::args::Config;
use crate::cli::print::validation::{FileFormatter, ReportFormat, plural};
use crate::cli::stderr::cap::{Cap, omitted_line};
use crate::cli::stderr::fold::{FileNotes, Taken};
use std::io;

/// What `convert` says on standard error about the games of one input: the diagnostics of
/// invalid games (capped), and the games that fit both boards.
pub(crate) struct Messages<'a> {
    /// Human diagnostics for standard error.
    pub formatter: FileFormatter<'a>,
    cap: Cap,
    /// Notes told once for the file (games that fit both boards, compact captures).
    notes: FileNotes,
}

impl<'a> Messages<'a> {
    pub fn new(file: &'a str, config: &Config) -> Self {
        Messages {
            formatter: FileFormatter {
                format: ReportFormat::Short,
                file,
                quiet: config.quiet,
            },
            cap: Cap::new(config.caps, config.quiet),
            notes: FileNotes::default(),
        }
    }

    pub fn game(&mut self, report: &mut GameReport, out: &mut Vec<u8>) -> io::Result<()> {
        self.notes.take(report);
        if !report.valid() {
            self.invalid(report.clone(), out)?;
        }
        Ok(())
    }

    /// Game `index` had the notes told once for the file that [`FileNotes::strip`] took.
    pub fn folded(&mut self, index: usize, taken: Taken) {
        self.notes.fold(index, taken);
    }

    /// The diagnostics of an invalid game (its notes told once for the file taken out),
    /// capped.
    pub fn invalid(&mut self, mut shown: GameReport, out: &mut Vec<u8>) -> io::Result<()> {
        let index = shown.index;
        let omitted = self.cap.trim(&mut shown);
        self.formatter.game(out, &shown)?;
        if omitted > 0 {
            let line = omitted_line(omitted, Some(index));
            self.formatter.omitted(out, &line)?;
        }
        Ok(())
    }

    pub fn finish(&mut self, out: &mut Vec<u8>) -> io::Result<()> {
        let f = &self.formatter;
        for note in self.notes.notes() {
            f.file_problem(out, &note)?;
        }
        if self.cap.file_omitted > 0 {
            f.omitted(out, &omitted_line(self.cap.file_omitted, None))?;
        }
        Ok(())
    }
}

/// The closing line on standard error when some game was invalid or some input unreadable.
pub(crate) fn summary(files: usize, unreadable: usize, s: &StreamTotals) -> Option<String> {
    if s.invalid == 0 && unreadable == 0 {
        return None;
    }
    let unreadable = match unreadable {
        0 => String::new(),
        n => format!(" ({n} unreadable)"),
    };
    Some(format!(
        "summary: {} file{}{unreadable}, {} game{}: {} valid, {} invalid (converted as far as \
         they replay)\n",
        files,
        plural(files),
        s.games,
        plural(s.games),
        s.valid,
        s.invalid,
    ))
}
