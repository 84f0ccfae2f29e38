//! The declared result against the board: the terminator and the Result tag must agree, and a
//! game the rules ended must carry the result the rules gave.

use super::findings::Findings;
use super::report::GameReport;
use crate::diagnostic::{GameEnd, Kind, Severity};
use crate::pdn::raw_game::{ParsedGame, Token};
use crate::pdn::result::{GameResult, Verdict, parse_result_tag};
use crate::rules::outcome::Termination;

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
        let kind = Kind::ResultTagUnreadable {
            value: String::from_utf8_lossy(&tag.value).into_owned(),
        };
        findings.add(Severity::Warning, kind, tag.value_offset);
    }
    match (terminator, tag_result) {
        (Some((written, token)), Some(tagged)) if written.verdict() != tagged.verdict() => {
            let kind = Kind::ResultConflict { written, tagged };
            findings.add(Severity::Error, kind, token.offset);
        }
        (None, _) if !parsed.tokens.is_empty() || tag_result.is_none() => {
            findings.add(Severity::Warning, Kind::MissingResult, end_offset);
        }
        _ => {}
    }
    let declared = declared(terminator.map(|(r, _)| r), || tag_result);
    report.declared = declared;
    if !complete {
        return;
    }
    let offset = terminator.map_or(end_offset, |(_, t)| t.offset);
    report.ending = Some(match report.rule_end {
        Some((outcome, ply)) => {
            if let Some(declared) = declared {
                check_against_rules(declared, GameEnd { outcome, ply }, offset, findings);
            }
            outcome.termination()
        }
        None => Termination::declared(declared.map(|d| d.verdict())),
    });
}

/// The declared result: the first result at the top level of the movetext (`terminator`),
/// else the Result tag's (`tag_result`, read only when needed).
pub(super) fn declared(
    terminator: Option<GameResult>,
    tag_result: impl FnOnce() -> Option<GameResult>,
) -> Option<GameResult> {
    terminator.or_else(tag_result)
}

fn check_against_rules(declared: GameResult, end: GameEnd, offset: u64, findings: &mut Findings) {
    if declared.verdict() == end.outcome.verdict() {
        return;
    }
    if declared.verdict() == Verdict::Unknown {
        let kind = Kind::UnfinishedResult { declared, end };
        findings.add(Severity::Warning, kind, offset);
    } else {
        let kind = Kind::ResultAgainstBoard { declared, end };
        findings.add(Severity::Error, kind, offset);
    }
}
