//! An open document of `pdnkit lsp`: its text, where its lines start, its games as the one
//! reader checked them, and the reports kept by the text of each game ([`Memo`]), so that an
//! edit costs the check of the games edited only.

use crate::check::{GameReport, Known, Options, ReadGame, read};
use crate::cli::args::{CommonArgs, Config};
use crate::cli::config;
use crate::cli::stderr::fold::FileNotes;
use crate::diagnostic::Diagnostic;
use crate::pdn::RawGame;
use crate::rules::variant::Variant;
use crate::text::encoding::TextEncoding;
use crate::write::PdnOptions;
use lsp_types::{Position, Uri};
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::PathBuf;

/// How a document is read and formatted: as `validate` and `fmt` would read the file, with
/// the pdnkit.toml found from its directory up.
pub struct Setup {
    pub config: Config,
    /// The options of `fmt`.
    pub pdn: PdnOptions,
    /// The document's name in messages: its path, or its URI when it is not a file.
    pub name: String,
}

impl Setup {
    /// The set-up of the document at `uri`, and what is wrong with its pdnkit.toml if
    /// something is (then it is read without one).
    pub fn of(uri: &Uri) -> (Setup, Option<String>) {
        let path = file_path(uri);
        let found = path
            .as_ref()
            .and_then(|p| p.parent())
            .and_then(config::find);
        let name = path.map_or_else(|| uri.as_str().to_string(), |p| p.display().to_string());
        match Setup::with(found, &name) {
            Ok(setup) => (setup, None),
            Err(why) => {
                let setup = Setup::with(None, &name).expect("the defaults are valid");
                (setup, Some(why))
            }
        }
    }

    fn with(config_file: Option<PathBuf>, name: &str) -> Result<Setup, String> {
        let mut config = CommonArgs::of_config_file(config_file).config()?;
        // An editor's text is UTF-8 whatever the file's encoding on disk.
        config.encoding = Some(TextEncoding::Utf8);
        config.quiet = true;
        let pdn = crate::cli::cmd::fmt::options(&Default::default(), &config)?;
        Ok(Setup {
            config,
            pdn,
            name: name.to_string(),
        })
    }
}

/// The local path of a `file:` URI (its path percent-decoded), None for any other.
fn file_path(uri: &Uri) -> Option<PathBuf> {
    if !uri
        .scheme()
        .is_some_and(|s| s.as_str().eq_ignore_ascii_case("file"))
    {
        return None;
    }
    let decoded = uri.path().as_estr().decode().into_string().ok()?;
    Some(PathBuf::from(decoded.into_owned()))
}

/// An open document.
pub struct Document {
    pub text: String,
    pub lines: Lines,
    /// Every game, checked, in document order.
    pub games: Vec<ReadGame<'static>>,
    /// The games (1-based numbers) the last reading checked; the others were known.
    pub checked: Vec<usize>,
    memo: Memo,
}

impl Document {
    pub fn new(text: String, setup: &Setup) -> Document {
        let mut document = Document {
            text: String::new(),
            lines: Lines::new(""),
            games: Vec::new(),
            checked: Vec::new(),
            memo: Memo::default(),
        };
        document.change(text, setup);
        document
    }

    /// The whole text is now `text`: its games read again, those whose text is known not
    /// checked again.
    pub fn change(&mut self, text: String, setup: &Setup) {
        self.lines = Lines::new(&text);
        let o: &Options = &setup.config.options;
        let reader = read(text.as_bytes())
            .encoding(TextEncoding::Utf8)
            .variant(o.default_variant)
            .detect_variant(o.detect_game_type)
            .strict(o.strict)
            .levels(o.levels);
        let mut games = Vec::new();
        // A document in memory cannot fail to be read; a game that could not would be
        // missing, and the next edit reads it again.
        let _ = reader.each_reusing(&mut self.memo, |game| games.push(game));
        self.checked = self.memo.finish();
        self.games = games;
        self.text = text;
    }

    /// The diagnostics of the document as `validate` gives them: each game's, then the
    /// notes told once for the file (with the game each is about, 0 for the file).
    pub fn diagnostics(&self) -> Vec<(usize, Diagnostic)> {
        let mut notes = FileNotes::default();
        let mut all = Vec::new();
        for game in &self.games {
            let mut report = game.report.clone();
            notes.take(&mut report);
            all.extend(report.diagnostics.into_iter().map(|d| (report.index, d)));
        }
        all.extend(notes.notes().map(|d| (0, d)));
        all
    }

    /// The game whose text holds byte `offset`.
    pub fn game_at(&self, offset: u64) -> Option<&ReadGame<'static>> {
        let after = self.games.partition_point(|g| g.offset <= offset);
        let game = self.games.get(after.checked_sub(1)?)?;
        (offset <= game.end_offset()).then_some(game)
    }
}

/// A report kept for the text of a game, with where the game was.
struct Kept {
    bytes: Box<[u8]>,
    /// Its hole ([`hole_of`]).
    hole: Option<(u64, u64, u64)>,
    column: u32,
    offset: u64,
    report: GameReport,
}

/// The reports of a document's games by the hash of their text, for
/// [`crate::check::Reader::each_reusing`]: those of the last reading, and those of this one.
#[derive(Default)]
struct Memo {
    last: HashMap<u64, Vec<Kept>>,
    now: HashMap<u64, Vec<Kept>>,
    /// The board of the file's untagged games (the options' `file_variant`) the kept
    /// reports were checked with: when it changes, none of them holds.
    file_variant: Option<Variant>,
    checked: Vec<usize>,
}

/// Where the hole of `raw` (see [`crate::pdn::Hole`]) is from its start, its length and
/// characters: two games with the same bytes are the same text only with the same hole.
fn hole_of(raw: &RawGame<'_>) -> Option<(u64, u64, u64)> {
    raw.hole
        .map(|hole| (hole.at - raw.offset, hole.len, hole.chars))
}

fn text_hash(bytes: &[u8]) -> u64 {
    let mut hasher = DefaultHasher::new();
    bytes.hash(&mut hasher);
    hasher.finish()
}

impl Memo {
    /// This reading is done: its reports are those kept for the next; the games it checked.
    fn finish(&mut self) -> Vec<usize> {
        self.last = std::mem::take(&mut self.now);
        std::mem::take(&mut self.checked)
    }

    fn keep(&mut self, hash: u64, raw: &RawGame<'_>, report: GameReport) {
        self.now.entry(hash).or_default().push(Kept {
            bytes: raw.bytes.into(),
            hole: hole_of(raw),
            column: raw.column,
            offset: raw.offset,
            report,
        });
    }
}

impl Known for Memo {
    fn known(&mut self, raw: &RawGame<'_>, options: &Options) -> Option<GameReport> {
        if options.file_variant != self.file_variant {
            self.file_variant = options.file_variant;
            self.last.clear();
            return None;
        }
        let hash = text_hash(raw.bytes);
        let same =
            |k: &&Kept| *k.bytes == *raw.bytes && k.hole == hole_of(raw) && k.column == raw.column;
        let kept = [&self.last, &self.now]
            .into_iter()
            .find_map(|kept| kept.get(&hash)?.iter().find(same))?;
        let from = (kept.offset, kept.report.line);
        let report = kept.report.moved(raw.index, from, (raw.offset, raw.line));
        self.keep(hash, raw, report.clone());
        Some(report)
    }

    fn checked(&mut self, raw: &RawGame<'_>, report: &GameReport) {
        self.checked.push(raw.index);
        self.keep(text_hash(raw.bytes), raw, report.clone());
    }
}

/// Where the lines of a text start, to turn byte offsets into the protocol's positions
/// (lines from 0, characters in UTF-16 code units) and back. Line breaks are `\n`, `\r\n`
/// and a lone `\r`, as for the reader and the protocol.
pub struct Lines {
    starts: Vec<usize>,
}

impl Lines {
    pub fn new(text: &str) -> Lines {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        for (i, &b) in bytes.iter().enumerate() {
            let ends = b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
            if ends {
                starts.push(i + 1);
            }
        }
        Lines { starts }
    }

    /// The position of byte `offset` of `text` (clamped to the text; inside a character:
    /// that character's start).
    pub fn position(&self, text: &str, offset: u64) -> Position {
        let mut at = usize::try_from(offset)
            .unwrap_or(usize::MAX)
            .min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= at) - 1;
        let start = self.starts[line];
        let character: usize = text[start..at].chars().map(char::len_utf16).sum();
        let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Position::new(clamp(line), clamp(character))
    }

    /// The byte offset of `position` in `text` (past the end of its line: the line's end).
    pub fn offset(&self, text: &str, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return text.len();
        };
        let end = self
            .starts
            .get(position.line as usize + 1)
            .copied()
            .unwrap_or(text.len());
        let mut units = 0usize;
        for (i, c) in text[start..end].char_indices() {
            if units >= position.character as usize || c == '\n' || c == '\r' {
                return start + i;
            }
            units += c.len_utf16();
        }
        end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units_from_line_starts() {
        // "ж" is 2 bytes and 1 UTF-16 unit; "𝄞" is 4 bytes and 2 units.
        let text = "ab\r\nжx\r𝄞y\nz";
        let lines = Lines::new(text);
        let at = |offset| {
            let p = lines.position(text, offset);
            (p.line, p.character)
        };
        assert_eq!(at(1), (0, 1));
        assert_eq!(at(4), (1, 0));
        assert_eq!(at(6), (1, 1)); // 'x', after "ж"
        assert_eq!(at(5), (1, 0)); // inside "ж": its start
        assert_eq!(at(8), (2, 0));
        assert_eq!(at(12), (2, 2)); // 'y', after "𝄞"
        assert_eq!(at(14), (3, 0));
        for offset in [0, 1, 4, 6, 8, 12, 14, 15] {
            assert_eq!(
                lines.offset(text, lines.position(text, offset)) as u64,
                offset
            );
        }
        // Past a line's end: the end of the line, before its break.
        assert_eq!(lines.offset(text, Position::new(0, 40)), 2);
        assert_eq!(lines.offset(text, Position::new(9, 0)), text.len());
    }
}
