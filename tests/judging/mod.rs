//! What the judge's tests share: running `labs judge` on a program, reading its table, and
//! finding the processes a test started that are still alive.

#![allow(dead_code, reason = "each test file uses only some of them")]

use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

pub const LABS: &str = env!("CARGO_BIN_EXE_labs");

/// Whether labs judges with its Linux backend (subreaper, cgroup, bubblewrap, `RLIMIT_AS`), not
/// the portable one (`--features portable-backend`).
pub fn linux_backend() -> bool {
    nqueens_labs::judge::process::guarantees().backend == "linux"
}

/// Whether test `tag` must be skipped because it needs the Linux backend, saying so and why.
pub fn skip_without_linux_backend(tag: &str, why: &str) -> bool {
    let skip = !linux_backend();
    if skip {
        eprintln!("{tag}: skipped, it needs the Linux backend: {why}");
    }
    skip
}

/// Sends `signal` to process `pid`, one this test started.
pub fn send(pid: u32, signal: rustix::process::Signal) {
    let pid = rustix::process::Pid::from_raw(pid as i32).expect("a process id is positive");
    rustix::process::kill_process(pid, signal).expect("the process is alive");
}

/// The environment variable that tags every process a test starts, down to the last grandchild
/// (unless a program clears its environment).
pub const TAG: &str = "LABS_TEST_TAG";

/// `labs judge <args> -- sh -c <script>`, in `dir`, tagged `tag`; `$L` in the script is labs.
pub fn command(args: &[&str], script: &str, tag: &str, dir: &Path) -> Command {
    let mut command = Command::new(LABS);
    command
        .arg("judge")
        .args(args)
        .args(["--", "sh", "-c", &format!("L={LABS}; {script}"), tag])
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("LC_ALL", "C")
        .env(TAG, tag);
    command
}

/// Runs `labs judge <args> -- sh -c <script>` in a fresh temporary directory.
pub fn judge(args: &[&str], script: &str, tag: &str) -> Output {
    let dir = tempfile::tempdir().unwrap();
    command(args, script, tag, dir.path()).output().unwrap()
}

/// Runs `labs <args>` in `dir`, tagged `tag`.
pub fn labs_in(dir: &Path, args: &[&str], tag: &str) -> Output {
    Command::new(LABS)
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("LC_ALL", "C")
        .env(TAG, tag)
        .output()
        .unwrap()
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// stderr, without the note a machine where bwrap does not work adds (tests/sandbox.rs checks it).
pub fn stderr(out: &Output) -> String {
    let text = String::from_utf8_lossy(&out.stderr);
    text.lines().filter(|l| !l.starts_with(SANDBOX_NOTE)).map(|l| format!("{l}\n")).collect()
}

/// How `labs judge` starts the note it prints when it judges without a sandbox.
pub const SANDBOX_NOTE: &str = "labs: note: judging without a sandbox: ";

/// The verdict column of each table row, in order.
pub fn verdicts(out: &Output) -> Vec<String> {
    stdout(out)
        .lines()
        .filter_map(|l| l.strip_prefix('│'))
        .filter_map(|l| l.split('┆').nth(1))
        .map(|v| v.trim().to_string())
        .filter(|v| v != "verdict" && v != "结果")
        .collect()
}

/// Live processes (not zombies) whose environment holds `TAG=tag`, with their command lines.
pub fn survivors(tag: &str) -> Vec<String> {
    let wanted = format!("{TAG}={tag}");
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| {
            let dir = e.ok()?.path();
            let environ = std::fs::read(dir.join("environ")).ok()?;
            environ.split(|&b| b == 0).any(|v| v == wanted.as_bytes()).then_some(())?;
            let stat = std::fs::read_to_string(dir.join("stat")).ok()?;
            let state = stat[stat.rfind(')')? + 1..].split_whitespace().next()?.to_string();
            let cmdline = std::fs::read(dir.join("cmdline")).ok()?;
            (state != "Z").then(|| String::from_utf8_lossy(&cmdline).replace('\0', " "))
        })
        .collect()
}

/// Asserts that nothing tagged `tag` is alive (after a moment for SIGKILL to land).
pub fn assert_nothing_survives(tag: &str) {
    let started = Instant::now();
    loop {
        let alive = survivors(tag);
        if alive.is_empty() {
            return;
        }
        assert!(started.elapsed() < Duration::from_secs(2), "still alive after the judge: {alive:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Waits (polling, at most 10 s) until a process tagged `tag` whose command line starts with
/// `what` is running (`labs` and the shell name it only further on).
pub fn wait_until_running(tag: &str, what: &str) {
    let started = Instant::now();
    while !survivors(tag).iter().any(|c| c.starts_with(what)) {
        assert!(started.elapsed() < Duration::from_secs(10), "{what} never started");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Starts `labs judge` without waiting for it.
pub fn spawn(args: &[&str], script: &str, tag: &str, dir: &Path) -> Child {
    command(args, script, tag, dir).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap()
}

/// A program in the style of document 002, written for these tests: one queen per row, three
/// flag arrays, n from stdin, an empty line after every board.
pub const QUEENS_CPP: &str = r#"#include <cstdio>
int n, at[16];
bool col[16], sum[32], dif[32];
void go(int r) {
    if (r == n) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) putchar(at[i] == j ? 'Q' : '.');
            putchar('\n');
        }
        putchar('\n');
        return;
    }
    for (int c = 0; c < n; c++) {
        if (col[c] || sum[r + c] || dif[r - c + n]) continue;
        col[c] = sum[r + c] = dif[r - c + n] = true;
        at[r] = c;
        go(r + 1);
        col[c] = sum[r + c] = dif[r - c + n] = false;
    }
}
int main() {
    scanf("%d", &n);
    go(0);
    return 0;
}
"#;

/// [`QUEENS_CPP`] as C11.
pub fn queens_c() -> String {
    QUEENS_CPP.replace("#include <cstdio>", "#include <stdio.h>\n#include <stdbool.h>")
}
