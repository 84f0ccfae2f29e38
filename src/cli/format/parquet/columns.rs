//! A table's schema as a tree of typed fields ([`Node`]), the Parquet message type made from
//! it, and the values of its rows gathered column by column ([`Columns`]), with the
//! definition and repetition levels that Parquet's nested columns need (Dremel's shredding).
//!
//! The rows come from code that knows the columns ([`Columns::flat`]): each value pushed
//! onto its typed column with its levels, as the JSON writer reads it from the game report.

use super::pages::{Encoder, Plan};
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedRowGroupWriter;
use parquet::schema::parser::parse_message_type;
use parquet::schema::types::{ColumnDescPtr, Type};
use std::io::Write;
use std::sync::Arc;

/// The type of a leaf column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Int64,
    Double,
    Bool,
    Str,
    /// A string that is one of a few known to the program (`&'static`): no bytes of its own
    /// per value, and handed to the column writer without a reference count.
    Word,
}

/// A field of a table's schema.
pub enum Node {
    /// A value; null only when `optional`.
    Leaf {
        name: &'static str,
        kind: Kind,
        optional: bool,
    },
    /// An object of named fields; null only when `optional`.
    Group {
        name: &'static str,
        optional: bool,
        fields: Vec<Node>,
    },
    /// An array (Parquet's three-level LIST), each element of the one type `element`.
    List {
        name: &'static str,
        element: Box<Node>,
    },
    /// A MAP of strings (key to value), in the order given.
    Map { name: &'static str },
}

impl Node {
    pub const fn leaf(name: &'static str, kind: Kind) -> Node {
        Node::Leaf {
            name,
            kind,
            optional: false,
        }
    }

    pub const fn optional(name: &'static str, kind: Kind) -> Node {
        Node::Leaf {
            name,
            kind,
            optional: true,
        }
    }

    /// The field in Parquet's message-type syntax.
    fn write_message(&self, out: &mut String) {
        let repetition = |optional: bool| if optional { "optional" } else { "required" };
        match self {
            Node::Leaf {
                name,
                kind,
                optional,
            } => {
                let physical = match kind {
                    Kind::Int64 => "int64",
                    Kind::Double => "double",
                    Kind::Bool => "boolean",
                    Kind::Str | Kind::Word => "binary",
                };
                let logical = if matches!(kind, Kind::Str | Kind::Word) {
                    " (STRING)"
                } else {
                    ""
                };
                out.push_str(&format!(
                    "{} {physical} {name}{logical};\n",
                    repetition(*optional)
                ));
            }
            Node::Group {
                name,
                optional,
                fields,
            } => {
                out.push_str(&format!("{} group {name} {{\n", repetition(*optional)));
                for field in fields {
                    field.write_message(out);
                }
                out.push_str("}\n");
            }
            Node::List { name, element } => {
                out.push_str(&format!(
                    "required group {name} (LIST) {{\nrepeated group list {{\n"
                ));
                element.write_message(out);
                out.push_str("}\n}\n");
            }
            Node::Map { name, .. } => out.push_str(&format!(
                "required group {name} (MAP) {{\nrepeated group key_value {{\n\
                 required binary key (STRING);\nrequired binary value (STRING);\n}}\n}}\n"
            )),
        }
    }

    /// The leaf columns under this field, in schema order, with their kind and greatest
    /// definition and repetition levels (`def` and `rep` those of the field's parent).
    fn leaves(&self, def: i16, rep: i16, out: &mut Vec<Leaf>) {
        match self {
            Node::Leaf { kind, optional, .. } => {
                out.push(Leaf::new(*kind, def + i16::from(*optional), rep));
            }
            Node::Group {
                optional, fields, ..
            } => {
                for field in fields {
                    field.leaves(def + i16::from(*optional), rep, out);
                }
            }
            Node::List { element, .. } => element.leaves(def + 1, rep + 1, out),
            Node::Map { .. } => {
                out.push(Leaf::new(Kind::Str, def + 1, rep + 1));
                out.push(Leaf::new(Kind::Str, def + 1, rep + 1));
            }
        }
    }

    /// The path of each leaf column under this field (`prefix` that of its parent, as
    /// Parquet names them: a list's element under `list`, a map's key and value under
    /// `key_value`), with its kind.
    fn paths(&self, prefix: &mut Vec<String>, out: &mut Vec<(Vec<String>, Kind)>) {
        let under = |names: &[&str], kind: Kind, out: &mut Vec<(Vec<String>, Kind)>| {
            let mut path = prefix.clone();
            path.extend(names.iter().map(|n| n.to_string()));
            out.push((path, kind));
        };
        match self {
            Node::Leaf { name, kind, .. } => under(&[name], *kind, out),
            Node::Group { name, fields, .. } => {
                prefix.push(name.to_string());
                for field in fields {
                    field.paths(prefix, out);
                }
                prefix.pop();
            }
            Node::List { name, element } => {
                prefix.extend([name.to_string(), "list".to_string()]);
                element.paths(prefix, out);
                prefix.truncate(prefix.len() - 2);
            }
            Node::Map { name, .. } => {
                under(&[name, "key_value", "key"], Kind::Str, out);
                under(&[name, "key_value", "value"], Kind::Str, out);
            }
        }
    }
}

/// A table: its name and its fields.
pub struct Schema {
    pub name: &'static str,
    pub fields: Vec<Node>,
}

impl Schema {
    /// The schema in Parquet's message-type syntax (as docs/positions.md and docs/json.md
    /// show it).
    pub fn message(&self) -> String {
        let mut out = format!("message {} {{\n", self.name);
        for field in &self.fields {
            field.write_message(&mut out);
        }
        out.push_str("}\n");
        out
    }

    /// The Parquet schema.
    pub fn parquet(&self) -> Result<Arc<Type>, ParquetError> {
        parse_message_type(&self.message()).map(Arc::new)
    }

    /// No rows yet, in this schema's columns.
    pub fn columns(&self) -> Columns {
        let mut leaves = Vec::new();
        for field in &self.fields {
            field.leaves(0, 0, &mut leaves);
        }
        Columns { leaves, rows: 0 }
    }
}

/// The properties the parquet crate is given: pdnkit named as the writer (the column
/// chunks are encoded by [`super::pages`]).
pub fn properties() -> Arc<WriterProperties> {
    let builder =
        WriterProperties::builder().set_created_by(format!("pdnkit {}", env!("CARGO_PKG_VERSION")));
    Arc::new(builder.build())
}

/// How each leaf column of `schema` is written, in schema order:
/// - integers (game numbers, lines, plies, piece counts) as bit-packed deltas: they change
///   little from row to row;
/// - strings through a dictionary (moves, the file, tags repeat), but the FENs, plain
///   (nearly all distinct); a game's file or tag, the same as the row before, is not looked
///   up again; words (type, side, result, squares) through a dictionary found by where
///   they are, without a hash of their bytes;
/// - least and greatest values (statistics) for the columns a query filters on, but not for
///   FENs, moves, and the positions' type, side and result (a range of them tells a query
///   nothing: every row group has every side and result).
pub fn plans(schema: &Schema) -> Vec<Plan> {
    let mut leaves = Vec::new();
    for field in &schema.fields {
        field.paths(&mut Vec::new(), &mut leaves);
    }
    leaves
        .iter()
        .map(|(path, _)| {
            let name = path.last().map_or("", String::as_str);
            let fen = name.starts_with("fen");
            // The positions' move columns, and every column of a game's list of moves.
            let moves = name.starts_with("move_") || path.iter().any(|p| p == "moves");
            let told = ["type", "side", "result"].contains(&name);
            Plan {
                dictionary: !fen,
                statistics: !(fen || moves || told),
            }
        })
        .collect()
}

/// The values of one leaf column, in order.
enum Values {
    Int64(Vec<i64>),
    Double(Vec<f64>),
    Bool(Vec<bool>),
    /// The strings' bytes end to end, and where each ends.
    Str {
        bytes: Vec<u8>,
        ends: Vec<usize>,
    },
    /// The words, and their bytes end to end (counted only: for [`Leaf::size`], the same as
    /// of strings).
    Word {
        words: Vec<&'static [u8]>,
        bytes: usize,
    },
}

/// One leaf column: its values (nulls have none) and, where the schema has them, the
/// definition and repetition level of each entry.
pub struct Leaf {
    values: Values,
    defs: Vec<i16>,
    reps: Vec<i16>,
    max_def: i16,
    max_rep: i16,
}

impl Leaf {
    fn new(kind: Kind, max_def: i16, max_rep: i16) -> Leaf {
        let values = match kind {
            Kind::Int64 => Values::Int64(Vec::new()),
            Kind::Double => Values::Double(Vec::new()),
            Kind::Bool => Values::Bool(Vec::new()),
            Kind::Str => Values::Str {
                bytes: Vec::new(),
                ends: Vec::new(),
            },
            Kind::Word => Values::Word {
                words: Vec::new(),
                bytes: 0,
            },
        };
        Leaf {
            values,
            defs: Vec::new(),
            reps: Vec::new(),
            max_def,
            max_rep,
        }
    }

    fn levels(&mut self, def: i16, rep: i16) {
        if self.max_def > 0 {
            self.defs.push(def);
        }
        if self.max_rep > 0 {
            self.reps.push(rep);
        }
    }

    /// An entry without a value at definition level `def`: a field around the leaf is null
    /// (or a list around it empty) below that level. `rep`: the level at which the entry
    /// repeats (0: a new row; the depth of the list that repeats).
    pub fn empty_at(&mut self, def: i16, rep: i16) {
        self.levels(def, rep);
    }

    /// The value `n` of an integer column (of a flat schema, as the pushes below).
    pub fn int(&mut self, n: i64) {
        self.int_at(n, 0);
    }

    /// The value `n`, the entry repeating at level `rep`.
    pub fn int_at(&mut self, n: i64, rep: i16) {
        if let Values::Int64(v) = &mut self.values {
            v.push(n);
        } else {
            debug_assert!(false, "an integer in a column of another type");
        }
        self.levels(self.max_def, rep);
    }

    /// The value `b` of a boolean column, the entry repeating at level `rep`.
    pub fn bool_at(&mut self, b: bool, rep: i16) {
        if let Values::Bool(v) = &mut self.values {
            v.push(b);
        } else {
            debug_assert!(false, "a boolean in a column of another type");
        }
        self.levels(self.max_def, rep);
    }

    /// The value `x` of a floating-point column.
    pub fn double(&mut self, x: f64) {
        if let Values::Double(v) = &mut self.values {
            v.push(x);
        } else {
            debug_assert!(false, "a double in a column of another type");
        }
        self.levels(self.max_def, 0);
    }

    /// A string of a string column, written by `write` onto the column's bytes.
    pub fn text(&mut self, write: impl FnOnce(&mut Vec<u8>)) {
        self.text_at(write, 0);
    }

    /// A string, the entry repeating at level `rep`.
    pub fn text_at(&mut self, write: impl FnOnce(&mut Vec<u8>), rep: i16) {
        if let Values::Str { bytes, ends } = &mut self.values {
            write(bytes);
            ends.push(bytes.len());
        } else {
            debug_assert!(false, "a string in a column of another type");
        }
        self.levels(self.max_def, rep);
    }

    /// The string `text`, the entry repeating at level `rep`.
    pub fn str_at(&mut self, text: &str, rep: i16) {
        self.text_at(|bytes| bytes.extend_from_slice(text.as_bytes()), rep);
    }

    /// The string `word` of a [`Kind::Word`] column.
    pub fn word(&mut self, word: &'static str) {
        self.word_at(word, 0);
    }

    /// The string `word`, the entry repeating at level `rep`.
    pub fn word_at(&mut self, word: &'static str, rep: i16) {
        if let Values::Word { words, bytes } = &mut self.values {
            words.push(word.as_bytes());
            *bytes += word.len();
        } else {
            debug_assert!(false, "a word in a column of another type");
        }
        self.levels(self.max_def, rep);
    }

    /// A null of an optional column.
    pub fn none(&mut self) {
        self.none_at(0);
    }

    /// A null of an optional leaf whose parents are all there, the entry repeating at level
    /// `rep`.
    pub fn none_at(&mut self, rep: i16) {
        debug_assert!(self.max_def > 0, "a null in a required column");
        self.levels(self.max_def - 1, rep);
    }

    /// The integer `n` in each of `count` more rows.
    pub fn ints(&mut self, n: i64, count: usize) {
        if let Values::Int64(v) = &mut self.values {
            v.resize(v.len() + count, n);
        } else {
            debug_assert!(false, "integers in a column of another type");
        }
        self.repeat_levels(count);
    }

    /// The string `text` in each of `count` more rows.
    pub fn texts(&mut self, text: &[u8], count: usize) {
        if let Values::Str { bytes, ends } = &mut self.values {
            bytes.reserve(text.len() * count);
            ends.reserve(count);
            for _ in 0..count {
                bytes.extend_from_slice(text);
                ends.push(bytes.len());
            }
        } else {
            debug_assert!(false, "strings in a column of another type");
        }
        self.repeat_levels(count);
    }

    /// The word `word` in each of `count` more rows.
    pub fn words(&mut self, word: &'static str, count: usize) {
        if let Values::Word { words, bytes } = &mut self.values {
            words.resize(words.len() + count, word.as_bytes());
            *bytes += word.len() * count;
        } else {
            debug_assert!(false, "words in a column of another type");
        }
        self.repeat_levels(count);
    }

    fn repeat_levels(&mut self, count: usize) {
        if self.max_def > 0 {
            self.defs.resize(self.defs.len() + count, self.max_def);
        }
    }

    /// Appends `other`'s entries (a leaf of the same column).
    fn append(&mut self, other: Leaf) {
        match (&mut self.values, other.values) {
            (Values::Int64(a), Values::Int64(b)) => a.extend(b),
            (Values::Double(a), Values::Double(b)) => a.extend(b),
            (Values::Bool(a), Values::Bool(b)) => a.extend(b),
            (Values::Str { bytes, ends }, Values::Str { bytes: b, ends: e }) => {
                let base = bytes.len();
                bytes.extend_from_slice(&b);
                ends.extend(e.into_iter().map(|end| base + end));
            }
            (Values::Word { words, bytes }, Values::Word { words: w, bytes: b }) => {
                words.extend(w);
                *bytes += b;
            }
            _ => unreachable!("leaves of one column have one kind"),
        }
        self.defs.extend(other.defs);
        self.reps.extend(other.reps);
    }

    /// Room for `more` entries like those held (their mean length for strings).
    pub fn reserve(&mut self, more: usize) {
        match &mut self.values {
            Values::Int64(v) => v.reserve(more),
            Values::Double(v) => v.reserve(more),
            Values::Bool(v) => v.reserve(more),
            Values::Str { bytes, ends } => {
                bytes.reserve(more * bytes.len().div_ceil(ends.len().max(1)));
                ends.reserve(more);
            }
            Values::Word { words, .. } => words.reserve(more),
        }
        if self.max_def > 0 {
            self.defs.reserve(more);
        }
        if self.max_rep > 0 {
            self.reps.reserve(more);
        }
    }

    /// Room for `more` bytes of a string column's strings.
    pub fn reserve_bytes(&mut self, more: usize) {
        if let Values::Str { bytes, .. } = &mut self.values {
            bytes.reserve(more);
        }
    }

    /// Rows held.
    fn entries(&self) -> usize {
        match &self.values {
            _ if self.max_rep > 0 => self.reps.iter().filter(|&&rep| rep == 0).count(),
            _ if self.max_def > 0 => self.defs.len(),
            Values::Int64(v) => v.len(),
            Values::Double(v) => v.len(),
            Values::Bool(v) => v.len(),
            Values::Str { ends, .. } => ends.len(),
            Values::Word { words, .. } => words.len(),
        }
    }

    /// Bytes held (about).
    fn size(&self) -> usize {
        let values = match &self.values {
            Values::Int64(v) => v.len() * 8,
            Values::Double(v) => v.len() * 8,
            Values::Bool(v) => v.len(),
            Values::Str { bytes, ends } => bytes.len() + ends.len() * 8,
            Values::Word { words, bytes } => bytes + words.len() * 8,
        };
        values + 2 * (self.defs.len() + self.reps.len())
    }

    /// The entries as a column chunk of `descr` (of `rows` rows), written as `plan` says;
    /// empties the leaf.
    fn encode(
        &mut self,
        encoder: &mut Encoder,
        descr: ColumnDescPtr,
        plan: Plan,
        rows: usize,
    ) -> Result<(bytes::Bytes, parquet::column::writer::ColumnCloseResult), ParquetError> {
        encoder.begin();
        if self.max_rep > 0 {
            encoder.levels(&self.reps, self.max_rep);
        }
        if self.max_def > 0 {
            encoder.levels(&self.defs, self.max_def);
        }
        let entries = self.level_entries();
        let values = self.value_count();
        // Nulls counted in a flat column only (a nested one's also count empty lists).
        let nulls = (self.max_rep == 0).then_some((entries - values) as u64);
        let stats = plan.statistics;
        let written = match &self.values {
            Values::Int64(v) => encoder.ints(v, stats, nulls),
            Values::Double(v) => encoder.doubles(v, stats, nulls),
            Values::Bool(v) => encoder.bools(v, stats, nulls),
            Values::Str { bytes, ends } if plan.dictionary => {
                encoder.strings_dictionary(bytes, ends, stats, nulls)
            }
            Values::Str { bytes, ends } => encoder.strings(bytes, ends),
            Values::Word { words, .. } => encoder.words_dictionary(words, stats, nulls),
        };
        let chunk = encoder.finish(descr, entries, rows, written);
        match &mut self.values {
            Values::Int64(v) => v.clear(),
            Values::Double(v) => v.clear(),
            Values::Bool(v) => v.clear(),
            Values::Str { bytes, ends } => {
                bytes.clear();
                ends.clear();
            }
            Values::Word { words, bytes } => {
                words.clear();
                *bytes = 0;
            }
        }
        self.defs.clear();
        self.reps.clear();
        chunk
    }

    /// Entries (values and nulls) held.
    fn level_entries(&self) -> usize {
        if self.max_def > 0 {
            self.defs.len()
        } else if self.max_rep > 0 {
            self.reps.len()
        } else {
            self.value_count()
        }
    }

    /// Values held.
    fn value_count(&self) -> usize {
        match &self.values {
            Values::Int64(v) => v.len(),
            Values::Double(v) => v.len(),
            Values::Bool(v) => v.len(),
            Values::Str { ends, .. } => ends.len(),
            Values::Word { words, .. } => words.len(),
        }
    }
}

/// Rows of one schema, column by column.
pub struct Columns {
    leaves: Vec<Leaf>,
    rows: usize,
}

impl Columns {
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Bytes held (about).
    pub fn size(&self) -> usize {
        self.leaves.iter().map(Leaf::size).sum()
    }

    /// The `N` leaves of the schema, each to be given its entries (a value or a null, with
    /// their levels) for each row that [`Columns::added`] counts.
    pub fn flat<const N: usize>(&mut self) -> &mut [Leaf; N] {
        let columns = self.leaves.len();
        match (&mut self.leaves[..]).try_into() {
            Ok(leaves) => leaves,
            Err(_) => panic!("a flat schema of {columns} columns, not {N}"),
        }
    }

    /// Counts `rows` more rows, whose values were given through [`Columns::flat`].
    pub fn added(&mut self, rows: usize) {
        self.rows += rows;
        debug_assert!(self.leaves.iter().all(|leaf| leaf.entries() == self.rows));
    }

    /// Appends the rows of `other` (columns of the same schema).
    pub fn append(&mut self, other: Columns) {
        for (leaf, theirs) in self.leaves.iter_mut().zip(other.leaves) {
            leaf.append(theirs);
        }
        self.rows += other.rows;
    }

    /// Writes the rows held as one row group of a file (whose leaf columns are `descrs`,
    /// written as `plans` say) and empties the columns.
    pub fn write_row_group<W: Write + Send>(
        &mut self,
        mut group: SerializedRowGroupWriter<'_, W>,
        (descrs, plans): (&[ColumnDescPtr], &[Plan]),
        encoder: &mut Encoder,
    ) -> Result<(), ParquetError> {
        if descrs.len() != self.leaves.len() || plans.len() != self.leaves.len() {
            return Err(ParquetError::General(
                "the file has other columns than the rows".to_string(),
            ));
        }
        for ((leaf, descr), &plan) in self.leaves.iter_mut().zip(descrs).zip(plans) {
            let (chunk, close) = leaf.encode(encoder, descr.clone(), plan, self.rows)?;
            group.append_column(&chunk, close)?;
            encoder.reclaim(chunk);
        }
        group.close()?;
        self.rows = 0;
        Ok(())
    }
}
