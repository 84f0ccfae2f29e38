//! Per-code levels (`--allow`, `--warn`, `--deny CODE`, `[levels]` in pdnkit.toml): the
//! severity a diagnostic code is reported with, in place of its own.
//!
//! `allow` drops the diagnostic, `warn` makes it a warning, `deny` an error. A level given
//! for a code beats `--strict`, which only raises the warnings of codes without one.

use crate::diagnostic::{Severity, code};
use std::fmt;

/// The level of a diagnostic code.
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

/// A level for some of the codes of [`code::GAME`]; small and `Copy`, held by the options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Levels([Option<Level>; code::GAME.len()]);

/// A code that levels do not apply to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownCode(pub String);

impl fmt::Display for UnknownCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown diagnostic code \"{}\"; codes: {}",
            self.0,
            code::GAME.join(", ")
        )
    }
}

impl Levels {
    /// Gives `name`, a code of [`code::GAME`], a level.
    pub fn set(&mut self, name: &str, level: Level) -> Result<(), UnknownCode> {
        let index = code::GAME
            .iter()
            .position(|c| *c == name)
            .ok_or_else(|| UnknownCode(name.to_string()))?;
        self.0[index] = Some(level);
        Ok(())
    }

    /// The level given to the code `name`, if any.
    pub fn get(&self, name: &str) -> Option<Level> {
        let index = code::GAME.iter().position(|c| *c == name)?;
        self.0[index]
    }

    /// The codes given a level, with it.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, Level)> + '_ {
        code::GAME
            .iter()
            .zip(self.0)
            .filter_map(|(c, level)| Some((*c, level?)))
    }

    /// The severity of a diagnostic of `name` first reported as `severity` (None: dropped).
    pub fn apply(&self, name: &str, severity: Severity, strict: bool) -> Option<Severity> {
        match self.get(name) {
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
        levels.set("illegal-move", Level::Warn).unwrap();
        let w = Severity::Warning;
        assert_eq!(levels.apply("capture-notation", w, true), None);
        assert_eq!(
            levels.apply("missing-result", w, false),
            Some(Severity::Error)
        );
        assert_eq!(levels.apply("illegal-move", Severity::Error, true), Some(w));
        assert_eq!(levels.apply("move-number", w, true), Some(Severity::Error));
        assert_eq!(levels.apply("move-number", w, false), Some(w));
        assert!(levels.set("io", Level::Allow).is_err());
        assert!(levels.set("no-such-code", Level::Deny).is_err());
        assert_eq!(levels.iter().count(), 3);
    }
}
