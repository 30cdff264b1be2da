//! The binary's side of the judge: `labs judge`'s and `labs grade`'s flags become the judge's
//! own checked [`Rules`] and [`Session`] (ripgrep's `hiargs` step), before any work starts; the judge's typed
//! errors become [`Error`]s with the catalogue's words ([`error`]).
//!
//! [`report`] renders a judgement, [`terms_line`] the terms it was judged under, [`words`]
//! every verdict, note and score: the judge hands over data, and the words are said here.
//!
//! The judge takes its [`Rules`] and never a clap type, so every flag name in a message about
//! them is said here; [`crate::judge`] knows formats, sizes and limits, not how a user typed
//! them.

pub mod report;
pub mod words;

use crate::catalogue::{Key, say};
use crate::error::Error;
use crate::flags::{JudgeArgs, JudgeRules, SandboxPolicy};
use crate::format::Format;
use crate::input::Sizes;
use crate::judge::compile::{self, Language};
use crate::judge::error::{Error as JudgeError, NotRunnable};
use crate::judge::host::Host;
use crate::judge::process::{self, Backend, Charge};
use crate::judge::project::{Project, Undecided};
use crate::judge::sandbox::NoSandbox;
use crate::judge::site::Site;
use crate::judge::system::System;
use crate::judge::{Given, Rules, Session, Submission, Terms, default_sizes, fixed_n, orderless};
use crate::lang::Lang;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

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

/// Checks `args`: a program that can be run or a source that can be built, the sizes the format
/// allows, `--any-order` where its judge accepts it. The judge's three parts: the session, the
/// rules and the submission.
pub fn config(args: &JudgeArgs, lang: Lang) -> Result<(Session, Rules, Submission), Error> {
    let first = PathBuf::from(&args.program[0]);
    let rest = args.program[1..].to_vec();
    let submission = match Language::of(&first) {
        Some(language) if !first.is_dir() => Submission::Source(first, language, rest),
        // A folder holding a program in several files is built as one.
        _ if first.is_dir() => match Project::of(&first)? {
            Ok(project) => Submission::Project(first, project, rest),
            Err(Undecided::NoSource) => return Err(error(compile::check_program(&first).unwrap_err(), lang)),
            Err(why) => return Err(error(JudgeError::Undecided { source: first, why }, lang)),
        },
        _ => {
            compile::check_program(&first).map_err(|e| error(e, lang))?;
            Submission::Command(args.program.clone())
        }
    };
    let (session, rules) = with_rules(&args.rules, lang)?;
    Ok((session, rules.with_stop_after_timeout(!args.run_all), submission))
}

/// Checks `rules`: the sizes the format allows, `--any-order` where its judge accepts it; one
/// format only, as `labs judge` judges by one.
pub fn with_rules(rules: &JudgeRules, lang: Lang) -> Result<(Session, Rules), Error> {
    if allowed(rules).len() > 1 {
        return Err(Error::Usage(say!(lang, JudgeOneFormat)));
    }
    let (session, mut each) = with_each_format(rules, lang)?;
    Ok((session, each.remove(0)))
}

/// Checks `rules` as [`with_rules`] does, for each allowed format: one [`Rules`] per format, in
/// the order given, a format named twice kept once, each with its own judge's limits
/// ([`Site::preset`]) unless a flag gives them; and the one [`Session`] they all judge in, the
/// machine probed once for all. A grader judges every student by the same rules.
pub fn with_each_format(rules: &JudgeRules, lang: Lang) -> Result<(Session, Vec<Rules>), Error> {
    let sized = allowed(rules).into_iter().map(|format| sizes(rules, format, lang).map(|sizes| (format, sizes)));
    let sized = sized.collect::<Result<Vec<_>, Error>>()?;
    // Probed once for every judgement of this command; off does not even try the sandbox. What
    // killed judges left behind goes now, where runs start: never in a command that only reports.
    let host = Arc::new(host(rules.sandbox != SandboxPolicy::Off));
    host.sweep();
    let sandbox = match (rules.sandbox, host.sandbox()) {
        (SandboxPolicy::Off, _) => None,
        (_, Ok(sandbox)) => Some(Arc::clone(sandbox)),
        // A sandbox refused a process tells nothing of the sandbox: no run goes out of it for that.
        (_, Err(why @ NoSandbox::Refused)) => {
            return Err(Error::Machine(say!(lang, SandboxRefused, why = words::no_sandbox(why, lang))));
        }
        (SandboxPolicy::On, Err(why)) => {
            return Err(Error::Usage(say!(lang, SandboxOnButNone, why = words::no_sandbox(why, lang))));
        }
        (SandboxPolicy::Auto, Err(_)) => None,
    };
    let given = Given {
        time: rules.time_limit.is_some(),
        memory: rules.memory_limit.is_some(),
        order: rules.any_order || rules.in_order,
    };
    let each = sized.into_iter().map(|(format, sizes)| {
        let preset = Rules::of(format);
        let time = rules.time_limit.map_or(preset.time_limit, Duration::from_secs_f64);
        let memory = match rules.memory_limit {
            Some(mib) => Some(mib).filter(|&mib| mib > 0).map(|mib| mib << 20),
            None => preset.memory_limit,
        };
        let any_order = rules.any_order || (preset.any_order && !rules.in_order);
        let mib = |limit: u64| (limit > 0).then_some(limit << 20);
        preset
            .with_sizes(sizes)
            .with_time_limit(time)
            .with_memory_limit(memory)
            .with_output_limit(rules.output_limit.map(|b| b as usize))
            .with_any_order(any_order)
            .with_given(given)
            .with_strict(rules.strict)
            .with_max_processes((rules.max_processes > 0).then_some(rules.max_processes))
            .with_build_limits(mib(rules.build_memory_limit), mib(rules.build_file_limit))
    });
    // `labs judge` runs one program at a time: root's runs are nobody's. A grader gives each of
    // its workers a slot of its own ([`Session::with_slot`]).
    let session = Session::new(host, sandbox, Arc::new(crate::interrupt::Signals));
    Ok((session, each.collect()))
}

/// The formats `rules` allow, in order, each once.
fn allowed(rules: &JudgeRules) -> Vec<Format> {
    let mut formats: Vec<Format> = Vec::new();
    for &format in &rules.format {
        if !formats.contains(&format) {
            formats.push(format);
        }
    }
    formats
}

/// The sizes `rules` judge `format` at, checked with the order flags: the sizes the format allows,
/// `--any-order` where its judge accepts it, `--in-order` where it means something.
fn sizes(rules: &JudgeRules, format: Format, lang: Lang) -> Result<Vec<usize>, Error> {
    let name = format.name();
    if format == Format::Svg {
        return Err(Error::Usage(say!(lang, JudgeNoSvg)));
    }
    let sizes = match (&rules.n, fixed_n(format)) {
        (None, _) => default_sizes(format),
        (Some(Sizes::List(sizes)), Some(_)) if sizes.len() != 1 => {
            return Err(Error::Usage(say!(lang, JudgeOneSize, name)));
        }
        (Some(Sizes::List(sizes)), _) => sizes.clone(),
        (Some(Sizes::From(_)), _) => unreachable!("the judge's size parser takes closed lists only"),
    };
    if rules.any_order && !orderless(format) {
        return Err(Error::Usage(say!(lang, AnyOrderNotHere, name)));
    }
    if rules.in_order && format != Format::Compact {
        return Err(Error::Usage(say!(lang, InOrderNotHere, name)));
    }
    Ok(sizes)
}

/// Says once, on stderr, that `--sandbox auto` found no sandbox on `session`'s host, and why.
pub fn sandbox_note(rules: &JudgeRules, session: &Session, lang: Lang) {
    if let (SandboxPolicy::Auto, Err(why)) = (rules.sandbox, session.host.sandbox()) {
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
            Error::Machine(say!(lang, CannotRun, what, e))
        }
        JudgeError::SandboxFailed { what, said } => {
            Error::Machine(say!(lang, SandboxDidNotStart, what, said = crate::escape::line(&said)))
        }
        JudgeError::ProgramLost { path, .. } => {
            Error::Machine(say!(lang, ProgramLost, path = crate::escape::visible(&path.display().to_string())))
        }
        JudgeError::CannotRun { what, error: e, as_nobody } => {
            let cannot = say!(lang, CannotRun, what, e);
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
    let (order, flag) = match terms.any_order {
        true => (say!(lang, OrderAny), "--any-order"),
        false => (say!(lang, OrderSearch), "--in-order"),
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

    /// `labs grade`'s rules from its flags `flags`.
    fn grade_rules(flags: &[&str]) -> JudgeRules {
        use clap::Parser;
        let args = [&["labs", "grade", "--sandbox", "off"][..], flags, &["class"]].concat();
        match crate::flags::Cli::try_parse_from(args).unwrap().command {
            crate::flags::Command::Grade(grade) => grade.rules,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn each_allowed_format_keeps_its_judges_limits_unless_a_flag_gives_them_and_judge_takes_one() {
        let terms = |flags: &[&str]| -> Vec<(Format, u128, Option<u64>, bool)> {
            let (_, each) = with_each_format(&grade_rules(flags), Lang::En).unwrap();
            each.iter().map(|c| (c.format, c.time_limit.as_millis(), c.memory_limit, c.any_order)).collect()
        };
        let mib = Some(64 << 20);
        assert_eq!(
            terms(&["-f", "acwing,pta,compact"]),
            [(Format::Compact, 1000, mib, true), (Format::Spaced, 400, mib, false)]
        );
        assert_eq!(
            terms(&["-f", "pta,acwing", "--time-limit", "2"]),
            [(Format::Spaced, 2000, mib, false), (Format::Compact, 2000, mib, true)]
        );
        let refused = with_rules(&grade_rules(&["-f", "acwing,pta"]), Lang::En).unwrap_err();
        assert!(
            matches!(&refused, Error::Usage(why) if why.starts_with("labs judge judges by one format")),
            "{refused:?}"
        );
        assert_eq!(with_rules(&grade_rules(&["-f", "acwing,acwing"]), Lang::En).unwrap().1.format, Format::Compact);
    }
}
