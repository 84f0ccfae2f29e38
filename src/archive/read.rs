//! Every game of a stream as the archive workflows need it: the validation report (as much
//! of it as the workflow [`Needs`]) together with the game's bytes as written, in memory
//! bounded by the largest game.

use crate::encoding::{Detection, TextEncoding, choose_encoding, decode};
use crate::pdn::lexer::ParsedGame;
use crate::pdn::location::ColumnUnit;
use crate::pdn::{Collector, RawGame, Scanner};
use crate::validate::{GameReport, Options, StreamTotals, check_game};
use std::borrow::Cow;
use std::io::{self, BufReader, Read};

/// Bytes read at a time.
const READ_SIZE: usize = 64 * 1024;

/// One game as read: what validation found, and the game's text as written.
pub struct ReadGame<'a> {
    /// What validation found, as far as the reading's [`Needs`] asked.
    pub report: GameReport,
    /// From the game's first tag or token to the end of its last token, in the input's
    /// encoding (empty for a game too long to hold, see `crate::pdn::limits`).
    pub bytes: &'a [u8],
    /// The input's encoding.
    pub encoding: TextEncoding,
    /// Offset of the game's first byte in the input.
    pub offset: u64,
}

impl ReadGame<'_> {
    /// The game's text, decoded to UTF-8.
    pub fn text(&self) -> Cow<'_, str> {
        decode(self.bytes, self.encoding)
    }
}

/// What a workflow needs of each game beyond its bytes. Each part costs: replay is most of
/// the time of a reading (a syntax check alone reads about twice as fast), and tags and
/// moves kept cost allocations per tag and per move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Needs {
    /// The moves replayed: validity, diagnostics of the rules, game type, end of the game,
    /// number of plies. Without it a report holds what a syntax check finds (syntax
    /// diagnostics, the declared result).
    pub replay: bool,
    /// The tags, values decoded ([`GameReport::tags`]).
    pub tags: bool,
    /// The replayed main line with its positions ([`GameReport::moves`], [`GameReport::start`]);
    /// implies `replay`.
    pub moves: bool,
}

impl Needs {
    /// The bytes of each game only (and what a syntax check finds).
    pub const BYTES: Needs = Needs {
        replay: false,
        tags: false,
        moves: false,
    };
    /// Everything: canonical PDN and JSON are written from it.
    pub const ALL: Needs = Needs {
        replay: true,
        tags: true,
        moves: true,
    };

    /// What either needs.
    pub fn and(self, other: Needs) -> Needs {
        Needs {
            replay: self.replay || other.replay,
            tags: self.tags || other.tags,
            moves: self.moves || other.moves,
        }
    }

    /// `options` reading no more than this.
    pub fn options(self, options: &Options) -> Options {
        Options {
            syntax_only: !(self.replay || self.moves),
            keep_tags: self.tags,
            keep_moves: self.moves,
            ..*options
        }
    }
}

/// Receives what [`read_archive`] reads, game by game.
pub trait ArchiveSink {
    /// The encoding chosen for the stream, before any game.
    fn detection(&mut self, detection: &Detection) -> io::Result<()> {
        let _ = detection;
        Ok(())
    }

    /// One game, in input order.
    fn game(&mut self, game: ReadGame<'_>) -> io::Result<()>;

    /// Bytes of the input read so far.
    fn progress(&mut self, bytes: u64) {
        let _ = bytes;
    }
}

/// Reads every game of `input` into `sink`, validated as far as `needs` asks, adding to
/// `totals` as it goes. Stops early only on a read error or if the sink fails.
pub fn read_archive<R: Read>(
    input: R,
    options: &Options,
    needs: Needs,
    forced: Option<TextEncoding>,
    sink: &mut dyn ArchiveSink,
    totals: &mut StreamTotals,
) -> io::Result<()> {
    let (detection, input) = choose_encoding(input, forced)?;
    let reader = BufReader::with_capacity(READ_SIZE, input);
    sink.detection(&detection)?;
    let encoding = detection.encoding;
    let options = Options {
        column_unit: if encoding == TextEncoding::Utf8 {
            ColumnUnit::Utf8Chars
        } else {
            ColumnUnit::Bytes
        },
        ..needs.options(options)
    };
    let decoder = move |bytes: &[u8]| decode(bytes, encoding).into_owned();
    let mut games = Scanner::new(reader);
    let mut reader = Collector::new(|raw: &RawGame, parsed: &ParsedGame| {
        let report = check_game(raw, parsed, &decoder, &options);
        totals.count_game(&report);
        totals.bytes = raw.end_offset();
        sink.progress(totals.bytes);
        sink.game(ReadGame {
            report,
            bytes: raw.bytes,
            encoding,
            offset: raw.offset,
        })
    });
    while let Some(told) = games.read_game(&mut reader)? {
        told?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (syntax only, tags kept, moves kept) of the options `needs` reads with.
    fn read_with(needs: Needs) -> (bool, bool, bool) {
        let o = needs.options(&Options::default());
        (o.syntax_only, o.keep_tags, o.keep_moves)
    }

    #[test]
    fn options_read_no_more_than_needed() {
        assert_eq!(read_with(Needs::BYTES), (true, false, false));
        assert_eq!(read_with(Needs::ALL), (false, true, true));
        let tags = Needs {
            tags: true,
            ..Needs::BYTES
        };
        assert_eq!(read_with(tags), (true, true, false));
        let replay = Needs {
            replay: true,
            ..Needs::BYTES
        };
        assert_eq!(read_with(replay), (false, false, false));
        // Moves are kept from a replay.
        let moves = Needs {
            moves: true,
            ..Needs::BYTES
        };
        assert_eq!(read_with(moves), (false, false, true));
        assert_eq!(
            tags.and(moves),
            Needs {
                replay: false,
                tags: true,
                moves: true
            }
        );
    }
}
