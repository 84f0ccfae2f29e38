//! pdnkit: a rules engine and PDN toolkit for **Spantsiretti** (Russian draughts rules on a
//! 10x8 board, PDN GameType 41) and **Russian draughts** (8x8, GameType 25).
//!
//! The `pdnkit` command line is glue over this library, in its module `cli` (the default
//! feature `cli`). Built with `default-features = false`, the crate is the library alone,
//! without the command line and its dependencies (clap, indicatif, ignore, toml, regex,
//! globset, tempfile...). The crate forbids unsafe code; validation over several
//! threads uses the standard library's threads.
//!
//! # Overview
//!
//! The crate is laid out as its layers, each folder using only those below it:
//! [`text`] (encodings, escaping), [`pdn`] (the reader, syntax only), [`rules`] (the rules
//! engine), [`notation`] (FEN, move names, written moves resolved), [`diagnostic`] (what
//! validation reports), [`check`] (validation and the one driver), [`mod@write`] (JSON and
//! canonical PDN); above them, private to the crate, the random games of `pdnkit random`,
//! the statistics, the archive workflows and the HTML report that the command line (module
//! `cli`, feature `cli`) uses.
//!
//! The rules engine:
//! - [`Variant`]: the rule set (board, start position, when captured pieces are removed).
//! - [`Position`]: pieces as bitboards and the side to move; [`parse_fen`] and [`write_fen`]
//!   read and write it as PDN FEN.
//! - [`legal_moves`]: every legal [`Move`] of a position (a capture is one complete
//!   sequence); [`rules`] has the other questions ([`rules::has_capture`], a step, counts).
//! - [`Game`]: a game in progress, which knows when it is over by the rules ([`Outcome`]:
//!   no legal move, threefold repetition, the 15-move rule and the Russian draw clauses).
//! - [`rules::perft`]: move-path enumeration, the standard test of a move generator.
//!
//! PDN archives:
//! - [`pdn`]: reading PDN, game by game: a [`pdn::Scanner`] tells each construct to a
//!   [`pdn::Visitor`], with its byte offset (lines and columns from a [`pdn::Locator`]).
//! - [`read`]: every game of a stream replayed through the rules, one [`ReadGame`] at a
//!   time, with its [`GameReport`] and its findings as [`diagnostic::Diagnostic`]s.
//! - [`mod@write`]: games as JSON or as canonical PDN.
//! - [`text::TextEncoding`] (UTF-8 or a single-byte code page, guessed by default),
//!   [`text::escape`] (untrusted text made safe to print), [`diagnostic::Levels`]
//!   (severities chosen per diagnostic code).
//!
//! # Reading PDN
//!
//! A [`pdn::Scanner`] reads a stream game by game and tells each construct to a
//! [`pdn::Visitor`] (tags, move numbers, moves, comments, variations, results, findings), with
//! its offset and its bytes as written; the visitor decides what to keep. This one keeps the
//! Event tag and the moves of each game:
//!
//! ```
//! use pdnkit::pdn::{ParsedGame, RawGame, Scanner, Span, Tag, Visitor, WrittenMove};
//!
//! #[derive(Default)]
//! struct Moves {
//!     event: String,
//!     moves: Vec<String>,
//! }
//!
//! impl Visitor for Moves {
//!     type Output = (String, Vec<String>);
//!
//!     fn tag(&mut self, tag: &Tag, _span: Span<'_>) {
//!         if tag.name == "Event" {
//!             self.event = String::from_utf8_lossy(&tag.value).into_owned();
//!         }
//!     }
//!
//!     fn written_move(&mut self, _mv: &WrittenMove, span: Span<'_>) {
//!         self.moves.push(String::from_utf8_lossy(span.text).into_owned());
//!     }
//!
//!     fn end_game(&mut self, _game: &RawGame<'_>, _read: &ParsedGame) -> Self::Output {
//!         (std::mem::take(&mut self.event), std::mem::take(&mut self.moves))
//!     }
//! }
//!
//! let pdn = "[Event \"Club\"]\n1. c3-d4 f6-e5 2. d4:f6 (2. b2-c3) g7:e5 *\n\n\
//!            [Event \"Cup\"]\n1. 21-17 10-14 1-0\n";
//! let mut scanner = Scanner::new(pdn.as_bytes());
//! let mut visitor = Moves::default();
//! let (event, moves) = scanner.read_game(&mut visitor)?.expect("a first game");
//! assert_eq!(event, "Club");
//! assert_eq!(moves, ["c3-d4", "f6-e5", "d4:f6", "g7:e5"]); // variations are skipped by default
//! let (event, moves) = scanner.read_game(&mut visitor)?.expect("a second game");
//! assert_eq!((event.as_str(), moves.len()), ("Cup", 2));
//! assert!(scanner.read_game(&mut visitor)?.is_none());
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! # Generating moves
//!
//! ```
//! use pdnkit::{Paths, Position, Variant, legal_moves};
//!
//! let start = Position::start(Variant::Spantsiretti);
//! let mut moves = Vec::new();
//! legal_moves(&start, Paths::Distinct, &mut moves);
//! let names: Vec<String> = moves.iter().map(|m| m.to_alpha(start.geometry(), false)).collect();
//! assert_eq!(names.len(), 9); // the 10x8 start: nine steps from the third row
//! assert!(names.contains(&"c3-d4".to_string()));
//!
//! // A capture is compulsory, and it is one move however many pieces it takes.
//! let pos = pdnkit::parse_fen("W:WKa1:Bc3,e5,g5", Variant::Spantsiretti, pdnkit::Corner::TopLeft)?;
//! moves.clear(); // legal_moves appends
//! legal_moves(&pos, Paths::Distinct, &mut moves);
//! let full: Vec<String> = moves.iter().map(|m| m.to_alpha(pos.geometry(), true)).collect();
//! assert_eq!(full, ["a1:d4:f6:j2", "a1:d4:f6:i3", "a1:d4:f6:h4"]);
//! # Ok::<(), pdnkit::FenError>(())
//! ```
//!
//! # Replaying a game
//!
//! [`Game`] keeps what the draw rules need; [`write_fen`] gives each position as text.
//!
//! ```
//! use pdnkit::{FenNotation, Game, Position, Variant, write_fen};
//!
//! let mut game = Game::new(Position::start(Variant::Spantsiretti));
//! for text in ["c3-d4", "f6-e5", "d4:f6", "g7:e5"] {
//!     let g = game.position().geometry();
//!     let mv = *game
//!         .legal_moves()
//!         .iter()
//!         .find(|m| m.to_alpha(g, false) == text)
//!         .expect("a legal move");
//!     game.play(&mv);
//!     println!("{text}: {}", write_fen(game.position(), FenNotation::Alpha));
//! }
//! assert_eq!(game.plies(), 4);
//! assert_eq!(game.outcome(), None);
//! assert_eq!(
//!     write_fen(game.position(), FenNotation::Alpha),
//!     "W:Wa1,c1,e1,g1,i1,b2,d2,f2,h2,j2,a3,e3,g3,i3:Be5,b6,d6,h6,j6,a7,c7,e7,i7,b8,d8,f8,h8,j8"
//! );
//! ```
//!
//! # Validating PDN
//!
//! [`read`] reads any [`std::io::Read`] game by game, in memory bounded by the largest game,
//! and [`ReadGames`] yields each game checked, with its [`GameReport`].
//!
//! ```
//! let pdn = r#"[Event "A club game"]
//! [GameType "41"]
//!
//! 1. c3-d4 f6-e5 2. d4:f6 g7:e5 *
//!
//! [Event "A slip"]
//!
//! 1. c3-d4 f6-e5 2. d4-c5 *
//! "#;
//!
//! // The defaults keep the tags and the replayed moves.
//! let games: Vec<pdnkit::ReadGame> = pdnkit::read(pdn.as_bytes()).games().collect::<Result<_, _>>()?;
//! let valid: Vec<bool> = games.iter().map(|game| game.report.valid()).collect();
//! assert_eq!(valid, [true, false]);
//!
//! // The first game, replayed: the position after each move.
//! for played in &games[0].report.moves {
//!     println!("{}: {}", played.written, pdnkit::write_fen(&played.after, pdnkit::FenNotation::Alpha));
//! }
//! // The second: a step where a capture is compulsory, with its line and column.
//! let error = &games[1].report.diagnostics[0];
//! assert_eq!((error.code(), error.line, error.column), ("illegal-move", 8, 19));
//! println!("{}:{}: {}", error.line, error.column, error.message());
//! # Ok::<(), std::io::Error>(())
//! ```

#![forbid(unsafe_code)]
// The crate-private parts that only the command line calls (the driver on threads, the
// writing of games as written, the other printed forms of a diagnostic...) are unused in the
// library alone; with `cli` (the default, and CI's clippy) an unused item is still an error.
#![cfg_attr(not(feature = "cli"), allow(dead_code, unused_imports))]

// The archive workflows and the HTML report serve the command line only.
#[cfg(feature = "cli")]
mod archive;
pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
pub mod diagnostic;
#[cfg(feature = "cli")]
mod html;
pub mod notation;
pub mod pdn;
// `pdnkit random`'s games, and the unit tests' positions.
#[cfg(any(feature = "cli", test))]
mod random;
pub mod rules;
#[cfg(feature = "cli")]
mod stats;
pub mod text;
pub mod write;

pub use check::{GameReport, ReadGame, ReadGames, Reader, read};
pub use notation::fen::{FenError, FenErrorKind, FenNotation, parse_fen, write_fen};
pub use rules::{
    Color, Corner, Game, Move, Outcome, Paths, Piece, Position, Removal, Termination, Variant,
    legal_moves,
};
