//! The Linux backend's sandbox, bubblewrap (`bwrap`), where it works: its [`Sandbox::wrap`]
//! turns a [`Program`] into `bwrap <options> -- <program>`.
//!
//! Inside, the program sees the file system read-only (`--ro-bind / /`); its own `/tmp` and a
//! fresh empty working directory in it (`/tmp/work`), both in memory and of a bounded size; no
//! home directory (`$HOME` and `/root` are empty, but for the toolchains found on `PATH` there,
//! rustup's and pyenv's homes, and the files its own command line names); a minimal `/dev`, a
//! `/proc` of its own, no network, its own PID, IPC, UTS and user namespaces, no capabilities, no
//! further user namespaces, a session of its own (so no `TIOCSTI` into the terminal), and it dies
//! with `labs`. A build runs there too, in the build's directory, the one place it may write.
//!
//! The guard needs nothing of it: `bwrap` is its child and in its process group, the program is
//! bwrap's grandchild (the PID namespace's init in between), and killing that init kills the
//! namespace. One thing changes: bwrap reports a program killed by signal k as exit code 128 + k,
//! which its [`Sandbox::ending`] turns back.
//!
//! **The process cap** is a pids cgroup where one can be made ([`super::pids`], root's case); if
//! not, inside the sandbox, `RLIMIT_NPROC` set by `prlimit` in the run's own user namespace, where
//! it counts only the run's processes (Linux 5.14 and later keep those counts per user namespace;
//! root is exempt from the limit, a normal user is not). [`ProcessCap::here`] says which holds.

use crate::judge::process::{self, Ended, Limits, Program, find_in_path};
use crate::judge::sandbox::{Place, ProcessCap, Sandbox};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

/// bubblewrap, as it works here: found, probed, and what it hides.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Bubblewrap {
    bwrap: PathBuf,
    /// `prlimit`, when `RLIMIT_NPROC` in a user namespace caps only the run's processes here.
    prlimit: Option<PathBuf>,
    /// Directories replaced by empty ones: the home directories.
    hidden: Vec<PathBuf>,
    /// What is bound back read-only under them: toolchains, and `labs` itself.
    kept: Vec<PathBuf>,
}

/// The working directory of a run inside the sandbox.
pub const WORK: &str = "/tmp/work";

/// The size of each directory the sandbox writes to memory (`/tmp` and the home directory).
const TMPFS_BYTES: u64 = 64 << 20;

/// The sandbox, if bwrap works here, or why not and how to get it: probed once per `labs`
/// process by running `bwrap <options> true`.
pub(crate) fn sandbox() -> &'static Result<Box<dyn Sandbox>, String> {
    static PROBED: OnceLock<Result<Box<dyn Sandbox>, String>> = OnceLock::new();
    PROBED.get_or_init(|| {
        let Some(bwrap) = find_in_path("bwrap") else {
            return Err("bwrap is not installed (Debian and Ubuntu: apt install bubblewrap)".into());
        };
        let sandbox = Bubblewrap::new(bwrap);
        let limits = Limits {
            time: Duration::from_secs(10),
            grace: Duration::from_secs(1),
            memory: None,
            stdout: 4096,
            stderr: 4096,
            processes: None,
        };
        let run = process::run(&sandbox.wrap(&Program::new(vec!["true".into()]), Place::Run, None), None, &limits);
        match run {
            Ok(run) if run.ended == Ended::Exited(0) => Ok(Box::new(sandbox) as Box<dyn Sandbox>),
            Ok(run) => {
                let first = run.stderr.split(|&b| b == b'\n').next().unwrap_or_default();
                let said = if first.is_empty() { "no message".into() } else { crate::escape::line(first) };
                Err(format!(
                    "bwrap fails here ({said}); user namespaces may be disabled: sysctl kernel.unprivileged_userns_clone=1 (Debian), kernel.apparmor_restrict_unprivileged_userns=0 (Ubuntu 24.04)"
                ))
            }
            Err(_) => Err("bwrap could not be run".into()),
        }
    })
}

/// What holds a cap here, in or out of `sandbox`: a pids cgroup where one can be made, else the
/// sandbox's `RLIMIT_NPROC`.
pub(crate) fn process_cap(sandbox: Option<&dyn Sandbox>) -> ProcessCap {
    if super::pids::root().is_some() {
        ProcessCap::Cgroup
    } else if sandbox.is_some_and(|s| s.caps_processes()) {
        ProcessCap::UserNamespace
    } else {
        ProcessCap::Unenforced
    }
}

impl Bubblewrap {
    fn new(bwrap: PathBuf) -> Bubblewrap {
        let home = std::env::var_os("HOME").map(PathBuf::from).filter(|h| h.is_absolute() && h.is_dir());
        let mut hidden: Vec<PathBuf> = home.iter().cloned().collect();
        if Path::new("/root").is_dir() && home.as_deref() != Some(Path::new("/root")) {
            hidden.push("/root".into());
        }
        hidden.retain(|h| h.parent().is_some());
        let prlimit = rlimit_is_per_namespace().then(|| find_in_path("prlimit")).flatten();
        let mut sandbox = Bubblewrap { bwrap, prlimit, hidden, kept: Vec::new() };
        // Toolchains installed in a home directory: the PATH entries there, and the homes of
        // rustup and pyenv, whose commands on PATH are proxies into them.
        let mut kept: Vec<PathBuf> =
            std::env::var_os("PATH").map(|path| std::env::split_paths(&path).collect()).unwrap_or_default();
        for (var, default) in [("RUSTUP_HOME", ".rustup"), ("PYENV_ROOT", ".pyenv")] {
            let dir = std::env::var_os(var).map(PathBuf::from).or_else(|| home.as_ref().map(|h| h.join(default)));
            kept.extend(dir);
        }
        kept.extend(std::env::current_exe().ok());
        kept.retain(|p| p.is_absolute() && p.exists() && sandbox.hides(p) && !sandbox.hidden.contains(p));
        kept.sort();
        kept.dedup();
        sandbox.kept = kept;
        sandbox
    }

    /// Whether the sandbox replaces `path` with an empty directory (or puts it under one).
    fn hides(&self, path: &Path) -> bool {
        path.starts_with("/tmp") || self.hidden.iter().any(|h| path.starts_with(h))
    }
}

impl Sandbox for Bubblewrap {
    /// For a run, paths on its command line become absolute (it runs in another directory), and
    /// those the sandbox would hide are bound in read-only. The cap is set here as
    /// `RLIMIT_NPROC` if that is what holds it.
    fn wrap(&self, program: &Program, place: Place, processes: Option<u32>) -> Program {
        let words = |w: &[&str]| w.iter().map(OsString::from).collect::<Vec<_>>();
        let pair = |option: &str, path: &Path| [option.into(), path.into(), path.into()];
        let mut argv = vec![self.bwrap.clone().into_os_string()];
        argv.extend(words(&["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"]));
        for dir in std::iter::once(Path::new("/tmp")).chain(self.hidden.iter().map(PathBuf::as_path)) {
            argv.extend(words(&["--size", &TMPFS_BYTES.to_string(), "--tmpfs"]));
            argv.push(dir.into());
        }
        let mut command = program.argv.clone();
        let mut bound = self.kept.clone();
        if let Place::Run = place {
            for (i, path) in program.paths() {
                if self.hides(&path) && !bound.iter().any(|b| path.starts_with(b)) {
                    bound.push(path.clone());
                }
                command[i] = path.into_os_string();
            }
        }
        for path in &bound {
            argv.extend(pair("--ro-bind", path));
        }
        let work = match place {
            Place::Build(dir) => {
                argv.extend(pair("--bind", dir));
                dir
            }
            Place::Run => {
                argv.extend(words(&["--dir", WORK]));
                Path::new(WORK)
            }
        };
        argv.extend([OsString::from("--chdir"), work.into()]);
        argv.extend(words(&["--setenv", "TMPDIR", "/tmp", "--unshare-all", "--unshare-user", "--disable-userns"]));
        argv.extend(words(&["--cap-drop", "ALL", "--die-with-parent", "--new-session", "--"]));
        if let (Some(prlimit), Some(cap)) = (&self.prlimit, processes)
            && ProcessCap::here(Some(self)) == ProcessCap::UserNamespace
        {
            argv.push(prlimit.into());
            // The namespace's init, bwrap's, counts too.
            argv.push(format!("--nproc={}", cap + 1).into());
        }
        argv.extend(command);
        Program { argv, dir: None, limit_address_space: program.limit_address_space, own_pid_namespace: true }
    }

    /// bwrap exits with 128 + k for a program killed by signal k.
    fn ending(&self, ended: Ended) -> Ended {
        match ended {
            Ended::Exited(code) if (129..=128 + 31).contains(&code) => Ended::Signalled(code - 128),
            other => other,
        }
    }

    fn caps_processes(&self) -> bool {
        self.prlimit.is_some()
    }
}

/// Whether `RLIMIT_NPROC` in a new user namespace counts only that namespace's processes: Linux
/// 5.14 and later, for anyone but root (whom the limit does not bind).
fn rlimit_is_per_namespace() -> bool {
    if rustix::process::geteuid().is_root() {
        return false;
    }
    let release = std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default();
    let mut numbers = release.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse::<u32>().ok());
    (numbers.next().unwrap_or(0), numbers.next().unwrap_or(0)) >= (5, 14)
}
