//! Replaying the lines of a game: the main line into the report, then each variation from the
//! position where it branches.

use super::findings::Findings;
use super::lines::{Line, WrittenPly};
use super::options::Options;
use super::report::{GameReport, PlayedMove};
use crate::diagnostic::{GameEnd, Illegality, Kind, Severity};
use crate::notation::naming::{MoveNumber, legal_needs_full_path, listed, move_text};
use crate::notation::resolve::{Illegal, Leniency, Resolution, resolve, resolve_on};
use crate::pdn::movetext::{Separator, WrittenMove};
use crate::rules::game::Game;
use crate::rules::movegen::{Board, on_board};
use crate::rules::moves::{MAX_JUMPS, Move, QuickMove};
use crate::rules::position::{Color, Position};
use crate::rules::square::Corner;
use compact_str::CompactString;

/// Where a line starts: its first ply (1-based, counted from the game start) and the move
/// number of its first move; and where the positions before its moves are in the list of
/// every line's (`befores` of [`replay_all`]).
#[derive(Clone, Copy)]
struct LineStart {
    ply: u32,
    number: u32,
    befores: (usize, usize),
}

/// The finding for a spelling read by a leniency, as it stands in the file: a capture written
/// with `-`, or with no separator at all (`c3e5`), or a step written as a capture (warnings);
/// a capture in compact notation (`fb4`, a note that the CLI folds into one for the file).
fn leniency_finding(leniency: Leniency, written: &WrittenMove) -> (Severity, Kind) {
    let spelling = match (leniency, written.separator) {
        (Leniency::CompactCapture, _) => return (Severity::Note, Kind::CompactCapture),
        (Leniency::StepWrittenAsCapture, _) => "a move without capture written with `:` or `x`",
        (Leniency::CaptureWrittenAsStep, Separator::Dash) => {
            "a capture written with `-` (PDN writes captures with `:` or `x`)"
        }
        (Leniency::CaptureWrittenAsStep, _) => {
            "a capture written without `:` or `x` between its squares"
        }
    };
    (Severity::Warning, Kind::CaptureNotation { spelling })
}

/// The text of a move as written, from its bytes (most often UTF-8 already).
fn written(text: &[u8]) -> CompactString {
    std::str::from_utf8(text)
        .map_or_else(|_| CompactString::from_utf8_lossy(text), CompactString::new)
}

/// What a replay keeps of the main line in the report.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Keep {
    /// Every move ([`GameReport::moves`]).
    pub moves: bool,
    /// The moves counted ([`GameReport::tally`]).
    pub tally: bool,
}

impl Keep {
    /// What `options` ask to keep.
    pub fn of(options: &Options) -> Keep {
        Keep {
            moves: options.keep_moves,
            tally: options.tally_moves,
        }
    }
}

pub(super) fn replay_all(
    lines: &[Line<'_>],
    start: Position,
    keep: Keep,
    report: &mut GameReport,
    findings: &mut Findings,
) {
    // Positions before each move of every line, one list for all, and where each line
    // started: kept only when there are variations to branch off (a game of one line
    // allocates neither).
    let branches = lines.len() > 1;
    let room = if branches { lines.len() } else { 0 };
    let plies = if branches {
        lines.iter().map(|l| l.moves.len()).sum()
    } else {
        0
    };
    let mut befores: Vec<Position> = Vec::with_capacity(plies);
    let mut starts: Vec<LineStart> = Vec::with_capacity(room);
    for (index, line) in lines.iter().enumerate() {
        let first_number = line.moves.first().and_then(|p| p.number).map(|(n, _)| n);
        let (origin, mut line_start) = match line.parent {
            None => (
                Some(start),
                LineStart {
                    ply: 1,
                    number: first_number.unwrap_or(1),
                    befores: (0, 0),
                },
            ),
            Some(parent) => {
                let parent_start = starts[parent];
                let (from, to) = parent_start.befores;
                let parent_befores = &befores[from..to];
                let origin = parent_befores.get(line.replaces).copied();
                let side = origin.map_or(Color::White, |p| p.turn);
                let first_side = parent_befores.first().map_or(side, |p| p.turn);
                let parent_first = MoveNumber {
                    number: parent_start.number,
                    side: first_side,
                };
                let number = parent_first.nth(line.replaces).number;
                (
                    origin,
                    LineStart {
                        ply: parent_start.ply + line.replaces as u32,
                        number,
                        befores: (0, 0),
                    },
                )
            }
        };
        let from = befores.len();
        let Some(origin) = origin else {
            // The parent stopped before the move this variation replaces.
            line_start.befores = (from, from);
            if branches {
                starts.push(line_start);
            }
            continue;
        };
        let mut replayer = LineReplay {
            report,
            findings,
            main: index == 0,
            keep,
            branches,
            start: line_start,
            first_side: origin.turn,
        };
        replayer.run(Game::new(origin), &line.moves, &mut befores);
        if branches {
            line_start.befores = (from, befores.len());
            starts.push(line_start);
        }
    }
}

struct LineReplay<'a> {
    report: &'a mut GameReport,
    findings: &'a mut Findings,
    main: bool,
    /// What to keep of the main line in the report.
    keep: Keep,
    /// Keep the position before each move (variations branch off this line).
    branches: bool,
    start: LineStart,
    first_side: Color,
}

impl LineReplay<'_> {
    fn corner(&self) -> Corner {
        self.report.corner
    }

    /// Replays `moves`; adds the position before each move that was reached to `befores`
    /// (when variations branch off: it has room for them).
    fn run(&mut self, game: Game, moves: &[WrittenPly<'_>], befores: &mut Vec<Position>) {
        // One dispatch on whether its moves are kept (`MOVES`) and counted (`TALLY`) for
        // the whole line: each loop knows only what it does (validation's neither).
        let main = self.main;
        match (main && self.keep.moves, main && self.keep.tally) {
            (false, false) => self.run_keeping::<false, false>(game, moves, befores),
            (true, false) => self.run_keeping::<true, false>(game, moves, befores),
            (false, true) => self.run_keeping::<false, true>(game, moves, befores),
            (true, true) => self.run_keeping::<true, true>(game, moves, befores),
        }
    }

    fn run_keeping<const MOVES: bool, const TALLY: bool>(
        &mut self,
        game: Game,
        moves: &[WrittenPly<'_>],
        befores: &mut Vec<Position>,
    ) {
        // One dispatch on the board for the whole line, not one per rules call.
        on_board!(game.position().variant, B => {
            self.run_on::<B, MOVES, TALLY>(game, moves, befores)
        })
    }

    #[inline(always)]
    fn run_on<B: Board, const MOVES: bool, const TALLY: bool>(
        &mut self,
        mut game: Game,
        moves: &[WrittenPly<'_>],
        befores: &mut Vec<Position>,
    ) {
        let corner = self.corner();
        // The landing squares of the last move resolved.
        let mut landings = [0; MAX_JUMPS];
        if MOVES {
            self.report.moves.reserve(moves.len());
        }
        if TALLY {
            self.report.tally.get_or_insert_default();
        }
        let mut next = MoveNumber {
            number: self.start.number,
            side: self.first_side,
        };
        for (i, ply) in moves.iter().enumerate() {
            if self.branches {
                befores.push(*game.position());
            }
            // The `i`-th move number of the line, counted along.
            let number = next;
            next = next.next();
            let ply_number = self.start.ply + i as u32;
            self.check_number(ply, number, ply_number);
            if let Some(outcome) = game.outcome() {
                let end = GameEnd {
                    outcome,
                    ply: ply_number - 1,
                };
                self.error(Kind::MoveAfterEnd { end }, ply, number, ply_number);
                break;
            }
            let (found, by_ends) = match resolve_on::<B>(&game, ply.written, corner, &mut landings)
            {
                (Resolution::Found(quick, None), by_ends) => (quick, by_ends),
                (other, _) => {
                    let at = (number, ply_number);
                    match self.settle(&game, ply, other, &moves[i + 1..], at, &mut landings) {
                        Some(quick) => (quick, false),
                        None => break,
                    }
                }
            };
            if !self.main {
                game.play_on::<B>(&found);
                continue;
            }
            self.report.main_plies += 1;
            let outcome = if MOVES || TALLY {
                let before = *game.position();
                let outcome = game.play_on::<B>(&found);
                let after = game.position();
                let made = (&found, &landings, by_ends);
                let played = || played_move(ply, made, (before, *after));
                if MOVES {
                    // Made in place (the closure, not inlined, would make it and copy it).
                    self.report
                        .moves
                        .push(played_move(ply, made, (before, *after)));
                }
                if TALLY && let Some(tally) = &mut self.report.tally {
                    let ply = (ply_number, &before);
                    tally.count((&found, &landings), ply, played);
                }
                outcome
            } else {
                game.play_on::<B>(&found)
            };
            if let Some(outcome) = outcome {
                self.report.rule_end = Some((outcome, ply_number));
            }
        }
        if self.main
            && self.report.main_plies > 0
            && let Some(tally) = &mut self.report.tally
        {
            tally.ended(game.position());
        }
    }

    /// The move `ply` stands for when its [`Resolution`] needs a finding (a leniency, an
    /// ambiguity resolved: the landing squares of the move settled on are written to
    /// `landings`); `None` after reporting an error (the line stops).
    #[inline(never)]
    fn settle(
        &mut self,
        game: &Game,
        ply: &WrittenPly<'_>,
        resolution: Resolution<QuickMove>,
        rest: &[WrittenPly<'_>],
        (number, ply_number): (MoveNumber, u32),
        landings: &mut [u8; MAX_JUMPS],
    ) -> Option<QuickMove> {
        match resolution {
            Resolution::Found(mv, leniency) => {
                if let Some(l) = leniency {
                    let (severity, kind) = leniency_finding(l, ply.written);
                    self.diagnostic(severity, kind, ply, number, ply_number);
                }
                Some(mv)
            }
            Resolution::Ambiguous(candidates) => match self.disambiguate(game, &candidates, rest) {
                Some(mv) => {
                    let kind = Kind::AmbiguityResolved {
                        readings: self.list(&candidates, game),
                        chosen: self.name(&mv, game, true),
                    };
                    self.diagnostic(Severity::Warning, kind, ply, number, ply_number);
                    landings[..mv.landings().len()].copy_from_slice(mv.landings());
                    Some(QuickMove::of(&mv))
                }
                None => {
                    let readings = self.list(&candidates, game);
                    self.error(Kind::AmbiguousMove { readings }, ply, number, ply_number);
                    None
                }
            },
            Resolution::Illegal(reason) => {
                let kind = self.explain(game, ply, &reason);
                self.error(kind, ply, number, ply_number);
                None
            }
        }
    }

    /// The only candidate after which the most of the remaining moves replay, if unique.
    fn disambiguate(
        &self,
        game: &Game,
        candidates: &[Move],
        rest: &[WrittenPly<'_>],
    ) -> Option<Move> {
        if !self.main || rest.is_empty() {
            return None;
        }
        let reach: Vec<usize> = candidates
            .iter()
            .map(|mv| {
                let mut g = game.clone();
                g.play(mv);
                replayable(g, rest, self.corner())
            })
            .collect();
        let best = *reach.iter().max()?;
        let mut winners = candidates.iter().zip(&reach).filter(|(_, r)| **r == best);
        let (first, _) = winners.next()?;
        winners.next().is_none().then_some(*first)
    }

    fn check_number(&mut self, ply: &WrittenPly<'_>, expected: MoveNumber, ply_number: u32) {
        let Some((written, black)) = ply.number else {
            return;
        };
        let side_fits = !black || expected.side == Color::Black;
        if written != expected.number || !side_fits {
            let written = MoveNumber {
                number: written,
                side: if black { Color::Black } else { Color::White },
            };
            let kind = Kind::MoveNumber { written, expected };
            self.diagnostic(Severity::Warning, kind, ply, expected, ply_number);
        }
    }

    /// The finding for a move no legal move fits.
    fn explain(&self, game: &Game, ply: &WrittenPly<'_>, reason: &Illegal) -> Kind {
        let pos = game.position();
        let why = match reason {
            Illegal::Placeholder => return Kind::UnknownMove,
            Illegal::BadSquare(text, e) => Illegality::BadSquare {
                square: text.clone(),
                error: *e,
            },
            Illegal::NoPiece { square, holds } => Illegality::NoPiece {
                side: pos.turn,
                square: self.square_name(*square, pos),
                holds: *holds,
            },
            Illegal::CaptureCompulsory => Illegality::CaptureCompulsory,
            Illegal::NoSuchMove => Illegality::NoSuchMove {
                capture: ply.written.is_capture(),
            },
            Illegal::NoCompactMove => Illegality::NoCompactMove,
        };
        Kind::IllegalMove {
            why,
            legal: self.list(game.legal_moves(), game),
        }
    }

    fn square_name(&self, bit: u8, pos: &Position) -> String {
        let g = pos.geometry();
        if self.report.numeric {
            g.number_of(bit, self.corner()).to_string()
        } else {
            g.square_name(bit).to_string()
        }
    }

    fn name(&self, mv: &Move, game: &Game, full: bool) -> String {
        let numeric = self.report.numeric.then_some(self.corner());
        move_text(mv, game.position().geometry(), numeric, full)
    }

    /// `moves` as messages list them: sorted.
    fn list(&self, moves: &[Move], game: &Game) -> Vec<String> {
        let g = game.position().geometry();
        let numeric = self.report.numeric.then_some(self.corner());
        let mut names = listed(moves, g, numeric);
        names.sort();
        names
    }

    fn error(&mut self, kind: Kind, ply: &WrittenPly<'_>, number: MoveNumber, ply_number: u32) {
        self.diagnostic(Severity::Error, kind, ply, number, ply_number);
    }

    fn diagnostic(
        &mut self,
        severity: Severity,
        kind: Kind,
        ply: &WrittenPly<'_>,
        number: MoveNumber,
        ply_number: u32,
    ) {
        let d = self.findings.add(severity, kind, ply.offset);
        d.ply = Some(ply_number);
        d.at_move = Some((number, String::from_utf8_lossy(ply.text).into_owned()));
        d.main_line = self.main;
    }
}

/// How many of `rest` replay from `game` (an ambiguous move counts with its first reading).
fn replayable(mut game: Game, rest: &[WrittenPly<'_>], corner: Corner) -> usize {
    let mut count = 0;
    for ply in rest {
        if game.outcome().is_some() {
            break;
        }
        let mv = match resolve(&game, ply.written, corner) {
            Resolution::Found(mv, _) => mv,
            Resolution::Ambiguous(candidates) => candidates[0],
            Resolution::Illegal(_) => break,
        };
        game.play(&mv);
        count += 1;
    }
    count
}

/// The move `ply` as the report keeps it: `found` (its landing squares in `landings`), which
/// `by_ends` says was found by its two squares (no other legal move joins them), played from
/// `before` to `after`.
#[inline(always)]
fn played_move(
    ply: &WrittenPly<'_>,
    (found, landings, by_ends): (&QuickMove, &[u8; MAX_JUMPS], bool),
    (before, after): (Position, Position),
) -> PlayedMove {
    let mv = found.to_move(landings);
    PlayedMove {
        written: match ply.utf8 {
            Some(text) => CompactString::new(text),
            None => written(ply.text),
        },
        full_path: !by_ends && needs_full_path(&mv, &before),
        mv,
        before,
        after,
        offset: ply.offset,
    }
}

/// [`legal_needs_full_path`] of a move that was not found by its two squares alone (few
/// are): out of the replay's loop.
#[cold]
#[inline(never)]
fn needs_full_path(mv: &Move, before: &Position) -> bool {
    legal_needs_full_path(mv, before)
}
