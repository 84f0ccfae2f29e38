//! Argument parsing and dispatch. Raw flags become a validated configuration before any
//! work starts; every subcommand returns the process exit code.

mod archive;
mod common;
mod convert;
mod inputs;
mod output;
mod perft;
mod positions;
mod random;
mod report;
mod report_page;
mod select;
mod show;
mod stats;
mod validate;

use clap::{Parser, Subcommand};
use std::io::{self, Write};
use std::process::ExitCode;

/// Exit code: every game valid / the command did its job.
pub const EXIT_OK: u8 = 0;
/// Exit code: at least one game is invalid.
pub const EXIT_INVALID: u8 = 1;
/// Exit code: usage error, unreadable input or internal failure.
pub const EXIT_FAILURE: u8 = 2;

#[derive(Parser)]
#[command(
    name = "pdnkit",
    version,
    about = "Validate, convert and analyse PDN archives of Spantsiretti (10x8, GameType 41) \
             and Russian draughts (8x8, GameType 25)",
    long_about = None,
    after_help = "Exit codes: 0 all games valid, 1 at least one game invalid, \
                  2 usage error, unreadable input or internal failure."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Validate(validate::ValidateArgs),
    Convert(convert::ConvertArgs),
    Perft(perft::PerftArgs),
    Random(random::RandomArgs),
    Stats(stats::StatsArgs),
    Show(show::ShowArgs),
    Report(report_page::ReportArgs),
    Positions(positions::PositionsArgs),
    Select(Box<select::SelectArgs>),
}

pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Validate(args) => validate::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Stats(args) => stats::run(args),
        Command::Show(args) => show::run(args),
        Command::Random(args) => random::run(args),
        Command::Report(args) => report_page::run(args),
        Command::Positions(args) => positions::run(args),
        Command::Select(args) => select::run(*args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(EXIT_OK),
        Err(e) => {
            let _ = writeln!(io::stderr(), "pdnkit: error: {e}");
            ExitCode::from(EXIT_FAILURE)
        }
    }
}

/// Output format shared by the subcommands that report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Human,
    Json,
}

/// Game type given on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GameTypeArg {
    #[value(name = "41")]
    Spantsiretti,
    #[value(name = "25")]
    Russian,
}

impl GameTypeArg {
    pub fn variant(self) -> pdnkit::Variant {
        match self {
            GameTypeArg::Spantsiretti => pdnkit::Variant::Spantsiretti,
            GameTypeArg::Russian => pdnkit::Variant::Russian,
        }
    }
}
