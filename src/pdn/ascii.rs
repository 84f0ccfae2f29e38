//! Byte classes shared by the scanner and the grammar, so that both agree on where every
//! construct (word, tag, comment) ends.

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_and_line_ends() {
        assert_eq!(word_end(b"c3-d4{x}", 0), 5);
        assert_eq!(word_end(b"c3-d4", 0), 5);
        assert_eq!(word_end(b"ab", 7), 2);
        assert_eq!(line_end(b"ab\r\ncd", 0), 2);
        assert_eq!(line_end(b"ab", 1), 2);
    }
}
