//! The written structure of one move, without any board: squares, separators, Russian
//! compact notation, placeholders and move strength marks, as the grammar's `Move`
//! productions (`super::grammar`) read them.

use smallvec::SmallVec;
use std::fmt;

/// A square as written, not yet placed on any board.
///
/// ```
/// use pdnkit::pdn::{MoveShape, WrittenMove, WrittenSquare};
///
/// let mv = WrittenMove::parse(b"22-18").expect("a move");
/// let MoveShape::Squares { squares, .. } = &mv.shape else { panic!("{mv:?}") };
/// assert_eq!(squares.as_slice(), [WrittenSquare::Number(22), WrittenSquare::Number(18)]);
/// assert_eq!(WrittenSquare::Alpha { column: 9, row: 2 }.to_string(), "j2");
/// assert!(!squares[0].is_alpha());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WrittenSquare {
    /// `c3`: column 0 = `a` (`j` and `k` are both 9), row 1-based as written.
    Alpha {
        /// 0 = `a`.
        column: u8,
        /// 1-based.
        row: u32,
    },
    /// `22`: a square number, at least 1.
    Number(u32),
}

impl WrittenSquare {
    /// Whether it is alphanumeric (`c3`).
    pub const fn is_alpha(self) -> bool {
        matches!(self, WrittenSquare::Alpha { .. })
    }
}

impl fmt::Display for WrittenSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            WrittenSquare::Alpha { column, row } => {
                write!(f, "{}{row}", char::from(b'a'.saturating_add(column)))
            }
            WrittenSquare::Number(n) => write!(f, "{n}"),
        }
    }
}

/// The separators written between the squares of a move.
///
/// ```
/// use pdnkit::pdn::{Separator, WrittenMove};
///
/// let separator = |text: &str| WrittenMove::parse(text.as_bytes()).expect("a move").separator;
/// assert_eq!(separator("c3-d4"), Separator::Dash);
/// assert_eq!(separator("c3xe5"), Separator::Cross);
/// assert_eq!(separator("c3d4"), Separator::None);
/// assert_eq!(separator("c3-e5:g7"), Separator::Mixed);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Separator {
    /// None at all (`c3d4`, `3228`, `ed4`), or not applicable (placeholder).
    None,
    /// `-`
    Dash,
    /// `:`
    Colon,
    /// `x` or `X`
    Cross,
    /// More than one kind in one move.
    Mixed,
}

impl Separator {
    pub(crate) const fn is_capture(self) -> bool {
        matches!(self, Separator::Colon | Separator::Cross)
    }
}

/// The squares of one move. Steps and most captures have 2 to 4, kept inline: reading a
/// move allocates nothing unless it writes 5 or more squares.
///
/// ```
/// use pdnkit::pdn::{Squares, WrittenSquare};
///
/// let squares: Squares = (1..=4).map(WrittenSquare::Number).collect();
/// assert!(!squares.spilled()); // four squares are held inline
/// ```
pub type Squares = SmallVec<[WrittenSquare; 4]>;

/// What kind of move was written.
///
/// ```
/// use pdnkit::pdn::{MoveShape, WrittenMove, WrittenSquare};
///
/// let shape = |text: &str| WrittenMove::parse(text.as_bytes()).expect("a move").shape;
/// // Russian compact notation: from the e column to d4.
/// let d4 = WrittenSquare::Alpha { column: 3, row: 4 };
/// assert_eq!(shape("ed4"), MoveShape::Compact { from_column: 4, to: d4, capture: false });
/// assert_eq!(shape("--"), MoveShape::Placeholder);
/// assert!(matches!(shape("c3:e5"), MoveShape::Squares { capture: true, .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveShape {
    /// Two or more squares; `capture` when any separator is `:` or `x`.
    Squares {
        /// The squares in the order written.
        squares: Squares,
        /// Whether any separator is a capture's.
        capture: bool,
    },
    /// Russian compact notation: column of origin and destination square (`ed4`, `e:d4`).
    Compact {
        /// The column the piece comes from (0 = `a`).
        from_column: u8,
        /// Where it goes.
        to: WrittenSquare,
        /// Written with `:` or `x`.
        capture: bool,
    },
    /// `-` or `--`: a move that was not recorded.
    Placeholder,
}

/// Longest run of strength marks read (longer runs are not moves).
pub const MAX_MARKS: usize = 14;

/// A run of strength marks (`!`, `?`, `*`) as written, at most `MAX_MARKS` long; small and
/// `Copy`, it reads as a `&str`.
///
/// ```
/// use pdnkit::pdn::Marks;
///
/// let marks = Marks::new(b"!?").expect("marks");
/// assert_eq!(marks.as_str(), "!?");
/// assert_eq!(Marks::new(b"!x"), None);
/// assert_eq!(Marks::new(b""), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Marks {
    len: u8,
    bytes: [u8; MAX_MARKS],
}

impl Marks {
    /// The marks, if `marks` is a non-empty run of `!`, `?` and `*` of at most
    /// `MAX_MARKS` bytes.
    pub fn new(marks: &[u8]) -> Option<Marks> {
        if marks.is_empty() || !marks.iter().all(|&b| matches!(b, b'!' | b'?' | b'*')) {
            return None;
        }
        let mut bytes = [0u8; MAX_MARKS];
        bytes.get_mut(..marks.len())?.copy_from_slice(marks);
        Some(Marks {
            len: u8::try_from(marks.len()).ok()?,
            bytes,
        })
    }

    /// The marks as written.
    pub fn as_str(&self) -> &str {
        let bytes = self.bytes.get(..usize::from(self.len)).unwrap_or_default();
        std::str::from_utf8(bytes).unwrap_or_default()
    }
}

impl std::ops::Deref for Marks {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Debug for Marks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for Marks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A move strength mark such as `!?`, as written.
///
/// ```
/// use pdnkit::pdn::{Marks, Strength, Visitor, WrittenMove, Span};
/// # use pdnkit::pdn::{ParsedGame, RawGame, Scanner};
///
/// /// The strength marks of every move.
/// struct Marked(Vec<Option<Strength>>);
/// impl Visitor for Marked {
///     type Output = Vec<Option<Strength>>;
///     fn written_move(&mut self, mv: &WrittenMove, _span: Span<'_>) {
///         self.0.push(mv.strength);
///     }
///     fn end_game(&mut self, _game: &RawGame<'_>, _read: &ParsedGame) -> Self::Output {
///         std::mem::take(&mut self.0)
///     }
/// }
/// let pdn = "1. c3-d4! f6-e5 2. d4:f6(?!) *";
/// let marks = Scanner::new(pdn.as_bytes()).read_game(&mut Marked(Vec::new()))?.expect("a game");
/// let good = Strength { marks: Marks::new(b"!").unwrap(), parenthesized: false };
/// let dubious = Strength { marks: Marks::new(b"?!").unwrap(), parenthesized: true };
/// assert_eq!(marks, [Some(good), None, Some(dubious)]);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Strength {
    /// The marks without parentheses: `!`, `?!`, ...
    pub marks: Marks,
    /// Written as `(!?)`.
    pub parenthesized: bool,
}

/// One move as written. Reading one allocates nothing in the common case: the squares are
/// stored inline up to 4, and the text is not copied (it is the first [`Self::text_len`]
/// bytes of the move's token, see `Token::text`).
///
/// ```
/// use pdnkit::pdn::{MoveShape, Separator, WrittenMove, WrittenSquare};
///
/// let mv = WrittenMove::parse(b"c3:e5:g7").expect("a move");
/// assert_eq!((mv.separator, mv.text_len, mv.is_numeric()), (Separator::Colon, 8, false));
/// let MoveShape::Squares { squares, capture } = &mv.shape else { panic!("{mv:?}") };
/// assert!(*capture);
/// assert_eq!(squares[0], WrittenSquare::Alpha { column: 2, row: 3 });
/// assert_eq!(squares.len(), 3);
/// assert!(WrittenMove::parse(b"22-18").expect("a move").is_numeric());
/// assert_eq!(WrittenMove::parse(b"c3-"), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WrittenMove {
    /// Length in bytes of the move as written without its strength marks (`c3:e5` of
    /// `c3:e5!`); moves are ASCII, so it is its length in characters too.
    pub text_len: u16,
    /// What kind of move it is, with its squares.
    pub shape: MoveShape,
    /// How its squares are joined.
    pub separator: Separator,
    /// Strength marks after it (`!`, `?!`, `(!?)`), if any.
    pub strength: Option<Strength>,
}

impl WrittenMove {
    /// Written in numeric squares (`22-18`).
    pub fn is_numeric(&self) -> bool {
        match &self.shape {
            MoveShape::Squares { squares, .. } => squares.first().is_some_and(|s| !s.is_alpha()),
            MoveShape::Compact { .. } | MoveShape::Placeholder => false,
        }
    }

    /// Written as a capture (`:` or `x` separator).
    pub fn is_capture(&self) -> bool {
        match &self.shape {
            MoveShape::Squares { capture, .. } | MoveShape::Compact { capture, .. } => *capture,
            MoveShape::Placeholder => false,
        }
    }
}
