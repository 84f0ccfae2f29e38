//! A game's text as read, which canonical PDN keeps where it does not rewrite it.

use crate::encoding::TextEncoding;

/// A game's text as read, for [`super::write_game`]: its bytes in the input's encoding, and the
/// offset of its first byte in the input (the offsets of its report count from there).
#[derive(Clone, Copy)]
pub struct GameText<'a> {
    pub bytes: &'a [u8],
    pub offset: u64,
    pub encoding: TextEncoding,
}
