//! Movetext laid out in lines of at most [`LINE_WIDTH`] characters: words joined by single
//! spaces, a `(` glued to the word after it and a `)` to the word before it, a `%` comment
//! alone on its line and a `;` comment last on its line (both run to the end of the line).
//!
//! A word longer than a line stands alone on its line; a `{...}` comment that spans lines is
//! one word, and the line goes on from its last line.

/// Longest movetext line.
pub const LINE_WIDTH: usize = 80;

#[derive(Default)]
pub struct Lines {
    out: String,
    /// Characters on the current line.
    width: usize,
    /// `(`s waiting for the word they open.
    open: usize,
    /// The current line ends with a line comment: nothing more may go on it.
    closed: bool,
}

impl Lines {
    /// Adds a word (a move, a number, a `{...}` comment, ...).
    pub fn word(&mut self, word: &str) {
        let mut glued = String::with_capacity(self.open + word.len());
        glued.extend(std::iter::repeat_n('(', self.open));
        glued.push_str(word);
        self.open = 0;
        let len = glued.chars().count();
        let first_line = glued.split('\n').next().unwrap_or_default();
        let first_len = first_line.chars().count();
        if self.closed || (self.width > 0 && self.width + 1 + first_len > LINE_WIDTH) {
            self.break_line();
        }
        if self.width > 0 {
            self.out.push(' ');
            self.width += 1;
        }
        self.out.push_str(&glued);
        self.width = match glued.rfind('\n') {
            Some(at) => glued[at + 1..].chars().count(),
            None => self.width + len,
        };
    }

    /// Opens a variation: `(` is glued to the next word.
    pub fn open(&mut self) {
        self.open += 1;
    }

    /// Closes a variation: `)` is glued to the last word, unless that ended its line.
    pub fn close(&mut self) {
        if self.open > 0 {
            // An empty variation.
            self.open -= 1;
            self.word("()");
        } else if self.closed || self.width == 0 {
            self.word(")");
        } else {
            self.out.push(')');
            self.width += 1;
        }
    }

    /// A comment that runs to the end of its line: `%...` starts a line of its own (as PDN
    /// wants it), `;...` may follow other words.
    pub fn line_comment(&mut self, text: &str, own_line: bool) {
        if own_line && (self.width > 0 || self.open > 0) {
            if self.open > 0 {
                let open = "(".repeat(std::mem::take(&mut self.open));
                self.word(&open);
            }
            self.break_line();
        }
        self.word(text);
        self.closed = true;
    }

    fn break_line(&mut self) {
        // Spaces before a break are trailing spaces: none are written.
        self.out.push('\n');
        self.width = 0;
        self.closed = false;
    }

    /// The text, ending with a line break.
    pub fn finish(mut self) -> String {
        if self.open > 0 {
            let open = "(".repeat(std::mem::take(&mut self.open));
            self.word(&open);
        }
        self.out.push('\n');
        self.out
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
                w if w.starts_with('%') => lines.line_comment(w, true),
                w if w.starts_with(';') => lines.line_comment(w, false),
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
