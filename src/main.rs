use pdnkit::{Paths, Position, Variant, perft::perft};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args[1].parse().unwrap();
    let v = if args.len() > 2 { Variant::Russian } else { Variant::Spantsiretti };
    let t = std::time::Instant::now();
    let n = perft(&Position::start(v), depth, if args.len() > 3 { Paths::CaptureOrders } else { Paths::Distinct });
    println!("{n} {:?}", t.elapsed());
}
