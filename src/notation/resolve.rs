//! Resolving a written move against the legal moves of a position (docs/pdn.md, "How a
//! written move is matched"): a written capture matches a legal move when its squares are, in
//! order, a subsequence of that move's squares from start to end; matches that leave the same
//! position are one move.
//!
//! A capture written with its complete path of two or more jumps (every landing square) is
//! that capture even when its squares are also a subsequence of a longer capture: otherwise a
//! capture that another, longer capture passes through could not be written at all. A text of
//! start and end only keeps the design's rule: several matches are ambiguous.
//!
//! Leniencies (each reported as a [`Leniency`] so that `--strict` can refuse it): a capture
//! written with `-`, a step written with `:`/`x`. A compact capture without `:` (`fb4`) is
//! reported too ([`Leniency::CompactCapture`]), as the notation it is.

use crate::pdn::movetext::{MoveShape, WrittenMove, WrittenSquare};
use crate::rules::game::Game;
use crate::rules::geometry::Geometry;
use crate::rules::movegen::{Between, Board, captures_between_on, on_board, step_on};
use crate::rules::moves::{MAX_JUMPS, Move, QuickMove};
use crate::rules::position::Color;
use crate::rules::square::{Corner, SquareError};

/// A tolerated deviation from the standard found while resolving.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leniency {
    /// A capture written with `-` (or without separator).
    CaptureWrittenAsStep,
    /// A step written with `:` or `x`.
    StepWrittenAsCapture,
    /// A capture in Russian compact notation without `:` (`fb4`, the column it starts from
    /// and the square it ends on): the notation itself, no deviation, told once per file.
    CompactCapture,
}

/// Why no legal move fits the written one.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Illegal {
    /// A square that is not on this board.
    BadSquare(String, SquareError),
    /// A placeholder (`-`) in place of a move.
    Placeholder,
    /// The start square holds no piece of the side to move.
    NoPiece {
        /// The start square (its bit).
        square: u8,
        /// What it holds: a piece of the other side (`true` for a king), or nothing.
        holds: Option<(Color, bool)>,
    },
    /// The side to move has a capture and wrote a step.
    CaptureCompulsory,
    /// The piece exists but no legal move of it fits.
    NoSuchMove,
    /// Compact notation (`ed4`) that fits no move.
    NoCompactMove,
}

/// What a written move stands for. `M` is the move found: a [`Move`], or inside the crate a
/// `QuickMove` whose landing squares are kept apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolution<M = Move> {
    /// Exactly one move fits.
    Found(M, Option<Leniency>),
    /// Several moves that leave different positions fit (at least two).
    Ambiguous(Vec<Move>),
    /// No legal move fits, for this reason.
    Illegal(Illegal),
}

/// Resolves `written` in the current position of `game`. Numbers are read in the numbering
/// that starts at `corner`.
pub fn resolve(game: &Game, written: &WrittenMove, corner: Corner) -> Resolution {
    let mut landings = [0; MAX_JUMPS];
    let resolution = on_board!(game.position().variant, B => {
        resolve_on::<B>(game, written, corner, &mut landings).0
    });
    match resolution {
        Resolution::Found(quick, leniency) => Resolution::Found(quick.to_move(&landings), leniency),
        Resolution::Ambiguous(moves) => Resolution::Ambiguous(moves),
        Resolution::Illegal(reason) => Resolution::Illegal(reason),
    }
}

/// [`resolve`] on the board `B`, the move found without its landing squares, which are
/// written to `landings`: the one way pdnkit reads a written move.
///
/// A move written by its start and end squares alone (the common case) is found without
/// listing the legal moves: the captures of the piece on the start square that end on the
/// end square, when the side to move has a capture (looked for first when the text is written
/// as a capture, which saves asking whether it has one), else the step between the squares.
/// Anything else, and anything not found so, is resolved against the list of legal moves,
/// which also says why a move is ambiguous or illegal.
///
/// Also says whether the move was found by its two squares so (then no other legal move
/// joins them: it is written without its full path, as
/// [`crate::notation::naming::legal_needs_full_path`] would find).
#[inline(always)]
pub(crate) fn resolve_on<B: Board>(
    game: &Game,
    written: &WrittenMove,
    corner: Corner,
    landings: &mut [u8; MAX_JUMPS],
) -> (Resolution<QuickMove>, bool) {
    if let Some((from, to, capture)) = written_ends::<B>(written, corner)
        && let Some(found) = move_between::<B>(game, from, to, capture, landings)
    {
        return (found, true);
    }
    let resolution = match resolve_listed(game, written, corner) {
        Resolution::Found(mv, leniency) => {
            landings[..mv.landings().len()].copy_from_slice(mv.landings());
            Resolution::Found(QuickMove::of(&mv), leniency)
        }
        Resolution::Ambiguous(moves) => Resolution::Ambiguous(moves),
        Resolution::Illegal(reason) => Resolution::Illegal(reason),
    };
    (resolution, false)
}

/// The one legal move from `from` to `to`, found, if the captures of that piece or the step
/// between the squares give it at once; `None` says only that they do not (several captures
/// end there, or none and no step).
#[inline(always)]
fn move_between<B: Board>(
    game: &Game,
    from: u8,
    to: u8,
    written_capture: bool,
    landings: &mut [u8; MAX_JUMPS],
) -> Option<Resolution<QuickMove>> {
    if game.outcome().is_some() {
        return None;
    }
    let pos = game.position();
    // Capturing is compulsory and free to choose: any capture of the piece is legal.
    if written_capture || game.has_capture_on::<B>() {
        match captures_between_on::<B>(pos, from, to, landings) {
            Between::One(only) => {
                let leniency = (!written_capture).then_some(Leniency::CaptureWrittenAsStep);
                return Some(Resolution::Found(only, leniency));
            }
            Between::Several => return None,
            Between::None => {}
        }
    }
    let promotes = step_on::<B>(pos, from, to)?;
    // A step is legal only when the side to move has no capture.
    if game.has_capture_on::<B>() {
        return None;
    }
    let leniency = written_capture.then_some(Leniency::StepWrittenAsCapture);
    Some(Resolution::Found(
        QuickMove::step(from, to, promotes),
        leniency,
    ))
}

/// The start and end squares of a move written as those two squares alone, when both are
/// squares of the board `B`, and whether it is written as a capture.
#[inline(always)]
fn written_ends<B: Board>(written: &WrittenMove, corner: Corner) -> Option<(u8, u8, bool)> {
    let MoveShape::Squares { squares, capture } = &written.shape else {
        return None;
    };
    let [first, last] = squares.as_slice() else {
        return None;
    };
    let g = B::GEOMETRY;
    Some((
        bit_of(g, first, corner).ok()?,
        bit_of(g, last, corner).ok()?,
        *capture,
    ))
}

/// [`resolve`] against the list of legal moves.
#[inline(never)]
fn resolve_listed(game: &Game, written: &WrittenMove, corner: Corner) -> Resolution {
    let g = game.position().geometry();
    let square = |s: &WrittenSquare| place(g, s, corner);
    match &written.shape {
        MoveShape::Placeholder => Resolution::Illegal(Illegal::Placeholder),
        MoveShape::Compact {
            from_column,
            to,
            capture,
        } => {
            let to = match square(to) {
                Ok(bit) => bit,
                Err(e) => return Resolution::Illegal(e),
            };
            let fits: Vec<Move> = game
                .legal_moves()
                .iter()
                .filter(|m| m.to == to && g.column_of_bit[m.from as usize] == *from_column)
                .copied()
                .collect();
            match finish(fits, *capture, Illegal::NoCompactMove) {
                // Compact notation writes captures without `:`: no deviation.
                Resolution::Found(mv, Some(Leniency::CaptureWrittenAsStep)) => {
                    Resolution::Found(mv, Some(Leniency::CompactCapture))
                }
                other => other,
            }
        }
        MoveShape::Squares { squares, capture } => {
            if squares.len() > MAX_JUMPS + 1 {
                return Resolution::Illegal(Illegal::NoSuchMove);
            }
            let mut buffer = [0u8; MAX_JUMPS + 1];
            for (slot, s) in buffer.iter_mut().zip(squares) {
                match square(s) {
                    Ok(bit) => *slot = bit,
                    Err(e) => return Resolution::Illegal(e),
                }
            }
            let bits = &buffer[..squares.len()];
            let (from, to) = (bits[0], bits[bits.len() - 1]);
            let via = &bits[1..bits.len() - 1];
            let legal = game.legal_moves();
            let fits: Vec<Move> = if via.is_empty() {
                legal
                    .iter()
                    .filter(|m| m.from == from && m.to == to)
                    .copied()
                    .collect()
            } else {
                // Intermediate squares: every landing path of the move must be considered.
                game.legal_paths()
                    .into_iter()
                    .filter(|m| m.from == from && m.to == to && passes(m, via))
                    .collect()
            };
            if fits.len() > 1 && !via.is_empty() {
                // A path written out with its landing squares, complete, is that move, even
                // when the same squares are also a part of a longer path. (Start and end
                // alone stay ambiguous, as the design says.)
                let exact: Vec<Move> = game
                    .legal_paths()
                    .into_iter()
                    .filter(|m| m.from == from && m.landings() == &bits[1..])
                    .collect();
                if !exact.is_empty() {
                    return finish(exact, *capture, Illegal::NoSuchMove);
                }
            }
            if fits.is_empty() {
                let pos = game.position();
                let holds = pos.piece_at(from).map(|p| (p.color, p.king));
                let reason = if holds.map(|(c, _)| c) != Some(pos.turn) {
                    Illegal::NoPiece {
                        square: from,
                        holds,
                    }
                } else if !capture && legal.iter().any(Move::is_capture) {
                    Illegal::CaptureCompulsory
                } else {
                    Illegal::NoSuchMove
                };
                return Resolution::Illegal(reason);
            }
            finish(fits, *capture, Illegal::NoSuchMove)
        }
    }
}

/// Whether the written intermediate squares appear, in order, among the landing squares
/// before the last one.
fn passes(mv: &Move, via: &[u8]) -> bool {
    let landings = mv.landings();
    let mut rest = landings[..landings.len() - 1].iter();
    via.iter().all(|v| rest.any(|l| l == v))
}

fn finish(mut fits: Vec<Move>, written_capture: bool, none: Illegal) -> Resolution {
    // Moves that leave the same position are one move.
    let mut distinct: Vec<Move> = Vec::with_capacity(fits.len());
    for m in fits.drain(..) {
        if !distinct.iter().any(|d| d.same_move(&m)) {
            distinct.push(m);
        }
    }
    match distinct.len() {
        0 => Resolution::Illegal(none),
        1 => found(distinct[0], written_capture),
        _ => Resolution::Ambiguous(distinct),
    }
}

/// The one move that fits, with the notation leniency its spelling needed, if any.
fn found(mv: Move, written_capture: bool) -> Resolution {
    let leniency = match (written_capture, mv.is_capture()) {
        (false, true) => Some(Leniency::CaptureWrittenAsStep),
        (true, false) => Some(Leniency::StepWrittenAsCapture),
        _ => None,
    };
    Resolution::Found(mv, leniency)
}

fn place(g: &Geometry, square: &WrittenSquare, corner: Corner) -> Result<u8, Illegal> {
    bit_of(g, square, corner).map_err(|e| bad_square(square, e))
}

/// The bit of a written square, if it is a square of this board.
#[inline(always)]
fn bit_of(g: &Geometry, square: &WrittenSquare, corner: Corner) -> Result<u8, SquareError> {
    match *square {
        WrittenSquare::Alpha { column, row } => g.square_at(column, row),
        WrittenSquare::Number(n) => g.bit_of_number(n, corner),
    }
}

#[cold]
fn bad_square(square: &WrittenSquare, e: SquareError) -> Illegal {
    Illegal::BadSquare(square.to_string(), e)
}

// Every legal move, in every spelling, read back (positions of random games).
#[cfg(test)]
mod read_back;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::{EIGHT_BY_EIGHT, TEN_BY_EIGHT};

    /// Every written square, on and off both boards and in every numbering, is the square
    /// that reading its name with `Geometry::parse_square` gives, or fails for the same reason.
    #[test]
    fn written_squares_are_the_squares_their_names_read() {
        for g in [&TEN_BY_EIGHT, &EIGHT_BY_EIGHT] {
            for corner in [0, 1, 2, 3].map(|d| Corner::from_digit(d).unwrap()) {
                let mut squares: Vec<WrittenSquare> = (0..10)
                    .flat_map(|column| {
                        (0..=120).map(move |row| WrittenSquare::Alpha { column, row })
                    })
                    .collect();
                squares.extend((0..=999).map(WrittenSquare::Number));
                for square in squares {
                    let name = square.to_string();
                    assert_eq!(
                        bit_of(g, &square, corner),
                        g.parse_square(name.as_bytes(), corner),
                        "{square:?} {corner:?}"
                    );
                }
                // Past what a name can say: off the board.
                for square in [
                    WrittenSquare::Alpha { column: 10, row: 1 },
                    WrittenSquare::Alpha {
                        column: 0,
                        row: u32::MAX,
                    },
                    WrittenSquare::Number(u32::MAX),
                ] {
                    assert_eq!(bit_of(g, &square, corner), Err(SquareError::OffBoard));
                }
            }
        }
    }
}
