//! Replays every game of a PDN file and prints each game's Event, the position after each
//! move of its main line as a FEN, and the game's end by the rules.
//!
//! `cargo run --example replay -- fixtures/sample.pdn`

use pdnkit::text::escape;
use pdnkit::{FenNotation, write_fen};
use std::fs::File;
use std::io::{self, Read, Write};

/// Replays the games of `input` and writes what `main` prints to `out`.
fn replay(input: impl Read, mut out: impl Write) -> io::Result<()> {
    // By default each game keeps its tags (for its Event) and its moves.
    for game in pdnkit::read(input).games() {
        let report = game?.report;
        let event = report.tags.iter().find(|(name, _)| name == "Event");
        let event = event.map_or("", |(_, value)| value.as_str());
        writeln!(out, "game {} {}", report.index, escape::text(event))?;
        for played in &report.moves {
            let fen = write_fen(&played.after, FenNotation::Alpha);
            writeln!(out, "  {:8} {fen}", escape::text(&played.written))?;
        }
        if let Some((outcome, ply)) = report.rule_end {
            writeln!(out, "  over after ply {ply}: {}", outcome.description())?;
        }
    }
    Ok(())
}

fn main() -> io::Result<()> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "fixtures/sample.pdn".to_string());
    match replay(File::open(path)?, io::stdout().lock()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()), // `| head`
        done => done,
    }
}

#[cfg(test)]
mod tests {
    /// Two Russian games: one with an Event (markup and a control character in it, shown as
    /// escaped text), one without.
    #[test]
    fn prints_each_games_event_and_positions() {
        let pdn = "[Event \"Cup <A>\u{7}\"]\n[GameType \"25\"]\n1. c3-d4 f6-g5 *\n\n\
                   [GameType \"25\"]\n1. a3-b4 *\n";
        let mut out = Vec::new();
        super::replay(pdn.as_bytes(), &mut out).unwrap();
        // Worked by hand from the start position (White a1-h2 and three rows up to h3,
        // Black a7-h8 and down to h6).
        let expected = "\
game 1 Cup <A>\\u{7}
  c3-d4    B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8
  f6-g5    W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:Bg5,b6,d6,h6,a7,c7,e7,g7,b8,d8,f8,h8
game 2 
  a3-b4    B:Wa1,c1,e1,g1,b2,d2,f2,h2,c3,e3,g3,b4:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8
";
        assert_eq!(String::from_utf8(out).unwrap(), expected);
    }
}
