//! Helpers shared by the integration tests (each test file uses some of them).
#![allow(dead_code)]

use pretty_assertions::assert_eq;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

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

/// Runs the built `labs args…` with `stdin` piped in.
pub fn labs(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_labs"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("labs starts");
    let mut input = child.stdin.take().unwrap();
    // A command that does not read stdin may close it first; that is not an error here.
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().unwrap()
}
