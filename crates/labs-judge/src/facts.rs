//! The judge's own figures, each with its reason: its presets' memory, its time bounds and
//! caps, what it keeps of a run's stderr. The command line's limits (the largest values a flag
//! takes, the defaults its help shows) are the binary's, in `crate::facts`.

use std::time::Duration;

/// `labs judge --memory-limit`'s default, in MiB: judge-like (problems on PTA, AcWing, Luogu and
/// LeetCode set from 64 to 512 MiB), with room for Python and a JVM.
pub const JUDGE_MEMORY_MIB: u64 = 256;

/// The sizes `--format one` judges by default: the small boards, 2 and 3 (which have none) among
/// them, then sizes that only a construction or a local search reaches within the time limit
/// (a backtracking search for the first solution stalls long before n = 1000).
pub const JUDGE_ONE_SIZES: [usize; 10] = [1, 2, 3, 4, 5, 8, 10, 100, 1000, 100_000];

/// Time to collect a run's output after the program ended or was killed: the pipes then close
/// at once unless something out of the judge's reach holds them, and this bounds the wait.
pub const JUDGE_GRACE: Duration = Duration::from_millis(500);

/// The wall-clock bound beside a CPU-time limit is twice the limit and this: a program that
/// sleeps or waits for input still ends, and one that computes on a loaded machine is still
/// judged on its CPU time ([`super::process::Limits::wall`]).
pub const JUDGE_WALL_SLACK: Duration = Duration::from_secs(1);

/// What a JVM holds beyond the heap `-Xmx` limits (its classes, compiled code, threads' stacks,
/// the collector's tables: some 40 MiB for a lab's program), which a memory cgroup counts: Java's
/// run may hold this much more than the memory limit together.
pub const JUDGE_JVM_BEYOND_HEAP: u64 = 128 << 20;

/// stderr kept per run (its last bytes): enough for a traceback or a sanitizer report.
pub const JUDGE_STDERR_BYTES: usize = 64 << 10;

/// stderr read per run for the program's own search (`place R C` lines, [`nqueens::own`]): its
/// first bytes, some 15 an event, in a file of the judge's own. A run that writes more is judged
/// as ever; its search is compared up to there.
pub const JUDGE_EVENTS_BYTES: u64 = 16 << 20;

/// A compiler's time limit: g++ and javac take a second or two on a lab's program.
pub const JUDGE_COMPILE_TIME: Duration = Duration::from_secs(60);

/// A build's process cap: a compiler runs a handful of processes (g++: cc1plus, as, ld) and
/// about one thread per core (rustc, javac).
pub const JUDGE_COMPILE_PROCESSES: u32 = 512;

/// The processes the sandbox adds to a run: bwrap and the PID namespace's init.
pub const SANDBOX_PROCESSES: u32 = 2;

/// Lines of stderr a report or a journal shows at most, for a crash, a timeout or a memory
/// failure: a traceback's last frames and its error, and no more than a screen needs.
pub const STDERR_LINES: usize = 5;

/// Lines of the interpreter's report a syntax error keeps: Python's file and line, the source
/// line, its caret and the error.
pub const SYNTAX_LINES: usize = 4;

/// How long a folder or a cgroup of `labs`'s with no lock file beside it (one made by a `labs`
/// from before locks, or whose lock file someone removed) must stay unchanged before a sweep
/// removes it ([`crate::scratch`]): nothing tells whether its owner still lives, and no grading
/// runs for a day without making a new folder or cgroup of its own.
pub const LEFTOVER_AGE: Duration = Duration::from_secs(24 * 60 * 60);
