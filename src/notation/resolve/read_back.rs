//! Reading written moves back: every legal move, written in every spelling pdnkit accepts,
//! resolves to itself (or, for a short capture that several moves share, to an ambiguity
//! that lists it).

use super::{Resolution, resolve};
use crate::pdn::WrittenMove;
use crate::rules::rng::Rng;
use crate::rules::{Corner, Game, Move, Paths, Position, Variant, legal_moves};

/// Positions from random games of both variants.
fn positions(count: usize) -> Vec<Game> {
    let mut rng = Rng::new(99);
    let mut out = Vec::new();
    for variant in Variant::ALL {
        while out.len() < count * (1 + variant.game_type() as usize / 41) {
            let mut game = Game::new(Position::start(variant));
            for _ in 0..rng.below(120) {
                if game.outcome().is_some() {
                    break;
                }
                let moves = game.legal_moves().to_vec();
                game.play(&moves[rng.below(moves.len())]);
            }
            if game.outcome().is_none() {
                out.push(game);
            }
        }
    }
    out
}

fn read(game: &Game, text: &str, corner: Corner) -> Resolution {
    let written = WrittenMove::parse(text.as_bytes()).unwrap_or_else(|| panic!("{text} parses"));
    resolve(game, &written, corner)
}

#[test]
fn every_full_path_reads_back_as_its_own_move() {
    let mut detours = 0;
    for game in positions(3000) {
        let g = game.position().geometry();
        let mut paths = Vec::new();
        legal_moves(game.position(), Paths::Landings, &mut paths);
        for path in &paths {
            // A single jump's full path is its short form, which stays ambiguous when another
            // capture shares its start and end (tested below).
            let shares = paths
                .iter()
                .any(|o| !o.same_move(path) && o.from == path.from && o.to == path.to);
            if path.landings().len() == 1 && shares {
                continue;
            }
            for (text, corner) in [
                (path.to_alpha(g, true), Corner::TopLeft),
                (path.to_alpha(g, true).to_uppercase(), Corner::TopLeft),
                (path.to_numeric(g, Corner::TopLeft, true), Corner::TopLeft),
                (
                    path.to_numeric(g, Corner::BottomRight, true),
                    Corner::BottomRight,
                ),
            ] {
                match read(&game, &text, corner) {
                    Resolution::Found(mv, _) => assert!(mv.same_move(path), "{text}"),
                    other => panic!("{text} in {:?}: {other:?}", game.position()),
                }
            }
            // A shorter capture that a longer one passes through, written in full.
            detours += paths
                .iter()
                .filter(|o| !o.same_move(path) && o.from == path.from && o.to == path.to)
                .count();
        }
    }
    assert!(
        detours > 0,
        "the sample should hold captures that share start and end"
    );
}

#[test]
fn short_forms_resolve_or_list_every_candidate() {
    for game in positions(2000) {
        let g = game.position().geometry();
        let legal: Vec<Move> = game.legal_moves().to_vec();
        for mv in &legal {
            let short = mv.to_alpha(g, false);
            let sharing = legal
                .iter()
                .filter(|m| m.from == mv.from && m.to == mv.to)
                .count();
            match read(&game, &short, Corner::TopLeft) {
                Resolution::Found(found, _) => {
                    assert_eq!(sharing, 1, "{short}");
                    assert!(found.same_move(mv));
                }
                Resolution::Ambiguous(candidates) => {
                    assert_eq!(candidates.len(), sharing, "{short}");
                    assert!(candidates.iter().any(|c| c.same_move(mv)));
                }
                Resolution::Illegal(reason) => panic!("{short}: {reason:?}"),
            }
        }
    }
}

/// A move written by its start and end squares alone (which `resolve` finds without listing
/// the legal moves where it can) resolves to what the list of legal moves says: the one move
/// between the squares (with a leniency if its separator is the other kind's), an ambiguity
/// when several distinct moves join them, else an illegal move. Every start and end square,
/// both separators.
#[test]
fn start_and_end_resolve_as_the_legal_moves_say() {
    let (mut steps, mut captures, mut ambiguous, mut illegal) = (0, 0, 0, 0);
    for game in positions(400) {
        let g = game.position().geometry();
        let legal = game.legal_moves();
        for from in 1..=u32::from(g.num_squares) {
            for to in 1..=u32::from(g.num_squares) {
                for separator in ['-', ':'] {
                    let text = format!("{from}{separator}{to}");
                    let written = WrittenMove::parse(text.as_bytes()).unwrap();
                    let resolved = resolve(&game, &written, Corner::TopLeft);
                    let (bit_from, bit_to) = (
                        g.bit_of_number(from, Corner::TopLeft).unwrap(),
                        g.bit_of_number(to, Corner::TopLeft).unwrap(),
                    );
                    let fits: Vec<&Move> = legal
                        .iter()
                        .filter(|m| m.from == bit_from && m.to == bit_to)
                        .collect();
                    let at = game.position();
                    match (fits.as_slice(), &resolved) {
                        ([only], Resolution::Found(mv, leniency)) => {
                            assert_eq!(mv, *only, "{text} in {at:?}");
                            let lenient = mv.is_capture() != (separator == ':');
                            assert_eq!(leniency.is_some(), lenient, "{text} in {at:?}");
                            if mv.is_capture() {
                                captures += 1;
                            } else {
                                steps += 1;
                            }
                        }
                        ([], Resolution::Illegal(_)) => illegal += 1,
                        (several, Resolution::Ambiguous(listed)) if several.len() > 1 => {
                            assert_eq!(listed.len(), several.len(), "{text} in {at:?}");
                            ambiguous += 1;
                        }
                        _ => panic!("{text} in {at:?}: {resolved:?}, legal {fits:?}"),
                    }
                }
            }
        }
    }
    assert!(
        steps > 1000 && captures > 200 && ambiguous > 0 && illegal > steps,
        "{steps} steps, {captures} captures, {ambiguous} ambiguous, {illegal} illegal"
    );
}
