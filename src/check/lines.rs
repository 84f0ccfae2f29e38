//! The movetext of one game as lines: the main line and its variations, flat (no recursion,
//! so deep nesting cannot overflow the stack), each variation knowing where it branches.

use crate::pdn::movetext::WrittenMove;
use smallvec::{SmallVec, smallvec};
use std::cell::{Cell, RefCell};

pub(crate) use crate::pdn::limits::MAX_VARIATION_DEPTH;

/// A move as written, with where it stands and the move number written before it, if any.
#[derive(Clone, Copy, Debug)]
pub struct WrittenPly<'a> {
    /// The move, borrowed from the game's tokens.
    pub written: &'a WrittenMove,
    /// Its text as written (without strength marks), borrowed from the game's bytes.
    pub text: &'a [u8],
    /// The same text as UTF-8 when the moves are kept and the game's bytes are UTF-8 (read
    /// once for the game rather than once per move).
    pub utf8: Option<&'a str>,
    pub offset: u64,
    /// The move number token right before this move: (number, written with `...`).
    pub number: Option<(u32, bool)>,
}

#[derive(Clone, Debug, Default)]
pub struct Line<'a> {
    /// The line this one is a variation of (None for the main line).
    pub parent: Option<usize>,
    /// The variation replaces the parent's move with this index (it starts from the position
    /// before that move).
    pub replaces: usize,
    pub depth: usize,
    pub moves: Vec<WrittenPly<'a>>,
    /// Unreadable text stood in this line after its last move: what follows cannot be placed
    /// (a lost move would shift every later move to the other side), so the line ends there.
    pub cut: bool,
}

/// Builds lines from a token walk: `start_variation`, `end_variation` and `push_move` in
/// text order.
#[derive(Debug)]
pub struct LineBuilder<'a> {
    /// The main line first (in place: most games have no variation), then the variations.
    pub lines: SmallVec<[Line<'a>; 1]>,
    /// The open lines, innermost last (room for a few levels without an allocation).
    stack: SmallVec<[usize; 8]>,
    /// The innermost open line (the top of `stack`).
    current: usize,
    /// Moves are not taken now: inside a skipped variation, or after unreadable text of the
    /// current line.
    closed: bool,
    pending_number: Option<(u32, bool)>,
    /// Set when a variation deeper than the limit was skipped (offset of its `(`).
    pub too_deep: Option<u64>,
    /// Depth of ignored nesting below the limit.
    skipped: usize,
}

impl Default for LineBuilder<'_> {
    fn default() -> Self {
        LineBuilder {
            lines: smallvec![Line::default()],
            stack: smallvec![0],
            current: 0,
            closed: false,
            pending_number: None,
            too_deep: None,
            skipped: 0,
        }
    }
}

impl<'a> LineBuilder<'a> {
    /// A builder whose main line has room for `moves` moves (in the list the last game on
    /// this thread left, if any).
    pub fn with_capacity(moves: usize) -> Self {
        let mut builder = LineBuilder::default();
        let main = &mut builder.lines[0].moves;
        *main = SPARE_MAIN_LINE.take();
        main.reserve_exact(moves);
        builder
    }

    fn current(&self) -> usize {
        self.current
    }

    /// Sets `current` and `closed` after the stack or the skipping changed.
    fn refresh(&mut self) {
        self.current = *self.stack.last().expect("the main line is never popped");
        self.closed = self.skipped > 0 || self.lines[self.current].cut;
    }

    pub fn move_number(&mut self, number: u32, black: bool) {
        if self.skipped == 0 {
            self.pending_number = Some((number, black));
        }
    }

    #[inline]
    pub fn push_move(
        &mut self,
        written: &'a WrittenMove,
        (text, utf8): (&'a [u8], Option<&'a str>),
        offset: u64,
    ) {
        if self.closed {
            return;
        }
        let number = self.pending_number.take();
        self.lines[self.current].moves.push(WrittenPly {
            written,
            text,
            utf8,
            offset,
            number,
        });
    }

    /// Unreadable text in the current line: the line ends here.
    pub fn unreadable(&mut self) {
        if self.skipped == 0 {
            let line = self.current();
            self.lines[line].cut = true;
            self.closed = true;
        }
    }

    pub fn start_variation(&mut self, offset: u64) {
        let parent = self.current();
        let depth = self.lines[parent].depth + 1;
        if self.skipped > 0 || depth > MAX_VARIATION_DEPTH {
            self.skipped += 1;
            self.too_deep.get_or_insert(offset);
            self.refresh();
            return;
        }
        self.pending_number = None;
        let replaces = self.lines[parent].moves.len().saturating_sub(1);
        let moves = SPARE_VARIATIONS.with_borrow_mut(|spare| spare.pop().map(emptied));
        self.lines.push(Line {
            parent: Some(parent),
            replaces,
            depth,
            moves: moves.unwrap_or_default(),
            cut: false,
        });
        self.stack.push(self.lines.len() - 1);
        self.refresh();
    }

    /// Closes the innermost variation; a `)` with none open is ignored (the reader reports it).
    pub fn end_variation(&mut self) {
        if self.skipped > 0 {
            self.skipped -= 1;
        } else if self.stack.len() > 1 {
            self.stack.pop();
        }
        self.refresh();
        self.pending_number = None;
    }
}

/// Variations' lists of moves kept for the next games on a thread, at most.
const SPARE_VARIATIONS_KEPT: usize = 64;

thread_local! {
    /// The list of the main line's moves a checked game left behind, for the next game on
    /// this thread: games are checked one after another, thousands of them.
    static SPARE_MAIN_LINE: Cell<Vec<WrittenPly<'static>>> = const { Cell::new(Vec::new()) };
    /// The lists of the variations' moves checked games left behind, for the next games'
    /// variations (an archive with variations has a few in most games).
    static SPARE_VARIATIONS: RefCell<Vec<Vec<WrittenPly<'static>>>> =
        const { RefCell::new(Vec::new()) };
}

impl Drop for LineBuilder<'_> {
    fn drop(&mut self) {
        let main = std::mem::take(&mut self.lines[0].moves);
        if main.capacity() != 0 {
            SPARE_MAIN_LINE.set(emptied(main));
        }
        if self.lines.len() > 1 {
            SPARE_VARIATIONS.with_borrow_mut(|spare| {
                let room = SPARE_VARIATIONS_KEPT.saturating_sub(spare.len());
                let variations = self.lines[1..].iter_mut();
                let kept = variations.map(|line| std::mem::take(&mut line.moves));
                spare.extend(
                    kept.filter(|moves| moves.capacity() != 0)
                        .take(room)
                        .map(emptied),
                );
            });
        }
    }
}

/// `list` emptied, for moves that borrow from another game. Collecting a list's own emptied
/// iterator into a list of the same layout keeps its allocation (the standard library collects
/// in place).
fn emptied<'b>(mut list: Vec<WrittenPly<'_>>) -> Vec<WrittenPly<'b>> {
    list.clear();
    list.into_iter()
        .map(|_| unreachable!("the list is empty"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Moves land in the innermost open line; unreadable text closes that line only; a
    /// variation past the depth limit takes nothing, up to its `)`.
    #[test]
    fn moves_go_to_the_open_line() {
        let mv = WrittenMove::parse(b"c3-d4").unwrap();
        let mut b = LineBuilder::default();
        b.push_move(&mv, (b"c3-d4", None), 0);
        b.start_variation(1);
        b.push_move(&mv, (b"c3-d4", None), 2);
        b.unreadable();
        b.push_move(&mv, (b"c3-d4", None), 3);
        b.start_variation(4);
        b.push_move(&mv, (b"c3-d4", None), 5);
        b.end_variation();
        b.push_move(&mv, (b"c3-d4", None), 6);
        b.end_variation();
        b.push_move(&mv, (b"c3-d4", None), 7);
        for _ in 0..MAX_VARIATION_DEPTH + 2 {
            b.start_variation(8);
        }
        b.push_move(&mv, (b"c3-d4", None), 9);
        for _ in 0..MAX_VARIATION_DEPTH + 2 {
            b.end_variation();
        }
        b.push_move(&mv, (b"c3-d4", None), 10);
        let offsets = |line: &Line<'_>| line.moves.iter().map(|p| p.offset).collect::<Vec<_>>();
        assert_eq!(offsets(&b.lines[0]), [0, 7, 10]);
        assert_eq!(offsets(&b.lines[1]), [2]);
        assert!(b.lines[1].cut);
        assert_eq!(offsets(&b.lines[2]), [5]);
        assert_eq!(b.lines.len(), 3 + MAX_VARIATION_DEPTH);
        assert!(b.lines[2 + MAX_VARIATION_DEPTH].moves.is_empty());
        assert_eq!(b.too_deep, Some(8));
    }
}
