//! Movetext laid out in lines of at most [`LINE_WIDTH`] characters: words joined by single
//! spaces, a `(` glued to the word after it and a `)` to the word before it, a `%` comment
//! alone on its line and a `;` comment last on its line (both run to the end of the line).
//!
//! A word longer than a line stands alone on its line; a `{...}` comment that spans lines is
//! one word, and the line goes on from its last line.
//!
//! Comments wait for the next other word to be laid out: before a word that must not follow
//! a blank line as the reader counts them ([`Lines::word_close`]: line breaks since the last
//! word that is not a comment, two of which before a `1.` start a new game), they and the
//! word share a line, however long, broken only after a line comment.
//!
//! Words are written straight into the text (no string per word).

/// Longest movetext line.
pub const LINE_WIDTH: usize = 80;

pub struct Lines {
    out: String,
    /// Characters on the current line.
    width: usize,
    /// `(`s waiting for the word they open.
    open: usize,
    /// The current line ends with a line comment: nothing more may go on it.
    closed: bool,
    /// Line breaks since the last word that is not a comment.
    breaks: u32,
    /// Comments waiting for the next other word: their kinds and ends in `waiting_text`.
    waiting: Vec<(Waiting, usize)>,
    waiting_text: String,
}

/// A comment waiting to be laid out.
#[derive(Clone, Copy)]
enum Waiting {
    Braces,
    /// A line comment; `%` starts a line of its own.
    Line {
        own_line: bool,
    },
}

impl Default for Lines {
    fn default() -> Self {
        Lines::new(String::new())
    }
}

impl Lines {
    /// Lays out after the text `out` holds (which must end with a line break, or be empty).
    pub fn new(out: String) -> Lines {
        Lines {
            out,
            width: 0,
            open: 0,
            closed: false,
            breaks: 0,
            waiting: Vec::new(),
            waiting_text: String::new(),
        }
    }

    /// Adds a word (a move, a number, ...).
    pub fn word(&mut self, word: &str) {
        self.lay_out_comments(false);
        self.put(word, false);
        self.breaks = 0;
    }

    /// Adds a word of one line that `write` appends straight to the text (a move: no string
    /// made for it), laid out as [`Lines::word`] lays out a word.
    pub fn word_with(&mut self, write: impl FnOnce(&mut String)) {
        self.lay_out_comments(false);
        let open = std::mem::take(&mut self.open);
        if self.closed {
            self.break_line();
        }
        // Written after a space, which becomes a line break if the word does not fit.
        let space = (self.width > 0).then_some(self.out.len());
        if space.is_some() {
            self.out.push(' ');
        }
        self.out.extend(std::iter::repeat_n('(', open));
        let start = self.out.len();
        write(&mut self.out);
        let len = open + chars(&self.out[start..]);
        match space {
            Some(at) if self.width + 1 + len > LINE_WIDTH => {
                self.out.replace_range(at..=at, "\n");
                self.width = len;
            }
            Some(_) => self.width += 1 + len,
            None => self.width = len,
        }
        self.closed = false;
        self.breaks = 0;
    }

    /// Adds a word that must follow at most one line break since the last word that is not
    /// a comment (a `1.` the reader would otherwise take for the start of a new game).
    pub fn word_close(&mut self, word: &str) {
        self.lay_out_comments(true);
        self.put(word, self.breaks > 0);
        self.breaks = 0;
    }

    /// Appends `text` to the last word, without a space (text that was one word as written);
    /// a word of its own if the line is closed or nothing is written yet.
    pub fn glue(&mut self, text: &str) {
        if !self.waiting.is_empty() || self.closed || self.width == 0 || self.open > 0 {
            return self.word(text);
        }
        self.out.push_str(text);
        self.width = advance(self.width, text);
        self.breaks = 0;
    }

    /// Ends the line after the last word (a setup command that its line ended, which would
    /// take in what follows it on the line): nothing more may go on it.
    pub fn end_line(&mut self) {
        self.closed = true;
    }

    /// Adds a `{...}` comment.
    pub fn comment(&mut self, comment: &str) {
        self.wait(Waiting::Braces, comment);
    }

    /// Adds a `{...}` comment made of `parts` (its braces and its text: no string made for
    /// it).
    pub fn comment_of(&mut self, parts: [&str; 3]) {
        self.wait_of(Waiting::Braces, parts);
    }

    /// Adds a comment that runs to the end of its line, made of `parts`: `%...` starts a line
    /// of its own (as PDN wants it), `;...` may follow other words.
    pub fn line_comment_of(&mut self, parts: [&str; 3], own_line: bool) {
        self.wait_of(Waiting::Line { own_line }, parts);
    }

    fn wait(&mut self, kind: Waiting, text: &str) {
        self.wait_of(kind, [text, "", ""]);
    }

    fn wait_of(&mut self, kind: Waiting, parts: [&str; 3]) {
        for part in parts {
            self.waiting_text.push_str(part);
        }
        self.waiting.push((kind, self.waiting_text.len()));
    }

    /// Opens a variation: `(` is glued to the next word.
    pub fn open(&mut self) {
        self.lay_out_comments(false);
        self.open += 1;
    }

    /// Closes a variation: `)` is glued to the last word, unless that ended its line.
    pub fn close(&mut self) {
        self.lay_out_comments(false);
        if self.open > 0 {
            // An empty variation.
            self.open -= 1;
            self.word("()");
        } else if self.closed || self.width == 0 {
            self.word(")");
        } else {
            self.out.push(')');
            self.width += 1;
            self.breaks = 0;
        }
    }

    /// Lays out the comments waiting, `close` to what came before (see [`Lines::word_close`]).
    fn lay_out_comments(&mut self, close: bool) {
        if self.waiting.is_empty() {
            return;
        }
        let text = std::mem::take(&mut self.waiting_text);
        let mut from = 0;
        for (kind, end) in std::mem::take(&mut self.waiting) {
            let comment = &text[from..end];
            from = end;
            match kind {
                Waiting::Braces => self.put(comment, close && self.breaks > 0),
                Waiting::Line { own_line } => {
                    if own_line && !close && (self.width > 0 || self.open > 0) {
                        if self.open > 0 {
                            self.put_open();
                        }
                        self.break_line();
                    }
                    self.put(comment, close && self.breaks > 0);
                    self.closed = true;
                }
            }
        }
        self.waiting_text = text;
        self.waiting_text.clear();
    }

    /// Writes the `(`s waiting as a word of their own.
    fn put_open(&mut self) {
        let open = std::mem::take(&mut self.open);
        let parens = "((((((((";
        if open <= parens.len() {
            self.put(&parens[..open], false);
        } else {
            self.put(&"(".repeat(open), false);
        }
    }

    /// Writes `word` after a space, or on a new line if it does not fit (unless `same_line`)
    /// or the line is closed; the `(`s waiting go before it.
    fn put(&mut self, word: &str, same_line: bool) {
        let open = std::mem::take(&mut self.open);
        // Most words (moves, numbers) are one short line: measured once.
        let first_break = word.bytes().position(|b| b == b'\n');
        let first_len = open + chars(&word[..first_break.unwrap_or(word.len())]);
        let too_long = self.width > 0 && self.width + 1 + first_len > LINE_WIDTH;
        if self.closed || (too_long && !same_line) {
            self.break_line();
        }
        if self.width > 0 {
            self.out.push(' ');
            self.width += 1;
        }
        for _ in 0..open {
            self.out.push('(');
        }
        self.out.push_str(word);
        self.width = match first_break {
            None => self.width + first_len,
            Some(_) => advance(self.width + open, word),
        };
    }

    fn break_line(&mut self) {
        // Spaces before a break are trailing spaces: none are written.
        self.out.push('\n');
        self.width = 0;
        self.closed = false;
        self.breaks = self.breaks.saturating_add(1);
    }

    /// The text, ending with a line break.
    pub fn finish(mut self) -> String {
        self.lay_out_comments(false);
        if self.open > 0 {
            self.put_open();
        }
        self.out.push('\n');
        self.out
    }
}

/// Characters in `text` (bytes for ASCII).
fn chars(text: &str) -> usize {
    if text.is_ascii() {
        text.len()
    } else {
        text.chars().count()
    }
}

/// The width of the line after `text` is written on a line `width` wide.
fn advance(width: usize, text: &str) -> usize {
    match text.rfind('\n') {
        Some(at) => chars(&text[at + 1..]),
        None => width + chars(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lay_out(words: &[&str]) -> String {
        let mut lines = Lines::default();
        for w in words {
            match *w {
                "(" => lines.open(),
                ")" => lines.close(),
                w if w.starts_with('%') => lines.line_comment_of([w, "", ""], true),
                w if w.starts_with(';') => lines.line_comment_of([w, "", ""], false),
                w if w.starts_with('{') => lines.comment(w),
                w => lines.word(w),
            }
        }
        lines.finish()
    }

    #[test]
    fn lines_stay_short() {
        let words: Vec<String> = (1..60).map(|n| format!("{n}. c3-d4 f6-g5")).collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let out = lay_out(&words);
        assert!(
            out.lines().all(|l| l.chars().count() <= LINE_WIDTH),
            "{out}"
        );
        assert!(out.lines().all(|l| !l.ends_with(' ')), "{out}");
        assert_eq!(out.split_whitespace().count(), 59 * 3);
    }

    #[test]
    fn variations_are_glued_and_line_comments_end_lines() {
        assert_eq!(
            lay_out(&["1.", "c3-d4", "(", "1.", "a3-b4", ")", "f6-g5", "*"]),
            "1. c3-d4 (1. a3-b4) f6-g5 *\n"
        );
        assert_eq!(
            lay_out(&["c3-d4", "(", "(", "a3-b4", ")", ")", "(", ")"]),
            "c3-d4 ((a3-b4)) ()\n"
        );
        assert_eq!(
            lay_out(&["c3-d4", "% a note", "f6-g5", "; why", ")", "*"]),
            "c3-d4\n% a note\nf6-g5 ; why\n) *\n"
        );
        assert_eq!(lay_out(&["(", "%x", "a3-b4"]), "(\n%x\na3-b4\n");
    }

    #[test]
    fn a_comment_of_several_lines_goes_on_from_its_last_line() {
        assert_eq!(
            lay_out(&["c3-d4", "{one\ntwo}", "f6-g5"]),
            "c3-d4 {one\ntwo} f6-g5\n"
        );
        let long = "x".repeat(78);
        let comment = format!("{{a\n{long}}}");
        assert_eq!(
            lay_out(&["c3-d4", &comment, "f6-g5"]),
            format!("c3-d4 {comment}\nf6-g5\n")
        );
    }
}
