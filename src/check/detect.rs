//! The board of a game without a GameType tag (most Russian archives carry none): the one
//! its FEN, its squares and its moves fit.
//!
//! In order, cheapest first:
//! 1. squares: a square written in a move (`i3`, `k5`, a number over 32) that lies on one
//!    board only rules the other out; a square on neither board (`a10`, 45) rules out both;
//! 2. the FEN: a board it cannot be set up on is ruled out;
//! 3. moves: when both boards remain, the game is replayed on 8x8 (untagged archives are
//!    mostly Russian), and its main line on 10x8 up to its first illegal move. The board the
//!    moves fit better wins ([`Fit`]: more legal plies, then fewer leniencies, then an end by
//!    the rules); if they fit both alike, the board of the file's other games when its
//!    first games decided one (`file_board.rs`), else 41 (the default) with a `game-type`
//!    note; if
//!    neither board takes the first move, an `unknown-game-type` error ("another variant?")
//!    instead of an illegal move.
//!
//! A game decided by its squares or FEN is replayed once; one decided by its moves costs a
//! second replay of its main line, on the board not kept.

use super::findings::Findings;
use super::lines::Line;
use super::options::Options;
use super::replay::{Keep, replay_all};
use super::report::{GameReport, GameTypeSource};
use crate::diagnostic::{Kind, NeitherBoard, Severity};
use crate::notation::fen::parse_fen;
use crate::pdn::movetext::{MoveShape, WrittenSquare};
use crate::rules::position::Position;
use crate::rules::variant::Variant;
use std::borrow::Cow;

/// Whether `square` lies on the board of `variant` (numbers in the standard numbering).
fn on_board(square: WrittenSquare, variant: Variant) -> bool {
    let g = variant.geometry();
    match square {
        WrittenSquare::Alpha { column, row } => {
            column < g.width && (1..=u32::from(g.height)).contains(&row)
        }
        WrittenSquare::Number(n) => (1..=u32::from(g.num_squares)).contains(&n),
    }
}

/// The boards still in question, 10x8 first (the default when both fit).
#[derive(Clone, Copy)]
struct Boards([Option<Variant>; 2]);

impl Boards {
    fn both() -> Boards {
        Boards([Some(Variant::Spantsiretti), Some(Variant::Russian)])
    }

    fn keep(&mut self, fits: impl Fn(Variant) -> bool) {
        for slot in &mut self.0 {
            if slot.is_some_and(|v| !fits(v)) {
                *slot = None;
            }
        }
    }

    fn count(&self) -> usize {
        self.0.iter().flatten().count()
    }
}

/// The squares written in every line of a game, as the largest column, row and number
/// (enough to tell which boards they all lie on: one cheap pass, no branch per board).
#[derive(Default)]
struct Extent {
    column: u8,
    row: u32,
    number: u32,
}

/// The squares of a written move.
fn squares_of(shape: &MoveShape) -> &[WrittenSquare] {
    match shape {
        MoveShape::Squares { squares, .. } => squares,
        MoveShape::Compact { to, .. } => std::slice::from_ref(to),
        MoveShape::Placeholder => &[],
    }
}

impl Extent {
    fn of(lines: &[Line<'_>]) -> Extent {
        let mut extent = Extent::default();
        for ply in lines.iter().flat_map(|line| &line.moves) {
            for square in squares_of(&ply.written.shape) {
                match *square {
                    WrittenSquare::Alpha { column, row } => {
                        extent.column = extent.column.max(column);
                        extent.row = extent.row.max(row);
                    }
                    WrittenSquare::Number(n) => extent.number = extent.number.max(n),
                }
            }
        }
        extent
    }

    /// Whether every square lies on the board of `variant` (rows and numbers start at 1).
    fn fits(&self, variant: Variant) -> bool {
        let g = variant.geometry();
        self.column < g.width
            && self.row <= u32::from(g.height)
            && self.number <= u32::from(g.num_squares)
    }
}

/// The first square written in any line that lies on no board, with its move's offset.
fn off_every_board(lines: &[Line<'_>]) -> Option<(WrittenSquare, u64)> {
    lines.iter().flat_map(|line| &line.moves).find_map(|ply| {
        let square = squares_of(&ply.written.shape)
            .iter()
            .find(|&&s| !Variant::ALL.iter().any(|&v| on_board(s, v)))?;
        Some((*square, ply.offset))
    })
}

/// Chooses the board of a game without a GameType tag and replays its lines on it (see the
/// module doc). `fen`: the FEN text and its offset, if the game has one.
pub(super) fn replay_detected(
    lines: &[Line<'_>],
    fen: Option<(Cow<'_, str>, u64)>,
    options: &Options,
    report: &mut GameReport,
    findings: &mut Findings,
) {
    report.game_type_by = Some(GameTypeSource::Squares);
    let mut boards = Boards::both();
    let extent = Extent::of(lines);
    boards.keep(|v| extent.fits(v));
    let mut by = GameTypeSource::Squares;
    if boards.count() == 0 {
        // A square off 10x8 is off 8x8 too: there is one to name.
        let (why, offset) = match off_every_board(lines) {
            Some((square, offset)) => (NeitherBoard::Square(square.to_string()), offset),
            None => (NeitherBoard::Squares, 0),
        };
        neither(findings, offset, why);
        return;
    }
    let mut starts = [None, None];
    for (slot, start) in boards.0.iter().zip(&mut starts) {
        *start = slot.map(|v| match &fen {
            None => Ok(Position::start(v)),
            Some((text, _)) => parse_fen(text, v, report.corner),
        });
    }
    if let Some((text, offset)) = &fen {
        if let Some(Err(e)) = starts.iter().flatten().find(|s| s.is_err())
            && starts.iter().flatten().all(Result::is_err)
        {
            // Set up on no board: the error of the first board in question.
            report.variant = boards.0.iter().flatten().copied().next();
            report.game_type_by = Some(GameTypeSource::Fen);
            findings.bad_fen(text, *offset, e);
            return;
        }
        if boards.count() == 2 && starts.iter().flatten().any(Result::is_err) {
            by = GameTypeSource::Fen;
        }
    }
    let fitting: Vec<(Variant, Position)> = boards
        .0
        .iter()
        .zip(starts)
        .filter_map(|(v, s)| Some(((*v)?, s?.ok()?)))
        .collect();
    match fitting[..] {
        [board] => {
            let mark = findings.list.len();
            play(lines, board, by, options, report, findings, mark);
        }
        [ten, eight] => by_moves(lines, ten, eight, options, report, findings),
        _ => unreachable!("one or two boards remain"),
    }
}

/// How well the moves of a game fit a board, best last: how many plies of the main line are
/// legal, then fewer moves read only by a leniency (a capture written as a step, a step as a
/// capture), then the rules ending the game after its last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Fit {
    plies: u32,
    fewer_leniencies: std::cmp::Reverse<usize>,
    ended: bool,
}

impl Fit {
    fn of(report: &GameReport, findings: &[crate::diagnostic::Diagnostic]) -> Fit {
        let leniencies = findings
            .iter()
            .filter(|d| matches!(d.kind, Kind::CaptureNotation { .. }))
            .count();
        Fit {
            plies: report.main_plies,
            fewer_leniencies: std::cmp::Reverse(leniencies),
            ended: report.rule_end.is_some(),
        }
    }
}

/// Replays the lines on `variant` from `start` into the report; returns how well the moves
/// fit (`mark`: the findings before this replay).
#[allow(clippy::too_many_arguments)]
fn play(
    lines: &[Line<'_>],
    (variant, start): (Variant, Position),
    by: GameTypeSource,
    options: &Options,
    report: &mut GameReport,
    findings: &mut Findings,
    mark: usize,
) -> Fit {
    report.variant = Some(variant);
    report.game_type_by = Some(by);
    report.start = Some(start);
    replay_all(lines, start, Keep::of(options), report, findings);
    Fit::of(report, &findings.list[mark..])
}

/// Undoes [`play`]: the report and the findings as they were before it.
fn unplay(report: &mut GameReport, findings: &mut Findings, mark: usize) {
    report.main_plies = 0;
    report.moves.clear();
    report.tally = None;
    report.rule_end = None;
    report.start = None;
    report.variant = None;
    findings.list.truncate(mark);
}

/// How well the main line fits the board of `start`, replayed up to its first error (no
/// findings kept, no moves recorded).
fn reach(main: &Line<'_>, start: Position, report: &GameReport) -> Fit {
    let mut scratch = GameReport::scratch(report.corner);
    let mut findings = Findings::default();
    replay_all(
        std::slice::from_ref(main),
        start,
        Keep::default(),
        &mut scratch,
        &mut findings,
    );
    Fit::of(&scratch, &findings.list)
}

/// Both boards fit the squares and the FEN: the moves decide.
fn by_moves(
    lines: &[Line<'_>],
    ten: (Variant, Position),
    eight: (Variant, Position),
    options: &Options,
    report: &mut GameReport,
    findings: &mut Findings,
) {
    let main = &lines[0];
    let length = main.moves.len() as u32;
    let mark = findings.list.len();
    let mut replay = |board: (Variant, Position), by, report: &mut GameReport| {
        unplay(report, findings, mark);
        play(lines, board, by, options, report, findings, mark)
    };
    // Nothing tells the boards apart: the file's board, if its first games decided one.
    let file = [ten, eight]
        .into_iter()
        .find(|board| Some(board.0) == options.file_variant);
    let Some(first) = main.moves.first() else {
        // Nothing to decide by.
        match file {
            Some(board) => replay(board, GameTypeSource::File, report),
            None => replay(ten, GameTypeSource::Default, report),
        };
        return;
    };
    // The whole game on 8x8 first; on 10x8 only up to its first illegal move when 8x8
    // fits, else in full (and kept) as the other candidate.
    let on_eight = replay(eight, GameTypeSource::Moves, report);
    let on_ten = if on_eight.plies == length {
        reach(main, ten.1, report)
    } else {
        replay(ten, GameTypeSource::Moves, report)
    };
    // The report now holds 8x8 if its main line is legal, else 10x8.
    let kept_eight = on_eight.plies == length;
    if on_ten == on_eight {
        let kept = if kept_eight { eight.0 } else { ten.0 };
        if on_ten.plies == 0 && first.written.shape != MoveShape::Placeholder {
            unplay(report, findings, mark);
            neither(findings, first.offset, NeitherBoard::FirstMove);
        } else if let Some(board) = file {
            if board.0 == kept {
                report.game_type_by = Some(GameTypeSource::File);
            } else {
                replay(board, GameTypeSource::File, report);
            }
        } else if on_ten.plies == length {
            replay(ten, GameTypeSource::Default, report);
            findings.add(Severity::Note, Kind::GameTypeBothBoards, first.offset);
        } else {
            report.game_type_by = Some(GameTypeSource::Default);
        }
        return;
    }
    let (chosen, better, worse) = if on_eight > on_ten {
        if !kept_eight {
            replay(eight, GameTypeSource::Moves, report);
        }
        (eight.0, on_eight, on_ten)
    } else {
        if kept_eight {
            replay(ten, GameTypeSource::Moves, report);
        }
        (ten.0, on_ten, on_eight)
    };
    if better.plies == length || better.plies == worse.plies {
        // Legal on one board only, or read more plainly on one: nothing to explain.
        return;
    }
    let kind = Kind::GameTypeDetected {
        variant: chosen,
        plies: better.plies,
        other_plies: worse.plies,
    };
    findings.add(Severity::Note, kind, first.offset);
}

/// The game fits neither board: one error, no replay.
fn neither(findings: &mut Findings, offset: u64, why: NeitherBoard) {
    findings.add(Severity::Error, Kind::GameTypeNeither { why }, offset);
}
