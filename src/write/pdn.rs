//! Canonical PDN 3.0 that loses nothing (`pdnkit convert --format pdn`; docs/pdn.md,
//! "Writing", and docs/convert.md).
//!
//! One game is written as its tags, one per line in file order, a blank line, and its
//! movetext in lines of at most 80 characters (module `lines`), ending with the result:
//! - `GameType` in full form with the chosen notation (`41,W,10,8,A0,0` or `41,W,10,8,N2,0`),
//!   added if missing, so that the text describes itself (an unknown one is kept), except
//!   in alphanumeric notation to a game whose board was a guess (both boards fit); `FEN`
//!   rewritten in the chosen notation (kept if it cannot be read); `Result` kept as
//!   declared (added if missing); other tags kept as read; a tag too long (which the
//!   report does not hold) kept as written, after the others;
//! - the movetext as module `movetext` writes it: the replayed main line canonically,
//!   everything else (comments, variations, NAGs, marks, setup commands, the moves of an
//!   invalid game from its error on) as written, each error named by a comment;
//! - the result as declared, in the chosen style; with [`PdnOptions::fix_results`] the
//!   result the board proves where the declared one disagrees with it.
//!
//! Converting the output again gives the same bytes. Tag lines are never broken, so a tag
//! whose value is very long makes a longer line.

use super::lines::Lines;
use super::movetext::{CommentsBetween, Finding, push_safe, write_movetext};
use super::options::{Notation, PdnOptions, ResultStyle};
use super::text::GameText;
use crate::check::{GameReport, GameTypeSource};
use crate::diagnostic::GameEnd;
use crate::diagnostic::Kind;
use crate::diagnostic::code;
use crate::notation::fen::{parse_fen, write_fen};
use crate::notation::naming::push_decimal;
use crate::pdn::Scanner;
use crate::pdn::SyntaxErrorKind;
use crate::pdn::ascii::is_space;
use crate::pdn::grammar::pdn_tag;
use crate::pdn::raw_game::index_in;
use crate::pdn::result::{GameResult, Verdict, parse_result_tag};
use crate::pdn::scanner::tag_as_held;
use crate::text::encoding::{TextEncoding, decode};
use std::borrow::Cow;
use std::collections::HashSet;

/// One game as canonical PDN.
///
/// ```
/// # use pdnkit::pdn::{ParsedGame, RawGame, Scanner, Visitor};
/// # use pdnkit::write::{Canonical, GameText, PdnOptions, write_game};
/// # struct Keep;
/// # impl Visitor for Keep {
/// #     type Output = ParsedGame;
/// #     fn end_game(&mut self, _game: &RawGame<'_>, read: &ParsedGame) -> ParsedGame {
/// #         read.clone()
/// #     }
/// # }
/// # /// The first game of `pdn` as canonical PDN: its report from `pdnkit::read`, its
/// # /// tokens from a `Scanner`.
/// # fn canonical(pdn: &str, options: &PdnOptions) -> std::io::Result<Canonical> {
/// #     let parsed = Scanner::new(pdn.as_bytes()).read_game(&mut Keep)?.expect("a game");
/// #     let game = pdnkit::read(pdn.as_bytes()).games().next().expect("a game")?;
/// #     let (bytes, offset, encoding) = (&game.bytes, game.offset, game.encoding);
/// #     let (tokens, hole) = (&parsed.tokens, game.hole);
/// #     let text = GameText { bytes, offset, encoding, tokens, hole };
/// #     Ok(write_game(&game.report, &text, options))
/// # }
///
/// let pdn = "[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 *\n";
/// let canonical = canonical(pdn, &PdnOptions::default())?;
/// // The GameType tag in full, the Result tag, the movetext.
/// assert!(canonical.text.starts_with("[GameType \"25,W,8,8,A0,0\"]\n[Result \"*\"]\n\n1. c3-d4"));
/// assert!(canonical.text.ends_with("g7:e5 *\n"));
/// assert!(canonical.fixed.is_none());
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Canonical {
    /// The text, ending with a line break.
    pub text: String,
    /// Set when [`PdnOptions::fix_results`] changed the result.
    pub fixed: Option<FixedResult>,
}

/// A result written as the board proves it, in place of the one declared.
///
/// ```
/// # use pdnkit::pdn::{ParsedGame, RawGame, Scanner, Visitor};
/// # use pdnkit::write::{Canonical, GameText, PdnOptions, write_game};
/// # struct Keep;
/// # impl Visitor for Keep {
/// #     type Output = ParsedGame;
/// #     fn end_game(&mut self, _game: &RawGame<'_>, read: &ParsedGame) -> ParsedGame {
/// #         read.clone()
/// #     }
/// # }
/// # /// The first game of `pdn` as canonical PDN: its report from `pdnkit::read`, its
/// # /// tokens from a `Scanner`.
/// # fn canonical(pdn: &str, options: &PdnOptions) -> std::io::Result<Canonical> {
/// #     let parsed = Scanner::new(pdn.as_bytes()).read_game(&mut Keep)?.expect("a game");
/// #     let game = pdnkit::read(pdn.as_bytes()).games().next().expect("a game")?;
/// #     let (bytes, offset, encoding) = (&game.bytes, game.offset, game.encoding);
/// #     let (tokens, hole) = (&parsed.tokens, game.hole);
/// #     let text = GameText { bytes, offset, encoding, tokens, hole };
/// #     Ok(write_game(&game.report, &text, options))
/// # }
///
/// // The man on c3 takes Black's last pieces: White won, whatever the game declares.
/// let pdn = "[GameType \"25\"]\n[SetUp \"1\"]\n[FEN \"W:Wc3:Bd4,f6\"]\n\n1. c3:g7 1/2-1/2\n";
/// let mut options = PdnOptions::default();
/// options.fix_results = true;
/// let canonical = canonical(pdn, &options)?;
/// let fixed = canonical.fixed.expect("the result fixed");
/// assert_eq!((fixed.declared.as_str(), fixed.written), ("1/2-1/2", "1-0"));
/// assert!(canonical.text.trim_end().ends_with("c3:g7 1-0"), "{}", canonical.text);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixedResult {
    /// The result declared (the movetext's, else the `Result` tag's; `none`).
    pub declared: String,
    /// The result written.
    pub written: &'static str,
    /// How the board ended the game (`White had no legal move after ply 40: Black won`).
    pub why: String,
}

/// The canonical text of one game: `report` is what validation found in `text` (read with
/// [`crate::Reader::keep_tags`] and [`crate::Reader::keep_moves`], so
/// that it holds the tags and the replayed moves).
pub fn write_game(report: &GameReport, text: &GameText, options: &PdnOptions) -> Canonical {
    let fix = options
        .fix_results
        .then(|| proven_result(report))
        .flatten()
        .filter(|&proven| declared_outcomes(report).any(|d| d != proven.verdict()));
    let findings = report
        .diagnostics
        .iter()
        .filter(|_| !options.no_error_comments)
        .filter(|d| d.is_error() && !(fix.is_some() && d.code() == code::RESULT_MISMATCH))
        .map(|d| Finding {
            offset: d.offset,
            text: format!("pdnkit: {}: {}", d.code(), d.message()),
        })
        .collect();
    let tag_result = report.tag("Result");
    let declared = report.declared;
    let style = fix.map_or(options.results, |_| {
        // The proven result in the family the declared one was written in.
        match options.results {
            ResultStyle::Keep => match declared {
                Some(r) if is_international(r) => ResultStyle::International,
                _ => ResultStyle::Default,
            },
            style => style,
        }
    });
    let written_result = |declared: Option<&str>| -> String {
        match (fix, declared.and_then(result_of)) {
            (Some(proven), _) => styled(proven, style).to_string(),
            (None, Some(r)) => styled(r, style).to_string(),
            (None, None) => declared.unwrap_or("*").to_string(),
        }
    };
    let space = String::with_capacity(text.bytes.len() + 64);
    let movetext = write_movetext(report, text, options, findings, space, |terminator| match (
        terminator, tag_result,
    ) {
        (Some(t), _) => written_result(Some(t)),
        (None, Some(tag)) if result_of(tag).is_some() => written_result(Some(tag)),
        _ => written_result(Some("*")),
    });
    let result = movetext.result;
    let mut out = String::with_capacity(movetext.text.len() + 64 * (report.tags.len() + 2));
    let written = tags(
        report,
        options,
        tag_result.map(|t| written_result(Some(t))),
        &result,
    );
    for (name, value) in &written {
        out.push('[');
        out.push_str(name);
        out.push_str(" \"");
        push_escaped(value, &mut out);
        out.push_str("\"]\n");
    }
    for tag in too_long_tags(report, text, &written) {
        push_safe(&tag, &mut out);
        out.push('\n');
    }
    out.push('\n');
    out.push_str(&movetext.text);
    let fixed = fix.map(|proven| FixedResult {
        declared: movetext
            .terminator
            .or(tag_result.map(str::to_string))
            .unwrap_or_else(|| "none".to_string()),
        written: styled(proven, style),
        why: report
            .rule_end
            .map(|(outcome, ply)| GameEnd { outcome, ply }.to_string())
            .unwrap_or_default(),
    });
    Canonical { text: out, fixed }
}

/// The comments of text that stands between games (a preamble, comments after a game's
/// result), as canonical PDN writes them between games: laid out as movetext, ending with a
/// line break; empty if there are none.
pub fn comments_between(bytes: &[u8], encoding: TextEncoding) -> String {
    // A move number before them and a result after them make the comments a game that the
    // scanner tells (comments alone make none; comments before a game are not part of it).
    let mut text = b"1. ".to_vec();
    text.extend_from_slice(bytes);
    text.extend_from_slice(b"\n*\n");
    let mut comments = CommentsBetween {
        lines: Lines::default(),
        any: false,
        encoding,
    };
    let mut scanner = Scanner::new(&text[..]);
    while let Ok(Some(())) = scanner.read_game(&mut comments) {}
    if comments.any {
        comments.lines.finish()
    } else {
        String::new()
    }
}

/// The tags too long of the game (`tag-too-long`: the report does not hold them), as
/// written but for a value's bytes past its first ones, left out as the reader leaves them
/// out (see [`crate::pdn::Hole`]): written so, each reads back as the same tag too long,
/// and is written again as it is. One that the tags written (`written`) would
/// repeat is left out: read back, a repeated name starts a new game.
fn too_long_tags(report: &GameReport, text: &GameText, written: &[Tag<'_>]) -> Vec<String> {
    let tag_too_long =
        |d: &&crate::diagnostic::Diagnostic| d.kind == Kind::Syntax(SyntaxErrorKind::TagTooLong);
    let mut tags = Vec::new();
    for d in report.diagnostics.iter().filter(tag_too_long) {
        let at = index_in(text.offset, text.hole, d.offset);
        let Some(Ok((_, read))) = text.bytes.get(at..).map(pdn_tag) else {
            continue;
        };
        // The name as the reader's game boundary reads it (see `ScanState::repeated_name`).
        let after = read.text.get(1..).unwrap_or_default();
        let padding = after.iter().take_while(|&&b| is_space(b)).count();
        let name = &after[padding..];
        let end = name
            .iter()
            .position(|&b| is_space(b) || b == b']' || b == b'"');
        let name = decode(&name[..end.unwrap_or(name.len())], text.encoding);
        if !written.iter().any(|(written, _)| *written == name) {
            // Without a hole, as a tag held by the reader (a second tag too long of the game
            // has none): read again, it is the same.
            tags.push(decode(&tag_as_held(read.text), text.encoding).into_owned());
        }
    }
    tags
}

/// The result the board proves: that of the rule that ended the game, when its whole main
/// line was replayed.
fn proven_result(report: &GameReport) -> Option<GameResult> {
    let (outcome, _) = report.rule_end.filter(|_| report.ending.is_some())?;
    let text: &[u8] = match outcome.verdict() {
        Verdict::WhiteWins => b"1-0",
        Verdict::BlackWins => b"0-1",
        _ => b"1/2-1/2",
    };
    GameResult::from_bytes(text)
}

/// The outcomes the game declares: its movetext's result and its Result tag's (`*` for
/// neither).
fn declared_outcomes(report: &GameReport) -> impl Iterator<Item = Verdict> {
    let declared = report.declared.map_or(Verdict::Unknown, |r| r.verdict());
    let tag = report
        .tag("Result")
        .and_then(result_of)
        .map(|r| r.verdict());
    std::iter::once(declared).chain(tag)
}

fn result_of(text: &str) -> Option<GameResult> {
    parse_result_tag(text.as_bytes())
}

fn is_international(r: GameResult) -> bool {
    use crate::pdn::result::ResultStyle as Family;
    matches!(
        r.style(),
        Family::International | Family::InternationalColon
    )
}

/// A tag as written: its name and its value.
type Tag<'r> = (Cow<'r, str>, Cow<'r, str>);

/// Tags a game has (most have a handful) whose names are looked for among those written so far
/// one by one; past them, through a table.
const FEW_TAGS: usize = 16;

/// The tags to write, in order: `result` is the result the movetext ends with, `tagged` the
/// value to write for a Result tag that is there.
fn tags<'r>(
    report: &'r GameReport,
    options: &PdnOptions,
    tagged: Option<String>,
    result: &str,
) -> Vec<Tag<'r>> {
    let game_type = report.variant.map(|v| {
        let g = v.geometry();
        let mut text = String::with_capacity(16);
        for (n, after) in [
            (u32::from(v.game_type()), ",W,"),
            (u32::from(g.width), ","),
            (u32::from(g.height), ","),
        ] {
            push_decimal(n, &mut text);
            text.push_str(after);
        }
        text.push_str(match options.notation {
            Notation::Alpha => "A0,0",
            Notation::Numeric => "N2,0",
        });
        text
    });
    let mut out: Vec<Tag<'r>> = Vec::with_capacity(report.tags.len() + 2);
    let (mut had_game_type, mut had_result) = (false, false);
    let mut table = (report.tags.len() > FEW_TAGS).then(HashSet::new);
    for (name, value) in &report.tags {
        // A name the reader would not read back as written (or as one game) is left out:
        // see `tag_name`.
        let written = |name: &str| match &table {
            Some(table) => table.contains(name),
            None => out.iter().any(|(n, _)| n == name),
        };
        let Some(name) = tag_name(name, written) else {
            continue;
        };
        if let Some(table) = &mut table {
            table.insert(name.clone());
        }
        let kept = || Cow::Borrowed(value.as_str());
        let value = match &*name {
            "GameType" => {
                had_game_type = true;
                game_type.clone().map_or_else(kept, Cow::Owned)
            }
            "Result" => {
                had_result = true;
                tagged.clone().map_or_else(kept, Cow::Owned)
            }
            "FEN" => fen(report, value, options),
            _ => kept(),
        };
        out.push((name, value));
    }
    // A game without a tag whose moves fit both boards was read on the default board: a
    // guess, which a GameType tag would turn into a fact. Numbers name the squares of one
    // board only, so numeric text says its board (the guess is told in the folded note).
    let guessed =
        report.game_type_by == Some(GameTypeSource::Default) && options.notation == Notation::Alpha;
    if let (false, false, Some(game_type)) = (had_game_type, guessed, game_type) {
        // Before the setup tags, whose FEN it tells how to read.
        let at = out
            .iter()
            .position(|(name, _)| name == "SetUp" || name == "FEN")
            .unwrap_or(out.len());
        out.insert(at, (Cow::Borrowed("GameType"), Cow::Owned(game_type)));
    }
    if !had_result {
        out.push((Cow::Borrowed("Result"), Cow::Owned(result.to_string())));
    }
    out
}

/// A FEN tag's value in the chosen notation; as written if it cannot be read.
fn fen<'v>(report: &GameReport, value: &'v str, options: &PdnOptions) -> Cow<'v, str> {
    let Some(variant) = report.variant else {
        return Cow::Borrowed(value);
    };
    match parse_fen(value, variant, report.corner) {
        Ok(position) => Cow::Owned(write_fen(&position, options.fen_notation())),
        Err(_) => Cow::Borrowed(value),
    }
}

/// `result` in `style`.
fn styled(result: GameResult, style: ResultStyle) -> &'static str {
    match (style, result.verdict()) {
        (ResultStyle::Keep, _) => result.text(),
        (_, Verdict::Unknown) => "*",
        (_, Verdict::BothLose) => "0-0",
        (ResultStyle::Default, Verdict::WhiteWins) => "1-0",
        (ResultStyle::Default, Verdict::BlackWins) => "0-1",
        (ResultStyle::Default, Verdict::Draw) => "1/2-1/2",
        (ResultStyle::International, Verdict::WhiteWins) => "2-0",
        (ResultStyle::International, Verdict::BlackWins) => "0-2",
        (ResultStyle::International, Verdict::Draw) => "1-1",
    }
}

/// The name under which a tag is written: PDN names hold letters, digits and `_` only, so
/// any other character becomes `_`; None for an empty name or one already written, since a
/// repeated name starts a new game when the output is read back (`written` tells whether a
/// name was).
fn tag_name(name: &str, written: impl Fn(&str) -> bool) -> Option<Cow<'_, str>> {
    let plain = |c: char| c.is_ascii_alphanumeric() || c == '_';
    if name.bytes().all(|b| plain(char::from(b))) {
        return (!name.is_empty() && !written(name)).then_some(Cow::Borrowed(name));
    }
    let name: String = name
        .chars()
        .map(|c| if plain(c) { c } else { '_' })
        .collect();
    (!written(name.as_str())).then_some(Cow::Owned(name))
}

/// A tag value with `\` and `"` escaped; line breaks (which a tag cannot hold) and tabs as
/// spaces, the other characters no output holds raw ([`crate::text::escape::is_unsafe`]: ESC,
/// DEL...) as U+FFFD (a space would make a value read otherwise: `"\u{1}1"` is no game type,
/// `" 1"` is 1).
fn push_escaped(value: &str, out: &mut String) {
    if !value.bytes().any(|b| b == b'\\' || b == b'"') && !crate::text::escape::may_be_unsafe(value)
    {
        return out.push_str(value);
    }
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' | '\t' => out.push(' '),
            c if crate::text::escape::is_unsafe(c) => out.push(char::REPLACEMENT_CHARACTER),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_names_are_written_once_and_as_pdn_names() {
        let written = |name: &str| name == "Date";
        assert_eq!(tag_name("Round", written).as_deref(), Some("Round"));
        assert_eq!(tag_name("Date", written), None);
        assert_eq!(tag_name("date", written).as_deref(), Some("date"));
        assert_eq!(tag_name("FEN\u{ff}5", written).as_deref(), Some("FEN_5"));
        assert_eq!(tag_name("Da\u{fffd}te", written).as_deref(), Some("Da_te"));
        assert_eq!(tag_name("", written), None);
    }

    #[test]
    fn tag_values_are_escaped() {
        let escape = |value: &str| {
            let mut out = String::new();
            push_escaped(value, &mut out);
            out
        };
        assert_eq!(escape(r#"the "A" cup \ 2"#), r#"the \"A\" cup \\ 2"#);
        assert_eq!(escape("a\nb\u{1b}[31mc\u{7f}"), "a b\u{fffd}[31mc\u{fffd}");
    }
}
