//! The checks behind the fuzz targets. They are shared, word for word, with the ordinary
//! tests: `tests/it/main.rs` includes this file with `#[path]` (for `fuzz_corpus.rs` and `properties.rs`),
//! so that `cargo test` replays `fuzz/corpus/*` through exactly the code the fuzzer ran.
//! Every check panics when an invariant does not hold.

#![allow(dead_code)]

use pdnkit::FenNotation;
use pdnkit::GameReport;
use pdnkit::pdn::{ParsedGame, RawGame, Scanner, Skip, Visitor};
use pdnkit::rules::{count_moves, has_capture, has_legal_move, only_capture, step_move};
use pdnkit::text::TextEncoding;
use pdnkit::write::{GameText, PdnOptions, game_json, write_game};
use pdnkit::{
    Color, Corner, Game, Move, Paths, Piece, Position, Removal, Variant, legal_moves, parse_fen,
    write_fen,
};
use std::io::BufReader;

/// The set bits of a bitboard, lowest first.
fn bits(mut bb: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (bb != 0).then(|| {
            let bit = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            bit
        })
    })
}

pub const CORNERS: [Corner; 4] = [
    Corner::BottomLeft,
    Corner::BottomRight,
    Corner::TopLeft,
    Corner::TopRight,
];

fn variant_of(byte: u8) -> Variant {
    if byte & 1 == 0 {
        Variant::Spantsiretti
    } else {
        Variant::Russian
    }
}

// ---------------------------------------------------------------------------------------
// reader: any bytes through the Scanner, pdnkit::read and the converters.

/// Games as the scanner reads them: (offset, bytes, line, index), and what it read in each.
type Split = Vec<((u64, Vec<u8>, u32, usize), ParsedGame)>;

/// Takes each game as read, its events skipped.
struct Whole;

impl Visitor for Whole {
    type Output = ((u64, Vec<u8>, u32, usize), ParsedGame);

    fn begin_game(&mut self, _game: &RawGame<'_>) -> Skip {
        Skip(true)
    }

    fn end_game(&mut self, raw: &RawGame<'_>, game: &ParsedGame) -> Self::Output {
        let place = (raw.offset, raw.bytes.to_vec(), raw.line, raw.index);
        (place, game.clone())
    }
}

fn split(data: &[u8], capacity: usize) -> Split {
    let mut scanner = Scanner::new(BufReader::with_capacity(capacity, data));
    let mut collector = Whole;
    let mut games = Vec::new();
    while let Some(game) = scanner
        .read_game(&mut collector)
        .expect("reading from memory cannot fail")
    {
        games.push(game);
    }
    games
}

/// 1 + the line breaks (LF, CRLF, CR) before `offset`.
fn line_at(data: &[u8], offset: usize) -> u32 {
    let before = &data[..offset];
    let mut breaks = 0u32;
    for (i, &b) in before.iter().enumerate() {
        if b == b'\n' || (b == b'\r' && data.get(i + 1) != Some(&b'\n')) {
            breaks += 1;
        }
    }
    breaks + 1
}

/// The reader's settings that the checks vary (the others are `pdnkit::read`'s defaults).
#[derive(Clone, Copy, Debug, Default)]
pub struct Settings {
    /// The board of the untagged games that fit both (`Reader::variant`), still detected.
    pub variant: Option<Variant>,
    pub strict: bool,
    pub syntax_only: bool,
}

/// Every report of `data` read as one stream.
pub fn validate(data: &[u8], settings: Settings) -> Vec<GameReport> {
    let mut reader = pdnkit::read(data)
        .strict(settings.strict)
        .syntax_only(settings.syntax_only);
    if let Some(variant) = settings.variant {
        reader = reader.variant(variant).detect_variant(true);
    }
    reader
        .games()
        .map(|game| game.expect("memory cannot fail").report)
        .collect()
}

/// The first byte chooses the reader's buffer size and the options; all of `data` is read.
pub fn reader(data: &[u8]) {
    let control = data.first().copied().unwrap_or(0);
    // The games, their bytes, places and lines do not depend on how the input arrives.
    let whole = split(data, data.len().max(1));
    let chunked = split(data, 1 + usize::from(control % 16));
    assert_eq!(whole, chunked, "games differ with the read size");
    let mut end = 0u64;
    for (i, ((offset, bytes, line, index), _)) in whole.iter().enumerate() {
        assert_eq!(*index, i + 1, "game numbers");
        assert!(*offset >= end, "games overlap or go backwards");
        let from = usize::try_from(*offset).expect("offset fits");
        let to = from + bytes.len();
        assert!(to <= data.len(), "game past the end of the input");
        assert_eq!(&data[from..to], &bytes[..], "game bytes are not the file's");
        assert_eq!(*line, line_at(data, from), "line of game {index}");
        end = to as u64;
    }
    let settings = Settings {
        variant: Some(variant_of(control >> 4)),
        strict: control & 0x20 != 0,
        syntax_only: control & 0x40 != 0,
    };
    let reports = validate(data, settings);
    assert_eq!(
        reports.len(),
        whole.len(),
        "validate sees the games the reader sees"
    );
    for (report, ((offset, bytes, _, _), parsed)) in reports.iter().zip(&whole) {
        let _ = game_json("fuzz.pdn", report);
        let game = GameText {
            bytes,
            offset: *offset,
            encoding: TextEncoding::Utf8,
            tokens: &parsed.tokens,
            // Inputs are far too small for a tag value past the limit.
            hole: None,
        };
        let text = write_game(report, &game, &PdnOptions::default()).text;
        if report.valid() && !settings.syntax_only && !settings.strict {
            canonical_round_trip(report, &text, settings);
        }
    }
}

/// A valid game written as canonical PDN reads back as one valid game with the same moves.
fn canonical_round_trip(report: &GameReport, text: &str, settings: Settings) {
    let again = validate(text.as_bytes(), settings);
    assert_eq!(again.len(), 1, "canonical PDN of one game:\n{text}");
    let back = &again[0];
    assert!(
        back.valid(),
        "canonical PDN of a valid game is invalid:\n{text}\n{:?}",
        back.diagnostics
    );
    assert_eq!(
        back.plies(),
        report.plies(),
        "plies after conversion:\n{text}"
    );
    assert_eq!(
        back.start, report.start,
        "start position after conversion:\n{text}"
    );
}

// ---------------------------------------------------------------------------------------
// fen: parse; if it reads, every way of writing it reads back the same.

/// Placement invariants every position must keep.
pub fn consistent(pos: &Position) {
    let g = pos.geometry();
    assert_eq!(
        pos.white & pos.black,
        0,
        "a square of both colours: {pos:?}"
    );
    assert_eq!(
        pos.kings & !pos.occupied(),
        0,
        "a king on an empty square: {pos:?}"
    );
    assert_eq!(
        pos.occupied() & !g.squares,
        0,
        "a piece off the board: {pos:?}"
    );
    let white_men = pos.white & !pos.kings;
    let black_men = pos.black & !pos.kings;
    assert_eq!(
        white_men & g.promotion_row(true),
        0,
        "white man on row 8: {pos:?}"
    );
    assert_eq!(
        black_men & g.promotion_row(false),
        0,
        "black man on row 1: {pos:?}"
    );
}

/// The first byte chooses the variant and the numbering; the rest is the FEN text.
pub fn fen(data: &[u8]) {
    let control = data.first().copied().unwrap_or(0);
    let variant = variant_of(control);
    let corner = CORNERS[usize::from(control >> 1) % 4];
    let text = String::from_utf8_lossy(data.get(1..).unwrap_or_default());
    match parse_fen(&text, variant, corner) {
        Err(e) => {
            assert!(e.offset <= text.len(), "error offset past the text");
            let _ = e.to_string();
        }
        Ok(pos) => fen_round_trip(&pos),
    }
}

/// Written in every notation, `pos` reads back as itself.
pub fn fen_round_trip(pos: &Position) {
    consistent(pos);
    let mut notations = vec![(FenNotation::Alpha, Corner::TopLeft)];
    notations.extend(CORNERS.map(|c| (FenNotation::Numeric(c), c)));
    for (notation, corner) in notations {
        let text = write_fen(pos, notation);
        match parse_fen(&text, pos.variant, corner) {
            Ok(back) => assert_eq!(&back, pos, "{text} reads back differently"),
            Err(e) => panic!("{text} written for {pos:?} does not read: {e}"),
        }
    }
}

// ---------------------------------------------------------------------------------------
// resolve: a position reached by play; every legal move in every spelling reads back.

/// Plays from the start of the variant chosen by the first byte, each later byte choosing
/// one of the legal moves, until the bytes or the game run out.
pub fn game_from_bytes(data: &[u8]) -> Game {
    let control = data.first().copied().unwrap_or(0);
    let mut game = Game::new(Position::start(variant_of(control)));
    for &b in data.iter().skip(1).take(400) {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.legal_moves();
        let mv = moves[usize::from(b) % moves.len()];
        game.play(&mv);
    }
    game
}

pub fn resolve_target(data: &[u8]) {
    every_spelling_resolves(&game_from_bytes(data));
}

/// Every legal move (every landing path), written in every spelling pdnkit writes or
/// accepts, reads back as itself: a game of that one move from the position's FEN, read by
/// `pdnkit::read`, replays it without a finding. A spelling that another move with the same
/// start and end shares may instead be the ambiguous-move error that names it.
pub fn every_spelling_resolves(game: &Game) {
    let pos = *game.position();
    let g = pos.geometry();
    let distinct = game.legal_moves().to_vec();
    let mut paths = Vec::new();
    if game.outcome().is_none() {
        legal_moves(&pos, Paths::Landings, &mut paths);
    }
    for path in &paths {
        let shares = distinct
            .iter()
            .any(|o| !o.same_move(path) && o.from == path.from && o.to == path.to);
        // (text, the numbering's corner for a numeric text, full path)
        let mut spellings: Vec<(String, Option<Corner>, bool)> = Vec::new();
        for full in [true, false] {
            let alpha = path.to_alpha(g, full);
            spellings.push((alpha.to_uppercase(), None, full));
            if path.is_capture() {
                spellings.push((alpha.replace(':', "x"), None, full));
            }
            if pos.variant == Variant::Spantsiretti && alpha.contains('j') {
                spellings.push((alpha.replace('j', "k"), None, full));
            }
            spellings.push((alpha, None, full));
            for corner in CORNERS {
                spellings.push((path.to_numeric(g, corner, full), Some(corner), full));
            }
        }
        // The result the board gives after the move, so that the game holds no other finding.
        let after = pos.play(path);
        let result = match (has_legal_move(&after), after.turn) {
            (true, _) => "*",
            (false, Color::White) => "0-1",
            (false, Color::Black) => "1-0",
        };
        for (text, corner, full) in spellings {
            let exact = full && path.landings().len() >= 2;
            let report = one_move_game(&pos, &text, corner, result);
            match report.diagnostics.as_slice() {
                [] => {
                    let played = report.moves.first();
                    assert!(
                        played.is_some_and(|p| p.mv.same_move(path)),
                        "{text} read as {:?} in {pos:?}",
                        played.map(|p| p.mv)
                    );
                }
                [d] if d.code() == "ambiguous-move" => {
                    assert!(
                        shares && !exact,
                        "{text} is ambiguous in {pos:?}: {}",
                        d.message()
                    );
                    // `ambiguous: it can be read as a5:c3:e1, a5:b4:c3; write the full path`:
                    // every reading from the path's start to its end, in the game's notation.
                    let name = |bit| match corner {
                        Some(corner) => g.number_of(bit, corner).to_string(),
                        None => g.square_name(bit).to_string(),
                    };
                    let message = d.message();
                    let readings: Vec<Vec<&str>> = message
                        .split_once("read as ")
                        .and_then(|(_, rest)| rest.split_once(';'))
                        .map(|(list, _)| list.split(", ").map(|r| r.split(':').collect()).collect())
                        .unwrap_or_default();
                    assert!(readings.len() >= 2, "{text}: {message}");
                    for squares in &readings {
                        let ends = (squares.first().copied(), squares.last().copied());
                        let (from, to) = (name(path.from), name(path.to));
                        assert_eq!(ends, (Some(&from[..]), Some(&to[..])), "{text}: {message}");
                    }
                }
                found => panic!(
                    "{text} in {pos:?}: {:?}",
                    found.iter().map(|d| d.message()).collect::<Vec<_>>()
                ),
            }
        }
    }
}

/// The report of a game of the one move `text` from `pos` and `result`, its squares numbered
/// from `corner` (GameType's notation field), or named when `corner` is `None`.
fn one_move_game(pos: &Position, text: &str, corner: Option<Corner>, result: &str) -> GameReport {
    let g = pos.geometry();
    let game_type = match corner {
        Some(c) => format!(
            "{},W,{},{},N{}",
            pos.variant.game_type(),
            g.width,
            g.height,
            c.digit()
        ),
        None => pos.variant.game_type().to_string(),
    };
    let number = match pos.turn {
        Color::White => "1.",
        Color::Black => "1...",
    };
    let fen = write_fen(pos, FenNotation::Alpha);
    let pdn = format!("[GameType \"{game_type}\"]\n[FEN \"{fen}\"]\n\n{number} {text} {result}\n");
    let mut games = pdnkit::read(pdn.as_bytes()).games();
    let report = games
        .next()
        .expect("one game")
        .expect("reading from memory")
        .report;
    assert!(games.next().is_none(), "{pdn} is one game");
    report
}

// ---------------------------------------------------------------------------------------
// movegen: arbitrary placements; every generated move plays to a consistent position.

/// The first byte chooses the variant and the side to move; each later byte one square
/// (in reading order a1, c1, ...): half of the values leave it empty. A man on its own
/// promotion row is made a king (no position can hold one).
pub fn position_from_bytes(data: &[u8]) -> Position {
    let control = data.first().copied().unwrap_or(0);
    let variant = variant_of(control);
    let turn = if control & 2 == 0 {
        Color::White
    } else {
        Color::Black
    };
    let g = variant.geometry();
    let mut pos = Position::empty(variant, turn);
    for (dense, &b) in data
        .iter()
        .skip(1)
        .take(usize::from(g.num_squares))
        .enumerate()
    {
        let bit = g.bit_of_dense[dense];
        let piece = match b % 8 {
            4 => (Color::White, false),
            5 => (Color::White, true),
            6 => (Color::Black, false),
            7 => (Color::Black, true),
            _ => continue,
        };
        let (color, mut king) = piece;
        if g.promotion_row(color == Color::White) & (1u64 << bit) != 0 {
            king = true;
        }
        pos.set(bit, Some(Piece { color, king }));
    }
    pos
}

pub fn movegen(data: &[u8]) {
    moves_play_consistently(&position_from_bytes(data));
}

/// Every generated move, in every listing, is playable and leads to a consistent position.
pub fn moves_play_consistently(pos: &Position) {
    consistent(pos);
    let mover = pos.turn;
    let own = pos.pieces(mover);
    let theirs = pos.pieces(mover.other());
    let mut scratch = Vec::new();
    let mut by_paths = Vec::new();
    for paths in [Paths::Distinct, Paths::Landings, Paths::CaptureOrders] {
        let mut moves = Vec::new();
        legal_moves(pos, paths, &mut moves);
        assert_eq!(
            count_moves(pos, paths, &mut scratch),
            moves.len() as u64,
            "count_moves {paths:?} in {pos:?}"
        );
        let captures = moves.iter().filter(|m| m.is_capture()).count();
        assert!(
            captures == 0 || captures == moves.len(),
            "capture is compulsory"
        );
        assert_eq!(has_capture(pos), captures > 0, "has_capture in {pos:?}");
        assert_eq!(
            has_legal_move(pos),
            !moves.is_empty(),
            "has_legal_move {pos:?}"
        );
        for mv in &moves {
            one_move(pos, mv, own, theirs);
        }
        by_paths.push(moves);
    }
    let (distinct, landings) = (&by_paths[0], &by_paths[1]);
    for (i, a) in distinct.iter().enumerate() {
        assert!(
            distinct[i + 1..].iter().all(|b| !a.same_move(b)),
            "a move listed twice in {pos:?}"
        );
        assert!(landings.iter().any(|l| l.same_move(a)), "{a:?} has no path");
    }
    for (i, a) in landings.iter().enumerate() {
        assert!(
            landings[i + 1..]
                .iter()
                .all(|b| a.from != b.from || a.landings() != b.landings()),
            "a landing path listed twice in {pos:?}"
        );
        assert!(
            distinct.iter().any(|d| d.same_move(a)),
            "{a:?} not distinct"
        );
    }
    for orders in &by_paths[2] {
        assert!(distinct.iter().any(|d| d.same_move(orders)));
    }
    // The same moves through a Game, which also plays them.
    let game = Game::new(*pos);
    assert_eq!(game.legal_moves().len(), distinct.len());
    assert_eq!(
        game.outcome().is_some(),
        distinct.is_empty(),
        "outcome at the start in {pos:?}"
    );
    for mv in distinct {
        let mut next = game.clone();
        next.play(mv);
        assert_eq!(next.position(), &pos.play(mv));
        assert_eq!(next.plies(), 1);
    }
    // A capture written by its start and end alone: the one capture between them, if one.
    for from in bits(own) {
        for to in bits(pos.geometry().squares) {
            let fits: Vec<&Move> = distinct
                .iter()
                .filter(|m| m.is_capture() && m.from == from && m.to == to)
                .collect();
            let expected = match fits.as_slice() {
                [only] => Some(**only),
                _ => None,
            };
            assert_eq!(
                only_capture(pos, from, to),
                expected,
                "only_capture {from} {to} in {pos:?}"
            );
        }
    }
}

fn one_move(pos: &Position, mv: &Move, own: u64, theirs: u64) {
    let g = pos.geometry();
    let from = 1u64 << mv.from;
    let to = 1u64 << mv.to;
    assert_ne!(own & from, 0, "{mv:?} starts on no own piece in {pos:?}");
    assert_eq!(
        mv.landings().last(),
        Some(&mv.to),
        "{mv:?} path ends elsewhere"
    );
    assert_eq!(
        mv.captured & !theirs,
        0,
        "{mv:?} takes a non-enemy in {pos:?}"
    );
    // The moving piece is lifted; with immediate removal (Spantsiretti) a capture may also
    // end on the square of a piece it took earlier in the move.
    let freed = match pos.variant.removal() {
        Removal::Immediate => from | mv.captured,
        Removal::EndOfMove => from,
    };
    assert_ne!(
        (pos.empty_squares() | freed) & to,
        0,
        "{mv:?} lands on a piece in {pos:?}"
    );
    let was_king = pos.kings & from != 0;
    if mv.is_capture() {
        assert_eq!(mv.landings().len(), mv.captured.count_ones() as usize);
    } else {
        assert_eq!(mv.landings().len(), 1);
        let step = step_move(pos, mv.from, mv.to);
        assert!(
            step.is_some_and(|s| s.same_move(mv)),
            "step_move disagrees on {mv:?} in {pos:?}: {step:?}"
        );
    }
    assert!(!(mv.promotes && was_king), "a king promotes: {mv:?}");
    let next = pos.play(mv);
    consistent(&next);
    assert_eq!(next.turn, pos.turn.other());
    let (mover, other) = (pos.turn, pos.turn.other());
    assert_eq!(
        next.pieces(mover).count_ones(),
        pos.pieces(mover).count_ones(),
        "{mv:?} changes the mover's count"
    );
    assert_eq!(
        next.pieces(other).count_ones() + mv.captured.count_ones(),
        pos.pieces(other).count_ones(),
        "{mv:?} takes a different number of pieces"
    );
    assert_ne!(next.pieces(mover) & to, 0, "{mv:?} piece not on its square");
    assert_eq!(
        next.kings & to != 0,
        was_king || mv.promotes,
        "{mv:?} crown"
    );
    if !was_king && g.promotion_row(mover == Color::White) & to != 0 {
        assert!(mv.promotes, "{mv:?} ends on the last row uncrowned");
    }
    for bit in bits(mv.captured & !to) {
        assert!(
            next.piece_at(bit).is_none(),
            "{mv:?} leaves a captured piece"
        );
    }
}
