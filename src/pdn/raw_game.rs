//! A game as the scanner reads it: [`RawGame`], its bytes and where they are, and
//! [`ParsedGame`], its tags, its movetext as a flat list of [`Token`]s with absolute byte
//! offsets (variations as `VariationStart`/`VariationEnd` markers, setup commands as
//! [`SetupCommand`]s), and its findings. Syntax only: no board, no legality. A
//! [`ParsedGame`] is reused from game to game, so that a stream is read without allocating
//! per game, and a move allocates nothing in the common case (see [`WrittenMove`]).

use super::error::{SyntaxError, SyntaxErrorKind};
use super::limits::MAX_VARIATION_DEPTH;
use super::movetext::WrittenMove;
use super::result::GameResult;
use super::tag::Tag;

/// The bytes of one game and where they are in the file.
///
/// ```
/// use pdnkit::pdn::{ParsedGame, RawGame, Scanner, Visitor};
///
/// /// Where each game is, and how long.
/// struct Place;
/// impl Visitor for Place {
///     type Output = (u64, u32, u32, usize, u64);
///     fn end_game(&mut self, game: &RawGame<'_>, _read: &ParsedGame) -> Self::Output {
///         (game.offset, game.line, game.column, game.index, game.end_offset())
///     }
/// }
/// let pdn = "[Event \"A\"]\n1. c3-d4 *\n\n[Event \"B\"]\n1. c3-d4 *\n";
/// let mut scanner = Scanner::new(pdn.as_bytes());
/// assert_eq!(scanner.read_game(&mut Place)?, Some((0, 1, 1, 1, 22)));
/// assert_eq!(scanner.read_game(&mut Place)?, Some((24, 4, 1, 2, 46)));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawGame<'a> {
    /// From the game's first tag or token to the end of its last token; of a game longer
    /// than `MAX_GAME_BYTES`, only the first `MAX_GAME_BYTES + 1` bytes.
    pub bytes: &'a [u8],
    /// Absolute byte offset of `bytes[0]` in the file.
    pub offset: u64,
    /// 1-based line of `bytes[0]`.
    pub line: u32,
    /// 1-based column of `bytes[0]` on its line (a game may start after the end of another
    /// on the same line), in characters: bytes that do not continue a UTF-8 character.
    pub column: u32,
    /// 1-based number of the game in the file.
    pub index: usize,
    /// Bytes of the game left out of `bytes` (see [`Hole`]); `None` for most games.
    pub hole: Option<Hole>,
}

/// Bytes of a game that the reader does not hold: the rest of a tag value past
/// `MAX_TAG_VALUE_BYTES`, streamed past as it is read. The game's bytes are its text
/// without them: they read as the same tags and constructs, the value still past the limit
/// (the same findings, so the game, written as it was read, reads back the same). At most
/// one a game, always inside a tag's line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hole {
    /// Absolute offset of its first byte.
    pub at: u64,
    /// Bytes left out.
    pub len: u64,
    /// Characters left out: bytes that do not continue a UTF-8 character (a column in
    /// characters after it counts them; no line break is left out).
    pub chars: u64,
}

impl Hole {
    /// Offset just after it.
    pub fn end(&self) -> u64 {
        self.at + self.len
    }
}

/// Index in `bytes` (starting at absolute `offset`, `hole` left out) of absolute `at`; an
/// offset inside the hole is where it is left out.
pub(crate) fn index_in(offset: u64, hole: Option<Hole>, at: u64) -> usize {
    let at = match hole {
        Some(hole) if at >= hole.end() => at - hole.len,
        Some(hole) if at > hole.at => hole.at,
        _ => at,
    };
    usize::try_from(at.saturating_sub(offset)).unwrap_or(usize::MAX)
}

impl<'a> RawGame<'a> {
    /// Absolute offset just after the last byte handed out (a [`Hole`] counted).
    pub fn end_offset(&self) -> u64 {
        self.offset + self.bytes.len() as u64 + self.hole.map_or(0, |hole| hole.len)
    }

    /// Index in `bytes` of absolute `offset`.
    pub(crate) fn index(&self, offset: u64) -> usize {
        index_in(self.offset, self.hole, offset)
    }

    /// The `len` bytes at absolute `offset` (empty where they are not in the game).
    pub(crate) fn text_at(&self, offset: u64, len: u32) -> &'a [u8] {
        self.bytes.get(self.range(offset, len)).unwrap_or_default()
    }

    /// [`RawGame::text_at`] cut from `utf8`, the game's bytes read as UTF-8 (None where
    /// that is not a whole number of characters).
    pub(crate) fn utf8_at(&self, utf8: &'a str, offset: u64, len: u32) -> Option<&'a str> {
        utf8.get(self.range(offset, len))
    }

    fn range(&self, offset: u64, len: u32) -> std::ops::Range<usize> {
        let from = self.index(offset);
        from..self.index(offset.saturating_add(u64::from(len))).max(from)
    }
}

/// How a comment was written.
///
/// ```
/// # use pdnkit::pdn::{ParsedGame, RawGame, Scanner, Visitor};
/// # /// Keeps each game as read.
/// # struct Keep;
/// # impl Visitor for Keep {
/// #     type Output = ParsedGame;
/// #     fn end_game(&mut self, _game: &RawGame<'_>, read: &ParsedGame) -> ParsedGame {
/// #         read.clone()
/// #     }
/// # }
/// use pdnkit::pdn::{CommentStyle, TokenKind};
///
/// let pdn = "1. c3-d4 {a brace comment} f6-e5 ; to the end of the line\n*";
/// let game = Scanner::new(pdn.as_bytes()).read_game(&mut Keep)?.expect("a game");
/// let styles: Vec<CommentStyle> = game
///     .tokens
///     .iter()
///     .filter_map(|t| match t.kind {
///         TokenKind::Comment(style) => Some(style),
///         _ => None,
///     })
///     .collect();
/// assert_eq!(styles, [CommentStyle::Braces, CommentStyle::Semicolon]);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommentStyle {
    /// `{...}`, possibly spanning lines.
    Braces,
    /// `% ...` to the end of the line.
    Percent,
    /// `; ...` to the end of the line.
    Semicolon,
}

/// What a token is.
///
/// ```
/// # use pdnkit::pdn::{ParsedGame, RawGame, Scanner, Visitor};
/// # /// Keeps each game as read.
/// # struct Keep;
/// # impl Visitor for Keep {
/// #     type Output = ParsedGame;
/// #     fn end_game(&mut self, _game: &RawGame<'_>, read: &ParsedGame) -> ParsedGame {
/// #         read.clone()
/// #     }
/// # }
/// use pdnkit::pdn::TokenKind;
///
/// let game = Scanner::new(&b"12... f6-e5 *"[..]).read_game(&mut Keep)?.expect("a game");
/// assert_eq!(game.tokens[0].kind, TokenKind::MoveNumber { number: 12, black: true });
/// assert!(matches!(game.tokens[2].kind, TokenKind::Result(_)));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// `12.` (`black: false`) or `12...` (`black: true`).
    MoveNumber {
        /// The number as written.
        number: u32,
        /// Written with `...`: Black's move follows.
        black: bool,
    },
    /// A move, held inline (see [`WrittenMove`]: no allocation in the common case).
    Move(WrittenMove),
    /// `$3`
    Nag(u16),
    /// A comment, `{...}` or a line comment, in the style it was written.
    Comment(CommentStyle),
    /// `(`
    VariationStart,
    /// `)`
    VariationEnd,
    /// A game result such as `1-0` or `2-0`.
    Result(GameResult),
    /// `/FEN "..."/`
    Setup(Box<SetupCommand>),
    /// Unreadable text (always with a [`SyntaxErrorKind::UnknownToken`] or similar error).
    Unknown,
}

/// A setup command in movetext, `/FEN "W:W31,32:B1-5"/` (PDN 3.0): it sets up a new
/// position in the middle of a game. Only its syntax is read (the grammar's `SETUP`).
///
/// ```
/// # use pdnkit::pdn::{ParsedGame, RawGame, Scanner, Visitor};
/// # /// Keeps each game as read.
/// # struct Keep;
/// # impl Visitor for Keep {
/// #     type Output = ParsedGame;
/// #     fn end_game(&mut self, _game: &RawGame<'_>, read: &ParsedGame) -> ParsedGame {
/// #         read.clone()
/// #     }
/// # }
/// use pdnkit::pdn::TokenKind;
///
/// let pdn = "1. c3-d4 /FEN \"W:W31:B1\"/ *";
/// let game = Scanner::new(pdn.as_bytes()).read_game(&mut Keep)?.expect("a game");
/// let setup = game.tokens.iter().find_map(|t| match &t.kind {
///     TokenKind::Setup(command) => Some(command),
///     _ => None,
/// });
/// let setup = setup.expect("a setup command");
/// assert_eq!((setup.name.as_str(), setup.value.as_slice()), ("FEN", &b"W:W31:B1"[..]));
/// assert_eq!(setup.value_offset, 15);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SetupCommand {
    /// The command name, e.g. `FEN` (may be empty).
    pub name: String,
    /// The raw value bytes, unquoted and unescaped.
    pub value: Vec<u8>,
    /// Absolute byte offset of the first value byte.
    pub value_offset: u64,
}

/// One token: kind, absolute byte offset and length in bytes.
///
/// ```
/// use pdnkit::pdn::{ParsedGame, RawGame, Scanner, Visitor};
///
/// /// The text of each token, as written.
/// struct Texts;
/// impl Visitor for Texts {
///     type Output = Vec<String>;
///     fn end_game(&mut self, game: &RawGame<'_>, read: &ParsedGame) -> Vec<String> {
///         let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
///         read.tokens.iter().map(|token| text(token.text(game))).collect()
///     }
/// }
/// let pdn = "[Event \"Cup\"]\n1. c3-d4 {good} f6-e5 $1 1-0\n";
/// let texts = Scanner::new(pdn.as_bytes()).read_game(&mut Texts)?.expect("a game");
/// assert_eq!(texts, ["1.", "c3-d4", "{good}", "f6-e5", "$1", "1-0"]);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Token {
    /// What the token is.
    pub kind: TokenKind,
    /// Absolute byte offset in the input.
    pub offset: u64,
    /// Length in bytes.
    pub len: u32,
}

impl Token {
    /// The bytes of the token as written, from the game it was read from.
    pub fn text<'a>(&self, raw: &RawGame<'a>) -> &'a [u8] {
        raw.text_at(self.offset, self.len)
    }

    /// The text of a comment without its delimiters; `None` for other tokens.
    pub fn comment_text<'a>(&self, raw: &RawGame<'a>) -> Option<&'a [u8]> {
        let TokenKind::Comment(style) = self.kind else {
            return None;
        };
        let text = self.text(raw);
        let body = text.get(1..).unwrap_or_default();
        Some(match style {
            CommentStyle::Braces => body.strip_suffix(b"}").unwrap_or(body),
            CommentStyle::Percent | CommentStyle::Semicolon => body,
        })
    }
}

/// One game, read. The scanner reads every game into the same value, reusing its vectors
/// and tag buffers, so a stream is read without allocating per game.
///
/// ```
/// # use pdnkit::pdn::{ParsedGame, RawGame, Scanner, Visitor};
/// # /// Keeps each game as read.
/// # struct Keep;
/// # impl Visitor for Keep {
/// #     type Output = ParsedGame;
/// #     fn end_game(&mut self, _game: &RawGame<'_>, read: &ParsedGame) -> ParsedGame {
/// #         read.clone()
/// #     }
/// # }
/// use pdnkit::pdn::{CommentStyle, TokenKind};
///
/// let pdn = "[Event \"Cup\"]\n1. c3-d4 {good} f6-e5 $1 1-0\n";
/// let game = Scanner::new(pdn.as_bytes()).read_game(&mut Keep)?.expect("a game");
/// assert_eq!(game.tag("Event").map(|t| t.value_lossy().into_owned()).as_deref(), Some("Cup"));
/// let kinds: Vec<&TokenKind> = game.tokens.iter().map(|t| &t.kind).collect();
/// assert_eq!(kinds[0], &TokenKind::MoveNumber { number: 1, black: false });
/// assert!(matches!(kinds[1], TokenKind::Move(_)));
/// assert_eq!(kinds[2], &TokenKind::Comment(CommentStyle::Braces));
/// assert_eq!(kinds[4], &TokenKind::Nag(1));
/// assert_eq!(game.result().map(|(result, _)| result.text()), Some("1-0"));
/// assert!(game.errors.is_empty());
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParsedGame {
    /// The tags, in the order written.
    pub tags: Vec<Tag>,
    /// The movetext's tokens, in the order written.
    pub tokens: Vec<Token>,
    /// Syntax findings, in the order of their offsets.
    pub errors: Vec<SyntaxError>,
}

/// What a syntax check (nothing replayed) takes from a game's tokens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SyntaxSummary {
    /// Some move writes numeric squares.
    pub numeric: bool,
    /// Offset of the first `(` nested deeper than `MAX_VARIATION_DEPTH` (as the line
    /// builder counts: the first variation it skips).
    pub too_deep: Option<u64>,
}

/// The first result at the top level (outside variations) of a movetext's `tokens`.
pub(crate) fn top_level_result(tokens: &[Token]) -> Option<(GameResult, &Token)> {
    let mut depth = 0u64;
    for token in tokens {
        match &token.kind {
            TokenKind::VariationStart => depth += 1,
            TokenKind::VariationEnd => depth = depth.saturating_sub(1),
            TokenKind::Result(r) if depth == 0 => return Some((*r, token)),
            _ => {}
        }
    }
    None
}

impl ParsedGame {
    /// The first tag with this name (names compare exactly).
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }

    /// The first result at the top level (outside variations).
    pub fn result(&self) -> Option<(GameResult, &Token)> {
        top_level_result(&self.tokens)
    }

    /// Whether any finding has `Error` severity.
    pub fn has_errors(&self) -> bool {
        self.errors
            .iter()
            .any(|e| e.severity() == super::severity::Severity::Error)
    }

    /// Whether the rest of the game was skipped at a limit (see `limits.rs`): what was
    /// read is not the whole game, so it has no result or end to check.
    pub fn cut_short(&self) -> bool {
        use SyntaxErrorKind::{GameTooLong, TooManyMoves, TooManyTokens};
        self.errors
            .iter()
            .any(|e| matches!(e.kind, GameTooLong | TooManyMoves | TooManyTokens))
    }

    /// What a syntax check takes from the tokens.
    pub(crate) fn syntax_summary(&self) -> SyntaxSummary {
        let mut summary = SyntaxSummary::default();
        let mut depth = 0usize;
        for token in &self.tokens {
            match &token.kind {
                TokenKind::Move(written) => summary.numeric |= written.is_numeric(),
                TokenKind::VariationStart => {
                    depth += 1;
                    if depth > MAX_VARIATION_DEPTH && summary.too_deep.is_none() {
                        summary.too_deep = Some(token.offset);
                    }
                }
                TokenKind::VariationEnd => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        summary
    }
}
