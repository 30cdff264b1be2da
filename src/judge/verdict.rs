//! The outcomes judges name, as data, and how a run's ending decides one before any output is
//! compared.
//!
//! A run that hit the time limit, the output cap or the memory limit, or that ended badly, gets
//! that verdict whatever it printed; only a run that exited with 0 has its output compared, by
//! its judge's own rules ([`super::site`]). Names come from the judge and the language:
//! [`Verdict::name`]; the short code (AC, WA, …) is the same everywhere.
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
//! **Too many processes.** Past the process cap a `fork` fails. Where a pids cgroup holds the cap
//! the guard sees the refusal and ends the run ([`Ended::TooManyProcesses`]); where
//! `RLIMIT_NPROC` holds it (the sandbox's user namespace), a run that failed or ran out of time
//! and whose stderr names a failed fork ([`FORK_FAILED`]) gets the same verdict. Both are RE,
//! with "too many processes" as the detail; the check comes before the memory rule, since a JVM
//! calls a thread it could not start an `OutOfMemoryError`.

use super::process::{Bound, Ended, Run, Signal};
use super::system::{Exception, System};
use crate::catalogue::{Key, say};
use crate::lang::Lang;
use crate::units::duration;

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
    /// Output right but for white space the judge calls a presentation error.
    PresentationError,
    /// Output wrong; the detail says where and how.
    WrongAnswer(String),
    /// Still running at a time bound: CPU time at the limit, or wall time at its bound.
    TimeLimitExceeded(Bound),
    /// Failed on an allocation, or near the memory limit.
    MemoryLimitExceeded,
    /// Wrote more than the output cap.
    OutputLimitExceeded,
    /// Ended by a signal or with a non-zero exit code.
    RuntimeError(Crash),
    /// The source did not compile: the compiler's first error lines.
    CompileError(String),
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
            Verdict::PresentationError => "PE",
            Verdict::WrongAnswer(_) => "WA",
            Verdict::TimeLimitExceeded(_) => "TLE",
            Verdict::MemoryLimitExceeded => "MLE",
            Verdict::OutputLimitExceeded => "OLE",
            Verdict::RuntimeError(_) => "RE",
            Verdict::CompileError(_) => "CE",
        }
    }

    /// The name a judge shows. In Chinese, PTA's names (PTA tells a crash by its cause: 段错误,
    /// 浮点错误, 非零返回, 异常退出); in English, the same distinction for PTA only, whose English
    /// interface makes it, and Runtime Error elsewhere.
    pub fn name(&self, pta: bool, lang: Lang) -> &'static str {
        let key = match self {
            Verdict::Accepted => Key::Accepted,
            Verdict::PresentationError => Key::PresentationError,
            Verdict::WrongAnswer(_) => Key::WrongAnswer,
            Verdict::TimeLimitExceeded(_) => Key::TimeLimitExceeded,
            Verdict::MemoryLimitExceeded => Key::MemoryLimitExceeded,
            Verdict::OutputLimitExceeded => Key::OutputLimitExceeded,
            Verdict::CompileError(_) => Key::CompileError,
            Verdict::RuntimeError(crash) if pta || lang == Lang::Zh => crash_name(System::HERE, *crash),
            Verdict::RuntimeError(_) => Key::RuntimeError,
        };
        key.text(lang)
    }

    /// The code and the name, as a table row and a score show a verdict: `WA Wrong Answer`,
    /// `RE 段错误`.
    pub fn label(&self, pta: bool, lang: Lang) -> String {
        say!(lang, Labelled, code = self.code(), name = self.name(pta, lang))
    }

    /// A one-line explanation in `lang`, empty when the name says it all.
    pub fn detail(&self, lang: Lang) -> String {
        match self {
            Verdict::WrongAnswer(d) | Verdict::CompileError(d) => d.clone(),
            Verdict::PresentationError => say!(lang, OnlyWhiteSpace),
            Verdict::RuntimeError(Crash::Exit(code)) => exit_detail(System::HERE, *code, lang),
            Verdict::RuntimeError(Crash::Signal(signal)) => {
                say!(lang, KilledBySignal, signal, name = signal_name(*signal).map_or("", |k| k.text(lang)))
            }
            Verdict::RuntimeError(Crash::TooManyProcesses(cap)) => say!(lang, TooManyProcesses, cap),
            Verdict::TimeLimitExceeded(Bound::Cpu(limit)) => say!(lang, CpuTimeReached, limit = duration(*limit)),
            Verdict::TimeLimitExceeded(Bound::Wall(bound)) if super::process::CPU_TIME => {
                say!(lang, WallBoundReached, bound = duration(*bound))
            }
            Verdict::TimeLimitExceeded(Bound::Wall(bound)) => say!(lang, WallTimeReached, bound = duration(*bound)),
            _ => String::new(),
        }
    }
}

/// PTA's names for a crash, which tell it by its cause (on Windows, an exit code may be one).
fn crash_name(system: System, crash: Crash) -> Key {
    match crash {
        Crash::Exit(code) => match system.exception(code) {
            Some(Exception::AccessViolation | Exception::StackOverflow) => Key::SegmentationFault,
            Some(Exception::IntegerDivideByZero) => Key::FloatingPointError,
            None => Key::NonZeroExit,
        },
        Crash::TooManyProcesses(_) => Key::AbnormalExit,
        Crash::Signal(signal) => match Signal::of(signal) {
            Some(Signal::Segv | Signal::Bus) => Key::SegmentationFault,
            Some(Signal::Fpe) => Key::FloatingPointError,
            _ => Key::AbnormalExit,
        },
    }
}

/// The detail of a non-zero exit; on Windows, a crash's code in hexadecimal, with its cause.
fn exit_detail(system: System, code: i32, lang: Lang) -> String {
    let name = match system.exception(code) {
        None => return say!(lang, ExitCode, code),
        Some(Exception::AccessViolation) => Key::ExceptionAccessViolation,
        Some(Exception::StackOverflow) => Key::ExceptionStackOverflow,
        Some(Exception::IntegerDivideByZero) => Key::ExceptionIntegerDivideByZero,
    };
    say!(lang, ExitException, code = format!("0x{:08X}", code as u32), name = name.text(lang))
}

/// A signal's name and its usual causes, for the signals a student's program meets.
fn signal_name(signal: i32) -> Option<Key> {
    Some(match Signal::of(signal)? {
        Signal::Segv => Key::SignalSegv,
        Signal::Abrt => Key::SignalAbrt,
        Signal::Fpe => Key::SignalFpe,
        Signal::Kill => Key::SignalKill,
        Signal::Bus => Key::SignalBus,
    })
}

/// The verdict a run's ending forces before its output is compared; `None` for a clean exit.
/// `memory` is the memory limit in bytes and `processes` the process cap, if they were set.
pub fn from_ending(run: &Run, memory: Option<u64>, processes: Option<u32>) -> Option<Verdict> {
    let stderr = String::from_utf8_lossy(&run.stderr);
    let fork_failed = || FORK_FAILED.iter().any(|m| stderr.contains(m));
    if let Some(cap) = processes
        && (run.ended == Ended::TooManyProcesses || (run.ended != Ended::Exited(0) && fork_failed()))
    {
        return Some(Verdict::RuntimeError(Crash::TooManyProcesses(cap)));
    }
    let crash = match run.ended {
        Ended::Exited(0) => return None,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::process::Usage;
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

    #[test]
    fn a_windows_crash_code_is_named_by_its_cause() {
        let access = 0xC000_0005_u32 as i32;
        assert_eq!(crash_name(System::Windows, Crash::Exit(access)), Key::SegmentationFault);
        assert_eq!(crash_name(System::Windows, Crash::Exit(0xC000_0094_u32 as i32)), Key::FloatingPointError);
        assert_eq!(crash_name(System::Linux, Crash::Exit(access)), Key::NonZeroExit);
        assert_eq!(
            exit_detail(System::Windows, 0xC000_00FD_u32 as i32, Lang::En),
            "exit code 0xC00000FD (stack overflow: too deep a recursion)"
        );
        assert_eq!(
            exit_detail(System::Windows, access, Lang::En),
            "exit code 0xC0000005 (access violation: invalid memory access)"
        );
        assert_eq!(exit_detail(System::Linux, 3, Lang::En), "exit code 3");
    }

    #[test]
    fn pta_names_a_crash_by_its_cause() {
        let segv = Verdict::RuntimeError(Crash::Signal(Signal::Segv.number()));
        assert_eq!((segv.name(true, Lang::Zh), segv.name(true, Lang::En)), ("段错误", "Segmentation Fault"));
        assert_eq!(segv.name(false, Lang::En), "Runtime Error");
        assert_eq!(Verdict::RuntimeError(Crash::Exit(3)).name(true, Lang::Zh), "非零返回");
        assert_eq!(Verdict::RuntimeError(Crash::Signal(Signal::Fpe.number())).name(false, Lang::Zh), "浮点错误");
    }
}
