//! Property tests (proptest) for the invariants the fuzz targets check, sized for CI: each
//! property runs a few hundred cases in well under a second in a release build. The checks
//! themselves are those of the fuzz targets (`fuzz/src/lib.rs`, included below).

use crate::checks;
use crate::harness::{random_game, random_games};

use pdnkit::GameReport;
use pdnkit::Variant;
use proptest::prelude::*;

/// Bytes for `position_from_bytes`: a control byte, then one byte per square.
fn placement() -> impl Strategy<Value = Vec<u8>> {
    (any::<u8>(), prop::collection::vec(0u8..8, 40)).prop_map(|(control, squares)| {
        let mut bytes = vec![control];
        bytes.extend(squares);
        bytes
    })
}

/// Bytes made of PDN's structural characters, for text that looks like PDN.
fn pdn_like() -> impl Strategy<Value = Vec<u8>> {
    let alphabet: Vec<u8> =
        b"[]{}()\"/%;:-x.*!?$0123456789abcdefghjk WBKN \n\n\r\t\x00\xff".to_vec();
    prop::collection::vec(prop::sample::select(alphabet), 0..600)
}

fn validate(text: &[u8]) -> Vec<GameReport> {
    checks::validate(text, checks::Settings::default())
}

fn variant(russian: bool) -> Variant {
    if russian {
        Variant::Russian
    } else {
        Variant::Spantsiretti
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn fen_write_then_read_is_the_same_position(bytes in placement()) {
        checks::fen_round_trip(&checks::position_from_bytes(&bytes));
    }

    /// The squares of each colour are written in the order of their numbering (ascending
    /// numbers; names in reading order a1, c1, ... row by row), each once, kings marked.
    #[test]
    fn fen_squares_ascend_in_the_numbering(bytes in placement()) {
        use pdnkit::Corner;
        use pdnkit::{Color, FenNotation, write_fen};
        let pos = checks::position_from_bytes(&bytes);
        let g = pos.geometry();
        for corner in [Corner::TopLeft, Corner::BottomRight, Corner::BottomLeft, Corner::TopRight] {
            let text = write_fen(&pos, FenNotation::Numeric(corner));
            let alpha = write_fen(&pos, FenNotation::Alpha);
            let sections: Vec<&str> = text.split(':').collect();
            let alpha_sections: Vec<&str> = alpha.split(':').collect();
            prop_assert_eq!(sections.len(), 3, "{}", text);
            for (i, color) in [(1, Color::White), (2, Color::Black)] {
                let items: Vec<&str> = sections[i][1..].split(',').filter(|s| !s.is_empty()).collect();
                let numbers: Vec<u32> = items
                    .iter()
                    .map(|s| s.trim_start_matches('K').parse().unwrap())
                    .collect();
                prop_assert!(numbers.windows(2).all(|w| w[0] < w[1]), "{}", text);
                prop_assert_eq!(numbers.len() as u32, pos.pieces(color).count_ones());
                for (item, &n) in items.iter().zip(&numbers) {
                    let bit = g.bit_of_number(n, corner).unwrap();
                    prop_assert!(pos.pieces(color) & (1 << bit) != 0);
                    prop_assert_eq!(item.starts_with('K'), pos.kings & (1 << bit) != 0);
                }
                let names: Vec<(u8, u8)> = alpha_sections[i][1..]
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(|s| {
                        let s = s.trim_start_matches('K').as_bytes();
                        (s[1] - b'0', s[0] - b'a')
                    })
                    .collect();
                prop_assert!(names.windows(2).all(|w| w[0] < w[1]), "{}", alpha);
            }
        }
    }

    #[test]
    fn fen_text_never_panics(control in any::<u8>(), text in "[WBKwbk:,.0-9a-k \\-]{0,60}") {
        let mut bytes = vec![control];
        bytes.extend_from_slice(text.as_bytes());
        checks::fen(&bytes);
    }

    #[test]
    fn legal_moves_play_to_consistent_positions(bytes in placement()) {
        checks::moves_play_consistently(&checks::position_from_bytes(&bytes));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn positions_of_play_move_consistently_and_every_spelling_resolves(
        bytes in prop::collection::vec(any::<u8>(), 1..160)
    ) {
        let game = checks::game_from_bytes(&bytes);
        checks::moves_play_consistently(game.position());
        checks::every_spelling_resolves(&game);
    }

    #[test]
    fn arbitrary_bytes_never_panic_the_reader(bytes in prop::collection::vec(any::<u8>(), 0..1500)) {
        checks::reader(&bytes);
    }

    #[test]
    fn pdn_like_text_never_panics_the_reader(control in any::<u8>(), bytes in pdn_like()) {
        let mut data = vec![control];
        data.extend(bytes);
        checks::reader(&data);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn random_games_always_validate(seed in any::<u64>(), russian in any::<bool>(), count in 1u64..4) {
        let text = random_games(variant(russian), seed, 1..=count);
        let reports = validate(text.as_bytes());
        prop_assert_eq!(reports.len() as u64, count);
        for report in &reports {
            prop_assert!(report.valid(), "{}\n{:?}", text, report.diagnostics);
        }
    }

    /// After unreadable text, the next game is read as if nothing had happened.
    #[test]
    fn a_game_after_garbage_is_read_intact(
        seed in any::<u64>(),
        garbage in prop::collection::vec(
            prop::sample::select(b"abcdefghk0123456789-:x.!?*$ \t\r\n\x00\x80\xfe\xff".to_vec()),
            0..300,
        ),
    ) {
        let good = random_game(Variant::Spantsiretti, seed, 1);
        let alone = validate(good.as_bytes());
        let mut text = garbage.clone();
        text.extend_from_slice(b"\n\n");
        text.extend_from_slice(good.as_bytes());
        let reports = validate(&text);
        let last = reports.last().expect("at least the good game");
        prop_assert!(last.valid(), "{:?}", last.diagnostics);
        prop_assert_eq!(last.plies(), alone[0].plies());
        prop_assert_eq!(&last.tags, &alone[0].tags);
    }
}
