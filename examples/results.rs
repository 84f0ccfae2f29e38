//! Reads a PDN archive (a Russian one reads right with the defaults: its untagged games are
//! read on the board its first games decide) and prints each game's result and the position
//! after move 10 (both sides' tenth moves) as a FEN.
//!
//! `cargo run --example results -- fixtures/detect/russian_untagged.pdn`

use std::io::{self, Read, Write};

/// What `main` prints for the games of `input`, written to `out`.
fn results(input: impl Read, mut out: impl Write) -> io::Result<()> {
    for game in pdnkit::read(input).games() {
        let report = game?.report;
        let result = report
            .declared
            .map_or("no result".to_string(), |r| r.to_string());
        let after_10 = match report.moves.get(19) {
            Some(played) => pdnkit::write_fen(&played.after, pdnkit::FenNotation::Alpha),
            None => "shorter than 10 moves".to_string(),
        };
        let verdict = if report.valid() { "valid" } else { "invalid" };
        writeln!(
            out,
            "game {} ({verdict}): {result}, after move 10: {after_10}",
            report.index
        )?;
    }
    Ok(())
}

fn main() -> io::Result<()> {
    let path = std::env::args().nth(1).expect("a PDN file");
    results(std::fs::File::open(path)?, io::stdout().lock())
}

#[cfg(test)]
mod tests {
    /// The first two games of fixtures/detect/russian_untagged.pdn (untagged, legal on 8x8
    /// only), and a short untagged game that fits both boards.
    #[test]
    fn prints_each_games_result_and_the_position_after_move_10() {
        let archive = std::fs::read_to_string("fixtures/detect/russian_untagged.pdn").unwrap();
        let first_two = archive
            .split("\n\n[Event")
            .take(2)
            .collect::<Vec<_>>()
            .join("\n\n[Event");
        let pdn = format!("{first_two}\n\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 *\n");
        let mut out = Vec::new();
        super::results(pdn.as_bytes(), &mut out).unwrap();
        // Worked by hand, move by move, from the Russian start position (White a1-h2 and
        // three rows up to h3, Black a7-h8 and down to h6). Game 1 after
        // 10. f2-e3 d4:h4 (d4 takes e3 and g3); game 2 after 10. e1-f2 f4-g3.
        let expected = "\
game 1 (valid): 0-1, after move 10: W:Wa1,c1,e1,g1,d2,b4:Bh4,a5,g5,e7,g7,b8,f8,h8
game 2 (valid): 1/2-1/2, after move 10: W:Wa1,g1,b2,d2,f2,h2,c3,e3,h4:Bg3,g5,f6,h6,a7,g7,b8,d8,f8
game 3 (valid): *, after move 10: shorter than 10 moves
";
        assert_eq!(String::from_utf8(out).unwrap(), expected);
    }
}
