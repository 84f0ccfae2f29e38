//! The writer's temporary files: `.pdnkit-XXXXXX.tmp` next to the target, locked (an
//! exclusive `flock`) for as long as the run that made it lives, removed when that run drops
//! it, fails or is interrupted by SIGINT, SIGTERM or SIGHUP. A run killed outright (SIGKILL)
//! leaves its temporary behind, unlocked: the next run that writes into the same directory
//! removes every unlocked temporary of that name pattern before making its own (once per
//! directory: a run writing many files into one directory reads it once).

use std::collections::HashSet;
use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, Once};

const PREFIX: &str = ".pdnkit-";
const SUFFIX: &str = ".tmp";

/// Paths of the temporaries this process holds, for the signal watcher to remove.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn live() -> MutexGuard<'static, Vec<PathBuf>> {
    LIVE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A temporary file, locked and registered; removed when dropped unless persisted.
pub struct Temporary {
    file: File,
    /// Removes the file when dropped (before `_registered` takes it off the list).
    path: Option<tempfile::TempPath>,
    _registered: Registered,
}

/// The path on the list of live temporaries, while this lives.
struct Registered(PathBuf);

impl Registered {
    /// Lists `path` on `live`: the guard taken before the file was made, so that the signal
    /// watcher, which takes it too, never sees the file on disk and not on the list.
    fn new(mut live: MutexGuard<'static, Vec<PathBuf>>, path: &Path) -> Registered {
        live.push(path.to_path_buf());
        Registered(path.to_path_buf())
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        let mut live = live();
        if let Some(at) = live.iter().position(|p| *p == self.0) {
            live.swap_remove(at);
        }
    }
}

/// An error of making or renaming a temporary, without its name (which would only confuse:
/// messages name the target).
fn without_path(e: io::Error) -> io::Error {
    match e.raw_os_error() {
        Some(code) => io::Error::from_raw_os_error(code),
        None => io::Error::from(e.kind()),
    }
}

impl Temporary {
    /// Makes a temporary in `dir` with the mode (and, where allowed, the owner) of
    /// `existing`, or the mode of a new file (0666 less the umask).
    pub fn create(dir: &Path, existing: Option<&fs::Metadata>) -> io::Result<Temporary> {
        remove_leftovers(dir);
        watch_signals();
        let mut builder = tempfile::Builder::new();
        builder.prefix(PREFIX).suffix(SUFFIX);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(fs::Permissions::from_mode(0o666));
        }
        // A run sweeping leftovers removes unlocked temporaries; one made between its making
        // and its locking may be taken for one. Then its path leads nowhere: make another.
        for _ in 0..8 {
            let listing = live();
            let (file, path) = builder.tempfile_in(dir).map_err(without_path)?.into_parts();
            let registered = Registered::new(listing, &path);
            let _ = file.lock(); // where locks are not supported, sweeping removes nothing
            if same_file(&file, &path) {
                if let Some(meta) = existing {
                    keep_mode_and_owner(&file, meta)?;
                }
                return Ok(Temporary {
                    file,
                    path: Some(path),
                    _registered: registered,
                });
            }
        }
        Err(io::Error::other(
            "temporary files in its directory keep disappearing",
        ))
    }

    pub fn file(&self) -> &File {
        &self.file
    }

    /// Syncs the file and renames it to `target`.
    pub fn persist(mut self, target: &Path) -> io::Result<()> {
        self.file.sync_all()?;
        match self.path.take() {
            Some(path) => path.persist(target).map_err(|e| without_path(e.error)),
            None => Ok(()),
        }
    }
}

fn same_file(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), fs::metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        path.exists()
    }
}

#[cfg(unix)]
fn keep_mode_and_owner(file: &File, existing: &fs::Metadata) -> io::Result<()> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    // Only root may give a file away; anyone else keeps their own.
    let _ = std::os::unix::fs::fchown(file, Some(existing.uid()), Some(existing.gid()));
    // The permission bits; set-id and sticky bits are not carried over to new content.
    file.set_permissions(fs::Permissions::from_mode(existing.mode() & 0o777))
}

#[cfg(not(unix))]
fn keep_mode_and_owner(file: &File, existing: &fs::Metadata) -> io::Result<()> {
    file.set_permissions(existing.permissions())
}

/// Removes the temporaries in `dir` that no live run holds (their lock is free), the first
/// time this run writes into `dir`.
fn remove_leftovers(dir: &Path) {
    static SWEPT: Mutex<Option<HashSet<PathBuf>>> = Mutex::new(None);
    let mut swept = SWEPT
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if !swept.get_or_insert_default().insert(dir.to_path_buf()) {
        return;
    }
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let ours = name
            .to_str()
            .is_some_and(|n| n.starts_with(PREFIX) && n.ends_with(SUFFIX));
        if !ours || !entry.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        let path = entry.path();
        let Ok(file) = File::open(&path) else {
            continue;
        };
        if file.try_lock().is_ok() {
            let _ = fs::remove_file(&path);
        }
    }
}

/// Starts, once, a thread that waits for SIGINT, SIGTERM and SIGHUP, removes the live
/// temporaries, and ends the process as the signal would have. If no thread can be made, the
/// signals keep their default action (and a leftover is removed by the next run).
#[cfg(unix)]
fn watch_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    static WATCHING: Once = Once::new();
    WATCHING.call_once(|| {
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        // On failure the closure, and with it the handlers, are dropped.
        let _ = std::thread::Builder::new()
            .name("signals".to_string())
            .spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    for path in live().iter() {
                        let _ = fs::remove_file(path);
                    }
                    let _ = signal_hook::low_level::emulate_default_handler(signal);
                    std::process::exit(128 + signal);
                }
            });
    });
}

#[cfg(not(unix))]
fn watch_signals() {}
