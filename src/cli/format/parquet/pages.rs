//! A leaf column's entries of one row group encoded as a Parquet column chunk, here rather
//! than by the parquet crate's column writer, whose path for each value (a batch split in
//! mini-batches, a page size checked, buffers grown page by page) cost more instructions
//! than the rest of `positions --format parquet` past reading and replaying.
//!
//! A chunk is one data page (format version 1), after a dictionary page where the column
//! has one, each compressed with Snappy: levels in the RLE/bit-packed hybrid, integers as
//! bit-packed deltas (DELTA_BINARY_PACKED), doubles and booleans plain, strings plain or
//! through a dictionary (RLE_DICTIONARY). The crate writes the pages' Thrift headers, the
//! chunk's metadata, the row groups and the footer.

use bytes::Bytes;
use parquet::basic::{Compression, Encoding};
use parquet::column::page::{CompressedPage, Page, PageWriter};
use parquet::column::writer::ColumnCloseResult;
use parquet::data_type::ByteArray;
use parquet::errors::ParquetError;
use parquet::file::metadata::ColumnChunkMetaData;
use parquet::file::statistics::Statistics;
use parquet::file::writer::{SerializedPageWriter, TrackedWrite};
use parquet::schema::types::ColumnDescPtr;

/// How a column's chunks are written.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Strings through a dictionary (words always are).
    pub dictionary: bool,
    /// Least and greatest value in the chunk's metadata.
    pub statistics: bool,
}

/// What a data page's values are, as [`Encoder::finish`] is told.
pub struct Values {
    pub encoding: Encoding,
    /// The dictionary's entries, if [`Encoder::dictionary`] holds a dictionary page.
    pub dictionary: Option<usize>,
    pub statistics: Option<Statistics>,
}

/// The buffers a column chunk is made in, kept from chunk to chunk.
pub struct Encoder {
    /// The data page, uncompressed: levels, then values.
    pub page: Vec<u8>,
    /// The dictionary page, uncompressed (plain values).
    pub dictionary: Vec<u8>,
    /// A dictionary-encoded column's indices.
    indices: Vec<u32>,
    compressed: Vec<u8>,
    chunk: Vec<u8>,
    // Boxed: its table of 2 KiB would make every holder of an Encoder as large.
    snappy: Box<snap::raw::Encoder>,
}

impl Default for Encoder {
    fn default() -> Encoder {
        Encoder {
            page: Vec::new(),
            dictionary: Vec::new(),
            indices: Vec::new(),
            compressed: Vec::new(),
            chunk: Vec::new(),
            snappy: Box::new(snap::raw::Encoder::new()),
        }
    }
}

/// Dictionaries of short strings: rustc's hash, as SipHash's resistance to chosen keys buys
/// nothing here.
type FxMap<K> = rustc_hash::FxHashMap<K, u32>;

/// A string of at most 15 bytes as one number (its bytes, then its length in the last
/// byte), which a hash map compares without a call.
fn short_key(s: &[u8]) -> Option<u128> {
    if s.len() > 15 {
        return None;
    }
    let mut key = [0; 16];
    key[..s.len()].copy_from_slice(s);
    key[15] = s.len() as u8;
    Some(u128::from_le_bytes(key))
}

/// `n` as ULEB128.
fn uleb(mut n: u64, out: &mut Vec<u8>) {
    while n >= 0x80 {
        out.push(n as u8 | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

fn zigzag(n: i64, out: &mut Vec<u8>) {
    uleb(((n << 1) ^ (n >> 63)) as u64, out);
}

/// Bits needed for `n`.
fn width(n: u64) -> u32 {
    64 - n.leading_zeros()
}

/// `values` (each less than 2 to the `width`) bit-packed, `width` bits each, least
/// significant bit first: gathered in a machine word, written a word at a time.
fn pack(values: impl Iterator<Item = u64>, width: u32, out: &mut Vec<u8>) {
    if width == 0 {
        return;
    }
    let (mut held, mut bits) = (0u64, 0);
    for v in values {
        held |= v << bits;
        let total = bits + width;
        if total >= 64 {
            out.extend_from_slice(&held.to_le_bytes());
            // The bits of `v` that did not fit.
            held = if bits == 0 { 0 } else { v >> (64 - bits) };
            bits = total - 64;
        } else {
            bits = total;
        }
    }
    out.extend_from_slice(&held.to_le_bytes()[..bits.div_ceil(8) as usize]);
}

/// `values` in the RLE/bit-packed hybrid at `width` bits: a run of 8 or more equal values
/// as one repeated value, the others bit-packed in groups of 8 (the last group padded with
/// zeros).
fn hybrid<T: Copy + PartialEq>(
    values: &[T],
    width: u32,
    number: impl Fn(T) -> u64 + Copy,
    out: &mut Vec<u8>,
) {
    let packed = |values: &[T], out: &mut Vec<u8>| {
        if values.is_empty() {
            return;
        }
        uleb(((values.len().div_ceil(8) as u64) << 1) | 1, out);
        // Whole groups are whole bytes: the last group padded on its own.
        let (whole, rest) = values.split_at(values.len() / 8 * 8);
        pack(whole.iter().map(|&v| number(v)), width, out);
        if !rest.is_empty() {
            let mut last = [0; 8];
            for (l, &v) in last.iter_mut().zip(rest) {
                *l = number(v);
            }
            pack(last.into_iter(), width, out);
        }
    };
    let value_bytes = width.div_ceil(8) as usize;
    let (mut at, mut packed_from) = (0, 0);
    while at < values.len() {
        let v = values[at];
        let run = values[at..].iter().take_while(|&&x| x == v).count();
        if run >= 8 {
            packed(&values[packed_from..at], out);
            uleb((run as u64) << 1, out);
            out.extend_from_slice(&number(v).to_le_bytes()[..value_bytes]);
            at += run;
            packed_from = at;
        } else {
            at = (at + 8).min(values.len());
        }
    }
    packed(&values[packed_from..], out);
}

/// Values in a block of DELTA_BINARY_PACKED, and in each of its miniblocks.
const BLOCK: usize = 128;
const MINIBLOCK: usize = 32;

/// `values` as DELTA_BINARY_PACKED: the first, then blocks of the differences between
/// neighbours, each less its block's least, bit-packed a miniblock at a time at the width
/// the miniblock needs. Returns the least and the greatest value.
fn deltas(values: &[i64], out: &mut Vec<u8>) -> Option<(i64, i64)> {
    const MINIBLOCKS: usize = BLOCK / MINIBLOCK;
    uleb(BLOCK as u64, out);
    uleb(MINIBLOCKS as u64, out);
    uleb(values.len() as u64, out);
    let Some((&first, rest)) = values.split_first() else {
        zigzag(0, out);
        return None;
    };
    zigzag(first, out);
    let least_value = values.iter().copied().min().unwrap_or(first);
    let most_value = values.iter().copied().max().unwrap_or(first);
    let mut previous = first;
    let mut block = [0i64; BLOCK];
    // Simple loops over whole arrays, which the compiler turns into vector instructions.
    for chunk in rest.chunks(BLOCK) {
        let deltas = &mut block[..chunk.len()];
        deltas[0] = chunk[0].wrapping_sub(previous);
        for (delta, pair) in deltas[1..].iter_mut().zip(chunk.windows(2)) {
            *delta = pair[1].wrapping_sub(pair[0]);
        }
        previous = chunk[chunk.len() - 1];
        let least = deltas.iter().copied().min().unwrap_or(0);
        zigzag(least, out);
        let widths = out.len();
        out.extend_from_slice(&[0; MINIBLOCKS]);
        for (m, mini) in deltas.chunks(MINIBLOCK).enumerate() {
            // The last miniblock padded with zeros.
            let mut above = [0u64; MINIBLOCK];
            let mut bits_of_all = 0;
            for (a, &d) in above.iter_mut().zip(mini) {
                *a = d.wrapping_sub(least) as u64;
                bits_of_all |= *a;
            }
            // As wide as the greatest: the same highest bit.
            let bits = width(bits_of_all);
            out[widths + m] = bits as u8;
            pack(above.into_iter(), bits, out);
        }
    }
    Some((least_value, most_value))
}

impl Encoder {
    /// Starts a chunk: no page yet.
    pub fn begin(&mut self) {
        self.page.clear();
        self.dictionary.clear();
    }

    /// Levels of at most `max`, each a column entry's, as the data page starts with them
    /// (repetition levels first, then definition levels): their length, then the hybrid.
    pub fn levels(&mut self, levels: &[i16], max: i16) {
        let at = self.page.len();
        self.page.extend_from_slice(&[0; 4]);
        let bits = width(max as u64);
        hybrid(levels, bits, |l: i16| l as u64, &mut self.page);
        let length = (self.page.len() - at - 4) as u32;
        self.page[at..at + 4].copy_from_slice(&length.to_le_bytes());
    }

    /// Integers, with their least and greatest if `statistics` (`nulls` entries without a
    /// value).
    pub fn ints(&mut self, values: &[i64], statistics: bool, nulls: Option<u64>) -> Values {
        let range = deltas(values, &mut self.page);
        let statistics = statistics.then(|| {
            let (least, most) = (range.map(|r| r.0), range.map(|r| r.1));
            Statistics::int64(least, most, None, nulls, false)
        });
        Values {
            encoding: Encoding::DELTA_BINARY_PACKED,
            dictionary: None,
            statistics,
        }
    }

    pub fn doubles(&mut self, values: &[f64], statistics: bool, nulls: Option<u64>) -> Values {
        self.page.reserve(values.len() * 8);
        for v in values {
            self.page.extend_from_slice(&v.to_le_bytes());
        }
        let statistics = statistics.then(|| {
            let numbers = || values.iter().copied().filter(|v| !v.is_nan());
            let least = numbers().reduce(f64::min);
            let most = numbers().reduce(f64::max);
            Statistics::double(least, most, None, nulls, false)
        });
        Values {
            encoding: Encoding::PLAIN,
            dictionary: None,
            statistics,
        }
    }

    pub fn bools(&mut self, values: &[bool], statistics: bool, nulls: Option<u64>) -> Values {
        pack(values.iter().map(|&b| u64::from(b)), 1, &mut self.page);
        let statistics = statistics.then(|| {
            let (least, most) = match values {
                [] => (None, None),
                _ => (
                    Some(values.iter().all(|&b| b)),
                    Some(values.iter().any(|&b| b)),
                ),
            };
            Statistics::boolean(least, most, None, nulls, false)
        });
        Values {
            encoding: Encoding::PLAIN,
            dictionary: None,
            statistics,
        }
    }

    /// Strings (`bytes` end to end, `ends` where each ends), plain.
    pub fn strings(&mut self, bytes: &[u8], ends: &[usize]) -> Values {
        self.page.reserve(bytes.len() + 4 * ends.len());
        let mut start = 0;
        for &end in ends {
            self.page
                .extend_from_slice(&((end - start) as u32).to_le_bytes());
            self.page.extend_from_slice(&bytes[start..end]);
            start = end;
        }
        Values {
            encoding: Encoding::PLAIN,
            dictionary: None,
            statistics: None,
        }
    }

    /// Strings through a dictionary: each new string's plain value onto the dictionary
    /// page, each string's index in it onto the data page. A string of at most 15 bytes
    /// (a move) is looked up as one number; a longer one the same as the one before (a
    /// game's file, tags) is not looked up.
    pub fn strings_dictionary(
        &mut self,
        bytes: &[u8],
        ends: &[usize],
        statistics: bool,
        nulls: Option<u64>,
    ) -> Values {
        let mut known: FxMap<&[u8]> = FxMap::default();
        let mut short: FxMap<u128> = FxMap::default();
        let (mut least, mut most): (Option<&[u8]>, Option<&[u8]>) = (None, None);
        let mut last: Option<(&[u8], u32)> = None;
        let (dictionary, indices) = (&mut self.dictionary, &mut self.indices);
        indices.clear();
        let mut start = 0;
        for &end in ends {
            let s = &bytes[start..end];
            start = end;
            let next = (known.len() + short.len()) as u32;
            let add = || {
                dictionary.extend_from_slice(&(s.len() as u32).to_le_bytes());
                dictionary.extend_from_slice(s);
                if least.is_none_or(|l| s < l) {
                    least = Some(s);
                }
                if most.is_none_or(|m| s > m) {
                    most = Some(s);
                }
                next
            };
            let index = match (short_key(s), last) {
                (Some(key), _) => *short.entry(key).or_insert_with(add),
                (None, Some((text, index))) if text == s => index,
                (None, _) => {
                    let index = *known.entry(s).or_insert_with(add);
                    last = Some((s, index));
                    index
                }
            };
            indices.push(index);
        }
        let statistics = statistics.then(|| {
            let value = |s: Option<&[u8]>| s.map(|s| ByteArray::from(s.to_vec()));
            Statistics::byte_array(value(least), value(most), None, nulls, false)
        });
        self.indices_page(known.len() + short.len(), statistics)
    }

    /// Words (strings known to the program) through a dictionary, looked up by where they
    /// are (the same word may be in more than one place: then by its bytes), the places
    /// met last in a small table before the map.
    pub fn words_dictionary(
        &mut self,
        words: &[&'static [u8]],
        statistics: bool,
        nulls: Option<u64>,
    ) -> Values {
        let mut places: FxMap<usize> = FxMap::default();
        let mut entries: Vec<&'static [u8]> = Vec::new();
        const RECENT: usize = 64;
        // No word is at address 0.
        let mut recent = [(0usize, 0u32); RECENT];
        self.indices.clear();
        for &word in words {
            let place = word.as_ptr() as usize;
            let slot = (place ^ place >> 6) % RECENT;
            let index = match recent[slot] {
                (known, index) if known == place => index,
                _ => {
                    let index = *places.entry(place).or_insert_with(|| {
                        match entries.iter().position(|&e| e == word) {
                            Some(at) => at as u32,
                            None => {
                                entries.push(word);
                                entries.len() as u32 - 1
                            }
                        }
                    });
                    recent[slot] = (place, index);
                    index
                }
            };
            self.indices.push(index);
        }
        for word in &entries {
            self.dictionary
                .extend_from_slice(&(word.len() as u32).to_le_bytes());
            self.dictionary.extend_from_slice(word);
        }
        let statistics = statistics.then(|| {
            let value = |s: Option<&&[u8]>| s.map(|s| ByteArray::from(s.to_vec()));
            let least = value(entries.iter().min());
            let most = value(entries.iter().max());
            Statistics::byte_array(least, most, None, nulls, false)
        });
        self.indices_page(entries.len(), statistics)
    }

    /// The indices onto the data page: their width, then the hybrid.
    fn indices_page(&mut self, entries: usize, statistics: Option<Statistics>) -> Values {
        let bits = width(entries.saturating_sub(1) as u64);
        self.page.push(bits as u8);
        hybrid(&self.indices, bits, u64::from, &mut self.page);
        Values {
            encoding: Encoding::RLE_DICTIONARY,
            dictionary: Some(entries),
            statistics,
        }
    }

    /// `page` compressed, as a page's buffer.
    fn compress(&mut self, page: &[u8]) -> Result<Bytes, ParquetError> {
        let room = snap::raw::max_compress_len(page.len());
        if self.compressed.len() < room {
            self.compressed.resize(room, 0);
        }
        let n = self
            .snappy
            .compress(page, &mut self.compressed)
            .map_err(|e| ParquetError::External(Box::new(e)))?;
        Ok(Bytes::copy_from_slice(&self.compressed[..n]))
    }

    /// The chunk of column `descr` made of the pages begun (`entries` level entries,
    /// `rows` rows, the values as `values` says), and its metadata for the row group.
    pub fn finish(
        &mut self,
        descr: ColumnDescPtr,
        entries: usize,
        rows: usize,
        values: Values,
    ) -> Result<(Bytes, ColumnCloseResult), ParquetError> {
        let mut sink = TrackedWrite::new(std::mem::take(&mut self.chunk));
        let mut uncompressed = 0;
        let mut dictionary_offset = None;
        let mut pages = SerializedPageWriter::new(&mut sink);
        if let Some(n) = values.dictionary {
            let body = std::mem::take(&mut self.dictionary);
            let page = Page::DictionaryPage {
                buf: self.compress(&body)?,
                num_values: n as u32,
                encoding: Encoding::PLAIN,
                is_sorted: false,
            };
            let spec = pages.write_page(CompressedPage::new(page, body.len()))?;
            self.dictionary = body;
            dictionary_offset = Some(spec.offset as i64);
            uncompressed += spec.uncompressed_size;
        }
        let body = std::mem::take(&mut self.page);
        let page = Page::DataPage {
            buf: self.compress(&body)?,
            num_values: entries as u32,
            encoding: values.encoding,
            def_level_encoding: Encoding::RLE,
            rep_level_encoding: Encoding::RLE,
            statistics: None,
        };
        let spec = pages.write_page(CompressedPage::new(page, body.len()))?;
        self.page = body;
        uncompressed += spec.uncompressed_size;
        pages.close()?;
        let chunk = sink.into_inner()?;
        let mut encodings = vec![values.encoding, Encoding::RLE];
        if values.dictionary.is_some() {
            encodings.push(Encoding::PLAIN);
        }
        let mut metadata = ColumnChunkMetaData::builder(descr)
            .set_compression(Compression::SNAPPY)
            .set_encodings(encodings)
            .set_total_compressed_size(chunk.len() as i64)
            .set_total_uncompressed_size(uncompressed as i64)
            .set_num_values(entries as i64)
            .set_data_page_offset(spec.offset as i64)
            .set_dictionary_page_offset(dictionary_offset);
        if let Some(statistics) = values.statistics {
            metadata = metadata.set_statistics(statistics);
        }
        let close = ColumnCloseResult {
            bytes_written: chunk.len() as u64,
            rows_written: rows as u64,
            metadata: metadata.build()?,
            bloom_filter: None,
            column_index: None,
            offset_index: None,
        };
        Ok((Bytes::from(chunk), close))
    }

    /// Takes back a chunk's buffer once the file has it.
    pub fn reclaim(&mut self, chunk: Bytes) {
        if let Ok(buffer) = chunk.try_into_mut() {
            self.chunk = Vec::from(buffer);
            self.chunk.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hybrid_runs_and_groups() {
        let mut out = Vec::new();
        // Ten ones: one run.
        hybrid(&[1u32; 10], 1, u64::from, &mut out);
        assert_eq!(out, [20, 1]);
        out.clear();
        // 0,1,0,1,... (9 values): two groups bit-packed, the second padded.
        let alternating: Vec<u32> = (0..9).map(|i| i % 2).collect();
        hybrid(&alternating, 1, u64::from, &mut out);
        assert_eq!(out, [5, 0b1010_1010, 0]);
    }

    #[test]
    fn deltas_of_a_few_numbers() {
        let mut out = Vec::new();
        deltas(&[7, 5, 3, 1, 2, 3, 4, 5], &mut out);
        // Header: block 128 (two bytes of ULEB128), 4 miniblocks, 8 values, first 7
        // (zigzag 14); then the least delta -2 (zigzag 3), widths [2, 0, 0, 0], and one
        // miniblock of 32 values of 2 bits: 0,0,0,3,3,3,3 then zeros.
        assert_eq!(&out[..10], &[128, 1, 4, 8, 14, 3, 2, 0, 0, 0]);
        assert_eq!(&out[10..], &[0b1100_0000, 0b0011_1111, 0, 0, 0, 0, 0, 0]);
    }
}
