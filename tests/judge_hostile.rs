//! `labs judge` against programs that try to escape it, hang it or outlive it, as a student's
//! program can, by accident or not. Every hostile program is bounded itself (`sleep 600`, not
//! forever; a memory hog that stops at 2 GiB), so that a broken guard cannot take CI down; and
//! after each test, nothing it started is alive.

mod judging;

use judging::{assert_nothing_survives, judge, spawn, stderr, stdout, verdicts, wait_until_running};
use rustix::process::Signal;
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
        wait_until_running(&tag, "sleep 600");
        wait_until_running(&tag, "sleep 601");
        judging::send(labs.id(), signal);
        let out = labs.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(code), "{name}: {}", stderr(&out));
        assert!(stderr(&out).contains(&format!("stopped by signal {} ({name})", signal.as_raw())), "{}", stderr(&out));
        assert_nothing_survives(&tag);
    }
}

#[test]
fn a_setsid_grandchild_holding_stdout_neither_hangs_the_judge_nor_survives() {
    let tag = "hostile-setsid";
    if judging::skip_without_linux_backend(tag, "a setsid grandchild is out of the portable backend's reach") {
        return;
    }
    let started = Instant::now();
    let out = judge(
        &["-f", "compact", "--n", "4", "--time-limit", "1"],
        "setsid sh -c 'sleep 6; echo late' & $L run -f compact 4",
        tag,
    );
    assert!(started.elapsed() < Duration::from_secs(3), "took {:?}", started.elapsed());
    assert_eq!(verdicts(&out), ["AC Accepted"], "{}", stdout(&out));
    assert_nothing_survives(tag);
}

#[test]
fn a_setsid_grandchild_that_keeps_the_program_waiting_is_a_timeout_within_the_limit() {
    let tag = "hostile-setsid-wait";
    if judging::skip_without_linux_backend(tag, "a setsid grandchild is out of the portable backend's reach") {
        return;
    }
    let started = Instant::now();
    let out = judge(&["-f", "compact", "--n", "4", "--time-limit", "1"], "setsid sleep 6 & wait", tag);
    assert!(started.elapsed() < Duration::from_secs(3), "took {:?}", started.elapsed());
    assert_eq!(verdicts(&out), ["TLE Time Limit Exceeded"]);
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
    // The right boards on stderr only: nothing was printed.
    let out = judge(&["-f", "compact", "--n", "4"], "$L run -f compact 4 >&2", tag);
    assert_eq!(verdicts(&out), ["WA Wrong Answer"]);
    assert!(stdout(&out).contains(r#"line 1: expected ".Q..", got end of output"#), "{}", stdout(&out));
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
