//! The `GameType` tag value: a bare number (`"41"`) or the full form
//! `"41,W,10,8,A0,0"` (type, start colour, width, height, notation and corner of square 1,
//! invert flag). Lenient: spaces around fields, lower-case letters, and the full form
//! without its invert flag (`"25,W,8,8,A1"`). Any other shape is a [`GameTypeError`] with
//! the byte offset (in the value) of the faulty field. Each field is read by its parser of the
//! grammar.

use super::grammar::{self, board_side, game_type_number, read_field, start_color};
use std::fmt;
use std::str::FromStr;

/// A parsed GameType tag. Fields after `number` are `None` for the bare form.
///
/// ```
/// use pdnkit::pdn::GameTypeTag;
///
/// let tag = GameTypeTag::parse(b"25,W,8,8,N2,0")?;
/// assert_eq!((tag.number, tag.start_color, tag.width, tag.height), (25, Some('W'), Some(8), Some(8)));
/// assert_eq!((tag.notation, tag.invert), (Some(('N', 2)), Some(0)));
/// assert_eq!(GameTypeTag::parse(b" 41 ")?.width, None); // the bare form
/// # Ok::<(), pdnkit::pdn::GameTypeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameTypeTag {
    /// The game type's number in the PDN table (41, 25...).
    pub number: u32,
    /// `W` or `B` (upper case).
    pub start_color: Option<char>,
    /// Columns of the board.
    pub width: Option<u8>,
    /// Rows of the board.
    pub height: Option<u8>,
    /// `A` (alphanumeric), `N` (numeric) or `S` (SAN), and the corner digit of square 1:
    /// 0 bottom left, 1 bottom right, 2 top left, 3 top right.
    pub notation: Option<(char, u8)>,
    /// 0: the bottom-left corner is a playing square; 1: it is not.
    pub invert: Option<u8>,
}

/// What is wrong with a GameType value.
///
/// ```
/// use pdnkit::pdn::{GameTypeError, GameTypeField, GameTypeTag};
///
/// assert_eq!(GameTypeTag::parse(b"  "), Err(GameTypeError::Empty));
/// let error = GameTypeTag::parse(b"25,W,8,X,A0").unwrap_err();
/// assert_eq!(error, GameTypeError::Field { field: GameTypeField::Height, at: 7 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameTypeError {
    /// No value at all.
    Empty,
    /// A field that is bad, missing or one too many, at byte `at` of the value.
    Field {
        /// Which field.
        field: GameTypeField,
        /// The byte offset of the field in the value.
        at: usize,
    },
}

/// The field of a GameType value that a [`GameTypeError`] points at.
///
/// ```
/// use pdnkit::pdn::{GameTypeError, GameTypeField, GameTypeTag};
///
/// let field = |value: &str| match GameTypeTag::parse(value.as_bytes()) {
///     Err(GameTypeError::Field { field, .. }) => Some(field),
///     _ => None,
/// };
/// assert_eq!(field("draughts"), Some(GameTypeField::Number));
/// assert_eq!(field("25,R,8,8,A0"), Some(GameTypeField::StartColor));
/// assert_eq!(field("25,W,8,8,Z0"), Some(GameTypeField::Notation));
/// assert_eq!(field("25,W,8"), Some(GameTypeField::Missing));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameTypeField {
    /// The game type's number is not a number.
    Number,
    /// The start colour is neither `W` nor `B`.
    StartColor,
    /// The width is not a number from 1 to 255.
    Width,
    /// The height is not a number from 1 to 255.
    Height,
    /// The notation is not a letter (`A`, `N`, `S`) and a corner digit (0-3).
    Notation,
    /// The invert flag is neither 0 nor 1.
    Invert,
    /// Missing: the value has fewer than the five fields of the full form.
    Missing,
    /// One too many: the value has more than six fields.
    Trailing,
}

impl fmt::Display for GameTypeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let GameTypeError::Field { field, at } = *self else {
            return f.write_str("empty GameType");
        };
        let what = match field {
            GameTypeField::Number => "game type number",
            GameTypeField::StartColor => "start colour (W or B)",
            GameTypeField::Width => "board width",
            GameTypeField::Height => "board height",
            GameTypeField::Notation => "notation (A, N or S and a digit 0-3)",
            GameTypeField::Invert => "invert flag (0 or 1)",
            GameTypeField::Missing => {
                return write!(
                    f,
                    "GameType ends at byte {at}; the full form has 5 or 6 fields"
                );
            }
            GameTypeField::Trailing => "end of GameType",
        };
        write!(f, "bad {what} at byte {at} of GameType")
    }
}

impl std::error::Error for GameTypeError {}

impl GameTypeTag {
    /// The bare form with just a type number.
    pub const fn bare(number: u32) -> GameTypeTag {
        GameTypeTag {
            number,
            start_color: None,
            width: None,
            height: None,
            notation: None,
            invert: None,
        }
    }

    /// Reads a GameType tag value.
    pub fn parse(value: &[u8]) -> Result<GameTypeTag, GameTypeError> {
        use GameTypeField::*;
        if value.iter().all(u8::is_ascii_whitespace) {
            return Err(GameTypeError::Empty);
        }
        let bad = |field, at| GameTypeError::Field { field, at };
        let missing = bad(Missing, value.len());
        // Each field trimmed, with its offset in `value` (no allocation: one tag per game).
        let mut fields = value.split(|&b| b == b',').scan(0, |at, field| {
            let start = *at + field.len() - field.trim_ascii_start().len();
            *at += field.len() + 1;
            Some((field.trim_ascii(), start))
        });
        let (number, at) = fields.next().unwrap_or_default();
        let number = read_field(game_type_number, number).ok_or(bad(Number, at))?;
        let mut tag = GameTypeTag::bare(number);
        let Some((color, at)) = fields.next() else {
            return Ok(tag);
        };
        tag.start_color = Some(read_field(start_color, color).ok_or(bad(StartColor, at))?);
        // The board's width and height: numbers from 1 to 255.
        let mut side = |field| {
            let (side, at) = fields.next().ok_or(missing)?;
            read_field(board_side, side).ok_or(bad(field, at))
        };
        tag.width = Some(side(Width)?);
        tag.height = Some(side(Height)?);
        let (notation, at) = fields.next().ok_or(missing)?;
        tag.notation = Some(read_field(grammar::notation, notation).ok_or(bad(Notation, at))?);
        if let Some((invert, at)) = fields.next() {
            tag.invert = Some(read_field(grammar::invert, invert).ok_or(bad(Invert, at))?);
        }
        match fields.next() {
            Some((_, at)) => Err(bad(Trailing, at.saturating_sub(1))),
            None => Ok(tag),
        }
    }
}

/// The game a GameType number stands for, by the PDN standard's table (None for numbers
/// the table leaves free or reserves for future use).
pub fn game_type_name(number: u32) -> Option<&'static str> {
    Some(match number {
        0 => "chess",
        1 => "Chinese chess",
        20 => "International draughts (10x10)",
        21 => "English draughts (checkers, 8x8)",
        22 => "Italian draughts (8x8)",
        23 => "American pool checkers (8x8)",
        24 => "Spanish draughts (8x8)",
        25 => "Russian draughts (8x8)",
        26 => "Brazilian draughts (8x8)",
        27 => "Canadian draughts (12x12)",
        28 => "Portuguese draughts (8x8)",
        29 => "Czech draughts (8x8)",
        30 => "Turkish draughts (8x8)",
        31 => "Thai draughts (8x8)",
        40 => "Frisian draughts (10x10)",
        41 => "Spantsiretti (10x8)",
        50 => "Othello",
        _ => return None,
    })
}

impl FromStr for GameTypeTag {
    type Err = GameTypeError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameTypeTag::parse(s.as_bytes())
    }
}

impl fmt::Display for GameTypeTag {
    /// The bare form, or the canonical full form `41,W,10,8,A0,0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number)?;
        if let (Some(color), Some(width), Some(height), Some((kind, corner))) =
            (self.start_color, self.width, self.height, self.notation)
        {
            write!(f, ",{color},{width},{height},{kind}{corner}")?;
            if let Some(invert) = self.invert {
                write!(f, ",{invert}")?;
            }
        }
        Ok(())
    }
}
