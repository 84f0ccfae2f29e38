//! Zobrist hashing of positions: one random key per (piece kind, square) and one for Black
//! to move, XORed together. Keys come from a fixed-seed SplitMix64 at compile time, so hashes
//! are the same in every build.

use crate::geometry::bits;
use crate::moves::Move;
use crate::position::{Color, Position};

const fn splitmix(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (next, z ^ (z >> 31))
}

/// Keys for white man, white king, black man, black king on each of 64 bits.
const KEYS: [[u64; 64]; 4] = {
    let mut keys = [[0; 64]; 4];
    let mut state = 0x5044_4E4B_4954_u64; // "PDNKIT"
    let mut kind = 0;
    while kind < 4 {
        let mut bit = 0;
        while bit < 64 {
            let (next, key) = splitmix(state);
            state = next;
            keys[kind][bit] = key;
            bit += 1;
        }
        kind += 1;
    }
    keys
};

const BLACK_TO_MOVE: u64 = splitmix(0xB1AC_u64).1;

/// The Zobrist hash of a position (placement and side to move).
pub fn hash(pos: &Position) -> u64 {
    let mut h = if pos.turn == Color::Black {
        BLACK_TO_MOVE
    } else {
        0
    };
    let groups = [
        pos.white & !pos.kings,
        pos.white & pos.kings,
        pos.black & !pos.kings,
        pos.black & pos.kings,
    ];
    for (kind, group) in groups.into_iter().enumerate() {
        for bit in bits(group) {
            h ^= KEYS[kind][bit as usize];
        }
    }
    h
}

/// The hash of the position after `mv` is played in `pos`, whose hash is `hash`: only the
/// squares the move changes are looked at.
pub fn after(hash: u64, pos: &Position, mv: &Move) -> u64 {
    let (own, theirs) = match pos.turn {
        Color::White => (0, 2),
        Color::Black => (2, 0),
    };
    let was_king = pos.kings & (1u64 << mv.from) != 0;
    let mut h = hash ^ BLACK_TO_MOVE;
    h ^= KEYS[own + usize::from(was_king)][mv.from as usize];
    h ^= KEYS[own + usize::from(was_king || mv.promotes)][mv.to as usize];
    for bit in bits(mv.captured) {
        let king = pos.kings & (1u64 << bit) != 0;
        h ^= KEYS[theirs + usize::from(king)][bit as usize];
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn hash_tells_side_to_move_and_pieces_apart() {
        let start = Position::start(Variant::Spantsiretti);
        let mut black = start;
        black.turn = Color::Black;
        assert_ne!(hash(&start), hash(&black));
        let mut crowned = start;
        crowned.kings = 1;
        assert_ne!(hash(&start), hash(&crowned));
        assert_eq!(hash(&start), hash(&Position::start(Variant::Spantsiretti)));
    }

    /// The hash after a move, from the changed squares, is the hash of the position after
    /// it computed from scratch, along pseudo-random games with kings, promotions and
    /// captures of kings.
    #[test]
    fn hash_after_a_move_is_the_hash_from_scratch() {
        let mut played = 0;
        crate::movegen::random_playouts(200, 150, crate::movegen::Paths::Landings, |pos, _, mv| {
            if let Some(mv) = mv {
                let next = pos.play(mv);
                assert_eq!(after(hash(pos), pos, mv), hash(&next), "{mv:?} in {pos:?}");
                played += 1;
            }
        });
        assert!(played > 10_000);
    }
}
