//! [`crate::foreign`]'s opening on Linux: each folder on the way, then the file, opened relative
//! to the one before with `O_NOFOLLOW`, so that a link put anywhere at any moment is refused by
//! the kernel, never followed; what the file is comes from `fstat` on the descriptor opened.

use crate::foreign::{Found, Unread};
use rustix::fs::{AtFlags, CWD, FileType, Mode, OFlags, fstat, openat, statat};
use rustix::io::Errno;
use std::fs::File;
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
