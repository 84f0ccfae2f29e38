//! Tag pairs `[Name "value"]` as read. The reading, with its leniencies and findings, is
//! the grammar's `PdnTag` production (`super::grammar`). Values are kept as raw bytes
//! (`\"` and `\\` unescaped in quoted values) and decoded later.

use std::borrow::Cow;

/// One tag pair.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tag {
    /// The name as written (lossy UTF-8).
    pub name: String,
    /// The raw value bytes with `\"` and `\\` unescaped.
    pub value: Vec<u8>,
    /// Absolute byte offset of `[`.
    pub offset: u64,
    /// Absolute byte offset of the first byte of the value (after the opening quote).
    pub value_offset: u64,
    /// Bytes of the tag as written, from `[` to its end (`]`, or the end of its line).
    pub len: u32,
}

impl Tag {
    /// The value decoded as UTF-8 (invalid bytes replaced); use `crate::text::encoding::decode`
    /// for other encodings.
    pub fn value_lossy(&self) -> Cow<'_, str> {
        String::from_utf8_lossy(&self.value)
    }
}
