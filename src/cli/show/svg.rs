//! The board of a [`Scene`] as a standalone SVG picture (drawn by [`pdnkit::html::board`]),
//! the last move's from and to squares marked, a caption below.

use super::Scene;
use pdnkit::html::board::{Marks, picture};
use std::fmt::Write;

pub fn render(scene: &Scene) -> String {
    let moved = scene
        .last
        .map_or(0, |(mv, _)| (1u64 << mv.from) | (1u64 << mv.to));
    let marks = Marks { moved, captured: 0 };
    picture(&scene.position, marks, &caption(scene))
}

/// `a.pdn, game 1 (Ann - Bob), after 3. g3:e5 (ply 5): Black to move`.
fn caption(scene: &Scene) -> String {
    let mut c = format!("{}, game {}", scene.file, scene.game);
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
