//! The command line's printers: validation results in six formats (human, JSON Lines, JSON,
//! GitHub, SARIF, JUnit), and Parquet files for `positions` and `convert`.

pub mod junit;
pub mod parquet;
pub mod sarif;
pub mod validation;
