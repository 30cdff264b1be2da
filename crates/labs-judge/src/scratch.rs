//! What `labs` leaves in the temporary directory, and who may remove it: ownership by lock, not
//! by pid.
//!
//! Every folder of its own there — a build's, a run's, a grader's copy of the class — is a
//! [`Scratch`]: `labs-judge-<what>-<pid>-XXXXXX`, made owner-only (0700 on Unix), with a lock
//! file beside it (the same name and `.lock`, 0600) that is made first and locked exclusively
//! (std's `File::lock`: `flock` on Unix, `LockFileEx` on Windows) for as long as the folder lives.
//! The lock belongs to the open file, so the kernel ends it with the process, however that ends
//! (SIGKILL, a run that killed `labs`, a power cut). [`sweep`], which a judge or a grader runs
//! before it starts, removes a folder only when it can take its lock at once: then no live
//! process holds it, in any PID namespace, container or CI job that shares the directory (cargo
//! locks its target directory the same way). A pid means nothing there — the same number is
//! another process in another namespace, or a reused one — so the pid in the name is only for
//! a reader. It comes after the word, not first, so that a `labs` from before locks (which took
//! `labs-judge-<pid>-…` for a pid and removed the folder if it saw no such process) leaves these
//! alone when both run on one machine.
//!
//! The lock file is beside the folder, not in it: a build's folder is given to the runs' user
//! ([`crate::host::Host::give_to_runs`]), who may remove any file in it; in a sticky temporary
//! directory (`/tmp`) no one but `labs`'s own user (or root) can remove `labs`'s lock file.
//!
//! A folder with no lock file beside it was made by a `labs` from before this rule (named by its
//! pid alone) or lost its lock file to someone else's cleaning: nothing says whether its owner
//! lives, so it is removed only once it has not changed for [`facts::LEFTOVER_AGE`] (a day).
//! A lock file whose folder is gone is removed when free.

use crate::{backend, facts};
use std::fs::{File, TryLockError};
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// How the name of every folder and lock file of `labs`'s in the temporary directory starts (its
/// cgroups' too), before what it is for.
pub const PREFIX: &str = "labs-judge-";

/// The extension of a folder's lock file.
const LOCK: &str = "lock";

/// How many names [`new_lock`] and [`Scratch::new`] try: a second is needed only when a sweep took
/// a lock file in the instant between its making and its locking.
const TRIES: usize = 8;

/// A folder of `labs`'s own in the temporary directory (owner-only), held by a lock file beside it
/// for as long as this lives; dropping it removes the folder, then the lock file.
#[derive(Debug)]
pub struct Scratch {
    /// The folder; its lock file is [`Scratch::lock_path`].
    dir: PathBuf,
    /// The locked file: closing it (with this value, or with the process) ends the claim. `None`
    /// only in a test that lets it go as a killed process would, leaving the folder behind.
    lock: Option<File>,
}

impl Scratch {
    /// A fresh empty folder for `what` (`build`, `run`, `class`) in the temporary directory.
    pub fn new(what: &str) -> io::Result<Scratch> {
        Scratch::new_in(&std::env::temp_dir(), what)
    }

    /// A fresh empty folder for `what` (a plain word) in `tmp`: its lock file made exclusively,
    /// locked and found still there first (a sweep may take one in the instant between its making
    /// and its locking: then another name is tried), then the folder.
    pub fn new_in(tmp: &Path, what: &str) -> io::Result<Scratch> {
        let prefix = format!("{PREFIX}{what}-{}-", std::process::id());
        for _ in 0..TRIES {
            let (lock, lock_path) = new_lock(tmp, &prefix, &format!(".{LOCK}"))?;
            let dir = lock_path.with_extension("");
            match backend::private_dir(&dir) {
                Ok(()) => return Ok(Scratch { dir, lock: Some(lock) }),
                Err(e) => {
                    let _ = std::fs::remove_file(&lock_path);
                    if e.kind() != io::ErrorKind::AlreadyExists {
                        return Err(e);
                    }
                }
            }
        }
        Err(io::ErrorKind::AlreadyExists.into())
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// The folder's lock file, beside it.
    fn lock_path(&self) -> PathBuf {
        self.dir.with_extension(LOCK)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if self.lock.is_none() {
            return;
        }
        // The folder first, under the lock; the lock file only once the folder is gone, so that a
        // folder that could not be removed is left to the next sweep, not to the age rule.
        let removed = match std::fs::remove_dir_all(&self.dir) {
            Ok(()) => true,
            Err(e) => e.kind() == io::ErrorKind::NotFound,
        };
        if removed {
            let _ = std::fs::remove_file(self.lock_path());
        }
    }
}

/// A new lock file `<prefix>XXXXXX<suffix>` in `dir`, made exclusively (0600 on Unix), locked by
/// this call and found still there, and its path: a sweep may take one in the instant between its
/// making and its locking, and then another name is tried.
pub(crate) fn new_lock(dir: &Path, prefix: &str, suffix: &str) -> io::Result<(File, PathBuf)> {
    for _ in 0..TRIES {
        let made = tempfile::Builder::new().prefix(prefix).suffix(suffix).tempfile_in(dir)?;
        let (lock, path) = made.keep().map_err(|e| e.error)?;
        match lock.try_lock() {
            Ok(()) if path.exists() => return Ok((lock, path)),
            // A sweep holds it, or took it: it is the sweep's to remove.
            Ok(()) | Err(TryLockError::WouldBlock) => continue,
            Err(TryLockError::Error(e)) => {
                let _ = std::fs::remove_file(&path);
                return Err(e);
            }
        }
    }
    Err(io::ErrorKind::AlreadyExists.into())
}

/// What one [`sweep`] removed: the folders whose lock no one held, and those with no lock file
/// that had not changed for [`facts::LEFTOVER_AGE`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Swept {
    /// The folders removed, by name.
    pub folders: Vec<String>,
}

/// Removes from the temporary directory what `labs` processes no longer running left there (one
/// killed with SIGKILL, by its own run among others, has no chance to remove its own): see the
/// module. What another user's lock file keeps from this process, or what this process may not
/// remove, is left alone.
pub fn sweep() -> Swept {
    sweep_in(&std::env::temp_dir(), SystemTime::now())
}

/// [`sweep`] in `tmp`, as of `now`.
pub fn sweep_in(tmp: &Path, now: SystemTime) -> Swept {
    let mut swept = Swept::default();
    let entries = std::fs::read_dir(tmp).into_iter().flatten().flatten();
    let mut names: Vec<String> = entries.filter_map(|e| e.file_name().into_string().ok()).collect();
    names.retain(|name| name.starts_with(PREFIX));
    names.sort();
    for name in &names {
        let path = tmp.join(name);
        let Ok(meta) = std::fs::symlink_metadata(&path) else { continue };
        if let Some(folder) = name.strip_suffix(&format!(".{LOCK}")) {
            // Held while the folder goes, so that no second sweep works on it at once.
            let Some(_held) = free(&path) else { continue };
            let dir = tmp.join(folder);
            let dir_gone = match std::fs::symlink_metadata(&dir) {
                Err(_) => true,
                Ok(_) => std::fs::remove_dir_all(&dir).is_ok(),
            };
            if dir_gone {
                if names.iter().any(|n| n == folder) {
                    swept.folders.push(folder.to_string());
                }
                let _ = std::fs::remove_file(&path);
            }
        } else if meta.is_dir()
            && !names.contains(&format!("{name}.{LOCK}"))
            && unchanged(&meta, now)
            && std::fs::remove_dir_all(&path).is_ok()
        {
            swept.folders.push(name.clone());
        }
    }
    swept
}

/// The lock file at `path`, locked by this call, if no one holds it: opened without following a
/// link or blocking on a FIFO, as it may be anyone's file in a shared directory.
pub(crate) fn free(path: &Path) -> Option<File> {
    let file = backend::open_lock(path).ok()?;
    file.try_lock().ok().map(|()| file)
}

/// Whether `meta`'s file has not changed for [`facts::LEFTOVER_AGE`] by `now`.
pub(crate) fn unchanged(meta: &std::fs::Metadata, now: SystemTime) -> bool {
    meta.modified().is_ok_and(|at| now.duration_since(at).is_ok_and(|age| age >= facts::LEFTOVER_AGE))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.starts_with(PREFIX))
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_held_folder_is_kept_and_a_released_one_removed() {
        let tmp = tempfile::tempdir().unwrap();
        let mut held = Scratch::new_in(tmp.path(), "class").unwrap();
        std::fs::write(held.path().join("alice.c"), "int main(void) {}").unwrap();
        let name = held.path().file_name().unwrap().to_str().unwrap().to_string();
        assert!(name.starts_with(&format!("labs-judge-class-{}-", std::process::id())), "{name}");
        assert_eq!(names(tmp.path()), [name.clone(), format!("{name}.lock")]);
        // The lock is the open file's: a second open of it, in this process or another, is refused.
        assert_eq!(sweep_in(tmp.path(), SystemTime::now()), Swept::default());
        assert!(held.path().join("alice.c").exists());
        // Let go as a killed process's is (its descriptor closed), the folder still there.
        held.lock = None;
        drop(held);
        assert_eq!(names(tmp.path()), [name.clone(), format!("{name}.lock")]);
        assert_eq!(sweep_in(tmp.path(), SystemTime::now()).folders, [name]);
        assert_eq!(names(tmp.path()), Vec::<String>::new());
    }

    #[test]
    fn a_folder_is_removed_with_its_lock_file_when_dropped() {
        let tmp = tempfile::tempdir().unwrap();
        let scratch = Scratch::new_in(tmp.path(), "build").unwrap();
        std::fs::create_dir(scratch.path().join("lab")).unwrap();
        std::fs::write(scratch.path().join("lab/Main.java"), "").unwrap();
        drop(scratch);
        assert_eq!(names(tmp.path()), Vec::<String>::new());
    }

    #[test]
    fn a_folder_without_a_lock_file_is_removed_only_once_unchanged_for_a_day() {
        let tmp = tempfile::tempdir().unwrap();
        // As a labs from before locks named them: by pid alone.
        let old = tmp.path().join("labs-judge-4242-class-AbCdEf");
        std::fs::create_dir(&old).unwrap();
        std::fs::write(old.join("alice.c"), "").unwrap();
        // A lock file whose folder is gone, and no one's folder but labs's.
        std::fs::write(tmp.path().join("labs-judge-4242-run-XyZ.lock"), "").unwrap();
        std::fs::create_dir(tmp.path().join("other-AbCdEf")).unwrap();
        let now = SystemTime::now();
        assert_eq!(sweep_in(tmp.path(), now), Swept::default());
        assert_eq!(names(tmp.path()), ["labs-judge-4242-class-AbCdEf"]);
        let later = now + facts::LEFTOVER_AGE + std::time::Duration::from_secs(60);
        assert_eq!(sweep_in(tmp.path(), later).folders, ["labs-judge-4242-class-AbCdEf"]);
        assert_eq!(names(tmp.path()), Vec::<String>::new());
        assert!(tmp.path().join("other-AbCdEf").exists());
    }
}
