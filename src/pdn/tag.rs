//! Tag pairs `[Name "value"]`, read leniently.
//!
//! A tag never spans lines: it ends at the first `]` outside its quoted value or at the end
//! of its line. Leniencies (each reported as a warning unless noted):
//! - padding anywhere: `[ Event   "x" ]` (not reported: PDN allows it);
//! - unquoted values `[Event x]`;
//! - values with unescaped inner quotes `[Event "the "A" cup"]` (not reported);
//! - unterminated values `[Event "x]` or `[Event "x` (the value runs to `]` or the line end);
//! - a missing `]`;
//! - names with bytes other than letters, digits and `_`, or starting in lower case.
//!
//! Values are kept as raw bytes, `\"` and `\\` unescaped, decoded later.

use super::ascii::{is_space, line_end};
use super::error::{SyntaxError, SyntaxErrorKind};
use std::borrow::Cow;

/// One tag pair.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tag {
    /// The name as written (lossy UTF-8).
    pub name: String,
    /// The raw value bytes with `\"` and `\\` unescaped.
    pub value: Vec<u8>,
    /// Absolute byte offset of `[`.
    pub offset: u64,
    /// Absolute byte offset of the first byte of the value (after the opening quote).
    pub value_offset: u64,
    /// Bytes of the tag as written, from `[` to its end (`]`, or the end of its line).
    pub len: u32,
}

impl Tag {
    /// The value decoded as UTF-8 (invalid bytes replaced); use `crate::encoding::decode`
    /// for other encodings.
    pub fn value_lossy(&self) -> Cow<'_, str> {
        String::from_utf8_lossy(&self.value)
    }
}

/// `\"` -> `"` and `\\` -> `\`; any other backslash is kept.
#[cfg(test)]
pub(crate) fn unescape(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    unescape_into(bytes, &mut out);
    out
}

/// [`unescape`], appending to `out`.
pub(crate) fn unescape_into(bytes: &[u8], out: &mut Vec<u8>) {
    if memchr::memchr(b'\\', bytes).is_none() {
        out.extend_from_slice(bytes);
        return;
    }
    let mut iter = bytes.iter().peekable();
    while let Some(&b) = iter.next() {
        if b == b'\\'
            && let Some(&&next) = iter.peek()
            && (next == b'"' || next == b'\\')
        {
            out.push(next);
            iter.next();
        } else {
            out.push(b);
        }
    }
}

/// Index of the first `]` outside a quoted string in `input[from..to]`, if any.
fn closing_bracket(input: &[u8], from: usize, to: usize) -> Option<usize> {
    let region = input.get(from..to)?;
    let mut i = 0;
    loop {
        // Outside a string: the next `"` or `]`.
        let at = i + memchr::memchr2(b'"', b']', region.get(i..)?)?;
        if region.get(at) == Some(&b']') {
            return Some(from + at);
        }
        // Inside a string: the next unescaped `"`.
        i = at + 1;
        loop {
            let q = i + memchr::memchr2(b'"', b'\\', region.get(i..)?)?;
            if region.get(q) == Some(&b'"') {
                i = q + 1;
                break;
            }
            i = q + 2;
        }
    }
}

/// Whether the `"` at `input[at]` is escaped by an odd run of backslashes after `from`.
fn is_escaped(input: &[u8], from: usize, at: usize) -> bool {
    let run = input.get(from..at).map_or(0, |before| {
        before.iter().rev().take_while(|&&b| b == b'\\').count()
    });
    run % 2 == 1
}

/// A quoted or unquoted value in `input[from..to]` (already trimmed): `(value, offset of
/// its first byte, closed)`. `closed` is false for an opening quote without a closing one.
pub(crate) fn quoted_value(input: &[u8], from: usize, to: usize) -> (Vec<u8>, usize, bool) {
    let mut value = Vec::new();
    let (at, closed) = quoted_value_into(input, from, to, &mut value);
    (value, at, closed)
}

/// [`quoted_value`], appending the value to `out`; returns the offset and `closed`.
fn quoted_value_into(input: &[u8], from: usize, to: usize, out: &mut Vec<u8>) -> (usize, bool) {
    let region = input.get(from..to).unwrap_or_default();
    if region.first() != Some(&b'"') {
        out.extend_from_slice(region);
        return (from, true);
    }
    let last = to.saturating_sub(1);
    if region.len() >= 2 && region.last() == Some(&b'"') && !is_escaped(input, from + 1, last) {
        unescape_into(input.get(from + 1..last).unwrap_or_default(), out);
        (from + 1, true)
    } else {
        unescape_into(input.get(from + 1..to).unwrap_or_default(), out);
        (from + 1, false)
    }
}

/// The name of a tag or setup command in `input[from..to]`: after leading spaces, up to a
/// space or a quote.
pub(crate) fn name_span(input: &[u8], from: usize, to: usize) -> (usize, usize) {
    let start = skip_spaces(input, from, to);
    let mut end = start;
    while end < to && input.get(end).is_some_and(|&b| !is_space(b) && b != b'"') {
        end += 1;
    }
    (start, end)
}

pub(crate) fn skip_spaces(input: &[u8], mut i: usize, to: usize) -> usize {
    while i < to && input.get(i).is_some_and(|&b| is_space(b)) {
        i += 1;
    }
    i
}

pub(crate) fn trim_end(input: &[u8], from: usize, mut to: usize) -> usize {
    while to > from && input.get(to - 1).is_some_and(|&b| is_space(b)) {
        to -= 1;
    }
    to
}

pub(crate) fn error(kind: SyntaxErrorKind, base: u64, at: usize, len: usize) -> SyntaxError {
    SyntaxError {
        kind,
        offset: base + at as u64,
        len: u32::try_from(len).unwrap_or(u32::MAX),
    }
}

/// Bytes of a well-formed tag name: ASCII letters, digits and `_`.
const NAME_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || c == b'_';
        b += 1;
    }
    table
};

/// Index of the first `"`, `\`, `\n` or `\r` in `value`, eight bytes at a time.
fn value_stop(value: &[u8]) -> Option<usize> {
    /// Bytes of `word` equal to `b`: the lowest set high bit marks the first (higher
    /// ones may be wrong, and are not used).
    const fn equal(word: u64, b: u8) -> u64 {
        const LOW: u64 = 0x0101_0101_0101_0101;
        let x = word ^ (LOW * b as u64);
        x.wrapping_sub(LOW) & !x & (LOW << 7)
    }
    let mut at = 0;
    while let Some(chunk) = value.get(at..).and_then(|rest| rest.first_chunk::<8>()) {
        let word = u64::from_le_bytes(*chunk);
        let found =
            equal(word, b'"') | equal(word, b'\\') | equal(word, b'\n') | equal(word, b'\r');
        if found != 0 {
            return Some(at + (found.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    let tail = value.get(at..)?;
    let i = tail
        .iter()
        .position(|&b| matches!(b, b'"' | b'\\' | b'\n' | b'\r'))?;
    Some(at + i)
}

/// The common form `[Name "value"]`, well formed, unpadded, without escapes, read in one
/// pass into `tag` (as [`scan_tag`] would read it, with no findings); `None` (and `tag`
/// untouched) for any other form. Returns the index after the `]`.
fn plain_tag(
    input: &[u8],
    text: Option<&str>,
    start: usize,
    base: u64,
    tag: &mut Tag,
) -> Option<usize> {
    let rest = input.get(start + 1..)?;
    if !rest.first()?.is_ascii_uppercase() {
        return None;
    }
    let name_len = rest.iter().position(|&b| !NAME_BYTES[usize::from(b)])?;
    if rest.get(name_len..name_len + 2) != Some(b" \"") {
        return None;
    }
    let value_at = name_len + 2;
    let value = rest.get(value_at..)?;
    let close = value_stop(value)?;
    if value.get(close..close + 2) != Some(b"\"]") {
        return None;
    }
    let name = text?.get(start + 1..start + 1 + name_len)?;
    tag.name.clear();
    tag.name.push_str(name);
    tag.value.clear();
    tag.value.extend_from_slice(value.get(..close)?);
    tag.offset = base + start as u64;
    tag.value_offset = base + (start + 1 + value_at) as u64;
    Some(start + 1 + value_at + close + 2)
}

/// Reads the tag whose `[` is at `input[start]` into `tag` (whose buffers are reused).
/// Returns whether it has a name (else it is no tag), the index just after it, and the
/// length of the name as written, in bytes; findings go to `errors`.
pub(crate) fn scan_tag(
    input: &[u8],
    text: Option<&str>,
    start: usize,
    base: u64,
    errors: &mut Vec<SyntaxError>,
    tag: &mut Tag,
) -> (bool, usize, usize) {
    if let Some(end) = plain_tag(input, text, start, base, tag) {
        return (true, end, tag.name.len());
    }
    let eol = line_end(input, start);
    let (content_end, end) = match closing_bracket(input, start + 1, eol) {
        Some(close) => (close, close + 1),
        None => {
            let trimmed = trim_end(input, start + 1, eol);
            if trimmed > start + 1 && input.get(trimmed - 1) == Some(&b']') {
                (trimmed - 1, trimmed)
            } else {
                errors.push(error(
                    SyntaxErrorKind::UnterminatedTag,
                    base,
                    start,
                    eol - start,
                ));
                (eol, eol)
            }
        }
    };
    let (name_start, name_end) = name_span(input, start + 1, content_end);
    let name = input.get(name_start..name_end).unwrap_or_default();
    if name.is_empty() {
        errors.push(error(
            SyntaxErrorKind::MissingTagName,
            base,
            start,
            end - start,
        ));
        return (false, end, 0);
    }
    let well_formed = name.first().is_some_and(u8::is_ascii_uppercase)
        && name.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_');
    if !well_formed {
        errors.push(error(
            SyntaxErrorKind::BadTagName,
            base,
            name_start,
            name.len(),
        ));
    }
    let value_start = skip_spaces(input, name_end, content_end);
    let value_end = trim_end(input, value_start, content_end);
    tag.value.clear();
    let (value_at, closed) = quoted_value_into(input, value_start, value_end, &mut tag.value);
    if input.get(value_start) != Some(&b'"') {
        let len = value_end - value_start;
        errors.push(error(
            SyntaxErrorKind::UnquotedTagValue,
            base,
            value_start,
            len,
        ));
    } else if !closed {
        let len = value_end - value_start;
        errors.push(error(
            SyntaxErrorKind::UnterminatedTagValue,
            base,
            value_start,
            len,
        ));
    }
    tag.name.clear();
    match text.and_then(|t| t.get(name_start..name_end)) {
        Some(name) => tag.name.push_str(name),
        None => tag.name.push_str(&String::from_utf8_lossy(name)),
    }
    tag.offset = base + start as u64;
    tag.value_offset = base + value_at as u64;
    (true, end, name.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use SyntaxErrorKind::*;

    fn read(text: &str) -> (Option<Tag>, usize, Vec<(SyntaxErrorKind, u64, u32)>) {
        let mut errors = Vec::new();
        let mut tag = Tag::default();
        let (named, end, _) = scan_tag(text.as_bytes(), Some(text), 0, 100, &mut errors, &mut tag);
        let tag = named.then_some(tag);
        let errors = errors.iter().map(|e| (e.kind, e.offset, e.len)).collect();
        (tag, end, errors)
    }

    fn name_value(tag: &Option<Tag>) -> (&str, &[u8]) {
        let tag = tag.as_ref().unwrap();
        (tag.name.as_str(), tag.value.as_slice())
    }

    #[test]
    fn value_stops_as_a_byte_search_would() {
        let stops = |b: &u8| matches!(b, b'"' | b'\\' | b'\n' | b'\r');
        let alphabet: &[u8] = b"a\"\\\n\r\x00\xff!#";
        for len in 0..20 {
            for seed in 0..200u64 {
                let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ len as u64;
                let value: Vec<u8> = (0..len)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        // Mostly plain bytes, so that stops fall at every place.
                        if x.is_multiple_of(8) {
                            alphabet[(x >> 8) as usize % alphabet.len()]
                        } else {
                            b'a'
                        }
                    })
                    .collect();
                assert_eq!(
                    value_stop(&value),
                    value.iter().position(stops),
                    "{value:?}"
                );
            }
        }
    }

    #[test]
    fn plain_tag() {
        let (tag, end, errors) = read("[Event \"Cup\"] 1.");
        assert_eq!(name_value(&tag), ("Event", &b"Cup"[..]));
        assert_eq!((end, errors), (13, vec![]));
        let tag = tag.unwrap();
        assert_eq!((tag.offset, tag.value_offset), (100, 108));
    }

    #[test]
    fn padded_and_escaped() {
        let (tag, end, errors) = read("[  Event   \"a \\\"b\\\" \\\\ c\"  ]\n");
        assert_eq!(name_value(&tag), ("Event", &b"a \"b\" \\ c"[..]));
        assert_eq!((end, errors), (28, vec![]));
    }

    #[test]
    fn inner_quotes_and_brackets() {
        let (tag, _, errors) = read("[Event \"the \"A\" cup\"]");
        assert_eq!(name_value(&tag), ("Event", &b"the \"A\" cup"[..]));
        assert!(errors.is_empty());
        let (tag, end, errors) = read("[Event \"a]b\"]x");
        assert_eq!(name_value(&tag), ("Event", &b"a]b"[..]));
        assert_eq!((end, errors), (13, vec![]));
    }

    #[test]
    fn unquoted_value() {
        let (tag, end, errors) = read("[Event Big Cup ]");
        assert_eq!(name_value(&tag), ("Event", &b"Big Cup"[..]));
        assert_eq!((end, errors), (16, vec![(UnquotedTagValue, 107, 7)]));
        let (tag, _, errors) = read("[Event]");
        assert_eq!(name_value(&tag), ("Event", &b""[..]));
        assert_eq!(errors, vec![(UnquotedTagValue, 106, 0)]);
    }

    #[test]
    fn unterminated_value() {
        let (tag, end, errors) = read("[Event \"Cup]\r\n[Site \"x\"]");
        assert_eq!(name_value(&tag), ("Event", &b"Cup"[..]));
        assert_eq!((end, errors), (12, vec![(UnterminatedTagValue, 107, 4)]));
        let (tag, end, errors) = read("[Event \"Cup\n1. c3-d4");
        assert_eq!(name_value(&tag), ("Event", &b"Cup"[..]));
        assert_eq!(
            (end, errors),
            (
                11,
                vec![(UnterminatedTag, 100, 11), (UnterminatedTagValue, 107, 4)]
            )
        );
        let (tag, _, errors) = read("[Event \"a\\\"]");
        assert_eq!(name_value(&tag), ("Event", &b"a\""[..]));
        assert_eq!(errors, vec![(UnterminatedTagValue, 107, 4)]);
    }

    #[test]
    fn missing_bracket() {
        let (tag, end, errors) = read("[Event \"x\"\n");
        assert_eq!(name_value(&tag), ("Event", &b"x"[..]));
        assert_eq!((end, errors), (10, vec![(UnterminatedTag, 100, 10)]));
    }

    #[test]
    fn bad_and_missing_names() {
        let (tag, end, errors) = read("[ \"x\"]");
        assert!(tag.is_none());
        assert_eq!((end, errors), (6, vec![(MissingTagName, 100, 6)]));
        let (tag, _, errors) = read("[event-x \"v\"]");
        assert_eq!(name_value(&tag), ("event-x", &b"v"[..]));
        assert_eq!(errors, vec![(BadTagName, 101, 7)]);
        let (tag, end, errors) = read("[");
        assert!(tag.is_none());
        assert_eq!((end, errors.len()), (1, 2));
    }

    #[test]
    fn unescape_keeps_other_backslashes() {
        assert_eq!(unescape(br#"a\nb\"c\\"#), br#"a\nb"c\"#.to_vec());
        assert_eq!(unescape(b"\\"), b"\\".to_vec());
    }
}
