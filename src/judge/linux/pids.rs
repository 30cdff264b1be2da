//! A cap on the processes of one run, held by the kernel: a *pids cgroup* of its own.
//!
//! Where this machine lets `labs` make a child cgroup with the `pids` controller (as root on a
//! cgroup v1 or v2 hierarchy, or in a delegated v2 subtree), every run gets one, with `pids.max`
//! set to its cap, and the program is moved into it between `fork` and `exec`, so that it and
//! everything it starts are counted from their first instruction. A `fork` past the cap fails
//! with `EAGAIN`, and `pids.events` counts the refusal: the guard reads that counter and ends the
//! run at once (the verdict: too many processes). Threads count as processes here, as they do for
//! the kernel. The cgroup is removed once the run is over.
//!
//! Where no cgroup can be made (a student's laptop, as a normal user), the sandbox caps processes
//! with `RLIMIT_NPROC` in a user namespace of the run's own instead ([`super::bubblewrap`]).

use std::fs::{self, File};
use std::io;
use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The cgroup directory under which runs get theirs, if this machine allows it: probed once per
/// `labs` process by making a child group and moving a `true` into it.
pub fn root() -> Option<&'static Path> {
    static ROOT: OnceLock<Option<PathBuf>> = OnceLock::new();
    ROOT.get_or_init(|| {
        let root = candidates().into_iter().find(|dir| works(dir))?;
        remove_stale(&root);
        Some(root)
    })
    .as_deref()
}

/// Removes the groups that `labs` processes no longer running left under `root` (a `labs`
/// killed with SIGKILL has no chance to): what is still in one is killed first. A group is
/// named after the pid of the `labs` that made it ([`Cgroup::new`]); one whose `labs` is alive,
/// or whose pid now belongs to another process, is left alone.
fn remove_stale(root: &Path) {
    for entry in fs::read_dir(root).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = name.strip_prefix("labs-judge-") else { continue };
        let owner = rest.trim_start_matches("probe-").split('-').next().and_then(|p| p.parse::<u32>().ok());
        if owner.is_none_or(super::alive) {
            continue;
        }
        let group = entry.path();
        let started = Instant::now();
        while fs::remove_dir(&group).is_err() && group.exists() && started.elapsed() < Duration::from_secs(1) {
            let procs = fs::read_to_string(group.join("cgroup.procs")).unwrap_or_default();
            for pid in procs.split_ascii_whitespace().filter_map(|p| p.parse::<i32>().ok()) {
                if let Some(pid) = rustix::process::Pid::from_raw(pid) {
                    let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
                }
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// Where a child group may be made: our own group in a v1 `pids` hierarchy, then in a v2 one.
fn candidates() -> Vec<PathBuf> {
    let Ok(own) = fs::read_to_string("/proc/self/cgroup") else { return Vec::new() };
    let mut dirs = Vec::new();
    for line in own.lines() {
        let mut fields = line.splitn(3, ':');
        let (_, controllers, path) = (fields.next(), fields.next().unwrap_or(""), fields.next().unwrap_or(""));
        let path = path.trim_start_matches('/');
        if controllers.split(',').any(|c| c == "pids") {
            dirs.push(Path::new("/sys/fs/cgroup/pids").join(path));
        } else if controllers.is_empty() {
            dirs.push(Path::new("/sys/fs/cgroup").join(path));
            dirs.push(Path::new("/sys/fs/cgroup/unified").join(path));
        }
    }
    dirs
}

fn works(dir: &Path) -> bool {
    let Ok(group) = Cgroup::new(dir, &format!("probe-{}", std::process::id()), 4) else { return false };
    let mut command = Command::new("true");
    group.enter_on_exec(&mut command);
    command.status().is_ok_and(|s| s.success())
}

/// One run's pids cgroup; dropping it removes it (once its processes are gone).
#[derive(Debug)]
pub struct Cgroup {
    dir: PathBuf,
    procs: File,
}

impl Cgroup {
    /// Makes `parent/labs-judge-<name>` with room for `max` processes.
    pub fn new(parent: &Path, name: &str, max: u32) -> io::Result<Cgroup> {
        let dir = parent.join(format!("labs-judge-{name}"));
        fs::create_dir(&dir)?;
        let opened = File::options().write(true).open(dir.join("cgroup.procs"));
        let procs = match opened {
            Ok(procs) => procs,
            Err(e) => {
                let _ = fs::remove_dir(&dir);
                return Err(e);
            }
        };
        // From here on Drop removes the directory, should the cap not be set.
        let group = Cgroup { dir, procs };
        fs::write(group.dir.join("pids.max"), max.to_string())?;
        Ok(group)
    }

    /// Makes `command`'s process enter this group between `fork` and `exec`.
    pub fn enter_on_exec(&self, command: &mut Command) {
        let fd = self.procs.as_raw_fd();
        // SAFETY: between fork and exec only async-signal-safe calls: getpid and write.
        unsafe {
            command.pre_exec(move || enter(fd));
        }
    }

    /// Whether a `fork` was refused for the cap (the `max` count of `pids.events`).
    pub fn refused(&self) -> bool {
        let events = fs::read_to_string(self.dir.join("pids.events")).unwrap_or_default();
        events.lines().any(|l| l.strip_prefix("max ").is_some_and(|k| k.trim() != "0"))
    }

    /// Whether `pid` is in this group now (as its `/proc/<pid>/cgroup` says).
    pub fn holds(&self, pid: i32) -> bool {
        let Some(name) = self.dir.file_name() else { return false };
        let groups = fs::read_to_string(format!("/proc/{pid}/cgroup")).unwrap_or_default();
        groups.lines().filter_map(|l| l.rsplit_once('/')).any(|(_, last)| last == name)
    }

    /// The processes in the group now.
    pub fn pids(&self) -> Vec<i32> {
        let procs = fs::read_to_string(self.dir.join("cgroup.procs")).unwrap_or_default();
        procs.split_ascii_whitespace().filter_map(|p| p.parse().ok()).collect()
    }
}

/// Writes the calling process's pid to `fd`, a group's `cgroup.procs`, with no allocation.
fn enter(fd: RawFd) -> io::Result<()> {
    let mut pid = rustix::process::getpid().as_raw_nonzero().get() as u32;
    let mut digits = [0u8; 10];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (pid % 10) as u8;
        pid /= 10;
        if pid == 0 {
            break;
        }
    }
    let text = &digits[start..];
    // SAFETY: write(2) of a local buffer to a descriptor the parent opened for us.
    if unsafe { libc::write(fd, text.as_ptr().cast(), text.len()) } != text.len() as isize {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

impl Drop for Cgroup {
    fn drop(&mut self) {
        // Its last processes may still be on their way out after SIGKILL.
        let started = Instant::now();
        while fs::remove_dir(&self.dir).is_err() && self.dir.exists() && started.elapsed() < Duration::from_secs(1) {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}
