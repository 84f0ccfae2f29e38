//! The declared result against the board: the terminator and the Result tag must agree, and a
//! game the rules ended must carry the result the rules gave.

use super::replay::describe_outcome;
use super::{Findings, GameReport, Termination};
use crate::diagnostic::{Severity, code};
use crate::outcome::Outcome as RuleOutcome;
use crate::pdn::lexer::{ParsedGame, Token};
use crate::pdn::result::GameResult;
use crate::pdn::result::{Outcome as Declared, parse_result_tag};
use crate::position::Color;

/// `terminator`: the first result at the top level ([`ParsedGame::result`]); `complete`: the
/// whole main line was replayed without error.
pub(super) fn check(
    parsed: &ParsedGame,
    terminator: Option<(GameResult, &Token)>,
    complete: bool,
    report: &mut GameReport,
    findings: &mut Findings,
) {
    let tag = parsed.tag("Result");
    let tag_result = tag.and_then(|t| parse_result_tag(&t.value));
    let end_offset = parsed
        .tokens
        .last()
        .map_or(0, |t| t.offset + u64::from(t.len));
    if let (Some(tag), None) = (tag, tag_result) {
        findings.add(
            Severity::Warning,
            code::RESULT_MISMATCH,
            tag.value_offset,
            format!(
                "Result tag \"{}\" is not a result (1-0, 0-1, 1/2-1/2, 2-0, 1-1, 0-2, *, ...)",
                String::from_utf8_lossy(&tag.value)
            ),
        );
    }
    match (terminator, tag_result) {
        (Some((written, token)), Some(tagged)) if written.outcome() != tagged.outcome() => {
            findings.add(
                Severity::Error,
                code::RESULT_MISMATCH,
                token.offset,
                format!(
                    "the game text ends with {} but its Result tag says {}",
                    written.text(),
                    tagged.text()
                ),
            );
        }
        (None, _) if !parsed.tokens.is_empty() || tag_result.is_none() => {
            findings.add(
                Severity::Warning,
                code::MISSING_RESULT,
                end_offset,
                "the game text does not end with a result (1-0, 0-1, 1/2-1/2, *, ...)".to_string(),
            );
        }
        _ => {}
    }
    let declared = terminator.map(|(r, _)| r).or(tag_result);
    report.declared = declared;
    if !complete {
        return;
    }
    let offset = terminator.map_or(end_offset, |(_, t)| t.offset);
    report.termination = Some(match report.rule_end {
        Some((outcome, ply)) => {
            if let Some(declared) = declared {
                check_against_rules(
                    declared.outcome(),
                    declared.text(),
                    outcome,
                    ply,
                    offset,
                    findings,
                );
            }
            Termination::of(outcome)
        }
        None => match declared.map(|d| d.outcome()) {
            Some(Declared::Draw) => Termination::Agreement,
            Some(Declared::WhiteWins | Declared::BlackWins) => Termination::Resignation,
            Some(Declared::BothLose) => Termination::Forfeit,
            Some(Declared::Unknown) | None => Termination::Unfinished,
        },
    });
}

/// The result a rule ending gives.
pub fn proven_outcome(outcome: RuleOutcome) -> Declared {
    match outcome {
        RuleOutcome::NoLegalMove {
            winner: Color::White,
        } => Declared::WhiteWins,
        RuleOutcome::NoLegalMove {
            winner: Color::Black,
        } => Declared::BlackWins,
        // Every other rule ending is a draw.
        _ => Declared::Draw,
    }
}

fn check_against_rules(
    declared: Declared,
    text: &str,
    outcome: RuleOutcome,
    ply: u32,
    offset: u64,
    findings: &mut Findings,
) {
    let expected = proven_outcome(outcome);
    if declared == expected {
        return;
    }
    let what = describe_outcome(outcome, ply);
    if declared == Declared::Unknown {
        findings.add(
            Severity::Warning,
            code::UNFINISHED_RESULT,
            offset,
            format!("result {text} (unfinished) although the game is over: {what}"),
        );
    } else {
        findings.add(
            Severity::Error,
            code::RESULT_MISMATCH,
            offset,
            format!("result {text} contradicts the board: {what}"),
        );
    }
}
