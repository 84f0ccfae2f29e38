//! Turning PATH arguments into the list of inputs, as ripgrep and fd do: files as given,
//! directories walked in sorted order for the files their globs match (`*.pdn`, any case, by
//! default), hidden files and directories (a name whose first byte is `.`) skipped unless
//! asked for, what ignore files name (`.gitignore`, `.ignore`, git's excludes) skipped unless
//! asked for (the `ignore` crate, ripgrep's walker), `-` for standard input.
//! With no PATH, standard input when it is a pipe or a file, else the current directory.
//! Problems met on the way (a missing path, an unreadable directory, a symlink loop, a FIFO
//! or device where a PDN file was expected) are inputs too, so that they are reported in
//! order and the run goes on. Binary files are found when opened (a NUL byte near the start,
//! as git and ripgrep tell).

use crate::diagnostic::{Diagnostic, Kind};
use globset::{GlobBuilder, GlobSet, GlobSetBuilder};
use ignore::WalkBuilder;
use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub enum Input {
    Stdin,
    File(PathBuf),
    /// A path that could not be listed or read, with the message that says why.
    Broken(PathBuf, String),
    /// Text held in memory under a name (an editor's document, `pdnkit lsp`).
    Text(String, Arc<[u8]>),
}

/// Why an input cannot be read as PDN: a diagnostic about the file ([`Kind::Io`],
/// [`Kind::Binary`]), boxed (it is the error of results that are mostly fine).
pub type Unreadable = Box<Diagnostic>;

/// Bytes looked at for a NUL byte (git looks at as many).
const BINARY_PROBE: usize = 8000;

impl Input {
    /// How outputs name the input ([`crate::text::escape::file_name`]: distinct for distinct paths).
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_string(),
            Input::File(p) | Input::Broken(p, _) => crate::text::escape::file_name(p),
            Input::Text(name, _) => name.clone(),
        }
    }

    /// Opens the input for reading; refuses binary data.
    pub fn open(&self) -> Result<Box<dyn Read + Send>, Unreadable> {
        let io_error = |e: io::Error| {
            Box::new(Diagnostic::about_file(Kind::Io {
                why: format!("cannot read: {e}"),
            }))
        };
        if let Input::Broken(_, reason) = self {
            return Err(Box::new(Diagnostic::about_file(Kind::Io {
                why: reason.clone(),
            })));
        }
        let mut reader: Box<dyn Read + Send> = match self {
            Input::Stdin => {
                if io::stdin().is_terminal() {
                    let note = "pdnkit: reading PDN from standard input (end it with Ctrl-D)";
                    let _ = io::Write::write_all(&mut io::stderr(), format!("{note}\n").as_bytes());
                }
                Box::new(io::stdin())
            }
            Input::File(p) => Box::new(File::open(p).map_err(io_error)?),
            Input::Text(_, text) => Box::new(io::Cursor::new(Arc::clone(text))),
            Input::Broken(..) => unreachable!("refused above"),
        };
        let mut head = Vec::with_capacity(BINARY_PROBE);
        (&mut reader)
            .take(BINARY_PROBE as u64)
            .read_to_end(&mut head)
            .map_err(io_error)?;
        if let Some(at) = memchr::memchr(0, &head) {
            let utf16 = head.starts_with(&[0xff, 0xfe]) || head.starts_with(&[0xfe, 0xff]);
            return Err(Box::new(Diagnostic::about_file(Kind::Binary {
                utf16,
                nul_at: at + 1,
            })));
        }
        Ok(Box::new(io::Cursor::new(head).chain(reader)))
    }

    /// Size in bytes of a regular file (known in advance: for the progress bar); None for
    /// standard input, a FIFO or a device.
    pub fn size(&self) -> Option<u64> {
        match self {
            Input::File(p) => std::fs::metadata(p)
                .ok()
                .filter(|m| m.is_file())
                .map(|m| m.len()),
            _ => None,
        }
    }
}

/// How directories are walked.
pub struct Walk {
    pub hidden: bool,
    /// Whether ignore files (.gitignore, .ignore, ...) leave out what they name.
    pub ignore_files: bool,
    /// 0: only the paths given; 1: the files of a directory given, not its subdirectories.
    pub max_depth: Option<usize>,
    /// Patterns of the files read (default `*.pdn`), and of what is skipped.
    pub globs: Vec<String>,
    pub excludes: Vec<String>,
}

/// A glob set matched on paths below a walked directory, in any case; a pattern without `/`
/// matches a name at any depth.
fn glob_set(patterns: &[String]) -> Result<GlobSet, String> {
    let mut set = GlobSetBuilder::new();
    for pattern in patterns {
        let anchored = pattern.contains('/');
        let pattern = pattern.trim_start_matches('/');
        let full = if anchored {
            pattern.to_string()
        } else {
            format!("**/{pattern}")
        };
        let glob = GlobBuilder::new(&full)
            .case_insensitive(true)
            .literal_separator(true)
            .build()
            .map_err(|e| format!("bad glob \"{pattern}\": {}", e.kind()))?;
        set.add(glob);
    }
    set.build().map_err(|e| e.to_string())
}

struct Matcher {
    include: GlobSet,
    exclude: GlobSet,
}

/// Why the PATH arguments give nothing to read: a usage error (exit code 2).
pub struct Refusal {
    /// What is wrong, or what was searched.
    pub message: String,
    /// The arguments were fine but named no input.
    pub nothing_found: bool,
}

impl From<String> for Refusal {
    fn from(message: String) -> Refusal {
        Refusal {
            message,
            nothing_found: false,
        }
    }
}

/// Expands the PATH arguments. An error is a usage error (exit code 2): standard input named
/// twice, a bad glob, or no input at all (the message says what was searched).
pub fn collect(paths: &[PathBuf], walk: &Walk) -> Result<Vec<Input>, Refusal> {
    let matcher = Matcher {
        include: glob_set(&walk.globs)?,
        exclude: glob_set(&walk.excludes)?,
    };
    let implicit = paths.is_empty();
    let paths = if !implicit {
        paths.to_vec()
    } else if stdin_has_data() {
        vec![PathBuf::from("-")]
    } else {
        vec![PathBuf::from(".")]
    };
    if paths.iter().filter(|p| p.as_os_str() == "-").count() > 1 {
        return Err("standard input (-) is named more than once; name it once"
            .to_string()
            .into());
    }
    let mut inputs = Vec::new();
    let mut walked = Vec::new();
    for path in &paths {
        if path.as_os_str() == "-" {
            inputs.push(Input::Stdin);
            continue;
        }
        match std::fs::metadata(path) {
            Err(e) => inputs.push(Input::Broken(path.clone(), format!("cannot read: {e}"))),
            Ok(meta) if meta.is_dir() => {
                walked.push(crate::text::escape::file_name(path));
                walk_dir(path, walk, &matcher, implicit, &mut inputs)
            }
            Ok(_) => inputs.push(Input::File(path.clone())),
        }
    }
    if inputs.is_empty() {
        return Err(Refusal {
            message: nothing_found(&walked, walk),
            nothing_found: true,
        });
    }
    Ok(inputs)
}

/// "no input: no file matching *.pdn in ...", with what the walk left out.
fn nothing_found(walked: &[String], walk: &Walk) -> String {
    let mut skipped = Vec::new();
    if !walk.hidden {
        skipped.push("hidden files skipped (--hidden reads them)".to_string());
    }
    if walk.ignore_files {
        skipped.push(
            "files named by .gitignore or .ignore skipped (--no-ignore reads them)".to_string(),
        );
    }
    if let Some(depth) = walk.max_depth {
        skipped.push(format!("--max-depth {depth}"));
    }
    if !walk.excludes.is_empty() {
        skipped.push(format!("excluded: {}", walk.excludes.join(", ")));
    }
    let message = format!(
        "no input: no file matching {} in {}{}{}",
        walk.globs.join(", "),
        walked.join(", "),
        if skipped.is_empty() { "" } else { "; " },
        skipped.join("; ")
    );
    crate::text::escape::text(&message).into_owned()
}

/// Standard input is a pipe, a file or a socket (not a terminal, not /dev/null): read it
/// when no PATH is given, as ripgrep does.
fn stdin_has_data() -> bool {
    let stdin = io::stdin();
    if stdin.is_terminal() {
        return false;
    }
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        use std::os::unix::fs::FileTypeExt;
        let meta = stdin
            .as_fd()
            .try_clone_to_owned()
            .map(File::from)
            .and_then(|f| f.metadata());
        meta.is_ok_and(|m| {
            let t = m.file_type();
            t.is_file() || t.is_fifo() || t.is_socket()
        })
    }
    #[cfg(not(unix))]
    true
}

fn walk_dir(root: &Path, walk: &Walk, matcher: &Matcher, implicit: bool, inputs: &mut Vec<Input>) {
    let mut walker = WalkBuilder::new(root);
    // The ignore files as ripgrep reads them (.gitignore, .git/info/exclude, git's global
    // excludes, .ignore, also those of the directories above), in a git repository or not.
    walker
        .standard_filters(walk.ignore_files)
        .require_git(false)
        .hidden(!walk.hidden)
        .follow_links(true)
        .max_depth(walk.max_depth)
        .sort_by_file_name(|a, b| a.cmp(b));
    let exclude = matcher.exclude.clone();
    let base = root.to_path_buf();
    walker.filter_entry(move |e| {
        e.depth() == 0 || !exclude.is_match(e.path().strip_prefix(&base).unwrap_or(e.path()))
    });
    let relative = |path: &Path| path.strip_prefix(root).unwrap_or(path).to_path_buf();
    for entry in walker.build() {
        match entry {
            Ok(e) if e.file_type().is_some_and(|t| t.is_dir()) => {}
            Ok(e) if !matcher.include.is_match(relative(e.path())) => {}
            Ok(e) => {
                // With no PATH given, names as ripgrep shows them: without `./`.
                let path = match e.path().strip_prefix(".") {
                    Ok(p) if implicit => p.to_path_buf(),
                    _ => e.into_path(),
                };
                if std::fs::metadata(&path).is_ok_and(|m| m.is_file()) {
                    inputs.push(Input::File(path));
                } else {
                    let reason = "not a regular file (a FIFO, socket or device): not read, as a \
                                  PDN file walked to could block or never end";
                    inputs.push(Input::Broken(path, reason.to_string()));
                }
            }
            Err(e) => match walk_error(root, e) {
                Walked::Broken(path, reason) => inputs.push(Input::Broken(path, reason)),
                Walked::IgnoreFile(message) => {
                    let message = format!("pdnkit: warning: {message} (the rest of it is used)");
                    eprintln!("{}", crate::text::escape::text(&message));
                }
            },
        }
    }
}

/// What a walk's error is: a path that cannot be read (an input, reported in order), or a
/// bad line in an ignore file (a warning, as ripgrep gives).
enum Walked {
    Broken(PathBuf, String),
    IgnoreFile(String),
}

fn walk_error(root: &Path, e: ignore::Error) -> Walked {
    let mut path = root.to_path_buf();
    let mut e = e;
    loop {
        e = match e {
            ignore::Error::WithDepth { err, .. } => *err,
            ignore::Error::WithPath { path: p, err } => {
                path = p;
                *err
            }
            ignore::Error::Loop { child, .. } => {
                let reason = "cannot read: symbolic link loop, not followed".to_string();
                return Walked::Broken(child, reason);
            }
            ignore::Error::Io(io) => return Walked::Broken(path, format!("cannot read: {io}")),
            other => {
                let shown = crate::text::escape::file_name(&path);
                return Walked::IgnoreFile(format!("{shown}: {other}"));
            }
        }
    }
}
