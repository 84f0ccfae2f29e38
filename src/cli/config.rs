//! `pdnkit.toml`: defaults for the reading commands, found by walking up from the current
//! directory (as rustfmt.toml and typos.toml are), or named by `--config PATH`; `--no-config`
//! reads none. Options on the command line beat the file. Every key is documented in
//! [`HELP`] (`pdnkit help config`).

use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The name looked for in the current directory and each directory above it.
pub const FILE_NAME: &str = "pdnkit.toml";

/// The keys of pdnkit.toml. Unknown keys are an error (a misspelt key must not be ignored).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FileConfig {
    pub game_type: Option<String>,
    pub encoding: Option<String>,
    pub strict: Option<bool>,
    pub threads: Option<usize>,
    pub max_diagnostics: Option<usize>,
    pub max_file_diagnostics: Option<usize>,
    pub hidden: Option<bool>,
    pub no_ignore: Option<bool>,
    pub max_depth: Option<usize>,
    pub glob: Option<Vec<String>>,
    pub exclude: Option<Vec<String>>,
    pub levels: Option<BTreeMap<String, String>>,
}

/// `pdnkit help config`: every key, with an example file.
pub const HELP: &str = "\
pdnkit.toml holds defaults for validate, convert, stats and show. pdnkit reads the first
pdnkit.toml found in the current directory or the directories above it; --config PATH reads
that file instead, --no-config none. Options on the command line beat the file. Unknown
keys and bad values are errors (exit code 2), reported with the file's line.

Keys (all optional):
  game-type = \"auto\"             game type of games without a GameType tag: auto (detect
                                 the board from the FEN, squares and moves), 41 or
                                 spantsiretti, 25 or russian (--game-type)
  encoding = \"auto\"              auto, utf-8, windows-1251, cp866 or latin1 (--encoding)
  strict = false                 warnings become errors, except for codes given a level
                                 (--strict)
  threads = 4                    worker threads; default one per core (-j)
  max-diagnostics = 100          diagnostics printed per game in human and github output;
                                 0 = all (--max-diagnostics)
  max-file-diagnostics = 1000    diagnostics printed per file in human and github output;
                                 0 = all (--max-file-diagnostics)
  hidden = false                 walk hidden files and directories (names starting with .)
                                 (--hidden)
  no-ignore = false              also walk what .gitignore, .ignore and git's excludes name
                                 (--no-ignore)
  max-depth = 3                  walk directories at most this deep; 1 = the files of a
                                 directory given, not its subdirectories (--max-depth)
  glob = [\"*.pdn\"]               files read when walking a directory, as glob patterns on
                                 the path below it (any case); default *.pdn (--glob)
  exclude = [\"old/**\", \"*.bak.pdn\"]
                                 files and directories skipped when walking (--exclude;
                                 patterns given on the command line are added to these)

  [levels]                       the level of a diagnostic code (--allow/--warn/--deny CODE):
  capture-notation = \"allow\"     allow: not reported; warn: a warning; deny: an error
  missing-result = \"deny\"        (a level beats strict; the command line beats the file)

Example:
  game-type = \"russian\"
  exclude = [\"drafts/**\"]
  [levels]
  move-number = \"allow\"
";

/// Which file to read, as the command line says.
pub enum Choice {
    /// The first pdnkit.toml from the current directory up.
    Search,
    Path(PathBuf),
    None,
}

/// The first pdnkit.toml in `dir` or a directory above it.
pub fn find(dir: &Path) -> Option<PathBuf> {
    dir.ancestors()
        .map(|d| d.join(FILE_NAME))
        .find(|candidate| candidate.is_file())
}

/// The file chosen (and its path), or nothing; an error says what is wrong with it.
pub fn load(choice: &Choice) -> Result<Option<(FileConfig, PathBuf)>, String> {
    let path = match choice {
        Choice::None => return Ok(None),
        Choice::Path(path) => path.clone(),
        Choice::Search => {
            let cwd = std::env::current_dir()
                .map_err(|e| format!("cannot read the current directory: {e}"))?;
            match find(&cwd) {
                Some(path) => path,
                None => return Ok(None),
            }
        }
    };
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read config file {}: {e}", path.display()))?;
    let config = parse(&text).map_err(|e| format!("config file {}: {e}", path.display()))?;
    Ok(Some((config, path)))
}

/// Reads the text of a config file; the error names the line and column.
pub fn parse(text: &str) -> Result<FileConfig, String> {
    toml::from_str(text).map_err(|e| {
        let place = e.span().map(|span| {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
            format!("line {line}, column {column}: ")
        });
        format!("{}{}", place.unwrap_or_default(), e.message())
    })
}
