//! Running a program nobody reviewed, as a judge does: the seam between the judge and the
//! operating system.
//!
//! Everything above this module is plain std: it says *what* to run ([`Program`]), *within what*
//! ([`Limits`]), and reads *what happened* ([`Run`], [`Ended`], [`Usage`]). How a program is
//! started, held to its limits, killed with everything it started, and measured is the
//! backend's, one per family of systems, chosen at its `mod` line in [`super`] and nowhere else:
//!
//! - **linux** (`src/judge/linux/`): a process group, `RLIMIT_AS`, `labs` as child subreaper,
//!   a pidfd and `poll(2)` for the waiting, a walk of `/proc` for the kill, a pids cgroup for the
//!   process cap ([`Limits::processes`]), `wait4(2)` for CPU time and peak memory, and the
//!   bubblewrap sandbox ([`super::sandbox`]).
//!
//! Every backend provides the same few functions, which this module and [`super::sandbox`]
//! forward to: `run`, `find_in_path`, `is_executable`, `alive`, `signal_number`, and the sandbox's
//! `sandbox` and `process_cap`. The signals that stop `labs` are [`crate::interrupt`]'s. Whatever the backend, [`run`]
//! returns only once everything the program started is gone (or out of its reach, which [`Run`]
//! says), and every limit is the backend's to enforce, not the happy path's.
//!
//! Two promises hold under every backend, for runs and builds alike: the program gets
//! [`environment`] and nothing else of `labs`'s environment (no instructor's token reaches it),
//! and no file descriptor of `labs` but its stdin, stdout and stderr (none a shell, `make`'s
//! jobserver or a CI runner left open).

use super::backend;
use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

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
}

impl Program {
    /// `argv` run here, its address space limited.
    pub fn new(argv: Vec<OsString>) -> Program {
        Program { argv, dir: None, limit_address_space: true, own_pid_namespace: false }
    }
}

/// What one run may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall time for the program.
    pub time: Duration,
    /// Further time to collect its output after it ended or was killed.
    pub grace: Duration,
    /// Address space per process, in bytes (`None`: no limit).
    pub memory: Option<u64>,
    /// stdout bytes; one more is Output Limit Exceeded.
    pub stdout: usize,
    /// stderr bytes kept (the last ones); stderr past it is dropped, not a verdict.
    pub stderr: usize,
    /// Processes (threads included) at once, held by a pids cgroup where the backend can make
    /// one ([`super::sandbox::ProcessCap`] says what holds it; `None`: no cap, or one the
    /// program's command line sets itself).
    pub processes: Option<u32>,
}

/// How the program's run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// It exited by itself with this code.
    Exited(i32),
    /// A signal ended it (a crash, say): the signal's number.
    Signalled(i32),
    /// It was still running at the time limit and was killed.
    TimedOut,
    /// It wrote more than the stdout cap and was killed.
    OutputCapped,
    /// It tried to start more processes than its cap and was killed.
    TooManyProcesses,
}

/// Resources the program and its descendants used, as the system reports them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// User plus system CPU time, summed over every process reaped.
    pub cpu: Duration,
    /// The largest resident set of any one process, in bytes.
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
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Self {
        Stop::Io(e)
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

/// Runs `program` with `input` on stdin (`None`: no stdin at all) within `limits`, and kills
/// everything it started before returning, whatever happens.
pub fn run(program: &Program, input: Option<Vec<u8>>, limits: &Limits) -> Result<Run, Stop> {
    backend::run(program, input, limits)
}

/// From now on SIGINT, SIGTERM and SIGHUP to this process ([`crate::interrupt`]) end the current
/// run and every process it started, and make it return [`Stop::Signal`]; [`signalled`] tells of
/// one that came between runs. Without this, those signals keep their default action: the
/// process dies and its programs are killed only by what the backend arranged for that case.
pub fn watch_signals() -> io::Result<()> {
    crate::interrupt::watch()
}

/// The signal `labs` received, if any (after [`watch_signals`]).
pub fn signalled() -> Option<i32> {
    crate::interrupt::received()
}

/// Where `name` is found on `PATH`, as the system would look for a command.
pub fn find_in_path(name: &str) -> Option<PathBuf> {
    backend::find_in_path(name)
}

/// Whether a process numbered `pid` exists on this system now.
pub fn alive(pid: u32) -> bool {
    backend::alive(pid)
}

/// Whether `path` is a file this system would run.
pub fn is_executable(path: &Path) -> bool {
    backend::is_executable(path)
}
