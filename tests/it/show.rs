//! `pdnkit show` as a user runs it: the diagrams below were drawn by hand.

use crate::harness::{command, pdnkit};
use std::fs;
use std::io::Read;
use std::os::fd::{FromRawFd, OwnedFd};
use std::path::Path;
use std::process::Stdio;

const GAMES: &str = "\
[White \"Ann\"]
[Black \"Bob\"]
1. c3-d4 f6-g5 2. d4-e5 d6:f4 3. g3:e5 1-0

[FEN \"W:Wb4:Bc5,e7\"]
1. b4xf8 1-0

[Event \"invalid at ply 3\"]
1. c3-d4 f6-e5 2. d4-c5 *

[GameType \"25\"]
1. c3-d4 f6-g5 *
";

fn setup() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("g.pdn"), GAMES).unwrap();
    dir
}

fn show(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = pdnkit()
        .arg("show")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn last_position_of_the_first_game_by_default() {
    let dir = setup();
    let (code, stdout, _) = show(dir.path(), &["g.pdn"]);
    assert_eq!(code, 0);
    // c3 went to d4 then e5 and was taken from d6 (f4); g3 took f4 and stands on e5.
    let expected = "\
g.pdn, game 1 (Ann - Bob), after ply 5 of 5
    a  b  c  d  e  f  g  h  i  j
  +------------------------------+
8 |    b     b     b     b     b | 8
7 | b     b     b     b     b    | 7
6 |    b     .     .     b     b | 6
5 | .     .    [w]    b     .    | 5
4 |    .     .     .     .     . | 4
3 | w     .     w    [.]    w    | 3
2 |    w     w     w     w     w | 2
1 | w     w     w     w     w    | 1
  +------------------------------+
    a  b  c  d  e  f  g  h  i  j
last move: 3. g3:e5, from g3 to e5 (marked [ ])
Black to move
FEN: B:Wa1,c1,e1,g1,i1,b2,d2,f2,h2,j2,a3,e3,i3,e5:Bg5,b6,h6,j6,a7,c7,e7,g7,i7,b8,d8,f8,h8,j8
";
    assert_eq!(stdout, expected);
    // The same board asked for explicitly.
    let (_, again, _) = show(dir.path(), &["g.pdn", "--game", "1", "--ply", "5"]);
    assert_eq!(again, expected);
}

#[test]
fn ply_zero_is_the_start_position_and_a_black_move_is_numbered_with_dots() {
    let dir = setup();
    let (code, stdout, _) = show(dir.path(), &["g.pdn", "--ply", "0"]);
    assert_eq!(code, 0);
    let expected = "\
g.pdn, game 1 (Ann - Bob), start position (ply 0 of 5)
    a  b  c  d  e  f  g  h  i  j
  +------------------------------+
8 |    b     b     b     b     b | 8
7 | b     b     b     b     b    | 7
6 |    b     b     b     b     b | 6
5 | .     .     .     .     .    | 5
4 |    .     .     .     .     . | 4
3 | w     w     w     w     w    | 3
2 |    w     w     w     w     w | 2
1 | w     w     w     w     w    | 1
  +------------------------------+
    a  b  c  d  e  f  g  h  i  j
last move: none
White to move
FEN: W:Wa1,c1,e1,g1,i1,b2,d2,f2,h2,j2,a3,c3,e3,g3,i3:Bb6,d6,f6,h6,j6,a7,c7,e7,g7,i7,b8,d8,f8,h8,j8
";
    assert_eq!(stdout, expected);
    let (_, stdout, _) = show(dir.path(), &["g.pdn", "--ply", "2"]);
    assert!(
        stdout.contains("\nlast move: 1... f6-g5, from f6 to g5 (marked [ ])\nWhite to move\n"),
        "{stdout}"
    );
    assert!(stdout.contains("\n6 |    b     b    [.]    b     b | 6\n"));
    assert!(stdout.contains("\n5 | .     .     .    [b]    .    | 5\n"));
}

#[test]
fn a_king_made_in_a_capture() {
    let dir = setup();
    let (code, stdout, _) = show(dir.path(), &["g.pdn", "--game", "2"]);
    assert_eq!(code, 0);
    let expected = "\
g.pdn, game 2, after ply 1 of 1
    a  b  c  d  e  f  g  h  i  j
  +------------------------------+
8 |    .     .    [W]    .     . | 8
7 | .     .     .     .     .    | 7
6 |    .     .     .     .     . | 6
5 | .     .     .     .     .    | 5
4 |   [.]    .     .     .     . | 4
3 | .     .     .     .     .    | 3
2 |    .     .     .     .     . | 2
1 | .     .     .     .     .    | 1
  +------------------------------+
    a  b  c  d  e  f  g  h  i  j
last move: 1. b4:d6:f8 (written b4xf8), from b4 to f8 (marked [ ])
Black to move
FEN: B:WKf8:B
";
    assert_eq!(stdout, expected);
}

#[test]
fn an_eight_by_eight_board() {
    let dir = setup();
    let (code, stdout, _) = show(dir.path(), &["g.pdn", "--game", "4"]);
    assert_eq!(code, 0);
    let expected = "\
g.pdn, game 4, after ply 2 of 2
    a  b  c  d  e  f  g  h
  +------------------------+
8 |    b     b     b     b | 8
7 | b     b     b     b    | 7
6 |    b     b    [.]    b | 6
5 | .     .     .    [b]   | 5
4 |    .     w     .     . | 4
3 | w     .     w     w    | 3
2 |    w     w     w     w | 2
1 | w     w     w     w    | 1
  +------------------------+
    a  b  c  d  e  f  g  h
last move: 1... f6-g5, from f6 to g5 (marked [ ])
White to move
";
    assert!(stdout.starts_with(expected), "{stdout}");
}

#[test]
fn errors_exit_two_with_a_clear_message() {
    let dir = setup();
    let (code, stdout, stderr) = show(dir.path(), &["g.pdn", "--game", "9"]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert_eq!(
        stderr,
        "pdnkit: error: g.pdn has no game 9 (it holds 4 games)\n"
    );

    let (code, _, stderr) = show(dir.path(), &["g.pdn", "--ply", "6"]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "pdnkit: error: game 1 of g.pdn has 5 replayed plies; --ply must be 0 to 5\n"
    );

    // The invalid game replays 2 plies; the third is where it stops.
    let (code, _, stderr) = show(dir.path(), &["g.pdn", "--game", "3", "--ply", "3"]);
    assert_eq!(code, 2);
    assert!(
        stderr.starts_with(
            "pdnkit: error: game 3 of g.pdn has 2 replayed plies (the replay stopped at ply 3: \
             illegal move: a capture is compulsory"
        ),
        "{stderr}"
    );
    // Its replayed part can be shown, with a note.
    let (code, stdout, stderr) = show(dir.path(), &["g.pdn", "--game", "3"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("after ply 2 of 2"));
    assert!(
        stderr.starts_with("pdnkit: note: game 3 is invalid"),
        "{stderr}"
    );

    let (code, _, stderr) = show(dir.path(), &["missing.pdn"]);
    assert_eq!(code, 2);
    assert!(
        stderr.starts_with("pdnkit: error: cannot read missing.pdn:"),
        "{stderr}"
    );

    let (code, _, _) = show(dir.path(), &["g.pdn", "--game", "0"]);
    assert_eq!(code, 2);

    fs::write(
        dir.path().join("bad.pdn"),
        "[FEN \"W:Wa2:Bb8\"]\n1. a2-b3 *\n",
    )
    .unwrap();
    let (code, stdout, stderr) = show(dir.path(), &["bad.pdn"]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(
        stderr.starts_with("pdnkit: error: game 1 of bad.pdn cannot be set up: FEN"),
        "{stderr}"
    );
}

/// Checks that `text` is well-formed XML as far as tags go: every element closed in order,
/// attribute values quoted. Returns the element names in document order.
fn elements(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut open: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').expect("tag closed") + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if tag.starts_with('?') {
            assert!(tag.ends_with('?'), "{tag}");
            continue;
        }
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(open.pop().as_deref(), Some(name), "closing {name}");
            continue;
        }
        let self_closing = tag.ends_with('/');
        let body = tag.trim_end_matches('/');
        let name = body.split_whitespace().next().expect("element name");
        assert_eq!(body.matches('"').count() % 2, 0, "quotes in <{tag}>");
        assert!(
            !body.contains('<') && !body.contains('&') || body.contains("&amp;"),
            "{tag}"
        );
        names.push(name.to_string());
        if !self_closing {
            open.push(name.to_string());
        }
    }
    assert!(open.is_empty(), "unclosed: {open:?}");
    assert!(rest.trim().is_empty());
    names
}

#[test]
fn svg_picture_of_a_real_board() {
    let dir = setup();
    let (code, stdout, _) = show(dir.path(), &["g.pdn", "--svg", "board.svg"]);
    assert_eq!(code, 0);
    assert!(stdout.starts_with("g.pdn, game 1 (Ann - Bob), after ply 5 of 5\n"));
    let svg = fs::read_to_string(dir.path().join("board.svg")).unwrap();
    assert!(svg.starts_with("<?xml"));
    let names = elements(&svg);
    assert_eq!(names[0], "svg");
    let count = |name: &str| names.iter().filter(|n| *n == name).count();
    // 40 dark squares; 14 + 14 pieces, no king; coordinates on four sides (10 + 10 + 8 + 8)
    // and a caption.
    assert_eq!(count("rect"), 40);
    assert_eq!(count("circle"), 28);
    assert_eq!(count("polygon"), 0);
    assert_eq!(count("text"), 37);
    assert_eq!(svg.matches("class=\"dark last-move\"").count(), 2);
    assert_eq!(svg.matches("class=\"piece white man\"").count(), 14);
    assert_eq!(svg.matches("class=\"piece black man\"").count(), 14);
    // a1 is the bottom-left dark square: x = margin, y = margin + 7 squares.
    assert!(
        svg.contains("<rect class=\"dark\" x=\"28\" y=\"364\""),
        "{svg}"
    );
    // The from square g3 is highlighted: column 6, row 3 from the bottom.
    assert!(svg.contains("<rect class=\"dark last-move\" x=\"316\" y=\"268\""));
    // No temporary file left next to it.
    let left: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(left.len(), 2, "{left:?}");
}

#[test]
fn svg_kings_have_crowns_and_an_existing_file_is_replaced() {
    let dir = setup();
    fs::write(dir.path().join("k.svg"), "old").unwrap();
    let (code, _, _) = show(dir.path(), &["g.pdn", "--game", "2", "--svg", "k.svg"]);
    assert_eq!(code, 0);
    let svg = fs::read_to_string(dir.path().join("k.svg")).unwrap();
    let names = elements(&svg);
    let count = |name: &str| names.iter().filter(|n| *n == name).count();
    assert_eq!(
        (count("rect"), count("circle"), count("polygon")),
        (40, 1, 1)
    );
    assert!(svg.contains("class=\"piece white king\""));
    // An 8x8 board has 32 dark squares; 12 + 12 pieces.
    let (code, _, _) = show(dir.path(), &["g.pdn", "--game", "4", "--svg", "r.svg"]);
    assert_eq!(code, 0);
    let svg = fs::read_to_string(dir.path().join("r.svg")).unwrap();
    let names = elements(&svg);
    let count = |name: &str| names.iter().filter(|n| *n == name).count();
    assert_eq!((count("rect"), count("circle")), (32, 24));
    // A directory that does not exist: exit 2, nothing written.
    let (code, _, stderr) = show(dir.path(), &["g.pdn", "--svg", "no/such/dir/x.svg"]);
    assert_eq!(code, 2);
    assert!(
        stderr.starts_with(
            "pdnkit: error: cannot create no/such/dir/x.svg: directory no/such/dir does not exist"
        ),
        "{stderr}"
    );
}

/// `pdnkit show FILE --ply 0` with its standard output on a pseudo-terminal and only the
/// locale variables `env` set; what it wrote there.
fn on_a_terminal(file: &Path, env: &[(&str, &str)]) -> String {
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty writes two new descriptors into the integers it is given.
    let r = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(r, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: both descriptors were just opened and are owned here alone.
    let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
    let mut run = command();
    for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
        run.env_remove(name);
    }
    let mut child = run
        .envs(env.iter().copied())
        .args(["show", "--ply", "0"])
        .arg(file)
        .stdout(Stdio::from(slave))
        .spawn()
        .unwrap();
    // Dropping the command closes this process's copy of the terminal's slave side, so the
    // master reads end of file (EIO on Linux) once the child has exited.
    drop(run);
    let mut text = Vec::new();
    let mut master = fs::File::from(master);
    let mut chunk = [0u8; 4096];
    while let Ok(n @ 1..) = master.read(&mut chunk) {
        text.extend_from_slice(&chunk[..n]);
    }
    assert!(child.wait().unwrap().success());
    String::from_utf8(text).unwrap()
}

/// On a terminal, pieces are drawn with Unicode characters when the locale's character set
/// is UTF-8: the first of LC_ALL, LC_CTYPE and LANG that is set (and not empty) decides.
#[test]
fn unicode_pieces_on_a_terminal_whose_locale_is_utf8() {
    let dir = setup();
    let file = dir.path().join("g.pdn");
    for (env, unicode) in [
        (&[("LANG", "ru_RU.UTF-8")][..], true),
        (&[("LC_CTYPE", "C.utf8"), ("LANG", "C")], true),
        (&[("LC_ALL", "C"), ("LANG", "en_US.UTF-8")], false),
        (&[("LANG", "ru_RU.KOI8-R")], false),
        (&[("LC_ALL", ""), ("LANG", "POSIX")], false),
        (&[], false),
    ] {
        let shown = on_a_terminal(&file, env);
        assert!(shown.contains("FEN: W:W"), "{env:?}: {shown}");
        assert_eq!(shown.contains('⛀'), unicode, "{env:?}: {shown}");
        assert_eq!(shown.contains(" w "), !unicode, "{env:?}: {shown}");
    }
    // Not a terminal: letters, whatever the locale.
    let (_, piped, _) = show(dir.path(), &["g.pdn", "--ply", "0"]);
    assert!(piped.contains(" w ") && !piped.contains('⛀'), "{piped}");
}
