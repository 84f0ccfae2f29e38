//! Setup commands in movetext: `/FEN "W:W31,32:B1-5"/` (PDN 3.0), which set up a new
//! position in the middle of a game. Only the syntax is read here; the FEN belongs to the
//! engine. A setup command ends at the next `/` or, unterminated (an error), at the end of
//! its line. The value may be quoted (`\"` unescaped) or not.

use super::ascii::line_end;
use super::error::{SyntaxError, SyntaxErrorKind};
use super::tag::{error, name_span, quoted_value, skip_spaces, trim_end};

/// One setup command.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SetupCommand {
    /// The command name, e.g. `FEN` (may be empty).
    pub name: String,
    /// The raw value bytes, unquoted and unescaped.
    pub value: Vec<u8>,
    /// Absolute byte offset of the first value byte.
    pub value_offset: u64,
}

/// Reads the setup command whose `/` is at `input[start]`; returns it and the index after it.
pub(crate) fn scan_setup(
    input: &[u8],
    start: usize,
    base: u64,
    errors: &mut Vec<SyntaxError>,
) -> (SetupCommand, usize) {
    let eol = line_end(input, start);
    let close = input
        .get(start + 1..eol)
        .and_then(|body| memchr::memchr(b'/', body))
        .map(|i| start + 1 + i);
    let (content_end, end) = match close {
        Some(close) => (close, close + 1),
        None => {
            let len = eol - start;
            errors.push(error(SyntaxErrorKind::UnterminatedSetup, base, start, len));
            (eol, eol)
        }
    };
    let (name_start, name_end) = name_span(input, start + 1, content_end);
    let name = input.get(name_start..name_end).unwrap_or_default();
    let value_start = skip_spaces(input, name_end, content_end);
    let value_end = trim_end(input, value_start, content_end);
    let (value, value_at, _) = quoted_value(input, value_start, value_end);
    let command = SetupCommand {
        name: String::from_utf8_lossy(name).into_owned(),
        value,
        value_offset: base + value_at as u64,
    };
    (command, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_setup() {
        let text = b"/FEN \"B:W18,24:B12\"/ 1...";
        let mut errors = Vec::new();
        let (cmd, end) = scan_setup(text, 0, 10, &mut errors);
        assert_eq!(cmd.name, "FEN");
        assert_eq!(cmd.value, b"B:W18,24:B12");
        assert_eq!((cmd.value_offset, end), (16, 20));
        assert!(errors.is_empty());
    }

    #[test]
    fn unterminated_setup() {
        let text = b"/FEN W:W1:B2\r\n1.";
        let mut errors = Vec::new();
        let (cmd, end) = scan_setup(text, 0, 0, &mut errors);
        assert_eq!(
            (cmd.name.as_str(), cmd.value.as_slice(), end),
            ("FEN", &b"W:W1:B2"[..], 12)
        );
        assert_eq!(errors.len(), 1);
        assert_eq!(
            (errors[0].kind, errors[0].offset, errors[0].len),
            (SyntaxErrorKind::UnterminatedSetup, 0, 12)
        );
        let (cmd, end) = scan_setup(b"/", 0, 0, &mut errors);
        assert_eq!((cmd.name.as_str(), end), ("", 1));
    }
}
