//! The Linux backend of [`crate::process`]: one [`Guard`] owns a program and everything it
//! starts, and every limit is the guard's to enforce.
//!
//! The program is started directly (no shell) in a process group of its own, with
//! `RLIMIT_AS` set to the memory limit and core dumps off, before `exec`. `labs` makes itself a
//! *child subreaper* (`PR_SET_CHILD_SUBREAPER`, [`take_charge`], in its `main`), so a descendant that leaves the group or the
//! session (`setsid`, a double fork) is reparented to `labs` instead of init, and can still be
//! found. Its environment is [`crate::process::environment`], with one addition: a tag (`LABS_JUDGE_RUN`,
//! `labs`'s pid and a count, nothing secret) in every process started for a run, so that two
//! guards in one process (a grader's threads) tell their orphans apart. Every descriptor of
//! `labs` but 0, 1 and 2 is closed on `exec`. Killing is a loop: the group (once the program has
//! ended, before it is reaped, while its pid is still the group's: one signal, which no fork
//! outruns), then every process found below the program or reparented to us, until a walk of
//! `/proc` finds none alive; the dead are reaped, their CPU time and peak memory added to the
//! run's. Orphans that end while the run goes on are reaped as they come, as init would.
//!
//! One thread does all the waiting, with `poll(2)`: the program's stdout and stderr, its stdin,
//! a pidfd that becomes readable when it exits, and the wake descriptor of the caller's
//! [`StopHandle`] (in `labs`, the self-pipe its signal handler writes to). So the output cap is
//! decided on bytes already read (never by a reader that has not finished yet), the time limit
//! bounds the whole run, output collection included (limit plus [`Limits::grace`]), and a stop
//! ends the run with everything it started at once.
//!
//! Each run gets cgroups of its own where they can be made ([`cgroup`]): a pids group holds the
//! process cap ([`Limits::processes`]; the guard ends the run at the first `fork` it refused), a
//! memory group the memory limit for the whole run (each process's `RLIMIT_AS` stays too), and
//! the CPU time of the run comes from its cpu group, killed or not.
//!
//! The time limit is on CPU time: the cpu group's, else the sum over the run's processes of what
//! `/proc/<pid>/stat` says they and their reaped children used, plus what the guard reaped,
//! looked at every few milliseconds; the wall-clock bound beside it is [`Limits::wall`].
//!
//! A submission's program ([`Program::untrusted`]) gets less: when `labs` runs as root, it starts
//! as its job slot's user ([`Program::user`], claimed by [`slot`]), else `nobody`, with no groups
//! and no new privileges ([`runs_as_nobody`]; the sandbox does the same inside), and a seccomp
//! filter ([`seccomp`]) keeps it, and its build, from the kernel's keyrings, which outlive a run,
//! and from making user namespaces.
//!
//! The sandbox, bubblewrap ([`bubblewrap`]), fits around [`Program::argv`]: the guard neither
//! knows nor cares what the first word of the command is.

mod bubblewrap;
mod cgroup;
mod file;
mod image;
mod seccomp;
mod slot;

pub(crate) use bubblewrap::{process_cap, sandbox};
pub(crate) use file::{OpenFolder, open_foreign, open_lock, private_dir};
pub(crate) use image::image_bytes;
pub(crate) use slot::{Claim, claim};

/// What this backend finds here once, for a [`Host`](crate::host::Host): where runs get
/// cgroups, whether pidfds work, whether root's runs drop to another user (a slot's, or
/// [`NOBODY`]).
#[derive(Debug)]
pub struct Probe {
    roots: cgroup::Roots,
    pidfds: bool,
    nobody: bool,
    /// Whether runs' stacks can grow to the memory limit ([`stack_can_grow`]).
    stack: bool,
}

/// Probes the cgroups (making a group in each candidate hierarchy), pidfds and the user map.
pub(crate) fn probe() -> Probe {
    let pidfds = process::pidfd_open(process::getpid(), process::PidfdFlags::empty()).is_ok();
    Probe { roots: cgroup::probe(), pidfds, nobody: drops_to_nobody(), stack: stack_can_grow() }
}

use crate::host::Host;
use crate::process::{
    Backend, CONTROLLERS, Captured, Ended, Guarantees, Kernel, Limits, Program, Run, Running, Signal, Spool, Stop,
    StopHandle, Usage, supervise,
};
use crate::slot::User;
use crate::system::System;
use cgroup::{Cgroup, Controller};
use rustix::event::{self, PollFd, PollFlags, Timespec};
use rustix::process::{self, Resource, Rlimit};
use std::collections::HashSet;
use std::fs;
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// What a [`StopHandle`] hands this backend's `poll`: a descriptor readable once a stop came.
pub type Wake<'a> = BorrowedFd<'a>;

/// The environment variable that tags every process of one run.
const TAG: &str = "LABS_JUDGE_RUN";

/// What this process has in its charge ([`crate::process::Charge`]): the pids of the programs
/// live guards own, which no other guard may reap or kill, and a count of the runs started, whose
/// tags must be unique among all of this process's runs.
#[derive(Debug, Default)]
pub(crate) struct Held {
    owned: Mutex<HashSet<i32>>,
    runs: AtomicU64,
}

impl Held {
    /// The owned pids, locked. A guard that panicked holding them left the set as it was: still
    /// the truth, so poison is ignored.
    fn owned(&self) -> MutexGuard<'_, HashSet<i32>> {
        self.owned.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Makes this process the reaper of its orphans, and out of its runs' reach; see
/// [`crate::process::take_charge`].
pub(crate) fn take_charge() -> Held {
    // Without it (a kernel before 3.4, or a caller that did not ask), orphans go to init and only
    // the group is killed.
    let _ = process::set_child_subreaper(Some(process::getpid()));
    // Not dumpable: a run of the same user (labs run by a user, out of the sandbox) can then
    // neither ptrace this process nor open its `/proc/<pid>/mem`, `environ`, `fd/` or `fdinfo/`,
    // nor take a descriptor with `pidfd_getfd`: the kernel asks for CAP_SYS_PTRACE, which no run
    // has. A run gets its own dumpability back at its `exec`, so the judge still reads its
    // `/proc/<pid>/` files. It fails only where `prctl` does not exist, which Linux has had since
    // 2.3.20.
    let _ = process::set_dumpable_behavior(process::DumpableBehavior::NotDumpable);
    Held::default()
}

/// The one owner of a running program and of everything it starts. Dropping it kills them all.
#[derive(Debug)]
struct Guard {
    pid: i32,
    tag: String,
    /// What the process has in its charge: the pids every guard owns.
    charge: Arc<Held>,
    pidfd: Option<OwnedFd>,
    reaped: bool,
    /// Everything ever found in the tree, so that an orphan is known after its parent died.
    seen: HashSet<i32>,
    usage: Usage,
    /// The CPU time and the largest resident set last seen of the processes still running.
    seen_usage: Usage,
    /// The run's cgroups, where they can be made; removed after the guard ends.
    cgroup: Option<Cgroup>,
    /// In the sandbox, the process that becomes the program, whose wait status is the program's.
    inner: Inner,
    /// The processes alive when the program ended, found before its group was killed: the
    /// next [`Guard::kill_all`] counts them with those it kills.
    left_running: HashSet<i32>,
    /// How many refusals of the pids group [`Guard::examine_refusals`] has looked at.
    refusals_examined: u64,
    /// One of them was for the program's processes: the run is over the process cap.
    over_cap: bool,
    /// How many of the run's processes the last [`Guard::kill_all`] left alive.
    outran: usize,
}

/// The process inside a sandbox that execs the program ([`Program::stops_before_exec`]).
#[derive(Debug)]
enum Inner {
    /// No sandbox: the guard's child is the program.
    Absent,
    /// Not found stopped yet.
    Stopping,
    /// Found stopped, pinned by this pidfd, and continued.
    Pinned(OwnedFd),
}

impl Guard {
    /// Starts `program` with piped stdin (if `input`), stdout and stderr, under the memory limit
    /// and the process cap of `limits`.
    fn spawn(
        program: &Program,
        input: bool,
        limits: &Limits,
        host: &Host,
    ) -> io::Result<(Guard, Option<OwnedFd>, OwnedFd, OwnedFd)> {
        // Counted by the process's charge, which every host shares: a tag must be unique among
        // all this process's runs, whichever host started them, for a guard to tell its orphans
        // from another's.
        let charge = Arc::clone(&host.charge);
        let tag = format!("{}-{}", std::process::id(), charge.runs.fetch_add(1, Ordering::Relaxed));
        // A JVM's memory beyond its heap (which `-Xmx` limits) counts in the run's group too.
        let together = limits.memory.map(|bytes| program.memory_together(bytes));
        let cgroup = Cgroup::new(&host.backend.roots, &tag, limits.processes, together)?;
        let mut command = crate::process::command(program, input);
        command.env(TAG, &tag);
        if let Some(group) = &cgroup {
            group.enter_on_exec(&mut command);
        }
        // Root's runs and builds as their slot's user, else nobody, with no groups (std drops
        // root's when it sets the user), in the child before the steps below: the death signal,
        // which a change of user clears, is set after it.
        let root = process::geteuid().is_root();
        let unprivileged = program.untrusted && host.backend.nobody && !program.own_pid_namespace;
        // No keyrings for a submission, in every mode, and no user namespaces: a non-root user's
        // sandbox is bwrap's, which makes one and bounds them itself (`--disable-userns`); root's
        // and no sandbox are the filter's.
        let user_namespaces = root || !program.own_pid_namespace;
        let filter = program.untrusted.then(|| seccomp::Filter::new(user_namespaces));
        if unprivileged {
            let id = user_id(program.user);
            command.uid(id).gid(id);
        }
        let address_space = limits.memory.filter(|_| program.limit_address_space);
        let file_size = limits.file_size;
        // SAFETY: between fork and exec only system calls, which are async-signal-safe:
        // close_range (or fcntl), setsid, setrlimit, sigaction and prctl, through rustix or libc,
        // which neither allocate nor lock for them.
        unsafe {
            command.pre_exec(move || {
                close_on_exec_from(3);
                // A session of its own, so no controlling terminal to write to, and a process
                // group of its own (its id the program's pid) that one signal reaches.
                process::setsid()?;
                let _ = process::setrlimit(Resource::Core, Rlimit { current: Some(0), maximum: Some(0) });
                stack_within_memory();
                if let Some(bytes) = address_space {
                    process::setrlimit(Resource::As, Rlimit { current: Some(bytes), maximum: Some(bytes) })?;
                }
                if let Some(bytes) = file_size {
                    process::setrlimit(Resource::Fsize, Rlimit { current: Some(bytes), maximum: Some(bytes) })?;
                    // A write past it then fails with EFBIG, which a compiler reports, instead
                    // of killing it with a signal that would read as the machine's failure.
                    libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
                }
                // If `labs` dies without a chance to clean up (SIGKILL), so does the program.
                process::set_parent_process_death_signal(Some(process::Signal::KILL))?;
                // Nobody stays nobody: a set-user-ID file is no way back. (A filter needs it too,
                // but from root, whose bwrap it would bind.)
                if (unprivileged || filter.is_some() && !root)
                    && libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0
                {
                    return Err(io::Error::last_os_error());
                }
                if let Some(filter) = &filter {
                    filter.install()?;
                }
                Ok(())
            });
        }
        let mut owned_pids = charge.owned();
        let mut child = command.spawn()?;
        let pid = child.id() as i32;
        owned_pids.insert(pid);
        drop(owned_pids);
        // None on a kernel before 5.3: the program's end is then noticed at the next tick.
        let pidfd = process::pidfd_open(as_pid(pid), process::PidfdFlags::empty()).ok();
        let guard = Guard {
            pid,
            tag,
            charge,
            pidfd,
            reaped: false,
            seen: HashSet::new(),
            usage: Usage::default(),
            seen_usage: Usage::default(),
            cgroup,
            inner: if program.stops_before_exec { Inner::Stopping } else { Inner::Absent },
            left_running: HashSet::new(),
            outran: 0,
            refusals_examined: 0,
            over_cap: false,
        };
        let stdin = child.stdin.take().map(OwnedFd::from);
        let stdout = OwnedFd::from(child.stdout.take().expect("stdout is piped"));
        let stderr = OwnedFd::from(child.stderr.take().expect("stderr is piped"));
        Ok((guard, stdin, stdout, stderr))
    }

    /// Finds the sandbox's process that stopped itself before it execs the program, pins it with
    /// a pidfd and lets it go on. Until then nothing of the program has run.
    fn pin(&mut self) {
        if !matches!(self.inner, Inner::Stopping) {
            return;
        }
        for (pid, seen) in self.tree() {
            let Ok(pidfd) = process::pidfd_open(as_pid(pid), process::PidfdFlags::empty()) else { continue };
            // Still the stopped process the walk found, now that the pidfd holds it.
            if seen.stopped && state(pid).is_some_and(|now| now.stopped && now.start == seen.start) {
                let _ = process::pidfd_send_signal(&pidfd, process::Signal::CONT);
                self.inner = Inner::Pinned(pidfd);
                return;
            }
        }
    }

    /// How the program ended, from the wait status of the guard's child: in the sandbox, the
    /// program's own status where the kernel keeps it for its pidfd, else bwrap's reading.
    fn ending(&self, status: libc::c_int) -> Ended {
        match &self.inner {
            Inner::Absent => ending(status),
            Inner::Pinned(pidfd) if let Some(own) = exit_status(pidfd.as_fd()) => ending(own),
            _ => bubblewrap::ending(ending(status)),
        }
    }

    /// Reaps the program if it has ended, with its wait status.
    fn try_reap(&mut self) -> io::Result<Option<libc::c_int>> {
        if self.reaped {
            return Ok(None);
        }
        // Its group goes with it, while its pid (the group's id) is still its own, unreaped: one
        // signal reaches every process that stayed in the group, and a fork racing with it too,
        // which no walk of `/proc` could promise (fork chains outran the walk without a cgroup).
        // What was alive then is what it left running. Its end is asked with WNOWAIT, which
        // leaves it unreaped (a look at `/proc` before `wait4` let it end between the two).
        let options = process::WaitIdOptions::EXITED | process::WaitIdOptions::NOHANG | process::WaitIdOptions::NOWAIT;
        if process::waitid(process::WaitId::Pid(as_pid(self.pid)), options)?.is_none() {
            return Ok(None);
        }
        let tree = self.tree();
        let alive = tree.iter().filter(|(pid, s)| *pid != self.pid && !s.zombie && !namespace_init(*pid));
        self.left_running.extend(alive.map(|&(pid, _)| pid));
        let _ = process::kill_process_group(as_pid(self.pid), process::Signal::KILL);
        match reap(self.pid)? {
            None => Ok(None),
            Some((status, usage)) => {
                self.reaped = true;
                self.add(usage);
                self.charge.owned().remove(&self.pid);
                Ok(Some(status))
            }
        }
    }

    fn add(&mut self, usage: Usage) {
        self.usage.cpu += usage.cpu;
        self.usage.peak_memory = self.usage.peak_memory.max(usage.peak_memory);
    }

    /// Kills the program and every process it started, wherever they went, and reaps those that
    /// are ours to reap; returns how many processes other than the program were killed.
    fn kill_all(&mut self) -> usize {
        self.examine_refusals();
        if !self.reaped {
            // The group first: one signal reaches everything that stayed in it. The program is
            // not reaped yet, so its pid (the group's id) cannot belong to anyone else.
            let _ = process::kill_process_group(as_pid(self.pid), process::Signal::KILL);
        }
        let started = Instant::now();
        let mut killed = std::mem::take(&mut self.left_running);
        // Bounded, so that not even a fork bomb outrunning the walk can hang the judge; what is
        // still alive then is said, never claimed killed.
        let mut alive = 0;
        while started.elapsed() < Duration::from_secs(2) {
            // Whatever the cgroup holds is this run's too, wherever it went in the tree.
            if let Some(group) = &self.cgroup {
                for pid in group.pids() {
                    let alive = state(pid).is_some_and(|s| !s.zombie);
                    if pid != self.pid && alive && !namespace_init(pid) && killed.insert(pid) {
                        kill_if(pid, || group.holds(pid));
                    }
                }
            }
            let tree = self.tree();
            alive = 0;
            // A process that ended since the last walk may have handed a child to us between
            // this walk's reads (a chain of forks, each exiting as its child starts), so a walk
            // is the last only if it found nothing alive and nothing newly dead.
            let mut reaped = 0;
            for &(pid, seen) in &tree {
                if pid == self.pid {
                    if !seen.zombie {
                        alive += 1;
                        // The program's pid stays ours until we reap it.
                        let _ = process::kill_process(as_pid(pid), process::Signal::KILL);
                    }
                    continue;
                }
                self.seen.insert(pid);
                if seen.zombie {
                    // Ours to reap if it was reparented to us; otherwise its parent's. One that
                    // died of SIGKILL was alive when the run's group or a walk killed it (a link
                    // of a chain that no walk saw alive): it was left running too.
                    if let Ok(Some((status, usage))) = reap(pid) {
                        self.add(usage);
                        reaped += 1;
                        if libc::WIFSIGNALED(status) && libc::WTERMSIG(status) == libc::SIGKILL {
                            killed.insert(pid);
                        }
                    }
                } else {
                    alive += 1;
                    // A sandbox's PID namespace outlives the program by a moment: its init, not
                    // something the program left (it cannot make a namespace of its own).
                    if !namespace_init(pid) {
                        killed.insert(pid);
                    }
                    // Still the process the walk found: the same parent, started at the same time.
                    kill_if(pid, || state(pid).is_some_and(|now| now.parent == seen.parent && now.start == seen.start));
                }
            }
            if alive == 0 && reaped == 0 {
                break;
            }
            std::thread::sleep(Duration::from_micros(200));
        }
        self.outran = alive;
        killed.len()
    }

    /// Every process of this run now, with what `/proc` says of it. The program, what is below
    /// it, and what was reparented to us from it, with what is below those.
    fn tree(&self) -> Vec<(i32, Stat)> {
        let me = std::process::id() as i32;
        // Held while the children are listed: a guard spawns its program under this lock, so no
        // child seen here is between its fork and its entry in the set. Such a child still has
        // labs's environment, with no tag, and would be taken for an orphan of this run that
        // cleared its own (under `grade --jobs 2`, one run killed the other's as it started).
        let owned = self.charge.owned();
        // The tag is the program's own memory, which it may rewrite: it decides only between
        // guards. With no other guard's program alive, every orphan of ours is this run's.
        let alone = owned.iter().all(|&pid| pid == self.pid);
        let mut roots: Vec<i32> = children(me)
            .into_iter()
            .filter(|&pid| {
                if pid == self.pid {
                    return !self.reaped;
                }
                if owned.contains(&pid) {
                    return false;
                }
                // The tag is read only when it must be: reading a process's environment waits
                // for its memory map, which a process that forks without end holds most of the
                // time (the guard stalled for most of a second on one, its orphans unreaped).
                self.seen.contains(&pid)
                    || alone
                    || match tag_of(pid) {
                        Some(tag) => tag == self.tag,
                        // No tag to read: a zombie, or a program that cleared its environment.
                        // Nothing but guards starts children of ours, so it is one of them.
                        None => true,
                    }
            })
            .collect();
        drop(owned);
        let mut found = Vec::new();
        let mut visited = HashSet::new();
        while let Some(pid) = roots.pop() {
            if !visited.insert(pid) {
                continue;
            }
            let Some(stat) = state(pid) else { continue };
            found.push((pid, stat));
            roots.extend(children(pid));
        }
        found
    }

    /// Reaps the run's processes that ended after their parent did, reparented to `labs` (the
    /// subreaper), as init would at once: until then each still holds a pid and counts in the
    /// run's pids cgroup, so a fork chain (each process forks the next and exits) reached the
    /// process cap with two processes alive at a time and was judged as too many at once.
    /// Only while the group counts more than it has alive, so that nothing is reaped where
    /// nothing of the run waits: `labs` used as a library (the tests) has children of its own.
    /// Whether it reaped any.
    fn reap_orphans(&mut self) -> bool {
        self.examine_refusals();
        if self.cgroup.as_ref().is_none_or(|group| group.counted() <= group.alive()) {
            return false;
        }
        let me = std::process::id() as i32;
        let mut reaped = false;
        for (pid, stat) in self.tree() {
            if pid != self.pid
                && stat.zombie
                && stat.parent == me
                && let Ok(Some((_, usage))) = reap(pid)
            {
                self.seen.insert(pid);
                self.add(usage);
                reaped = true;
            }
        }
        reaped
    }

    /// Whether the program or one of its processes was refused a `fork` for the process cap.
    fn over_process_cap(&mut self) -> bool {
        self.examine_refusals();
        self.over_cap
    }

    /// Decides whether the `fork`s the pids group refused since the last look were refused for
    /// the program's processes, before anything that could change the answer (a kill, a reap).
    /// The group counts zombies until their parent reaps them, and the orphans of a fork chain
    /// (each process forks the next and exits) wait for `labs` or the sandbox's init, which a
    /// loaded machine may not run in time: the cap was then reached by processes that ended,
    /// two alive at a time. So a refusal is the program's only if at least half the cap is
    /// still alive when the guard looks; else the program goes on, as under an init that keeps up.
    fn examine_refusals(&mut self) {
        let Some(group) = &self.cgroup else { return };
        let refusals = group.refusals();
        if self.over_cap || refusals <= self.refusals_examined {
            return;
        }
        self.refusals_examined = refusals;
        self.over_cap = group.alive() * 2 >= group.cap();
    }

    /// The CPU time of the run so far: its cpu group's, else what the guard reaped and what
    /// `/proc` says the processes still in its tree and the children they reaped used. Keeps
    /// what it saw, for [`Guard::end`]: processes that the sandbox's init reaps, not the guard.
    fn cpu(&mut self) -> Duration {
        if let Some(cpu) = self.cgroup.as_ref().and_then(Cgroup::cpu) {
            return cpu;
        }
        let tree = self.tree();
        let ticks: u64 = tree.iter().map(|(_, stat)| stat.ticks).sum();
        let running = Duration::from_secs_f64(ticks as f64 / clock_ticks() as f64);
        let resident = tree.iter().map(|(_, stat)| stat.resident).max().unwrap_or(0);
        self.seen_usage.cpu = self.seen_usage.cpu.max(self.usage.cpu + running);
        self.seen_usage.peak_memory = self.seen_usage.peak_memory.max(resident * page_size());
        self.usage.cpu + running
    }

    /// Kills everything and reaps the program; the usage of the run, from its cgroups where it
    /// has them, else of every process reaped and what was seen of the others. Idempotent.
    fn end(&mut self) -> Usage {
        self.kill_all();
        // The program was sent SIGKILL: it ends at once, unless it is stuck in the kernel.
        let started = Instant::now();
        while !self.reaped && started.elapsed() < Duration::from_secs(2) {
            if self.try_reap().is_err() {
                break;
            }
            if !self.reaped {
                std::thread::sleep(Duration::from_micros(200));
            }
        }
        self.charge.owned().remove(&self.pid);
        let group = self.cgroup.as_ref();
        Usage {
            cpu: group.and_then(Cgroup::cpu).unwrap_or(self.usage.cpu.max(self.seen_usage.cpu)),
            peak_memory: (group.and_then(Cgroup::peak_memory))
                .unwrap_or(self.usage.peak_memory.max(self.seen_usage.peak_memory)),
        }
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        self.end();
    }
}

/// Marks every descriptor from `first` on close-on-exec, so that the program gets only its stdin,
/// stdout and stderr of what `labs` has open: `close_range(2)` (Linux 5.11), else one `fcntl` per
/// descriptor up to the limit. Async-signal-safe, for use between `fork` and `exec`.
fn close_on_exec_from(first: libc::c_int) {
    // SAFETY: close_range with CLOSE_RANGE_CLOEXEC only sets a flag on this process's descriptors.
    let done = unsafe {
        libc::syscall(libc::SYS_close_range, first as libc::c_uint, libc::c_uint::MAX, libc::CLOSE_RANGE_CLOEXEC)
    };
    if done == 0 {
        return;
    }
    // SAFETY: getrlimit fills in a local; fcntl on a number that is no descriptor fails harmlessly.
    unsafe {
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit);
        for fd in first..limit.rlim_cur.min(1 << 20) as libc::c_int {
            libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
        }
    }
}

/// The wait status of the process `pidfd` pins, once it has ended and been reaped by whichever
/// parent it had: `PIDFD_GET_INFO` with `PIDFD_INFO_EXIT`, Linux 6.15 and later; `None` before,
/// or while it runs.
fn exit_status(pidfd: BorrowedFd) -> Option<libc::c_int> {
    // SAFETY: pidfd_info is plain old data; zeroed, it asks for nothing but the mask set below.
    let mut info: libc::pidfd_info = unsafe { std::mem::zeroed() };
    info.mask = libc::PIDFD_INFO_EXIT as u64;
    // SAFETY: PIDFD_GET_INFO fills in at most the pidfd_info it is given, a local.
    let done = unsafe { libc::ioctl(pidfd.as_raw_fd(), libc::PIDFD_GET_INFO, &mut info) };
    (done == 0 && info.mask & libc::PIDFD_INFO_EXIT as u64 != 0).then_some(info.exit_code)
}

/// Reaps `pid` if it has ended, with its status and usage; `None` while it runs.
fn reap(pid: i32) -> io::Result<Option<(libc::c_int, Usage)>> {
    let mut status = 0;
    // SAFETY: rusage is plain old data that wait4 fills in.
    let mut rusage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 on one pid of ours, with valid pointers to locals.
    let got = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut rusage) };
    match got {
        0 => Ok(None),
        -1 => Err(io::Error::last_os_error()),
        _ => {
            let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
            let usage = Usage {
                cpu: time(rusage.ru_utime) + time(rusage.ru_stime),
                peak_memory: System::HERE.max_rss_bytes(rusage.ru_maxrss),
            };
            Ok(Some((status, usage)))
        }
    }
}

/// The children of `pid`, from every thread's `/proc/<pid>/task/<tid>/children`.
fn children(pid: i32) -> Vec<i32> {
    let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else { return Vec::new() };
    let mut out = Vec::new();
    for task in tasks.flatten() {
        if let Ok(text) = fs::read_to_string(task.path().join("children")) {
            out.extend(text.split_ascii_whitespace().filter_map(|p| p.parse::<i32>().ok()));
        }
    }
    out
}

/// What `/proc/<pid>/stat` says of a process: enough to know it again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stat {
    /// It has ended and waits to be reaped (or is being reaped).
    zombie: bool,
    /// It is stopped by a signal.
    stopped: bool,
    /// Its parent's pid.
    parent: i32,
    /// When it started, in clock ticks since boot: with the pid, who it is.
    start: u64,
    /// CPU time, its own and that of the children it reaped, in clock ticks.
    ticks: u64,
    /// Its resident set now, in pages.
    resident: u64,
}

/// What `/proc` says of `pid` now; `None` once it is gone.
fn state(pid: i32) -> Option<Stat> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name in parentheses may hold anything; the fields follow its last ')', from
    // the third (the state): the parent is the fourth, the CPU times the fourteenth to the
    // seventeenth, the start time the twenty-second, the resident set the twenty-fourth.
    let fields: Vec<&str> = stat[stat.rfind(')')? + 1..].split_ascii_whitespace().collect();
    let number = |field: usize| fields.get(field - 3)?.parse::<u64>().ok();
    Some(Stat {
        zombie: matches!(*fields.first()?, "Z" | "X"),
        stopped: *fields.first()? == "T",
        parent: fields.get(1)?.parse().ok()?,
        start: number(22)?,
        ticks: (14..=17).map(number).sum::<Option<u64>>()?,
        resident: number(24)?,
    })
}

/// Clock ticks a second, the unit of `/proc/<pid>/stat`'s times.
fn clock_ticks() -> u64 {
    // SAFETY: sysconf reads a constant of the system.
    (unsafe { libc::sysconf(libc::_SC_CLK_TCK) }).max(1) as u64
}

/// The size of a page, the unit of `/proc/<pid>/stat`'s resident set.
fn page_size() -> u64 {
    // SAFETY: sysconf reads a constant of the system.
    (unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).max(1) as u64
}

/// Sends SIGKILL to `pid` if it is still the process `same` recognises. The pid is pinned first
/// by a pidfd, so that what `same` checks is the process the signal reaches: a pid taken from
/// `/proc` may have ended and been given to another process since. Without pidfds (a kernel
/// before 5.3), the check and the signal are as close as they can be.
fn kill_if(pid: i32, same: impl Fn() -> bool) {
    match process::pidfd_open(as_pid(pid), process::PidfdFlags::empty()) {
        Ok(pidfd) if same() => {
            let _ = process::pidfd_send_signal(&pidfd, process::Signal::KILL);
        }
        Ok(_) => {}
        Err(rustix::io::Errno::NOSYS) if same() => {
            let _ = process::kill_process(as_pid(pid), process::Signal::KILL);
        }
        Err(_) => {}
    }
}

/// A pid from `/proc` or the kernel, which is never 0 or negative.
fn as_pid(pid: i32) -> process::Pid {
    process::Pid::from_raw(pid).expect("a process id is positive")
}

/// Whether `pid` is the init (pid 1) of a PID namespace below ours.
fn namespace_init(pid: i32) -> bool {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let nspid = status.lines().find_map(|l| l.strip_prefix("NSpid:")).unwrap_or("");
    let ids: Vec<&str> = nspid.split_ascii_whitespace().collect();
    ids.len() > 1 && ids.last() == Some(&"1")
}

/// The run tag in `pid`'s environment, if it can be read and has one.
fn tag_of(pid: i32) -> Option<String> {
    let environ = fs::read(format!("/proc/{pid}/environ")).ok()?;
    let prefix = format!("{TAG}=");
    environ
        .split(|&b| b == 0)
        .find_map(|var| var.strip_prefix(prefix.as_bytes()).map(|t| String::from_utf8_lossy(t).into_owned()))
}

/// Runs `program` under a [`Guard`], its pipes, its pidfd and the signal pipe served by one
/// `poll` loop; see [`crate::process::run`].
pub(crate) fn run(
    program: &Program,
    input: Option<Vec<u8>>,
    limits: &Limits,
    host: &Host,
    stop: &dyn StopHandle,
    spool: Option<Spool>,
) -> Result<Run, Stop> {
    // The clock starts before the spawn, so that the time an exec takes is the program's.
    let started = Instant::now();
    let (guard, stdin, stdout, stderr) = Guard::spawn(program, input.is_some(), limits, host)?;
    let pipes = Pipes::new(stdin.map(|fd| (fd, input.unwrap_or_default())), stdout, stderr, limits, spool)?;
    let mut supervised = Supervised { guard, pipes, orphans_due: started, stop };
    let run = supervise(&mut supervised, started, limits, program, stop)?;
    // Never pinned: the sandbox ended (or hung) before its first process stopped to become the
    // program, so nothing of the program ran and nothing it did is in the run.
    if matches!(supervised.guard.inner, Inner::Stopping) {
        return Err(Stop::SandboxFailed(last_line(&run.stderr).to_vec()));
    }
    Ok(run)
}

/// The last line of `bytes` that is not empty, without its line end.
fn last_line(bytes: &[u8]) -> &[u8] {
    bytes.split(|&b| b == b'\n').rfind(|line| !line.is_empty()).unwrap_or_default()
}

/// The guard and the pipes, waited for together.
struct Supervised<'a> {
    guard: Guard,
    pipes: Pipes,
    /// When the run's orphans are next looked for: not at every wake of a chatty program.
    orphans_due: Instant,
    /// Whose wake descriptor `poll` watches beside the pipes.
    stop: &'a dyn StopHandle,
}

impl Running for Supervised<'_> {
    fn reap(&mut self) -> io::Result<Option<Ended>> {
        Ok(self.guard.try_reap()?.map(|status| self.guard.ending(status)))
    }

    fn kill_all(&mut self) -> usize {
        self.guard.kill_all()
    }

    fn outran(&self) -> usize {
        self.guard.outran
    }

    fn over_process_cap(&mut self) -> bool {
        self.guard.over_process_cap()
    }

    fn cpu(&mut self) -> Option<Duration> {
        Some(self.guard.cpu())
    }

    fn out_of_memory(&self) -> bool {
        self.guard.cgroup.as_ref().is_some_and(Cgroup::out_of_memory)
    }

    fn wait(&mut self, until: Instant) -> io::Result<()> {
        self.guard.pin();
        let now = Instant::now();
        let mut orphans = false;
        if now >= self.orphans_due {
            orphans = self.guard.reap_orphans();
            self.orphans_due = now + if orphans { ORPHAN_TICK } else { CAP_TICK };
        }
        // A silent fork bomb wakes nobody: with a cgroup to watch, look at it every few ms; a
        // sandbox's first process that is about to stop, every millisecond until it has; while
        // orphans end (a fork chain), every millisecond, to reap them as fast as they come.
        let until = match &self.guard.inner {
            Inner::Stopping => until.min(now + PIN_TICK),
            _ if orphans => until.min(now + ORPHAN_TICK),
            _ if self.guard.cgroup.is_some() => until.min(now + CAP_TICK),
            _ => until,
        };
        let pidfd = self.guard.pidfd.as_ref().map(|fd| fd.as_fd()).filter(|_| !self.guard.reaped);
        self.pipes.wait(pidfd, self.stop.wake(), until.saturating_duration_since(now))
    }

    fn pipes_done(&self) -> bool {
        self.pipes.done()
    }

    fn captured(&mut self) -> &mut Captured {
        &mut self.pipes.captured
    }

    fn end(&mut self) -> Usage {
        self.guard.end()
    }
}

/// Lifts the stack's own limit, so that the stack grows until the memory limit stops it, as on a
/// judge that sets the stack to the memory limit, whatever `ulimit -s` the caller had (one deep
/// recursion was AC under `ulimit -s unlimited` and RE under 8 MiB: two TAs, two grades). Not the
/// memory limit itself: the C library gives each new thread a stack as large as `RLIMIT_STACK`,
/// and two of those do not fit in an address space of the same size (`pthread_create` failed
/// with `EAGAIN` under 256 MiB of each); without a limit it gives each 8 MiB. Where the caller's
/// hard limit is lower, which only root could lift, the stack gets all of it. Async-signal-safe:
/// two `setrlimit`s, one `getrlimit`.
fn stack_within_memory() {
    let unlimited = Rlimit { current: None, maximum: None };
    if process::setrlimit(Resource::Stack, unlimited).is_err() {
        let hard = process::getrlimit(Resource::Stack).maximum;
        let _ = process::setrlimit(Resource::Stack, Rlimit { current: hard, maximum: hard });
    }
}

/// Whether the stack's limit can be lifted in a run ([`stack_within_memory`]): its hard limit is
/// none, or `labs` may lift its own (root with `CAP_SYS_RESOURCE`), which the runs inherit, those
/// that run as another user included. Else (a shell's `ulimit -s 8192` sets the hard limit too)
/// the runs get the hard limit, and the report says the stack is not held.
fn stack_can_grow() -> bool {
    let now = process::getrlimit(Resource::Stack);
    now.maximum.is_none() || process::setrlimit(Resource::Stack, Rlimit { current: now.current, maximum: None }).is_ok()
}

/// The time limit is on CPU time: the cpu group's, or `/proc`'s sums.
pub(crate) const CPU_TIME: bool = true;

/// What this backend holds here: everything, but a memory limit for the run's processes
/// together where no memory cgroup can be made.
pub(crate) fn guarantees(probed: &Probe) -> Guarantees {
    Guarantees {
        backend: Backend::Linux,
        memory_limit: true,
        memory_counts_all: probed.roots.has(Controller::Memory),
        usage: true,
        cpu_time: CPU_TIME,
        escapes_caught: true,
        stack: probed.stack,
    }
}

/// Whether `pidfd_open` works (Linux 5.3 and later), and the cgroups runs get here.
pub(crate) fn kernel(probed: &Probe) -> Kernel {
    let controllers = [Controller::Pids, Controller::Memory, Controller::Cpu];
    let has = |c: &Controller| probed.roots.has(*c);
    let cgroups = controllers.into_iter().zip(CONTROLLERS).filter(|(c, _)| has(c)).map(|(_, name)| name).collect();
    Kernel { pidfds: Some(probed.pidfds), cgroups: Some(cgroups) }
}

/// The user and group root's runs and builds execute as, in the sandbox or not, when they have
/// no slot of their own ([`crate::slot`]): `nobody`.
const NOBODY: u32 = 65534;

/// The user and group id a program of `user`'s slot executes as when `labs` is root.
fn user_id(user: Option<User>) -> u32 {
    user.map_or(NOBODY, User::id)
}

/// Whether runs and builds out of the sandbox execute as another user than `labs` (their slot's,
/// else [`NOBODY`]), as [`probe`] found.
pub(crate) fn runs_as_nobody(probed: &Probe) -> bool {
    probed.nobody
}

/// Whether runs and builds out of the sandbox should execute as [`NOBODY`]: when `labs` runs as
/// root and nobody is a user here (`unshare -r` makes a root whose user namespace maps no one
/// else: root only there, whose runs keep its user).
fn drops_to_nobody() -> bool {
    process::geteuid().is_root() && mapped("/proc/self/uid_map", NOBODY) && mapped("/proc/self/gid_map", NOBODY)
}

/// Whether this process's user namespace maps `id`, as `map` (its `uid_map` or `gid_map`) says.
fn mapped(map: &str, id: u32) -> bool {
    let text = fs::read_to_string(map).unwrap_or_default();
    text.lines().any(|line| {
        let numbers: Vec<u64> = line.split_ascii_whitespace().filter_map(|n| n.parse().ok()).collect();
        matches!(numbers[..], [inside, _, count] if (inside..inside + count).contains(&u64::from(id)))
    })
}

/// Removes the cgroups under the hierarchies `probed` found that no live `labs` holds a lock on
/// ([`cgroup::sweep`]), what is still in them killed first.
pub(crate) fn sweep(probed: &Probe) {
    cgroup::sweep(&probed.roots);
}

/// Gives `dir` and everything below it (a Java package's folders, where javac writes its
/// classes) to the user root's runs and builds execute as (`user`'s slot's, else [`NOBODY`]) when
/// `labs` runs as root; see [`Host::give_to_runs`]. A link is given as itself and never followed
/// (the folder is labs's own, made by it, and holds none). A file it cannot take is left as it
/// is: the compiler or the run then says what failed.
///
/// The folder itself (made 0700, [`crate::scratch`]) stays in root's group and is made 0710:
/// the user has it whole, root's sandbox (bwrap, which keeps no capability to pass by a folder's
/// mode) may enter it to bind it, and no other user — another slot's runs — may even enter it.
pub(crate) fn give_to_runs(probed: &Probe, dir: &std::path::Path, user: Option<User>) {
    use std::os::unix::fs::PermissionsExt;
    if !probed.nobody {
        return;
    }
    let id = user_id(user);
    let _ = std::os::unix::fs::lchown(dir, Some(id), Some(process::getegid().as_raw()));
    let _ = fs::set_permissions(dir, fs::Permissions::from_mode(0o710));
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        let _ = std::os::unix::fs::lchown(&path, Some(id), Some(id));
        // `file_type` is the entry's own, a link's never its target's.
        if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            give_to_runs(probed, &path, user);
        }
    }
}

/// Takes `dir` and everything below it back from the runs' user once a build is done (see
/// [`Host::keep_from_runs`]): each file and folder root's again, in the group of `user`'s slot
/// (else [`NOBODY`]'s, whose runs execute as that group too), folders 0750, programs 0750, the
/// rest 0640. The runs read and execute what was built and can remove or change none of it: a
/// program that deleted its own build, out of the sandbox, would pass for the machine's failure.
pub(crate) fn keep_from_runs(probed: &Probe, dir: &std::path::Path, user: Option<User>) {
    use std::os::unix::fs::PermissionsExt;
    if !probed.nobody {
        return;
    }
    let (root, group) = (process::geteuid().as_raw(), user_id(user));
    let Ok(meta) = fs::symlink_metadata(dir) else { return };
    let _ = std::os::unix::fs::lchown(dir, Some(root), Some(group));
    if meta.file_type().is_symlink() {
        return;
    }
    let mode = match meta.is_dir() || meta.permissions().mode() & 0o100 != 0 {
        true => 0o750,
        false => 0o640,
    };
    let _ = fs::set_permissions(dir, fs::Permissions::from_mode(mode));
    if meta.is_dir() {
        for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
            keep_from_runs(probed, &entry.path(), user);
        }
    }
}

/// Whether process `pid` is one `labs` runs under: its parent, its parent's parent… up to the
/// first process (a shell, `timeout`, a CI runner; never one of the runs, which are below).
pub(crate) fn is_ancestor(pid: u32) -> bool {
    let mut ancestor = process::Pid::as_raw(process::getppid());
    // Up to the first process, whose parent is 0.
    while ancestor > 0 {
        if ancestor as u32 == pid {
            return true;
        }
        ancestor = state(ancestor).map_or(0, |stat| stat.parent);
    }
    false
}

/// `signal`'s number here.
pub(crate) fn signal_number(signal: Signal) -> i32 {
    match signal {
        Signal::Segv => libc::SIGSEGV,
        Signal::Bus => libc::SIGBUS,
        Signal::Abrt => libc::SIGABRT,
        Signal::Fpe => libc::SIGFPE,
        Signal::Kill => libc::SIGKILL,
    }
}

/// How often a run with a process cap is looked at while it is silent.
const CAP_TICK: Duration = Duration::from_millis(5);

/// How often a run is looked at while its orphans end, to reap them.
const ORPHAN_TICK: Duration = Duration::from_millis(1);

/// How often a sandbox is looked at until its first process has stopped to be pinned.
const PIN_TICK: Duration = Duration::from_millis(1);

/// How a wait status reads.
fn ending(status: libc::c_int) -> Ended {
    if libc::WIFEXITED(status) {
        Ended::Exited(libc::WEXITSTATUS(status))
    } else if libc::WIFSIGNALED(status) {
        Ended::Signalled(libc::WTERMSIG(status))
    } else {
        Ended::Exited(-1)
    }
}

/// The program's three pipes, served by `poll(2)` from one thread.
struct Pipes {
    stdin: Option<(fs::File, Vec<u8>, usize)>,
    out: Option<fs::File>,
    err: Option<fs::File>,
    captured: Captured,
}

impl Pipes {
    fn new(
        stdin: Option<(OwnedFd, Vec<u8>)>,
        stdout: OwnedFd,
        stderr: OwnedFd,
        limits: &Limits,
        spool: Option<Spool>,
    ) -> io::Result<Self> {
        for fd in [Some(&stdout), Some(&stderr), stdin.as_ref().map(|(fd, _)| fd)].into_iter().flatten() {
            nonblocking(fd.as_fd())?;
        }
        Ok(Pipes {
            stdin: stdin.map(|(fd, bytes)| (fs::File::from(fd), bytes, 0)),
            out: Some(fs::File::from(stdout)),
            err: Some(fs::File::from(stderr)),
            captured: Captured::new(limits).spooling(spool),
        })
    }

    /// Both output pipes are at their end (or stdout was closed at the cap).
    fn done(&self) -> bool {
        self.out.is_none() && self.err.is_none()
    }

    /// Waits up to `timeout` for any pipe, the pidfd or a stop (`wake`), then serves the pipes.
    fn wait(&mut self, pidfd: Option<BorrowedFd>, wake: Option<Wake>, timeout: Duration) -> io::Result<()> {
        let (readable, writable) = (PollFlags::IN, PollFlags::OUT);
        let watched = [
            (self.out.as_ref().map(|f| f.as_fd()), readable),
            (self.err.as_ref().map(|f| f.as_fd()), readable),
            (self.stdin.as_ref().map(|(f, _, _)| f.as_fd()), writable),
            (pidfd, readable),
            (wake, readable),
        ];
        let mut fds: Vec<PollFd> =
            watched.iter().filter_map(|&(fd, events)| fd.map(|fd| PollFd::from_borrowed_fd(fd, events))).collect();
        // Without a pidfd (an old kernel), the program's end is noticed at the next tick.
        let tick = if pidfd.is_some() { timeout } else { timeout.min(Duration::from_millis(2)) };
        // Rounded up to the millisecond, as poll(2) would.
        let tick = Duration::from_millis(tick.as_micros().div_ceil(1000).min(i32::MAX as u128) as u64);
        let tick = Timespec { tv_sec: tick.as_secs() as i64, tv_nsec: tick.subsec_nanos() as i64 };
        match event::poll(&mut fds, Some(&tick)) {
            Ok(_) => {}
            Err(rustix::io::Errno::INTR) => return Ok(()),
            Err(e) => return Err(e.into()),
        }
        // Which were ready, in the order of `watched`, the absent ones not ready.
        let mut ready = [false; 3];
        let mut polled = fds.iter();
        for (i, (fd, _)) in watched.iter().take(3).enumerate() {
            if fd.is_some() {
                ready[i] = polled.next().is_some_and(|p| !p.revents().is_empty());
            }
        }
        drop(fds);
        let [ready_out, ready_err, ready_in] = ready;
        if ready_out {
            self.read_stdout();
        }
        if ready_err {
            self.read_stderr();
        }
        if ready_in {
            self.write_stdin();
        }
        Ok(())
    }

    fn read_stdout(&mut self) {
        let Some(pipe) = self.out.as_mut() else { return };
        let mut chunk = [0u8; 1 << 16];
        loop {
            let room = self.captured.stdout_room().min(chunk.len());
            match pipe.read(&mut chunk[..room]) {
                Ok(0) => return self.out = None,
                Ok(k) => {
                    if !self.captured.stdout(&chunk[..k]) {
                        return self.out = None;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => return self.out = None,
            }
        }
    }

    fn read_stderr(&mut self) {
        let Some(pipe) = self.err.as_mut() else { return };
        let mut chunk = [0u8; 1 << 16];
        loop {
            match pipe.read(&mut chunk) {
                Ok(0) => return self.err = None,
                Ok(k) => self.captured.stderr(&chunk[..k]),
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => return self.err = None,
            }
        }
    }

    fn write_stdin(&mut self) {
        let Some((pipe, bytes, written)) = self.stdin.as_mut() else { return };
        while *written < bytes.len() {
            match pipe.write(&bytes[*written..]) {
                Ok(k) => *written += k,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                // A program that exits without reading its input closes the pipe: not a failure.
                Err(_) => break,
            }
        }
        // All written (or refused): closing stdin is the end of the input.
        self.stdin = None;
    }
}

fn nonblocking(fd: BorrowedFd) -> io::Result<()> {
    let flags = rustix::fs::fcntl_getfl(fd)?;
    Ok(rustix::fs::fcntl_setfl(fd, flags | rustix::fs::OFlags::NONBLOCK)?)
}
