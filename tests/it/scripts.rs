//! The repository's own check scripts, on small source trees written here.

use std::fs;
use std::path::Path;
use std::process::Command;

/// `scripts/import-circles --root DIR` on a tree of `files`: its exit code and output.
fn import_circles(files: &[(&str, &str)]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        fs::write(dir.path().join(name), text).unwrap();
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/import-circles");
    let out = Command::new(script)
        .arg("--root")
        .arg(dir.path())
        .output()
        .expect("python3 runs scripts/import-circles");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    (
        out.status.code(),
        text + &String::from_utf8_lossy(&out.stderr),
    )
}

const LIB: (&str, &str) = ("lib.rs", "mod a;\nmod b;\n");

#[test]
fn import_circles_finds_a_circle_of_two_files() {
    let (code, out) = import_circles(&[
        LIB,
        ("a.rs", "use crate::b::Y;\npub struct X;\n"),
        ("b.rs", "use crate::a::X;\npub struct Y;\n"),
    ]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("import circle of 2 files"), "{out}");
}

#[test]
fn import_circles_reads_no_import_in_strings_chars_or_comments() {
    // Only a.rs imports b.rs; what b.rs says of a.rs is text, not code.
    let b = "pub struct Y;\n\
             const S: &str = \"use crate::a::X; and crate::a::X\";\n\
             const R: &str = r#\"use crate::a::X;\"#;\n\
             const Q: char = '\"';\n\
             const T: &str = \"// not a comment\"; use crate::a as _;\n\
             /* use crate::a::X; */\n";
    let (code, out) = import_circles(&[
        LIB,
        ("a.rs", "use crate::b::Y;\npub struct X;\n"),
        ("b.rs", b),
    ]);
    // The `use crate::a as _;` after a string holding `//` is real: a circle.
    assert_eq!(code, Some(1), "{out}");
    let b = b.replace(" use crate::a as _;", "");
    let (code, out) = import_circles(&[
        LIB,
        ("a.rs", "use crate::b::Y;\npub struct X;\n"),
        ("b.rs", &b),
    ]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.is_empty(), "{out}");
}

#[test]
fn import_circles_refuses_a_tree_without_sources() {
    let (code, out) = import_circles(&[]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("no .rs file"), "{out}");
}
