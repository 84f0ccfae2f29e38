//! A game's text as read, which canonical PDN keeps where it does not rewrite it.

use crate::pdn::Token;
use crate::text::encoding::TextEncoding;

/// A game's text as read, for [`super::write_game`]: its bytes in the input's encoding, the
/// offset of its first byte in the input, and its movetext's constructs as the reading
/// scanned them (offsets in the input, as those of its report).
#[derive(Clone, Copy)]
pub struct GameText<'a> {
    /// The game's bytes, from its first tag or token to its last token.
    pub bytes: &'a [u8],
    /// Offset of the first byte in the input.
    pub offset: u64,
    /// The input's encoding.
    pub encoding: TextEncoding,
    /// The movetext's tokens ([`crate::pdn::ParsedGame::tokens`]).
    pub tokens: &'a [Token],
}
