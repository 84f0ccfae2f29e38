//! Material: men and kings of each side, counted on a position or written as a balance on the
//! command line (`--material 3K:1K`).
//!
//! A balance is `WHITE:BLACK`, each side a list of counts: `3K` three kings, `2M` (or `2`
//! alone) two men, `2M1K` (or `2M+1K`) both, `K` one king, `0` no piece. Case does not matter.
//! Counts are exact: `3K:1K` is three white kings and no white man against one black king and
//! no black man.

use crate::rules::position::{Color, Position};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// Men and kings of each side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Material {
    /// White men.
    pub white_men: u32,
    /// White kings.
    pub white_kings: u32,
    /// Black men.
    pub black_men: u32,
    /// Black kings.
    pub black_kings: u32,
}

impl Material {
    /// The men and kings of `pos`.
    pub fn of(pos: &Position) -> Material {
        let (white_kings, white_men) = pos.count(Color::White);
        let (black_kings, black_men) = pos.count(Color::Black);
        Material {
            white_men,
            white_kings,
            black_men,
            black_kings,
        }
    }
}

/// The balance as it is read: `3K:1K`, `2M1K:0`.
impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |f: &mut fmt::Formatter<'_>, men: u32, kings: u32| match (men, kings) {
            (0, 0) => write!(f, "0"),
            (men, 0) => write!(f, "{men}M"),
            (0, kings) => write!(f, "{kings}K"),
            (men, kings) => write!(f, "{men}M{kings}K"),
        };
        side(f, self.white_men, self.white_kings)?;
        write!(f, ":")?;
        side(f, self.black_men, self.black_kings)
    }
}

impl FromStr for Material {
    type Err = String;

    fn from_str(text: &str) -> Result<Material, String> {
        let bad = |why: &str| {
            format!(
                "material \"{}\": {why}; write WHITE:BLACK, each side as counts of men (M) \
                 and kings (K), e.g. 3K:1K or 2M1K:0",
                crate::text::escape::text(text)
            )
        };
        let (white, black) = text.split_once(':').ok_or_else(|| bad("no ':'"))?;
        let (white_men, white_kings) = side(white).map_err(|why| bad(&why))?;
        let (black_men, black_kings) = side(black).map_err(|why| bad(&why))?;
        Ok(Material {
            white_men,
            white_kings,
            black_men,
            black_kings,
        })
    }
}

/// Men and kings of one side: `2M1K`, `3K`, `2`, `K`, `0`.
fn side(text: &str) -> Result<(u32, u32), String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("a side is empty (write 0 for no piece)".to_string());
    }
    if let Ok(men) = text.parse::<u32>() {
        return Ok((men, 0));
    }
    let (mut men, mut kings) = (None, None);
    let mut rest = text;
    while !rest.is_empty() {
        rest = rest.trim_start_matches(['+', ' ']);
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let (number, after) = rest.split_at(digits);
        let count = if number.is_empty() {
            None
        } else {
            Some(number.parse::<u32>().map_err(|_| "a count is too large")?)
        };
        let mut chars = after.chars();
        let (slot, after) = match chars.next().map(|c| c.to_ascii_uppercase()) {
            Some('M') => (&mut men, chars.as_str()),
            Some('K') => (&mut kings, chars.as_str()),
            _ => {
                return Err(format!(
                    "cannot read \"{}\"",
                    crate::text::escape::text(text)
                ));
            }
        };
        if slot.is_some() {
            return Err("men or kings counted twice".to_string());
        }
        *slot = Some(count.unwrap_or(1));
        rest = after;
    }
    Ok((men.unwrap_or(0), kings.unwrap_or(0)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::parse_fen;
    use crate::rules::square::Corner;
    use crate::rules::variant::Variant;

    fn balance(text: &str) -> Material {
        text.parse().unwrap()
    }

    fn m(white_men: u32, white_kings: u32, black_men: u32, black_kings: u32) -> Material {
        Material {
            white_men,
            white_kings,
            black_men,
            black_kings,
        }
    }

    #[test]
    fn balances_as_written() {
        assert_eq!(balance("3K:1K"), m(0, 3, 0, 1));
        assert_eq!(balance("2M1K:0"), m(2, 1, 0, 0));
        assert_eq!(balance("2m+1k:k"), m(2, 1, 0, 1));
        assert_eq!(balance("15:15"), m(15, 0, 15, 0));
        assert_eq!(balance("1K2M : 4"), m(2, 1, 4, 0));
        assert_eq!(balance("0:0"), m(0, 0, 0, 0));
    }

    #[test]
    fn bad_balances_say_how_to_write_one() {
        for bad in [
            "3K",
            "3K:",
            ":1K",
            "3X:1K",
            "2M2M:0",
            "K3:1",
            "99999999999:0",
        ] {
            let e = bad.parse::<Material>().unwrap_err();
            assert!(e.contains("WHITE:BLACK"), "{bad}: {e}");
        }
    }

    #[test]
    fn written_back_as_read() {
        for text in ["3K:1K", "2M1K:0", "15M:15M", "0:1K"] {
            assert_eq!(balance(text).to_string(), text);
        }
    }

    #[test]
    fn counted_on_a_position() {
        let pos = parse_fen("B:Wa1,c1,Kd4:BKb8", Variant::Spantsiretti, Corner::TopLeft).unwrap();
        assert_eq!(Material::of(&pos), m(2, 1, 0, 1));
        assert_eq!(Material::of(&pos), balance("2M1K:1K"));
    }
}
