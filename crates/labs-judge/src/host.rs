//! What this machine offers the judge, found once by the caller and handed in: the sandbox
//! (where one works), the cgroups a run gets, pidfds, whether root's runs drop to another user, the
//! Python that runs sources. Nothing here is probed behind the caller's back: a [`Host`] is
//! probed when [`Host::probe`] is called, and lives as long as the caller keeps it. Probing only
//! looks (`labs --version` and `labs doctor` probe): what killed judges left behind is removed by
//! [`Host::sweep`], which a caller that starts runs calls.
//!
//! The probes run programs (`bwrap … true`, a `true` in each candidate cgroup, `python3
//! --version`) under a guard, so a caller makes one `Host` and shares it (an `Arc` in every
//! [`Session`](super::Session)); a test may make its own.

use super::backend;
use super::process::{Charge, Guarantees, Kernel};
use super::sandbox::{NoSandbox, ProcessCap, Sandbox};
use super::slot::User;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// What this machine offers the judge, as probed once.
#[derive(Debug)]
pub struct Host {
    /// What the backend found: cgroups, pidfds, the user runs execute as.
    pub(crate) backend: backend::Probe,
    /// The sandbox, or why there is none here (or that it was not asked for).
    sandbox: Result<Arc<dyn Sandbox>, NoSandbox>,
    /// The Python 3 that runs sources, probed the first time a source needs it: a value this
    /// `Host` owns, so two hosts probe twice.
    python: OnceLock<Option<PathBuf>>,
    /// The process's charge of what the runs start, shared by every host of the process: the
    /// Linux backend's set of owned pids and count of runs (the portable backend keeps none).
    #[allow(dead_code, reason = "read by the Linux backend only; the portable one's charge is empty")]
    pub(crate) charge: Arc<backend::Held>,
}

impl Host {
    /// Probes this machine: its cgroups and kernel at once, the sandbox only if `sandbox` (a
    /// caller that will not sandbox does not even try it), Python when first needed. It removes
    /// and kills nothing but its own probes ([`Host::sweep`] does). `charge` is the process's,
    /// from [`take_charge`](super::process::take_charge).
    pub fn probe(sandbox: bool, charge: Charge) -> Host {
        let mut host = Host {
            backend: backend::probe(),
            sandbox: Err(NoSandbox::NotProbed),
            python: OnceLock::new(),
            charge: charge.0,
        };
        if sandbox {
            host.sandbox = backend::sandbox(&host).map(Arc::from);
        }
        host
    }

    /// Removes what judges no longer running left behind: their build, run and class folders in
    /// the temporary directory, and their runs' cgroups under the hierarchies this host found
    /// (what still runs in one killed first). Only what no live process holds a lock on, in any
    /// PID namespace ([`crate::scratch`]): a caller about to start runs calls it, once.
    pub fn sweep(&self) {
        super::scratch::sweep();
        backend::sweep(&self.backend);
    }

    /// The sandbox, if one works here, or why not and how to get it.
    pub fn sandbox(&self) -> Result<&Arc<dyn Sandbox>, &NoSandbox> {
        self.sandbox.as_ref()
    }

    /// What this build's backend promises here (on Linux, which cgroups runs get).
    pub fn guarantees(&self) -> Guarantees {
        backend::guarantees(&self.backend)
    }

    /// What the backend found in this system's kernel, for `labs doctor`.
    pub fn kernel(&self) -> Kernel {
        backend::kernel(&self.backend)
    }

    /// What holds a run's process cap here, in or out of `sandbox`.
    pub fn process_cap(&self, sandbox: Option<&dyn Sandbox>) -> ProcessCap {
        backend::process_cap(&self.backend, sandbox)
    }

    /// Whether [`Program::untrusted`](super::process::Program::untrusted) programs run as
    /// another user than this process (on Linux when it runs as root: their job slot's,
    /// [`crate::slot`], else `nobody`).
    pub fn runs_as_nobody(&self) -> bool {
        backend::runs_as_nobody(&self.backend)
    }

    /// Gives `dir` and everything below it (links as themselves, never followed) to the user
    /// [`Program::untrusted`](super::process::Program::untrusted) programs of `user`'s slot run
    /// as, where that is not this process's own (on Linux as root: the slot's user, else
    /// `nobody`), so that a build may write there (javac into a package two folders down) and a
    /// student's owner-only source copied there is read. Elsewhere nothing.
    pub fn give_to_runs(&self, dir: &Path, user: Option<User>) {
        backend::give_to_runs(&self.backend, dir, user)
    }

    /// Takes back what [`Host::give_to_runs`] gave, once a build is done: the runs still read and
    /// execute it, and can remove or change none of it (on Linux as root; elsewhere nothing).
    pub fn keep_from_runs(&self, dir: &Path, user: Option<User>) {
        backend::keep_from_runs(&self.backend, dir, user)
    }

    /// The Python 3 to run sources with, probed once per `Host`; see
    /// [`Language::found`](super::compile::Language::found).
    pub(crate) fn python(&self, probe: impl FnOnce() -> Option<PathBuf>) -> Option<PathBuf> {
        self.python.get_or_init(probe).clone()
    }
}
