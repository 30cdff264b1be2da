//! The Linux backend's sandbox, bubblewrap (`bwrap`), where it works: its [`Sandbox::wrap`]
//! turns a [`Program`] into `bwrap <options> -- <program>`.
//!
//! Inside, the program sees, read-only, only what programs need: the system's programs and
//! libraries (`/usr`, `/bin`, `/lib`…), the few pieces of `/etc` that compilers, interpreters and
//! the dynamic linker read, the toolchains outside them (`PATH` entries, rustup's and pyenv's
//! homes, `JAVA_HOME`), and for a run the files its own command line names. Nothing else of the
//! host: no home directory, no `/run`, `/var` or host `/tmp`, so no unix socket of the host's to
//! `connect(2)` to (a read-only bind would not stop that) and no other student's files. A `labs`
//! binary it could otherwise run (this one, one on `PATH`) is an empty file there unless the
//! judged command names it. It gets its own `/tmp` and a fresh empty working directory in it
//! (`/tmp/work`), in memory and of a bounded size, as `/dev/shm` is; a minimal `/dev`, read-only
//! but for `/dev/shm` and its devices (no file there holds memory outside the limits); a `/proc`
//! of its own, no network, its own PID, IPC, UTS and user namespaces, no capabilities, no further
//! user namespaces, a session of its own (so no `TIOCSTI` into the terminal), and it dies with
//! `labs`.
//! A build runs there too, in the build's directory, the one place it may write.
//!
//! **As root**, a user namespace would map the program's user to root, so root's sandbox has
//! none: bwrap (root) sets it up with only `CAP_SETUID` and `CAP_SETGID` kept, and `setpriv`
//! turns the sandbox's first process into the job slot's user ([`Program::user`]), else `nobody`
//! (65534), with no groups, no capability and no new privileges, before it execs the program or
//! the compiler; the build's directory is given to that user first ([`super::give_to_runs`]). bwrap's `--disable-userns` needs a user namespace of
//! bwrap's, so root's bwrap starts under the guard's seccomp filter ([`super::seccomp`]) instead,
//! which keeps everything below it from making one. Every bwrap of a submission's, root's or a
//! user's, starts under that filter's refusal of the kernel's keyrings, which no namespace of
//! bwrap's separates from the next run's (a user's with no new privileges, as a filter needs:
//! the sandbox's probe starts the same way, so a set-user-ID bwrap that cannot is found there).
//!
//! The guard needs nothing of it: `bwrap` is its child and in its process group, the program is
//! bwrap's grandchild (the PID namespace's init in between), and killing that init kills the
//! namespace. One thing changes: bwrap reports a program killed by signal k as exit code 128 + k,
//! the same as one that exited with 128 + k. So the sandbox's command starts with a shell that
//! stops itself before it execs the program ([`STOP_THEN_EXEC`]): the guard pins that process
//! with a pidfd while it is stopped, lets it go on, and once it has ended asks the kernel for its
//! own wait status (`PIDFD_INFO_EXIT`, Linux 6.15 and later), though bwrap's init reaped it. On an
//! older kernel the guard reads bwrap's exit code with [`ending`], and an exit code from 129 to 159
//! reads as a signal.
//!
//! **The process cap** is a pids cgroup where one can be made ([`super::cgroup`], root's case); if
//! not, inside the sandbox, `RLIMIT_NPROC` set by `prlimit` in the run's own user namespace, where
//! it counts only the run's processes (Linux 5.14 and later keep those counts per user namespace;
//! root is exempt from the limit, a normal user is not). [`Host::process_cap`] says which holds.

use super::cgroup::Controller;
use super::{Probe, user_id};
use crate::host::Host;
use crate::process::{self, Ended, Limits, Program, find_in_path};
use crate::sandbox::{NoSandbox, Place, ProcessCap, Sandbox};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// bubblewrap, as it works here: found, probed, and what it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Bubblewrap {
    bwrap: PathBuf,
    /// `prlimit`, when `RLIMIT_NPROC` in a user namespace caps only the run's processes here.
    prlimit: Option<PathBuf>,
    /// Whether a pids cgroup holds the process cap here, so that `prlimit` is not needed.
    pids_cgroup: bool,
    /// `setpriv`, when `labs` runs as root: what turns the sandbox's first process into the
    /// slot's user (or nobody) before it execs the program.
    setpriv: Option<PathBuf>,
    /// The system's programs and libraries, and the pieces of `/etc` they read.
    system: Vec<Mount>,
    /// Toolchains outside them: `PATH` entries, rustup's and pyenv's homes, `JAVA_HOME`.
    kept: Vec<PathBuf>,
    /// The `labs` binaries visible in there (this one, every `labs` on `PATH`, and every copy of
    /// this one on `PATH` under another name), replaced by an empty file unless the judged
    /// command names one.
    labs: Vec<PathBuf>,
}

/// What the sandbox shows of the host, read-only.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Mount {
    /// A directory or file, at its own path.
    Bind(PathBuf),
    /// A symbolic link (`/bin` → `usr/bin` on a merged `/usr`): its target, and where it is.
    Link(PathBuf, PathBuf),
}

/// The top-level directories of programs and libraries.
const SYSTEM: [&str; 7] = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"];

/// What compilers, interpreters and the dynamic linker read in `/etc`; besides these, every
/// entry whose name starts with `java` or `python` (a JDK's and Python's configuration).
const ETC: [&str; 8] =
    ["alternatives", "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "passwd", "group", "localtime", "nsswitch.conf"];

/// The working directory of a run inside the sandbox.
pub const WORK: &str = "/tmp/work";

/// The size of each directory the sandbox writes to memory (`/tmp`, where the home directory
/// is, and `/dev/shm`); a memory cgroup, where there is one, counts what they hold in the
/// run's memory too.
const TMPFS_BYTES: u64 = 64 << 20;

/// The sandbox, if bwrap works on `host`, or why not and how to get it: probed by running
/// `bwrap <options> true`, once per [`Host`].
pub(crate) fn sandbox(host: &Host) -> Result<Box<dyn Sandbox>, NoSandbox> {
    let Some(bwrap) = find_in_path("bwrap") else {
        return Err(NoSandbox::NotInstalled);
    };
    let sandbox = Bubblewrap::new(bwrap, host.backend.roots.has(Controller::Pids));
    // Started as a submission's run is (with no new privileges and the seccomp filter, which a
    // set-user-ID bwrap would not start under): a sandbox that works for the probe works for them.
    let true_ = Program { untrusted: true, ..Program::new(vec!["true".into()]) };
    let true_ = sandbox.wrap(&true_, Place::Run, None);
    let run = process::run(&true_, None, &Limits::probe(), host, &process::NoStop);
    match run {
        Ok(run) if run.ended == Ended::Exited(0) => Ok(Box::new(sandbox) as Box<dyn Sandbox>),
        Ok(run) => Err(NoSandbox::Fails(run.stderr.split(|&b| b == b'\n').next().unwrap_or_default().to_vec())),
        Err(process::Stop::SandboxFailed(said)) => Err(NoSandbox::Fails(said)),
        Err(process::Stop::Io(e)) if e.kind() == std::io::ErrorKind::WouldBlock => Err(NoSandbox::Refused),
        Err(_) => Err(NoSandbox::CannotRun),
    }
}

/// What holds a cap here, in or out of `sandbox`: a pids cgroup where one can be made, else the
/// sandbox's `RLIMIT_NPROC`.
pub(crate) fn process_cap(probed: &Probe, sandbox: Option<&dyn Sandbox>) -> ProcessCap {
    if probed.roots.has(Controller::Pids) {
        ProcessCap::Cgroup
    } else if sandbox.is_some_and(|s| s.caps_processes()) {
        ProcessCap::UserNamespace
    } else {
        ProcessCap::Unenforced
    }
}

impl Bubblewrap {
    fn new(bwrap: PathBuf, pids_cgroup: bool) -> Bubblewrap {
        let prlimit = rlimit_is_per_namespace().then(|| find_in_path("prlimit")).flatten();
        let mut system = Vec::new();
        for top in SYSTEM.map(Path::new) {
            match (top.read_link(), top.is_dir()) {
                (Ok(target), _) => system.push(Mount::Link(target, top.into())),
                (Err(_), true) => system.push(Mount::Bind(top.into())),
                _ => {}
            }
        }
        let etc = Path::new("/etc");
        let mut pieces: Vec<PathBuf> = ETC.iter().map(|name| etc.join(name)).collect();
        for entry in std::fs::read_dir(etc).into_iter().flatten().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with("java") || name.starts_with("python") {
                pieces.push(entry.path());
            }
        }
        pieces.sort();
        system.extend(pieces.into_iter().filter(|p| p.exists()).map(Mount::Bind));
        let setpriv = rustix::process::geteuid().is_root().then(|| find_in_path("setpriv")).flatten();
        let mut sandbox =
            Bubblewrap { bwrap, prlimit, pids_cgroup, setpriv, system, kept: Vec::new(), labs: Vec::new() };
        // Toolchains outside the system's directories: the PATH entries there, the homes of
        // rustup and pyenv (whose commands on PATH are proxies into them), and a JDK's.
        let mut kept: Vec<PathBuf> =
            std::env::var_os("PATH").map(|path| std::env::split_paths(&path).collect()).unwrap_or_default();
        kept.extend(process::toolchain_homes().into_iter().map(|(_, dir)| dir));
        kept.extend(std::env::var_os("JAVA_HOME").map(PathBuf::from));
        kept.retain(|p| p.is_absolute() && p.is_dir() && !sandbox.shows(p));
        kept.sort();
        kept.dedup();
        // A directory inside another that is kept comes with it.
        let mut outer: Vec<PathBuf> = Vec::new();
        for dir in kept {
            if !outer.iter().any(|o| dir.starts_with(o)) {
                outer.push(dir);
            }
        }
        sandbox.kept = outer;
        let mut labs = labs_binaries();
        labs.retain(|l| sandbox.shows(l));
        sandbox.labs = labs;
        sandbox
    }

    /// Whether the sandbox shows `path` at all (before what a command line adds).
    fn shows(&self, path: &Path) -> bool {
        let mounted = self.system.iter().any(|m| match m {
            Mount::Bind(dir) | Mount::Link(_, dir) => path.starts_with(dir),
        });
        mounted || self.kept.iter().any(|k| path.starts_with(k))
    }
}

/// Every `labs` a run could start by a path or a name on `PATH`: this binary, each file named
/// `labs` in a directory of `PATH`, and each file there with this binary's bytes, whatever its
/// name (a copy is found by its size, then compared), each by its real path (a link's target). A
/// build of another version under another name is not recognised.
fn labs_binaries() -> Vec<PathBuf> {
    let Some(exe) = std::env::current_exe().ok().and_then(|e| e.canonicalize().ok()) else { return Vec::new() };
    let size = std::fs::metadata(&exe).map(|m| m.len()).unwrap_or(0);
    let dirs: Vec<PathBuf> = std::env::var_os("PATH").map(|p| std::env::split_paths(&p).collect()).unwrap_or_default();
    let mut found = vec![exe.clone()];
    for entry in dirs.iter().filter_map(|d| std::fs::read_dir(d).ok()).flatten().flatten() {
        // Through a link, to what it leads to; only a hit is resolved to its real path (hidden
        // there, the link leads to the stand-in).
        let path = entry.path();
        let Ok(meta) = std::fs::metadata(&path) else { continue };
        if meta.is_file() && (entry.file_name() == "labs" || (meta.len() == size && same_bytes(&path, &exe))) {
            found.extend(path.canonicalize());
        }
    }
    found.sort();
    found.dedup();
    found
}

/// Whether two files hold the same bytes (false where either cannot be read).
fn same_bytes(a: &Path, b: &Path) -> bool {
    use std::io::Read;
    let (Ok(a), Ok(b)) = (std::fs::File::open(a), std::fs::File::open(b)) else { return false };
    let (mut a, mut b) = (std::io::BufReader::new(a), std::io::BufReader::new(b));
    let (mut x, mut y) = (vec![0; 1 << 16], vec![0; 1 << 16]);
    loop {
        let Ok(k) = a.read(&mut x) else { return false };
        if k == 0 {
            return b.read(&mut y).is_ok_and(|m| m == 0);
        }
        if b.read_exact(&mut y[..k]).is_err() || x[..k] != y[..k] {
            return false;
        }
    }
}

impl Sandbox for Bubblewrap {
    /// The sandbox shows the system's programs and libraries, the toolchains, and for a run the
    /// paths on its command line, made absolute (it runs in another directory); nothing else of
    /// the host. A `labs` binary in there is an empty file unless the command names it. The cap
    /// is set here as `RLIMIT_NPROC` if that is what holds it.
    fn wrap(&self, program: &Program, place: Place, processes: Option<u32>) -> Program {
        let words = |w: &[&str]| w.iter().map(OsString::from).collect::<Vec<_>>();
        let pair = |option: &str, path: &Path| [option.into(), path.into(), path.into()];
        let mut argv = vec![self.bwrap.clone().into_os_string()];
        let mut made = Vec::new();
        for mount in &self.system {
            match mount {
                Mount::Bind(path) => {
                    argv.extend(reachable(path, &mut made));
                    argv.extend(pair("--ro-bind", path));
                }
                Mount::Link(target, at) => argv.extend([OsString::from("--symlink"), target.into(), at.into()]),
            }
        }
        // bwrap's /dev is an uncapped tmpfs with /dev/shm in it: /dev/shm gets a capped one,
        // writable by anyone, as a system's is, for a program run as another user. Then /dev itself is
        // made read-only, after /dev/shm is mounted on it (the remount does not reach the mounts
        // below): a file there would hold memory outside every limit. Its devices (`null`,
        // `zero`, `full`, `random`, `urandom`, `tty`) are bind mounts of the host's, and a
        // device takes writes on a read-only file system.
        let size = TMPFS_BYTES.to_string();
        let shared = ["--perms", "1777", "--size", &size, "--tmpfs"];
        let dev = [&["--dev", "/dev"], &shared[..], &["/dev/shm", "--remount-ro", "/dev", "--proc", "/proc"]];
        argv.extend(words(&dev.concat()));
        argv.extend(words(&[&shared[..], &["/tmp"]].concat()));
        let mut command = program.argv.clone();
        let mut bound = self.kept.clone();
        let mut named = Vec::new();
        if let Place::Run = place {
            bound.extend(program.reads.clone());
            let base = program.dir.clone().or_else(|| std::env::current_dir().ok()).unwrap_or_default();
            for (i, word) in command.iter_mut().enumerate() {
                // A bare command name is looked up on PATH, inside as outside.
                if i == 0 && !word.is_empty() && !word.as_encoded_bytes().contains(&b'/') {
                    named.extend(find_in_path(&word.to_string_lossy()));
                    continue;
                }
                let path = base.join(&*word);
                if word.is_empty() || !path.exists() {
                    continue;
                }
                if !self.shows(&path) && !bound.iter().any(|b| path.starts_with(b)) {
                    bound.push(path.clone());
                }
                named.push(path.clone());
                *word = path.into_os_string();
            }
        }
        for path in &bound {
            argv.extend(reachable(path, &mut made));
            argv.extend(pair("--ro-bind", path));
        }
        let same = |a: &Path, b: &Path| a.canonicalize().ok().is_some_and(|a| b.canonicalize().ok() == Some(a));
        if !self.labs.iter().any(|labs| named.iter().any(|n| same(n, labs))) {
            for labs in &self.labs {
                argv.extend([OsString::from("--ro-bind"), "/dev/null".into(), labs.into()]);
            }
        }
        let work = match place {
            Place::Build(dir) => {
                argv.extend(reachable(dir, &mut made));
                argv.extend(pair("--bind", dir));
                dir
            }
            Place::Run => {
                argv.extend(words(&["--perms", "0777", "--dir", WORK]));
                Path::new(WORK)
            }
        };
        argv.extend([OsString::from("--chdir"), work.into()]);
        // The environment is process::environment's, but for where it lives inside.
        for var in ["HOME", "TMPDIR"] {
            argv.extend([OsString::from("--setenv"), var.into(), work.into()]);
        }
        match &self.setpriv {
            // Root's sandbox has no user namespace, which would map the program's user to root:
            // bwrap keeps only the two capabilities that setpriv needs to become the slot's user, with no
            // capability and no new privileges (a set-user-ID file is then no way back).
            Some(setpriv) => {
                argv.extend(words(&["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts"]));
                argv.extend(words(&["--unshare-cgroup-try", "--cap-drop", "ALL"]));
                argv.extend(words(&["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]));
                argv.extend(words(&[
                    "--die-with-parent",
                    "--new-session",
                    "--",
                    "/bin/sh",
                    "-c",
                    STOP_THEN_EXEC,
                    "sh",
                ]));
                argv.push(setpriv.into());
                let id = user_id(program.user);
                argv.extend(words(&[&format!("--reuid={id}"), &format!("--regid={id}"), "--clear-groups"]));
                argv.extend(words(&["--inh-caps=-all", "--nnp", "--"]));
            }
            None => {
                argv.extend(words(&["--unshare-all", "--unshare-user", "--disable-userns"]));
                argv.extend(words(&["--cap-drop", "ALL", "--die-with-parent", "--new-session", "--"]));
                argv.extend(words(&["/bin/sh", "-c", STOP_THEN_EXEC, "sh"]));
            }
        }
        if let (Some(prlimit), Some(cap)) = (&self.prlimit, processes)
            && !self.pids_cgroup
        {
            argv.push(prlimit.into());
            // The namespace's init, bwrap's, counts too.
            argv.push(format!("--nproc={}", cap + 1).into());
        }
        argv.extend(command);
        Program {
            argv,
            dir: None,
            limit_address_space: program.limit_address_space,
            own_pid_namespace: true,
            stops_before_exec: true,
            // The guard starts bwrap as it is (root's bwrap needs root's rights to set the sandbox
            // up; setpriv gives them up inside), with the bound on user namespaces where bwrap
            // has none of its own.
            untrusted: program.untrusted,
            // Bound above, at its own path.
            reads: None,
            // Set inside, by setpriv.
            user: None,
            image_kib: program.image_kib,
        }
    }

    fn caps_processes(&self) -> bool {
        self.prlimit.is_some()
    }
}

/// bwrap options that make every directory above `path` in the sandbox one anyone may enter
/// (bwrap makes some of them its user's alone), for a program run as another user; `made` holds
/// those already made.
fn reachable(path: &Path, made: &mut Vec<PathBuf>) -> Vec<OsString> {
    let mut above: Vec<&Path> =
        path.ancestors().skip(1).filter(|a| a.parent().is_some() && *a != Path::new("/tmp")).collect();
    above.reverse();
    let mut options = Vec::new();
    for dir in above {
        if !made.iter().any(|m| m == dir) {
            made.push(dir.to_path_buf());
            options.extend([OsString::from("--perms"), "0755".into(), "--dir".into(), dir.into()]);
        }
    }
    options
}

/// The sandbox's first command: a shell that stops itself, and once the guard has pinned it and
/// sent `SIGCONT`, becomes the program (`exec` keeps its pid), so that the program's end is its.
const STOP_THEN_EXEC: &str = r#"kill -STOP $$; exec "$@""#;

/// How a sandboxed run ended, from bwrap's exit status: bwrap exits with 128 + k for a program
/// killed by signal k, so an exit code from 129 to 159 is read as that signal. For when the
/// program's own wait status cannot be had.
pub(super) fn ending(ended: Ended) -> Ended {
    match ended {
        Ended::Exited(code) if (129..=128 + 31).contains(&code) => Ended::Signalled(code - 128),
        other => other,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dev_is_remounted_read_only_after_its_capped_shm_is_mounted() {
        let sandbox = Bubblewrap {
            bwrap: "bwrap".into(),
            prlimit: None,
            pids_cgroup: true,
            setpriv: None,
            system: Vec::new(),
            kept: Vec::new(),
            labs: Vec::new(),
        };
        let wrapped = sandbox.wrap(&Program::new(vec!["true".into()]), Place::Run, None);
        let argv: Vec<String> = wrapped.argv.iter().map(|w| w.to_string_lossy().into_owned()).collect();
        let at =
            |words: &[&str]| argv.windows(words.len()).position(|w| w == words).unwrap_or_else(|| panic!("{argv:?}"));
        let size = TMPFS_BYTES.to_string();
        let dev = at(&["--dev", "/dev"]);
        let shm = at(&["--perms", "1777", "--size", &size, "--tmpfs", "/dev/shm"]);
        let read_only = at(&["--remount-ro", "/dev"]);
        // bwrap's remount is not recursive: after /dev/shm is mounted, it leaves /dev/shm
        // writable, and no mount point has to be made on a read-only /dev.
        assert!(dev < shm && shm < read_only, "{argv:?}");
    }
}
