//! A [`Diagnostic`]: a [`Kind`] of finding with the data it is made of, a severity, and the
//! place it concerns (byte offset, line, column, game, move).
//! The stable kebab-case code and the message are derived from the kind ([`Kind::code`], its
//! `Display`); the human, GitHub and JSON forms of a diagnostic are rendered in one place
//! each ([`super::render`]).

use super::kind::Kind;
use crate::notation::naming::MoveNumber;
use crate::pdn::severity::Severity;

/// One finding about one game (or one file: an unreadable file, its encoding).
///
/// ```
/// use pdnkit::pdn::Severity;
///
/// let pdn = "[GameType \"25\"]\n1. c3-d4 f6-e5 2. a3-b4 *\n";
/// let report = pdnkit::read(pdn.as_bytes()).games().next().expect("one game")?.report;
/// let d = &report.diagnostics[0];
/// assert_eq!((d.code(), d.severity), ("illegal-move", Severity::Error));
/// // White's d4 must take e5: a3-b4, the third ply, is on line 2, column 19.
/// assert_eq!((d.line, d.column, d.ply, d.main_line), (2, 19, Some(3), true));
/// assert!(d.message().ends_with("legal moves: d4:f6"), "{}", d.message());
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Diagnostic {
    /// Its severity, after levels and `--strict`.
    pub severity: Severity,
    /// What was found, with its data.
    pub(crate) kind: Kind,
    /// Byte offset in the file.
    pub offset: u64,
    /// 1-based line of [`Self::offset`] (0 until located).
    pub line: u32,
    /// 1-based column of [`Self::offset`], in characters (0 until located).
    pub column: u32,
    /// The ply (1 = White's first move of the main line) of the move concerned, if any.
    pub ply: Option<u32>,
    /// The move concerned, if any: its number and side as a reader counts them, and its text
    /// as written.
    pub(crate) at_move: Option<(MoveNumber, String)>,
    /// The move concerned is in the main line (not in a variation).
    pub main_line: bool,
}

impl Diagnostic {
    /// A finding at `offset` (line and column still to be found), about no move.
    pub(crate) fn new(severity: Severity, kind: Kind, offset: u64) -> Diagnostic {
        Diagnostic {
            severity,
            kind,
            offset,
            line: 0,
            column: 0,
            ply: None,
            at_move: None,
            main_line: false,
        }
    }

    /// A finding about a whole file, with the kind's own severity.
    pub(crate) fn about_file(kind: Kind) -> Diagnostic {
        Diagnostic::new(kind.file_severity(), kind, 0)
    }

    /// The stable code of the kind.
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }

    /// The message, without the place or the subject.
    pub fn message(&self) -> String {
        self.kind.to_string()
    }

    /// The move concerned as written, if any.
    pub fn written(&self) -> Option<&str> {
        self.at_move.as_ref().map(|(_, written)| written.as_str())
    }

    /// Whether it makes its game invalid.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `game 3, move 12 (Black) "d6:f4"`: what the message is about.
    pub fn subject(&self, game: usize) -> String {
        let mut s = format!("game {game}");
        if let Some((number, written)) = &self.at_move {
            s.push_str(&format!(
                ", move {} ({})",
                number.number,
                number.side.name()
            ));
            s.push_str(&format!(" \"{written}\""));
        }
        s
    }
}
