//! A game as a JSON object (`pdnkit convert --to json|jsonl`; documented in `docs/json.md`).
//!
//! Squares are alphanumeric (`c3`) everywhere except in each move's `numeric` text, which
//! uses the numbering in force for the game (the corner digit of an `N` GameType, else N2:
//! square 1 = b8). FENs are alphanumeric. The object is built as borrowed serde structs, so
//! that writing it ([`write_game_json`]) does not go through a `Value` tree.

use crate::diagnostic::Diagnostic;
use crate::fen::{FenNotation, write_fen};
use crate::movegen::captured_in_order;
use crate::notation::{MoveNumber, move_text, needs_full_path};
use crate::pdn::gametype::GameTypeTag;
use crate::position::Color;
use crate::square::SquareName;
use crate::validate::{GameReport, GameTypeSource, PlayedMove};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use serde_json::Value;
use std::collections::HashMap;
use std::io::Write;

/// What a game object holds besides its fixed fields.
#[derive(Clone, Copy, Debug)]
pub struct JsonOptions {
    /// Each move carries `fen_after`, the position it leads to (most of the object's size).
    pub positions: bool,
}

impl Default for JsonOptions {
    fn default() -> Self {
        JsonOptions { positions: true }
    }
}

/// The object of one game: tags, game type, start FEN, every replayed move, result and
/// diagnostics.
pub fn game_json(file: &str, report: &GameReport) -> Value {
    let object = GameObject::new(file, report, JsonOptions::default());
    serde_json::to_value(object).expect("a game object is valid JSON")
}

/// Writes the object of one game (one line, no line break) to `out`, escaped as
/// [`crate::escape::write_json`] does.
pub fn write_game_json<W: Write>(out: W, file: &str, report: &GameReport) -> std::io::Result<()> {
    write_game_json_with(out, file, report, JsonOptions::default())
}

/// [`write_game_json`] with the choices of `options`.
pub fn write_game_json_with<W: Write>(
    out: W,
    file: &str,
    report: &GameReport,
    options: JsonOptions,
) -> std::io::Result<()> {
    crate::escape::write_json(out, &GameObject::new(file, report, options))
}

/// The fields that open every game object, `convert`'s and `validate`'s:
/// `{"type":"game","file":..,"game":..,"line":..,"valid":..`.
#[derive(Serialize)]
pub struct GameHead<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    file: &'a str,
    game: usize,
    line: u32,
    valid: bool,
}

impl<'a> GameHead<'a> {
    /// The head of the game of `report` read from `file`.
    pub fn new(file: &'a str, report: &GameReport) -> GameHead<'a> {
        GameHead {
            kind: "game",
            file,
            game: report.index,
            line: report.line,
            valid: report.valid(),
        }
    }
}

#[derive(Serialize)]
struct GameObject<'a> {
    #[serde(flatten)]
    head: GameHead<'a>,
    plies: u32,
    tags: Tags<'a>,
    game_type: Option<GameTypeObject>,
    game_type_by: Option<&'static str>,
    start_fen: Option<String>,
    moves: Vec<MoveObject<'a>>,
    result: ResultObject,
    /// The same objects as `validate`'s (a [`Diagnostic`] serializes as one).
    diagnostics: &'a [Diagnostic],
}

impl<'a> GameObject<'a> {
    fn new(file: &'a str, report: &'a GameReport, options: JsonOptions) -> GameObject<'a> {
        let first = report.start.map_or(Color::White, |p| p.turn);
        GameObject {
            head: GameHead::new(file, report),
            plies: report.plies(),
            tags: Tags(&report.tags),
            game_type: game_type(report),
            game_type_by: report.game_type_by.map(GameTypeSource::name),
            start_fen: report.start.map(|p| write_fen(&p, FenNotation::Alpha)),
            moves: report
                .moves
                .iter()
                .enumerate()
                .map(|(i, played)| MoveObject::new(report, played, i, first, options))
                .collect(),
            result: ResultObject {
                declared: report.declared.map(|r| r.text()),
                termination: report.termination.map(|t| t.name()),
                rule_ply: report.rule_end.map(|(_, ply)| ply),
            },
            diagnostics: &report.diagnostics,
        }
    }
}

/// Tags as an object in file order; a name given twice keeps its first place and its last
/// value (as a JSON object can hold a name once).
struct Tags<'a>(&'a [(String, String)]);

impl Serialize for Tags<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Each name's last value, then the names in the order they first appear: linear in
        // the number of tags, however many there are.
        let mut last: HashMap<&str, &str> = HashMap::with_capacity(self.0.len());
        for (name, value) in self.0 {
            last.insert(name, value);
        }
        let mut map = serializer.serialize_map(Some(last.len()))?;
        for (name, _) in self.0 {
            if let Some(value) = last.remove(name.as_str()) {
                map.serialize_entry(name, value)?;
            }
        }
        map.end()
    }
}

/// The six fields of the GameType (notation split into letter and corner digit).
#[derive(Serialize)]
struct GameTypeObject {
    number: u32,
    start_color: Option<String>,
    width: Option<u8>,
    height: Option<u8>,
    notation: Option<String>,
    corner: Option<u8>,
    invert: Option<u8>,
}

impl From<GameTypeTag> for GameTypeObject {
    fn from(t: GameTypeTag) -> GameTypeObject {
        GameTypeObject {
            number: t.number,
            start_color: t.start_color.map(String::from),
            width: t.width,
            height: t.height,
            notation: t.notation.map(|(kind, _)| String::from(kind)),
            corner: t.notation.map(|(_, corner)| corner),
            invert: t.invert,
        }
    }
}

/// The GameType in force. For a known game type, fields the tag leaves out are those of the
/// variant's full form (`41,W,10,8,A0,0`), except that a game written in numeric squares
/// gets `N` and its numbering corner. For an unsupported game type, the fields as written
/// (null where absent); None if the GameType tag cannot be read.
fn game_type(report: &GameReport) -> Option<GameTypeObject> {
    let Some(variant) = report.variant else {
        let (_, value) = report.tags.iter().find(|(name, _)| name == "GameType")?;
        return GameTypeTag::parse(value.as_bytes()).ok().map(Into::into);
    };
    let t = report.game_type;
    let g = variant.geometry();
    let default_notation = if report.numeric {
        ('N', report.corner.digit())
    } else {
        ('A', 0)
    };
    let full = GameTypeTag {
        number: t.number,
        start_color: Some(t.start_color.unwrap_or('W')),
        width: Some(t.width.unwrap_or(g.width)),
        height: Some(t.height.unwrap_or(g.height)),
        notation: Some(t.notation.unwrap_or(default_notation)),
        invert: Some(t.invert.unwrap_or(0)),
    };
    Some(full.into())
}

/// A square, written as its alphanumeric name.
struct Square(SquareName);

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

#[derive(Serialize)]
struct MoveObject<'a> {
    ply: usize,
    number: u32,
    side: &'static str,
    written: &'a str,
    alpha: String,
    numeric: String,
    from: Square,
    to: Square,
    path: Vec<Square>,
    captured: Vec<Square>,
    promotion: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    fen_after: Option<String>,
}

impl<'a> MoveObject<'a> {
    fn new(
        report: &GameReport,
        played: &'a PlayedMove,
        index: usize,
        first: Color,
        options: JsonOptions,
    ) -> Self {
        let mv = &played.mv;
        let g = played.before.geometry();
        let full = needs_full_path(mv, &played.before);
        let square = |bit: u8| Square(g.square_name(bit));
        let MoveNumber { number, side } = MoveNumber::first(first).nth(index);
        MoveObject {
            ply: index + 1,
            number,
            side: match side {
                Color::White => "white",
                Color::Black => "black",
            },
            written: &played.written,
            alpha: move_text(mv, g, None, full),
            numeric: move_text(mv, g, Some(report.corner), full),
            from: square(mv.from),
            to: square(mv.to),
            path: mv.landings().iter().map(|&b| square(b)).collect(),
            captured: captured_in_order(mv, &played.before)
                .into_iter()
                .map(square)
                .collect(),
            promotion: mv.promotes,
            fen_after: options
                .positions
                .then(|| write_fen(&played.after, FenNotation::Alpha)),
        }
    }
}

#[derive(Serialize)]
struct ResultObject {
    declared: Option<&'static str>,
    termination: Option<&'static str>,
    rule_ply: Option<u32>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_given_twice_keeps_its_place_and_last_value() {
        let tags = vec![
            ("Event".to_string(), "a".to_string()),
            ("Site".to_string(), "s".to_string()),
            ("Event".to_string(), "b".to_string()),
        ];
        let text = serde_json::to_string(&Tags(&tags)).unwrap();
        assert_eq!(text, r#"{"Event":"b","Site":"s"}"#);
    }
}
