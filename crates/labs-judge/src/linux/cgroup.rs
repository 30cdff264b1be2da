//! A run's control groups: the kernel's count of everything the run's processes do, which they
//! cannot leave or lie to.
//!
//! Where this machine lets `labs` make child cgroups (as root on a cgroup v1 or v2 hierarchy, or
//! in a delegated v2 subtree), every run gets one in each hierarchy that has a controller it
//! uses, all named `labs-judge-<tag>`, and the program is moved into them between `fork` and
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
//! Each is probed once per `labs` process ([`roots`]); where one cannot be had (a student's
//! laptop, as a normal user), the guard does without it and the report says which guarantee
//! does not hold ([`super::guarantees`]). The groups are removed once the run is over, and those
//! of `labs` processes that died without a chance to (SIGKILL) by the next `labs`.

use std::fs::{self, File};
use std::io;
use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

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
}

/// Where runs get their groups here: probed (once, by the caller's
/// [`Host`](crate::host::Host)) by making a child group in each candidate hierarchy,
/// setting what it must set there, and moving a `true` into it.
pub fn probe() -> Roots {
    let mut roots = Roots::default();
    for (root, controllers) in candidates() {
        let working = works(&root, &controllers);
        for controller in working {
            let slot = match controller {
                Controller::Pids => &mut roots.pids,
                Controller::Memory => &mut roots.memory,
                Controller::Cpu => &mut roots.cpu,
            };
            if slot.is_none() {
                remove_stale(&root.dir);
                *slot = Some(root.clone());
            }
        }
    }
    roots
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
            for pid in procs(&group) {
                if let Some(pid) = rustix::process::Pid::from_raw(pid) {
                    let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
                }
            }
            std::thread::sleep(Duration::from_millis(5));
        }
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
fn works(root: &Root, controllers: &[Controller]) -> Vec<Controller> {
    let name = format!("probe-{}", std::process::id());
    let Ok(part) = Part::new(root, &name, controllers.to_vec()) else { return Vec::new() };
    let given: Vec<Controller> =
        controllers.iter().copied().filter(|&c| part.set(c, Limit::Probe).is_ok() && part.reads(c)).collect();
    let group = Cgroup { parts: vec![part] };
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
    /// Makes `root/labs-judge-<name>`; dropping it removes it.
    fn new(root: &Root, name: &str, controllers: Vec<Controller>) -> io::Result<Part> {
        let dir = root.dir.join(format!("labs-judge-{name}"));
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

/// One run's groups, one per hierarchy; dropping it removes them (once their processes are gone).
#[derive(Debug)]
pub struct Cgroup {
    parts: Vec<Part>,
}

impl Cgroup {
    /// Makes the run's groups, named after `tag`, in every hierarchy that counts something
    /// here, with room for `processes` and `memory` bytes where they are given. `None` where no
    /// hierarchy can be used.
    pub fn new(roots: &Roots, tag: &str, processes: Option<u32>, memory: Option<u64>) -> io::Result<Option<Cgroup>> {
        let mut parts: Vec<Part> = Vec::new();
        for controller in [Controller::Pids, Controller::Memory, Controller::Cpu] {
            let Some(root) = roots.get(controller) else { continue };
            let index = match parts.iter().position(|p| p.dir.parent() == Some(root.dir.as_path())) {
                Some(i) => i,
                None => {
                    parts.push(Part::new(root, tag, Vec::new())?);
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
        Ok((!parts.is_empty()).then_some(Cgroup { parts }))
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
