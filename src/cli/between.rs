//! The text between the games of the inputs (a comment preamble, comments after a game), read
//! again from each file: the reader of games skips it. Canonical PDN and merged archives keep
//! it as paragraphs between the games.

use super::archive::Inputs;
use super::inputs::Input;
use pdnkit::convert::comments_between;
use pdnkit::encoding::TextEncoding;
use pdnkit::pdn::limits::MAX_GAME_BYTES;
use pdnkit::validate::ReadGame;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};

/// The text between games of every input, asked for game by game in reading order.
pub struct Gaps<'a> {
    list: &'a [Input],
    /// The input being read, by index.
    current: Option<(usize, Between)>,
}

/// What stands before a game.
#[derive(Default)]
pub struct Before {
    /// The text after the last game of the inputs before (when the game is the first of its
    /// input).
    pub after_last: String,
    /// The text between the game before (or the start of the input) and this one.
    pub before: String,
}

impl Gaps<'_> {
    /// The inputs must be [`Inputs::rereadable`] for standard input to keep its text.
    pub fn new(inputs: &Inputs) -> Gaps<'_> {
        Gaps {
            list: inputs.list(),
            current: None,
        }
    }

    /// The text before `game` of input `index`.
    pub fn before(&mut self, index: usize, game: &ReadGame<'_>) -> Before {
        let mut after_last = String::new();
        if self.current.as_ref().is_none_or(|(i, _)| *i != index) {
            after_last = self.rest();
            let between = self
                .list
                .get(index)
                .map_or_else(Between::none, Between::open);
            self.current = Some((index, between));
        }
        let before = match self.current.as_mut() {
            Some((_, between)) => between.before(game.offset, game.bytes.len(), game.encoding),
            None => String::new(),
        };
        Before { after_last, before }
    }

    /// The text after the last game of the input being read.
    pub fn rest(&mut self) -> String {
        self.current
            .take()
            .map(|(_, mut between)| between.rest())
            .unwrap_or_default()
    }
}

/// The text between the games of one input.
struct Between {
    /// None for an input that is not a regular file (it cannot be read again).
    file: Option<File>,
    /// End of the last game.
    end: u64,
    encoding: TextEncoding,
}

impl Between {
    fn none() -> Between {
        Between {
            file: None,
            end: 0,
            encoding: TextEncoding::Utf8,
        }
    }

    fn open(input: &Input) -> Between {
        let file = match input {
            Input::File(path) => File::open(path)
                .ok()
                .filter(|f| f.metadata().is_ok_and(|m| m.is_file())),
            _ => None,
        };
        Between {
            file,
            ..Between::none()
        }
    }

    /// The comments before the game at `offset`, `len` bytes long.
    fn before(&mut self, offset: u64, len: usize, encoding: TextEncoding) -> String {
        self.encoding = encoding;
        let text = self.read(offset);
        self.end = offset + len as u64;
        text
    }

    /// The comments after the last game.
    fn rest(&mut self) -> String {
        self.read(u64::MAX)
    }

    /// The comments from the end of the last game to `to` (at most [`MAX_GAME_BYTES`] of
    /// text: more is no text between games, and is left out).
    fn read(&mut self, to: u64) -> String {
        let Some(file) = self.file.as_mut() else {
            return String::new();
        };
        let len = to.saturating_sub(self.end).min(MAX_GAME_BYTES as u64);
        let mut bytes = Vec::new();
        let read = file
            .seek(SeekFrom::Start(self.end))
            .and_then(|_| file.take(len).read_to_end(&mut bytes));
        match read {
            Ok(_) => comments_between(&bytes, self.encoding),
            Err(_) => String::new(),
        }
    }
}
