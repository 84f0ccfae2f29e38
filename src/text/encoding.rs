//! Text encodings of PDN files: UTF-8 (with or without byte order mark) and the single-byte
//! code pages of older archives: Windows-1251, CP866 and KOI8-R (Cyrillic), Latin-1 (read as
//! Windows-1252, its superset), and by name any other single-byte code page of the Encoding
//! Standard (`iso-8859-5`, `koi8-u`, `windows-1250`, ...). [`detect`] chooses one for a sample
//! of a file; [`decode`] turns bytes (a tag value, a comment) into text. A guess is reported,
//! never fatal.
//!
//! Names: every label `encoding_rs` knows ([`Encoding::for_label`]: `cp1251`, `ibm866`,
//! `koi8-r`, `latin1`, `utf8`, ...) and a few of DOS and Windows habit (`win1251`, `866`,
//! `latin-1`). Multi-byte encodings other than UTF-8 (UTF-16, Shift_JIS, GBK, ...) are
//! refused by name: their characters hold bytes that PDN's byte-level reading takes for `[`,
//! `{` or a line break.
//!
//! Detection: valid UTF-8 is UTF-8 (a sample cut inside a character still counts as valid
//! when it holds other non-ASCII characters), C1 controls included, unless it decodes to
//! characters no real text holds (private use, the planes from 4 on), which single-byte
//! text can form. Otherwise each
//! code page is scored on the non-ASCII bytes: Cyrillic letters weighted by how common they
//! are in Russian, penalties for box-drawing and other symbols, for Cyrillic letters glued to
//! Latin ones and for capitals inside words (which is what tells KOI8-R from Windows-1251:
//! each puts the capitals where the other has the small letters); Latin-1 scores accented
//! letters inside Latin words and loses on long runs of accented letters (which are Cyrillic
//! words in another code page). The best score wins; ties go to Windows-1251.

use encoding_rs::{Encoding, IBM866, KOI8_R, UTF_8, WINDOWS_1251, WINDOWS_1252};
use std::borrow::Cow;
use std::fmt;
use std::io::{self, Read};
use std::sync::OnceLock;

/// A text encoding of a PDN file.
///
/// ```
/// use pdnkit::text::TextEncoding;
///
/// // "Иванов" in Windows-1251, found from the bytes.
/// let pdn = b"[White \"\xc8\xe2\xe0\xed\xee\xe2\"]\n1. c3-d4 *\n";
/// let game = pdnkit::read(&pdn[..]).games().next().expect("a game")?;
/// assert_eq!(game.encoding, TextEncoding::Windows1251);
/// assert_eq!(game.report.tag("White"), Some("Иванов"));
/// assert_eq!(TextEncoding::parse_name("cp866"), Ok(TextEncoding::Cp866));
/// assert_eq!(TextEncoding::Koi8R.name(), "koi8-r");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TextEncoding {
    /// UTF-8, with or without byte order mark.
    Utf8,
    /// Windows-1251 (Cyrillic).
    Windows1251,
    /// CP866 (DOS Cyrillic).
    Cp866,
    /// KOI8-R (Cyrillic of Unix and of early Russian networks).
    Koi8R,
    /// ISO-8859-1 (decoded as Windows-1252, its superset).
    Latin1,
    /// Another single-byte code page, chosen by name (never detected).
    Other(&'static Encoding),
}

/// The code pages detection chooses among when a sample is not UTF-8.
const GUESSED: [TextEncoding; 4] = [
    TextEncoding::Windows1251,
    TextEncoding::Cp866,
    TextEncoding::Koi8R,
    TextEncoding::Latin1,
];

impl TextEncoding {
    /// The encodings that have a name of pdnkit's own (and that detection chooses among).
    pub const ALL: [TextEncoding; 5] = [
        TextEncoding::Utf8,
        TextEncoding::Windows1251,
        TextEncoding::Cp866,
        TextEncoding::Koi8R,
        TextEncoding::Latin1,
    ];

    /// Reads a name as given on the command line: any label of the Encoding Standard
    /// (`utf-8`, `windows-1251`, `cp1251`, `ibm866`, `koi8-r`, `latin1`, `iso-8859-5`, ...,
    /// in any case) and `win1251`, `1251`, `dos866`, `oem866`, `latin-1`; an error says why a
    /// name is not read.
    pub fn parse_name(name: &str) -> Result<TextEncoding, String> {
        let key: String = name
            .chars()
            .filter(|c| !matches!(c, '-' | '_' | ' '))
            .flat_map(char::to_lowercase)
            .collect();
        let habit = match key.as_str() {
            "win1251" | "1251" | "ansicyrillic" => Some(WINDOWS_1251),
            "dos866" | "oem866" => Some(IBM866),
            "latin1" | "1252" => Some(WINDOWS_1252),
            _ => None,
        };
        let encoding = habit
            .or_else(|| Encoding::for_label(name.trim().as_bytes()))
            .ok_or_else(|| {
                format!(
                    "unknown encoding \"{}\"; use auto or a label of the Encoding Standard \
                     (utf-8, windows-1251, cp866, koi8-r, latin1, iso-8859-5, ...)",
                    crate::text::escape::text(name)
                )
            })?;
        TextEncoding::of(encoding).ok_or_else(|| {
            format!(
                "encoding \"{}\" ({}) is not read: its characters hold bytes that PDN's \
                 reading takes for ASCII; convert the file to UTF-8",
                crate::text::escape::text(name),
                encoding.name()
            )
        })
    }

    /// The encoding of an `encoding_rs` encoding, if pdnkit reads it: UTF-8 or a
    /// single-byte code page.
    fn of(encoding: &'static Encoding) -> Option<TextEncoding> {
        if let Some(named) = TextEncoding::ALL
            .into_iter()
            .find(|e| e.encoding() == encoding)
        {
            return Some(named);
        }
        encoding
            .is_single_byte()
            .then_some(TextEncoding::Other(encoding))
    }

    /// Reads a choice as the command line and `pdnkit.toml` give it: `auto` (None: detect
    /// it) or a name [`TextEncoding::parse_name`] reads.
    pub fn parse_choice(name: &str) -> Result<Option<TextEncoding>, String> {
        if name.eq_ignore_ascii_case("auto") {
            return Ok(None);
        }
        TextEncoding::parse_name(name).map(Some)
    }

    /// The canonical name, as accepted by [`TextEncoding::parse_name`]: pdnkit's own for
    /// [`TextEncoding::ALL`], else the Encoding Standard's (`ISO-8859-5`).
    pub fn name(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "utf-8",
            TextEncoding::Windows1251 => "windows-1251",
            TextEncoding::Cp866 => "cp866",
            TextEncoding::Koi8R => "koi8-r",
            TextEncoding::Latin1 => "latin1",
            TextEncoding::Other(encoding) => encoding.name(),
        }
    }

    /// The `encoding_rs` encoding used to decode it.
    pub fn encoding(self) -> &'static Encoding {
        match self {
            TextEncoding::Utf8 => UTF_8,
            TextEncoding::Windows1251 => WINDOWS_1251,
            TextEncoding::Cp866 => IBM866,
            TextEncoding::Koi8R => KOI8_R,
            TextEncoding::Latin1 => WINDOWS_1252,
            TextEncoding::Other(encoding) => encoding,
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
    // Read when the encoding is forced too: the file's board is chosen on the same bytes.
    let mut sample = Vec::with_capacity(SAMPLE);
    (&mut input).take(SAMPLE as u64).read_to_end(&mut sample)?;
    let detection = match forced {
        Some(encoding) => Detection {
            encoding,
            guessed: false,
            reason: "chosen with --encoding".to_string(),
        },
        None => detect(whole_lines(&sample)),
    };
    Ok((detection, io::Cursor::new(sample).chain(input)))
}

/// The whole lines of a sample: one that filled [`SAMPLE`] may end inside a character or a
/// word, cut at its last line break (so that the part is not held against UTF-8, nor read
/// as a move).
pub fn whole_lines(sample: &[u8]) -> &[u8] {
    if sample.len() < SAMPLE {
        return sample;
    }
    memchr::memrchr(b'\n', sample).map_or(sample, |i| &sample[..=i])
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
    let scores = GUESSED.map(|enc| score(sample, enc));
    let mut best = 0;
    for (i, s) in scores.iter().enumerate() {
        if *s > scores.get(best).copied().unwrap_or(f64::MIN) {
            best = i;
        }
    }
    let encoding = GUESSED
        .get(best)
        .copied()
        .unwrap_or(TextEncoding::Windows1251);
    let scores: Vec<String> = GUESSED
        .iter()
        .zip(scores)
        .map(|(enc, s)| format!("{enc} {s:.2}"))
        .collect();
    Detection {
        encoding,
        guessed: true,
        reason: format!(
            "not valid UTF-8; non-ASCII text reads best as {encoding} (scores: {})",
            scores.join(", ")
        ),
    }
}

/// Characters that real UTF-8 text does not hold but that single-byte text can form by
/// chance (CP866 `ёлка` is valid UTF-8 in plane 6): private use and the planes from 4 on.
/// C1 controls are text's (U+0085 is a line break; stray ones occur in real files).
fn plausible_in_utf8(c: char) -> bool {
    !matches!(u32::from(c), 0xE000..=0xF8FF | 0x40000..)
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

/// Classes of the bytes 0x80..=0xFF in each code page detection chooses among.
fn table(encoding: TextEncoding) -> &'static [Class; 128] {
    static TABLES: OnceLock<[[Class; 128]; GUESSED.len()]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        GUESSED.map(|enc| {
            let high: Vec<u8> = (0x80..=0xFFu8).collect();
            let (text, _) = enc.encoding().decode_without_bom_handling(&high);
            let mut classes = [Class::Junk; 128];
            for (slot, c) in classes.iter_mut().zip(text.chars()) {
                *slot = classify(c);
            }
            classes
        })
    });
    let index = GUESSED.iter().position(|&e| e == encoding).unwrap_or(0);
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
    let mut lower_in_run = false; // a small Russian letter among them
    let mut from = 0;
    // ASCII bytes score nothing and end a run of letters: most bytes are skipped unread.
    while let Some(i) = next_non_ascii(sample, from) {
        if i > from {
            (run, lower_in_run) = (0, false);
        }
        from = i + 1;
        let here = class(i);
        let prev = i.checked_sub(1).and_then(class);
        let next = class(i + 1);
        run = if is_letter(here) { run + 1 } else { 0 };
        // Every capital after a small letter of its word counts against: a word of real
        // text is small, Capitalised or in CAPITALS, and KOI8-R read as Windows-1251 (or
        // the other way round) turns `Capitalised` into `cAPITALISED`.
        let after_lower = lower_in_run && run > 0;
        lower_in_run = after_lower || matches!(here, Some(Class::Russian { upper: false, .. }));
        let Some(here) = here else { continue };
        let glued_to_ascii = prev == Some(Class::AsciiLetter) || next == Some(Class::AsciiLetter);
        let points = match here {
            Class::AsciiLetter | Class::AsciiOther => continue,
            Class::Russian { upper, weight } => {
                let capital_inside_word = upper && after_lower;
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
            assert_eq!(TextEncoding::parse_name(enc.name()), Ok(enc));
            assert_eq!(TextEncoding::parse_choice(enc.name()), Ok(Some(enc)));
            assert_eq!(enc.to_string(), enc.name());
        }
        for (name, enc) in [
            ("UTF8", TextEncoding::Utf8),
            ("cp1251", TextEncoding::Windows1251),
            ("x-cp1251", TextEncoding::Windows1251),
            ("Win-1251", TextEncoding::Windows1251),
            ("IBM866", TextEncoding::Cp866),
            ("866", TextEncoding::Cp866),
            ("csibm866", TextEncoding::Cp866),
            ("KOI8-R", TextEncoding::Koi8R),
            ("koi8", TextEncoding::Koi8R),
            ("cskoi8r", TextEncoding::Koi8R),
            ("ISO-8859-1", TextEncoding::Latin1),
            ("latin-1", TextEncoding::Latin1),
            ("windows-1252", TextEncoding::Latin1),
        ] {
            assert_eq!(TextEncoding::parse_name(name), Ok(enc), "{name}");
        }
        // Any other single-byte code page of the Encoding Standard, by its labels.
        let cyrillic = TextEncoding::parse_name("iso-8859-5").unwrap();
        assert_eq!(cyrillic, TextEncoding::Other(encoding_rs::ISO_8859_5));
        assert_eq!(cyrillic.name(), "ISO-8859-5");
        assert_eq!(TextEncoding::parse_name(cyrillic.name()), Ok(cyrillic));
        assert_eq!(
            TextEncoding::parse_name("koi8-u"),
            Ok(TextEncoding::Other(encoding_rs::KOI8_U))
        );
        assert_eq!(decode(&[0xB8, 0xD2], cyrillic), "Ив");
        // Multi-byte encodings are named and refused with the reason.
        for name in ["utf-16", "shift_jis", "gbk", "iso-2022-jp"] {
            let refused = TextEncoding::parse_name(name).unwrap_err();
            assert!(refused.contains("convert the file to UTF-8"), "{refused}");
        }
        let unknown = TextEncoding::parse_choice("nonsense").unwrap_err();
        assert!(
            unknown.starts_with("unknown encoding \"nonsense\""),
            "{unknown}"
        );
        assert!(TextEncoding::parse_name("auto").is_err());
        assert_eq!(TextEncoding::parse_choice("Auto"), Ok(None));
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
        // C1 characters in valid UTF-8 do not make it a code page.
        for c1 in ['\u{80}', '\u{85}', '\u{9B}'] {
            let text = format!("[White \"Иванов{c1}\"]\n[Event \"Чемпионат\"]");
            let d = detect(text.as_bytes());
            assert_eq!(
                (d.encoding, d.guessed),
                (TextEncoding::Utf8, false),
                "{c1:?}"
            );
        }
    }

    #[test]
    fn russian_code_pages_are_told_apart() {
        for text in RUSSIAN {
            for enc in [
                TextEncoding::Windows1251,
                TextEncoding::Cp866,
                TextEncoding::Koi8R,
            ] {
                // One word all small or all capitals is a word of either KOI8-R or
                // Windows-1251 read in the other (`ёлка` is `ЈМЛБ`): the tie goes to
                // Windows-1251. Capitalised words and sentences tell them apart.
                let cased =
                    text.chars().any(char::is_lowercase) && text.chars().any(char::is_uppercase);
                if enc == TextEncoding::Koi8R && !cased {
                    continue;
                }
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
