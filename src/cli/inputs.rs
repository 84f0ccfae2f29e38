//! Turning PATH arguments into the list of inputs: files as given, directories walked
//! recursively for `*.pdn` (any case) in sorted order, `-` for standard input. Problems met
//! on the way (a missing path, an unreadable directory, a symlink loop) are inputs too, so
//! that they are reported in order and the run goes on.

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

pub enum Input {
    Stdin,
    File(PathBuf),
    /// A path that could not be listed or read, with the reason.
    Broken(PathBuf, String),
}

impl Input {
    /// How outputs name the input ([`pdnkit::escape::file_name`]: distinct for distinct paths).
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_string(),
            Input::File(p) | Input::Broken(p, _) => pdnkit::escape::file_name(p),
        }
    }

    pub fn open(&self) -> io::Result<Box<dyn Read + Send>> {
        match self {
            Input::Stdin => Ok(Box::new(io::stdin())),
            Input::File(p) => Ok(Box::new(File::open(p)?)),
            Input::Broken(_, reason) => Err(io::Error::other(reason.clone())),
        }
    }

    /// Size in bytes, when known in advance (for the progress bar).
    pub fn size(&self) -> Option<u64> {
        match self {
            Input::File(p) => std::fs::metadata(p).ok().map(|m| m.len()),
            _ => None,
        }
    }
}

fn is_pdn(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pdn"))
}

/// Expands the PATH arguments (no argument: standard input).
pub fn collect(paths: &[PathBuf]) -> Vec<Input> {
    if paths.is_empty() {
        return vec![Input::Stdin];
    }
    let mut inputs = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            inputs.push(Input::Stdin);
            continue;
        }
        match std::fs::metadata(path) {
            Err(e) => inputs.push(Input::Broken(path.clone(), e.to_string())),
            Ok(meta) if meta.is_dir() => walk(path, &mut inputs),
            Ok(_) => inputs.push(Input::File(path.clone())),
        }
    }
    inputs
}

fn walk(root: &Path, inputs: &mut Vec<Input>) {
    let walker = WalkDir::new(root).follow_links(true).sort_by_file_name();
    for entry in walker {
        match entry {
            Ok(e) if e.file_type().is_file() && is_pdn(e.path()) => {
                inputs.push(Input::File(e.into_path()))
            }
            Ok(_) => {}
            Err(e) => {
                let path = e
                    .path()
                    .map_or_else(|| root.to_path_buf(), Path::to_path_buf);
                let reason = if e.loop_ancestor().is_some() {
                    "symbolic link loop, not followed".to_string()
                } else {
                    e.io_error()
                        .map_or_else(|| e.to_string(), |io| io.to_string())
                };
                inputs.push(Input::Broken(path, reason));
            }
        }
    }
}
