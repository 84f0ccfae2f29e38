//! Writing validation results in the four formats: human lines, JSON Lines, one JSON
//! document, and GitHub workflow commands.

use pdnkit::diagnostic::{Diagnostic, Severity};
use pdnkit::encoding::Detection;
use pdnkit::validate::{GameReport, StreamTotals};
use serde_json::{Value, json};
use std::io::{self, Write};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ReportFormat {
    /// `path:line:col: error[code]: game 3, move 12 (Black) "d6:f4": ...` and a summary.
    Human,
    /// One JSON document: `{"games": [...], "files": [...], "summary": {...}}`, the same
    /// objects as jsonl.
    Json,
    /// One JSON object per line: games (`"type":"game"`), file notes, then the summary.
    Jsonl,
    /// GitHub Actions annotations (`::error file=...,line=...::...`).
    Github,
}

/// Formats the results of one file; output is text lines (human, github) or one JSON object
/// per line (json, jsonl), joined into a document by [`finish`] for json.
pub struct FileFormatter<'a> {
    pub format: ReportFormat,
    pub file: &'a str,
    pub quiet: bool,
}

impl FileFormatter<'_> {
    pub fn game(&self, out: &mut dyn Write, report: &GameReport) -> io::Result<()> {
        match self.format {
            ReportFormat::Human | ReportFormat::Github => {
                for d in &report.diagnostics {
                    if self.quiet && d.severity != Severity::Error {
                        continue;
                    }
                    self.diagnostic_line(out, report.index, d)?;
                }
                Ok(())
            }
            ReportFormat::Json | ReportFormat::Jsonl => {
                writeln!(out, "{}", game_json(self.file, report))
            }
        }
    }

    fn diagnostic_line(&self, out: &mut dyn Write, game: usize, d: &Diagnostic) -> io::Result<()> {
        let subject = d.subject(game);
        match self.format {
            ReportFormat::Github => {
                let level = match d.severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                    Severity::Note => "notice",
                };
                writeln!(
                    out,
                    "::{level} file={},line={},col={},title={}::{}: {}",
                    escape_property(self.file),
                    d.line,
                    d.column,
                    d.code,
                    escape_data(&subject),
                    escape_data(&d.message)
                )
            }
            _ => writeln!(
                out,
                "{}:{}:{}: {}[{}]: {subject}: {}",
                self.file,
                d.line,
                d.column,
                d.severity.name(),
                d.code,
                d.message
            ),
        }
    }

    /// A problem with the file as a whole (`io`, `encoding`).
    pub fn file_problem(
        &self,
        out: &mut dyn Write,
        severity: Severity,
        code: &str,
        message: &str,
    ) -> io::Result<()> {
        if self.quiet && severity != Severity::Error && self.format != ReportFormat::Jsonl {
            return Ok(());
        }
        match self.format {
            ReportFormat::Human => {
                writeln!(out, "{}: {}[{code}]: {message}", self.file, severity.name())
            }
            ReportFormat::Github => writeln!(
                out,
                "::{} file={},title={code}::{}",
                if severity == Severity::Error {
                    "error"
                } else {
                    "notice"
                },
                escape_property(self.file),
                escape_data(message)
            ),
            ReportFormat::Json | ReportFormat::Jsonl => writeln!(
                out,
                "{}",
                json!({
                    "type": "file",
                    "file": self.file,
                    "diagnostics": [{"severity": severity.name(), "code": code, "message": message}],
                })
            ),
        }
    }

    /// A line of human or github output that says what was left out (JSON has everything).
    pub fn omitted(&self, out: &mut dyn Write, text: &str) -> io::Result<()> {
        match self.format {
            ReportFormat::Human => writeln!(out, "{}: {text}", self.file),
            ReportFormat::Github => writeln!(
                out,
                "::notice file={}::{}",
                escape_property(self.file),
                escape_data(text)
            ),
            ReportFormat::Json | ReportFormat::Jsonl => Ok(()),
        }
    }

    pub fn detection(&self, out: &mut dyn Write, detection: &Detection) -> io::Result<()> {
        if detection.guessed {
            let message = format!(
                "decoded as {} (a guess: {}); use --encoding to choose",
                detection.encoding, detection.reason
            );
            self.file_problem(out, Severity::Note, "encoding", &message)?;
        }
        Ok(())
    }
}

pub fn game_json(file: &str, report: &GameReport) -> Value {
    let diagnostics: Vec<Value> = report
        .diagnostics
        .iter()
        .map(|d| {
            json!({
                "severity": d.severity.name(),
                "code": d.code,
                "message": d.message,
                "line": d.line,
                "column": d.column,
                "ply": d.ply,
            })
        })
        .collect();
    json!({
        "type": "game",
        "file": file,
        "game": report.index,
        "line": report.line,
        "valid": report.valid(),
        // null when nothing was replayed: a syntax check, which chooses no game type.
        "plies": report.game_type_by.map(|_| report.plies()),
        "game_type": report.variant.map(|v| v.game_type()),
        "game_type_by": report.game_type_by.map(|by| by.name()),
        "result": {
            "declared": report.declared.map(|r| r.text()),
            "termination": report.termination.map(|t| t.name()),
        },
        "diagnostics": diagnostics,
    })
}

/// The run's totals across files.
#[derive(Default)]
pub struct RunTotals {
    pub files: usize,
    pub failed_files: usize,
    pub streams: StreamTotals,
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
        if format == ReportFormat::Json {
            write!(out, "{{\"games\":[")?;
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
        if self.format != ReportFormat::Json {
            return self.out.write_all(bytes);
        }
        for line in bytes.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            if line.starts_with(b"{\"type\":\"file\"") {
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

    pub fn finish(mut self, totals: &RunTotals) -> io::Result<()> {
        let s = &totals.streams;
        let summary = json!({
            "type": "summary",
            "files": totals.files,
            "unreadable_files": totals.failed_files,
            "games": s.games,
            "valid": s.valid,
            "invalid": s.invalid,
            "warnings": s.warnings,
        });
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
                writeln!(self.out, "],\"summary\":{summary}}}")?
            }
            ReportFormat::Jsonl => writeln!(self.out, "{summary}")?,
            ReportFormat::Human | ReportFormat::Github if !self.quiet => writeln!(
                self.out,
                "summary: {}",
                s.verdict(totals.files, totals.failed_files)
            )?,
            _ => {}
        }
        self.out.flush()
    }
}

/// GitHub workflow commands: `%`, CR and LF escaped in data; also `:` and `,` in properties.
fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}
