//! Datasets written from the rows of the games read: Parquet files for `positions` and
//! `convert` (`--format parquet -o DIR`).

pub mod parquet;
