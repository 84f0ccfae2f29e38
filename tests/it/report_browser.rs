//! A headless Chromium driven over the Chrome DevTools Protocol, for the tests of the report
//! page (`report.rs`).
//!
//! Why not a crate: the protocol's Rust clients generate the whole protocol at build time or
//! bring an async runtime, for the handful of commands used here. This driver speaks the
//! protocol over `--remote-debugging-pipe` (JSON messages ended by a NUL byte on file
//! descriptors 3 and 4 of the browser): no port, no WebSocket, nothing on the network, and
//! no dependency beyond `libc` (to hand the pipes over) and `serde_json`.
//!
//! Chromium is Debian's (`/usr/bin/chromium`, or `$CHROMIUM`), installed by `scripts/test`
//! and `.ci/run`; without it the tests fail and say how to install it.

use serde_json::{Value, json};
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::os::fd::{FromRawFd, RawFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::thread;
use std::time::Duration;

/// Longest wait for one answer of the browser.
const WAIT: Duration = Duration::from_secs(60);

/// The flags the brief's machines need (no network: without them Chromium waits on
/// connection attempts), plus a fixed window for screenshots.
const FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
    "--mute-audio",
    "--remote-debugging-pipe",
];

pub fn chromium_path() -> PathBuf {
    std::env::var_os("CHROMIUM").map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from)
}

/// A browser with one page open.
pub struct Browser {
    child: Child,
    to_browser: File,
    from_browser: Receiver<Value>,
    next_id: u64,
    session: String,
    /// Events received so far (console messages, exceptions, log entries, page loads).
    pub events: Vec<Value>,
    _profile: tempfile::TempDir,
}

/// Two pipes whose ends are not inherited, as (read, write).
fn pipe() -> (RawFd, RawFd) {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe2 writes.
    let r = unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) };
    assert_eq!(r, 0, "pipe2: {}", std::io::Error::last_os_error());
    (fds[0], fds[1])
}

impl Browser {
    pub fn launch() -> Browser {
        let path = chromium_path();
        assert!(
            path.exists(),
            "{} not found: the report's browser tests need Debian's chromium; run \
             scripts/test (it installs it) or apt-get install chromium",
            path.display()
        );
        let profile = tempfile::tempdir().expect("a profile directory");
        let (browser_reads, we_write) = pipe();
        let (we_read, browser_writes) = pipe();
        let mut command = Command::new(&path);
        command
            .args(FLAGS)
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        // SAFETY: only async-signal-safe calls between fork and exec. The ends are first
        // moved above 10 so that placing one on 3 or 4 cannot close the other.
        unsafe {
            command.pre_exec(move || {
                let high_read = libc::fcntl(browser_reads, libc::F_DUPFD_CLOEXEC, 10);
                let high_write = libc::fcntl(browser_writes, libc::F_DUPFD_CLOEXEC, 10);
                if high_read < 0
                    || high_write < 0
                    || libc::dup2(high_read, 3) < 0
                    || libc::dup2(high_write, 4) < 0
                {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command.spawn().expect("chromium starts");
        // SAFETY: the descriptors were just created and each is owned once, here.
        let (to_browser, from_browser) = unsafe {
            libc::close(browser_reads);
            libc::close(browser_writes);
            (File::from_raw_fd(we_write), File::from_raw_fd(we_read))
        };
        let (sender, receiver) = channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(from_browser);
            let mut message = Vec::new();
            while reader.read_until(0, &mut message).is_ok_and(|n| n > 0) {
                message.pop();
                if let Ok(value) = serde_json::from_slice::<Value>(&message)
                    && sender.send(value).is_err()
                {
                    break;
                }
                message.clear();
            }
        });
        let mut browser = Browser {
            child,
            to_browser,
            from_browser: receiver,
            next_id: 0,
            session: String::new(),
            events: Vec::new(),
            _profile: profile,
        };
        let target = browser.send(None, "Target.createTarget", json!({"url": "about:blank"}));
        let target_id = target["targetId"]
            .as_str()
            .expect("a target id")
            .to_string();
        let attached = browser.send(
            None,
            "Target.attachToTarget",
            json!({"targetId": target_id, "flatten": true}),
        );
        browser.session = attached["sessionId"]
            .as_str()
            .expect("a session id")
            .to_string();
        for domain in ["Page.enable", "Runtime.enable", "Log.enable"] {
            browser.call(domain, json!({}));
        }
        browser.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": 1200, "height": 1000, "deviceScaleFactor": 1, "mobile": false}),
        );
        browser
    }

    /// Sends a command (to the page's session, or to the browser) and waits for its answer.
    fn send(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if let Some(session) = session {
            message["sessionId"] = json!(session);
        }
        let mut bytes = serde_json::to_vec(&message).expect("JSON");
        bytes.push(0);
        self.to_browser
            .write_all(&bytes)
            .expect("write to chromium");
        loop {
            let value = self
                .from_browser
                .recv_timeout(WAIT)
                .unwrap_or_else(|e| panic!("no answer from chromium to {method}: {e}"));
            if value["id"] == json!(id) {
                if let Some(error) = value.get("error") {
                    panic!("chromium refused {method}: {error}");
                }
                return value["result"].clone();
            }
            self.events.push(value);
        }
    }

    /// A command to the page.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.send(Some(&session), method, params)
    }

    /// Opens `file` and waits until it has loaded.
    pub fn open(&mut self, file: &Path) {
        let url = format!("file://{}", file.canonicalize().expect("page").display());
        let before = self.events.len();
        self.call("Page.navigate", json!({"url": url}));
        let loaded = |events: &[Value]| events.iter().any(|e| e["method"] == "Page.loadEventFired");
        while !loaded(&self.events[before..]) {
            let value = self
                .from_browser
                .recv_timeout(WAIT)
                .unwrap_or_else(|e| panic!("{url} did not load: {e}"));
            self.events.push(value);
        }
    }

    /// Evaluates a JavaScript expression in the page and returns its value.
    pub fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true}),
        );
        if let Some(exception) = result.get("exceptionDetails") {
            panic!("{expression} threw: {exception}");
        }
        result["result"]["value"].clone()
    }

    /// Presses and releases a key (`ArrowRight`, `Home`, ...) where the focus is.
    pub fn press(&mut self, key: &str) {
        let code = match key {
            "ArrowLeft" => 37,
            "ArrowRight" => 39,
            "Home" => 36,
            "End" => 35,
            "Tab" => 9,
            other => panic!("no key code for {other}"),
        };
        for kind in ["rawKeyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": key, "code": key,
                       "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code}),
            );
        }
    }

    /// Turns JavaScript off for the pages opened next.
    pub fn disable_scripts(&mut self) {
        self.call(
            "Emulation.setScriptExecutionDisabled",
            json!({"value": true}),
        );
    }

    /// A PNG of what the window shows.
    pub fn screenshot(&mut self) -> Vec<u8> {
        use base64::Engine;
        let shot = self.call("Page.captureScreenshot", json!({"format": "png"}));
        base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().expect("image data"))
            .expect("base64")
    }

    /// Console errors and warnings, uncaught exceptions and browser log errors (a blocked
    /// resource, a failed load) seen so far, as text.
    pub fn problems(&mut self) -> Vec<String> {
        // A last round trip, so that events sent before it are in.
        self.eval("1");
        self.events
            .iter()
            .filter_map(|e| {
                let p = &e["params"];
                match e["method"].as_str()? {
                    "Runtime.exceptionThrown" => {
                        Some(format!("exception: {}", p["exceptionDetails"]))
                    }
                    "Runtime.consoleAPICalled"
                        if matches!(p["type"].as_str(), Some("error" | "warning" | "assert")) =>
                    {
                        Some(format!("console {}: {}", p["type"], p["args"]))
                    }
                    "Log.entryAdded"
                        if matches!(p["entry"]["level"].as_str(), Some("error" | "warning")) =>
                    {
                        Some(format!("log: {}", p["entry"]))
                    }
                    _ => None,
                }
            })
            .collect()
    }
}

impl Drop for Browser {
    /// Asks the browser to close (so that it leaves its profile alone), then makes sure.
    fn drop(&mut self) {
        let close = b"{\"id\":0,\"method\":\"Browser.close\",\"params\":{}}\0";
        if self.to_browser.write_all(close).is_ok() {
            for _ in 0..100 {
                if matches!(self.child.try_wait(), Ok(Some(_))) {
                    return;
                }
                thread::sleep(Duration::from_millis(50));
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
