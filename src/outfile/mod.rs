//! Opening a file labs writes (the grade journal, an export's name, the plot's) without following
//! a symbolic link at its own name, in one place, so that every output of every command refuses a
//! link the same way.
//!
//! A link planted where an output goes (a dangling `grade.jsonl -> /etc/cron.d/x`, or one to a
//! root-owned file) would make labs, often run as root, create or append to whatever it leads
//! to. On Unix (Linux, macOS) the file is opened with `O_NOFOLLOW` (`unix.rs`): the kernel refuses
//! the link, so there is no moment between a look and the open where one could be swapped in. On
//! other systems (`other.rs`, Windows) std has no such flag: the name is looked at
//! (`symlink_metadata`) just before it is opened, which refuses a link (or another reparse point)
//! already there, but not one swapped in between the look and the open. The folders on the way
//! are the user's and are followed (`/tmp` is a link on macOS).
//!
//! Read next: the exports and the plot (`crate::export`), which write into a new temporary file
//! renamed over the name, so a link there would be replaced, not followed; they refuse it anyway,
//! with [`refuse_link`], so that a link is said, not silently replaced.

#[cfg(unix)]
#[path = "unix.rs"]
mod os;
#[cfg(not(unix))]
#[path = "other.rs"]
mod os;

use std::fs::{File, OpenOptions};
use std::path::Path;

/// Why an output file was not opened: a link at its name, or the system's error; the judge's word
/// for its feedback folder, which is refused the same way.
pub use crate::judge::foreign::Unopened;

/// The file at `path` opened as `options` say, never through a link at its own name.
pub fn open(path: &Path, options: &OpenOptions) -> Result<File, Unopened> {
    refuse_link(path)?;
    let mut options = options.clone();
    os::no_follow(&mut options);
    match options.open(path) {
        Ok(file) => Ok(file),
        // ELOOP on Linux, EMLINK on FreeBSD, EFTYPE elsewhere: whatever the number, a link is
        // what is there now.
        Err(_) if is_link(path) => Err(Unopened::Link),
        Err(e) => Err(Unopened::Io(e)),
    }
}

/// `Err(Link)` if `path` names a symbolic link now (an output must not be one).
pub fn refuse_link(path: &Path) -> Result<(), Unopened> {
    if is_link(path) { Err(Unopened::Link) } else { Ok(()) }
}

/// Whether `path` itself (not what it leads to) is a symbolic link.
fn is_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}
