//! `pdnkit fmt`: archives rewritten in place as canonical PDN, the text `convert --format
//! pdn` writes ([`crate::cli::cmd::convert::canonical::write`]) but for the comments naming
//! the errors of invalid games. Only files whose text changes are written, each through
//! [`Output`] (replaced whole, mode kept); `--check` and `--diff` write nothing.

use crate::cli::args::{self, CommonArgs, Config};
use crate::cli::cmd::convert::PdnArgs;
use crate::cli::cmd::convert::canonical;
use crate::cli::print::validation::plural;
use crate::cli::run::exit::EXIT_FAILURE;
use crate::cli::run::exit::EXIT_INVALID;
use crate::cli::run::exit::EXIT_OK;
use crate::cli::run::inputs::Input;
use crate::cli::run::output::{Output, Sources, refused, tell_error, tell_note};
use crate::text::escape;
use crate::write::PdnOptions;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Rewrite archives in canonical PDN, in place (the text `convert --format pdn` writes).
///
/// Only files whose text changes are written, each replaced whole (its mode kept, never
/// half-written). A game that is invalid is kept as it is written, with no comment naming
/// its errors (validate names them).
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    pdnkit fmt archive/\n  \
    pdnkit fmt --check archive/      # list the files that would change\n  \
    pdnkit fmt --diff games.pdn      # show the changes as a unified diff\n  \
    pdnkit fmt - < games.pdn > canonical.pdn\n\n\
    Exit codes: 0 done (with --check or --diff: nothing would change), 1 with --check or \
    --diff: a file would change, 2 usage error, or a file that cannot be read or written.")]
pub struct FmtArgs {
    /// Files, directories (searched recursively for *.pdn), or - for standard input (its
    /// canonical text on standard output). None: standard input when it is a pipe or a file,
    /// else the current directory.
    paths: Vec<PathBuf>,
    /// Write nothing: list the files that would change, and exit with 1 if there is one.
    #[arg(long, conflicts_with = "diff")]
    check: bool,
    /// Write nothing: print the changes as a unified diff, and exit with 1 if there is one.
    #[arg(long)]
    diff: bool,
    #[command(flatten)]
    pdn: PdnArgs,
    #[command(flatten)]
    common: CommonArgs,
}

/// What becomes of a file whose canonical text differs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Write,
    Check,
    Diff,
}

pub fn run(args: FmtArgs) -> io::Result<u8> {
    let setup = args.common.config().and_then(|config| {
        let options = options(&args.pdn, &config)?;
        Ok((config, options))
    });
    let ((config, options), inputs) = match args::start(setup, |(c, _)| c, &args.paths) {
        Ok(started) => started,
        Err(code) => return Ok(code),
    };
    let mode = match (args.check, args.diff) {
        (true, _) => Mode::Check,
        (_, true) => Mode::Diff,
        _ => Mode::Write,
    };
    if mode != Mode::Write && inputs.iter().any(|i| matches!(i, Input::Stdin)) {
        return refused("--check and --diff take files, not standard input");
    }
    let mut code = EXIT_OK;
    let mut changed = 0;
    for input in inputs {
        let outcome = match &input {
            Input::File(path) => {
                let path = path.clone();
                one_file(&config, &options, input, &path, mode)
            }
            Input::Stdin | Input::Text(..) => to_stdout(&config, &options, input),
            Input::Broken(..) => {
                if let Err(why) = input.open() {
                    let name = input.name();
                    let line = crate::diagnostic::render::human(&name, 0, &why);
                    let _ = writeln!(io::stderr(), "{line}");
                }
                Err(EXIT_FAILURE)
            }
        };
        match outcome {
            Ok(true) => changed += 1,
            Ok(false) => {}
            Err(failure) => code = code.max(failure),
        }
    }
    if mode != Mode::Write && changed > 0 {
        code = code.max(EXIT_INVALID);
    }
    if mode == Mode::Write && changed > 0 && !config.quiet {
        tell_note(&format!("{changed} file{} formatted", plural(changed)));
    }
    Ok(code)
}

/// The options of the canonical text fmt writes (`pdnkit lsp` formats with them too): those
/// of `pdn` over pdnkit.toml's, and no comment naming an invalid game's errors.
pub fn options(pdn: &PdnArgs, config: &Config) -> Result<PdnOptions, String> {
    Ok(PdnOptions {
        no_error_comments: true,
        ..pdn.options(&config.file)?
    })
}

/// Formats standard input onto standard output.
fn to_stdout(config: &Config, options: &PdnOptions, input: Input) -> Result<bool, u8> {
    let out = Output::open(None, &Sources::of_inputs(std::slice::from_ref(&input)))
        .map_err(|e| fail(&e.to_string()))?;
    let (out, reading) = canonical::write(config, options, vec![input], out)
        .map_err(|(e, _)| fail(&e.to_string()))?;
    out.commit().map_err(|e| fail(&e.to_string()))?;
    if reading.unreadable > 0 {
        return Err(EXIT_FAILURE);
    }
    Ok(false)
}

/// Formats the file at `path` (`input`) as `mode` says: whether its text changes, or the exit
/// code of a failure (told).
fn one_file(
    config: &Config,
    options: &PdnOptions,
    input: Input,
    path: &Path,
    mode: Mode,
) -> Result<bool, u8> {
    let name = escape::text(&escape::file_name(path)).into_owned();
    let written = fs::read(path).map_err(|e| fail(&format!("cannot read {name}: {e}")))?;
    let (text, reading) = canonical::write(config, options, vec![input], Vec::new())
        .map_err(|(e, _)| fail(&e.to_string()))?;
    if reading.unreadable > 0 {
        // Told on standard error as it was met.
        return Err(EXIT_FAILURE);
    }
    if text == written {
        return Ok(false);
    }
    match mode {
        Mode::Check => println!("{name}"),
        Mode::Diff => diff(&name, &written, &text).map_err(|e| fail(&e.to_string()))?,
        Mode::Write => {
            let meta = fs::metadata(path).map_err(|e| fail(&format!("cannot read {name}: {e}")))?;
            // Replacing goes through the directory: a file that is not to be written is
            // refused here, as an editor would.
            if meta.permissions().readonly() {
                return Err(fail(&format!("{name} is read-only: not formatted")));
            }
            let mut out =
                Output::open(Some(path), &Sources::default()).map_err(|e| fail(&e.to_string()))?;
            out.write_all(&text)
                .and_then(|()| out.commit())
                .map_err(|e| fail(&e.to_string()))?;
        }
    }
    Ok(true)
}

/// Prints the unified diff from `old` to `new` of the file named `name`, each line escaped as
/// on a terminal (a line of plain text stays as it is, so that `patch` applies the diff).
fn diff(name: &str, old: &[u8], new: &[u8]) -> io::Result<()> {
    let old = String::from_utf8_lossy(old);
    let new = String::from_utf8_lossy(new);
    let diff = similar::TextDiff::from_lines(old.as_ref(), new.as_ref());
    let text = diff.unified_diff().header(name, name).to_string();
    let mut out = io::stdout().lock();
    for line in text.lines() {
        writeln!(out, "{}", escape::text(line))?;
    }
    out.flush()
}

fn fail(message: &str) -> u8 {
    tell_error(message);
    EXIT_FAILURE
}
