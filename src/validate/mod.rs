//! Validation of one game: its tags read, every move of every line replayed through the rules
//! engine, the end of the game found, the declared result checked against the board.
//!
//! The reader (`crate::pdn`) checks syntax only; this module decides what the moves mean.

mod detect;
mod lines;
mod parallel;
mod replay;
mod results;
mod stream;

pub use detect::GameTypeSource;
pub use lines::MAX_VARIATION_DEPTH;
pub use parallel::check_stream_parallel;
pub use replay::PlayedMove;
pub use results::proven_outcome;
pub use stream::{GameSink, StreamTotals, check_stream};

use crate::diagnostic::{Diagnostic, Kind, Severity};
use crate::fen::parse_fen;
use crate::levels::Levels;
use crate::outcome::Outcome;
use crate::pdn::gametype::{GameTypeTag, game_type_name};
use crate::pdn::lexer::{ParsedGame, TokenKind};
use crate::pdn::location::{ColumnUnit, Locator};
use crate::pdn::reader::RawGame;
use crate::pdn::result::{GameResult, parse_result_tag};
use crate::position::Position;
use crate::square::Corner;
use crate::variant::Variant;
use lines::LineBuilder;
use serde::Serialize;

/// Choices that apply to every game of a run.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The game type of games without a GameType tag, when detection is off or cannot tell.
    pub default_variant: Variant,
    /// Read a game without a GameType tag on the board its FEN, squares and moves fit
    /// (module `detect`); off, such a game is read as [`Self::default_variant`].
    pub detect_game_type: bool,
    /// Deviations from the standard (warnings) become errors.
    pub strict: bool,
    /// Severities given per code (they beat `strict`).
    pub levels: Levels,
    /// Columns in messages count bytes (single-byte code pages) or UTF-8 characters.
    pub column_unit: ColumnUnit,
    /// Read and check the syntax only; replay nothing.
    pub syntax_only: bool,
    /// Keep the tags in the reports ([`GameReport::tags`], values decoded); without them a
    /// report costs no allocation per tag.
    pub keep_tags: bool,
    /// Keep the replayed main line in the reports ([`GameReport::moves`], each move with the
    /// positions before and after it); without it a report holds what replay found
    /// (diagnostics, result, end, number of plies) and costs no allocation per move.
    pub keep_moves: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            default_variant: Variant::Spantsiretti,
            detect_game_type: true,
            strict: false,
            levels: Levels::default(),
            column_unit: ColumnUnit::Utf8Chars,
            syntax_only: false,
            keep_tags: true,
            keep_moves: true,
        }
    }
}

/// How a game ended: by a rule found in replay, or as declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Termination {
    NoLegalMove,
    ThreefoldRepetition,
    FifteenMoveRule,
    KingsOnlyRule,
    PieceCountRule,
    MainRoadRule,
    FiveMoveRule,
    /// A draw declared before the rules ended the game.
    Agreement,
    /// A win declared before the rules ended the game.
    Resignation,
    /// `0-0`: declared lost for both.
    Forfeit,
    /// No result, or `*`.
    Unfinished,
}

impl Termination {
    pub fn name(self) -> &'static str {
        match self {
            Termination::NoLegalMove => "no-legal-move",
            Termination::ThreefoldRepetition => "threefold-repetition",
            Termination::FifteenMoveRule => "fifteen-move-rule",
            Termination::KingsOnlyRule => "kings-only-rule",
            Termination::PieceCountRule => "piece-count-rule",
            Termination::MainRoadRule => "main-road-rule",
            Termination::FiveMoveRule => "five-move-rule",
            Termination::Agreement => "agreement",
            Termination::Resignation => "resignation",
            Termination::Forfeit => "forfeit",
            Termination::Unfinished => "unfinished",
        }
    }

    fn of(outcome: Outcome) -> Termination {
        match outcome {
            Outcome::NoLegalMove { .. } => Termination::NoLegalMove,
            Outcome::ThreefoldRepetition => Termination::ThreefoldRepetition,
            Outcome::FifteenMoveRule => Termination::FifteenMoveRule,
            Outcome::KingsOnlyRule => Termination::KingsOnlyRule,
            Outcome::PieceCountRule => Termination::PieceCountRule,
            Outcome::MainRoadRule => Termination::MainRoadRule,
            Outcome::FiveMoveRule => Termination::FiveMoveRule,
        }
    }
}

/// Everything validation found out about one game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// 1-based number of the game in its file.
    pub index: usize,
    /// Line of the game's first byte.
    pub line: u32,
    /// Tags in file order, values decoded (empty unless [`Options::keep_tags`]).
    pub tags: Vec<(String, String)>,
    /// The game type in force (None when the GameType tag names an unknown game).
    pub variant: Option<Variant>,
    /// The GameType tag as read (or the default's bare number).
    pub game_type: GameTypeTag,
    /// What chose the game type: the tag, the options, or detection (and by what); None
    /// when nothing did (a syntax check).
    pub game_type_by: Option<GameTypeSource>,
    /// Numbering of numeric squares.
    pub corner: Corner,
    /// The game writes numeric squares.
    pub numeric: bool,
    /// The start position (None if it could not be set up).
    pub start: Option<Position>,
    /// The main line, as far as it was replayed (empty unless [`Options::keep_moves`]).
    pub moves: Vec<PlayedMove>,
    /// Moves of the main line replayed.
    main_plies: u32,
    /// The result written at the end of the movetext (else the Result tag).
    pub declared: Option<GameResult>,
    /// How the game ended, if the main line replayed without error.
    pub termination: Option<Termination>,
    /// The rule that ended the game and the ply after which it did.
    pub rule_end: Option<(Outcome, u32)>,
    pub diagnostics: Vec<Diagnostic>,
}

impl GameReport {
    /// The report of a game not yet set up, on the default variant's bare game type.
    fn empty(index: usize, line: u32, tags: Vec<(String, String)>, default: Variant) -> Self {
        GameReport {
            index,
            line,
            tags,
            variant: None,
            game_type: GameTypeTag::bare(u32::from(default.game_type())),
            game_type_by: None,
            corner: Corner::TopLeft,
            numeric: false,
            start: None,
            moves: Vec::new(),
            main_plies: 0,
            declared: None,
            termination: None,
            rule_end: None,
            diagnostics: Vec::new(),
        }
    }

    /// A report to replay into and throw away, with the numbering of squares `corner`.
    fn scratch(corner: Corner) -> Self {
        GameReport {
            corner,
            ..GameReport::empty(0, 0, Vec::new(), Variant::default())
        }
    }

    pub fn valid(&self) -> bool {
        !self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// Moves of the main line replayed.
    pub fn plies(&self) -> u32 {
        self.main_plies
    }

    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }
}

/// Collects diagnostics; places are byte offsets until `finish` turns them into lines.
#[derive(Default)]
pub(crate) struct Findings {
    list: Vec<Diagnostic>,
}

impl Findings {
    pub(crate) fn add(&mut self, severity: Severity, kind: Kind, offset: u64) -> &mut Diagnostic {
        self.list.push(Diagnostic::new(severity, kind, offset));
        self.list.last_mut().expect("just pushed")
    }
}

/// Validates one game read from `raw`; `decode` turns tag values into text.
pub fn check_game(
    raw: &RawGame,
    parsed: &ParsedGame,
    decode: &dyn Fn(&[u8]) -> String,
    options: &Options,
) -> GameReport {
    let mut findings = Findings::default();
    for e in &parsed.errors {
        let severity = match e.kind.severity() {
            crate::pdn::error::Severity::Error => Severity::Error,
            crate::pdn::error::Severity::Warning => Severity::Warning,
        };
        findings.add(severity, Kind::Syntax(e.kind), e.offset);
    }
    let tags: Vec<(String, String)> = if options.keep_tags {
        parsed
            .tags
            .iter()
            .map(|t| (t.name.clone(), decode(&t.value)))
            .collect()
    } else {
        Vec::new()
    };
    let mut report = GameReport::empty(raw.index, raw.line, tags, options.default_variant);
    if options.syntax_only {
        // Nothing is replayed: no lines to build, no start position, result or end to check.
        syntax_summary(parsed, &mut report, &mut findings);
        report.diagnostics = located(raw, findings.list, options);
        return report;
    }
    // Room for every move of the main line at once.
    let mut lines = LineBuilder::with_capacity(parsed.tokens.len());
    let mut setup_fen = None;
    let mut depth = 0usize;
    // The first result at the top level (as `ParsedGame::result` finds it), found on the way.
    let mut terminator = None;
    for token in &parsed.tokens {
        match &token.kind {
            TokenKind::MoveNumber { number, black } => lines.move_number(*number, *black),
            TokenKind::Result(result) if depth == 0 && terminator.is_none() => {
                terminator = Some((*result, token));
            }
            TokenKind::Move(written) => {
                report.numeric |= written.is_numeric();
                let text = token.text(raw).get(..usize::from(written.text_len));
                lines.push_move(written, text.unwrap_or_default(), token.offset);
            }
            TokenKind::Unknown => lines.unreadable(),
            TokenKind::VariationStart => {
                depth += 1;
                lines.start_variation(token.offset);
            }
            TokenKind::VariationEnd => {
                depth = depth.saturating_sub(1);
                lines.end_variation();
            }
            // A setup FEN counts before the first move of the main line only.
            TokenKind::Setup(cmd)
                if cmd.name.eq_ignore_ascii_case("FEN")
                    && depth == 0
                    && lines.lines[0].moves.is_empty() =>
            {
                setup_fen = Some((decode(&cmd.value), cmd.value_offset));
            }
            _ => {}
        }
    }
    if let Some(offset) = lines.too_deep {
        too_deep(&mut findings, offset);
    }
    match set_up(
        parsed,
        &mut report,
        setup_fen,
        decode,
        options,
        &mut findings,
    ) {
        SetUp::Board(start) => {
            report.start = Some(start);
            replay::replay_all(
                &lines.lines,
                start,
                options.keep_moves,
                &mut report,
                &mut findings,
            );
        }
        SetUp::Detect(fen) => {
            detect::replay_detected(&lines.lines, fen, options, &mut report, &mut findings)
        }
        SetUp::Nothing => {}
    }
    // A game cut short at a reader limit has no end to check.
    if !parsed.cut_short() {
        let main = &lines.lines[0];
        let complete =
            report.start.is_some() && !main.cut && report.plies() as usize == main.moves.len();
        results::check(parsed, terminator, complete, &mut report, &mut findings);
    }
    if lines.lines[0].moves.is_empty() && !findings.list.iter().any(Diagnostic::is_error) {
        findings.add(Severity::Note, Kind::NoMoves, raw.offset);
    }
    report.diagnostics = located(raw, findings.list, options);
    report
}

/// What a syntax check takes from the tokens (as the token walk of [`check_game`] would
/// find it): whether moves write numeric squares, variations nested too deep, and the
/// declared result (read, not checked; none for a game cut short, as in a full check).
fn syntax_summary(parsed: &ParsedGame, report: &mut GameReport, findings: &mut Findings) {
    let summary = parsed.syntax_summary();
    report.numeric |= summary.numeric;
    if !parsed.cut_short() {
        let tagged = || {
            parsed
                .tag("Result")
                .and_then(|t| parse_result_tag(&t.value))
        };
        report.declared = results::declared(parsed.result().map(|(r, _)| r), tagged);
    }
    if let Some(offset) = summary.too_deep {
        too_deep(findings, offset);
    }
}

/// The warning for the first variation nested too deep to be replayed, at `offset`.
fn too_deep(findings: &mut Findings, offset: u64) {
    let kind = Kind::TooDeep {
        limit: MAX_VARIATION_DEPTH,
    };
    findings.add(Severity::Warning, kind, offset);
}

/// The findings in offset order, with lines and columns, at the severity the options give
/// their code (dropped when allowed).
fn located(raw: &RawGame, mut list: Vec<Diagnostic>, options: &Options) -> Vec<Diagnostic> {
    if list.is_empty() {
        return list;
    }
    list.retain_mut(|d| {
        let severity = options.levels.apply(d.code(), d.severity, options.strict);
        d.severity = severity.unwrap_or(d.severity);
        severity.is_some()
    });
    let mut locator = Locator::new(raw, options.column_unit);
    list.sort_by_key(|d| d.offset);
    for d in &mut list {
        let at = locator.locate(d.offset);
        (d.line, d.column) = (at.line, at.column);
    }
    list
}

/// How a game is set up for replay.
enum SetUp {
    /// On the board of the game type in force, from this position.
    Board(Position),
    /// No GameType tag: the board is detected (with the FEN text and its offset, if any).
    Detect(Option<(String, u64)>),
    /// The game cannot be replayed (an error says why).
    Nothing,
}

/// Reads GameType and FEN: the start position, or detection for a game without a GameType
/// tag, or nothing (with an error) if the game cannot be replayed.
fn set_up(
    parsed: &ParsedGame,
    report: &mut GameReport,
    setup_fen: Option<(String, u64)>,
    decode: &dyn Fn(&[u8]) -> String,
    options: &Options,
    findings: &mut Findings,
) -> SetUp {
    let fen = parsed
        .tag("FEN")
        .map(|t| (decode(&t.value), t.value_offset))
        .or(setup_fen);
    let variant = match parsed.tag("GameType") {
        None if options.detect_game_type => return SetUp::Detect(fen),
        None => {
            report.game_type_by = Some(GameTypeSource::Option);
            options.default_variant
        }
        Some(tag) => match tagged_variant(tag, report, decode, findings) {
            Some(variant) => variant,
            None => return SetUp::Nothing,
        },
    };
    report.variant = Some(variant);
    let Some((text, offset)) = fen else {
        return SetUp::Board(Position::start(variant));
    };
    match parse_fen(&text, variant, report.corner) {
        Ok(pos) => SetUp::Board(pos),
        Err(e) => {
            bad_fen(findings, &text, offset, &e);
            SetUp::Nothing
        }
    }
}

fn bad_fen(findings: &mut Findings, text: &str, offset: u64, e: &crate::fen::FenError) {
    let kind = Kind::BadFen {
        fen: text.to_string(),
        error: e.clone(),
    };
    findings.add(Severity::Error, kind, offset + e.offset as u64);
}

/// The variant a GameType tag names (with its numbering corner), or None after an error: a
/// value that cannot be read, a game pdnkit does not play, a board of another size.
fn tagged_variant(
    tag: &crate::pdn::tag::Tag,
    report: &mut GameReport,
    decode: &dyn Fn(&[u8]) -> String,
    findings: &mut Findings,
) -> Option<Variant> {
    report.game_type_by = Some(GameTypeSource::Tag);
    let parsed_type = match GameTypeTag::parse(&tag.value) {
        Ok(t) => t,
        Err(e) => {
            let kind = Kind::GameTypeUnreadable {
                value: decode(&tag.value),
                error: e,
            };
            findings.add(Severity::Error, kind, tag.value_offset);
            return None;
        }
    };
    report.game_type = parsed_type;
    let number = parsed_type.number;
    let variant = match Variant::from_game_type(number) {
        Some(v) if fits(&parsed_type, v) => v,
        Some(v) => {
            let kind = Kind::GameTypeBoard {
                value: decode(&tag.value),
                variant: v,
            };
            findings.add(Severity::Error, kind, tag.value_offset);
            return None;
        }
        None => {
            let kind = match game_type_name(number) {
                Some(name) => Kind::GameTypeUnsupported { number, name },
                None => Kind::GameTypeUnknown { number },
            };
            findings.add(Severity::Error, kind, tag.value_offset);
            return None;
        }
    };
    if let Some(('N' | 'n', digit)) = parsed_type.notation {
        report.corner = Corner::from_digit(digit).unwrap_or_default();
    }
    Some(variant)
}

/// Whether the full form's board size (if given) is the variant's.
fn fits(tag: &GameTypeTag, variant: Variant) -> bool {
    let g = variant.geometry();
    tag.width.is_none_or(|w| w == g.width) && tag.height.is_none_or(|h| h == g.height)
}
