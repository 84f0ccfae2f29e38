//! The two tables pdnkit writes as Parquet, each the JSON of its command typed: the rows of
//! `positions` (docs/positions.md) and the game objects of `convert` (docs/json.md), and
//! the jobs that make a game's rows on the worker threads.

use super::columns::{Columns, Kind, Node, Schema};
use super::{Chunk, PartitionBy};
use crate::archive::material::Material;
use crate::archive::positions::{main_line, move_texts, result_for, side_name};
use crate::check::{GameJob, ReadGame};
use crate::cli::stderr::fold::FileNotes;
use crate::notation::fen::{FenNotation, push_fen};
use crate::write::{GameObject, JsonOptions};
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

/// A list of strings.
fn strings(name: &'static str) -> Node {
    Node::List {
        name,
        element: Box::new(Node::leaf("element", Str)),
    }
}

/// The game objects of `convert`: every field of docs/json.md, in its order.
pub static GAMES: LazyLock<Schema> = LazyLock::new(|| Schema {
    name: "game",
    fields: vec![
        Node::leaf("type", Str),
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
        Node::Map {
            name: "other_tags",
            from: "tags",
            except: &TAG_COLUMNS,
        },
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
                    Node::leaf("side", Str),
                    Node::leaf("written", Str),
                    Node::leaf("alpha", Str),
                    Node::leaf("numeric", Str),
                    Node::leaf("from", Str),
                    Node::leaf("to", Str),
                    strings("path"),
                    strings("captured"),
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
                    Node::leaf("severity", Str),
                    Node::leaf("code", Str),
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

/// Each game's row, made where the game is read (`convert --format parquet`): its JSON
/// object ([`GameObject::conversion`], as `convert --format jsonl` writes it) shredded into
/// the columns of [`GAMES`].
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
        let mut line = Vec::new();
        GameObject::conversion(&self.file, &report, self.options).write(&mut line);
        let mut rows = GAMES.columns();
        let shredded = serde_json::from_slice(&line)
            .map_err(|e| e.to_string())
            .and_then(|object| rows.shred(&GAMES, &object));
        Chunk {
            directory: self.partition.map(|by| by.directory(&report)),
            rows,
            problem: shredded.err(),
        }
    }
}
