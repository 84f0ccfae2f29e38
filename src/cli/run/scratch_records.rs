//! Records a run keeps for after its one reading of the inputs, in a file of its scratch
//! directory ([`crate::cli::run::output::Scratch`]), read back once, in the order written: each a kind,
//! a number and bytes.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, Write};
use std::path::Path;

/// A file of records being written.
pub struct Records {
    file: BufWriter<File>,
}

impl Records {
    /// A new file `name` in `dir` (a scratch directory).
    pub fn create(dir: &Path, name: &str) -> io::Result<Records> {
        let file = File::options()
            .read(true)
            .write(true)
            .create_new(true)
            .open(dir.join(name))?;
        Ok(Records {
            file: BufWriter::with_capacity(1 << 16, file),
        })
    }

    /// Appends a record.
    pub fn push(&mut self, kind: u8, number: u32, bytes: &[u8]) -> io::Result<()> {
        let len = u32::try_from(bytes.len()).map_err(|_| io::Error::other("record too long"))?;
        self.file.write_all(&[kind])?;
        self.file.write_all(&number.to_le_bytes())?;
        self.file.write_all(&len.to_le_bytes())?;
        self.file.write_all(bytes)
    }

    /// The records written, to be read from the first.
    pub fn read_back(self) -> io::Result<RecordsRead> {
        let mut file = self
            .file
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?;
        file.rewind()?;
        Ok(RecordsRead {
            file: BufReader::with_capacity(1 << 16, file),
            bytes: Vec::new(),
        })
    }
}

/// The records of a file, read in order.
pub struct RecordsRead {
    file: BufReader<File>,
    bytes: Vec<u8>,
}

impl RecordsRead {
    /// The next record (kind, number, bytes), or None after the last.
    pub fn next_record(&mut self) -> io::Result<Option<(u8, u32, &[u8])>> {
        let mut head = [0u8; 9];
        match self.file.read_exact(&mut head[..1]) {
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
            read => read?,
        }
        self.file.read_exact(&mut head[1..])?;
        let [kind, n0, n1, n2, n3, l0, l1, l2, l3] = head;
        let len = u32::from_le_bytes([l0, l1, l2, l3]) as usize;
        self.bytes.clear();
        self.bytes.resize(len, 0);
        self.file.read_exact(&mut self.bytes)?;
        Ok(Some((
            kind,
            u32::from_le_bytes([n0, n1, n2, n3]),
            &self.bytes,
        )))
    }
}
