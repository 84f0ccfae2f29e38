//! The choices that apply to every game of a validation run.

use crate::diagnostic::levels::Levels;
use crate::pdn::location::ColumnUnit;
use crate::rules::variant::Variant;

/// Choices that apply to every game of a run.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The game type of games without a GameType tag, when detection is off or cannot tell.
    pub default_variant: Variant,
    /// Read a game without a GameType tag on the board its FEN, squares and moves fit
    /// (module `detect`); off, such a game is read as [`Self::default_variant`].
    pub detect_game_type: bool,
    /// The board of the file's games without a GameType tag that fit both boards, when the
    /// file's first games decided one (module `file_board`, set for each input as it is
    /// opened); None: [`Self::default_variant`].
    pub file_variant: Option<Variant>,
    /// Deviations from the standard (warnings) become errors.
    pub strict: bool,
    /// Severities given per code (they beat `strict`).
    pub levels: Levels,
    /// Columns in messages count bytes (single-byte code pages) or UTF-8 characters.
    pub column_unit: ColumnUnit,
    /// Read and check the syntax only; replay nothing.
    pub syntax_only: bool,
    /// Keep the tags in the reports ([`super::GameReport::tags`](super::GameReport::tags), values decoded); without them a
    /// report costs no allocation per tag.
    pub keep_tags: bool,
    /// With [`Self::keep_tags`], the names of the tags kept (each as often as it stands, in
    /// file order); None: every tag. A reader of a few tags decodes no other value.
    pub tags_named: Option<&'static [&'static str]>,
    /// Keep the replayed main line in the reports ([`super::GameReport::moves`](super::GameReport::moves), each move with the
    /// positions before and after it); without it a report holds what replay found
    /// (diagnostics, result, end, number of plies) and costs no allocation per move.
    pub keep_moves: bool,
    /// Count the replayed main line in the reports ([`super::report::MoveTally`]: captures,
    /// promotions, the first capture of the most pieces, the first plies, the last
    /// position) as it is played, whether or not its moves are kept: what statistics read,
    /// without a record per move.
    pub tally_moves: bool,
    /// Hand each game's movetext tokens, as the scan read them, to the job
    /// ([`super::ReadGame`]), so that what writes the game's text as written (canonical PDN)
    /// does not read its bytes again; without it a game costs no copy of its tokens.
    pub keep_tokens: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            default_variant: Variant::Spantsiretti,
            detect_game_type: true,
            file_variant: None,
            strict: false,
            levels: Levels::default(),
            column_unit: ColumnUnit::Utf8Chars,
            syntax_only: false,
            keep_tags: true,
            tags_named: None,
            keep_moves: true,
            tally_moves: false,
            keep_tokens: false,
        }
    }
}

/// What a workflow needs of each game beyond its bytes. Each part costs: replay is most of
/// the time of a reading (a syntax check alone reads about twice as fast), and tags and
/// moves kept cost allocations per tag and per move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Needs {
    /// The moves replayed: validity, diagnostics of the rules, game type, end of the game,
    /// number of plies. Without it a report holds what a syntax check finds (syntax
    /// diagnostics, the declared result).
    pub replay: bool,
    /// The tags, values decoded ([`super::GameReport::tags`]).
    pub tags: bool,
    /// The replayed main line with its positions ([`super::GameReport::moves`], [`super::GameReport::start`]);
    /// implies `replay`.
    pub moves: bool,
    /// The movetext's tokens as read ([`Options::keep_tokens`]): canonical PDN is written
    /// from them.
    pub tokens: bool,
}

impl Needs {
    /// The bytes of each game only (and what a syntax check finds).
    pub const BYTES: Needs = Needs {
        replay: false,
        tags: false,
        moves: false,
        tokens: false,
    };
    /// The replay, the tags and the moves: JSON is written from them.
    pub const ALL: Needs = Needs {
        replay: true,
        tags: true,
        moves: true,
        tokens: false,
    };
    /// What canonical PDN is written from: [`Needs::ALL`] and the tokens.
    pub const CANONICAL: Needs = Needs {
        tokens: true,
        ..Needs::ALL
    };

    /// What either needs.
    pub fn and(self, other: Needs) -> Needs {
        Needs {
            replay: self.replay || other.replay,
            tags: self.tags || other.tags,
            moves: self.moves || other.moves,
            tokens: self.tokens || other.tokens,
        }
    }

    /// `options` reading no more than this.
    pub fn options(self, options: &Options) -> Options {
        Options {
            syntax_only: !(self.replay || self.moves),
            keep_tags: self.tags,
            keep_moves: self.moves,
            keep_tokens: self.tokens,
            ..*options
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (syntax only, tags kept, moves kept) of the options `needs` reads with.
    fn read_with(needs: Needs) -> (bool, bool, bool) {
        let o = needs.options(&Options::default());
        (o.syntax_only, o.keep_tags, o.keep_moves)
    }

    #[test]
    fn options_read_no_more_than_needed() {
        assert_eq!(read_with(Needs::BYTES), (true, false, false));
        assert_eq!(read_with(Needs::ALL), (false, true, true));
        let tags = Needs {
            tags: true,
            ..Needs::BYTES
        };
        assert_eq!(read_with(tags), (true, true, false));
        let replay = Needs {
            replay: true,
            ..Needs::BYTES
        };
        assert_eq!(read_with(replay), (false, false, false));
        // Moves are kept from a replay.
        let moves = Needs {
            moves: true,
            ..Needs::BYTES
        };
        assert_eq!(read_with(moves), (false, false, true));
        assert_eq!(
            tags.and(moves),
            Needs {
                replay: false,
                tags: true,
                moves: true,
                tokens: false,
            }
        );
    }
}
