//! Reader and validation throughput on an in-memory archive of random legal 10x8 games
//! (`cargo bench --bench reader`). Criterion reports bytes per second for: the scanner with a
//! visitor that skips every game (splitting only), the scanner gathering each game (what
//! `validate --syntax-only` reads), and `pdnkit::read(..).games()` with and without replay
//! (what `validate -j1` does, minus printing).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pdnkit::pdn::{ParsedGame, RawGame, Scanner, Skip, Visitor};
use std::hint::black_box;

/// About 3 MB (`pdnkit random --games 5000 --seed 2026`): large enough that per-run
/// overhead does not count.
fn archive() -> Vec<u8> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .args(["random", "--games", "5000", "--seed", "2026"])
        .output()
        .expect("pdnkit random runs");
    assert!(out.status.success(), "pdnkit random: {out:?}");
    out.stdout
}

/// Skips every game but its bytes: their length.
struct Lengths;

impl Visitor for Lengths {
    type Output = usize;

    fn begin_game(&mut self, _: &RawGame<'_>) -> Skip {
        Skip(true)
    }

    fn end_game(&mut self, game: &RawGame<'_>, _read: &ParsedGame) -> usize {
        game.bytes.len()
    }
}

/// Skips the events of every game and takes it as read: its tokens.
struct Tokens;

impl Visitor for Tokens {
    type Output = usize;

    fn begin_game(&mut self, _: &RawGame<'_>) -> Skip {
        Skip(true)
    }

    fn end_game(&mut self, _game: &RawGame<'_>, read: &ParsedGame) -> usize {
        read.tokens.len()
    }
}

fn bench(c: &mut Criterion) {
    let bytes = archive();
    let mut group = c.benchmark_group("reader");
    group.sample_size(20);
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function("split", |b| {
        b.iter(|| {
            let mut games = Scanner::new(black_box(&bytes[..]));
            let mut n = 0;
            while let Some(len) = games.read_game(&mut Lengths).expect("in memory") {
                n += len;
            }
            n
        })
    });
    group.bench_function("scan", |b| {
        let mut gather = Tokens;
        b.iter(|| {
            let mut games = Scanner::new(black_box(&bytes[..]));
            let mut tokens = 0;
            while let Some(n) = games.read_game(&mut gather).expect("in memory") {
                tokens += n;
            }
            tokens
        })
    });
    for (name, syntax_only) in [("check-syntax", true), ("check-replay", false)] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let games = pdnkit::read(black_box(&bytes[..]))
                    .syntax_only(syntax_only)
                    .games();
                let mut valid = 0;
                for game in games {
                    valid += usize::from(game.expect("in memory").report.valid());
                }
                assert_eq!(valid, 5000, "every generated game is valid");
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
