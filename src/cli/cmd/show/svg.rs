//! The board of a [`Scene`] as a standalone SVG picture (drawn by [`crate::html::board`]),
//! the last move's from and to squares marked, a caption below.

use super::Scene;
use crate::html::board::{Marks, caption_room, picture};
use std::fmt::Write;

pub fn render(scene: &Scene) -> String {
    let moved = scene
        .last
        .map_or(0, |(mv, _)| (1u64 << mv.from) | (1u64 << mv.to));
    let marks = Marks { moved, captured: 0 };
    let title = caption(scene, &scene.file);
    let room = caption_room(&scene.position);
    picture(&scene.position, marks, &title, &fitted_caption(scene, room))
}

/// The caption in at most `room` characters: the file's name without its directories, cut
/// from the left (`…name.pdn`) if the rest needs the room. The title keeps the whole path.
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
