//! What a grader leaves in its temporary directory, and who removes it (issue 47, items 2 and 3):
//! labs's copy of the class and its build folders are closed to the runs, removed on every way
//! out (a Ctrl-C too, and by the next labs after a SIGKILL), and owned by a lock, never by a pid,
//! so that two labs in two PID namespaces sharing one TMPDIR never remove each other's folders
//! or kill each other's runs.
//!
//! `cargo test --features png --test grade -- leftovers::`

use crate::judging::{self, LABS, Watched, assert_nothing_survives, queens_c};
use crate::{grade_by, open_to_a_user, text};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// labs's entries in `tmp` (folders and their lock files), by name.
fn labs_entries(tmp: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(tmp)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("labs-judge-"))
        .collect();
    names.sort();
    names
}

/// Waits (up to 30 s) until `tmp` holds a folder whose name starts with `prefix`.
fn wait_for_folder(tmp: &Path, prefix: &str, labs: &mut Child) {
    let started = Instant::now();
    while !labs_entries(tmp).iter().any(|n| n.starts_with(prefix) && tmp.join(n).is_dir()) {
        if started.elapsed() > Duration::from_secs(30) || labs.try_wait().unwrap().is_some() {
            let _ = labs.kill();
            panic!("no {prefix}… folder in {}: {:?}", tmp.display(), labs_entries(tmp));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Whether `unshare --pid` can be used here (root); says why not.
fn namespaces(tag: &str) -> bool {
    if !rustix::process::geteuid().is_root() {
        eprintln!("{tag}: SKIPPED, the test does not run as root (a PID namespace of its own needs it)");
        return false;
    }
    let works = Command::new("unshare").args(["--pid", "--fork", "--mount-proc", "true"]).watched_output();
    assert!(works.status.success(), "unshare --pid does not work here: {}", text(&works.stderr));
    true
}

/// Two labs in two PID namespaces sharing one TMPDIR: one grades a class of 12 honest students
/// while the other runs `labs judge` and `labs --version` over and over. Before locks, each
/// took the other's folders and cgroups for a dead labs's (its pid was no process it could see)
/// and removed them: 11 of 12 students "not graded", and the other's compiler killed. Run as
/// root and as a user, with the sandbox off and on: every honest student AC, every judgement of
/// the other AC, and nothing left in TMPDIR once both are done.
#[test]
fn two_labs_in_two_pid_namespaces_sharing_a_tmpdir_leave_each_other_alone() {
    let tag = "leftovers-namespaces";
    if !namespaces(tag) {
        return;
    }
    let sandbox_works = judging::sandbox_works().is_ok();
    for (user, sandbox) in [(false, "off"), (false, "auto"), (true, "off"), (true, "auto")] {
        let mode = format!("{} --sandbox {sandbox}", if user { "as a user" } else { "as root" });
        let dir = open_to_a_user();
        let (root, tmp) = (dir.path(), dir.path().join("tmp"));
        std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o1777)).unwrap();
        for k in 1..=12 {
            std::fs::write(root.join(format!("class/s{k:02}.c")), queens_c()).unwrap();
        }
        std::fs::create_dir(root.join("other")).unwrap();
        std::fs::write(root.join("other/queens.c"), queens_c()).unwrap();
        let log = root.join("other.log");
        std::fs::write(&log, "").unwrap();
        for path in [root.join("other"), log.clone()] {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o777)).unwrap();
        }
        let as_user = if user { "setpriv --reuid=65534 --regid=65534 --clear-groups " } else { "" };
        // Each labs is a child of the namespace's first process, a shell, so that its pid is
        // another process's, or none, in the other namespace.
        let other = format!(
            "cd other; while [ ! -e ../stop ]; do \
               {as_user}{LABS} judge -f acwing --n 4,6 --time-limit 10 --sandbox {sandbox} queens.c >/dev/null 2>&1; echo judge=$? >> ../other.log; \
               {as_user}{LABS} --version >/dev/null 2>&1; echo version=$? >> ../other.log; \
               sleep 0.5; \
             done"
        );
        let namespaced = |script: &str| {
            let mut command = Command::new("unshare");
            command.args(["--pid", "--fork", "--mount-proc", "sh", "-c", script]);
            command.current_dir(root).env("TMPDIR", &tmp).env("NO_COLOR", "1").env("LC_ALL", "C");
            command
        };
        let mut other = namespaced(&other).stdout(Stdio::null()).stderr(Stdio::null()).watched_spawn();
        // The other has judged once before the grading starts, and goes on while it runs.
        let started = Instant::now();
        while !std::fs::read_to_string(&log).unwrap().contains("judge=") {
            assert!(started.elapsed() < Duration::from_secs(60), "{mode}: the other labs never judged");
            std::thread::sleep(Duration::from_millis(10));
        }
        // Time limits are not what this is about: ten seconds, so that two labs sharing two cores
        // (and the portable backend, which limits wall time) never call a starved run a TLE.
        let limits = "-f acwing --n 1..=8 --time-limit 10 --runs 1";
        let grade = format!("{as_user}{LABS} grade {limits} --sandbox {sandbox} class; exit $?");
        let graded = namespaced(&grade).watched_output();
        std::fs::write(root.join("stop"), "").unwrap();
        let other_done = other.wait().unwrap();
        let (report, stderr) = (text(&graded.stdout), text(&graded.stderr));
        assert_eq!(graded.status.code(), Some(0), "{mode}: {report}\n{stderr}");
        assert!(report.contains("12 of 12 accepted on every test point"), "{mode}: {report}\n{stderr}");
        if sandbox == "auto" && sandbox_works && !user {
            assert!(report.contains("Sandbox: every submission was built and run in bubblewrap"), "{mode}: {report}");
        }
        assert!(other_done.success(), "{mode}: the other namespace's loop failed");
        let log = std::fs::read_to_string(&log).unwrap();
        let judged = log.lines().filter(|l| l.starts_with("judge=")).count();
        assert!(judged >= 2, "{mode}: the other labs judged only {judged} times: {log}");
        assert!(log.lines().all(|l| l.ends_with("=0")), "{mode}: the other labs failed: {log}");
        assert_eq!(labs_entries(&tmp), Vec::<String>::new(), "{mode}: left in TMPDIR");
        eprintln!("{tag}: {mode}: 12 of 12 AC, the other judged {judged} times, all AC");
    }
    assert_nothing_survives(tag);
}

/// A student's program out of the sandbox, as root (so as its job slot's user), looks through
/// the grader's TMPDIR for labs's copy of the class and every other folder of labs's, and tries
/// to read another student's source (mode 600 in the class): the copy is 0700, root's, and
/// another slot's build folder 0710 in root's group, so it reads nothing.
#[test]
fn a_run_out_of_the_sandbox_reads_no_other_students_source_from_labss_folders() {
    let tag = "leftovers-copy-closed";
    if judging::skip_without_linux_backend(tag, "the portable backend runs submissions as labs's own user") {
        return;
    }
    if !rustix::process::geteuid().is_root() {
        eprintln!("{tag}: SKIPPED, the test does not run as root (only root's runs are another user)");
        return;
    }
    let snoop = r#"#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
static FILE *out;
static void walk(const char *dir, int depth) {
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[4096], buf[256];
    if (!d) { fprintf(out, "closed %s\n", dir); return; }
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.' || (depth == 0 && strncmp(e->d_name, "labs-judge-", 11))) continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(path, &st)) continue;
        if (S_ISDIR(st.st_mode)) { fprintf(out, "saw %s %o\n", path, st.st_mode & 0777); if (depth < 3) walk(path, depth + 1); continue; }
        int fd = open(path, O_RDONLY);
        ssize_t k = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;
        if (k > 0) { buf[k] = 0; if (strstr(buf, "SECRET-4711")) fprintf(out, "read the secret in %s\n", path); }
        if (fd >= 0) close(fd);
    }
    closedir(d);
}
int main(void) {
    out = fopen("LOG", "a");
    if (!out) return 1;
    for (int round = 0; round < 20; round++) { walk("TMP", 0); usleep(20000); }
    fclose(out);
    return 0;
}
"#;
    for jobs in ["1", "2"] {
        let dir = open_to_a_user();
        let (root, tmp) = (dir.path(), dir.path().join("tmp"));
        std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o1777)).unwrap();
        let log = root.join("snoop.log");
        std::fs::write(&log, "").unwrap();
        std::fs::set_permissions(&log, std::fs::Permissions::from_mode(0o666)).unwrap();
        let source = snoop.replace("LOG", &log.display().to_string()).replace("TMP", &tmp.display().to_string());
        // Graded in name order: the snoop first, the others beside or after it.
        std::fs::write(root.join("class/a_snoop.c"), source).unwrap();
        for name in ["b_alice", "c_bob", "d_carol"] {
            let secret = queens_c().replace("int main() {", "/* SECRET-4711 */\nint main() {");
            let path = root.join(format!("class/{name}.c"));
            std::fs::write(&path, secret).unwrap();
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        }
        let rules =
            ["-f", "acwing", "--n", "4", "--runs", "1", "--time-limit", "3", "--sandbox", "off", "--jobs", jobs];
        let out = grade_by(root, &rules, &[]).watched_output();
        let (report, stderr) = (text(&out.stdout), text(&out.stderr));
        assert!(report.contains("b_alice") && report.contains("AC Accepted"), "--jobs {jobs}: {report}\n{stderr}");
        let log = std::fs::read_to_string(&log).unwrap();
        // It looked: it saw labs's copy of the class, which it could not enter.
        let copy =
            log.lines().find(|l| l.contains("/labs-judge-class-")).unwrap_or_else(|| panic!("--jobs {jobs}: {log}"));
        assert!(log.lines().any(|l| l.starts_with("closed ") && l.contains("/labs-judge-class-")), "{copy}\n{log}");
        let read: Vec<&str> = log.lines().filter(|l| l.starts_with("read ")).collect();
        assert_eq!(read, Vec::<&str>::new(), "--jobs {jobs}: a run read another student's source");
        assert_eq!(labs_entries(&tmp), Vec::<String>::new(), "--jobs {jobs}: left in TMPDIR");
    }
    assert_nothing_survives(tag);
}

/// A grader stopped by SIGINT while it builds removes its copy of the class and every folder of
/// its own; one killed with SIGKILL cannot, and its folders stay (locked by no one) through a
/// `labs --version` and a `labs doctor`, which only look, until the next labs that judges.
#[test]
fn a_grader_stopped_or_killed_leaves_no_copy_of_the_class_behind() {
    let tag = "leftovers-stopped";
    let dir = tempfile::tempdir().unwrap();
    let (root, tmp) = (dir.path(), dir.path().join("tmp"));
    std::fs::create_dir_all(root.join("class")).unwrap();
    std::fs::create_dir(&tmp).unwrap();
    for k in 1..=6 {
        std::fs::write(root.join(format!("class/s{k}.c")), queens_c()).unwrap();
    }
    let rules = ["-f", "acwing", "--n", "4", "--runs", "1", "--sandbox", "off"];
    for (signal, code) in [(rustix::process::Signal::INT, Some(130)), (rustix::process::Signal::KILL, None)] {
        let _ = std::fs::remove_file(root.join("grade.jsonl"));
        let mut labs = grade_by(root, &rules, &[]).stdout(Stdio::null()).stderr(Stdio::null()).watched_spawn();
        let prefix = format!("labs-judge-build-{}-", labs.id());
        wait_for_folder(&tmp, &prefix, &mut labs);
        judging::send(labs.id(), signal);
        let status = labs.wait().unwrap();
        assert_eq!(status.code(), code, "{signal:?}");
        let copy = format!("labs-judge-class-{}-", labs.id());
        let left = labs_entries(&tmp);
        if code.is_some() {
            assert_eq!(left, Vec::<String>::new(), "{signal:?}: the grader left these");
            continue;
        }
        let folder = left.iter().find(|n| n.starts_with(&copy) && !n.ends_with(".lock")).expect("the copy stays");
        assert!(left.contains(&format!("{folder}.lock")), "{left:?}");
        for looks in [&["--version"][..], &["doctor"][..]] {
            let out = Command::new(LABS).args(looks).env("TMPDIR", &tmp).watched_output();
            assert!(!out.stdout.is_empty(), "{looks:?}: {}", text(&out.stderr));
            assert_eq!(labs_entries(&tmp), left, "labs {looks:?} removed what it only looks at");
        }
        std::fs::write(root.join("queens.c"), queens_c()).unwrap();
        let next = Command::new(LABS)
            .args(["judge", "-f", "acwing", "--n", "4", "--sandbox", "off", "queens.c"])
            .current_dir(root)
            .env("TMPDIR", &tmp)
            .watched_output();
        assert_eq!(next.status.code(), Some(0), "{}", text(&next.stderr));
        assert_eq!(labs_entries(&tmp), Vec::<String>::new(), "the next labs left the killed one's folders");
    }
    assert_nothing_survives(tag);
}
