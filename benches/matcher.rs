//! The move matcher (`cargo bench --bench matcher`): resolving written moves of random legal
//! 10x8 games against their positions, in the spellings an archive uses (start and end,
//! alphanumeric; full path where needed), and playing them. Criterion reports moves per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pdnkit::notation::resolve::{Resolution, resolve};
use pdnkit::pdn::WrittenMove;
use pdnkit::random::{Rng, canonical};
use pdnkit::{Corner, Game, Paths, Position, Variant, legal_moves};
use std::hint::black_box;

/// Positions of random games with the canonical text of the move played from each.
fn samples() -> Vec<(Game, WrittenMove)> {
    let mut rng = Rng::new(2026);
    let mut samples = Vec::new();
    let mut legal = Vec::new();
    for _ in 0..200 {
        let mut game = Game::new(Position::start(Variant::Spantsiretti));
        while game.outcome().is_none() && game.plies() < 200 {
            legal.clear();
            legal_moves(game.position(), Paths::Distinct, &mut legal);
            let mv = legal[rng.below(legal.len())];
            let text = canonical(&mv, &legal, game.position());
            let written = WrittenMove::parse(text.as_bytes()).expect("canonical text reads");
            samples.push((game.clone(), written));
            game.play(&mv);
        }
    }
    samples
}

fn bench(c: &mut Criterion) {
    let samples = samples();
    let mut group = c.benchmark_group("matcher");
    group.sample_size(20);
    group.throughput(Throughput::Elements(samples.len() as u64));
    group.bench_function("resolve", |b| {
        b.iter(|| {
            let mut found = 0;
            for (game, written) in &samples {
                if let Resolution::Found(..) = resolve(black_box(game), written, Corner::TopLeft) {
                    found += 1;
                }
            }
            found
        })
    });
    group.bench_function("resolve+play", |b| {
        b.iter(|| {
            for (game, written) in &samples {
                let mut game = game.clone();
                match resolve(black_box(&game), written, Corner::TopLeft) {
                    Resolution::Found(mv, _) => game.play(&mv),
                    Resolution::Ambiguous(moves) => game.play(&moves[0]),
                    Resolution::Illegal(why) => panic!("a legal move was refused: {why:?}"),
                };
                black_box(game.position());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
