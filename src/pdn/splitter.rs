//! The game-boundary state machine behind [`super::reader::GameReader`]: it scans bytes
//! (fed in pieces, positions as absolute file offsets) and says where each game starts and
//! ends, tracking just enough syntax (comments, tags, strings, variations, words) to know
//! which result or tag is at the top level. No board, no allocation per byte or per game.
//!
//! Speed: inside a game, whitespace and words are read in one tight loop
//! ([`Splitter::words`]) that finds word ends by table and looks into a word only when it
//! starts like a result or a move number (a digit, `*`, `½`); comments and line comments are
//! jumped over with `memchr`; a tag of the common form `[Name "value"]` is read in one go
//! (any other tag goes through the byte-by-byte tag states).

use super::ascii::{is_break, is_delimiter, is_space, line_end, word_end};
use super::grammar::move_number;
use super::limits::{MAX_GAME_BYTES, MAX_TAG_NAME_BYTES, MAX_TOKEN_BYTES};
use super::names::SeenNames;
use super::plain_game::{Constructs, plain_game};
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
    /// The tag names of the current game.
    names: SeenNames,
    prev_cr: bool,
    /// A word that cannot matter reached the end of the last piece (see [`Self::words`]).
    in_word: bool,
    /// No `}` exists at or after this offset (learned at end of input).
    no_brace_from: Option<u64>,
    /// Games that start with a tag are first tried by [`plain_game`] (off in tests that
    /// check it against the state machine).
    fast_path: bool,
}

/// Index of `offset` in a buffer whose first byte is at `base`.
fn index(offset: u64, base: u64) -> usize {
    usize::try_from(offset.saturating_sub(base)).unwrap_or(usize::MAX)
}

/// Whether a word starting with `b` may end a game or start one (a result or a move number).
pub(super) const fn may_matter(b: u8) -> bool {
    b.is_ascii_digit() || GameResult::may_start(b)
}

/// Byte classes of [`Splitter::words`]: ends a word (whitespace or delimiter) ...
const BOUNDARY: u8 = 1;
/// ... needs a look wherever it is (delimiters: comments, variations, tags) ...
const ALWAYS: u8 = 2;
/// ... needs a look at the start of a word: results, move numbers, `%` comments, setups.
const AT_START: u8 = 4;
/// ... is a line break (and a boundary).
const BREAK: u8 = 8;

const CLASSES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        if is_break(byte) {
            t[b] = BOUNDARY | BREAK;
        } else if is_space(byte) {
            t[b] = BOUNDARY;
        } else if is_delimiter(byte) {
            t[b] = BOUNDARY | ALWAYS;
        } else if may_matter(byte) || byte == b'%' || byte == b'/' {
            t[b] = AT_START;
        }
        b += 1;
    }
    t
};

/// A tag of the common form `[Name "value"]` at `buf[at]` (no padding, escapes or line
/// breaks), whole in `buf`: the name and the index just after the `]`.
pub(super) fn plain_tag(buf: &[u8], at: usize) -> Option<(&[u8], usize)> {
    let rest = buf.get(at + 1..)?;
    let name_len = rest
        .iter()
        .position(|&b| is_space(b) || b == b']' || b == b'"')?;
    let name = rest.get(..name_len).filter(|n| !n.is_empty())?;
    if !matches!(rest.get(name_len), Some(b' ' | b'\t')) || rest.get(name_len + 1) != Some(&b'"') {
        return None;
    }
    let value = rest.get(name_len + 2..)?;
    let close = value
        .iter()
        .position(|&b| matches!(b, b'"' | b'\\' | b'\n' | b'\r'))?;
    if value.get(close) != Some(&b'"') || value.get(close + 1) != Some(&b']') {
        return None;
    }
    Some((name, at + 1 + name_len + 2 + close + 2))
}

/// The one rule for games without tags or results: a move number `number` at the top level,
/// after `breaks` line breaks since the last construct, starts a new game when it is `1.`
/// after a blank line and the game so far has movetext that reached move 2 or more.
#[inline(always)]
pub(super) fn move_one_starts_game(
    number: u32,
    breaks: u32,
    movetext: bool,
    max_number: u32,
) -> bool {
    number == 1 && breaks >= 2 && movetext && max_number > 1
}

impl Splitter {
    pub(crate) fn new(start: u64) -> Splitter {
        Splitter {
            pos: start,
            mode: Mode::Top,
            mark: start,
            chunk: None,
            tag_name: Vec::new(),
            names: SeenNames::default(),
            prev_cr: false,
            in_word: false,
            no_brace_from: None,
            fast_path: true,
        }
    }

    /// Starts the scan at `start` instead (after a byte order mark); nothing was scanned yet.
    pub(crate) fn skip_bom(&mut self, start: u64) {
        (self.pos, self.mark) = (start, start);
    }

    /// The same splitter without its fast path: every byte goes through the state machine.
    pub(crate) fn without_fast_path(mut self) -> Splitter {
        self.fast_path = false;
        self
    }

    /// The bytes that may still be needed: the start of the game being gathered (or of a
    /// comment outside games), whose first `MAX_GAME_BYTES + 1` bytes make the game (it is
    /// reported as too long past that), and the offset from which the scan itself may look
    /// back (the current word, tag name, or a comment that may be read again).
    pub(crate) fn keep(&self) -> (Option<u64>, u64) {
        let head = match (&self.chunk, self.mode) {
            (Some(c), _) => Some(c.start),
            (None, Mode::Comment) => Some(self.mark),
            (None, _) => None,
        };
        let local = match self.mode {
            Mode::Word => self.mark,
            Mode::Comment if self.pos - self.mark <= MAX_GAME_BYTES as u64 => self.mark,
            Mode::TagName if self.tag_name.len() <= MAX_TAG_NAME_BYTES => self.mark,
            _ => self.pos,
        };
        (head, local)
    }

    /// Scans `buf` (whose first byte is at offset `base`) from where the last call stopped.
    /// `eof`: nothing follows `buf`. After `Done`, every call returns `Done`.
    /// Games that start with a tag are tried by [`plain_game`] first, which reports their
    /// constructs to `constructs`.
    #[inline(never)]
    pub(crate) fn step<C: Constructs>(
        &mut self,
        buf: &[u8],
        base: u64,
        eof: bool,
        constructs: &mut C,
    ) -> Step {
        loop {
            let idx = index(self.pos, base);
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
                Mode::Top => self.top_run(buf, base, idx, constructs),
                Mode::Word => {
                    let end = word_end(buf, idx);
                    self.pos = base + end as u64;
                    if end < buf.len() {
                        self.end_word(buf, base)
                    } else {
                        if self.pos - self.mark > MAX_TOKEN_BYTES as u64 {
                            self.long_word();
                        }
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
            Mode::Comment if self.pos - self.mark > MAX_GAME_BYTES as u64 => {
                // No `}` up to the end, too far to read again: the comment runs to the end,
                // and makes a game too long (even outside a game, so that it is reported).
                let (mark, end) = (self.mark, self.pos);
                self.begin(mark);
                self.end_quiet(end);
            }
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

    /// The word being read is longer than [`MAX_TOKEN_BYTES`]: it cannot matter (no result
    /// or move number is so long), so the rest of it is skipped without being held.
    fn long_word(&mut self) {
        self.mode = Mode::Top;
        self.in_word = true;
        if let Some(c) = self.chunk.as_mut() {
            c.movetext = true;
            c.last_end = self.pos;
            c.breaks = 0;
        }
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
        if self.chunk.is_none() {
            self.names.clear();
        }
        self.chunk.get_or_insert(Chunk {
            start: at,
            last_end: at,
            movetext: false,
            depth: 0,
            max_number: 0,
            breaks: 0,
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

    /// Scans at the top level from `buf[i]`: whitespace, words and common tags in one loop;
    /// other constructs switch the mode and return to [`Self::step`]. Inside a game, runs of
    /// whitespace and words are read by [`Self::words`].
    fn top_run<C: Constructs>(
        &mut self,
        buf: &[u8],
        base: u64,
        mut i: usize,
        constructs: &mut C,
    ) -> Option<Step> {
        loop {
            if self.chunk.is_some() {
                i = self.words(buf, base, i);
                if i >= buf.len() {
                    self.pos = base + i as u64;
                    return None;
                }
            }
            let Some(&b) = buf.get(i) else {
                self.pos = base + i as u64;
                return None;
            };
            if is_space(b) {
                // Only outside a game (inside, whitespace is skipped above).
                self.prev_cr = b == b'\r';
                i += 1;
                continue;
            }
            let at = base + i as u64;
            self.prev_cr = false;
            self.mark = at;
            match b {
                b'{' | b'}' | b'(' | b')' | b']' | b';' | b'%' | b'/' => {
                    self.pos = at;
                    let found = self.top(b);
                    if found.is_some() || self.mode != Mode::Top {
                        return found;
                    }
                    i = index(self.pos, base);
                }
                b'[' => {
                    if self.chunk.is_none()
                        && self.fast_path
                        && self.no_brace_from.is_none()
                        && let Some(plain) = {
                            constructs.start(base);
                            plain_game(buf, i, constructs)
                        }
                    {
                        self.pos = base + plain.resume as u64;
                        return Some(Step::Game {
                            start: at,
                            end: base + plain.end as u64,
                        });
                    }
                    if self.chunk.as_ref().is_some_and(|c| c.movetext) {
                        return self.cut(at);
                    }
                    self.begin(at);
                    match plain_tag(buf, i) {
                        Some((name, end)) => {
                            if name.len() <= MAX_TAG_NAME_BYTES && self.names.repeated(name) {
                                return self.cut(at);
                            }
                            self.end_construct(base + end as u64);
                            i = end;
                        }
                        None => {
                            self.tag_name.clear();
                            self.mode = Mode::TagName;
                            self.pos = at + 1;
                            return None;
                        }
                    }
                }
                _ => {
                    self.begin(at);
                    let end = word_end(buf, i + 1);
                    self.pos = base + end as u64;
                    self.mode = Mode::Word;
                    if end == buf.len() {
                        return None; // the word may go on in the next piece
                    }
                    let found = self.end_word(buf, base);
                    if found.is_some() {
                        return found;
                    }
                    i = end;
                }
            }
        }
    }

    /// Runs over whitespace and words inside a game, doing for each what the state machine
    /// would (a word is a construct of the game; a move number at the top level raises the
    /// highest number seen; line breaks count towards a blank line), up to the first byte
    /// that needs the state machine itself: a delimiter, a word starting with `%` or `/`, a
    /// word that may end the game or start the next one (a result, or `1.` after a blank
    /// line), or a word that starts like one and reaches the end of `buf`. Returns its index
    /// (or `buf.len()`).
    fn words(&mut self, buf: &[u8], base: u64, from: usize) -> usize {
        let Some(chunk) = self.chunk.as_mut() else {
            return from;
        };
        let top = chunk.depth == 0;
        let mut i = from;
        if self.in_word {
            // The end of a word that cannot matter, begun in the last piece.
            i = word_end(buf, from);
            chunk.last_end = base + i as u64;
            if i >= buf.len() {
                return buf.len();
            }
            self.in_word = false;
        }
        // Kept in registers while the loop runs, written back at its end.
        let (mut breaks, mut max_number) = (chunk.breaks, chunk.max_number);
        let mut last_word_end = None;
        let mut prev_cr = self.prev_cr;
        while let Some(&b) = buf.get(i) {
            if b == b' ' {
                // The commonest byte between words, told apart before the table.
                prev_cr = false;
                i += 1;
                continue;
            }
            let class = CLASSES[usize::from(b)];
            if class & ALWAYS != 0 {
                break; // a delimiter
            }
            if class & BOUNDARY != 0 {
                if class & BREAK != 0 && (b == b'\r' || !prev_cr) {
                    breaks = breaks.saturating_add(1);
                }
                prev_cr = b == b'\r';
                i += 1;
                continue;
            }
            prev_cr = false;
            let end = word_end(buf, i + 1);
            // A word longer than a token may be is unreadable: it never matters.
            if class & AT_START != 0 && !(end - i > MAX_TOKEN_BYTES && may_matter(b)) {
                // Starts like a result or move number (or is `%` or `/`).
                let Some(word) = buf.get(i..end).filter(|_| end < buf.len() && may_matter(b))
                else {
                    break;
                };
                if top {
                    match move_number(word) {
                        Ok((_, (number, _))) => {
                            if move_one_starts_game(number, breaks, true, max_number) {
                                break; // may start a game: `end_word` decides
                            }
                            max_number = max_number.max(number);
                        }
                        Err(_)
                            if GameResult::may_be(word)
                                && GameResult::from_bytes(word).is_some() =>
                        {
                            break;
                        }
                        Err(_) => {}
                    }
                }
            } else if end >= buf.len() {
                self.in_word = true; // goes on in the next piece
            }
            last_word_end = Some(end);
            breaks = 0;
            i = end;
        }
        (chunk.breaks, chunk.max_number) = (breaks, max_number);
        if let Some(end) = last_word_end {
            chunk.movetext = true;
            chunk.last_end = base + end as u64;
        }
        self.prev_cr = prev_cr;
        i
    }

    /// Starts the construct at `self.pos` (a byte other than whitespace, `[` or a word).
    fn top(&mut self, b: u8) -> Option<Step> {
        let at = self.pos;
        self.pos += 1;
        match b {
            b'{' if self.no_brace_from.is_some_and(|from| at >= from) => {
                self.mode = Mode::LineComment;
            }
            b'{' => self.mode = Mode::Comment,
            b';' | b'%' => self.mode = Mode::LineComment,
            b'/' => {
                self.begin(at).movetext = true;
                self.mode = Mode::Setup;
            }
            _ => {
                let c = self.begin(at);
                c.movetext = true;
                match b {
                    b'(' => c.depth = c.depth.saturating_add(1),
                    b')' => c.depth = c.depth.saturating_sub(1),
                    _ => {}
                }
                self.end_construct(at + 1);
            }
        }
        None
    }

    /// The word from `mark` to `pos` is complete.
    fn end_word(&mut self, buf: &[u8], base: u64) -> Option<Step> {
        self.mode = Mode::Top;
        let (start, end) = (self.mark, self.pos);
        let word = buf
            .get(index(start, base)..index(end, base))
            .unwrap_or_default();
        let chunk = self.chunk.as_mut()?;
        let short = word.len() <= MAX_TOKEN_BYTES;
        if chunk.depth == 0 && short && word.first().is_some_and(|&b| may_matter(b)) {
            // A move number (digits and a dot) is never a result.
            let number = move_number(word);
            if number.is_err() && GameResult::from_bytes(word).is_some() {
                chunk.last_end = end;
                return self.cut(end);
            }
            if let Ok((_, (number, _))) = number {
                if move_one_starts_game(number, chunk.breaks, chunk.movetext, chunk.max_number) {
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
        if self.tag_name.is_empty()
            || self.tag_name.len() > MAX_TAG_NAME_BYTES
            || self.chunk.is_none()
        {
            return None;
        }
        let repeated = self.names.repeated(&self.tag_name);
        self.tag_name.clear();
        if repeated {
            return self.cut(self.mark);
        }
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
            (Mode::TagName, _) if !is_space(b) && self.tag_name.len() <= MAX_TAG_NAME_BYTES => {
                // One byte past the limit is kept: such a name never repeats.
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
