//! Why the judge could not do what it was asked, as data: which program, which tool, which
//! signal. The caller words it (`labs` through its catalogue, in the user's language); the
//! [`Display`](fmt::Display) here is a plain fallback for a log.
//!
//! A verdict is never an error: a program that crashed, or a source that did not compile, is
//! judged ([`super::Prepared::CompileError`]); an error is what kept the judge from judging.

use std::fmt;
use std::io;
use std::path::PathBuf;

/// What kept the judge from judging.
#[derive(Debug)]
pub enum Error {
    /// A stop (this signal's number) ended the work, after everything it started was killed.
    Signal(i32),
    /// A program or a compiler, `what` as a report quotes it, could not be started; `as_nobody`:
    /// permission was denied while runs execute as `nobody`, who may not reach it.
    CannotRun {
        /// The program (quoted) or the compiler's name.
        what: String,
        /// Why the system refused.
        error: io::Error,
        /// Runs execute as `nobody` here ([`super::host::Host::runs_as_nobody`]).
        as_nobody: bool,
    },
    /// The source file (or Java folder) to build is not there.
    NoSuchSource(PathBuf),
    /// The folder `source` holds files whose build cannot be decided, and why.
    Undecided {
        /// The folder.
        source: PathBuf,
        /// Why its files are no one program.
        why: crate::project::Undecided,
    },
    /// No compiler (or interpreter) `tool` for `source` here.
    NoCompiler {
        /// The source to build.
        source: PathBuf,
        /// The tool its language needs.
        tool: &'static str,
    },
    /// The compiler `tool` was killed by `signal`: the machine's failure (never the compiler's
    /// words, which a source may forge), which a grader tries again.
    CompilerKilled {
        /// The compiler.
        tool: &'static str,
        /// The signal's number.
        signal: i32,
    },
    /// The compiler `tool` needed more than `cap` processes: the machine's failure too.
    CompilerProcesses {
        /// The compiler.
        tool: &'static str,
        /// The build's process cap.
        cap: u32,
    },
    /// The sandbox around `what` (a program quoted, or a compiler's name) ended before it
    /// started ([`super::process::Stop::SandboxFailed`]): the machine's failure, which a grader
    /// tries again. `said`: the sandbox's last line on stderr.
    SandboxFailed {
        /// The program (quoted) or the compiler's name.
        what: String,
        /// The sandbox's own last line on stderr, raw.
        said: Vec<u8>,
    },
    /// A file the program's command line names (what labs built for it, or the program itself)
    /// was gone when it was to run, or once it had run in the sandbox, where the program cannot
    /// reach it: labs's own folder went from under it (another process removed it), so the run
    /// says nothing of the program (an exit code of 127 there is a helper's that found no file
    /// to `exec`): the machine's failure, which a grader tries again.
    ProgramLost {
        /// The program, quoted.
        what: String,
        /// The file gone.
        path: PathBuf,
    },
    /// A command to judge that cannot be run as one, and why.
    NotRunnable(PathBuf, NotRunnable),
    /// Reading or writing a file or directory of the judge's own failed.
    Io(io::Error),
}

/// Why a command to judge cannot be run ([`Error::NotRunnable`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotRunnable {
    /// A bare name that is not on `PATH`.
    NotOnPath,
    /// A directory.
    IsADirectory,
    /// A path to nothing.
    NoSuchFile,
    /// A file the system would not run (no execute bit).
    NotExecutable,
    /// A script without an interpreter line (`#!`).
    NoInterpreterLine,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Signal(signal) => write!(f, "signal {signal}"),
            Error::CannotRun { what, error, .. } => write!(f, "{what}: {error}"),
            Error::NoSuchSource(source) => write!(f, "{}: no such source", source.display()),
            Error::Undecided { source, why } => write!(f, "{}: no one program to build ({why:?})", source.display()),
            Error::NoCompiler { source, tool } => write!(f, "{}: no {tool}", source.display()),
            Error::CompilerKilled { tool, signal } => write!(f, "{tool}: signal {signal}"),
            Error::CompilerProcesses { tool, cap } => write!(f, "{tool}: over {cap} processes"),
            Error::SandboxFailed { what, said } => {
                write!(f, "{what}: the sandbox did not start ({})", String::from_utf8_lossy(said))
            }
            Error::ProgramLost { what, path } => write!(f, "{what}: {} is gone", path.display()),
            Error::NotRunnable(program, why) => write!(f, "{}: {why:?}", program.display()),
            Error::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::CannotRun { error, .. } | Error::Io(error) => Some(error),
            _ => None,
        }
    }
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Io(e)
    }
}
