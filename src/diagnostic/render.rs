//! A diagnostic as it is printed, in one place for each form: the human line ([`human`]), the
//! GitHub workflow command (`github`, crate-private) and the JSON object (the [`Serialize`] of
//! [`Diagnostic`]). Text from the archive or the file system is escaped ([`crate::text::escape`]).

use super::finding::Diagnostic;
use crate::pdn::severity::Severity;
use crate::text::escape;
use serde::ser::{Serialize, SerializeStruct, Serializer};
use std::fmt;

/// `path:line:col: error[code]: game 3, move 12 (Black) "d6:f4": message` for a finding about
/// game `game` of the file named `file` (escaped as it is printed), or `path: error[code]:
/// message` for one about the whole file. Without a line break.
pub fn human<'a>(file: &'a str, game: usize, d: &'a Diagnostic) -> impl fmt::Display + 'a {
    Line {
        file,
        game,
        d,
        github: false,
    }
}

/// `::error file=path,line=L,col=C,title=code::subject: message` (a note is a `notice`), as
/// [`human`] places it. Without a line break.
pub(crate) fn github<'a>(file: &'a str, game: usize, d: &'a Diagnostic) -> impl fmt::Display + 'a {
    Line {
        file,
        game,
        d,
        github: true,
    }
}

struct Line<'a> {
    file: &'a str,
    game: usize,
    d: &'a Diagnostic,
    github: bool,
}

impl fmt::Display for Line<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.d;
        let place = (!d.kind.about_file()).then_some((d.line, d.column));
        let subject = place.map(|_| d.subject(self.game));
        let message = d.message();
        if self.github {
            let level = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Note => "notice",
            };
            write!(f, "::{level} file={}", github_property(self.file))?;
            if let Some((line, column)) = place {
                write!(f, ",line={line},col={column}")?;
            }
            write!(f, ",title={}::", github_property(d.code()))?;
            if let Some(subject) = subject {
                write!(f, "{}: ", github_data(&subject))?;
            }
            f.write_str(&github_data(&message))
        } else {
            f.write_str(&escape::text(self.file))?;
            if let Some((line, column)) = place {
                write!(f, ":{line}:{column}")?;
            }
            write!(f, ": {}[{}]: ", d.severity.name(), d.code())?;
            if let Some(subject) = subject {
                write!(f, "{}: ", escape::text(&subject))?;
            }
            f.write_str(&escape::text(&message))
        }
    }
}

/// GitHub workflow command data: escaped as [`escape::text`] (no line break is left), then
/// `%` (and CR, LF, which no longer occur) as the runner decodes them.
pub(crate) fn github_data(s: &str) -> String {
    escape::text(s)
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A GitHub property value: data, and `:` and `,` too.
pub(crate) fn github_property(s: &str) -> String {
    github_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// `{"severity":..,"code":..,"message":..,"line":..,"column":..,"ply":..}`; a finding about a
/// whole file has no line, column or ply (`docs/json.md`).
impl Serialize for Diagnostic {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let about_file = self.kind.about_file();
        let fields = if about_file { 3 } else { 6 };
        let mut object = serializer.serialize_struct("Diagnostic", fields)?;
        object.serialize_field("severity", &self.severity)?;
        object.serialize_field("code", self.code())?;
        object.serialize_field("message", &self.message())?;
        if !about_file {
            object.serialize_field("line", &self.line)?;
            object.serialize_field("column", &self.column)?;
            object.serialize_field("ply", &self.ply)?;
        }
        object.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Kind;
    use crate::notation::naming::MoveNumber;
    use crate::rules::position::Color;

    fn illegal() -> Diagnostic {
        let mut d = Diagnostic::new(
            Severity::Error,
            Kind::IllegalMove {
                why: crate::diagnostic::Illegality::CaptureCompulsory,
                legal: vec!["e3:c5".to_string()],
            },
            40,
        );
        (d.line, d.column, d.ply) = (7, 12, Some(4));
        let number = MoveNumber {
            number: 2,
            side: Color::Black,
        };
        d.at_move = Some((number, "d6-c5\n::error x".to_string()));
        d
    }

    /// Hand-written lines of each form; the untrusted move text cannot start a line.
    #[test]
    fn each_form() {
        let d = illegal();
        let message = "illegal move: a capture is compulsory; legal moves: e3:c5";
        assert_eq!(
            human("a b.pdn", 3, &d).to_string(),
            format!(
                "a b.pdn:7:12: error[illegal-move]: game 3, move 2 (Black) \
                 \"d6-c5\\n::error x\": {message}"
            )
        );
        assert_eq!(
            github("a,b.pdn", 3, &d).to_string(),
            format!(
                "::error file=a%2Cb.pdn,line=7,col=12,title=illegal-move::game 3, move 2 \
                 (Black) \"d6-c5\\n::error x\": {message}"
            )
        );
        assert_eq!(
            serde_json::to_string(&d).unwrap(),
            format!(
                "{{\"severity\":\"error\",\"code\":\"illegal-move\",\"message\":\"{message}\",\
                 \"line\":7,\"column\":12,\"ply\":4}}"
            )
        );
        let file = Diagnostic::about_file(Kind::Binary {
            utf16: false,
            nul_at: 9,
        });
        let message = "binary data (a NUL byte at byte 9), not PDN text: not read";
        assert_eq!(
            human("x.pdn", 0, &file).to_string(),
            format!("x.pdn: error[binary]: {message}")
        );
        assert_eq!(
            github("x.pdn", 0, &file).to_string(),
            format!("::error file=x.pdn,title=binary::{message}")
        );
        assert_eq!(
            serde_json::to_string(&file).unwrap(),
            format!("{{\"severity\":\"error\",\"code\":\"binary\",\"message\":\"{message}\"}}")
        );
    }
}
