//! Replays every game of a PDN file and prints the position after each move of its main
//! line as a FEN, and the game's end by the rules.
//!
//! `cargo run --example replay -- fixtures/sample.pdn`

use pdnkit::escape;
use pdnkit::validate::{GameReport, GameSink, Options, StreamTotals, check_stream};
use pdnkit::{FenNotation, write_fen};
use std::fs::File;
use std::io::{self, Write};

struct Fens<W>(W);

impl<W: Write> GameSink for Fens<W> {
    fn game(&mut self, report: GameReport) -> io::Result<()> {
        let event = report.tags.iter().find(|(name, _)| name == "Event");
        let event = event.map_or("", |(_, value)| value.as_str());
        writeln!(self.0, "game {} {}", report.index, escape::text(event))?;
        for played in &report.moves {
            let fen = write_fen(&played.after, FenNotation::Alpha);
            writeln!(self.0, "  {:8} {fen}", escape::text(&played.written))?;
        }
        if let Some((outcome, ply)) = report.rule_end {
            writeln!(self.0, "  over after ply {ply}: {}", outcome.description())?;
        }
        Ok(())
    }
}

fn main() -> io::Result<()> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "fixtures/sample.pdn".to_string());
    // Only the replayed moves are printed: the tags need not be kept.
    let options = Options {
        keep_tags: false,
        ..Options::default()
    };
    let mut fens = Fens(io::stdout().lock());
    match check_stream(
        File::open(path)?,
        &options,
        None,
        &mut fens,
        &mut StreamTotals::default(),
    ) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()), // `| head`
        done => done,
    }
}
