//! Reader and validation throughput on an in-memory archive of random legal 10x8 games
//! (`cargo bench --bench reader`). Criterion reports bytes per second for: splitting into
//! games, splitting + lexing (what `validate --syntax-only` reads), and `check_stream` with
//! and without replay (what `validate -j1` does, minus printing).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pdnkit::Variant;
use pdnkit::pdn::lexer::{ParsedGame, parse_game_into};
use pdnkit::pdn::reader::GameReader;
use pdnkit::random::write_game;
use pdnkit::validate::{GameReport, GameSink, Options, StreamTotals, check_stream};
use std::hint::black_box;
use std::io;

/// About 3 MB: large enough that per-run overhead does not count.
fn archive() -> Vec<u8> {
    let mut text = String::new();
    for index in 1..=5000 {
        write_game(&mut text, Variant::Spantsiretti, 2026, index);
        text.push('\n');
    }
    text.into_bytes()
}

/// Counts reports and drops them.
struct Count(usize);

impl GameSink for Count {
    fn game(&mut self, report: GameReport) -> io::Result<()> {
        self.0 += usize::from(report.valid());
        Ok(())
    }
}

fn bench(c: &mut Criterion) {
    let bytes = archive();
    let mut group = c.benchmark_group("reader");
    group.sample_size(20);
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function("split", |b| {
        b.iter(|| {
            let mut games = GameReader::new(black_box(&bytes[..]));
            let mut n = 0;
            while let Some(raw) = games.next_game().expect("in memory") {
                n += raw.bytes.len();
            }
            n
        })
    });
    group.bench_function("split+lex", |b| {
        let mut parsed = ParsedGame::default();
        b.iter(|| {
            let mut games = GameReader::new(black_box(&bytes[..]));
            let mut tokens = 0;
            while let Some(raw) = games.next_game().expect("in memory") {
                parse_game_into(&raw, &mut parsed);
                tokens += parsed.tokens.len();
            }
            tokens
        })
    });
    for (name, syntax_only) in [("check-syntax", true), ("check-replay", false)] {
        let options = Options {
            syntax_only,
            ..Options::default()
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut sink = Count(0);
                let mut totals = StreamTotals::default();
                check_stream(
                    black_box(&bytes[..]),
                    &options,
                    None,
                    &mut sink,
                    &mut totals,
                )
                .expect("in memory");
                assert_eq!(sink.0, 5000, "every generated game is valid");
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
