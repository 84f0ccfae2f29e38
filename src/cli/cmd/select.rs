//! `pdnkit select`: the games (or the plies of positions) that meet the conditions given, as
//! they were written, as JSON lines naming them, or counted.

use crate::archive::material::Material;
use crate::archive::select::{
    BoardOutcome, FenWanted, Query, ResultWanted, Selected, TagCondition, parse_plies,
    parse_termination,
};
use crate::check::{GameJob, ReadGame};
use crate::cli::archive::{
    GameWriter, InvalidGames, Source, Start, ToWrite, Writes, put_in_place, read_inputs, start,
};
use crate::cli::args::CommonArgs;
use crate::cli::run::exit::EXIT_FAILURE;
use crate::cli::run::exit::EXIT_INVALID;
use crate::cli::run::exit::EXIT_OK;
use crate::cli::run::output::{Output, refused};
use crate::pdn::date::DateRange;
use crate::rules::outcome::Termination;
use crate::text::escape;
use crate::write::PdnOptions;
use serde::Serialize;
use std::io::{self, Write};
use std::ops::RangeInclusive;
use std::path::PathBuf;

/// Select games by their tags, date, result, end, validity, game type, length, or the
/// positions they reach.
///
/// Conditions of different kinds must all hold; a condition given several times holds when
/// one of its values does (tag conditions: per tag name). Selected games are written as they
/// were (re-encoded to UTF-8), or named one per JSON line (--format jsonl). See
/// docs/select.md.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    pdnkit select archive/ --tag 'White=~Иванов' --result 1-0 -o ivanov-wins.pdn\n  \
    pdnkit select archive/ --date 2019..2021 --termination threefold --count\n  \
    pdnkit select archive/ --invalid --diagnostic illegal-move --format jsonl\n  \
    pdnkit select archive/ --material 3K:1K --material 1K:3K --format jsonl\n  \
    pdnkit select games.pdn --fen 'W:Wc3,e1:Bf6' --ply 10\n\n\
    Exit codes: 0 at least one game selected, 1 none, 2 usage error, unreadable input or \
    output not written.")]
pub struct SelectArgs {
    /// Files, directories (searched recursively for *.pdn), or - for standard input.
    paths: Vec<PathBuf>,
    /// Write to FILE instead of standard output (- is standard output). A regular file is
    /// replaced only once the output is complete; an input is never written over.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// pdn: the selected games as written, re-encoded to UTF-8; canonical: as canonical PDN
    /// (as `pdnkit convert --format pdn` writes them); jsonl: one line per selected game
    /// naming it (file, game, line, and the ply where a position condition held).
    #[arg(long, value_enum, default_value = "pdn")]
    format: SelectFormat,
    /// Print the number of selected games only.
    #[arg(long)]
    count: bool,
    /// A tag condition: NAME=VALUE (a glob: * ? [...] {a,b}), NAME=~REGEX (found anywhere
    /// in the value), NAME!=VALUE, NAME!~REGEX. Conditions on one tag name: one must hold;
    /// on different names: all.
    #[arg(long, value_name = "COND", value_parser = TagCondition::parse)]
    tag: Vec<TagCondition>,
    /// The Date tag lies in a range: FROM..TO, FROM.., ..TO or one date, each YYYY, YYYY.MM
    /// or YYYY.MM.DD. A date with unknown parts (2024.??.??) is in the range when all the
    /// days it may be are.
    #[arg(long, value_name = "RANGE", value_parser = parse_date_range)]
    date: Vec<DateRange>,
    /// The declared result means this: 1-0, 0-1, 1/2-1/2, 0-0, * (any written form: 2-0
    /// is 1-0), or white, black, draw, both-lose, unknown, none (no result written).
    #[arg(long, value_name = "RESULT", value_parser = ResultWanted::parse)]
    result: Vec<ResultWanted>,
    /// The board ended the game: white (won), black, draw (by a rule), none (the rules did
    /// not end it).
    #[arg(long, value_name = "OUTCOME", value_parser = BoardOutcome::parse)]
    outcome: Vec<BoardOutcome>,
    /// How the game ended (as validate names it): no-legal-move, threefold-repetition,
    /// fifteen-move-rule, kings-only-rule, piece-count-rule, main-road-rule,
    /// five-move-rule, agreement, resignation, forfeit, unfinished; the start of a name
    /// will do (threefold).
    #[arg(long, value_name = "NAME", value_parser = parse_termination)]
    termination: Vec<Termination>,
    /// Valid games only.
    #[arg(long, conflicts_with = "invalid")]
    valid: bool,
    /// Invalid games only.
    #[arg(long)]
    invalid: bool,
    /// Games with a diagnostic of this code (any severity), e.g. illegal-move.
    #[arg(long, value_name = "CODE")]
    diagnostic: Vec<String>,
    /// Games of this game type: 41 (Spantsiretti, 10x8) or 25 (Russian, 8x8).
    #[arg(long, value_enum, value_name = "TYPE")]
    variant: Vec<crate::cli::args::VariantArg>,
    /// Plies of the main line: N, FROM..TO, FROM.. or ..TO.
    #[arg(long, value_name = "RANGE", value_parser = parse_plies)]
    plies: Vec<RangeInclusive<u32>>,
    /// The game reaches this position (placement and side to move) on its main line.
    #[arg(long, value_name = "FEN", value_parser = FenWanted::parse)]
    fen: Vec<FenWanted>,
    /// The game reaches this material: WHITE:BLACK, each side as counts of men (M) and
    /// kings (K), e.g. 3K:1K, 2M1K:0 (exact counts).
    #[arg(long, value_name = "BALANCE", value_parser = parse_material)]
    material: Vec<Material>,
    /// Look for --fen and --material at this ply only (0 = the start position).
    #[arg(long, value_name = "K")]
    ply: Vec<u32>,
    #[command(flatten)]
    common: CommonArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum SelectFormat {
    Pdn,
    Canonical,
    Jsonl,
}

fn parse_date_range(text: &str) -> Result<DateRange, String> {
    text.parse()
}

fn parse_material(text: &str) -> Result<Material, String> {
    text.parse()
}

impl SelectArgs {
    fn query(&self) -> Query {
        let mut query = Query {
            dates: self.date.clone(),
            results: self.result.clone(),
            outcomes: self.outcome.clone(),
            terminations: self.termination.clone(),
            valid: match (self.valid, self.invalid) {
                (true, _) => Some(true),
                (_, true) => Some(false),
                _ => None,
            },
            codes: self.diagnostic.clone(),
            variants: self.variant.iter().map(|v| v.variant()).collect(),
            plies: self.plies.clone(),
            fens: self.fen.clone(),
            materials: self.material.clone(),
            at_plies: self.ply.clone(),
            ..Query::default()
        };
        for condition in &self.tag {
            query.add_tag(condition.clone());
        }
        query
    }
}

/// Which games are selected, decided where they are read.
#[derive(Clone)]
struct Selecting<'a> {
    query: &'a Query,
    /// Whether the games are written, and the options of the canonical PDN they are
    /// written as (from their tokens) if they are.
    written: Option<Option<PdnOptions>>,
}

/// A game selected, with where its position condition held; None for a game left out.
type Chosen = Option<(Selected, ToWrite)>;

impl GameJob for Selecting<'_> {
    type Done = Chosen;

    fn work(&mut self, game: ReadGame<'_>) -> Chosen {
        let found = self.query.select(&game.report)?;
        let game = match &self.written {
            Some(options) => ToWrite::new(game, options.as_ref(), false),
            None => ToWrite::unwritten(game),
        };
        Some((found, game))
    }
}

/// One selected game, as a JSON line.
#[derive(Serialize)]
struct SelectedRow<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    file: &'a str,
    game: usize,
    line: u32,
    ply: Option<u32>,
}

pub fn run(args: SelectArgs) -> io::Result<u8> {
    if !args.ply.is_empty() && args.fen.is_empty() && args.material.is_empty() {
        return refused("--ply applies to --fen and --material");
    }
    let query = args.query();
    let Start {
        config,
        inputs,
        mut output,
    } = match start(&args.common, &args.paths, args.output.as_deref()) {
        Ok(start) => start,
        Err(code) => return Ok(code),
    };
    let mut selected = 0usize;
    let mut writer = match args.format {
        SelectFormat::Canonical => GameWriter::canonical(PdnOptions::default()),
        _ => GameWriter::default(),
    };
    let written = (!args.count && args.format != SelectFormat::Jsonl).then(|| writer.options());
    // Only what the conditions and the output need is read: a selection by tags, dates and
    // results replays nothing.
    let needs = match written {
        None => query.needs(),
        Some(_) => query.needs().and(writer.needs()),
    };
    let reading = read_inputs(
        &inputs,
        &config,
        needs,
        InvalidGames::Silent,
        &|_| Selecting {
            query: &query,
            written,
        },
        &mut Writes {
            out: &mut output,
            write: |out: &mut Output, source: &Source<'_>, chosen: Chosen| {
                let Some((found, game)) = chosen else {
                    return Ok(());
                };
                selected += 1;
                match (args.count, args.format) {
                    (true, _) => Ok(()),
                    (false, SelectFormat::Pdn | SelectFormat::Canonical) => {
                        writer.write(out, &game)
                    }
                    (false, SelectFormat::Jsonl) => {
                        let row = SelectedRow {
                            kind: "selected",
                            file: source.name,
                            game: game.report.index,
                            line: game.report.line,
                            ply: found.ply,
                        };
                        escape::write_json(&mut *out, &row)?;
                        out.write_all(b"\n")
                    }
                }
            },
        },
    )?;
    if args.count {
        writeln!(output, "{selected}")?;
    }
    if !put_in_place(output, &reading)? {
        return Ok(EXIT_FAILURE);
    }
    Ok(if selected > 0 { EXIT_OK } else { EXIT_INVALID })
}
