//! `pdnkit convert`: games to JSON, JSON Lines or canonical PDN, on standard output or into
//! a file that is replaced only once it is complete. Diagnostics of invalid games go to
//! standard error in the human format.

pub mod canonical;

use crate::check::{GameJob, GameReport, Needs, ReadGame};
use crate::cli::archive::Inputs;
use crate::cli::args::{self, CapArgs, CommonArgs, Config};
use crate::cli::config::FileConfig;
use crate::cli::format::parquet::rows::{GAMES, GameRows};
use crate::cli::format::parquet::{PartitionBy, write_dataset};
use crate::cli::print::validation::RunTotals;
use crate::cli::run::exit::closed_pipe;
use crate::cli::run::exit::verdict;
use crate::cli::run::inputs::{Input, Unreadable};
use crate::cli::run::memory;
use crate::cli::run::ordered::{Emit, in_input_order};
use crate::cli::run::output::{Output, Sources, refused};
use crate::cli::run::progress::{Piece, Progress, Render, render_input};
use crate::cli::stderr::convert::{Messages, summary};
use crate::cli::stderr::fold::{FileNotes, Taken};
use crate::text::encoding::Detection;
use crate::write::{Captures, GameObject, JsonOptions, Notation, PdnOptions, ResultStyle, Strip};

use std::io::{self, Write};
use std::path::PathBuf;

/// Convert games to JSON, JSON Lines or canonical PDN 3.0.
///
/// Every game is replayed as `validate` does; an invalid game is converted up to its first
/// error, its diagnostics are printed on standard error, and the exit code is 1.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    pdnkit convert games.pdn --format jsonl > games.jsonl\n  \
    pdnkit convert archive/ --format json --no-positions -o archive.json\n  \
    pdnkit convert games.pdn --format pdn --notation numeric -o numeric.pdn\n\n\
    Exit codes: 0 every game valid, 1 at least one game invalid (still converted up to its \
    error), 2 usage error, unreadable input or output not written.")]
pub struct ConvertArgs {
    /// Files, directories (searched recursively for *.pdn), or - for standard input. None:
    /// standard input when it is a pipe or a file, else the current directory.
    paths: Vec<PathBuf>,
    /// json: one document {"games":[...]}; jsonl: one game object per line; pdn: canonical
    /// PDN 3.0; parquet: the game objects as Parquet files (Snappy) in the directory -o DIR,
    /// written whole or not at all.
    #[arg(long, value_enum, value_name = "FORMAT", alias = "to")]
    format: Target,
    /// JSON: leave out each move's `fen_after` (the position after it), most of the output's
    /// size.
    #[arg(long)]
    no_positions: bool,
    /// Write to FILE instead of standard output (- is standard output). A regular file is
    /// replaced only once the output is complete; an input is never written over.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// With --format parquet: a directory per value, as Hive lays them out
    /// (DIR/year=1967/part-0.parquet).
    #[arg(long, value_enum, value_name = "WHAT")]
    partition_by: Option<PartitionBy>,
    #[command(flatten)]
    pdn: PdnArgs,
    #[command(flatten)]
    caps: CapArgs,
    #[command(flatten)]
    common: CommonArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Target {
    Json,
    Jsonl,
    Pdn,
    Parquet,
}

/// How canonical PDN is written: the options of `convert --format pdn` and of `fmt`, whose
/// defaults pdnkit.toml may give (`notation`, `captures`, `results`).
#[derive(clap::Args, Default)]
pub struct PdnArgs {
    /// Squares in the PDN output: alpha (c3-d4, GameType A0) or numeric (32-27, GameType
    /// N2) [default: alpha].
    #[arg(long, value_enum)]
    notation: Option<NotationArg>,
    /// Captures in the PDN output: short (start and end, the full path only where needed)
    /// or full (every landing square) [default: short].
    #[arg(long, value_enum)]
    captures: Option<CapturesArg>,
    /// Results in the PDN output: keep (as written), default (1-0 0-1 1/2-1/2 *) or
    /// international (2-0 0-2 1-1 *) [default: keep].
    #[arg(long, value_enum)]
    results: Option<ResultsArg>,
    /// Leave out of the PDN output: comments, variations, or nags (NAGs and strength marks).
    /// May be repeated.
    #[arg(long, value_enum, value_name = "WHAT")]
    strip: Vec<StripArg>,
    /// PDN output: where the board ended the game (no legal move, a draw rule) and the
    /// declared result says otherwise, write the result the board proves (each change is
    /// told on standard error as result-fixed).
    #[arg(long)]
    fix_results: bool,
}

impl PdnArgs {
    /// Whether an option of canonical PDN was given: its flag.
    fn given(&self) -> Option<&'static str> {
        [
            ("--notation", self.notation.is_some()),
            ("--captures", self.captures.is_some()),
            ("--results", self.results.is_some()),
            ("--strip", !self.strip.is_empty()),
            ("--fix-results", self.fix_results),
        ]
        .into_iter()
        .find_map(|(flag, given)| given.then_some(flag))
    }

    /// The options: the command line's, else the config file's, else the defaults.
    pub fn options(&self, file: &FileConfig) -> Result<PdnOptions, String> {
        let notation = match (self.notation, &file.notation) {
            (Some(n), _) => Some(n),
            (None, Some(name)) => Some(from_file::<NotationArg>(file, "notation", name)?),
            (None, None) => None,
        };
        let captures = match (self.captures, &file.captures) {
            (Some(c), _) => Some(c),
            (None, Some(name)) => Some(from_file::<CapturesArg>(file, "captures", name)?),
            (None, None) => None,
        };
        let results = match (self.results, &file.results) {
            (Some(r), _) => Some(r),
            (None, Some(name)) => Some(from_file::<ResultsArg>(file, "results", name)?),
            (None, None) => None,
        };
        Ok(PdnOptions {
            notation: match notation {
                Some(NotationArg::Numeric) => Notation::Numeric,
                _ => Notation::Alpha,
            },
            captures: match captures {
                Some(CapturesArg::Full) => Captures::Full,
                _ => Captures::Short,
            },
            results: match results {
                Some(ResultsArg::Default) => ResultStyle::Default,
                Some(ResultsArg::International) => ResultStyle::International,
                _ => ResultStyle::Keep,
            },
            strip: Strip {
                comments: self.strip.contains(&StripArg::Comments),
                variations: self.strip.contains(&StripArg::Variations),
                nags: self.strip.contains(&StripArg::Nags),
            },
            fix_results: self.fix_results,
            no_error_comments: false,
        })
    }
}

/// A value of the config file's key `key`, read as the command line reads its option.
fn from_file<T: clap::ValueEnum>(
    file: &FileConfig,
    key: &str,
    name: &toml::Spanned<String>,
) -> Result<T, String> {
    T::from_str(name.get_ref(), true).map_err(|_| {
        let names: Vec<String> = T::value_variants()
            .iter()
            .filter_map(|v| v.to_possible_value().map(|p| p.get_name().to_string()))
            .collect();
        format!(
            "{}{key}: \"{}\" is not one of {}",
            file.at(name.span()),
            name.get_ref(),
            names.join(", ")
        )
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum NotationArg {
    Alpha,
    Numeric,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum CapturesArg {
    Short,
    Full,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum StripArg {
    Comments,
    Variations,
    Nags,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ResultsArg {
    Keep,
    Default,
    International,
}

/// What one run does, validated before any input is read.
struct Plan {
    config: Config,
    target: Target,
    pdn: PdnOptions,
    json: JsonOptions,
}

impl ConvertArgs {
    fn plan(&self) -> Result<Plan, String> {
        let mut config = self.common.config()?;
        self.caps.apply(&mut config);
        if self.format != Target::Pdn
            && let Some(flag) = self.pdn.given()
        {
            return Err(format!("{flag} applies to --format pdn only"));
        }
        if self.format == Target::Pdn && self.no_positions {
            return Err(
                "--no-positions applies to --format json, jsonl and parquet only".to_string(),
            );
        }
        if self.format != Target::Parquet && self.partition_by.is_some() {
            return Err("--partition-by applies to --format parquet only".to_string());
        }
        let pdn = self.pdn.options(&config.file)?;
        Ok(Plan {
            config,
            target: self.format,
            pdn,
            json: JsonOptions {
                positions: !self.no_positions,
            },
        })
    }
}

pub fn run(args: ConvertArgs) -> io::Result<u8> {
    memory::one_arena();
    let (plan, inputs) = match args::start(args.plan(), |p| &p.config, &args.paths) {
        Ok(started) => started,
        Err(code) => return Ok(code),
    };
    if plan.target == Target::Pdn {
        return crate::cli::cmd::convert::canonical::run(
            &plan.config,
            &plan.pdn,
            inputs,
            args.output.as_deref(),
        );
    }
    if plan.target == Target::Parquet {
        let (options, partition) = (plan.json, args.partition_by);
        return write_dataset(
            &plan.config,
            &Inputs::new(inputs),
            args.output.as_deref(),
            (&GAMES, partition),
            Needs::ALL,
            &|name| GameRows {
                file: name.to_string(),
                options,
                partition,
            },
        );
    }
    let config = &plan.config;
    // Opened before any input is read, so that a refused output costs nothing.
    let mut output = match Output::open(args.output.as_deref(), &Sources::of_inputs(&inputs)) {
        Ok(output) => output,
        Err(e) => {
            return refused(&e.to_string());
        }
    };
    let progress = Progress::new(&inputs, config.progress);
    let mut totals = RunTotals::default();
    // One input: its games are validated on every thread; several: an input per thread.
    let threads_per_input = if inputs.len() == 1 { config.threads } else { 1 };
    let work = |input: &Input, emit: &mut Emit<Piece>| {
        let name = input.name();
        let job = ToJson {
            file: name.clone(),
            options: plan.json,
        };
        let mut converter = Converter {
            plan: &plan,
            messages: Messages::new(&name, config),
        };
        let threads = threads_per_input;
        render_input(
            input,
            (&config.options, config.encoding),
            threads,
            &progress,
            (&job, &mut converter),
            emit,
        );
    };
    let written = Printer::new(&mut output, plan.target).and_then(|mut printer| {
        in_input_order(&inputs, config.threads, work, |piece: Piece| {
            totals.add(&piece);
            progress.print(&piece.messages);
            printer.file_output(&piece.output)?;
            if piece.flush {
                printer.out.flush()?;
            }
            Ok(())
        })?;
        printer.finish()
    });
    progress.finish();
    let code = verdict(totals.streams.invalid, totals.failed_files);
    if let Err(e) = written {
        return closed_pipe(e, code).or_else(|e| refused(&e.to_string()));
    }
    let summary = summary(totals.files, totals.failed_files, &totals.streams);
    if let (false, Some(summary)) = (config.quiet, summary) {
        progress.print(summary.as_bytes());
    }
    output
        .commit_if_read(totals.failed_files)
        .map(|_| code)
        .or_else(|e| closed_pipe(e, code).or_else(|e| refused(&e.to_string())))
}

/// Each game's JSON object, made where the game is read.
#[derive(Clone)]
struct ToJson {
    file: String,
    options: JsonOptions,
}

/// A game as JSON: its object (one line), its number, the notes told once for the file taken
/// out of it, and the report of an invalid game (for its diagnostics).
struct Json {
    line: Vec<u8>,
    index: usize,
    taken: Taken,
    invalid: Option<GameReport>,
}

impl GameJob for ToJson {
    type Done = Json;

    fn work(&mut self, game: ReadGame<'_>) -> Json {
        let mut report = game.report;
        let taken = FileNotes::strip(&mut report);
        let mut line = Vec::new();
        GameObject::conversion(&self.file, &report, self.options).write(&mut line);
        line.push(b'\n');
        Json {
            line,
            index: report.index,
            taken,
            invalid: (!report.valid()).then_some(report),
        }
    }
}

/// Puts each game's object into the output of its piece, and writes the diagnostics of
/// invalid games (capped) into its messages.
struct Converter<'a> {
    plan: &'a Plan,
    messages: Messages<'a>,
}

impl Render for Converter<'_> {
    type Job = ToJson;

    fn detection(&mut self, detection: &Detection, piece: &mut Piece) -> io::Result<()> {
        if self.plan.config.allow_encoding {
            return Ok(());
        }
        self.messages
            .formatter
            .detection(&mut piece.messages, detection)
    }

    fn game(&mut self, json: Json, piece: &mut Piece) -> io::Result<()> {
        self.messages.folded(json.index, json.taken);
        if let Some(report) = json.invalid {
            self.messages.invalid(report, &mut piece.messages)?;
        }
        piece.output.extend_from_slice(&json.line);
        Ok(())
    }

    fn finish(&mut self, piece: &mut Piece) -> io::Result<()> {
        self.messages.finish(&mut piece.messages)
    }

    fn unreadable(&mut self, why: &Unreadable, piece: &mut Piece) -> io::Result<()> {
        let f = &self.messages.formatter;
        f.file_problem(&mut piece.messages, why)
    }
}

/// Writes the per-file outputs in order: JSON Lines as they are, the JSON document as `{"games":[...]}` with one game a line.
struct Printer<W: Write> {
    out: W,
    target: Target,
    /// Games (json) or files with games (pdn) written so far.
    written: usize,
}

impl<W: Write> Printer<W> {
    fn new(mut out: W, target: Target) -> io::Result<Printer<W>> {
        if target == Target::Json {
            out.write_all(b"{\"games\":[\n")?;
        }
        Ok(Printer {
            out,
            target,
            written: 0,
        })
    }

    fn file_output(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self.target {
            // (PDN is written by `crate::cli::cmd::convert::canonical`, Parquet by `crate::cli::format::parquet`.)
            Target::Jsonl | Target::Pdn | Target::Parquet => self.out.write_all(bytes),
            Target::Json => {
                for line in bytes.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
                    if self.written > 0 {
                        self.out.write_all(b",\n")?;
                    }
                    self.out.write_all(line)?;
                    self.written += 1;
                }
                Ok(())
            }
        }
    }

    fn finish(mut self) -> io::Result<()> {
        if self.target == Target::Json {
            if self.written > 0 {
                self.out.write_all(b"\n")?;
            }
            self.out.write_all(b"]}\n")?;
        }
        self.out.flush()
    }
}
