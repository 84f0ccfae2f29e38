//! Options shared by the commands that read PDN, merged with pdnkit.toml ([`crate::cli::config`])
//! into a validated [`Config`] before any work starts: the command line beats the file, the
//! file beats the defaults.

use crate::check::Options;
use crate::cli::config::{self, Choice, FileConfig};
use crate::cli::run::inputs::{self, Input, Walk};
use crate::diagnostic::Kind;
use crate::diagnostic::levels::{Level, LevelError, Levels};
use crate::text::encoding::TextEncoding;
use std::io::IsTerminal;
use std::path::PathBuf;

/// What every command that reads PDN accepts (`show` too).
#[derive(clap::Args, Clone, Default)]
pub struct ReadArgs {
    /// Game type of games without a GameType tag: auto (the board their FEN, squares and
    /// moves fit; when both do, the board the file's first untagged games decide, else 41),
    /// 41 or spantsiretti (10x8), 25 or russian (8x8). A GameType tag always wins.
    /// [default: auto]
    #[arg(
        long,
        value_enum,
        value_name = "TYPE",
        ignore_case = true,
        alias = "default-game-type"
    )]
    game_type: Option<GameTypeArg>,
    /// Text encoding of the input: auto, utf-8, windows-1251, cp866, koi8-r, latin1 or any
    /// single-byte code page by a label of the Encoding Standard (iso-8859-5, koi8-u, ...).
    /// `auto` reads UTF-8 (with or without BOM) and otherwise guesses the code page from the
    /// text.
    /// [default: auto]
    #[arg(long, value_name = "ENCODING")]
    encoding: Option<String>,
    /// Read this config file instead of the pdnkit.toml found from the current directory up
    /// (`pdnkit help config` lists the keys).
    #[arg(long, value_name = "PATH", conflicts_with = "no_config")]
    config: Option<PathBuf>,
    /// Read no config file.
    #[arg(long)]
    no_config: bool,
}

/// Options of the batch commands (validate, convert, stats).
#[derive(clap::Args, Clone, Default)]
pub struct CommonArgs {
    #[command(flatten)]
    read: ReadArgs,
    /// Worker threads: files are checked in parallel, and a single large file is split at
    /// game boundaries; output stays in input order. Default and most: one per core.
    #[arg(short = 'j', long, value_name = "N")]
    threads: Option<usize>,
    /// Print errors only (no warnings, notes or summary in human output).
    #[arg(short, long)]
    quiet: bool,
    /// Deviations from the PDN standard (warnings) become errors, except for codes given a
    /// level with --allow/--warn/--deny.
    #[arg(long)]
    strict: bool,
    /// Do not report diagnostics of CODE (repeatable; `pdnkit help validate` lists codes).
    #[arg(long, value_name = "CODE")]
    allow: Vec<String>,
    /// Report diagnostics of CODE as warnings (repeatable).
    #[arg(long, value_name = "CODE")]
    warn: Vec<String>,
    /// Report diagnostics of CODE as errors (repeatable).
    #[arg(long, value_name = "CODE")]
    deny: Vec<String>,
    /// Never show a progress bar (it is only shown when stderr is a terminal anyway).
    #[arg(long)]
    no_progress: bool,
    #[command(flatten)]
    walk: WalkArgs,
}

/// How directories are walked, as ripgrep and fd do.
#[derive(clap::Args, Clone, Default)]
pub struct WalkArgs {
    /// Also read hidden files and directories (names starting with `.`) when walking.
    #[arg(long)]
    hidden: bool,
    /// Also read what ignore files name when walking (.gitignore, .ignore, .git/info/exclude,
    /// git's global excludes; honoured in a git repository or not).
    #[arg(long)]
    no_ignore: bool,
    /// Read the files matching GLOB when walking a directory, instead of *.pdn (repeatable;
    /// any case; a pattern with `/` matches the path below the directory walked).
    #[arg(long, value_name = "GLOB")]
    glob: Vec<String>,
    /// Skip files and directories matching GLOB when walking (repeatable).
    #[arg(long, value_name = "GLOB")]
    exclude: Vec<String>,
    /// Walk directories at most N levels deep (1: the files of a directory given only).
    #[arg(long, value_name = "N")]
    max_depth: Option<usize>,
    /// List the files that would be read, one a line, and read none.
    #[arg(long)]
    files: bool,
}

/// Caps on the diagnostics printed (validate, convert).
#[derive(clap::Args, Clone)]
pub struct CapArgs {
    /// Print at most N diagnostics of a game in human and github output, then how many more
    /// there are; 0 = all. JSON output holds every diagnostic. [default: 100]
    #[arg(long, value_name = "N")]
    max_diagnostics: Option<usize>,
    /// Print at most N diagnostics of a file in human and github output. [default: 1000]
    #[arg(long, value_name = "N")]
    max_file_diagnostics: Option<usize>,
}

/// Diagnostics printed per game and per file (0: all).
#[derive(Clone, Copy, Debug)]
pub struct Caps {
    pub game: usize,
    pub file: usize,
}

impl CapArgs {
    /// The caps of the command line over those of `config`.
    pub fn apply(&self, config: &mut Config) {
        config.caps.game = self.max_diagnostics.unwrap_or(config.caps.game);
        config.caps.file = self.max_file_diagnostics.unwrap_or(config.caps.file);
    }
}

/// Everything a reading command needs, validated.
pub struct Config {
    pub options: Options,
    /// None: detect per file.
    pub encoding: Option<TextEncoding>,
    pub threads: usize,
    pub quiet: bool,
    pub progress: bool,
    /// Diagnostics printed per game and per file in human and github output (0: all).
    pub caps: Caps,
    /// The encoding note is not printed (`--allow encoding`).
    pub allow_encoding: bool,
    pub walk: Walk,
    /// Only list the inputs (`--files`).
    pub list_files: bool,
    /// The config file read (the defaults without one), for the keys of one command.
    pub file: FileConfig,
}

/// Defaults of the caps on printed diagnostics.
const MAX_DIAGNOSTICS: usize = 100;
const MAX_FILE_DIAGNOSTICS: usize = 1000;

impl ReadArgs {
    fn file_config(&self) -> Result<FileConfig, String> {
        let choice = match (&self.config, self.no_config) {
            (_, true) => Choice::None,
            (Some(path), false) => Choice::Path(path.clone()),
            (None, false) => Choice::Search,
        };
        Ok(config::load(&choice)?.map(|(c, _)| c).unwrap_or_default())
    }

    /// The options of reading: game type and encoding.
    pub fn resolve(&self) -> Result<(Options, Option<TextEncoding>, FileConfig), String> {
        let file = self.file_config()?;
        let game_type = match (self.game_type, &file.game_type) {
            (Some(t), _) => t,
            (None, Some(name)) => GameTypeArg::parse(name.get_ref())
                .map_err(|e| format!("{}game-type: {e}", file.at(name.span())))?,
            (None, None) => GameTypeArg::Auto,
        };
        let encoding = match (&self.encoding, &file.encoding) {
            (Some(name), _) => TextEncoding::parse_choice(name)?,
            (None, Some(name)) => TextEncoding::parse_choice(name.get_ref())
                .map_err(|e| format!("{}encoding: {e}", file.at(name.span())))?,
            (None, None) => None,
        };
        let options = Options {
            default_variant: game_type.variant().unwrap_or_default(),
            detect_game_type: game_type == GameTypeArg::Auto,
            ..Options::default()
        };
        Ok((options, encoding, file))
    }
}

impl CommonArgs {
    /// The options of a command line that names no option but the config file `file` (None:
    /// no config file): how `pdnkit lsp` reads each document, with the pdnkit.toml found
    /// from the document's directory up.
    pub fn of_config_file(file: Option<PathBuf>) -> CommonArgs {
        let read = ReadArgs {
            no_config: file.is_none(),
            config: file,
            ..ReadArgs::default()
        };
        CommonArgs {
            read,
            ..CommonArgs::default()
        }
    }

    pub fn config(&self) -> Result<Config, String> {
        let (mut options, encoding, file) = self.read.resolve()?;
        // More threads than cores would not be faster, only hold more memory.
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let threads = match (self.threads, &file.threads) {
            (Some(0), _) => return Err("--threads must be at least 1".to_string()),
            (None, Some(n)) if *n.get_ref() == 0 => {
                return Err(format!("{}threads must be at least 1", file.at(n.span())));
            }
            (Some(n), _) => n.min(cores),
            (None, Some(n)) => (*n.get_ref()).min(cores),
            (None, None) => cores,
        };
        let levels = self.levels(&file)?;
        options.strict = self.strict || file.strict.unwrap_or(false);
        options.levels = levels.0;
        let w = &self.walk;
        let globs = if !w.glob.is_empty() {
            w.glob.clone()
        } else {
            file.glob
                .clone()
                .unwrap_or_else(|| vec!["*.pdn".to_string()])
        };
        let mut excludes = file.exclude.clone().unwrap_or_default();
        excludes.extend(w.exclude.iter().cloned());
        Ok(Config {
            options,
            encoding,
            threads,
            quiet: self.quiet,
            progress: !self.no_progress && !self.quiet && std::io::stderr().is_terminal(),
            caps: Caps {
                game: file.max_diagnostics.unwrap_or(MAX_DIAGNOSTICS),
                file: file.max_file_diagnostics.unwrap_or(MAX_FILE_DIAGNOSTICS),
            },
            allow_encoding: levels.1,
            walk: Walk {
                hidden: w.hidden || file.hidden.unwrap_or(false),
                ignore_files: !(w.no_ignore || file.no_ignore.unwrap_or(false)),
                max_depth: w.max_depth.or(file.max_depth),
                globs,
                excludes,
            },
            list_files: w.files,
            file,
        })
    }

    /// The levels of the file, then of the command line (a code named at two levels on the
    /// same side is an error); and whether the encoding note is allowed away.
    fn levels(&self, file: &FileConfig) -> Result<(Levels, bool), String> {
        // Each level with the place of its code in the file, or None from the command line.
        let mut from_file = Vec::new();
        for (code, level) in file.levels.iter().flatten() {
            let parsed = Level::parse(level.get_ref()).ok_or_else(|| {
                format!(
                    "{}[levels] {} = \"{}\": use allow, warn or deny",
                    file.at(level.span()),
                    code.get_ref(),
                    level.get_ref()
                )
            })?;
            from_file.push((code.get_ref().as_str(), parsed, Some(file.at(code.span()))));
        }
        let mut given = Vec::new();
        for (level, codes) in [
            (Level::Allow, &self.allow),
            (Level::Warn, &self.warn),
            (Level::Deny, &self.deny),
        ] {
            for code in codes {
                if let Some((_, other)) = given.iter().find(|(c, _)| c == code) {
                    return Err(format!(
                        "--{} {code} and --{} {code}: give one level per code",
                        Level::name(*other),
                        level.name()
                    ));
                }
                given.push((code.clone(), level));
            }
        }
        let mut levels = Levels::default();
        let mut allow_encoding = false;
        let all = from_file
            .into_iter()
            .chain(given.iter().map(|(c, l)| (c.as_str(), *l, None)));
        for (code, level, place) in all {
            let at = place.as_deref().unwrap_or_default();
            if code == crate::diagnostic::code::ENCODING {
                if level != Level::Allow {
                    return Err(format!(
                        "{at}{} encoding: the encoding note about a file can only be allowed \
                         (--allow encoding silences it)",
                        level.name()
                    ));
                }
                allow_encoding = true;
            }
            levels.set(code, level).map_err(|e| match (&e, &place) {
                (LevelError::Unknown(_), _) => format!("{at}{e}"),
                (LevelError::Unchecked { .. }, Some(_)) => {
                    format!("{at}[levels] {code} = \"{}\": {e}", level.name())
                }
                (LevelError::Unchecked { .. }, None) => format!("--{} {code}: {e}", level.name()),
            })?;
        }
        Ok((levels, allow_encoding))
    }
}

/// The set-up of a command (its [`Config`] found by `config`) and the inputs of `paths`, to
/// run on; or the exit code when there is nothing to run: a usage error or no input
/// (reported here, exit code 2), or `--files` (the list printed; exit code 0, or 2 when a
/// path could not be read).
pub fn start<T>(
    setup: Result<T, String>,
    config: impl Fn(&T) -> &Config,
    paths: &[PathBuf],
) -> Result<(T, Vec<Input>), u8> {
    start_or(setup, config, paths, |_| {})
}

/// [`start`], which also calls `nothing_found` once the message is out when `paths` name no
/// input (validate's JSON says so on standard output too).
pub fn start_or<T>(
    setup: Result<T, String>,
    config: impl Fn(&T) -> &Config,
    paths: &[PathBuf],
    nothing_found: impl FnOnce(&T),
) -> Result<(T, Vec<Input>), u8> {
    let setup = match setup {
        Ok(setup) => setup,
        Err(message) => {
            crate::cli::run::output::tell_error(&message);
            return Err(crate::cli::run::exit::EXIT_FAILURE);
        }
    };
    match config(&setup).inputs(paths) {
        Ok(Ok(inputs)) => Ok((setup, inputs)),
        Ok(Err(code)) => Err(code),
        Err(refusal) => {
            crate::cli::run::output::tell_error(&refusal.message);
            if refusal.nothing_found {
                nothing_found(&setup);
            }
            Err(crate::cli::run::exit::EXIT_FAILURE)
        }
    }
}

impl Config {
    /// The inputs of `paths`; an error when there are none. With `--files` the list is
    /// printed instead, and the exit code returned: 0, or 2 if a path could not be read.
    fn inputs(&self, paths: &[PathBuf]) -> Result<Result<Vec<Input>, u8>, inputs::Refusal> {
        let inputs = inputs::collect(paths, &self.walk)?;
        if !self.list_files {
            return Ok(Ok(inputs));
        }
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        let mut code = crate::cli::run::exit::EXIT_OK;
        for input in &inputs {
            let name = input.name();
            let written = match input {
                Input::Broken(_, reason) => {
                    code = crate::cli::run::exit::EXIT_FAILURE;
                    let why = reason.clone();
                    let d = crate::diagnostic::Diagnostic::about_file(Kind::Io { why });
                    let line = crate::diagnostic::render::human(&name, 0, &d);
                    let _ = writeln!(std::io::stderr(), "{line}");
                    Ok(())
                }
                _ => writeln!(out, "{}", crate::text::escape::text(&name)),
            };
            if written.is_err() {
                break; // a closed pipe: nothing more to list
            }
        }
        let _ = out.flush();
        Ok(Err(code))
    }
}

/// Output format shared by the subcommands that report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Human,
    Json,
}

/// The game type of games without a GameType tag, as given (`--game-type`, `game-type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GameTypeArg {
    /// The board the game's FEN, squares and moves fit.
    Auto,
    #[value(name = "41", alias = "spantsiretti")]
    Spantsiretti,
    #[value(name = "25", alias = "russian")]
    Russian,
}

impl GameTypeArg {
    /// The variant forced (None for auto).
    pub fn variant(self) -> Option<crate::Variant> {
        match self {
            GameTypeArg::Auto => None,
            GameTypeArg::Spantsiretti => Some(crate::Variant::Spantsiretti),
            GameTypeArg::Russian => Some(crate::Variant::Russian),
        }
    }

    /// Reads a name as the command line does (a config file's value).
    pub fn parse(name: &str) -> Result<GameTypeArg, String> {
        <GameTypeArg as clap::ValueEnum>::from_str(name, true).map_err(|_| {
            format!("\"{name}\" is not a game type: use auto, 41 or spantsiretti, 25 or russian")
        })
    }
}

/// The game type to play (perft, random).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum VariantArg {
    #[value(name = "41", alias = "spantsiretti")]
    Spantsiretti,
    #[value(name = "25", alias = "russian")]
    Russian,
}

impl VariantArg {
    pub fn variant(self) -> crate::Variant {
        match self {
            VariantArg::Spantsiretti => crate::Variant::Spantsiretti,
            VariantArg::Russian => crate::Variant::Russian,
        }
    }
}
