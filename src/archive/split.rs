//! Splitting an archive into files (`pdnkit split`, documented in `docs/split.md`): which file
//! a game goes to, and file names made safe for every file system.
//!
//! A name keeps letters and digits of any script, `-`, `_` and `.`; every other run of
//! characters (spaces, `/ \ : * ? " < > |`, controls) becomes one `_`; dots and `_` at either
//! end are dropped (no hidden file, no trailing dot, which Windows refuses); names Windows
//! reserves (`CON`, `PRN`, `AUX`, `NUL`, `COM1`-`COM9`, `LPT1`-`LPT9`, in any case) get a
//! `_`; a name is cut to [`MAX_NAME_BYTES`] bytes (at a character boundary). Two values
//! whose names would be the same on a file system that ignores case get `-2`, `-3`, ... in
//! the order they first occur.

use super::date::span;
use super::read::Needs;
use crate::validate::GameReport;
use std::collections::HashMap;
use std::num::NonZeroUsize;

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
                crate::escape::text(text)
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

    /// The value that decides the file of the `ordinal`-th game of the run (from 0).
    pub fn value(&self, report: &GameReport, ordinal: usize) -> String {
        let tag = |name: &str| {
            report
                .tags
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.trim())
        };
        match self {
            SplitBy::Count(n) => format!("{:04}", ordinal / n.get() + 1),
            SplitBy::Year => tag("Date")
                .and_then(span)
                .map_or_else(|| UNKNOWN.to_string(), |s| format!("{:04}", s.first.0)),
            SplitBy::Tag(name) => match tag(name) {
                Some(v) if !v.is_empty() && !v.bytes().all(|b| b == b'?') => v.to_string(),
                _ => UNKNOWN.to_string(),
            },
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
    let stem = name.split('.').next().unwrap_or(name).to_ascii_uppercase();
    let reserved = matches!(stem.as_str(), "CON" | "PRN" | "AUX" | "NUL")
        || (stem.len() == 4
            && (stem.starts_with("COM") || stem.starts_with("LPT"))
            && stem.as_bytes()[3].is_ascii_digit());
    if reserved {
        format!("{name}_")
    } else {
        name.to_string()
    }
}

/// The file names of the values met, each given once, in the order the values occur.
#[derive(Default)]
pub struct FileNames {
    names: Vec<String>,
    by_value: HashMap<String, usize>,
    /// Names taken, in lower case.
    taken: HashMap<String, usize>,
}

impl FileNames {
    /// The index of the file for `value` (a new one if the value is new).
    pub fn index(&mut self, value: &str) -> usize {
        if let Some(&index) = self.by_value.get(value) {
            return index;
        }
        let base = safe_name(value);
        let mut name = base.clone();
        let mut n = 1;
        while self.taken.contains_key(&name.to_lowercase()) {
            n += 1;
            name = format!("{base}-{n}");
        }
        let index = self.names.len();
        self.taken.insert(name.to_lowercase(), index);
        self.by_value.insert(value.to_string(), index);
        self.names.push(name);
        index
    }

    /// The index of a value met before.
    pub fn get(&self, value: &str) -> Option<usize> {
        self.by_value.get(value).copied()
    }

    /// The names, in the order their values first occurred.
    pub fn names(&self) -> &[String] {
        &self.names
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
        assert_eq!(safe_name("Com7.txt"), "Com7.txt_");
        assert_eq!(safe_name("COM"), "COM");
        assert_eq!(safe_name("Moscow Open 2017"), "Moscow_Open_2017");
        let long = "я".repeat(80);
        let name = safe_name(&long);
        assert!(name.len() <= MAX_NAME_BYTES && name.starts_with('я'));
    }

    #[test]
    fn names_that_differ_only_in_case_get_a_number() {
        let mut names = FileNames::default();
        assert_eq!(names.index("Anna"), 0);
        assert_eq!(names.index("ANNA"), 1);
        assert_eq!(names.index("Anna"), 0);
        assert_eq!(names.index("anna?"), 2);
        assert_eq!(names.index(UNKNOWN), 3);
        assert_eq!(names.index("Unknown"), 4);
        assert_eq!(
            names.names(),
            ["Anna", "ANNA-2", "anna-3", "unknown", "Unknown-2"]
        );
        assert_eq!(names.get("ANNA"), Some(1));
        assert_eq!(names.get("Bob"), None);
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
