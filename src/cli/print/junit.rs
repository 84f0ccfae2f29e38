//! validate's JUnit XML report, as GitLab and Jenkins read it: one test suite per file, one
//! test case per game; an invalid game fails with its errors, an unreadable file is a test
//! case in error. A file's suite is made while its games are done (its counts open it) and
//! written when the file ends; the document around the suites is written as it goes.

use crate::check::GameReport;
use crate::diagnostic::render;
use crate::diagnostic::{Diagnostic, Severity};
use crate::text::escape;
use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
use std::io::{self, Write};

/// The document's start, before the first suite.
pub fn head(out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
    writeln!(out, "<testsuites name=\"pdnkit validate\">")
}

/// The document's end.
pub fn tail(out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "</testsuites>")
}

/// The suite of one file.
pub struct Suite<'a> {
    suite: TestSuite,
    /// The file's name ([`escape::file_name`]).
    file: &'a str,
    quiet: bool,
    /// Lines about the file as a whole (its standard output).
    notes: String,
}

impl<'a> Suite<'a> {
    pub fn new(file: &'a str, quiet: bool) -> Suite<'a> {
        Suite {
            suite: TestSuite::new(escape::text(file)),
            file,
            quiet,
            notes: String::new(),
        }
    }

    /// The test case of one game: failed when it has an error, with each finding's line.
    pub fn game(&mut self, report: &GameReport) {
        let lines = |error: bool| {
            report
                .diagnostics
                .iter()
                .filter(|d| d.is_error() == error)
                .filter(|d| error || !self.quiet || d.severity == Severity::Error)
                .map(|d| format!("{}\n", render::human(self.file, report.index, d)))
                .collect::<String>()
        };
        let errors = report.diagnostics.iter().filter(|d| d.is_error());
        let status = match errors.clone().next() {
            Some(first) => {
                let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
                status
                    .set_message(escape::text(&first.message()))
                    .set_type(first.code())
                    .set_description(lines(true));
                status
            }
            None => TestCaseStatus::success(),
        };
        let mut case = TestCase::new(format!("game {}", report.index), status);
        case.set_classname(escape::text(self.file));
        let others = lines(false);
        if !others.is_empty() {
            case.set_system_out(others);
        }
        self.suite.add_test_case(case);
    }

    /// A finding about the file as a whole: an unreadable file is a test case in error, the
    /// rest are lines of the suite's output.
    pub fn file_problem(&mut self, d: &Diagnostic) {
        let line = render::human(self.file, 0, d).to_string();
        if d.is_error() {
            let mut status = TestCaseStatus::non_success(NonSuccessKind::Error);
            status
                .set_message(escape::text(&d.message()))
                .set_type(d.code())
                .set_description(line);
            let mut case = TestCase::new("file", status);
            case.set_classname(escape::text(self.file));
            self.suite.add_test_case(case);
        } else if !self.quiet {
            self.notes.push_str(&line);
            self.notes.push('\n');
        }
    }

    /// Writes the suite's element to `out`.
    pub fn finish(mut self, out: &mut Vec<u8>) -> io::Result<()> {
        if !self.notes.is_empty() {
            self.suite.set_system_out(self.notes);
        }
        let mut report = Report::new("");
        report.add_test_suite(self.suite);
        let text = report.to_string().map_err(io::Error::other)?;
        // The suite's element alone: quick-junit writes a whole document.
        let suite = text.find("<testsuite ").unwrap_or(0);
        let start = text[..suite].rfind('\n').map_or(0, |i| i + 1);
        let end = text.rfind("</testsuites>").unwrap_or(text.len());
        out.extend_from_slice(text[start..end].trim_end().as_bytes());
        out.push(b'\n');
        Ok(())
    }
}
