//! Pictures and pages: the board as SVG (shared by `show --svg` and the report), escaping
//! of archive text for HTML and XML.

pub mod board;
pub mod escape;
