//! Validation of one game: its tags read, every move of every line replayed through the rules
//! engine, the end of the game found, the declared result checked against the board.
//!
//! The reader (`crate::pdn`) checks syntax only; this module decides what the moves mean.

mod lines;
mod parallel;
mod replay;
mod results;
mod stream;

pub use lines::MAX_VARIATION_DEPTH;
pub use parallel::check_stream_parallel;
pub use replay::PlayedMove;
pub use stream::{GameSink, StreamTotals, check_stream, choose_encoding};

use crate::diagnostic::{Diagnostic, Severity, code};
use crate::fen::parse_fen;
use crate::game::Outcome;
use crate::pdn::gametype::GameTypeTag;
use crate::pdn::lexer::{ParsedGame, TokenKind};
use crate::pdn::location::{ColumnUnit, Locator};
use crate::pdn::reader::RawGame;
use crate::pdn::result::GameResult;
use crate::position::Position;
use crate::square::Corner;
use crate::variant::Variant;
use lines::LineBuilder;
use serde::Serialize;

/// Choices that apply to every game of a run.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The game type of games without a GameType tag.
    pub default_variant: Variant,
    /// Deviations from the standard (warnings) become errors.
    pub strict: bool,
    /// Columns in messages count bytes (single-byte code pages) or UTF-8 characters.
    pub column_unit: ColumnUnit,
    /// Read and check the syntax only; replay nothing.
    pub syntax_only: bool,
    /// Keep the tags and the replayed main line in the reports ([`GameReport::tags`],
    /// [`GameReport::moves`]); without them a report holds what validation found
    /// (diagnostics, result, number of plies) and costs no allocation per tag or move.
    pub details: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            default_variant: Variant::Spantsiretti,
            strict: false,
            column_unit: ColumnUnit::Utf8Chars,
            syntax_only: false,
            details: true,
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
    /// Tags in file order, values decoded (empty unless [`Options::details`]).
    pub tags: Vec<(String, String)>,
    /// The game type in force (None when the GameType tag names an unknown game).
    pub variant: Option<Variant>,
    /// The GameType tag as read (or the default's bare number).
    pub game_type: GameTypeTag,
    /// Numbering of numeric squares.
    pub corner: Corner,
    /// The game writes numeric squares.
    pub numeric: bool,
    /// The start position (None if it could not be set up).
    pub start: Option<Position>,
    /// The main line, as far as it was replayed (empty unless [`Options::details`]).
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
    pub(crate) fn add(
        &mut self,
        severity: Severity,
        code: &'static str,
        offset: u64,
        message: String,
    ) -> &mut Diagnostic {
        self.list.push(Diagnostic {
            severity,
            code,
            message,
            offset,
            line: 0,
            column: 0,
            ply: None,
            move_number: None,
            side: None,
            written: None,
            main_line: false,
        });
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
        findings.add(
            severity,
            code::SYNTAX,
            e.offset,
            format!("{} ({})", e.kind, e.kind.name()),
        );
    }
    let tags: Vec<(String, String)> = if options.details {
        parsed
            .tags
            .iter()
            .map(|t| (t.name.clone(), decode(&t.value)))
            .collect()
    } else {
        Vec::new()
    };
    let mut report = GameReport {
        index: raw.index,
        line: raw.line,
        tags,
        variant: None,
        game_type: GameTypeTag::bare(options.default_variant.game_type() as u32),
        corner: Corner::TopLeft,
        numeric: false,
        start: None,
        moves: Vec::new(),
        main_plies: 0,
        declared: None,
        termination: None,
        rule_end: None,
        diagnostics: Vec::new(),
    };
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
    let start = set_up(
        parsed,
        &mut report,
        setup_fen,
        decode,
        options,
        &mut findings,
    );
    if let Some(start) = start {
        report.start = Some(start);
        replay::replay_all(
            &lines.lines,
            start,
            options.details,
            &mut report,
            &mut findings,
        );
    }
    // A game cut short at a reader limit has no end to check.
    if !parsed.cut_short() {
        let main = &lines.lines[0];
        let complete =
            report.start.is_some() && !main.cut && report.plies() as usize == main.moves.len();
        results::check(parsed, terminator, complete, &mut report, &mut findings);
    }
    if lines.lines[0].moves.is_empty() && !findings.list.iter().any(Diagnostic::is_error) {
        findings.add(
            Severity::Note,
            code::NO_MOVES,
            raw.offset,
            "the game has no moves: nothing to check".to_string(),
        );
    }
    report.diagnostics = located(raw, findings.list, options);
    report
}

/// What a syntax check takes from the tokens (as the token walk of [`check_game`] would
/// find it): whether moves write numeric squares, and variations nested too deep.
fn syntax_summary(parsed: &ParsedGame, report: &mut GameReport, findings: &mut Findings) {
    let summary = parsed.syntax_summary();
    report.numeric |= summary.numeric;
    if let Some(offset) = summary.too_deep {
        too_deep(findings, offset);
    }
}

/// The warning for the first variation nested too deep to be replayed, at `offset`.
fn too_deep(findings: &mut Findings, offset: u64) {
    findings.add(
        Severity::Warning,
        code::SYNTAX,
        offset,
        format!("variations nested deeper than {MAX_VARIATION_DEPTH} levels are not checked"),
    );
}

/// The findings in offset order, with lines and columns (and warnings made errors when
/// strict).
fn located(raw: &RawGame, mut list: Vec<Diagnostic>, options: &Options) -> Vec<Diagnostic> {
    if list.is_empty() {
        return list;
    }
    let mut locator = Locator::new(raw, options.column_unit);
    list.sort_by_key(|d| d.offset);
    for d in &mut list {
        let at = locator.locate(d.offset);
        (d.line, d.column) = (at.line, at.column);
        if options.strict && d.severity == Severity::Warning {
            d.severity = Severity::Error;
        }
    }
    list
}

/// Reads GameType and FEN; returns the start position, or None (with an error) if the game
/// cannot be replayed.
fn set_up(
    parsed: &ParsedGame,
    report: &mut GameReport,
    setup_fen: Option<(String, u64)>,
    decode: &dyn Fn(&[u8]) -> String,
    options: &Options,
    findings: &mut Findings,
) -> Option<Position> {
    let mut variant = options.default_variant;
    if let Some(tag) = parsed.tag("GameType") {
        let parsed_type = match GameTypeTag::parse(&tag.value) {
            Ok(t) => t,
            Err(e) => {
                findings.add(
                    Severity::Error,
                    code::UNKNOWN_GAME_TYPE,
                    tag.value_offset,
                    format!("GameType \"{}\" cannot be read: {e}", decode(&tag.value)),
                );
                return None;
            }
        };
        report.game_type = parsed_type;
        match Variant::from_game_type(parsed_type.number) {
            Some(v) if fits(&parsed_type, v) => variant = v,
            Some(v) => {
                let g = v.geometry();
                findings.add(
                    Severity::Error,
                    code::UNKNOWN_GAME_TYPE,
                    tag.value_offset,
                    format!(
                        "GameType \"{}\" describes a board other than game type {}'s {}x{}",
                        decode(&tag.value),
                        v.game_type(),
                        g.width,
                        g.height
                    ),
                );
                return None;
            }
            None => {
                findings.add(
                    Severity::Error,
                    code::UNKNOWN_GAME_TYPE,
                    tag.value_offset,
                    format!(
                        "game type {} is not supported (pdnkit knows 41, Spantsiretti, and 25, \
                         Russian draughts)",
                        parsed_type.number
                    ),
                );
                return None;
            }
        }
        if let Some(('N' | 'n', digit)) = parsed_type.notation {
            report.corner = Corner::from_digit(digit).unwrap_or_default();
        }
    }
    report.variant = Some(variant);
    let fen = parsed
        .tag("FEN")
        .map(|t| (decode(&t.value), t.value_offset))
        .or(setup_fen);
    let Some((text, offset)) = fen else {
        return Some(Position::start(variant));
    };
    match parse_fen(&text, variant, report.corner) {
        Ok(pos) => Some(pos),
        Err(e) => {
            findings.add(
                Severity::Error,
                code::BAD_FEN,
                offset + e.offset as u64,
                format!("FEN \"{text}\": {e}"),
            );
            None
        }
    }
}

/// Whether the full form's board size (if given) is the variant's.
fn fits(tag: &GameTypeTag, variant: Variant) -> bool {
    let g = variant.geometry();
    tag.width.is_none_or(|w| w == g.width) && tag.height.is_none_or(|h| h == g.height)
}
