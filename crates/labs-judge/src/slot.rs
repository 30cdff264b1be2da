//! A job slot: where a caller that runs several submissions at once (a grader's `--jobs`) keeps
//! them apart. As root, the backend's runs and builds drop to another user
//! ([`Host::runs_as_nobody`]); a [`Slot`] gives one slot's a user and group of their own, so that
//! no run of one slot can signal, trace or write to a run of another, nor to one of another
//! `labs` on the machine. Without a slot they are `nobody`, who every such run would be.
//!
//! A claim is an owned value, not a process's state: the caller holds one per worker thread
//! and hands it to the judge in [`Session::slot`](super::Session::slot); the number is free again
//! when the last holder drops it (or the process ends). The Linux backend takes the numbers
//! from a range no user, group or process uses, under a lock only root can take
//! (`src/linux/slot.rs`); the portable backend has none, and its runs keep the caller's user.

use super::backend;
use super::host::Host;
use std::io;
use std::path::PathBuf;

/// A user and group of one job slot's own, held for as long as this lives.
#[derive(Debug)]
pub struct Slot {
    claim: backend::Claim,
}

/// The user (and group: the same number) a slot's runs and builds execute as; only a [`Slot`]
/// makes one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct User(u32);

impl User {
    /// Its number, the user's and the group's.
    pub fn id(self) -> u32 {
        self.0
    }
}

impl Slot {
    /// Claims a slot on `host`: `Ok(None)` where runs keep this process's user (not root, or a
    /// root whose user namespace maps no one else), so there is nothing to keep apart by user.
    pub fn claim(host: &Host) -> Result<Option<Slot>, Unclaimed> {
        if !host.runs_as_nobody() {
            return Ok(None);
        }
        Ok(backend::claim()?.map(|claim| Slot { claim }))
    }

    /// The user its runs and builds execute as.
    pub fn user(&self) -> User {
        User(self.claim.id())
    }
}

/// Why no slot could be claimed.
#[derive(Debug)]
pub enum Unclaimed {
    /// The directory of the slots' locks could not be opened or made.
    Locks {
        /// The directory.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// The directory of the locks, or the one above it, is not root's alone: someone else could
    /// take or fake a lock there.
    NotRootsAlone(PathBuf),
    /// Every number of the range (`first..=last`) is held by another slot or used by a user,
    /// a group or a process.
    NoneFree {
        /// The range's first number.
        first: u32,
        /// Its last.
        last: u32,
    },
}
