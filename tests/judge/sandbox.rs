//! `labs judge`'s sandbox against real programs that try to get out of it: write outside it,
//! reach the network, read the home directory, fork without end. Each is judged, each is bounded
//! by itself (a fork loop stops after 500 forks, a connection gives up after 2 s) and by the test
//! (its own deadline), and after each nothing it started is alive. Without bwrap these tests say
//! that they were skipped, unless `CI` is set: there a missing sandbox is a failure.

use crate::judging;
use crate::judging::student::{command, spawn};
use crate::judging::{LABS, SANDBOX_NOTE, Watched, assert_nothing_survives, cc, stderr, stdout, verdicts};
use std::os::unix::net::UnixListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// `tag`, the test's, if the sandbox works here; if not, says the test was skipped, and fails
/// under CI.
fn sandboxed(tag: &str) -> Option<&str> {
    if judging::skip_without_linux_backend(tag, "the portable backend has no sandbox") {
        return None;
    }
    match judging::sandbox_works() {
        Ok(_) => Some(tag),
        Err(why) if std::env::var_os("CI").is_some() => panic!("CI must have a working bwrap: {why}"),
        Err(why) => {
            crate::judging::skip(&format!("{tag}: SKIPPED, no sandbox here: {why}"));
            None
        }
    }
}

/// A directory outside `/tmp` (which the sandbox replaces anyway): under the build's target dir.
fn outside_tmp() -> tempfile::TempDir {
    tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap()
}

const SANDBOXED: &str = "sandbox: bubblewrap (read-only, no network, no home)";

#[test]
fn a_program_cannot_write_outside_its_sandbox() {
    let Some(tag) = sandboxed("sandbox-write") else { return };
    let (in_tmp, in_target) = (tempfile::tempdir().unwrap(), outside_tmp());
    let targets = [in_tmp.path().join("escaped"), in_target.path().join("escaped")];
    // It tries both, says how each failed on stderr, and then answers right: the writes are no
    // verdict, only their absence is checked.
    let script = format!(
        "for f in '{}' '{}'; do echo x > \"$f\"; done; touch ./mine /tmp/mine && $L run -f compact 4",
        targets[0].display(),
        targets[1].display()
    );
    let out = command(&["-f", "compact", "--n", "4"], &script, tag, in_target.path()).watched_output();
    assert_eq!(verdicts(&out), ["AC Accepted"], "{}", stdout(&out));
    assert!(stdout(&out).contains(SANDBOXED), "{}", stdout(&out));
    for target in &targets {
        assert!(!target.exists(), "{} was written", target.display());
    }
    assert!(!in_target.path().join("mine").exists(), "the working directory is the sandbox's own");
    assert_nothing_survives(tag);
}

#[test]
fn a_program_cannot_reach_a_listener_on_loopback() {
    let Some(tag) = sandboxed("sandbox-network") else { return };
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    // A connection that got through is exit code 3; one refused, the right answer.
    let connect = format!("python3 -c 'import socket; socket.create_connection((\"127.0.0.1\", {port}), timeout=2)'");
    let script = format!("{connect} && exit 3; $L run -f compact 4");
    let out = judging::student::judge(&["-f", "compact", "--n", "4", "--time-limit", "5"], &script, tag);
    assert_eq!(verdicts(&out), ["AC Accepted"], "{}", stdout(&out));
    // Nothing arrived while it ran, nor just after.
    let started = Instant::now();
    while started.elapsed() < Duration::from_millis(200) {
        match listener.accept() {
            Ok((_, from)) => panic!("a connection arrived from {from}"),
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => std::thread::sleep(Duration::from_millis(10)),
            Err(e) => panic!("{e}"),
        }
    }
    assert_nothing_survives(tag);
}

#[test]
fn a_program_sees_nothing_of_the_home_directory() {
    let Some(tag) = sandboxed("sandbox-home") else { return };
    let home = outside_tmp();
    // A home anyone may list, so that out of the sandbox even root's runs (nobody's) see it.
    chmod(home.path(), 0o755);
    std::fs::write(home.path().join("marker-of-the-user"), "private").unwrap();
    // Exit 3: it saw the marker; 4: it got it back by unmounting what hides it. By its path, not
    // $HOME: out of the sandbox too, a run's $HOME is its own fresh directory now.
    let script = "ls -A \"$U\" | grep -q marker && exit 3; umount \"$U\" 2>/dev/null; \
                  [ -e \"$U/marker-of-the-user\" ] && exit 4; $L run -f compact 4"
        .replace("$U", &home.path().display().to_string());
    let judge_home = |mode: &str| {
        command(&["-f", "compact", "--n", "4", "--sandbox", mode], &script, tag, home.path())
            .env("HOME", home.path())
            .watched_output()
    };
    let out = judge_home("on");
    assert_eq!(verdicts(&out), ["AC Accepted"], "{}", stdout(&out));
    // The same program out of the sandbox sees it: the test can tell.
    let out = judge_home("off");
    assert_eq!(verdicts(&out), ["RE Runtime Error"], "{}", stdout(&out));
    assert!(stdout(&out).contains("exit code 3"), "{}", stdout(&out));
    assert_nothing_survives(tag);
}

#[test]
fn a_fork_loop_is_too_many_processes_and_leaves_nothing() {
    let Some(tag) = sandboxed("sandbox-fork") else { return };
    let dir = tempfile::tempdir().unwrap();
    // At most 500 sleepers of 10 s: bounded even if no cap held it.
    let forks = "i=0; while [ $i -lt 500 ]; do sleep 10 & i=$((i+1)); done; wait";
    let started = Instant::now();
    let mut labs =
        spawn(&["-f", "compact", "--n", "4", "--time-limit", "5", "--max-processes", "16"], forks, tag, dir.path());
    // The test's own deadline, so that a broken cap cannot hold CI.
    while labs.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(15) {
            let _ = labs.kill();
            panic!("labs judge still running after 15 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = labs.wait_with_output().unwrap();
    assert_eq!(verdicts(&out), ["RE Runtime Error"], "{}", stdout(&out));
    assert!(stdout(&out).contains("too many processes: more than 16 at once (--max-processes)"), "{}", stdout(&out));
    // Ended at the cap, not at the time limit.
    assert!(started.elapsed() < Duration::from_secs(4), "took {:?}", started.elapsed());
    assert_nothing_survives(tag);
}

#[test]
fn without_bwrap_auto_says_why_once_and_on_refuses() {
    // No PATH: no bwrap, whether or not this machine has one; the program is named by its path.
    let judge_without = |mode: &str| {
        Command::new(LABS)
            .args(["judge", "-f", "compact", "--n", "1,2", "--sandbox", mode, "--", "/bin/sh", "-c", "echo Q"])
            .env("PATH", "/nonexistent")
            .env("NO_COLOR", "1")
            .current_dir(Path::new(env!("CARGO_TARGET_TMPDIR")))
            .watched_output()
    };
    let why = match judging::linux_backend() {
        true => "bwrap is not installed (Debian and Ubuntu: apt install bubblewrap)",
        false => "the portable backend has none (build labs without --features portable-backend for bubblewrap)",
    };
    let out = judge_without("auto");
    let text = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(text.matches(SANDBOX_NOTE).collect::<Vec<_>>().len(), 1, "the note, once: {text}");
    assert!(text.contains(why), "{text}");
    assert!(stdout(&out).contains("sandbox: none; "), "{}", stdout(&out));
    let out = judge_without("on");
    assert_eq!(
        (out.status.code(), stderr(&out)),
        (Some(2), format!("labs: --sandbox on, but there is no sandbox here: {why}\n"))
    );
}

/// A program that reaches for the host: it connects to the unix sockets at `sockets` (exit 3),
/// opens `secrets` (exit 4), finds each of `stand_ins` missing or not the empty stand-in the
/// sandbox puts over a `labs` (a character device: exit 5, so a test of hiding cannot pass for a
/// directory never shown), and runs `labs` by the path at `labs`, by name on `PATH` and as
/// `nq-copy` (a copy on `PATH` under another name) with a format the judge does not want (a Wrong
/// Answer). Reaching none, it answers n = 4 right.
fn reacher(sockets: &[&Path], secrets: &[&Path], stand_ins: &[&Path], labs: &str) -> String {
    let list = |paths: &[&Path]| paths.iter().map(|p| format!("\"{}\", ", p.display())).collect::<String>();
    format!(
        r#"#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
static const char *sockets[] = {{ {sockets}0 }};
static const char *secrets[] = {{ {secrets}0 }};
static const char *stand_ins[] = {{ {stand_ins}0 }};
int main(void) {{
    for (const char **p = sockets; *p; p++) {{
        int s = socket(AF_UNIX, SOCK_STREAM, 0);
        struct sockaddr_un to;
        memset(&to, 0, sizeof to);
        to.sun_family = AF_UNIX;
        strncpy(to.sun_path, *p, sizeof to.sun_path - 1);
        if (connect(s, (struct sockaddr *)&to, sizeof to) == 0) return 3;
        close(s);
    }}
    for (const char **p = secrets; *p; p++)
        if (open(*p, O_RDONLY) >= 0) return 4;
    for (const char **p = stand_ins; *p; p++) {{
        struct stat st;
        if (stat(*p, &st) != 0 || !S_ISCHR(st.st_mode)) return 5;
    }}
    execl("{labs}", "labs", "run", "-f", "leetcode", "4", (char *)0);
    execlp("labs", "labs", "run", "-f", "leetcode", "4", (char *)0);
    execlp("nq-copy", "nq-copy", "run", "-f", "leetcode", "4", (char *)0);
    fputs(".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n\n", stdout);
    return 0;
}}
"#,
        sockets = list(sockets),
        secrets = list(secrets),
        stand_ins = list(stand_ins),
    )
}

#[test]
fn a_program_reaches_no_host_socket_no_file_outside_and_no_labs() {
    let Some(tag) = sandboxed("sandbox-reach") else { return };
    // Sockets served on the host: in /tmp, outside it, and in /run where a system's live.
    let (in_tmp, in_target) = (tempfile::tempdir().unwrap(), outside_tmp());
    let mut paths = vec![in_tmp.path().join("host.sock"), in_target.path().join("host.sock")];
    let run_dir = tempfile::tempdir_in("/run").ok();
    paths.extend(run_dir.as_ref().map(|d| d.path().join("host.sock")));
    let listeners: Vec<UnixListener> = paths.iter().map(|p| UnixListener::bind(p).unwrap()).collect();
    // The first open to anyone, so that out of the sandbox even root's runs (nobody's) reach it.
    chmod(in_tmp.path(), 0o755);
    chmod(&paths[0], 0o777);
    // Another student's source beside the program, and what only root may read.
    let dir = outside_tmp();
    chmod(dir.path(), 0o755);
    let other = dir.path().join("other-student.c");
    std::fs::write(&other, "int main(void) { return 0; }\n").unwrap();
    let shadow = Path::new("/etc/shadow");
    let sockets: Vec<&Path> = paths.iter().map(PathBuf::as_path).collect();
    // A second `labs` on PATH, and a copy of it there under another name: the sandbox shows the
    // directory (it shows PATH's), and hides both behind its stand-in.
    let bin = outside_tmp();
    chmod(bin.path(), 0o755);
    let copies = ["labs", "nq-copy"].map(|name| bin.path().join(name));
    for copy in &copies {
        std::fs::copy(LABS, copy).unwrap();
        chmod(copy, 0o755);
    }
    let stand_ins: Vec<&Path> = copies.iter().map(PathBuf::as_path).collect();
    cc(dir.path(), "reacher", &reacher(&sockets, &[shadow, &other], &stand_ins, LABS));
    let path = std::env::join_paths(
        std::iter::once(bin.path().to_path_buf()).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let judge_in = |mode: &str| {
        Command::new(LABS)
            .args(["judge", "-f", "compact", "--n", "4", "--sandbox", mode, "--", "./reacher"])
            .current_dir(dir.path())
            .env("NO_COLOR", "1")
            .env("PATH", &path)
            .watched_output()
    };
    let out = judge_in("on");
    assert_eq!(verdicts(&out), ["AC Accepted"], "{}", stdout(&out));
    assert!(stdout(&out).contains(SANDBOXED), "{}", stdout(&out));
    for (listener, path) in listeners.iter().zip(&paths) {
        listener.set_nonblocking(true).unwrap();
        let accepted = listener.accept();
        assert!(accepted.is_err(), "{} was connected to", path.display());
    }
    // The same program out of the sandbox reaches the first socket: the test can tell.
    let out = judge_in("off");
    assert_eq!(verdicts(&out), ["RE Runtime Error"], "{}", stdout(&out));
    assert!(stdout(&out).contains("exit code 3"), "{}", stdout(&out));
    assert_nothing_survives(tag);
}

/// Whether the kernel keeps a reaped process's wait status for its pidfd (`PIDFD_INFO_EXIT`,
/// Linux 6.15 and later).
fn kernel_keeps_exit_status() -> bool {
    let release = std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap();
    let mut numbers = release.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse::<u32>().ok());
    (numbers.next().unwrap_or(0), numbers.next().unwrap_or(0)) >= (6, 15)
}

#[test]
fn an_exit_code_above_128_is_not_a_signal_in_the_sandbox() {
    let Some(tag) = sandboxed("sandbox-status") else { return };
    let dir = tempfile::tempdir().unwrap();
    cc(dir.path(), "exits", "#include <stdlib.h>\nint main(void) { exit(136); }\n");
    cc(dir.path(), "raises", "#include <signal.h>\nint main(void) { raise(SIGFPE); return 3; }\n");
    let detail = |program: &str| {
        let out = Command::new(LABS)
            .args(["judge", "-f", "compact", "--n", "1", "--sandbox", "on", "--", program])
            .current_dir(dir.path())
            .env("NO_COLOR", "1")
            .watched_output();
        let text = stdout(&out);
        assert!(text.contains(SANDBOXED), "{text}");
        text.lines()
            .find(|l| l.starts_with("n = 1:"))
            .unwrap_or_else(|| panic!("no detail line in:\n{text}"))
            .to_string()
    };
    let signal = "n = 1: RE Runtime Error: killed by signal 8 (SIGFPE: arithmetic error, such as a division by zero)";
    assert_eq!(detail("./raises"), signal);
    // Where the kernel does not keep the program's status, bwrap's exit code 136 is all there is.
    if kernel_keeps_exit_status() {
        assert_eq!(detail("./exits"), "n = 1: RE Runtime Error: exit code 136");
    } else {
        eprintln!("{tag}: exit(136) SKIPPED: this kernel has no PIDFD_INFO_EXIT (Linux 6.15+)");
    }
    assert_nothing_survives(tag);
}

/// Exits 3 if it runs as root, 4 if it reads `/etc/shadow`, 5 if it reads `other` (another
/// student's file), 6 if it cannot write its working directory; else answers n = 4.
fn not_root(other: &Path) -> String {
    r#"
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
    if (getuid() == 0 || geteuid() == 0 || getgid() == 0 || getegid() == 0) return 3;
    if (open("/etc/shadow", O_RDONLY) >= 0) return 4;
    if (open("OTHER", O_RDONLY) >= 0) return 5;
    if (open("./mine", O_WRONLY | O_CREAT, 0600) < 0 || open("/tmp/mine", O_WRONLY | O_CREAT, 0600) < 0) return 6;
    fputs(".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n\n", stdout);
    return 0;
}
"#
    .replace("OTHER", &other.display().to_string())
}

/// Sets `path`'s mode to `mode`.
fn chmod(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

#[test]
fn as_root_a_program_runs_as_nobody_and_reads_nothing_of_others_in_every_mode() {
    let tag = "sandbox-nobody";
    if judging::skip_without_linux_backend(tag, "the portable backend runs programs as labs's user") {
        return;
    }
    if !rustix::process::geteuid().is_root() {
        eprintln!("{tag}: SKIPPED, labs runs programs as nobody only when it runs as root; this user is not");
        return;
    }
    // A class folder anyone may enter, as the program must be reachable out of the sandbox; the
    // other student's source only its owner's (root's), as a student's own file is.
    let dir = outside_tmp();
    chmod(dir.path(), 0o755);
    let other = dir.path().join("other-student.c");
    std::fs::write(&other, "int main(void) { return 0; }\n").unwrap();
    chmod(&other, 0o600);
    let program = cc(dir.path(), "not-root", &not_root(&other));
    // A student's owner-only source builds too: the build gets a copy of its own.
    std::fs::write(dir.path().join("queens.c"), judging::queens_c()).unwrap();
    chmod(&dir.path().join("queens.c"), 0o600);
    let judge_in = |mode: &str, what: &[&std::ffi::OsStr]| {
        Command::new(LABS)
            .args(["judge", "-f", "acwing", "--n", "4", "--sandbox", mode])
            .args(what)
            .current_dir(dir.path())
            .env("NO_COLOR", "1")
            .watched_output()
    };
    let mut modes = vec!["off"];
    modes.extend(sandboxed(tag).map(|_| "on"));
    for mode in modes {
        let out = judge_in(mode, &["--".as_ref(), program.as_os_str()]);
        assert_eq!(verdicts(&out), ["AC Accepted"], "--sandbox {mode}: {}", stdout(&out));
        let out = judge_in(mode, &["queens.c".as_ref()]);
        assert_eq!(verdicts(&out), ["AC Accepted"], "--sandbox {mode}: {}{}", stdout(&out), stderr(&out));
    }
    assert!(!dir.path().join("mine").exists(), "the working directory is the run's own");
    assert_nothing_survives(tag);
}

/// Exits 3 if it made a user namespace (`unshare(CLONE_NEWUSER)`), 4 if it could not start a
/// thread or a process (which the bound must leave alone); else answers n = 4.
const USER_NAMESPACE: &str = r#"
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
static void *nothing(void *arg) { return arg; }
int main(void) {
    if (unshare(CLONE_NEWUSER) == 0) return 3;
    pthread_t thread;
    if (pthread_create(&thread, 0, nothing, 0) != 0 || pthread_join(thread, 0) != 0) return 4;
    pid_t child = fork();
    if (child == 0) _exit(0);
    if (child < 0 || waitpid(child, 0, 0) != child) return 4;
    fputs(".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n\n", stdout);
    return 0;
}
"#;

#[test]
fn a_program_makes_no_user_namespace_in_any_mode() {
    let tag = "sandbox-userns";
    if judging::skip_without_linux_backend(tag, "the portable backend sets no seccomp filter") {
        return;
    }
    let dir = outside_tmp();
    chmod(dir.path(), 0o755);
    let program = cc(dir.path(), "userns", USER_NAMESPACE);
    // The test can tell: a program that is not judged makes one, where the system lets it.
    let direct = Command::new(&program).watched_output();
    if direct.status.code() != Some(3) {
        eprintln!("{tag}: SKIPPED, user namespaces cannot be made here at all ({:?})", direct.status);
        return;
    }
    let mut modes = vec!["off"];
    modes.extend(sandboxed(tag).map(|_| "on"));
    for mode in modes {
        let out = Command::new(LABS)
            .args(["judge", "-f", "acwing", "--n", "4", "--sandbox", mode, "--"])
            .arg(&program)
            .current_dir(dir.path())
            .env("NO_COLOR", "1")
            .watched_output();
        assert_eq!(verdicts(&out), ["AC Accepted"], "--sandbox {mode}: {}", stdout(&out));
    }
    assert_nothing_survives(tag);
}
