//! Writing validation results in the six formats: human lines, JSON Lines, one JSON
//! document, GitHub workflow commands, SARIF ([`crate::cli::print::sarif`]) and JUnit XML
//! ([`crate::cli::print::junit`]). A diagnostic is rendered by
//! [`crate::diagnostic::render`] (its human line, its GitHub command, its JSON object); here
//! a game and a file problem become JSON objects ([`GameObject`], [`FileObject`]) and the
//! run's closing summary is written.

use crate::check::{GameReport, StreamTotals};
use crate::cli::print::junit;
use crate::cli::print::sarif;
use crate::cli::run::progress::Piece;
use crate::diagnostic::render::{self, github_data, github_property};
use crate::diagnostic::{Diagnostic, Kind, Severity};
use crate::text::encoding::Detection;
use crate::text::escape;
use crate::write::GameObject;
use serde::Serialize;
use std::io::{self, Write};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ReportFormat {
    /// For people: each finding with its source line, a caret under the token and the legal
    /// moves as a note (as rustc shows its own), then a summary.
    Human,
    /// For scripts: `path:line:col: error[code]: game 3, move 12 (Black) "d6:f4": ...`, one
    /// line each, and a summary.
    Short,
    /// One JSON document: `{"games": [...], "files": [...], "summary": {...}}`, the same
    /// objects as jsonl.
    Json,
    /// One JSON object per line: games (`"type":"game"`), file notes, then the summary.
    Jsonl,
    /// GitHub Actions annotations (`::error file=...,line=...::...`).
    Github,
    /// SARIF 2.1.0 for GitHub code scanning: a rule per code, a result per finding.
    Sarif,
    /// JUnit XML (GitLab, Jenkins): a test suite per file, a test case per game.
    Junit,
}

impl ReportFormat {
    /// Whether the output is one document, written even when no input is found.
    pub fn is_document(self) -> bool {
        !matches!(
            self,
            ReportFormat::Human | ReportFormat::Short | ReportFormat::Github
        )
    }
}

/// The object of a problem with a whole file.
#[derive(Serialize)]
struct FileObject<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    file: &'a str,
    diagnostics: [&'a Diagnostic; 1],
}

/// The closing object.
#[derive(Serialize)]
struct SummaryObject {
    #[serde(rename = "type")]
    kind: &'static str,
    files: usize,
    unreadable_files: usize,
    games: usize,
    valid: usize,
    invalid: usize,
    warnings: usize,
}

/// Formats the results of one file; output is text lines (human, github) or one JSON object
/// per line (json, jsonl, sarif), joined into a document by [`Printer`] for json and sarif.
/// JUnit's suite of a file is made by [`junit::Suite`].
pub struct FileFormatter<'a> {
    pub format: ReportFormat,
    /// The file's name ([`escape::file_name`]).
    pub file: &'a str,
    pub quiet: bool,
}

impl FileFormatter<'_> {
    /// The lines (human, github) or the object (json, jsonl) of one game, appended to `out`.
    pub fn game(&self, out: &mut Vec<u8>, report: &GameReport) -> io::Result<()> {
        match self.format {
            ReportFormat::Human | ReportFormat::Short | ReportFormat::Github => {
                for d in &report.diagnostics {
                    if self.quiet && d.severity != Severity::Error {
                        continue;
                    }
                    self.line(out, report.index, d)?;
                }
                Ok(())
            }
            ReportFormat::Json | ReportFormat::Jsonl => {
                GameObject::validation(self.file, report).write(out);
                out.push(b'\n');
                Ok(())
            }
            ReportFormat::Sarif => {
                for d in &report.diagnostics {
                    if !self.quiet || d.is_error() {
                        sarif::result(out, self.file, report.index, d)?;
                    }
                }
                Ok(())
            }
            ReportFormat::Junit => Ok(()),
        }
    }

    /// The line of diagnostic `d` of game `game` (human or github).
    fn line(&self, out: &mut dyn Write, game: usize, d: &Diagnostic) -> io::Result<()> {
        match self.format {
            ReportFormat::Github => writeln!(out, "{}", render::github(self.file, game, d)),
            _ => writeln!(out, "{}", render::human(self.file, game, d)),
        }
    }

    /// A problem with the file as a whole ([`crate::diagnostic::Kind::about_file`]).
    pub fn file_problem(&self, out: &mut dyn Write, d: &Diagnostic) -> io::Result<()> {
        // JSON has everything: `-q` thins the human and github lines only.
        let json = matches!(self.format, ReportFormat::Json | ReportFormat::Jsonl);
        if self.quiet && d.severity != Severity::Error && !json {
            return Ok(());
        }
        match self.format {
            ReportFormat::Human | ReportFormat::Short | ReportFormat::Github => {
                self.line(out, 0, d)
            }
            ReportFormat::Json | ReportFormat::Jsonl => {
                let object = FileObject {
                    kind: "file",
                    file: self.file,
                    diagnostics: [d],
                };
                escape::write_json(&mut *out, &object)?;
                writeln!(out)
            }
            ReportFormat::Sarif => sarif::result(out, self.file, 0, d),
            ReportFormat::Junit => Ok(()),
        }
    }

    /// A line of human or github output that says what was left out (JSON has everything).
    pub fn omitted(&self, out: &mut dyn Write, text: &str) -> io::Result<()> {
        match self.format {
            ReportFormat::Human | ReportFormat::Short => {
                writeln!(out, "{}: {}", escape::text(self.file), escape::text(text))
            }
            ReportFormat::Github => writeln!(
                out,
                "::notice file={}::{}",
                github_property(self.file),
                github_data(text)
            ),
            _ => Ok(()),
        }
    }

    pub fn detection(&self, out: &mut dyn Write, detection: &Detection) -> io::Result<()> {
        match guessed(detection) {
            Some(d) => self.file_problem(out, &d),
            None => Ok(()),
        }
    }
}

/// The note of an encoding that was guessed.
pub fn guessed(detection: &Detection) -> Option<Diagnostic> {
    detection.guessed.then(|| {
        Diagnostic::about_file(Kind::Encoding {
            encoding: detection.encoding,
            reason: detection.reason.clone(),
        })
    })
}

/// The run's totals across files.
#[derive(Default)]
pub struct RunTotals {
    pub files: usize,
    pub failed_files: usize,
    pub streams: StreamTotals,
}

impl RunTotals {
    /// Counts what a piece of an input's work holds.
    pub fn add(&mut self, piece: &Piece) {
        self.streams.add(&piece.tally);
        if let Some(unreadable) = piece.end {
            self.files += 1;
            self.failed_files += usize::from(unreadable);
        }
    }
}

/// Prints the per-file outputs in order and the closing summary.
pub struct Printer<W: Write> {
    out: W,
    format: ReportFormat,
    quiet: bool,
    /// For the JSON document: games written so far, and the file objects (written last).
    written: usize,
    file_objects: Vec<Vec<u8>>,
}

impl<W: Write> Printer<W> {
    pub fn new(mut out: W, format: ReportFormat, quiet: bool) -> io::Result<Printer<W>> {
        match format {
            ReportFormat::Json => write!(out, "{{\"games\":[")?,
            ReportFormat::Sarif => sarif::head(&mut out)?,
            ReportFormat::Junit => junit::head(&mut out)?,
            _ => {}
        }
        Ok(Printer {
            out,
            format,
            quiet,
            written: 0,
            file_objects: Vec::new(),
        })
    }

    /// Writes one file's formatted output.
    pub fn file_output(&mut self, bytes: &[u8]) -> io::Result<()> {
        if !matches!(self.format, ReportFormat::Json | ReportFormat::Sarif) {
            return self.out.write_all(bytes);
        }
        for line in bytes.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            if self.format == ReportFormat::Json && line.starts_with(b"{\"type\":\"file\"") {
                self.file_objects.push(line.to_vec());
                continue;
            }
            if self.written > 0 {
                self.out.write_all(b",")?;
            }
            self.out.write_all(line)?;
            self.written += 1;
        }
        Ok(())
    }

    /// Flushes what is written so far.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    pub fn finish(mut self, totals: &RunTotals) -> io::Result<W> {
        let s = &totals.streams;
        let summary = SummaryObject {
            kind: "summary",
            files: totals.files,
            unreadable_files: totals.failed_files,
            games: s.games,
            valid: s.valid,
            invalid: s.invalid,
            warnings: s.warnings,
        };
        match self.format {
            ReportFormat::Json => {
                write!(self.out, "],\"files\":[")?;
                let files = std::mem::take(&mut self.file_objects);
                for (i, object) in files.iter().enumerate() {
                    if i > 0 {
                        self.out.write_all(b",")?;
                    }
                    self.out.write_all(object)?;
                }
                write!(self.out, "],\"summary\":")?;
                escape::write_json(&mut self.out, &summary)?;
                writeln!(self.out, "}}")?;
            }
            ReportFormat::Jsonl => {
                escape::write_json(&mut self.out, &summary)?;
                writeln!(self.out)?;
            }
            ReportFormat::Sarif => sarif::tail(&mut self.out)?,
            ReportFormat::Junit => junit::tail(&mut self.out)?,
            ReportFormat::Human | ReportFormat::Short | ReportFormat::Github if !self.quiet => {
                writeln!(
                    self.out,
                    "summary: {}",
                    s.verdict(totals.files, totals.failed_files)
                )?
            }
            _ => {}
        }
        Ok(self.out)
    }
}

pub fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
