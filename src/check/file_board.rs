//! The board of a file: the games of one file are of one variant unless their tags say
//! otherwise. The first game of the file's start (the sample read to choose the encoding)
//! that has no GameType tag and whose squares, FEN or moves decide its board decides it for
//! the file: the file's untagged games that fit both boards are read on it
//! (`game_type_by` `file`). Tagged games do not decide (a file may mix tagged games of both
//! boards). Made from the start of the input only, before any game is read, so that it is
//! the same for every number of threads and every block size, from a file or a pipe.

use super::game::check_game;
use super::options::Needs;
use super::options::Options;
use super::report::GameTypeSource;
use crate::pdn::raw_game::{ParsedGame, RawGame};
use crate::pdn::{Scanner, Skip, Visitor};
use crate::rules::variant::Variant;
use crate::text::encoding::{TextEncoding, decode, whole_lines};

/// The board that the first deciding untagged game of `sample` (the start of a file, in
/// `encoding`) is read on; None if no game there decides (they all fit both boards, carry a
/// tag, or fit neither).
pub(super) fn file_board(
    sample: &[u8],
    encoding: TextEncoding,
    options: &Options,
) -> Option<Variant> {
    let options = Options {
        file_variant: None,
        ..Needs {
            replay: true,
            ..Needs::BYTES
        }
        .options(options)
    };
    let mut games = Scanner::new(whole_lines(sample));
    let mut decider = Decider { encoding, options };
    // The sample is in memory: reading it cannot fail.
    while let Ok(Some(decided)) = games.read_game(&mut decider) {
        if decided.is_some() {
            return decided;
        }
    }
    None
}

/// The visitor of [`file_board`]: the board each untagged game decides for itself.
struct Decider {
    encoding: TextEncoding,
    options: Options,
}

impl Visitor for Decider {
    type Output = Option<Variant>;

    /// The game is checked whole, as read: none of its events is wanted.
    fn begin_game(&mut self, _game: &RawGame<'_>) -> Skip {
        Skip(true)
    }

    fn end_game(&mut self, raw: &RawGame<'_>, parsed: &ParsedGame) -> Option<Variant> {
        if parsed.tag("GameType").is_some() {
            return None;
        }
        let encoding = self.encoding;
        let decoder = move |bytes: &[u8]| decode(bytes, encoding).into_owned();
        let report = check_game(raw, parsed, &decoder, &self.options);
        let decided = matches!(
            report.game_type_by,
            Some(GameTypeSource::Squares | GameTypeSource::Fen | GameTypeSource::Moves)
        );
        report.variant.filter(|_| decided)
    }
}
