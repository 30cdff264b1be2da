//! The judge's limits against programs that try to slip past them: memory held by children that
//! each stay under the per-process limit, memory held as files in `/dev/shm` and `/tmp`, and the
//! figures of a run killed at its limit. Each is judged with the sandbox and without it, and
//! after each nothing it started is alive. What needs a memory cgroup says SKIPPED where there
//! is none, with the reason.

#![cfg(target_os = "linux")]

mod judging;

use judging::{LABS, Watched, assert_nothing_survives, cc, stdout, verdicts};
use std::path::Path;
use std::process::{Command, Output};
use std::sync::{Mutex, MutexGuard};

/// One test at a time in this file: probing the sandbox and the cgroups runs programs under a
/// guard in this process, and a guard takes the children of its process for its own (another
/// test's `cc` or `labs` among them).
fn alone() -> MutexGuard<'static, ()> {
    static ONE: Mutex<()> = Mutex::new(());
    ONE.lock().unwrap_or_else(|e| e.into_inner())
}

/// `labs judge <args> -- <program>` in `dir`.
fn judge(args: &[&str], program: &[&str], dir: &Path) -> Output {
    Command::new(LABS)
        .arg("judge")
        .args(args)
        .arg("--")
        .args(program)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("LC_ALL", "C")
        .watched_output()
}

/// The table's columns of its one row: n, verdict, time, CPU, memory, output.
fn row(out: &Output) -> Vec<String> {
    let text = stdout(out);
    let line = text.lines().filter(|l| l.starts_with('│')).nth(1).unwrap_or_else(|| panic!("no row in:\n{text}"));
    line.trim_matches('│').split('┆').map(|c| c.trim().to_string()).collect()
}

/// A size as the report writes it (`1.00 MiB`, `256 KiB`, `12 bytes`), in bytes.
fn bytes(size: &str) -> f64 {
    let (number, unit) = size.split_once(' ').unwrap_or((size, "bytes"));
    let number: f64 = number.parse().unwrap_or_else(|_| panic!("not a size: {size}"));
    number
        * match unit {
            "KiB" => 1024.0,
            "MiB" => 1024.0 * 1024.0,
            "GiB" => 1024.0 * 1024.0 * 1024.0,
            _ => 1.0,
        }
}

/// A duration as the report writes it (`505 ms`, `1.02 s`, `7.50 ms`), in seconds.
fn seconds(time: &str) -> f64 {
    let (number, unit) = time.split_once(' ').unwrap_or_else(|| panic!("not a duration: {time}"));
    let number: f64 = number.parse().unwrap_or_else(|_| panic!("not a duration: {time}"));
    number
        * match unit {
            "s" => 1.0,
            "ms" => 1e-3,
            "µs" => 1e-6,
            _ => panic!("not a duration: {time}"),
        }
}

/// The sandbox settings to judge with: off, and on where bwrap works here.
fn modes(tag: &str) -> Vec<&'static str> {
    match judging::sandbox_works() {
        Ok(_) => vec!["off", "on"],
        Err(why) => {
            crate::judging::skip(&format!("{tag}: SKIPPED with the sandbox on, no sandbox here: {why}"));
            vec!["off"]
        }
    }
}

/// Whether the memory limit counts the run's processes together here; if not, says the test
/// was skipped and why.
fn memory_cgroup(tag: &str) -> bool {
    let held = nqueens_labs::judging::host(false).guarantees().memory_counts_all;
    if !held {
        eprintln!(
            "{tag}: SKIPPED, no memory cgroup can be made here (a normal user without a delegated cgroup v2 subtree, or the portable backend): the limit covers each process's address space only"
        );
    }
    held
}

const FORKED_HOGS: &str = r#"
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
int main(void) {
    for (int i = 0; i < 4; i++) {
        if (fork() == 0) {
            /* volatile: the compiler may not drop memory that is never read. */
            volatile char *p = malloc(40 << 20);
            if (!p) return 1;
            for (int k = 0; k < 40 << 20; k += 4096) p[k] = 1;
            sleep(5);
            return p[4096] - 1;
        }
    }
    while (wait(0) > 0) {}
    return 0;
}
"#;

#[test]
fn children_that_each_stay_under_the_limit_are_mle_together() {
    let _alone = alone();
    let tag = "limits-forked-hogs";
    if !memory_cgroup(tag) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let hogs = cc(dir.path(), "hogs", FORKED_HOGS);
    for mode in modes(tag) {
        // 4 × 40 MiB, each child under the 64 MiB of address space it may have.
        let args = ["-f", "compact", "--n", "4", "--time-limit", "3", "--memory-limit", "64", "--sandbox", mode];
        let out = judge(&args, &[hogs.to_str().unwrap()], dir.path());
        assert_eq!(verdicts(&out), ["MLE Memory Limit Exceeded"], "{mode}: {}", stdout(&out));
        let peak = bytes(&row(&out)[4]);
        assert!(peak >= 48.0 * 1048576.0, "{mode}: the peak shown is {peak} bytes:\n{}", stdout(&out));
        assert_nothing_survives(tag);
    }
}

/// 128 MiB written into a `memfd`, never mapped: `RLIMIT_AS` does not see it, the cgroup does.
const MEMFD_HOG: &str = r#"
#define _GNU_SOURCE
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
int main(void) {
    int fd = memfd_create("hoard", 0);
    if (fd < 0) return 2;
    static char chunk[1 << 20];
    memset(chunk, 1, sizeof chunk);
    for (int i = 0; i < 128; i++)
        if (write(fd, chunk, sizeof chunk) != sizeof chunk) return 1;
    sleep(5);
    return 0;
}
"#;

#[test]
fn memory_held_in_a_memfd_counts_in_the_memory_limit() {
    let _alone = alone();
    let tag = "limits-memfd";
    if !memory_cgroup(tag) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let hog = cc(dir.path(), "memfd", MEMFD_HOG);
    for mode in modes(tag) {
        let args = ["-f", "compact", "--n", "4", "--time-limit", "3", "--memory-limit", "64", "--sandbox", mode];
        let out = judge(&args, &[hog.to_str().unwrap()], dir.path());
        assert_eq!(verdicts(&out), ["MLE Memory Limit Exceeded"], "{mode}: {}", stdout(&out));
        assert_nothing_survives(tag);
    }
}

#[test]
fn files_in_dev_shm_and_tmp_count_in_the_memory_limit() {
    let _alone = alone();
    let tag = "limits-tmpfs";
    if judging::skip_without_linux_backend(tag, "the portable backend has no sandbox") || !memory_cgroup(tag) {
        return;
    }
    if !modes(tag).contains(&"on") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // 40 MiB in each, each under its 64 MiB cap; 80 MiB together, past the 64 MiB limit.
    let script = "head -c 40M /dev/zero > /dev/shm/a; head -c 40M /dev/zero > /tmp/b; sleep 5";
    let args = ["-f", "compact", "--n", "4", "--time-limit", "3", "--memory-limit", "64", "--sandbox", "on"];
    let out = judge(&args, &["sh", "-c", script], dir.path());
    assert_eq!(verdicts(&out), ["MLE Memory Limit Exceeded"], "{}", stdout(&out));
    assert_nothing_survives(tag);
}

#[test]
fn dev_shm_in_the_sandbox_is_capped_and_its_own() {
    let _alone = alone();
    let tag = "limits-dev-shm";
    if judging::skip_without_linux_backend(tag, "the portable backend has no sandbox") || !modes(tag).contains(&"on") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mark = format!("/dev/shm/labs-test-{}", std::process::id());
    // With no memory limit, only the cap stops it: a write past 64 MiB fails (exit 3 if not).
    let script =
        format!("head -c 100M /dev/zero > {mark} && exit 3; ls {mark} >/dev/null || exit 4; $1 run -f compact 4");
    let args = ["-f", "compact", "--n", "4", "--time-limit", "5", "--memory-limit", "0", "--sandbox", "on"];
    let honest = judging::student::built().to_str().unwrap();
    let out = judge(&args, &["sh", "-c", &script, tag, honest], dir.path());
    assert_eq!(verdicts(&out), ["AC Accepted"], "{}", stdout(&out));
    assert!(!Path::new(&mark).exists(), "{mark} was written on the host");
    assert_nothing_survives(tag);
}

const TOUCH_AND_SPIN: &str = r#"
#include <stdlib.h>
int main(void) {
    volatile char *p = malloc(100 << 20);
    if (!p) return 1;
    for (int k = 0; k < 100 << 20; k += 4096) p[k] = 1;
    for (volatile long i = 0;; i++) {}
}
"#;

#[test]
fn a_run_killed_at_its_time_limit_shows_its_own_cpu_time_and_memory() {
    let _alone = alone();
    let tag = "limits-killed-figures";
    if judging::skip_without_linux_backend(tag, "the portable backend measures no CPU time or memory") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let spin = cc(dir.path(), "spin", TOUCH_AND_SPIN);
    for mode in modes(tag) {
        let args = ["-f", "compact", "--n", "4", "--time-limit", "0.5", "--memory-limit", "256", "--sandbox", mode];
        let out = judge(&args, &[spin.to_str().unwrap()], dir.path());
        assert_eq!(verdicts(&out), ["TLE Time Limit Exceeded"], "{mode}: {}", stdout(&out));
        assert!(
            stdout(&out).contains("n = 4: TLE Time Limit Exceeded: CPU time reached the 500 ms limit"),
            "{mode}: {}",
            stdout(&out)
        );
        let row = row(&out);
        let (cpu, peak) = (seconds(&row[3]), bytes(&row[4]));
        assert!(cpu >= 0.5, "{mode}: the CPU time shown is {cpu} s:\n{}", stdout(&out));
        assert!(peak >= 100.0 * 1048576.0, "{mode}: the peak shown is {peak} bytes:\n{}", stdout(&out));
        assert_nothing_survives(tag);
    }
}

#[test]
fn a_build_past_its_memory_or_file_limit_is_a_compile_error() {
    let _alone = alone();
    let tag = "limits-build";
    if judging::skip_without_linux_backend(tag, "the portable backend sets no limit on a build") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // cc1 reads an endless file into memory; `as` writes a 128 MiB object for the array.
    std::fs::write(dir.path().join("endless.c"), "#include \"/dev/zero\"\n").unwrap();
    std::fs::write(dir.path().join("huge.c"), "char huge[128 << 20] = {1};\nint main(void) { return huge[0]; }\n")
        .unwrap();
    for mode in modes(tag) {
        let first_lines = |args: &[&str], source: &str| {
            let out = judge(&[&["-f", "compact", "--n", "4", "--sandbox", mode], args].concat(), &[source], dir.path());
            assert_eq!(out.status.code(), Some(1), "{mode}: {}", stdout(&out));
            stdout(&out).lines().take(2).collect::<Vec<_>>().join("\n")
        };
        assert_eq!(
            first_lines(&["--build-memory-limit", "64"], "endless.c"),
            "CE Compile Error\n  gcc reached the build's memory limit, 64 MiB (--build-memory-limit)",
            "{mode}"
        );
        // The default cap: 64 MiB.
        assert_eq!(
            first_lines(&[], "huge.c"),
            "CE Compile Error\n  gcc wrote a file past the build's limit of 64 MiB (--build-file-limit)",
            "{mode}"
        );
        assert_nothing_survives(tag);
    }
}

/// A Java program that touches 1 GiB outside its heap, where `-Xmx` does not reach. Not with
/// `ByteBuffer.allocateDirect`, which the JVM itself caps at the heap's size (an
/// `OutOfMemoryError`, a Runtime Error), but as a hostile program would: `Unsafe.allocateMemory`.
const OFF_HEAP_JAVA: &str = r#"
import java.lang.reflect.Field;
public class Main {
    public static void main(String[] args) throws Exception {
        Field field = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        field.setAccessible(true);
        sun.misc.Unsafe unsafe = (sun.misc.Unsafe) field.get(null);
        long size = 1L << 30;
        long at = unsafe.allocateMemory(size);
        for (long k = 0; k < size; k += 4096) unsafe.putByte(at + k, (byte) 1);
        System.out.println("touched");
    }
}
"#;

#[test]
fn a_java_program_off_its_heap_is_mle_and_its_memory_counted() {
    let _alone = alone();
    let tag = "limits-java";
    if !memory_cgroup(tag) {
        return;
    }
    if !judging::have_java(tag) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("Main.java"), OFF_HEAP_JAVA).unwrap();
    // One mode, the sandbox's where it works: a JVM's start is the slowest part of the suite.
    let mode = *modes(tag).last().unwrap();
    let args = ["judge", "-f", "compact", "--n", "4", "--time-limit", "5", "--memory-limit", "64", "--sandbox", mode];
    let out = Command::new(LABS)
        .args(args)
        .arg("Main.java")
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .env("LC_ALL", "C")
        .watched_output();
    assert_eq!(verdicts(&out), ["MLE Memory Limit Exceeded"], "{mode}: {}", stdout(&out));
    // The heap's limit and what a JVM holds beyond it, together: far above a heap's 64 MiB.
    let memory = bytes(&row(&out)[4]);
    assert!(memory > 128.0 * (1 << 20) as f64, "{mode}: {}", stdout(&out));
    assert_nothing_survives(tag);
}
