//! `labs judge` against programs that try to escape it, hang it or outlive it, as a student's
//! program can, by accident or not. Every hostile program is bounded itself (`sleep 600`, not
//! forever; a memory hog that stops at 2 GiB), so that a broken guard cannot take CI down; and
//! after each test, nothing it started is alive.

#![cfg(target_os = "linux")]

mod judging;

#[path = "judge/sandbox.rs"]
mod sandbox;

#[path = "judge/channels.rs"]
mod channels;

#[path = "judge/start.rs"]
mod start;

use judging::student::{judge, spawn};
use judging::{LABS, Watched, assert_nothing_survives, cc, stderr, stdout, verdicts, wait_until_running};
use rustix::process::Signal;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn a_signal_to_labs_kills_everything_it_started_and_says_which() {
    for (signal, code, name) in
        [(Signal::INT, 130, "SIGINT"), (Signal::TERM, 143, "SIGTERM"), (Signal::HUP, 129, "SIGHUP")]
    {
        let tag = format!("hostile-signal-{name}");
        let dir = tempfile::tempdir().unwrap();
        // A grandchild in its own session (in its group, for the portable backend, which cannot
        // reach another session), and the program itself, both sleeping.
        let script = if judging::linux_backend() { "setsid sleep 600 & sleep 601" } else { "sleep 600 & sleep 601" };
        let labs = spawn(&["-f", "compact", "--n", "4", "--time-limit", "60"], script, &tag, dir.path());
        wait_until_running(&labs, "sleep 600");
        wait_until_running(&labs, "sleep 601");
        judging::send(labs.id(), signal);
        let out = labs.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(code), "{name}: {}", stderr(&out));
        assert!(stderr(&out).contains(&format!("stopped by signal {} ({name})", signal.as_raw())), "{}", stderr(&out));
        assert_nothing_survives(&tag);
    }
}

#[test]
fn ctrl_c_while_a_point_runs_reports_the_points_judged_before_and_exits_130() {
    let tag = "hostile-signal-partial";
    let dir = tempfile::tempdir().unwrap();
    // n = 4 and 5 answer at once; n = 6 sleeps until the signal comes.
    let script = "read n; case $n in 6) sleep 602 ;; *) $L run -f compact $n ;; esac";
    let labs = spawn(&["-f", "compact", "--n", "4..=8", "--time-limit", "60"], script, tag, dir.path());
    wait_until_running(&labs, "sleep 602");
    judging::send(labs.id(), Signal::INT);
    let out = labs.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    assert!(stderr(&out).contains("stopped by signal 2 (SIGINT)"), "{}", stderr(&out));
    assert_eq!(verdicts(&out), ["AC Accepted", "AC Accepted"], "{}", stdout(&out));
    let note = "Interrupted while n = 6 ran: n = 6..8 not judged; the verdicts above are the points judged before.";
    assert!(stdout(&out).replace("\n  ", " ").contains(note), "{}", stdout(&out));
    assert_nothing_survives(tag);
}

#[test]
fn a_setsid_grandchild_holding_stdout_neither_hangs_the_judge_nor_survives() {
    let tag = "hostile-setsid";
    if judging::skip_without_linux_backend(tag, "a setsid grandchild is out of the portable backend's reach") {
        return;
    }
    // The judgement takes some 0.3 s; the grandchild would hold stdout for 60: a bound of ten times
    // the one, far below the other, says the judge did not wait for it, even on loaded cores.
    let started = Instant::now();
    let out = judge(
        &["-f", "compact", "--n", "4", "--time-limit", "1"],
        "setsid sh -c 'sleep 60; echo late' & $L run -f compact 4",
        tag,
    );
    assert!(started.elapsed() < Duration::from_secs(20), "took {:?}", started.elapsed());
    assert_eq!(verdicts(&out), ["AC Accepted"], "{}", stdout(&out));
    assert_nothing_survives(tag);
}

#[test]
fn a_setsid_grandchild_that_keeps_the_program_waiting_is_a_timeout_within_the_wall_bound() {
    let tag = "hostile-setsid-wait";
    if judging::skip_without_linux_backend(tag, "a setsid grandchild is out of the portable backend's reach") {
        return;
    }
    // Waiting takes no CPU time: the wall-clock bound beside the 0.5 s limit (2 s) ends it,
    // long before the sleeper would (60 s; the bound below is ten times the judgement's 2 s).
    let started = Instant::now();
    let out = judge(&["-f", "compact", "--n", "4", "--time-limit", "0.5"], "setsid sleep 60 & wait", tag);
    assert!(started.elapsed() < Duration::from_secs(20), "took {:?}", started.elapsed());
    assert_eq!(verdicts(&out), ["TLE Time Limit Exceeded"]);
    let detail =
        "n = 4: TLE Time Limit Exceeded: wall time reached 2.00 s (the program waited, slept or was starved of CPU)";
    assert!(stdout(&out).contains(detail), "{}", stdout(&out));
    assert_nothing_survives(tag);
}

#[test]
fn a_double_fork_is_found_and_killed() {
    let tag = "hostile-double-fork";
    let note = "note: it left 1 process running after it ended; the judge killed it";
    // Without the sandbox the judge finds the sleeper and says so; in it, the PID namespace ends
    // the sleeper with the program, before anything can count it, and nothing is noted.
    for sandbox in ["off", "auto"] {
        let out =
            judge(&["-f", "compact", "--n", "4", "--sandbox", sandbox], "(sleep 600 &); $L run -f compact 4", tag);
        assert_eq!(verdicts(&out), ["AC Accepted"], "{}", stdout(&out));
        // The portable backend kills the sleeper with the group but cannot count it.
        let counted = judging::linux_backend() && !stdout(&out).contains("sandbox: bubblewrap");
        assert_eq!(stdout(&out).contains(note), counted, "--sandbox {sandbox}: {}", stdout(&out));
        assert_nothing_survives(tag);
    }
}

#[test]
fn a_child_that_closes_its_descriptors_and_sleeps_does_not_survive() {
    let tag = "hostile-closed-fds";
    let out = judge(&["-f", "compact", "--n", "4"], "(exec 0<&- 1>&- 2>&-; sleep 600) & $L run -f compact 4", tag);
    assert_eq!(verdicts(&out), ["AC Accepted"], "{}", stdout(&out));
    assert_nothing_survives(tag);
}

#[test]
fn an_endless_loop_is_killed_with_everything_it_started() {
    let tag = "hostile-endless-loop";
    let out = judge(&["-f", "compact", "--n", "4", "--time-limit", "0.3"], "sleep 600 & while :; do :; done", tag);
    assert_eq!(verdicts(&out), ["TLE Time Limit Exceeded"]);
    assert_nothing_survives(tag);
}

#[test]
fn a_memory_hog_is_a_memory_limit_exceeded_with_its_traceback() {
    let tag = "hostile-memory";
    if judging::skip_without_linux_backend(tag, "the portable backend holds no memory limit") {
        return;
    }
    // At most 2 GiB, a MiB at a time: bounded even if no limit held it.
    let hog = "python3 -c 'b = []\nwhile len(b) < 2048: b.append(bytearray(1 << 20))'";
    let out = judge(&["-f", "compact", "--n", "4", "--memory-limit", "64"], hog, tag);
    assert_eq!(verdicts(&out), ["MLE Memory Limit Exceeded"], "{}", stdout(&out));
    assert!(stdout(&out).contains("  | MemoryError"), "{}", stdout(&out));
    // The peak shown is near the limit, not the 2 GiB the program asked for.
    let row = stdout(&out).lines().find(|l| l.contains("MLE")).unwrap().to_string();
    assert!(row.contains(" MiB"), "{row}");
    assert_nothing_survives(tag);
}

#[test]
fn stderr_is_not_output_and_has_its_own_cap() {
    let tag = "hostile-stderr";
    // 2 MB on stderr, far past the 1000-byte output cap, then the right output.
    let noisy = "head -c 2000000 /dev/zero | tr '\\0' x >&2; $L run -f compact 4";
    let out = judge(&["-f", "compact", "--n", "4", "--output-limit", "1000"], noisy, tag);
    assert_eq!(verdicts(&out), ["AC Accepted"], "{}", stdout(&out));
    // The right boards on stderr only: nothing was printed, in order (the strict comparison's
    // words) and in any order (AcWing's, compact's preset, which counts the boards missing).
    let on_stderr = "$L run -f compact 4 >&2";
    let out = judge(&["-f", "compact", "--n", "4", "--in-order"], on_stderr, tag);
    assert_eq!(verdicts(&out), ["WA Wrong Answer"]);
    assert!(stdout(&out).contains(r#"line 1: expected ".Q..", got end of output"#), "{}", stdout(&out));
    let out = judge(&["-f", "compact", "--n", "4"], on_stderr, tag);
    assert_eq!(verdicts(&out), ["WA Wrong Answer"]);
    assert!(stdout(&out).contains("2 of 2 solutions missing"), "{}", stdout(&out));
    assert!(stdout(&out).contains("printed nothing on stdout, and 42 bytes on stderr"), "{}", stdout(&out));
    assert_nothing_survives(tag);
}

#[test]
fn an_over_cap_writer_is_output_limit_exceeded_every_time() {
    let tag = "hostile-over-cap";
    for run in 0..50 {
        let out = judge(&["-f", "compact", "--n", "4", "--output-limit", "100"], "head -c 5000 /dev/zero", tag);
        assert_eq!(verdicts(&out), ["OLE Output Limit Exceeded"], "run {run}");
    }
    let out = judge(&["-f", "compact", "--n", "4", "--output-limit", "100000"], "yes", tag);
    assert_eq!(verdicts(&out), ["OLE Output Limit Exceeded"]);
    assert_nothing_survives(tag);
}

#[test]
fn a_crash_shows_the_end_of_stderr_with_control_characters_made_visible() {
    let tag = "hostile-crash";
    let out = judge(&["-f", "compact", "--n", "4"], "printf 'boom\\r\\033[2J\\000\\n' >&2; kill -SEGV $$", tag);
    assert_eq!(verdicts(&out), ["RE Runtime Error"]);
    let text = stdout(&out);
    assert!(text.contains("killed by signal 11 (SIGSEGV"), "{text}");
    assert!(text.contains("  | boom\\r\\e[2J\\0"), "{text}");
    assert!(!text.contains('\x1b') && !text.contains('\r') && !text.contains('\0'), "{text:?}");
    assert_nothing_survives(tag);
}

/// A program that looks for what `labs` had: its environment (the instructor's token, the
/// grader's home) and its open descriptors (fd 7 here, opened for appending by the shell that
/// started `labs`). It writes into every descriptor from 3 on that takes a write, prints the
/// token if it has one, fails with 4 if `HOME` or `TMPDIR` is not its working directory, and
/// answers n = 4 right otherwise.
const SNOOP: &str = r#"#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(void) {
    for (int fd = 3; fd < 1024; fd++) write(fd, "escaped\n", 8);
    const char *secret = getenv("SECRET_TOKEN");
    if (secret) { printf("%s\n", secret); return 0; }
    char here[4096];
    const char *home = getenv("HOME"), *tmp = getenv("TMPDIR");
    if (!getcwd(here, sizeof here) || !home || !tmp || strcmp(home, here) || strcmp(tmp, here)) return 4;
    fputs(".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n\n", stdout);
    return 0;
}
"#;

#[test]
fn a_run_gets_a_clean_environment_and_no_descriptor_but_0_1_2() {
    let dir = tempfile::tempdir().unwrap();
    cc(dir.path(), "snoop", SNOOP);
    let outside = dir.path().join("outside.txt");
    for sandbox in ["off", "auto"] {
        // fd 7 opened for appending by a shell, as `labs judge … 7>>outside.txt` does.
        let shell = format!("exec 7>>'{}'; exec \"$0\" \"$@\"", outside.display());
        let out = Command::new("sh")
            .args(["-c", &shell, LABS, "judge", "-f", "compact", "--n", "4", "--sandbox", sandbox, "--", "./snoop"])
            .current_dir(dir.path())
            .env("SECRET_TOKEN", "instructor-secret-4711")
            .env("NO_COLOR", "1")
            .env("LC_ALL", "C")
            .watched_output();
        let report = format!("{}{}", stdout(&out), stderr(&out));
        assert_eq!(verdicts(&out), ["AC Accepted"], "--sandbox {sandbox}: {report}");
        assert!(!report.contains("instructor-secret"), "{report}");
        assert_eq!(std::fs::read_to_string(&outside).unwrap_or_default(), "", "--sandbox {sandbox}: fd 7 reached");
        assert_nothing_survives("snoop");
    }
}

/// The pids cgroup directories `labs` processes make their runs' groups in, if there is one here.
fn pids_cgroup_dir() -> Option<std::path::PathBuf> {
    let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = own.lines().find_map(|l| l.split_once(":pids:").map(|(_, p)| p.trim_start_matches('/').to_string()))?;
    Some(Path::new("/sys/fs/cgroup/pids").join(path)).filter(|d| d.is_dir())
}

/// The entries of `dir` whose names start with `prefix`.
fn entries(dir: &Path, prefix: &str) -> Vec<String> {
    let names = std::fs::read_dir(dir).into_iter().flatten().flatten();
    names.map(|e| e.file_name().to_string_lossy().into_owned()).filter(|n| n.starts_with(prefix)).collect()
}

/// The folders in `dir` whose names start with `prefix`, each checked to have its lock file
/// beside it (`NAME.lock`), as every folder labs makes there has.
fn locked_folders(dir: &Path, prefix: &str) -> Vec<String> {
    let all = entries(dir, prefix);
    let folders: Vec<String> = all.iter().filter(|n| dir.join(n).is_dir()).cloned().collect();
    for folder in &folders {
        assert!(all.contains(&format!("{folder}.lock")), "{folder} has no lock file beside it: {all:?}");
    }
    folders
}

#[test]
fn what_a_labs_killed_during_a_build_left_is_removed_by_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let answer = r#"fn main() { print!(".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n\n"); }"#;
    std::fs::write(dir.path().join("queens.rs"), answer).unwrap();
    std::fs::write(dir.path().join("queens.c"), judging::queens_c()).unwrap();
    let judge_source = |source: &str| {
        let mut command = Command::new(LABS);
        command.args(["judge", "-f", "compact", "--n", "4", source]).current_dir(dir.path()).env("TMPDIR", &tmp);
        command
    };
    let mut labs = judge_source("queens.rs").stdout(Stdio::null()).stderr(Stdio::null()).watched_spawn();
    // Named by what they are for, then the pid: labs-judge-build-<pid>-…, labs-judge-run-<pid>-….
    let prefix = format!("labs-judge-build-{}-", labs.id());
    let started = Instant::now();
    while locked_folders(&tmp, &prefix).is_empty() {
        assert!(started.elapsed() < Duration::from_secs(10), "the build never started");
        std::thread::sleep(Duration::from_millis(2));
    }
    judging::send(labs.id(), Signal::KILL);
    labs.wait().unwrap();
    assert_eq!(locked_folders(&tmp, &prefix).len(), 1, "the killed labs left its build directory");
    let cgroups = pids_cgroup_dir();
    let groups = format!("labs-judge-run-{}-", labs.id());
    let left = cgroups.as_deref().map(|d| entries(d, &groups)).unwrap_or_default();
    let out = judge_source("queens.c").watched_output();
    assert_eq!(verdicts(&out), ["AC Accepted"], "{}{}", stdout(&out), stderr(&out));
    assert_eq!(entries(&tmp, &prefix), Vec::<String>::new(), "the next labs removes the stale build directory");
    match cgroups {
        Some(cgroups) if !left.is_empty() => {
            assert_eq!(entries(&cgroups, &groups), Vec::<String>::new(), "the next labs removes {left:?}");
        }
        _ => eprintln!("SKIPPED the cgroup part: no pids cgroup of a run was left here (not root, or none made)"),
    }
    assert_nothing_survives("killed during a build");
}

#[test]
fn a_labs_killed_during_a_run_leaves_its_directory_to_the_next_labs() {
    // Killed from outside (no run may send SIGKILL, the seccomp filter refuses it), as an
    // administrator or the out-of-memory killer would; as root, runs are nobody's, so labs runs as
    // nobody too (a user, as most graders are).
    let dir = tempfile::tempdir().unwrap();
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    use std::os::unix::fs::PermissionsExt;
    for (path, mode) in [(dir.path(), 0o755), (tmp.as_path(), 0o777)] {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    }
    let as_user = |args: &[&str]| {
        let mut command = judging::labs_as_a_user();
        command.args(args).current_dir(dir.path()).env("TMPDIR", &tmp).env("NO_COLOR", "1");
        command
    };
    let judged = ["judge", "-f", "compact", "--n", "4", "--sandbox", "off", "--", "sleep", "1"];
    let mut labs = as_user(&judged).stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null()).watched_spawn();
    // The run's program started, in its directory (killed earlier, labs may leave a child between
    // fork and exec that holds the directory's lock until it execs).
    let running_in_tmp = || {
        std::fs::read_dir("/proc").unwrap().flatten().any(|e| {
            let cwd = std::fs::read_link(e.path().join("cwd")).unwrap_or_default();
            let comm = std::fs::read_to_string(e.path().join("comm")).unwrap_or_default();
            comm == "sleep\n" && cwd.starts_with(&tmp)
        })
    };
    let started = Instant::now();
    while !running_in_tmp() {
        assert!(started.elapsed() < Duration::from_secs(20), "labs never started its run");
        std::thread::sleep(Duration::from_millis(5));
    }
    judging::send(labs.id(), rustix::process::Signal::KILL);
    assert_eq!(labs.wait().unwrap().code(), None, "labs was killed");
    // Its run's directory, and the folder where the judge keeps the run's stderr for its search.
    assert_eq!(locked_folders(&tmp, "labs-judge-run-").len(), 1, "the killed labs left its run's directory");
    assert_eq!(locked_folders(&tmp, "labs-judge-events-").len(), 1, "the killed labs left its stderr's folder");
    assert_eq!(locked_folders(&tmp, "labs-judge-").len(), 2, "the killed labs left another folder");
    let out = as_user(&["judge", "-f", "compact", "--n", "4", "--sandbox", "off", "--", "true"]).watched_output();
    assert_eq!(verdicts(&out), ["WA Wrong Answer"], "{}{}", stdout(&out), stderr(&out));
    assert_eq!(entries(&tmp, "labs-judge-"), Vec::<String>::new(), "the next labs removes the stale directory");
    // The orphaned `sleep 1` ends by itself.
    let started = Instant::now();
    while !judging::survivors().is_empty() && started.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_nothing_survives("a killed labs");
}

/// A program that leaves a child behind whose run tag (`LABS_JUDGE_RUN`) it rewrote in place,
/// in the memory `/proc/<pid>/environ` reads, and then answers n = 4 right.
const RETAGGED: &str = r#"#include <stdio.h>
#include <string.h>
#include <unistd.h>
extern char **environ;
int main(void) {
    if (fork() == 0) {
        for (char **e = environ; *e; e++)
            if (strncmp(*e, "LABS_JUDGE_RUN=", 15) == 0)
                memset(*e + 15, 'x', strlen(*e + 15));
        close(0); close(1); close(2);
        sleep(600);
        return 0;
    }
    usleep(100000);
    fputs(".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n\n", stdout);
    return 0;
}
"#;

#[test]
fn a_child_that_rewrites_its_run_tag_is_still_found_and_killed() {
    let dir = tempfile::tempdir().unwrap();
    cc(dir.path(), "retagged", RETAGGED);
    // Without the sandbox and without a process cap (so no cgroup): only the guard's walk of
    // its tree can find the child.
    let out = Command::new(LABS)
        .args(["judge", "-f", "compact", "--n", "4", "--sandbox", "off", "--max-processes", "0", "--", "./retagged"])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .watched_output();
    assert_eq!(verdicts(&out), ["AC Accepted"], "{}", stdout(&out));
    // The portable backend kills the child with the group, but counts no processes to say so.
    if judging::linux_backend() {
        let note = "note: it left 1 process running after it ended; the judge killed it";
        assert!(stdout(&out).contains(note), "{}", stdout(&out));
    }
    assert_nothing_survives("retagged");
}

/// A fork chain: each process forks the next and exits at once, so that at most two of a chain
/// are alive at a time and each pid the judge reads is gone a moment later. `argv[1]` says how
/// many chains (`parallel`: 8) and whether each process first leaves its session (`setsid`);
/// `argv[2]` = `spin` keeps the program busy until the time limit, else it answers n = 4 right
/// and exits with the chains still running. Every chain ends by itself after 3 s.
const FORK_CHAIN: &str = r#"#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
int main(int argc, char **argv) {
    const char *how = argc > 1 ? argv[1] : "";
    double until = now() + 3;
    int chains = strcmp(how, "parallel") == 0 ? 8 : 1;
    for (int i = 0; i < chains; i++) {
        if (fork() != 0) continue;
        while (now() < until) {
            if (strcmp(how, "setsid") == 0) setsid();
            if (fork() > 0) _exit(0);
        }
        _exit(0);
    }
    if (argc > 2 && strcmp(argv[2], "spin") == 0) while (now() < until) {}
    usleep(20000);
    fputs(".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n\n", stdout);
    return 0;
}
"#;

#[test]
fn a_fork_chain_is_judged_for_what_it_did_and_nothing_of_it_survives_in_any_mode() {
    let tag = "hostile-fork-chain";
    if judging::skip_without_linux_backend(tag, "the portable backend cannot reach a chain that leaves its group") {
        return;
    }
    // Out of /tmp (which the sandbox replaces) and open to nobody, who runs labs in two modes.
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let chain = cc(dir.path(), "chain", FORK_CHAIN);
    let root = rustix::process::geteuid().is_root();
    for (user, mode) in [("root", "off"), ("root", "on"), ("nobody", "off"), ("nobody", "on")] {
        let this = format!("{tag} as {user}, --sandbox {mode}");
        if user == "root" && !root {
            eprintln!("{this}: SKIPPED, the test does not run as root");
            continue;
        }
        // As root labs has its cgroups; as nobody (setpriv, when the test is root) none.
        let judge = |args: &[&str], time: &str| {
            let mut command = if user == "nobody" { judging::labs_as_a_user() } else { Command::new(LABS) };
            // A memory limit far above the chains' own: with a memory cgroup, the kernel's memory
            // for hundreds of short-lived processes counts too, and on a loaded machine (whose
            // deferred frees lag) it reached the default 64 MiB once in a few runs. Memory is not
            // what this test is about.
            let limits = ["--time-limit", time, "--memory-limit", "512"];
            command.args(["judge", "-f", "compact", "--n", "4"]).args(limits).args(["--sandbox", mode, "--"]);
            command.arg(&chain).args(args).current_dir(dir.path()).env("NO_COLOR", "1").env("LC_ALL", "C");
            command.watched_output()
        };
        // Until the time limit, with 8 chains: their orphans end faster than a loaded machine
        // runs their reaper, and each counts against the 128-process cap until it is reaped.
        // Two alive at a time per chain are not too many processes at once.
        let out = judge(&["parallel", "spin"], "0.3");
        // Asked of labs, not of the library in this process: a guard here would take the other
        // tests' processes (children of this process too) for its run's.
        if mode == "on" && out.status.code() == Some(2) && stderr(&out).contains("bwrap") {
            crate::judging::skip(&format!("{this}: SKIPPED, no sandbox here: {}", stderr(&out).trim()));
            continue;
        }
        assert_eq!(verdicts(&out), ["TLE Time Limit Exceeded"], "{this}, 8 chains: {}", stdout(&out));
        assert_nothing_survives(&this);
        // Left running when the program answered and exited: out of the sandbox the judge
        // found and killed it, and says so; in it, the PID namespace ended it. As nobody out of
        // the sandbox (no cgroup) the chain was sometimes found already ended when the program
        // ended (6 of 30 runs of one chain, cause not found): there only its end is asserted.
        // Under a limit of 2 s: the chains' CPU counts in the run's until the program ends, and
        // 8 of them took 384 ms of it in the 241 ms a loaded machine took to end it (a TLE under
        // 300 ms, seen in CI).
        for how in ["one", "setsid", "parallel"] {
            let out = judge(&[how], "2");
            assert_eq!(verdicts(&out), ["AC Accepted"], "{this}, {how}: {}", stdout(&out));
            let noted = stdout(&out).contains("running after it ended; the judge killed");
            if user == "root" || mode == "on" {
                assert_eq!(noted, mode == "off", "{this}, {how}: {}", stdout(&out));
            }
            assert_nothing_survives(&this);
        }
    }
}

/// What a run tries against every `labs` it runs under (its parent, theirs… up to the first, by
/// the `PPid` lines of `/proc/<pid>/status`, those whose `comm` is `labs`; the rest, this test and
/// the shell that started it, are no `labs` to hold): open its `/proc/<pid>/mem`, `environ`, `fd/`
/// and `fdinfo/`, open each of its descriptors `/proc/<pid>/fd/N` (the instructor's terminal, a
/// grader's journal) and write a fake verdict and terminal escapes into it, take them with
/// `pidfd_getfd` and do the same, and `PTRACE_ATTACH` to it. `attack_ancestors()` prints a line
/// on stdout for each that worked, a Wrong Answer, and says whether any did; one that meets no
/// `labs` above it out of a PID namespace of its own (so attacked nothing) says so too.
const ATTACK: &str = r#"#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
static const char FAKE[] = "FAKE: all students AC\n\033]0;owned\007\033]8;;http://x/\033\\link\033]8;;\033\\\033[2J";
static int escaped;
static void got(const char *what, int pid, int n) {
    printf("ESCAPED: %s of %d (%d)\n", what, pid, n);
    escaped = 1;
}
static int parent_of(int pid) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    FILE *f = fopen(path, "r");
    int ppid = 0;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "PPid: %d", &ppid) == 1) break;
    if (f) fclose(f);
    return ppid;
}
static void attack(int pid) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/mem", pid);
    if (open(path, O_RDONLY) >= 0) got("mem", pid, 0);
    snprintf(path, sizeof path, "/proc/%d/environ", pid);
    if (open(path, O_RDONLY) >= 0) got("environ", pid, 0);
    snprintf(path, sizeof path, "/proc/%d/fd", pid);
    DIR *dir = opendir(path);
    if (dir && readdir(dir)) got("fd/", pid, 0);
    if (dir) closedir(dir);
    for (int n = 0; n < 256; n++) {
        char target[256];
        snprintf(path, sizeof path, "/proc/%d/fd/%d", pid, n);
        if (readlink(path, target, sizeof target) >= 0) got("readlink fd", pid, n);
        int fd = open(path, O_RDWR | O_APPEND);
        if (fd < 0) fd = open(path, O_WRONLY | O_APPEND);
        if (fd >= 0 && write(fd, FAKE, sizeof FAKE - 1) >= 0) got("fd", pid, n);
        snprintf(path, sizeof path, "/proc/%d/fdinfo/%d", pid, n);
        if (open(path, O_RDONLY) >= 0) got("fdinfo", pid, n);
    }
    int pidfd = syscall(SYS_pidfd_open, pid, 0);
    for (int n = 0; pidfd >= 0 && n < 256; n++) {
        int fd = syscall(SYS_pidfd_getfd, pidfd, n, 0);
        if (fd >= 0 && write(fd, FAKE, sizeof FAKE - 1) >= 0) got("pidfd_getfd", pid, n);
    }
    if (ptrace(PTRACE_ATTACH, pid, 0, 0) == 0) {
        got("ptrace", pid, 0);
        waitpid(pid, 0, __WALL);
        ptrace(PTRACE_DETACH, pid, 0, 0);
    }
}
static int is_labs(int pid) {
    char path[64], comm[32] = "";
    snprintf(path, sizeof path, "/proc/%d/comm", pid);
    FILE *f = fopen(path, "r");
    if (f && !fgets(comm, sizeof comm, f)) comm[0] = 0;
    if (f) fclose(f);
    return strcmp(comm, "labs\n") == 0;
}
static int attack_ancestors(void) {
    int walked = 0, found = 0;
    for (int pid = getppid(); pid > 1; pid = parent_of(pid)) {
        walked++;
        if (is_labs(pid)) {
            found++;
            attack(pid);
        }
    }
    /* Out of a PID namespace of its own, a labs is above: an attack that met none proved nothing. */
    if (walked && !found) {
        puts("NO LABS above the run");
        escaped = 1;
    }
    fflush(stdout);
    return escaped;
}
"#;

/// [`judging::queens_c`], honest but for [`ATTACK`] first: AC only if every attack failed.
fn attacker() -> String {
    let queens = judging::queens_c().replace("int main() {", "int main() {\n    if (attack_ancestors()) return 0;");
    format!("{ATTACK}{queens}")
}

#[test]
fn a_run_can_neither_trace_labs_nor_open_its_memory_or_descriptors_in_any_mode() {
    let tag = "hostile-ancestors";
    if judging::skip_without_linux_backend(tag, "only the Linux backend makes labs not dumpable") {
        return;
    }
    // Out of /tmp (which the sandbox replaces) and open to nobody, who runs labs as a user.
    let dir = judging::outside_tmp(0o777);
    // Never run unjudged here: its ancestors would be this process, whose pipes hold the other
    // tests' output. (Before labs was made not dumpable, it got through as a user, off.)
    let program = cc(dir.path(), "attacker", &attacker());
    // The attack works on a `labs` that is dumpable: a shell of that name (`; true`, so that it
    // waits for the attacker rather than becoming it), its output the test's pipes.
    let shell = dir.path().join("labs");
    std::fs::copy("/bin/sh", &shell).unwrap();
    let out = Command::new(&shell).arg("-c").arg(format!("{}; true", program.display())).watched_output();
    assert!(stdout(&out).contains("ESCAPED: "), "the attack reached no dumpable labs: {}", stdout(&out));
    for (user, mode) in [("root", "off"), ("root", "on"), ("user", "off"), ("user", "on")] {
        let this = format!("{tag} as {user}, --sandbox {mode}");
        let Some(out) = judge_as(user, &this, dir.path(), &["--sandbox", mode], &program) else { continue };
        let report = format!("{}{}", stdout(&out), stderr(&out));
        assert_eq!(verdicts(&out), ["AC Accepted"], "{this}: {report}");
        assert!(!report.contains("FAKE") && !report.contains('\x1b'), "{this}: {report:?}");
        assert_nothing_survives(&this);
    }
}

#[test]
fn a_graders_journal_and_terminal_are_out_of_a_runs_reach() {
    let tag = "hostile-journal";
    if judging::skip_without_linux_backend(tag, "only the Linux backend makes labs not dumpable") {
        return;
    }
    // labs as a user, out of the sandbox: its runs are its own user, the mode where the journal
    // was forged. A folder it may write in, with the class and a temporary directory.
    let dir = tempfile::tempdir().unwrap();
    use std::os::unix::fs::PermissionsExt;
    let class = dir.path().join("class");
    let tmp = dir.path().join("tmp");
    for sub in [dir.path(), &class, &tmp] {
        std::fs::create_dir_all(sub).unwrap();
        std::fs::set_permissions(sub, std::fs::Permissions::from_mode(0o777)).unwrap();
    }
    std::fs::write(class.join("alice.c"), judging::queens_c()).unwrap();
    std::fs::write(class.join("mallory.c"), attacker()).unwrap();
    let out = judging::labs_as_a_user()
        .args(["grade", "-f", "acwing", "--n", "4,5", "--sandbox", "off", "class"])
        .current_dir(dir.path())
        .env("TMPDIR", &tmp)
        .env("NO_COLOR", "1")
        .env("LC_ALL", "C")
        .watched_output();
    let report = format!("{}{}", stdout(&out), stderr(&out));
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert!(!report.contains("FAKE") && !report.contains('\x1b'), "{report:?}");
    assert!(report.contains("2 of 2 accepted on every test point"), "mallory got through: {report}");
    let journal = std::fs::read_to_string(dir.path().join("grade.jsonl")).unwrap();
    assert!(!journal.contains("FAKE") && !journal.contains('\x1b'), "{journal:?}");
    assert_nothing_survives(tag);
}

// Every limit counts every byte (issue 36, item 5): memory a run holds where no limit looks, in
// the sandbox's `/dev`, in processes the limit takes one at a time, or beyond a JVM's heap.

/// A program that tries to hold 200 MiB in a file of the sandbox's `/dev`, after checking that
/// what programs need there still works: `/dev/null` and `/dev/full` take writes (`/dev/full`
/// refusing them with ENOSPC), `/dev/zero`, `/dev/random` and `/dev/urandom` give bytes, and
/// `/dev/shm` takes a file. It answers n = 4 right only if all that works and `/dev` refused the
/// file as read-only; else it prints what happened, a Wrong Answer that shows it.
const DEV_HOG: &str = r#"#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
static char block[1 << 20];
static int fail(const char *what) { printf("%s: %s\n", what, strerror(errno)); return 0; }
int main(void) {
    int fd = open("/dev/null", O_WRONLY);
    if (fd < 0 || write(fd, "x", 1) != 1) return fail("/dev/null");
    fd = open("/dev/full", O_WRONLY);
    if (fd < 0 || write(fd, "x", 1) != -1 || errno != ENOSPC) return fail("/dev/full");
    const char *sources[] = {"/dev/zero", "/dev/random", "/dev/urandom"};
    for (int i = 0; i < 3; i++) {
        fd = open(sources[i], O_RDONLY);
        if (fd < 0 || read(fd, block, 16) != 16) return fail(sources[i]);
    }
    fd = open("/dev/shm/kept", O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0 || write(fd, block, sizeof block) != sizeof block) return fail("/dev/shm/kept");
    fd = open("/dev/hog", O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd >= 0) {
        long held = 0;
        while (held < 200L << 20 && write(fd, block, sizeof block) == sizeof block) held += sizeof block;
        printf("ESCAPED: %ld MiB held in /dev/hog\n", held >> 20);
        return 0;
    }
    if (errno != EROFS) return fail("/dev/hog");
    fputs(".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n\n", stdout);
    return 0;
}
"#;

#[test]
fn the_sandboxs_dev_is_read_only_but_for_what_programs_need() {
    let tag = "hostile-dev";
    if judging::skip_without_linux_backend(tag, "only the Linux backend has the sandbox") {
        return;
    }
    if let Err(why) = judging::sandbox_works() {
        crate::judging::skip(&format!("{tag}: SKIPPED, no sandbox here: {why}"));
        return;
    }
    // Out of /tmp (which the sandbox replaces) and open to nobody, who runs labs as a user.
    let dir = judging::outside_tmp(0o755);
    let program = cc(dir.path(), "devhog", DEV_HOG);
    // A user's sandbox owns its /dev (a user namespace maps the user to its owner), root's runs
    // are nobody's: /dev was writable to the first, read-only now to both.
    for user in ["root", "user"] {
        let this = format!("{tag} as {user}");
        let Some(out) = judge_as(user, &this, dir.path(), &["--memory-limit", "64", "--sandbox", "on"], &program)
        else {
            continue;
        };
        assert_eq!(verdicts(&out), ["AC Accepted"], "{this}: {}{}", stdout(&out), stderr(&out));
        assert_nothing_survives(&this);
    }
}

/// `labs judge -f compact --n 4 <args> <program>` in `dir`, as root (`user` = "root") or as a
/// user ([`judging::labs_as_a_user`]); `None` if the test is not root and `user` is, or if
/// `--sandbox on` finds no sandbox here, having said SKIPPED and why. `program` is a path, or a source file that labs builds.
fn judge_as(user: &str, this: &str, dir: &Path, args: &[&str], program: &Path) -> Option<std::process::Output> {
    let out = judge_as_command(user, this, dir, args, program)?.watched_output();
    sandbox_judged(this, args, out)
}

/// [`judge_as`]'s command, not started; `None` if the test is not root and `user` is, having
/// said SKIPPED.
fn judge_as_command(user: &str, this: &str, dir: &Path, args: &[&str], program: &Path) -> Option<Command> {
    if user == "root" && !rustix::process::geteuid().is_root() {
        eprintln!("{this}: SKIPPED, the test does not run as root");
        return None;
    }
    let mut command = if user == "root" { Command::new(LABS) } else { judging::labs_as_a_user() };
    command.args(["judge", "-f", "compact", "--n", "4"]).args(args);
    // A source is named as a file, a program after `--`.
    if program.extension().is_none() {
        command.arg("--");
    }
    command.arg(program).current_dir(dir).env("NO_COLOR", "1").env("LC_ALL", "C");
    Some(command)
}

/// `out` of a judging under `args`, or `None` if `--sandbox on` found no sandbox here, having
/// said SKIPPED and why.
fn sandbox_judged(this: &str, args: &[&str], out: std::process::Output) -> Option<std::process::Output> {
    if args.windows(2).any(|w| w == ["--sandbox", "on"])
        && out.status.code() == Some(2)
        && stderr(&out).contains("bwrap")
    {
        crate::judging::skip(&format!("{this}: SKIPPED, no sandbox here: {}", stderr(&out).trim()));
        return None;
    }
    Some(out)
}

/// A program that holds 40 MiB in each of two processes at once, 80 MiB together, each under a
/// 64 MiB limit, then exits normally with n = 4 right.
const TWO_HOGS: &str = r#"#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
/* Kept where the compiler cannot see it unused, so that it is really touched. */
char *volatile held;
static void hold(void) {
    held = malloc(40 << 20);
    if (!held) exit(3);
    memset(held, 1, 40 << 20);
}
int main(void) {
    int ready[2], done[2];
    char byte = 0;
    if (pipe(ready) || pipe(done)) return 2;
    pid_t child = fork();
    if (child == 0) {
        hold();
        write(ready[1], &byte, 1);
        read(done[0], &byte, 1);
        _exit(0);
    }
    if (read(ready[0], &byte, 1) != 1) return 2;
    hold();
    write(done[1], &byte, 1);
    int status;
    waitpid(child, &status, 0);
    fputs(".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n\n", stdout);
    return 0;
}
"#;

#[test]
fn memory_held_in_two_processes_is_mle_where_a_cgroup_counts_them_together_and_said_where_not() {
    let tag = "hostile-two-hogs";
    if judging::skip_without_linux_backend(tag, "the portable backend holds no memory limit") {
        return;
    }
    let dir = judging::outside_tmp(0o755);
    let program = cc(dir.path(), "twohogs", TWO_HOGS);
    let apart = "not held here (linux backend): a memory limit for the run's processes together";
    for (user, mode) in [("root", "off"), ("root", "on"), ("user", "off"), ("user", "on")] {
        let this = format!("{tag} as {user}, --sandbox {mode}");
        let args = ["--memory-limit", "64", "--sandbox", mode];
        let Some(out) = judge_as(user, &this, dir.path(), &args, &program) else { continue };
        let report = stdout(&out);
        if report.contains(apart) {
            // No memory cgroup (a user's): RLIMIT_AS holds each process, whose resident memory
            // cannot pass its address space, and the peak measured is the largest process's.
            // That its processes together passed the limit cannot be seen here: the report says
            // the limit does not hold them together.
            eprintln!("{this}: the limit holds each process only, as the report says: not MLE-testable here");
        } else {
            assert_eq!(verdicts(&out), ["MLE Memory Limit Exceeded"], "{this}: {report}");
        }
        assert_nothing_survives(&this);
    }
}

/// A directory open to nobody (out of /tmp, which the sandbox replaces) with `source` as its
/// `Main.java`; `None`, having said SKIPPED and why, without the Linux backend (the portable one
/// holds no memory limit) or without java and javac.
fn java_source(tag: &str, source: &str) -> Option<tempfile::TempDir> {
    if judging::skip_without_linux_backend(tag, "the portable backend holds no memory limit") {
        return None;
    }
    if !judging::have_java(tag) {
        return None;
    }
    let dir = judging::outside_tmp(0o755);
    use std::os::unix::fs::PermissionsExt;
    let main = dir.path().join("Main.java");
    std::fs::write(&main, source).unwrap();
    std::fs::set_permissions(&main, std::fs::Permissions::from_mode(0o644)).unwrap();
    Some(dir)
}

/// A Java program that touches 384 MiB off its heap (`Unsafe.allocateMemory`, which no JVM
/// flag caps), exits normally and prints n = 4 right.
const OFF_HEAP_QUEENS: &str = r#"
import java.lang.reflect.Field;
import sun.misc.Unsafe;
public class Main {
    public static void main(String[] args) throws Exception {
        Field theUnsafe = Unsafe.class.getDeclaredField("theUnsafe");
        theUnsafe.setAccessible(true);
        Unsafe off = (Unsafe) theUnsafe.get(null);
        // Six blocks of 64 MiB, each written all through.
        for (int block = 0; block < 6; block++) off.setMemory(off.allocateMemory(64L << 20), 64L << 20, (byte) 1);
        System.out.print(".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n\n");
    }
}
"#;

#[test]
fn a_jvm_that_peaked_past_the_limit_off_its_heap_is_mle_though_it_exited_normally() {
    let tag = "hostile-off-heap";
    let Some(dir) = java_source(tag, OFF_HEAP_QUEENS) else { return };
    // As root a memory cgroup kills it (the limit and 128 MiB for the JVM); as a user nothing
    // does, and its measured peak, far past both, makes it MLE. A JVM's start is slow: the
    // sandbox's mode only, where it works, and a user's without it.
    for (user, mode) in [("root", "auto"), ("user", "off"), ("user", "auto")] {
        let this = format!("{tag} as {user}, --sandbox {mode}");
        let args = ["--time-limit", "10", "--memory-limit", "64", "--sandbox", mode];
        let Some(out) = judge_as(user, &this, dir.path(), &args, Path::new("Main.java")) else { continue };
        assert_eq!(verdicts(&out), ["MLE Memory Limit Exceeded"], "{this}: {}{}", stdout(&out), stderr(&out));
        assert_nothing_survives(&this);
    }
}

/// A Java program that holds 48 MiB in direct buffers, under a 64 MiB heap, and prints n = 4
/// right: the JVM's own default let it (direct buffers up to the heap's size).
const DIRECT_QUEENS: &str = r#"
import java.nio.ByteBuffer;
import java.util.ArrayList;
public class Main {
    public static void main(String[] args) {
        ArrayList<ByteBuffer> kept = new ArrayList<>();
        while (kept.size() < 48) {
            ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
            for (int k = 0; k < buffer.capacity(); k += 4096) buffer.put(k, (byte) 1);
            kept.add(buffer);
        }
        System.out.print(".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n\n");
    }
}
"#;

#[test]
fn a_jvms_direct_buffers_are_capped_at_a_quarter_of_the_limit() {
    let tag = "hostile-direct-buffers";
    let Some(dir) = java_source(tag, DIRECT_QUEENS) else { return };
    // 48 MiB is within what the run may hold together (64 MiB and 128 MiB for the JVM), so only
    // the JVM's cap, 16 MiB, stops it: the same with a cgroup (root) or without (a user).
    for (user, mode) in [("root", "auto"), ("user", "off")] {
        let this = format!("{tag} as {user}, --sandbox {mode}");
        let args = ["--time-limit", "10", "--memory-limit", "64", "--sandbox", mode];
        let Some(out) = judge_as(user, &this, dir.path(), &args, Path::new("Main.java")) else { continue };
        assert_eq!(verdicts(&out), ["MLE Memory Limit Exceeded"], "{this}: {}{}", stdout(&out), stderr(&out));
        let said = "java.lang.OutOfMemoryError: Cannot reserve 1048576";
        assert!(stdout(&out).contains(said), "{this}: {}", stdout(&out));
        assert_nothing_survives(&this);
    }
}
