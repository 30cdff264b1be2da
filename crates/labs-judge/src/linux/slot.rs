//! The Linux backend's job slots ([`crate::slot`]): as root, a user and group of its own for each
//! slot's builds and runs, as isolate gives each box `60000 + box`, so that two runs at once (a
//! grader's `--jobs`, or two graders on one machine) are two users, and neither can signal,
//! trace or write to the other.
//!
//! A slot's number is taken from [`IDS`] and held by an exclusive `flock` on a file named after
//! it in [`LOCKS`], a directory of root's that no one else may enter (mode 0700, checked on the
//! opened descriptor, as is `/run` above it): a process that is not root can neither take a
//! number first nor make one look free. The lock is the open file's, so it ends with the
//! [`Claim`] or with the process (a `labs` killed with SIGKILL leaves nothing held), and two
//! claims in one process conflict as two processes' do. A number is skipped if `/etc/passwd`,
//! `/etc/group`, `/etc/subuid` or `/etc/subgid` uses it, if any process has it as a user or
//! group id (a survivor of a `labs` that was killed), or if this process's user namespace does
//! not map it.

use crate::slot::Unclaimed;
use std::collections::HashSet;
use std::fs;
use std::io;
use std::ops::Range;
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::path::Path;

use rustix::fs::{self as rfs, FlockOperation, Mode, OFlags};

/// The numbers slots are taken from: above isolate's boxes (60000–60999 by default) and below
/// systemd's dynamic users (61184–65519), in the 16 bits that every user namespace maps (an
/// unprivileged container maps 65536 ids).
pub(crate) const IDS: Range<u32> = 61000..61184;

/// The directory of the slots' lock files, root's alone.
const LOCKS: &str = "labs-judge-slots";

/// Where [`LOCKS`] is made: a directory of root's that only root may write.
pub(super) const RUN: &str = "/run";

/// A slot's number, held for as long as this lives.
#[derive(Debug)]
pub(crate) struct Claim {
    id: u32,
    /// The locked file; closing it ends the claim.
    _lock: OwnedFd,
}

impl Claim {
    /// The user and group id the slot's programs run as.
    pub(crate) fn id(&self) -> u32 {
        self.id
    }
}

/// Claims a slot, for a `labs` whose runs drop to another user (root's).
pub(crate) fn claim() -> Result<Option<Claim>, Unclaimed> {
    let locks = lock_dir(Path::new(RUN))?;
    let used = used();
    let mapped = |id| super::mapped("/proc/self/uid_map", id) && super::mapped("/proc/self/gid_map", id);
    let path = Path::new(RUN).join(LOCKS);
    match claim_in(locks.as_fd(), IDS, |id| !used.contains(&id) && mapped(id)) {
        Ok(Some(claim)) => Ok(Some(claim)),
        Ok(None) => Err(Unclaimed::NoneFree { first: IDS.start, last: IDS.end - 1 }),
        Err(error) => Err(Unclaimed::Locks { path, error }),
    }
}

/// Opens (making it if need be) [`LOCKS`] in `parent`, and checks on the descriptors that both
/// are root's, that no one else may write `parent`, and that no one else may enter the locks'.
fn lock_dir(parent: &Path) -> Result<OwnedFd, Unclaimed> {
    roots_dir(parent, LOCKS)
}

/// The folder `name` in `parent`, made if need be and checked as [`lock_dir`] checks its own:
/// for other locks of root's (the cgroups').
pub(super) fn private_dir_in(parent: &Path, name: &str) -> Result<std::path::PathBuf, Unclaimed> {
    roots_dir(parent, name).map(|_| parent.join(name))
}

/// [`lock_dir`] for a folder named `name`.
fn roots_dir(parent: &Path, name: &str) -> Result<OwnedFd, Unclaimed> {
    let path = parent.join(name);
    let failed = |error: rustix::io::Errno| Unclaimed::Locks { path: path.clone(), error: error.into() };
    let directory = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    let top = rfs::open(parent, directory, Mode::empty()).map_err(failed)?;
    let stat = rfs::fstat(&top).map_err(failed)?;
    if stat.st_uid != 0 || stat.st_mode & 0o022 != 0 {
        return Err(Unclaimed::NotRootsAlone(parent.to_path_buf()));
    }
    match rfs::mkdirat(&top, name, Mode::RWXU) {
        Ok(()) | Err(rustix::io::Errno::EXIST) => {}
        Err(e) => return Err(failed(e)),
    }
    let locks = rfs::openat(&top, name, directory, Mode::empty()).map_err(failed)?;
    let stat = rfs::fstat(&locks).map_err(failed)?;
    if stat.st_uid != 0 || stat.st_mode & 0o077 != 0 {
        return Err(Unclaimed::NotRootsAlone(path.clone()));
    }
    Ok(locks)
}

/// The first number of `ids` that `free` allows and whose lock file in `locks` this call could
/// lock, or `None` if none.
fn claim_in(locks: BorrowedFd, ids: Range<u32>, free: impl Fn(u32) -> bool) -> io::Result<Option<Claim>> {
    for id in ids.filter(|&id| free(id)) {
        let flags = OFlags::RDWR | OFlags::CREATE | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        let file = rfs::openat(locks, id.to_string(), flags, Mode::RUSR | Mode::WUSR)?;
        match rfs::flock(&file, FlockOperation::NonBlockingLockExclusive) {
            Ok(()) => return Ok(Some(Claim { id, _lock: file })),
            Err(rustix::io::Errno::WOULDBLOCK) => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Ok(None)
}

/// Every id the system's files give a user or group, and every user and group id of a
/// process now.
fn used() -> HashSet<u32> {
    let mut used = HashSet::new();
    let text = |path: &str| fs::read_to_string(path).unwrap_or_default();
    used.extend(ids_in_table(&text("/etc/passwd"), &[2, 3]));
    used.extend(ids_in_table(&text("/etc/group"), &[2]));
    for path in ["/etc/subuid", "/etc/subgid"] {
        let ranges = subordinate(&text(path));
        used.extend(IDS.filter(|&id| ranges.iter().any(|range| range.contains(&u64::from(id)))));
    }
    for entry in fs::read_dir("/proc").into_iter().flatten().flatten() {
        if entry.file_name().to_str().is_some_and(|name| name.bytes().all(|b| b.is_ascii_digit())) {
            used.extend(process_ids(&fs::read_to_string(entry.path().join("status")).unwrap_or_default()));
        }
    }
    used
}

/// The numbers in the `fields` (counted from 0) of a `:`-separated table (`/etc/passwd`).
fn ids_in_table<'a>(table: &'a str, fields: &'a [usize]) -> impl Iterator<Item = u32> + 'a {
    table.lines().flat_map(move |line| {
        let words: Vec<&str> = line.split(':').collect();
        fields.iter().filter_map(move |&i| words.get(i)?.parse().ok())
    })
}

/// The ranges `/etc/subuid` or `/etc/subgid` hand out (`name:first:count`).
fn subordinate(table: &str) -> Vec<Range<u64>> {
    let range = |line: &str| {
        let words: Vec<&str> = line.split(':').collect();
        let (first, count) = (words.get(1)?.parse::<u64>().ok()?, words.get(2)?.parse::<u64>().ok()?);
        Some(first..first + count)
    };
    table.lines().filter_map(range).collect()
}

/// The real, effective, saved and file-system user and group ids in a `/proc/<pid>/status`.
fn process_ids(status: &str) -> Vec<u32> {
    status
        .lines()
        .filter_map(|line| line.strip_prefix("Uid:").or_else(|| line.strip_prefix("Gid:")))
        .flat_map(|ids| ids.split_ascii_whitespace().filter_map(|id| id.parse().ok()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::CommandExt;

    fn locks() -> Option<(tempfile::TempDir, OwnedFd)> {
        if !rustix::process::geteuid().is_root() {
            eprintln!("slot claims: SKIPPED, the test does not run as root (a lock directory must be root's)");
            return None;
        }
        let dir = tempfile::tempdir().unwrap();
        let locks = lock_dir(dir.path()).unwrap_or_else(|e| panic!("{e:?}"));
        Some((dir, locks))
    }

    #[test]
    fn two_claims_are_never_the_same_id_and_a_used_id_is_skipped() {
        let Some((_dir, locks)) = locks() else { return };
        let used = IDS.start;
        let free = |id: u32| id != used;
        let first = claim_in(locks.as_fd(), IDS, free).unwrap().unwrap();
        let second = claim_in(locks.as_fd(), IDS, free).unwrap().unwrap();
        assert_eq!((first.id(), second.id()), (IDS.start + 1, IDS.start + 2));
        // A claim given up is free again; one still held is not.
        drop(first);
        let third = claim_in(locks.as_fd(), IDS, free).unwrap().unwrap();
        assert_eq!(third.id(), IDS.start + 1);
        let none = claim_in(locks.as_fd(), IDS.start..IDS.start + 3, free).unwrap();
        assert!(none.is_none(), "{none:?}");
    }

    #[test]
    fn an_id_of_a_running_process_or_of_the_users_tables_is_used() {
        let Some(_) = locks() else { return };
        let id = IDS.end - 1;
        let mut sleeper = std::process::Command::new("sleep").arg("5").uid(id).gid(id).spawn().unwrap();
        let seen = used();
        sleeper.kill().unwrap();
        sleeper.wait().unwrap();
        assert!(seen.contains(&id), "a process running as {id} was not seen");
        let passwd = "root:x:0:0:root:/root:/bin/sh\nsvc:x:61005:61006::/:/bin/false\n";
        assert_eq!(ids_in_table(passwd, &[2, 3]).collect::<Vec<_>>(), [0, 0, 61005, 61006]);
        assert_eq!(subordinate("alice:61100:10\nbob:x:1\n"), vec![61100..61110]);
        assert_eq!(process_ids("Name:\tx\nUid:\t1\t2\t3\t4\nGid:\t5\t6\t7\t8\n"), [1, 2, 3, 4, 5, 6, 7, 8]);
    }

    #[test]
    fn a_lock_directory_anyone_may_write_is_refused() {
        let Some((dir, _)) = locks() else { return };
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o1777)).unwrap();
        let refused = |path: &Path| matches!(lock_dir(dir.path()), Err(Unclaimed::NotRootsAlone(p)) if p == path);
        assert!(refused(dir.path()));
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).unwrap();
        fs::set_permissions(dir.path().join(LOCKS), fs::Permissions::from_mode(0o755)).unwrap();
        assert!(refused(&dir.path().join(LOCKS)));
    }
}
