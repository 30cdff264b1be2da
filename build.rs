//! Names the build for `labs --version`: the commit it was built from and the target.
//!
//! The commit comes from git when the source is a clone (`git` on PATH, no network), else from the
//! `.cargo_vcs_info.json` that `cargo package` writes into a crates.io tarball, else it is unknown:
//! a build never fails for want of git. `LABS_COMMIT` is the short hash and the commit's date, or
//! empty; `LABS_TARGET` the target triple.

use std::path::Path;
use std::process::Command;

fn main() {
    let target = std::env::var("TARGET").unwrap_or_default();
    println!("cargo:rustc-env=LABS_TARGET={target}");
    let commit = from_git().or_else(from_tarball).unwrap_or_default();
    println!("cargo:rustc-env=LABS_COMMIT={commit}");
}

/// `abc123def456 (2026-12-01)` from the clone the build runs in, and the files that name the
/// current commit, so that a new commit or checkout runs this script again.
fn from_git() -> Option<String> {
    let git = |args: &[&str]| -> Option<String> {
        let out = Command::new("git").args(args).output().ok()?;
        let text = String::from_utf8(out.stdout).ok()?;
        (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
    };
    // Only this crate's own clone: a tarball unpacked inside another repository is not it.
    let top = git(&["rev-parse", "--show-toplevel"])?;
    let manifest = std::env::var("CARGO_MANIFEST_DIR").ok()?;
    if std::fs::canonicalize(top).ok()? != std::fs::canonicalize(manifest).ok()? {
        return None;
    }
    let commit = git(&["log", "-1", "--format=%h (%cs)", "--abbrev=12"])?;
    // A worktree has its own HEAD; the branch it points to lives in the common directory.
    for dir in [git(&["rev-parse", "--git-dir"]), git(&["rev-parse", "--git-common-dir"])].into_iter().flatten() {
        // Only files that exist: cargo counts a missing one as changed, and would rebuild the
        // crate on every command (a clone made by `git worktree` or `git init` has no packed-refs).
        for file in ["HEAD", "packed-refs"].map(|file| format!("{dir}/{file}")) {
            if Path::new(&file).exists() {
                println!("cargo:rerun-if-changed={file}");
            }
        }
    }
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"])
        && let Some(common) = git(&["rev-parse", "--git-common-dir"])
        && Path::new(&format!("{common}/{branch}")).exists()
    {
        println!("cargo:rerun-if-changed={common}/{branch}");
    }
    Some(commit)
}

/// The commit `cargo package` recorded in the tarball: its hash, shortened, without a date.
fn from_tarball() -> Option<String> {
    let dir = std::env::var("CARGO_MANIFEST_DIR").ok()?;
    let info = Path::new(&dir).join(".cargo_vcs_info.json");
    println!("cargo:rerun-if-changed={}", info.display());
    let text = std::fs::read_to_string(info).ok()?;
    let (_, after) = text.split_once("\"sha1\"")?;
    let hash: String =
        after.chars().skip_while(|c| !c.is_ascii_hexdigit()).take_while(char::is_ascii_hexdigit).collect();
    (hash.len() >= 12).then(|| hash[..12].to_string())
}
