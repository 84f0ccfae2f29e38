//! validate's human diagnostics as rustc shows its own: a heading with the code, the place,
//! the source line with a caret under the token, and the legal moves as a note (the
//! `annotate-snippets` crate), coloured when asked ([`Colour`]). Text from the archive and
//! the file system is escaped ([`escape::text`]) before it is laid out, so that no byte of
//! it reaches a terminal unescaped.

use crate::check::{GameJob, GameReport, ReadGame};
use crate::diagnostic::{Diagnostic, Kind, Severity};
use crate::pdn::raw_game::index_in;
use crate::text::encoding::{TextEncoding, decode};
use crate::text::escape;
use annotate_snippets::{AnnotationKind, Group, Level, Origin, Renderer, Snippet};
use std::io;
use std::ops::Range;

/// When human output is coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Colour {
    /// When standard output is a terminal that takes colours, unless `NO_COLOR` is set
    /// (`CLICOLOR_FORCE` forces colours).
    #[default]
    Auto,
    Always,
    Never,
}

impl Colour {
    /// The renderer of standard output for this choice.
    pub fn renderer(self) -> Renderer {
        let styled = match self {
            Colour::Always => true,
            Colour::Never => false,
            Colour::Auto => {
                anstream::AutoStream::choice(&io::stdout()) != anstream::ColorChoice::Never
            }
        };
        if styled {
            Renderer::styled()
        } else {
            Renderer::plain()
        }
    }
}

/// At most this many bytes of a line are shown on either side of the token.
const CONTEXT: usize = 60;

/// The source line of a finding (escaped, at most [`CONTEXT`] bytes either side of the
/// token), and where the token is in it.
#[derive(Clone, Debug)]
pub struct SourceLine {
    /// The finding's offset in the file.
    offset: u64,
    text: String,
    token: Range<usize>,
}

/// The job of validate: each game's report, with the source lines of its findings when
/// `lines` (human output).
#[derive(Clone, Copy, Debug)]
pub struct Sourced {
    pub lines: bool,
}

impl GameJob for Sourced {
    type Done = (GameReport, Vec<SourceLine>);
    fn work(&mut self, game: ReadGame<'_>) -> Self::Done {
        let lines = match self.lines {
            true => game
                .report
                .diagnostics
                .iter()
                .filter(|d| !d.kind.about_file())
                .filter_map(|d| source_line(&game, d))
                .collect(),
            false => Vec::new(),
        };
        (game.report, lines)
    }
}

/// The line of `d` in the text of `game`, if the game's bytes hold it (a game too long to be
/// held has its first bytes only), with the token of [`token_len`].
fn source_line(game: &ReadGame<'_>, d: &Diagnostic) -> Option<SourceLine> {
    let bytes: &[u8] = &game.bytes;
    d.offset.checked_sub(game.offset)?;
    let at = index_in(game.offset, game.hole, d.offset);
    if at > bytes.len() {
        return None;
    }
    let utf8 = game.encoding == TextEncoding::Utf8;
    // A character of UTF-8 is not cut (its continuation bytes are 0b10xxxxxx).
    let inside = |i: usize| utf8 && i < bytes.len() && bytes[i] & 0xc0 == 0x80;
    let line_start = bytes[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let mut start = line_start.max(at.saturating_sub(CONTEXT));
    while start < at && inside(start) {
        start += 1;
    }
    let line_end = bytes[at..]
        .iter()
        .position(|&b| b == b'\n' || b == b'\r')
        .map_or(bytes.len(), |i| at + i);
    let token_end = at + token_len(&bytes[at..line_end], d);
    let mut end = line_end.min(token_end.max(at) + CONTEXT);
    while end > token_end && inside(end) {
        end -= 1;
    }
    let piece =
        |range: Range<usize>| escape::text(&decode(&bytes[range], game.encoding)).into_owned();
    let mut text = piece(start..at);
    let token_start = text.len();
    text.push_str(&piece(at..token_end));
    let token = token_start..text.len();
    text.push_str(&piece(token_end..end));
    Some(SourceLine {
        offset: d.offset,
        text,
        token,
    })
}

/// The length of the token that `d` is about, at the start of `rest` (its line from the
/// diagnostic's offset on): the move as written, or else the text up to a space, `]` or `"`
/// (a tag value's text without its quotes).
pub fn token_len(rest: &[u8], d: &Diagnostic) -> usize {
    match d.written().map(str::as_bytes) {
        Some(w) if rest.starts_with(w) => w.len(),
        _ => rest
            .iter()
            .position(|&b| b.is_ascii_whitespace() || b == b']' || b == b'"')
            .unwrap_or(rest.len()),
    }
}

/// Diagnostic `d` of game `game` of the file named `file` ([`escape::file_name`]), laid out
/// by `renderer` with its source line when `lines` holds it; without a final line break.
pub fn render(
    renderer: &Renderer,
    file: &str,
    game: usize,
    d: &Diagnostic,
    lines: &[SourceLine],
) -> String {
    let level = match d.severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Note => Level::NOTE,
    };
    let (message, note) = match &d.kind {
        Kind::IllegalMove { why, legal } => {
            let moves = match legal.is_empty() {
                true => "none".to_string(),
                false => legal.join(", "),
            };
            (
                format!("illegal move: {why}"),
                Some(format!("legal moves: {moves}")),
            )
        }
        _ => (d.message(), None),
    };
    let about_file = d.kind.about_file();
    let heading = match about_file {
        true => escape::text(&message).into_owned(),
        false => format!(
            "{}: {}",
            escape::text(&d.subject(game)),
            escape::text(&message)
        ),
    };
    let file = escape::text(file);
    let title = level.primary_title(heading).id(d.code());
    let line = usize::try_from(d.line).unwrap_or(usize::MAX);
    let source = lines.iter().find(|l| l.offset == d.offset && !about_file);
    let mut group: Group<'_> = match source {
        Some(source) => title.element(
            Snippet::source(source.text.as_str())
                .line_start(line)
                .path(file.as_ref())
                .annotation(AnnotationKind::Primary.span(source.token.clone())),
        ),
        None if about_file => title.element(Origin::path(file.as_ref())),
        None => title.element(
            Origin::path(file.as_ref())
                .line(line)
                .char_column(usize::try_from(d.column.saturating_sub(1)).unwrap_or(0)),
        ),
    };
    if let Some(note) = note {
        group = group.element(Level::NOTE.message(escape::text(&note).into_owned()));
    }
    renderer.render(&[group])
}
