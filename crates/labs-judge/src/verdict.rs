//! The outcomes judges name, as data, and how a run's ending decides one before any output is
//! compared.
//!
//! A run that hit the time limit, the output cap or the memory limit, or that ended badly, gets
//! that verdict whatever it printed; only a run that exited with 0 has its output compared, by
//! its judge's own rules ([`super::site`]). Each verdict carries what a report needs to say why
//! (the line that differs, the boards that are wrong, the compiler's lines) as data; the caller
//! words it. The short code (AC, WA, …) is the same everywhere.
//!
//! **Memory Limit Exceeded.** The limit is `RLIMIT_AS`, the address space of each process, set
//! before `exec` (see [`super::process`]). A program that passes it does not get killed: its
//! allocation fails, and it dies of that — C++ aborts with `std::bad_alloc`, Python raises
//! `MemoryError`, Rust aborts with "memory allocation … failed", C's `malloc` returns NULL and
//! the program crashes on it. So the rule is: a run that failed (a non-zero exit or a signal)
//! is MLE when the memory limit was set and either its stderr names an allocation failure
//! ([`ALLOCATION_FAILED`]) or its peak resident memory reached [`NEAR_LIMIT`] of the limit.
//!
//! Where a memory cgroup holds the limit for the run's processes together ([`super::process::
//! Limits::memory`]), the kernel kills a process that would pass it, and the guard sees that
//! and ends the run ([`Ended::OutOfMemory`]): MLE whatever the program printed or how it ended.
//!
//! **Too large to start.** A program whose executable alone takes more address space than the
//! limit (a 900 MiB static array under 256 MiB) never reaches its first instruction: the kernel
//! kills it inside `exec` with `SIGSEGV`, as it would a program that read a bad address. Where
//! the backend can read how much the executable takes ([`super::process::Program::image_kib`]), a
//! run that ended so with an image past the limit is MLE ([`too_large_to_start`]); a program
//! that started cannot have such an image, so a real crash stays RE.
//!
//! **A peak above the limit** is MLE too, whatever kept the run from the cgroup's kill: no memory
//! cgroup here, and a JVM, which neither `RLIMIT_AS` nor `-Xmx` holds beyond its heap. A run that
//! exited with 0 and printed the right answer, but whose measured peak ([`Run::usage`]) passed
//! what its processes may hold together ([`super::process::Program::memory_together`]: the
//! limit; a JVM's, what it may hold beyond its heap too), is MLE, not AC with the memory
//! hidden. Under `RLIMIT_AS` alone one process's resident memory cannot pass its address space,
//! so there this catches a JVM's.
//!
//! **Too many processes.** Past the process cap a `fork` fails. Where a pids cgroup holds the cap
//! the guard sees the refusal and ends the run ([`Ended::TooManyProcesses`]); where
//! `RLIMIT_NPROC` holds it (the sandbox's user namespace), a run that failed or ran out of time
//! and whose stderr names a failed fork ([`FORK_FAILED`]) gets the same verdict. Both are RE,
//! with "too many processes" as the detail; the check comes before the memory rule, since a JVM
//! calls a thread it could not start an `OutOfMemoryError`.

use super::process::{Bound, Ended, Run, Signal};

/// What programs print on stderr when an allocation fails, in C++, Python, Rust, Java and C.
pub const ALLOCATION_FAILED: [&str; 6] =
    ["bad_alloc", "MemoryError", "memory allocation of", "OutOfMemoryError", "Cannot allocate memory", "out of memory"];

/// What programs print on stderr when a fork or a new thread fails with `EAGAIN`: shells (dash,
/// bash), C, C++, Rust and Python by `strerror`, and the JVM in its own words.
pub const FORK_FAILED: [&str; 4] =
    ["Resource temporarily unavailable", "Cannot fork", "can't fork", "unable to create native thread"];

/// The share of the memory limit a failed run's peak must reach to be called MLE.
pub const NEAR_LIMIT: f64 = 0.8;

/// How a program that was not killed by the judge ended badly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crash {
    /// It exited with this non-zero code.
    Exit(i32),
    /// This signal ended it.
    Signal(i32),
    /// It tried to run more processes at once than this cap.
    TooManyProcesses(u32),
}

/// The outcome of one test point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Output right by the judge's rules.
    Accepted,
    /// Output right but for white space the judge calls a presentation error; where it first
    /// differs.
    PresentationError(WhiteSpace),
    /// Output wrong; what was found of where and how.
    WrongAnswer(Mismatch),
    /// Still running at a time bound: CPU time at the limit, or wall time at its bound.
    TimeLimitExceeded(Bound),
    /// Failed on an allocation or near the memory limit, or peaked past it.
    MemoryLimitExceeded,
    /// Wrote more than the output cap.
    OutputLimitExceeded,
    /// Ended by a signal or with a non-zero exit code.
    RuntimeError(Crash),
    /// The source did not build: the compiler's first error lines, or the limit it met.
    CompileError(BuildFailure),
}

/// Where an output that is right but for white space first differs from the reference: the
/// line, counted from 0 in the program's output, and what is different there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WhiteSpace {
    /// The line, from 0.
    pub line: usize,
    /// What differs there.
    pub what: Spacing,
}

/// What white space differs at a line ([`WhiteSpace`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spacing {
    /// The line ends in this many spaces more than the reference's.
    ExtraAtEnd(usize),
    /// The line ends in this many spaces fewer than the reference's.
    MissingAtEnd(usize),
    /// The reference has an empty line here; the program has not.
    BlankLineMissing,
    /// The program has an empty line here; the reference has not.
    BlankLineExtra,
    /// The spaces between the characters of the line differ.
    Inside,
    /// The line breaks fall elsewhere: the line holds more or less than the reference's.
    Breaks,
    /// The last line lacks its newline.
    NewlineMissing,
    /// The output ends in a newline the reference does not have.
    NewlineExtra,
}

/// Where and how a wrong output differs from the reference, as far as the judge's rules looked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// Nothing beyond the verdict: a note on the judgement says why ([`super::note::Note`]).
    Unexplained,
    /// The first line that differs, counted from 0, as each side has it (with its newline, if it
    /// has one); `None` past the end of that side.
    Line {
        /// Which line, from 0.
        line: usize,
        /// The reference's line.
        expected: Option<Vec<u8>>,
        /// The program's line.
        got: Option<Vec<u8>>,
    },
    /// The output is not JSON; the parser's message.
    NotJson(String),
    /// The output is not a JSON list of boards (under `--any-order`).
    NotJsonList,
    /// The output is not text (under `--any-order`).
    NotText,
    /// Boards that do not match the reference's as a set.
    Boards(Unmatched),
    /// Not one solution for `n`, by the checker of `--format one` ([`super::one`]).
    NotOne {
        /// The board size asked for.
        n: usize,
        /// Why not.
        why: super::one::NotOne,
    },
}

/// What matching a program's boards against the reference's as sets found wrong.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unmatched {
    /// The program's boards that are wrong, in its order.
    pub wrong: Vec<WrongBoard>,
    /// The reference's boards the program did not print, by index from 0.
    pub missing: Vec<usize>,
    /// How many boards the reference has.
    pub total: usize,
}

/// One of a program's boards that does not count, by its index from 0 in the program's output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WrongBoard {
    /// Board `k` is no solution, and what shows it, if anything was found.
    NotASolution {
        /// The board's index in the program's output.
        k: usize,
        /// Why not.
        why: Option<super::explain::WhyNot>,
    },
    /// Board `k` repeats the program's board `first`.
    Repeats {
        /// The board's index in the program's output.
        k: usize,
        /// The index of its first showing.
        first: usize,
    },
}

/// Why a source did not build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildFailure {
    /// The compiler failed: its first error lines as it wrote them (see
    /// [`super::compile::first_errors`]), and the limit its words say it met, if any.
    Compiler {
        /// The limit the compiler's words name.
        limit: Option<BuildLimit>,
        /// Its first error lines, raw; empty when it failed without a message.
        lines: Vec<Vec<u8>>,
    },
    /// The memory cgroup stopped the build at this limit.
    OutOfMemory(BuildLimit),
    /// A Java source with a `package` line, where the judge runs the class `class` of the
    /// default package.
    JavaPackage {
        /// The package it names.
        package: String,
        /// The class the judge runs.
        class: &'static str,
    },
    /// A Java source whose public class is `found`, where the judge runs `class`.
    JavaClass {
        /// The public class it has.
        found: String,
        /// The class the judge runs.
        class: &'static str,
    },
    /// An interpreted source that does not parse: it never ran. The interpreter's last lines,
    /// raw.
    Syntax {
        /// Its report's last lines: where, the source line, the error.
        lines: Vec<Vec<u8>>,
    },
    /// The build ran past its time limit.
    OutOfTime {
        /// The compiler.
        tool: &'static str,
        /// The limit.
        limit: std::time::Duration,
    },
}

/// A build limit that a compiler met: which tool, which limit, how many bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildLimit {
    /// The compiler.
    pub tool: &'static str,
    /// Which limit.
    pub kind: BuildLimitKind,
    /// The limit in bytes, if one was set.
    pub bytes: Option<u64>,
}

/// Which of a build's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildLimitKind {
    /// The build's memory.
    Memory,
    /// The largest file it may write.
    FileSize,
}

impl Verdict {
    /// Whether it is Accepted.
    pub fn accepted(&self) -> bool {
        *self == Verdict::Accepted
    }

    /// Whether the run's stderr explains it (a crash's traceback, "Main method not found", a
    /// MemoryError), so that a report shows its last lines.
    pub fn shows_stderr(&self) -> bool {
        matches!(self, Verdict::RuntimeError(_) | Verdict::TimeLimitExceeded(_) | Verdict::MemoryLimitExceeded)
    }

    /// The short code judges print: AC, PE, WA, TLE, MLE, OLE, RE, CE.
    pub fn code(&self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::PresentationError(_) => "PE",
            Verdict::WrongAnswer(_) => "WA",
            Verdict::TimeLimitExceeded(_) => "TLE",
            Verdict::MemoryLimitExceeded => "MLE",
            Verdict::OutputLimitExceeded => "OLE",
            Verdict::RuntimeError(_) => "RE",
            Verdict::CompileError(_) => "CE",
        }
    }
}

/// The verdict a run's ending forces before its output is compared; `None` for a clean exit
/// whose peak stayed within `memory`. `memory` is what the run's processes may hold together in
/// bytes ([`super::process::Program::memory_together`] of the memory limit) and `processes` the
/// process cap, if they were set.
pub fn from_ending(run: &Run, memory: Option<u64>, processes: Option<u32>) -> Option<Verdict> {
    let stderr = String::from_utf8_lossy(&run.stderr);
    let fork_failed = || FORK_FAILED.iter().any(|m| stderr.contains(m));
    if let Some(cap) = processes
        && (run.ended == Ended::TooManyProcesses || (run.ended != Ended::Exited(0) && fork_failed()))
    {
        return Some(Verdict::RuntimeError(Crash::TooManyProcesses(cap)));
    }
    let crash = match run.ended {
        // Whatever kept it from the cgroup's kill, a peak past the limit is over it.
        Ended::Exited(0) => {
            return memory.is_some_and(|limit| run.usage.peak_memory > limit).then_some(Verdict::MemoryLimitExceeded);
        }
        Ended::TimedOut(bound) => return Some(Verdict::TimeLimitExceeded(bound)),
        Ended::OutputCapped => return Some(Verdict::OutputLimitExceeded),
        Ended::OutOfMemory => return Some(Verdict::MemoryLimitExceeded),
        Ended::Exited(code) => Crash::Exit(code),
        Ended::Signalled(signal) => Crash::Signal(signal),
        // Only a cap ends a run so; without one it cannot happen.
        Ended::TooManyProcesses => Crash::TooManyProcesses(0),
    };
    let out_of_memory = memory.is_some_and(|limit| {
        ALLOCATION_FAILED.iter().any(|m| stderr.contains(m))
            || run.usage.peak_memory as f64 >= NEAR_LIMIT * limit as f64
    });
    Some(if out_of_memory { Verdict::MemoryLimitExceeded } else { Verdict::RuntimeError(crash) })
}

/// Whether `run` is of a program that could not start under the address-space limit `limit`:
/// its executable's `image` in bytes ([`super::process::Program::image_kib`]) passes the limit, and it ended
/// by the signal the kernel ends a failed `exec` with (`SIGSEGV`; `SIGKILL` on older kernels).
pub fn too_large_to_start(run: &Run, limit: Option<u64>, image: Option<u64>) -> bool {
    let killed_at_exec = [Signal::Segv, Signal::Kill].iter().any(|s| run.ended == Ended::Signalled(s.number()));
    killed_at_exec && matches!((limit, image), (Some(limit), Some(image)) if image > limit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::Usage;
    use std::time::Duration;

    fn ended(ended: Ended, stderr: &str, peak: u64) -> Run {
        Run {
            stdout: Vec::new(),
            stderr: stderr.as_bytes().to_vec(),
            stderr_written: stderr.len() as u64,
            ended,
            elapsed: Duration::ZERO,
            usage: Usage { cpu: Duration::ZERO, peak_memory: peak },
            left_behind: 0,
            outran: 0,
            pipes_held: false,
        }
    }

    #[test]
    fn a_failed_allocation_or_a_peak_near_the_limit_is_mle() {
        let limit = Some(100 << 20);
        let bad_alloc = ended(Ended::Signalled(Signal::Abrt.number()), "terminate called … std::bad_alloc\n", 1 << 20);
        assert_eq!(from_ending(&bad_alloc, limit, None), Some(Verdict::MemoryLimitExceeded));
        assert_eq!(
            from_ending(&ended(Ended::Signalled(Signal::Segv.number()), "", 90 << 20), limit, None),
            Some(Verdict::MemoryLimitExceeded)
        );
        let segfault = ended(Ended::Signalled(Signal::Segv.number()), "", 1 << 20);
        assert_eq!(
            from_ending(&segfault, limit, None),
            Some(Verdict::RuntimeError(Crash::Signal(Signal::Segv.number())))
        );
        assert_eq!(
            from_ending(&bad_alloc, None, None),
            Some(Verdict::RuntimeError(Crash::Signal(Signal::Abrt.number())))
        );
        assert_eq!(from_ending(&ended(Ended::Exited(0), "MemoryError", 99 << 20), limit, None), None);
    }

    #[test]
    fn an_image_past_the_limit_killed_at_exec_is_too_large_to_start_and_nothing_else_is() {
        let limit = Some(256 << 20);
        let segv = ended(Ended::Signalled(Signal::Segv.number()), "", 0);
        assert!(too_large_to_start(&segv, limit, Some(900 << 20)));
        assert!(too_large_to_start(&ended(Ended::Signalled(Signal::Kill.number()), "", 0), limit, Some(900 << 20)));
        // A program that fits crashed on its own; one with no limit or no image read is not known.
        assert!(!too_large_to_start(&segv, limit, Some(200 << 20)));
        assert!(!too_large_to_start(&segv, None, Some(900 << 20)));
        assert!(!too_large_to_start(&segv, limit, None));
        // Only the kernel's kill at exec: an abort or an exit is the program's own.
        assert!(!too_large_to_start(&ended(Ended::Signalled(Signal::Abrt.number()), "", 0), limit, Some(900 << 20)));
        assert!(!too_large_to_start(&ended(Ended::Exited(1), "", 0), limit, Some(900 << 20)));
    }

    #[test]
    fn a_clean_exit_whose_peak_passed_the_limit_is_mle() {
        let limit = 100 << 20;
        let exited = |peak| ended(Ended::Exited(0), "", peak);
        assert_eq!(from_ending(&exited(limit + 1), Some(limit), None), Some(Verdict::MemoryLimitExceeded));
        assert_eq!(from_ending(&exited(3 * limit), Some(limit), None), Some(Verdict::MemoryLimitExceeded));
        // At the limit, or near it, a clean exit is judged on its output.
        assert_eq!(from_ending(&exited(limit), Some(limit), None), None);
        assert_eq!(from_ending(&exited(limit - 1), Some(limit), None), None);
        // No limit held, nothing to pass.
        assert_eq!(from_ending(&exited(3 * limit), None, None), None);
        // A run the process cap ended is that, whatever its peak.
        assert_eq!(
            from_ending(&ended(Ended::TooManyProcesses, "", 3 * limit), Some(limit), Some(64)),
            Some(Verdict::RuntimeError(Crash::TooManyProcesses(64)))
        );
        // Time and output limits are decided as before.
        let timed_out = ended(Ended::TimedOut(Bound::Wall(Duration::ZERO)), "", 3 * limit);
        assert_eq!(
            from_ending(&timed_out, Some(limit), None),
            Some(Verdict::TimeLimitExceeded(Bound::Wall(Duration::ZERO)))
        );
        assert_eq!(
            from_ending(&ended(Ended::OutputCapped, "", 3 * limit), Some(limit), None),
            Some(Verdict::OutputLimitExceeded)
        );
    }

    #[test]
    fn a_jvm_may_hold_more_than_its_heap_before_its_peak_passes_the_limit() {
        use crate::process::Program;
        let limit = 64 << 20;
        let java = Program { limit_address_space: false, ..Program::new(vec!["java".into()]) };
        let native = Program::new(vec!["./main".into()]);
        let together = |p: &Program| Some(p.memory_together(limit));
        // A JVM's own memory beside a full heap: within what it may hold.
        let jvm = ended(Ended::Exited(0), "", limit + (40 << 20));
        assert_eq!(from_ending(&jvm, together(&java), None), None);
        assert_eq!(from_ending(&jvm, together(&native), None), Some(Verdict::MemoryLimitExceeded));
        // Off its heap, past that too.
        let off_heap = ended(Ended::Exited(0), "", limit + crate::facts::JUDGE_JVM_BEYOND_HEAP + 1);
        assert_eq!(from_ending(&off_heap, together(&java), None), Some(Verdict::MemoryLimitExceeded));
    }

    #[test]
    fn a_refused_fork_is_too_many_processes_before_it_is_anything_else() {
        let cap = Some(64);
        let too_many = Some(Verdict::RuntimeError(Crash::TooManyProcesses(64)));
        assert_eq!(from_ending(&ended(Ended::TooManyProcesses, "", 0), None, cap), too_many);
        assert_eq!(from_ending(&ended(Ended::Exited(2), "sh: 1: Cannot fork\n", 0), None, cap), too_many);
        let jvm = "java.lang.OutOfMemoryError: unable to create native thread: possibly out of memory";
        assert_eq!(
            from_ending(&ended(Ended::Signalled(Signal::Abrt.number()), jvm, 0), Some(100 << 20), cap),
            too_many
        );
        assert_eq!(
            from_ending(
                &ended(Ended::TimedOut(Bound::Wall(Duration::ZERO)), "fork: Resource temporarily unavailable", 0),
                None,
                cap
            ),
            too_many
        );
        // A program that coped with the refusal is judged on its output.
        assert_eq!(from_ending(&ended(Ended::Exited(0), "Cannot fork", 0), None, cap), None);
        assert_eq!(
            from_ending(&ended(Ended::Exited(2), "Cannot fork", 0), None, None),
            Some(Verdict::RuntimeError(Crash::Exit(2)))
        );
    }
}
