//! What the scanner tells about each game: the [`Visitor`] trait, in the manner of
//! pgn-reader's. The [`super::Scanner`] reads the syntax only and calls the visitor once per
//! construct, in the order of the input; what a move means, what to keep and what to write
//! is the visitor's business. Splitting, syntax checking, validation, conversion and
//! statistics are visitors over the one scanner.
//!
//! Order of the calls for one game:
//!
//! 1. [`Visitor::begin_game`] (skip: nothing more but [`Visitor::end_game`]);
//! 2. [`Visitor::tag`] for each tag pair of the tag section;
//! 3. [`Visitor::begin_movetext`], once, where the tag section ends (skip: no more movetext
//!    events);
//! 4. the movetext, construct by construct: [`Visitor::move_number`],
//!    [`Visitor::written_move`], [`Visitor::nag`], [`Visitor::comment`], [`Visitor::setup`],
//!    [`Visitor::begin_variation`] (skip by default: nothing up to its `)` is told, not even
//!    its end) ... [`Visitor::end_variation`], [`Visitor::result`] (also inside variations),
//!    [`Visitor::unreadable`] for text that is no construct;
//! 5. [`Visitor::end_game`] with the game's bytes as written and everything read in it (the
//!    events told, gathered into one [`ParsedGame`]).
//!
//! Before a game, [`Visitor::between`] tells the text between it and the game before (or the
//! start of the input) when there is any: a preamble, comments after a game, blank lines;
//! after the last game, the text that follows it. So everything the input holds is told, in
//! order, in one pass.
//!
//! A visitor that needs each game whole (to replay it) skips the events
//! ([`Visitor::begin_game`] returns `Skip(true)`) and takes the game as read at
//! [`Visitor::end_game`]: the scanner gathers it anyway, so nothing is copied.
//!
//! [`Visitor::finding`] comes between them, before the construct at or after its offset, for
//! every game that is not skipped whole (also inside skipped movetext and variations: the
//! syntax of a game does not depend on what a visitor looks at). Every construct comes with
//! its [`Span`]: its offset in the input and its bytes exactly as written, so a visitor can
//! copy the text it does not change.

use super::error::SyntaxError;
use super::movetext::WrittenMove;
use super::raw_game::{CommentStyle, ParsedGame, RawGame, SetupCommand};
use super::result::GameResult;
use super::tag::Tag;

/// Whether to skip what a call announces (`Skip(true)`) or read it (`Skip(false)`).
///
/// ```
/// use pdnkit::pdn::{ParsedGame, RawGame, Scanner, Skip, Span, Visitor, WrittenMove};
///
/// /// Counts moves, with those of variations or without.
/// struct Moves {
///     variations: bool,
///     count: usize,
/// }
/// impl Visitor for Moves {
///     type Output = usize;
///     fn begin_variation(&mut self, _span: Span<'_>) -> Skip {
///         Skip(!self.variations)
///     }
///     fn written_move(&mut self, _mv: &WrittenMove, _span: Span<'_>) {
///         self.count += 1;
///     }
///     fn end_game(&mut self, _game: &RawGame<'_>, _read: &ParsedGame) -> usize {
///         std::mem::take(&mut self.count)
///     }
/// }
/// let pdn = "1. c3-d4 (1. a3-b4 b6-a5) f6-e5 *";
/// let count = |variations| {
///     let mut moves = Moves { variations, count: 0 };
///     Scanner::new(pdn.as_bytes()).read_game(&mut moves).map(Option::unwrap)
/// };
/// assert_eq!(count(false)?, 2); // variations are skipped by default
/// assert_eq!(count(true)?, 4);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skip(pub bool);

/// One construct as written: its absolute byte offset and its bytes.
///
/// ```
/// use pdnkit::pdn::{ParsedGame, RawGame, Scanner, Span, Visitor, WrittenMove};
///
/// /// Each move's offset and text as written.
/// #[derive(Default)]
/// struct Moves(Vec<(u64, String)>);
/// impl Visitor for Moves {
///     type Output = Vec<(u64, String)>;
///     fn written_move(&mut self, _mv: &WrittenMove, span: Span<'_>) {
///         self.0.push((span.offset, String::from_utf8_lossy(span.text).into_owned()));
///     }
///     fn end_game(&mut self, _game: &RawGame<'_>, _read: &ParsedGame) -> Self::Output {
///         std::mem::take(&mut self.0)
///     }
/// }
/// let moves = Scanner::new(&b"1. c3-d4 f6-e5 *"[..]).read_game(&mut Moves::default())?;
/// assert_eq!(moves, Some(vec![(3, "c3-d4".into()), (9, "f6-e5".into())]));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span<'a> {
    /// Absolute byte offset in the input.
    pub offset: u64,
    /// The bytes as written.
    pub text: &'a [u8],
}

/// The receiver of the scanner's events; every method but [`Visitor::end_game`] does
/// nothing by default.
///
/// ```
/// use pdnkit::pdn::{ParsedGame, RawGame, Scanner, Skip, Visitor};
///
/// /// The Event tag of each game, its movetext not read at all.
/// struct Events;
/// impl Visitor for Events {
///     type Output = Option<String>;
///     fn begin_movetext(&mut self, _offset: u64) -> Skip {
///         Skip(true)
///     }
///     fn end_game(&mut self, _game: &RawGame<'_>, read: &ParsedGame) -> Option<String> {
///         read.tag("Event").map(|tag| tag.value_lossy().into_owned())
///     }
/// }
/// let pdn = "[Event \"Club\"]\n1. c3-d4 *\n\n1. a3-b4 *\n";
/// let mut scanner = Scanner::new(pdn.as_bytes());
/// assert_eq!(scanner.read_game(&mut Events)?, Some(Some("Club".to_string())));
/// assert_eq!(scanner.read_game(&mut Events)?, Some(None));
/// assert_eq!(scanner.read_game(&mut Events)?, None); // the end of the input
/// # Ok::<(), std::io::Error>(())
/// ```
pub trait Visitor {
    /// What [`Visitor::end_game`] makes of a game (handed out by
    /// [`super::Scanner::read_game`]).
    type Output;

    /// Text between games (before the game about to be told, or after the last one): a
    /// preamble, comments after a game, blank lines. Text longer than
    /// `MAX_GAME_BYTES` is not told (it is no text between games).
    fn between(&mut self, _text: Span<'_>) {}

    /// A game starts: its bytes and where they are. `Skip(true)`: nothing more is wanted but
    /// [`Visitor::end_game`].
    fn begin_game(&mut self, _game: &RawGame<'_>) -> Skip {
        Skip(false)
    }

    /// A tag pair (its value unescaped, raw bytes: decode with the file's [`crate::text::TextEncoding`]).
    fn tag(&mut self, _tag: &Tag, _span: Span<'_>) {}

    /// The tag section ended at `offset` (the first movetext construct, or the end of a game
    /// without movetext). `Skip(true)`: no movetext events for this game.
    fn begin_movetext(&mut self, _offset: u64) -> Skip {
        Skip(false)
    }

    /// `12.` (`black: false`), `12...` (`black: true`); also `1. ...` (one span).
    fn move_number(&mut self, _number: u32, _black: bool, _span: Span<'_>) {}

    /// A move as written, with its strength marks (`c3-d4!`, `c3-d4(!?)`, in the span).
    fn written_move(&mut self, _mv: &WrittenMove, _span: Span<'_>) {}

    /// `$3`.
    fn nag(&mut self, _nag: u16, _span: Span<'_>) {}

    /// A comment; `body` is its text without the delimiters (`{`, `}`, `%`, `;`).
    fn comment(&mut self, _style: CommentStyle, _body: &[u8], _span: Span<'_>) {}

    /// A setup command `/FEN "..."/`.
    fn setup(&mut self, _command: &SetupCommand, _span: Span<'_>) {}

    /// A `(` opens a variation. Skipped by default (`Skip(true)`): nothing up to its `)` is
    /// told but findings.
    fn begin_variation(&mut self, _span: Span<'_>) -> Skip {
        Skip(true)
    }

    /// The `)` of a variation that was read.
    fn end_variation(&mut self, _span: Span<'_>) {}

    /// A result: the game's own at the top level, or one written inside a variation.
    fn result(&mut self, _result: GameResult, _span: Span<'_>) {}

    /// Text that is no construct (a finding says why).
    fn unreadable(&mut self, _span: Span<'_>) {}

    /// A syntax finding, error or warning.
    fn finding(&mut self, _finding: &SyntaxError) {}

    /// The game ended: its bytes as written (of a game longer than
    /// `MAX_GAME_BYTES`, only the first ones), and `read`, everything read
    /// in it (the tags, tokens and findings the events tell, in their order), also when the
    /// events were skipped.
    fn end_game(&mut self, game: &RawGame<'_>, read: &ParsedGame) -> Self::Output;
}
