//! The tests' own survivor check against a process that rewrites everything it can: it leaves
//! its parent's session, forks twice, blanks its environment, renames itself and blanks its
//! command line. The check finds it by the parent links the kernel keeps, which none of that
//! changes. A test file of its own: the survivor it makes on purpose would fail any other test
//! that ran beside it.

mod judging;

use judging::{Watched, assert_nothing_survives, cc, survivors};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ESCAPER: &str = r#"#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>
int main(int argc, char **argv) {
    if (fork() != 0) return 0;
    setsid();
    if (fork() != 0) return 0;
    prctl(PR_SET_NAME, "kworker/0:1", 0, 0, 0);
    memset(argv[0], 0, strlen(argv[0]));
    extern char **environ;
    for (char **e = environ; *e; e++) memset(*e, 0, strlen(*e));
    sleep(30);
    return 0;
}
"#;

#[test]
fn a_survivor_that_rewrites_its_environment_name_and_command_line_is_still_found() {
    let dir = tempfile::tempdir().unwrap();
    // Its output goes nowhere: the survivor holds no pipe of ours to wait for.
    let mut escaper = Command::new(cc(dir.path(), "escaper", ESCAPER));
    let ran = escaper.stdout(Stdio::null()).stderr(Stdio::null()).watched_spawn().wait().unwrap();
    assert!(ran.success());
    // Found once it has renamed itself (its forks and renaming take a moment).
    let comm = |pid: i32| std::fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
    let pid_of = |line: &String| line.split(':').next().unwrap().parse::<i32>().unwrap();
    let started = Instant::now();
    let pid = loop {
        let found = survivors();
        if let [one] = found.as_slice()
            && comm(pid_of(one)) == "kworker/0:1\n"
        {
            break pid_of(one);
        }
        assert!(started.elapsed() < Duration::from_secs(5), "not found as one renamed survivor: {found:?}");
        std::thread::sleep(Duration::from_millis(10));
    };
    let environ = std::fs::read(format!("/proc/{pid}/environ")).unwrap();
    assert!(!environ.contains(&b'='), "its environment is blanked: {:?}", String::from_utf8_lossy(&environ));
    judging::send(pid as u32, rustix::process::Signal::KILL);
    assert_nothing_survives("the escaper, killed");
}
