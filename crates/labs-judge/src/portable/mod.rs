//! The portable backend of [`crate::process`]: std, `process-wrap` and `which`, for
//! Windows and macOS (and Linux with `--features portable-backend`, to test it here).
//!
//! The program is started by `process-wrap` detached from the terminal and in a group that one
//! call kills: on Unix a session of its own (`setsid`, so a process group too, and no
//! controlling terminal); on Windows a Job Object, which every process it starts joins, in a
//! console process group of its own with no console window (so Ctrl-C reaches `labs`, not the
//! program). Killing is the group's (Unix: `killpg`; Windows: `TerminateJobObject`), at the limit,
//! at the program's end (what it left behind) and whatever happens after.
//!
//! Three threads serve its pipes (stdin, stdout, stderr) and hand what they read to the waiting
//! loop through a bounded channel; the loop looks at the program every [`TICK`], so the time
//! limit, the output cap and a signal to `labs` are each noticed within one tick.
//!
//! The environment is [`crate::process::environment`], as under every backend. No
//! descriptor but 0, 1 and 2 reaches a program: std opens its own close-on-exec, and on Unix the
//! ones `labs` inherited without the flag are marked before the first run (the Linux backend
//! closes them between fork and exec). On Windows std lets a program inherit the handles `labs`
//! was given as inheritable, which nothing here marks.
//!
//! What it cannot do, the report says ([`guarantees`]): no memory limit, no CPU time or peak
//! memory (times are wall time), no process cap, no sandbox; on Unix, a process that leaves the
//! group (`setsid`) is out of reach. On Windows nothing leaves a Job Object, and `labs` sits in
//! one with kill-on-close, so a `labs` killed hard takes its programs with it.

mod file;
#[cfg(unix)]
#[path = "unix.rs"]
mod os;
#[cfg(windows)]
#[path = "windows.rs"]
mod os;

pub(crate) use file::{OpenFolder, open_foreign, open_lock, private_dir};
pub use os::Wake;
pub(crate) use os::signal_number;

use crate::host::Host;
use crate::process::{
    Backend, Captured, Ended, Guarantees, Kernel, Limits, Program, Run, Running, Spool, Stop, StopHandle, Usage,
    supervise,
};
use crate::sandbox::{NoSandbox, ProcessCap, Sandbox};
use crate::system::System;
use process_wrap::std::{ChildWrapper, CommandWrap};
use std::io::{self, Read, Write};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How often the waiting loop looks at the program when no output comes.
const TICK: Duration = Duration::from_millis(2);

/// What this backend finds here: nothing it needs to probe.
#[derive(Debug)]
pub struct Probe;

/// Nothing to probe: std and the group's kill are all this backend uses.
pub(crate) fn probe() -> Probe {
    Probe
}

/// No CPU time while a program runs: the time limit is wall time.
pub(crate) const CPU_TIME: bool = false;

/// What this backend holds.
pub(crate) fn guarantees(_: &Probe) -> Guarantees {
    Guarantees {
        backend: Backend::Portable,
        memory_limit: false,
        memory_counts_all: false,
        usage: false,
        cpu_time: CPU_TIME,
        escapes_caught: cfg!(windows),
        stack: false,
    }
}

/// Nothing this backend counts for the process: its runs' orphans are not its to find (the
/// group's kill and, on Windows, the job end them).
#[derive(Debug, Default)]
pub(crate) struct Held;

/// Takes charge of what the runs start ([`crate::process::take_charge`]).
pub(crate) fn take_charge() -> Held {
    os::take_charge();
    Held
}

/// Neither pidfds nor cgroups: std and the group's kill are all this backend uses.
pub(crate) fn kernel(_: &Probe) -> Kernel {
    Kernel { pidfds: None, cgroups: None }
}

/// No sandbox: bubblewrap is Linux's, and needs the Linux backend.
pub(crate) fn sandbox(_: &Host) -> Result<Box<dyn Sandbox>, NoSandbox> {
    Err(match System::HERE {
        System::Linux => NoSandbox::PortableBackend,
        system => NoSandbox::NotOnThisSystem(system),
    })
}

/// Nothing here holds a process cap.
pub(crate) fn process_cap(_: &Probe, _sandbox: Option<&dyn Sandbox>) -> ProcessCap {
    ProcessCap::Unenforced
}

/// Runs keep `labs`'s user here.
pub(crate) fn runs_as_nobody(_: &Probe) -> bool {
    false
}

/// Whether process `pid` is one `labs` runs under: not known here, so never said.
pub(crate) fn is_ancestor(_pid: u32) -> bool {
    false
}

/// No memory limit here, so no program too large to start under it: its image is not read.
pub(crate) fn image_bytes(_: &std::path::Path) -> Option<u64> {
    None
}

/// Nothing of this backend's is left behind by a `labs` that was killed: it makes no cgroups.
pub(crate) fn sweep(_: &Probe) {}

/// Runs keep `labs`'s user here: nothing to hand over.
pub(crate) fn give_to_runs(_: &Probe, _dir: &std::path::Path, _user: Option<crate::slot::User>) {}

/// Nothing was given: nothing to take back.
pub(crate) fn keep_from_runs(_: &Probe, _dir: &std::path::Path, _user: Option<crate::slot::User>) {}

/// No job slot has a user of its own here: there is none to claim.
#[derive(Debug)]
pub(crate) enum Claim {}

impl Claim {
    /// The slot's user id, which no claim here has.
    pub(crate) fn id(&self) -> u32 {
        match *self {}
    }
}

/// Runs keep `labs`'s user here, so no slot is claimed.
pub(crate) fn claim() -> Result<Option<Claim>, crate::slot::Unclaimed> {
    Ok(None)
}

/// What a pipe's thread hands the waiting loop.
enum Piped {
    Out(Vec<u8>),
    Err(Vec<u8>),
    OutEnd,
    ErrEnd,
}

/// The one owner of a running program and its group; dropping it kills them all.
struct Guard {
    child: Box<dyn ChildWrapper>,
    reaped: bool,
}

impl Guard {
    /// Kills the whole group (or job).
    fn kill_all(&mut self) {
        let _ = self.child.start_kill();
    }

    /// Kills everything and reaps the program. Idempotent.
    fn end(&mut self) {
        self.kill_all();
        if !self.reaped {
            let _ = self.child.inner_mut().wait();
            self.reaped = true;
        }
    }

    /// How the program ended, if it has: the program itself, not its group (process-wrap's
    /// group wait would wait for what it left behind too).
    fn try_reap(&mut self) -> io::Result<Option<Ended>> {
        if self.reaped {
            return Ok(None);
        }
        let status = self.child.inner_mut().try_wait()?;
        self.reaped |= status.is_some();
        Ok(status.map(os::ending))
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        self.end();
    }
}

/// Runs `program` under a [`Guard`], its pipes served by threads; see
/// [`crate::process::run`].
pub(crate) fn run(
    program: &Program,
    input: Option<Vec<u8>>,
    limits: &Limits,
    _host: &Host,
    stop: &dyn StopHandle,
    spool: Option<Spool>,
) -> Result<Run, Stop> {
    let started = Instant::now();
    let mut wrap = CommandWrap::from(crate::process::command(program, input.is_some()));
    os::detach(&mut wrap);
    let mut child = wrap.spawn()?;
    let (stdin, stdout, stderr) = (child.stdin().take(), child.stdout().take(), child.stderr().take());
    let guard = Guard { child, reaped: false };
    if let (Some(mut pipe), Some(bytes)) = (stdin, input) {
        // A program that exits without reading its input closes the pipe: not a failure. A
        // thread the system refuses (no processes left) is the run's failure to start.
        std::thread::Builder::new().spawn(move || pipe.write_all(&bytes))?;
    }
    let (send, read) = mpsc::sync_channel(16);
    let serve = |pipe: Option<Box<dyn Read + Send>>, chunk: fn(Vec<u8>) -> Piped, end: Piped| {
        let send = send.clone();
        std::thread::Builder::new().spawn(move || {
            let Some(mut pipe) = pipe else { return drop(send.send(end)) };
            let mut buffer = vec![0u8; 1 << 16];
            loop {
                match pipe.read(&mut buffer) {
                    Ok(0) => break,
                    Ok(k) if send.send(chunk(buffer[..k].to_vec())).is_err() => return,
                    Ok(_) => {}
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
            let _ = send.send(end);
        })
    };
    serve(stdout.map(|p| Box::new(p) as Box<dyn Read + Send>), Piped::Out, Piped::OutEnd)?;
    serve(stderr.map(|p| Box::new(p) as Box<dyn Read + Send>), Piped::Err, Piped::ErrEnd)?;
    drop(send);
    supervise(
        &mut Supervised { guard, read, captured: Captured::new(limits).spooling(spool), open: (true, true) },
        started,
        limits,
        program,
        stop,
    )
}

/// The guard and what its pipes' threads hand over, waited for together.
struct Supervised {
    guard: Guard,
    read: mpsc::Receiver<Piped>,
    captured: Captured,
    /// Whether stdout and stderr are still open.
    open: (bool, bool),
}

impl Running for Supervised {
    fn reap(&mut self) -> io::Result<Option<Ended>> {
        self.guard.try_reap()
    }

    fn kill_all(&mut self) -> usize {
        self.guard.kill_all();
        0
    }

    fn over_process_cap(&mut self) -> bool {
        false
    }

    fn cpu(&mut self) -> Option<Duration> {
        None
    }

    fn out_of_memory(&self) -> bool {
        false
    }

    fn wait(&mut self, until: Instant) -> io::Result<()> {
        match self.read.recv_timeout(until.saturating_duration_since(Instant::now()).min(TICK)) {
            Ok(Piped::Out(chunk)) => drop(self.captured.stdout(&chunk)),
            Ok(Piped::Err(chunk)) => self.captured.stderr(&chunk),
            Ok(Piped::OutEnd) => self.open.0 = false,
            Ok(Piped::ErrEnd) => self.open.1 = false,
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => self.open = (false, false),
        }
        Ok(())
    }

    fn pipes_done(&self) -> bool {
        self.open == (false, false)
    }

    fn captured(&mut self) -> &mut Captured {
        &mut self.captured
    }

    fn end(&mut self) -> Usage {
        self.guard.end();
        // Nothing here measures it.
        Usage::default()
    }
}
