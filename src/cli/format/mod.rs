//! The command line's printers: validation results in seven formats (human with source lines
//! ([`snippet`]), short, JSON Lines, JSON, GitHub, SARIF, JUnit), and Parquet files for `positions` and `convert`.

pub mod junit;
pub mod parquet;
pub mod sarif;
pub mod snippet;
pub mod validation;
