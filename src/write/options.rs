//! How canonical PDN is written: the notation of squares and captures, the style of results,
//! what is left out.

use crate::notation::fen::FenNotation;
use crate::rules::square::Corner;

/// How squares are written.
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
/// assert!(canonical(pdn, &PdnOptions::default())?.text.contains("1. c3-d4 f6-e5 2. d4:f6 g7:e5 *"));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Notation {
    /// `c3-d4`, GameType notation `A0`.
    #[default]
    Alpha,
    /// `32-27`, GameType notation `N2` (square 1 = b8).
    Numeric,
}

/// How captures are written.
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
/// use pdnkit::write::Captures;
///
/// // The man on c3 takes d4 and f6.
/// let pdn = "[GameType \"25\"]\n[SetUp \"1\"]\n[FEN \"W:Wc3:Bd4,f6\"]\n\n1. c3:g7 1-0\n";
/// let mut options = PdnOptions::default();
/// assert!(canonical(pdn, &options)?.text.contains("1. c3:g7 1-0"));
/// options.captures = Captures::Full;
/// assert!(canonical(pdn, &options)?.text.contains("1. c3:e5:g7 1-0"));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Captures {
    /// Start and end squares, the full path only where it is needed.
    #[default]
    Short,
    /// Every landing square.
    Full,
}

/// How results are written.
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
/// use pdnkit::write::ResultStyle;
///
/// let pdn = "[GameType \"25\"]\n1. c3-d4 f6-e5 1-0\n";
/// let mut options = PdnOptions::default();
/// options.results = ResultStyle::International;
/// let text = canonical(pdn, &options)?.text;
/// assert!(text.contains("[Result \"2-0\"]") && text.trim_end().ends_with("f6-e5 2-0"), "{text}");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ResultStyle {
    /// As declared in the game (`*` if none).
    #[default]
    Keep,
    /// `1-0 0-1 1/2-1/2 0-0 *`.
    Default,
    /// `2-0 0-2 1-1 0-0 *`.
    International,
}

/// What `--strip` leaves out.
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
/// use pdnkit::write::Strip;
///
/// let pdn = "[GameType \"25\"]\n1. c3-d4 {a good start} (1. a3-b4) f6-e5 $1 *\n";
/// let mut options = PdnOptions::default();
/// // Black's move after a variation gets its number again.
/// assert!(canonical(pdn, &options)?.text.contains("1. c3-d4 {a good start} (1. a3-b4) 1... f6-e5 $1 *"));
/// options.strip = Strip { comments: true, variations: true, nags: true };
/// assert!(canonical(pdn, &options)?.text.contains("1. c3-d4 f6-e5 *"));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Strip {
    /// Comments (`{...}`, `%...`, `;...`); those naming errors are still written.
    pub comments: bool,
    /// Variations, with all they hold.
    pub variations: bool,
    /// NAGs (`$3`) and strength marks (`!`, `?!`).
    pub nags: bool,
}

#[derive(Clone, Copy, Debug, Default)]
/// How canonical PDN is written ([`super::write_game`]).
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
/// use pdnkit::write::Notation;
///
/// let pdn = "[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 *\n";
/// let mut options = PdnOptions::default();
/// options.notation = Notation::Numeric; // square 1 = b8
/// let text = canonical(pdn, &options)?.text;
/// assert!(text.contains("[GameType \"25,W,8,8,N2,0\"]"), "{text}");
/// assert!(text.contains("1. 22-18 11-15 2. 18:11 8:15 *"), "{text}");
/// # Ok::<(), std::io::Error>(())
/// ```
#[non_exhaustive]
pub struct PdnOptions {
    /// How squares are written.
    pub notation: Notation,
    /// How captures are written.
    pub captures: Captures,
    /// How results are written.
    pub results: ResultStyle,
    /// What is left out.
    pub strip: Strip,
    /// Write the result the board proves where the declared one disagrees with it.
    pub fix_results: bool,
    /// Leave out the `{pdnkit: ...}` comments that name the errors of an invalid game
    /// (`pdnkit fmt` reshapes a user's file; it does not write its verdicts into it).
    pub no_error_comments: bool,
}

impl PdnOptions {
    /// The numbering of numeric squares written; None for alphanumeric squares.
    pub(super) fn corner(&self) -> Option<Corner> {
        match self.notation {
            Notation::Alpha => None,
            Notation::Numeric => Some(Corner::TopLeft),
        }
    }

    /// The notation of FENs written.
    pub(super) fn fen_notation(&self) -> FenNotation {
        match self.corner() {
            None => FenNotation::Alpha,
            Some(corner) => FenNotation::Numeric(corner),
        }
    }
}
