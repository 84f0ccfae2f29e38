//! `pdnkit.toml`: defaults for the reading commands, found by walking up from the current
//! directory (as rustfmt.toml and typos.toml are), or named by `--config PATH`; `--no-config`
//! reads none. Options on the command line beat the file. Every key is documented in
//! [`help`] (`pdnkit help config`).

use serde::Deserialize;
use std::collections::BTreeMap;
use std::io::Read;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// The name looked for in the current directory and each directory above it.
pub const FILE_NAME: &str = "pdnkit.toml";

/// A config file larger than this is refused (a real one is a few hundred bytes; a device or
/// a runaway file must not be read without end).
pub const MAX_BYTES: u64 = 1 << 20;

/// The keys of pdnkit.toml. Unknown keys are an error (a misspelt key must not be ignored).
/// Values checked after reading keep their place in the file ([`FileConfig::at`]).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FileConfig {
    pub game_type: Option<Spanned<String>>,
    pub encoding: Option<Spanned<String>>,
    pub strict: Option<bool>,
    pub threads: Option<Spanned<usize>>,
    pub max_diagnostics: Option<usize>,
    pub max_file_diagnostics: Option<usize>,
    pub hidden: Option<bool>,
    pub no_ignore: Option<bool>,
    pub max_depth: Option<usize>,
    pub glob: Option<Vec<String>>,
    pub exclude: Option<Vec<String>>,
    pub levels: Option<BTreeMap<Spanned<String>, Spanned<String>>>,
    pub notation: Option<Spanned<String>>,
    pub captures: Option<Spanned<String>>,
    pub results: Option<Spanned<String>>,
    /// The file read and its text, for [`FileConfig::at`].
    #[serde(skip)]
    source: Option<(PathBuf, String)>,
}

impl FileConfig {
    /// `config file PATH: line L, column C: `, the start of a message about the value at
    /// `span` of the file.
    pub fn at(&self, span: Range<usize>) -> String {
        match &self.source {
            Some((path, text)) => format!("config file {}: {}", path.display(), place(text, span)),
            None => "config file: ".to_string(),
        }
    }

    /// The text of the file read (empty for the defaults).
    pub fn text(&self) -> &str {
        self.source.as_ref().map_or("", |(_, text)| text)
    }
}

/// `line L, column C: ` of the byte `span.start` of `text` (columns in characters).
fn place(text: &str, span: Range<usize>) -> String {
    let mut start = span.start.min(text.len());
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let before = &text[..start];
    let line = before.matches('\n').count() + 1;
    let column = before[before.rfind('\n').map_or(0, |i| i + 1)..]
        .chars()
        .count()
        + 1;
    format!("line {line}, column {column}: ")
}

/// `pdnkit help config`: the commands that read the file (`commands`, taken from the command
/// line's definition: those with `--no-config`), every key, an example file.
pub fn help(commands: &[&str]) -> String {
    format!(
        "pdnkit.toml holds defaults for the commands that read archives:\n  {}.\n{KEYS}",
        commands.join(", ")
    )
}

const KEYS: &str = "\
pdnkit reads the first pdnkit.toml found in the current directory or the directories above
it; --config PATH reads that file instead (a regular file of at most 1 MiB), --no-config none.
Options on the command line beat the file. Unknown keys and bad values are errors (exit code
2), reported with the file's line and column.

Keys (all optional):
  game-type = \"auto\"             game type of games without a GameType tag: auto (detect
                                 the board from the FEN, squares and moves), 41 or
                                 spantsiretti, 25 or russian (--game-type)
  encoding = \"auto\"              auto, utf-8, windows-1251, cp866, koi8-r, latin1, or a
                                 single-byte code page by its label (--encoding)
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
  notation = \"alpha\"             canonical PDN (convert --format pdn, fmt): alpha or
                                 numeric squares (--notation)
  captures = \"short\"             short or full captures (--captures)
  results = \"keep\"               keep, default or international results (--results)

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
        // Without a current directory (removed under the run) there is nowhere to search
        // from, and nothing to find: the defaults, as when no file is found.
        Choice::Search => match std::env::current_dir().ok().and_then(|cwd| find(&cwd)) {
            Some(path) => path,
            None => return Ok(None),
        },
    };
    let text =
        read(&path).map_err(|e| format!("cannot read config file {}: {e}", path.display()))?;
    let mut config = parse(&text).map_err(|e| format!("config file {}: {e}", path.display()))?;
    config.source = Some((path.clone(), text));
    Ok(Some((config, path)))
}

/// The text of the config file at `path`: a regular file of at most [`MAX_BYTES`] (a device,
/// a FIFO or a directory is refused before anything is read from it).
pub fn read(path: &Path) -> Result<String, String> {
    // Looked at before it is opened: opening a FIFO waits for a writer.
    let regular = |meta: std::fs::Metadata| match meta.is_file() {
        true => Ok(meta),
        false => Err("not a regular file".to_string()),
    };
    regular(std::fs::metadata(path).map_err(|e| e.to_string())?)?;
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let meta = regular(file.metadata().map_err(|e| e.to_string())?)?;
    let too_large = || {
        format!(
            "larger than {} KiB; a config file is a few lines",
            MAX_BYTES >> 10
        )
    };
    if meta.len() > MAX_BYTES {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    // The size read, not the size listed: a file may grow while it is read.
    file.take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())
}

/// Reads the text of a config file; the error names the line and column.
pub fn parse(text: &str) -> Result<FileConfig, String> {
    toml::from_str(text).map_err(|e| {
        let place = e.span().map(|span| place(text, span));
        format!("{}{}", place.unwrap_or_default(), e.message())
    })
}
