//! The reader's limits (as `docs/robustness.md` documents them), each with
//! a generated input just over it, and just under it where that is cheap: over a limit, an
//! error at the right line and column and exit code 1; the next game of the file and the
//! other files of the run (`good.pdn`) are still read.

use crate::harness::*;
use pdnkit::pdn::{ColumnUnit, Hole, Locator, ParsedGame, RawGame, Scanner, SyntaxErrorKind};

// The limits, from docs/robustness.md's table.
/// A game's bytes: 4 MiB.
pub(crate) const MAX_GAME_BYTES: usize = 4 << 20;
/// A comment's bytes: 1 MiB.
const MAX_COMMENT_BYTES: usize = 1 << 20;
/// A tag name's bytes: 64.
const MAX_TAG_NAME_BYTES: usize = 64;
/// A tag value's bytes: 64 KiB.
const MAX_TAG_VALUE_BYTES: usize = 64 << 10;
/// A token's bytes: 256.
const MAX_TOKEN_BYTES: usize = 256;
/// Tokens, tags and findings of a game: 100,000.
pub(crate) const MAX_TOKENS: usize = 100_000;
/// Moves of a game, main line and variations: 10,000.
const MAX_MOVES: usize = 10_000;

const FIRST: &str = "[Event \"first\"]\n1. c3-d4 d6-c5 *\n";
const LAST: &str = "\n[Event \"last\"]\n1. c3-d4 d6-c5 *\n";

/// `FIRST`, then `game` starting on line 3, then `LAST` (4 games with `good.pdn`): runs it
/// through `validate`, `stats` and `convert`, and returns what `validate` said.
fn around(d: &Dir, name: &str, game: &[u8], code: i32) -> String {
    let mut text = FIRST.as_bytes().to_vec();
    text.extend_from_slice(game);
    text.extend_from_slice(LAST.as_bytes());
    let f = d.write(name, &text);
    drop(text);
    let run = d.check(&f, code, 5);
    assert!(!run.stdout.contains("game 1:"), "{}", run.stdout);
    assert!(!run.stdout.contains("game 3:"), "{}", run.stdout);
    run.stdout
}

/// Exactly one error, `error` (`line:column: error[syntax]: game 2: ...(kind)`), in `out`.
fn one_error(out: &str, name: &str, at: &str, kind: &str) {
    let errors: Vec<&str> = out.lines().filter(|l| l.contains("error[")).collect();
    assert_eq!(errors.len(), 1, "{out}");
    let line = errors[0];
    let head = format!("{name}:{at}: error[syntax]: game 2: ");
    assert!(line.contains(&head), "want {head} in {line}");
    assert!(
        line.ends_with(&format!("({kind})")),
        "want {kind} in {line}"
    );
}

/// Game 2 made by `game` with `limit` (valid), then with `limit + 1`: one error `kind`, at
/// the line and column `at` finds in that game's text.
fn under_and_over(
    d: &Dir,
    limit: usize,
    game: impl Fn(usize) -> String,
    at: impl Fn(&str) -> String,
    kind: &str,
) {
    let out = around(d, "under.pdn", game(limit).as_bytes(), 0);
    assert!(!out.contains("error["), "{out}");
    let over = game(limit + 1);
    let out = around(d, "over.pdn", over.as_bytes(), 1);
    one_error(&out, "over.pdn", &at(&over), kind);
}

/// `[Event "big"]`, `1. c3-d4`, comments of at most [`MAX_COMMENT_BYTES`], `d6-c5 *`:
/// `len` bytes in all.
fn game_of(len: usize) -> Vec<u8> {
    let (head, tail) = (
        b"[Event \"big\"]\n1. c3-d4 ".as_slice(),
        b" d6-c5 *".as_slice(),
    );
    let mut game = head.to_vec();
    let mut room = len - head.len() - tail.len();
    while room >= 3 {
        let n = room.min(MAX_COMMENT_BYTES + 1); // a comment and a space
        game.push(b'{');
        game.resize(game.len() + n - 3, b'x');
        game.extend_from_slice(b"} ");
        room -= n;
    }
    game.resize(game.len() + room, b' ');
    game.extend_from_slice(tail);
    game
}

#[test]
fn game_size() {
    let d = Dir::new();
    // Just under: one game of exactly MAX_GAME_BYTES, valid.
    let game = game_of(MAX_GAME_BYTES);
    assert_eq!(game.len(), MAX_GAME_BYTES);
    let out = around(&d, "under.pdn", &game, 0);
    assert!(!out.contains("error["), "{out}");
    // One byte more: skipped, reported at its start.
    let game = game_of(MAX_GAME_BYTES + 1);
    let out = around(&d, "over.pdn", &game, 1);
    one_error(&out, "over.pdn", "3:1", "game-too-long");
    // Far more, in moves: streamed past, and the next game read.
    let mut game = b"[Event \"long\"]\n".to_vec();
    while game.len() < 3 * MAX_GAME_BYTES {
        game.extend_from_slice(b"1. c3-d4 d6-c5 2. d4-e5 f6:d4 ");
    }
    game.extend_from_slice(b"1-0");
    let out = around(&d, "moves.pdn", &game, 1);
    one_error(&out, "moves.pdn", "3:1", "game-too-long");
    // Starting in the middle of a line, after another game.
    let mut text = FIRST.as_bytes().to_vec();
    text.extend_from_slice(b"1. c3-d4 * ");
    text.extend_from_slice(&game[15..]);
    text.extend_from_slice(LAST.as_bytes());
    let f = d.write("midline.pdn", &text);
    let run = d.check(&f, 1, 6);
    let want = "midline.pdn:3:12: error[syntax]: game 3: the game is longer";
    assert!(run.stdout.contains(want), "{}", run.stdout);
}

#[test]
fn an_unclosed_comment_far_from_the_end_of_the_file() {
    let d = Dir::new();
    // Within MAX_GAME_BYTES of the end: the comment ends with its line, the rest is read.
    let mut text = b"[Event \"a\"]\n1. c3-d4 {no end\nd6-c5 *\n".to_vec();
    text.extend_from_slice(LAST.as_bytes());
    let f = d.write("near.pdn", &text);
    let run = d.check(&f, 1, 4);
    assert!(
        run.stdout
            .contains("near.pdn:2:10: error[syntax]: game 1: comment")
    );
    // Further: too far to read again; the comment runs to the end and the game is too long.
    let mut text = b"[Event \"a\"]\n1. c3-d4 {no end\n".to_vec();
    while text.len() <= MAX_GAME_BYTES + 100 {
        text.extend_from_slice(LAST.as_bytes());
    }
    let f = d.write("far.pdn", &text);
    let run = d.check(&f, 1, 3);
    assert!(
        run.stdout
            .contains("far.pdn:1:1: error[syntax]: game 1: the game is longer")
    );
    // Outside a game too: reported as a game too long, at the `{`.
    let f = d.write("outside.pdn", &text[21..]);
    let run = d.check(&f, 1, 3);
    assert!(
        run.stdout
            .contains("outside.pdn:1:1: error[syntax]: game 1: the game is longer")
    );
}

#[test]
fn comment_length() {
    let d = Dir::new();
    let with = |len: usize| format!("1. c3-d4 {{{}}} d6-c5 *", "c".repeat(len - 2));
    let at = |_: &str| "3:10".to_string();
    under_and_over(&d, MAX_COMMENT_BYTES, with, at, "comment-too-long");
    // A `%` comment runs to its line end.
    let mut game = b"1. c3-d4 d6-c5\n% ".to_vec();
    game.resize(game.len() + MAX_COMMENT_BYTES, b'p');
    game.extend_from_slice(b"\n*");
    let out = around(&d, "percent.pdn", &game, 1);
    one_error(&out, "percent.pdn", "4:1", "comment-too-long");
}

#[test]
fn tag_length() {
    let d = Dir::new();
    let tag = |name: usize, value: usize| {
        let mut game = b"[T".to_vec();
        game.resize(game.len() + name - 1, b'n');
        game.extend_from_slice(b" \"");
        game.resize(game.len() + value, b'v');
        game.extend_from_slice(b"\"]\n1. c3-d4 d6-c5 *");
        game
    };
    let under = tag(MAX_TAG_NAME_BYTES, MAX_TAG_VALUE_BYTES);
    let out = around(&d, "under.pdn", &under, 0);
    assert!(!out.contains("error["), "{out}");
    let out = around(&d, "name.pdn", &tag(MAX_TAG_NAME_BYTES + 1, 1), 1);
    one_error(&out, "name.pdn", "3:1", "tag-too-long");
    let out = around(&d, "value.pdn", &tag(1, MAX_TAG_VALUE_BYTES + 1), 1);
    one_error(&out, "value.pdn", "3:1", "tag-too-long");
    // Bytes as written count: 60 bytes that are not UTF-8 (180 bytes once decoded) are fine.
    let mut odd = b"[T".to_vec();
    odd.resize(62, 0xff);
    odd.extend_from_slice(b" \"v\"]\n1. c3-d4 d6-c5 *");
    let out = around(&d, "odd.pdn", &odd, 0);
    assert!(
        out.contains("(bad-tag-name)") && !out.contains("error["),
        "{out}"
    );
    // A long name does not count as a repeat when games are split: one game still.
    let mut long = "[".to_string() + &"N".repeat(MAX_TAG_NAME_BYTES + 1) + " \"a\"]\n";
    long = long.clone() + &long + "1. c3-d4 d6-c5 *";
    let out = around(&d, "twice.pdn", long.as_bytes(), 1);
    assert_eq!(out.matches("(tag-too-long)").count(), 2, "{out}");
}

#[test]
fn token_length() {
    let d = Dir::new();
    // A move number with leading zeros, as long as a token may be: move 1.
    let number = |len: usize| format!("{:0>len$} c3-d4 d6-c5 *", "1.");
    let at = |_: &str| "3:1".to_string();
    under_and_over(&d, MAX_TOKEN_BYTES, number, at, "token-too-long");
    // A huge word: unreadable, skipped without being held.
    let game = format!("1. c3-d4 {} d6-c5 *", "q".repeat(3 * MAX_GAME_BYTES / 4));
    let out = around(&d, "word.pdn", game.as_bytes(), 1);
    one_error(&out, "word.pdn", "3:10", "token-too-long");
}

#[test]
fn tokens_per_game() {
    let d = Dir::new();
    // A tag, `1.`, `c3-d4`, NAGs, `d6-c5`, `*`: `count` tokens and tags in all.
    let nags = |count: usize| format!("[E \"t\"]\n1. c3-d4 {}d6-c5 *", "$1 ".repeat(count - 5));
    // The `*` is the token past the limit.
    let at = |over: &str| format!("4:{}", over.len() - 1 - over.rfind('\n').unwrap());
    under_and_over(&d, MAX_TOKENS, nags, at, "too-many-tokens");
}

#[test]
fn moves_per_game() {
    let d = Dir::new();
    // `1. c3-d4`, then alternatives to it, then `d6-c5`: `count` moves in all, all legal.
    let moves = |count: usize| format!("1. c3-d4 {}d6-c5 *", "(c3-b4) ".repeat(count - 2));
    // `d6-c5` is the move past the limit.
    let at = |over: &str| format!("3:{}", over.len() - 6);
    under_and_over(&d, MAX_MOVES, moves, at, "too-many-moves");
}

#[test]
fn variation_depth() {
    let d = Dir::new();
    // Each variation replaces the move before it with another legal first move.
    let nested = |depth: usize| {
        let mut game = "1. c3-d4 ".to_string();
        for level in 0..depth {
            game.push_str(if level % 2 == 0 { "(c3-b4 " } else { "(c3-d4 " });
        }
        game.push_str(&")".repeat(depth));
        game + " d6-c5 *"
    };
    let out = around(&d, "under.pdn", nested(64).as_bytes(), 0);
    assert!(!out.contains("nested deeper"), "{out}");
    let out = around(&d, "over.pdn", nested(65).as_bytes(), 0);
    assert!(
        out.contains(&format!(
            "over.pdn:3:{}: warning[syntax]: game 2: variations nested deeper than 64",
            10 + 64 * 7
        )),
        "{out}"
    );
    // 1,000,000 levels: no stack overflow; the token limit cuts the game.
    let million = format!(
        "1. c3-d4 {}{} *",
        "(".repeat(1_000_000),
        ")".repeat(1_000_000)
    );
    let out = around(&d, "million.pdn", million.as_bytes(), 1);
    assert!(out.contains("(too-many-tokens)"), "{out}");
}

#[test]
fn games_per_file() {
    // No limit: a million games, numbered and located to the last.
    let d = Dir::new();
    let mut text = "1. c3-d4 d6-c5 *\n".repeat(999_999);
    text.push_str("1. c3-d4 c3-d4 *\n");
    let f = d.write("million.pdn", text.as_bytes());
    drop(text);
    let run = pdnkit_run(&["validate", "--format", "short"], &[&f, &d.good()]);
    run.expect(1);
    assert_eq!(run.games(), 1_000_002);
    let errors: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.contains("error["))
        .collect();
    assert_eq!(errors.len(), 1, "{}", run.stdout);
    assert!(
        errors[0].contains("million.pdn:1000000:10: error[illegal-move]: game 1000000,"),
        "{}",
        errors[0]
    );
}

/// Value bytes a tag keeps before its hole: two per value byte past the limit, were each
/// escaped (`\\`).
const KEPT_BEFORE_HOLE: usize = 2 * (MAX_TAG_VALUE_BYTES + 1);

/// What the scanner hands out of each game of `text` read `capacity` bytes at a time: its
/// bytes, offset, hole, findings (kind, offset, length), tags (name, offset, column) and
/// token offsets.
type Scanned = (
    Vec<u8>,
    u64,
    Option<Hole>,
    Vec<(SyntaxErrorKind, u64, u32)>,
    Vec<(String, u64, u32)>,
    Vec<u64>,
);

fn scan(text: &[u8], capacity: usize) -> Vec<Scanned> {
    let mut scanner = Scanner::new(std::io::BufReader::with_capacity(capacity, text));
    let mut games = Vec::new();
    let mut each = super::scanner::Whole(|raw: &RawGame, read: &ParsedGame| {
        let mut locator = Locator::new(raw, ColumnUnit::Utf8Chars);
        let errors = read.errors.iter().map(|e| (e.kind, e.offset, e.len));
        let tags = read.tags.iter().map(|t| {
            let column = locator.locate(t.offset).column;
            (t.name.clone(), t.offset, column)
        });
        let tags: Vec<_> = tags.collect();
        let tokens = read.tokens.iter().map(|t| t.offset).collect();
        (
            raw.bytes.to_vec(),
            raw.offset,
            raw.hole,
            errors.collect(),
            tags,
            tokens,
        )
    });
    while let Some(game) = scanner.read_game(&mut each).unwrap() {
        games.push(game);
    }
    assert!(scanner.buffer_capacity() < 4 * KEPT_BEFORE_HOLE + 2 * capacity);
    games
}

/// Hand-worked: a value of 300 KiB is left out past its first [`KEPT_BEFORE_HOLE`] bytes, up
/// to its closing quote; the game's findings, tags and tokens are where they are in the
/// file (the tag after it on its line at its column), the same at every read size.
#[test]
fn a_tag_value_past_the_limit_is_read_through_a_hole() {
    let n = 300 << 10;
    let tag = format!("[Event \"{}\"]", "ж".repeat(n / 2)); // n bytes, n / 2 characters
    let text = format!("{tag} [Site \"y\"] 1. c3-d4 *\n\n[Event \"b\"]\n1. c3-d4 *\n");
    let at = |s: &str| text.find(s).unwrap() as u64;
    let cut = 8 + KEPT_BEFORE_HOLE;
    let hole = Hole {
        at: cut as u64,
        len: (n - KEPT_BEFORE_HOLE) as u64,
        chars: ((n - KEPT_BEFORE_HOLE) / 2) as u64,
    };
    let end = text.find(" *").unwrap() + 2;
    let mut bytes = text.as_bytes()[..cut].to_vec();
    bytes.extend_from_slice(&text.as_bytes()[8 + n..end]);
    let column = (tag.chars().count() + 2) as u32;
    let first = (
        bytes,
        0,
        Some(hole),
        vec![(SyntaxErrorKind::TagTooLong, 0, tag.len() as u32)],
        vec![("Site".to_string(), at("[Site"), column)],
        vec![at("1."), at("c3-d4"), at(" *") + 1],
    );
    for capacity in [1, 7, 4096, 1 << 20] {
        let games = scan(text.as_bytes(), capacity);
        assert_eq!(games.len(), 2, "read {capacity} at a time");
        assert!(games[0] == first, "read {capacity} at a time");
        assert_eq!((games[1].1, games[1].2), (at("[Event \"b"), None));
    }
    // No hole where the tag may end before it (a `]`), or the quoted value is not long
    // enough for one; one where the file ends in it, with the tag's findings as without.
    let early = format!("[Event \"a]{}\"]\n1. c3-d4 *\n", "x".repeat(n));
    let game = &scan(early.as_bytes(), 4096)[0];
    assert_eq!((game.0.len(), game.2), (early.len() - 1, None));
    let short = format!("[Event \"{}\"]\n1. c3-d4 *\n", "x".repeat(KEPT_BEFORE_HOLE));
    assert_eq!(scan(short.as_bytes(), 4096)[0].2, None);
    let open = format!("[Event \"{}", "x".repeat(n));
    let game = &scan(open.as_bytes(), 4096)[0];
    assert_eq!(game.0.len(), cut);
    use SyntaxErrorKind::{TagTooLong, UnterminatedTag, UnterminatedTagValue};
    let len = open.len() as u32;
    let mut findings = game.3.clone();
    findings.sort_by_key(|f| (f.1, format!("{:?}", f.0)));
    let mut want = vec![
        (UnterminatedTag, 0, len),
        (TagTooLong, 0, len),
        (UnterminatedTagValue, 7, len - 7),
    ];
    want.sort_by_key(|f| (f.1, format!("{:?}", f.0)));
    assert_eq!(findings, want);
}
