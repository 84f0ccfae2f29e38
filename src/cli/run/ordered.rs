//! Work on many inputs at once, output in input order, in bounded memory.
//!
//! Workers take the inputs in order, a batch of consecutive inputs at a time, and hand what
//! they produce (pieces of output, counts) to an `emit` function as they go. The main thread
//! records the pieces of the earliest unfinished batch as they come; a later batch's pieces
//! wait in a bounded queue (its worker blocks when the queue is full), and a worker starts a
//! batch only when it is among the next [`WINDOW`]-per-thread batches. So at most
//! `threads * WINDOW` batches are held, each with at most [`QUEUE`] groups of [`GROUP`]
//! pieces, whatever the number and size of the inputs.
//!
//! A batch is one input at first, and grows while inputs are quick to work on (many small
//! files): handing work and output from thread to thread then costs little per input, where
//! one hand-over per input and per piece made two threads slower than one on many small files.
//!
//! No deadlock: batches are started in order, so the earliest unfinished batch always has a
//! worker, and its queue is always being emptied.

use crate::cli::run::inputs::Input;
use std::collections::BTreeMap;
use std::io;
use std::mem;
use std::ops::Range;
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Groups of pieces waiting per batch, and the pieces of a group: a batch of one input hands
/// on each piece at once, a batch of many (quick) inputs up to [`GROUP`] pieces at once.
const QUEUE: usize = 2;
const GROUP: usize = 16;
/// Batches a worker may run ahead of the earliest unfinished one, per thread.
const WINDOW: usize = 2;
/// The largest batch, and how quickly a batch must be done for the next one to be larger.
const MAX_BATCH: usize = 64;
const QUICK_BATCH: Duration = Duration::from_millis(2);

/// What the workers and the main thread share.
struct Shared {
    /// The inputs not yet taken, and the number of the next batch.
    next: Mutex<Next>,
    progress: Mutex<Progress>,
    /// Signalled when `progress` changes.
    moved: Condvar,
    /// Batches a worker may start past the earliest unfinished one.
    window: usize,
}

struct Next {
    input: usize,
    batch: usize,
}

/// How far the main thread has got: batches before `next` are recorded in full; `stopped`
/// once it gave up (an error of `record`).
struct Progress {
    next: usize,
    stopped: bool,
}

/// A batch of inputs taken by a worker: its number and its inputs.
struct Batch {
    number: usize,
    inputs: Range<usize>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|p| p.into_inner())
}

impl Shared {
    /// Takes the next `size` inputs (fewer at the end); None when all are taken.
    fn take(&self, size: usize, count: usize) -> Option<Batch> {
        let mut next = lock(&self.next);
        let start = next.input;
        if start >= count {
            return None;
        }
        next.input = count.min(start + size);
        next.batch += 1;
        Some(Batch {
            number: next.batch - 1,
            inputs: start..next.input,
        })
    }

    /// Waits until batch `number` may be started; false if the run stopped.
    fn wait_for_turn(&self, number: usize) -> bool {
        let mut progress = lock(&self.progress);
        while !progress.stopped && number >= progress.next + self.window {
            progress = self.moved.wait(progress).unwrap_or_else(|p| p.into_inner());
        }
        !progress.stopped
    }

    fn advance(&self, next: usize) {
        lock(&self.progress).next = next;
        self.moved.notify_all();
    }

    fn stop(&self) {
        lock(&self.progress).stopped = true;
        self.moved.notify_all();
    }
}

/// The error a worker's `emit` returns once the main thread has stopped.
fn stopped() -> io::Error {
    io::Error::other("output stopped")
}

/// What `work` does with its input.
pub type Emit<'a, M> = dyn FnMut(M) -> io::Result<()> + 'a;

/// Runs `work` on every input on up to `threads` threads (fewer if no more can be made; none
/// extra for one thread or one input) and hands what each emits to `record`, in input order.
/// `work`'s `emit` fails once `record` has failed; the first error of `record` is returned.
pub fn in_input_order<M: Send>(
    inputs: &[Input],
    threads: usize,
    work: impl Fn(&Input, &mut Emit<M>) + Sync,
    mut record: impl FnMut(M) -> io::Result<()>,
) -> io::Result<()> {
    if threads > 1
        && inputs.len() > 1
        && let Some(result) = in_parallel(inputs, threads, &work, &mut record)
    {
        return result;
    }
    // On this thread, one input after the other, each piece recorded at once.
    let mut failure = None;
    for input in inputs {
        let mut emit = |piece: M| {
            if failure.is_some() {
                return Err(stopped());
            }
            record(piece).map_err(|e| {
                failure = Some(e);
                stopped()
            })
        };
        work(input, &mut emit);
        if failure.is_some() {
            break;
        }
    }
    failure.map_or(Ok(()), Err)
}

/// The parallel way; None if no worker thread could be made (and nothing was done).
fn in_parallel<M: Send>(
    inputs: &[Input],
    threads: usize,
    work: &(impl Fn(&Input, &mut Emit<M>) + Sync),
    record: &mut impl FnMut(M) -> io::Result<()>,
) -> Option<io::Result<()>> {
    let shared = Shared {
        next: Mutex::new(Next { input: 0, batch: 0 }),
        progress: Mutex::new(Progress {
            next: 0,
            stopped: false,
        }),
        moved: Condvar::new(),
        window: threads * WINDOW,
    };
    let (lanes_tx, lanes_rx) = mpsc::channel::<(Batch, Receiver<Vec<M>>)>();
    std::thread::scope(|scope| {
        let mut workers = 0;
        for _ in 0..threads.min(inputs.len()) {
            let (shared, lanes) = (&shared, lanes_tx.clone());
            let spawned = std::thread::Builder::new()
                .spawn_scoped(scope, move || worker(shared, inputs, work, lanes));
            if spawned.is_err() {
                break; // a process limit: go on with the workers there are
            }
            workers += 1;
        }
        drop(lanes_tx);
        (workers > 0).then(|| collect(&shared, lanes_rx, inputs.len(), record))
    })
}

/// A worker: takes the next batch, waits for its turn, works on it into a queue of its own.
fn worker<M: Send>(
    shared: &Shared,
    inputs: &[Input],
    work: &(impl Fn(&Input, &mut Emit<M>) + Sync),
    lanes: mpsc::Sender<(Batch, Receiver<Vec<M>>)>,
) {
    let mut size = 1;
    while let Some(batch) = shared.take(size, inputs.len()) {
        if !shared.wait_for_turn(batch.number) {
            return;
        }
        let (sender, receiver): (SyncSender<Vec<M>>, _) = mpsc::sync_channel(QUEUE);
        let batch_inputs = &inputs[batch.inputs.clone()];
        if lanes.send((batch, receiver)).is_err() {
            return;
        }
        let started = Instant::now();
        let group_size = if batch_inputs.len() == 1 { 1 } else { GROUP };
        let mut group = Vec::with_capacity(group_size);
        let mut emit = |piece: M| {
            group.push(piece);
            if group.len() < group_size {
                return Ok(());
            }
            sender.send(mem::take(&mut group)).map_err(|_| stopped())
        };
        for input in batch_inputs {
            work(input, &mut emit);
        }
        if !group.is_empty() && sender.send(group).is_err() {
            return;
        }
        size = if started.elapsed() < QUICK_BATCH {
            (size * 2).min(MAX_BATCH)
        } else {
            1
        };
    }
}

/// The main thread's part: records every batch's pieces in order, up to `count` inputs.
fn collect<M>(
    shared: &Shared,
    lanes: Receiver<(Batch, Receiver<Vec<M>>)>,
    count: usize,
    record: &mut impl FnMut(M) -> io::Result<()>,
) -> io::Result<()> {
    let mut waiting = BTreeMap::new();
    let mut all = || -> io::Result<()> {
        let (mut number, mut recorded) = (0, 0);
        while recorded < count {
            let (batch, lane) = loop {
                if let Some(lane) = waiting.remove(&number) {
                    break lane;
                }
                let (batch, lane) = lanes
                    .recv()
                    .map_err(|_| io::Error::other("a worker thread ended early"))?;
                waiting.insert(batch.number, (batch, lane));
            };
            for piece in lane.iter().flatten() {
                record(piece)?;
            }
            recorded += batch.inputs.len();
            number += 1;
            shared.advance(number);
        }
        Ok(())
    };
    let result = all();
    if result.is_err() {
        // Workers waiting for their turn give up; those sending find their queue gone.
        shared.stop();
    }
    drop(waiting);
    drop(lanes);
    result
}
