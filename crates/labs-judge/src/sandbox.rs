//! The sandbox every run and every build of a submission goes into, where the system has one
//! that works: a [`Sandbox`] turns a [`Program`] into one that runs inside it.
//!
//! This is the seam's side of it, plain std: where a wrapped program runs ([`Place`]), what
//! holds a process cap ([`ProcessCap`]), and the interface a backend's sandbox implements. The
//! Linux backend's is bubblewrap (`crates/labs-judge/src/linux/bubblewrap.rs`: read-only files, no network,
//! no home, its own namespaces); [`Host::probe`](super::host::Host::probe) finds it, or says why
//! there is none here and how to get one.

use super::process::Program;
use std::fmt::Debug;
use std::path::Path;

/// What holds a run's process cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProcessCap {
    /// A pids cgroup of the run's own.
    Cgroup,
    /// `RLIMIT_NPROC` in the sandbox's user namespace.
    UserNamespace,
    /// Nothing here: no cgroup can be made, and no sandbox (or root, whom `RLIMIT_NPROC` spares).
    Unenforced,
}

/// Why there is no sandbox here, as [`Host::sandbox`](super::host::Host::sandbox) found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoSandbox {
    /// It was not asked for, so not probed.
    NotProbed,
    /// `bwrap` is not on `PATH`.
    NotInstalled,
    /// `bwrap` runs but fails here: the first line it wrote, raw (empty if none). User namespaces
    /// are the usual cause.
    Fails(Vec<u8>),
    /// `bwrap` could not be started.
    CannotRun,
    /// The system refused `bwrap` a process (none left for this user, or on the machine): the
    /// machine's failure of the moment, which says nothing of whether the sandbox works.
    Refused,
    /// This build's backend has none: the portable backend on Linux.
    PortableBackend,
    /// This system has none (bubblewrap is Linux's).
    NotOnThisSystem(super::system::System),
}

/// Where a wrapped program runs.
#[derive(Clone, Copy, Debug)]
pub enum Place<'a> {
    /// A build, in this directory, the one it may write to.
    Build(&'a Path),
    /// A run, in a fresh empty directory.
    Run,
}

/// A sandbox that works here: what a backend's sandbox does for the judge.
pub trait Sandbox: Debug + Send + Sync {
    /// `program` in the sandbox, at `place`. `processes` is the cap, set by the sandbox itself if
    /// it is what holds it ([`Host::process_cap`](super::host::Host::process_cap)).
    fn wrap(&self, program: &Program, place: Place, processes: Option<u32>) -> Program;

    /// Whether the sandbox itself can cap a run's processes.
    fn caps_processes(&self) -> bool;
}
