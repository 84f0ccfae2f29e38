//! `pdnkit show`: the board after a given ply of a given game, as a text diagram on stdout
//! and, with `--svg`, as an SVG picture written atomically.

pub mod diagram;
mod svg;

use crate::check::{GameReport, GameSink, Options, PlayedMove, StreamTotals, check_stream};
use crate::cli::args::ReadArgs;
use crate::cli::run::exit::EXIT_OK;
use crate::cli::run::inputs::Input;
use crate::cli::run::output::{Sources, refused, tell_note, write_whole};
use crate::diagnostic::Diagnostic;
use crate::notation::fen::{FenNotation, write_fen};
use crate::notation::naming::{MoveNumber, canonical, move_text};
use crate::rules::moves::Move;
use crate::rules::position::{Color, Position};
use crate::text::encoding::TextEncoding;
use std::io::{self, IsTerminal};
use std::path::PathBuf;

/// Show the board after a ply of a game: a text diagram, and optionally an SVG picture.
///
/// The game is replayed as `validate` does; ply 0 is the start position (or the FEN tag's),
/// ply 1 the position after the first move. The from and to squares of the move that led to
/// the position are marked.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    pdnkit show games.pdn                    # game 1, after its last move\n  \
    pdnkit show games.pdn --game 3 --ply 0   # game 3, start position\n  \
    pdnkit show games.pdn --game 2 --ply 17 -o board.svg\n\n\
    Exit codes: 0 the board was shown, 2 no such game or ply, unreadable file, or usage error.")]
pub struct ShowArgs {
    /// The PDN file (- for standard input).
    file: PathBuf,
    /// The game, counted from 1 in the file.
    #[arg(long, default_value_t = 1, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..))]
    game: u32,
    /// The ply after which to show the board: 0 = the start position; default: the last
    /// replayed ply.
    #[arg(long, value_name = "K")]
    ply: Option<u32>,
    /// Also write the board as an SVG picture to FILE.
    #[arg(short = 'o', long = "output", value_name = "FILE", alias = "svg")]
    output: Option<PathBuf>,
    /// Letters for the pieces (w b = men, W B = kings) even on a terminal whose locale is
    /// UTF-8 (elsewhere they are letters anyway).
    #[arg(long)]
    ascii: bool,
    #[command(flatten)]
    read: ReadArgs,
}

/// What the diagram and the picture show.
pub struct Scene<'a> {
    /// The file, as named on the command line.
    pub file: String,
    pub position: Position,
    /// The move that led to the position, with the position it was played from.
    pub last: Option<(&'a Move, &'a Position)>,
    /// `3. g3:e5` for the last move, if any (see [`label`]).
    pub last_label: Option<String>,
    /// `Ann - Bob`, from the White and Black tags, if present.
    pub players: Option<String>,
    pub game: u32,
    pub ply: u32,
    pub plies: u32,
}

pub fn run(args: ShowArgs) -> io::Result<u8> {
    match show(&args) {
        Ok(()) => Ok(EXIT_OK),
        Err(Failure::Io(e)) => Err(e),
        Err(Failure::Message(message)) => refused(&message),
    }
}

enum Failure {
    /// Writing stdout failed (a closed pipe ends quietly).
    Io(io::Error),
    /// Anything the user should read about.
    Message(String),
}

impl Failure {
    /// A failure to write: a closed standard output ends quietly, anything else is said.
    fn written(e: io::Error) -> Failure {
        match e.kind() {
            io::ErrorKind::BrokenPipe => Failure::Io(e),
            _ => Failure::Message(e.to_string()),
        }
    }
}

fn show(args: &ShowArgs) -> Result<(), Failure> {
    let (options, encoding, _) = args.read.resolve().map_err(Failure::Message)?;
    let input = if args.file.as_os_str() == "-" {
        Input::Stdin
    } else {
        Input::File(args.file.clone())
    };
    let name = input.name();
    let report = find_game(&input, args.game, &options, encoding)
        .map_err(|e| Failure::Message(format!("cannot read {name}: {e}")))?;
    let report = match report {
        Found::Game(report) => report,
        Found::Count(count) => {
            return Err(Failure::Message(format!(
                "{name} has no game {} (it holds {count} game{})",
                args.game,
                if count == 1 { "" } else { "s" }
            )));
        }
    };
    let Some(start) = report.start else {
        let why = first_error(&report).map_or_else(String::new, |d| format!(": {}", d.message()));
        return Err(Failure::Message(format!(
            "game {} of {name} cannot be set up{why}",
            args.game
        )));
    };
    let plies = report.plies();
    let ply = args.ply.unwrap_or(plies);
    if ply > plies {
        let why = if report.valid() {
            String::new()
        } else {
            first_error(&report)
                .and_then(|d| {
                    d.ply
                        .map(|p| format!(" (the replay stopped at ply {p}: {})", d.message()))
                })
                .unwrap_or_default()
        };
        return Err(Failure::Message(format!(
            "game {} of {name} has {plies} replayed pl{}{why}; --ply must be 0 to {plies}",
            args.game,
            if plies == 1 { "y" } else { "ies" }
        )));
    }
    if let Some(d) = first_error(&report) {
        tell_note(&format!(
            "game {} is invalid ({}:{}: {}); showing the replayed moves",
            args.game,
            d.line,
            d.column,
            d.message()
        ));
    }
    let (position, last) = match ply {
        0 => (start, None),
        k => {
            let pm = &report.moves[k as usize - 1];
            (pm.after, Some(pm))
        }
    };
    let scene = Scene {
        file: name.clone(),
        position,
        last: last.map(|pm| (&pm.mv, &pm.before)),
        last_label: last.map(|pm| label(pm, start.turn, ply)),
        players: players(&report),
        game: args.game,
        ply,
        plies,
    };
    let sources = Sources::of_path(&args.file);
    if let Some(path) = &args.output {
        let svg = svg::render(&scene);
        write_whole(Some(path), &sources, svg.as_bytes()).map_err(Failure::written)?;
        if path.as_os_str() == "-" {
            // Standard output holds the picture; the diagram would spoil it.
            return Ok(());
        }
    }
    let unicode = !args.ascii && io::stdout().is_terminal() && utf8_locale();
    let mut text = diagram::render(&scene, unicode);
    text.push_str(&format!(
        "FEN: {}\n",
        write_fen(&scene.position, FenNotation::Alpha)
    ));
    write_whole(None, &sources, text.as_bytes()).map_err(Failure::written)
}

/// `3. g3:e5`: the move number and the move in alphanumeric notation with its full path,
/// and how it was written when that is neither this nor the canonical short form.
pub fn label(pm: &PlayedMove, first: Color, ply: u32) -> String {
    let path = move_text(&pm.mv, pm.before.geometry(), None, true);
    let mut label = format!("{} {path}", MoveNumber::of_ply(first, ply));
    if pm.written != path && pm.written != canonical(&pm.mv, &pm.before, None) {
        label.push_str(&format!(" (written {})", pm.written));
    }
    label
}

fn first_error(report: &GameReport) -> Option<&Diagnostic> {
    report.diagnostics.iter().find(|d| d.is_error())
}

/// `White - Black` from the game's tags (`?` for one missing), None without either.
pub fn players(report: &GameReport) -> Option<String> {
    match (report.known_tag("White"), report.known_tag("Black")) {
        (None, None) => None,
        (w, b) => Some(format!("{} - {}", w.unwrap_or("?"), b.unwrap_or("?"))),
    }
}

enum Found {
    Game(GameReport),
    /// The game is not there; the file holds this many.
    Count(usize),
}

/// Validates games up to game `wanted` and keeps that one.
struct Keep {
    wanted: usize,
    seen: usize,
    game: Option<GameReport>,
}

/// The error a [`Keep`] returns to stop reading once it has its game.
#[derive(Debug)]
struct Stop;

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("stop")
    }
}

impl std::error::Error for Stop {}

impl GameSink for Keep {
    fn game(&mut self, report: GameReport) -> io::Result<()> {
        self.seen += 1;
        if self.seen == self.wanted {
            self.game = Some(report);
            return Err(io::Error::other(Stop));
        }
        Ok(())
    }
}

/// The locale's character set is UTF-8 (the first of LC_ALL, LC_CTYPE and LANG that is set
/// says so; none set is the C locale).
fn utf8_locale() -> bool {
    utf8_locale_in(|name| std::env::var(name).ok())
}

fn utf8_locale_in(var: impl Fn(&str) -> Option<String>) -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|name| var(name).filter(|v| !v.is_empty()))
        .is_some_and(|v| {
            let v = v.to_ascii_lowercase();
            v.contains("utf-8") || v.contains("utf8")
        })
}

fn find_game(
    input: &Input,
    game: u32,
    options: &Options,
    encoding: Option<TextEncoding>,
) -> io::Result<Found> {
    let input = input.open().map_err(|e| {
        io::Error::other(e.message().trim_start_matches("cannot read: ").to_string())
    })?;
    let mut keep = Keep {
        wanted: game as usize,
        seen: 0,
        game: None,
    };
    let mut totals = StreamTotals::default();
    let result = check_stream(input, options, encoding, &mut keep, &mut totals);
    if let Some(report) = keep.game {
        return Ok(Found::Game(report));
    }
    result?;
    Ok(Found::Count(keep.seen))
}
