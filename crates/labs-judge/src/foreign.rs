//! A file in a folder someone else controls (a student's, in a class nobody checked), opened
//! once and read from that one descriptor: never a link followed, never a second name of another
//! file, never more than a cap.
//!
//! A grader that looks at a path and later opens it again reads whatever the path names by then:
//! a file swapped for a symbolic link in between, or a hard link to `/etc/shadow` that was never a
//! link to look at. So [`read`] opens the file without following a link, in the file's own name
//! and in every folder's on the way from the folder it is given, and then asks the opened
//! descriptor, not the path, what it is: a regular file, with no second name (`nlink` 1, or 0 for one renamed over since it was opened), within the
//! cap. Its bytes are read from that descriptor, bounded by the cap plus one byte, so a file that
//! grows while it is read is caught too; the caller keeps those bytes (hashes them, builds a copy
//! of them) and never goes back to the path.
//!
//! What each backend holds (docs/judge.md, `The class scan`): on Linux every folder and the file
//! are opened relative to the one before (`openat` with `O_NOFOLLOW`), so nothing swapped at any
//! moment is followed. The portable backend, with std alone, checks each folder before and after
//! the file is opened and opens the file without following it where the system has a flag for
//! that (`O_NOFOLLOW` on Unix; a reparse point is opened as itself on Windows); Windows gives std
//! no link count, so a hard link is not seen there.

use std::io::{self, Read};
use std::path::{Component, Path};

/// Why a file was not read.
#[derive(Debug)]
pub enum Unread {
    /// The file, or a folder on the way to it, is a symbolic link (or another reparse point).
    Link,
    /// It is no regular file: a folder, a FIFO, a device, a socket.
    NotAFile,
    /// It has this many names (a hard link): it may be any file of the system's.
    Linked(u64),
    /// Its size, over the cap: never read.
    TooLarge(u64),
    /// It grew past the cap while it was read.
    Grew,
    /// It could not be opened or read.
    Io(io::Error),
}

impl From<io::Error> for Unread {
    fn from(e: io::Error) -> Unread {
        Unread::Io(e)
    }
}

/// What an opened descriptor says of its file.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Found {
    /// A regular file.
    pub(crate) regular: bool,
    /// Its names (`st_nlink`), where the system says.
    pub(crate) links: Option<u64>,
    /// Its size in bytes.
    pub(crate) len: u64,
}

/// The bytes of the file `inside` names in `dir` (a relative path of plain names), at most
/// `max` of them, read from one descriptor opened without following a link anywhere below `dir`
/// (`dir` itself is the caller's and is followed), or why it was not read.
pub fn read(dir: &Path, inside: &Path, max: u64) -> Result<Vec<u8>, Unread> {
    if inside.as_os_str().is_empty() || !inside.components().all(|c| matches!(c, Component::Normal(_))) {
        return Err(Unread::Io(io::Error::from(io::ErrorKind::InvalidInput)));
    }
    let (file, found) = crate::backend::open_foreign(dir, inside)?;
    if !found.regular {
        return Err(Unread::NotAFile);
    }
    // No name at all is a file removed (renamed over) after it was opened: what was opened is
    // still the file that had that name, and no other file's.
    if let Some(links) = found.links.filter(|&n| n > 1) {
        return Err(Unread::Linked(links));
    }
    if found.len > max {
        return Err(Unread::TooLarge(found.len));
    }
    let mut bytes = Vec::new();
    file.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    match bytes.len() as u64 > max {
        true => Err(Unread::Grew),
        false => Ok(bytes),
    }
}

/// A folder that others may write in too (a 1777 share), that labs writes files into: opened
/// once, its own name not followed if it is a link, and every file then made in the folder
/// opened, not in whatever its path names later. A folder swapped for a link to `/root` after it
/// was opened is never written through (on Linux; the portable backend, with std alone, looks at
/// the path again before each file and refuses a link it finds there).
#[derive(Debug)]
pub struct Folder(crate::backend::OpenFolder);

/// Why a [`Folder`] was not opened.
#[derive(Debug)]
pub enum Unopened {
    /// Its own name (a folder's, a file's) is a symbolic link (or another reparse point).
    Link,
    /// It could not be made or opened.
    Io(io::Error),
}

impl Folder {
    /// The folder at `path`, made first if it is missing (with its parents, which are the
    /// caller's and are followed), opened without following a link at its own name.
    pub fn open(path: &Path) -> Result<Folder, Unopened> {
        if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(Unopened::Link);
        }
        std::fs::create_dir_all(path).map_err(Unopened::Io)?;
        crate::backend::OpenFolder::open(path).map(Folder)
    }

    /// Writes `bytes` as the file `name` (a plain name) in the folder: into a new file of its own
    /// first (made exclusively, so never through a link), then renamed over `name`, which replaces
    /// whatever was there (a file, or a link itself, never a link's target).
    pub fn replace(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        if !matches!(Path::new(name).components().collect::<Vec<_>>()[..], [Component::Normal(_)]) {
            return Err(io::Error::from(io::ErrorKind::InvalidInput));
        }
        self.0.replace(name, bytes)
    }
}

/// A fresh private directory (mode 0700 on Unix) for the copies a grader judges, removed with
/// it, and by the next `labs` that starts a judging if this one is killed first: held by a lock
/// as a build's is ([`crate::scratch`]).
pub fn snapshot() -> io::Result<crate::scratch::Scratch> {
    crate::scratch::Scratch::new("class")
}

/// `text` with every control character written as a visible escape (`\r`, `\e`, `\x07`, …), and
/// every bidirectional formatting character as `\u{202e}`; other characters unchanged: how a name
/// or a line of someone else's is shown to a person, so that it cannot move the cursor, colour
/// the screen or reorder the text around it.
pub fn visible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\0' => out.push_str("\\0"),
            '\x1b' => out.push_str("\\e"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if bidi(c) => out.push_str(&format!("\\u{{{:04x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// Whether `c` is a bidirectional formatting character, which reorders the text around it on
/// screen (U+202E makes `exe.c` read as `c.exe`): shown as `\u{202e}`, never sent.
fn bidi(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn a_plain_file_is_read_and_capped() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("bob")).unwrap();
        std::fs::write(dir.path().join("bob/Main.java"), "class Main {}").unwrap();
        let read = |max| read(dir.path(), Path::new("bob/Main.java"), max);
        assert_eq!(read(13).unwrap(), b"class Main {}");
        assert!(matches!(read(12), Err(Unread::TooLarge(13))));
        assert!(matches!(super::read(dir.path(), Path::new("bob"), 99), Err(Unread::NotAFile)));
        assert!(matches!(super::read(dir.path(), Path::new("../x"), 99), Err(Unread::Io(_))));
        assert!(matches!(super::read(dir.path(), Path::new("none.c"), 99), Err(Unread::Io(_))));
    }
}
