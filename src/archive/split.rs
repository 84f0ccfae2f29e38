//! Splitting an archive into files (`pdnkit split`, documented in `docs/split.md`): which file
//! a game goes to, and file names made safe for every file system.
//!
//! A name keeps letters and digits of any script, `-`, `_` and `.`; every other run of
//! characters (spaces, `/ \ : * ? " < > |`, controls) becomes one `_`; dots and `_` at either
//! end are dropped (no hidden file, no trailing dot, which Windows refuses); a name whose
//! part before its first dot is one Windows reserves for a device (`CON`, `PRN`, `AUX`,
//! `NUL`, `COM0`-`COM9`, `LPT0`-`LPT9`, also with `¹²³`, in any case) gets a `_` after that
//! part (`CON.x` -> `CON_.x`), since Windows reserves the name whatever follows the dot; a
//! name is cut to [`MAX_NAME_BYTES`] bytes (at a character boundary). Two values whose names
//! would be the same on a file system that ignores case get `-2`, `-3`, ... in the order
//! they first occur, and so does a real value `unknown` met after games without a value.
//!
//! [`Waiting`] holds the games of files not open yet, so that an archive is read once
//! however many files it splits into.

use super::date::span;
use super::spill::{Merged, Put, Record, Runs, Take};
use crate::check::GameReport;
use crate::check::Needs;
use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::num::NonZeroUsize;
use std::path::Path;

/// Longest name before the `.pdn` extension (file systems allow 255 bytes).
pub const MAX_NAME_BYTES: usize = 100;

/// The name of the file for games whose value says nothing.
pub const UNKNOWN: &str = "unknown";

/// What games are split by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SplitBy {
    /// The value of a tag.
    Tag(String),
    /// The year of the `Date` tag.
    Year,
    /// N games a file, in input order.
    Count(NonZeroUsize),
}

impl SplitBy {
    /// `year`, a number of games, or a tag name.
    pub fn parse(text: &str) -> Result<SplitBy, String> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("year") {
            return Ok(SplitBy::Year);
        }
        if let Ok(n) = text.parse::<usize>() {
            return NonZeroUsize::new(n)
                .map(SplitBy::Count)
                .ok_or_else(|| "--by 0: a file holds at least one game".to_string());
        }
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return Err(format!(
                "--by \"{}\": write a tag name (letters, digits, _), year, or a number of games",
                crate::text::escape::text(text)
            ));
        }
        Ok(SplitBy::Tag(text.to_string()))
    }

    /// What a game must be read with to find its file: its tags (nothing for a count).
    pub fn needs(&self) -> Needs {
        Needs {
            tags: !matches!(self, SplitBy::Count(_)),
            ..Needs::BYTES
        }
    }

    /// The value that decides the file of the `ordinal`-th game of the run (from 0); None
    /// when the game says nothing (the tag missing, empty or `?`, no year), its file is then
    /// [`UNKNOWN`].
    pub fn value(&self, report: &GameReport, ordinal: usize) -> Option<String> {
        let tag = |name: &str| report.tag(name).map(str::trim);
        match self {
            SplitBy::Count(n) => Some(format!("{:04}", ordinal / n.get() + 1)),
            SplitBy::Year => tag("Date")
                .and_then(span)
                .map(|s| format!("{:04}", s.first.0)),
            SplitBy::Tag(name) => tag(name)
                .filter(|v| !v.is_empty() && !v.bytes().all(|b| b == b'?'))
                .map(str::to_string),
        }
    }
}

/// `value` as a file name (without extension), safe on every file system.
pub fn safe_name(value: &str) -> String {
    let mut name = String::with_capacity(value.len());
    let mut gap = false;
    for c in value.chars() {
        if c.is_alphanumeric() || matches!(c, '-' | '_' | '.') {
            if gap && !name.is_empty() {
                name.push('_');
            }
            gap = false;
            if name.len() + c.len_utf8() > MAX_NAME_BYTES {
                break;
            }
            name.push(c);
        } else {
            gap = true;
        }
    }
    let name = name.trim_matches(['.', '_']);
    if name.is_empty() {
        return UNKNOWN.to_string();
    }
    let (stem, rest) = name.split_at(name.find('.').unwrap_or(name.len()));
    if reserved(stem) {
        format!("{stem}_{rest}")
    } else {
        name.to_string()
    }
}

/// Whether Windows reserves `stem` (a name's part before its first dot) for a device.
fn reserved(stem: &str) -> bool {
    let upper = stem.to_uppercase();
    if matches!(upper.as_str(), "CON" | "PRN" | "AUX" | "NUL") {
        return true;
    }
    let mut chars = upper.chars();
    let port: String = chars.by_ref().take(3).collect();
    let digit = chars.next();
    matches!(port.as_str(), "COM" | "LPT")
        && digit.is_some_and(|d| d.is_ascii_digit() || matches!(d, '¹' | '²' | '³'))
        && chars.next().is_none()
}

/// The file names of the values met, each given once, in the order the values occur.
#[derive(Default)]
pub struct FileNames {
    names: Vec<String>,
    by_value: HashMap<String, usize>,
    /// The file of the games without a value.
    unknown: Option<usize>,
    /// Names taken, in lower case, with the last number given after each (so that the
    /// next free number is found without trying every one before it).
    taken: HashMap<String, usize>,
}

impl FileNames {
    /// The index of the file for `value` (None: the game says nothing), a new one if the
    /// value is new.
    pub fn index(&mut self, value: Option<&str>) -> usize {
        let known = match value {
            Some(value) => self.by_value.get(value),
            None => self.unknown.as_ref(),
        };
        if let Some(&index) = known {
            return index;
        }
        let name = self.free_name(&safe_name(value.unwrap_or(UNKNOWN)));
        let index = self.names.len();
        match value {
            Some(value) => self.by_value.insert(value.to_string(), index),
            None => self.unknown.replace(index),
        };
        self.names.push(name);
        index
    }

    /// `base`, or `base-2`, `base-3`, ... the first not taken (in any case).
    fn free_name(&mut self, base: &str) -> String {
        let lower = base.to_lowercase();
        let Some(&last) = self.taken.get(&lower) else {
            self.taken.insert(lower, 1);
            return base.to_string();
        };
        let mut n = last;
        let name = loop {
            n += 1;
            let name = format!("{base}-{n}");
            if !self.taken.contains_key(&name.to_lowercase()) {
                break name;
            }
        };
        self.taken.insert(lower, n);
        self.taken.insert(name.to_lowercase(), 1);
        name
    }

    /// The index of a value met before.
    #[cfg(test)]
    pub fn get(&self, value: Option<&str>) -> Option<usize> {
        match value {
            Some(value) => self.by_value.get(value).copied(),
            None => self.unknown,
        }
    }

    /// The names, in the order their values first occurred.
    pub fn names(&self) -> &[String] {
        &self.names
    }
}

/// Where a waiting game's text is: its file, and its place in the temporary file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Parked {
    file: u32,
    offset: u64,
    len: u32,
}

impl Record for Parked {
    const SIZE: usize = 16;
    fn encode(&self, out: &mut [u8]) {
        Put::new(out)
            .bytes(&self.file.to_le_bytes())
            .bytes(&self.offset.to_le_bytes())
            .bytes(&self.len.to_le_bytes());
    }
    fn decode(bytes: &[u8]) -> Parked {
        let mut take = Take::new(bytes);
        Parked {
            file: take.u32(),
            offset: take.u64(),
            len: take.u32(),
        }
    }
}

/// Places held in memory before they are spilled as a sorted run (16 bytes each).
const PARKED_IN_MEMORY: usize = 1 << 16;

/// Games waiting for their file (when more files are met than are written at once): their
/// texts in a temporary file in input order, their places sorted by file on disk, so that
/// memory holds neither and each file can be written whole, one after the other.
pub struct Waiting {
    runs: Runs,
    text: BufWriter<File>,
    end: u64,
    parked: Vec<Parked>,
}

impl Waiting {
    /// No game waiting yet, the temporary files in a directory of their own in `parent` (or
    /// the system's temporary directory), removed when this is dropped.
    pub fn new(parent: Option<&Path>) -> io::Result<Waiting> {
        let runs = Runs::new(parent)?;
        let text = BufWriter::with_capacity(64 << 10, runs.create("texts")?);
        Ok(Waiting {
            runs,
            text,
            end: 0,
            parked: Vec::new(),
        })
    }

    /// Notes `text`, a game of file `file`.
    pub fn park(&mut self, file: usize, text: &[u8]) -> io::Result<()> {
        self.text.write_all(text)?;
        self.parked.push(Parked {
            file: u32::try_from(file).map_err(io::Error::other)?,
            offset: self.end,
            len: u32::try_from(text.len()).map_err(io::Error::other)?,
        });
        self.end += text.len() as u64;
        if self.parked.len() == PARKED_IN_MEMORY {
            self.spill()?;
        }
        Ok(())
    }

    fn spill(&mut self) -> io::Result<()> {
        self.parked.sort_unstable_by_key(|p| (p.file, p.offset));
        self.runs.spill(self.parked.drain(..))
    }

    /// The games waiting, by file (in the order the files were met), each file's in input
    /// order.
    pub fn games(mut self) -> io::Result<WaitingGames> {
        self.spill()?;
        self.text.flush()?;
        let text = BufReader::with_capacity(64 << 10, self.runs.open("texts")?);
        let places = self
            .runs
            .merge(|p: &Parked| (p.file, p.offset), |_, _| {})?;
        Ok(WaitingGames {
            places,
            text,
            at: 0,
        })
    }
}

/// The games that waited, as (file, text), by file.
pub struct WaitingGames {
    places: Merged<Parked, (u32, u64)>,
    text: BufReader<File>,
    at: u64,
}

impl WaitingGames {
    /// The next game into `text` (cleared first), with its file; None after the last.
    pub fn next_into(&mut self, text: &mut Vec<u8>) -> io::Result<Option<usize>> {
        let Some(place) = self.places.next().transpose()? else {
            return Ok(None);
        };
        if place.offset != self.at {
            self.text.seek(SeekFrom::Start(place.offset))?;
        }
        text.clear();
        text.resize(place.len as usize, 0);
        self.text.read_exact(text)?;
        self.at = place.offset + u64::from(place.len);
        Ok(Some(place.file as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_split_reads_tags_only_when_a_tag_decides() {
        let tags = |by: &str| SplitBy::parse(by).unwrap().needs();
        let only_tags = Needs {
            tags: true,
            ..Needs::BYTES
        };
        assert_eq!(tags("White"), only_tags);
        assert_eq!(tags("year"), only_tags);
        assert_eq!(tags("100"), Needs::BYTES);
    }

    #[test]
    fn names_are_safe_everywhere() {
        assert_eq!(safe_name("Иванов, Пётр"), "Иванов_Пётр");
        assert_eq!(safe_name("a/b\\c:d*e?f\"g<h>i|j"), "a_b_c_d_e_f_g_h_i_j");
        assert_eq!(safe_name("../../etc/passwd"), "etc_passwd");
        assert_eq!(safe_name(".hidden."), "hidden");
        assert_eq!(safe_name("line\nbreak\u{1b}[31m"), "line_break_31m");
        assert_eq!(safe_name("  "), UNKNOWN);
        assert_eq!(safe_name("???"), UNKNOWN);
        assert_eq!(safe_name("con"), "con_");
        assert_eq!(safe_name("Com7.txt"), "Com7_.txt");
        assert_eq!(safe_name("CON.x"), "CON_.x");
        assert_eq!(safe_name("aux.tar.gz"), "aux_.tar.gz");
        assert_eq!(safe_name("lpt¹"), "lpt¹_");
        assert_eq!(safe_name("COM"), "COM");
        assert_eq!(safe_name("COM10"), "COM10");
        assert_eq!(safe_name("CONSOLE.x"), "CONSOLE.x");
        assert_eq!(safe_name("x.CON"), "x.CON");
        assert_eq!(safe_name("Moscow Open 2017"), "Moscow_Open_2017");
        let long = "я".repeat(80);
        let name = safe_name(&long);
        assert!(name.len() <= MAX_NAME_BYTES && name.starts_with('я'));
    }

    #[test]
    fn names_that_differ_only_in_case_get_a_number() {
        let mut names = FileNames::default();
        assert_eq!(names.index(Some("Anna")), 0);
        assert_eq!(names.index(Some("ANNA")), 1);
        assert_eq!(names.index(Some("Anna")), 0);
        assert_eq!(names.index(Some("anna?")), 2);
        assert_eq!(names.index(None), 3);
        assert_eq!(names.index(Some("Unknown")), 4);
        assert_eq!(names.index(Some(UNKNOWN)), 5);
        assert_eq!(names.index(None), 3);
        assert_eq!(names.index(Some("anna-4")), 6);
        assert_eq!(names.index(Some("aNNa")), 7);
        assert_eq!(
            names.names(),
            [
                "Anna",
                "ANNA-2",
                "anna-3",
                "unknown",
                "Unknown-2",
                "unknown-3",
                "anna-4",
                "aNNa-5"
            ]
        );
        assert_eq!(names.get(Some("ANNA")), Some(1));
        assert_eq!(names.get(Some("Bob")), None);
        assert_eq!(names.get(None), Some(3));
    }

    #[test]
    fn waiting_games_come_back_by_file_in_input_order() {
        let mut waiting = Waiting::new(None).unwrap();
        // More than one run in memory, so that the runs are merged.
        let count = PARKED_IN_MEMORY + 10;
        for i in 0..count {
            waiting.park(i % 3, format!("g{i}").as_bytes()).unwrap();
        }
        let mut games = waiting.games().unwrap();
        let mut text = Vec::new();
        let mut got = Vec::new();
        while let Some(file) = games.next_into(&mut text).unwrap() {
            got.push((file, String::from_utf8(text.clone()).unwrap()));
        }
        let mut expected: Vec<(usize, String)> =
            (0..count).map(|i| (i % 3, format!("g{i}"))).collect();
        expected.sort_by_key(|(file, _)| *file);
        assert_eq!(got, expected);
    }

    #[test]
    fn split_by_as_written() {
        assert_eq!(SplitBy::parse("year"), Ok(SplitBy::Year));
        assert_eq!(
            SplitBy::parse("White"),
            Ok(SplitBy::Tag("White".to_string()))
        );
        assert_eq!(
            SplitBy::parse("100"),
            Ok(SplitBy::Count(NonZeroUsize::new(100).unwrap()))
        );
        assert!(SplitBy::parse("0").is_err());
        assert!(SplitBy::parse("a b").is_err());
        assert!(SplitBy::parse("").is_err());
    }
}
