//! `pdnkit dedupe`: the groups of duplicate games across the inputs as JSON lines (or lines
//! for people), and with `-o` an archive that keeps one game of each group.

use crate::archive::dedupe::{Dedupe, Group, Noted, Options, Relation};
use crate::check::{GameJob, Needs, ReadGame};
use crate::cli::archive::{
    GameWriter, Handle, Inputs, InvalidGames, Reading, Source, Start, ToWrite, Writable,
    open_output, put_in_place, read_inputs, start,
};
use crate::cli::args::{CommonArgs, Config};
use crate::cli::print::validation::plural;
use crate::cli::run::exit::EXIT_FAILURE;
use crate::cli::run::exit::EXIT_INVALID;
use crate::cli::run::exit::EXIT_OK;
use crate::cli::run::exit::closed_pipe;
use crate::cli::run::output::{Output, Scratch, Sources};
use crate::cli::run::scratch_records::{Records, RecordsRead};
use crate::text::escape;
use crate::write::PdnOptions;
use crate::write::as_written::Open;
use serde::Serialize;
use std::io::{self, Write};
use std::path::PathBuf;

/// Find duplicate games across files: the same moves however they are written (notation,
/// capture spelling, comments and tags do not count), truncated copies, and copies whose
/// tags disagree.
///
/// Prints one JSON line per group of duplicates and a summary (see docs/dedupe.md); with -o,
/// also writes the games without their duplicates (one member of each group kept: the
/// longest, valid, with the most tags that say something). Each input is read once, as it
/// comes (standard input and pipes too); what is needed after the reading is kept in a
/// scratch directory in TMPDIR, removed at the end.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    pdnkit dedupe archive/ > groups.jsonl\n  \
    pdnkit dedupe archive/ --format human\n  \
    pdnkit dedupe old/ new/ -o merged.pdn\n\n\
    pdnkit dedupe openings.pdn --exact -o unique.pdn\n\n\
    Exit codes: 0 no duplicates, 1 duplicates found (and, with -o, left out of the archive \
    written), 2 usage error, unreadable input or output not written.")]
pub struct DedupeArgs {
    /// Files, directories (searched recursively for *.pdn), or - for standard input.
    paths: Vec<PathBuf>,
    /// Also write the games without their duplicates to FILE (- is standard output, then
    /// the report goes to standard error), in input order, each as written (UTF-8).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// jsonl: one object per group, then a summary; human: one line per member.
    #[arg(long, value_enum, default_value = "jsonl")]
    format: DedupeFormat,
    #[command(flatten)]
    rule: RuleArgs,
    #[command(flatten)]
    common: CommonArgs,
}

/// What counts as a duplicate (`dedupe`, `merge --dedupe`).
#[derive(clap::Args, Clone, Copy)]
pub struct RuleArgs {
    /// Only games with the same moves are duplicates, no truncated copies (nothing is kept
    /// in the scratch directory for them).
    #[arg(long)]
    exact: bool,
    /// A game of fewer than N plies is never a truncated copy of a longer one (the entries
    /// of an opening list); identical copies of it still are duplicates. 1 makes every
    /// beginning of a longer game a truncated copy.
    #[arg(long, value_name = "N", default_value_t = Options::MIN_PLIES)]
    min_plies: u32,
}

impl RuleArgs {
    /// Whether either option was given (they mean nothing without a deduplication).
    pub fn given(self) -> bool {
        self.exact || self.min_plies != Options::MIN_PLIES
    }

    pub fn options(self) -> Options {
        Options {
            exact: self.exact,
            min_plies: self.min_plies,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum DedupeFormat {
    Jsonl,
    Human,
}

/// What the reading found.
pub struct Found {
    pub dedupe: Dedupe,
    pub groups: Vec<Group>,
    pub reading: Reading,
    /// The games and the comments between them, as the archive writes them (when asked).
    pub kept: Option<RecordsRead>,
    /// Where the records are (removed when dropped).
    _scratch: Option<Scratch>,
}

/// Kinds of records: the beginnings of a game (its ordinal, the hashes of its moves), a
/// game's text (its input; the text after the byte of how it may be continued,
/// [`Open::byte`]), the comments between games (their input).
const BEGINNINGS: u8 = 0;
const GAME: u8 = 1;
const BETWEEN: u8 = 2;

/// Reads every input once and finds the groups; with `keep` (the writer of the archive to
/// come), the games are kept, made as it writes them, with the comments between them, for
/// [`write_kept_records`]. The exit code when a reading failed (said here).
pub fn find(
    inputs: &Inputs,
    config: &Config,
    options: Options,
    keep: Option<&GameWriter>,
) -> io::Result<Result<Found, u8>> {
    let dedupe = Dedupe::new(options);
    let scratch = if dedupe.needs_beginnings() || keep.is_some() {
        let made = Scratch::create().map_err(|e| scratch_error(&e))?;
        Some(made)
    } else {
        None
    };
    let records = |name| match &scratch {
        Some(scratch) => Records::create(scratch.path(), name).map(Some),
        None => Ok(None),
    };
    let mut finding = Finding {
        beginnings: if dedupe.needs_beginnings() {
            records("beginnings").map_err(|e| scratch_error(&e))?
        } else {
            None
        },
        kept: match keep {
            Some(_) => records("games").map_err(|e| scratch_error(&e))?,
            None => None,
        },
        dedupe,
        ordinal: 0,
        bytes: Vec::new(),
    };
    let job = Prints {
        made: keep.map(GameWriter::options),
    };
    let needs = keep.map_or(Needs::ALL, |writer| Needs::ALL.and(writer.needs()));
    let reading = read_inputs(
        inputs,
        config,
        needs,
        InvalidGames::Silent,
        &|_| job.clone(),
        &mut finding,
    )?;
    if reading.unreadable > 0 {
        return Ok(Err(EXIT_FAILURE));
    }
    let Finding {
        mut dedupe,
        beginnings,
        kept,
        ..
    } = finding;
    dedupe.index();
    if let Some(beginnings) = beginnings {
        let mut read = beginnings.read_back().map_err(|e| scratch_error(&e))?;
        let mut hashes = Vec::new();
        while let Some((_, ordinal, bytes)) = read.next_record().map_err(|e| scratch_error(&e))? {
            hashes.clear();
            let words = bytes.chunks_exact(8);
            hashes.extend(words.map(|w| u64::from_le_bytes(w.try_into().unwrap_or_default())));
            dedupe.beginnings(ordinal, &hashes);
        }
    }
    let kept = match kept {
        Some(kept) => Some(kept.read_back().map_err(|e| scratch_error(&e))?),
        None => None,
    };
    let groups = dedupe.groups();
    Ok(Ok(Found {
        dedupe,
        groups,
        reading,
        kept,
        _scratch: scratch,
    }))
}

/// An error of the scratch directory, saying where it is.
fn scratch_error(e: &io::Error) -> io::Error {
    let dir = std::env::temp_dir();
    let why = format!(
        "the scratch data in {} (TMPDIR): {e}",
        escape::text(&dir.display().to_string())
    );
    io::Error::new(e.kind(), why)
}

/// The job of the reading: each game's report, and the text the archive writes for it
/// (made on the worker) when `made` holds the writer's options.
#[derive(Clone)]
struct Prints {
    made: Option<Option<PdnOptions>>,
}

impl GameJob for Prints {
    type Done = (Noted, Option<(String, Open)>);

    fn work(&mut self, game: ReadGame<'_>) -> Self::Done {
        let text = self
            .made
            .as_ref()
            .map(|options| GameWriter::made(options.as_ref(), &game));
        (Noted::of(&game.report), text)
    }
}

/// What the reading hands each game to: the fingerprints, and the records kept for after it.
struct Finding {
    dedupe: Dedupe,
    beginnings: Option<Records>,
    kept: Option<Records>,
    /// Games met so far.
    ordinal: u32,
    /// Room for the bytes of a record (the hashes of a game's beginnings, a game's text).
    bytes: Vec<u8>,
}

impl Handle<(Noted, Option<(String, Open)>)> for Finding {
    fn game(
        &mut self,
        source: &Source<'_>,
        (noted, made): (Noted, Option<(String, Open)>),
    ) -> io::Result<()> {
        let file = source.index as u32;
        if let Some(hashes) = self.dedupe.add(file, noted)
            && let Some(beginnings) = &mut self.beginnings
        {
            self.bytes.clear();
            self.bytes
                .extend(hashes.iter().flat_map(|h| h.to_le_bytes()));
            beginnings
                .push(BEGINNINGS, self.ordinal, &self.bytes)
                .map_err(|e| scratch_error(&e))?;
        }
        self.ordinal += 1;
        match (&mut self.kept, made) {
            (Some(kept), Some((text, open))) => {
                self.bytes.clear();
                self.bytes.push(open.byte());
                self.bytes.extend_from_slice(text.as_bytes());
                kept.push(GAME, file, &self.bytes)
                    .map_err(|e| scratch_error(&e))
            }
            _ => Ok(()),
        }
    }

    fn between(&mut self, source: &Source<'_>, comments: &str) -> io::Result<()> {
        match &mut self.kept {
            Some(kept) => kept
                .push(BETWEEN, source.index as u32, comments.as_bytes())
                .map_err(|e| scratch_error(&e)),
            None => Ok(()),
        }
    }
}

/// The games a de-duplicated archive leaves out, by ordinal.
pub fn dropped(found: &Found) -> Vec<bool> {
    let mut dropped = vec![false; found.dedupe.len()];
    for member in found.groups.iter().flat_map(|g| &g.members) {
        dropped[member.ordinal as usize] |= !member.kept;
    }
    dropped
}

/// Writes every game of the inputs as they are read (`merge`), games apart by a blank line,
/// with the comments between games.
pub fn write_all(
    inputs: &Inputs,
    config: &Config,
    writer: GameWriter,
    out: &mut Output,
) -> io::Result<Reading> {
    let needs = writer.needs();
    let job = Writable(writer.options(), false);
    let mut kept = Kept::new(&[], writer, out);
    let silent = InvalidGames::Silent;
    let reading = read_inputs(inputs, config, needs, silent, &|_| job, &mut kept)?;
    kept.write_before()?;
    Ok(reading)
}

/// Writes every game of the records [`find`] kept that is not dropped (by ordinal), as
/// [`write_all`] would: the comments before a game go with it, those after the last game of
/// an input are kept.
pub fn write_kept_records(
    records: &mut RecordsRead,
    dropped: &[bool],
    writer: GameWriter,
    out: &mut Output,
) -> io::Result<()> {
    let mut kept = Kept::new(dropped, writer, out);
    while let Some((kind, input, bytes)) = records.next_record().map_err(|e| scratch_error(&e))? {
        match kind {
            GAME => {
                let (open, text) = bytes.split_first().unwrap_or((&0, &[]));
                let (open, text) = (Open::from_byte(*open), String::from_utf8_lossy(text));
                kept.game(input as usize, |writer, out| {
                    writer.write_made(out, &text, open)
                })?;
            }
            BETWEEN => kept.between(input as usize, &String::from_utf8_lossy(bytes))?,
            _ => {}
        }
    }
    kept.write_before()
}

/// The games kept, and the comments between them, written as they come.
struct Kept<'a> {
    dropped: &'a [bool],
    /// Games met so far.
    ordinal: usize,
    writer: GameWriter,
    out: &'a mut Output,
    /// The comments before the next game, and the input they are in (kept with the game, or
    /// if none follows in that input, kept after its last game).
    before: Option<(usize, String)>,
}

impl<'a> Kept<'a> {
    fn new(dropped: &'a [bool], writer: GameWriter, out: &'a mut Output) -> Kept<'a> {
        Kept {
            dropped,
            ordinal: 0,
            writer,
            out,
            before: None,
        }
    }

    /// The next game, of input `index`: written (by `write`) unless dropped, after the
    /// comments held.
    fn game(
        &mut self,
        index: usize,
        write: impl FnOnce(&mut GameWriter, &mut Output) -> io::Result<()>,
    ) -> io::Result<()> {
        self.write_before_unless_in(index)?;
        let keep = !self.dropped.get(self.ordinal).copied().unwrap_or(false);
        self.ordinal += 1;
        if keep {
            self.write_before()?;
            write(&mut self.writer, self.out)
        } else {
            self.before = None;
            Ok(())
        }
    }

    /// Comments between games of input `index`: held for the next game.
    fn between(&mut self, index: usize, comments: &str) -> io::Result<()> {
        self.write_before()?;
        self.before = Some((index, comments.to_string()));
        Ok(())
    }

    /// Writes the comments held.
    fn write_before(&mut self) -> io::Result<()> {
        match self.before.take() {
            Some((_, comments)) => self.writer.write_between(self.out, &comments),
            None => Ok(()),
        }
    }

    /// Writes the comments held if they follow the last game of an input before `index`.
    fn write_before_unless_in(&mut self, index: usize) -> io::Result<()> {
        match &self.before {
            Some((at, _)) if *at != index => self.write_before(),
            _ => Ok(()),
        }
    }
}

impl Handle<ToWrite> for Kept<'_> {
    fn game(&mut self, source: &Source<'_>, game: ToWrite) -> io::Result<()> {
        self.game(source.index, |writer, out| writer.write(out, &game))
    }

    fn between(&mut self, source: &Source<'_>, comments: &str) -> io::Result<()> {
        Kept::between(self, source.index, comments)
    }

    fn idle(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

#[derive(Serialize)]
struct GroupObject<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    group: usize,
    plies: u32,
    relations: Vec<&'static str>,
    conflicts: &'a [&'static str],
    members: Vec<MemberObject<'a>>,
}

#[derive(Serialize)]
struct MemberObject<'a> {
    file: &'a str,
    game: u32,
    line: u32,
    plies: u32,
    relation: Relation,
    kept: bool,
    valid: bool,
}

#[derive(Serialize)]
struct SummaryObject {
    #[serde(rename = "type")]
    kind: &'static str,
    files: usize,
    games: usize,
    groups: usize,
    duplicates: usize,
}

/// The relations a group shows: `identical`, `truncated`, `conflicting-tags`.
fn relations(group: &Group) -> Vec<&'static str> {
    let count = |r: Relation| group.members.iter().filter(|m| m.relation == r).count();
    let mut relations = Vec::new();
    if count(Relation::Identical) >= 2 {
        relations.push("identical");
    }
    if count(Relation::Truncated) >= 1 {
        relations.push("truncated");
    }
    if !group.conflicts.is_empty() {
        relations.push("conflicting-tags");
    }
    relations
}

fn write_report(
    out: &mut dyn Write,
    format: DedupeFormat,
    found: &Found,
    names: &[String],
) -> io::Result<()> {
    for (i, group) in found.groups.iter().enumerate() {
        let members = group.members.iter().map(|m| {
            let p = found.dedupe.fingerprint(m.ordinal);
            MemberObject {
                file: names.get(p.file as usize).map_or("", String::as_str),
                game: p.game,
                line: p.line,
                plies: p.plies,
                relation: m.relation,
                kept: m.kept,
                valid: p.valid,
            }
        });
        match format {
            DedupeFormat::Jsonl => {
                let object = GroupObject {
                    kind: "group",
                    group: i + 1,
                    plies: group.plies,
                    relations: relations(group),
                    conflicts: &group.conflicts,
                    members: members.collect(),
                };
                escape::write_json(&mut *out, &object)?;
                writeln!(out)?;
            }
            DedupeFormat::Human => {
                let conflicts = if group.conflicts.is_empty() {
                    String::new()
                } else {
                    format!("; tags in conflict: {}", group.conflicts.join(", "))
                };
                writeln!(
                    out,
                    "group {} ({} plies: {}{conflicts})",
                    i + 1,
                    group.plies,
                    relations(group).join(", ")
                )?;
                for m in members {
                    let kept = if m.kept { ", kept" } else { "" };
                    let relation = match m.relation {
                        Relation::Identical => "identical",
                        Relation::Truncated => "truncated",
                    };
                    writeln!(
                        out,
                        "  {}:{}: game {}, {} plies, {relation}{kept}{}",
                        escape::text(m.file),
                        m.line,
                        m.game,
                        m.plies,
                        if m.valid { "" } else { ", invalid" }
                    )?;
                }
            }
        }
    }
    let duplicates = dropped(found).iter().filter(|d| **d).count();
    let summary = SummaryObject {
        kind: "summary",
        files: found.reading.files,
        games: found.reading.totals.games,
        groups: found.groups.len(),
        duplicates,
    };
    match format {
        DedupeFormat::Jsonl => {
            escape::write_json(&mut *out, &summary)?;
            writeln!(out)
        }
        DedupeFormat::Human => writeln!(
            out,
            "summary: {} file{}, {} game{}: {} group{} of duplicates, {} game{} to leave out",
            summary.files,
            plural(summary.files),
            summary.games,
            plural(summary.games),
            summary.groups,
            plural(summary.groups),
            summary.duplicates,
            plural(summary.duplicates)
        ),
    }
}

pub fn run(args: DedupeArgs) -> io::Result<u8> {
    let Start {
        config,
        inputs,
        output,
    } = match start(&args.common, &args.paths, args.output.as_deref()) {
        Ok(start) => start,
        Err(code) => return Ok(code),
    };
    // With -o FILE the report goes to standard output (opened before any input is read,
    // and refused if it is an input); with -o - to standard error.
    let report_out = match (&args.output, output.is_stdout()) {
        (Some(_), false) => match open_output(None, &Sources::of_inputs(inputs.list())) {
            Ok(out) => Some(out),
            Err(code) => return Ok(code),
        },
        _ => None,
    };
    let writer = GameWriter::default();
    let keep = args.output.is_some().then_some(&writer);
    let found = match find(&inputs, &config, args.rule.options(), keep)? {
        Ok(found) => found,
        Err(code) => {
            output.abandon();
            return Ok(code);
        }
    };
    let names = inputs.names();
    // The verdict is known before anything is written: a reader that closes its pipe early
    // (`dedupe ... | head`) gets it all the same.
    let code = if found.groups.is_empty() {
        EXIT_OK
    } else {
        EXIT_INVALID
    };
    let mut output = output;
    if args.output.is_none() {
        let written = write_report(&mut output, args.format, &found, names);
        return written
            .and_then(|()| output.commit())
            .map(|()| code)
            .or_else(|e| closed_pipe(e, code));
    }
    // The report's reader gone, the archive is still written.
    let reported = match report_out {
        Some(mut out) => {
            write_report(&mut out, args.format, &found, names).and_then(|()| out.commit())
        }
        None => write_report(&mut io::stderr().lock(), args.format, &found, names),
    };
    reported.or_else(|e| closed_pipe(e, code).map(drop))?;
    let dropped = dropped(&found);
    let mut found = found;
    let written = match &mut found.kept {
        Some(records) => write_kept_records(records, &dropped, writer, &mut output),
        None => Ok(()),
    }
    .and_then(|()| put_in_place(output, &found.reading));
    match written {
        Ok(true) => Ok(code),
        Ok(false) => Ok(EXIT_FAILURE),
        Err(e) => closed_pipe(e, code),
    }
}
