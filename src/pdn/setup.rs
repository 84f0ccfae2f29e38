//! Setup commands in movetext: `/FEN "W:W31,32:B1-5"/` (PDN 3.0), which set up a new
//! position in the middle of a game. Only the syntax is read here; the FEN belongs to the
//! engine; the reading, with its leniencies, is the grammar's `SETUP` production
//! (`super::grammar`).

/// One setup command.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SetupCommand {
    /// The command name, e.g. `FEN` (may be empty).
    pub name: String,
    /// The raw value bytes, unquoted and unescaped.
    pub value: Vec<u8>,
    /// Absolute byte offset of the first value byte.
    pub value_offset: u64,
}
