//! Runs `pdnkit validate --format jsonl` on every `fixtures/**/*.pdn` that has an `.expect`
//! file beside it and compares each game with its expect line.
//!
//! Expect files hold one line per game (lines starting with `#` are comments):
//!
//! ```text
//! game 2 invalid plies=11 termination=- error=illegal-move@14:5/ply12
//! game 3 valid plies=0 termination=agreement note=no-moves
//! game 4 valid plies=40 termination=threefold-repetition warning=ambiguity-resolved@20:9/ply17
//! ```
//!
//! The expectations were computed by an independent rules implementation, not by pdnkit.
//! `termination=-`: no termination is reported, as for every invalid game. An invalid game
//! that the rules ended (the result contradicts the board, a move follows the end) adds
//! `end=NAME`, the ending the rules found, which a diagnostic's message must name.
//! A diagnostic is `severity=code[@line:column[/plyK]]`; the parts given must match.
//! Every listed diagnostic must be reported; no unlisted error may be reported; unlisted
//! warnings are allowed unless the file name contains `strict`. Files under
//! `fixtures/russian/` are read with `--default-game-type 25`.

use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};

#[derive(Debug)]
struct ExpectDiag {
    severity: String,
    code: String,
    at: Option<(u64, u64)>,
    ply: Option<u64>,
    text: String,
}

#[derive(Debug)]
struct ExpectGame {
    number: u64,
    valid: bool,
    plies: u64,
    termination: Option<String>,
    /// The rules' ending of an invalid game (`end=NAME`).
    end: Option<String>,
    diagnostics: Vec<ExpectDiag>,
}

/// Words by which the message of a diagnostic names the rules' ending `name`.
fn ending_words(name: &str) -> Option<&'static str> {
    Some(match name {
        "no-legal-move" => "had no legal move",
        "threefold-repetition" => "threefold repetition",
        "fifteen-move-rule" => "the 15-move rule",
        "kings-only-rule" => "the kings-only rule",
        "piece-count-rule" => "the piece-count rule",
        "main-road-rule" => "the main-road rule",
        "five-move-rule" => "the five-move rule",
        _ => return None,
    })
}

fn parse_diag(item: &str) -> Result<ExpectDiag, String> {
    let (severity, rest) = item
        .split_once('=')
        .ok_or_else(|| format!("bad diagnostic {item:?}"))?;
    if !matches!(severity, "error" | "warning" | "note") {
        return Err(format!("bad severity in {item:?}"));
    }
    let (code, place) = match rest.split_once('@') {
        Some((c, p)) => (c, Some(p)),
        None => (rest, None),
    };
    let (mut at, mut ply) = (None, None);
    if let Some(place) = place {
        let (lc, p) = match place.split_once("/ply") {
            Some((lc, p)) => (lc, Some(p)),
            None => (place, None),
        };
        let (l, c) = lc
            .split_once(':')
            .ok_or_else(|| format!("bad place in {item:?}"))?;
        at = Some((
            l.parse().map_err(|_| format!("bad line in {item:?}"))?,
            c.parse().map_err(|_| format!("bad column in {item:?}"))?,
        ));
        if let Some(p) = p {
            ply = Some(p.parse().map_err(|_| format!("bad ply in {item:?}"))?);
        }
    }
    Ok(ExpectDiag {
        severity: severity.to_string(),
        code: code.to_string(),
        at,
        ply,
        text: item.to_string(),
    })
}

fn parse_expect(path: &Path) -> Result<Vec<ExpectGame>, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut games = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |m: &str| format!("{}:{}: {m}: {line}", path.display(), i + 1);
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() < 5 || fields[0] != "game" {
            return Err(err("bad expect line"));
        }
        let number = fields[1].parse().map_err(|_| err("bad game number"))?;
        let valid = match fields[2] {
            "valid" => true,
            "invalid" => false,
            _ => return Err(err("expected valid or invalid")),
        };
        let plies = fields[3]
            .strip_prefix("plies=")
            .and_then(|p| p.parse().ok())
            .ok_or_else(|| err("bad plies"))?;
        let termination = match fields[4].strip_prefix("termination=") {
            Some("-") => None,
            Some(t) => Some(t.to_string()),
            None => return Err(err("bad termination")),
        };
        let end = fields
            .get(5)
            .and_then(|f| f.strip_prefix("end="))
            .map(str::to_string);
        if end.as_deref().is_some_and(|e| ending_words(e).is_none()) {
            return Err(err("bad end"));
        }
        let diagnostics = fields[5 + usize::from(end.is_some())..]
            .iter()
            .map(|d| parse_diag(d))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| err(&e))?;
        games.push(ExpectGame {
            number,
            valid,
            plies,
            termination,
            end,
            diagnostics,
        });
    }
    Ok(games)
}

fn pdn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            pdn_files(&p, out);
        } else if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("pdn"))
            && p.with_extension("expect").is_file()
        {
            out.push(p);
        }
    }
}

fn diag_matches(d: &Value, e: &ExpectDiag) -> bool {
    d["severity"] == e.severity.as_str()
        && d["code"] == e.code.as_str()
        && e.at.is_none_or(|(l, c)| d["line"] == l && d["column"] == c)
        && e.ply.is_none_or(|p| d["ply"] == p)
}

fn show(d: &Value) -> String {
    format!(
        "{}={}@{}:{}/ply{} ({})",
        d["severity"].as_str().unwrap_or("?"),
        d["code"].as_str().unwrap_or("?"),
        d["line"],
        d["column"],
        d["ply"],
        d["message"].as_str().unwrap_or("")
    )
}

/// Checks one fixture; returns the list of problems found.
fn check_fixture(root: &Path, pdn: &Path) -> Vec<String> {
    let rel = pdn.strip_prefix(root).unwrap_or(pdn).display().to_string();
    let mut problems = Vec::new();
    let expect = match parse_expect(&pdn.with_extension("expect")) {
        Ok(e) => e,
        Err(e) => return vec![e],
    };
    let strict = pdn
        .file_name()
        .is_some_and(|n| n.to_string_lossy().contains("strict"));
    let russian = pdn.strip_prefix(root).is_ok_and(|p| {
        p.components()
            .next()
            .is_some_and(|c| c.as_os_str() == "russian")
    });

    let mut cmd = crate::harness::command();
    cmd.args(["validate", "--format", "jsonl"]);
    if russian {
        cmd.args(["--default-game-type", "25"]);
    }
    cmd.arg(pdn);
    let out = cmd.output().expect("run pdnkit");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut games = Vec::new();
    let mut summary = None;
    for line in stdout.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(e) => {
                problems.push(format!("{rel}: output line is not JSON ({e}): {line}"));
                continue;
            }
        };
        match v["type"].as_str() {
            Some("game") => games.push(v),
            Some("summary") => summary = Some(v),
            _ => {}
        }
    }

    let all_valid = expect.iter().all(|g| g.valid);
    let want_code = if all_valid { 0 } else { 1 };
    if out.status.code() != Some(want_code) {
        problems.push(format!(
            "{rel}: exit code {:?}, expected {want_code}; stderr: {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    match &summary {
        None => problems.push(format!("{rel}: no summary object")),
        Some(s) => {
            if s["games"] != expect.len() as u64 {
                problems.push(format!(
                    "{rel}: summary counts {} games, expected {}",
                    s["games"],
                    expect.len()
                ));
            }
        }
    }
    if games.len() != expect.len() {
        problems.push(format!(
            "{rel}: {} game objects, expected {}",
            games.len(),
            expect.len()
        ));
    }

    for (i, e) in expect.iter().enumerate() {
        let Some(g) = games.get(i) else { break };
        let here = format!("{rel}: game {}", e.number);
        if g["game"] != e.number {
            problems.push(format!("{here}: object numbered {}", g["game"]));
        }
        if g["valid"] != e.valid {
            problems.push(format!(
                "{here}: valid={}, expected {}",
                g["valid"], e.valid
            ));
        }
        if g["plies"] != e.plies {
            problems.push(format!(
                "{here}: plies={}, expected {}",
                g["plies"], e.plies
            ));
        }
        let term = g["result"]["termination"].as_str().map(str::to_string);
        if term != e.termination {
            problems.push(format!(
                "{here}: termination={}, expected {}",
                term.as_deref().unwrap_or("-"),
                e.termination.as_deref().unwrap_or("-")
            ));
        }
        let diags: Vec<&Value> = g["diagnostics"]
            .as_array()
            .map(|a| a.iter().collect())
            .unwrap_or_default();
        if let Some(words) = e.end.as_deref().and_then(ending_words) {
            let named = |d: &&Value| d["message"].as_str().is_some_and(|m| m.contains(words));
            if !diags.iter().any(named) {
                problems.push(format!("{here}: no diagnostic names the end ({words})"));
            }
        }
        for ed in &e.diagnostics {
            if !diags.iter().any(|d| diag_matches(d, ed)) {
                let got: Vec<String> = diags.iter().map(|d| show(d)).collect();
                problems.push(format!(
                    "{here}: missing {}; reported: [{}]",
                    ed.text,
                    got.join("; ")
                ));
            }
        }
        for d in &diags {
            let sev = d["severity"].as_str().unwrap_or("");
            let must_be_listed = sev == "error" || (strict && sev == "warning");
            if must_be_listed && !e.diagnostics.iter().any(|ed| diag_matches(d, ed)) {
                problems.push(format!("{here}: unexpected {}", show(d)));
            }
        }
    }
    problems
}

#[test]
fn fixtures_validate_as_expected() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut files = Vec::new();
    pdn_files(&root, &mut files);
    assert!(
        files.len() >= 40,
        "only {} fixtures with .expect files found under {}",
        files.len(),
        root.display()
    );
    let problems: Vec<String> = files.iter().flat_map(|f| check_fixture(&root, f)).collect();
    assert!(
        problems.is_empty(),
        "{} problem(s) in {} fixture files:\n{}",
        problems.len(),
        files.len(),
        problems.join("\n")
    );
}

#[test]
fn expect_files_are_well_formed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut files = Vec::new();
    pdn_files(&root, &mut files);
    for f in &files {
        let games = parse_expect(&f.with_extension("expect")).unwrap();
        assert!(!games.is_empty(), "{}: no games", f.display());
        for (i, g) in games.iter().enumerate() {
            assert_eq!(
                g.number,
                i as u64 + 1,
                "{}: games out of order",
                f.display()
            );
            let has_error = g.diagnostics.iter().any(|d| d.severity == "error");
            assert_eq!(g.valid, !has_error, "{}: game {}", f.display(), g.number);
        }
    }
}
