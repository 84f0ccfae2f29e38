//! Every game of a stream as the archive workflows need it: the validation report (tags,
//! replayed main line, positions, diagnostics) together with the game's bytes as written, in
//! memory bounded by the largest game.

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
    pub report: GameReport,
    /// From the game's first tag or token to the end of its last token, in the input's
    /// encoding (empty for a game too long to hold, see `crate::pdn::limits`).
    pub bytes: &'a [u8],
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

/// Receives what [`read_archive`] reads, game by game.
pub trait ArchiveSink {
    /// The encoding chosen for the stream, before any game.
    fn detection(&mut self, detection: &Detection) -> io::Result<()> {
        let _ = detection;
        Ok(())
    }

    fn game(&mut self, game: ReadGame<'_>) -> io::Result<()>;

    /// Bytes of the input read so far.
    fn progress(&mut self, bytes: u64) {
        let _ = bytes;
    }
}

/// Reads and validates every game of `input` into `sink`, adding to `totals` as it goes.
/// Stops early only on a read error or if the sink fails.
pub fn read_archive<R: Read>(
    input: R,
    options: &Options,
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
        details: true,
        ..*options
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
