//! The check of one game: its tags read, its lines built and replayed from the start position
//! its GameType and FEN give (or detection finds), its result checked, its findings located.

use super::detect;
use super::findings::Findings;
use super::lines::{LineBuilder, MAX_VARIATION_DEPTH};
use super::options::Options;
use super::replay;
use super::report::{GameReport, GameTypeSource};
use super::results;
use crate::diagnostic::{Diagnostic, Kind, Severity};
use crate::notation::fen::parse_fen;
use crate::pdn::RawGame;
use crate::pdn::gametype::{GameTypeTag, game_type_name};
use crate::pdn::location::Locator;
use crate::pdn::raw_game::{ParsedGame, TokenKind};
use crate::pdn::result::parse_result_tag;
use crate::rules::position::Position;
use crate::rules::square::Corner;
use crate::rules::variant::Variant;
use std::borrow::Cow;

/// Validates one game read from `raw`; `decode` turns tag values into text.
pub fn check_game(
    raw: &RawGame,
    parsed: &ParsedGame,
    decode: &dyn Fn(&[u8]) -> String,
    options: &Options,
) -> GameReport {
    let mut findings = Findings::default();
    for e in &parsed.errors {
        findings.add(e.kind.severity(), Kind::Syntax(e.kind), e.offset);
    }
    date_tag(parsed, &mut findings);
    let tags: Vec<(String, String)> = if options.keep_tags {
        let named = |name: &str| options.tags_named.is_none_or(|names| names.contains(&name));
        parsed
            .tags
            .iter()
            .filter(|t| named(&t.name))
            .map(|t| (t.name.clone(), tag_text(&t.value, decode).into_owned()))
            .collect()
    } else {
        Vec::new()
    };
    let mut report = GameReport::empty(raw.index, raw.line, tags);
    if options.syntax_only {
        // Nothing is replayed: no lines to build, no start position, result or end to check.
        syntax_summary(parsed, &mut report, &mut findings);
        report.diagnostics = located(raw, findings.list, options);
        return report;
    }
    // Room for every move of the main line at once.
    let mut lines = LineBuilder::with_capacity(parsed.tokens.len());
    // The texts of the moves kept are cut from the game read as UTF-8 once.
    let utf8 = if options.keep_moves {
        std::str::from_utf8(raw.bytes).ok()
    } else {
        None
    };
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
                let text = text.unwrap_or_default();
                let len = text.len() as u32;
                let text_utf8 = utf8.and_then(|u| raw.utf8_at(u, token.offset, len));
                lines.push_move(written, (text, text_utf8), token.offset);
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
                setup_fen = Some((tag_text(&cmd.value, decode), cmd.value_offset));
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
                replay::Keep::of(options),
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

/// The warning for a Date tag that is no day of the calendar (`2019.02.30`).
fn date_tag(parsed: &ParsedGame, findings: &mut Findings) {
    let Some(tag) = parsed.tag("Date") else {
        return;
    };
    let Ok(value) = std::str::from_utf8(&tag.value) else {
        return; // not ASCII: no date pdnkit reads
    };
    if let Some(why) = crate::pdn::date::check(value) {
        let value = value.to_string();
        findings.add(
            Severity::Warning,
            Kind::BadDate { value, why },
            tag.value_offset,
        );
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
        let severity = options
            .levels
            .apply(d.code(), d.kind.detail(), d.severity, options.strict);
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
enum SetUp<'a> {
    /// On the board of the game type in force, from this position.
    Board(Position),
    /// No GameType tag: the board is detected (with the FEN text and its offset, if any).
    Detect(Option<(Cow<'a, str>, u64)>),
    /// The game cannot be replayed (an error says why).
    Nothing,
}

/// Reads GameType and FEN: the start position, or detection for a game without a GameType
/// tag, or nothing (with an error) if the game cannot be replayed.
fn set_up<'a>(
    parsed: &'a ParsedGame,
    report: &mut GameReport,
    setup_fen: Option<(Cow<'a, str>, u64)>,
    decode: &dyn Fn(&[u8]) -> String,
    options: &Options,
    findings: &mut Findings,
) -> SetUp<'a> {
    let fen = parsed
        .tag("FEN")
        .map(|t| (tag_text(&t.value, decode), t.value_offset))
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
            findings.bad_fen(&text, offset, &e);
            SetUp::Nothing
        }
    }
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
    report.game_type_tag = Some(parsed_type);
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

/// A tag value as text: ASCII as it stands (it reads the same in every encoding pdnkit
/// reads), anything else decoded.
fn tag_text<'a>(value: &'a [u8], decode: &dyn Fn(&[u8]) -> String) -> Cow<'a, str> {
    match std::str::from_utf8(value) {
        Ok(text) if text.is_ascii() => Cow::Borrowed(text),
        _ => Cow::Owned(decode(value)),
    }
}

/// Whether the full form's board size (if given) is the variant's.
fn fits(tag: &GameTypeTag, variant: Variant) -> bool {
    let g = variant.geometry();
    tag.width.is_none_or(|w| w == g.width) && tag.height.is_none_or(|h| h == g.height)
}
