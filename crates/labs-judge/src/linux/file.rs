//! [`crate::foreign`]'s opening on Linux: each folder on the way, then the file, opened relative
//! to the one before with `O_NOFOLLOW`, so that a link put anywhere at any moment is refused by
//! the kernel, never followed; what the file is comes from `fstat` on the descriptor opened.
//! And the folders labs writes into ([`OpenFolder`]), held by a descriptor.

use crate::foreign::{Found, Unopened, Unread};
use rustix::fs::{AtFlags, CWD, FileType, Mode, OFlags, fstat, openat, renameat, statat, unlinkat};
use rustix::io::Errno;
use std::fs::File;
use std::hash::{BuildHasher, Hasher, RandomState};
use std::io::Write;
use std::os::fd::{AsFd, OwnedFd};
use std::path::Path;

/// The file `inside` names below `dir`, opened without following a link, and what it is.
pub(crate) fn open_foreign(dir: &Path, inside: &Path) -> Result<(File, Found), Unread> {
    let mut at: OwnedFd = openat(CWD, dir, OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC, Mode::empty())
        .map_err(std::io::Error::from)?;
    let names: Vec<&std::ffi::OsStr> = inside.iter().collect();
    let (file, folders) = names.split_last().expect("foreign::read gives a name");
    for name in folders {
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        at = openat(&at, *name, flags, Mode::empty()).map_err(|e| refused(&at, name, e))?;
    }
    // Looked at first, so that a FIFO or a device is not even opened when it is one already.
    let kind = statat(&at, *file, AtFlags::SYMLINK_NOFOLLOW).map_err(std::io::Error::from)?;
    match FileType::from_raw_mode(kind.st_mode) {
        FileType::Symlink => return Err(Unread::Link),
        FileType::RegularFile => {}
        _ => return Err(Unread::NotAFile),
    }
    let flags = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC;
    let fd = openat(&at, *file, flags, Mode::empty()).map_err(|e| refused(&at, file, e))?;
    let stat = fstat(fd.as_fd()).map_err(std::io::Error::from)?;
    let found = Found {
        regular: FileType::from_raw_mode(stat.st_mode) == FileType::RegularFile,
        links: Some(stat.st_nlink as u64),
        len: stat.st_size.max(0) as u64,
    };
    Ok((File::from(fd), found))
}

/// An existing lock file at `path` ([`crate::scratch`]), opened to be locked: never through a
/// link, never waiting on a FIFO, and refused unless it is a regular file, as it may be anyone's
/// in a shared temporary directory.
pub(crate) fn open_lock(path: &Path) -> std::io::Result<File> {
    let flags = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC;
    let fd = openat(CWD, path, flags, Mode::empty())?;
    match FileType::from_raw_mode(fstat(&fd)?.st_mode) {
        FileType::RegularFile => Ok(File::from(fd)),
        _ => Err(std::io::ErrorKind::InvalidInput.into()),
    }
}

/// Makes the folder `path`, its owner's alone (0700), whatever the umask lets others have.
pub(crate) fn private_dir(path: &Path) -> std::io::Result<()> {
    Ok(rustix::fs::mkdirat(CWD, path, Mode::RWXU)?)
}

/// Why `name` in `at` did not open with `O_NOFOLLOW`: a link (`ELOOP`, or `ENOTDIR` for a link
/// where a folder was wanted), or the error itself.
fn refused(at: &OwnedFd, name: &std::ffi::OsStr, e: Errno) -> Unread {
    let link = || {
        statat(at, name, AtFlags::SYMLINK_NOFOLLOW)
            .is_ok_and(|s| FileType::from_raw_mode(s.st_mode) == FileType::Symlink)
    };
    match e {
        Errno::LOOP => Unread::Link,
        Errno::NOTDIR if link() => Unread::Link,
        Errno::NOTDIR => Unread::NotAFile,
        e => Unread::Io(e.into()),
    }
}

/// [`crate::foreign::Folder`] on Linux: the folder's descriptor, every file made and renamed
/// relative to it (`openat` with `O_EXCL | O_NOFOLLOW`, then `renameat`).
#[derive(Debug)]
pub(crate) struct OpenFolder(OwnedFd);

impl OpenFolder {
    /// The folder at `path`, opened with `O_NOFOLLOW`.
    pub(crate) fn open(path: &Path) -> Result<OpenFolder, Unopened> {
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        let link = || std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
        match openat(CWD, path, flags, Mode::empty()) {
            Ok(fd) => Ok(OpenFolder(fd)),
            Err(Errno::LOOP) => Err(Unopened::Link),
            Err(Errno::NOTDIR) if link() => Err(Unopened::Link),
            Err(e) => Err(Unopened::Io(e.into())),
        }
    }

    /// `bytes` into a new file of a name nobody holds, renamed over `name`.
    pub(crate) fn replace(&self, name: &str, bytes: &[u8]) -> std::io::Result<()> {
        let flags = OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        for _ in 0..TRIES {
            let temp = format!(".{name}.{:016x}", RandomState::new().build_hasher().finish());
            let fd = match openat(&self.0, &temp, flags, Mode::RUSR | Mode::WUSR) {
                Ok(fd) => fd,
                // A name someone else made first: another one.
                Err(Errno::EXIST) => continue,
                Err(e) => return Err(e.into()),
            };
            let written = File::from(fd).write_all(bytes).and_then(|()| Ok(renameat(&self.0, &temp, &self.0, name)?));
            if written.is_err() {
                let _ = unlinkat(&self.0, &temp, AtFlags::empty());
            }
            return written;
        }
        Err(std::io::ErrorKind::AlreadyExists.into())
    }
}

/// How many new names [`OpenFolder::replace`] tries before it gives up: each is 64 random bits, so
/// only a folder filled on purpose takes a second.
const TRIES: usize = 16;

/// The scratch folders' promises that only this family's calls can show: modes, links and FIFOs.
#[cfg(test)]
mod tests {
    use crate::scratch::{Scratch, Swept, sweep_in};
    use std::os::unix::fs::PermissionsExt;
    use std::path::Path;
    use std::time::SystemTime;

    #[test]
    fn a_folder_is_its_owners_alone() {
        let tmp = tempfile::tempdir().unwrap();
        let scratch = Scratch::new_in(tmp.path(), "class").unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        let lock = scratch.path().with_extension("lock");
        assert_eq!((mode(scratch.path()), mode(&lock)), (0o700, 0o600));
    }

    #[test]
    fn a_lock_file_that_is_a_link_or_a_fifo_is_neither_followed_nor_waited_on() {
        let tmp = tempfile::tempdir().unwrap();
        let target = tmp.path().join("target");
        std::fs::write(&target, "kept").unwrap();
        std::fs::create_dir(tmp.path().join("labs-judge-1-class-a")).unwrap();
        std::os::unix::fs::symlink(&target, tmp.path().join("labs-judge-1-class-a.lock")).unwrap();
        std::fs::create_dir(tmp.path().join("labs-judge-1-class-b")).unwrap();
        // Made here, not by mkfifo: the other tests' guards take every child of this process.
        let fifo = tmp.path().join("labs-judge-1-class-b.lock");
        let mode = rustix::fs::Mode::RUSR | rustix::fs::Mode::WUSR;
        rustix::fs::mknodat(rustix::fs::CWD, &fifo, rustix::fs::FileType::Fifo, mode, 0).unwrap();
        assert_eq!(sweep_in(tmp.path(), SystemTime::now()), Swept::default());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "kept");
        assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 5);
    }
}
