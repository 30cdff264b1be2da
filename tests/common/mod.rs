//! Helpers shared by the integration tests.

#![allow(dead_code, reason = "each test file uses only some of them")]

pub mod browser;
pub mod console;

use pretty_assertions::assert_eq;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};

/// Compares `actual` with the golden file `tests/golden/<name>`, byte for byte, with a readable
/// diff on failure. `LABS_BLESS=1 cargo test` rewrites the file instead.
pub fn assert_golden(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    if std::env::var_os("LABS_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (LABS_BLESS=1 cargo test writes it)", path.display()));
    assert_eq!(expected, actual, "golden file {} differs", path.display());
}

/// Starts the built `labs` with `args`, its stdin, stdout and stderr all pipes, and none of the
/// variables that set width or colour from the environment the tests run in.
pub fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_labs"))
        .args(args)
        .env_remove("COLUMNS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("labs starts")
}

/// Runs the built `labs` with `args` and `stdin` piped in, and collects its exit and output.
pub fn labs(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = spawn(args);
    let mut input = child.stdin.take().unwrap();
    // A command that does not read stdin may close it first; that is not an error here.
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().unwrap()
}

/// Waits until process `pid` has a handler for `signal` (its `SigCgt` mask in /proc says so), so
/// that a test sends the signal once the program is ready for it, not after a guessed sleep.
/// Panics after ten seconds.
pub fn wait_until_it_catches(pid: u32, signal: u32) {
    let started = std::time::Instant::now();
    loop {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let caught = status
            .lines()
            .find_map(|l| l.strip_prefix("SigCgt:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .is_some_and(|mask| mask & (1 << (signal - 1)) != 0);
        if caught {
            return;
        }
        assert!(started.elapsed() < std::time::Duration::from_secs(10), "process {pid} never caught signal {signal}");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Bytes a test compares, as text (lossily: a test failure should still print).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Asserts a usage error: exit 2, `stdout` exactly, and `message` as the one stderr line.
pub fn assert_usage_error(args: &[&str], stdin: &[u8], stdout: &str, message: &str) {
    let out = labs(args, stdin);
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(2), stdout.to_string()), "labs {args:?} < {stdin:?}");
    assert_eq!(text(&out.stderr), format!("labs: {message}\n"), "labs {args:?} < {stdin:?}");
}
