//! The board as an SVG picture: light board, one `<rect>` per dark square (the last move's
//! from and to squares in a highlight colour), one `<circle>` per piece (a crown on kings),
//! column letters and row numbers around, a caption below.

use super::Scene;
use pdnkit::position::Color;
use std::fmt::Write;

/// Side of a square, in pixels.
const SQUARE: u32 = 48;
/// Room for the coordinates around the board.
const MARGIN: u32 = 28;
/// Room for the caption below.
const CAPTION: u32 = 30;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b07d52";
const HIGHLIGHT: &str = "#d9b13b";
const FRAME: &str = "#5b3a1e";

/// Escapes text for XML content and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

pub fn render(scene: &Scene) -> String {
    let pos = &scene.position;
    let g = pos.geometry();
    let (w, h) = (u32::from(g.width), u32::from(g.height));
    let board_w = w * SQUARE;
    let board_h = h * SQUARE;
    let width = board_w + 2 * MARGIN;
    let height = board_h + 2 * MARGIN + CAPTION;
    let title = caption(scene, &scene.file);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">"
    );
    let _ = writeln!(s, "<title>{}</title>", escape(&title));
    let _ = writeln!(
        s,
        "<path class=\"background\" fill=\"#ffffff\" d=\"M0 0H{width}V{height}H0Z\"/>"
    );
    // The light squares are the board itself; the frame is drawn around it.
    let _ = writeln!(
        s,
        "<path class=\"board\" fill=\"{LIGHT}\" stroke=\"{FRAME}\" stroke-width=\"2\" \
         d=\"M{MARGIN} {MARGIN}h{board_w}v{board_h}h-{board_w}Z\"/>"
    );
    let x_of = |column: u8| MARGIN + u32::from(column) * SQUARE;
    let y_of = |row: u8| MARGIN + (h - 1 - u32::from(row)) * SQUARE;
    let marked = |bit: u8| {
        scene
            .last
            .is_some_and(|(mv, _)| mv.from == bit || mv.to == bit)
    };
    for row in 0..g.height {
        for column in 0..g.width {
            let Some(bit) = g.bit_at(column, row) else {
                continue;
            };
            let (class, fill) = if marked(bit) {
                ("dark last-move", HIGHLIGHT)
            } else {
                ("dark", DARK)
            };
            let _ = writeln!(
                s,
                "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"{SQUARE}\" \
                 height=\"{SQUARE}\" fill=\"{fill}\"><title>{}</title></rect>",
                x_of(column),
                y_of(row),
                g.square_name(bit)
            );
        }
    }
    let radius = SQUARE as f32 * 0.38;
    for bit in pdnkit::geometry::bits(pos.occupied()) {
        let Some(piece) = pos.piece_at(bit) else {
            continue;
        };
        let cx = x_of(g.column_of_bit[bit as usize]) as f32 + SQUARE as f32 / 2.0;
        let cy = y_of(g.row_of_bit[bit as usize]) as f32 + SQUARE as f32 / 2.0;
        let (fill, stroke, mark) = match piece.color {
            Color::White => ("#fbf8f0", "#3a3a3a", "#b8860b"),
            Color::Black => ("#262626", "#000000", "#e6c34a"),
        };
        let kind = if piece.king { "king" } else { "man" };
        let color = match piece.color {
            Color::White => "white",
            Color::Black => "black",
        };
        let _ = writeln!(
            s,
            "<circle class=\"piece {color} {kind}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{radius}\" \
             fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"2\"/>"
        );
        if piece.king {
            let _ = writeln!(s, "{}", crown(cx, cy, radius, mark, stroke));
        }
    }
    // Coordinates: letters above and below, numbers left and right.
    let text = |s: &mut String, x: f32, y: f32, label: &str| {
        let _ = writeln!(
            s,
            "<text class=\"coordinate\" x=\"{x}\" y=\"{y}\" font-size=\"14\" fill=\"#333333\" \
             text-anchor=\"middle\" dominant-baseline=\"central\">{label}</text>"
        );
    };
    let half_margin = MARGIN as f32 / 2.0;
    for column in 0..g.width {
        let x = x_of(column) as f32 + SQUARE as f32 / 2.0;
        let letter = ((b'a' + column) as char).to_string();
        text(&mut s, x, half_margin, &letter);
        text(&mut s, x, (MARGIN + board_h) as f32 + half_margin, &letter);
    }
    for row in 0..g.height {
        let y = y_of(row) as f32 + SQUARE as f32 / 2.0;
        let number = (row + 1).to_string();
        text(&mut s, half_margin, y, &number);
        text(&mut s, (MARGIN + board_w) as f32 + half_margin, y, &number);
    }
    // A long caption gets a smaller font, down to a readable size, so that it fits the
    // picture (a character is about 0.6 of the font size wide); past that the file's name is
    // cut from the left.
    let room = |font: f32| ((width as f32 - 12.0) / (0.6 * font)) as usize;
    let caption = fitted_caption(scene, room(MIN_CAPTION_FONT));
    let font = (14.0_f32)
        .min((width as f32 - 12.0) / (0.6 * caption.chars().count().max(1) as f32))
        .max(MIN_CAPTION_FONT);
    let _ = writeln!(
        s,
        "<text class=\"caption\" x=\"{}\" y=\"{}\" font-size=\"{font:.1}\" fill=\"#000000\" \
         text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
        width as f32 / 2.0,
        (2 * MARGIN + board_h) as f32 + CAPTION as f32 / 2.0,
        escape(&caption)
    );
    s.push_str("</svg>\n");
    s
}

/// A five-pointed crown centred on the piece.
fn crown(cx: f32, cy: f32, r: f32, fill: &str, stroke: &str) -> String {
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
    let list: Vec<String> = points
        .iter()
        .map(|(x, y)| format!("{:.1},{:.1}", cx + 1.3 * x * r, cy + 1.3 * y * r))
        .collect();
    format!(
        "<polygon class=\"crown\" points=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" \
         stroke-width=\"1.5\" stroke-linejoin=\"round\"/>",
        list.join(" ")
    )
}

/// The smallest font of the caption, in pixels.
const MIN_CAPTION_FONT: f32 = 10.0;

/// The caption in at most `room` characters: the file's name without its directories, cut
/// from the left (`…name.pdn`) if the rest needs the room.
fn fitted_caption(scene: &Scene, room: usize) -> String {
    let name = std::path::Path::new(&scene.file)
        .file_name()
        .map_or_else(|| scene.file.clone(), |n| n.to_string_lossy().into_owned());
    let full = caption(scene, &name);
    let excess = full.chars().count().saturating_sub(room);
    if excess == 0 {
        return full;
    }
    let kept: String = name.chars().skip(excess + 1).collect();
    caption(scene, &format!("…{kept}"))
}

/// `a.pdn, game 1 (Ann - Bob), after 3. g3:e5 (ply 5): Black to move`.
fn caption(scene: &Scene, file: &str) -> String {
    let mut c = format!("{file}, game {}", scene.game);
    if let Some(players) = &scene.players {
        let _ = write!(c, " ({players})");
    }
    match &scene.last_label {
        Some(label) => {
            let _ = write!(c, ", after {label} (ply {})", scene.ply);
        }
        None => c.push_str(", start position"),
    }
    let _ = write!(c, ": {} to move", scene.position.turn.name());
    c
}
