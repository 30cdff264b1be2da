//! Running a program nobody reviewed, as a judge does: the seam between the judge and the
//! operating system.
//!
//! Everything above this module is plain std: it says *what* to run ([`Program`]), *within what*
//! ([`Limits`]), and reads *what happened* ([`Run`], [`Ended`], [`Usage`]). How a program is
//! started, held to its limits, killed with everything it started, and measured is the
//! backend's, one per family of systems, chosen at its `mod` line in [`super`] and nowhere else:
//!
//! - **linux** (`crates/labs-judge/src/linux/`): a process group, `RLIMIT_AS`, no stack limit of its own
//!   (`RLIMIT_STACK` lifted: the memory limit bounds the stack), `labs` as child subreaper,
//!   a pidfd and `poll(2)` for the waiting, a walk of `/proc` for the kill, a pids cgroup for the
//!   process cap ([`Limits::processes`]), `wait4(2)` for CPU time and peak memory, and the
//!   bubblewrap sandbox ([`super::sandbox`]).
//!
//! - **portable** (`crates/labs-judge/src/portable/`): std, `process-wrap` (a session of its own on Unix, a
//!   Job Object on Windows) and the same pipes served by threads; no memory limit, no CPU time,
//!   no process cap, no sandbox, which [`Host::guarantees`] says and the report repeats. Windows and
//!   macOS use it; `--features portable-backend` selects it on Linux, to test it here.
//!
//! Every backend provides the same few items, which this module and [`super::sandbox`] forward
//! to: `run`, `alive`, `signal_number` and `GUARANTEES`, and the sandbox's `sandbox` and
//! `process_cap`. What stops a run is the caller's [`StopHandle`]. Whatever the backend, [`run`]
//! returns only once everything the program started is gone (or out of its reach, which [`Run`]
//! says), and every limit is the backend's to enforce, not the happy path's.
//!
//! Two promises hold under every backend, for runs and builds alike: the program gets
//! [`environment`] and nothing else of `labs`'s environment (no instructor's token reaches it),
//! and no file descriptor of `labs` but its stdin, stdout and stderr (none a shell, `make`'s
//! jobserver or a CI runner left open).

use super::backend;
use super::host::Host;
use super::slot::User;
use super::system::System;
use std::ffi::OsString;
use std::fmt::Debug;
use std::io;
use std::num::NonZeroU32;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A program to run: its command line, where, and whether its address space may be limited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The command and its arguments.
    pub argv: Vec<OsString>,
    /// The working directory (`None`: ours).
    pub dir: Option<PathBuf>,
    /// Whether the memory limit is set as `RLIMIT_AS`. A JVM reserves far more address space
    /// than it uses, so Java is limited by `-Xmx` instead.
    pub limit_address_space: bool,
    /// Whether it runs in a PID namespace of its own (the sandbox), which the kernel empties when
    /// the program ends: what it left running dies with it, before the guard can count it.
    pub own_pid_namespace: bool,
    /// Whether its first process stops itself (`SIGSTOP`) just before it execs the real program
    /// (the sandbox's way): the backend then pins that process with a pidfd, lets it go on, and
    /// reads the program's own wait status, which the sandbox's exit code cannot give.
    pub stops_before_exec: bool,
    /// Whether it is a submission's (a run, or the compiler building one): when `labs` runs as
    /// root, the backend starts it as an unprivileged user, as it does every run and build, and
    /// [`Host::give_to_runs`] hands that user the directory it works in. A sandbox that wraps it does
    /// the same inside, in its own way.
    pub untrusted: bool,
    /// A folder it reads beyond the files its arguments name (a Python program's own modules,
    /// beside its file): a sandbox lets it read that folder whole.
    pub reads: Option<PathBuf>,
    /// The job slot's user an untrusted program executes as when `labs` runs as root, in the
    /// sandbox or not (`None`: `nobody`); see [`crate::slot`].
    pub user: Option<User>,
    /// The address space its executable takes before its first instruction, in KiB rounded up,
    /// where the backend can tell ([`image_kib`]): a program whose image passes the memory limit
    /// cannot start. (KiB in 32 bits, up to 4 TiB: the field fits where `Program` had padding.)
    pub image_kib: Option<NonZeroU32>,
}

impl Program {
    /// `argv` run here, its address space limited.
    pub fn new(argv: Vec<OsString>) -> Program {
        Program {
            argv,
            dir: None,
            limit_address_space: true,
            own_pid_namespace: false,
            stops_before_exec: false,
            untrusted: false,
            reads: None,
            user: None,
            image_kib: None,
        }
    }

    /// What its processes may hold together under a memory limit of `bytes`, as a memory cgroup
    /// counts it: the limit, and for a JVM (limited by `-Xmx`, not by its address space) what it
    /// holds beyond its heap too ([`super::facts::JUDGE_JVM_BEYOND_HEAP`]).
    pub fn memory_together(&self, bytes: u64) -> u64 {
        match self.limit_address_space {
            true => bytes,
            false => bytes + super::facts::JUDGE_JVM_BEYOND_HEAP,
        }
    }

    /// The words of its command line that name files where it runs now, by index and made
    /// absolute: what must change for it to run in another directory. A bare command name
    /// (`python3`) is looked up on `PATH` wherever it runs, so it is left as it is.
    pub fn paths(&self) -> Vec<(usize, PathBuf)> {
        let base = self.dir.clone().or_else(|| std::env::current_dir().ok()).unwrap_or_default();
        let is_path = |i: usize, word: &OsString| i > 0 || System::HERE.is_path(&word.to_string_lossy());
        (self.argv.iter().enumerate())
            .filter(|&(i, word)| !word.is_empty() && is_path(i, word))
            .map(|(i, word)| (i, base.join(word)))
            .filter(|(_, path)| path.exists())
            .collect()
    }

    /// The same program run in `dir`, the files its command line names still found.
    pub fn run_in(&self, dir: &Path) -> Program {
        let mut moved = self.clone();
        for (i, path) in self.paths() {
            moved.argv[i] = path.into_os_string();
        }
        moved.dir = Some(dir.to_path_buf());
        moved
    }
}

/// What one run may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The time limit: CPU time (user and system) of the program and everything it starts,
    /// where the backend measures it while it runs ([`Guarantees::cpu_time`]), with a wall-clock
    /// bound beside it ([`Limits::wall`]) so that a program that sleeps or waits still ends;
    /// wall time where the backend cannot.
    pub time: Duration,
    /// Further time to collect its output after it ended or was killed.
    pub grace: Duration,
    /// Memory, in bytes (`None`: no limit): the address space of each process, and where the
    /// backend can make one, a memory cgroup that counts everything the run holds together
    /// ([`Guarantees::memory_counts_all`]).
    pub memory: Option<u64>,
    /// The largest file a process may write, in bytes (`RLIMIT_FSIZE`, where the backend sets
    /// it; `None`: no limit). A write past it fails with `EFBIG` (`SIGXFSZ` is ignored), so a
    /// compiler says so and exits.
    pub file_size: Option<u64>,
    /// stdout bytes; one more is Output Limit Exceeded.
    pub stdout: usize,
    /// stderr bytes kept (the last ones); stderr past it is dropped, not a verdict.
    pub stderr: usize,
    /// Processes (threads included) at once, held by a pids cgroup where the backend can make
    /// one ([`super::sandbox::ProcessCap`] says what holds it; `None`: no cap, or one the
    /// program's command line sets itself).
    pub processes: Option<u32>,
}

impl Limits {
    /// What a quick look at a tool of ours may use (`python3 --version`, `bwrap … true`): ten
    /// seconds and a few KiB of output. It runs under a guard like any program, so a grader's
    /// other guards know it is not theirs to kill.
    pub fn probe() -> Limits {
        Limits {
            time: Duration::from_secs(10),
            grace: Duration::from_secs(1),
            memory: None,
            file_size: None,
            stdout: 4096,
            stderr: 4096,
            processes: None,
        }
    }

    /// The wall-clock bound beside a CPU-time limit: twice the limit and
    /// [`super::facts::JUDGE_WALL_SLACK`], so that a program that waits (sleeps, reads a stdin
    /// that never comes) ends too, and one that computes is not cut short by a loaded machine.
    pub fn wall(&self) -> Duration {
        2 * self.time + super::facts::JUDGE_WALL_SLACK
    }
}

/// Which time bound a run reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Its CPU time (every process's, user and system) reached the time limit, this long.
    Cpu(Duration),
    /// Its wall time reached this bound: [`Limits::wall`] beside a CPU-time limit, or the time
    /// limit itself where the backend measures no CPU time.
    Wall(Duration),
}

/// How the program's run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// It exited by itself with this code.
    Exited(i32),
    /// A signal ended it (a crash, say): the signal's number.
    Signalled(i32),
    /// It was still running at a time bound and was killed.
    TimedOut(Bound),
    /// It wrote more than the stdout cap and was killed.
    OutputCapped,
    /// It tried to start more processes than its cap and was killed.
    TooManyProcesses,
    /// Its processes together reached the memory limit of its memory cgroup, the kernel killed
    /// one, and the judge the rest.
    OutOfMemory,
}

/// Resources the program and its descendants used, as the system reports them, killed or not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// User plus system CPU time of every process of the run: from its cgroup where it has one,
    /// else summed over what was reaped and what was seen running.
    pub cpu: Duration,
    /// Peak memory in bytes: of the run's memory cgroup where it has one (every process, and
    /// the files it wrote to memory), else the largest resident set of any one process.
    pub peak_memory: u64,
}

/// What one run produced.
#[derive(Clone, Debug)]
pub struct Run {
    /// stdout, at most the cap (one byte more when it was capped).
    pub stdout: Vec<u8>,
    /// The last bytes of stderr, at most its cap.
    pub stderr: Vec<u8>,
    /// How many bytes were written to stderr in all.
    pub stderr_written: u64,
    /// How it ended.
    pub ended: Ended,
    /// Wall time from start to the program's end.
    pub elapsed: Duration,
    /// CPU time and peak memory.
    pub usage: Usage,
    /// Processes it left behind that were killed once it ended.
    pub left_behind: usize,
    /// Processes of the run still alive when the kill gave up on them (a chain of forks that
    /// outran every walk, where no cgroup or PID namespace holds the run): never claimed killed.
    pub outran: usize,
    /// The pipes were still held open at the end of the grace time, by something out of reach.
    pub pipes_held: bool,
}

/// Why a run did not finish.
#[derive(Debug)]
pub enum Stop {
    /// The program could not be started, or waiting for it failed.
    Io(io::Error),
    /// `labs` received this signal; everything the run started has been killed.
    Signal(i32),
    /// The sandbox ended before the program in it started (bwrap could not make its namespaces,
    /// or something killed it): nothing of the program ran, so nothing is its verdict. The last
    /// line the sandbox wrote on stderr, which no program wrote, says why.
    SandboxFailed(Vec<u8>),
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Self {
        Stop::Io(e)
    }
}

/// Whether this build's backend measures CPU time while a program runs, so that its time limit
/// is on CPU time with a wall-clock bound beside it ([`Guarantees::cpu_time`]): a property of
/// the backend, the same on every host.
pub const CPU_TIME: bool = backend::CPU_TIME;

/// The judge's backends, one per family of systems ([`super`] chooses one at build time).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// Process groups, a subreaper, pidfds, cgroups, bubblewrap: `crates/labs-judge/src/linux/`.
    Linux,
    /// std and process-wrap, as on Windows and macOS: `crates/labs-judge/src/portable/`.
    Portable,
}

/// What the backend in use can promise; the report says what does not hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guarantees {
    /// Which backend this build judges with.
    pub backend: Backend,
    /// The memory limit is enforced.
    pub memory_limit: bool,
    /// The memory limit counts everything the run holds together (its children, files in its
    /// `/tmp` and `/dev/shm`, a `memfd`): a memory cgroup. Else it is each process's address
    /// space only.
    pub memory_counts_all: bool,
    /// CPU time and peak memory are measured (else only wall time).
    pub usage: bool,
    /// The time limit counts CPU time, measured while the program runs (else wall time).
    pub cpu_time: bool,
    /// A process that leaves the program's group is still found and killed.
    pub escapes_caught: bool,
    /// The stack may grow until the memory limit stops it, whatever the caller's stack limit
    /// (`ulimit -s`) was. Else the program keeps the caller's (Unix) or the one its linker wrote
    /// into it (Windows: 1 MiB unless told otherwise). A JVM's threads have `-Xss` either way.
    pub stack: bool,
}

/// What the backend found in this system's kernel, for `labs doctor`: whether it gives pidfds
/// (a program's end is noticed at once, and no signal reaches a reused pid), and which cgroup
/// controllers (`pids`, `memory`, `cpu`) a run gets a group of. `None` for a part this backend
/// does not use (the portable one uses neither).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel {
    /// `pidfd_open` works here.
    pub pidfds: Option<bool>,
    /// The controllers a run gets a cgroup of.
    pub cgroups: Option<Vec<&'static str>>,
}

/// The cgroup controllers a run's groups may count, as [`Kernel::cgroups`] names them.
pub const CONTROLLERS: [&str; 3] = ["pids", "memory", "cpu"];

/// A started program as a backend holds it: the one owner of the program and of everything it
/// starts (dropping it kills them all), with its pipes. [`supervise`] drives it, the same loop
/// for every backend.
pub(crate) trait Running {
    /// How the program ended, once it has; after that, `None`.
    fn reap(&mut self) -> io::Result<Option<Ended>>;
    /// Kills the program and everything it started that the backend can reach; how many
    /// processes other than the program it killed (0 where it cannot count them).
    fn kill_all(&mut self) -> usize;
    /// How many of the run's processes the last kill left alive, having looked again: 0 where
    /// the backend holds them all (a job object, a cgroup, a PID namespace) or cannot tell.
    fn outran(&self) -> usize {
        0
    }
    /// Whether a `fork` was refused for the process cap.
    fn over_process_cap(&mut self) -> bool;
    /// Whether the kernel killed a process of the run for its memory limit together.
    fn out_of_memory(&self) -> bool;
    /// The CPU time of everything the run started, so far; `None` where the backend cannot tell
    /// while it runs (its time limit is then wall time).
    fn cpu(&mut self) -> Option<Duration>;
    /// Waits, until `until` at the latest, for output, the program's end or a signal to `labs`,
    /// and keeps what the pipes gave.
    fn wait(&mut self, until: Instant) -> io::Result<()>;
    /// Both output pipes are at their end (or stdout was closed at its cap).
    fn pipes_done(&self) -> bool;
    /// What the pipes gave so far.
    fn captured(&mut self) -> &mut Captured;
    /// Kills everything and reaps the program; the CPU time and peak memory of all it reaped.
    fn end(&mut self) -> Usage;
}

/// Waits for `running` within `limits`, from `started`, and kills everything it started before
/// returning, whatever happens. The order of the checks is the verdicts' order: the output cap
/// and the process cap before the time limit, and each decided on what was already read. The
/// time limit is on CPU time where the backend measures it while the program runs, looked at
/// every [`CPU_TICK`], with [`Limits::wall`] beside it; else on wall time.
pub(crate) fn supervise(
    running: &mut dyn Running,
    started: Instant,
    limits: &Limits,
    program: &Program,
    stop: &dyn StopHandle,
) -> Result<Run, Stop> {
    let on_cpu = running.cpu().is_some();
    let wall = if on_cpu { limits.wall() } else { limits.time };
    let deadline = started + wall;
    let hard = deadline + limits.grace;
    let mut ended = None;
    let mut elapsed = None;
    let mut left_behind = 0;
    loop {
        if let Some(signal) = stop.signal() {
            running.kill_all();
            return Err(Stop::Signal(signal));
        }
        if elapsed.is_none()
            && let Some(how) = running.reap()?
        {
            elapsed = Some(started.elapsed());
            // What it left behind goes too; their pipes then close, and the output is complete.
            // Only a program that ended by itself left anything behind: one killed at a limit
            // was killed with all it started, and what is still dying then is not its doing. In
            // its own PID namespace, what it left dies with the namespace, sooner or later than
            // this look: a count there would be a race, so none is kept.
            let killed = running.kill_all();
            if ended.is_none() && !program.own_pid_namespace {
                left_behind += killed;
            }
            ended = ended.or(Some(how));
        }
        if running.captured().over_a_cap() && ended.is_none() {
            ended = Some(Ended::OutputCapped);
            running.kill_all();
        }
        if ended.is_none() && running.over_process_cap() {
            ended = Some(Ended::TooManyProcesses);
            running.kill_all();
        }
        if ended.is_none() && running.out_of_memory() {
            ended = Some(Ended::OutOfMemory);
            running.kill_all();
        }
        let now = Instant::now();
        if elapsed.is_none() && ended.is_none() {
            let bound = match running.cpu() {
                Some(cpu) if cpu >= limits.time => Some(Bound::Cpu(limits.time)),
                _ if now >= deadline => Some(Bound::Wall(wall)),
                _ => None,
            };
            if let Some(bound) = bound {
                ended = Some(Ended::TimedOut(bound));
                running.kill_all();
            }
        }
        if elapsed.is_some() && running.pipes_done() {
            break;
        }
        if now >= hard {
            running.kill_all();
            break;
        }
        // Until the program ends, wake at the deadline (and every tick to look at its CPU
        // time); then at the end of the grace time.
        let until = match (elapsed.is_none() && ended.is_none(), on_cpu) {
            (true, true) => deadline.min(now + CPU_TICK),
            (true, false) => deadline,
            (false, _) => hard,
        };
        running.wait(until)?;
    }
    let elapsed = elapsed.unwrap_or_else(|| started.elapsed());
    let pipes_held = !running.pipes_done();
    // A program that failed after a refused fork (a shell says "Cannot fork" and exits) failed
    // for the cap; one that coped with it and exited with 0 did not.
    let failed_for_the_cap = running.over_process_cap() && ended != Some(Ended::Exited(0));
    // A process the kernel killed for the memory limit was killed for the limit, whatever the
    // others did after it (a parent that exits 0 without looking at its children).
    let out_of_memory = running.out_of_memory();
    let usage = running.end();
    let outran = running.outran();
    let captured = std::mem::replace(running.captured(), Captured::new(limits));
    // Decided once the pipes are read to their end: a program that wrote past the cap and then
    // exited (or crashed) still wrote past the cap.
    let ended = match ended {
        _ if captured.over_a_cap() => Ended::OutputCapped,
        _ if failed_for_the_cap => Ended::TooManyProcesses,
        _ if out_of_memory => Ended::OutOfMemory,
        ended => ended.unwrap_or(Ended::TimedOut(Bound::Wall(wall))),
    };
    Ok(Run {
        stdout: captured.stdout,
        stderr: captured.stderr,
        stderr_written: captured.stderr_written,
        ended,
        elapsed,
        usage,
        left_behind,
        outran,
        pipes_held,
    })
}

/// How often a running program's CPU time is looked at: a time limit is passed by at most this
/// much on each core it keeps busy.
const CPU_TICK: Duration = Duration::from_millis(10);

/// A run's output as it is read, within its caps: what every backend keeps of it.
#[derive(Debug)]
pub(crate) struct Captured {
    /// stdout, at most the cap and one byte more.
    pub stdout: Vec<u8>,
    /// The last bytes of stderr, at most its cap.
    pub stderr: Vec<u8>,
    /// How many bytes were written to stderr in all.
    pub stderr_written: u64,
    /// stdout passed its cap.
    pub over_cap: bool,
    caps: (usize, usize),
    /// Where the whole of stderr goes too, if anywhere, and whether it passed the spool's cap.
    spool: Option<(Spool, bool)>,
}

impl Captured {
    pub(crate) fn new(limits: &Limits) -> Captured {
        let caps = (limits.stdout, limits.stderr);
        Captured { stdout: Vec::new(), stderr: Vec::new(), stderr_written: 0, over_cap: false, caps, spool: None }
    }

    /// The same, with every byte of stderr also written to `spool`.
    pub(crate) fn spooling(self, spool: Option<Spool>) -> Captured {
        Captured { spool: spool.map(|s| (s, false)), ..self }
    }

    /// stdout passed its cap, or stderr its spool's: either ends the run.
    pub(crate) fn over_a_cap(&self) -> bool {
        self.over_cap || self.spool.as_ref().is_some_and(|(_, over)| *over)
    }

    /// How many more stdout bytes are worth reading: one past the cap is enough to know it was
    /// passed.
    pub(crate) fn stdout_room(&self) -> usize {
        (self.caps.0 + 1).saturating_sub(self.stdout.len())
    }

    /// Keeps `chunk` of stdout (up to the cap and one byte); `false` once the cap is passed.
    pub(crate) fn stdout(&mut self, chunk: &[u8]) -> bool {
        self.stdout.extend_from_slice(&chunk[..chunk.len().min(self.stdout_room())]);
        self.over_cap |= self.stdout.len() > self.caps.0;
        !self.over_cap
    }

    /// Keeps the last bytes of stderr within its cap: a traceback or a sanitizer report ends it.
    /// The spool, if there is one, gets them all, up to its own cap.
    pub(crate) fn stderr(&mut self, chunk: &[u8]) {
        self.stderr_written += chunk.len() as u64;
        self.stderr.extend_from_slice(chunk);
        let excess = self.stderr.len().saturating_sub(self.caps.1);
        self.stderr.drain(..excess);
        if let Some((spool, over)) = &mut self.spool {
            *over |= !spool.take(chunk);
        }
    }
}

/// Where the whole of a run's stderr goes, beside the last bytes [`Run::stderr`] keeps: a file,
/// up to a cap in bytes. A run whose stderr passes the cap of a [`Spool::create`]d spool is killed
/// there, as one whose stdout passes its cap, and ends [`Ended::OutputCapped`]; [`Spooled::cut`]
/// tells the two apart. A [`Spool::keeping`] spool only stops keeping there: the judge's, whose
/// verdicts a program's stderr never decides. The
/// file is the caller's (a folder of its own, out of the program's reach); the guard writes it,
/// never the program. A handle: the run holds one clone, the caller another to read the result.
#[derive(Clone, Debug)]
pub struct Spool(Arc<Mutex<Spooling>>);

#[derive(Debug)]
struct Spooling {
    file: io::BufWriter<std::fs::File>,
    cap: u64,
    written: u64,
    cut: bool,
    /// Whether passing the cap ends the run.
    ends_run: bool,
    error: Option<io::Error>,
}

/// What a [`Spool`] holds once its run is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spooled {
    /// Bytes in the file: all of stderr, or the cap.
    pub bytes: u64,
    /// stderr passed the cap: the file holds its first `cap` bytes, and the run was ended.
    pub cut: bool,
}

impl Spool {
    /// A spool into a new file at `path` (none may be there) that keeps at most `cap` bytes.
    /// A run that writes more is ended there.
    pub fn create(path: &Path, cap: u64) -> io::Result<Spool> {
        Spool::new(path, cap, true)
    }

    /// A spool into a new file at `path` that keeps the first `cap` bytes and lets the run go on
    /// past them.
    pub fn keeping(path: &Path, cap: u64) -> io::Result<Spool> {
        Spool::new(path, cap, false)
    }

    fn new(path: &Path, cap: u64, ends_run: bool) -> io::Result<Spool> {
        let file = std::fs::OpenOptions::new().write(true).create_new(true).open(path)?;
        let spooling = Spooling { file: io::BufWriter::new(file), cap, written: 0, cut: false, ends_run, error: None };
        Ok(Spool(Arc::new(Mutex::new(spooling))))
    }

    /// Writes what of `chunk` fits under the cap; `false` once stderr passed it and that ends the
    /// run.
    fn take(&self, chunk: &[u8]) -> bool {
        use io::Write;
        let mut s = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let room = s.cap.saturating_sub(s.written);
        let kept = &chunk[..chunk.len().min(usize::try_from(room).unwrap_or(usize::MAX))];
        if s.error.is_none()
            && let Err(e) = s.file.write_all(kept)
        {
            s.error = Some(e);
        }
        s.written += kept.len() as u64;
        s.cut |= kept.len() < chunk.len();
        !(s.cut && s.ends_run)
    }

    /// Writes out what is buffered and says what the file holds; the first write error, if any,
    /// is the machine's (a full disk), never the program's.
    pub fn finish(&self) -> io::Result<Spooled> {
        use io::Write;
        let mut s = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(e) = s.error.take() {
            return Err(e);
        }
        s.file.flush()?;
        Ok(Spooled { bytes: s.written, cut: s.cut })
    }
}

/// The signals the judge names, by what they mean; their numbers are the system's
/// ([`Signal::number`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    /// SIGSEGV: an invalid memory access.
    Segv,
    /// SIGBUS: a bad memory access.
    Bus,
    /// SIGABRT: the program aborted.
    Abrt,
    /// SIGFPE: an arithmetic error.
    Fpe,
    /// SIGKILL.
    Kill,
}

impl Signal {
    /// Every signal the judge names.
    pub const ALL: [Signal; 5] = [Signal::Segv, Signal::Bus, Signal::Abrt, Signal::Fpe, Signal::Kill];

    /// Its number on this system.
    pub fn number(self) -> i32 {
        backend::signal_number(self)
    }

    /// The signal numbered `number` here, if the judge names it.
    pub fn of(number: i32) -> Option<Signal> {
        Signal::ALL.into_iter().find(|s| s.number() == number)
    }
}

/// The whole environment of a run or a build whose own directory is `home`: an allow-list, not
/// `labs`'s environment with a few things removed.
///
/// - `PATH`, `LANG` and every `LC_*`, as `labs` has them: finding commands, and the language of
///   compilers' messages and of Python's text I/O.
/// - `HOME` and `TMPDIR`: the run's (or build's) own directory, so that what a program or a
///   compiler writes "at home" or "in the temporary directory" stays in it.
/// - The toolchains' homes ([`toolchain_homes`]), which a proxy on `PATH` finds by `HOME` unless
///   told: `RUSTUP_HOME` for rustup's `rustc`, `PYENV_ROOT` for pyenv's
///   `python3`, each where it really is; and `RUSTUP_TOOLCHAIN`, `PYENV_VERSION` and `JAVA_HOME`
///   when `labs` has them, so that a build uses the toolchain the grader chose.
pub fn environment(home: &Path) -> Vec<(OsString, OsString)> {
    let mut env: Vec<(OsString, OsString)> = std::env::vars_os()
        .filter(|(name, _)| {
            let name = name.to_string_lossy();
            ["PATH", "LANG", "RUSTUP_TOOLCHAIN", "PYENV_VERSION", "JAVA_HOME"].contains(&name.as_ref())
                || name.starts_with("LC_")
        })
        .collect();
    env.extend(["HOME", "TMPDIR"].map(|name| (name.into(), home.into())));
    env.extend(toolchain_homes().into_iter().map(|(name, dir)| (name.into(), dir.into())));
    env
}

/// Where the toolchains a proxy on `PATH` runs live: (variable, directory), for those that exist
/// here. rustup's and pyenv's default to directories in `$HOME`.
pub fn toolchain_homes() -> Vec<(&'static str, PathBuf)> {
    let home = std::env::var_os("HOME").map(PathBuf::from).filter(|h| h.is_absolute());
    [("RUSTUP_HOME", ".rustup"), ("PYENV_ROOT", ".pyenv")]
        .into_iter()
        .filter_map(|(var, default)| {
            let dir = std::env::var_os(var).map(PathBuf::from).or_else(|| home.as_ref().map(|h| h.join(default)))?;
            (dir.is_absolute() && dir.is_dir()).then_some((var, dir))
        })
        .collect()
}

/// The command that starts `program` in every backend: its arguments, the allow-listed
/// [`environment`] with its own directory (else ours) as home, stdin piped only when it gets
/// input, stdout and stderr piped, its working directory. The backend adds how it is held.
pub(crate) fn command(program: &Program, input: bool) -> std::process::Command {
    use std::process::Stdio;
    let mut command = std::process::Command::new(&program.argv[0]);
    let home = program.dir.clone().or_else(|| std::env::current_dir().ok()).unwrap_or_default();
    command
        .args(&program.argv[1..])
        .env_clear()
        .envs(environment(&home))
        .stdin(if input { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = &program.dir {
        command.current_dir(dir);
    }
    command
}

/// Runs `program` with `input` on stdin (`None`: no stdin at all) within `limits`, and kills
/// everything it started before returning, whatever happens; a stop that `stop` tells of ends
/// it too, as [`Stop::Signal`].
pub fn run(
    program: &Program,
    input: Option<Vec<u8>>,
    limits: &Limits,
    host: &Host,
    stop: &dyn StopHandle,
) -> Result<Run, Stop> {
    run_spooled(program, input, limits, host, stop, None)
}

/// [`run`], with the whole of stderr written to `spool` too, if there is one.
pub fn run_spooled(
    program: &Program,
    input: Option<Vec<u8>>,
    limits: &Limits,
    host: &Host,
    stop: &dyn StopHandle,
    spool: Option<Spool>,
) -> Result<Run, Stop> {
    // A stop that came between runs starts nothing.
    if let Some(signal) = stop.signal() {
        return Err(Stop::Signal(signal));
    }
    backend::run(program, input, limits, host, stop, spool)
}

/// This process's charge of everything its runs start, made by [`take_charge`] and handed to
/// every [`Host`]: on Linux the pids of the programs live guards own and a count of the runs,
/// for all hosts alike. The kernel hands a run's orphans to the process, not to a value, so there
/// is one charge a process: two (two hosts each with its own) would each take the other's live
/// programs for orphans of theirs and kill them.
#[derive(Clone, Debug)]
pub struct Charge(pub(crate) Arc<backend::Held>);

/// Makes this process the owner of what its runs start, before the first run, and returns its
/// [`Charge`], for every [`Host`] it probes: on Linux the process becomes the child subreaper,
/// so that a run's orphan (a double fork, a `setsid`) is reparented here, where the guard finds
/// and kills it, not to init, and it is made not dumpable, so that no run of its user can trace
/// it or open its memory, its environment or its descriptors through `/proc`; under the
/// portable backend on Unix, every descriptor this process inherited is marked close-on-exec, so
/// no run gets one; on Windows, this process joins a Job Object that ends everything in it when
/// this process ends. A process attribute, so it is the
/// caller's to set (`labs` does in `main`), once: call it again and the second charge does not
/// know the first's programs (and on Windows a second job nests in the first).
pub fn take_charge() -> Charge {
    Charge(Arc::new(backend::take_charge()))
}

/// Whether to stop, as whoever hears the signals that mean it says: the judge holds no signal
/// state of its own (cargo-nextest's runner is handed its signal handler the same way). A run
/// asks it before it starts and at every wake, and then kills everything it started and
/// returns [`Stop::Signal`].
pub trait StopHandle: Debug + Send + Sync {
    /// The number of the signal that asked to stop, once one came.
    fn signal(&self) -> Option<i32>;

    /// Something that becomes readable when a stop comes, so that a backend that sleeps in
    /// `poll` wakes at once (the Linux backend; the portable one looks every tick). `None`:
    /// the backend notices at its next tick.
    fn wake(&self) -> Option<Wake<'_>> {
        None
    }
}

/// What [`StopHandle::wake`] hands a backend to wait on: a descriptor on Unix.
pub use backend::Wake;

/// A stop that never comes: for tests, and for a caller that lets signals keep their default
/// action.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoStop;

impl StopHandle for NoStop {
    fn signal(&self) -> Option<i32> {
        None
    }
}

/// Where `name` is found on `PATH`, as the system looks for a command (`which`: with `PATHEXT`'s
/// extensions on Windows, the execute bits on Unix).
pub fn find_in_path(name: &str) -> Option<PathBuf> {
    which::which_global(name).ok()
}

/// Whether process `pid` is one `labs` runs under (its parent, and theirs): a stop it sends is
/// the user's, never a run's. Only the Linux backend can tell; elsewhere, never.
pub fn is_ancestor(pid: u32) -> bool {
    backend::is_ancestor(pid)
}

/// The address space the executable `program` starts (its first word, a path) takes before its
/// first instruction, in KiB rounded up, where the backend limits it (`RLIMIT_AS`: the Linux
/// backend, which reads the ELF file's loadable segments); `None` elsewhere, or for a command
/// looked up on `PATH` (an interpreter, a compiler: none too large to start).
pub fn image_kib(program: &Program) -> Option<NonZeroU32> {
    let (_, path) = program.paths().into_iter().find(|&(i, _)| i == 0)?;
    let kib = backend::image_bytes(&path)?.div_ceil(1 << 10);
    NonZeroU32::new(u32::try_from(kib).unwrap_or(u32::MAX))
}

/// Whether `path` is a file this system would run (on Unix, one with an execute bit).
pub fn is_executable(path: &Path) -> bool {
    which::which(path).is_ok()
}

// Every backend passes the same tests (`sh` is Unix's: on Windows these are not built).
#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// One host for the tests of this binary, as `labs` has one.
    fn host() -> &'static Host {
        static HOST: std::sync::LazyLock<Host> = std::sync::LazyLock::new(|| Host::probe(false, take_charge()));
        &HOST
    }

    fn guarantees() -> Guarantees {
        host().guarantees()
    }

    /// [`super::run`] as `labs` runs it: in charge of its runs' orphans (the host's charge), with
    /// no stop.
    fn run(program: &Program, input: Option<Vec<u8>>, limits: &Limits) -> Result<Run, Stop> {
        super::run(program, input, limits, host(), &NoStop)
    }

    fn sh(script: &str) -> Program {
        Program::new(["sh", "-c", script].map(OsString::from).to_vec())
    }

    fn limits(seconds: f64, stdout: usize) -> Limits {
        Limits {
            time: Duration::from_secs_f64(seconds),
            grace: Duration::from_millis(300),
            memory: Some(256 << 20),
            file_size: None,
            stdout,
            stderr: 1000,
            processes: None,
        }
    }

    #[test]
    fn input_goes_in_and_output_comes_out() {
        let run =
            run(&sh("read n; echo $((n * 2)); echo oops >&2"), Some(b"21\n".to_vec()), &limits(5.0, 100)).unwrap();
        assert_eq!((run.stdout, run.stderr, run.ended), (b"42\n".to_vec(), b"oops\n".to_vec(), Ended::Exited(0)));
    }

    #[test]
    fn the_time_limit_kills_the_whole_group() {
        let limits = limits(0.2, 100);
        let run = run(&sh("sleep 30 & sleep 30"), None, &limits).unwrap();
        // Sleeping takes no CPU time: the wall-clock bound ends it, where there is a CPU limit.
        let bound = if guarantees().cpu_time { limits.wall() } else { limits.time };
        assert_eq!(run.ended, Ended::TimedOut(Bound::Wall(bound)));
        assert!(run.elapsed < bound + Duration::from_secs(2), "{:?}", run.elapsed);
    }

    #[test]
    fn a_program_that_computes_reaches_the_cpu_time_limit_with_its_children() {
        if !guarantees().cpu_time {
            eprintln!("SKIPPED: this backend measures no CPU time (its limit is wall time)");
            return;
        }
        // Two children that spin: their CPU time counts, the parent's wait does not save it.
        let spin = "while :; do :; done";
        let run = run(&sh(&format!("({spin}) & ({spin}) & wait")), None, &limits(0.3, 100)).unwrap();
        assert_eq!(run.ended, Ended::TimedOut(Bound::Cpu(Duration::from_millis(300))));
        assert!(run.usage.cpu >= Duration::from_millis(300), "{:?}", run.usage);
    }

    #[test]
    fn the_output_cap_stops_a_flood() {
        let run = run(&Program::new(vec!["yes".into()]), None, &limits(10.0, 1000)).unwrap();
        assert_eq!((run.ended, run.stdout.len()), (Ended::OutputCapped, 1001));
    }

    #[test]
    fn a_crash_is_reported_with_its_signal() {
        let run = run(&sh("kill -SEGV $$"), None, &limits(5.0, 100)).unwrap();
        assert_eq!(run.ended, Ended::Signalled(Signal::Segv.number()));
    }

    #[test]
    fn a_spool_keeps_all_of_stderr_up_to_its_cap_and_ends_a_flood_there() {
        let dir = crate::scratch::Scratch::new("spool").unwrap();
        let (all, capped) = (dir.path().join("all"), dir.path().join("capped"));
        let spool = Spool::create(&all, 1 << 20).unwrap();
        let run =
            super::run_spooled(&sh("seq 1 2000 >&2"), None, &limits(5.0, 100), host(), &NoStop, Some(spool.clone()));
        assert_eq!((run.unwrap().ended, spool.finish().unwrap().cut), (Ended::Exited(0), false));
        let expected: String = (1..=2000).map(|k| format!("{k}\n")).collect();
        assert_eq!(std::fs::read_to_string(&all).unwrap(), expected);
        let spool = Spool::create(&capped, 5000).unwrap();
        let run = super::run_spooled(&sh("yes >&2"), None, &limits(10.0, 100), host(), &NoStop, Some(spool.clone()));
        assert_eq!(run.unwrap().ended, Ended::OutputCapped);
        assert_eq!(spool.finish().unwrap(), Spooled { bytes: 5000, cut: true });
        assert_eq!(std::fs::read(&capped).unwrap(), b"y\n".repeat(2500));
    }

    #[test]
    fn stderr_keeps_its_last_bytes_within_its_cap() {
        let run = run(&sh("seq 1 2000 >&2"), None, &limits(5.0, 100)).unwrap();
        assert_eq!(run.ended, Ended::Exited(0));
        assert_eq!(run.stderr.len(), 1000);
        assert!(run.stderr.ends_with(b"1999\n2000\n"));
        assert!(run.stderr_written > 8000);
    }
}
