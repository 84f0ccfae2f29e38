//! Feeds a [`MovetextWriter`] from the lexer's tokens of one game, one event per token; and
//! the comments that stand between games.

use super::lines::Lines;
use super::movetext::{MovetextWriter, Variation, comment_text, write_comment};
use super::pdn::GameText;
use crate::encoding::{TextEncoding, decode};
use crate::pdn::lexer::{CommentStyle, TokenKind, parse_bytes};

/// The comments of text that stands between games (a preamble, comments after a game), laid
/// out as movetext is, ending with a line break; empty if there are none. Anything else in
/// it (there is nothing else unless a game was too long to be read) is left out.
pub(super) fn comments_between(bytes: &[u8], encoding: TextEncoding) -> String {
    let parsed = parse_bytes(bytes, 0);
    let mut lines = Lines::default();
    let mut any = false;
    for token in &parsed.tokens {
        let TokenKind::Comment(style) = token.kind else {
            continue;
        };
        let raw = bytes_at(bytes, 0, token.offset, u64::from(token.len));
        let body = decode(comment_body(raw, style), encoding);
        write_comment(&mut lines, style, &comment_text(&body, style));
        any = true;
    }
    if any { lines.finish() } else { String::new() }
}

/// The bytes of `text` (whose first byte is at offset `base`) from `offset` on, `len` of them.
fn bytes_at(text: &[u8], base: u64, offset: u64, len: u64) -> &[u8] {
    let from = usize::try_from(offset.saturating_sub(base)).unwrap_or(usize::MAX);
    let to = from.saturating_add(usize::try_from(len).unwrap_or(usize::MAX));
    text.get(from..to).unwrap_or_default()
}

/// A comment token's text without its delimiters.
fn comment_body(raw: &[u8], style: CommentStyle) -> &[u8] {
    let body = raw.get(1..).unwrap_or_default();
    match style {
        CommentStyle::Braces => body.strip_suffix(b"}").unwrap_or(body),
        CommentStyle::Percent | CommentStyle::Semicolon => body,
    }
}

pub(super) fn feed(text: &GameText, writer: &mut MovetextWriter) {
    let parsed = parse_bytes(text.bytes, text.offset);
    // Depth of the variation being skipped, counted from 1 at its `(`.
    let mut skipping = 0u32;
    for token in &parsed.tokens {
        if skipping > 0 {
            match token.kind {
                TokenKind::VariationStart => skipping += 1,
                TokenKind::VariationEnd => skipping -= 1,
                _ => {}
            }
            continue;
        }
        let raw = bytes_at(text.bytes, text.offset, token.offset, u64::from(token.len));
        let written = decode(raw, text.encoding);
        let at = token.offset;
        match &token.kind {
            TokenKind::MoveNumber { number, black } => writer.move_number(at, *number, *black),
            TokenKind::Move(mv) => writer.written_move(at, mv, &written),
            TokenKind::Nag(n) => writer.nag(at, *n),
            TokenKind::Comment(style) => {
                let body = comment_body(raw, *style);
                writer.comment(at, *style, &decode(body, text.encoding));
            }
            TokenKind::VariationStart => {
                if writer.begin_variation(at) == Variation::Skip {
                    skipping = 1;
                }
            }
            TokenKind::VariationEnd => writer.end_variation(at),
            TokenKind::Result(_) => writer.result(at, &written),
            TokenKind::Setup(_) | TokenKind::Unknown => writer.as_written(at, &written),
        }
    }
}
