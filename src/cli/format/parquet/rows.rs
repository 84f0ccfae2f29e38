//! The two tables pdnkit writes as Parquet, each the JSON of its command typed: the rows of
//! `positions` (docs/positions.md) and the game objects of `convert` (docs/json.md), and
//! the jobs that make a game's rows on the worker threads.

use super::columns::{Columns, Kind, Leaf, Node, Schema};
use super::{Chunk, PartitionBy};
use crate::archive::material::Material;
use crate::archive::positions::{main_line, move_texts, result_for, side_name};
use crate::check::{GameJob, GameReport, ReadGame};
use crate::cli::stderr::fold::FileNotes;
use crate::notation::fen::{FenNotation, push_fen};
use crate::notation::naming::MoveNumber;
use crate::rules::geometry::Geometry;
use crate::rules::movegen::captured_in_order;
use crate::rules::position::Color;
use crate::write::JsonOptions;
use crate::write::json;
use std::sync::LazyLock;

use Kind::{Bool, Double, Int64, Str, Word};

/// The rows of `positions`: the fields of its JSON lines, in their order.
pub static POSITIONS: LazyLock<Schema> = LazyLock::new(|| Schema {
    name: "position",
    fields: vec![
        Node::leaf("type", Word),
        Node::leaf("file", Str),
        Node::leaf("game", Int64),
        Node::leaf("line", Int64),
        Node::leaf("game_type", Int64),
        Node::leaf("ply", Int64),
        Node::leaf("fen", Str),
        Node::leaf("side", Word),
        Node::optional("move_alpha", Str),
        Node::optional("move_numeric", Str),
        Node::leaf("white_men", Int64),
        Node::leaf("white_kings", Int64),
        Node::leaf("black_men", Int64),
        Node::leaf("black_kings", Int64),
        Node::optional("result", Word),
        Node::optional("score", Double),
    ],
});

/// The tags that have a column of their own in `tags` (the Seven Tag Roster, the game type
/// and the setup); the others are in `other_tags`.
pub const TAG_COLUMNS: [&str; 9] = [
    "Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType", "FEN",
];

/// A list of square names.
fn squares(name: &'static str) -> Node {
    Node::List {
        name,
        element: Box::new(Node::leaf("element", Word)),
    }
}

/// The game objects of `convert`: every field of docs/json.md, in its order.
pub static GAMES: LazyLock<Schema> = LazyLock::new(|| Schema {
    name: "game",
    fields: vec![
        Node::leaf("type", Word),
        Node::leaf("file", Str),
        Node::leaf("game", Int64),
        Node::leaf("line", Int64),
        Node::leaf("valid", Bool),
        Node::optional("plies", Int64),
        Node::Group {
            name: "tags",
            optional: false,
            fields: TAG_COLUMNS
                .iter()
                .map(|&name| Node::optional(name, Str))
                .collect(),
        },
        // The tags not in TAG_COLUMNS.
        Node::Map { name: "other_tags" },
        Node::Group {
            name: "game_type",
            optional: true,
            fields: vec![
                Node::leaf("number", Int64),
                Node::optional("start_color", Str),
                Node::optional("width", Int64),
                Node::optional("height", Int64),
                Node::optional("notation", Str),
                Node::optional("corner", Int64),
                Node::optional("invert", Int64),
            ],
        },
        Node::optional("game_type_by", Str),
        Node::optional("start_fen", Str),
        Node::List {
            name: "moves",
            element: Box::new(Node::Group {
                name: "element",
                optional: false,
                fields: vec![
                    Node::leaf("ply", Int64),
                    Node::leaf("number", Int64),
                    Node::leaf("side", Word),
                    Node::leaf("written", Str),
                    Node::leaf("alpha", Str),
                    Node::leaf("numeric", Str),
                    Node::leaf("from", Word),
                    Node::leaf("to", Word),
                    squares("path"),
                    squares("captured"),
                    Node::leaf("promotion", Bool),
                    Node::optional("fen_after", Str),
                ],
            }),
        },
        Node::Group {
            name: "result",
            optional: false,
            fields: vec![
                Node::optional("declared", Str),
                Node::optional("termination", Str),
                Node::optional("rule_ply", Int64),
            ],
        },
        Node::List {
            name: "diagnostics",
            element: Box::new(Node::Group {
                name: "element",
                optional: false,
                fields: vec![
                    Node::leaf("severity", Word),
                    Node::leaf("code", Word),
                    Node::leaf("message", Str),
                    Node::leaf("line", Int64),
                    Node::leaf("column", Int64),
                    Node::optional("ply", Int64),
                ],
            }),
        },
    ],
});

/// Each game's position rows, made where the game is read (`positions --format parquet`).
#[derive(Clone)]
pub struct PositionRows {
    pub file: String,
    pub every: u32,
    pub partition: Option<PartitionBy>,
}

impl GameJob for PositionRows {
    type Done = Chunk;

    fn work(&mut self, game: ReadGame<'_>) -> Chunk {
        let report = &game.report;
        let mut rows = POSITIONS.columns();
        if report.valid() && report.variant.is_some() {
            position_rows(&mut rows, &self.file, report, self.every);
        }
        Chunk {
            directory: self.partition.map(|by| by.directory(report)),
            rows,
            problem: None,
        }
    }
}

/// The rows of a valid game, as `crate::archive::positions::write_rows` writes them: each
/// value straight into its column, and those the same in every row of the game (type, file,
/// game, line, game type) once the rows are counted.
fn position_rows(rows: &mut Columns, file: &str, report: &crate::check::GameReport, every: u32) {
    let every = every.max(1);
    let outcome = report.declared.map(|r| r.verdict());
    // One row a ply kept, the start position's included.
    let expected = report.moves.len() / every as usize + 1;
    let [
        kind,
        file_name,
        game,
        line,
        game_type,
        ply,
        fen,
        side,
        move_alpha,
        move_numeric,
        white_men,
        white_kings,
        black_men,
        black_kings,
        result,
        score,
    ] = rows.flat::<16>();
    for column in [
        &mut *ply,
        &mut *white_men,
        &mut *white_kings,
        &mut *black_men,
        &mut *black_kings,
    ] {
        column.reserve(expected);
    }
    let (mut count, mut variant) = (0, 0);
    let (mut alpha, mut numeric) = (String::new(), String::new());
    for (k, pos, played) in main_line(report).filter(|&(ply, _, _)| ply % every == 0) {
        count += 1;
        variant = pos.variant.game_type();
        ply.int(i64::from(k));
        fen.text(|bytes| push_fen(&pos, FenNotation::Alpha, bytes));
        side.word(side_name(pos.turn));
        match played {
            Some(p) => {
                move_texts(p, report.corner, &mut alpha, &mut numeric);
                move_alpha.text(|bytes| bytes.extend_from_slice(alpha.as_bytes()));
                move_numeric.text(|bytes| bytes.extend_from_slice(numeric.as_bytes()));
            }
            None => {
                move_alpha.none();
                move_numeric.none();
            }
        }
        let m = Material::of(&pos);
        white_men.int(i64::from(m.white_men));
        white_kings.int(i64::from(m.white_kings));
        black_men.int(i64::from(m.black_men));
        black_kings.int(i64::from(m.black_kings));
        match result_for(outcome, pos.turn) {
            Some((word, value)) => {
                result.word(word);
                score.double(value);
            }
            None => {
                result.none();
                score.none();
            }
        }
        if count == 1 {
            // The strings of the game's other rows are about as long as its first's.
            for column in [
                &mut *fen,
                &mut *move_alpha,
                &mut *move_numeric,
                &mut *side,
                &mut *result,
                &mut *score,
            ] {
                column.reserve(expected - 1);
            }
        }
    }
    kind.words("position", count);
    file_name.texts(file.as_bytes(), count);
    game.ints(report.index as i64, count);
    line.ints(i64::from(report.line), count);
    game_type.ints(i64::from(variant), count);
    rows.added(count);
}

/// Each game's row, made where the game is read (`convert --format parquet`): the fields
/// of its JSON object ([`GameObject::conversion`](crate::write::GameObject::conversion), as `convert --format jsonl` writes it),
/// each from the game report as the JSON writer reads it.
#[derive(Clone)]
pub struct GameRows {
    pub file: String,
    pub options: JsonOptions,
    pub partition: Option<PartitionBy>,
}

impl GameJob for GameRows {
    type Done = Chunk;

    fn work(&mut self, game: ReadGame<'_>) -> Chunk {
        let mut report = game.report;
        // As convert's JSON: the notes told once per file are not the game's.
        let _ = FileNotes::strip(&mut report);
        let mut rows = GAMES.columns();
        let problem = game_row(&mut rows, &self.file, &report, self.options).err();
        Chunk {
            directory: self.partition.map(|by| by.directory(&report)),
            rows,
            problem,
        }
    }
}

/// The repetition level of the `i`th element of a list at depth `depth` (1: a list of the
/// row) whose own entry repeats at `rep`: the first element's is the list's, the others
/// repeat the list.
fn element(i: usize, rep: i16, depth: i16) -> i16 {
    if i == 0 { rep } else { depth }
}

/// The squares `bits` as a list of square names inside a move (depth 2); an empty list is
/// an entry at the move's definition level.
fn square_list(leaf: &mut Leaf, g: &Geometry, bits: &[u8], rep: i16) {
    if bits.is_empty() {
        leaf.empty_at(1, rep);
    }
    for (i, &bit) in bits.iter().enumerate() {
        leaf.word_at(square_name(g, bit), element(i, rep, 2));
    }
}

/// An integer or a null of an optional leaf of the row (or of a required group of it).
fn opt_int(leaf: &mut Leaf, n: Option<impl Into<i64>>) {
    match n {
        Some(n) => leaf.int_at(n.into(), 0),
        None => leaf.none_at(0),
    }
}

fn opt_str(leaf: &mut Leaf, text: Option<&str>) {
    match text {
        Some(text) => leaf.str_at(text, 0),
        None => leaf.none_at(0),
    }
}

/// Rows of a board in [`SQUARE_NAMES`] (as in the geometry's tables).
const ROWS: usize = 16;

/// The alphanumeric name (`c3`, `a10`) of every square of a board of up to ten columns and
/// [`ROWS`] rows, as the JSON's moves write them, column by column: made once, so that a
/// move's squares are [`Kind::Word`]s (no bytes of their own per value).
static SQUARE_NAMES: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    let name = |i: usize| format!("{}{}", char::from(b'a' + (i / ROWS) as u8), i % ROWS + 1);
    (0..10 * ROWS).map(|i| &*name(i).leak()).collect()
});

fn square_name(g: &Geometry, bit: u8) -> &'static str {
    let name = g.square_name(bit);
    SQUARE_NAMES[usize::from(name.column) * ROWS + usize::from(name.row)]
}

/// The row of `report` (its JSON object's fields, [`GAMES`]). An error if a field the
/// schema requires is absent from the JSON (a diagnostic about the whole file has no line
/// or column).
fn game_row(
    rows: &mut Columns,
    file: &str,
    report: &GameReport,
    options: JsonOptions,
) -> Result<(), String> {
    let [kind, file_name, game, line, valid, plies, tags @ ..] = rows.flat::<47>();
    let [
        event,
        site,
        date,
        round,
        white,
        black,
        result_tag,
        game_type_tag,
        fen_tag,
        other_key,
        other_value,
        number,
        start_color,
        width,
        height,
        notation,
        corner,
        invert,
        game_type_by,
        start_fen,
        ply,
        move_number,
        side,
        written,
        alpha,
        numeric,
        from,
        to,
        path,
        captured,
        promotion,
        fen_after,
        declared,
        termination,
        rule_ply,
        severity,
        code,
        message,
        diagnostic_line,
        diagnostic_column,
        diagnostic_ply,
    ] = tags;
    kind.word_at("game", 0);
    file_name.str_at(file, 0);
    game.int_at(report.index as i64, 0);
    line.int_at(i64::from(report.line), 0);
    valid.bool_at(report.valid(), 0);
    opt_int(plies, json::plies(report));

    // The roster's tags in their columns, the others in the map, in file order.
    let mut roster: [Option<&str>; TAG_COLUMNS.len()] = [None; TAG_COLUMNS.len()];
    let mut others = 0;
    json::each_tag(&report.tags, |name, value| {
        match TAG_COLUMNS.iter().position(|&tag| tag == name) {
            Some(at) => roster[at] = Some(value),
            None => {
                let rep = element(others, 0, 1);
                other_key.str_at(name, rep);
                other_value.str_at(value, rep);
                others += 1;
            }
        }
    });
    if others == 0 {
        other_key.empty_at(0, 0);
        other_value.empty_at(0, 0);
    }
    let columns = [
        event,
        site,
        date,
        round,
        white,
        black,
        result_tag,
        game_type_tag,
        fen_tag,
    ];
    for (column, value) in columns.into_iter().zip(roster) {
        opt_str(column, value);
    }

    let letter = |leaf: &mut Leaf, c: Option<char>| match c {
        Some(c) => leaf.str_at(c.encode_utf8(&mut [0; 4]), 0),
        // A null in the game type that is there.
        None => leaf.empty_at(1, 0),
    };
    let detail = |leaf: &mut Leaf, n: Option<u32>| match n {
        Some(n) => leaf.int_at(i64::from(n), 0),
        None => leaf.empty_at(1, 0),
    };
    match json::game_type(report) {
        Some(t) => {
            number.int_at(i64::from(t.number), 0);
            letter(start_color, t.start_color);
            detail(width, t.width.map(u32::from));
            detail(height, t.height.map(u32::from));
            letter(notation, t.notation.map(|(kind, _)| kind));
            detail(corner, t.notation.map(|(_, corner)| u32::from(corner)));
            detail(invert, t.invert.map(u32::from));
        }
        None => {
            for leaf in [number, start_color, width, height, notation, corner, invert] {
                leaf.empty_at(0, 0);
            }
        }
    }
    opt_str(game_type_by, report.game_type_by.map(|by| by.name()));
    // The length of a game's FENs, about.
    let mut fen_length = 0;
    match report.start {
        Some(start) => start_fen.text_at(
            |bytes| {
                let at = bytes.len();
                push_fen(&start, FenNotation::Alpha, bytes);
                fen_length = bytes.len() - at;
            },
            0,
        ),
        None => start_fen.none_at(0),
    }

    let moves = [
        &mut *ply,
        &mut *move_number,
        &mut *side,
        &mut *written,
        &mut *alpha,
        &mut *numeric,
        &mut *from,
        &mut *to,
        &mut *path,
        &mut *captured,
        &mut *promotion,
        &mut *fen_after,
    ];
    if report.moves.is_empty() {
        for leaf in moves {
            leaf.empty_at(0, 0);
        }
    } else {
        let n = report.moves.len();
        for leaf in moves {
            leaf.reserve(n);
        }
        // Moves of a few squares.
        for leaf in [&mut *written, &mut *alpha, &mut *numeric] {
            leaf.reserve_bytes(8 * n);
        }
        if options.positions {
            fen_after.reserve_bytes(fen_length * n);
        }
    }
    let first = report.start.map_or(Color::White, |p| p.turn);
    let (mut alpha_text, mut numeric_text) = (String::new(), String::new());
    for (index, played) in report.moves.iter().enumerate() {
        let rep = element(index, 0, 1);
        let mv = &played.mv;
        let g = played.before.geometry();
        let MoveNumber {
            number,
            side: color,
        } = MoveNumber::first(first).nth(index);
        ply.int_at(index as i64 + 1, rep);
        move_number.int_at(i64::from(number), rep);
        side.word_at(side_name(color), rep);
        written.str_at(&played.written, rep);
        move_texts(played, report.corner, &mut alpha_text, &mut numeric_text);
        alpha.str_at(&alpha_text, rep);
        numeric.str_at(&numeric_text, rep);
        from.word_at(square_name(g, mv.from), rep);
        to.word_at(square_name(g, mv.to), rep);
        square_list(path, g, mv.landings(), rep);
        square_list(captured, g, &captured_in_order(mv, &played.before), rep);
        promotion.bool_at(mv.promotes, rep);
        if options.positions {
            let after = &played.after;
            fen_after.text_at(|bytes| push_fen(after, FenNotation::Alpha, bytes), rep);
        } else {
            fen_after.none_at(rep);
        }
    }

    opt_str(declared, report.declared.map(|d| d.text()));
    opt_str(termination, report.termination().map(|t| t.name()));
    opt_int(rule_ply, report.rule_termination().map(|(_, ply)| ply));

    let diagnostics = [
        &mut *severity,
        &mut *code,
        &mut *message,
        &mut *diagnostic_line,
        &mut *diagnostic_column,
        &mut *diagnostic_ply,
    ];
    if report.diagnostics.is_empty() {
        for leaf in diagnostics {
            leaf.empty_at(0, 0);
        }
    }
    for (i, d) in report.diagnostics.iter().enumerate() {
        if d.kind.about_file() {
            return Err("diagnostics.line is null".to_string());
        }
        let rep = element(i, 0, 1);
        severity.word_at(d.severity.name(), rep);
        code.word_at(d.code(), rep);
        message.str_at(&d.message(), rep);
        diagnostic_line.int_at(i64::from(d.line), rep);
        diagnostic_column.int_at(i64::from(d.column), rep);
        match d.ply {
            Some(n) => diagnostic_ply.int_at(i64::from(n), rep),
            None => diagnostic_ply.none_at(rep),
        }
    }
    rows.added(1);
    Ok(())
}
