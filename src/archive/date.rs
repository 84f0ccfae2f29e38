//! PDN dates as spans of days, for selecting games by date.
//!
//! A `Date` tag is read as `YYYY.MM.DD` (separators `.`, `-` or `/`), with `?`, `??` or
//! `????` for an unknown part, or a missing month and day (`2024`, `2024.05`); the Russian
//! order `DD.MM.YYYY` is read too (a first part of one or two digits and a last part of
//! four). An unknown part spans every value it may have, so `2024.??.??` is the whole year
//! 2024. A date whose year is unknown, or that cannot be read, has no span.
//!
//! A range written on the command line is `FROM..TO`, either bound partial (`2020`,
//! `2020.06`) or left out (`2020..`, `..2019.12.31`), or one date alone (`2020.06` =
//! `2020.06..2020.06`). A game is in the range when every day its date may be lies inside it.

use std::fmt;
use std::str::FromStr;

/// A day as (year, month, day); months and days compare as numbers, day 31 closing any month.
pub type Day = (u32, u8, u8);

/// The days a date may be, first and last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// The first day the date may be.
    pub first: Day,
    /// The last day the date may be.
    pub last: Day,
}

/// Reads a `Date` tag's value; None when its year is unknown or it cannot be read.
pub fn span(value: &str) -> Option<Span> {
    let parts: Vec<&str> = value.trim().split(['.', '-', '/']).collect();
    if parts.len() > 3 || parts.iter().any(|p| !is_part(p)) {
        return None;
    }
    let russian = parts.len() == 3 && parts[0].len() <= 2 && parts[2].len() == 4;
    let (year, month, day) = match (russian, parts.as_slice()) {
        (true, [day, month, year]) => (*year, Some(*month), Some(*day)),
        (false, [year, rest @ ..]) => (*year, rest.first().copied(), rest.get(1).copied()),
        _ => return None,
    };
    let year: u32 = number(year)?;
    let month = month
        .and_then(number::<u8>)
        .filter(|m| (1..=12).contains(m));
    let day = day.and_then(number::<u8>).filter(|d| (1..=31).contains(d));
    let (first_month, last_month) = month.map_or((1, 12), |m| (m, m));
    // A day without its month says nothing.
    let (first_day, last_day) = match (month, day) {
        (Some(_), Some(d)) => (d, d),
        _ => (1, 31),
    };
    Some(Span {
        first: (year, first_month, first_day),
        last: (year, last_month, last_day),
    })
}

/// Digits, or question marks for an unknown part.
fn is_part(part: &str) -> bool {
    !part.is_empty()
        && (part.bytes().all(|b| b.is_ascii_digit()) || part.bytes().all(|b| b == b'?'))
}

/// The number a part holds, None if unknown (`??`).
fn number<T: FromStr>(part: &str) -> Option<T> {
    part.bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| part.parse().ok())
        .flatten()
}

/// A range of dates from the command line; open ends are None.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DateRange {
    /// The first day in the range; None: no lower bound.
    pub from: Option<Day>,
    /// The last day in the range; None: no upper bound.
    pub to: Option<Day>,
}

impl DateRange {
    /// Whether every day of `span` lies in the range.
    pub fn holds(&self, span: &Span) -> bool {
        self.from.is_none_or(|from| span.first >= from) && self.to.is_none_or(|to| span.last <= to)
    }
}

impl FromStr for DateRange {
    type Err = String;

    fn from_str(text: &str) -> Result<DateRange, String> {
        let bad = || {
            format!(
                "date range \"{}\": write FROM..TO with dates YYYY, YYYY.MM or YYYY.MM.DD \
                 (either end may be left out), or one date",
                crate::escape::text(text)
            )
        };
        let bound = |part: &str| -> Result<Option<Span>, String> {
            if part.trim().is_empty() {
                return Ok(None);
            }
            let span = span(part).ok_or_else(bad)?;
            // A bound is written with its known parts only.
            if part.contains('?') {
                return Err(bad());
            }
            Ok(Some(span))
        };
        let (from, to) = match text.split_once("..") {
            Some((from, to)) => (bound(from)?, bound(to)?),
            None => {
                let one = bound(text)?.ok_or_else(bad)?;
                (Some(one), Some(one))
            }
        };
        if from.is_none() && to.is_none() {
            return Err(bad());
        }
        let range = DateRange {
            from: from.map(|s| s.first),
            to: to.map(|s| s.last),
        };
        if let (Some(from), Some(to)) = (range.from, range.to)
            && from > to
        {
            return Err(format!(
                "date range \"{}\" ends before it starts",
                crate::escape::text(text)
            ));
        }
        Ok(range)
    }
}

impl fmt::Display for DateRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let day = |f: &mut fmt::Formatter<'_>, d: Option<Day>| match d {
            Some((y, m, d)) => write!(f, "{y:04}.{m:02}.{d:02}"),
            None => Ok(()),
        };
        day(f, self.from)?;
        f.write_str("..")?;
        day(f, self.to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(first: Day, last: Day) -> Option<Span> {
        Some(Span { first, last })
    }

    #[test]
    fn dates_as_written_in_archives() {
        assert_eq!(span("2024.03.05"), s((2024, 3, 5), (2024, 3, 5)));
        assert_eq!(span("2024.??.??"), s((2024, 1, 1), (2024, 12, 31)));
        assert_eq!(span("2024.05.??"), s((2024, 5, 1), (2024, 5, 31)));
        assert_eq!(span("2024"), s((2024, 1, 1), (2024, 12, 31)));
        assert_eq!(span("2024-3-5"), s((2024, 3, 5), (2024, 3, 5)));
        assert_eq!(span("05.03.2024"), s((2024, 3, 5), (2024, 3, 5)));
        assert_eq!(span("??.03.2024"), s((2024, 3, 1), (2024, 3, 31)));
        // A day without its month says nothing about the day.
        assert_eq!(span("2024.??.05"), s((2024, 1, 1), (2024, 12, 31)));
        for unknown in ["????.??.??", "", "?", "12 May 2024", "2024.03.05.1", "x"] {
            assert_eq!(span(unknown), None, "{unknown}");
        }
    }

    fn range(text: &str) -> DateRange {
        text.parse().unwrap()
    }

    #[test]
    fn a_date_is_in_a_range_when_all_its_days_are() {
        let year_2024 = span("2024.??.??").unwrap();
        assert!(range("2024").holds(&year_2024));
        assert!(range("2023..2025").holds(&year_2024));
        assert!(range("2024..").holds(&year_2024));
        assert!(!range("2024.06..").holds(&year_2024));
        assert!(!range("..2024.06").holds(&year_2024));
        let day = span("2024.06.15").unwrap();
        assert!(range("2024.06..").holds(&day));
        assert!(range("..2024.06").holds(&day));
        assert!(range("2024.06.15").holds(&day));
        assert!(!range("2024.06.16..").holds(&day));
        assert!(!range("..2024.06.14").holds(&day));
    }

    #[test]
    fn ranges_as_written() {
        assert_eq!(range("2020..2021").to_string(), "2020.01.01..2021.12.31");
        assert_eq!(range("..2019.06").to_string(), "..2019.06.31");
        assert_eq!(range("2019.06.02").to_string(), "2019.06.02..2019.06.02");
        for bad in ["", "..", "2021..2020", "2020.??..", "May", "2020...2021"] {
            assert!(bad.parse::<DateRange>().is_err(), "{bad}");
        }
    }
}
