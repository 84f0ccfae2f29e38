//! The one driver on several threads: a large stream read in blocks, each game validated and
//! worked on by the command's [`GameJob`] on the worker that reads it.
//!
//! The reading thread only reads: it cuts the stream into blocks where the scanner proposes
//! (the likely game starts of [`proposed_cut`]), counts their line breaks and hands them out.
//! A worker reads its block with a [`Scanner`] that starts there and validates the games
//! ([`check_games_then`], the loop of one thread). At the end of the block the scanner pauses and
//! tells whether the cut is certainly where a scanner of the whole stream would begin a game
//! ([`Scanner::paused_before_game`]); then the block's last game is finished. If not, the
//! paused scanner comes back unfinished and reads on, in input order on the reading thread,
//! through the next blocks (whose own results, read from a wrong start, are dropped) up to a
//! cut that is certain. So every game is read exactly as by one reader of the whole stream.
//! A stretch with no candidate is cut after [`Blocks::max`] bytes anyway and read on the same
//! way (by one reader, in order).
//!
//! Once a worker has read its block it waits for the number of games before it ([`Bases`]:
//! told by the worker of the block before as soon as that one is read, not worked on), numbers
//! its games and runs the job on each; so the jobs of consecutive blocks run side by side. The
//! results go to the sink in input order. At most a few blocks are in flight and their buffers
//! are reused, so memory does not depend on the length of the stream.

use super::options::Options;
use super::report::GameReport;
use super::stream::{
    DoneSink, GameCount, GameJob, ReadGame, StreamTotals, Told, between, blank, check_games_then,
    hand_on, prepare, read_prepared,
};
use crate::pdn::limits::MAX_TOKEN_BYTES;
use crate::pdn::location::{ColumnUnit, Lines};
use crate::pdn::scanner::{Opening, Scanner, proposed_cut};
use crate::pdn::{Hole, Token};
use crate::text::encoding::TextEncoding;
use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{self, BufRead, Read};
use std::sync::{Condvar, Mutex, MutexGuard, mpsc};
use std::time::Duration;

/// Sizes of the blocks: about `target` bytes, cut at a candidate; with none in `max` bytes,
/// cut anyway.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Blocks {
    pub target: usize,
    pub max: usize,
}

/// Small enough that what the jobs make of a block (JSON with a position a move is about ten
/// times the input) stays small for the few blocks in flight. A stretch with no candidate (a
/// construct of megabytes: a long comment or tag value) is cut every `max` bytes and read on by
/// one reader: the blocks in flight then hold that much each, whatever the construct's length.
const BLOCKS: Blocks = Blocks {
    target: 128 << 10,
    max: 256 << 10,
};

/// What follows a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// A candidate game start.
    Candidate(Opening),
    /// Anything (no candidate was found, or reading failed).
    Other,
    /// Nothing: the input ends.
    Last,
}

/// A piece of the stream for a worker.
struct Block {
    seq: usize,
    bytes: Vec<u8>,
    /// File offset of `bytes[0]`, and the line breaks before it.
    offset: u64,
    breaks: u64,
    /// It follows a candidate (or starts the stream): worth reading on its own.
    fresh: bool,
    end: End,
}

impl Block {
    fn end_offset(&self) -> u64 {
        self.offset + self.bytes.len() as u64
    }
}

/// A block as its scanner reads it.
struct BlockSource {
    bytes: Vec<u8>,
    offset: u64,
    at: usize,
}

impl BlockSource {
    /// Takes the block that follows this one, giving back the bytes of this one.
    fn next_block(&mut self, bytes: Vec<u8>) -> Vec<u8> {
        self.offset += self.bytes.len() as u64;
        self.at = 0;
        std::mem::replace(&mut self.bytes, bytes)
    }
}

impl Read for BlockSource {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let piece = self.fill_buf()?;
        let n = piece.len().min(out.len());
        out[..n].copy_from_slice(&piece[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for BlockSource {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        Ok(self.bytes.get(self.at..).unwrap_or_default())
    }

    fn consume(&mut self, n: usize) {
        self.at += n;
    }
}

type BlockReader = Scanner<BlockSource>;

/// A block back from a worker: the jobs' results of its games and the text between them
/// (none if its own reading was of no use, see [`Bases`]), and what the ordering thread
/// needs to read on.
struct Checked<D> {
    done: Vec<Out<D>>,
    /// The reader, paused at the end of the block, if its last game may go on past it (it
    /// then holds the block's bytes).
    unfinished: Option<Box<BlockReader>>,
    block: Block,
}

/// What a block holds, in order, as its worker read it: a game (its report, offset and
/// length with its hole, and its tokens when the options keep them), or text between games (its offset
/// and length). Nearly every item is a game: boxing its report would cost an allocation per
/// game to save room in the rare items between games.
#[allow(clippy::large_enum_variant)]
enum Found {
    Game(GameReport, u64, usize, Option<Box<Hole>>, Vec<Token>),
    Between(u64, usize),
}

/// What a block holds, worked on: the job's result of a game (with what the game counts for
/// and the offset after it), or text between games that is not blank.
enum Out<D> {
    Game(D, GameCount, u64),
    Between(Vec<u8>),
}

/// How many games come before each block, as soon as it is known, so that a worker can
/// number the games of its block and work on them without waiting for the blocks before to
/// be worked on. A worker that read its block to its end tells the count of the next one;
/// where a game may go on past a block (read on by the ordering thread), the ordering thread
/// tells it once it has read the block. A block whose own reading is of no use (the carried
/// reader reads it instead) is told `None`.
struct Bases {
    known: Mutex<(BTreeMap<usize, Option<usize>>, bool)>,
    told: Condvar,
}

impl Bases {
    fn new() -> Bases {
        Bases {
            known: Mutex::new((BTreeMap::from([(0, Some(0))]), false)),
            told: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, (BTreeMap<usize, Option<usize>>, bool)> {
        self.known.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The games before block `seq`, once told (None: of no use, or the run stopped).
    fn wait(&self, seq: usize) -> Option<usize> {
        let mut known = self.lock();
        loop {
            if let Some(base) = known.0.get(&seq) {
                return *base;
            }
            if known.1 {
                return None;
            }
            known = self.told.wait(known).unwrap_or_else(|p| p.into_inner());
        }
    }

    /// Tells the games before block `seq`, unless told already.
    fn tell(&self, seq: usize, base: Option<usize>) {
        self.lock().0.entry(seq).or_insert(base);
        self.told.notify_all();
    }

    /// Block `seq` is handed on: its count is needed no more.
    fn forget(&self, seq: usize) {
        self.lock().0.remove(&seq);
    }

    /// No more blocks will be ordered: no worker waits.
    fn stop(&self) {
        self.lock().1 = true;
        self.told.notify_all();
    }
}

/// Reads and validates what `reader` has, to the end of its block (followed by `end`),
/// handing each report to `each`. True when the block's last game was handed out too; false
/// when it may go on in the next block (the reader stays paused).
fn read_block(
    reader: &mut BlockReader,
    end: End,
    encoding: TextEncoding,
    options: &Options,
    mut each: impl FnMut(Told<'_>) -> io::Result<()>,
    mut then: impl FnMut(&mut BlockReader),
) -> io::Result<bool> {
    check_games_then(reader, encoding, options, &mut each, &mut then)?;
    if end == End::Last {
        return Ok(true);
    }
    if let End::Candidate(opening) = end
        && reader.paused_before_game(opening)
    {
        reader.end_at_pause();
        check_games_then(reader, encoding, options, each, then)?;
        return Ok(true);
    }
    Ok(false)
}

/// A worker's part: reads a block that is worth it, then, once the games before it are
/// counted, works on its games. `spare` holds emptied token lists (kept from one block to
/// the next, so that they cost no allocation per block): each game's tokens are taken from
/// the scanner in exchange for one, not copied.
fn check_block<J: GameJob>(
    mut block: Block,
    encoding: TextEncoding,
    options: &Options,
    job: &mut J,
    (bases, spare): (&Bases, &mut Vec<Vec<Token>>),
) -> Checked<J::Done> {
    let reports = RefCell::new(Vec::new());
    let mut unfinished = None;
    let mut finished = false;
    if block.fresh {
        let last = block.end == End::Last;
        let source = BlockSource {
            bytes: std::mem::take(&mut block.bytes),
            offset: block.offset,
            at: 0,
        };
        let mut reader = Scanner::starting_at(source, block.offset, block.breaks, last);
        let keep = options.keep_tokens;
        let each = |told: Told<'_>| {
            reports.borrow_mut().push(match told {
                Told::Game(report, raw, _) => {
                    let len = (raw.end_offset() - raw.offset) as usize;
                    Found::Game(report, raw.offset, len, raw.hole.map(Box::new), Vec::new())
                }
                Told::Between(text) => Found::Between(text.offset, text.text.len()),
            });
            Ok(())
        };
        let then = |reader: &mut BlockReader| {
            if let (true, Some(Found::Game(.., tokens))) = (keep, reports.borrow_mut().last_mut()) {
                *tokens = spare.pop().unwrap_or_default();
                reader.swap_tokens(tokens);
            }
        };
        let read = read_block(&mut reader, block.end, encoding, options, each, then);
        // Reading bytes in memory does not fail.
        finished = matches!(read, Ok(true));
        if finished {
            block.bytes = reader.into_inner().bytes;
        } else {
            unfinished = Some(Box::new(reader));
        }
    }
    let reports = reports.into_inner();
    let base = bases.wait(block.seq);
    if let Some(base) = base
        && finished
    {
        let games = reports
            .iter()
            .filter(|f| matches!(f, Found::Game(..)))
            .count();
        bases.tell(block.seq + 1, Some(base + games));
    }
    let mut done = Vec::new();
    if let Some(base) = base {
        let bytes = match &mut unfinished {
            Some(reader) => &reader.get_mut().bytes,
            None => &block.bytes,
        };
        done = work_on(reports, (bytes, block.offset, spare), base, encoding, job);
    }
    Checked {
        done,
        unfinished,
        block,
    }
}

/// The jobs' results of the games of a block (its `bytes` from offset `from`), numbered
/// from `base`, and the text between them that is not blank; the games' token lists go
/// back to `spare`.
fn work_on<J: GameJob>(
    found: Vec<Found>,
    (bytes, from, spare): (&[u8], u64, &mut Vec<Vec<Token>>),
    base: usize,
    encoding: TextEncoding,
    job: &mut J,
) -> Vec<Out<J::Done>> {
    let text = |offset: u64, len: usize| {
        let at = usize::try_from(offset - from).unwrap_or(usize::MAX);
        bytes.get(at..at.saturating_add(len)).unwrap_or_default()
    };
    let mut out = Vec::with_capacity(found.len());
    for found in found {
        match found {
            Found::Game(mut report, offset, len, hole, kept) => {
                let hole = hole.map(|hole| *hole);
                report.index += base;
                let count = GameCount::of(&report);
                let end = offset + len as u64;
                // The block holds the game's hole too: its bytes are copied without it.
                let bytes = match hole {
                    None => Cow::Borrowed(text(offset, len)),
                    Some(hole) => {
                        let before = text(offset, (hole.at - offset) as usize);
                        Cow::Owned([before, text(hole.end(), (end - hole.end()) as usize)].concat())
                    }
                };
                let game = ReadGame {
                    report,
                    bytes,
                    encoding,
                    offset,
                    tokens: Cow::Borrowed(&kept),
                    hole,
                };
                out.push(Out::Game(job.work(game), count, end));
                if kept.capacity() > 0 {
                    spare.push(kept);
                }
            }
            Found::Between(offset, len) => {
                let text = text(offset, len);
                if !blank(text) {
                    out.push(Out::Between(text.to_vec()));
                }
            }
        }
    }
    out
}

/// Like [`super::read_stream`], with `threads` workers (at least one; 0: none, all on this
/// thread), each working on the games it reads with its own clone of `job`; the results
/// reach `sink` in input order, the same for every number of threads. The input is read on
/// a thread of its own, so that a pipe that gives games slowly shows them as they come
/// ([`DoneSink::idle`]).
pub fn read_stream_parallel<R: Read + Send + 'static, J: GameJob>(
    input: R,
    options: &Options,
    forced: Option<TextEncoding>,
    threads: usize,
    job: &J,
    sink: &mut dyn DoneSink<J::Done>,
    totals: &mut StreamTotals,
) -> io::Result<()> {
    if threads == 0 {
        return super::read_stream(input, options, forced, &mut job.clone(), sink, totals);
    }
    read_blocks(input, options, forced, threads, BLOCKS, job, sink, totals)
}

/// [`read_stream_parallel`] with blocks of the given sizes (tests cut small ones).
#[allow(clippy::too_many_arguments)]
pub(crate) fn read_blocks<R: Read + Send + 'static, J: GameJob>(
    input: R,
    options: &Options,
    forced: Option<TextEncoding>,
    threads: usize,
    sizes: Blocks,
    job: &J,
    sink: &mut dyn DoneSink<J::Done>,
    totals: &mut StreamTotals,
) -> io::Result<()> {
    let (encoding, options, mut reader) = prepare(input, forced, options, sink)?;
    let (work_tx, work_rx) = mpsc::channel::<Block>();
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = mpsc::channel::<(usize, Checked<J::Done>)>();
    let max_in_flight = 2 * threads;
    let bases = Bases::new();
    std::thread::scope(|scope| -> io::Result<()> {
        let mut workers = 0;
        for _ in 0..threads {
            let (work_rx, done_tx, bases) = (&work_rx, done_tx.clone(), &bases);
            let mut job = job.clone();
            let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
                let mut spare = Vec::new();
                loop {
                    let next = work_rx.lock().map(|rx| rx.recv());
                    let Ok(Ok(block)) = next else { break };
                    let seq = block.seq;
                    let kept = (bases, &mut spare);
                    let checked = check_block(block, encoding, &options, &mut job, kept);
                    if done_tx.send((seq, checked)).is_err() {
                        break;
                    }
                }
            });
            if spawned.is_err() {
                break; // a process limit: go on with the workers there are
            }
            workers += 1;
        }
        drop(done_tx);
        if workers == 0 {
            return read_prepared(
                &mut reader,
                encoding,
                &options,
                &mut job.clone(),
                sink,
                totals,
            );
        }
        let mut ordered = Ordered {
            next: 0,
            waiting: BTreeMap::new(),
            spare: Vec::new(),
            carry: None,
            games: 0,
            encoding,
            options: &options,
            job: job.clone(),
            bases: &bases,
        };
        let result = (|| -> io::Result<()> {
            let feed = Feed::start(reader)?;
            let mut pending = Vec::new();
            let (mut offset, mut lines) = (0, Lines::default());
            let (mut fresh, mut sent) = (true, 0);
            // No candidate starts in `pending[..searched]`.
            let mut searched = 0;
            // The input had nothing for a while and all that could be was handed on: wait.
            let mut patient = false;
            loop {
                let want = searched.max(pending.len()) + sizes.target;
                let read = feed.read_to(&mut pending, want, patient);
                patient = false;
                let (cut, end) = match read {
                    Err(_) => (pending.len(), End::Other),
                    Ok(Got::End) => (pending.len(), End::Last),
                    Ok(Got::Idle) => match proposed_cut(&pending, searched) {
                        Some((cut, opening)) => (cut, End::Candidate(opening)),
                        None => {
                            // Every game read so far is out: the output shows them.
                            while ordered.next < sent {
                                ordered.receive(&done_rx, sink, totals)?;
                            }
                            sink.idle()?;
                            searched = pending.len().saturating_sub(MAX_TOKEN_BYTES);
                            patient = true;
                            continue;
                        }
                    },
                    Ok(Got::Full) => match proposed_cut(&pending, searched) {
                        Some((cut, opening)) => (cut, End::Candidate(opening)),
                        None if pending.len() >= sizes.max => (pending.len(), End::Other),
                        None => {
                            // A word at the end may go on: look at it again.
                            searched = pending.len().saturating_sub(MAX_TOKEN_BYTES);
                            continue;
                        }
                    },
                };
                let mut next = ordered.spare.pop().unwrap_or_default();
                next.clear();
                next.extend_from_slice(&pending[cut..]);
                pending.truncate(cut);
                let block = Block {
                    seq: sent,
                    bytes: std::mem::replace(&mut pending, next),
                    offset,
                    breaks: lines.breaks,
                    fresh,
                    end,
                };
                lines.feed(&block.bytes, ColumnUnit::Bytes);
                offset = block.end_offset();
                (fresh, searched) = (matches!(end, End::Candidate(_)), 0);
                while sent - ordered.next >= max_in_flight {
                    ordered.receive(&done_rx, sink, totals)?;
                }
                work_tx.send(block).map_err(io::Error::other)?;
                sent += 1;
                if end == End::Last || read.is_err() {
                    while ordered.next < sent {
                        ordered.receive(&done_rx, sink, totals)?;
                    }
                    return read.map(|_| ());
                }
                if matches!(read, Ok(Got::Idle)) {
                    // The input has nothing for now: whatever is read goes out before waiting.
                    while ordered.next < sent {
                        ordered.receive(&done_rx, sink, totals)?;
                    }
                    sink.idle()?;
                    patient = true;
                }
            }
        })();
        bases.stop();
        drop(work_tx);
        result
    })
}

/// How long the input may give nothing before what was read of it is handed on (a pipe that
/// gives games slowly shows them as they come).
const IDLE: Duration = Duration::from_millis(50);

/// The input, read on a thread of its own (left to end with the input if the run stops
/// first: it may wait on a pipe that never ends), so that the reading thread can tell when
/// it has nothing for now.
struct Feed {
    pieces: mpsc::Receiver<io::Result<Vec<u8>>>,
    /// Pieces read from, back to the reading thread to be filled again (no allocation, and
    /// no free on this thread of what that one allocated, per piece).
    spent: mpsc::Sender<Vec<u8>>,
}

/// Bytes asked of the input at a time: a block is cut from one piece or more, so this is
/// about the size of a block too. Larger blocks cost the workers fewer hand-overs (convert
/// to JSON Lines on two threads, 97 MB: 1.68x the speed of one with 64 KiB, 1.77x with
/// 128 KiB, both before mimalloc's huge pages were turned off); the games of the blocks in
/// flight are what `-j` adds to peak memory.
const PIECE: usize = 128 << 10;

/// What [`Feed::read_to`] got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Got {
    /// All that was wanted.
    Full,
    /// Less: the input has nothing more for now.
    Idle,
    /// The end of the input.
    End,
}

impl Feed {
    fn start<R: Read + Send + 'static>(mut input: R) -> io::Result<Feed> {
        let (tx, pieces) = mpsc::sync_channel(4);
        let (spent, back) = mpsc::channel::<Vec<u8>>();
        std::thread::Builder::new().spawn(move || {
            loop {
                let mut piece = back.try_recv().unwrap_or_default();
                piece.resize(PIECE, 0);
                let read = match input.read(&mut piece) {
                    Ok(0) => return,
                    Ok(n) => {
                        piece.truncate(n);
                        Ok(piece)
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => Err(e),
                };
                let failed = read.is_err();
                if tx.send(read).is_err() || failed {
                    return;
                }
            }
        })?;
        Ok(Feed { pieces, spent })
    }

    /// Reads into `buf` until it holds `want` bytes, the input ends, or (unless `patient`)
    /// the input gives nothing for [`IDLE`].
    fn read_to(&self, buf: &mut Vec<u8>, want: usize, patient: bool) -> io::Result<Got> {
        while buf.len() < want {
            let piece = match self.pieces.try_recv() {
                Ok(piece) => piece,
                Err(mpsc::TryRecvError::Disconnected) => return Ok(Got::End),
                Err(mpsc::TryRecvError::Empty) if patient => match self.pieces.recv() {
                    Ok(piece) => piece,
                    Err(_) => return Ok(Got::End),
                },
                Err(mpsc::TryRecvError::Empty) => match self.pieces.recv_timeout(IDLE) {
                    Ok(piece) => piece,
                    Err(mpsc::RecvTimeoutError::Timeout) => return Ok(Got::Idle),
                    Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(Got::End),
                },
            };
            let piece = piece?;
            buf.extend_from_slice(&piece);
            // The reading thread may have ended: the piece is then freed here.
            let _ = self.spent.send(piece);
        }
        Ok(Got::Full)
    }
}

/// Blocks back from the workers, handed to the sink in input order.
struct Ordered<'a, J: GameJob> {
    next: usize,
    waiting: BTreeMap<usize, Checked<J::Done>>,
    /// Buffers of blocks done with, to be filled again.
    spare: Vec<Vec<u8>>,
    /// The reader of a game that may go on past the blocks handed out so far.
    carry: Option<Box<BlockReader>>,
    /// Games handed out.
    games: usize,
    encoding: TextEncoding,
    options: &'a Options,
    /// Works on the games the carried reader reads.
    job: J,
    bases: &'a Bases,
}

impl<J: GameJob> Ordered<'_, J> {
    /// Waits for one block and hands on every block that is now in order.
    fn receive(
        &mut self,
        done: &mpsc::Receiver<(usize, Checked<J::Done>)>,
        sink: &mut dyn DoneSink<J::Done>,
        totals: &mut StreamTotals,
    ) -> io::Result<()> {
        let (seq, checked) = done
            .recv()
            .map_err(|_| io::Error::other("a validation worker stopped"))?;
        self.waiting.insert(seq, checked);
        while let Some(checked) = self.waiting.remove(&self.next) {
            self.take(checked, sink, totals)?;
            // The next block's workers wait for its count no more than this.
            let base = self.carry.is_none().then_some(self.games);
            self.bases.forget(self.next);
            self.next += 1;
            self.bases.tell(self.next, base);
        }
        Ok(())
    }

    /// Hands on the games of the next block in order.
    fn take(
        &mut self,
        checked: Checked<J::Done>,
        sink: &mut dyn DoneSink<J::Done>,
        totals: &mut StreamTotals,
    ) -> io::Result<()> {
        let Checked {
            done,
            unfinished,
            mut block,
        } = checked;
        let Some(mut reader) = self.carry.take() else {
            debug_assert!(block.fresh);
            for out in done {
                match out {
                    Out::Game(done, count, end) => {
                        self.games += 1;
                        totals.count(count);
                        totals.bytes = end;
                        sink.progress(end);
                        sink.done(done, count)?;
                    }
                    Out::Between(text) => sink.between(&text, self.encoding)?,
                }
            }
            match unfinished {
                Some(reader) => self.carry = Some(reader),
                None => self.spare.push(block.bytes),
            }
            return Ok(());
        };
        // The block's own reading started inside a game: the carried reader reads it instead.
        if let Some(wasted) = unfinished {
            block.bytes = wasted.into_inner().bytes;
        }
        let bytes = std::mem::take(&mut block.bytes);
        self.spare.push(reader.get_mut().next_block(bytes));
        reader.more(block.end == End::Last);
        let (games, job, encoding) = (&mut self.games, &mut self.job, self.encoding);
        let each = |told: Told<'_>| match told {
            Told::Game(mut report, raw, tokens) => {
                *games += 1;
                report.index = *games;
                hand_on(report, (raw, tokens), encoding, job, sink, totals)
            }
            Told::Between(text) => between(text.text, encoding, sink),
        };
        if read_block(
            &mut reader,
            block.end,
            self.encoding,
            self.options,
            each,
            |_| {},
        )? {
            self.spare.push(reader.into_inner().bytes);
        } else {
            self.carry = Some(reader);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::stream::{Reports, SAMPLE};
    use super::*;
    use crate::rules::variant::Variant;
    use crate::text::encoding::Detection;

    /// Everything a sink is told, in order.
    #[derive(Default)]
    struct Record(Vec<String>);

    impl DoneSink<GameReport> for Record {
        fn detection(&mut self, detection: &Detection) -> io::Result<()> {
            self.0.push(format!("{detection:?}"));
            Ok(())
        }
        fn done(&mut self, report: GameReport, count: GameCount) -> io::Result<()> {
            self.0.push(format!("{report:?} {count:?}"));
            Ok(())
        }
        fn progress(&mut self, bytes: u64) {
            self.0.push(format!("at {bytes}"));
        }
        fn between(&mut self, text: &[u8], _: TextEncoding) -> io::Result<()> {
            self.0
                .push(format!("between {:?}", String::from_utf8_lossy(text)));
            Ok(())
        }
    }

    /// What a sink is told, the totals and the outcome: on one thread (`sizes` None), or in
    /// blocks of these sizes.
    fn run<R: Read + Send + 'static>(
        input: R,
        options: &Options,
        sizes: Option<Blocks>,
    ) -> Vec<String> {
        let (mut sink, mut totals) = (Record::default(), StreamTotals::default());
        let result = match sizes {
            None => {
                let sink = &mut sink;
                super::super::read_stream(input, options, None, &mut Reports, sink, &mut totals)
            }
            Some(sizes) => read_blocks(
                input,
                options,
                None,
                3,
                sizes,
                &Reports,
                &mut sink,
                &mut totals,
            ),
        };
        sink.0.push(format!("{totals:?} {result:?}"));
        sink.0
    }

    fn options() -> [Options; 2] {
        let full = Options::default();
        let syntax = Options {
            syntax_only: true,
            keep_tags: false,
            keep_moves: false,
            ..Options::default()
        };
        [full, syntax]
    }

    /// Block sizes for an input of `len` bytes: tiny ones, with and without room to find a
    /// candidate, and a few blocks per input.
    fn sizes(len: usize) -> Vec<Blocks> {
        let mut all = vec![
            Blocks { target: 7, max: 7 },
            Blocks {
                target: 61,
                max: 400,
            },
            Blocks {
                target: 30,
                max: 100_000,
            },
            Blocks {
                target: len / 3 + 1,
                max: len,
            },
        ];
        if len < 3000 {
            all.push(Blocks { target: 1, max: 1 });
            all.push(Blocks {
                target: 1,
                max: 100,
            });
        }
        all
    }

    /// Cut in blocks of every size, `input` gives what one reader of the whole gives.
    fn same_as_one_thread(input: &[u8]) {
        for options in options() {
            let one = run(io::Cursor::new(input.to_vec()), &options, None);
            for sizes in sizes(input.len()) {
                let blocks = run(io::Cursor::new(input.to_vec()), &options, Some(sizes));
                assert!(
                    one == blocks,
                    "{sizes:?} {}:\n{}",
                    String::from_utf8_lossy(input),
                    first_difference(&one, &blocks)
                );
            }
        }
    }

    fn first_difference(a: &[String], b: &[String]) -> String {
        let i = a.iter().zip(b).take_while(|(a, b)| a == b).count();
        format!("one thread: {:?}\nin blocks:  {:?}", a.get(i), b.get(i))
    }

    /// The same text with other line ends, and with a byte order mark.
    fn variants(input: &[u8]) -> Vec<Vec<u8>> {
        let lf: Vec<u8> = input.iter().copied().filter(|&b| b != b'\r').collect();
        let crlf = lf.iter().flat_map(|&b| match b {
            b'\n' => b"\r\n".to_vec(),
            b => vec![b],
        });
        let cr = lf.iter().map(|&b| if b == b'\n' { b'\r' } else { b });
        let bom = b"\xEF\xBB\xBF".iter().chain(&lf).copied();
        vec![input.to_vec(), crlf.collect(), cr.collect(), bom.collect()]
    }

    #[test]
    fn candidate_cuts_that_are_no_game_start_are_read_on() {
        for input in [
            // `[` after a blank line inside a comment, and a comment with no `}`
            "[Event \"a\"]\n1. c3-d4 {note\n\n[Event \"b\"]\n} f6-g5 1-0\n\n[Event \"c\"]\n1. c3-d4 *\n",
            "[Event \"a\"]\n1. c3-d4 {oops\n\n[Event \"b\"]\n1. c3-d4 *\n\n[Event \"c\"]\n1. b2-c3 *\n",
            "[Event \"a\"]\n1. c3-d4 {oops\n\n[Event \"b\"]\n1. c3-d4 *\n\n[Event \"c\"]\n1. b2-c3 } *\n",
            // line comments, and a `[` in a variation
            "% [Event \"x\"]\n\n[Event \"a\"]\n; {\n[Site \"b\"]\n1. c3-d4 ; [x\n\n[Event \"b\"]\n1. c3-d4 *\n",
            "[Event \"a\"]\n1. c3-d4 (f6-g5\n\n[Event \"b\"]\n1. c3-d4 *\n\n[Event \"c\"]\n1. c3-d4 *",
            // blank lines inside a header, headers without movetext
            "[Event \"a\"]\n\n[Site \"b\"]\n\n[Round \"1\"]\n\n1. c3-d4 *\n\n[Event \"c\"]\n\n[Event \"d\"]\n1. c3-d4 *",
            "[Event \"a\"]\n[Result \"*\"]\n\n{x}\n[Event \"b\"]\n1. c3-d4 *\n\n[Event \"c\"]\n[Event \"c\"]\n",
            // games without results, tagless games, a result standing alone
            "[Event \"a\"]\n1. c3-d4 f6-g5\n\n[Event \"b\"]\n1. c3-d4 f6-g5 2. b2-c3\n\n1. c3-d4 *\n\n1-0\n\n[Event \"c\"]\n1-0\n",
            "1. c3-d4 f6-g5 2. b2-c3 g7-f6\n\n1. c3-d4 f6-g5 2. b2-c3 g7-f6\n\n1. c3-d4 *\n",
            // tagless games: cut by `1.` after a blank line only after move 2, at the top level
            "1. c3-d4 f6-g5\n\n1. c3-d4 f6-g5 2. b2-c3\n\n1...f6-g5 2. b2-c3 {x}\n\n1.c3-d4 *\n\n1. b2-c3\n",
            "1. c3-d4 2. b2-c3 (2. a1-b2\n\n1. c3-d4) g7-f6\n\n1. c3-d4 (2. b2-c3\n\n1. c3-d4) 2. b2-c3\n\n01. c3-d4 2. b2-c3 %c\n\n1. a1-b2 2. x\n{\n\n1. c3-d4 }\n\n1. c3-d4\n\n1. 2.",
            "[Event \"a\"]\n\n1. c3-d4 2. b2-c3\n\n1. c3-d4 2. x\n\n[Event \"b\"]\n\n1. c3-d4 *\n\n1. ab",
            "{x}\n1. c3-d4 2. b2-c3 (2. a1-b2\n\n1. c3-d4) g7-f6",
            // tags that do not end their line, setups, strings with brackets
            "[Event \"a\"] [Site \"b\"]\n1. c3-d4 *\n[FEN \"W:W1:B2\"]\n/FEN \"x\n\n[Event \"[\"]\n1. c3-d4 * [Event \"\\\"]\n\n[x",
            "\n\n[\n\n[[\n[ Event\n\n[Event \"a\n\n[Event b]\n1.c3-d4 1-0[Event \"z\"]\n\u{444}\u{444} [Event \"e\"] zz *\n",
            "",
            "\n",
            "[",
            "{\n\n[Event \"a\"]\n",
        ] {
            for input in variants(input.as_bytes()) {
                same_as_one_thread(&input);
            }
        }
    }

    /// The text before each game and after the last, as a hand reads the input.
    #[test]
    fn text_between_games_is_told_in_its_place() {
        let input =
            "{pre}\n\n[Event \"a\"]\n1. c3-d4 *\n\n{after a}\n\n[Event \"b\"]\n1. c3-d4 *\n{end}\n";
        for options in options() {
            let told = run(io::Cursor::new(input), &options, None);
            let between: Vec<&str> = told
                .iter()
                .filter(|t| t.starts_with("between"))
                .map(String::as_str)
                .collect();
            let want = [
                r#"between "{pre}\n\n""#,
                r#"between "\n\n{after a}\n\n""#,
                r#"between "\n{end}\n""#,
            ];
            assert_eq!(between, want);
            assert!(told[1].starts_with("between"), "{told:?}");
        }
        same_as_one_thread(input.as_bytes());
    }

    fn files(dir: &str) -> Vec<Vec<u8>> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        ignore::WalkBuilder::new(root)
            .standard_filters(false)
            .build()
            .flatten()
            .filter(|e| e.file_type().is_some_and(|t| t.is_file()))
            .map(|e| std::fs::read(e.path()).unwrap())
            .collect()
    }

    #[test]
    fn fixtures_read_in_blocks_as_by_one_reader() {
        let fixtures = files("fixtures");
        assert!(fixtures.len() > 100);
        for file in fixtures {
            for input in variants(&file) {
                same_as_one_thread(&input);
            }
        }
    }

    #[test]
    fn fuzz_corpus_read_in_blocks_as_by_one_reader() {
        let corpus = files("fuzz/corpus/reader");
        assert!(corpus.len() > 100);
        for input in corpus {
            same_as_one_thread(&input);
        }
    }

    fn archive(games: u64, seed: u64, variant: Variant) -> String {
        let mut out = String::new();
        for index in 1..=games {
            crate::random::write_game(&mut out, variant, seed, index);
        }
        out
    }

    #[test]
    fn generated_archives_read_in_blocks_as_by_one_reader() {
        for (seed, variant) in [(1, Variant::Spantsiretti), (2, Variant::Russian)] {
            let text = archive(40, seed, variant);
            for input in variants(text.as_bytes()) {
                same_as_one_thread(&input);
            }
        }
    }

    /// A game starting in the middle of a line, after text that the one reader drops at the
    /// end of one of its reads: its columns are counted in bytes, by blocks too.
    #[test]
    fn columns_past_a_dropped_line_start_are_the_same() {
        let mut text = archive(400, 3, Variant::Spantsiretti);
        assert!(text.len() > 3 * SAMPLE);
        for k in 1..=2 {
            let at = text[..k * SAMPLE - 20].rfind("\n\n").unwrap() + 2;
            let line = "{\u{444}\u{444}\u{444}\u{444}\u{444}\u{444}\u{444}\u{444}\u{444}\u{444}\u{444}\u{444}\u{444}\u{444}\u{444}} [Event \"x\"] 1. c3-d4 zz *\n\n";
            text.insert_str(at, line);
        }
        let input = text.as_bytes();
        for options in options() {
            let one = run(io::Cursor::new(input.to_vec()), &options, None);
            for target in [100, 1000, 5000, SAMPLE] {
                let sizes = Blocks {
                    target,
                    max: 4 * target,
                };
                let blocks = run(io::Cursor::new(input.to_vec()), &options, Some(sizes));
                assert!(one == blocks, "{}", first_difference(&one, &blocks));
            }
        }
    }

    /// A game longer than the reader holds, with candidates inside, then more games.
    #[test]
    fn a_game_too_long_read_in_blocks() {
        let mut text = String::from("[Event \"a\"]\n1. c3-d4 {\n");
        while text.len() <= crate::pdn::limits::MAX_GAME_BYTES + 100_000 {
            text.push_str("\n\n[Event \"in a comment\"]\n1. c3-d4 *\n");
        }
        text.push_str("} f6-g5 1-0\n\n");
        text.push_str(&archive(20, 4, Variant::Spantsiretti));
        let input = text.as_bytes();
        let options = &options()[1];
        let one = run(io::Cursor::new(input.to_vec()), options, None);
        for target in [10_000, 300_000] {
            let sizes = Blocks {
                target,
                max: 4 * target,
            };
            let blocks = run(io::Cursor::new(input.to_vec()), options, Some(sizes));
            assert!(one == blocks, "{}", first_difference(&one, &blocks));
        }
    }

    /// A reader that fails after `left` bytes.
    struct FailAfter {
        bytes: Vec<u8>,
        left: usize,
    }

    impl Read for FailAfter {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            if self.left == 0 {
                return Err(io::Error::other("disk on fire"));
            }
            let n = out.len().min(self.left).min(self.bytes.len());
            out[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes.drain(..n);
            self.left -= n;
            Ok(n)
        }
    }

    #[test]
    fn a_read_error_ends_both_after_the_same_games() {
        let text = archive(30, 5, Variant::Spantsiretti);
        for left in [1, 500, 5000, text.len() / 2] {
            let input = || FailAfter {
                bytes: text.as_bytes().to_vec(),
                left,
            };
            for options in options() {
                let one = run(input(), &options, None);
                assert!(one.last().unwrap().contains("disk on fire"));
                for target in [50, 2000] {
                    let sizes = Blocks {
                        target,
                        max: 4 * target,
                    };
                    let blocks = run(input(), &options, Some(sizes));
                    assert!(one == blocks, "{}", first_difference(&one, &blocks));
                }
            }
        }
    }
}
