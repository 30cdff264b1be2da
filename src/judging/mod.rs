//! The binary's side of the judge: this process's charge and [`host`], which the flags' plan
//! (`crate::flags::plan`) makes the judge's [`Session`] of; the judge's typed errors as
//! [`Error`]s with the catalogue's words ([`error`]).
//!
//! [`report`] renders a judgement, [`terms_line`] the terms it was judged under, [`words`]
//! every verdict, note and score: the judge hands over data, and the words are said here.
//!
//! The judge takes its rules and never a clap type, so every flag name in a message about them
//! is said here or in the plan; [`crate::judge`] knows formats, sizes and limits, not how a user
//! typed them. Nothing here knows a flag.

pub mod report;
pub mod words;

use crate::catalogue::{Key, say};
use crate::error::Error;
use crate::judge::compile::Language;
use crate::judge::error::{Error as JudgeError, NotRunnable};
use crate::judge::host::Host;
use crate::judge::process::{self, Backend, Charge};
use crate::judge::sandbox::NoSandbox;
use crate::judge::site::Site;
use crate::judge::system::System;
use crate::judge::{Given, Session, Terms};
use crate::lang::Lang;
use std::sync::OnceLock;

/// This process's charge of what the judge's runs start ([`process::take_charge`]), for every
/// [`Host`] it probes. Process-wide on purpose, the binary's one such value beside the signal
/// handler's: the kernel hands a run's orphans to the process, so a process has one charge, taken
/// in `main` before anything runs.
static CHARGE: OnceLock<Charge> = OnceLock::new();

/// Takes charge of what the judge's runs will start: once, in `main`, before any run.
pub fn take_charge() {
    CHARGE.get_or_init(process::take_charge);
}

/// This machine as the judge finds it, probed now, with the process's charge; the sandbox only
/// if `sandbox`.
pub fn host(sandbox: bool) -> Host {
    Host::probe(sandbox, CHARGE.get_or_init(process::take_charge).clone())
}

/// Says once, on stderr, that `--sandbox auto` found no sandbox on `session`'s host, and why: the
/// host was asked for one (`--sandbox off` does not even probe) and the session goes without
/// (`--sandbox on` refused to).
pub fn sandbox_note(session: &Session, lang: Lang) {
    if let (None, Err(why)) = (&session.sandbox, session.host.sandbox())
        && *why != NoSandbox::NotProbed
    {
        eprintln!("{}", say!(lang, JudgingWithoutSandbox, why = words::no_sandbox(why, lang)));
    }
}

/// The judge's `e` in `lang`: what the user can fix is [`Error::Usage`], what the machine did
/// (a compiler killed, a fork refused for want of processes, a sandbox that did not start)
/// [`Error::Machine`], a stop [`Error::Signal`].
pub fn error(e: JudgeError, lang: Lang) -> Error {
    match e {
        JudgeError::Signal(signal) => Error::Signal(signal),
        // A fork refused for want of processes (EAGAIN) is the machine's, whoever took them.
        JudgeError::CannotRun { what, error: e, .. } if e.kind() == std::io::ErrorKind::WouldBlock => {
            Error::Machine(say!(lang, CannotRun, what, e = crate::error::io_words(&e, lang)))
        }
        JudgeError::SandboxFailed { what, said } => {
            Error::Machine(say!(lang, SandboxDidNotStart, what, said = crate::escape::line(&said)))
        }
        JudgeError::ProgramLost { path, .. } => {
            Error::Machine(say!(lang, ProgramLost, path = crate::escape::visible(&path.display().to_string())))
        }
        JudgeError::CannotRun { what, error: e, as_nobody } => {
            let cannot = say!(lang, CannotRun, what, e = crate::error::io_words(&e, lang));
            Error::Usage(if as_nobody { cannot + &say!(lang, UnreachableAsNobody) } else { cannot })
        }
        JudgeError::NoSuchSource(source) => Error::Usage(say!(lang, NoSuchSource, source = source.display())),
        JudgeError::Undecided { source, why } => {
            let why = words::undecided(&why, lang);
            Error::Usage(say!(
                lang,
                UndecidedBuild,
                source = crate::escape::visible(&source.display().to_string()),
                why
            ))
        }
        JudgeError::NoCompiler { source, tool } => {
            let (source, hint) = (source.display(), words::install(System::HERE.install_hint(tool), lang));
            Error::Usage(say!(lang, NoCompiler, source, tool, hint))
        }
        JudgeError::CompilerKilled { tool, signal } => Error::Machine(say!(lang, CompilerKilledBy, tool, signal)),
        JudgeError::CompilerProcesses { tool, cap } => Error::Machine(say!(lang, CompilerTooManyProcesses, tool, cap)),
        JudgeError::NotRunnable(program, why) => {
            let name = program.display();
            Error::Usage(match why {
                NotRunnable::NotOnPath => say!(lang, NoSuchProgram, name),
                NotRunnable::IsADirectory => say!(lang, IsADirectory, name),
                NotRunnable::NoSuchFile => say!(lang, NoSuchFile, name),
                NotRunnable::NotExecutable => {
                    let sources = Language::ALL.map(|l| l.tool()).join(", ");
                    say!(lang, NotExecutable, name, sources)
                }
                NotRunnable::NoInterpreterLine => say!(lang, NoInterpreterLine, name),
            })
        }
        JudgeError::Io(e) => Error::Io(e),
    }
}

/// The catalogue's name of `backend`.
pub fn backend_name(backend: Backend) -> Key {
    match backend {
        Backend::Linux => Key::BackendLinux,
        Backend::Portable => Key::BackendPortable,
    }
}

/// `terms` in one line: `limits: 1 s per run, 64 MiB per process, the stack within it, boards in any order, as AcWing
/// sets them`, each value a flag gave followed by that flag.
pub fn terms_line(terms: &Terms, site: Site, lang: Lang) -> String {
    let flagged = |text: String, given: bool, flag: &str| match given {
        true => text + &say!(lang, GivenBy, flag),
        false => text,
    };
    let time = say!(lang, TimePerRun, time = words::limit(terms.time_limit));
    let time = flagged(time, terms.given.time, "--time-limit");
    let memory = match terms.memory_limit {
        Some(bytes) if bytes % (1 << 20) == 0 => {
            say!(lang, MemoryPerProcess, memory = format!("{} MiB", bytes >> 20))
        }
        Some(bytes) => say!(lang, MemoryPerProcess, memory = crate::units::bytes(bytes)),
        None => say!(lang, MemoryNone),
    };
    let memory = flagged(memory, terms.given.memory, "--memory-limit");
    // The judge lifts the stack's own limit: the memory limit is the stack's too.
    let memory = match terms.memory_limit {
        Some(_) => memory + &say!(lang, StackWithinMemory),
        None => memory,
    };
    let (order, flag) = match (terms.one, terms.any_order) {
        (true, _) => (say!(lang, OrderOne), ""),
        (false, true) => (say!(lang, OrderAny), "--any-order"),
        (false, false) => (say!(lang, OrderSearch), "--in-order"),
    };
    let order = flagged(order, terms.given.order, flag);
    let site = words::site(site, lang);
    let whose = match terms.given {
        Given { time: true, memory: true, order: true } => String::new(),
        Given { time: false, memory: false, order: false } => say!(lang, AllPreset, site),
        _ => say!(lang, RestPreset, site),
    };
    say!(lang, LimitsLine, time, memory, order, whose)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fork_refused_for_want_of_processes_and_a_sandbox_that_did_not_start_are_the_machines() {
        let eagain = JudgeError::CannotRun {
            what: "gcc".into(),
            error: std::io::Error::from(std::io::ErrorKind::WouldBlock),
            as_nobody: false,
        };
        assert!(matches!(error(eagain, Lang::En), Error::Machine(_)));
        let said = b"bwrap: Creating new namespace failed: \x1b[2J".to_vec();
        let failed = error(JudgeError::SandboxFailed { what: "'./main'".into(), said }, Lang::En);
        let Error::Machine(why) = failed else { panic!("{failed:?}") };
        assert_eq!(why, "the sandbox did not start './main' (bwrap: Creating new namespace failed: \\e[2J)");
        let denied = JudgeError::CannotRun {
            what: "gcc".into(),
            error: std::io::Error::from(std::io::ErrorKind::PermissionDenied),
            as_nobody: false,
        };
        assert!(matches!(error(denied, Lang::En), Error::Usage(_)));
    }

    /// Issue 50, item 7: the system's error under a program that could not run is in the
    /// catalogue's words under --lang zh, not the system's English.
    #[test]
    fn a_program_that_cannot_run_is_said_in_the_users_language() {
        let cannot =
            |kind| JudgeError::CannotRun { what: "gcc".into(), error: std::io::Error::from(kind), as_nobody: false };
        let Error::Usage(denied) = error(cannot(std::io::ErrorKind::PermissionDenied), Lang::Zh) else { panic!() };
        assert_eq!(denied, "无法运行gcc：没有权限");
        let Error::Machine(eagain) = error(cannot(std::io::ErrorKind::WouldBlock), Lang::Zh) else { panic!() };
        assert!(
            eagain.starts_with("无法运行gcc：") && !eagain.is_ascii() && !eagain.contains("would block"),
            "{eagain}"
        );
    }
}
