//! The one way pdnkit writes its output, to standard output or to a file (`convert -o`,
//! `show --svg`, reports), with one set of rules:
//!
//! - `-` (or no path) is standard output;
//! - an input is never written over: not by its path, not through a link, not as standard
//!   input (`convert - -o X < X`), and not as standard output (`validate a.pdn >> a.pdn`);
//!   a character device (`/dev/null`) may be both;
//! - a regular file is replaced atomically: the output goes to a temporary file in the same
//!   directory, renamed over the target once complete, so the target holds the old content
//!   or the whole new one, never a part; the mode (and, where allowed, the owner) of the file
//!   it replaces is kept; a symbolic link is written through (its target is replaced); a
//!   dangling link or a directory is refused;
//! - anything else that exists (a device, a FIFO) is written directly, never replaced;
//! - messages name the target as given, never the temporary file.
//!
//! Temporary files are named `.pdnkit-XXXXXX.tmp`, locked while in use, removed when the run
//! fails, is ended by a signal (SIGINT, SIGTERM, SIGHUP and the others that end a process)
//! or drops the output; a leftover of a killed run (SIGKILL) is unlocked, and the next run
//! writing into that directory removes it ([`cleanup`], which also makes the scratch
//! directories of large sorts).
//!
//! Use: [`Output::open`] before reading any input (so that a refusal costs nothing), write,
//! then [`Output::commit`]; dropping an `Output` without committing leaves the target as it
//! was. [`write_whole`] does all three for output that is already in memory.

mod cleanup;

pub use cleanup::{Scratch, fail_writes_past_the_size_limit, sweep};

use crate::cli::run::exit::EXIT_FAILURE;
use crate::cli::run::inputs::Input;
use crate::text::escape;
use std::fs::{self, File};
use std::io::{self, BufWriter, IoSlice, Write};
use std::path::{Path, PathBuf};

/// The buffer of every output; a write at least as large goes straight through it.
pub const WRITE_BUFFER: usize = 64 << 10;

/// What the inputs of a run are, as files: the output must not be one of them.
#[derive(Default)]
pub struct Sources {
    files: Vec<Identity>,
}

impl Sources {
    pub fn of_inputs(inputs: &[Input]) -> Sources {
        let mut sources = Sources::default();
        for input in inputs {
            match input {
                Input::Stdin => sources.add_stdin(),
                Input::File(path) => sources.add_path(path),
                Input::Broken(..) | Input::Text(..) => {}
            }
        }
        sources
    }

    /// One input named on the command line (`-` for standard input).
    pub fn of_path(path: &Path) -> Sources {
        let mut sources = Sources::default();
        if path.as_os_str() == "-" {
            sources.add_stdin();
        } else {
            sources.add_path(path);
        }
        sources
    }

    fn add_path(&mut self, path: &Path) {
        self.files
            .extend(fs::metadata(path).ok().as_ref().map(Identity::of));
    }

    fn add_stdin(&mut self) {
        self.files.extend(Identity::of_stdin());
    }

    /// Whether `meta` is one of the inputs (a character device never counts: reading and
    /// writing `/dev/null` at once harms nothing).
    fn hold(&self, meta: &fs::Metadata) -> bool {
        !is_char_device(meta) && self.files.contains(&Identity::of(meta))
    }
}

/// Which file a path or a descriptor is: device and inode.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Identity {
    device: u64,
    inode: u64,
}

impl Identity {
    #[cfg(unix)]
    fn of(meta: &fs::Metadata) -> Identity {
        use std::os::unix::fs::MetadataExt;
        Identity {
            device: meta.dev(),
            inode: meta.ino(),
        }
    }

    #[cfg(not(unix))]
    fn of(_meta: &fs::Metadata) -> Identity {
        Identity {
            device: 0,
            inode: 0,
        }
    }

    #[cfg(unix)]
    fn of_descriptor(fd: std::os::fd::BorrowedFd<'_>) -> Option<fs::Metadata> {
        let file = File::from(fd.try_clone_to_owned().ok()?);
        file.metadata().ok()
    }

    #[cfg(unix)]
    fn of_stdin() -> Option<Identity> {
        use std::os::fd::AsFd;
        Self::of_descriptor(io::stdin().as_fd()).map(|m| Identity::of(&m))
    }

    #[cfg(not(unix))]
    fn of_stdin() -> Option<Identity> {
        None
    }
}

#[cfg(unix)]
fn is_char_device(meta: &fs::Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    meta.file_type().is_char_device()
}

#[cfg(not(unix))]
fn is_char_device(_meta: &fs::Metadata) -> bool {
    false
}

/// Standard output's file, when it is a regular file (`> out` or `>> out`).
#[cfg(unix)]
fn stdout_file() -> Option<fs::Metadata> {
    use std::os::fd::AsFd;
    Identity::of_descriptor(io::stdout().as_fd()).filter(fs::Metadata::is_file)
}

#[cfg(not(unix))]
fn stdout_file() -> Option<fs::Metadata> {
    None
}

/// Where the bytes go.
enum Place {
    Stdout,
    /// A device or FIFO, written as it is.
    Direct,
    /// A temporary file, renamed over `target` by [`Output::commit`].
    Replace {
        temporary: cleanup::Temporary,
        target: PathBuf,
    },
}

enum Sink {
    Stdout(io::StdoutLock<'static>),
    File(File),
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Sink::Stdout(out) => out.write(buf),
            Sink::File(file) => file.write(buf),
        }
    }

    fn write_vectored(&mut self, bufs: &[IoSlice<'_>]) -> io::Result<usize> {
        match self {
            Sink::Stdout(out) => out.write_vectored(bufs),
            Sink::File(file) => file.write_vectored(bufs),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Stdout(out) => out.flush(),
            Sink::File(file) => file.flush(),
        }
    }
}

/// An output being written: buffered; every error names the target (as the user gave it),
/// and keeps its kind (a closed pipe stays [`io::ErrorKind::BrokenPipe`]).
pub struct Output {
    writer: BufWriter<Sink>,
    /// Pieces handed over whole ([`Output::write_owned`]), to be written as they are, after
    /// what `writer` holds (which is written out before a piece is taken).
    pieces: Vec<Vec<u8>>,
    pieces_len: usize,
    place: Place,
    name: String,
}

/// A piece handed over whole at least this large is not copied into the buffer: it waits
/// with the others, to be written with them in one call.
const WHOLE_PIECE: usize = 4 << 10;
/// The pieces waiting are written once they hold this many bytes, or are this many.
const PIECES_BYTES: usize = 2 * WRITE_BUFFER;
const PIECES: usize = 64;

/// Writes every byte of `pieces` to `out`, in order, in as few calls as it takes.
fn write_pieces(out: &mut dyn Write, pieces: &[Vec<u8>]) -> io::Result<()> {
    let mut slices: Vec<IoSlice<'_>> = pieces.iter().map(|p| IoSlice::new(p)).collect();
    let mut left = &mut slices[..];
    IoSlice::advance_slices(&mut left, 0);
    while !left.is_empty() {
        match out.write_vectored(left) {
            Ok(0) => return Err(io::Error::from(io::ErrorKind::WriteZero)),
            Ok(n) => IoSlice::advance_slices(&mut left, n),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// A refusal or failure before anything is written.
pub fn refuse(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

impl Output {
    /// Opens where the output goes: standard output for `None` or `-`, else `path`, by the
    /// rules of this module. Refuses an output that is one of `sources`.
    pub fn open(path: Option<&Path>, sources: &Sources) -> io::Result<Output> {
        match path.filter(|p| p.as_os_str() != "-") {
            None => Output::stdout(sources),
            Some(path) => Output::file(path, sources),
        }
    }

    fn stdout(sources: &Sources) -> io::Result<Output> {
        if stdout_file().is_some_and(|meta| sources.hold(&meta)) {
            return Err(refuse(
                "standard output is also an input; write to another file".to_string(),
            ));
        }
        Ok(Output {
            writer: BufWriter::with_capacity(WRITE_BUFFER, Sink::Stdout(io::stdout().lock())),
            pieces: Vec::new(),
            pieces_len: 0,
            place: Place::Stdout,
            name: "standard output".to_string(),
        })
    }

    fn file(path: &Path, sources: &Sources) -> io::Result<Output> {
        let name = escape::text(&escape::file_name(path)).into_owned();
        let link = fs::symlink_metadata(path).ok();
        let existing = match fs::metadata(path) {
            Ok(meta) => Some(meta),
            Err(_) if link.is_some() => {
                return Err(refuse(format!(
                    "output {name} is a symbolic link to a file that does not exist"
                )));
            }
            Err(_) => None,
        };
        let Some(meta) = existing else {
            return Output::replace(path.to_path_buf(), None, name);
        };
        if meta.is_dir() {
            return Err(refuse(format!("output {name} is a directory")));
        }
        if sources.hold(&meta) {
            return Err(refuse(format!(
                "output {name} is also an input; write to another file"
            )));
        }
        if !meta.is_file() {
            let file = fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|e| io::Error::new(e.kind(), format!("cannot open {name}: {e}")))?;
            return Ok(Output {
                writer: BufWriter::with_capacity(WRITE_BUFFER, Sink::File(file)),
                pieces: Vec::new(),
                pieces_len: 0,
                place: Place::Direct,
                name,
            });
        }
        // A symbolic link is written through: its target is replaced, the link stays.
        let target = if link.is_some_and(|l| l.file_type().is_symlink()) {
            fs::canonicalize(path)
                .map_err(|e| io::Error::new(e.kind(), format!("cannot open {name}: {e}")))?
        } else {
            path.to_path_buf()
        };
        Output::replace(target, Some(meta), name)
    }

    /// Writing through a temporary file next to `target`, which has `existing` metadata.
    fn replace(
        target: PathBuf,
        existing: Option<fs::Metadata>,
        name: String,
    ) -> io::Result<Output> {
        let dir = parent_to_write_in(&target, &name)?;
        let temporary = cleanup::Temporary::create(&dir, existing.as_ref())
            .map_err(|e| io::Error::new(e.kind(), format!("cannot create {name}: {e}")))?;
        let file = temporary
            .file()
            .try_clone()
            .map_err(|e| io::Error::new(e.kind(), format!("cannot create {name}: {e}")))?;
        Ok(Output {
            writer: BufWriter::with_capacity(WRITE_BUFFER, Sink::File(file)),
            pieces: Vec::new(),
            pieces_len: 0,
            place: Place::Replace { temporary, target },
            name,
        })
    }

    /// Whether this is standard output.
    pub fn is_stdout(&self) -> bool {
        matches!(self.place, Place::Stdout)
    }

    fn context(&self, e: io::Error) -> io::Error {
        io::Error::new(e.kind(), format!("cannot write {}: {e}", self.name))
    }

    /// Writes `piece`, handed over whole: a large one is not copied but written as it is,
    /// with the pieces before and after it, in one call (the thread that writes the output
    /// of every worker then does not copy it).
    pub fn write_owned(&mut self, piece: Vec<u8>) -> io::Result<()> {
        if piece.len() < WHOLE_PIECE {
            return self.write_all(&piece);
        }
        if !self.writer.buffer().is_empty() {
            self.writer.flush().map_err(|e| self.context(e))?;
        }
        self.pieces_len += piece.len();
        self.pieces.push(piece);
        if self.pieces_len >= PIECES_BYTES || self.pieces.len() >= PIECES {
            self.write_out_pieces()?;
        }
        Ok(())
    }

    /// Writes out the pieces waiting.
    fn write_out_pieces(&mut self) -> io::Result<()> {
        if self.pieces.is_empty() {
            return Ok(());
        }
        let written = write_pieces(self.writer.get_mut(), &self.pieces);
        self.pieces.clear();
        self.pieces_len = 0;
        written.map_err(|e| self.context(e))
    }

    /// Puts the complete output in place: flushes it, and renames a temporary file over its
    /// target.
    /// Puts the output in place, unless `unreadable` inputs could not be read: then a file
    /// target is left as it was and the message says so (one rule for every writer: a
    /// partial result never takes the place of a file). Standard output, a device or a FIFO
    /// has had its bytes as they came. Whether the output was put in place.
    pub fn commit_if_read(self, unreadable: usize) -> io::Result<bool> {
        if unreadable == 0 {
            return self.commit().map(|()| true);
        }
        self.abandon();
        Ok(false)
    }

    /// Leaves a file target as it was, because an input could not be read, and says so.
    pub fn abandon(self) {
        if matches!(self.place, Place::Replace { .. }) {
            tell_error(&format!(
                "{} not written: an input could not be read",
                self.name
            ));
        }
    }

    pub fn commit(mut self) -> io::Result<()> {
        self.write_out_pieces()?;
        if let Err(e) = self.writer.flush() {
            return Err(self.context(e));
        }
        let place = std::mem::replace(&mut self.place, Place::Stdout);
        match place {
            Place::Stdout | Place::Direct => Ok(()),
            Place::Replace { temporary, target } => {
                temporary.persist(&target).map_err(|e| self.context(e))
            }
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_out_pieces()?;
        self.writer.write(buf).map_err(|e| self.context(e))
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.write_out_pieces()?;
        self.writer.write_all(buf).map_err(|e| self.context(e))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.write_out_pieces()?;
        self.writer.flush().map_err(|e| self.context(e))
    }
}

/// What was handed over is written out, as the buffer writes what it holds when dropped
/// (standard output keeps what came before a run stops).
impl Drop for Output {
    fn drop(&mut self) {
        let _ = self.write_out_pieces();
    }
}

/// Writes `bytes` to `path` (standard output for `None` or `-`) and puts them in place.
pub fn write_whole(path: Option<&Path>, sources: &Sources, bytes: &[u8]) -> io::Result<()> {
    let mut output = Output::open(path, sources)?;
    output.write_all(bytes)?;
    output.commit()
}

/// Says `pdnkit: error: message` on standard error, escaped ([`escape::text`]). A failing
/// standard error is ignored: there is nowhere else to say anything.
pub fn tell_error(message: &str) {
    tell("error", message);
}

/// Says `pdnkit: error: message` and gives the exit code of a usage error or an input that
/// cannot be read: the end of a run refused before any game is read.
pub fn refused(message: &str) -> io::Result<u8> {
    tell_error(message);
    Ok(EXIT_FAILURE)
}

/// Says `pdnkit: note: message` on standard error, as [`tell_error`].
pub fn tell_note(message: &str) {
    tell("note", message);
}

/// Says `pdnkit: {level}: message` on standard error, as [`tell_error`].
pub fn tell(level: &str, message: &str) {
    let _ = writeln!(io::stderr(), "pdnkit: {level}: {}", escape::text(message));
}

/// The directory `target` (shown as `name`) is to be made in, where its temporary goes: its
/// parent, or the current directory; refused if it is not a directory.
pub fn parent_to_write_in(target: &Path, name: &str) -> io::Result<PathBuf> {
    let dir = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !dir.is_dir() {
        let shown = escape::text(&escape::file_name(&dir)).into_owned();
        return Err(refuse(format!(
            "cannot create {name}: directory {shown} does not exist"
        )));
    }
    Ok(dir)
}
