//! Text from an archive or a file name made safe for HTML and XML (SVG): the markup
//! characters become entities, and characters that XML 1.0 forbids or that a page would not
//! show (control characters other than tab and line feed, noncharacters) become visible
//! `\u{..}` text, so that every page and picture stays well formed and shows what is there.

use std::borrow::Cow;

/// Whether `c` is shown as `\u{..}` text rather than copied.
fn hidden(c: char) -> bool {
    match c {
        '\t' | '\n' => false,
        c if c.is_control() => true, // C0 (CR included), DEL and C1
        '\u{FDD0}'..='\u{FDEF}' => true,
        c => (c as u32) & 0xFFFE == 0xFFFE, // U+FFFE, U+FFFF and their like in every plane
    }
}

fn needs_escape(c: char) -> bool {
    matches!(c, '&' | '<' | '>' | '"' | '\'') || hidden(c)
}

/// Appends `text` to `out`, escaped for element content and quoted attribute values alike.
pub fn push_escaped(out: &mut String, text: &str) {
    let mut rest = text;
    while let Some(at) = rest.find(needs_escape) {
        out.push_str(&rest[..at]);
        let c = rest[at..].chars().next().expect("found a character");
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => {
                use std::fmt::Write;
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
        }
        rest = &rest[at + c.len_utf8()..];
    }
    out.push_str(rest);
}

/// `text` escaped as [`push_escaped`] does (borrowed when nothing needs escaping).
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.contains(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    push_escaped(&mut out, text);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_becomes_entities() {
        assert_eq!(
            escape("<script>alert('x' & \"y\")</script>"),
            "&lt;script&gt;alert(&#39;x&#39; &amp; &quot;y&quot;)&lt;/script&gt;"
        );
        assert!(matches!(escape("Иванов - Petrov"), Cow::Borrowed(_)));
    }

    #[test]
    fn characters_xml_forbids_are_shown_as_text() {
        assert_eq!(escape("a\u{1b}[31mb\r\n\t"), "a\\u{1b}[31mb\\u{d}\n\t");
        assert_eq!(escape("\u{0}\u{85}\u{7f}"), "\\u{0}\\u{85}\\u{7f}");
        assert_eq!(
            escape("\u{fffe}\u{1ffff}\u{fdd0}"),
            "\\u{fffe}\\u{1ffff}\\u{fdd0}"
        );
        assert_eq!(escape("\u{fffd}é"), "\u{fffd}é");
    }
}
