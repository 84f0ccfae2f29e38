//! Which games a user asks for (`pdnkit select`, documented in `docs/select.md`): conditions
//! on a game's tags, date, result, end, validity, game type and length, and on the positions
//! of its main line. A [`Query`] is built from the conditions as written on the command line,
//! checked before any input is read, then asked about each game ([`Query::select`]).
//!
//! Conditions of different kinds must all hold (AND); several conditions of one kind, one of
//! them (OR). Tag conditions are of one kind per tag name, as in pgn-extract: `--tag White=A
//! --tag White=B` is White A or B, `--tag White=A --tag Black=B` is both.
//!
//! Position conditions (`--fen`, `--material`) hold together on one position of the main
//! line (the start position, ply 0, included), at any ply or at the plies given (`--ply`).

use super::date::{DateRange, span};
use super::material::Material;
use super::positions::main_line;
use crate::check::GameReport;
use crate::check::Needs;
use crate::notation::fen::parse_fen;
use crate::pdn::result::{GameResult, Verdict, parse_result_tag};
use crate::rules::outcome::Termination;
use crate::rules::position::{Color, Position};
use crate::rules::square::Corner;
use crate::rules::variant::Variant;
use globset::GlobMatcher;
use regex::Regex;
use std::ops::RangeInclusive;

/// How a tag's value is compared.
#[derive(Clone, Debug)]
enum Pattern {
    /// A glob: `*`, `?`, `[...]`, `{a,b}`; without them, the value exactly.
    Glob(GlobMatcher),
    /// A regular expression found anywhere in the value (`^...$` to anchor it).
    Regex(Regex),
}

/// One tag condition: `NAME=GLOB`, `NAME=~REGEX`, `NAME!=GLOB`, `NAME!~REGEX`.
#[derive(Clone, Debug)]
pub struct TagCondition {
    name: String,
    pattern: Pattern,
    negated: bool,
}

impl TagCondition {
    /// Reads `NAME=GLOB`, `NAME=~REGEX`, `NAME!=GLOB` or `NAME!~REGEX`.
    pub fn parse(text: &str) -> Result<TagCondition, String> {
        let bad = |why: String| {
            format!(
                "tag condition \"{}\": {why}; write NAME=VALUE (a glob: * ? [..]), \
                 NAME=~REGEX, NAME!=VALUE or NAME!~REGEX",
                crate::text::escape::text(text)
            )
        };
        let at = text
            .find(['=', '!'])
            .ok_or_else(|| bad("no operator".to_string()))?;
        let (name, rest) = text.split_at(at);
        let name = name.trim();
        if name.is_empty() {
            return Err(bad("no tag name".to_string()));
        }
        let (operator, value) = ["=~", "!~", "!=", "="]
            .iter()
            .find_map(|op| rest.strip_prefix(op).map(|value| (*op, value)))
            .ok_or_else(|| bad("no operator".to_string()))?;
        let pattern = if operator.ends_with('~') {
            Pattern::Regex(Regex::new(value).map_err(|e| bad(e.to_string()))?)
        } else {
            let glob = globset::GlobBuilder::new(value)
                .literal_separator(false)
                .backslash_escape(true)
                .build()
                .map_err(|e| bad(e.kind().to_string()))?;
            Pattern::Glob(glob.compile_matcher())
        };
        Ok(TagCondition {
            name: name.to_string(),
            pattern,
            negated: operator.starts_with('!'),
        })
    }

    /// Whether the game's tags meet it: some tag of that name matches (for a negated
    /// condition: none does, also when the tag is missing).
    fn holds(&self, tags: &[(String, String)]) -> bool {
        let found =
            tags.iter()
                .filter(|(name, _)| *name == self.name)
                .any(|(_, value)| match &self.pattern {
                    Pattern::Glob(glob) => glob.is_match(value),
                    Pattern::Regex(regex) => regex.is_match(value),
                });
        found != self.negated
    }
}

/// A declared result as asked for: by what it means, or no result at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultWanted {
    /// A result meaning this.
    Verdict(Verdict),
    /// No result written at all.
    None,
}

impl ResultWanted {
    /// `1-0`, `2-0`, `1:0` (any written form, by what it means), `white`, `black`, `draw`,
    /// `both-lose`, `*` or `unknown`, `none`.
    pub fn parse(text: &str) -> Result<ResultWanted, String> {
        let outcome = match text.trim() {
            "white" => Verdict::WhiteWins,
            "black" => Verdict::BlackWins,
            "draw" => Verdict::Draw,
            "both-lose" => Verdict::BothLose,
            "unknown" => Verdict::Unknown,
            "none" => return Ok(ResultWanted::None),
            other => parse_result_tag(other.as_bytes())
                .map(GameResult::verdict)
                .ok_or_else(|| {
                    format!(
                        "result \"{}\": write a result (1-0, 0-1, 1/2-1/2, 0-0, *, 2-0, ...), \
                         white, black, draw, both-lose, unknown or none",
                        crate::text::escape::text(text)
                    )
                })?,
        };
        Ok(ResultWanted::Verdict(outcome))
    }

    fn holds(&self, declared: Option<GameResult>) -> bool {
        match self {
            ResultWanted::None => declared.is_none(),
            ResultWanted::Verdict(o) => declared.is_some_and(|r| r.verdict() == *o),
        }
    }
}

/// How the board ended a game: a winner, a draw by rule, or not ended by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardOutcome {
    /// White won: Black had no legal move.
    White,
    /// Black won: White had no legal move.
    Black,
    /// A draw by a rule.
    Draw,
    /// The rules did not end the game (or it is invalid).
    None,
}

impl BoardOutcome {
    /// `white`, `black`, `draw` or `none`.
    pub fn parse(text: &str) -> Result<BoardOutcome, String> {
        Ok(match text.trim() {
            "white" => BoardOutcome::White,
            "black" => BoardOutcome::Black,
            "draw" => BoardOutcome::Draw,
            "none" => BoardOutcome::None,
            _ => {
                return Err(format!(
                    "outcome \"{}\": write white, black, draw or none",
                    crate::text::escape::text(text)
                ));
            }
        })
    }

    /// How the board ended the game of `report`: as its termination (so an invalid game,
    /// which has none, has [`BoardOutcome::None`]).
    pub fn of(report: &GameReport) -> BoardOutcome {
        match report
            .rule_termination()
            .map(|(outcome, _)| outcome.winner())
        {
            None => BoardOutcome::None,
            Some(Some(Color::White)) => BoardOutcome::White,
            Some(Some(Color::Black)) => BoardOutcome::Black,
            Some(None) => BoardOutcome::Draw,
        }
    }
}

/// A termination by its name (`threefold-repetition`) or the start of one name only
/// (`threefold`, `fifteen-move`).
pub fn parse_termination(text: &str) -> Result<Termination, String> {
    let text = text.trim();
    if let Some(t) = Termination::ALL.iter().find(|t| t.name() == text) {
        return Ok(*t);
    }
    let mut found = Termination::ALL
        .iter()
        .filter(|t| !text.is_empty() && t.name().starts_with(text));
    match (found.next(), found.next()) {
        (Some(t), None) => Ok(*t),
        _ => Err(format!(
            "termination \"{}\": write one of {}",
            crate::text::escape::text(text),
            Termination::ALL.map(Termination::name).join(", ")
        )),
    }
}

/// A number of plies or a range of them: `40`, `20..40`, `20..`, `..10`.
pub fn parse_plies(text: &str) -> Result<RangeInclusive<u32>, String> {
    let bad = || {
        format!(
            "plies \"{}\": write N, FROM..TO, FROM.. or ..TO",
            crate::text::escape::text(text)
        )
    };
    let number = |part: &str, open: u32| -> Result<u32, String> {
        match part.trim() {
            "" => Ok(open),
            part => part.parse().map_err(|_| bad()),
        }
    };
    let range = match text.split_once("..") {
        Some((from, to)) if !(from.trim().is_empty() && to.trim().is_empty()) => {
            number(from, 0)?..=number(to, u32::MAX)?
        }
        Some(_) => return Err(bad()),
        None => {
            let n: u32 = text.trim().parse().map_err(|_| bad())?;
            n..=n
        }
    };
    if range.is_empty() {
        return Err(bad());
    }
    Ok(range)
}

/// A FEN asked for, read on each board it fits.
#[derive(Clone, Debug)]
pub struct FenWanted {
    on: Vec<Position>,
}

impl FenWanted {
    /// Reads `text` on both boards (numeric squares in the standard numbering, square 1 =
    /// b8); an error if it fits neither.
    pub fn parse(text: &str) -> Result<FenWanted, String> {
        let mut on = Vec::new();
        let mut errors = Vec::new();
        for variant in Variant::ALL {
            match parse_fen(text, variant, Corner::TopLeft) {
                Ok(pos) => on.push(pos),
                Err(e) => errors.push(format!("on GameType {}: {e}", variant.game_type())),
            }
        }
        if on.is_empty() {
            return Err(format!(
                "FEN \"{}\" cannot be read ({})",
                crate::text::escape::text(text),
                errors.join("; ")
            ));
        }
        Ok(FenWanted { on })
    }

    fn holds(&self, pos: &Position) -> bool {
        self.on.contains(pos)
    }
}

/// The conditions of one selection; empty lists ask nothing.
#[derive(Clone, Debug, Default)]
pub struct Query {
    /// By tag name: one of each list must hold.
    pub tags: Vec<Vec<TagCondition>>,
    /// The Date lies in one of these ranges.
    pub dates: Vec<DateRange>,
    /// The declared result means one of these.
    pub results: Vec<ResultWanted>,
    /// The board ended the game so.
    pub outcomes: Vec<BoardOutcome>,
    /// The game ended so.
    pub terminations: Vec<Termination>,
    /// Some(true): valid games only; Some(false): invalid ones.
    pub valid: Option<bool>,
    /// Games with a diagnostic of one of these codes.
    pub codes: Vec<String>,
    /// The game is played on one of these boards.
    pub variants: Vec<Variant>,
    /// The main line has a number of plies in one of these ranges.
    pub plies: Vec<RangeInclusive<u32>>,
    /// The main line reaches one of these positions.
    pub fens: Vec<FenWanted>,
    /// The main line reaches one of these materials.
    pub materials: Vec<Material>,
    /// Plies where the position conditions are looked for (any ply if empty).
    pub at_plies: Vec<u32>,
}

/// What a selected game matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selected {
    /// The first ply whose position meets the position conditions (None without them).
    pub ply: Option<u32>,
}

impl Query {
    /// Adds a tag condition to the list of its tag name.
    pub fn add_tag(&mut self, condition: TagCondition) {
        match self
            .tags
            .iter_mut()
            .find(|list| list[0].name == condition.name)
        {
            Some(list) => list.push(condition),
            None => self.tags.push(vec![condition]),
        }
    }

    fn asks_positions(&self) -> bool {
        !self.fens.is_empty() || !self.materials.is_empty()
    }

    /// What a game must be read with to be asked about: tags for tag and date conditions,
    /// the replayed moves for position conditions, replay for anything the board decides
    /// (validity, diagnostics, end, game type, plies). The declared result needs none.
    pub fn needs(&self) -> Needs {
        Needs {
            replay: self.valid.is_some()
                || !self.outcomes.is_empty()
                || !self.terminations.is_empty()
                || !self.codes.is_empty()
                || !self.variants.is_empty()
                || !self.plies.is_empty(),
            tags: !self.tags.is_empty() || !self.dates.is_empty(),
            moves: self.asks_positions(),
            tokens: false,
        }
    }

    /// Whether the game is selected, and at which ply a position condition held.
    pub fn select(&self, report: &GameReport) -> Option<Selected> {
        let tags = &report.tags;
        let date = || {
            tags.iter()
                .filter(|(name, _)| name == "Date")
                .find_map(|(_, value)| span(value))
        };
        let selected = self
            .tags
            .iter()
            .all(|list| list.iter().any(|c| c.holds(tags)))
            && (self.dates.is_empty()
                || date().is_some_and(|d| self.dates.iter().any(|r| r.holds(&d))))
            && any(&self.results, |r: &ResultWanted| r.holds(report.declared))
            && any(&self.outcomes, |o: &BoardOutcome| {
                *o == BoardOutcome::of(report)
            })
            && any(&self.terminations, |t: &Termination| {
                report.termination() == Some(*t)
            })
            && self.valid.is_none_or(|valid| report.valid() == valid)
            && any(&self.codes, |code: &String| {
                report.diagnostics.iter().any(|d| d.code() == code)
            })
            && any(&self.variants, |v: &Variant| report.variant == Some(*v))
            && any(&self.plies, |range: &RangeInclusive<u32>| {
                range.contains(&report.plies())
            });
        if !selected {
            return None;
        }
        if !self.asks_positions() {
            return Some(Selected { ply: None });
        }
        let ply = main_line(report)
            .filter(|(ply, _, _)| self.at_plies.is_empty() || self.at_plies.contains(ply))
            .find(|(_, pos, _)| self.position_holds(pos))?
            .0;
        Some(Selected { ply: Some(ply) })
    }

    fn position_holds(&self, pos: &Position) -> bool {
        (self.fens.is_empty() || self.fens.iter().any(|f| f.holds(pos)))
            && (self.materials.is_empty() || self.materials.contains(&Material::of(pos)))
    }
}

/// Whether a list of conditions of one kind holds: it is empty, or one of them holds.
fn any<T>(list: &[T], holds: impl Fn(&T) -> bool) -> bool {
    list.is_empty() || list.iter().any(holds)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn needs(query: Query) -> (bool, bool, bool) {
        let n = query.needs();
        (n.replay, n.tags, n.moves)
    }

    #[test]
    fn a_query_reads_only_what_its_conditions_ask() {
        let tagged = |query: &mut Query| query.add_tag(TagCondition::parse("White=A*").unwrap());
        let mut by_tag = Query::default();
        tagged(&mut by_tag);
        assert_eq!(needs(by_tag.clone()), (false, true, false));
        let by_date = Query {
            dates: vec!["2020".parse().unwrap()],
            results: vec![ResultWanted::None],
            ..Query::default()
        };
        assert_eq!(needs(by_date), (false, true, false));
        let by_result = Query {
            results: vec![ResultWanted::None],
            ..Query::default()
        };
        assert_eq!(needs(by_result), (false, false, false));
        for board in [
            Query {
                valid: Some(false),
                ..Query::default()
            },
            Query {
                outcomes: vec![BoardOutcome::Draw],
                ..Query::default()
            },
            Query {
                terminations: vec![Termination::Agreement],
                ..Query::default()
            },
            Query {
                codes: vec!["illegal-move".to_string()],
                ..Query::default()
            },
            Query {
                variants: vec![Variant::Russian],
                ..Query::default()
            },
            Query {
                plies: vec![0..=3],
                ..by_tag.clone()
            },
        ] {
            let tags = !board.tags.is_empty();
            assert_eq!(needs(board), (true, tags, false));
        }
        let by_material = Query {
            materials: vec!["3K:1K".parse().unwrap()],
            ..Query::default()
        };
        assert_eq!(needs(by_material), (false, false, true));
        let by_fen = Query {
            fens: vec![FenWanted::parse("W:Wa1:Bb8").unwrap()],
            ..Query::default()
        };
        assert!(by_fen.needs().moves);
    }
}
