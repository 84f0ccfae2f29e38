//! The board as SVG, drawn once for every picture pdnkit makes: light board, one `<rect>` per
//! dark square (marked squares in a highlight colour), column letters and row numbers
//! around, and the pieces (a crown on kings).
//!
//! A standalone picture ([`picture`], `show --svg`) draws every piece in place and has a
//! caption below. A page ([`crate::html::page`]) draws no board itself: it defines the four
//! piece shapes once ([`piece_definitions`], with the size of a square and of the margin),
//! and its script draws each board from the position and the moves in the page, one `<use>`
//! of a piece shape per dark square, in the colours of [`style`].

use crate::rules::geometry::Geometry;
use crate::rules::position::{Color, Piece, Position};
use crate::text::escape::xml;
use std::fmt::Write;

/// Side of a square, in pixels.
const SQUARE: u32 = 48;
/// Room for the coordinates around the board.
const MARGIN: u32 = 28;
/// Room for the caption below a standalone picture.
const CAPTION: u32 = 30;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b07d52";
const HIGHLIGHT: &str = "#d9b13b";
const CAPTURED: &str = "#c8553d";
/// The squares of a written move that could not be played.
const FAILED: &str = "#8e5bb5";
const FRAME: &str = "#5b3a1e";

/// The ids of the page's piece shapes: empty square, white man, white king, black man,
/// black king (the order of [`piece_index`]).
pub const PIECE_IDS: [&str; 5] = ["p-e", "p-wm", "p-wk", "p-bm", "p-bk"];

/// Where a piece stands in [`PIECE_IDS`].
pub fn piece_index(piece: Option<Piece>) -> usize {
    match piece {
        None => 0,
        Some(Piece { color, king }) => {
            1 + 2 * usize::from(color == Color::Black) + usize::from(king)
        }
    }
}

/// Squares drawn in a highlight colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The squares of a move (its start and end, or every square of a written move).
    pub moved: u64,
    /// Squares whose pieces a move took.
    pub captured: u64,
}

/// Pixel places of one board.
struct Frame {
    g: &'static Geometry,
    board_w: u32,
    board_h: u32,
}

impl Frame {
    fn new(g: &'static Geometry) -> Frame {
        Frame {
            g,
            board_w: u32::from(g.width) * SQUARE,
            board_h: u32::from(g.height) * SQUARE,
        }
    }

    fn width(&self) -> u32 {
        self.board_w + 2 * MARGIN
    }

    fn height(&self) -> u32 {
        self.board_h + 2 * MARGIN
    }

    /// Left edge of a square of `bit`.
    fn x(&self, bit: u8) -> u32 {
        MARGIN + u32::from(self.g.column_of_bit[bit as usize]) * SQUARE
    }

    /// Top edge of a square of `bit` (row 1 at the bottom).
    fn y(&self, bit: u8) -> u32 {
        let row = u32::from(self.g.row_of_bit[bit as usize]);
        MARGIN + (u32::from(self.g.height) - 1 - row) * SQUARE
    }

    /// The dark squares in reading order (a1, c1, ...).
    fn squares(&self) -> impl Iterator<Item = u8> + '_ {
        self.g.bit_of_dense[..usize::from(self.g.num_squares)]
            .iter()
            .copied()
    }

    /// Light board and frame, then the dark squares, each coloured and named.
    fn write_squares(&self, s: &mut String, marks: Marks) {
        let (bw, bh) = (self.board_w, self.board_h);
        let _ = writeln!(
            s,
            "<path class=\"board\" fill=\"{LIGHT}\" stroke=\"{FRAME}\" stroke-width=\"2\" \
             d=\"M{MARGIN} {MARGIN}h{bw}v{bh}h-{bw}Z\"/>"
        );
        for bit in self.squares() {
            let mask = 1u64 << bit;
            let (class, fill) = if marks.moved & mask != 0 {
                ("dark last-move", HIGHLIGHT)
            } else if marks.captured & mask != 0 {
                ("dark captured", CAPTURED)
            } else {
                ("dark", DARK)
            };
            let _ = writeln!(
                s,
                "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"{SQUARE}\" \
                 height=\"{SQUARE}\" fill=\"{fill}\"><title>{}</title></rect>",
                self.x(bit),
                self.y(bit),
                self.g.square_name(bit)
            );
        }
    }

    /// Letters above and below, numbers left and right.
    fn write_coordinates(&self, s: &mut String) {
        let style = " class=\"coordinate\" font-size=\"14\" fill=\"#333333\" \
                     text-anchor=\"middle\" dominant-baseline=\"central\"";
        let mut text = |x: f32, y: f32, label: &dyn std::fmt::Display| {
            let _ = writeln!(s, "<text x=\"{x}\" y=\"{y}\"{style}>{label}</text>");
        };
        let half_margin = MARGIN as f32 / 2.0;
        let half_square = SQUARE as f32 / 2.0;
        for column in 0..self.g.width {
            let x = (MARGIN + u32::from(column) * SQUARE) as f32 + half_square;
            let letter = char::from(b'a' + column);
            text(x, half_margin, &letter);
            text(x, (MARGIN + self.board_h) as f32 + half_margin, &letter);
        }
        for row in 0..self.g.height {
            let y = (MARGIN + u32::from(self.g.height - 1 - row) * SQUARE) as f32 + half_square;
            let number = row + 1;
            text(half_margin, y, &number);
            text((MARGIN + self.board_w) as f32 + half_margin, y, &number);
        }
    }
}

/// Fill, outline and crown colours of a piece.
fn colours(color: Color) -> (&'static str, &'static str, &'static str) {
    match color {
        Color::White => ("#fbf8f0", "#3a3a3a", "#b8860b"),
        Color::Black => ("#262626", "#000000", "#e6c34a"),
    }
}

fn piece_class(piece: Piece) -> String {
    let color = match piece.color {
        Color::White => "white",
        Color::Black => "black",
    };
    let kind = if piece.king { "king" } else { "man" };
    format!("piece {color} {kind}")
}

/// A piece centred on (`cx`, `cy`): a disc, and a five-pointed crown on a king.
fn write_piece(s: &mut String, piece: Piece, cx: f32, cy: f32) {
    let radius = SQUARE as f32 * 0.38;
    let (fill, stroke, mark) = colours(piece.color);
    let _ = writeln!(
        s,
        "<circle class=\"{}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{radius}\" fill=\"{fill}\" \
         stroke=\"{stroke}\" stroke-width=\"2\"/>",
        piece_class(piece)
    );
    if piece.king {
        let points: [(f32, f32); 9] = [
            (-0.5, 0.3),
            (-0.5, -0.25),
            (-0.25, 0.0),
            (0.0, -0.4),
            (0.25, 0.0),
            (0.5, -0.25),
            (0.5, 0.3),
            (0.0, 0.3),
            (-0.5, 0.3),
        ];
        s.push_str("<polygon class=\"crown\" points=\"");
        for (i, (x, y)) in points.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            let _ = write!(
                s,
                "{:.1},{:.1}",
                cx + 1.3 * x * radius,
                cy + 1.3 * y * radius
            );
        }
        let _ = writeln!(
            s,
            "\" fill=\"{mark}\" stroke=\"{stroke}\" stroke-width=\"1.5\" \
             stroke-linejoin=\"round\"/>"
        );
    }
}

/// The pieces of `pos`, in square order.
fn pieces(pos: &Position) -> impl Iterator<Item = (u8, Piece)> + '_ {
    crate::rules::geometry::bits(pos.occupied()).filter_map(|bit| Some((bit, pos.piece_at(bit)?)))
}

/// The smallest font of a picture's caption, in pixels: readable.
const MIN_CAPTION_FONT: f32 = 10.0;

/// The characters of a caption that fit below a standalone picture of `pos` at the smallest
/// font (a character is about 0.6 of the font size wide).
pub fn caption_room(pos: &Position) -> usize {
    let width = Frame::new(pos.geometry()).width();
    ((width as f32 - 12.0) / (0.6 * MIN_CAPTION_FONT)) as usize
}

/// A standalone SVG picture of `pos` with `caption` below and `title` as its title. A
/// caption longer than [`caption_room`] is drawn at the smallest font all the same (callers
/// shorten it).
pub fn picture(pos: &Position, marks: Marks, title: &str, caption: &str) -> String {
    let frame = Frame::new(pos.geometry());
    let width = frame.width();
    let height = frame.height() + CAPTION;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">"
    );
    s.push_str("<title>");
    s.push_str(&xml(title));
    s.push_str("</title>\n");
    let _ = writeln!(
        s,
        "<path class=\"background\" fill=\"#ffffff\" d=\"M0 0H{width}V{height}H0Z\"/>"
    );
    frame.write_squares(&mut s, marks);
    let half = SQUARE as f32 / 2.0;
    for (bit, piece) in pieces(pos) {
        write_piece(
            &mut s,
            piece,
            frame.x(bit) as f32 + half,
            frame.y(bit) as f32 + half,
        );
    }
    frame.write_coordinates(&mut s);
    // A long caption gets a smaller font so that it fits the picture, down to a readable one
    // (a character is about 0.6 of the font size wide).
    let font = (14.0_f32)
        .min((width as f32 - 12.0) / (0.6 * caption.chars().count().max(1) as f32))
        .max(MIN_CAPTION_FONT);
    let _ = write!(
        s,
        "<text class=\"caption\" x=\"{}\" y=\"{}\" font-size=\"{font:.1}\" fill=\"#000000\" \
         text-anchor=\"middle\" dominant-baseline=\"central\">",
        width as f32 / 2.0,
        frame.height() as f32 + CAPTION as f32 / 2.0,
    );
    s.push_str(&xml(caption));
    s.push_str("</text>\n</svg>\n");
    s
}

/// The four piece shapes (and the empty one) a page defines once for its boards, in an
/// SVG element of no size that also gives the page's script the size of a square and of the
/// margin (`data-square`, `data-margin`).
pub fn piece_definitions() -> String {
    let mut s = format!(
        "<svg class=\"definitions\" width=\"0\" height=\"0\" aria-hidden=\"true\" \
         data-square=\"{SQUARE}\" data-margin=\"{MARGIN}\"><defs>\n"
    );
    let _ = writeln!(s, "<g id=\"{}\"/>", PIECE_IDS[0]);
    for color in [Color::White, Color::Black] {
        for king in [false, true] {
            let piece = Piece { color, king };
            let _ = writeln!(s, "<g id=\"{}\">", PIECE_IDS[piece_index(Some(piece))]);
            let half = SQUARE as f32 / 2.0;
            write_piece(&mut s, piece, half, half);
            s.push_str("</g>\n");
        }
    }
    s.push_str("</defs></svg>\n");
    s
}

/// The style of the boards a page's script draws: the light board and its frame, the
/// coordinates, the dark squares and their marks (the last move, the pieces it took, the
/// squares of a move that could not be played).
pub fn style() -> String {
    format!(
        ".board-svg .board{{fill:{LIGHT};stroke:{FRAME};stroke-width:2}}\
         .board-svg text{{font:14px sans-serif;fill:#333333;text-anchor:middle;\
         dominant-baseline:central}}\
         .board-svg .dark{{fill:{DARK}}}.board-svg .dark.last-move{{fill:{HIGHLIGHT}}}\
         .board-svg .dark.captured{{fill:{CAPTURED}}}.board-svg .dark.failed{{fill:{FAILED}}}"
    )
}

/// The pieces in words, for those who cannot see the board: `White: men a1, c1; king d4.
/// Black: man b8.`
pub fn describe(pos: &Position) -> String {
    let g = pos.geometry();
    let mut s = String::new();
    for color in [Color::White, Color::Black] {
        if !s.is_empty() {
            s.push(' ');
        }
        let _ = write!(s, "{}:", color.name());
        let mut any = false;
        for king in [false, true] {
            let squares: Vec<String> = pieces(pos)
                .filter(|(_, p)| *p == Piece { color, king })
                .map(|(bit, _)| g.square_name(bit).to_string())
                .collect();
            if squares.is_empty() {
                continue;
            }
            let kind = match (king, squares.len()) {
                (false, 1) => "man",
                (false, _) => "men",
                (true, 1) => "king",
                (true, _) => "kings",
            };
            let _ = write!(
                s,
                "{} {kind} {}",
                if any { ";" } else { "" },
                squares.join(", ")
            );
            any = true;
        }
        if !any {
            s.push_str(" no pieces");
        }
        s.push('.');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::parse_fen;
    use crate::rules::square::Corner;
    use crate::rules::variant::Variant;

    fn position(fen: &str, variant: Variant) -> Position {
        parse_fen(fen, variant, Corner::TopLeft).unwrap()
    }

    #[test]
    fn words_for_a_position() {
        let pos = position("B:Wa1,c1,Kd4:Bb8", Variant::Spantsiretti);
        assert_eq!(describe(&pos), "White: men a1, c1; king d4. Black: man b8.");
        let empty = position("W:W:Bb8", Variant::Russian);
        assert_eq!(describe(&empty), "White: no pieces. Black: man b8.");
    }

    #[test]
    fn marks_colour_their_squares() {
        let pos = Position::start(Variant::Spantsiretti);
        let marks = Marks {
            moved: 0b11,
            captured: 0b100,
        };
        let svg = picture(&pos, marks, "c", "c");
        assert_eq!(svg.matches("class=\"dark last-move\"").count(), 2);
        assert_eq!(svg.matches("class=\"dark captured\"").count(), 1);
        assert_eq!(svg.matches("<circle").count(), 30);
    }
}
