//! Reading PDN, hand-worked: where the scanner starts and ends games, and the tags, tokens,
//! findings and offsets it reads in each (whatever the size of the reads).

use super::scanner::Whole;
use crate::limits::{MAX_GAME_BYTES, MAX_TOKENS};
use pdnkit::pdn::*;
use std::io::BufReader;

/// One game as the scanner reads it.
#[derive(Debug, PartialEq)]
struct Read {
    bytes: Vec<u8>,
    offset: u64,
    line: u32,
    column: u32,
    index: usize,
    hole: Option<Hole>,
    game: ParsedGame,
}

impl Read {
    fn end_offset(&self) -> u64 {
        self.raw().end_offset()
    }

    fn raw(&self) -> RawGame<'_> {
        RawGame {
            bytes: &self.bytes,
            offset: self.offset,
            line: self.line,
            column: self.column,
            index: self.index,
            hole: self.hole,
        }
    }
}

/// Every game of `input`, read `capacity` bytes at a time; and the scanner's buffer capacity
/// at the end.
fn read_all(input: &[u8], capacity: usize) -> (Vec<Read>, usize) {
    let mut scanner = Scanner::new(BufReader::with_capacity(capacity, input));
    let mut collector = Whole(|raw: &RawGame, game: &ParsedGame| Read {
        bytes: raw.bytes.to_vec(),
        offset: raw.offset,
        line: raw.line,
        column: raw.column,
        index: raw.index,
        hole: raw.hole,
        game: game.clone(),
    });
    let mut games = Vec::new();
    while let Some(read) = scanner.read_game(&mut collector).unwrap() {
        games.push(read);
    }
    assert!(scanner.read_game(&mut collector).unwrap().is_none());
    (games, scanner.buffer_capacity())
}

/// (bytes, offset, line, index) of every game, read through buffers of several sizes, all
/// of which must agree.
fn split(input: &[u8]) -> Vec<(String, u64, u32, usize)> {
    let mut all = Vec::new();
    for capacity in [1, 2, 3, 5, 64, 8192] {
        let games = read_all(input, capacity).0;
        all.push(games);
    }
    for other in &all[1..] {
        assert_eq!(other, &all[0]);
    }
    all.swap_remove(0)
        .into_iter()
        .map(|g| {
            (
                String::from_utf8_lossy(&g.bytes).into_owned(),
                g.offset,
                g.line,
                g.index,
            )
        })
        .collect()
}

fn texts(input: &str) -> Vec<String> {
    split(input.as_bytes()).into_iter().map(|g| g.0).collect()
}

/// The one game of `input` (read as if it were at offset `base` of a file).
fn parse_bytes(input: &[u8], base: u64) -> ParsedGame {
    let (mut games, _) = read_all(input, 1 << 20);
    assert_eq!(games.len(), 1, "{:?}", String::from_utf8_lossy(input));
    let mut game = games.remove(0).game;
    for tag in &mut game.tags {
        tag.offset += base;
        tag.value_offset += base;
    }
    for token in &mut game.tokens {
        token.offset += base;
        if let TokenKind::Setup(command) = &mut token.kind {
            command.value_offset += base;
        }
    }
    for error in &mut game.errors {
        error.offset += base;
    }
    game
}

/// The tokens of every game of `input`, in order.
fn kinds(input: &str) -> Vec<TokenKind> {
    let games = read_all(input.as_bytes(), 1 << 20).0;
    games
        .into_iter()
        .flat_map(|g| g.game.tokens)
        .map(|t| t.kind)
        .collect()
}

fn mv(text: &str) -> TokenKind {
    TokenKind::Move(WrittenMove::parse(text.as_bytes()).unwrap())
}

fn num(number: u32, black: bool) -> TokenKind {
    TokenKind::MoveNumber { number, black }
}

fn res(text: &str) -> TokenKind {
    TokenKind::Result(GameResult::from_bytes(text.as_bytes()).unwrap())
}

/// The findings of every game of `input`, in order.
fn errors(input: &str) -> Vec<(SyntaxErrorKind, u64, u32)> {
    let games = read_all(input.as_bytes(), 1 << 20).0;
    games.iter().flat_map(|g| findings(&g.game)).collect()
}

/// The findings of `game` as (kind, offset, length).
fn findings(game: &ParsedGame) -> Vec<(SyntaxErrorKind, u64, u32)> {
    game.errors
        .iter()
        .map(|e| (e.kind, e.offset, e.len))
        .collect()
}

// ---------------------------------------------------------------- splitting

#[test]
fn games_end_at_results() {
    let file = "[Event \"a\"]\n1. c3-d4 d6-c5 1-0\n\n[Event \"b\"]\n1. c3-d4 0-1\n";
    assert_eq!(
        split(file.as_bytes()),
        vec![
            ("[Event \"a\"]\n1. c3-d4 d6-c5 1-0".into(), 0, 1, 1),
            ("[Event \"b\"]\n1. c3-d4 0-1".into(), 32, 4, 2),
        ]
    );
}

#[test]
fn every_result_form_ends_a_game() {
    for result in [
        "1-0", "0-1", "1/2-1/2", "0-0", "*", "2-0", "1-1", "0-2", "1:0", "0:1", "1/2:1/2", "2:0",
        "1:1", "0:2", "½-½",
    ] {
        let file = format!("1. c3-d4 {result} 1. d6-c5 {result}");
        assert_eq!(texts(&file).len(), 2, "{result}");
    }
}

#[test]
fn move_like_words_do_not_end_a_game() {
    assert_eq!(texts("1. 1-10 20-15 10-1 0-10 1-1x 1-0").len(), 1);
}

#[test]
fn results_inside_comments_variations_tags_and_line_comments_do_not_end_a_game() {
    let file = "[Event \"a 1-0 ]\"]\n1. c3-d4 {1-0} (1... f6-g5 0-1 (2-0)) ; 1-0\n\
                % 0-1\nd6-c5 /FEN \"1-0\"/ 1/2-1/2\n[Event \"b\"] *";
    let games = texts(file);
    assert_eq!(games.len(), 2);
    assert!(games[0].ends_with("1/2-1/2"));
    assert_eq!(games[1], "[Event \"b\"] *");
}

#[test]
fn tags_inside_comments_are_not_tags() {
    let file = "[Event \"a\"] 1. c3-d4 {[Event \"x\"] [%clk 1:00]} d6-c5 1-0";
    assert_eq!(texts(file).len(), 1);
}

#[test]
fn preamble_and_comments_between_games_are_skipped() {
    let file = "{Archive of 2001\n1-0 [Event \"no\"]}\n% exported\n; by hand\n\n\
                [Event \"a\"] 1. c3-d4 1-0 {after} \n{before b}\n[Event \"b\"] 2-0\n{tail}\n";
    let games = split(file.as_bytes());
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].0, "[Event \"a\"] 1. c3-d4 1-0");
    assert_eq!(
        (games[0].1, games[0].2),
        (file.find("[Event \"a\"]").unwrap() as u64, 6)
    );
    assert_eq!(games[1].0, "[Event \"b\"] 2-0");
    assert_eq!(games[1].2, 8);
}

#[test]
fn comment_only_and_whitespace_only_files_have_no_games() {
    for file in [
        "",
        "   \r\n\t\n",
        "{only a comment}\n",
        "% x\n; y",
        "\u{feff}",
        "\x1a\0",
    ] {
        assert_eq!(texts(file), Vec::<String>::new(), "{file:?}");
    }
}

#[test]
fn lone_result_belongs_to_the_game_without_result() {
    let file = "[Event \"a\"]\n1. c3-d4 d6-c5\n\n1-0\n\n[Event \"b\"]\n1. c3-d4 *\n";
    let games = texts(file);
    assert_eq!(
        games,
        vec![
            "[Event \"a\"]\n1. c3-d4 d6-c5\n\n1-0",
            "[Event \"b\"]\n1. c3-d4 *"
        ]
    );
    let parsed = parse_bytes(games[0].as_bytes(), 0);
    assert_eq!(parsed.result().map(|(r, _)| r.text()), Some("1-0"));
}

#[test]
fn lone_result_after_a_finished_game_is_a_game_of_its_own() {
    assert_eq!(
        texts("[Event \"a\"] 1. c3-d4 1-0\n\n*\n"),
        vec!["[Event \"a\"] 1. c3-d4 1-0", "*"]
    );
}

#[test]
fn games_without_results_end_at_the_next_tag() {
    let file = "[Event \"a\"]\n1. c3-d4 {end}\n\n[Site \"b\"]\n1. d6-c5";
    assert_eq!(
        texts(file),
        vec!["[Event \"a\"]\n1. c3-d4 {end}", "[Site \"b\"]\n1. d6-c5"]
    );
}

#[test]
fn first_tag_may_be_any_tag_and_repeated_tags_split_headers() {
    let file = "[White \"x\"]\n[Black \"y\"]\n\n[White \"z\"]\n[Event \"e\"]\n1. c3-d4 *";
    assert_eq!(
        texts(file),
        vec![
            "[White \"x\"]\n[Black \"y\"]",
            "[White \"z\"]\n[Event \"e\"]\n1. c3-d4 *"
        ]
    );
}

#[test]
fn tagless_games_restart_at_move_one_after_a_blank_line() {
    let file = "1. c3-d4 d6-c5 2. b2-c3 c5-b4\n\n1. c3-d4 f6-g5 2. d4-e5 *\n";
    assert_eq!(
        texts(file),
        vec!["1. c3-d4 d6-c5 2. b2-c3 c5-b4", "1. c3-d4 f6-g5 2. d4-e5 *"]
    );
    // Without a blank line, or inside a variation, `1.` does not split.
    assert_eq!(texts("1. c3-d4 2. b2-c3\n1. d4-e5 *").len(), 1);
    assert_eq!(texts("1. c3-d4 2. b2-c3 (\n\n1. d4-e5) *").len(), 1);
}

#[test]
fn unterminated_comment_ends_at_its_line() {
    let file = "[Event \"a\"] 1. c3-d4 {oops\n[Event \"b\"] 1. c3-d4 ; fine\n1-0\n";
    let games = texts(file);
    assert_eq!(
        games,
        vec![
            "[Event \"a\"] 1. c3-d4 {oops",
            "[Event \"b\"] 1. c3-d4 ; fine\n1-0"
        ]
    );
    let parsed = parse_bytes(games[0].as_bytes(), 100);
    assert_eq!(
        findings(&parsed),
        vec![(SyntaxErrorKind::UnterminatedComment, 121, 5)]
    );
    // A `{` whose `}` is in a later game swallows it (no way to tell); then one game.
    assert_eq!(texts("1. c3-d4 {a 1-0 [Event \"b\"] 1. x} 1-0").len(), 1);
    // Many unterminated comments stay linear.
    let many = "1. c3-d4 {x\n".repeat(20_000);
    assert_eq!(texts(&many).len(), 1);
}

#[test]
fn unterminated_comment_at_eof_is_kept_in_the_game() {
    let games = texts("[Event \"a\"] 1. c3-d4 {never closed\nd6-c5");
    assert_eq!(games, vec!["[Event \"a\"] 1. c3-d4 {never closed\nd6-c5"]);
}

#[test]
fn unterminated_tag_values_stop_at_the_line_end() {
    let file = "[Event \"a]\n[Site \"x\n1. c3-d4 1-0\n[Event \"b\"] *";
    let games = texts(file);
    assert_eq!(games.len(), 2);
    let parsed = parse_bytes(games[0].as_bytes(), 0);
    assert_eq!(parsed.tags[0].value, b"a");
    assert_eq!(parsed.tags[1].value, b"x");
}

#[test]
fn byte_order_mark_is_skipped_but_counted() {
    let file = b"\xEF\xBB\xBF[Event \"a\"] 1-0\n[Event \"b\"] 0-1";
    let games = split(file);
    assert_eq!(games[0], ("[Event \"a\"] 1-0".into(), 3, 1, 1));
    assert_eq!(games[1], ("[Event \"b\"] 0-1".into(), 19, 2, 2));
    // A BOM alone, or a file shorter than a BOM.
    assert_eq!(split(b"\xEF\xBB").len(), 1);
    assert_eq!(split(b"*").len(), 1);
}

#[test]
fn crlf_lf_and_cr_line_ends() {
    let file =
        "[Event \"a\"]\r\n1. c3-d4\r\n1-0\r\n\r\n[Event \"b\"]\n1. c3-d4\r2-0\r[Event \"c\"] *";
    let games = split(file.as_bytes());
    assert_eq!(games.iter().map(|g| g.2).collect::<Vec<_>>(), vec![1, 5, 8]);
    let game = &games[1];
    let raw = RawGame {
        bytes: game.0.as_bytes(),
        offset: game.1,
        line: game.2,
        column: 1,
        index: 2,
        hole: None,
    };
    let at_result = raw.offset + game.0.find("2-0").unwrap() as u64;
    assert_eq!(locate(&raw, at_result), Location { line: 7, column: 1 });
}

#[test]
fn any_bytes_make_games_without_panic() {
    let file = b"\0\0[Ev\0ent \"\xff\xfe\"]\n1. c3\0-d4 \xd0 \x80\x81 1-0\x1a\x1a";
    let games = split(file);
    assert_eq!(games.len(), 1);
    let parsed = parse_bytes(file, 0);
    assert!(parsed.has_errors());
}

/// A deterministic pseudo-random generator for the soak tests.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

/// Checks the invariants of the scanner on one input.
fn check_invariants(input: &[u8]) {
    split(input);
    let games = read_all(input, 1 << 20).0;
    let mut previous_end = 0;
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g.index, i + 1);
        assert!(g.offset >= previous_end);
        let start = g.offset as usize;
        assert_eq!(g.bytes, &input[start..start + g.bytes.len()]);
        assert!(!g.bytes.is_empty());
        assert_eq!(g.line, line_at(input, start));
        previous_end = g.end_offset();
        let within = |o: u64, len: u32| o >= g.offset && o + u64::from(len) <= g.end_offset();
        assert!(g.game.tokens.iter().all(|t| within(t.offset, t.len)));
        for e in &g.game.errors {
            assert!(
                within(e.offset, e.len),
                "{e:?} in {:?}",
                String::from_utf8_lossy(&g.bytes)
            );
        }
        let raw = g.raw();
        let mut locator = Locator::new(&raw, ColumnUnit::Utf8Chars);
        for t in &g.game.tokens {
            let loc = locator.locate(t.offset);
            assert!(loc.line >= g.line);
        }
    }
}

/// 1 + the line breaks (`\n`, `\r\n`, `\r`) before `offset`.
fn line_at(input: &[u8], offset: usize) -> u32 {
    let before = &input[..offset];
    let mut breaks = 0;
    for (i, &b) in before.iter().enumerate() {
        if b == b'\r' || (b == b'\n' && (i == 0 || before[i - 1] != b'\r')) {
            breaks += 1;
        }
    }
    breaks + 1
}

#[test]
fn random_bytes_and_token_soups_keep_the_invariants() {
    let pieces: &[&str] = &[
        "[Event \"x\"]",
        "[",
        "]",
        "\"",
        "\\",
        "{",
        "}",
        "(",
        ")",
        ";",
        "%",
        "/",
        "/FEN \"W:W1\"/",
        "1-0",
        "0-1",
        "*",
        "1.",
        "1...",
        " ",
        "\n",
        "\r\n",
        "\r",
        "c3-d4",
        "12.32-28",
        "$3",
        "!?",
        "(!?)",
        "ed4",
        "-",
        "...",
        "1/2-1/2",
        "½-½",
        "\0",
        "\u{feff}",
        "Иванов",
        "x",
    ];
    let mut rng = Lcg(7);
    for round in 0..300 {
        let mut input = Vec::new();
        let len = rng.next() % 60;
        for _ in 0..len {
            if round % 3 == 0 {
                input.push((rng.next() % 256) as u8);
            } else {
                let piece = pieces[(rng.next() % pieces.len() as u64) as usize];
                input.extend_from_slice(piece.as_bytes());
                if rng.next().is_multiple_of(2) {
                    input.push(b' ');
                }
            }
        }
        check_invariants(&input);
    }
}

#[test]
fn memory_is_bounded_by_the_largest_game() {
    let game = "[Event \"a\"]\n1. c3-d4 d6-c5 {comment} 2. b2-c3 1-0\n\n";
    let file = game.repeat(20_000);
    let (games, capacity) = read_all(file.as_bytes(), 4096);
    assert!(games.iter().all(|g| g.bytes.len() == game.trim_end().len()));
    assert_eq!(games.len(), 20_000);
    assert!(capacity < 64 * 1024, "{capacity}");
}

#[test]
fn a_million_nested_variations_neither_overflow_nor_crawl() {
    let nested = |depth: usize| {
        let mut file = String::from("[Event \"deep\"]\n1. c3-d4 ");
        file.push_str(&"(".repeat(depth));
        file.push_str("1. a1-b2 1-0");
        file.push_str(&")".repeat(depth));
        file.push_str(" d6-c5 0-1\n[Event \"next\"] *");
        file
    };
    // Under the token limit: read whole.
    let depth = (MAX_TOKENS - 100) / 2;
    let file = nested(depth);
    let games = read_all(file.as_bytes(), 1 << 16).0;
    assert!(games[0].bytes.ends_with(b"d6-c5 0-1"));
    let parsed = &games[0].game;
    assert!(parsed.errors.is_empty());
    assert_eq!(parsed.tokens.len(), 2 * depth + 7);
    assert_eq!(parsed.result().map(|(r, _)| r.text()), Some("0-1"));
    assert_eq!(games.len(), 2);
    // A million: split right, then cut at the token limit.
    let depth = 1_000_000;
    let file = nested(depth);
    let games = read_all(file.as_bytes(), 1 << 16).0;
    assert!(games[0].bytes.ends_with(b"d6-c5 0-1"));
    let parsed = &games[0].game;
    assert_eq!(parsed.tokens.len() + parsed.tags.len(), MAX_TOKENS);
    assert_eq!(
        parsed.errors,
        vec![SyntaxError {
            kind: SyntaxErrorKind::TooManyTokens,
            offset: 24 + MAX_TOKENS as u64 - 3,
            len: 1,
        }]
    );
    assert!(parsed.cut_short());
    assert_eq!(games.len(), 2);
    // Unclosed: one error at the outermost `(` (under the limit).
    let depth = MAX_TOKENS - 10;
    let open = format!("1. c3-d4 {}", "(".repeat(depth));
    let parsed = parse_bytes(open.as_bytes(), 0);
    assert_eq!(
        parsed.errors,
        vec![SyntaxError {
            kind: SyntaxErrorKind::UnclosedVariation {
                count: depth as u64
            },
            offset: 9,
            len: 1,
        }]
    );
}

/// One huge line of moves, one huge comment, one huge junk word: one game each, every token
/// located on line 1 at the column of its byte (the text is ASCII). Their cost is checked by
/// `linear.rs` (instructions), not here.
#[test]
fn long_lines_are_one_game_located_to_the_byte() {
    let moves = "c3-d4 ".repeat(200_000);
    let comment = format!("{{{}}}", "x".repeat(2_000_000));
    let junk = "q".repeat(2_000_000);
    for body in [&moves, &comment, &junk] {
        let file = format!("[Event \"a\"] 1. {body} 1-0");
        let games = read_all(file.as_bytes(), 1 << 16).0;
        assert_eq!(games.len(), 1);
        let raw = games[0].raw();
        let mut locator = Locator::new(&raw, ColumnUnit::Utf8Chars);
        assert!(!games[0].game.tokens.is_empty());
        for t in &games[0].game.tokens {
            let at = locator.locate(t.offset);
            assert_eq!((at.line, at.column as u64), (1, t.offset + 1), "{t:?}");
        }
    }
}

// ---------------------------------------------------------------- locating

/// A game at offset 100, line 7, column 1.
fn located_game(bytes: &[u8]) -> RawGame<'_> {
    RawGame {
        bytes,
        offset: 100,
        line: 7,
        column: 1,
        index: 1,
        hole: None,
    }
}

fn locate(game: &RawGame, offset: u64) -> Location {
    Locator::new(game, ColumnUnit::Utf8Chars).locate(offset)
}

#[test]
fn lines_and_columns() {
    let game = located_game(b"ab\ncd\r\nef\rgh");
    for (offset, line, column) in [
        (100, 7, 1),
        (101, 7, 2),
        (103, 8, 1),
        (107, 9, 1),
        (108, 9, 2),
        (110, 10, 1),
        (999, 10, 3),
        (0, 7, 1),
    ] {
        assert_eq!(locate(&game, offset), Location { line, column }, "{offset}");
    }
}

#[test]
fn utf8_columns_count_characters() {
    let text = "[White \"Иванов\"] x";
    let game = located_game(text.as_bytes());
    let x = text.find('x').unwrap() as u64;
    let at = |column| Location { line: 7, column };
    assert_eq!(locate(&game, 100 + x), at(18));
    let mut bytes = Locator::new(&game, ColumnUnit::Bytes);
    assert_eq!(bytes.locate(100 + x), at(x as u32 + 1));
}

#[test]
fn incremental_queries_agree_with_fresh_ones() {
    let text = "1. c3-d4 {é\r\n} d6-c5\n\n2. b2-c3 ééé x\n";
    let game = located_game(text.as_bytes());
    let mut locator = Locator::new(&game, ColumnUnit::Utf8Chars);
    let offsets: Vec<u64> = (0..=text.len() as u64).map(|i| 100 + i).collect();
    for &o in offsets
        .iter()
        .chain(offsets.iter().rev())
        .chain([120, 103, 130].iter())
    {
        assert_eq!(locator.locate(o), locate(&game, o), "offset {o}");
    }
}

// ---------------------------------------------------------------- lexing

#[test]
fn tokens_of_a_typical_game_with_offsets() {
    let text = "[Event \"Cup\"]\n[GameType \"41\"]\n1.e3-d4 d6-c5 2. c3:e5:g7! $3 {good}\n\
                (2. a1-b2?! 2...f6-g5) 12.32-28 1-0";
    let game = RawGame {
        bytes: text.as_bytes(),
        offset: 1000,
        line: 3,
        column: 1,
        index: 1,
        hole: None,
    };
    let parsed = parse_bytes(game.bytes, game.offset);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    assert_eq!(parsed.tags.len(), 2);
    assert_eq!(
        parsed.tag("GameType").map(|t| t.value.as_slice()),
        Some(&b"41"[..])
    );
    assert_eq!(parsed.tags[1].offset, 1014);
    let got: Vec<(TokenKind, u64, u32)> = parsed
        .tokens
        .iter()
        .map(|t| (t.kind.clone(), t.offset, t.len))
        .collect();
    let base = 1000 + text.find("1.e3").unwrap() as u64;
    assert_eq!(
        got,
        vec![
            (num(1, false), base, 2),
            (mv("e3-d4"), base + 2, 5),
            (mv("d6-c5"), base + 8, 5),
            (num(2, false), base + 14, 2),
            (mv("c3:e5:g7!"), base + 17, 9),
            (TokenKind::Nag(3), base + 27, 2),
            (TokenKind::Comment(CommentStyle::Braces), base + 30, 6),
            (TokenKind::VariationStart, base + 37, 1),
            (num(2, false), base + 38, 2),
            (mv("a1-b2?!"), base + 41, 7),
            (num(2, true), base + 49, 4),
            (mv("f6-g5"), base + 53, 5),
            (TokenKind::VariationEnd, base + 58, 1),
            (num(12, false), base + 60, 3),
            (mv("32-28"), base + 63, 5),
            (res("1-0"), base + 69, 3),
        ]
    );
    assert_eq!(parsed.tokens[6].comment_text(&game), Some(&b"good"[..]));
    assert_eq!(parsed.tokens[4].text(&game), b"c3:e5:g7!");
    let mut locator = Locator::new(&game, ColumnUnit::Utf8Chars);
    assert_eq!(
        locator.locate(parsed.tokens[4].offset),
        Location {
            line: 5,
            column: 18
        }
    );
    assert_eq!(
        locator.locate(parsed.tokens[13].offset),
        Location {
            line: 6,
            column: 24
        }
    );
}

#[test]
fn black_move_numbers_and_ellipses() {
    assert_eq!(kinds("1...d6-c5"), vec![num(1, true), mv("d6-c5")]);
    assert_eq!(kinds("1... d6-c5"), vec![num(1, true), mv("d6-c5")]);
    let parsed = parse_bytes(b"1. ... d6-c5", 0);
    assert_eq!(
        parsed.tokens[0],
        Token {
            kind: num(1, true),
            offset: 0,
            len: 6
        }
    );
    assert!(parsed.errors.is_empty());
    assert_eq!(
        errors("c3-d4 ..."),
        vec![(SyntaxErrorKind::StrayEllipsis, 6, 3)]
    );
    assert_eq!(
        errors("1.. d6-c5"),
        vec![(SyntaxErrorKind::OddMoveNumberDots, 0, 3)]
    );
    assert_eq!(kinds("1.. d6-c5")[0], num(1, true));
    assert_eq!(
        errors("1 c3-d4"),
        vec![(SyntaxErrorKind::MoveNumberWithoutDot, 0, 1)]
    );
    assert_eq!(kinds("1 c3-d4"), vec![num(1, false), mv("c3-d4")]);
}

#[test]
fn placeholders_for_lost_moves() {
    let placeholder = TokenKind::Move(WrittenMove::parse(b"-").unwrap());
    assert_eq!(
        kinds("41. - -"),
        vec![num(41, false), placeholder.clone(), placeholder]
    );
    assert_eq!(
        kinds("1. -- 2-0"),
        vec![num(1, false), mv("--"), res("2-0")]
    );
}

#[test]
fn strength_marks() {
    let with = |text: &str, marks: &str, parenthesized: bool| {
        let mut m = WrittenMove::parse(text.as_bytes()).unwrap();
        m.strength = Some(Strength {
            marks: Marks::new(marks.as_bytes()).unwrap(),
            parenthesized,
        });
        TokenKind::Move(m)
    };
    let parsed = parse_bytes(b"c3-d4(!?) d6-c5 (?) (f6-g5)", 0);
    assert_eq!(
        parsed.tokens[0],
        Token {
            kind: with("c3-d4", "!?", true),
            offset: 0,
            len: 9
        }
    );
    assert_eq!(parsed.tokens[1].kind, with("d6-c5", "?", true));
    assert_eq!(parsed.tokens[1].len, 9);
    assert_eq!(parsed.tokens[2].kind, TokenKind::VariationStart);
    assert!(parsed.errors.is_empty());
    let parsed = parse_bytes(b"c3-d4 !", 0);
    assert_eq!(
        parsed.tokens,
        vec![Token {
            kind: with("c3-d4", "!", false),
            offset: 0,
            len: 7
        }]
    );
    assert_eq!(
        errors("c3-d4 !"),
        vec![(SyntaxErrorKind::SpacedStrength, 6, 1)]
    );
    assert_eq!(errors("1. !"), vec![(SyntaxErrorKind::UnknownToken, 3, 1)]);
    assert_eq!(
        errors("c3-d4*"),
        vec![(SyntaxErrorKind::AsteriskStrength, 5, 1)]
    );
    assert_eq!(
        kinds("(!?)"),
        vec![
            TokenKind::VariationStart,
            TokenKind::Unknown,
            TokenKind::VariationEnd
        ]
    );
}

#[test]
fn nags_glued_and_bad() {
    assert_eq!(
        kinds("c3-d4$1$14 $3"),
        vec![
            mv("c3-d4"),
            TokenKind::Nag(1),
            TokenKind::Nag(14),
            TokenKind::Nag(3)
        ]
    );
    assert_eq!(errors("$"), vec![(SyntaxErrorKind::BadNag, 0, 1)]);
    assert_eq!(errors("$70000"), vec![(SyntaxErrorKind::BadNag, 0, 6)]);
    assert_eq!(
        errors("c3-d4$x"),
        vec![(SyntaxErrorKind::UnknownToken, 0, 7)]
    );
}

#[test]
fn compact_and_numeric_and_upper_case_moves() {
    assert_eq!(
        kinds("1. ed4 e:d4 exd4 C3-D4 22x13 3228"),
        vec![
            num(1, false),
            mv("ed4"),
            mv("e:d4"),
            mv("exd4"),
            mv("C3-D4"),
            mv("22x13"),
            mv("3228"),
        ]
    );
    assert_eq!(
        errors("3228 a3b4"),
        vec![
            (SyntaxErrorKind::OmittedSeparator, 0, 4),
            (SyntaxErrorKind::OmittedSeparator, 5, 4),
        ]
    );
    assert_eq!(
        errors("c3-e5:g7"),
        vec![(SyntaxErrorKind::MixedSeparators, 0, 8)]
    );
}

#[test]
fn results_are_whole_words() {
    assert_eq!(kinds("1-10 1-1"), vec![mv("1-10"), res("1-1")]);
    assert_eq!(kinds("22-18 1:1"), vec![mv("22-18"), res("1:1")]);
    assert_eq!(
        kinds("0-2 2:0 ½-½"),
        vec![res("0-2"), res("2:0"), res("½-½")]
    );
    // A result at the top level ends its game: what follows is the next one.
    assert_eq!(texts("1-0 c3-d4"), vec!["1-0", "c3-d4"]);
    assert_eq!(texts("1-0 {comment}"), vec!["1-0"]);
    assert_eq!(texts("1-0 (c3-d4)"), vec!["1-0", "(c3-d4)"]);
    assert_eq!(
        kinds("(1-0)"),
        vec![
            TokenKind::VariationStart,
            res("1-0"),
            TokenKind::VariationEnd
        ]
    );
}

#[test]
fn junk_is_unknown_with_exact_offsets() {
    let text = "1. c3-d4x zz9 ) ] } c3-";
    let parsed = parse_bytes(text.as_bytes(), 50);
    let unknown: Vec<(u64, u32)> = parsed
        .tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Unknown)
        .map(|t| (t.offset, t.len))
        .collect();
    assert_eq!(
        unknown,
        vec![(53, 6), (60, 3), (64, 1), (66, 1), (68, 1), (70, 3)]
    );
    assert_eq!(
        findings(&parsed),
        vec![
            (SyntaxErrorKind::UnknownToken, 53, 6),
            (SyntaxErrorKind::UnknownToken, 60, 3),
            (SyntaxErrorKind::UnmatchedVariationEnd, 64, 1),
            (SyntaxErrorKind::UnknownToken, 66, 1),
            (SyntaxErrorKind::UnknownToken, 68, 1),
            (SyntaxErrorKind::UnknownToken, 70, 3),
        ]
    );
    assert!(
        parsed
            .errors
            .iter()
            .all(|e| e.severity() == pdnkit::pdn::Severity::Error)
    );
}

#[test]
fn comments_of_every_style() {
    // (A comment before a game's first construct belongs to no game.)
    let text = "c3-d4 {multi\nline} % to the end\n; also\r\nd6-c5";
    let game = RawGame {
        bytes: text.as_bytes(),
        offset: 0,
        line: 1,
        column: 1,
        index: 1,
        hole: None,
    };
    let parsed = parse_bytes(game.bytes, game.offset);
    let styles: Vec<_> = parsed
        .tokens
        .iter()
        .filter_map(|t| match t.kind {
            TokenKind::Comment(style) => Some((style, t.comment_text(&game).unwrap())),
            _ => None,
        })
        .collect();
    assert_eq!(
        styles,
        vec![
            (CommentStyle::Braces, &b"multi\nline"[..]),
            (CommentStyle::Percent, &b" to the end"[..]),
            (CommentStyle::Semicolon, &b" also"[..]),
        ]
    );
    assert_eq!(parsed.tokens.len(), 5);
}

#[test]
fn setup_commands() {
    let parsed = parse_bytes(b"1.31-26 17-21 /FEN \"B:B1-16:W26\"/ 1... 20-25", 0);
    let setup = parsed.tokens.iter().find_map(|t| match &t.kind {
        TokenKind::Setup(cmd) => Some((cmd.name.clone(), cmd.value.clone(), t.offset, t.len)),
        _ => None,
    });
    assert_eq!(setup, Some(("FEN".into(), b"B:B1-16:W26".to_vec(), 14, 19)));
    assert!(parsed.errors.is_empty());
    assert_eq!(
        errors("/FEN \"x\"\n1."),
        vec![(SyntaxErrorKind::UnterminatedSetup, 0, 8)]
    );
    // Read as if at offset `base`: `name=value v<value offset> e<end>` (`e` counted from the
    // start of `text`) and the findings as ` Kind@offset+len`.
    for (text, base, expected) in [
        (
            "/FEN \"B:W18,24:B12\"/ 1...",
            10,
            "FEN=B:W18,24:B12 v16 e20",
        ),
        ("x /FEN W:W1:B2/", 0, "FEN=W:W1:B2 v7 e15 UnknownToken@0+1"),
        (
            "/FEN W:W1:B2\r\n1.",
            0,
            "FEN=W:W1:B2 v5 e12 UnterminatedSetup@0+12",
        ),
        ("/", 0, "= v1 e1 UnterminatedSetup@0+1"),
    ] {
        let game = parse_bytes(text.as_bytes(), base);
        let mut read = game.tokens.iter().find_map(|t| match &t.kind {
            TokenKind::Setup(cmd) => Some(format!(
                "{}={} v{} e{}",
                cmd.name,
                String::from_utf8_lossy(&cmd.value),
                cmd.value_offset,
                t.offset - base + u64::from(t.len)
            )),
            _ => None,
        });
        for e in &game.errors {
            read = read.map(|r| format!("{r} {:?}@{}+{}", e.kind, e.offset, e.len));
        }
        assert_eq!(read.as_deref(), Some(expected), "{text:?}");
    }
}

/// The first tag of the one game of `text` (read as if at offset 100) as `name=value v<value
/// offset> e<end>` (`-` for none, `e` counted from the start of `text`), then the game's
/// findings as ` Kind@offset+len`.
fn first_tag(text: &[u8]) -> String {
    let game = parse_bytes(text, 100);
    let tag = game.tags.first().map_or("-".into(), |t| {
        let end = t.offset - 100 + u64::from(t.len);
        format!("{}={} v{} e{end}", t.name, t.value_lossy(), t.value_offset)
    });
    let each = game.errors.iter();
    tag + &each
        .map(|e| format!(" {:?}@{}+{}", e.kind, e.offset, e.len))
        .collect::<String>()
}

#[test]
fn tag_spellings() {
    for (text, expected) in [
        ("[Event \"Cup\"] 1.", "Event=Cup v108 e13"),
        // Padding, escapes, inner quotes and brackets.
        (
            "[  Event   \"a \\\"b\\\" \\\\ c\"  ]\n",
            "Event=a \"b\" \\ c v112 e28",
        ),
        (r#"[Event "a\nb\"c\\"]"#, r#"Event=a\nb"c\ v108 e19"#),
        ("[Event \"the \"A\" cup\"]", "Event=the \"A\" cup v108 e21"),
        ("[Event \"a]b\"]x", "Event=a]b v108 e13 UnknownToken@113+1"),
        // An escaped quote does not end the string that hides a `]`.
        (
            "[Event \"a\\\"]b\"] x",
            "Event=a\"]b v108 e15 UnknownToken@116+1",
        ),
        // Unquoted values, whose backslashes are kept as written.
        (
            "[Event Big Cup ]",
            "Event=Big Cup v107 e16 UnquotedTagValue@107+7",
        ),
        ("[Event]", "Event= v106 e7 UnquotedTagValue@106+0"),
        (
            "[Event a\\\"b]",
            "Event=a\\\"b v107 e12 UnquotedTagValue@107+4",
        ),
        // Unterminated values and tags.
        (
            "[Event \"Cup]\r\n[Site \"x\"]",
            "Event=Cup v108 e12 UnterminatedTagValue@107+4",
        ),
        (
            "[Event \"Cup\n1. c3-d4",
            "Event=Cup v108 e11 UnterminatedTag@100+11 UnterminatedTagValue@107+4",
        ),
        (
            "[Event \"a\\\"]",
            "Event=a\" v108 e12 UnterminatedTagValue@107+4",
        ),
        ("[Event \"]", "Event= v108 e9 UnterminatedTagValue@107+1"),
        (
            "[Event \"\\",
            "Event=\\ v108 e9 UnterminatedTag@100+9 UnterminatedTagValue@107+2",
        ),
        ("[Event \"x\"\n", "Event=x v108 e10 UnterminatedTag@100+10"),
        (
            "[Event \"x\"\t\r\n",
            "Event=x v108 e11 UnterminatedTag@100+11",
        ),
        // Bad and missing names (no tag); a name glued to its value ends at the quote.
        ("[ \"x\"]", "- MissingTagName@100+6"),
        ("[event-x \"v\"]", "event-x=v v110 e13 BadTagName@101+7"),
        ("[", "- UnterminatedTag@100+1 MissingTagName@100+1"),
        ("[Event\"x\"]", "Event=x v107 e10"),
    ] {
        assert_eq!(first_tag(text.as_bytes()), expected, "{text:?}");
    }
    // Names not UTF-8 are read lossily.
    let read = first_tag(b"[Ev\xffnt \"x\"]");
    assert_eq!(read, "Ev\u{fffd}nt=x v108 e11 BadTagName@101+5");
}

#[test]
fn tag_quirks_inside_games() {
    let text = "[ Event  \"x\" ]\n[Site Moscow]\n[Round \"3\n[Date \"2001\"]\n1. c3-d4 *";
    let parsed = parse_bytes(text.as_bytes(), 0);
    let tags: Vec<(&str, &[u8])> = parsed
        .tags
        .iter()
        .map(|t| (t.name.as_str(), t.value.as_slice()))
        .collect();
    assert_eq!(
        tags,
        vec![
            ("Event", &b"x"[..]),
            ("Site", &b"Moscow"[..]),
            ("Round", &b"3"[..]),
            ("Date", &b"2001"[..]),
        ]
    );
    assert_eq!(
        findings(&parsed),
        vec![
            (SyntaxErrorKind::UnquotedTagValue, 21, 6),
            (SyntaxErrorKind::UnterminatedTag, 29, 9),
            (SyntaxErrorKind::UnterminatedTagValue, 36, 2),
        ]
    );
    assert!(!parsed.has_errors());
    assert_eq!(parsed.tokens.len(), 3);
    // A tag after the moves starts the next game.
    assert_eq!(
        texts("1. c3-d4 [Event \"x\"]"),
        vec!["1. c3-d4", "[Event \"x\"]"]
    );
}

#[test]
fn tokens_stay_in_their_game_for_result_tags() {
    let parsed = parse_bytes(b"[Result \"1/2-1/2\"] 1/2-1/2", 0);
    let tag = parsed.tag("Result").unwrap();
    assert_eq!(
        parse_result_tag(&tag.value),
        parsed.result().map(|(r, _)| r)
    );
}

#[test]
fn token_sizes_stay_small() {
    // A move is held inline in its token (squares inline, text not copied): within 88 bytes.
    assert!(
        std::mem::size_of::<Token>() <= 88,
        "{}",
        std::mem::size_of::<Token>()
    );
}

#[test]
fn reading_into_a_reused_game_is_reading_afresh() {
    let file = "[Event \"a\"] [Site \"b\"] [Date \"c\"]\n1. c3-d4 {x} d6-c5!? 2. a1:c3:e5:g7:i5:k3 $1 1-0\n\
                [Event \"d\"]\n[\"nameless\"] 1... e3:g5(!?) (2. c3-d4) ed4 c3-d4e5 1/2-1/2\n\
                [Round \"1\"] [Event \"the \\\"big\\\" one\"] /FEN \"W:W1:B2\"/ 22-18 3228 * x\n\
                1. c3-d4 zz9 c3-d4!!!!!!!!!!!!!!! 2-0";
    let games = read_all(file.as_bytes(), 1 << 16).0;
    for game in &games {
        assert_eq!(
            game.game,
            parse_bytes(&game.bytes, game.offset),
            "game {}",
            game.index
        );
    }
    assert_eq!(games.len(), 4);
}

#[test]
fn games_too_long_are_not_held_and_split_alike_at_any_read_size() {
    let big = MAX_GAME_BYTES + MAX_GAME_BYTES / 4;
    let mut file = b"[Event \"a\"] 1. c3-d4 *\n[Event \"b\"]\n1. c3-d4 {".to_vec();
    file.resize(file.len() + big, b'x');
    file.extend_from_slice(b"} d6-c5 1-0\n1. c3-d4 d6-c5 ");
    while file.len() < 2 * big {
        file.extend_from_slice(b"2. d4-e5 f6:d4 (2. b2-a3 1111111.) ");
    }
    file.extend_from_slice(b"0-1 1. c3-d4 *\n  1. c3-d4 *\n[Event \"under\"]\n1. c3-d4 {");
    let under = file.len() + MAX_GAME_BYTES - 29; // `[Event "under"]` ... `} *`: MAX bytes
    file.resize(under, b'y');
    file.extend_from_slice(b"} *\n1. c3-d4 {no end\n");
    while file.len() < 4 * big {
        file.extend_from_slice(b"[Event \"z\"] *\n");
    }
    let mut all = Vec::new();
    for capacity in [7, 4096, 1 << 16, 1 << 23] {
        let (read, buffer_capacity) = read_all(&file, capacity);
        let mut games = Vec::new();
        for g in read {
            let at = g.offset as usize;
            assert_eq!(g.bytes, &file[at..at + g.bytes.len()]);
            let errors = g.game.errors;
            let long = errors
                .iter()
                .any(|e| e.kind == SyntaxErrorKind::GameTooLong);
            games.push((g.offset, g.bytes.len(), g.line, g.column, g.index, long));
        }
        assert!(buffer_capacity < 3 * MAX_GAME_BYTES + capacity);
        all.push(games);
    }
    for other in &all[1..] {
        assert_eq!(other, &all[0]);
    }
    let too_long = MAX_GAME_BYTES + 1;
    let shapes: Vec<(usize, u32, bool)> = all[0].iter().map(|g| (g.1, g.2, g.5)).collect();
    assert_eq!(
        shapes,
        vec![
            (22, 1, false),
            (too_long, 2, true),
            (too_long, 4, true),
            (10, 4, false),
            (10, 5, false),
            (MAX_GAME_BYTES, 6, false),
            (too_long, 8, true),
        ]
    );
    // Columns after a game too long: on its last line, and on the next.
    let columns: Vec<u32> = all[0].iter().map(|g| g.3).collect();
    // Game 3 starts line 4 and has no line break; game 4 follows it on that line, game 5
    // is on the next (found while the head of game 3 is still held).
    assert_eq!(columns[3], (all[0][3].0 - all[0][2].0) as u32 + 1);
    assert_eq!(columns[4], 3);
    assert_eq!(columns[5], 1);
}

/// Random files of games, huge comments (closed or not), long words and tag names, long
/// runs of moves and of blank space: the same games at any read size, each at the line and
/// column counted here, and the reader's buffer bounded.
#[test]
fn random_large_inputs_split_alike_at_any_read_size() {
    let mut seed = 12345u64;
    let mut rnd = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n.max(1)
    };
    for round in 0..6 {
        let mut file = Vec::new();
        while file.len() < 3 * MAX_GAME_BYTES {
            match rnd(12) {
                0 => file.extend_from_slice(b"[Event \"a\"]\n1. c3-d4 d6-c5 *\n"),
                1 => {
                    file.push(b'{');
                    let n = rnd(6 * MAX_GAME_BYTES as u64 / 4) as usize;
                    file.resize(file.len() + n, b'x');
                    if rnd(3) > 0 {
                        file.push(b'}');
                    }
                }
                2 => {
                    let n = rnd(600) as usize;
                    file.resize(file.len() + n, b'1');
                    file.push(b'.');
                    file.push(b' ');
                }
                3 => {
                    file.push(b'[');
                    let n = rnd(140) as usize;
                    file.resize(file.len() + n, b'N');
                    file.extend_from_slice(b" \"v\"]\n");
                }
                4 => file.extend_from_slice(b"\n\n1. e3-f4 2. f4-g5 "),
                5 => file.extend_from_slice(b"1-0 "),
                6 => {
                    for _ in 0..rnd(200_000) {
                        file.extend_from_slice(b"c3-d4 ");
                    }
                }
                7 => {
                    let n = rnd(MAX_GAME_BYTES as u64 * 2) as usize;
                    file.resize(file.len() + n, b' ');
                }
                8 => file.extend_from_slice(b"% line comment\n"),
                9 => file.extend_from_slice(b"\r\n"),
                10 => file.extend_from_slice(b"(1. a1-b2) "),
                _ => file.extend_from_slice(b"[Event \"b\"] [Event \"c\"] "),
            }
        }
        let mut all = Vec::new();
        for capacity in [4093, 1 << 16, 1 << 23] {
            let (read, buffer_capacity) = read_all(&file, capacity);
            let mut games = Vec::new();
            for g in read {
                let at = g.offset as usize;
                assert_eq!(g.bytes, &file[at..at + g.bytes.len()]);
                assert!(g.bytes.len() <= MAX_GAME_BYTES + 1);
                let before = &file[..at];
                let mut breaks = 0;
                for (i, &b) in before.iter().enumerate() {
                    if b == b'\r' || (b == b'\n' && (i == 0 || before[i - 1] != b'\r')) {
                        breaks += 1;
                    }
                }
                let line_start = before
                    .iter()
                    .rposition(|&b| b == b'\n' || b == b'\r')
                    .map_or(0, |i| i + 1);
                assert_eq!(g.line, breaks + 1, "round {round} capacity {capacity}");
                assert_eq!(
                    g.column as usize,
                    at - line_start + 1,
                    "round {round} cap {capacity}"
                );
                games.push((g.offset, g.bytes.len(), g.line, g.column, g.index));
            }
            // Holds at most about 2 * MAX_GAME_BYTES and a read (capacity: the next power of 2).
            assert!(buffer_capacity <= 4 * MAX_GAME_BYTES + 2 * capacity);
            all.push(games);
        }
        for other in &all[1..] {
            assert_eq!(other, &all[0], "round {round}");
        }
    }
}
