//! Perft against the reference figures in `fixtures/perft.txt`. Entries above the node
//! limit run only with `cargo test --release -- --ignored`.

use pdnkit::rules::perft;
use pdnkit::{Corner, Paths, Position, Variant, parse_fen};

struct Entry {
    id: String,
    position: Position,
    paths: Paths,
    depth: u32,
    nodes: u64,
}

fn entries() -> Vec<Entry> {
    let text = include_str!("../../fixtures/perft.txt");
    let mut out = Vec::new();
    let (mut id, mut variant, mut position) = (String::new(), Variant::Spantsiretti, None);
    for line in text.lines().map(str::trim) {
        let Some((key, value)) = line.split_once(' ') else {
            continue;
        };
        match key {
            "id" => (id, position) = (value.to_string(), None),
            "game-type" => {
                variant = Variant::from_game_type(value.parse().unwrap()).expect("game type")
            }
            "fen" => {
                position = Some(parse_fen(value, variant, Corner::TopLeft).expect("valid FEN"))
            }
            "perft" | "paths" => {
                let (depth, nodes) = value.split_once(' ').expect("depth and nodes");
                out.push(Entry {
                    id: id.clone(),
                    position: position.unwrap_or_else(|| Position::start(variant)),
                    paths: if key == "paths" {
                        Paths::CaptureOrders
                    } else {
                        Paths::Distinct
                    },
                    depth: depth.parse().unwrap(),
                    nodes: nodes.parse().unwrap(),
                });
            }
            _ => {}
        }
    }
    out
}

fn check(limit: impl Fn(u64) -> bool) {
    let mut checked = 0;
    for e in entries().into_iter().filter(|e| limit(e.nodes)) {
        assert_eq!(
            perft(&e.position, e.depth, e.paths),
            e.nodes,
            "{} {:?} depth {}",
            e.id,
            e.paths,
            e.depth
        );
        checked += 1;
    }
    assert!(checked > 0, "no perft entry in range");
}

#[test]
fn perft_up_to_two_million_nodes() {
    check(|nodes| nodes <= 2_000_000);
}

#[test]
#[ignore = "deep perft: run with --ignored"]
fn perft_deep() {
    check(|nodes| nodes > 2_000_000);
}
