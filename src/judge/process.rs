//! Running the student's program as a judge does: no shell, a time limit, an output cap.
//!
//! The program starts in a process group of its own, so that when it runs out of time or writes
//! too much, the whole group — the program and anything it started — is killed with one signal.
//! The group is killed in every case once the program has ended, so nothing it left behind keeps
//! running (or keeps our pipes open). stdout and stderr are read on their own threads, each kept
//! up to the cap; the input, if any, is written on a third thread, and a program that never reads
//! it is not an error.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// How the program's run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ended {
    /// It exited by itself with this code.
    Exited(i32),
    /// A signal ended it (a crash, say): the signal's number.
    Signalled(i32),
    /// It was still running at the time limit and was killed.
    TimedOut,
    /// It wrote more than the output cap and was killed.
    OutputCapped,
}

/// What one run produced.
#[derive(Debug)]
pub struct Run {
    /// stdout, at most the cap.
    pub stdout: Vec<u8>,
    /// stderr, at most the cap.
    pub stderr: Vec<u8>,
    /// How it ended.
    pub ended: Ended,
    /// Wall time from start to end.
    pub elapsed: Duration,
}

/// Runs `argv` (program first) with `input` on stdin (`None`: no stdin at all), within `time`
/// and writing at most `cap` bytes to each of stdout and stderr.
pub fn run(argv: &[OsString], input: Option<Vec<u8>>, time: Duration, cap: usize) -> io::Result<Run> {
    let mut child = Command::new(&argv[0])
        .args(&argv[1..])
        .stdin(if input.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    let started = Instant::now();
    let over = Arc::new(AtomicBool::new(false));
    if let (Some(bytes), Some(mut stdin)) = (input, child.stdin.take()) {
        // A program that exits without reading its input closes the pipe: not our failure.
        thread::spawn(move || {
            let _ = stdin.write_all(&bytes);
        });
    }
    let out = capture(child.stdout.take(), cap, &over);
    let err = capture(child.stderr.take(), cap, &over);
    let group = child.id() as libc::pid_t;
    // The child is waited for on its own thread, so its end is seen at once, not at a poll.
    let (done, status) = mpsc::channel();
    thread::spawn(move || {
        let _ = done.send(child.wait());
    });
    let ended = wait(&status, started, time, &over)?;
    let elapsed = started.elapsed();
    kill_group(group);
    let (stdout, stderr) = (out.join().unwrap_or_default(), err.join().unwrap_or_default());
    Ok(Run { stdout, stderr, ended, elapsed })
}

/// Waits until the child ends, the time runs out, or the output overflows.
fn wait(
    status: &Receiver<io::Result<ExitStatus>>,
    started: Instant,
    time: Duration,
    over: &AtomicBool,
) -> io::Result<Ended> {
    loop {
        if over.load(Ordering::Relaxed) {
            return Ok(Ended::OutputCapped);
        }
        let left = time.saturating_sub(started.elapsed());
        if left.is_zero() {
            return Ok(Ended::TimedOut);
        }
        match status.recv_timeout(left.min(Duration::from_millis(5))) {
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => return Err(io::Error::other("lost track of the program")),
            Ok(status) => {
                let status = status?;
                // A program killed by our own cap ends by signal; report the cap, not the signal.
                if over.load(Ordering::Relaxed) {
                    return Ok(Ended::OutputCapped);
                }
                return Ok(match (status.code(), status.signal()) {
                    (Some(code), _) => Ended::Exited(code),
                    (None, Some(signal)) => Ended::Signalled(signal),
                    (None, None) => Ended::Exited(-1),
                });
            }
        }
    }
}

/// Reads a pipe to its end on a thread, keeping at most `cap` bytes; past that, raises `over`.
fn capture<R: Read + Send + 'static>(pipe: Option<R>, cap: usize, over: &Arc<AtomicBool>) -> JoinHandle<Vec<u8>> {
    let over = Arc::clone(over);
    thread::spawn(move || {
        let mut kept = Vec::new();
        let Some(mut pipe) = pipe else { return kept };
        let mut chunk = [0u8; 1 << 16];
        loop {
            match pipe.read(&mut chunk) {
                Ok(0) | Err(_) => return kept,
                Ok(k) if kept.len() + k > cap => {
                    kept.extend_from_slice(&chunk[..cap - kept.len()]);
                    over.store(true, Ordering::Relaxed);
                    return kept;
                }
                Ok(k) => kept.extend_from_slice(&chunk[..k]),
            }
        }
    })
}

/// Sends SIGKILL to a whole process group (its id is the id of the process that leads it).
fn kill_group(group: libc::pid_t) {
    // SAFETY: kill(2) with a negative pid signals a process group; it touches no memory of ours.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Vec<OsString> {
        ["sh", "-c", script].map(OsString::from).to_vec()
    }

    #[test]
    fn input_goes_in_and_output_comes_out() {
        let run =
            run(&sh("read n; echo $((n * 2)); echo oops >&2"), Some(b"21\n".to_vec()), Duration::from_secs(5), 100)
                .unwrap();
        assert_eq!((run.stdout, run.stderr, run.ended), (b"42\n".to_vec(), b"oops\n".to_vec(), Ended::Exited(0)));
    }

    #[test]
    fn the_time_limit_kills_the_whole_group() {
        let run = run(&sh("sleep 30 & sleep 30"), None, Duration::from_millis(200), 100).unwrap();
        assert_eq!(run.ended, Ended::TimedOut);
        assert!(run.elapsed < Duration::from_secs(5));
    }

    #[test]
    fn the_output_cap_stops_a_flood() {
        let run = run(&["yes".into()], None, Duration::from_secs(10), 1000).unwrap();
        assert_eq!((run.ended, run.stdout.len()), (Ended::OutputCapped, 1000));
    }

    #[test]
    fn a_crash_is_reported_with_its_signal() {
        let run = run(&sh("kill -SEGV $$"), None, Duration::from_secs(5), 100).unwrap();
        assert_eq!(run.ended, Ended::Signalled(libc::SIGSEGV));
    }
}
