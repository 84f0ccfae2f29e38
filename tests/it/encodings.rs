//! The same Russian text (tags, a comment) in KOI8-R, CP866, Windows-1251 and UTF-8 with C1
//! characters: each decoded right by detection and by any label of its encoding, with the
//! error found at the same line and column (columns count characters in every encoding).

use crate::harness::pdnkit;
use serde_json::Value;

const EVENT: &str = "XXV первенство СССР";
const WHITE: &str = "Иванов И.И.";
const BLACK: &str = "Щукин Ю.";

/// A game whose second White move (`d4-h8`) is illegal, after a Russian comment: at line 6,
/// column 36 (16 characters of comment, then ` 1. c3-d4 f6-g5 2. `).
fn text(white: &str) -> String {
    format!(
        "[Event \"{EVENT}\"]\n[White \"{white}\"]\n[Black \"{BLACK}\"]\n[GameType \"25\"]\n\
         [Result \"*\"]\n{{Белые начинают}} 1. c3-d4 f6-g5 2. d4-h8 *\n"
    )
}

fn encoded(label: &str, text: &str) -> Vec<u8> {
    let encoding = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
    let (bytes, _, unmappable) = encoding.encode(text);
    assert!(!unmappable, "{label}");
    bytes.into_owned()
}

/// `convert --format jsonl` of `bytes` with `args`: exit code, the game object, stderr.
fn convert(args: &[&str], bytes: &[u8]) -> (i32, Value, String) {
    let out = pdnkit()
        .args(["convert", "--no-config", "-", "--format", "jsonl"])
        .args(args)
        .write_stdin(bytes.to_vec())
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let game = serde_json::from_str(stdout.lines().next().unwrap_or("null")).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    (out.status.code().unwrap(), game, stderr)
}

fn assert_read_right(game: &Value, white: &str, what: &str) {
    let tags = &game["tags"];
    assert_eq!(tags["Event"], EVENT, "{what}: {game}");
    assert_eq!(tags["White"], white, "{what}: {game}");
    assert_eq!(tags["Black"], BLACK, "{what}: {game}");
    let error = &game["diagnostics"][0];
    assert_eq!(error["code"], "illegal-move", "{what}: {game}");
    assert_eq!(
        (&error["line"], &error["column"]),
        (&6.into(), &36.into()),
        "{what}"
    );
}

#[test]
fn cyrillic_code_pages_are_detected_and_named() {
    // Each code page with the names a user may give it.
    let pages: [(&str, &str, &[&str]); 3] = [
        ("koi8-r", "koi8-r", &["koi8-r", "KOI8", "cskoi8r"]),
        ("ibm866", "cp866", &["cp866", "ibm866", "866"]),
        (
            "windows-1251",
            "windows-1251",
            &["windows-1251", "cp1251", "x-cp1251"],
        ),
    ];
    for (label, name, labels) in pages {
        let bytes = encoded(label, &text(WHITE));
        let (code, game, stderr) = convert(&[], &bytes);
        assert_eq!(code, 1, "{label}: {stderr}");
        assert_read_right(&game, WHITE, label);
        assert!(
            stderr.contains(&format!("note[encoding]: decoded as {name} (a guess")),
            "{label}: {stderr}"
        );
        for given in labels {
            let (code, game, stderr) = convert(&["--encoding", given], &bytes);
            assert_eq!(code, 1, "{given}: {stderr}");
            assert_read_right(&game, WHITE, given);
            assert!(!stderr.contains("note[encoding]"), "{given}: {stderr}");
        }
    }
}

#[test]
fn valid_utf8_with_c1_characters_is_utf8() {
    for c1 in ['\u{80}', '\u{85}', '\u{9B}'] {
        let white = format!("Иванов{c1} И.И.");
        let (code, game, stderr) = convert(&[], text(&white).as_bytes());
        assert_eq!(code, 1, "{c1:?}: {stderr}");
        assert_read_right(&game, &white, "utf-8 with C1");
        assert!(!stderr.contains("note[encoding]"), "{c1:?}: {stderr}");
    }
}

#[test]
fn other_code_pages_by_label_and_refusals() {
    // ISO-8859-5 is never guessed, but read by its label.
    let bytes = encoded("iso-8859-5", &text(WHITE));
    let (code, game, stderr) = convert(&["--encoding", "iso-8859-5"], &bytes);
    assert_eq!(code, 1, "{stderr}");
    assert_read_right(&game, WHITE, "iso-8859-5");
    for (given, says) in [
        ("nonsense", "unknown encoding \"nonsense\""),
        ("utf-16", "encoding \"utf-16\" (UTF-16LE) is not read"),
        ("shift_jis", "convert the file to UTF-8"),
    ] {
        let out = pdnkit()
            .args(["validate", "--no-config", "--encoding", given, "-"])
            .write_stdin("1. c3-d4 *\n")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{given}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.contains(says), "{given}: {stderr}");
        assert!(out.stdout.is_empty(), "{given}");
    }
}
