//! Sorting and combining more records than memory should hold: sorted runs spilled to
//! temporary files, then merged (a k-way merge, at most [`FAN_IN`] runs at a time). Records
//! have a fixed size in bytes, so runs are plain arrays.
//!
//! The temporary files live in a directory of their own, in a directory the caller gives (the
//! command line's scratch directory, removed also on a signal) or the system's temporary
//! directory (`TMPDIR`), removed when the [`Runs`] are dropped.

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// Runs merged at once (one open file and one buffer each).
pub const FAN_IN: usize = 32;

/// A record of fixed size.
pub trait Record: Sized {
    const SIZE: usize;
    fn encode(&self, out: &mut [u8]);
    fn decode(bytes: &[u8]) -> Self;
}

/// Writes the fields of a record one after the other (little-endian).
pub struct Put<'a> {
    out: &'a mut [u8],
    at: usize,
}

impl<'a> Put<'a> {
    pub fn new(out: &'a mut [u8]) -> Put<'a> {
        Put { out, at: 0 }
    }

    pub fn bytes(&mut self, bytes: &[u8]) -> &mut Self {
        self.out[self.at..self.at + bytes.len()].copy_from_slice(bytes);
        self.at += bytes.len();
        self
    }
}

/// Reads the fields of a record in the order [`Put`] wrote them.
pub struct Take<'a> {
    bytes: &'a [u8],
}

impl<'a> Take<'a> {
    pub fn new(bytes: &'a [u8]) -> Take<'a> {
        Take { bytes }
    }

    pub fn array<const N: usize>(&mut self) -> [u8; N] {
        let (head, rest) = self.bytes.split_at(N);
        self.bytes = rest;
        head.try_into().expect("split at N")
    }

    pub fn u8(&mut self) -> u8 {
        self.array::<1>()[0]
    }

    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.array())
    }

    pub fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.array())
    }
}

/// Sorted runs on disk.
pub struct Runs {
    dir: tempfile::TempDir,
    files: Vec<PathBuf>,
    made: usize,
}

impl Runs {
    /// No run yet, in a temporary directory of their own (removed when dropped) in `parent`,
    /// or in the system's temporary directory.
    pub fn new(parent: Option<&Path>) -> io::Result<Runs> {
        let mut builder = tempfile::Builder::new();
        builder.prefix("pdnkit-");
        let dir = match parent {
            Some(parent) => builder.tempdir_in(parent)?,
            None => builder.tempdir()?,
        };
        Ok(Runs {
            dir,
            files: Vec::new(),
            made: 0,
        })
    }

    /// Makes a file of the caller's own beside the runs, `name` (not `run-N`), removed with
    /// them.
    pub fn create(&self, name: &str) -> io::Result<File> {
        File::create(self.dir.path().join(name))
    }

    /// Opens the file [`Runs::create`] made.
    pub fn open(&self, name: &str) -> io::Result<File> {
        File::open(self.dir.path().join(name))
    }

    /// Writes `records` (already sorted) as one run.
    pub fn spill<T: Record>(&mut self, records: impl IntoIterator<Item = T>) -> io::Result<()> {
        self.write_run(records.into_iter().map(Ok))
    }

    fn write_run<T: Record>(
        &mut self,
        records: impl IntoIterator<Item = io::Result<T>>,
    ) -> io::Result<()> {
        let path = self.dir.path().join(format!("run-{}", self.made));
        self.made += 1;
        let mut out = BufWriter::with_capacity(64 << 10, File::create(&path)?);
        let mut buf = vec![0u8; T::SIZE];
        for record in records {
            record?.encode(&mut buf);
            out.write_all(&buf)?;
        }
        out.flush()?;
        self.files.push(path);
        Ok(())
    }

    /// Merges every run (each sorted by `key`) into one sorted sequence, records of equal
    /// keys combined into the first by `combine`.
    pub fn merge<T: Record, K: Ord>(
        mut self,
        key: fn(&T) -> K,
        combine: fn(&mut T, T),
    ) -> io::Result<Merged<T, K>> {
        while self.files.len() > FAN_IN {
            let batch: Vec<PathBuf> = self.files.drain(..FAN_IN).collect();
            let merged = Merged::open(&batch, key, combine)?;
            self.write_run(merged)?;
            for file in batch {
                let _ = std::fs::remove_file(file);
            }
        }
        let mut merged = Merged::open(&self.files, key, combine)?;
        merged._runs = Some(self);
        Ok(merged)
    }
}

/// One run being read.
struct Reader<T> {
    input: BufReader<File>,
    buf: Vec<u8>,
    _record: std::marker::PhantomData<T>,
}

impl<T: Record> Reader<T> {
    fn next(&mut self) -> io::Result<Option<T>> {
        match self.input.read_exact(&mut self.buf) {
            Ok(()) => Ok(Some(T::decode(&self.buf))),
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Ok(None),
            Err(e) => Err(e),
        }
    }
}

/// The head of a run in the merge heap: smallest key first, then the earlier run.
struct Head<K> {
    key: K,
    run: usize,
}

impl<K: Ord> PartialEq for Head<K> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl<K: Ord> Eq for Head<K> {}
impl<K: Ord> PartialOrd for Head<K> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<K: Ord> Ord for Head<K> {
    fn cmp(&self, other: &Self) -> Ordering {
        (&self.key, self.run).cmp(&(&other.key, other.run))
    }
}

/// The merge of some runs, as an iterator of records in key order.
pub struct Merged<T, K> {
    readers: Vec<Reader<T>>,
    heads: Vec<Option<T>>,
    heap: BinaryHeap<Reverse<Head<K>>>,
    key: fn(&T) -> K,
    combine: fn(&mut T, T),
    /// Keeps the files until the merge is read.
    _runs: Option<Runs>,
}

impl<T: Record, K: Ord> Merged<T, K> {
    fn open(files: &[PathBuf], key: fn(&T) -> K, combine: fn(&mut T, T)) -> io::Result<Self> {
        let mut merged = Merged {
            readers: Vec::with_capacity(files.len()),
            heads: Vec::with_capacity(files.len()),
            heap: BinaryHeap::with_capacity(files.len()),
            key,
            combine,
            _runs: None,
        };
        for (run, path) in files.iter().enumerate() {
            merged.readers.push(Reader {
                input: BufReader::with_capacity(64 << 10, File::open(path)?),
                buf: vec![0u8; T::SIZE],
                _record: std::marker::PhantomData,
            });
            merged.heads.push(None);
            merged.refill(run)?;
        }
        Ok(merged)
    }

    /// Reads the next record of `run` into its head.
    fn refill(&mut self, run: usize) -> io::Result<()> {
        if let Some(record) = self.readers[run].next()? {
            self.heap.push(Reverse(Head {
                key: (self.key)(&record),
                run,
            }));
            self.heads[run] = Some(record);
        }
        Ok(())
    }

    fn pop(&mut self) -> io::Result<Option<(K, T)>> {
        let Some(Reverse(head)) = self.heap.pop() else {
            return Ok(None);
        };
        let record = self.heads[head.run]
            .take()
            .expect("a head in the heap is held");
        self.refill(head.run)?;
        Ok(Some((head.key, record)))
    }

    fn next_combined(&mut self) -> io::Result<Option<T>> {
        let Some((key, mut record)) = self.pop()? else {
            return Ok(None);
        };
        while self.heap.peek().is_some_and(|Reverse(h)| h.key == key) {
            let (_, other) = self.pop()?.expect("peeked");
            (self.combine)(&mut record, other);
        }
        Ok(Some(record))
    }
}

impl<T: Record, K: Ord> Iterator for Merged<T, K> {
    type Item = io::Result<T>;

    fn next(&mut self) -> Option<io::Result<T>> {
        self.next_combined().transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Clone, Copy)]
    struct Pair(u32, u32);

    impl Record for Pair {
        const SIZE: usize = 8;
        fn encode(&self, out: &mut [u8]) {
            Put::new(out)
                .bytes(&self.0.to_le_bytes())
                .bytes(&self.1.to_le_bytes());
        }
        fn decode(bytes: &[u8]) -> Pair {
            let mut take = Take::new(bytes);
            Pair(take.u32(), take.u32())
        }
    }

    #[test]
    fn runs_merge_in_key_order_and_combine_equal_keys() {
        // More runs than FAN_IN, so that the merge goes in two rounds.
        let mut runs = Runs::new(None).unwrap();
        let mut expected = std::collections::BTreeMap::new();
        for run in 0..(FAN_IN as u32 * 2 + 3) {
            let mut records: Vec<Pair> = (0..20).map(|i| Pair((i * 7 + run) % 50, 1)).collect();
            records.sort_by_key(|p| p.0);
            for p in &records {
                *expected.entry(p.0).or_insert(0) += p.1;
            }
            runs.spill(records).unwrap();
        }
        let merged: Vec<Pair> = runs
            .merge(|p: &Pair| p.0, |a: &mut Pair, b: Pair| a.1 += b.1)
            .unwrap()
            .map(Result::unwrap)
            .collect();
        let expected: Vec<Pair> = expected.into_iter().map(|(k, n)| Pair(k, n)).collect();
        assert_eq!(merged, expected);
    }
}
