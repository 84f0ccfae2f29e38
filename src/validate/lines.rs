//! The movetext of one game as lines: the main line and its variations, flat (no recursion,
//! so deep nesting cannot overflow the stack), each variation knowing where it branches.

use crate::pdn::movetext::WrittenMove;

/// Variations nested deeper than this are not replayed (a warning says so).
pub const MAX_VARIATION_DEPTH: usize = 64;

/// A move as written, with where it stands and the move number written before it, if any.
#[derive(Clone, Copy, Debug)]
pub struct WrittenPly<'a> {
    /// The move, borrowed from the game's tokens.
    pub written: &'a WrittenMove,
    /// Its text as written (without strength marks), borrowed from the game's bytes.
    pub text: &'a [u8],
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
    pub lines: Vec<Line<'a>>,
    stack: Vec<usize>,
    pending_number: Option<(u32, bool)>,
    /// Set when a variation deeper than the limit was skipped (offset of its `(`).
    pub too_deep: Option<u64>,
    /// Depth of ignored nesting below the limit.
    skipped: usize,
}

impl Default for LineBuilder<'_> {
    fn default() -> Self {
        LineBuilder {
            lines: vec![Line::default()],
            stack: vec![0],
            pending_number: None,
            too_deep: None,
            skipped: 0,
        }
    }
}

impl<'a> LineBuilder<'a> {
    /// A builder whose main line has room for `moves` moves.
    pub fn with_capacity(moves: usize) -> Self {
        let mut builder = LineBuilder::default();
        builder.lines[0].moves.reserve_exact(moves);
        builder
    }

    fn current(&self) -> usize {
        *self.stack.last().expect("the main line is never popped")
    }

    pub fn move_number(&mut self, number: u32, black: bool) {
        if self.skipped == 0 {
            self.pending_number = Some((number, black));
        }
    }

    pub fn push_move(&mut self, written: &'a WrittenMove, text: &'a [u8], offset: u64) {
        if self.skipped > 0 || self.lines[self.current()].cut {
            return;
        }
        let number = self.pending_number.take();
        let line = self.current();
        self.lines[line].moves.push(WrittenPly {
            written,
            text,
            offset,
            number,
        });
    }

    /// Unreadable text in the current line: the line ends here.
    pub fn unreadable(&mut self) {
        if self.skipped == 0 {
            let line = self.current();
            self.lines[line].cut = true;
        }
    }

    pub fn start_variation(&mut self, offset: u64) {
        let parent = self.current();
        let depth = self.lines[parent].depth + 1;
        if self.skipped > 0 || depth > MAX_VARIATION_DEPTH {
            self.skipped += 1;
            self.too_deep.get_or_insert(offset);
            return;
        }
        self.pending_number = None;
        let replaces = self.lines[parent].moves.len().saturating_sub(1);
        self.lines.push(Line {
            parent: Some(parent),
            replaces,
            depth,
            moves: Vec::new(),
            cut: false,
        });
        self.stack.push(self.lines.len() - 1);
    }

    /// Closes the innermost variation; a `)` with none open is ignored (the reader reports it).
    pub fn end_variation(&mut self) {
        if self.skipped > 0 {
            self.skipped -= 1;
        } else if self.stack.len() > 1 {
            self.stack.pop();
        }
        self.pending_number = None;
    }
}
