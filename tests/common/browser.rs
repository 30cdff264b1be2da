//! A headless Chromium driven over the Chrome DevTools Protocol, for the tests of the web page.
//!
//! The browser is started with `--remote-debugging-pipe`: it reads commands on its fd 3 and writes
//! answers and events on its fd 4, each a JSON text ended by a NUL byte. A pipe needs no port, no
//! network and no websocket crate: two `pipe2` calls and serde_json, which the crate has already.
//! The browser runs in a process group of its own, which [`Browser`]'s `Drop` kills whole (every
//! renderer with it) and waits for, on every path a test can take, a failed assertion included.
//! Every wait has a deadline: a reader thread hands each message over a channel read with a
//! timeout, so a browser that hangs fails the test instead of stalling it.

use serde_json::{Value, json};
use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long one command may take to be answered.
const ANSWER: Duration = Duration::from_secs(20);

/// What to tell a person whose machine has no browser.
pub const INSTALL: &str = "install Debian's `chromium` (apt-get install chromium), or set LABS_CHROMIUM to a \
                           Chromium or Chrome binary";

/// The Chromium binary to drive: `LABS_CHROMIUM`, else the first of the usual names on PATH.
pub fn find() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("LABS_CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| ["chromium", "chromium-browser", "google-chrome"].map(|name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// A running headless browser, killed with everything it started when dropped.
pub struct Browser {
    child: Child,
    commands: File,
    messages: Receiver<Value>,
    /// Events received while waiting for answers, oldest first.
    pub events: Vec<Value>,
    next_id: u64,
    profile: PathBuf,
}

/// One page (a tab) of the browser, by its CDP session.
pub struct Tab {
    session: String,
}

fn pipe() -> (OwnedFd, OwnedFd) {
    // Close-on-exec (as std makes every pipe), so the child keeps only the two ends it is given
    // as fds 3 and 4.
    let (read, write) = std::io::pipe().expect("pipe");
    (read.into(), write.into())
}

impl Browser {
    /// Starts `binary` headless, with a fresh profile in a temporary folder under `scratch`.
    pub fn launch(binary: &Path, scratch: &Path) -> Browser {
        let profile = scratch.join("chromium-profile");
        std::fs::create_dir_all(&profile).unwrap();
        let (their_in, our_out) = pipe();
        let (our_in, their_out) = pipe();
        let (read_fd, write_fd) = (their_in.as_raw_fd(), their_out.as_raw_fd());
        let mut command = Command::new(binary);
        command
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-extensions",
                "--hide-scrollbars",
                "--remote-debugging-pipe",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(File::create(scratch.join("chromium.log")).unwrap())
            .process_group(0);
        // SAFETY: between fork and exec only fcntl and dup2, async-signal-safe system calls on
        // descriptors the parent opened and keeps open until the spawn returns.
        unsafe {
            command.pre_exec(move || {
                // Copies above 10 first, as either end may itself be fd 3 or 4; dup2 then clears
                // close-on-exec on fds 3 and 4, which alone survive the exec.
                let (high_read, high_write) =
                    (libc::fcntl(read_fd, libc::F_DUPFD, 10), libc::fcntl(write_fd, libc::F_DUPFD, 10));
                if high_read < 0 || high_write < 0 || libc::dup2(high_read, 3) < 0 || libc::dup2(high_write, 4) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command.spawn().unwrap_or_else(|e| panic!("{} does not start: {e}", binary.display()));
        // Only the browser may hold its ends, so that its exit ends our reads.
        drop((their_in, their_out));
        let (sender, messages) = channel();
        let mut input = File::from(our_in);
        std::thread::spawn(move || {
            let mut pending = Vec::new();
            let mut buffer = [0u8; 1 << 16];
            while let Ok(read) = input.read(&mut buffer) {
                if read == 0 {
                    break;
                }
                pending.extend_from_slice(&buffer[..read]);
                while let Some(end) = pending.iter().position(|&b| b == 0) {
                    let message: Vec<u8> = pending.drain(..=end).collect();
                    if let Ok(value) = serde_json::from_slice(&message[..end])
                        && sender.send(value).is_err()
                    {
                        return;
                    }
                }
            }
        });
        Browser { child, commands: File::from(our_out), messages, events: Vec::new(), next_id: 0, profile }
    }

    /// The browser's process group, which holds everything it started.
    pub fn group(&self) -> i32 {
        self.child.id() as i32
    }

    /// Sends `method` (to a tab's session, or to the browser) and waits for its answer.
    pub fn call(&mut self, tab: Option<&Tab>, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if let Some(tab) = tab {
            message["sessionId"] = json!(tab.session);
        }
        let mut bytes = serde_json::to_vec(&message).unwrap();
        bytes.push(0);
        self.commands.write_all(&bytes).unwrap_or_else(|e| panic!("{method}: the browser is gone: {e}"));
        let deadline = Instant::now() + ANSWER;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.messages.recv_timeout(left) {
                Ok(answer) if answer["id"] == json!(id) => {
                    assert!(answer.get("error").is_none(), "{method}: {}", answer["error"]);
                    return answer["result"].clone();
                }
                Ok(event) => self.events.push(event),
                Err(RecvTimeoutError::Timeout) => panic!("{method}: no answer within {ANSWER:?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("{method}: the browser exited"),
            }
        }
    }

    /// Opens a new tab on about:blank, `width`×`height` CSS pixels, with network events on.
    pub fn tab(&mut self, width: u32, height: u32) -> Tab {
        self.zoomed_tab(width, height, 1.0)
    }

    /// A tab as a window of `width`×`height` CSS pixels shows it at browser zoom `zoom`: a
    /// 1024×768 screen at 150 % is `zoomed_tab(683, 512, 1.5)`, whose pixels are 1.5 device pixels
    /// wide (browser zoom and a device's scale both shrink the CSS viewport and scale its pixels).
    pub fn zoomed_tab(&mut self, width: u32, height: u32, zoom: f64) -> Tab {
        let target = self.call(None, "Target.createTarget", json!({ "url": "about:blank" }));
        let attached =
            self.call(None, "Target.attachToTarget", json!({ "targetId": target["targetId"], "flatten": true }));
        let tab = Tab { session: attached["sessionId"].as_str().unwrap().to_string() };
        self.call(Some(&tab), "Network.enable", json!({}));
        self.call(Some(&tab), "Page.enable", json!({}));
        let metrics = json!({ "width": width, "height": height, "deviceScaleFactor": zoom, "mobile": false });
        self.call(Some(&tab), "Emulation.setDeviceMetricsOverride", metrics);
        tab
    }

    /// Loads `url` in `tab` (a change of `#…` alone is a same-page navigation).
    pub fn open(&mut self, tab: &Tab, url: &str) {
        let navigated = self.call(Some(tab), "Page.navigate", json!({ "url": url }));
        assert!(navigated.get("errorText").is_none(), "{url}: {}", navigated["errorText"]);
    }

    /// The value of `expression` in `tab`, promises awaited.
    pub fn eval(&mut self, tab: &Tab, expression: &str) -> Value {
        let params = json!({ "expression": expression, "returnByValue": true, "awaitPromise": true });
        let result = self.call(Some(tab), "Runtime.evaluate", params);
        assert!(result.get("exceptionDetails").is_none(), "{expression}: {}", result["exceptionDetails"]);
        result["result"]["value"].clone()
    }

    /// Evaluates `expression` until it is true, or panics after `within` with what `describe`
    /// evaluates to then.
    pub fn wait_for(&mut self, tab: &Tab, expression: &str, within: Duration, describe: &str) {
        let deadline = Instant::now() + within;
        while self.eval(tab, expression) != json!(true) {
            if Instant::now() > deadline {
                panic!("waited {within:?} for `{expression}`; now {}", self.eval(tab, describe));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Presses and releases one key: `ArrowRight`, `ArrowLeft`, ` ` (space), `Enter`, `Escape`,
    /// or one printable character (`b`, `B`, `?`, `]`), which it types.
    pub fn key(&mut self, tab: &Tab, key: &str) {
        let typed = key.chars().count() == 1 && key != " ";
        let (code, vk) = match key {
            "ArrowRight" => ("ArrowRight", 39),
            "ArrowLeft" => ("ArrowLeft", 37),
            " " => ("Space", 32),
            "Enter" => ("Enter", 13),
            "Escape" => ("Escape", 27),
            _ if typed => ("", 0),
            other => panic!("no key code for {other:?}"),
        };
        // Enter types a carriage return, as a real keyboard's does; a character types itself.
        let text = if key == "Enter" {
            "\r"
        } else if typed {
            key
        } else {
            ""
        };
        for kind in ["rawKeyDown", "keyUp"] {
            let mut params = json!({ "type": kind, "key": key, "code": code, "windowsVirtualKeyCode": vk });
            if kind == "rawKeyDown" && !text.is_empty() {
                params["type"] = json!("keyDown");
                params["text"] = json!(text);
            }
            self.call(Some(tab), "Input.dispatchKeyEvent", params);
        }
    }

    /// Types `text` into what has focus, as an input method would.
    pub fn type_text(&mut self, tab: &Tab, text: &str) {
        self.call(Some(tab), "Input.insertText", json!({ "text": text }));
    }

    /// Clicks with the mouse in the middle of the first element `selector` matches, scrolled
    /// into sight first if it is not, as a person would scroll to it.
    pub fn click(&mut self, tab: &Tab, selector: &str) {
        let at = self.eval(
            tab,
            &format!(
                "(e => {{ const r = e.getBoundingClientRect(); if (r.top < 0 || r.bottom > innerHeight) e.scrollIntoView({{ block: 'center' }}); \
                 return (r => [r.x + r.width / 2, r.y + r.height / 2])(e.getBoundingClientRect()); }})(document.querySelector('{selector}'))"
            ),
        );
        let (x, y) = (at[0].as_f64().unwrap(), at[1].as_f64().unwrap());
        for kind in ["mousePressed", "mouseReleased"] {
            let params = json!({ "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1 });
            self.call(Some(tab), "Input.dispatchMouseEvent", params);
        }
    }

    /// Makes `tab`'s CSS media features say `features` (name, value), e.g. a dark colour scheme.
    pub fn media(&mut self, tab: &Tab, features: &[(&str, &str)]) {
        let features: Vec<Value> =
            features.iter().map(|(name, value)| json!({ "name": name, "value": value })).collect();
        self.call(Some(tab), "Emulation.setEmulatedMedia", json!({ "features": features }));
    }

    /// Turns scripts off in `tab`, as a course site's preview of a file may.
    pub fn without_scripts(&mut self, tab: &Tab) {
        self.call(Some(tab), "Emulation.setScriptExecutionDisabled", json!({ "value": true }));
    }

    /// A PNG of what `tab` shows, in base64 as CDP sends it ([`base64`] decodes it).
    pub fn screenshot(&mut self, tab: &Tab) -> String {
        let shot = self.call(Some(tab), "Page.captureScreenshot", json!({ "format": "png" }));
        shot["data"].as_str().unwrap().to_string()
    }

    /// The URLs of every request the browser's tabs sent, in order.
    pub fn requests(&self) -> Vec<String> {
        self.events
            .iter()
            .filter(|e| e["method"] == "Network.requestWillBeSent")
            .map(|e| e["params"]["request"]["url"].as_str().unwrap_or("?").to_string())
            .collect()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // Asked to close, the browser ends and reaps its own helpers; a short while is enough.
        let _ = self.commands.write_all(b"{\"id\":0,\"method\":\"Browser.close\"}\0");
        let deadline = Instant::now() + Duration::from_secs(3);
        while matches!(self.child.try_wait(), Ok(None)) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        // Then the whole group, whatever is left of it: zygotes, renderers, helpers.
        if let Some(group) = rustix::process::Pid::from_raw(self.group()) {
            let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
        }
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Decodes standard base64 (what CDP sends screenshots in).
pub fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=').map(value).collect();
    let mut bytes = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let word = chunk.iter().enumerate().fold(0u32, |w, (i, &d)| w | u32::from(d) << (18 - 6 * i));
        bytes.extend_from_slice(&word.to_be_bytes()[1..chunk.len()]);
    }
    bytes
}
