//! `pdnkit fmt`: a tree with one file out of shape, rewritten in place as canonical PDN.

use crate::harness::pdnkit;
use std::fs;
use std::path::Path;
use std::time::{Duration, SystemTime};

const MESSY: &str = "[GameType \"25\"]\n[Result \"*\"]\n1.c3-d4   f6-g5 *\n";
/// MESSY in canonical PDN, written by hand.
const CANONICAL: &str = "[GameType \"25,W,8,8,A0,0\"]\n[Result \"*\"]\n\n1. c3-d4 f6-g5 *\n";

fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = pdnkit().current_dir(dir).args(args).output().unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (
        out.status.code().unwrap(),
        text(out.stdout),
        text(out.stderr),
    )
}

fn tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("sub")).unwrap();
    fs::write(dir.path().join("ok.pdn"), CANONICAL).unwrap();
    fs::write(dir.path().join("sub/messy.pdn"), MESSY).unwrap();
    let old = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000_000);
    for name in ["ok.pdn", "sub/messy.pdn"] {
        let file = fs::File::options()
            .write(true)
            .open(dir.path().join(name))
            .unwrap();
        file.set_modified(old).unwrap();
    }
    dir
}

#[test]
fn check_lists_the_file_out_of_shape_then_fmt_rewrites_it_as_convert_does() {
    let dir = tree();
    let (code, stdout, _) = run(dir.path(), &["fmt", "--check", "."]);
    assert_eq!((code, stdout.as_str()), (1, "./sub/messy.pdn\n"));
    assert_eq!(
        fs::read_to_string(dir.path().join("sub/messy.pdn")).unwrap(),
        MESSY
    );
    let (_, converted, _) = run(dir.path(), &["convert", "--format", "pdn", "sub/messy.pdn"]);
    assert_eq!(converted, CANONICAL);
    let ok_time = fs::metadata(dir.path().join("ok.pdn"))
        .unwrap()
        .modified()
        .unwrap();
    let (code, _, stderr) = run(dir.path(), &["fmt", "."]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        fs::read_to_string(dir.path().join("sub/messy.pdn")).unwrap(),
        converted
    );
    let after = fs::metadata(dir.path().join("ok.pdn"))
        .unwrap()
        .modified()
        .unwrap();
    assert_eq!(after, ok_time);
    let (code, stdout, _) = run(dir.path(), &["fmt", "--check", "."]);
    assert_eq!((code, stdout.as_str()), (0, ""));
}

#[test]
fn fmt_keeps_the_mode_of_the_file_it_rewrites() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tree();
    let messy = dir.path().join("sub/messy.pdn");
    for mode in [0o600, 0o640, 0o755] {
        fs::write(&messy, MESSY).unwrap();
        fs::set_permissions(&messy, fs::Permissions::from_mode(mode)).unwrap();
        let (code, _, stderr) = run(dir.path(), &["fmt", "sub/messy.pdn"]);
        assert_eq!(code, 0, "{stderr}");
        assert_eq!(fs::read_to_string(&messy).unwrap(), CANONICAL);
        let kept = fs::metadata(&messy).unwrap().permissions().mode() & 0o7777;
        assert_eq!(kept, mode, "{mode:o} became {kept:o}");
    }
}

#[test]
fn diff_applies_with_patch() {
    let dir = tree();
    let (code, diff, _) = run(dir.path(), &["fmt", "--diff", "sub/messy.pdn"]);
    assert_eq!(code, 1);
    assert!(
        diff.contains("-1.c3-d4   f6-g5 *\n+\n+1. c3-d4 f6-g5 *\n"),
        "{diff}"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("sub/messy.pdn")).unwrap(),
        MESSY
    );
    fs::write(dir.path().join("change.diff"), &diff).unwrap();
    let status = std::process::Command::new("patch")
        .current_dir(dir.path())
        .args(["-s", "sub/messy.pdn", "change.diff"])
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(
        fs::read_to_string(dir.path().join("sub/messy.pdn")).unwrap(),
        CANONICAL
    );
}

#[test]
fn a_read_only_or_binary_file_is_refused_with_exit_2() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tree();
    let messy = dir.path().join("sub/messy.pdn");
    fs::set_permissions(&messy, fs::Permissions::from_mode(0o444)).unwrap();
    let (code, _, stderr) = run(dir.path(), &["fmt", "."]);
    assert_eq!(code, 2);
    assert!(stderr.contains("sub/messy.pdn is read-only"), "{stderr}");
    assert_eq!(fs::read_to_string(&messy).unwrap(), MESSY);
    fs::write(dir.path().join("data.pdn"), b"\x00\x01").unwrap();
    let (code, _, stderr) = run(dir.path(), &["fmt", "data.pdn"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("error[binary]"), "{stderr}");
}

#[test]
fn standard_input_goes_to_standard_output() {
    let out = pdnkit()
        .args(["fmt", "-"])
        .write_stdin(MESSY)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), CANONICAL);
}

/// An invalid game is reshaped but not annotated: no `{pdnkit: ...}` comment naming its error
/// is written into the file (convert --format pdn writes one), and the rewritten file is in
/// shape for the next `--check`.
#[test]
fn an_invalid_game_gets_no_comment_naming_its_error() {
    let dir = tempfile::tempdir().unwrap();
    let messy = "[Event \"x\"]\n[GameType \"25\"]\n\n1.c3-d4   f6-e5 2. a3-b4 {a note} b6-a5 *\n";
    // Written by hand: the tags in canonical form, the moves as canonical PDN writes them,
    // the illegal 2. a3-b4 (a capture is compulsory) and what follows it as written.
    let want = "[Event \"x\"]\n[GameType \"25,W,8,8,A0,0\"]\n[Result \"*\"]\n\n\
                1. c3-d4 f6-e5 2. a3-b4 {a note} b6-a5 *\n";
    fs::write(dir.path().join("g.pdn"), messy).unwrap();
    let (code, _, stderr) = run(dir.path(), &["fmt", "--no-config", "g.pdn"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(fs::read_to_string(dir.path().join("g.pdn")).unwrap(), want);
    let (code, stdout, _) = run(dir.path(), &["fmt", "--no-config", "--check", "g.pdn"]);
    assert_eq!((code, stdout.as_str()), (0, ""));
    // convert still names the error in a comment.
    let (_, converted, _) = run(dir.path(), &["convert", "--format", "pdn", "g.pdn"]);
    assert!(converted.contains("{pdnkit: illegal-move: "), "{converted}");
}
