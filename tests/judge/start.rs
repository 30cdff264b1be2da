//! What a run starts with depends on the program alone: its stack may grow to the memory limit
//! whatever `ulimit -s` the caller had (labs lifts `RLIMIT_STACK`), and a program whose
//! executable alone passes the memory limit, which the kernel kills inside `exec` with `SIGSEGV`,
//! is MLE, while a real segfault stays RE. Each in every mode (root and a user, sandbox on and
//! off); after each, nothing the test started is alive.

use super::{judge_as, judge_as_command, sandbox_judged};
use crate::judging::{self, Watched, assert_nothing_survives, cc, stderr, stdout, verdicts};
use std::process::Command;

/// A recursion 200,000 calls deep, each frame holding 256 bytes: some 60 MiB of stack, more than
/// the 8 MiB most shells give, less than a 256 MiB memory limit. Then the right answer.
const DEEP: &str = r#"#include <stdio.h>
static int depth(int n) {
    volatile char pad[256];
    pad[0] = (char)n;
    return n == 0 ? 0 : depth(n - 1) + (pad[0] == (char)n);
}
int main(void) {
    if (depth(200000) != 200000) return 2;
    fputs(".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n\n", stdout);
    return 0;
}
"#;

/// What the report says where a hard stack limit keeps the stack below the memory limit.
const STACK_NOT_HELD: &str = "the stack size (a program keeps its caller's stack limit";

/// `command` run under `sh -c 'ulimit <limit>; exec …'`: the caller's stack limit.
fn under_ulimit(limit: &str, command: &Command) -> Command {
    let mut shell = Command::new("sh");
    shell.args(["-c", &format!("ulimit {limit} && exec \"$@\""), "sh"]).arg(command.get_program());
    shell.args(command.get_args()).envs(command.get_envs().filter_map(|(k, v)| Some((k, v?))));
    shell.current_dir(command.get_current_dir().unwrap());
    shell
}

#[test]
fn a_deep_recursion_has_one_verdict_whatever_stack_limit_labs_was_started_with() {
    let tag = "start-stack";
    let dir = judging::outside_tmp(0o755);
    let program = cc(dir.path(), "deep", DEEP);
    if !judging::linux_backend() {
        // The portable backend cannot set it, and says so.
        let out = judge_as_command("user", tag, dir.path(), &[], &program).unwrap().watched_output();
        assert!(stdout(&out).contains(STACK_NOT_HELD), "{}", stdout(&out));
        return;
    }
    for (user, sandbox) in [("root", "on"), ("root", "off"), ("user", "on"), ("user", "off")] {
        let this = format!("{tag} as {user}, --sandbox {sandbox}");
        let args = ["--memory-limit", "256", "--time-limit", "5", "--sandbox", sandbox];
        let Some(command) = judge_as_command(user, &this, dir.path(), &args, &program) else { continue };
        // A shell's default (a soft limit of 8 MiB, no hard one) and `ulimit -s unlimited`.
        let mut seen = Vec::new();
        for limit in ["-Ss 8192", "-s unlimited"] {
            let Some(out) = sandbox_judged(&this, &args, under_ulimit(limit, &command).watched_output()) else { break };
            assert_eq!(verdicts(&out), ["AC Accepted"], "{this}, ulimit {limit}: {}{}", stdout(&out), stderr(&out));
            assert!(
                stdout(&out).contains("256 MiB per process (--memory-limit), the stack within it"),
                "{}",
                stdout(&out)
            );
            seen.push(limit);
        }
        // A hard limit of 8 MiB, which only root with CAP_SYS_RESOURCE may lift: Accepted as
        // above, or the report says that the stack is not held here.
        if let Some(out) = sandbox_judged(&this, &args, under_ulimit("-s 8192", &command).watched_output()) {
            let report = stdout(&out);
            assert!(verdicts(&out) == ["AC Accepted"] || report.contains(STACK_NOT_HELD), "{this}: {report}");
        }
        eprintln!("{this}: Accepted under ulimit {seen:?}");
        assert_nothing_survives(&this);
    }
}

/// 900 MiB of zeroed static memory: the executable cannot be mapped under 256 MiB.
const TOO_LARGE: &str = r#"#include <stdio.h>
static char a[900 << 20];
int main(void) {
    a[0] = 1;
    fputs(".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n\n", stdout);
    return a[1];
}
"#;

/// A real crash, of a small program: a write through a null pointer.
const SEGFAULT: &str = r#"#include <stdio.h>
int *volatile nowhere;
int main(void) {
    *nowhere = 1;
    return 0;
}
"#;

#[test]
fn a_program_too_large_to_start_is_mle_and_a_real_segfault_stays_re() {
    let tag = "start-too-large";
    if judging::skip_without_linux_backend(tag, "the portable backend holds no memory limit") {
        return;
    }
    let dir = judging::outside_tmp(0o755);
    let too_large = cc(dir.path(), "toolarge", TOO_LARGE);
    let segfault = cc(dir.path(), "segfault", SEGFAULT);
    for (user, sandbox) in [("root", "on"), ("root", "off"), ("user", "on"), ("user", "off")] {
        let this = format!("{tag} as {user}, --sandbox {sandbox}");
        let args = ["--memory-limit", "256", "--sandbox", sandbox];
        let Some(out) = judge_as(user, &this, dir.path(), &args, &too_large) else { continue };
        assert_eq!(verdicts(&out), ["MLE Memory Limit Exceeded"], "{this}: {}{}", stdout(&out), stderr(&out));
        assert!(stdout(&out).contains("its executable alone needs 900 MiB of memory"), "{this}: {}", stdout(&out));
        let Some(out) = judge_as(user, &this, dir.path(), &args, &segfault) else { continue };
        assert_eq!(verdicts(&out), ["RE Runtime Error"], "{this}: {}{}", stdout(&out), stderr(&out));
        assert!(stdout(&out).contains("SIGSEGV"), "{this}: {}", stdout(&out));
        // Under a limit it fits in, the large one runs and is right.
        let roomy = ["--memory-limit", "1024", "--sandbox", sandbox];
        let Some(out) = judge_as(user, &this, dir.path(), &roomy, &too_large) else { continue };
        assert_eq!(verdicts(&out), ["AC Accepted"], "{this}: {}{}", stdout(&out), stderr(&out));
        assert_nothing_survives(&this);
    }
}
