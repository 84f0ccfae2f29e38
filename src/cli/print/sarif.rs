//! validate's SARIF 2.1.0 report, as GitHub code scanning reads it: one rule per diagnostic
//! code ([`crate::diagnostic::code::ALL`], with its help), one result per finding. The
//! document is written as it goes: its head (the tool and its rules) first, then each result
//! as its game is done, then its close; nothing of the games is kept.

use crate::diagnostic::{Diagnostic, Severity, code};
use crate::text::escape;
use serde_sarif::sarif;
use std::io::{self, Write};

/// The document up to its first result.
pub fn head(out: &mut dyn Write) -> io::Result<()> {
    let rules = code::ALL
        .iter()
        .map(|&id| {
            let help = sarif::MultiformatMessageString::builder()
                .text(code::help(id))
                .build();
            sarif::ReportingDescriptor::builder()
                .id(id)
                .short_description(help.clone())
                .help(help)
                .build()
        })
        .collect::<Vec<_>>();
    let driver = sarif::ToolComponent::builder()
        .name("pdnkit")
        .version(env!("CARGO_PKG_VERSION"))
        .rules(rules)
        .build();
    let tool = sarif::Tool::builder().driver(driver).build();
    write!(
        out,
        "{{\"version\":\"2.1.0\",\"$schema\":\"{}\",\"runs\":[{{\"tool\":",
        sarif::SCHEMA_URL
    )?;
    escape::write_json(&mut *out, &tool)?;
    // Columns count characters (pdnkit's columns), not UTF-16 units (SARIF's default).
    write!(out, ",\"columnKind\":\"unicodeCodePoints\",\"results\":[")
}

/// The close of the document.
pub fn tail(out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "]}}]}}")
}

/// One finding `d` of game `game` (0: about the file) of the file named `file`, as one JSON
/// object on a line of its own; its message escaped as on a terminal (a viewer shows it).
pub fn result(out: &mut dyn Write, file: &str, game: usize, d: &Diagnostic) -> io::Result<()> {
    let about_file = d.kind.about_file();
    let text = if about_file {
        d.message()
    } else {
        format!("{}: {}", d.subject(game), d.message())
    };
    // A finding about a whole file is placed at its start: GitHub wants a line.
    let (line, column) = if about_file {
        (1, 1)
    } else {
        (d.line.max(1), d.column.max(1))
    };
    let region = sarif::Region::builder()
        .start_line(i64::from(line))
        .start_column(i64::from(column))
        .build();
    let physical = sarif::PhysicalLocation::builder()
        .artifact_location(artifact(file))
        .region(region)
        .build();
    let location = sarif::Location::builder()
        .physical_location(physical)
        .build();
    let level = match d.severity {
        Severity::Error => sarif::ResultLevel::Error,
        Severity::Warning => sarif::ResultLevel::Warning,
        Severity::Note => sarif::ResultLevel::Note,
    };
    let mut result = sarif::Result::builder()
        .rule_id(d.code())
        .level(level)
        .message(sarif::Message::builder().text(escape::text(&text)).build())
        .locations(vec![location])
        .build();
    result.rule_index = code::ALL
        .iter()
        .position(|&c| c == d.code())
        .and_then(|i| i64::try_from(i).ok());
    escape::write_json(&mut *out, &result)?;
    writeln!(out)
}

/// The location of the file named `file`: a relative path as a URI relative to `%SRCROOT%`
/// (the checkout, for GitHub), an absolute one as a `file://` URI.
fn artifact(file: &str) -> sarif::ArtifactLocation {
    let relative = file.trim_start_matches("./");
    if let Some(absolute) = file.strip_prefix('/') {
        sarif::ArtifactLocation::builder()
            .uri(format!("file:///{}", uri_path(absolute)))
            .build()
    } else {
        sarif::ArtifactLocation::builder()
            .uri(uri_path(relative))
            .uri_base_id("%SRCROOT%")
            .build()
    }
}

/// `path` as the path of a URI: every byte but the unreserved characters and `/` written as
/// `%XX`.
fn uri_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
