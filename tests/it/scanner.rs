//! The scanner and its visitor: the events of hand-worked games, what skipping leaves out,
//! and, on every fixture, the reader's fuzz corpus and random archives of both game types,
//! the same games, tags, tokens, findings and offsets as the splitter + lexer path (the
//! reader without its one-pass fast path).

use crate::harness::random_games;
use pdnkit::Variant;
use pdnkit::pdn::{
    CommentStyle, GameResult, ParsedGame, RawGame, Scanner, SetupCommand, Skip, Span, SyntaxError,
    Tag, Token, TokenKind, Visitor, WrittenMove,
};
use std::path::{Path, PathBuf};

/// Writes down every event as a line of text.
#[derive(Default)]
struct Record {
    events: Vec<String>,
    enter_variations: bool,
    skip_games: bool,
    skip_movetext: bool,
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

impl Record {
    fn say(&mut self, what: String, span: Span<'_>) {
        self.events
            .push(format!("{what} `{}` @{}", text(span.text), span.offset));
    }
}

impl Visitor for Record {
    type Output = Vec<String>;

    fn begin_game(&mut self, start: &RawGame) -> Skip {
        self.events.push(format!(
            "game {} @{} {}:{}",
            start.index, start.offset, start.line, start.column
        ));
        Skip(self.skip_games)
    }

    fn tag(&mut self, tag: &Tag, span: Span<'_>) {
        self.say(format!("tag {}={}", tag.name, text(&tag.value)), span);
    }

    fn begin_movetext(&mut self, offset: u64) -> Skip {
        self.events.push(format!("movetext @{offset}"));
        Skip(self.skip_movetext)
    }

    fn move_number(&mut self, number: u32, black: bool, span: Span<'_>) {
        let dots = if black { "..." } else { "." };
        self.say(format!("number {number}{dots}"), span);
    }

    fn written_move(&mut self, mv: &WrittenMove, span: Span<'_>) {
        let marks = mv.strength.as_ref().map(|s| s.marks.to_string());
        self.say(format!("move {marks:?}"), span);
    }

    fn nag(&mut self, nag: u16, span: Span<'_>) {
        self.say(format!("nag {nag}"), span);
    }

    fn comment(&mut self, style: CommentStyle, body: &[u8], span: Span<'_>) {
        self.say(format!("comment {style:?} {}", text(body)), span);
    }

    fn setup(&mut self, command: &SetupCommand, span: Span<'_>) {
        let value = text(&command.value);
        self.say(format!("setup {}={value}", command.name), span);
    }

    fn begin_variation(&mut self, span: Span<'_>) -> Skip {
        self.say("(".into(), span);
        Skip(!self.enter_variations)
    }

    fn end_variation(&mut self, span: Span<'_>) {
        self.say(")".into(), span);
    }

    fn result(&mut self, result: GameResult, span: Span<'_>) {
        self.say(format!("result {}", result.text()), span);
    }

    fn unreadable(&mut self, span: Span<'_>) {
        self.say("unreadable".into(), span);
    }

    fn finding(&mut self, finding: &SyntaxError) {
        self.events.push(format!(
            "finding {:?} @{}+{}",
            finding.kind, finding.offset, finding.len
        ));
    }

    fn end_game(&mut self, game: &RawGame<'_>, _read: &ParsedGame) -> Vec<String> {
        self.events
            .push(format!("end @{}..{}", game.offset, game.end_offset()));
        std::mem::take(&mut self.events)
    }
}

fn games(input: &str, mut record: Record) -> Vec<Vec<String>> {
    let mut scanner = Scanner::new(input.as_bytes());
    let mut out = Vec::new();
    while let Some(events) = scanner.read_game(&mut record).expect("no I/O error") {
        out.push(events);
    }
    out
}

/// Offset of the `n`th (0-based) occurrence of `what` in `input`.
fn at(input: &str, what: &str, n: usize) -> usize {
    input
        .match_indices(what)
        .nth(n)
        .unwrap_or_else(|| panic!("{what} #{n}"))
        .0
}

const ANNOTATED: &str = "{preamble}\n[Event \"Cup\"]\n[Round \"1\"]\n\
    1. c3-d4 d6-c5! {good} 2. d4xb6 (2. b2-c3 $1) a7xc5 1-0\n\
    1. c3-d4 zz *";

#[test]
fn events_of_hand_worked_games() {
    let s = ANNOTATED;
    let record = Record {
        enter_variations: true,
        ..Record::default()
    };
    let found = games(s, record);
    let game1 = [
        format!("game 1 @{} 2:1", at(s, "[Event", 0)),
        format!("tag Event=Cup `[Event \"Cup\"]` @{}", at(s, "[Event", 0)),
        format!("tag Round=1 `[Round \"1\"]` @{}", at(s, "[Round", 0)),
        format!("movetext @{}", at(s, "1.", 0)),
        format!("number 1. `1.` @{}", at(s, "1.", 0)),
        format!("move None `c3-d4` @{}", at(s, "c3-d4", 0)),
        format!("move Some(\"!\") `d6-c5!` @{}", at(s, "d6-c5", 0)),
        format!("comment Braces good `{{good}}` @{}", at(s, "{good", 0)),
        format!("number 2. `2.` @{}", at(s, "2.", 0)),
        format!("move None `d4xb6` @{}", at(s, "d4xb6", 0)),
        format!("( `(` @{}", at(s, "(", 0)),
        format!("number 2. `2.` @{}", at(s, "2.", 1)),
        format!("move None `b2-c3` @{}", at(s, "b2-c3", 0)),
        format!("nag 1 `$1` @{}", at(s, "$1", 0)),
        format!(") `)` @{}", at(s, ")", 0)),
        format!("move None `a7xc5` @{}", at(s, "a7xc5", 0)),
        format!("result 1-0 `1-0` @{}", at(s, "1-0", 0)),
        format!("end @{}..{}", at(s, "[Event", 0), at(s, "1-0", 0) + 3),
    ];
    let zz = at(s, "zz", 0);
    let game2 = [
        format!("game 2 @{} 5:1", at(s, "1. c3", 1)),
        format!("movetext @{}", at(s, "1. c3", 1)),
        format!("number 1. `1.` @{}", at(s, "1. c3", 1)),
        format!("move None `c3-d4` @{}", at(s, "c3-d4", 1)),
        format!("finding UnknownToken @{zz}+2"),
        format!("unreadable `zz` @{zz}"),
        format!("result * `*` @{}", at(s, "*", 0)),
        format!("end @{}..{}", at(s, "1. c3", 1), s.len()),
    ];
    assert_eq!(found, vec![game1.to_vec(), game2.to_vec()]);
}

#[test]
fn skipped_parts_are_not_told() {
    let s = ANNOTATED;
    // Variations are skipped by default: nothing of `(2. b2-c3 $1)` but its `(`.
    let found = games(s, Record::default());
    let game1 = &found[0];
    assert!(game1.iter().any(|e| e.starts_with("( ")));
    assert!(
        !game1
            .iter()
            .any(|e| e.contains("b2-c3") || e.starts_with(")"))
    );
    assert!(!game1.iter().any(|e| e.starts_with("nag")));
    // A skipped movetext: the tags, then the end.
    let record = Record {
        skip_movetext: true,
        ..Record::default()
    };
    let found = games(s, record);
    assert_eq!(found[0].len(), 5, "{:#?}", found[0]);
    assert!(found[0][3].starts_with("movetext"));
    // The finding of game 2 is still told, its tokens are not.
    assert_eq!(found[1].len(), 4, "{:#?}", found[1]);
    assert!(found[1][2].starts_with("finding UnknownToken"));
    // A skipped game: its start and its bytes only.
    let record = Record {
        skip_games: true,
        ..Record::default()
    };
    let found = games(s, record);
    assert_eq!(found.len(), 2);
    assert!(found.iter().all(|g| g.len() == 2), "{found:#?}");
}

#[test]
fn setup_and_line_comments() {
    let s = "[FEN \"W:W31:B1\"]\n/FEN \"B:W18:B12\"/ % note\n1... 12-16 ; end\n*";
    let found = games(s, Record::default());
    let events: Vec<&str> = found[0].iter().map(|e| e.as_str()).collect();
    let setup = format!(
        "setup FEN=B:W18:B12 `/FEN \"B:W18:B12\"/` @{}",
        at(s, "/FEN", 0)
    );
    let percent = format!("comment Percent  note `% note` @{}", at(s, "%", 0));
    let black = format!("number 1... `1...` @{}", at(s, "1...", 0));
    let semicolon = format!("comment Semicolon  end `; end` @{}", at(s, ";", 0));
    for expected in [&setup, &percent, &black, &semicolon] {
        assert!(
            events.contains(&expected.as_str()),
            "{expected}: {events:#?}"
        );
    }
}

/// Hands each game as read (its events skipped) to a function.
pub struct Whole<F>(pub F);

impl<T, F: FnMut(&RawGame, &ParsedGame) -> T> Visitor for Whole<F> {
    type Output = T;

    fn begin_game(&mut self, _game: &RawGame<'_>) -> Skip {
        Skip(true)
    }

    fn end_game(&mut self, game: &RawGame<'_>, read: &ParsedGame) -> T {
        (self.0)(game, read)
    }
}

/// Gathers each game from the scanner's events into a [`ParsedGame`]: the same game as the
/// scanner hands to [`Visitor::end_game`] when the events carry everything.
struct Gather<F> {
    game: ParsedGame,
    finish: F,
}

impl<F> Gather<F> {
    fn push(&mut self, kind: TokenKind, span: Span<'_>) {
        let len = u32::try_from(span.text.len()).expect("a short token");
        self.game.tokens.push(Token {
            kind,
            offset: span.offset,
            len,
        });
    }
}

impl<T, F: FnMut(&RawGame, &ParsedGame) -> T> Visitor for Gather<F> {
    type Output = T;

    fn begin_game(&mut self, _start: &RawGame) -> Skip {
        self.game = ParsedGame::default();
        Skip(false)
    }

    fn tag(&mut self, tag: &Tag, _span: Span<'_>) {
        self.game.tags.push(tag.clone());
    }

    fn move_number(&mut self, number: u32, black: bool, span: Span<'_>) {
        self.push(TokenKind::MoveNumber { number, black }, span);
    }

    fn written_move(&mut self, mv: &WrittenMove, span: Span<'_>) {
        self.push(TokenKind::Move(mv.clone()), span);
    }

    fn nag(&mut self, nag: u16, span: Span<'_>) {
        self.push(TokenKind::Nag(nag), span);
    }

    fn comment(&mut self, style: CommentStyle, _body: &[u8], span: Span<'_>) {
        self.push(TokenKind::Comment(style), span);
    }

    fn setup(&mut self, command: &SetupCommand, span: Span<'_>) {
        self.push(TokenKind::Setup(Box::new(command.clone())), span);
    }

    fn begin_variation(&mut self, span: Span<'_>) -> Skip {
        self.push(TokenKind::VariationStart, span);
        Skip(false)
    }

    fn end_variation(&mut self, span: Span<'_>) {
        self.push(TokenKind::VariationEnd, span);
    }

    fn result(&mut self, result: GameResult, span: Span<'_>) {
        self.push(TokenKind::Result(result), span);
    }

    fn unreadable(&mut self, span: Span<'_>) {
        self.push(TokenKind::Unknown, span);
    }

    fn finding(&mut self, finding: &SyntaxError) {
        self.game.errors.push(*finding);
    }

    fn end_game(&mut self, game: &RawGame<'_>, _read: &ParsedGame) -> T {
        (self.finish)(game, &self.game)
    }
}

/// Each game as the scanner tells it to a [`Whole`]: where it is and what it holds.
type Read = (u64, Vec<u8>, u32, u32, usize, ParsedGame);

fn sorted(mut game: ParsedGame) -> ParsedGame {
    game.errors.sort_by_key(|e| e.offset);
    game
}

fn read(raw: &RawGame, parsed: &ParsedGame) -> Read {
    let game = sorted(parsed.clone());
    (
        raw.offset,
        raw.bytes.to_vec(),
        raw.line,
        raw.column,
        raw.index,
        game,
    )
}

/// The games as a [`Whole`] gathers them: from the scanner's events, or whole.
fn by_scanner<V: Visitor<Output = Read>>(bytes: &[u8], mut collector: V) -> Vec<Read> {
    let mut scanner = Scanner::new(bytes);
    let mut out = Vec::new();
    while let Some(read) = scanner.read_game(&mut collector).expect("no I/O error") {
        out.push(read);
    }
    out
}

/// The games as read from a stream that hands out `piece` bytes at a time.
fn by_scanner_in_pieces(bytes: &[u8], piece: usize) -> Vec<Read> {
    let mut scanner = Scanner::new(std::io::BufReader::with_capacity(piece, bytes));
    let mut collector = Whole(read);
    let mut out = Vec::new();
    while let Some(read) = scanner.read_game(&mut collector).expect("no I/O error") {
        out.push(read);
    }
    out
}

/// The 1-based column of `offset`: characters (bytes that continue no UTF-8 character)
/// since the last line break.
fn column_at(bytes: &[u8], offset: u64) -> u32 {
    let before = &bytes[..offset as usize];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n' || b == b'\r')
        .map_or(0, |i| i + 1);
    let chars = before[line_start..]
        .iter()
        .filter(|&&b| b & 0xC0 != 0x80)
        .count();
    chars as u32 + 1
}

/// The games of `bytes` told as events and gathered whole are the same, and so are the
/// games read in pieces of any size; each starts at the column counted here.
fn reads_alike(name: &str, bytes: &[u8]) {
    let gather = Gather {
        game: ParsedGame::default(),
        finish: read,
    };
    let events = by_scanner(bytes, gather);
    assert!(
        events == by_scanner(bytes, Whole(read)),
        "{name}: whole games"
    );
    for game in &events {
        assert_eq!(
            game.3,
            column_at(bytes, game.0),
            "{name}: column of {}",
            game.0
        );
    }
    for piece in [1, 3, 64] {
        let pieces = by_scanner_in_pieces(bytes, piece);
        assert_eq!(
            pieces.len(),
            events.len(),
            "{name}: games in pieces of {piece}"
        );
        for (n, (a, b)) in pieces.iter().zip(&events).enumerate() {
            assert!(
                a == b,
                "{name}: pieces of {piece}, game {}:\n{a:#?}\n{b:#?}",
                n + 1
            );
        }
    }
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable directory") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
fn fixtures_and_corpus_read_alike_as_events_whole_and_in_pieces() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    files_under(&root.join("fixtures"), &mut files);
    files_under(&root.join("fuzz/corpus/reader"), &mut files);
    files.retain(|p| {
        p.extension().is_none_or(|e| e == "pdn" || e == "txt") || p.starts_with(root.join("fuzz"))
    });
    files.sort();
    assert!(files.len() > 300, "{} files", files.len());
    for path in &files {
        let bytes = std::fs::read(path).expect("readable file");
        reads_alike(&path.display().to_string(), &bytes);
    }
}

#[test]
fn random_archives_read_alike_as_events_whole_and_in_pieces() {
    for variant in [Variant::Spantsiretti, Variant::Russian] {
        let text = random_games(variant, 7, 1..=300);
        reads_alike(&format!("{variant:?}"), text.as_bytes());
    }
}
