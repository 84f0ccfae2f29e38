//! Every temporary pdnkit makes: the writer's files next to their target ([`Temporary`]) and
//! the scratch directories of sorts too large for memory in the system's temporary
//! directory ([`Scratch`]). Each is named `.pdnkit-XXXXXX.tmp`, locked (an exclusive `flock`)
//! for as long as the run that made it lives, and removed when that run drops it, fails or is
//! interrupted by a signal that ends it ([`watch_signals`]). A run killed outright (SIGKILL)
//! leaves its temporaries behind, unlocked: the next run that makes one in the same
//! directory first removes every unlocked temporary of that name pattern ([`sweep`]).

use std::collections::HashSet;
use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, Once};

const PREFIX: &str = ".pdnkit-";
const SUFFIX: &str = ".tmp";
/// Random characters in a name (tempfile's default), so that only names pdnkit makes match.
const RANDOM: usize = 6;

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
        sweep_once(dir);
        watch_signals();
        let mut builder = tempfile::Builder::new();
        builder.prefix(PREFIX).suffix(SUFFIX).rand_bytes(RANDOM);
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

/// A directory of temporary files in the system's temporary directory (`TMPDIR`), locked and
/// registered as a [`Temporary`] is; removed with its content when dropped.
pub struct Scratch {
    dir: Option<tempfile::TempDir>,
    _lock: File,
    _registered: Registered,
}

impl Scratch {
    /// A scratch directory in the system's temporary directory.
    pub fn create() -> io::Result<Scratch> {
        Scratch::create_in(&std::env::temp_dir())
    }

    /// A scratch directory in `parent` (an output directory written whole: see
    /// [`Scratch::persist`]).
    pub fn create_in(parent: &Path) -> io::Result<Scratch> {
        sweep(parent);
        watch_signals();
        let mut builder = tempfile::Builder::new();
        builder.prefix(PREFIX).suffix(SUFFIX).rand_bytes(RANDOM);
        // As for a Temporary: one swept between its making and its locking is made again.
        for _ in 0..8 {
            let listing = live();
            let dir = builder.tempdir_in(parent)?;
            let registered = Registered::new(listing, dir.path());
            let lock = match File::open(dir.path()) {
                Ok(lock) => lock,
                // Swept by another run before it was opened: make another.
                Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
                Err(e) => return Err(e),
            };
            let _ = lock.lock();
            if same_file(&lock, dir.path()) {
                return Ok(Scratch {
                    dir: Some(dir),
                    _lock: lock,
                    _registered: registered,
                });
            }
        }
        Err(io::Error::other("temporary directories keep disappearing"))
    }

    pub fn path(&self) -> &Path {
        self.dir.as_ref().expect("held until dropped").path()
    }

    /// Renames the directory, complete, to `target` (which does not exist or is an empty
    /// directory); if it cannot be, the directory is removed.
    pub fn persist(mut self, target: &Path) -> io::Result<()> {
        let Some(dir) = self.dir.take() else {
            return Ok(());
        };
        let path = dir.keep();
        fs::rename(&path, target).map_err(|e| {
            let _ = fs::remove_dir_all(&path);
            without_path(e)
        })
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        // Removed while still locked and listed (the fields after this one are dropped later).
        if let Some(dir) = self.dir.take() {
            let _ = dir.close();
        }
    }
}

/// Whether `name` is one pdnkit gives its temporaries.
fn is_temporary_name(name: &str) -> bool {
    name.strip_prefix(PREFIX)
        .and_then(|rest| rest.strip_suffix(SUFFIX))
        .is_some_and(|random| {
            random.len() == RANDOM && random.bytes().all(|b| b.is_ascii_alphanumeric())
        })
}

/// [`sweep`]s `dir` the first time this run makes a temporary there: a run writing many
/// files into one directory (`split`) reads it once, not once a file.
fn sweep_once(dir: &Path) {
    static SWEPT: Mutex<Option<HashSet<PathBuf>>> = Mutex::new(None);
    let mut swept = SWEPT
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if swept.get_or_insert_default().insert(dir.to_path_buf()) {
        sweep(dir);
    }
}

/// Removes the temporaries in `dir`, files and directories, that no live run holds (their
/// lock is free).
pub fn sweep(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        if !name.to_str().is_some_and(is_temporary_name) {
            continue;
        }
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if !kind.is_file() && !kind.is_dir() {
            continue;
        }
        let path = entry.path();
        let Ok(file) = File::open(&path) else {
            continue;
        };
        if file.try_lock().is_ok() {
            let _ = if kind.is_dir() {
                fs::remove_dir_all(&path)
            } else {
                fs::remove_file(&path)
            };
        }
    }
}

/// Removes a live temporary, file or directory.
fn remove(path: &Path) {
    if fs::remove_file(path).is_err() {
        let _ = fs::remove_dir_all(path);
    }
}

/// The signals that end a process by default and can be caught: on each, the live
/// temporaries are removed and the process ends as the signal would have ended it. (SIGPIPE is
/// ignored by the Rust runtime: a closed pipe is a write error.)
#[cfg(unix)]
const ENDING: [i32; 10] = {
    use signal_hook::consts::*;
    [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
    ]
};

/// Starts, once, a thread that waits for the [`ENDING`] signals, removes the live
/// temporaries, and ends the process as the signal would have. If no thread can be made, the
/// signals keep their default action (and a leftover is removed by the next run).
#[cfg(unix)]
fn watch_signals() {
    static WATCHING: Once = Once::new();
    WATCHING.call_once(|| {
        let Ok(mut signals) = signal_hook::iterator::Signals::new(ENDING) else {
            return;
        };
        // On failure the closure, and with it the handlers, are dropped.
        let _ = std::thread::Builder::new()
            .name("signals".to_string())
            .spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    for path in live().iter() {
                        remove(path);
                    }
                    let _ = signal_hook::low_level::emulate_default_handler(signal);
                    std::process::exit(128 + signal);
                }
            });
    });
}

#[cfg(not(unix))]
fn watch_signals() {}

/// A write past the file size limit (`ulimit -f`) fails with EFBIG instead of ending the
/// process with SIGXFSZ, so that the run reports it and removes its temporaries as on any
/// write error. Called once, at the start of the run.
#[cfg(unix)]
pub fn fail_writes_past_the_size_limit() {
    let caught = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let _ = signal_hook::flag::register(signal_hook::consts::SIGXFSZ, caught);
}

#[cfg(not(unix))]
pub fn fail_writes_past_the_size_limit() {}
