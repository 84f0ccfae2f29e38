//! The movetext of one game as canonical PDN writes it: [`MovetextWriter`] is a
//! [`Visitor`] of the game's constructs (as the reading that validated it scanned them: see
//! [`write_movetext`]) that also knows the game's validation report:
//!
//! - the moves of the main line that were replayed are written canonically (numbered from 1,
//!   `:` for captures, start and end only unless the full path is needed); their written
//!   move numbers are dropped;
//! - everything else is kept as written, in place: moves and move numbers of the main line
//!   from the first move not replayed on, variations (moves, numbers and all), comments in
//!   their style, NAGs, strength marks (glued to their move), setup commands, results inside
//!   variations and unreadable text (glued to the text it touched as written, so that it
//!   reads back as the same words);
//! - each error of the game is named by a `{pdnkit: CODE: message}` comment before the first
//!   token other than a comment at or after its place, unless a comment naming the same code
//!   is among the comments right before that token (so that converting the output again
//!   adds nothing);
//! - a `{` comment that its line ended (no `}` after it as read) is written closed, and a `}`
//!   of its own, after the moves and the findings of that comment, ends the movetext before
//!   its result: read back, a syntax error, as the game had, that stops no move;
//! - the result of the game is written last, unless a variation is still open (then the
//!   result would be read back inside it: the `Result` tag holds it).
//!
//! What reads back as one game stays one: a `1.` kept as written in the main line of a game
//! that reached move 2 never follows a blank line as the reader counts them (see `Lines`).
//!
//! Tokens are separated by single spaces and laid out by [`Lines`], written straight into
//! the game's text.

use super::lines::Lines;
use super::options::{Captures, PdnOptions};
use super::text::GameText;
use crate::check::GameReport;
use crate::notation::naming::{MoveNumber, push_decimal, push_move_number, push_move_text};
use crate::pdn::movetext::WrittenMove;
use crate::pdn::raw_game::{CommentStyle, ParsedGame, SetupCommand};
use crate::pdn::result::GameResult;
use crate::pdn::scanner::tell_movetext;
use crate::pdn::{RawGame, Skip, Span, Visitor};
use crate::rules::position::Color;
use crate::text::encoding::{TextEncoding, decode};

/// A comment to write before the first token at or after `offset`.
pub struct Finding {
    pub offset: u64,
    pub text: String,
}

/// The movetext of a game, as [`write_movetext`] writes it.
pub struct Movetext {
    /// The text written before it, then the movetext.
    pub text: String,
    /// The result it ends with.
    pub result: String,
    /// The first result of the main line as written, if any.
    pub terminator: Option<String>,
}

/// The movetext of the game `text` (whose report is `report`), appended to `out`, ending with
/// the result that `result` makes of the first result of its main line as written (if any).
pub fn write_movetext(
    report: &GameReport,
    text: &GameText,
    options: &PdnOptions,
    findings: Vec<Finding>,
    out: String,
    result: impl FnOnce(Option<&str>) -> String,
) -> Movetext {
    let mut writer = MovetextWriter::new(report, options, findings, text, out);
    // The constructs of the scan that read the game: its bytes are not read again.
    let raw = RawGame {
        bytes: text.bytes,
        offset: text.offset,
        line: report.line,
        column: 1,
        index: report.index,
        hole: text.hole,
    };
    tell_movetext(&raw, text.tokens, &mut writer);
    let terminator = writer.terminator.clone();
    let result = result(terminator.as_deref());
    Movetext {
        text: writer.end_game_with(&result),
        result,
        terminator,
    }
}

/// A move number kept as written, waiting for its move (a move number stays with its move).
#[derive(Clone, Copy)]
struct KeptNumber {
    number: u32,
    black: bool,
    /// Dots as written, when it was written as a number and dots alone (`1`, `12..`): then it
    /// is written so (the reader reads such forms otherwise than `1.` or `12...`).
    dots: Option<u8>,
    /// End of its text as written.
    end: u64,
}

impl KeptNumber {
    fn push(&self, out: &mut String) {
        let side = if self.black {
            Color::Black
        } else {
            Color::White
        };
        let number = MoveNumber {
            number: self.number,
            side,
        };
        match self.dots {
            Some(dots) => {
                push_move_number(number, out);
                let digits = out.trim_end_matches('.').len();
                out.truncate(digits);
                out.extend(std::iter::repeat_n('.', usize::from(dots)));
            }
            None => push_move_number(number, out),
        }
    }
}

pub struct MovetextWriter<'a> {
    report: &'a GameReport,
    options: &'a PdnOptions,
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
    number: Option<KeptNumber>,
    /// Highest move number of the main line written (the reader's rule for a new game
    /// counts it).
    max_number: u32,
    /// Where the last word (a move, a NAG, text kept as written) ended as written, and
    /// whether it was unreadable text; None after a comment, a variation or a result.
    kept_end: Option<(u64, bool)>,
    /// The word being made.
    scratch: String,
    /// A `{` comment had no `}` as read; the findings at its place.
    lacks_brace: bool,
    unclosed: Vec<Finding>,
}

impl<'a> MovetextWriter<'a> {
    fn new(
        report: &'a GameReport,
        options: &'a PdnOptions,
        mut findings: Vec<Finding>,
        text: &GameText,
        out: String,
    ) -> Self {
        findings.sort_by_key(|f| f.offset);
        MovetextWriter {
            report,
            options,
            encoding: text.encoding,
            lines: Lines::new(out),
            next_played: 0,
            first: report.start.map_or(Color::White, |p| p.turn),
            depth: 0,
            after_move: false,
            findings,
            next_finding: 0,
            recent_comments: Vec::new(),
            terminator: None,
            number: None,
            max_number: 0,
            kept_end: None,
            scratch: String::new(),
            lacks_brace: false,
            unclosed: Vec::new(),
        }
    }

    /// `12.` or `12...` at `offset`: dropped before a replayed move, else kept.
    fn on_move_number(&mut self, offset: u64, text: &[u8], number: u32, black: bool) {
        if self.depth == 0 && self.before_last_played(offset) {
            return;
        }
        self.findings_before(offset);
        self.flush_number();
        let digits = text.iter().take_while(|b| b.is_ascii_digit()).count();
        let dots = &text[digits..];
        self.number = Some(KeptNumber {
            number,
            black,
            dots: (digits > 0 && dots.len() <= 4 && dots.iter().all(|&b| b == b'.'))
                .then_some(dots.len() as u8),
            end: offset + text.len() as u64,
        });
        self.after_move = false;
    }

    /// A move at `offset`; `span` its token as written (the move's own text and its strength
    /// marks).
    fn on_written_move(&mut self, offset: u64, written: &WrittenMove, span: &[u8]) {
        self.findings_before(offset);
        let played = self
            .report
            .moves
            .get(self.next_played)
            .filter(|p| self.depth == 0 && p.offset == offset);
        // `(!?)` written `!?`.
        let strength = written.strength.filter(|_| !self.options.strip.nags);
        let end = offset + span.len() as u64;
        match played {
            Some(played) => {
                let index = self.next_played;
                self.next_played += 1;
                let full = match self.options.captures {
                    Captures::Full => true,
                    Captures::Short => played.full_path,
                };
                let number = MoveNumber::first(self.first).nth(index);
                let numbered = number.side == Color::White || !self.after_move;
                let corner = self.options.corner();
                self.flush_number();
                self.recent_comments.clear();
                self.lines.word_with(|out| {
                    if numbered {
                        push_move_number(number, out);
                        out.push(' ');
                    }
                    let g = played.before.geometry();
                    push_move_text(&played.mv, g, corner, full, out);
                    if let Some(strength) = strength {
                        out.push_str(strength.marks.as_str());
                    }
                });
                self.max_number = self.max_number.max(number.number);
                self.kept_end = Some((end, false));
            }
            None => {
                let mut word = std::mem::take(&mut self.scratch);
                word.clear();
                let text = span.get(..usize::from(written.text_len)).unwrap_or(span);
                push_safe(&decode(text, self.encoding), &mut word);
                if let Some(strength) = strength {
                    word.push_str(strength.marks.as_str());
                }
                self.kept(offset, end, &word, false, true);
                self.scratch = word;
            }
        }
        self.after_move = true;
    }

    fn on_nag(&mut self, offset: u64, len: usize, nag: u16) {
        self.findings_before(offset);
        if !self.options.strip.nags {
            let mut word = std::mem::take(&mut self.scratch);
            word.clear();
            word.push('$');
            push_decimal(u32::from(nag), &mut word);
            self.word(&word);
            self.kept_end = Some((offset + len as u64, false));
            self.scratch = word;
        }
    }

    /// A comment; `text` is its text without its delimiters, `closed` whether a `{` comment
    /// had its `}`.
    ///
    /// Findings wait for the next other token (so that a finding written before the comments
    /// of a move is found there when the output is read again).
    fn on_comment(&mut self, offset: u64, style: CommentStyle, text: &str, closed: bool) {
        if !self.options.strip.comments {
            self.flush_number();
            let text = comment_text(text, style);
            write_comment(&mut self.lines, style, &text);
            self.recent_comments.push(text);
            self.after_move = false;
        }
        if !closed {
            // Its findings go with the `}` written last (see `end_game_with`).
            let mut i = self.next_finding;
            while let Some(finding) = self.findings.get(i) {
                match finding.offset.cmp(&offset) {
                    std::cmp::Ordering::Less => i += 1,
                    std::cmp::Ordering::Equal => self.unclosed.push(self.findings.remove(i)),
                    std::cmp::Ordering::Greater => break,
                }
            }
            self.lacks_brace = true;
        }
    }

    fn on_begin_variation(&mut self, offset: u64) -> Skip {
        self.findings_before(offset);
        if self.options.strip.variations {
            return Skip(true);
        }
        self.flush_number();
        self.recent_comments.clear();
        self.kept_end = None;
        self.lines.open();
        self.depth += 1;
        self.after_move = false;
        Skip(false)
    }

    fn on_end_variation(&mut self, offset: u64) {
        self.findings_before(offset);
        self.flush_number();
        self.recent_comments.clear();
        self.kept_end = None;
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

    /// A setup command (`/FEN "..."/`), or text that could not be read (`unreadable`): kept
    /// as written.
    fn on_as_written(&mut self, offset: u64, text: &str, len: usize, unreadable: bool) {
        // Text glued to the word before waits with the findings at its place for the next
        // word (they cannot go inside a word).
        let glued = self.number.is_none() && self.glues(offset, unreadable);
        if !glued {
            self.findings_before(offset);
        }
        let mut word = std::mem::take(&mut self.scratch);
        word.clear();
        if unreadable && text.contains('…') {
            // `…` in UTF-8 is an ellipsis to the reader: this one was a byte of another
            // encoding, unreadable.
            push_safe(&text.replace('…', "\u{fffd}"), &mut word);
        } else {
            push_safe(text, &mut word);
        }
        self.kept(offset, offset + len as u64, &word, unreadable, false);
        self.scratch = word;
        self.after_move = false;
    }

    /// Ends the movetext with `result` (the game's result as it is to be written); the
    /// findings not yet placed go before it.
    fn end_game_with(mut self, result: &str) -> String {
        self.findings_before(u64::MAX);
        self.flush_number();
        if self.lacks_brace {
            // The `}` a `{` comment lacked, after the moves (unreadable text stops the replay)
            // and after the findings of that comment: read back, the syntax error the game had
            // (closed alone, the comment would make the game valid).
            for finding in std::mem::take(&mut self.unclosed) {
                self.lines.comment(&format!(
                    "{{{}}}",
                    comment_text(&finding.text, CommentStyle::Braces)
                ));
            }
            self.word("}");
        }
        if self.depth == 0 {
            self.lines.word(result);
        }
        self.lines.finish()
    }

    /// Whether a token at `offset` of the main line comes before the last move replayed.
    fn before_last_played(&self, offset: u64) -> bool {
        self.report.moves.last().is_some_and(|m| offset < m.offset)
    }

    fn word(&mut self, word: &str) {
        self.flush_number();
        self.recent_comments.clear();
        self.kept_end = None;
        self.lines.word(word);
    }

    /// Writes `word`, kept as written from `offset` to `end`: glued to the word before when
    /// they touched as written and either is unreadable text (which the reader reads
    /// otherwise apart: `$4` and `.` as a NAG and a stray ellipsis), and never after a blank line when the reader would take it for a new
    /// game's `1.`. A move number waiting goes before it in the same word when it is a
    /// move's (`with_number`) or touched it, else as a word of its own.
    fn kept(&mut self, offset: u64, end: u64, word: &str, unreadable: bool, with_number: bool) {
        let touching = |n: &KeptNumber| n.end == offset && unreadable;
        if !with_number && !self.number.as_ref().is_some_and(touching) {
            self.flush_number();
        }
        if let Some(n) = self.number.take() {
            let mut text = String::with_capacity(12 + word.len());
            n.push(&mut text);
            if !touching(&n) {
                text.push(' ');
            }
            text.push_str(word);
            self.put_kept(&text, n.number == 1, false);
            self.note_number(n.number);
        } else {
            let glue = self.glues(offset, unreadable);
            self.put_kept(word, starts_with_one(word), glue);
        }
        if let Some(n) = leading_number(word) {
            self.note_number(n);
        }
        self.kept_end = Some((end, unreadable));
    }

    /// Whether text at `offset` is glued to the word before (see [`Self::kept`]).
    fn glues(&self, offset: u64, unreadable: bool) -> bool {
        self.kept_end
            .is_some_and(|(at, was_unreadable)| at == offset && (unreadable || was_unreadable))
    }

    /// Writes a word kept as written; `starts_one`: the reader takes its start for a `1.`.
    fn put_kept(&mut self, word: &str, starts_one: bool, glue: bool) {
        self.recent_comments.clear();
        if glue {
            self.lines.glue(word);
        } else if starts_one && self.depth == 0 && self.max_number > 1 {
            self.lines.word_close(word);
        } else {
            self.lines.word(word);
        }
    }

    fn note_number(&mut self, number: u32) {
        if self.depth == 0 {
            self.max_number = self.max_number.max(number);
        }
    }

    /// Writes a move number kept as written that no move followed.
    fn flush_number(&mut self) {
        if let Some(n) = self.number.take() {
            let mut word = std::mem::take(&mut self.scratch);
            word.clear();
            n.push(&mut word);
            self.put_kept(&word, n.number == 1, false);
            self.note_number(n.number);
            self.kept_end = Some((n.end, false));
            self.scratch = word;
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
                self.lines.comment(&format!("{{{text}}}"));
                self.recent_comments.push(text);
                self.after_move = false;
            }
        }
    }
}

/// Whether the reader takes the start of `word` for the move number 1 (`1.`, `1...`, `1`
/// before a non-digit).
fn starts_with_one(word: &str) -> bool {
    let bytes = word.as_bytes();
    bytes.first() == Some(&b'1') && !bytes.get(1).is_some_and(u8::is_ascii_digit)
}

/// The number a word starts with, if digits and a `.` begin it (a move number glued to text).
fn leading_number(word: &str) -> Option<u32> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || word.as_bytes().get(digits) != Some(&b'.') {
        return None;
    }
    word[..digits].parse().ok()
}

/// Appends `text` with the characters no output holds raw ([`crate::text::escape::is_unsafe`])
/// replaced, so that it reads back as the same words: an ASCII control character (which
/// the reader takes for white space) as a space, any other as U+FFFD.
pub(super) fn push_safe(text: &str, out: &mut String) {
    if !text.chars().any(crate::text::escape::is_unsafe) {
        return out.push_str(text);
    }
    out.extend(text.chars().map(|c| match c {
        c if c.is_ascii_control() => ' ',
        c if crate::text::escape::is_unsafe(c) => char::REPLACEMENT_CHARACTER,
        c => c,
    }));
}

/// The events of the game's text. Tags come from the report; findings from its diagnostics
/// (which hold the syntax findings too).
impl Visitor for MovetextWriter<'_> {
    type Output = ();

    fn move_number(&mut self, number: u32, black: bool, span: Span<'_>) {
        self.on_move_number(span.offset, span.text, number, black);
    }

    fn written_move(&mut self, mv: &WrittenMove, span: Span<'_>) {
        self.on_written_move(span.offset, mv, span.text);
    }

    fn nag(&mut self, nag: u16, span: Span<'_>) {
        self.on_nag(span.offset, span.text.len(), nag);
    }

    fn comment(&mut self, style: CommentStyle, body: &[u8], span: Span<'_>) {
        let body = decode(body, self.encoding);
        let closed = style != CommentStyle::Braces || span.text.ends_with(b"}");
        self.on_comment(span.offset, style, &body, closed);
    }

    fn setup(&mut self, _command: &SetupCommand, span: Span<'_>) {
        let text = decode(span.text, self.encoding);
        self.on_as_written(span.offset, &text, span.text.len(), false);
        if span.text.len() < 2 || !span.text.ends_with(b"/") {
            // Its line ended it: so it must in the output, or it would take in what follows.
            self.lines.end_line();
        }
    }

    fn begin_variation(&mut self, span: Span<'_>) -> Skip {
        self.on_begin_variation(span.offset)
    }

    fn end_variation(&mut self, span: Span<'_>) {
        self.on_end_variation(span.offset);
    }

    fn result(&mut self, _result: GameResult, span: Span<'_>) {
        let text = decode(span.text, self.encoding);
        self.on_result(span.offset, &text);
    }

    fn unreadable(&mut self, span: Span<'_>) {
        let text = decode(span.text, self.encoding);
        self.on_as_written(span.offset, &text, span.text.len(), true);
    }

    fn end_game(&mut self, _game: &RawGame<'_>, _read: &ParsedGame) {}
}

/// The comments of text that stands between games, in the order written (each in its style;
/// see [`CommentsBetween::comment`] for a `{` without `}`).
pub(super) struct CommentsBetween {
    pub lines: Lines,
    pub any: bool,
    pub encoding: TextEncoding,
}

impl Visitor for CommentsBetween {
    type Output = ();

    /// A `{` comment that its line ended (no `}` after it as read) is written as a `;`
    /// comment: written closed, its `}` would end a `{` comment that a game before it left
    /// open (which the reader ended with its line, finding no `}` after it).
    fn comment(&mut self, style: CommentStyle, body: &[u8], span: Span<'_>) {
        let body = decode(body, self.encoding);
        let style = match style {
            CommentStyle::Braces if !span.text.ends_with(b"}") => CommentStyle::Semicolon,
            style => style,
        };
        write_comment(&mut self.lines, style, &comment_text(&body, style));
        self.any = true;
    }

    fn end_game(&mut self, _game: &RawGame<'_>, _read: &ParsedGame) {}
}

/// Writes a comment (its text as [`comment_text`] gives it) in its style.
pub(super) fn write_comment(lines: &mut Lines, style: CommentStyle, text: &str) {
    match style {
        CommentStyle::Braces => lines.comment_of(["{", text, "}"]),
        CommentStyle::Percent => lines.line_comment_of(["%", text, ""], true),
        CommentStyle::Semicolon => lines.line_comment_of([";", text, ""], false),
    }
}

/// The text of a comment as written: line breaks as `\n` (a `%` or `;` comment has none),
/// characters no output holds raw ([`crate::text::escape::is_unsafe`]) as spaces, and for a
/// `{...}` comment no `}` (which would end it) and no `{`.
pub fn comment_text(text: &str, style: CommentStyle) -> String {
    // Most comments hold none of these: they are written as they are.
    let special = |b: u8| b == b'\r' || (style == CommentStyle::Braces && (b == b'{' || b == b'}'));
    if !text.bytes().any(special) && !crate::text::escape::may_be_unsafe(text) {
        return text.to_string();
    }
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    text.chars()
        .map(|c| match c {
            '\n' if style == CommentStyle::Braces => '\n',
            '{' if style == CommentStyle::Braces => '(',
            '}' if style == CommentStyle::Braces => ')',
            c if crate::text::escape::is_unsafe(c) => ' ',
            c => c,
        })
        .collect()
}
