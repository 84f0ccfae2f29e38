//! The movetext of one game as canonical PDN writes it: [`MovetextWriter`] is a
//! [`Visitor`] of the game's text (read again by the [`Scanner`]: see [`write_movetext`])
//! that also knows the game's validation report:
//!
//! - the moves of the main line that were replayed are written canonically (numbered from 1,
//!   `:` for captures, start and end only unless the full path is needed); their written
//!   move numbers are dropped;
//! - everything else is kept as written, in place: moves and move numbers of the main line
//!   from the first move not replayed on, variations (moves, numbers and all), comments in
//!   their style, NAGs, strength marks (glued to their move), setup commands, results inside
//!   variations and unreadable text;
//! - each error of the game is named by a `{pdnkit: CODE: message}` comment before the first
//!   token other than a comment at or after its place, unless a comment naming the same code
//!   is among the comments right before that token (so that converting the output again
//!   adds nothing);
//! - the result of the game is written last.
//!
//! Tokens are separated by single spaces and laid out by [`Lines`].

use super::lines::Lines;
use super::options::{Captures, PdnOptions};
use super::text::GameText;
use crate::encoding::{TextEncoding, decode};
use crate::notation::{MoveNumber, move_text, needs_full_path};
use crate::pdn::lexer::{CommentStyle, SetupCommand};
use crate::pdn::movetext::{Strength, WrittenMove};
use crate::pdn::result::GameResult;
use crate::pdn::{RawGame, Scanner, Skip, Span, Visitor};
use crate::position::Color;
use crate::validate::GameReport;

/// A comment to write before the first token at or after `offset`.
pub struct Finding {
    pub offset: u64,
    pub text: String,
}

/// The movetext of a game, as [`write_movetext`] writes it.
pub struct Movetext {
    pub text: String,
    /// The result it ends with.
    pub result: String,
    /// The first result of the main line as written, if any.
    pub terminator: Option<String>,
}

/// The movetext of the game `text` (whose report is `report`), ending with the result that
/// `result` makes of the first result of its main line as written (if any).
pub fn write_movetext(
    report: &GameReport,
    text: &GameText,
    options: &PdnOptions,
    findings: Vec<Finding>,
    result: impl FnOnce(Option<&str>) -> String,
) -> Movetext {
    let mut writer = MovetextWriter::new(report, options, findings, text);
    // The game's bytes make one game again (a game read alone is split as it was in its
    // input); should they make more, their movetexts follow each other.
    let mut scanner = Scanner::new(text.bytes);
    while let Ok(Some(())) = scanner.read_game(&mut writer) {}
    let terminator = writer.terminator.clone();
    let result = result(terminator.as_deref());
    Movetext {
        text: writer.end_game_with(&result),
        result,
        terminator,
    }
}

pub struct MovetextWriter<'a> {
    report: &'a GameReport,
    options: &'a PdnOptions,
    /// Offset of the game's first byte in its input (spans count from the game's start).
    base: u64,
    encoding: TextEncoding,
    lines: Lines,
    /// Index in `report.moves` of the next replayed move.
    next_played: usize,
    first: Color,
    /// Variations open (entered).
    depth: u32,
    /// The last word of the current line (of play) is a move or its NAG: a Black move after
    /// it needs no move number.
    after_move: bool,
    /// Sorted by offset; those before `next_finding` are written.
    findings: Vec<Finding>,
    next_finding: usize,
    /// Comments written since the last other word.
    recent_comments: Vec<String>,
    /// The first result of the main line, written last.
    terminator: Option<String>,
    /// A move number kept as written, waiting for its move (a move number stays with its
    /// move).
    number: Option<String>,
}

impl<'a> MovetextWriter<'a> {
    fn new(
        report: &'a GameReport,
        options: &'a PdnOptions,
        mut findings: Vec<Finding>,
        text: &GameText,
    ) -> Self {
        findings.sort_by_key(|f| f.offset);
        MovetextWriter {
            report,
            options,
            base: text.offset,
            encoding: text.encoding,
            lines: Lines::default(),
            next_played: 0,
            first: report.start.map_or(Color::White, |p| p.turn),
            depth: 0,
            after_move: false,
            findings,
            next_finding: 0,
            recent_comments: Vec::new(),
            terminator: None,
            number: None,
        }
    }

    /// `12.` or `12...` at `offset`: dropped before a replayed move, else kept.
    fn on_move_number(&mut self, offset: u64, number: u32, black: bool) {
        if self.depth == 0 && self.before_last_played(offset) {
            return;
        }
        self.findings_before(offset);
        self.flush_number();
        let dots = if black { "..." } else { "." };
        self.number = Some(format!("{number}{dots}"));
        self.after_move = false;
    }

    /// A move; `text` is the token as written (the move's own text and its strength marks).
    fn on_written_move(&mut self, offset: u64, written: &WrittenMove, text: &str) {
        self.findings_before(offset);
        let played = self
            .report
            .moves
            .get(self.next_played)
            .filter(|p| self.depth == 0 && p.offset == offset);
        let mut word = match played {
            Some(played) => {
                let index = self.next_played;
                self.next_played += 1;
                let full = match self.options.captures {
                    Captures::Full => true,
                    Captures::Short => needs_full_path(&played.mv, &played.before),
                };
                let g = played.before.geometry();
                let canonical = move_text(&played.mv, g, self.options.corner(), full);
                let number = MoveNumber::first(self.first).nth(index);
                if number.side == Color::Black && self.after_move {
                    canonical
                } else {
                    format!("{number} {canonical}")
                }
            }
            None => safe(text.get(..usize::from(written.text_len)).unwrap_or(text)),
        };
        if let Some(strength) = written.strength.filter(|_| !self.options.strip.nags) {
            word.push_str(&marks(&strength));
        }
        if let Some(number) = self.number.take() {
            word = format!("{number} {word}");
        }
        self.word(&word);
        self.after_move = true;
    }

    fn on_nag(&mut self, offset: u64, nag: u16) {
        self.findings_before(offset);
        if !self.options.strip.nags {
            self.word(&format!("${nag}"));
        }
    }

    /// A comment; `text` is its text without its delimiters.
    ///
    /// Findings wait for the next other token (so that a finding written before the comments
    /// of a move is found there when the output is read again).
    fn on_comment(&mut self, _offset: u64, style: CommentStyle, text: &str) {
        if self.options.strip.comments {
            return;
        }
        self.flush_number();
        let text = comment_text(text, style);
        write_comment(&mut self.lines, style, &text);
        self.recent_comments.push(text);
        self.after_move = false;
    }

    fn on_begin_variation(&mut self, offset: u64) -> Skip {
        self.findings_before(offset);
        if self.options.strip.variations {
            return Skip(true);
        }
        self.flush_number();
        self.recent_comments.clear();
        self.lines.open();
        self.depth += 1;
        self.after_move = false;
        Skip(false)
    }

    fn on_end_variation(&mut self, offset: u64) {
        self.findings_before(offset);
        self.flush_number();
        self.recent_comments.clear();
        self.lines.close();
        self.depth = self.depth.saturating_sub(1);
        self.after_move = false;
    }

    /// A result: the first one of the main line ends the game (it is written last, by
    /// [`Self::end_game_with`]); one inside a variation is kept in place.
    fn on_result(&mut self, offset: u64, text: &str) {
        if self.depth == 0 && self.terminator.is_none() {
            self.terminator = Some(text.to_string());
            return;
        }
        self.findings_before(offset);
        self.word(text);
    }

    /// A setup command (`/FEN "..."/`), or text that could not be read: kept as written.
    fn on_as_written(&mut self, offset: u64, text: &str) {
        self.findings_before(offset);
        self.word(&safe(text));
        self.after_move = false;
    }

    /// Ends the movetext with `result` (the game's result as it is to be written); the
    /// findings not yet placed go before it.
    fn end_game_with(mut self, result: &str) -> String {
        self.findings_before(u64::MAX);
        self.flush_number();
        self.lines.word(result);
        self.lines.finish()
    }

    /// Whether a token at `offset` of the main line comes before the last move replayed.
    fn before_last_played(&self, offset: u64) -> bool {
        self.report.moves.last().is_some_and(|m| offset < m.offset)
    }

    fn word(&mut self, word: &str) {
        self.flush_number();
        self.recent_comments.clear();
        self.lines.word(word);
    }

    /// Writes a move number kept as written that no move followed.
    fn flush_number(&mut self) {
        if let Some(number) = self.number.take() {
            self.recent_comments.clear();
            self.lines.word(&number);
        }
    }

    /// Writes the findings placed at or before `offset`, each unless it was just written.
    fn findings_before(&mut self, offset: u64) {
        while let Some(finding) = self.findings.get(self.next_finding) {
            if finding.offset > offset {
                break;
            }
            self.next_finding += 1;
            let text = comment_text(&finding.text, CommentStyle::Braces);
            // The same finding reads alike but for its details (the legal moves of a
            // position are written in the game's notation): its code tells it.
            let code = text.split(": ").take(2).collect::<Vec<_>>().join(": ");
            let known = self.recent_comments.iter().any(|c| {
                c.strip_prefix(code.as_str())
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with(':'))
            });
            // Before a move number waiting for its move, which stays with it.
            if !known {
                self.lines.word(&format!("{{{text}}}"));
                self.recent_comments.push(text);
                self.after_move = false;
            }
        }
    }
}

/// `text` with the characters no output holds raw ([`crate::escape::is_unsafe`]) as spaces.
fn safe(text: &str) -> String {
    text.chars()
        .map(|c| if crate::escape::is_unsafe(c) { ' ' } else { c })
        .collect()
}

impl MovetextWriter<'_> {
    /// The span's absolute offset and its text, decoded.
    fn read(&self, span: Span<'_>) -> (u64, String) {
        (
            self.base + span.offset,
            decode(span.text, self.encoding).into_owned(),
        )
    }
}

/// The events of the game's text. Tags come from the report; findings from its diagnostics
/// (which hold the syntax findings too).
impl Visitor for MovetextWriter<'_> {
    type Output = ();

    fn move_number(&mut self, number: u32, black: bool, span: Span<'_>) {
        self.on_move_number(self.base + span.offset, number, black);
    }

    fn written_move(&mut self, mv: &WrittenMove, span: Span<'_>) {
        let (at, text) = self.read(span);
        self.on_written_move(at, mv, &text);
    }

    fn nag(&mut self, nag: u16, span: Span<'_>) {
        self.on_nag(self.base + span.offset, nag);
    }

    fn comment(&mut self, style: CommentStyle, body: &[u8], span: Span<'_>) {
        let body = decode(body, self.encoding);
        self.on_comment(self.base + span.offset, style, &body);
    }

    fn setup(&mut self, _command: &SetupCommand, span: Span<'_>) {
        let (at, text) = self.read(span);
        self.on_as_written(at, &text);
    }

    fn begin_variation(&mut self, span: Span<'_>) -> Skip {
        self.on_begin_variation(self.base + span.offset)
    }

    fn end_variation(&mut self, span: Span<'_>) {
        self.on_end_variation(self.base + span.offset);
    }

    fn result(&mut self, _result: GameResult, span: Span<'_>) {
        let (at, text) = self.read(span);
        self.on_result(at, &text);
    }

    fn unreadable(&mut self, span: Span<'_>) {
        let (at, text) = self.read(span);
        self.on_as_written(at, &text);
    }

    fn end_game(&mut self, _game: &RawGame<'_>) {}
}

/// The comments of text that stands between games, in the order written.
pub(super) struct CommentsBetween {
    pub lines: Lines,
    pub any: bool,
    pub encoding: TextEncoding,
}

impl Visitor for CommentsBetween {
    type Output = ();

    fn comment(&mut self, style: CommentStyle, body: &[u8], _span: Span<'_>) {
        let body = decode(body, self.encoding);
        write_comment(&mut self.lines, style, &comment_text(&body, style));
        self.any = true;
    }

    fn end_game(&mut self, _game: &RawGame<'_>) {}
}

/// Strength marks, glued after their move (`(!?)` written `!?`).
fn marks(strength: &Strength) -> String {
    strength.marks.as_str().to_string()
}

/// Writes a comment (its text as [`comment_text`] gives it) in its style.
pub(super) fn write_comment(lines: &mut Lines, style: CommentStyle, text: &str) {
    match style {
        CommentStyle::Braces => lines.word(&format!("{{{text}}}")),
        CommentStyle::Percent => lines.line_comment(&format!("%{text}"), true),
        CommentStyle::Semicolon => lines.line_comment(&format!(";{text}"), false),
    }
}

/// The text of a comment as written: line breaks as `\n` (a `%` or `;` comment has none),
/// characters no output holds raw ([`crate::escape::is_unsafe`]) as spaces, and for a
/// `{...}` comment no `}` (which would end it) and no `{`.
pub fn comment_text(text: &str, style: CommentStyle) -> String {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    text.chars()
        .map(|c| match c {
            '\n' if style == CommentStyle::Braces => '\n',
            '{' if style == CommentStyle::Braces => '(',
            '}' if style == CommentStyle::Braces => ')',
            c if crate::escape::is_unsafe(c) => ' ',
            c => c,
        })
        .collect()
}
