//! Validating one large stream on several threads: the reading thread cuts the stream into
//! batches of whole games (it only splits and copies bytes), workers read and validate
//! batches, and the reports are handed to the sink in input order. At most a few batches are
//! in flight, and their buffers go back to the reading thread to be filled again, so memory
//! stays bounded and does not depend on the length of the stream.

use super::stream::{GameSink, StreamTotals, prepare, tally};
use super::{GameReport, Options, check_game};
use crate::encoding::{TextEncoding, decode};
use crate::pdn::lexer::{ParsedGame, parse_game_into};
use crate::pdn::reader::{GameReader, RawGame};
use std::collections::BTreeMap;
use std::io::{self, BufReader, Read};
use std::sync::{Mutex, mpsc};

/// Bytes of games gathered before a batch is handed to a worker.
const BATCH_BYTES: usize = 256 << 10;

/// Whole games copied out of the reader's buffer.
#[derive(Default)]
struct Batch {
    bytes: Vec<u8>,
    /// Each game: its range in `bytes`, file offset, line, column and number.
    games: Vec<(std::ops::Range<usize>, u64, u32, u32, usize)>,
}

impl Batch {
    /// An empty batch with room for a full batch of bytes (so that it is not grown by copies).
    fn new() -> Batch {
        Batch {
            bytes: Vec::with_capacity(BATCH_BYTES + BATCH_BYTES / 4),
            games: Vec::new(),
        }
    }

    fn clear(&mut self) {
        self.bytes.clear();
        self.games.clear();
    }

    fn push(&mut self, raw: &RawGame) {
        let start = self.bytes.len();
        self.bytes.extend_from_slice(raw.bytes);
        self.games.push((
            start..self.bytes.len(),
            raw.offset,
            raw.line,
            raw.column,
            raw.index,
        ));
    }

    fn check(
        &self,
        options: &Options,
        encoding: TextEncoding,
        parsed: &mut ParsedGame,
    ) -> Vec<(GameReport, u64)> {
        let decoder = move |bytes: &[u8]| decode(bytes, encoding).into_owned();
        self.games
            .iter()
            .map(|(range, offset, line, column, index)| {
                let raw = RawGame {
                    bytes: &self.bytes[range.clone()],
                    offset: *offset,
                    line: *line,
                    column: *column,
                    index: *index,
                };
                parse_game_into(&raw, parsed);
                (
                    check_game(&raw, parsed, &decoder, options),
                    raw.end_offset(),
                )
            })
            .collect()
    }
}

/// Like [`super::check_stream`], with `threads` workers (1: no extra thread).
pub fn check_stream_parallel<R: Read + Send>(
    input: R,
    options: &Options,
    forced: Option<TextEncoding>,
    threads: usize,
    sink: &mut dyn GameSink,
    totals: &mut StreamTotals,
) -> io::Result<()> {
    if threads <= 1 {
        return super::check_stream(input, options, forced, sink, totals);
    }
    let mut reader = BufReader::with_capacity(1 << 16, input);
    let (encoding, options) = prepare(&mut reader, forced, options, sink)?;
    let (work_tx, work_rx) = mpsc::channel::<(usize, Batch)>();
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = mpsc::channel::<Done>();
    let max_in_flight = 2 * threads;
    std::thread::scope(|scope| -> io::Result<()> {
        for _ in 0..threads {
            let (work_rx, done_tx) = (&work_rx, done_tx.clone());
            scope.spawn(move || {
                // One parse buffer for every game this worker reads.
                let mut parsed = ParsedGame::default();
                loop {
                    let next = work_rx.lock().map(|rx| rx.recv());
                    let Ok(Ok((seq, batch))) = next else { break };
                    let reports = batch.check(&options, encoding, &mut parsed);
                    if done_tx.send((seq, reports, batch)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let mut ordered = Ordered::default();
        let result = (|| -> io::Result<()> {
            let mut games = GameReader::new(reader);
            let mut batch = Batch::new();
            let mut sent = 0;
            loop {
                let raw = games.next_game()?;
                let end = raw.is_none();
                if let Some(raw) = raw {
                    batch.push(&raw);
                }
                if batch.bytes.len() >= BATCH_BYTES || (end && !batch.games.is_empty()) {
                    while sent - ordered.next >= max_in_flight {
                        ordered.receive(&done_rx, sink, totals)?;
                    }
                    // A returned batch's buffers, else new ones.
                    let next = ordered.spare.pop().unwrap_or_else(Batch::new);
                    let full = std::mem::replace(&mut batch, next);
                    work_tx.send((sent, full)).map_err(io::Error::other)?;
                    sent += 1;
                }
                if end {
                    break;
                }
            }
            while ordered.next < sent {
                ordered.receive(&done_rx, sink, totals)?;
            }
            Ok(())
        })();
        drop(work_tx);
        result
    })
}

/// A validated batch: its number, the reports of its games and its buffers to fill again.
type Done = (usize, Vec<(GameReport, u64)>, Batch);

/// Batches that came back out of order, waiting for their turn.
#[derive(Default)]
struct Ordered {
    next: usize,
    waiting: BTreeMap<usize, Vec<(GameReport, u64)>>,
    /// Buffers of validated batches, emptied, to be filled again.
    spare: Vec<Batch>,
}

impl Ordered {
    /// Waits for one batch and hands every batch that is now in order to the sink.
    fn receive(
        &mut self,
        done: &mpsc::Receiver<Done>,
        sink: &mut dyn GameSink,
        totals: &mut StreamTotals,
    ) -> io::Result<()> {
        let (seq, reports, mut batch) = done
            .recv()
            .map_err(|_| io::Error::other("a validation worker stopped"))?;
        batch.clear();
        self.spare.push(batch);
        self.waiting.insert(seq, reports);
        while let Some(reports) = self.waiting.remove(&self.next) {
            for (report, end) in reports {
                tally(totals, &report, end);
                sink.progress(end);
                sink.game(report)?;
            }
            self.next += 1;
        }
        Ok(())
    }
}
