//! The integration tests: one binary, one module per area. Test data lives in `fixtures/`
//! (PDN samples with their expected outputs, perft figures, hand-worked positions) and in
//! `fuzz/corpus/`.

/// The checks behind the fuzz targets, shared word for word with the fuzzer.
#[path = "../../fuzz/src/lib.rs"]
mod checks;
mod harness;
mod reference;
mod reference_draws;
mod report_browser;

mod canonical;
mod ci_formats;
mod cli;
mod compact;
mod config;
mod convert;
mod dates;
mod dedupe;
mod differential;
mod draw_rules;
mod encodings;
mod escaping;
mod fixtures;
mod fmt;
mod fuzz_corpus;
mod game_rules;
mod game_types;
mod guesses;
mod hostile;
mod levels;
mod limits;
mod linear;
mod lsp;
mod memory;
mod output;
mod parquet;
mod perft;
mod positions;
mod properties;
mod read_back;
mod reading;
mod report;
mod rules_positions;
mod scanner;
mod scripts;
mod select;
mod show;
mod snippets;
mod spellings;
mod split;
mod stats;
mod threads_and_pipes;
mod walk;
