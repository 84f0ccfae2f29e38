//! `pdnkit lsp` driven over pipes by a scripted JSON-RPC client (Content-Length framing):
//! diagnostics against `validate`'s and hand-worked places, hover, formatting against
//! `fmt -`, symbols, folding, an edit that fixes the move, which games an edit checks again,
//! and shutdown. Every wait has a time limit.

use crate::harness::{command, on_stdin};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

/// Longest wait for one message from the server.
const WAIT: Duration = Duration::from_secs(30);

/// Two games; the first has an illegal move (`d4-c5`: the capture d4:f6 is compulsory) after a
/// comment in Cyrillic with two characters outside the Basic Multilingual Plane (two UTF-16
/// units each).
const DOC: &str = "[Event \"Клуб\"]\n[White \"Иванов\"]\n[Black \"Петров\"]\n[GameType \"41\"]\n\n\
    1. c3-d4 {ход 𝄞𝄞} f6-e5 2. d4-c5 *\n\n\
    [Event \"Кубок\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[GameType \"41\"]\n\n\
    1. c3-d4 f6-e5 2. d4:f6 g7:e5 1-0\n";

const URI: &str = "file:///nowhere/games.pdn";

struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    messages: Receiver<Value>,
    next_id: i64,
    /// Notifications received while waiting for something else.
    notes: Vec<Value>,
}

impl Client {
    fn start() -> Client {
        let mut child = command()
            .arg("lsp")
            // No pdnkit.toml from the test's directory: the document's path is made up.
            .current_dir(std::env::temp_dir())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("pdnkit lsp starts");
        let stdout = child.stdout.take().unwrap();
        let (send, messages) = channel();
        thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            while let Some(message) = read_message(&mut out) {
                if send.send(message).is_err() {
                    break;
                }
            }
        });
        let mut client = Client {
            stdin: child.stdin.take(),
            child,
            messages,
            next_id: 0,
            notes: Vec::new(),
        };
        let init = client.request("initialize", json!({"processId": null, "capabilities": {}}));
        let caps = &init["capabilities"];
        assert_eq!(caps["textDocumentSync"], 1, "{init}"); // full
        assert_eq!(caps["hoverProvider"], true);
        assert_eq!(caps["documentFormattingProvider"], true);
        client.notify("initialized", json!({}));
        client
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        let stdin = self.stdin.as_mut().expect("stdin open");
        write!(stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    fn next(&mut self) -> Value {
        match self.messages.recv_timeout(WAIT) {
            Ok(message) => message,
            Err(RecvTimeoutError::Timeout) => panic!("no message from pdnkit lsp in {WAIT:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("pdnkit lsp closed its output"),
        }
    }

    /// The result of request `method`, notifications meanwhile kept.
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let message = self.next();
            if message["id"] == id && message.get("method").is_none() {
                assert!(message.get("error").is_none(), "{message}");
                return message["result"].clone();
            }
            self.notes.push(message);
        }
    }

    /// The next notification `method` (one received earlier first).
    fn notification(&mut self, method: &str) -> Value {
        if let Some(i) = self.notes.iter().position(|n| n["method"] == method) {
            return self.notes.remove(i)["params"].clone();
        }
        loop {
            let message = self.next();
            if message["method"] == method {
                return message["params"].clone();
            }
            self.notes.push(message);
        }
    }

    /// Opens the document holding `text`: the diagnostics published, and the log message
    /// sent before them (which games were checked).
    fn open(&mut self, text: &str) -> (Value, String) {
        let item = json!({"uri": URI, "languageId": "pdn", "version": 1, "text": text});
        self.notify("textDocument/didOpen", json!({ "textDocument": item }));
        self.published()
    }

    fn published(&mut self) -> (Value, String) {
        let published = self.notification("textDocument/publishDiagnostics");
        let log = self.notification("window/logMessage");
        (published, log["message"].as_str().unwrap().to_string())
    }

    /// The document is now `text`: as [`Client::open`].
    fn change(&mut self, version: i32, text: &str) -> (Value, String) {
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": {"uri": URI, "version": version},
                "contentChanges": [{"text": text}],
            }),
        );
        self.published()
    }

    fn at(&mut self, method: &str, line: u32, character: u32) -> Value {
        let params = json!({
            "textDocument": {"uri": URI},
            "position": {"line": line, "character": character},
        });
        self.request(method, params)
    }

    fn of_document(&mut self, method: &str) -> Value {
        let params =
            json!({"textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": true}});
        self.request(method, params)
    }

    /// Shutdown and exit: the exit code.
    fn finish(mut self) -> Option<i32> {
        assert_eq!(self.request("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        drop(self.stdin.take());
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            if started.elapsed() > WAIT {
                let _ = self.child.kill();
                panic!("pdnkit lsp did not exit after shutdown and exit");
            }
            thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One message of Content-Length framing; None at the end of the stream.
fn read_message(out: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if out.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    out.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

/// (line, character) of an LSP position.
fn place(p: &Value) -> (u64, u64) {
    (
        p["line"].as_u64().unwrap(),
        p["character"].as_u64().unwrap(),
    )
}

#[test]
fn diagnostics_are_validates_with_utf16_ranges() {
    let mut client = Client::start();
    let (published, log) = client.open(DOC);
    assert_eq!(log, "checked 2 of 2 games (1, 2)");
    assert_eq!(published["uri"], URI);
    let diagnostics = published["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "{published}");
    let d = &diagnostics[0];
    assert_eq!(d["code"], "illegal-move");
    assert_eq!(d["severity"], 1); // error
    assert_eq!(d["source"], "pdnkit");
    // By hand: line 6; before "d4-c5", "1. c3-d4 {ход 𝄞𝄞} f6-e5 2. " is 27 characters
    // (validate's column 28) and 29 UTF-16 units (each 𝄞 is two).
    assert_eq!(place(&d["range"]["start"]), (5, 29));
    assert_eq!(place(&d["range"]["end"]), (5, 34));
    let message = d["message"].as_str().unwrap();
    assert!(
        message.contains("game 1, move 2 (White) \"d4-c5\"") && message.contains("d4:f6"),
        "{message}"
    );
    // The same finding as validate prints for the same text.
    let (code, out, _) = on_stdin(&["validate", "--format", "short", "-"], DOC);
    assert_eq!(code, 1);
    let first = out.lines().next().unwrap();
    assert!(
        first.starts_with("<stdin>:6:28: error[illegal-move]: "),
        "{first}"
    );
    assert!(first.ends_with(message), "{first} / {message}");
    // The edit that fixes the move: no diagnostics, the first game checked again only.
    let fixed = DOC.replace("d4-c5", "d4:f6");
    let (published, log) = client.change(2, &fixed);
    assert_eq!(published["diagnostics"], json!([]), "{published}");
    assert_eq!(log, "checked 1 of 2 games (1)");
    assert_eq!(client.finish(), Some(0));
}

#[test]
fn hover_shows_the_board_before_the_move_and_its_legal_moves() {
    let mut client = Client::start();
    client.open(DOC);
    // On the illegal move (line 6, UTF-16 character 30: inside "d4-c5"): the position
    // after 1. c3-d4 f6-e5, worked by hand, where the capture d4:f6 is the only move.
    let hover = client.at("textDocument/hover", 5, 30);
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(
        text.contains(
            "FEN: W:Wa1,c1,e1,g1,i1,b2,d2,f2,h2,j2,a3,e3,g3,i3,d4:\
             Be5,b6,d6,h6,j6,a7,c7,e7,g7,i7,b8,d8,f8,h8,j8"
        ),
        "{text}"
    );
    assert!(text.contains("legal moves: d4:f6"), "{text}");
    assert!(text.contains("White to move"), "{text}");
    assert!(text.contains("Иванов - Петров"), "{text}");
    assert_eq!(place(&hover["range"]["start"]), (5, 29));
    assert_eq!(place(&hover["range"]["end"]), (5, 34));
    // On Black's first move of game 2 (line 13, "f6-e5" from character 9): after c3-d4.
    let hover = client.at("textDocument/hover", 12, 10);
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(text.contains("Black to move"), "{text}");
    assert!(text.contains("after ply 1 of 4"), "{text}");
    assert!(
        text.contains("FEN: B:Wa1,c1,e1,g1,i1,b2,d2,f2,h2,j2,a3,e3,g3,i3,d4:"),
        "{text}"
    );
    // Off any move: nothing.
    assert_eq!(client.at("textDocument/hover", 0, 3), Value::Null);
    assert_eq!(client.finish(), Some(0));
}

#[test]
fn formatting_is_fmts_text_and_symbols_and_folds_are_per_game() {
    let mut client = Client::start();
    client.open(DOC);
    let edits = client.of_document("textDocument/formatting");
    let edits = edits.as_array().unwrap();
    assert_eq!(edits.len(), 1, "{edits:?}");
    let (_, canonical, _) = on_stdin(&["fmt", "-"], DOC);
    assert_ne!(canonical, DOC);
    assert_eq!(edits[0]["newText"], canonical.as_str());
    assert_eq!(place(&edits[0]["range"]["start"]), (0, 0));
    assert_eq!(place(&edits[0]["range"]["end"]), (13, 0)); // after the last line break
    // Once canonical, nothing to change.
    client.change(2, &canonical);
    assert_eq!(client.of_document("textDocument/formatting"), json!([]));
    client.change(3, DOC);

    let symbols = client.of_document("textDocument/documentSymbol");
    let symbols = symbols.as_array().unwrap();
    assert_eq!(symbols.len(), 2);
    assert_eq!(symbols[0]["name"], "Иванов - Петров");
    assert_eq!(symbols[0]["detail"], "Клуб, *");
    assert_eq!(symbols[1]["name"], "Ann - Bob");
    assert_eq!(symbols[1]["detail"], "Кубок, 1-0");
    assert_eq!(place(&symbols[0]["range"]["start"]), (0, 0));
    // Game 1 ends after its result "*" on line 6: "1. c3-d4 {ход 𝄞𝄞} f6-e5 2. d4-c5 *" is
    // 36 UTF-16 units.
    assert_eq!(place(&symbols[0]["range"]["end"]), (5, 36));
    assert_eq!(place(&symbols[1]["range"]["start"]), (7, 0));

    let folds = client.of_document("textDocument/foldingRange");
    let lines: Vec<(u64, u64)> = folds
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["startLine"].as_u64().unwrap(),
                f["endLine"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(lines, [(0, 5), (7, 12)]);
    assert_eq!(client.finish(), Some(0));
}

/// `games` random games, the `bad`-th (from 1) opening with a move that is not legal
/// (`a1-b2`: b2 is White's own man); the line of that move (from 0).
fn archive(games: usize, bad: usize) -> (String, u64) {
    let out = command()
        .args(["random", "--games", &games.to_string(), "--seed", "7"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let starts: Vec<usize> = text.match_indices("[Event ").map(|(i, _)| i).collect();
    assert_eq!(starts.len(), games);
    let first_move = starts[bad - 1] + text[starts[bad - 1]..].find("\n1. ").unwrap() + 4;
    let end = first_move + text[first_move..].find(' ').unwrap();
    let mut text = text;
    text.replace_range(first_move..end, "a1-b2");
    let line = text[..first_move].matches('\n').count() as u64;
    (text, line)
}

#[test]
fn an_edit_checks_again_only_the_games_whose_text_changed() {
    let (text, bad_line) = archive(2000, 1500);
    let mut client = Client::start();
    let (published, log) = client.open(&text);
    assert!(log.starts_with("checked 2000 of 2000 games"), "{log}");
    let errors = |published: &Value| -> Vec<(u64, String)> {
        published["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["severity"] == 1)
            .map(|d| {
                (
                    d["range"]["start"]["line"].as_u64().unwrap(),
                    d["code"].to_string(),
                )
            })
            .collect()
    };
    let found = errors(&published);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, bad_line);
    // A tag of game 1234 edited: that game only is checked again.
    let event = text.match_indices("[Event ").nth(1233).unwrap().0;
    let mut edited = text.clone();
    edited.insert_str(event + "[Event \"".len(), "Edited ");
    let (_, log) = client.change(2, &edited);
    assert_eq!(log, "checked 1 of 2000 games (1234)");
    // Two lines put before every game: none is checked again, the error moves down by 2.
    let moved = format!("{{a comment}}\n\n{edited}");
    let (published, log) = client.change(3, &moved);
    assert_eq!(log, "checked 0 of 2000 games ()");
    assert_eq!(errors(&published)[0].0, bad_line + 2);
    // And validate places it there too.
    let (_, out, _) = on_stdin(&["validate", "--format", "short", "-"], &moved);
    let expected = format!("<stdin>:{}:", bad_line + 3);
    assert!(
        out.lines()
            .any(|l| l.starts_with(&expected) && l.contains("error[")),
        "{out}"
    );
    assert_eq!(client.finish(), Some(0));
}

#[test]
fn the_client_going_away_without_shutdown_is_exit_code_1() {
    let mut client = Client::start();
    drop(client.stdin.take());
    let started = Instant::now();
    let status = loop {
        if let Some(status) = client.child.try_wait().unwrap() {
            break status;
        }
        assert!(started.elapsed() < WAIT, "pdnkit lsp did not end");
        thread::sleep(Duration::from_millis(10));
    };
    assert_eq!(status.code(), Some(1));
}

/// A real client: headless Neovim opens a file with illegal moves and receives diagnostics
/// at the lines, columns and codes that `validate` prints (scripts/lsp-neovim.sh compares
/// them). Skipped, saying so, where Neovim is not installed (scripts/test installs it).
#[test]
fn neovim_receives_the_diagnostics_validate_prints() {
    let found = std::process::Command::new("nvim").arg("--version").output();
    if !found.is_ok_and(|out| out.status.success()) {
        eprintln!("skipped: no nvim on PATH (Debian package neovim)");
        return;
    }
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/lsp-neovim.sh");
    let child = std::process::Command::new(script)
        .arg(env!("CARGO_BIN_EXE_pdnkit"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("scripts/lsp-neovim.sh starts");
    let out = crate::harness::wait(child);
    assert_eq!(out.code, Some(0), "{}{}", out.stdout, out.stderr);
    // Both illegal moves of the script's file, at validate's places.
    assert!(out.stdout.contains("6:33:illegal-move"), "{}", out.stdout);
    assert!(out.stdout.contains("11:34:illegal-move"), "{}", out.stdout);
}
