//! `pdnkit perft`: count move sequences from a position.

use crate::cli::args::Format;
use crate::cli::args::VariantArg;
use crate::cli::run::exit::EXIT_FAILURE;
use crate::cli::run::exit::EXIT_OK;
use crate::cli::run::output::tell;
use crate::notation::naming::move_text;
use crate::rules::perft::{divide, perft};
use crate::{Corner, Paths, Position, parse_fen};
use std::io::{self, Write};
use std::time::Instant;

/// Count the move sequences of DEPTH plies from a position (the standard test of a move
/// generator).
///
/// A capture counts once per distinct (from, to, set of captured pieces); with --paths once
/// per distinct order in which the pieces are captured.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  pdnkit perft 7\n  pdnkit perft --game-type 25 --paths 9\n  \
                        pdnkit perft --fen 'W:Wc3,Kd4:Bd6,f6' --divide 3"
)]
pub struct PerftArgs {
    /// Plies to look ahead.
    depth: u32,
    /// Start from this position (PDN FEN, e.g. `W:Wa1,c1,Kd4:Bb8` or `B:W31,32:B1-5`);
    /// default: the start position of the game type.
    #[arg(long)]
    fen: Option<String>,
    /// 41 or spantsiretti (10x8), 25 or russian (8x8).
    #[arg(long, value_enum, default_value = "41", ignore_case = true)]
    game_type: VariantArg,
    /// List every first move with the count below it.
    #[arg(long)]
    divide: bool,
    /// Count every distinct capture order, not every distinct capture.
    #[arg(long)]
    paths: bool,
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
}

pub fn run(args: PerftArgs) -> io::Result<u8> {
    let variant = args.game_type.variant();
    let position = match &args.fen {
        None => Position::start(variant),
        Some(fen) => match parse_fen(fen, variant, Corner::TopLeft) {
            Ok(pos) => pos,
            Err(e) => {
                tell(
                    "error[bad-fen]",
                    &format!("--fen at character {}: {e}", e.offset + 1),
                );
                return Ok(EXIT_FAILURE);
            }
        },
    };
    let paths = if args.paths {
        Paths::CaptureOrders
    } else {
        Paths::Distinct
    };
    let started = Instant::now();
    let (nodes, split) = if args.divide && args.depth > 0 {
        let split = divide(&position, args.depth, paths);
        (split.iter().map(|(_, n)| n).sum(), split)
    } else {
        (perft(&position, args.depth, paths), Vec::new())
    };
    let seconds = started.elapsed().as_secs_f64();
    let g = position.geometry();
    let names: Vec<(String, u64)> = split
        .iter()
        .map(|(mv, n)| {
            // The short form unless another first move shares its start and end squares.
            let shared = split
                .iter()
                .filter(|(m, _)| m.from == mv.from && m.to == mv.to)
                .count();
            (move_text(mv, g, None, shared > 1), *n)
        })
        .collect();
    let mut out = io::stdout().lock();
    match args.format {
        Format::Human => {
            for (name, n) in &names {
                writeln!(out, "{name} {n}")?;
            }
            if !names.is_empty() {
                writeln!(out)?;
            }
            writeln!(out, "nodes {nodes}")?;
            writeln!(
                out,
                "time {seconds:.3} s ({:.1} million nodes/s)",
                nodes as f64 / seconds.max(1e-9) / 1e6
            )?;
        }
        Format::Json => {
            let mut doc = serde_json::json!({
                "type": "perft",
                "game_type": variant.game_type(),
                "fen": crate::write_fen(&position, crate::FenNotation::Alpha),
                "depth": args.depth,
                "paths": args.paths,
                "nodes": nodes,
                "seconds": seconds,
                "nodes_per_second": (nodes as f64 / seconds.max(1e-9)).round(),
            });
            if args.divide {
                doc["divide"] = names
                    .iter()
                    .map(|(name, n)| serde_json::json!({"move": name, "nodes": n}))
                    .collect();
            }
            writeln!(out, "{doc}")?;
        }
    }
    Ok(EXIT_OK)
}
