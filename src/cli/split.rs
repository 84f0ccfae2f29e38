//! `pdnkit split`: one file per value of a tag, per year, or per N games, in a directory.

use super::archive::{GameWriter, Inputs, InvalidGames, open_output, read_inputs};
use super::args::{self, CommonArgs};
use super::output::{Output, Sources, sweep, tell_error};
use super::{EXIT_FAILURE, EXIT_OK};
use pdnkit::archive::split::{FileNames, SplitBy};
use pdnkit::escape;
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

/// Files written at once; more values take more readings of the inputs.
const OPEN_FILES: usize = 64;

/// A file being written, and the games in it.
struct Open {
    output: Output,
    writer: GameWriter,
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
        tell_error(&format!("cannot make the directory {shown}: {e}"));
        return Ok(EXIT_FAILURE);
    }
    // What a killed run left there goes now, whether or not this run writes a file.
    sweep(dir);
    let inputs = Inputs::new(inputs).rereadable()?;
    // Games are written as they were: nothing is replayed.
    let needs = args.by.needs();
    let mut names = FileNames::default();
    let mut done: Vec<bool> = Vec::new();
    let mut written: Vec<(usize, usize)> = Vec::new();
    loop {
        let mut open: BTreeMap<usize, Open> = BTreeMap::new();
        let mut ordinal = 0;
        let reading = read_inputs(
            &inputs,
            &config,
            needs,
            InvalidGames::Silent,
            &mut |_, game| {
                let value = args.by.value(&game.report, ordinal);
                ordinal += 1;
                let index = names.index(&value);
                done.resize(names.names().len(), false);
                if done[index] {
                    return Ok(());
                }
                if !open.contains_key(&index) {
                    if matches!(args.by, SplitBy::Count(_)) {
                        // A part never comes back: the one before is complete.
                        close(&mut open, &mut done, &mut written)?;
                    }
                    if open.len() == OPEN_FILES {
                        return Ok(()); // for a later reading
                    }
                    let path = dir.join(format!("{}.pdn", names.names()[index]));
                    let output = Output::open(Some(&path), &sources)?;
                    let writer = GameWriter::default();
                    open.insert(index, Open { output, writer });
                }
                let file = open.get_mut(&index).expect("opened");
                file.writer.write(&mut file.output, &game)
            },
        );
        match reading {
            Err(e) => {
                tell_error(&e.to_string());
                return Ok(EXIT_FAILURE);
            }
            // Files not yet complete are dropped: they stay as they were.
            Ok(reading) if reading.unreadable > 0 => return Ok(EXIT_FAILURE),
            Ok(_) => {}
        }
        close(&mut open, &mut done, &mut written)?;
        if done.iter().all(|d| *d) {
            break;
        }
    }
    report(&mut listing, dir, &names, &written)?;
    listing.commit()?;
    Ok(EXIT_OK)
}

/// Puts every open file in place.
fn close(
    open: &mut BTreeMap<usize, Open>,
    done: &mut [bool],
    written: &mut Vec<(usize, usize)>,
) -> io::Result<()> {
    for (index, file) in std::mem::take(open) {
        file.output.commit()?;
        done[index] = true;
        written.push((index, file.writer.games()));
    }
    Ok(())
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
        writeln!(out, "{shown}: {games} game{}", super::report::plural(games))?;
    }
    Ok(())
}
