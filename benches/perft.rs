//! Perft speed from the start positions (`cargo bench --bench perft`). Criterion reports the
//! time per run; nodes per second = nodes / time (1,040,706 nodes at 10x8 depth 7,
//! 929,899 at 8x8 depth 8).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pdnkit::rules::perft;
use pdnkit::{Paths, Position, Variant};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (variant, depth, nodes) in [
        (Variant::Spantsiretti, 7, 1_040_706),
        (Variant::Russian, 8, 929_899),
    ] {
        group.throughput(Throughput::Elements(nodes));
        let start = Position::start(variant);
        group.bench_function(format!("{}-depth-{depth}", variant.game_type()), |b| {
            b.iter(|| assert_eq!(perft(black_box(&start), depth, Paths::Distinct), nodes))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
