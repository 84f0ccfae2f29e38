//! The productions between delimiters: tag pairs (`PdnTag`, with its `IDENTIFIER` and
//! `STRING`), setup commands (`SETUP`) and comments (`COMMENT`, and `%`/`;` line comments).
//!
//! Leniencies (the findings are [`SyntaxErrorKind`]s; see [`crate::pdn::tag`]):
//! - a tag never spans lines: it ends at its first `]` outside a quoted string, else at a
//!   `]` that ends its line (spaces after it allowed), else at the end of its line
//!   (`UnterminatedTag`);
//! - padding anywhere: `[ Event   "x" ]` (no finding);
//! - the name runs to a space or a quote; a name that is not an `IDENTIFIER`
//!   (`[A-Z][A-Za-z0-9_]*`) is `BadTagName`, no name at all `MissingTagName` (no tag);
//! - the value is the rest, trimmed: quoted, it runs from its first quote to its last, so
//!   inner quotes need no escape (no finding); an opening quote without a closing one
//!   reads to the end (`UnterminatedTagValue`); an unquoted value is kept as written
//!   (`UnquotedTagValue`); `\"` and `\\` are unescaped, other backslashes kept;
//! - a setup command `/FEN "..."/` ends at the next `/`, else at the end of its line
//!   (`UnterminatedSetup`); its name and value are read as a tag's, without findings;
//! - a `{` comment runs to the next `}`, across lines; without one it ends at the end of its
//!   line (`UnterminatedComment`), so that it cannot swallow the rest of the input.

use super::res::Res;
use crate::pdn::ascii::{is_break, is_space, line_end};
use crate::pdn::error::{SyntaxError, SyntaxErrorKind::*};
use crate::pdn::limits::MAX_TAG_VALUE_BYTES;
use crate::pdn::raw_game::SetupCommand;
use crate::pdn::tag::Tag;
use nom::{
    Offset, Parser,
    branch::alt,
    bytes::complete::{is_not, tag, take, take_till, take_while},
    combinator::recognize,
    multi::many0_count,
    sequence::{delimited, preceded},
};

/// A tag pair or a setup command as read: a name and a value between delimiters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NamedValue<'a> {
    /// From the opening delimiter to the end (the closing one, or the end of the line).
    pub text: &'a [u8],
    /// Whether a closing delimiter ends it.
    pub closed: bool,
    /// The name as written; empty when there is none.
    pub name: &'a [u8],
    pub value: Value<'a>,
}

/// A tag's or setup command's value as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Value<'a> {
    /// The value as written (trimmed, quotes included).
    pub written: &'a [u8],
    /// Its bytes without the quotes, still escaped.
    pub body: &'a [u8],
    pub quoted: bool,
    /// False for an opening quote without a closing one.
    pub closed: bool,
    /// `body` may hold escapes (quoted, and not read by the plain form, which has none).
    pub escaped: bool,
}

impl Value<'_> {
    /// Appends the value's bytes to `out`, at most `limit` of them: `\"` and `\\` unescaped
    /// in a quoted value (any other backslash kept), an unquoted one as written. A value past
    /// the limit is refused whatever follows, so the rest of it is not held.
    pub(crate) fn unescape_into(&self, out: &mut Vec<u8>, limit: usize) {
        if !self.escaped || memchr::memchr(b'\\', self.body).is_none() {
            out.extend_from_slice(&self.body[..self.body.len().min(limit)]);
            return;
        }
        let mut iter = self.body.iter().peekable();
        let mut left = limit;
        while let Some(&b) = iter.next() {
            if left == 0 {
                return;
            }
            left -= 1;
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
}

/// Bytes of a well-formed tag name after its first: ASCII letters, digits and `_`.
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

/// `PdnTag`: `[`, an [`identifier`], a [`string`] and `]`, on one line, with the leniencies
/// of the module. Fails only without the `[`.
pub(crate) fn pdn_tag(i: &[u8]) -> Res<'_, NamedValue<'_>> {
    if let Some(plain) = plain_tag(i) {
        let rest = i.get(plain.text.len()..).unwrap_or_default();
        return Ok((rest, plain));
    }
    let (inside, _) = tag(&b"["[..]).parse(i)?;
    let (_, line) = take_till(is_break).parse(inside)?;
    let (content, closed) = bracket_content(line).map_or((line, false), |c| (c, true));
    named_value(i, closed, content)
}

/// The common form `[Name "value"]`, well formed, unpadded, without escapes or line breaks
/// in the value: what the general reading gives, in one pass (the value's closing quote is
/// its first quote).
#[inline(always)]
fn plain_tag(i: &[u8]) -> Option<NamedValue<'_>> {
    let inside = i.strip_prefix(b"[")?;
    if !inside.first()?.is_ascii_uppercase() {
        return None;
    }
    let name_len = inside.iter().position(|&b| !NAME_BYTES[usize::from(b)])?;
    let (name, after) = inside.split_at_checked(name_len)?;
    let body_and_more = after.strip_prefix(b" \"")?;
    let body_len = value_stop(body_and_more)?;
    let (body, after_body) = body_and_more.split_at_checked(body_len)?;
    if !after_body.starts_with(b"\"]") {
        return None;
    }
    let len = 1 + name_len + 2 + body_len + 2;
    Some(NamedValue {
        text: i.get(..len)?,
        closed: true,
        name,
        value: Value {
            written: i.get(1 + name_len + 1..len - 1)?,
            body,
            quoted: true,
            closed: true,
            escaped: false,
        },
    })
}

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

/// What a tag's line holds up to its `]`: the first `]` outside quoted strings, else a `]`
/// ending the line (before trailing spaces). `None` without either.
fn bracket_content(line: &[u8]) -> Option<&[u8]> {
    let outside = is_not(&b"\"]"[..]);
    let quoted = recognize(quoted_string);
    let scanned: Res<'_, &[u8]> = recognize(many0_count(alt((outside, quoted)))).parse(line);
    if let Ok((after, content)) = scanned
        && after.first() == Some(&b']')
    {
        return Some(content);
    }
    let trimmed = trim_end(line);
    trimmed.strip_suffix(b"]")
}

/// A quoted string whose `\` escapes the byte after it, closed on its line.
fn quoted_string(i: &[u8]) -> Res<'_, &[u8]> {
    let plain = is_not(&b"\"\\"[..]);
    let escape = preceded(tag(&b"\\"[..]), take(1usize));
    let body = recognize(many0_count(alt((plain, escape))));
    delimited(tag(&b"\""[..]), body, tag(&b"\""[..])).parse(i)
}

/// The name and value in `content` (the inside of its delimiters, the first of which opens
/// `i`), as a [`NamedValue`] that ends with the closing one if `closed`.
fn named_value<'a>(i: &'a [u8], closed: bool, content: &'a [u8]) -> Res<'a, NamedValue<'a>> {
    let (after_name, name) = identifier(content)?;
    let (_, value) = alt((string, unquoted)).parse(trim(after_name))?;
    let end = 1 + content.len() + usize::from(closed);
    let (text, rest) = i.split_at_checked(end).unwrap_or((i, &[]));
    let named = NamedValue {
        text,
        closed,
        name,
        value,
    };
    Ok((rest, named))
}

/// `IDENTIFIER`, leniently: after padding, whatever runs to a space or a quote (possibly
/// nothing). [`is_identifier`] says whether it is the standard's.
pub(crate) fn identifier(i: &[u8]) -> Res<'_, &[u8]> {
    let name = take_till(|b| is_space(b) || b == b'"');
    preceded(take_while(is_space), name).parse(i)
}

/// Whether a name is an `IDENTIFIER` of PDN 3.0: an upper-case letter, then letters,
/// digits and `_`.
pub(crate) fn is_identifier(name: &[u8]) -> bool {
    name.first().is_some_and(u8::is_ascii_uppercase)
        && name.iter().all(|&b| NAME_BYTES[usize::from(b)])
}

/// `STRING`, leniently, as all of `i` (a trimmed value): from its opening quote to its last
/// byte, a quote that closes it unless escaped; without one, to the end (`closed` false).
pub(crate) fn string(i: &[u8]) -> Res<'_, Value<'_>> {
    let (inside, _) = tag(&b"\""[..]).parse(i)?;
    let closing = inside
        .split_last()
        .filter(|(last, before)| **last == b'"' && !ends_in_escape(before));
    let (body, closed) = match closing {
        Some((_, body)) => (body, true),
        None => (inside, false),
    };
    let value = Value {
        written: i,
        body,
        quoted: true,
        closed,
        escaped: true,
    };
    Ok((&[], value))
}

/// An unquoted value: all of `i` (a trimmed value), as written.
fn unquoted(i: &[u8]) -> Res<'_, Value<'_>> {
    let (written, body, quoted, closed) = (i, i, false, true);
    Ok((
        &[],
        Value {
            written,
            body,
            quoted,
            closed,
            escaped: false,
        },
    ))
}

/// Whether `bytes` ends in an odd run of backslashes (which escapes what follows).
fn ends_in_escape(bytes: &[u8]) -> bool {
    let run = bytes.iter().rev().take_while(|&&b| b == b'\\').count();
    run % 2 == 1
}

/// `SETUP`: `/`, a name and a value (as in a tag), `/`; without the closing `/`, to the end
/// of the line. Fails only without the opening `/`.
pub(crate) fn setup(i: &[u8]) -> Res<'_, NamedValue<'_>> {
    let (inside, _) = tag(&b"/"[..]).parse(i)?;
    let (_, line) = take_till(is_break).parse(inside)?;
    let (after, content) = take_till(|b| b == b'/').parse(line)?;
    named_value(i, !after.is_empty(), content)
}

/// `COMMENT`: `{` to the next `}`, across lines (`true`); without one, `{` to the end of its
/// line (`false`). `no_brace_after`: the caller knows that no `}` follows (a `{` before this
/// one found none), so the search is skipped.
pub(crate) fn comment(no_brace_after: bool) -> impl Fn(&[u8]) -> Res<'_, (&[u8], bool)> {
    move |i| {
        let (inside, _) = tag(&b"{"[..]).parse(i)?;
        let close = match no_brace_after {
            true => None,
            false => memchr::memchr(b'}', inside),
        };
        let (len, closed) = match close {
            Some(at) => (at + 2, true),
            None => (1 + line_end(inside, 0), false),
        };
        let (text, rest) = i.split_at_checked(len).unwrap_or((i, &[]));
        Ok((rest, (text, closed)))
    }
}

/// A line comment: `%` or `;` to the end of the line.
pub(crate) fn line_comment(i: &[u8]) -> Res<'_, &[u8]> {
    let start = alt((tag(&b"%"[..]), tag(&b";"[..])));
    recognize(preceded(start, take_till(is_break))).parse(i)
}

/// `i` without the spaces at either end.
fn trim(i: &[u8]) -> &[u8] {
    let start = i.iter().position(|&b| !is_space(b)).unwrap_or(i.len());
    trim_end(i.get(start..).unwrap_or_default())
}

fn trim_end(i: &[u8]) -> &[u8] {
    let kept = i.iter().rposition(|&b| !is_space(b)).map_or(0, |at| at + 1);
    i.get(..kept).unwrap_or_default()
}

/// Reads the tag whose `[` opens `input` into `tag` (whose buffers are reused), with its
/// findings at absolute offsets (`base` is the offset of `input`). Returns whether it has a
/// name (else it is no tag), the index just after it and the length of its name.
pub(crate) fn read_tag(
    input: &[u8],
    base: u64,
    errors: &mut Vec<SyntaxError>,
    tag: &mut Tag,
) -> (bool, usize, usize) {
    let Ok((_, read)) = pdn_tag(input) else {
        return (false, input.len().min(1), 0);
    };
    let (name, value, end) = (read.name, read.value, read.text.len());
    let at = |part: &[u8]| base + input.offset(part) as u64;
    let mut finding = |kind, at, len| errors.push(SyntaxError::new(kind, at, len));
    if !read.closed {
        finding(UnterminatedTag, base, end);
    }
    if name.is_empty() {
        finding(MissingTagName, base, end);
        return (false, end, 0);
    }
    if !is_identifier(name) {
        finding(BadTagName, at(name), name.len());
    }
    match (value.quoted, value.closed) {
        (false, _) => finding(UnquotedTagValue, at(value.written), value.written.len()),
        (true, false) => finding(UnterminatedTagValue, at(value.written), value.written.len()),
        (true, true) => {}
    }
    tag.value.clear();
    // One byte past the limit tells the scanner the value is too long (tag-too-long).
    value.unescape_into(&mut tag.value, MAX_TAG_VALUE_BYTES + 1);
    // Reused tags mostly come with this name already (games repeat their tags in order).
    if tag.name.as_bytes() != name {
        tag.name.clear();
        tag.name.push_str(&String::from_utf8_lossy(name));
    }
    tag.offset = base;
    tag.value_offset = at(value.body);
    (true, end, name.len())
}

/// Reads the setup command whose `/` is at `input[start]`, with its finding at an absolute
/// offset (`base` is the offset of `input`); returns it and the index after it.
pub(crate) fn read_setup(
    input: &[u8],
    start: usize,
    base: u64,
    errors: &mut Vec<SyntaxError>,
) -> (SetupCommand, usize) {
    let from = input.get(start..).unwrap_or_default();
    let Ok((_, read)) = setup(from) else {
        return (SetupCommand::default(), input.len().min(start + 1));
    };
    let offset = base + start as u64;
    if !read.closed {
        errors.push(SyntaxError::new(UnterminatedSetup, offset, read.text.len()));
    }
    let mut value = Vec::new();
    read.value
        .unescape_into(&mut value, MAX_TAG_VALUE_BYTES + 1);
    let command = SetupCommand {
        name: String::from_utf8_lossy(read.name).into_owned(),
        value,
        value_offset: offset + from.offset(read.value.body) as u64,
    };
    (command, start + read.text.len())
}

/// Reads the `{` comment at `input[start]`, with its finding at an absolute offset (`base`
/// is the offset of `input`); returns the index after it and whether a `}` closes it.
/// `no_brace_after` as for [`comment`].
pub(crate) fn read_comment(
    input: &[u8],
    start: usize,
    base: u64,
    no_brace_after: bool,
    errors: &mut Vec<SyntaxError>,
) -> (usize, bool) {
    let from = input.get(start..).unwrap_or_default();
    let unread = (from.get(..1).unwrap_or_default(), false);
    let (text, closed) = comment(no_brace_after)(from).map_or(unread, |(_, read)| read);
    if !closed {
        let offset = base + start as u64;
        errors.push(SyntaxError::new(UnterminatedComment, offset, text.len()));
    }
    (start + text.len(), closed)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Tags and setup commands as the scanner reads them: `tests/it/reading.rs`.

    #[test]
    fn a_value_past_the_limit_is_not_held() {
        let mut errors = Vec::new();
        for body in [
            "x".repeat(MAX_TAG_VALUE_BYTES * 3),
            "\\\"".repeat(MAX_TAG_VALUE_BYTES * 2),
        ] {
            let text = format!("[Event \"{body}\"]\n");
            let mut tag = Tag::default();
            let (named, end, _) = read_tag(text.as_bytes(), 0, &mut errors, &mut tag);
            assert!(named);
            assert_eq!(end, text.len() - 1, "the tag is read to its end");
            assert_eq!(
                tag.value.len(),
                MAX_TAG_VALUE_BYTES + 1,
                "one byte past the limit"
            );
        }
        // Within the limit, unescaped whole.
        let mut tag = Tag::default();
        read_tag(b"[Event \"a\\\"b\"]", 0, &mut errors, &mut tag);
        assert_eq!(tag.value, b"a\"b");
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
                        match x.is_multiple_of(8) {
                            true => alphabet[(x >> 8) as usize % alphabet.len()],
                            false => b'a',
                        }
                    })
                    .collect();
                let expected = value.iter().position(stops);
                assert_eq!(value_stop(&value), expected, "{value:?}");
            }
        }
    }

    #[test]
    fn productions() {
        let (rest, read) = pdn_tag(b"[Round \"2\"]\n1.").unwrap();
        let parts = [
            read.text,
            read.name,
            read.value.written,
            read.value.body,
            rest,
        ];
        assert_eq!(
            parts,
            [&b"[Round \"2\"]"[..], b"Round", b"\"2\"", b"2", b"\n1."]
        );
        let read = identifier(b"  Event \"x\"");
        assert_eq!(read, Ok((&b" \"x\""[..], &b"Event"[..])));
        assert_eq!(identifier(b"\"x\""), Ok((&b"\"x\""[..], &b""[..])));
        for name in ["Event", "A", "White_Elo", "X1"] {
            assert!(is_identifier(name.as_bytes()), "{name}");
        }
        for name in ["", "event", "1A", "Ev-ent", "_A", "Évent"] {
            assert!(!is_identifier(name.as_bytes()), "{name}");
        }
        // A string is all of its input: its body and whether a quote closes it.
        for (text, expected) in [
            ("\"a b\"", Some(("a b", true))),
            ("\"\"", Some(("", true))),
            ("\"", Some(("", false))),
            ("\"a\\\"", Some(("a\\\"", false))),
            ("\"a\\\\\"", Some(("a\\\\", true))),
            ("a", None),
        ] {
            let read = string(text.as_bytes()).ok().map(|(rest, v)| {
                assert!(rest.is_empty());
                (std::str::from_utf8(v.body).unwrap(), v.closed)
            });
            assert_eq!(read, expected, "{text:?}");
        }
        assert_eq!(line_comment(b"% a\nb"), Ok((&b"\nb"[..], &b"% a"[..])));
        assert_eq!(line_comment(b";x"), Ok((&b""[..], &b";x"[..])));
        assert!(line_comment(b"a").is_err());
    }

    #[test]
    fn comments() {
        // `read_comment` at index 1 of `text` read at offset 50: the end, whether a `}` closes
        // it and its findings.
        for (text, no_brace_after, expected) in [
            (" {a\nb} c", false, "e6 closed"),
            (" {}", false, "e3 closed"),
            (" {a b\r\nc", false, "e5 open UnterminatedComment@51+4"),
            (" {", false, "e2 open UnterminatedComment@51+1"),
            // Told that no `}` follows, it does not look for one.
            (" {a\nb} c", true, "e3 open UnterminatedComment@51+2"),
        ] {
            let mut errors = Vec::new();
            let (end, closed) = read_comment(text.as_bytes(), 1, 50, no_brace_after, &mut errors);
            let mut read = format!("e{end} {}", if closed { "closed" } else { "open" });
            for e in errors {
                read += &format!(" {:?}@{}+{}", e.kind, e.offset, e.len);
            }
            assert_eq!(read, expected, "{text:?}");
        }
        let read = comment(false)(b"{x} y");
        assert_eq!(read, Ok((&b" y"[..], (&b"{x}"[..], true))));
    }
}
