//! Work on many inputs at once, output in input order, in bounded memory.
//!
//! Each input is worked on by one thread, which hands what it produces (pieces of output,
//! counts) to an `emit` function as it goes. The main thread records the pieces of the
//! earliest unfinished input as they come; a later input's pieces wait in a bounded queue
//! (its worker blocks when the queue is full), and a worker starts an input only when it is
//! among the next [`WINDOW`]-per-thread inputs. So at most `threads * WINDOW` inputs are
//! held, each with at most [`QUEUE`] pieces, whatever the number and size of the inputs.
//!
//! No deadlock: inputs are started in order, so the earliest unfinished input always has a
//! worker, and its queue is always being emptied.

use super::inputs::Input;
use std::collections::BTreeMap;
use std::io;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Condvar, Mutex};

/// Pieces waiting per input.
const QUEUE: usize = 4;
/// Inputs a worker may run ahead of the earliest unfinished one, per thread.
const WINDOW: usize = 2;

/// What the workers and the main thread share.
struct Shared {
    /// The next input for a worker to take.
    next_input: AtomicUsize,
    progress: Mutex<Progress>,
    /// Signalled when `progress` changes.
    moved: Condvar,
    /// Inputs a worker may start past the earliest unfinished one.
    window: usize,
}

/// How far the main thread has got: inputs before `next` are recorded in full; `stopped`
/// once it gave up (an error of `record`).
struct Progress {
    next: usize,
    stopped: bool,
}

impl Shared {
    fn progress(&self) -> std::sync::MutexGuard<'_, Progress> {
        self.progress.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Waits until input `index` may be started; false if the run stopped.
    fn wait_for_turn(&self, index: usize) -> bool {
        let mut progress = self.progress();
        while !progress.stopped && index >= progress.next + self.window {
            progress = self.moved.wait(progress).unwrap_or_else(|p| p.into_inner());
        }
        !progress.stopped
    }

    fn advance(&self, next: usize) {
        self.progress().next = next;
        self.moved.notify_all();
    }

    fn stop(&self) {
        self.progress().stopped = true;
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
        next_input: AtomicUsize::new(0),
        progress: Mutex::new(Progress {
            next: 0,
            stopped: false,
        }),
        moved: Condvar::new(),
        window: threads * WINDOW,
    };
    let (lanes_tx, lanes_rx) = mpsc::channel::<(usize, Receiver<M>)>();
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

/// A worker: takes the next input, waits for its turn, works on it into a queue of its own.
fn worker<M: Send>(
    shared: &Shared,
    inputs: &[Input],
    work: &(impl Fn(&Input, &mut Emit<M>) + Sync),
    lanes: mpsc::Sender<(usize, Receiver<M>)>,
) {
    loop {
        let index = shared.next_input.fetch_add(1, Ordering::SeqCst);
        if index >= inputs.len() || !shared.wait_for_turn(index) {
            return;
        }
        let (sender, receiver): (SyncSender<M>, _) = mpsc::sync_channel(QUEUE);
        if lanes.send((index, receiver)).is_err() {
            return;
        }
        let mut emit = |piece: M| sender.send(piece).map_err(|_| stopped());
        work(&inputs[index], &mut emit);
    }
}

/// The main thread's part: records every input's pieces in order.
fn collect<M>(
    shared: &Shared,
    lanes: Receiver<(usize, Receiver<M>)>,
    count: usize,
    record: &mut impl FnMut(M) -> io::Result<()>,
) -> io::Result<()> {
    let mut waiting = BTreeMap::new();
    let mut all = || -> io::Result<()> {
        for index in 0..count {
            let lane = loop {
                if let Some(lane) = waiting.remove(&index) {
                    break lane;
                }
                let (at, lane) = lanes
                    .recv()
                    .map_err(|_| io::Error::other("a worker thread ended early"))?;
                waiting.insert(at, lane);
            };
            for piece in lane.iter() {
                record(piece)?;
            }
            shared.advance(index + 1);
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
