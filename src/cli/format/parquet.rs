//! `--format parquet -o DIR` (`positions`, `convert`): the rows as Parquet files in a new
//! directory, optionally partitioned Hive-style (`DIR/year=1967/part-0.parquet`).
//!
//! The rows of each game are made on the worker threads ([`rows`]); the thread that orders
//! them only appends them to the columns of their partition and, every
//! [`ROW_GROUP_BYTES`], hands them to the [`Writer`] as a row group (with more than one
//! thread, a thread of its own that encodes, compresses and writes it). The whole directory is written as a temporary
//! next to `DIR` ([`Scratch::create_in`]: locked, removed on failure or signal) and renamed
//! to `DIR` once complete, so `DIR` holds every file or does not exist.

mod columns;
mod pages;
pub mod rows;

use crate::archive::split::SplitBy;
use crate::check::{GameJob, GameReport, Needs};
use crate::cli::archive::{Inputs, InvalidGames, Source, read_inputs};
use crate::cli::args::Config;
use crate::cli::run::exit::verdict;
use crate::cli::run::output::{Scratch, parent_to_write_in, refuse, refused};
use crate::text::escape;
use columns::{Columns, Schema};
use pages::{Encoder, Plan};
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::Type;
use std::collections::HashMap;
use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, mpsc};

/// Bytes of rows held for one file before they are written as a row group (about 60,000
/// positions).
const ROW_GROUP_BYTES: usize = 8 << 20;

/// Row groups in a file: the next rows of its partition start its next part file, so that
/// what a file's writer keeps until its footer (each row group's metadata) stays bounded
/// (about 4 million positions a file).
const ROW_GROUPS_PER_FILE: usize = 64;

/// Files open at once; with more partitions, the one least recently given a row is
/// completed, and a later row of its partition starts its next part file.
const OPEN_FILES: usize = 16;

/// The value partitions are named for Hive's null (what DuckDB, Spark and Hive read as NULL).
const NO_VALUE: &str = "__HIVE_DEFAULT_PARTITION__";

/// Escaped partition values are cut to this many bytes (file systems take 255 a name).
const MAX_VALUE_BYTES: usize = 200;

/// What the files are partitioned by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PartitionBy {
    /// The year of the Date tag: `year=1967`.
    Year,
    /// The Event tag: `event=Club%20Cup`.
    Event,
    /// The game type read: `game_type=41`.
    GameType,
}

impl PartitionBy {
    /// The column the partition directories name.
    fn column(self) -> &'static str {
        match self {
            PartitionBy::Year => "year",
            PartitionBy::Event => "event",
            PartitionBy::GameType => "game_type",
        }
    }

    /// Whether the games must be read with their tags for their partition.
    pub fn needs_tags(by: Option<PartitionBy>) -> bool {
        matches!(by, Some(PartitionBy::Year | PartitionBy::Event))
    }

    /// The directory of `report`'s rows: `column=value`, the value escaped for a file name.
    pub fn directory(self, report: &GameReport) -> String {
        let value = match self {
            PartitionBy::Year => SplitBy::Year.value(report, 0),
            PartitionBy::Event => SplitBy::Tag("Event".to_string()).value(report, 0),
            PartitionBy::GameType => report.variant.map(|v| v.game_type().to_string()),
        };
        format!(
            "{}={}",
            self.column(),
            value.as_deref().map_or(NO_VALUE.to_string(), hive_escape)
        )
    }
}

/// A partition value as Hive writes it in a directory name: letters and digits of ASCII,
/// `-`, `_` and `.` as they are (but a leading `.`, which would hide the directory), every
/// other byte of its UTF-8 as `%XX`; cut at [`MAX_VALUE_BYTES`].
fn hive_escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for (i, b) in value.bytes().enumerate() {
        let plain = b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || (b == b'.' && i > 0);
        let add = if plain { 1 } else { 3 };
        if out.len() + add > MAX_VALUE_BYTES {
            break;
        }
        if plain {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// One game's rows, made on a worker, with their partition directory (None: no
/// partitions).
pub struct Chunk {
    pub directory: Option<String>,
    pub rows: Columns,
    /// Why the game's row could not be made (pdnkit's fault, never the input's).
    pub problem: Option<String>,
}

/// A Parquet file being written, and the rows not yet in it.
struct Part {
    directory: Option<String>,
    /// Its number among the files the [`Writer`] writes.
    file: usize,
    held: Columns,
    /// Row groups written.
    groups: usize,
    /// When it last had rows (a count of chunks).
    used: u64,
}

/// The directory of Parquet files being written: which rows go in which file, and when
/// they make a row group; the [`Writer`] writes them.
pub struct Dataset {
    scratch: Scratch,
    target: PathBuf,
    /// The target as messages name it.
    name: String,
    schema: &'static Schema,
    partition: Option<PartitionBy>,
    open: Vec<Part>,
    /// The next part number of each directory.
    parts: HashMap<Option<String>, usize>,
    /// Files opened.
    files: usize,
    chunks: u64,
    writer: Writer,
}

impl Dataset {
    /// Starts the directory `target` (which must not exist, or be empty) for rows of
    /// `schema` partitioned by `partition`: a temporary directory beside it, renamed to it
    /// by [`Dataset::commit`]. The files are written on a thread of their own if `threads`
    /// is more than one ([`Writer`]).
    pub fn create(
        target: &Path,
        (schema, partition): (&'static Schema, Option<PartitionBy>),
        threads: usize,
    ) -> io::Result<Dataset> {
        let name = escape::text(&escape::file_name(target)).into_owned();
        if target.as_os_str() == "-" {
            return Err(refuse(
                "--format parquet writes a directory: give one with -o DIR".to_string(),
            ));
        }
        match fs::symlink_metadata(target) {
            Ok(meta) if !meta.is_dir() => {
                return Err(refuse(format!(
                    "output {name} exists and is not a directory"
                )));
            }
            Ok(_) if fs::read_dir(target)?.next().is_some() => {
                return Err(refuse(format!(
                    "output directory {name} is not empty; give a new or empty directory"
                )));
            }
            _ => {}
        }
        let parent = parent_to_write_in(target, &name)?;
        let scratch = Scratch::create_in(&parent)
            .map_err(|e| io::Error::new(e.kind(), format!("cannot create {name}: {e}")))?;
        let files = Files {
            parquet: schema.parquet().map_err(parquet_error)?,
            properties: columns::properties(),
            plans: columns::plans(schema),
            open: HashMap::new(),
            encoder: Encoder::default(),
        };
        Ok(Dataset {
            scratch,
            target: target.to_path_buf(),
            name,
            schema,
            partition,
            open: Vec::new(),
            parts: HashMap::new(),
            files: 0,
            chunks: 0,
            writer: Writer::new(files, threads),
        })
    }

    fn context(&self, e: io::Error) -> io::Error {
        io::Error::new(e.kind(), format!("cannot write {}: {e}", self.name))
    }

    /// Adds a game's rows to the file of their partition.
    pub fn add(&mut self, chunk: Chunk) -> io::Result<()> {
        if chunk.rows.rows() == 0 {
            return Ok(());
        }
        self.chunks += 1;
        let at = match self
            .open
            .iter()
            .position(|p| p.directory == chunk.directory)
        {
            Some(at) => at,
            None => self.open_part(chunk.directory)?,
        };
        let part = &mut self.open[at];
        part.used = self.chunks;
        part.held.append(chunk.rows);
        if part.held.size() >= ROW_GROUP_BYTES {
            // Columns without rows have no buffers yet.
            let rows = std::mem::replace(&mut part.held, self.schema.columns());
            part.groups += 1;
            let (file, full) = (part.file, part.groups >= ROW_GROUPS_PER_FILE);
            let written = self.writer.order(Order::Group(file, rows));
            written.map_err(|e| self.context(e))?;
            // On this thread, the same buffers again; on the writer's, those of the row
            // group before if it is written.
            if let Some(spare) = self.writer.spare() {
                self.open[at].held = spare;
            }
            if full {
                let full = self.open.swap_remove(at);
                self.complete(full)?;
            }
        }
        Ok(())
    }

    /// Opens the next part file of `directory` (completing the least recently used file if
    /// [`OPEN_FILES`] are open); returns its place in `open`.
    fn open_part(&mut self, directory: Option<String>) -> io::Result<usize> {
        if self.open.len() >= OPEN_FILES
            && let Some(oldest) = (0..self.open.len()).min_by_key(|&i| self.open[i].used)
        {
            let part = self.open.swap_remove(oldest);
            self.complete(part)?;
        }
        let number = self.parts.entry(directory.clone()).or_default();
        let mut dir = self.scratch.path().to_path_buf();
        if let Some(name) = &directory {
            dir.push(name);
        }
        let path = dir.join(format!("part-{number}.parquet"));
        *number += 1;
        let made = fs::create_dir_all(&dir).and_then(|()| File::create_new(&path));
        let opened = made.map_err(|e| self.context(e))?;
        let file = self.files;
        self.files += 1;
        let written = self.writer.order(Order::Open(file, opened));
        written.map_err(|e| self.context(e))?;
        self.open.push(Part {
            directory,
            file,
            held: self.schema.columns(),
            groups: 0,
            used: self.chunks,
        });
        Ok(self.open.len() - 1)
    }

    /// Writes what `part` holds and the file's footer.
    fn complete(&mut self, part: Part) -> io::Result<()> {
        let mut written = Ok(());
        if part.held.rows() > 0 {
            written = self.writer.order(Order::Group(part.file, part.held));
        }
        written
            .and_then(|()| self.writer.order(Order::Complete(part.file)))
            .map_err(|e| self.context(e))
    }

    /// Completes every file and puts the directory in place (an unpartitioned run without
    /// rows writes one file without rows, so that readers find the schema).
    pub fn commit(mut self) -> io::Result<()> {
        if self.partition.is_none() && self.parts.is_empty() {
            self.open_part(None)?;
        }
        for part in std::mem::take(&mut self.open) {
            self.complete(part)?;
        }
        let finished = self.writer.finish();
        finished.map_err(|e| self.context(e))?;
        let Dataset {
            scratch,
            target,
            name,
            ..
        } = self;
        scratch
            .persist(&target)
            .map_err(|e| io::Error::new(e.kind(), format!("cannot write {name}: {e}")))
    }
}

/// What the [`Writer`] is told.
enum Order {
    /// Start file `.0`, opened as `.1`.
    Open(usize, File),
    /// Write these rows as the next row group of file `.0`.
    Group(usize, Columns),
    /// Write the footer of file `.0` and sync it.
    Complete(usize),
}

/// The Parquet files open, encoding and compressing the row groups they are given.
struct Files {
    parquet: Arc<Type>,
    properties: Arc<WriterProperties>,
    /// How each leaf column is written.
    plans: Vec<Plan>,
    open: HashMap<usize, SerializedFileWriter<File>>,
    encoder: Encoder,
}

impl Files {
    /// Carries out `order`; gives back the columns of a row group written, emptied, for
    /// later rows (their buffers are not asked of the system again).
    fn run(&mut self, order: Order) -> io::Result<Option<Columns>> {
        match order {
            Order::Open(file, opened) => {
                let writer = SerializedFileWriter::new(
                    opened,
                    self.parquet.clone(),
                    self.properties.clone(),
                )
                .map_err(parquet_error)?;
                self.open.insert(file, writer);
                Ok(None)
            }
            Order::Group(file, mut rows) => {
                let writer = self.open.get_mut(&file).ok_or_else(not_open)?;
                let descrs = writer.schema_descr().columns().to_vec();
                let group = writer.next_row_group().map_err(parquet_error)?;
                rows.write_row_group(group, (&descrs, &self.plans), &mut self.encoder)
                    .map_err(parquet_error)?;
                Ok(Some(rows))
            }
            Order::Complete(file) => {
                let writer = self.open.remove(&file).ok_or_else(not_open)?;
                writer.into_inner().map_err(parquet_error)?.sync_all()?;
                Ok(None)
            }
        }
    }
}

fn not_open() -> io::Error {
    io::Error::other("a Parquet file was written to that was not open")
}

/// Orders waiting for the thread that writes the files: none, so that at most two row
/// groups are held, the one it writes and the one being gathered.
const QUEUE: usize = 0;

/// Where the [`Files`] are written: with more than one thread, on a thread of their own.
/// Encoding and compressing a row group took as many instructions as the workers' rows,
/// and on the thread that orders the games it held everything up (the workers waited
/// through each row group); on its own thread it is done while the next row group is
/// gathered. The orders are carried out in the order given either way, so the files are
/// the same for every `-j`.
enum Writer {
    Here {
        files: Files,
        spare: Option<Columns>,
    },
    Thread {
        orders: Option<mpsc::SyncSender<Order>>,
        spare: mpsc::Receiver<Columns>,
        thread: Option<std::thread::JoinHandle<io::Result<()>>>,
    },
}

impl Writer {
    fn new(mut files: Files, threads: usize) -> Writer {
        if threads > 1 {
            let (orders, incoming) = mpsc::sync_channel::<Order>(QUEUE);
            let (give_back, spare) = mpsc::channel();
            // The files are handed over once the thread has started.
            let (hand, handed) = mpsc::sync_channel::<Files>(1);
            let thread = std::thread::Builder::new().spawn(move || {
                let Ok(mut files) = handed.recv() else {
                    return Ok(());
                };
                for order in incoming {
                    if let Some(empty) = files.run(order)? {
                        let _ = give_back.send(empty);
                    }
                }
                Ok(())
            });
            if let Ok(thread) = thread {
                match hand.send(files) {
                    Ok(()) => {
                        return Writer::Thread {
                            orders: Some(orders),
                            spare,
                            thread: Some(thread),
                        };
                    }
                    Err(mpsc::SendError(back)) => files = back,
                }
            }
            // No thread to be had: the files are written on this one.
        }
        Writer::Here { files, spare: None }
    }

    fn order(&mut self, order: Order) -> io::Result<()> {
        match self {
            Writer::Here { files, spare } => {
                if let Some(empty) = files.run(order)? {
                    *spare = Some(empty);
                }
                Ok(())
            }
            Writer::Thread { orders, .. } => {
                let sent = orders.as_ref().map(|orders| orders.send(order));
                match sent {
                    Some(Ok(())) => Ok(()),
                    // The thread stopped: say why.
                    _ => Err(self.finish().err().unwrap_or_else(stopped)),
                }
            }
        }
    }

    /// Columns a row group was written from, emptied, if one is back.
    fn spare(&mut self) -> Option<Columns> {
        match self {
            Writer::Here { spare, .. } => spare.take(),
            Writer::Thread { spare, .. } => spare.try_recv().ok(),
        }
    }

    /// Waits until every order is carried out; the first error.
    fn finish(&mut self) -> io::Result<()> {
        match self {
            Writer::Here { .. } => Ok(()),
            Writer::Thread { orders, thread, .. } => {
                drop(orders.take());
                match thread.take().map(std::thread::JoinHandle::join) {
                    Some(Ok(result)) => result,
                    Some(Err(_)) => Err(io::Error::other("the Parquet writer failed")),
                    None => Err(stopped()),
                }
            }
        }
    }
}

fn stopped() -> io::Error {
    io::Error::other("the Parquet writer stopped")
}

fn parquet_error(e: parquet::errors::ParquetError) -> io::Error {
    match e {
        parquet::errors::ParquetError::External(inner) => match inner.downcast::<io::Error>() {
            Ok(io) => *io,
            Err(other) => io::Error::other(other.to_string()),
        },
        other => io::Error::other(other.to_string()),
    }
}

/// Reads every input, `job` making each game's rows on the workers, into Parquet files of
/// `schema` in the new directory `dir` (`-o DIR`, required). Invalid games' diagnostics go
/// to standard error. The exit code: 0 every game valid, 1 some game invalid, 2 usage
/// error, unreadable input (then `DIR` is not written) or output that could not be written.
pub fn write_dataset<J: GameJob<Done = Chunk>>(
    config: &Config,
    inputs: &Inputs,
    dir: Option<&Path>,
    (schema, partition): (&'static Schema, Option<PartitionBy>),
    needs: Needs,
    job: &dyn Fn(&str) -> J,
) -> io::Result<u8> {
    let Some(dir) = dir else {
        return refused("--format parquet writes a directory: give one with -o DIR");
    };
    let mut dataset = match Dataset::create(dir, (schema, partition), config.threads) {
        Ok(dataset) => dataset,
        Err(e) => {
            return refused(&e.to_string());
        }
    };
    let mut problem = None;
    let reading = read_inputs(
        inputs,
        config,
        needs,
        InvalidGames::Report,
        job,
        &mut |_: &Source<'_>, chunk: Chunk| match chunk.problem {
            // A row that does not fit the schema is pdnkit's fault, never the input's.
            Some(why) => {
                problem.get_or_insert(why);
                Ok(())
            }
            None => dataset.add(chunk),
        },
    );
    let reading = match reading {
        Ok(reading) => reading,
        Err(e) => {
            return refused(&e.to_string());
        }
    };
    if let Some(why) = problem {
        return refused(&format!(
            "{} not written: a row did not fit: {why}",
            dataset.name
        ));
    }
    if reading.unreadable > 0 {
        return refused(&format!(
            "{} not written: an input could not be read",
            dataset.name
        ));
    }
    match dataset.commit() {
        Ok(()) => Ok(verdict(reading.totals.invalid, 0)),
        Err(e) => refused(&e.to_string()),
    }
}
