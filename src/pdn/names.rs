//! The tag names seen in one game's tag section, for the rule "a repeated tag name starts
//! the next game". Linear in the number of names: a few names are compared directly, more
//! go through a hash index (hostile input may hold hundreds of thousands of distinct names).

use std::collections::HashMap;
use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;

/// Past this many names a lookup goes through the hash index instead of a scan.
const SCAN_NAMES: usize = 16;

#[derive(Debug, Default)]
pub(crate) struct SeenNames {
    /// The names, end to end (reused from game to game).
    bytes: Vec<u8>,
    /// End of each name in `bytes`.
    ends: Vec<usize>,
    /// One bit per [`name_bit`] of the names: most new names are told apart by it.
    bits: u64,
    /// Hash of a name -> index of the first name with that hash, once there are more than
    /// [`SCAN_NAMES`] names.
    index: HashMap<u64, usize>,
    hasher: RandomState,
}

/// A bit for a tag name from its length and last byte: equal names have equal bits.
pub(crate) fn name_bit(name: &[u8]) -> u64 {
    let last = name.last().copied().unwrap_or_default();
    1 << ((name.len() * 7 + usize::from(last)) % 64)
}

impl SeenNames {
    /// Forgets every name (a new game starts).
    pub(crate) fn clear(&mut self) {
        self.bytes.clear();
        self.ends.clear();
        self.bits = 0;
        self.index.clear();
    }

    fn name(&self, i: usize) -> Option<&[u8]> {
        let from = match i.checked_sub(1) {
            Some(before) => *self.ends.get(before)?,
            None => 0,
        };
        self.bytes.get(from..*self.ends.get(i)?)
    }

    fn scan(&self, name: &[u8]) -> bool {
        (0..self.ends.len()).any(|i| self.name(i) == Some(name))
    }

    /// Whether `name` was seen before in this game; if not, it is remembered.
    pub(crate) fn repeated(&mut self, name: &[u8]) -> bool {
        let bit = name_bit(name);
        let maybe = self.bits & bit != 0;
        if self.ends.len() < SCAN_NAMES {
            if maybe && self.scan(name) {
                return true;
            }
        } else {
            if self.index.is_empty() {
                for i in 0..self.ends.len() {
                    let hash = self.name(i).map(|n| self.hasher.hash_one(n));
                    if let Some(hash) = hash {
                        self.index.entry(hash).or_insert(i);
                    }
                }
            }
            let hash = self.hasher.hash_one(name);
            if maybe && let Some(&i) = self.index.get(&hash) {
                // Equal hashes of different names are rare enough to pay a scan for.
                if self.name(i) == Some(name) || self.scan(name) {
                    return true;
                }
            }
            self.index.entry(hash).or_insert(self.ends.len());
        }
        self.bits |= bit;
        self.bytes.extend_from_slice(name);
        self.ends.push(self.bytes.len());
        false
    }
}

#[cfg(test)]
mod tests {
    use super::SeenNames;

    #[test]
    fn repeats_are_found_before_and_after_the_index() {
        let mut seen = SeenNames::default();
        for n in 0..100 {
            assert!(!seen.repeated(format!("N{n}").as_bytes()));
        }
        assert!(seen.repeated(b"N3"));
        assert!(seen.repeated(b"N99"));
        assert!(!seen.repeated(b"N100"));
        seen.clear();
        assert!(!seen.repeated(b"N3"));
        assert!(seen.repeated(b"N3"));
    }
}
