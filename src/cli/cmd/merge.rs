//! `pdnkit merge`: many inputs into one archive, in input order, each game as written or
//! (`--canonical`) as canonical PDN, with the comments between games; `--dedupe` leaves out
//! duplicates as `pdnkit dedupe -o` does.

use crate::cli::archive::{GameWriter, Start, put_in_place, start};
use crate::cli::args::CommonArgs;
use crate::cli::cmd::dedupe::{RuleArgs, dropped, find, write_all, write_kept_records};
use crate::cli::run::exit::EXIT_FAILURE;
use crate::cli::run::exit::EXIT_INVALID;
use crate::cli::run::exit::EXIT_OK;
use crate::cli::run::output::refused;
use crate::write::PdnOptions;
use std::io;
use std::path::PathBuf;

/// Merge archives into one: every game of every input, in input order, as written
/// (re-encoded to UTF-8) or as canonical PDN, games separated by a blank line, with the
/// comments between games.
///
/// With --dedupe, one game of each group of duplicates is kept (see `pdnkit dedupe`).
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    pdnkit merge 2019/ 2020/ 2021/ -o all.pdn\n  \
    pdnkit merge old.pdn new.pdn --dedupe -o merged.pdn\n  \
    pdnkit merge 2019/ 2020/ --canonical -o all.pdn\n\n\
    Exit codes: 0 done (with --dedupe: no duplicates), 1 with --dedupe: duplicates found and \
    left out, 2 usage error, unreadable input (then FILE is not written) or output that \
    could not be written.")]
pub struct MergeArgs {
    /// Files, directories (searched recursively for *.pdn), or - for standard input.
    paths: Vec<PathBuf>,
    /// Write to FILE instead of standard output (- is standard output). A regular file is
    /// replaced only once the output is complete; an input is never written over.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Leave out duplicates: one game of each group of `pdnkit dedupe` is kept (the games
    /// are held in a scratch directory in TMPDIR until every input is read).
    #[arg(long)]
    dedupe: bool,
    /// With --dedupe: what counts as a duplicate.
    #[command(flatten)]
    rule: RuleArgs,
    /// Write the games as canonical PDN (as `pdnkit convert --format pdn` does) instead of
    /// as they were written.
    #[arg(long)]
    canonical: bool,
    #[command(flatten)]
    common: CommonArgs,
}

pub fn run(args: MergeArgs) -> io::Result<u8> {
    if !args.dedupe && args.rule.given() {
        return refused("--exact and --min-plies say what --dedupe leaves out: add --dedupe");
    }
    let Start {
        config,
        inputs,
        mut output,
    } = match start(&args.common, &args.paths, args.output.as_deref()) {
        Ok(start) => start,
        Err(code) => return Ok(code),
    };
    let writer = if args.canonical {
        GameWriter::canonical(PdnOptions::default())
    } else {
        GameWriter::default()
    };
    if !args.dedupe {
        let reading = write_all(&inputs, &config, writer, &mut output)?;
        return Ok(if put_in_place(output, &reading)? {
            EXIT_OK
        } else {
            EXIT_FAILURE
        });
    }
    let mut found = match find(&inputs, &config, args.rule.options(), Some(&writer))? {
        Ok(found) => found,
        Err(code) => return Ok(code),
    };
    let dropped = dropped(&found);
    if let Some(records) = &mut found.kept {
        write_kept_records(records, &dropped, writer, &mut output)?;
    }
    // As `dedupe -o`: the code says whether duplicates were found (and left out).
    Ok(if !put_in_place(output, &found.reading)? {
        EXIT_FAILURE
    } else if dropped.contains(&true) {
        EXIT_INVALID
    } else {
        EXIT_OK
    })
}
