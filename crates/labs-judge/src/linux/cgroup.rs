//! A run's control groups: the kernel's count of everything the run's processes do, which they
//! cannot leave or lie to.
//!
//! Where this machine lets `labs` make child cgroups (as root on a cgroup v1 or v2 hierarchy, or
//! in a delegated v2 subtree), every run gets one in each hierarchy that has a controller it
//! uses, all named alike (see below), and the program is moved into them between `fork` and
//! `exec`, so that it and everything it starts are counted from their first instruction:
//!
//! - **pids** (`pids.max`): the process cap. A `fork` past it fails with `EAGAIN`, and
//!   `pids.events` counts the refusal: the guard reads that counter and ends the run at once (the
//!   verdict: too many processes). Threads count as processes here, as they do for the kernel,
//!   and so do zombies until they are reaped, those left to `labs` too (the guard checks that a
//!   refusal was the program's before it says so).
//! - **memory** (v1 `memory.limit_in_bytes` and `memory.memsw.limit_in_bytes`, v2 `memory.max`
//!   and `memory.swap.max` = 0): the memory limit for the run's processes together, the files
//!   they write to memory (`/tmp`, `/dev/shm` in the sandbox), a `memfd`, kernel memory such as
//!   inodes; past it the kernel's OOM killer ends a process of the run. Its peak
//!   (`memory.max_usage_in_bytes`, `memory.peak`) is the run's peak memory, killed or not.
//! - **cpu** (v1 `cpuacct.usage`, v2 `cpu.stat`, which every v2 group has): the CPU time of
//!   the run's processes, dead or alive, reaped by `labs` or by the sandbox's init: what the
//!   time limit counts and the report shows.
//!
//! Each is probed once per `labs` process ([`probe`]); where one cannot be had (a student's
//! laptop, as a normal user), the guard does without it and the report says which guarantee
//! does not hold ([`super::guarantees`]). The groups are removed once the run is over.
//!
//! Those of a `labs` that died without a chance to (SIGKILL) are removed by the next that starts
//! a judging ([`sweep`]), by lock, never by pid (as [`crate::scratch`]'s folders are): a run's
//! groups, `labs-judge-run-<pid>-<run>-<random>` in each hierarchy, have one lock file, their name
//! and `.cgroup`, made and locked (`flock`) before them and held as long as they live, in
//! `/run/labs-judge-cgroups` (root's alone, checked as the slots' locks are) when `labs` is
//! root, else in the temporary directory. A group whose lock file no one holds is emptied
//! (SIGKILL) and removed, whichever PID namespace its `labs` ran in; one whose lock is held is
//! left alone. A group with no lock file (made by a `labs` from before locks, or whose lock file
//! is in another temporary directory) is removed once [`crate::facts::LEFTOVER_AGE`] old. The
//! pid in a name is only for a reader, after a word so that a `labs` from before locks (which
//! killed `labs-judge-<pid>-…` groups whose pid it did not see) leaves these alone.

use crate::scratch;
use std::fs::{self, File};
use std::io;
use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant, SystemTime};

/// What a run's groups count, one controller each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controller {
    /// Processes at once.
    Pids,
    /// Memory.
    Memory,
    /// CPU time.
    Cpu,
}

/// Where runs get their groups, for each controller this machine lets `labs` use.
#[derive(Clone, Debug, Default)]
pub struct Roots {
    pids: Option<Root>,
    memory: Option<Root>,
    cpu: Option<Root>,
    /// Where the groups' lock files are.
    locks: PathBuf,
}

/// One directory under which runs' groups are made, and whether it is a cgroup v2 hierarchy.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Root {
    dir: PathBuf,
    v2: bool,
}

impl Roots {
    fn get(&self, controller: Controller) -> Option<&Root> {
        match controller {
            Controller::Pids => self.pids.as_ref(),
            Controller::Memory => self.memory.as_ref(),
            Controller::Cpu => self.cpu.as_ref(),
        }
    }

    /// Whether runs get a group that counts `controller`.
    pub fn has(&self, controller: Controller) -> bool {
        self.get(controller).is_some()
    }

    /// The hierarchies runs get groups in, each once.
    fn dirs(&self) -> Vec<&Path> {
        let mut dirs: Vec<&Path> =
            [&self.pids, &self.memory, &self.cpu].into_iter().flatten().map(|r| r.dir.as_path()).collect();
        dirs.sort();
        dirs.dedup();
        dirs
    }
}

/// The folder of the groups' lock files: `/run/labs-judge-cgroups` when it can be root's alone
/// (as the slots' locks are), else the temporary directory.
fn lock_dir() -> PathBuf {
    match super::slot::private_dir_in(Path::new(super::slot::RUN), CGROUP_LOCKS) {
        Ok(dir) => dir,
        Err(_) => std::env::temp_dir(),
    }
}

/// The name of [`lock_dir`] in `/run`.
const CGROUP_LOCKS: &str = "labs-judge-cgroups";

/// The extension of a group's lock file.
const LOCK: &str = "cgroup";

/// The lock file that says a live `labs` owns the groups named after it: held for as long as this
/// lives, and removed with it unless a group outlived its run ([`Cgroup`]'s drop).
#[derive(Debug)]
struct GroupLock {
    /// The groups' name: `labs-judge-<what>-<random>`.
    name: String,
    path: PathBuf,
    /// The locked file: closing it (with this value, or with the process) ends the claim.
    _lock: File,
    /// Whether the lock file stays, for the next sweep, when this goes.
    kept: bool,
}

impl Drop for GroupLock {
    fn drop(&mut self) {
        if !self.kept {
            let _ = fs::remove_file(&self.path);
        }
    }
}

impl GroupLock {
    /// A fresh name for groups of `what` (`run-<pid>-<run>`, `trial-<pid>`), claimed in `locks`
    /// ([`scratch::new_lock`]).
    fn new(locks: &Path, what: &str) -> io::Result<GroupLock> {
        let (lock, path) = scratch::new_lock(locks, &format!("{}{what}-", scratch::PREFIX), &format!(".{LOCK}"))?;
        let name = path.file_stem().and_then(|n| n.to_str()).unwrap_or_default().to_string();
        Ok(GroupLock { name, path, _lock: lock, kept: false })
    }
}

/// Where runs get their groups here: probed (once, by the caller's
/// [`Host`](crate::host::Host)) by making a child group in each candidate hierarchy,
/// setting what it must set there, and moving a `true` into it.
pub fn probe() -> Roots {
    let mut roots = Roots { locks: lock_dir(), ..Roots::default() };
    for (root, controllers) in candidates() {
        let working = works(&root, &roots.locks, &controllers);
        for controller in working {
            let slot = match controller {
                Controller::Pids => &mut roots.pids,
                Controller::Memory => &mut roots.memory,
                Controller::Cpu => &mut roots.cpu,
            };
            if slot.is_none() {
                *slot = Some(root.clone());
            }
        }
    }
    roots
}

/// Removes the groups under `roots` that no live `labs` holds (see the module), what is still in
/// them killed first; then the lock files left with no group.
pub fn sweep(roots: &Roots) {
    sweep_at(roots, SystemTime::now());
}

/// [`sweep`] as of `now`.
fn sweep_at(roots: &Roots, now: SystemTime) {
    let dirs = roots.dirs();
    if dirs.is_empty() {
        return;
    }
    for root in &dirs {
        for entry in fs::read_dir(root).into_iter().flatten().flatten() {
            let Ok(name) = entry.file_name().into_string() else { continue };
            if !name.starts_with(scratch::PREFIX) || !entry.file_type().is_ok_and(|t| t.is_dir()) {
                continue;
            }
            let lock = roots.locks.join(format!("{name}.{LOCK}"));
            // Held while the group goes, so that no second sweep works on it at once.
            let _held = match fs::symlink_metadata(&lock) {
                Ok(_) => match scratch::free(&lock) {
                    Some(held) => Some(held),
                    None => continue,
                },
                Err(_) if entry.metadata().is_ok_and(|m| scratch::unchanged(&m, now)) => None,
                Err(_) => continue,
            };
            remove(&entry.path());
        }
    }
    for entry in fs::read_dir(&roots.locks).into_iter().flatten().flatten() {
        let Ok(file) = entry.file_name().into_string() else { continue };
        let Some(name) = file.strip_prefix(scratch::PREFIX).and_then(|_| file.strip_suffix(&format!(".{LOCK}"))) else {
            continue;
        };
        if dirs.iter().any(|root| root.join(name).exists()) {
            continue;
        }
        if let Some(_held) = scratch::free(&entry.path()) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Empties the group at `group` (SIGKILL to what is in it, until none is) and removes it, for at
/// most a second.
fn remove(group: &Path) {
    let started = Instant::now();
    while fs::remove_dir(group).is_err() && group.exists() && started.elapsed() < Duration::from_secs(1) {
        for pid in procs(group) {
            if let Some(pid) = rustix::process::Pid::from_raw(pid) {
                let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The hierarchies where `labs` might make a child of its own group, with the controllers each
/// might give: our group in every v1 hierarchy of a controller we use (from
/// `/proc/self/cgroup`, found where `/proc/self/mountinfo` says it is mounted), then our group
/// in the v2 hierarchy, which may have any of them.
fn candidates() -> Vec<(Root, Vec<Controller>)> {
    let own = fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let mounts = fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
    // (mount point, the mount's root, its v1 controllers, or None for v2)
    let mounts: Vec<(PathBuf, String, Option<Vec<String>>)> = mounts
        .lines()
        .filter_map(|line| {
            let (left, right) = line.split_once(" - ")?;
            let left: Vec<&str> = left.split(' ').collect();
            let right: Vec<&str> = right.split(' ').collect();
            let (root, point) = (left.get(3)?.to_string(), PathBuf::from(left.get(4)?));
            match *right.first()? {
                "cgroup2" => Some((point, root, None)),
                "cgroup" => Some((point, root, Some(right.get(2)?.split(',').map(String::from).collect()))),
                _ => None,
            }
        })
        .collect();
    let mut v1 = Vec::new();
    let mut v2 = Vec::new();
    for line in own.lines() {
        let mut fields = line.splitn(3, ':');
        let (_, names, path) = (fields.next(), fields.next().unwrap_or(""), fields.next().unwrap_or(""));
        let names: Vec<&str> = names.split(',').filter(|n| !n.is_empty()).collect();
        let mount = mounts.iter().find(|(_, _, controllers)| match (controllers, names.is_empty()) {
            (None, true) => true,
            (Some(theirs), false) => names.iter().all(|n| theirs.iter().any(|t| t == n)),
            _ => false,
        });
        let Some((point, root, _)) = mount else { continue };
        let inside = path.strip_prefix(root.as_str()).unwrap_or(path).trim_start_matches('/');
        let dir = point.join(inside);
        if names.is_empty() {
            v2.push((Root { dir, v2: true }, vec![Controller::Pids, Controller::Memory, Controller::Cpu]));
            continue;
        }
        let mut controllers = Vec::new();
        for (name, controller) in
            [("pids", Controller::Pids), ("memory", Controller::Memory), ("cpuacct", Controller::Cpu)]
        {
            if names.contains(&name) {
                controllers.push(controller);
            }
        }
        if !controllers.is_empty() {
            v1.push((Root { dir, v2: false }, controllers));
        }
    }
    v1.extend(v2);
    v1
}

/// Which of `controllers` a child group of `root` really gives: made, set and entered.
fn works(root: &Root, locks: &Path, controllers: &[Controller]) -> Vec<Controller> {
    let Ok(lock) = GroupLock::new(locks, &format!("trial-{}", std::process::id())) else { return Vec::new() };
    let Ok(part) = Part::new(root, &lock.name, controllers.to_vec()) else { return Vec::new() };
    let given: Vec<Controller> =
        controllers.iter().copied().filter(|&c| part.set(c, Limit::Probe).is_ok() && part.reads(c)).collect();
    let group = Cgroup { parts: vec![part], lock };
    let mut command = Command::new("true");
    group.enter_on_exec(&mut command);
    if command.status().is_ok_and(|s| s.success()) { given } else { Vec::new() }
}

/// What is written to a controller's limit.
#[derive(Clone, Copy, Debug)]
enum Limit {
    /// What a probe writes: no limit, to see that it can be written.
    Probe,
    /// Processes at once.
    Processes(u32),
    /// Bytes of memory, with no swap beside them.
    Bytes(u64),
}

/// A run's group in one hierarchy.
#[derive(Debug)]
struct Part {
    dir: PathBuf,
    v2: bool,
    controllers: Vec<Controller>,
    procs: File,
}

impl Part {
    /// Makes `root/<name>`; dropping it removes it.
    fn new(root: &Root, name: &str, controllers: Vec<Controller>) -> io::Result<Part> {
        let dir = root.dir.join(name);
        fs::create_dir(&dir)?;
        match File::options().write(true).open(dir.join("cgroup.procs")) {
            Ok(procs) => Ok(Part { dir, v2: root.v2, controllers, procs }),
            Err(e) => {
                let _ = fs::remove_dir(&dir);
                Err(e)
            }
        }
    }

    fn write(&self, file: &str, value: &str) -> io::Result<()> {
        fs::write(self.dir.join(file), value)
    }

    fn read(&self, file: &str) -> Option<String> {
        fs::read_to_string(self.dir.join(file)).ok()
    }

    /// Sets `controller`'s limit. Swap is refused where the kernel lets `labs` say so (v1
    /// counts memory and swap together in `memsw`, which a kernel without swap accounting
    /// lacks), so that a limit is not doubled by swapping.
    fn set(&self, controller: Controller, limit: Limit) -> io::Result<()> {
        match (controller, limit, self.v2) {
            (Controller::Pids, Limit::Probe, _) => self.write("pids.max", "max"),
            (Controller::Pids, Limit::Processes(max), _) => self.write("pids.max", &max.to_string()),
            (Controller::Memory, Limit::Probe, false) => self.write("memory.limit_in_bytes", "-1"),
            (Controller::Memory, Limit::Probe, true) => self.write("memory.max", "max"),
            (Controller::Memory, Limit::Bytes(bytes), false) => {
                self.write("memory.limit_in_bytes", &bytes.to_string())?;
                let _ = self.write("memory.memsw.limit_in_bytes", &bytes.to_string());
                Ok(())
            }
            (Controller::Memory, Limit::Bytes(bytes), true) => {
                self.write("memory.max", &bytes.to_string())?;
                let _ = self.write("memory.swap.max", "0");
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Whether what the guard reads of `controller` is there to read.
    fn reads(&self, controller: Controller) -> bool {
        let file = match (controller, self.v2) {
            (Controller::Pids, _) => "pids.events",
            (Controller::Memory, false) => "memory.max_usage_in_bytes",
            (Controller::Memory, true) => "memory.peak",
            (Controller::Cpu, false) => "cpuacct.usage",
            (Controller::Cpu, true) => "cpu.stat",
        };
        self.dir.join(file).exists()
    }
}

impl Drop for Part {
    fn drop(&mut self) {
        // Its last processes may still be on their way out after SIGKILL.
        let started = Instant::now();
        while fs::remove_dir(&self.dir).is_err() && self.dir.exists() && started.elapsed() < Duration::from_secs(1) {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

/// One run's groups, one per hierarchy, and their lock file; dropping it removes them (once their
/// processes are gone), then the lock file.
#[derive(Debug)]
pub struct Cgroup {
    parts: Vec<Part>,
    lock: GroupLock,
}

impl Drop for Cgroup {
    fn drop(&mut self) {
        let mut gone = true;
        for part in self.parts.drain(..) {
            let dir = part.dir.clone();
            drop(part);
            gone &= !dir.exists();
        }
        // A group that outlived its second is the next sweep's: its lock file stays for it.
        self.lock.kept = !gone;
    }
}

impl Cgroup {
    /// Makes the run's groups, named after `tag` and claimed by a lock file, in every hierarchy
    /// that counts something here, with room for `processes` and `memory` bytes where they are
    /// given. `None` where no hierarchy can be used.
    pub fn new(roots: &Roots, tag: &str, processes: Option<u32>, memory: Option<u64>) -> io::Result<Option<Cgroup>> {
        if roots.dirs().is_empty() {
            return Ok(None);
        }
        let mut group = Cgroup { parts: Vec::new(), lock: GroupLock::new(&roots.locks, &format!("run-{tag}"))? };
        let parts = &mut group.parts;
        for controller in [Controller::Pids, Controller::Memory, Controller::Cpu] {
            let Some(root) = roots.get(controller) else { continue };
            let index = match parts.iter().position(|p| p.dir.parent() == Some(root.dir.as_path())) {
                Some(i) => i,
                None => {
                    parts.push(Part::new(root, &group.lock.name, Vec::new())?);
                    parts.len() - 1
                }
            };
            let part = &mut parts[index];
            part.controllers.push(controller);
            match (controller, processes, memory) {
                (Controller::Pids, Some(max), _) => part.set(controller, Limit::Processes(max))?,
                (Controller::Memory, _, Some(bytes)) => part.set(controller, Limit::Bytes(bytes))?,
                _ => {}
            }
        }
        Ok(Some(group))
    }

    fn part(&self, controller: Controller) -> Option<&Part> {
        self.parts.iter().find(|p| p.controllers.contains(&controller))
    }

    /// Makes `command`'s process enter these groups between `fork` and `exec`.
    pub fn enter_on_exec(&self, command: &mut Command) {
        let fds: Vec<RawFd> = self.parts.iter().map(|p| p.procs.as_raw_fd()).collect();
        // SAFETY: between fork and exec only async-signal-safe calls: getpid and write, over a
        // vector allocated before the fork.
        unsafe {
            command.pre_exec(move || fds.iter().try_for_each(|&fd| enter(fd)));
        }
    }

    /// How many `fork`s were refused for the cap (the `max` count of `pids.events`).
    pub fn refusals(&self) -> u64 {
        let events = self.part(Controller::Pids).and_then(|p| p.read("pids.events")).unwrap_or_default();
        events.lines().find_map(|l| l.strip_prefix("max ")).and_then(|k| k.trim().parse().ok()).unwrap_or(0)
    }

    /// How many processes the cap counts now (`pids.current`): zombies too, until reaped.
    pub fn counted(&self) -> u64 {
        let current = self.part(Controller::Pids).and_then(|p| p.read("pids.current")).unwrap_or_default();
        current.trim().parse().unwrap_or(0)
    }

    /// The process cap (`pids.max`); `u64::MAX` for none.
    pub fn cap(&self) -> u64 {
        let max = self.part(Controller::Pids).and_then(|p| p.read("pids.max")).unwrap_or_default();
        max.trim().parse().unwrap_or(u64::MAX)
    }

    /// How many of the processes (threads) the cap counts are alive: those listed in the pids
    /// group (v1 `tasks`, v2 `cgroup.threads`), which zombies have left, though the cap (its
    /// `pids.current`) counts them until they are reaped.
    pub fn alive(&self) -> u64 {
        let Some(part) = self.part(Controller::Pids) else { return 0 };
        let listed = part.read(if part.v2 { "cgroup.threads" } else { "tasks" }).unwrap_or_default();
        listed.lines().count() as u64
    }

    /// The CPU time of every process that was ever in the groups, if they count it.
    pub fn cpu(&self) -> Option<Duration> {
        let part = self.part(Controller::Cpu)?;
        if part.v2 {
            let stat = part.read("cpu.stat")?;
            let usec = stat.lines().find_map(|l| l.strip_prefix("usage_usec "))?.trim().parse().ok()?;
            Some(Duration::from_micros(usec))
        } else {
            Some(Duration::from_nanos(part.read("cpuacct.usage")?.trim().parse().ok()?))
        }
    }

    /// The peak of the memory the groups' processes held together, if they count it.
    pub fn peak_memory(&self) -> Option<u64> {
        let part = self.part(Controller::Memory)?;
        part.read(if part.v2 { "memory.peak" } else { "memory.max_usage_in_bytes" })?.trim().parse().ok()
    }

    /// Whether the kernel killed a process of the groups for their memory limit (the
    /// `oom_kill` count of v1's `memory.oom_control`, v2's `memory.events`).
    pub fn out_of_memory(&self) -> bool {
        let Some(part) = self.part(Controller::Memory) else { return false };
        let events = part.read(if part.v2 { "memory.events" } else { "memory.oom_control" }).unwrap_or_default();
        events.lines().any(|l| l.strip_prefix("oom_kill ").is_some_and(|k| k.trim() != "0"))
    }

    /// Whether `pid` is in these groups now (as its `/proc/<pid>/cgroup` says).
    pub fn holds(&self, pid: i32) -> bool {
        let Some(name) = self.parts.first().and_then(|p| p.dir.file_name()) else { return false };
        let groups = fs::read_to_string(format!("/proc/{pid}/cgroup")).unwrap_or_default();
        groups.lines().filter_map(|l| l.rsplit_once('/')).any(|(_, last)| last == name)
    }

    /// The processes in the groups now.
    pub fn pids(&self) -> Vec<i32> {
        let mut pids: Vec<i32> = self.parts.iter().flat_map(|p| procs(&p.dir)).collect();
        pids.sort_unstable();
        pids.dedup();
        pids
    }
}

/// The processes in the group at `dir`.
fn procs(dir: &Path) -> Vec<i32> {
    let procs = fs::read_to_string(dir.join("cgroup.procs")).unwrap_or_default();
    procs.split_ascii_whitespace().filter_map(|p| p.parse().ok()).collect()
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{BuildHasher, Hasher, RandomState};

    /// A hierarchy of the test's own: a group made below the first one this machine gives runs (so
    /// that an aged sweep reaches no other `labs`'s groups on the machine), with the lock files in
    /// `locks`; `None` (said) where there is none: not root, and no delegated cgroup v2 subtree.
    fn roots_with(locks: &Path) -> Option<(Roots, Own)> {
        let found = probe();
        let Some(root) = found.pids.clone().or(found.memory.clone()).or(found.cpu.clone()) else {
            eprintln!("cgroup sweep: SKIPPED, no cgroup can be made here (not root, no delegated subtree)");
            return None;
        };
        let dir = root.dir.join(format!("labs-test-{:016x}", RandomState::new().build_hasher().finish()));
        fs::create_dir(&dir).unwrap();
        if root.v2 {
            let _ = fs::write(dir.join("cgroup.subtree_control"), "+pids");
        }
        let own = Root { dir: dir.clone(), v2: root.v2 };
        Some((Roots { pids: Some(own), memory: None, cpu: None, locks: locks.to_path_buf() }, Own(dir)))
    }

    /// The test's hierarchy, removed after it.
    struct Own(PathBuf);

    impl Drop for Own {
        fn drop(&mut self) {
            remove(&self.0);
        }
    }

    /// A group as a `labs` killed with SIGKILL leaves it, in the test's hierarchy, with a lock file
    /// no one holds if `lock_file`. (No process in it: the other tests' guards take every child of
    /// this process for theirs; `what_a_labs_killed_during_a_build_left_is_removed_by_the_next`
    /// sees a killed labs's run killed with its group.)
    fn left_behind(roots: &Roots, what: &str, lock_file: bool) -> PathBuf {
        let name = format!("{}{what}-{:016x}", scratch::PREFIX, RandomState::new().build_hasher().finish());
        let dir = roots.dirs()[0].join(&name);
        fs::create_dir(&dir).unwrap();
        if lock_file {
            fs::write(roots.locks.join(format!("{name}.{LOCK}")), "").unwrap();
        }
        dir
    }

    #[test]
    fn a_held_group_is_kept_a_free_one_removed_and_one_without_a_lock_file_only_when_old() {
        let locks = tempfile::tempdir().unwrap();
        let Some((roots, _own)) = roots_with(locks.path()) else { return };
        let held = Cgroup::new(&roots, "test-held", Some(16), None).unwrap().unwrap();
        let free = left_behind(&roots, "run-test-free", true);
        let old = left_behind(&roots, "run-test-old", false);
        let held_dir = held.parts[0].dir.clone();
        sweep(&roots);
        assert!(!free.exists(), "a group whose lock no one held stayed");
        assert!(!roots.locks.join(format!("{}.{LOCK}", free.file_name().unwrap().to_str().unwrap())).exists());
        assert!(held_dir.exists(), "a held group went");
        assert!(old.exists(), "a fresh group with no lock file went");
        // A day on, the one with no lock file goes too; the held one never.
        sweep_at(&roots, SystemTime::now() + crate::facts::LEFTOVER_AGE + Duration::from_secs(60));
        assert!(!old.exists(), "an old group with no lock file stayed");
        assert!(held_dir.exists(), "a held group went");
        let lock = held.lock.path.clone();
        drop(held);
        assert!(!held_dir.exists() && !lock.exists(), "a run's groups or lock file stayed after it");
    }
}
