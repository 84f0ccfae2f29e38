//! `pdnkit split`: one file per value of a tag, per year, or per N games, in a directory.

use crate::archive::split::{FileNames, SplitBy, Waiting};
use crate::cli::archive::{
    GameWriter, Inputs, InvalidGames, Source, ToWrite, Writable, open_output, read_inputs,
};
use crate::cli::args::{self, CommonArgs};
use crate::cli::run::exit::EXIT_FAILURE;
use crate::cli::run::exit::EXIT_OK;
use crate::cli::run::output::{Output, Scratch, Sources, refused, sweep};
use crate::text::escape;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Split an archive into files: one per value of a tag, per year, or per N games.
///
/// Games keep their text as written (re-encoded to UTF-8) and their input order within each
/// file. File names are the values made safe for every file system (see docs/split.md).
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    pdnkit split archive/ --by year -o by-year/\n  \
    pdnkit split games.pdn --by White -o players/\n  \
    pdnkit split big.pdn --by 1000 -o parts/\n\n\
    Exit codes: 0 done, 2 usage error, unreadable input (nothing written) or a file that \
    could not be written.")]
pub struct SplitArgs {
    /// Files, directories (searched recursively for *.pdn), or - for standard input.
    paths: Vec<PathBuf>,
    /// What decides a game's file: a tag name (White, Event, ...), year (of the Date tag),
    /// or a number N (N games a file, in input order).
    #[arg(long, value_name = "TAG|year|N", value_parser = SplitBy::parse)]
    by: SplitBy,
    /// The directory the files are written into (made if missing). A file of the same name
    /// is replaced once it is complete; an input is never written over.
    #[arg(short, long, value_name = "DIR")]
    output: PathBuf,
    #[command(flatten)]
    common: CommonArgs,
}

/// Files written at once; the games of more files wait in a temporary file.
const OPEN_FILES: usize = 64;

/// A file being written, and the games in it.
struct Open {
    output: Output,
    writer: GameWriter,
}

/// The files of a split: at most [`OPEN_FILES`] written at once as their games arrive, the
/// games of the others waiting until the inputs are read.
struct Files<'a> {
    dir: &'a Path,
    sources: &'a Sources,
    open: BTreeMap<usize, Open>,
    waiting: Option<(Waiting, Option<Scratch>)>,
    /// (file, games) of every file put in place.
    written: Vec<(usize, usize)>,
}

impl Files<'_> {
    fn path(&self, names: &FileNames, index: usize) -> PathBuf {
        self.dir.join(format!("{}.pdn", names.names()[index]))
    }

    /// Writes `game` into file `index` (`fresh`: the file was just met).
    fn add(
        &mut self,
        names: &FileNames,
        index: usize,
        fresh: bool,
        game: &ToWrite,
        parts: bool,
    ) -> io::Result<()> {
        if fresh && parts {
            // A part never comes back: the one before is complete.
            self.close()?;
        }
        if fresh && self.open.len() < OPEN_FILES {
            let output = Output::open(Some(&self.path(names, index)), self.sources)?;
            let writer = GameWriter::default();
            self.open.insert(index, Open { output, writer });
        }
        match self.open.get_mut(&index) {
            Some(file) => file.writer.write(&mut file.output, game),
            None => {
                let (waiting, _) = match &mut self.waiting {
                    Some(waiting) => waiting,
                    None => {
                        // In a scratch directory of pdnkit's, removed on a signal, and
                        // swept by the next run after a SIGKILL.
                        let scratch = Scratch::create().ok();
                        let waiting = Waiting::new(scratch.as_ref().map(Scratch::path))?;
                        self.waiting.insert((waiting, scratch))
                    }
                };
                waiting.park(index, game.text().as_bytes(), game.open())
            }
        }
    }

    /// Puts every open file in place.
    fn close(&mut self) -> io::Result<()> {
        for (index, file) in std::mem::take(&mut self.open) {
            file.output.commit()?;
            self.written.push((index, file.writer.games()));
        }
        Ok(())
    }

    /// Puts the open files in place, then writes those of the games that waited, one at a
    /// time.
    fn finish(mut self, names: &FileNames) -> io::Result<Vec<(usize, usize)>> {
        self.close()?;
        let Some((waiting, _scratch)) = self.waiting.take() else {
            return Ok(self.written);
        };
        let mut games = waiting.games()?;
        let mut text = Vec::new();
        let mut current: Option<(usize, Open)> = None;
        while let Some((index, open)) = games.next_into(&mut text)? {
            if current.as_ref().is_none_or(|(i, _)| *i != index) {
                if let Some((done, file)) = current.take() {
                    file.output.commit()?;
                    self.written.push((done, file.writer.games()));
                }
                let output = Output::open(Some(&self.path(names, index)), self.sources)?;
                let writer = GameWriter::default();
                current = Some((index, Open { output, writer }));
            }
            let (_, file) = current.as_mut().expect("opened");
            let text = std::str::from_utf8(&text).map_err(io::Error::other)?;
            file.writer.write_text(&mut file.output, text, open)?;
        }
        if let Some((done, file)) = current {
            file.output.commit()?;
            self.written.push((done, file.writer.games()));
        }
        Ok(self.written)
    }
}

pub fn run(args: SplitArgs) -> io::Result<u8> {
    let (config, inputs) = match args::start(args.common.config(), |c| c, &args.paths) {
        Ok(started) => started,
        Err(code) => return Ok(code),
    };
    let sources = Sources::of_inputs(&inputs);
    // The list of files written goes to standard output, which must not be an input.
    let mut listing = match open_output(None, &sources) {
        Ok(out) => out,
        Err(code) => return Ok(code),
    };
    let dir = args.output.as_path();
    if let Err(e) = std::fs::create_dir_all(dir) {
        let shown = escape::text(&escape::file_name(dir)).into_owned();
        return refused(&format!("cannot make the directory {shown}: {e}"));
    }
    // What a killed run left there goes now, whether or not this run writes a file.
    sweep(dir);
    let inputs = Inputs::new(inputs);
    // Games are written as they were: nothing is replayed.
    let needs = args.by.needs().and(GameWriter::default().needs());
    let parts = matches!(args.by, SplitBy::Count(_));
    let mut names = FileNames::default();
    let mut files = Files {
        dir,
        sources: &sources,
        open: BTreeMap::new(),
        waiting: None,
        written: Vec::new(),
    };
    let mut ordinal = 0;
    let reading = read_inputs(
        &inputs,
        &config,
        needs,
        InvalidGames::Silent,
        &|_| Writable(None, !parts),
        &mut |_: &Source<'_>, game: ToWrite| {
            let value = args.by.value(&game.report, ordinal);
            ordinal += 1;
            let known = names.names().len();
            let index = names.index(value.as_deref());
            files.add(&names, index, index == known, &game, parts)
        },
    );
    match reading {
        Err(e) => {
            return refused(&e.to_string());
        }
        // Files not yet complete are dropped: they stay as they were.
        Ok(reading) if reading.unreadable > 0 => return Ok(EXIT_FAILURE),
        Ok(_) => {}
    }
    let written = files.finish(&names)?;
    report(&mut listing, dir, &names, &written)?;
    listing.commit()?;
    Ok(EXIT_OK)
}

/// One line per file written, in the order their values first occurred.
fn report(
    out: &mut dyn Write,
    dir: &Path,
    names: &FileNames,
    written: &[(usize, usize)],
) -> io::Result<()> {
    let mut written = written.to_vec();
    written.sort_unstable();
    for (index, games) in written {
        let path = dir.join(format!("{}.pdn", names.names()[index]));
        let shown = escape::text(&escape::file_name(&path)).into_owned();
        writeln!(
            out,
            "{shown}: {games} game{}",
            crate::cli::print::validation::plural(games)
        )?;
    }
    Ok(())
}
