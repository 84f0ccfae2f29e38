//! Text encodings of PDN files: UTF-8 (with or without byte order mark) and the single-byte
//! code pages of older archives, Windows-1251, CP866 and Latin-1 (read as Windows-1252, its
//! superset). [`detect`] chooses one for a sample of a file; [`decode`] turns bytes (a tag
//! value, a comment) into text. A guess is reported, never fatal.
//!
//! Detection: valid UTF-8 is UTF-8 (a sample cut inside a character still counts as valid
//! when it holds other non-ASCII characters), unless it decodes to characters no real text
//! holds (C1 controls, private use, unassigned planes), which single-byte text can form.
//! Otherwise each code page is scored on the non-ASCII bytes: Cyrillic letters weighted by
//! how common they are in Russian, penalties for box-drawing and other symbols, for Cyrillic
//! letters glued to Latin ones and for capitals inside words; Latin-1 scores accented
//! letters inside Latin words and loses on long runs of accented letters (which are
//! Cyrillic words in another code page). The best score wins; ties go to Windows-1251.

use encoding_rs::{Encoding, IBM866, UTF_8, WINDOWS_1251, WINDOWS_1252};
use std::borrow::Cow;
use std::fmt;
use std::io::{self, Read};
use std::sync::OnceLock;

/// A text encoding of a PDN file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextEncoding {
    /// UTF-8, with or without byte order mark.
    Utf8,
    /// Windows-1251 (Cyrillic).
    Windows1251,
    /// CP866 (DOS Cyrillic).
    Cp866,
    /// ISO-8859-1 (decoded as Windows-1252, its superset).
    Latin1,
}

impl TextEncoding {
    /// Every encoding.
    pub const ALL: [TextEncoding; 4] = [
        TextEncoding::Utf8,
        TextEncoding::Windows1251,
        TextEncoding::Cp866,
        TextEncoding::Latin1,
    ];

    /// Reads a name as given on the command line: `utf-8`, `windows-1251`, `cp866`,
    /// `latin1` and common aliases (`utf8`, `cp1251`, `win1251`, `ibm866`, `866`,
    /// `iso-8859-1`, `latin-1`, `cp1252`, ...), in any case.
    pub fn parse_name(name: &str) -> Option<TextEncoding> {
        let key: String = name
            .chars()
            .filter(|c| !matches!(c, '-' | '_' | ' '))
            .flat_map(char::to_lowercase)
            .collect();
        Some(match key.as_str() {
            "utf8" | "unicode11utf8" => TextEncoding::Utf8,
            "windows1251" | "cp1251" | "win1251" | "1251" | "xcp1251" | "ansicyrillic" => {
                TextEncoding::Windows1251
            }
            "cp866" | "ibm866" | "866" | "dos866" | "csibm866" | "oem866" => TextEncoding::Cp866,
            "latin1" | "l1" | "iso88591" | "iso885915" | "windows1252" | "cp1252" | "1252" => {
                TextEncoding::Latin1
            }
            _ => return None,
        })
    }

    /// Reads a choice as the command line and `pdnkit.toml` give it: `auto` (None: detect
    /// it) or a name [`TextEncoding::parse_name`] reads.
    pub fn parse_choice(name: &str) -> Result<Option<TextEncoding>, String> {
        if name.eq_ignore_ascii_case("auto") {
            return Ok(None);
        }
        TextEncoding::parse_name(name).map(Some).ok_or_else(|| {
            format!("unknown encoding \"{name}\"; use auto, utf-8, windows-1251, cp866 or latin1")
        })
    }

    /// The canonical name, as accepted by [`TextEncoding::parse_name`].
    pub const fn name(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "utf-8",
            TextEncoding::Windows1251 => "windows-1251",
            TextEncoding::Cp866 => "cp866",
            TextEncoding::Latin1 => "latin1",
        }
    }

    /// The `encoding_rs` encoding used to decode it.
    pub fn encoding(self) -> &'static Encoding {
        match self {
            TextEncoding::Utf8 => UTF_8,
            TextEncoding::Windows1251 => WINDOWS_1251,
            TextEncoding::Cp866 => IBM866,
            TextEncoding::Latin1 => WINDOWS_1252,
        }
    }
}

impl fmt::Display for TextEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Decodes `bytes`; invalid sequences become U+FFFD. A BOM is not stripped.
pub fn decode(bytes: &[u8], encoding: TextEncoding) -> Cow<'_, str> {
    decode_checked(bytes, encoding).0
}

/// Decodes `bytes` and tells whether anything had to be replaced.
pub fn decode_checked(bytes: &[u8], encoding: TextEncoding) -> (Cow<'_, str>, bool) {
    encoding.encoding().decode_without_bom_handling(bytes)
}

/// The outcome of [`detect`].
#[derive(Clone, Debug, PartialEq)]
pub struct Detection {
    /// The encoding chosen.
    pub encoding: TextEncoding,
    /// The encoding was chosen by the heuristic (the sample is not valid UTF-8).
    pub guessed: bool,
    /// Why, in words, for messages.
    pub reason: String,
}

/// Bytes of a stream that its encoding is chosen on: the first 64 KiB, or the whole stream
/// when it is shorter.
pub const SAMPLE: usize = 64 * 1024;

/// A stream whose first bytes were read to choose its encoding: those bytes, then the rest.
pub type Sampled<R> = io::Chain<io::Cursor<Vec<u8>>, R>;

/// Chooses the encoding of a stream (or takes the `forced` one): on its first [`SAMPLE`]
/// bytes, read until that many or the end of the stream however the bytes arrive (a pipe may
/// hand them out a few at a time), so the same bytes give the same choice by path, by pipe
/// and with any number of threads. Returns the choice and the whole stream, to be read from
/// its start.
pub fn choose_encoding<R: Read>(
    mut input: R,
    forced: Option<TextEncoding>,
) -> io::Result<(Detection, Sampled<R>)> {
    if let Some(encoding) = forced {
        let detection = Detection {
            encoding,
            guessed: false,
            reason: "chosen with --encoding".to_string(),
        };
        return Ok((detection, io::Cursor::new(Vec::new()).chain(input)));
    }
    let mut sample = Vec::with_capacity(SAMPLE);
    (&mut input).take(SAMPLE as u64).read_to_end(&mut sample)?;
    // A full sample may end inside a character: cut at its last line break so that the part
    // is not held against UTF-8.
    let cut = if sample.len() == SAMPLE {
        memchr::memrchr(b'\n', &sample).map_or(sample.len(), |i| i + 1)
    } else {
        sample.len()
    };
    let detection = detect(&sample[..cut]);
    Ok((detection, io::Cursor::new(sample).chain(input)))
}

/// Chooses the encoding of a sample of a file (its start, or all of it).
pub fn detect(sample: &[u8]) -> Detection {
    let sure = |reason: &str| Detection {
        encoding: TextEncoding::Utf8,
        guessed: false,
        reason: reason.to_string(),
    };
    if sample.starts_with(b"\xEF\xBB\xBF") {
        return sure("UTF-8 byte order mark");
    }
    // A sample cut inside a character is UTF-8 if it has other non-ASCII characters.
    let text = match std::str::from_utf8(sample) {
        Ok(text) => Some(text),
        Err(e) if e.error_len().is_none() => sample
            .get(..e.valid_up_to())
            .and_then(|valid| std::str::from_utf8(valid).ok())
            .filter(|valid| !valid.is_ascii()),
        Err(_) => None,
    };
    if let Some(text) = text {
        if text.is_ascii() {
            return sure("ASCII only");
        }
        if text.chars().all(plausible_in_utf8) {
            return sure("valid UTF-8");
        }
    }
    let candidates = [
        TextEncoding::Windows1251,
        TextEncoding::Cp866,
        TextEncoding::Latin1,
    ];
    let scores = candidates.map(|enc| score(sample, enc));
    let mut best = 0;
    for (i, s) in scores.iter().enumerate() {
        if *s > scores.get(best).copied().unwrap_or(f64::MIN) {
            best = i;
        }
    }
    let encoding = candidates
        .get(best)
        .copied()
        .unwrap_or(TextEncoding::Windows1251);
    let [s1251, s866, slatin] = scores;
    Detection {
        encoding,
        guessed: true,
        reason: format!(
            "not valid UTF-8; non-ASCII text reads best as {encoding} \
             (scores: windows-1251 {s1251:.2}, cp866 {s866:.2}, latin1 {slatin:.2})"
        ),
    }
}

/// Characters that real UTF-8 text does not contain but that single-byte text can form
/// by chance: C1 controls, private use, and the unassigned planes 4 to 16.
fn plausible_in_utf8(c: char) -> bool {
    !matches!(u32::from(c), 0x80..=0x9F | 0xE000..=0xF8FF | 0x40000..)
}

/// What a byte is, in one code page.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Class {
    AsciiLetter,
    AsciiOther,
    /// A Russian letter; the weight is its log-frequency, positive for common letters.
    Russian {
        upper: bool,
        weight: f64,
    },
    /// A Cyrillic letter not used in Russian.
    OtherCyrillic,
    /// A Latin letter with a diacritic (or other non-ASCII Latin letter).
    Latin,
    /// Typographic punctuation found in any text: quotes, dashes, `№`, `°`, no-break space.
    Neutral,
    /// `½`
    Half,
    /// Box drawing, symbols, control characters: unlikely in text.
    Junk,
}

/// Frequency (per cent) of a lower-case Russian letter.
fn russian_frequency(c: char) -> Option<f64> {
    Some(match c {
        'о' => 10.97,
        'е' => 8.45,
        'а' => 8.01,
        'и' => 7.35,
        'н' => 6.70,
        'т' => 6.26,
        'с' => 5.47,
        'р' => 4.73,
        'в' => 4.54,
        'л' => 4.40,
        'к' => 3.49,
        'м' => 3.21,
        'д' => 2.98,
        'п' => 2.81,
        'у' => 2.62,
        'я' => 2.01,
        'ы' => 1.90,
        'ь' => 1.74,
        'г' => 1.70,
        'з' => 1.65,
        'б' => 1.59,
        'ч' => 1.44,
        'й' => 1.21,
        'х' => 0.97,
        'ж' => 0.94,
        'ш' => 0.73,
        'ю' => 0.64,
        'ц' => 0.48,
        'щ' => 0.36,
        'э' => 0.32,
        'ф' => 0.26,
        'ъ' => 0.04,
        // Often written as `е`, but common in names.
        'ё' => 0.5,
        _ => return None,
    })
}

fn classify(c: char) -> Class {
    let lower = c.to_lowercase().next().unwrap_or(c);
    if let Some(freq) = russian_frequency(lower) {
        // Log-likelihood against a uniform 33-letter alphabet (about 3 % each).
        return Class::Russian {
            upper: lower != c,
            weight: (freq / 3.0).ln(),
        };
    }
    if ('\u{0400}'..='\u{04FF}').contains(&c) {
        return Class::OtherCyrillic;
    }
    if c == '½' {
        return Class::Half;
    }
    if matches!(
        c,
        '\u{A0}'
            | '\u{AD}'
            | '«'
            | '»'
            | '‘'
            | '’'
            | '‚'
            | '“'
            | '”'
            | '„'
            | '–'
            | '—'
            | '…'
            | '№'
            | '°'
            | '·'
            | '•'
    ) {
        return Class::Neutral;
    }
    if c.is_alphabetic() {
        return Class::Latin;
    }
    Class::Junk
}

/// Classes of the bytes 0x80..=0xFF in each single-byte code page.
fn table(encoding: TextEncoding) -> &'static [Class; 128] {
    static TABLES: OnceLock<[[Class; 128]; 3]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        [
            TextEncoding::Windows1251,
            TextEncoding::Cp866,
            TextEncoding::Latin1,
        ]
        .map(|enc| {
            let high: Vec<u8> = (0x80..=0xFFu8).collect();
            let (text, _) = enc.encoding().decode_without_bom_handling(&high);
            let mut classes = [Class::Junk; 128];
            for (slot, c) in classes.iter_mut().zip(text.chars()) {
                *slot = classify(c);
            }
            classes
        })
    });
    let index = match encoding {
        TextEncoding::Cp866 => 1,
        TextEncoding::Latin1 => 2,
        TextEncoding::Windows1251 | TextEncoding::Utf8 => 0,
    };
    tables.get(index).unwrap_or(&tables[0])
}

fn class_of(b: u8, table: &[Class; 128]) -> Class {
    if b.is_ascii_alphabetic() {
        Class::AsciiLetter
    } else if b.is_ascii() {
        Class::AsciiOther
    } else {
        table
            .get(usize::from(b - 0x80))
            .copied()
            .unwrap_or(Class::Junk)
    }
}

/// Index of the first byte at or after `from` that is not ASCII (8 bytes tested at a time).
fn next_non_ascii(sample: &[u8], from: usize) -> Option<usize> {
    let rest = sample.get(from..)?;
    let mut chunks = rest.chunks_exact(8);
    let mut skipped = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().ok()?);
        if word & 0x8080_8080_8080_8080 != 0 {
            break;
        }
        skipped += 8;
    }
    let tail = rest.get(skipped..)?;
    tail.iter()
        .position(|b| !b.is_ascii())
        .map(|k| from + skipped + k)
}

/// Average plausibility per non-ASCII byte of `sample` read in a single-byte `encoding`.
fn score(sample: &[u8], encoding: TextEncoding) -> f64 {
    let table = table(encoding);
    let latin = encoding == TextEncoding::Latin1;
    let class = |i: usize| sample.get(i).map(|&b| class_of(b, table));
    let is_letter = |c: Option<Class>| {
        matches!(
            c,
            Some(Class::Russian { .. } | Class::OtherCyrillic | Class::Latin)
        )
    };
    let mut total = 0.0;
    let mut count = 0u32;
    let mut run = 0usize; // consecutive non-ASCII letters so far
    let mut from = 0;
    // ASCII bytes score nothing and end a run of letters: most bytes are skipped unread.
    while let Some(i) = next_non_ascii(sample, from) {
        if i > from {
            run = 0;
        }
        from = i + 1;
        let here = class(i);
        let prev = i.checked_sub(1).and_then(class);
        let next = class(i + 1);
        run = if is_letter(here) { run + 1 } else { 0 };
        let Some(here) = here else { continue };
        let glued_to_ascii = prev == Some(Class::AsciiLetter) || next == Some(Class::AsciiLetter);
        let points = match here {
            Class::AsciiLetter | Class::AsciiOther => continue,
            Class::Russian { upper, weight } => {
                let capital_inside_word =
                    upper && matches!(prev, Some(Class::Russian { upper: false, .. }));
                if glued_to_ascii {
                    -4.0
                } else if capital_inside_word {
                    weight - 3.0
                } else {
                    weight
                }
            }
            Class::OtherCyrillic => -1.5,
            Class::Latin if latin => {
                let mut run_len = run;
                let mut j = i + 1;
                while is_letter(class(j)) {
                    run_len += 1;
                    j += 1;
                }
                match (run_len >= 3, glued_to_ascii) {
                    (true, _) => -2.0,
                    (false, true) => 2.0,
                    (false, false) => 0.5,
                }
            }
            Class::Latin => -2.0,
            Class::Neutral => -1.0,
            Class::Half => {
                if latin {
                    1.0
                } else {
                    -1.0
                }
            }
            Class::Junk => -3.0,
        };
        total += points;
        count += 1;
    }
    if count == 0 {
        0.0
    } else {
        total / f64::from(count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RUSSIAN: [&str; 13] = [
        "Щука",
        "Ухта",
        "ёлка",
        "Подъезд",
        "объявление",
        "ЮЖНЫЙ",
        "[Event \"Чемпионат СССР\"] [White \"Гантварг А.\"] [Black \"Ivanov\"]",
        "Иванов",
        "Турнир",
        "Москва",
        "МОСКВА",
        "[White \"Петров А.И.\"]\n[Event \"Первенство России по шашкам\"]",
        "{Белые выигрывают} 1. c3-d4 f6-g5 1-0",
    ];

    fn encode(text: &str, encoding: TextEncoding) -> Vec<u8> {
        let (bytes, _, unmappable) = encoding.encoding().encode(text);
        assert!(!unmappable, "{text} in {encoding}");
        bytes.into_owned()
    }

    #[test]
    fn names_and_aliases() {
        for enc in TextEncoding::ALL {
            assert_eq!(TextEncoding::parse_name(enc.name()), Some(enc));
            assert_eq!(TextEncoding::parse_choice(enc.name()), Ok(Some(enc)));
            assert_eq!(enc.to_string(), enc.name());
        }
        for (name, enc) in [
            ("UTF8", TextEncoding::Utf8),
            ("cp1251", TextEncoding::Windows1251),
            ("Win-1251", TextEncoding::Windows1251),
            ("IBM866", TextEncoding::Cp866),
            ("866", TextEncoding::Cp866),
            ("ISO-8859-1", TextEncoding::Latin1),
            ("latin-1", TextEncoding::Latin1),
            ("windows-1252", TextEncoding::Latin1),
        ] {
            assert_eq!(TextEncoding::parse_name(name), Some(enc), "{name}");
        }
        assert_eq!(TextEncoding::parse_name("koi8-r"), None);
        assert_eq!(TextEncoding::parse_name("auto"), None);
        assert_eq!(TextEncoding::parse_choice("Auto"), Ok(None));
        assert!(TextEncoding::parse_choice("koi8-r").is_err());
    }

    #[test]
    fn utf8_is_sure() {
        let d = detect("Иванов".as_bytes());
        assert_eq!((d.encoding, d.guessed), (TextEncoding::Utf8, false));
        let d = detect(b"\xEF\xBB\xBF[Event \"x\"]");
        assert_eq!((d.encoding, d.guessed), (TextEncoding::Utf8, false));
        let d = detect(b"1. c3-d4");
        assert_eq!((d.encoding, d.guessed), (TextEncoding::Utf8, false));
        // A sample cut in the middle of a character is still UTF-8.
        let bytes = "Москва".as_bytes();
        let d = detect(&bytes[..bytes.len() - 1]);
        assert_eq!(d.encoding, TextEncoding::Utf8);
        assert_eq!(detect(b"").encoding, TextEncoding::Utf8);
    }

    #[test]
    fn russian_code_pages_are_told_apart() {
        for text in RUSSIAN {
            for enc in [TextEncoding::Windows1251, TextEncoding::Cp866] {
                let d = detect(&encode(text, enc));
                assert_eq!(d.encoding, enc, "{text:?} in {enc}: {}", d.reason);
                assert!(d.guessed);
                assert_eq!(decode(&encode(text, enc), d.encoding), text);
            }
        }
    }

    #[test]
    fn western_text_is_latin1() {
        for text in [
            "Müller",
            "José",
            "[White \"Café Français\"] 1. c3-d4 ½-½",
            "Søren Ødegård",
        ] {
            let bytes = encode(text, TextEncoding::Latin1);
            let d = detect(&bytes);
            assert_eq!(d.encoding, TextEncoding::Latin1, "{text:?}: {}", d.reason);
            assert_eq!(decode(&bytes, d.encoding), text);
        }
    }

    #[test]
    fn decoding() {
        assert!(matches!(
            decode(b"abc", TextEncoding::Utf8),
            Cow::Borrowed("abc")
        ));
        let (text, errors) = decode_checked(b"a\xFFb", TextEncoding::Utf8);
        assert_eq!((text.as_ref(), errors), ("a\u{FFFD}b", true));
        assert_eq!(decode(&[0xC8, 0xE2], TextEncoding::Windows1251), "Ив");
        assert_eq!(decode(&[0x88, 0xA2], TextEncoding::Cp866), "Ив");
        assert_eq!(decode(&[0xFC], TextEncoding::Latin1), "ü");
    }

    #[test]
    fn any_bytes_are_safe() {
        let all: Vec<u8> = (0..=255u8).cycle().take(2000).collect();
        for start in 0..4 {
            let d = detect(&all[start..]);
            assert!(d.guessed);
        }
    }

    /// Hands out a few bytes per read, as a slow pipe does.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.0.len().min(out.len()).min(7);
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    /// The choice is made on the same bytes however they arrive, and the stream comes back
    /// whole: an ASCII start then windows-1251 text is windows-1251 read 7 bytes at a time
    /// too, and text past the sample does not count.
    #[test]
    fn chosen_on_a_fixed_sample() {
        let mut text = "[Event \"x\"]\n".repeat(20).into_bytes();
        text.extend(encode("[White \"Иванов\"]\n", TextEncoding::Windows1251));
        let (d, mut rest) = choose_encoding(Trickle(&text), None).unwrap();
        assert_eq!(d.encoding, TextEncoding::Windows1251, "{}", d.reason);
        let mut back = Vec::new();
        rest.read_to_end(&mut back).unwrap();
        assert_eq!(back, text);
        let (d, _) = choose_encoding(&text[..], None).unwrap();
        assert_eq!(d.encoding, TextEncoding::Windows1251);
        let mut long = b"1. c3-d4 *\n".repeat(SAMPLE / 11 + 1);
        long.extend(encode("{Иванов}\n", TextEncoding::Windows1251));
        let (d, _) = choose_encoding(Trickle(&long), None).unwrap();
        assert_eq!(
            (d.encoding, d.reason.as_str()),
            (TextEncoding::Utf8, "ASCII only")
        );
        let (d, _) = choose_encoding(Trickle(&long), Some(TextEncoding::Cp866)).unwrap();
        assert_eq!((d.encoding, d.guessed), (TextEncoding::Cp866, false));
    }
}
