//! The game-boundary state machine behind [`super::reader::GameReader`]: it scans bytes
//! (fed in pieces, positions as absolute file offsets) and says where each game starts and
//! ends, tracking just enough syntax (comments, tags, strings, variations, words) to know
//! which result or tag is at the top level. No board, no allocation per byte.

use super::ascii::{is_break, is_space, line_end, word_end};
use super::movetext::move_number;
use super::result::GameResult;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Top,
    Word,
    Comment,
    LineComment,
    TagName,
    TagBody,
    TagString,
    TagEscape,
    Setup,
}

/// Longest tag name remembered for the repeated-tag rule.
const NAME_LIMIT: usize = 64;

/// The game being gathered.
#[derive(Debug)]
struct Chunk {
    start: u64,
    /// End of the last construct (tag, word, comment ...) of the game.
    last_end: u64,
    movetext: bool,
    depth: u64,
    max_number: u32,
    /// Line breaks since the last construct.
    breaks: u32,
    tag_names: Vec<Vec<u8>>,
}

/// What a scan found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    Game { start: u64, end: u64 },
    NeedMore,
    Done,
}

#[derive(Debug)]
pub(crate) struct Splitter {
    pos: u64,
    mode: Mode,
    /// Start of the current construct (word, comment, tag, setup).
    mark: u64,
    chunk: Option<Chunk>,
    tag_name: Vec<u8>,
    prev_cr: bool,
    /// No `}` exists at or after this offset (learned at end of input).
    no_brace_from: Option<u64>,
}

impl Splitter {
    pub(crate) fn new(start: u64) -> Splitter {
        Splitter {
            pos: start,
            mode: Mode::Top,
            mark: start,
            chunk: None,
            tag_name: Vec::new(),
            prev_cr: false,
            no_brace_from: None,
        }
    }

    /// The lowest offset whose bytes may still be needed.
    pub(crate) fn keep_from(&self) -> u64 {
        match (&self.chunk, self.mode) {
            (Some(c), _) => c.start,
            (None, Mode::Top) => self.pos,
            (None, _) => self.mark,
        }
    }

    /// Scans `buf` (whose first byte is at offset `base`) from where the last call stopped.
    /// `eof`: nothing follows `buf`. After `Done`, every call returns `Done`.
    pub(crate) fn step(&mut self, buf: &[u8], base: u64, eof: bool) -> Step {
        loop {
            let idx = usize::try_from(self.pos.saturating_sub(base)).unwrap_or(usize::MAX);
            let Some(&b) = buf.get(idx) else {
                if !eof {
                    return Step::NeedMore;
                }
                match self.at_eof(buf, base) {
                    Some(step) => return step,
                    None => continue,
                }
            };
            let found = match self.mode {
                Mode::Top if is_space(b) => {
                    self.spaces(buf.get(idx..).unwrap_or_default());
                    None
                }
                Mode::Top => self.top(b),
                Mode::Word => {
                    let end = word_end(buf, idx);
                    self.pos = base + end as u64;
                    if end < buf.len() {
                        self.end_word(buf, base)
                    } else {
                        None
                    }
                }
                Mode::Comment => {
                    match buf.get(idx..).and_then(|rest| memchr::memchr(b'}', rest)) {
                        Some(i) => self.end_quiet(base + (idx + i + 1) as u64),
                        None => self.pos = base + buf.len() as u64,
                    }
                    None
                }
                Mode::LineComment => {
                    let end = line_end(buf, idx);
                    self.pos = base + end as u64;
                    if end < buf.len() {
                        self.end_quiet(self.pos);
                    }
                    None
                }
                Mode::Setup => {
                    self.setup(b);
                    None
                }
                Mode::TagName | Mode::TagBody | Mode::TagString | Mode::TagEscape => self.tag(b),
            };
            if let Some(step) = found {
                return step;
            }
        }
    }

    /// Ends a pending construct at end of input; `Some` when the scan is over.
    fn at_eof(&mut self, buf: &[u8], base: u64) -> Option<Step> {
        match self.mode {
            Mode::Comment => {
                // No `}` up to the end: the comment ends with its line, and so does every
                // later `{` (there is no `}` after it either). Rescan after the `{`.
                self.no_brace_from = Some(self.mark);
                self.pos = self.mark + 1;
                self.mode = Mode::LineComment;
                return None;
            }
            Mode::Word => {
                if let Some(step) = self.end_word(buf, base) {
                    return Some(step);
                }
            }
            Mode::LineComment => self.end_quiet(self.pos),
            Mode::Setup | Mode::TagName | Mode::TagBody | Mode::TagString | Mode::TagEscape => {
                self.end_construct(self.pos);
            }
            Mode::Top => {}
        }
        if self.mode != Mode::Top {
            self.mode = Mode::Top;
            return None;
        }
        Some(match self.chunk.take() {
            Some(c) => Step::Game {
                start: c.start,
                end: c.last_end,
            },
            None => Step::Done,
        })
    }

    /// The game so far ends at its last construct; scanning resumes at `resume`.
    fn cut(&mut self, resume: u64) -> Option<Step> {
        let chunk = self.chunk.take()?;
        self.pos = resume;
        self.mode = Mode::Top;
        Some(Step::Game {
            start: chunk.start,
            end: chunk.last_end,
        })
    }

    /// A significant construct starts at `at`: the game starts here if it has not yet.
    fn begin(&mut self, at: u64) -> &mut Chunk {
        self.chunk.get_or_insert_with(|| Chunk {
            start: at,
            last_end: at,
            movetext: false,
            depth: 0,
            max_number: 0,
            breaks: 0,
            tag_names: Vec::new(),
        })
    }

    /// A construct of the game ends at `end`.
    fn end_construct(&mut self, end: u64) {
        self.mode = Mode::Top;
        if let Some(c) = self.chunk.as_mut() {
            c.last_end = end;
            c.breaks = 0;
        }
    }

    /// A comment ends at `end`: part of the game if one has started; line breaks before it
    /// still count as blank lines.
    fn end_quiet(&mut self, end: u64) {
        self.mode = Mode::Top;
        self.pos = end;
        if let Some(c) = self.chunk.as_mut() {
            c.last_end = end;
        }
    }

    /// Skips the whitespace at the start of `rest`, counting line breaks.
    fn spaces(&mut self, rest: &[u8]) {
        let mut breaks = 0u32;
        let mut skipped = 0u64;
        for &b in rest.iter().take_while(|&&b| is_space(b)) {
            if b == b'\r' || (b == b'\n' && !self.prev_cr) {
                breaks = breaks.saturating_add(1);
            }
            self.prev_cr = b == b'\r';
            skipped += 1;
        }
        self.pos += skipped;
        if let Some(c) = self.chunk.as_mut() {
            c.breaks = c.breaks.saturating_add(breaks);
        }
    }

    fn top(&mut self, b: u8) -> Option<Step> {
        let at = self.pos;
        self.prev_cr = false;
        self.mark = at;
        self.pos += 1;
        match b {
            b'{' if self.no_brace_from.is_some_and(|from| at >= from) => {
                self.mode = Mode::LineComment;
            }
            b'{' => self.mode = Mode::Comment,
            b';' | b'%' => self.mode = Mode::LineComment,
            b'[' => {
                if self.chunk.as_ref().is_some_and(|c| c.movetext) {
                    return self.cut(at);
                }
                self.begin(at);
                self.tag_name.clear();
                self.mode = Mode::TagName;
            }
            b'/' => {
                self.begin(at).movetext = true;
                self.mode = Mode::Setup;
            }
            b'(' | b')' | b']' | b'}' => {
                let c = self.begin(at);
                c.movetext = true;
                match b {
                    b'(' => c.depth = c.depth.saturating_add(1),
                    b')' => c.depth = c.depth.saturating_sub(1),
                    _ => {}
                }
                self.end_construct(at + 1);
            }
            _ => {
                self.begin(at);
                self.mode = Mode::Word;
            }
        }
        None
    }

    /// The word from `mark` to `pos` is complete.
    fn end_word(&mut self, buf: &[u8], base: u64) -> Option<Step> {
        self.mode = Mode::Top;
        let (start, end) = (self.mark, self.pos);
        let from = usize::try_from(start.saturating_sub(base)).unwrap_or(usize::MAX);
        let to = usize::try_from(end.saturating_sub(base)).unwrap_or(usize::MAX);
        let word = buf.get(from..to).unwrap_or_default();
        let chunk = self.chunk.as_mut()?;
        if chunk.depth == 0 {
            if GameResult::from_bytes(word).is_some() {
                chunk.last_end = end;
                return self.cut(end);
            }
            if let Ok((_, (number, _))) = move_number(word) {
                if number == 1 && chunk.breaks >= 2 && chunk.movetext && chunk.max_number > 1 {
                    // `1.` after a blank line, in a game that reached move 2 or more and
                    // has no result: a new game without tags.
                    return self.cut(start);
                }
                chunk.max_number = chunk.max_number.max(number);
            }
        }
        chunk.movetext = true;
        self.end_construct(end);
        None
    }

    fn setup(&mut self, b: u8) {
        if is_break(b) {
            self.end_construct(self.pos);
        } else {
            self.pos += 1;
            if b == b'/' {
                self.end_construct(self.pos);
            }
        }
    }

    /// The tag name is complete: a name already seen in this game's tags starts a new game.
    fn name_done(&mut self) -> Option<Step> {
        if self.tag_name.is_empty() {
            return None;
        }
        let name = std::mem::take(&mut self.tag_name);
        let chunk = self.chunk.as_mut()?;
        if chunk.tag_names.contains(&name) {
            return self.cut(self.mark);
        }
        chunk.tag_names.push(name);
        None
    }

    fn tag(&mut self, b: u8) -> Option<Step> {
        if is_break(b) {
            if self.mode == Mode::TagName {
                let cut = self.name_done();
                if cut.is_some() {
                    return cut;
                }
            }
            self.end_construct(self.pos);
            return None;
        }
        self.pos += 1;
        match (self.mode, b) {
            (Mode::TagName, b']') | (Mode::TagName, b'"') => {
                let cut = self.name_done();
                if cut.is_some() {
                    return cut;
                }
                if b == b']' {
                    self.end_construct(self.pos);
                } else {
                    self.mode = Mode::TagString;
                }
            }
            (Mode::TagName, _) if is_space(b) && !self.tag_name.is_empty() => {
                let cut = self.name_done();
                if cut.is_some() {
                    return cut;
                }
                self.mode = Mode::TagBody;
            }
            (Mode::TagName, _) if !is_space(b) && self.tag_name.len() < NAME_LIMIT => {
                self.tag_name.push(b);
            }
            (Mode::TagBody, b']') => self.end_construct(self.pos),
            (Mode::TagBody, b'"') => self.mode = Mode::TagString,
            (Mode::TagString, b'\\') => self.mode = Mode::TagEscape,
            (Mode::TagString, b'"') => self.mode = Mode::TagBody,
            (Mode::TagEscape, _) => self.mode = Mode::TagString,
            _ => {}
        }
        None
    }
}
