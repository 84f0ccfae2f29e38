//! Text as it comes and goes: the encoding of a PDN file (UTF-8 or a code page, guessed), and
//! untrusted text made safe for where it is printed.

pub(crate) mod encoding;
pub mod escape;

pub use encoding::TextEncoding;
