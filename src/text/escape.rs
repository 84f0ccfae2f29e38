//! Untrusted text made safe for where it is printed. Tag values, moves as written, file names:
//! whatever comes from an archive or a file system may hold control characters (a line break
//! that forges an output line or a GitHub `::error` command, an ESC sequence for the terminal,
//! a byte XML forbids) or bytes that are not UTF-8. Every printer passes such text through one
//! of these functions:
//!
//! - [`text`]: a terminal or a log line (human output, GitHub annotations, `show`, stderr);
//! - `xml` (crate-private): an SVG or HTML file;
//! - `write_json`, `push_json_string` (crate-private): JSON, with the characters JSON allows
//!   raw but a terminal would act on escaped too;
//! - `file_name` (crate-private): a path as pdnkit names a file everywhere (bytes that are not UTF-8 as `\xNN`).
//!
//! Escapes are written as Rust writes them (`\n`, `\r`, `\t`, `\u{1b}`): visible, one line,
//! and plain ASCII.

use serde::Serialize;
use std::borrow::Cow;
use std::fmt::Write as _;
use std::io;
use std::path::Path;

/// Whether `c` must not reach an output raw: control characters (C0, DEL, C1), the line and
/// paragraph separators, and the bidirectional controls that reorder what a reader sees.
pub(crate) fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{200e}' | '\u{200f}')
        || ('\u{202a}'..='\u{202e}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

/// Whether a UTF-8 text may hold an unsafe character: a byte below 0x20, DEL, or the first
/// byte of the two-byte (C1) and three-byte (U+20xx) sequences that [`is_unsafe`] covers.
pub(crate) fn may_be_unsafe(s: &str) -> bool {
    s.bytes()
        .any(|b| b < 0x20 || b == 0x7f || b == 0xc2 || b == 0xe2)
}

/// Appends the visible escape of `c`.
fn push_escape(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c => {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        }
    }
}

/// `s` with every unsafe character escaped (`a\nb` for a line break, `\u{1b}` for ESC): safe on
/// a terminal and on one line of a log. Borrowed when nothing needs escaping.
pub fn text(s: &str) -> Cow<'_, str> {
    if !may_be_unsafe(s) || !s.chars().any(is_unsafe) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if is_unsafe(c) {
            push_escape(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Whether `c` is a Unicode noncharacter (U+FDD0..U+FDEF, and the last two code points of
/// every plane): XML 1.0 forbids U+FFFE and U+FFFF, HTML calls them all parse errors.
fn is_noncharacter(c: char) -> bool {
    ('\u{fdd0}'..='\u{fdef}').contains(&c) || u32::from(c) & 0xfffe == 0xfffe
}

/// `s` for XML (and HTML) content and attribute values: [`text`], then `& < > " '` as
/// entities. Control characters cannot be written in XML 1.0 at all, not even as character
/// references, so they stay visible escapes, as do noncharacters.
pub(crate) fn xml(s: &str) -> Cow<'_, str> {
    let s = text(s);
    if !s.contains(['&', '<', '>', '"', '\'']) && !s.chars().any(is_noncharacter) {
        return s;
    }
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if is_noncharacter(c) => push_escape(&mut out, c),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The name pdnkit gives a file in every output: the path as given when it is UTF-8;
/// otherwise its UTF-8 parts as they are and every other byte as `\xNN`, so that two
/// different names never print the same. Printers still pass it through [`text`] (a name may
/// hold a line break); JSON holds it as is.
pub(crate) fn file_name(path: &Path) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let bytes = path.as_os_str().as_bytes();
        if let Ok(s) = std::str::from_utf8(bytes) {
            return s.to_string();
        }
        let mut out = String::with_capacity(bytes.len() + 8);
        for chunk in bytes.utf8_chunks() {
            out.push_str(chunk.valid());
            for b in chunk.invalid() {
                let _ = write!(out, "\\x{b:02x}");
            }
        }
        out
    }
    #[cfg(not(unix))]
    {
        path.to_string_lossy().into_owned()
    }
}

/// A JSON formatter that also escapes what JSON allows raw but a terminal or a log viewer
/// would act on (DEL, C1 controls, the separators and bidirectional controls of
/// [`is_unsafe`]) as `\uXXXX`. JSON's own escaping covers the rest.
struct SafeFormatter<F> {
    inner: F,
}

impl<F: serde_json::ser::Formatter> serde_json::ser::Formatter for SafeFormatter<F> {
    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        if !may_be_unsafe(fragment) {
            return writer.write_all(fragment.as_bytes());
        }
        let mut start = 0;
        for (at, c) in fragment.char_indices() {
            if is_unsafe(c) {
                writer.write_all(&fragment.as_bytes()[start..at])?;
                // Every character of is_unsafe is in the Basic Multilingual Plane.
                write!(writer, "\\u{:04x}", u32::from(c))?;
                start = at + c.len_utf8();
            }
        }
        writer.write_all(&fragment.as_bytes()[start..])
    }

    // The rest as the inner formatter writes it (compact or pretty).
    fn begin_array<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.inner.begin_array(w)
    }
    fn end_array<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.inner.end_array(w)
    }
    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.inner.begin_array_value(w, first)
    }
    fn end_array_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.inner.end_array_value(w)
    }
    fn begin_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.inner.begin_object(w)
    }
    fn end_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.inner.end_object(w)
    }
    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.inner.begin_object_key(w, first)
    }
    fn begin_object_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.inner.begin_object_value(w)
    }
    fn end_object_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.inner.end_object_value(w)
    }
}

/// Writes `value` as JSON on one line (no line break after it), escaped as `SafeFormatter`
/// says.
pub(crate) fn write_json<W: io::Write, T: Serialize + ?Sized>(out: W, value: &T) -> io::Result<()> {
    let formatter = SafeFormatter {
        inner: serde_json::ser::CompactFormatter,
    };
    let mut serializer = serde_json::Serializer::with_formatter(out, formatter);
    value.serialize(&mut serializer).map_err(io::Error::from)
}

/// [`write_json`], indented.
pub(crate) fn write_json_pretty<W: io::Write, T: Serialize + ?Sized>(
    out: W,
    value: &T,
) -> io::Result<()> {
    let formatter = SafeFormatter {
        inner: serde_json::ser::PrettyFormatter::new(),
    };
    let mut serializer = serde_json::Serializer::with_formatter(out, formatter);
    value.serialize(&mut serializer).map_err(io::Error::from)
}

/// Bytes that [`push_json_string`] looks at: what JSON escapes (`"`, `\\`, C0 controls), DEL,
/// and the first bytes of the sequences [`may_be_unsafe`] names.
const JSON_LOOK: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = true;
        b += 1;
    }
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table[0x7f] = true;
    table[0xc2] = true;
    table[0xe2] = true;
    table
};

/// Whether `s` goes into a JSON string as it is: [`push_json_string`] would escape nothing
/// in it.
pub(crate) fn json_plain(s: &[u8]) -> bool {
    let at = plain_ascii(s);
    !s[at..].iter().any(|&b| JSON_LOOK[usize::from(b)])
}

/// Bytes at the start of `bytes` that [`push_json_string`] does not look at, counted eight at
/// a time (plain printable ASCII; a few more may follow): most text is passed over so, in a
/// test per eight bytes rather than one per byte.
#[inline(always)]
fn plain_ascii(bytes: &[u8]) -> usize {
    let mut at = 0;
    while let Some(eight) = bytes.get(at..at + 8) {
        // (Eight bytes: the default, zeros, is not plain.)
        if !plain_eight(u64::from_le_bytes(eight.try_into().unwrap_or_default())) {
            break;
        }
        at += 8;
    }
    at
}

/// Whether none of the eight bytes of `x` is one [`JSON_LOOK`] names, nor any other from
/// 0x80 on (every byte of a character beyond ASCII is looked at then).
#[inline(always)]
fn plain_eight(x: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Whether a byte is below `n` (`n` at most 0x80), and whether a byte is zero.
    let below = |x: u64, n: u64| x.wrapping_sub(ONES * n) & !x & HIGH;
    let zero = |v: u64| below(v, 1);
    let hits = below(x, 0x20)
        | zero(x ^ (ONES * u64::from(b'"')))
        | zero(x ^ (ONES * u64::from(b'\\')))
        | zero(x ^ (ONES * 0x7f))
        | (x & HIGH);
    hits == 0
}

/// Appends `s` as a JSON string, quoted, to `out`, in one pass over its bytes: exactly the
/// text [`write_json`] writes for it (JSON's escapes, `\uXXXX` for the other unsafe
/// characters), without a serializer.
pub(crate) fn push_json_string(out: &mut Vec<u8>, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let bytes = s.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    let mut start = 0;
    let mut at = plain_ascii(bytes);
    while at < bytes.len() {
        let b = bytes[at];
        if !JSON_LOOK[usize::from(b)] {
            at += 1;
            continue;
        }
        // Only ASCII, 0xc2 and 0xe2 get here: each starts a character of `s`.
        let c = s[at..].chars().next().unwrap_or_default();
        let short: &[u8] = match c {
            '"' => b"\\\"",
            '\\' => b"\\\\",
            '\u{8}' => b"\\b",
            '\u{c}' => b"\\f",
            '\n' => b"\\n",
            '\r' => b"\\r",
            '\t' => b"\\t",
            c if c < ' ' || is_unsafe(c) => b"",
            _ => {
                at += c.len_utf8();
                continue;
            }
        };
        out.extend_from_slice(&bytes[start..at]);
        if short.is_empty() {
            // Every character of is_unsafe is in the Basic Multilingual Plane.
            let code = u32::from(c);
            out.extend_from_slice(b"\\u");
            for shift in [12, 8, 4, 0] {
                out.push(HEX[(code >> shift & 0xf) as usize]);
            }
        } else {
            out.extend_from_slice(short);
        }
        at += c.len_utf8();
        start = at;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

/// [`write_json`] into a string (the tests' way to compare with [`push_json_string`]).
#[cfg(test)]
fn json_string<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = Vec::new();
    // Writing into memory fails only if serializing does, which our types never do.
    let _ = write_json(&mut out, value);
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_become_visible_escapes() {
        assert_eq!(text("plain é ☃"), "plain é ☃");
        assert!(matches!(text("plain"), Cow::Borrowed(_)));
        assert_eq!(text("a\nb\r\tc"), "a\\nb\\r\\tc");
        assert_eq!(text("\u{1b}[31mred"), "\\u{1b}[31mred");
        assert_eq!(text("del\u{7f} c1\u{9b}"), "del\\u{7f} c1\\u{9b}");
        assert_eq!(text("rtl\u{202e}x\u{2028}"), "rtl\\u{202e}x\\u{2028}");
        // Characters sharing a first byte with unsafe ones stay as they are.
        assert_eq!(text("£ ¿ € ™"), "£ ¿ € ™");
    }

    #[test]
    fn xml_has_no_markup_and_no_control_characters() {
        assert_eq!(
            xml("a<b & 'c' \"d\">"),
            "a&lt;b &amp; &apos;c&apos; &quot;d&quot;&gt;"
        );
        assert_eq!(xml("x\u{1}y"), "x\\u{1}y");
        // Noncharacters, which XML forbids, become visible escapes too.
        assert_eq!(
            xml("\u{fffe}\u{1ffff}\u{fdd0}é"),
            "\\u{fffe}\\u{1ffff}\\u{fdd0}é"
        );
    }

    #[test]
    fn push_json_string_writes_what_the_serializer_writes() {
        let mut every: Vec<String> = (0..=0x2100u32)
            .chain(0xfdd0..=0xfdef)
            .chain([0xfffe, 0xffff, 0x1f600, 0x10ffff])
            .filter_map(char::from_u32)
            .map(|c| format!("a{c}b"))
            .collect();
        // Past eight bytes (looked at eight at a time), the character at every place.
        for c in [
            '"', '\\', '\n', '\u{1f}', '\u{7f}', '\u{85}', '\u{2028}', 'é', ' ', '~',
        ] {
            for at in 0..20 {
                every.push(format!("{}{c}{}", "x".repeat(at), "y".repeat(20 - at)));
            }
        }
        every.extend(
            [
                "",
                "\"\\",
                "plain",
                "é\u{85}\u{2028}x\u{202e}\u{2066}\u{1b}",
            ]
            .map(String::from),
        );
        for s in &every {
            let mut pushed = Vec::new();
            push_json_string(&mut pushed, s);
            assert_eq!(String::from_utf8(pushed).unwrap(), json_string(s), "{s:?}");
        }
    }

    #[test]
    fn json_escapes_what_a_terminal_would_act_on() {
        let s = json_string(&["a\nb\u{1b}c\u{7f}d\u{85}e\u{202e}f", "é"]);
        assert_eq!(s, r#"["a\nb\u001bc\u007fd\u0085e\u202ef","é"]"#);
        let value: Vec<String> = serde_json::from_str(&s).unwrap();
        assert_eq!(value[0], "a\nb\u{1b}c\u{7f}d\u{85}e\u{202e}f");
        let mut pretty = Vec::new();
        write_json_pretty(&mut pretty, &serde_json::json!({"k": "\u{9b}"})).unwrap();
        assert_eq!(
            String::from_utf8(pretty).unwrap(),
            "{\n  \"k\": \"\\u009b\"\n}"
        );
    }

    #[cfg(unix)]
    #[test]
    fn file_names_that_are_not_utf8_stay_distinct() {
        use std::ffi::OsStr;
        use std::os::unix::ffi::OsStrExt;
        let name = |bytes: &[u8]| file_name(Path::new(OsStr::from_bytes(bytes)));
        assert_eq!(name(b"dir/a.pdn"), "dir/a.pdn");
        assert_eq!(name(b"a\xff.pdn"), "a\\xff.pdn");
        assert_eq!(name(b"a\xfe.pdn"), "a\\xfe.pdn");
        assert_eq!(name("д\n".as_bytes()), "д\n");
        assert_eq!(name(b"\xd0"), "\\xd0");
    }
}
