//! The one error type, its messages, and the exit codes scripts can rely on.
//!
//! | exit | meaning |
//! |---|---|
//! | 0 | success (also when the reader of stdout closed it early, as `head` does) |
//! | 1 | the work ran and failed: a check found a mismatch, a file could not be written |
//! | 2 | bad input: arguments or stdin that do not say what to do |
//! | 129, 130, 143 | ended by SIGHUP, SIGINT (Ctrl-C), SIGTERM: 128 + the signal's number |

use crate::catalogue::{Key, say};
use crate::count::{self, shard::Line};
use crate::lang::Lang;
use std::fmt;
use std::io;

/// Why a command did not succeed.
#[derive(Debug)]
pub enum Error {
    /// The input does not say what to do: a bad value, a missing one, flags that conflict.
    Usage(String),
    /// The command ran, and what it found or met is a failure.
    Failed(String),
    /// The machine failed a judge, by what labs itself observed (a compiler killed by a signal
    /// or the process cap, never anything the compiler wrote): no fault of the submission's.
    Machine(String),
    /// Reading or writing failed.
    Io(io::Error),
    /// The user interrupted a long run.
    Interrupted,
    /// This signal (SIGINT, SIGTERM, SIGHUP) ended the work, after everything it started was
    /// stopped.
    Signal(i32),
}

impl Error {
    /// The process exit code for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Usage(_) => 2,
            Error::Failed(_) | Error::Machine(_) | Error::Io(_) => 1,
            Error::Interrupted => 130,
            Error::Signal(signal) => (128 + signal).clamp(0, 255) as u8,
        }
    }

    /// True when stdout was closed by its reader: not a failure, and nothing to say.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Io(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

impl Error {
    /// The error's message in `lang`: the words of a stop are the catalogue's; the others were
    /// worded where they were found.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            Error::Usage(m) | Error::Failed(m) | Error::Machine(m) => m.clone(),
            Error::Io(e) => io_words(e, lang),
            Error::Interrupted => say!(lang, Interrupted),
            Error::Signal(signal) => {
                let name = match *signal {
                    1 => "SIGHUP",
                    2 => "SIGINT",
                    15 => "SIGTERM",
                    _ => "",
                };
                // Chinese brackets take no space before the word after them.
                let name = match (name, lang) {
                    ("", Lang::En) => String::new(),
                    ("", Lang::Zh) => " ".to_string(),
                    (name, Lang::En) => format!(" ({name})"),
                    (name, Lang::Zh) => format!("（{name}）"),
                };
                say!(lang, StoppedBySignal, signal, name)
            }
        }
    }
}

impl fmt::Display for Error {
    /// The message in English.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for Error {}

impl Error {
    /// A count's or a shard sum's failure, in `lang`.
    pub fn of_count(e: count::Error, lang: Lang) -> Error {
        let job = |line: &Line| {
            let (n, mode, of) = (line.job.n, line.job.mode.name(), line.shard.of);
            if line.job.unique { say!(lang, ShardJobUnique, n, mode, of) } else { say!(lang, ShardJob, n, mode, of) }
        };
        match e {
            count::Error::Stopped => Error::Interrupted,
            count::Error::Threads(error) => Error::Failed(say!(lang, NoThreads, error = source_words(&error, lang))),
            count::Error::NotAShard => Error::Usage(say!(lang, ValueNotShard, max = count::shard::MAX_SHARDS)),
            count::Error::NotAShardLine { place, text } => Error::Usage(say!(lang, ShardNotALine, place, text)),
            count::Error::NoShardLines => Error::Usage(say!(lang, ShardNone)),
            count::Error::Foreign { place, line, first_place, first } => {
                Error::Failed(say!(lang, ShardForeign, place, line = job(&line), first_place, first = job(&first)))
            }
            count::Error::Twice { shard, earlier, place } => {
                Error::Failed(say!(lang, ShardTwice, shard, earlier, place))
            }
            count::Error::Overflow { place } => Error::Failed(say!(lang, ShardOverflow, place)),
            count::Error::Missing { missing } => {
                let shards = missing.iter().take(10).map(ToString::to_string).collect::<Vec<_>>().join(", ");
                Error::Failed(match missing.len() {
                    1 => say!(lang, ShardMissingOne, shards),
                    k if k > 10 => say!(lang, ShardMissing, shards, more = say!(lang, ShardsMore, k = k - 10)),
                    _ => say!(lang, ShardMissing, shards, more = ""),
                })
            }
        }
    }
}

/// `e` in words in `lang`, never the system's raw `No such file or directory (os error 2)`: the
/// catalogue's words for the kinds a user meets with files and processes, else (rare) the
/// system's own text in English and its error number in Chinese.
pub fn io_words(e: &io::Error, lang: Lang) -> String {
    use io::ErrorKind as Kind;
    let key = match e.kind() {
        Kind::NotFound => Key::IoNotFound,
        Kind::PermissionDenied => Key::IoPermissionDenied,
        Kind::NotADirectory => Key::IoNotADirectory,
        Kind::IsADirectory => Key::IoIsADirectory,
        Kind::AlreadyExists => Key::IoAlreadyExists,
        Kind::ReadOnlyFilesystem => Key::IoReadOnly,
        Kind::StorageFull | Kind::QuotaExceeded => Key::IoNoSpace,
        Kind::FileTooLarge => Key::IoTooLarge,
        Kind::InvalidData => Key::IoNotText,
        Kind::ResourceBusy | Kind::ExecutableFileBusy => Key::IoBusy,
        Kind::WouldBlock => Key::IoWouldBlock,
        _ if lang == Lang::En => return e.to_string(),
        _ => return say!(lang, IoOther, code = e.raw_os_error().map_or_else(|| "?".to_string(), |c| c.to_string())),
    };
    key.text(lang).to_string()
}

/// `e` in words in `lang` as [`io_words`] says the system's error under it (a thread pool the
/// system refused a thread); `e`'s own text where no system error is under it.
pub fn source_words(e: &(dyn std::error::Error + 'static), lang: Lang) -> String {
    let io = std::iter::successors(Some(e), |e| e.source()).find_map(|e| e.downcast_ref::<io::Error>());
    io.map_or_else(|| e.to_string(), |io| io_words(io, lang))
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Io(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An error with a system error under it, as rayon's `ThreadPoolBuildError` has one.
    #[derive(Debug)]
    struct Above(io::Error);

    impl fmt::Display for Above {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.0.fmt(f)
        }
    }

    impl std::error::Error for Above {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            Some(&self.0)
        }
    }

    /// Issue 50, item 7: the worker threads the system refused are said in the user's language.
    #[test]
    fn the_system_error_under_another_is_said_in_the_users_language() {
        let refused = Above(io::Error::from(io::ErrorKind::WouldBlock));
        assert_eq!(source_words(&refused, Lang::Zh), "资源暂时不可用");
        assert_eq!(
            say!(Lang::Zh, NoThreads, error = source_words(&refused, Lang::Zh)),
            "无法启动工作线程：资源暂时不可用"
        );
        assert_eq!(source_words(&fmt::Error, Lang::Zh), fmt::Error.to_string());
    }
}
