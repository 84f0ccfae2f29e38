//! PDN dates: the one reader of `Date` tags and of dates on the command line, for every
//! command (select's `--date`, split's `--by year`, dedupe's date conflicts, the years of
//! stats and of the report, validate's `bad-date` warning).
//!
//! A date is `YYYY.MM.DD` (separators `.`, `-` or `/`) with `?`, `??` or `????` for an
//! unknown part, or with its month and day left out (`2024`, `2024.05`, and with a trailing
//! separator `1950.`); the Russian order `DD.MM.YYYY` and `MM.YYYY` is read too (`1.1.1967`:
//! a last part of four digits after parts of one or two). The year has four digits. An
//! unknown part spans every value it may have, so `2024.??.??` is the whole year 2024, and
//! a day without its month says nothing. A date whose year is unknown (`????`, `0000`), or
//! that cannot be read, has no span.
//!
//! In a tag, a month or day `0` (`1967.00.00`, as some programs write) is unknown; a month
//! past 12 or a day the month does not have (`2019.02.30`) is impossible: [`check`] says
//! why, and [`span`] reads the parts that can be (the year, and the month if it exists).
//! On the command line an impossible or zero part is refused.

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

/// A part of a date as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    /// Question marks, a zero, or left out.
    Unknown,
    /// Digits: their value (a month or day may be out of range).
    Known(u32),
}

/// A date as written, its parts not yet checked against the calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Written {
    year: Part,
    month: Part,
    day: Part,
    /// A part was `0` or `00` (not `?`): unknown in a tag, refused on the command line.
    zero: bool,
}

/// Reads the parts of a date (see the module doc); None when it is not a date.
fn written(value: &str) -> Option<Written> {
    let value = value.trim();
    // `1950.`: a trailing separator.
    let value = value
        .strip_suffix(['.', '-', '/'])
        .filter(|v| !v.ends_with(['.', '-', '/']))
        .unwrap_or(value);
    // Three parts at most (in place: every game's date is read).
    let (mut held, mut count) = ([""; 3], 0);
    for part in value.split(['.', '-', '/']) {
        if count == held.len() || !is_part(part) {
            return None;
        }
        held[count] = part;
        count += 1;
    }
    let parts = &held[..count];
    let russian = parts.len() > 1
        && parts[parts.len() - 1].len() == 4
        && parts[..parts.len() - 1].iter().all(|p| p.len() <= 2);
    let (year, month, day) = match (russian, parts) {
        (true, [day, month, year]) => (*year, Some(*month), Some(*day)),
        (true, [month, year]) => (*year, Some(*month), None),
        (false, [year, rest @ ..]) => (*year, rest.first().copied(), rest.get(1).copied()),
        _ => return None,
    };
    if year.len() != 4 {
        return None;
    }
    let mut zero = false;
    let mut part = |text: Option<&str>| match text.map(|t| t.parse::<u32>()) {
        Some(Ok(0)) => {
            zero = true;
            Part::Unknown
        }
        Some(Ok(n)) => Part::Known(n),
        _ => Part::Unknown,
    };
    let (year, month, day) = (part(Some(year)), part(month), part(day));
    Some(Written {
        year,
        month,
        day,
        zero,
    })
}

/// Digits, or question marks for an unknown part.
fn is_part(part: &str) -> bool {
    !part.is_empty()
        && (part.bytes().all(|b| b.is_ascii_digit()) || part.bytes().all(|b| b == b'?'))
}

/// The days of `month` (1 to 12) of `year`.
fn days_in(year: u32, month: u32) -> u32 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Why a date cannot be a day of the calendar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Impossible {
    /// A month past 12.
    Month(u32),
    /// A day the month does not have: the day, the month, the days it has.
    Day(u32, u32, u32),
}

impl fmt::Display for Impossible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const MONTHS: [&str; 12] = [
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ];
        match *self {
            Impossible::Month(m) => write!(f, "there is no month {m}"),
            Impossible::Day(d, m, days) => {
                let name = MONTHS[(m as usize).clamp(1, 12) - 1];
                write!(f, "{name} has no day {d} (it has {days} days)")
            }
        }
    }
}

impl Written {
    /// What makes the date impossible, if anything.
    fn impossible(&self) -> Option<Impossible> {
        let Part::Known(month) = self.month else {
            return None;
        };
        if month > 12 {
            return Some(Impossible::Month(month));
        }
        let (Part::Known(year), Part::Known(day)) = (self.year, self.day) else {
            return None;
        };
        let days = days_in(year, month);
        (day > days).then_some(Impossible::Day(day, month, days))
    }

    /// The days it may be (an impossible part read as unknown); None if the year is unknown.
    fn span(&self) -> Option<Span> {
        let Part::Known(year) = self.year else {
            return None;
        };
        let month = match self.month {
            Part::Known(m) if m <= 12 => Some(m as u8),
            _ => None,
        };
        let day = match (month, self.day) {
            (Some(m), Part::Known(d)) if d <= days_in(year, u32::from(m)) => Some(d as u8),
            _ => None,
        };
        let (first_month, last_month) = month.map_or((1, 12), |m| (m, m));
        let (first_day, last_day) = day.map_or((1, 31), |d| (d, d));
        Some(Span {
            first: (year, first_month, first_day),
            last: (year, last_month, last_day),
        })
    }
}

/// Reads a `Date` tag's value; None when its year is unknown or it cannot be read.
pub fn span(value: &str) -> Option<Span> {
    written(value)?.span()
}

/// The year of a `Date` tag's value, if known.
pub fn year(value: &str) -> Option<u32> {
    span(value).map(|s| s.first.0)
}

/// Why a `Date` tag's value is no possible date, if it is not (an unreadable or unknown date
/// is not impossible).
pub fn check(value: &str) -> Option<Impossible> {
    written(value)?.impossible()
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
                crate::text::escape::text(text)
            )
        };
        let bound = |part: &str| -> Result<Option<Span>, String> {
            if part.trim().is_empty() {
                return Ok(None);
            }
            let date = written(part).ok_or_else(bad)?;
            // A bound is written with its known parts only, each a day of the calendar.
            if part.contains('?') || date.zero {
                return Err(bad());
            }
            if let Some(why) = date.impossible() {
                return Err(format!(
                    "date \"{}\" in --date \"{}\": {why}",
                    crate::text::escape::text(part.trim()),
                    crate::text::escape::text(text)
                ));
            }
            date.span().map(Some).ok_or_else(bad)
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
                crate::text::escape::text(text)
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
        // Forms of Russian archives.
        assert_eq!(span("1950."), s((1950, 1, 1), (1950, 12, 31)));
        assert_eq!(span("1950.??.??"), s((1950, 1, 1), (1950, 12, 31)));
        assert_eq!(span("1.1.1967"), s((1967, 1, 1), (1967, 1, 1)));
        assert_eq!(span("1967.01.01"), s((1967, 1, 1), (1967, 1, 1)));
        assert_eq!(span("03.1967"), s((1967, 3, 1), (1967, 3, 31)));
        assert_eq!(span("1967.00.00"), s((1967, 1, 1), (1967, 12, 31)));
        for unknown in ["0000.00.00", "20230202", "12.5", "1950..", "967.01.01"] {
            assert_eq!(span(unknown), None, "{unknown}");
        }
        assert_eq!(year(" 2001 "), Some(2001));
        assert_eq!(year("02.02.2023"), Some(2023));
    }

    #[test]
    fn impossible_dates_are_told_and_read_as_far_as_they_can_be() {
        assert_eq!(check("2019.02.30"), Some(Impossible::Day(30, 2, 28)));
        assert_eq!(check("2020.02.30"), Some(Impossible::Day(30, 2, 29)));
        assert_eq!(check("31.04.1967"), Some(Impossible::Day(31, 4, 30)));
        assert_eq!(check("1950.13.01"), Some(Impossible::Month(13)));
        for fine in [
            "2020.02.29",
            "2000.02.29",
            "1950.",
            "1967.00.00",
            "????",
            "x",
            "1.1.1967",
        ] {
            assert_eq!(check(fine), None, "{fine}");
        }
        assert_eq!(check("1900.02.29"), Some(Impossible::Day(29, 2, 28)));
        assert_eq!(
            Impossible::Day(30, 2, 28).to_string(),
            "February has no day 30 (it has 28 days)"
        );
        // The year stays, and the month when it exists.
        assert_eq!(span("2019.02.30"), s((2019, 2, 1), (2019, 2, 31)));
        assert_eq!(span("1950.13.01"), s((1950, 1, 1), (1950, 12, 31)));
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
        for bad in [
            "",
            "..",
            "2021..2020",
            "2020.??..",
            "May",
            "2020...2021",
            "2021.13",
            "2021.00",
            "2019.02.30",
            "2019..2020.00.01",
            "20",
        ] {
            assert!(bad.parse::<DateRange>().is_err(), "{bad}");
        }
        let refused = "2019.02.30".parse::<DateRange>().unwrap_err();
        assert!(refused.contains("\"2019.02.30\""), "{refused}");
        assert!(refused.contains("February has no day 30"), "{refused}");
        assert_eq!(range("1950.").to_string(), "1950.01.01..1950.12.31");
        assert_eq!(range("1.1.1967").to_string(), "1967.01.01..1967.01.01");
    }
}
