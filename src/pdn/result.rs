//! Game results as written in movetext and in the `Result` tag.
//!
//! Read: `1-0 0-1 1/2-1/2 0-0 *` (PDN Default set), `2-0 0-2 1-1` (International set, common
//! in Russian archives), the colon forms `1:0 0:1 1/2:1/2 0:0 2:0 0:2 1:1`, and `½-½` (UTF-8,
//! or the single byte `0xBD` of Latin-1). In movetext a result is a whole word: `1-10` is a
//! move, never `1-1` followed by `0`.

use std::fmt;

/// Who won, as declared by a result.
///
/// ```
/// use pdnkit::pdn::{GameResult, Verdict, parse_result_tag};
///
/// let verdict = |text: &str| parse_result_tag(text.as_bytes()).map(GameResult::verdict);
/// assert_eq!(verdict(" 1 - 0 "), Some(Verdict::WhiteWins));
/// assert_eq!(verdict("1-1"), Some(Verdict::Draw));
/// assert_eq!(verdict("0-0"), Some(Verdict::BothLose));
/// assert_eq!(verdict("White won"), None);
/// assert!(Verdict::BlackWins.is_decisive() && !Verdict::Draw.is_decisive());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// `1-0`, `2-0` and their other spellings.
    WhiteWins,
    /// `0-1`, `0-2` and their other spellings.
    BlackWins,
    /// `1/2-1/2`, `1-1` and their other spellings.
    Draw,
    /// `0-0`: the game was declared lost for both players.
    BothLose,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl Verdict {
    /// A win for one side (not a draw, double loss or unknown).
    pub const fn is_decisive(self) -> bool {
        matches!(self, Verdict::WhiteWins | Verdict::BlackWins)
    }
}

/// The family of notation a result was written in.
///
/// ```
/// use pdnkit::pdn::{GameResult, ResultStyle};
///
/// let style = |text: &str| GameResult::from_bytes(text.as_bytes()).map(GameResult::style);
/// assert_eq!(style("1/2-1/2"), Some(ResultStyle::Default));
/// assert_eq!(style("1:1"), Some(ResultStyle::InternationalColon));
/// assert_eq!(style("½-½"), Some(ResultStyle::HalfSign));
/// assert_eq!(style("*"), Some(ResultStyle::Asterisk));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultStyle {
    /// `1-0 0-1 1/2-1/2 0-0`
    Default,
    /// `2-0 0-2 1-1`
    International,
    /// `1:0 0:1 1/2:1/2 0:0`
    Colon,
    /// `2:0 0:2 1:1`
    InternationalColon,
    /// `½-½`
    HalfSign,
    /// `*`
    Asterisk,
}

/// A written form of a result: its text, verdict and style.
type Form = (&'static str, Verdict, ResultStyle);

static FORMS: [Form; 16] = [
    ("1-0", Verdict::WhiteWins, ResultStyle::Default),
    ("0-1", Verdict::BlackWins, ResultStyle::Default),
    ("1/2-1/2", Verdict::Draw, ResultStyle::Default),
    ("0-0", Verdict::BothLose, ResultStyle::Default),
    ("*", Verdict::Unknown, ResultStyle::Asterisk),
    ("2-0", Verdict::WhiteWins, ResultStyle::International),
    ("0-2", Verdict::BlackWins, ResultStyle::International),
    ("1-1", Verdict::Draw, ResultStyle::International),
    ("1:0", Verdict::WhiteWins, ResultStyle::Colon),
    ("0:1", Verdict::BlackWins, ResultStyle::Colon),
    ("1/2:1/2", Verdict::Draw, ResultStyle::Colon),
    ("0:0", Verdict::BothLose, ResultStyle::Colon),
    ("2:0", Verdict::WhiteWins, ResultStyle::InternationalColon),
    ("0:2", Verdict::BlackWins, ResultStyle::InternationalColon),
    ("1:1", Verdict::Draw, ResultStyle::InternationalColon),
    ("½-½", Verdict::Draw, ResultStyle::HalfSign),
];

/// One written result. Small and `Copy`: its entry in the table of known forms.
///
/// ```
/// use pdnkit::pdn::{GameResult, ResultStyle, Verdict};
///
/// let result = GameResult::from_bytes(b"2-0").expect("a result");
/// assert_eq!((result.verdict(), result.style()), (Verdict::WhiteWins, ResultStyle::International));
/// assert_eq!(result.to_string(), "2-0");
/// assert_eq!(GameResult::from_bytes(b"22-18"), None); // a move
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult(&'static Form);

impl GameResult {
    /// The result written exactly as `word` (a whole movetext word), if it is one.
    pub fn from_bytes(word: &[u8]) -> Option<GameResult> {
        let word = match word {
            [0xbd, b'-', 0xbd] => "½-½".as_bytes(), // in Latin-1
            _ => word,
        };
        FORMS
            .iter()
            .find(|(text, ..)| text.as_bytes() == word)
            .map(GameResult)
    }

    /// Whether `word` has the length of a result (a quick test before
    /// [`GameResult::from_bytes`], which turns away most moves, like `22-18`, by it alone).
    #[inline(always)]
    pub(crate) fn may_be(word: &[u8]) -> bool {
        match word.len() {
            1 | 3 | 7 => true,
            5 => word.first() == Some(&0xc2),
            _ => false,
        }
    }

    /// Whether a word starting with `b` may be a result (a quick test before
    /// [`GameResult::from_bytes`]).
    pub(crate) const fn may_start(b: u8) -> bool {
        matches!(b, b'0' | b'1' | b'2' | b'*' | 0xc2 | 0xbd)
    }

    /// Winner, draw, double loss or unknown.
    pub fn verdict(self) -> Verdict {
        self.0.1
    }

    /// The notation family it was written in.
    pub fn style(self) -> ResultStyle {
        self.0.2
    }

    /// The result as written (`½-½` also for its Latin-1 byte form).
    pub fn text(self) -> &'static str {
        self.0.0
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// Reads the value of a `Result` tag. Lenient: surrounding and inner ASCII whitespace is
/// ignored (`" 1 - 0 "`). Any other text (the standard allows arbitrary strings) gives `None`.
pub fn parse_result_tag(value: &[u8]) -> Option<GameResult> {
    const LONGEST: usize = 16;
    let mut compact = [0u8; LONGEST];
    let mut len = 0;
    for &b in value.iter().filter(|b| !b.is_ascii_whitespace()) {
        *compact.get_mut(len)? = b;
        len += 1;
    }
    GameResult::from_bytes(compact.get(..len)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_round_trips() {
        for (i, &(text, outcome, style)) in FORMS.iter().enumerate() {
            let r = GameResult::from_bytes(text.as_bytes()).expect(text);
            assert!(std::ptr::eq(r.0, &FORMS[i]), "{text}");
            assert!(GameResult::may_start(text.as_bytes()[0]), "{text}");
            assert!(GameResult::may_be(text.as_bytes()), "{text}");
            assert_eq!((r.text(), r.verdict(), r.style()), (text, outcome, style));
            assert_eq!(r.to_string(), text);
        }
    }
}
