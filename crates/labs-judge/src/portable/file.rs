//! [`crate::foreign`]'s opening with std alone: every folder on the way is looked at (not
//! followed) before and after the file is opened, and the file is opened without following a
//! link where the system has a flag for that ([`os::no_follow`]); what it is comes from the opened
//! file's metadata, which must be the file looked at. A folder swapped for a link and back while
//! the file is opened is not seen: the Linux backend's `openat` has no such gap.

use super::os;
use crate::foreign::{Found, Unopened, Unread};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The file `inside` names below `dir`, opened without following a link, and what it is.
pub(crate) fn open_foreign(dir: &Path, inside: &Path) -> Result<(File, Found), Unread> {
    let path = dir.join(inside);
    folders(dir, inside)?;
    let before = std::fs::symlink_metadata(&path)?;
    if before.file_type().is_symlink() {
        return Err(Unread::Link);
    }
    if !before.is_file() {
        return Err(Unread::NotAFile);
    }
    let mut options = OpenOptions::new();
    options.read(true);
    os::no_follow(&mut options);
    let file = match options.open(&path) {
        Ok(file) => file,
        Err(_) if std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink()) => {
            return Err(Unread::Link);
        }
        Err(e) => return Err(e.into()),
    };
    let meta = file.metadata()?;
    folders(dir, inside)?;
    if meta.file_type().is_symlink() || !os::same_file(&before, &meta) {
        return Err(Unread::Link);
    }
    Ok((file, Found { regular: meta.is_file(), links: os::links(&meta), len: meta.len() }))
}

/// An existing lock file at `path` ([`crate::scratch`]), opened to be locked: not through a link
/// where the system has a flag for that, never waiting on a FIFO, and refused unless it is a
/// regular file, as it may be anyone's in a shared temporary directory.
pub(crate) fn open_lock(path: &Path) -> std::io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    os::no_follow(&mut options);
    let file = options.open(path)?;
    match file.metadata()?.is_file() {
        true => Ok(file),
        false => Err(std::io::ErrorKind::InvalidInput.into()),
    }
}

/// Makes the folder `path`, its owner's alone where the system has modes ([`os::owner_only`]).
pub(crate) fn private_dir(path: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    os::owner_only(&mut builder);
    builder.create(path)
}

/// Whether every folder between `dir` and the file `inside` names is a folder, not a link.
fn folders(dir: &Path, inside: &Path) -> Result<(), Unread> {
    let mut at = dir.to_path_buf();
    let names: Vec<_> = inside.iter().collect();
    for name in &names[..names.len() - 1] {
        at.push(name);
        let meta = std::fs::symlink_metadata(&at)?;
        if meta.file_type().is_symlink() {
            return Err(Unread::Link);
        }
        if !meta.is_dir() {
            return Err(Unread::NotAFile);
        }
    }
    Ok(())
}

/// [`crate::foreign::Folder`] with std alone: the folder's path, looked at again before each file.
#[derive(Debug)]
pub(crate) struct OpenFolder(PathBuf);

impl OpenFolder {
    /// The folder at `path`, which [`crate::foreign::Folder::open`] found to be no link.
    pub(crate) fn open(path: &Path) -> Result<OpenFolder, Unopened> {
        Ok(OpenFolder(path.to_path_buf()))
    }

    /// `bytes` into a new temporary file in the folder, renamed over `name`; refused
    /// (`NotADirectory`) if the folder's path has become a link.
    pub(crate) fn replace(&self, name: &str, bytes: &[u8]) -> std::io::Result<()> {
        if std::fs::symlink_metadata(&self.0)?.file_type().is_symlink() {
            return Err(std::io::ErrorKind::NotADirectory.into());
        }
        let mut temp = tempfile::Builder::new().prefix(&format!(".{name}.")).tempfile_in(&self.0)?;
        temp.write_all(bytes)?;
        temp.persist(self.0.join(name)).map(drop).map_err(|e| e.error)
    }
}
