//! The commands that help pdnkit fit a user's shell and setup: `completions` (clap_complete),
//! `man` (clap_mangen), both from the one command-line definition, and `config` (the
//! pdnkit.toml in effect).

use crate::cli::config::{self, Choice};
use crate::cli::run::exit::EXIT_OK;
use crate::cli::run::output::refused;
use crate::text::escape;
use std::io::{self, Write};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct CompletionsArgs {
    shell: clap_complete::Shell,
}

#[derive(clap::Args)]
pub struct ManArgs {
    /// A command (validate, convert, ...): its own page, pdnkit-COMMAND(1).
    command: Option<String>,
}

#[derive(clap::Args)]
pub struct ConfigArgs {
    /// This config file instead of the pdnkit.toml found from the current directory up.
    #[arg(long, value_name = "PATH")]
    config: Option<PathBuf>,
}

/// `command`: the command line's definition.
pub fn completions(args: CompletionsArgs, mut command: clap::Command) -> io::Result<u8> {
    // Into memory first: clap_complete panics when its writer fails (a closed pipe).
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "pdnkit", &mut script);
    io::stdout().lock().write_all(&script)?;
    Ok(EXIT_OK)
}

/// `command`: the command line's definition.
pub fn man(args: ManArgs, mut command: clap::Command) -> io::Result<u8> {
    command.build();
    let page = match &args.command {
        None => command,
        Some(name) => match command.find_subcommand(name) {
            Some(sub) => {
                // A page of its own: `pdnkit-validate(1)`, as git and cargo name theirs.
                let name: &'static str = format!("pdnkit-{}", sub.get_name()).leak();
                sub.clone().name(name)
            }
            None => {
                let message = format!("no command \"{name}\"; `pdnkit help` lists them");
                return refused(&message);
            }
        },
    };
    let mut text = Vec::new();
    clap_mangen::Man::new(page).render(&mut text)?;
    io::stdout().lock().write_all(&text)?;
    Ok(EXIT_OK)
}

pub fn config(args: ConfigArgs) -> io::Result<u8> {
    let choice = match args.config {
        Some(path) => Choice::Path(path),
        None => Choice::Search,
    };
    let mut out = io::stdout().lock();
    match config::load(&choice) {
        Err(message) => refused(&message),
        Ok(None) => {
            let place = match std::env::current_dir() {
                Ok(cwd) => escape::file_name(&cwd),
                Err(_) => "the current directory (it cannot be read)".to_string(),
            };
            writeln!(
                out,
                "no {} in {place} or a directory above it: defaults in effect \
                 (`pdnkit help config` lists the keys)",
                config::FILE_NAME,
            )?;
            Ok(EXIT_OK)
        }
        Ok(Some((file, path))) => {
            writeln!(out, "# {}", escape::file_name(&path))?;
            // Line by line, each escaped: the file's text may hold any character.
            for line in file.text().split_terminator('\n') {
                writeln!(out, "{}", escape::text(line))?;
            }
            Ok(EXIT_OK)
        }
    }
}
