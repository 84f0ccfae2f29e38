//! Pictures and pages: the board as SVG (shared by `show --svg` and the report), and the
//! report page (`pdnkit report`): its contents
//! gathered game by game, charts, game viewers, the page itself.

pub mod board;
mod chart;
pub mod contents;
pub mod page;
pub mod viewer;
