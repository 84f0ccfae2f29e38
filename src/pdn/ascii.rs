//! Byte classes shared by the scanner and the grammar, so that both agree on where every
//! construct (word, tag, comment) ends, and line-break counting shared by the scanner and the
//! locator.

/// Whitespace: space, every ASCII control byte (tab, line breaks, NUL, Ctrl-Z ...) and DEL.
pub(crate) const fn is_space(b: u8) -> bool {
    b <= b' ' || b == 0x7f
}

/// `\n` or `\r`: ends tags, line comments and setup commands.
pub(crate) const fn is_break(b: u8) -> bool {
    b == b'\n' || b == b'\r'
}

/// The bytes before which a word (move, move number, result, NAG, junk) ends: whitespace and
/// the delimiters, which end a word even when glued to it.
pub(crate) const WORD_ENDS: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let delimiter = matches!(b as u8, b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';');
        table[b] = is_space(b as u8) || delimiter;
        b += 1;
    }
    table
};

/// Index of the first byte at or after `from` that ends a word (or `bytes.len()`).
pub(crate) fn word_end(bytes: &[u8], from: usize) -> usize {
    let rest = bytes.get(from..).unwrap_or_default();
    match rest.iter().position(|&b| WORD_ENDS[usize::from(b)]) {
        Some(i) => from + i,
        None => bytes.len(),
    }
}

/// Index of the first line break at or after `from` (or `bytes.len()`).
pub(crate) fn line_end(bytes: &[u8], from: usize) -> usize {
    bytes
        .get(from..)
        .and_then(|rest| memchr::memchr2(b'\n', b'\r', rest))
        .map_or(bytes.len(), |i| from + i)
}

/// Counts line breaks (`\n`, `\r\n` and a lone `\r` each count once) in a stream fed in
/// pieces; a `\r\n` split between two pieces still counts once.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct BreakCounter {
    pub breaks: u64,
    prev_cr: bool,
}

impl BreakCounter {
    pub(crate) fn feed(&mut self, bytes: &[u8]) {
        if memchr::memchr(b'\r', bytes).is_none() {
            // LF only (the common case): count them all at once.
            let lf = memchr::memchr_iter(b'\n', bytes).count() as u64; // counted by SIMD
            let after_cr = self.prev_cr && bytes.first() == Some(&b'\n');
            self.breaks += lf - u64::from(after_cr);
            if let Some(&last) = bytes.last() {
                self.prev_cr = last == b'\r';
            }
            return;
        }
        for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
            if bytes.get(i) == Some(&b'\r') {
                self.breaks += 1;
            } else {
                let after_cr = match i.checked_sub(1) {
                    Some(p) => bytes.get(p) == Some(&b'\r'),
                    None => self.prev_cr,
                };
                if !after_cr {
                    self.breaks += 1;
                }
            }
        }
        if let Some(&last) = bytes.last() {
            self.prev_cr = last == b'\r';
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(pieces: &[&[u8]]) -> u64 {
        let mut c = BreakCounter::default();
        for p in pieces {
            c.feed(p);
        }
        c.breaks
    }

    #[test]
    fn breaks_of_every_style_count_once() {
        assert_eq!(count(&[b"a\nb\r\nc\rd"]), 3);
        assert_eq!(count(&[b"a\r", b"\nb"]), 1);
        assert_eq!(count(&[b"\r\r\n\n"]), 3);
        assert_eq!(count(&[b""]), 0);
    }

    #[test]
    fn word_and_line_ends() {
        assert_eq!(word_end(b"c3-d4{x}", 0), 5);
        assert_eq!(word_end(b"c3-d4", 0), 5);
        assert_eq!(word_end(b"ab", 7), 2);
        assert_eq!(line_end(b"ab\r\ncd", 0), 2);
        assert_eq!(line_end(b"ab", 1), 2);
    }
}
