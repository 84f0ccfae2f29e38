//! `pdnkit random`: reproducible random legal games as PDN on stdout.

use crate::cli::run::exit::EXIT_OK;

use crate::cli::args::VariantArg;
use crate::random::write_game;
use std::io::{self, Write};

/// Write reproducible random legal games as PDN (for benchmarks and tests).
///
/// The same seed always gives the same games. Games end by the rules (no legal move, a draw
/// rule) or after 20 to 200 plies with an agreed draw, a resignation or
/// `*`; every game written validates.
#[derive(clap::Args)]
#[command(after_help = "Example:\n  pdnkit random --games 100000 --seed 7 > archive.pdn")]
pub struct RandomArgs {
    /// Number of games.
    #[arg(long, default_value_t = 10)]
    games: u64,
    /// Seed of the random generator.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// 41 or spantsiretti (10x8), 25 or russian (8x8).
    #[arg(long, value_enum, default_value = "41", ignore_case = true)]
    game_type: VariantArg,
}

pub fn run(args: RandomArgs) -> io::Result<u8> {
    let variant = args.game_type.variant();
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut text = String::with_capacity(4096);
    for index in 1..=args.games {
        text.clear();
        write_game(&mut text, variant, args.seed, index);
        out.write_all(text.as_bytes())?;
    }
    out.flush()?;
    Ok(EXIT_OK)
}
