//! Tests across the files of `check`: what the replay records of each move, checked against
//! what the moves say.

use super::report::{GameReport, MoveTally};
use super::{GameSink, Options, StreamTotals, check_stream};
use crate::notation::naming::tests::needs_full_path_by_definition;
use crate::rules::moves::QuickMove;
use crate::rules::variant::Variant;

fn reports(input: &[u8], options: &Options) -> Vec<GameReport> {
    struct Keep(Vec<GameReport>);
    impl GameSink for Keep {
        fn game(&mut self, report: GameReport) -> std::io::Result<()> {
            self.0.push(report);
            Ok(())
        }
    }
    let mut kept = Keep(Vec::new());
    let mut totals = StreamTotals::default();
    check_stream(input, options, None, &mut kept, &mut totals).unwrap();
    kept.0
}

/// What the tally of `report` says, worked out from its moves instead.
fn tally_of_moves(report: &GameReport) -> MoveTally {
    let mut tally = MoveTally::default();
    for (i, pm) in report.moves.iter().enumerate() {
        let quick = QuickMove::of(&pm.mv);
        let ply = (i as u32 + 1, &pm.before);
        tally.count((&quick, pm.mv.landings()), ply, || pm.clone());
    }
    if let Some(pm) = report.moves.last() {
        tally.ended(&pm.after);
    }
    tally
}

fn summary(t: &MoveTally) -> String {
    let longest = t
        .longest
        .as_ref()
        .map(|(ply, m)| (ply, m.written.clone(), m.mv));
    let first = &t.first;
    format!(
        "{} {} {} {} {longest:?} {first:?} {:?}",
        t.promotions, t.captures, t.multi_captures, t.pieces, t.last
    )
}

#[test]
fn the_tally_counts_the_main_line_as_its_moves_say() {
    let mut fixtures = vec![std::path::PathBuf::from("fixtures/sample.pdn")];
    for dir in [
        "fixtures/detect",
        "fixtures/errors",
        "fixtures/rules",
        "fixtures/russian",
    ] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "pdn") {
                fixtures.push(path);
            }
        }
    }
    let (mut games, mut captures) = (0, 0);
    for path in fixtures {
        let input = std::fs::read(&path).unwrap();
        let both = Options {
            tally_moves: true,
            ..Options::default()
        };
        let tally_only = Options {
            keep_moves: false,
            ..both
        };
        let full = reports(&input, &both);
        let tallied = reports(&input, &tally_only);
        assert_eq!(full.len(), tallied.len(), "{path:?}");
        for (f, t) in full.iter().zip(&tallied) {
            // A game that could not be set up is not replayed, nor counted.
            assert_eq!(f.tally.is_some(), f.start.is_some(), "{path:?}");
            assert_eq!(t.tally.is_some(), t.start.is_some(), "{path:?}");
            let expected = summary(&tally_of_moves(f));
            let tally = *t.tally.clone().unwrap_or_default();
            let both_kept = *f.tally.clone().unwrap_or_default();
            assert_eq!(summary(&both_kept), expected, "{path:?}");
            assert_eq!(summary(&tally), expected, "{path:?} game {}", f.index);
            assert!(t.moves.is_empty());
            games += 1;
            captures += tally.captures;
        }
    }
    assert!(
        games > 20 && captures > 20,
        "{games} games, {captures} captures"
    );
}

#[test]
fn a_tag_filter_keeps_the_tags_named_in_file_order() {
    let pdn = b"[White \"A\"]\n[Event \"E\"]\n[Date \"2001\"]\n[Black \"B\"]\n1. c3-d4 *\n";
    let options = Options {
        tags_named: Some(&["Black", "White", "Date"]),
        ..Options::default()
    };
    let report = reports(pdn, &options).remove(0);
    let tags: Vec<_> = report
        .tags
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    assert_eq!(tags, [("White", "A"), ("Date", "2001"), ("Black", "B")]);
    assert!(report.tally.is_none());
}

#[test]
fn the_replay_knows_which_moves_need_their_full_path() {
    let mut pdn = String::new();
    for variant in Variant::ALL {
        for index in 1..=80 {
            crate::random::write_game(&mut pdn, variant, 11, index);
            pdn.push('\n');
        }
    }
    let mut full_paths = 0;
    for game in crate::read(pdn.as_bytes()).keep_moves(true).games() {
        let report = game.expect("a readable game").report;
        for played in &report.moves {
            let wanted = needs_full_path_by_definition(&played.mv, &played.before);
            assert_eq!(played.full_path, wanted, "{}", played.written);
            full_paths += usize::from(wanted);
        }
    }
    assert!(full_paths > 0);
}
