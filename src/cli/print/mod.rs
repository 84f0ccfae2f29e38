//! How validation results are printed: seven formats (human with source lines
//! ([`snippet`]), short, JSON Lines, JSON, GitHub, SARIF, JUnit).

pub mod junit;
pub mod sarif;
pub mod snippet;
pub mod validation;
