//! The `"type":"game"` object: one object of one schema for every command that prints games
//! as JSON (documented once in `docs/json.md`). `validate` prints its fixed fields;
//! `convert --to json|jsonl` adds the tags, the start position and the moves, and changes no
//! field of `validate`'s.
//!
//! The object is written straight into the output buffer ([`GameObject::write`]): numbers
//! through `itoa`, text escaped in one pass ([`crate::text::escape::push_json_string`]), squares
//! and moves as bytes, with one scratch string per game for the move texts. Squares are
//! alphanumeric (`c3`) everywhere except in each move's `numeric` text, which uses the
//! numbering in force for the game (the corner digit of an `N` GameType, else N2: square
//! 1 = b8). FENs are alphanumeric.

use crate::check::{GameReport, PlayedMove};
use crate::notation::fen::{FenNotation, push_fen};
use crate::notation::naming::MoveNumber;
use crate::pdn::gametype::GameTypeTag;
use crate::rules::geometry::{Geometry, bits};
use crate::rules::movegen::captured_in_order;
use crate::rules::moves::{MAX_JUMPS, Move};
use crate::rules::position::{Color, Position};
use crate::rules::square::Corner;
use crate::text::escape::{json_plain, push_json_string};
use serde_json::Value;
use std::collections::HashMap;

/// A member's name as written: `key!("ply")` is `"ply":`, one static slice.
macro_rules! key {
    ($name:literal) => {
        concat!("\"", $name, "\":").as_bytes()
    };
}

/// What `convert`'s game object holds besides `validate`'s fields.
///
/// ```
/// use pdnkit::write::{GameObject, JsonOptions};
///
/// let pdn = "[GameType \"25\"]\n1. c3-d4 f6-e5 *\n";
/// let report = pdnkit::read(pdn.as_bytes()).games().next().expect("a game")?.report;
/// let mut options = JsonOptions::default();
/// options.positions = false; // `convert --no-positions`
/// let json = GameObject::conversion("club.pdn", &report, options).to_value();
/// assert_eq!(json["moves"][0]["alpha"], "c3-d4");
/// assert_eq!(json["moves"][0].get("fen_after"), None);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct JsonOptions {
    /// Each move carries `fen_after`, the position it leads to (most of the object's size).
    pub positions: bool,
}

impl Default for JsonOptions {
    fn default() -> Self {
        JsonOptions { positions: true }
    }
}

/// The object of one game read from `file`.
///
/// ```
/// use pdnkit::write::{GameObject, JsonOptions};
///
/// let pdn = "[Event \"Club\"]\n[GameType \"25\"]\n1. c3-d4 f6-e5 *\n";
/// let report = pdnkit::read(pdn.as_bytes()).games().next().expect("a game")?.report;
/// let json = GameObject::conversion("club.pdn", &report, JsonOptions::default()).to_value();
/// assert_eq!((json["file"].as_str(), json["game"].as_u64()), (Some("club.pdn"), Some(1)));
/// assert_eq!(json["tags"]["Event"], "Club");
/// assert_eq!(json["moves"][1]["numeric"], "11-15");
/// assert!(json["moves"][1]["fen_after"].as_str().is_some_and(|fen| fen.starts_with("W:")));
/// // validate's object: no moves.
/// let json = GameObject::validation("club.pdn", &report).to_value();
/// assert_eq!((json["valid"].as_bool(), json.get("moves")), (Some(true), None));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct GameObject<'a> {
    file: &'a str,
    report: &'a GameReport,
    /// `tags`, `start_fen` and `moves` (convert's object); None: validate's.
    moves: Option<JsonOptions>,
}

impl<'a> GameObject<'a> {
    /// `validate`'s object: the game, its game type, result and diagnostics.
    pub fn validation(file: &'a str, report: &'a GameReport) -> Self {
        GameObject {
            file,
            report,
            moves: None,
        }
    }

    /// `convert`'s object: `validate`'s, with the tags, the start position and the moves
    /// (`report` kept both).
    pub fn conversion(file: &'a str, report: &'a GameReport, options: JsonOptions) -> Self {
        GameObject {
            file,
            report,
            moves: Some(options),
        }
    }

    /// Appends the object (one line, no line break) to `out`.
    pub fn write(&self, out: &mut Vec<u8>) {
        let report = self.report;
        // Room for the whole object at once (a move takes about 150 bytes, 250 with its
        // FEN), rather than growing the buffer again and again as it is written.
        if let Some(options) = self.moves {
            let per_move = if options.positions { 288 } else { 192 };
            let tags: usize = report.tags.iter().map(|(n, v)| n.len() + v.len() + 6).sum();
            out.reserve(512 + tags + per_move * report.moves.len());
        }
        let mut o = Object::open(out);
        o.member(key!("type")).ascii("game");
        o.member(key!("file")).str(self.file);
        o.member(key!("game")).num(report.index as u64);
        o.member(key!("line")).num(u64::from(report.line));
        o.member(key!("valid")).bool(report.valid());
        o.member(key!("plies"))
            .opt_num(plies(report).map(u64::from));
        if self.moves.is_some() {
            write_tags(o.member(key!("tags")).0, &report.tags);
        }
        match game_type(report) {
            Some(t) => write_game_type(o.member(key!("game_type")).0, &t),
            None => o.member(key!("game_type")).null(),
        }
        o.member(key!("game_type_by"))
            .opt_str(report.game_type_by.map(|by| by.name()));
        if let Some(options) = self.moves {
            match report.start {
                Some(start) => o.member(key!("start_fen")).fen(&start),
                None => o.member(key!("start_fen")).null(),
            }
            write_moves(o.member(key!("moves")).0, report, options);
        }
        let result = o.member(key!("result")).0;
        let mut r = Object::open(result);
        r.member(key!("declared"))
            .opt_str(report.declared.map(|d| d.text()));
        r.member(key!("termination"))
            .opt_str(report.termination().map(|t| t.name()));
        // The ply of a rule's ending, for a game that has it as its termination.
        let rule_ply = report.rule_termination();
        r.member(key!("rule_ply"))
            .opt_num(rule_ply.map(|(_, ply)| u64::from(ply)));
        r.close();
        let out = o.member(key!("diagnostics")).0;
        out.push(b'[');
        for (i, d) in report.diagnostics.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            // Writing into memory cannot fail, and a diagnostic always serializes.
            let _ = crate::text::escape::write_json(&mut *out, d);
        }
        out.push(b']');
        o.close();
    }

    /// The object as a JSON value (for callers that want to look into it).
    pub fn to_value(&self) -> Value {
        let mut out = Vec::new();
        self.write(&mut out);
        serde_json::from_slice(&out).expect("a game object is valid JSON")
    }
}

/// `convert`'s object of one game as a JSON value, with every field.
pub fn game_json(file: &str, report: &GameReport) -> Value {
    GameObject::conversion(file, report, JsonOptions::default()).to_value()
}

/// The members of an object being written: commas between them, braces around.
struct Object<'o> {
    out: &'o mut Vec<u8>,
    first: bool,
}

/// The place of one value, after its key.
struct Slot<'o>(&'o mut Vec<u8>);

impl<'o> Object<'o> {
    fn open(out: &'o mut Vec<u8>) -> Self {
        out.push(b'{');
        Object { out, first: true }
    }

    /// Starts a member: `quoted` is its name as written in JSON, quotes and colon included
    /// (plain ASCII: see [`key!`]).
    fn member(&mut self, quoted: &[u8]) -> Slot<'_> {
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        self.out.extend_from_slice(quoted);
        Slot(self.out)
    }

    fn close(self) {
        self.out.push(b'}');
    }
}

impl Slot<'_> {
    fn str(self, text: &str) {
        push_json_string(self.0, text);
    }

    /// Text pdnkit made itself (names, moves, squares: plain ASCII), with nothing to escape.
    fn ascii(self, text: &str) {
        debug_assert!(text.bytes().all(|b| b.is_ascii_graphic()));
        self.0.push(b'"');
        self.0.extend_from_slice(text.as_bytes());
        self.0.push(b'"');
    }

    fn opt_str(self, text: Option<&str>) {
        match text {
            Some(text) => self.str(text),
            None => self.null(),
        }
    }

    fn num(self, n: u64) {
        push_number(self.0, n);
    }

    fn opt_num(self, n: Option<u64>) {
        match n {
            Some(n) => self.num(n),
            None => self.null(),
        }
    }

    fn bool(self, b: bool) {
        self.0.extend_from_slice(if b { b"true" } else { b"false" });
    }

    fn null(self) {
        self.0.extend_from_slice(b"null");
    }

    /// A position as an alphanumeric FEN (plain ASCII: nothing to escape).
    fn fen(self, pos: &Position) {
        self.0.push(b'"');
        push_fen(pos, FenNotation::Alpha, self.0);
        self.0.push(b'"');
    }
}

/// Appends `n` in decimal.
pub(crate) fn push_number(out: &mut Vec<u8>, n: u64) {
    // Most numbers of a game object (plies, move numbers, rows) are below 100.
    match n {
        0..10 => out.push(b'0' + n as u8),
        10..100 => out.extend_from_slice(&[b'0' + (n / 10) as u8, b'0' + (n % 10) as u8]),
        _ => out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes()),
    }
}

/// Tags as an object in file order, as [`each_tag`] gives them.
fn write_tags(out: &mut Vec<u8>, tags: &[(String, String)]) {
    let mut o = Object::open(out);
    each_tag(tags, |name, value| push_member(&mut o, name, value));
    o.close();
}

/// Each tag name once, in file order: a name given twice keeps its first place and its
/// last value (as a JSON object can hold a name once). Linear in the number of tags: a few
/// are compared with each other, more go through a table. (The JSON object's tags and the
/// Parquet row's.)
pub(crate) fn each_tag<'t>(tags: &'t [(String, String)], mut f: impl FnMut(&'t str, &'t str)) {
    const FEW: usize = 16;
    if tags.len() <= FEW {
        for (i, (name, _)) in tags.iter().enumerate() {
            if tags[..i].iter().any(|(earlier, _)| earlier == name) {
                continue;
            }
            let (_, value) = tags[i..]
                .iter()
                .rfind(|(n, _)| n == name)
                .unwrap_or(&tags[i]);
            f(name, value);
        }
    } else {
        let mut last: HashMap<&str, &str> = HashMap::with_capacity(tags.len());
        for (name, value) in tags {
            last.insert(name, value);
        }
        for (name, _) in tags {
            if let Some(value) = last.remove(name.as_str()) {
                f(name, value);
            }
        }
    }
}

/// A member whose name is text from the archive (escaped as any string).
fn push_member(o: &mut Object<'_>, name: &str, value: &str) {
    if !o.first {
        o.out.push(b',');
    }
    o.first = false;
    push_json_string(o.out, name);
    o.out.push(b':');
    push_json_string(o.out, value);
}

/// The plies replayed; None in a syntax check (it replays nothing and chooses no game type).
pub(crate) fn plies(report: &GameReport) -> Option<u32> {
    report.game_type_by.map(|_| report.plies())
}

/// The GameType in force. For a known game type, fields the tag leaves out are those of the
/// variant's full form (`41,W,10,8,A0,0`), except that a game written in numeric squares
/// gets `N` and its numbering corner. For a tag that names a game pdnkit does not play (or
/// another board), its fields as written (None where absent). None when the GameType tag
/// cannot be read, when a game without one fits no board, and in a syntax check.
pub(crate) fn game_type(report: &GameReport) -> Option<GameTypeTag> {
    let Some(variant) = report.variant else {
        return report.game_type_tag;
    };
    let t = report
        .game_type_tag
        .unwrap_or(GameTypeTag::bare(u32::from(variant.game_type())));
    let g = variant.geometry();
    let default_notation = if report.numeric {
        ('N', report.corner.digit())
    } else {
        ('A', 0)
    };
    Some(GameTypeTag {
        number: t.number,
        start_color: Some(t.start_color.unwrap_or('W')),
        width: Some(t.width.unwrap_or(g.width)),
        height: Some(t.height.unwrap_or(g.height)),
        notation: Some(t.notation.unwrap_or(default_notation)),
        invert: Some(t.invert.unwrap_or(0)),
    })
}

/// The six fields of the GameType, the notation split into letter and corner digit.
fn write_game_type(out: &mut Vec<u8>, t: &GameTypeTag) {
    let letter = |c: char, out: Slot<'_>| out.str(c.encode_utf8(&mut [0; 4]));
    let mut o = Object::open(out);
    o.member(key!("number")).num(u64::from(t.number));
    match t.start_color {
        Some(c) => letter(c, o.member(key!("start_color"))),
        None => o.member(key!("start_color")).null(),
    }
    o.member(key!("width")).opt_num(t.width.map(u64::from));
    o.member(key!("height")).opt_num(t.height.map(u64::from));
    match t.notation {
        Some((kind, _)) => letter(kind, o.member(key!("notation"))),
        None => o.member(key!("notation")).null(),
    }
    o.member(key!("corner"))
        .opt_num(t.notation.map(|(_, corner)| u64::from(corner)));
    o.member(key!("invert")).opt_num(t.invert.map(u64::from));
    o.close();
}

fn write_moves(out: &mut Vec<u8>, report: &GameReport, options: JsonOptions) {
    let first = report.start.map_or(Color::White, |p| p.turn);
    let mut buf = MoveBytes::new();
    out.push(b'[');
    // Every move of a game is played on one board.
    if let Some(g) = report.moves.first().map(|p| p.before.geometry()) {
        let board = (g, &numbers_of(g, report.corner));
        for (index, played) in report.moves.iter().enumerate() {
            if index > 0 {
                out.push(b',');
            }
            write_move(out, &mut buf, board, played, (index, first), options);
        }
    }
    out.push(b']');
}

/// The number of each square of `g` (by bit) in the numbering that starts at `corner`: worked
/// out once per game rather than for every square of every move.
fn numbers_of(g: &Geometry, corner: Corner) -> [u8; 64] {
    let mut numbers = [0; 64];
    for bit in bits(g.squares) {
        numbers[usize::from(bit)] = g.number_of(bit, corner);
    }
    numbers
}

/// Writes the `index`-th move (from 0) of a game whose first move is `first`'s, on the board
/// `g` whose squares' numbers are `numbers` ([`numbers_of`]).
fn write_move(
    out: &mut Vec<u8>,
    b: &mut MoveBytes,
    (g, numbers): (&Geometry, &[u8; 64]),
    played: &PlayedMove,
    (index, first): (usize, Color),
    options: JsonOptions,
) {
    let mv = &played.mv;
    let full = played.full_path;
    let MoveNumber { number, side } = MoveNumber::first(first).nth(index);
    b.clear();
    b.put(b"{\"ply\":");
    b.num(index as u64 + 1);
    b.put(b",\"number\":");
    b.num(u64::from(number));
    b.put(match side {
        Color::White => b",\"side\":\"white\",\"written\":",
        Color::Black => b",\"side\":\"black\",\"written\":",
    });
    let written = played.written.as_bytes();
    if written.len() <= WRITTEN_INLINE && json_plain(written) {
        b.byte(b'"');
        b.put(written);
        b.byte(b'"');
    } else {
        out.extend_from_slice(b.bytes());
        b.clear();
        push_json_string(out, &played.written);
    }
    b.put(b",\"alpha\":\"");
    b.path(mv, full, |b, bit| b.square(g, bit));
    b.put(b"\",\"numeric\":\"");
    b.path(mv, full, |b, bit| {
        b.num(u64::from(numbers[usize::from(bit & 63)]))
    });
    b.put(b"\",\"from\":");
    b.quoted_square(g, mv.from);
    b.put(b",\"to\":");
    b.quoted_square(g, mv.to);
    b.put(b",\"path\":");
    b.squares(g, mv.landings());
    b.put(b",\"captured\":");
    match mv.captured.count_ones() {
        0 => b.put(b"[]"),
        // One piece taken: its order is no question.
        1 => b.squares(g, &[mv.captured.trailing_zeros() as u8]),
        _ => b.squares(g, &captured_in_order(mv, &played.before)),
    }
    b.put(if mv.promotes {
        b",\"promotion\":true"
    } else {
        b",\"promotion\":false"
    });
    out.extend_from_slice(b.bytes());
    if options.positions {
        out.extend_from_slice(b",\"fen_after\":");
        Slot(out).fen(&played.after);
    }
    out.push(b'}');
}

/// `00` to `99`: the two digits of a number below 100, taken whole.
const TWO_DIGITS: &[u8; 200] = b"00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899";

/// Moves written as are (quoted, nothing to escape) when at most this long; a longer text
/// goes through [`push_json_string`].
const WRITTEN_INLINE: usize = 32;

/// Room for one move's object but its FEN: at most 256 bytes of members, numbers and the
/// written text kept inline ([`WRITTEN_INLINE`]), and four lists of squares (the move in
/// each notation, its path, its captures) of at most `MAX_JUMPS + 1` squares of at most 6
/// bytes each (`"a10",`).
const MOVE_ROOM: usize = 256 + 4 * 6 * (MAX_JUMPS + 1);

/// One move's object, written on the stack and copied into the output at once: a bound
/// check per member rather than a check of the output's room per byte.
struct MoveBytes {
    bytes: [u8; MOVE_ROOM],
    len: usize,
}

impl MoveBytes {
    fn new() -> Self {
        MoveBytes {
            bytes: [0; MOVE_ROOM],
            len: 0,
        }
    }

    fn clear(&mut self) {
        self.len = 0;
    }

    fn bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }

    #[inline(always)]
    fn put(&mut self, s: &[u8]) {
        self.bytes[self.len..self.len + s.len()].copy_from_slice(s);
        self.len += s.len();
    }

    #[inline(always)]
    fn byte(&mut self, b: u8) {
        self.bytes[self.len] = b;
        self.len += 1;
    }

    /// `n` in decimal: most numbers of a move (plies, move numbers, squares) are below 100.
    #[inline(always)]
    fn num(&mut self, n: u64) {
        match n {
            0..10 => self.byte(b'0' + n as u8),
            10..100 => {
                let at = 2 * n as usize;
                self.put(&TWO_DIGITS[at..at + 2]);
            }
            _ => self.large(n),
        }
    }

    #[cold]
    fn large(&mut self, n: u64) {
        self.put(itoa::Buffer::new().format(n).as_bytes());
    }

    /// A square's alphanumeric name (`c3`).
    #[inline(always)]
    fn square(&mut self, g: &Geometry, bit: u8) {
        let name = g.square_name(bit);
        let column = b'a' + name.column;
        if name.row < 9 {
            // Every board pdnkit plays: two bytes at once.
            self.put(&[column, b'1' + name.row]);
        } else {
            self.byte(column);
            self.num(u64::from(name.row) + 1);
        }
    }

    #[inline(always)]
    fn quoted_square(&mut self, g: &Geometry, bit: u8) {
        let name = g.square_name(bit);
        if name.row < 9 {
            // Every board pdnkit plays: four bytes at once.
            self.put(&[b'"', b'a' + name.column, b'1' + name.row, b'"']);
        } else {
            self.byte(b'"');
            self.square(g, bit);
            self.byte(b'"');
        }
    }

    /// `[` the quoted squares `]`.
    fn squares(&mut self, g: &Geometry, squares: &[u8]) {
        self.byte(b'[');
        for (i, &bit) in squares.iter().enumerate() {
            if i > 0 {
                self.byte(b',');
            }
            self.quoted_square(g, bit);
        }
        self.byte(b']');
    }

    /// The move's squares as [`crate::rules::moves::Move::write_alpha`] joins them (`-` for a
    /// step, `:` for a capture, every landing when `full`), each written by `square`.
    #[inline(always)]
    fn path(&mut self, mv: &Move, full: bool, square: impl Fn(&mut Self, u8)) {
        square(self, mv.from);
        if !mv.is_capture() {
            self.byte(b'-');
            square(self, mv.to);
        } else if full {
            for &bit in mv.landings() {
                self.byte(b':');
                square(self, bit);
            }
        } else {
            self.byte(b':');
            square(self, mv.to);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags_json(tags: &[(&str, &str)]) -> String {
        let tags: Vec<(String, String)> = tags
            .iter()
            .map(|&(n, v)| (n.to_string(), v.to_string()))
            .collect();
        let mut out = Vec::new();
        write_tags(&mut out, &tags);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_tag_given_twice_keeps_its_place_and_last_value() {
        let tags = [("Event", "a"), ("Site", "s"), ("Event", "b")];
        assert_eq!(tags_json(&tags), r#"{"Event":"b","Site":"s"}"#);
        // Past the few compared pairwise, through the table: the same answer.
        let mut many: Vec<(String, String)> = (0..40)
            .map(|i| (format!("T{}", i % 20), format!("{i}")))
            .collect();
        many.push(("Q\n".to_string(), "\"x\"".to_string()));
        let names: Vec<(&str, &str)> = many.iter().map(|(n, v)| (&n[..], &v[..])).collect();
        let mut want = String::from("{");
        for i in 0..20 {
            want += &format!("\"T{i}\":\"{}\",", i + 20);
        }
        want += r#""Q\n":"\"x\""}"#;
        assert_eq!(tags_json(&names), want);
    }
}
