//! The splitter's fast path: a game made of the common constructs only, read in one tight
//! loop with no state machine.
//!
//! Almost every game of an archive is tags of the form `[Name "value"]`, then move numbers,
//! moves and `{...}` comments (maybe variations), then a result. [`plain_game`] reads such a
//! game from its first `[` and says where it ends, deciding exactly as the state machine of
//! [`super::splitter`] would; at anything else (a line comment, a setup command, an odd tag,
//! a word past the end of the buffer ...) it gives up, and the state machine reads the game
//! from its start instead. So the fast path changes no boundary, only the cost of finding it
//! (checked by tests that run both on the same input).
//!
//! The scan reports every construct it passes to a [`Constructs`]: [`Splitting`] ignores
//! them (the splitter only wants the end), [`Lexing`] builds the game's tags and tokens as
//! [`super::lexer`] would (or, for a syntax check, the tags and only a summary of the
//! tokens), so that a plain game is read once, not split and then lexed. The lexing side
//! gives up as well at anything the lexer would read with a finding or other than word by
//! word (a spaced or parenthesized mark, an odd move number, an odd tag ...); moves with
//! glued marks and NAGs it reads as the lexer does ([`clean_marked_move`]).

use super::ascii::{WORD_ENDS, is_break, is_space};
use super::grammar::{bare_number, column_of, move_number, move_number_word, move_word, nag};
use super::lexer::{CommentStyle, ParsedGame, Token, TokenKind, clean_marked_move};
use super::limits::{MAX_GAME_BYTES, MAX_TAG_NAME_BYTES, MAX_TOKEN_BYTES};
use super::names::name_bit;
use super::result::GameResult;
use super::splitter::{may_matter, move_one_starts_game};

/// Where a plain game ends: the game is `buf[start..end]`, and scanning goes on at `resume`
/// (after the result, or at the construct that starts the next game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PlainEnd {
    pub end: usize,
    pub resume: usize,
}

/// Most tag names a plain game may have (more: the state machine reads it).
const MAX_NAMES: usize = 24;

/// Byte classes of the scan: what a byte means where a construct may start.
const SPACE: u8 = 0;
const BREAK: u8 = 1;
const TAG: u8 = 2;
const COMMENT: u8 = 3;
const OPEN: u8 = 4;
const CLOSE: u8 = 5;
/// `]` or `}` out of place: a construct of its own.
const STRAY: u8 = 6;
/// A word that may be a move number or a result.
const MATTERS: u8 = 7;
/// Any other word.
const WORD: u8 = 8;
/// Not read here: line comments, setup commands.
const GIVE_UP: u8 = 9;

const CLASSES: [u8; 256] = {
    let mut t = [WORD; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        t[b] = if is_break(byte) {
            BREAK
        } else if is_space(byte) {
            SPACE
        } else if may_matter(byte) {
            MATTERS
        } else {
            match byte {
                b'[' => TAG,
                b'{' => COMMENT,
                b'(' => OPEN,
                b')' => CLOSE,
                b']' | b'}' => STRAY,
                b';' | b'%' | b'/' => GIVE_UP,
                _ => WORD,
            }
        };
        b += 1;
    }
    t
};

/// The end of the word whose first byte is `buf[from - 1]`: the index of the first byte
/// that ends it, or `None` if none does in `buf`.
#[inline(always)]
fn word_end_in(buf: &[u8], from: usize) -> Option<usize> {
    let rest = buf.get(from..)?;
    rest.iter()
        .position(|&b| WORD_ENDS[usize::from(b)])
        .map(|i| from + i)
}

/// A word of digits and then dots (`12.`, `12...`, also `1.e3-d4`): its number. `Err` for a
/// word that is no move number, `Ok(None)` for one too large to read here.
#[inline(always)]
fn number_of(word: &[u8]) -> Result<Option<u32>, ()> {
    let mut number = 0u32;
    let mut digits = 0;
    for &d in word {
        if !d.is_ascii_digit() {
            break;
        }
        match number
            .checked_mul(10)
            .and_then(|n| n.checked_add(u32::from(d - b'0')))
        {
            Some(n) => number = n,
            None => return Ok(None),
        }
        digits += 1;
    }
    match word.get(digits) {
        Some(b'.') if digits > 0 => Ok(Some(number)),
        _ => Err(()),
    }
}

/// Whether `window` starts with a whole word of the form `c3-d4` (a column, a row 1-9, a
/// separator, a column, a row 1-9, then a byte that ends the word).
#[inline(always)]
fn plain_alpha_move(window: &[u8; 6]) -> bool {
    let row = |b: u8| b.wrapping_sub(b'1') < 9;
    column_of(window[0]).is_some()
        && row(window[1])
        && matches!(window[2], b'-' | b':' | b'x' | b'X')
        && column_of(window[3]).is_some()
        && row(window[4])
        && WORD_ENDS[usize::from(window[5])]
}

/// A tag of the form `[Name "value"]` at `buf[at]`: its name and the index after its `]`.
/// Gives the same answer as [`super::splitter::plain_tag`] for names up to [`MAX_TAG_NAME_BYTES`].
#[inline(always)]
fn quick_tag(buf: &[u8], at: usize) -> Option<(&[u8], usize)> {
    let rest = buf.get(at + 1..)?;
    let name_len = rest
        .iter()
        .take(MAX_TAG_NAME_BYTES + 1)
        .position(|&b| TAG_NAME_ENDS[usize::from(b)])?;
    let name = rest.get(..name_len).filter(|n| !n.is_empty())?;
    if !matches!(rest.get(name_len), Some(b' ' | b'\t')) || rest.get(name_len + 1) != Some(&b'"') {
        return None;
    }
    let value = rest.get(name_len + 2..)?;
    let close = value.iter().position(|&b| TAG_VALUE_ENDS[usize::from(b)])?;
    if value.get(close..close + 2) != Some(b"\"]") {
        return None;
    }
    Some((name, at + 1 + name_len + 2 + close + 2))
}

/// Bytes that end a tag name in [`super::splitter::plain_tag`]: whitespace, `]` and `"`.
const TAG_NAME_ENDS: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = is_space(b as u8) || b as u8 == b']' || b as u8 == b'"';
        b += 1;
    }
    t
};

/// Bytes that end a plain tag value (or make it not plain): `"`, `\` and line breaks.
const TAG_VALUE_ENDS: [bool; 256] = {
    let mut t = [false; 256];
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'\n' as usize] = true;
    t[b'\r' as usize] = true;
    t
};

/// The game whose first tag's `[` is at `buf[start]`, if it is plain and whole in `buf`;
/// each construct is reported to `constructs`, which may give up as well.
pub(crate) fn plain_game<C: Constructs>(
    buf: &[u8],
    start: usize,
    constructs: &mut C,
) -> Option<PlainEnd> {
    let limit = buf.len().min(start.saturating_add(C::MAX_BYTES));
    let buf = buf.get(..limit)?;
    let mut names: [&[u8]; MAX_NAMES] = [&[]; MAX_NAMES];
    let mut name_count = 0;
    let mut name_bits = 0u64;
    let mut movetext = false;
    let mut depth = 0u64;
    let mut max_number = 0u32;
    // Line breaks since the last construct (comments do not count as one), as the state
    // machine counts them: `\r\n` once.
    let mut breaks = 0u32;
    let mut prev_cr = false;
    let mut last_end = start;
    let mut i = start;
    loop {
        let &b = buf.get(i)?;
        if b == b' ' {
            prev_cr = false;
            i += 1;
            continue;
        }
        let class = CLASSES[usize::from(b)];
        if class <= BREAK {
            if class == BREAK && (b == b'\r' || !prev_cr) {
                breaks = breaks.saturating_add(1);
            }
            prev_cr = b == b'\r';
            i += 1;
            continue;
        }
        prev_cr = false;
        match class {
            TAG => {
                if movetext {
                    return constructs.finish(depth).then_some(PlainEnd {
                        end: last_end,
                        resume: i,
                    });
                }
                let (name, end) = quick_tag(buf, i)?;
                if name.len() > MAX_TAG_NAME_BYTES {
                    return None;
                }
                let bit = name_bit(name);
                if name_bits & bit != 0 && names.get(..name_count)?.contains(&name) {
                    // A repeated name starts the next game.
                    return constructs.finish(depth).then_some(PlainEnd {
                        end: last_end,
                        resume: i,
                    });
                }
                if !constructs.tag(buf, i, name.len(), end) {
                    return None;
                }
                *names.get_mut(name_count)? = name;
                name_count += 1;
                name_bits |= bit;
                last_end = end;
                breaks = 0;
                i = end;
            }
            COMMENT => {
                let close = memchr::memchr(b'}', buf.get(i + 1..)?)?;
                if !constructs.comment(i, i + close + 2) {
                    return None;
                }
                i += close + 2;
                last_end = i; // a comment keeps the line breaks before it
            }
            OPEN | CLOSE | STRAY => {
                let read = match class {
                    OPEN => constructs.open(buf, i),
                    CLOSE => constructs.close(i, depth),
                    _ => false,
                };
                if !read {
                    return None;
                }
                match class {
                    OPEN => depth += 1,
                    CLOSE => depth = depth.saturating_sub(1),
                    _ => {}
                }
                movetext = true;
                i += 1;
                last_end = i;
                breaks = 0;
            }
            MATTERS | WORD => {
                let top = depth == 0;
                let (word, end) = constructs.word(buf, i, class == MATTERS && top)?;
                match word {
                    Word::Number(number) if top => {
                        if move_one_starts_game(number, breaks, movetext, max_number) {
                            constructs.unread();
                            return constructs.finish(depth).then_some(PlainEnd {
                                end: last_end,
                                resume: i,
                            });
                        }
                        max_number = max_number.max(number);
                    }
                    Word::Result if top => {
                        return constructs
                            .finish(0)
                            .then_some(PlainEnd { end, resume: end });
                    }
                    _ => {}
                }
                movetext = true;
                last_end = end;
                breaks = 0;
                i = end;
            }
            _ => return None,
        }
    }
}

/// What a plain game is made of, as [`plain_game`] reads it. Each method returns false to
/// give up (the general path then reads the game); offsets are indexes in the buffer.
pub(crate) trait Constructs {
    /// Longest game read.
    const MAX_BYTES: usize;
    /// A game starts in a buffer whose first byte is at absolute offset `base`.
    fn start(&mut self, base: u64);
    /// `[Name "value"]` from `at` to `end`, its name `name_len` bytes long.
    fn tag(&mut self, buf: &[u8], at: usize, name_len: usize, end: usize) -> bool;
    /// `{...}` from `at` to `end`.
    fn comment(&mut self, at: usize, end: usize) -> bool;
    /// `(` at `at`.
    fn open(&mut self, buf: &[u8], at: usize) -> bool;
    /// `)` at `at`, `depth` variations deep before it.
    fn close(&mut self, at: usize, depth: u64) -> bool;
    /// The word at `at`: what it is (as far as the end of a game goes) and where it ends.
    /// `matters`: it is at the top level and starts like a move number or a result (else it
    /// may be told `Word::Other`). `None` to give up, also when the word reaches the end of
    /// `buf` or is longer than a token may be.
    fn word(&mut self, buf: &[u8], at: usize, matters: bool) -> Option<(Word, usize)>;
    /// Takes back the last word: it starts the next game.
    fn unread(&mut self);
    /// The game ends, `depth` variations deep.
    fn finish(&mut self, depth: u64) -> bool;
}

/// What a word is, as far as the end of a game goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Word {
    /// A move number (possibly with a move glued to it).
    Number(u32),
    Result,
    /// A move or anything else.
    Other,
}

/// Finds where games end, and nothing else.
pub(crate) struct Splitting;

impl Constructs for Splitting {
    const MAX_BYTES: usize = MAX_GAME_BYTES;
    #[inline(always)]
    fn start(&mut self, _: u64) {}
    #[inline(always)]
    fn tag(&mut self, _: &[u8], _: usize, _: usize, _: usize) -> bool {
        true
    }
    #[inline(always)]
    fn comment(&mut self, _: usize, _: usize) -> bool {
        true
    }
    #[inline(always)]
    fn open(&mut self, _: &[u8], _: usize) -> bool {
        true
    }
    #[inline(always)]
    fn close(&mut self, _: usize, _: u64) -> bool {
        true
    }
    #[inline(always)]
    fn word(&mut self, buf: &[u8], at: usize, matters: bool) -> Option<(Word, usize)> {
        // The commonest words from a fixed window, without looking for their end.
        if let Some(window) = buf.get(at..).and_then(|rest| rest.first_chunk::<6>()) {
            if !matters && plain_alpha_move(window) {
                return Some((Word::Other, at + 5));
            }
            if matters && let Some((number, _, used)) = move_number_word(window, false) {
                return Some((Word::Number(number), at + used));
            }
        }
        let end = word_end_in(buf, at + 1)?; // else the word may go on
        if end - at > MAX_TOKEN_BYTES {
            return None; // too long to matter: the state machine decides
        }
        if !matters {
            return Some((Word::Other, end));
        }
        let word = buf.get(at..end)?;
        let kind = match number_of(word) {
            Ok(Some(number)) => Word::Number(number),
            Ok(None) => return None,
            Err(()) if GameResult::may_be(word) && GameResult::from_bytes(word).is_some() => {
                Word::Result
            }
            Err(()) => Word::Other,
        };
        Some((kind, end))
    }
    #[inline(always)]
    fn unread(&mut self) {}
    #[inline(always)]
    fn finish(&mut self, _: u64) -> bool {
        true
    }
}

/// Reads a plain game into a [`ParsedGame`] exactly as [`super::lexer::parse_game_into`]
/// would: the same tags and tokens, and no findings (a game with any is not plain).
pub(crate) struct Lexing<'a> {
    out: &'a mut ParsedGame,
    /// Absolute offset of `buf[0]`.
    base: u64,
    /// The game was read whole.
    pub(crate) done: bool,
}

impl<'a> Lexing<'a> {
    /// A reader of tags and tokens into `out`.
    pub(crate) fn new(out: &'a mut ParsedGame) -> Lexing<'a> {
        Lexing {
            out,
            base: 0,
            done: false,
        }
    }

    #[inline(always)]
    fn push(&mut self, kind: TokenKind, at: usize, end: usize) {
        let offset = self.base + at as u64;
        let len = (end - at) as u32;
        self.out.tokens.push(Token { kind, offset, len });
    }

    /// NAGs glued together from `at` to `end` (`$1$3`), else nothing (give up).
    fn nags(&mut self, buf: &[u8], mut at: usize, end: usize) -> Option<()> {
        while at < end {
            let (after, n) = nag(buf.get(at..end)?).ok()?;
            let next = end - after.len();
            self.push(TokenKind::Nag(n), at, next);
            at = next;
        }
        Some(())
    }

    /// A move number as a whole word (see [`move_number_word`]): its number and end.
    #[inline(always)]
    fn move_number(&mut self, buf: &[u8], at: usize) -> Option<(u32, usize)> {
        let (number, black, used) = move_number_word(buf.get(at..)?, false)?;
        self.push(TokenKind::MoveNumber { number, black }, at, at + used);
        Some((number, at + used))
    }

    /// A plain move as a whole word (see [`move_word`]): the end of the word.
    #[inline(always)]
    fn quick_move(&mut self, buf: &[u8], at: usize) -> Option<usize> {
        let rest = buf.get(at..)?;
        let (used, squares, separator) = move_word(rest, false)?;
        let offset = self.base + at as u64;
        self.out
            .tokens
            .push(Token::quick_move(offset, used, squares, separator));
        Some(at + used)
    }
}

impl Constructs for Lexing<'_> {
    /// Small enough that no limit of the lexer (tokens, moves, comments) can be reached.
    const MAX_BYTES: usize = 32 * 1024;

    fn start(&mut self, base: u64) {
        self.out.clear();
        self.base = base;
        self.done = false;
    }

    fn tag(&mut self, buf: &[u8], at: usize, name_len: usize, end: usize) -> bool {
        // As `tag::plain_tag` reads it: a name in upper case first, of letters, digits and
        // `_`, and one space before the value.
        let Some(name) = buf.get(at + 1..at + 1 + name_len) else {
            return false;
        };
        let well_formed = name.first().is_some_and(u8::is_ascii_uppercase)
            && name.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_');
        if !well_formed || buf.get(at + 1 + name_len) != Some(&b' ') {
            return false;
        }
        let value_at = at + 1 + name_len + 2;
        let Some(value) = buf.get(value_at..end - 2) else {
            return false;
        };
        let (offset, value_offset) = (self.base + at as u64, self.base + value_at as u64);
        let len = u32::try_from(end - at).unwrap_or(u32::MAX);
        self.out.push_tag(name, value, (offset, len), value_offset)
    }

    fn comment(&mut self, at: usize, end: usize) -> bool {
        self.push(TokenKind::Comment(CommentStyle::Braces), at, end);
        true
    }

    fn open(&mut self, buf: &[u8], at: usize) -> bool {
        // `(!?)` after a move is its strength: the general path reads it.
        if matches!(buf.get(at + 1), Some(b'!' | b'?')) {
            return false;
        }
        self.push(TokenKind::VariationStart, at, at + 1);
        true
    }

    fn close(&mut self, at: usize, depth: u64) -> bool {
        if depth == 0 {
            return false; // an error
        }
        self.push(TokenKind::VariationEnd, at, at + 1);
        true
    }

    #[inline(always)]
    fn word(&mut self, buf: &[u8], at: usize, _: bool) -> Option<(Word, usize)> {
        // In the lexer's order: a move number, a move, a result; each read whole at once.
        let first = *buf.get(at)?;
        if first.is_ascii_digit()
            && let Some((number, end)) = self.move_number(buf, at)
        {
            return Some((Word::Number(number), end));
        }
        if (first.is_ascii_digit() || column_of(first).is_some())
            && let Some(end) = self.quick_move(buf, at)
        {
            return Some((Word::Other, end));
        }
        let end = word_end_in(buf, at + 1)?;
        if end - at > MAX_TOKEN_BYTES {
            return None; // an error
        }
        let word = buf.get(at..end)?;
        if GameResult::may_start(first)
            && let Some(result) = GameResult::from_bytes(word)
        {
            self.push(TokenKind::Result(result), at, end);
            return Some((Word::Result, end));
        }
        // The lexer's order again: a word that is no move number or result, starting with a
        // column or a digit, is a move with marks or NAGs (`c3-d4!`, `22-18$1`); a word
        // starting with `$` is NAGs.
        if first == b'$' {
            self.nags(buf, at, end)?;
        } else if column_of(first).is_some()
            || (first.is_ascii_digit() && move_number(word).is_err() && bare_number(word).is_none())
        {
            let (mv, move_end) = clean_marked_move(word)?;
            self.push(TokenKind::Move(mv), at, at + move_end);
            self.nags(buf, at + move_end, end)?;
        } else {
            return None;
        }
        Some((Word::Other, end))
    }

    fn unread(&mut self) {
        self.out.tokens.pop();
    }

    fn finish(&mut self, depth: u64) -> bool {
        if depth > 0 {
            return false; // an unclosed variation: an error
        }
        self.done = true;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdn::lexer::parse_game;
    use crate::pdn::reader::GameReader;

    /// Everything the reader hands out, with the fast path or without it.
    fn games(input: &[u8], fast: bool) -> Vec<(u64, Vec<u8>, u32, u32, usize)> {
        let mut reader = GameReader::new(input);
        if !fast {
            reader = reader.without_fast_path();
        }
        let mut games = Vec::new();
        while let Some(g) = reader.next_game().unwrap() {
            games.push((g.offset, g.bytes.to_vec(), g.line, g.column, g.index));
        }
        games
    }

    /// The fast path splits as the state machine does, and reads each game as the lexer does.
    /// Returns how many games [`plain_game`] reads whole.
    fn check_agrees(input: &[u8]) -> usize {
        assert_eq!(
            games(input, true),
            games(input, false),
            "{:?}",
            String::from_utf8_lossy(input)
        );
        let mut reader = GameReader::new(input);
        let mut parsed = ParsedGame::default();
        let mut fast = 0;
        while let Some(raw) = reader.next_game_parsed(&mut parsed).unwrap() {
            assert_eq!(
                parsed,
                parse_game(&raw),
                "{:?}",
                String::from_utf8_lossy(raw.bytes)
            );
            let mut again = ParsedGame::default();
            let mut lexing = Lexing::new(&mut again);
            lexing.start(0);
            let at = raw.offset as usize;
            if plain_game(input, at, &mut lexing).is_some_and(|p| p.end == at + raw.bytes.len()) {
                fast += 1;
            }
        }
        fast
    }

    const PLAIN: &str = "[Event \"Cup\"]\n[Result \"1-0\"]\n\n1. c3-d4 f6-g5 2. d4:f6 g7:e5 {a note} 3. b2-c3 (3. a1-b2 h6-g5) h6-g5 1-0\n";

    /// The splitting side's readers from a fixed window say what the general word reading
    /// says, for every window over an alphabet of the bytes that matter.
    #[test]
    fn quick_words_agree_with_the_general_reading() {
        let alphabet = b"ak1290.-: x{\n";
        let mut quick = 0;
        for mut n in 0..alphabet.len().pow(6) {
            let mut window = [0u8; 6];
            for b in &mut window {
                *b = alphabet[n % alphabet.len()];
                n /= alphabet.len();
            }
            let mut padded = window.to_vec();
            padded.push(b' ');
            let end = word_end_in(&padded, 1);
            if plain_alpha_move(&window) {
                assert_eq!(end, Some(5), "{window:?}");
                quick += 1;
            }
            if let Some((number, _, used)) = move_number_word(&window, false) {
                assert_eq!(end, Some(used), "{window:?}");
                assert_eq!(number_of(&window[..used]), Ok(Some(number)), "{window:?}");
                quick += 1;
            }
        }
        assert!(quick > 1000, "{quick}");
    }

    #[test]
    fn a_plain_game_is_read_in_one_pass() {
        let mut parsed = ParsedGame::default();
        let mut lexing = Lexing::new(&mut parsed);
        lexing.start(1000);
        let end = plain_game(PLAIN.as_bytes(), 0, &mut lexing);
        assert_eq!(
            end,
            Some(PlainEnd {
                end: PLAIN.len() - 1,
                resume: PLAIN.len() - 1
            })
        );
        assert!(lexing.done);
        let raw = crate::pdn::RawGame {
            bytes: PLAIN.trim_end().as_bytes(),
            offset: 1000,
            line: 1,
            column: 1,
            index: 1,
        };
        assert_eq!(parsed, parse_game(&raw));
        assert_eq!(parsed.tags.len(), 2);
        assert_eq!(parsed.tokens.len(), 16);
    }

    #[test]
    fn anything_unusual_is_left_to_the_general_path() {
        for odd in [
            "1. c3d4 f6-g5",        // no separator
            "1 c3-d4",              // a move number without a dot
            "1. c3-d4 % line\n",    // a line comment
            "1. c3-d4 (!?) f6-g5",  // a parenthesized mark
            "1. c3-d4 ) f6-g5",     // an unmatched parenthesis
            "1. /FEN \"W:W1:B2\"/", // a setup command
            "1. c3-d4* f6-g5",      // `*` as a strength mark
            "1. c3-d4 !",           // a spaced strength mark
            "1. c3-d4!x f6-g5",     // a mark, then junk
            "1. c3-d4 $x",          // a bad NAG
            "1. c3-d4$ f6-g5",      // a bad glued NAG
            "1. c3:d4-e5 f6-g5",    // mixed separators
            "1. c3-d4!!!!!!!! f6",  // too many marks
            "1. 12 f6-g5",          // a number without a dot
            "1. 12.c3-d4! f6-g5",   // a move number glued to a marked move
        ] {
            let game = format!("[Event \"x\"]\n{odd} 1-0\n");
            assert_eq!(one_pass(&game), None, "{odd}");
            check_agrees(game.as_bytes());
        }
        for odd_tag in [
            "[event \"x\"]",
            "[Event\t\"x\"]",
            "[Ev-ent \"x\"]",
            "[Event \"a\\\"b\"]",
        ] {
            let game = format!("{odd_tag}\n1. c3-d4 *\n");
            assert_eq!(one_pass(&game), None, "{odd_tag}");
            check_agrees(game.as_bytes());
        }
    }

    /// The one-pass read of `game` with tokens (from its first byte).
    fn one_pass(game: &str) -> Option<PlainEnd> {
        let mut parsed = ParsedGame::default();
        let mut lexing = Lexing::new(&mut parsed);
        lexing.start(0);
        plain_game(game.as_bytes(), 0, &mut lexing)
    }

    #[test]
    fn marks_nags_and_compact_moves_are_read_in_one_pass() {
        for marked in [
            "1. c3-d4! f6-g5?",
            "1. c3-d4!? f6-g5?? 2. d4-e5!! g5-h4?!",
            "1. c3-d4 $1 f6-g5 $2$14",
            "1. c3-d4!$3 f6-g5 1... g5-h4",
            "1. 22-18! 11-15? 2. 18x11$1 8x15",
            "1. ed4 f6-g5",
            "1. c3-d4! (1. c3-b4? f6-g5) f6-g5",
        ] {
            let game = format!("[Event \"x\"]\n{marked} 1-0\n");
            assert!(one_pass(&game).is_some(), "{marked}");
            assert_eq!(check_agrees(game.as_bytes()), 1, "{marked}");
        }
    }

    #[test]
    fn games_without_results_end_where_the_state_machine_ends_them() {
        for input in [
            // a tag after the moves, a repeated tag name, `1.` after a blank line
            "[Event \"a\"]\n1. c3-d4 f6-g5\n[Event \"b\"]\n1. c3-d4 *",
            "[Event \"a\"]\n[Event \"b\"]\n1. c3-d4 *",
            "[Event \"a\"]\n1. c3-d4 f6-g5 2. d4-e5\n\n1. c3-d4 *",
            "[Event \"a\"]\n1. c3-d4 f6-g5 2. d4-e5\r\n\r\n1. c3-d4 *",
            "[Event \"a\"]\n1. c3-d4 f6-g5 2. d4-e5\r\r1. c3-d4 *",
            "[Event \"a\"]\n1. c3-d4 (2. d4-e5 1-0) 0-1 {after}",
            "[Event \"a\"]\n1. c3-d4 {1-0 [Event \"b\"]} 0-1",
            "[Event \"a\"]\n1. c3-d4 (f6-g5\n\n[Event \"b\"] *",
        ] {
            check_agrees(input.as_bytes());
        }
    }

    #[test]
    fn random_soups_of_constructs_agree() {
        let pieces: &[&str] = &[
            "[Event \"x\"]\n",
            "[Result \"1-0\"]\n",
            "[Event \"x\"]",
            "[ Event \"x\"]",
            "1. ",
            "12... ",
            "1.",
            "c3-d4 ",
            "22-18 ",
            "f6:d4:b6 ",
            "c3d4 ",
            "c3-d4! ",
            "c3-d4?! ",
            "22-18!$2 ",
            "$1$3 ",
            "ed4 ",
            "c3-d4* ",
            "c3-d4$x ",
            "$ ",
            "!? ",
            "{a comment} ",
            "{",
            "}",
            "(",
            ")",
            "(!?)",
            "1-0",
            "0-1 ",
            "1/2-1/2\n",
            "*",
            " ",
            "\n",
            "\r\n",
            "\n\n",
            "% x\n",
            ";",
            "/FEN \"W:W1:B2\"/ ",
            "$3 ",
            "\u{bd}-\u{bd} ",
            "\"",
            "\\",
            "\u{444}",
            "\u{0}",
        ];
        let mut seed = 99u64;
        let (mut fast, mut all) = (0, 0);
        for _ in 0..3000 {
            let mut input = Vec::new();
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let len = (seed >> 33) % 60;
            for _ in 0..len {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let piece = pieces[(seed >> 33) as usize % pieces.len()];
                input.extend_from_slice(piece.as_bytes());
            }
            fast += check_agrees(&input);
            all += games(&input, true).len();
        }
        // Enough of both kinds to compare.
        assert!(
            fast > all / 20 && fast < all / 2,
            "{fast} of {all} games read fast"
        );
    }

    #[test]
    fn generated_archives_agree() {
        use crate::random::write_game;
        use crate::variant::Variant;
        for (variant, seed) in [(Variant::Spantsiretti, 3), (Variant::Russian, 5)] {
            let mut text = String::new();
            for index in 1..=40 {
                write_game(&mut text, variant, seed, index);
            }
            let fast = check_agrees(text.as_bytes());
            assert_eq!(fast, 40, "{variant:?}");
        }
    }

    #[test]
    fn the_summary_finds_variations_nested_too_deep() {
        use crate::pdn::limits::MAX_VARIATION_DEPTH;
        let deep = MAX_VARIATION_DEPTH + 2;
        let game = format!(
            "[Event \"x\"]\n1. 22-18 {}{} 1-0\n",
            "(22-17 ".repeat(deep),
            ")".repeat(deep)
        );
        assert_eq!(check_agrees(game.as_bytes()), 1);
        let mut reader = GameReader::new(game.as_bytes());
        let mut parsed = ParsedGame::default();
        reader.next_game_parsed(&mut parsed).unwrap();
        let summary = parsed.syntax_summary();
        assert!(summary.numeric);
        let first = game.find('(').unwrap() + 7 * MAX_VARIATION_DEPTH;
        assert_eq!(summary.too_deep, Some(first as u64));
    }

    #[test]
    fn fixtures_and_fuzz_corpus_agree() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let (mut files, mut fast) = (0, 0);
        for dir in [
            "fixtures",
            "fixtures/errors",
            "fixtures/rules",
            "fuzz/corpus/reader",
        ] {
            let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
                continue;
            };
            for entry in entries.flatten() {
                if entry.path().is_file() {
                    fast += check_agrees(&std::fs::read(entry.path()).unwrap());
                    files += 1;
                }
            }
        }
        assert!(
            files > 100 && fast > 50,
            "{files} files, {fast} games read fast"
        );
    }
}
