//! Per-code levels (`--allow`, `--warn`, `--deny CODE`, `[levels]` in pdnkit.toml): the
//! severity a diagnostic code is reported with, in place of its own.
//!
//! `allow` drops the diagnostic, `warn` makes it a warning, `deny` an error. A level given
//! for a code beats `--strict`, which only raises the warnings of codes without one.
//!
//! The codes are those of [`code::ALL`] and the names of the `syntax` findings (the name a
//! message prints in parentheses, `unquoted-tag-value`): a level for a name beats one for
//! `syntax`. A finding that means a move, a game or a file could not be read or checked
//! ([`code::UNCHECKED`], a syntax error) cannot be lowered below an error: `allow` or `warn`
//! for its code (or for `syntax`, which holds such errors) is refused, so that no level
//! makes an unchecked game pass.

use super::code;
use crate::pdn::error::SyntaxErrorKind;
use crate::pdn::severity::Severity;
use std::fmt;

/// The level of a diagnostic code.
///
/// ```
/// use pdnkit::{diagnostic::Level, pdn::Severity};
///
/// assert_eq!(Level::parse("warn"), Some(Level::Warn));
/// assert_eq!(Level::Warn.severity(), Some(Severity::Warning));
/// assert_eq!(Level::Deny.severity(), Some(Severity::Error));
/// assert_eq!(Level::Allow.severity(), None); // dropped
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Its diagnostics are dropped.
    Allow,
    /// Its diagnostics are warnings.
    Warn,
    /// Its diagnostics are errors.
    Deny,
}

impl Level {
    /// Every level.
    pub const ALL: [Level; 3] = [Level::Allow, Level::Warn, Level::Deny];

    /// `allow`, `warn` or `deny`, as written on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Level::Allow => "allow",
            Level::Warn => "warn",
            Level::Deny => "deny",
        }
    }

    /// The level of a name [`Level::name`] gives.
    pub fn parse(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The severity a diagnostic gets; None: it is dropped.
    pub fn severity(self) -> Option<Severity> {
        match self {
            Level::Allow => None,
            Level::Warn => Some(Severity::Warning),
            Level::Deny => Some(Severity::Error),
        }
    }
}

/// How many names take a level: the codes, the syntax findings, `too-deep`.
const NAMES: usize = code::ALL.len() + SyntaxErrorKind::NAMES.len() + 1;

/// Every name that takes a level, in the order of [`NAMES`].
fn names() -> impl Iterator<Item = &'static str> {
    code::ALL
        .into_iter()
        .chain(SyntaxErrorKind::NAMES.iter().map(|(name, _)| *name))
        .chain([code::TOO_DEEP])
}

/// The names of the `syntax` findings that no level can lower (syntax errors).
fn unreadable() -> impl Iterator<Item = &'static str> {
    SyntaxErrorKind::NAMES
        .iter()
        .filter(|(_, s)| *s == Severity::Error)
        .map(|(name, _)| *name)
}

/// The names of the `syntax` findings that a level can lower (tolerated deviations).
fn tolerated() -> impl Iterator<Item = &'static str> {
    SyntaxErrorKind::NAMES
        .iter()
        .filter(|(_, s)| *s == Severity::Warning)
        .map(|(name, _)| *name)
        .chain([code::TOO_DEEP])
}

/// The codes and names as listed in help and refusals: the codes, then the names of the
/// `syntax` findings in parentheses.
pub fn listing() -> String {
    let syntax: Vec<&str> = SyntaxErrorKind::NAMES
        .iter()
        .map(|(name, _)| *name)
        .chain([code::TOO_DEEP])
        .collect();
    format!(
        "{} (syntax findings by name: {})",
        code::ALL.join(", "),
        syntax.join(", ")
    )
}

/// A level for some of the codes; small and `Copy`, held by the options.
///
/// ```
/// use pdnkit::diagnostic::{Level, Levels};
///
/// // Move 2 numbered 3: a warning of the code move-number, unless that code is allowed.
/// let pdn = "[GameType \"25\"]\n1. c3-d4 f6-e5 3. d4:f6 g7:e5 *\n";
/// let codes = |levels: Levels| -> std::io::Result<Vec<&'static str>> {
///     let game = pdnkit::read(pdn.as_bytes()).levels(levels).games().next().expect("a game")?;
///     Ok(game.report.diagnostics.iter().map(|d| d.code()).collect())
/// };
/// assert_eq!(codes(Levels::default())?, ["move-number"]);
/// let mut levels = Levels::default();
/// levels.set("move-number", Level::Allow).expect("a code");
/// assert_eq!(levels.get("move-number"), Some(Level::Allow));
/// assert!(codes(levels)?.is_empty());
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Levels([Option<Level>; NAMES]);

impl Default for Levels {
    fn default() -> Levels {
        Levels([None; NAMES])
    }
}

/// A level that cannot be given.
///
/// ```
/// use pdnkit::diagnostic::{Level, LevelError, Levels};
///
/// let mut levels = Levels::default();
/// let unknown = levels.set("move-numbr", Level::Allow);
/// assert_eq!(unknown, Err(LevelError::Unknown("move-numbr".into())));
/// // A game with an illegal move was not checked to its end: it cannot pass.
/// let unchecked = levels.set("illegal-move", Level::Warn);
/// assert!(matches!(unchecked, Err(LevelError::Unchecked { level: Level::Warn, .. })));
/// assert_eq!(levels.set("illegal-move", Level::Deny), Ok(()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LevelError {
    /// A code that pdnkit does not print.
    Unknown(String),
    /// A level below error for a code whose findings mean something was not checked.
    Unchecked {
        /// The code as given.
        code: String,
        /// The level given.
        level: Level,
    },
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LevelError::Unknown(name) => write!(
                f,
                "unknown diagnostic code \"{}\"; codes: {}",
                crate::text::escape::text(name),
                listing()
            ),
            LevelError::Unchecked { code, .. } if code == code::SYNTAX => {
                let errors: Vec<&str> = unreadable().collect();
                let lower: Vec<&str> = tolerated().collect();
                write!(
                    f,
                    "the syntax code holds errors that mean text could not be read ({}), and \
                     a game with one cannot pass; give the level to the names of the \
                     deviations instead: {}",
                    errors.join(", "),
                    lower.join(", ")
                )
            }
            LevelError::Unchecked { code, .. } => write!(
                f,
                "{code} findings mean that a move, a game or a file could not be read or \
                 checked, and an unchecked game cannot pass; {code} can only be denied"
            ),
        }
    }
}

impl Levels {
    /// Gives `name` (a code, as [`crate::diagnostic::Diagnostic::code`] gives it, or the name of
    /// a syntax finding) a level.
    pub fn set(&mut self, name: &str, level: Level) -> Result<(), LevelError> {
        let index = names()
            .position(|c| c == name)
            .ok_or_else(|| LevelError::Unknown(name.to_string()))?;
        let unchecked = name == code::SYNTAX
            || code::UNCHECKED.contains(&name)
            || unreadable().any(|n| n == name);
        if unchecked && level != Level::Deny {
            return Err(LevelError::Unchecked {
                code: name.to_string(),
                level,
            });
        }
        self.0[index] = Some(level);
        Ok(())
    }

    /// The level given to `name`, if any.
    pub fn get(&self, name: &str) -> Option<Level> {
        let index = names().position(|c| c == name)?;
        self.0[index]
    }

    /// The codes given a level, with it.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, Level)> + '_ {
        names()
            .zip(self.0)
            .filter_map(|(c, level)| Some((c, level?)))
    }

    /// The severity of a diagnostic of `code` (named `detail` within it, if it has a name)
    /// first reported as `severity` (None: dropped).
    pub fn apply(
        &self,
        code: &str,
        detail: Option<&str>,
        severity: Severity,
        strict: bool,
    ) -> Option<Severity> {
        let level = detail.and_then(|d| self.get(d)).or_else(|| self.get(code));
        match level {
            Some(level) => level.severity(),
            None if strict && severity == Severity::Warning => Some(Severity::Error),
            None => Some(severity),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_beats_strict_and_unknown_codes_are_refused() {
        let mut levels = Levels::default();
        levels.set("capture-notation", Level::Allow).unwrap();
        levels.set("missing-result", Level::Deny).unwrap();
        levels.set("result-mismatch", Level::Warn).unwrap();
        let w = Severity::Warning;
        assert_eq!(levels.apply("capture-notation", None, w, true), None);
        assert_eq!(
            levels.apply("missing-result", None, w, false),
            Some(Severity::Error)
        );
        let e = Severity::Error;
        assert_eq!(levels.apply("result-mismatch", None, e, true), Some(w));
        assert_eq!(levels.apply("move-number", None, w, true), Some(e));
        assert_eq!(levels.apply("move-number", None, w, false), Some(w));
        assert!(matches!(
            levels.set("no-such-code", Level::Deny),
            Err(LevelError::Unknown(_))
        ));
        assert_eq!(levels.iter().count(), 3);
    }

    #[test]
    fn a_syntax_finding_takes_a_level_by_its_name() {
        let mut levels = Levels::default();
        levels.set("unquoted-tag-value", Level::Allow).unwrap();
        levels.set("syntax", Level::Deny).unwrap();
        levels.set("too-deep", Level::Allow).unwrap();
        let w = Severity::Warning;
        let apply = |detail| levels.apply("syntax", Some(detail), w, false);
        assert_eq!(apply("unquoted-tag-value"), None);
        assert_eq!(apply("move-number-without-dot"), Some(Severity::Error));
        assert_eq!(apply("too-deep"), None);
    }

    #[test]
    fn what_was_not_checked_cannot_be_lowered() {
        let mut levels = Levels::default();
        for name in ["illegal-move", "syntax", "unknown-token", "io", "bad-fen"] {
            for level in [Level::Allow, Level::Warn] {
                let refused = levels.set(name, level).unwrap_err();
                assert!(matches!(refused, LevelError::Unchecked { .. }), "{name}");
                assert!(refused.to_string().contains("cannot pass"), "{refused}");
            }
            levels.set(name, Level::Deny).unwrap();
        }
        let refused = Levels::default().set("syntax", Level::Allow).unwrap_err();
        let message = refused.to_string();
        assert!(message.contains("unterminated-comment"), "{message}");
        assert!(message.contains("unquoted-tag-value"), "{message}");
    }

    #[test]
    fn every_code_takes_a_level() {
        for name in names() {
            assert!(Levels::default().set(name, Level::Deny).is_ok(), "{name}");
            assert!(listing().contains(name), "{name}");
        }
    }
}
