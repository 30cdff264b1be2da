//! The portable backend's Unix glue (macOS, and Linux with `--features portable-backend`).

use crate::process::{Ended, Signal};
use process_wrap::std::{CommandWrap, ProcessSession};
use signal_hook::consts::signal::{SIGABRT, SIGBUS, SIGFPE, SIGKILL, SIGSEGV};
use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;

/// What a [`StopHandle`](crate::process::StopHandle) may hand over: a descriptor, which
/// this backend does not poll (it looks at the stop every tick).
pub type Wake<'a> = std::os::fd::BorrowedFd<'a>;

/// A session of its own: a process group one `killpg` reaches, and no controlling terminal.
pub(super) fn detach(command: &mut CommandWrap) {
    command.wrap(ProcessSession);
}

/// Marks close-on-exec every descriptor above 2 that this process inherited without the flag
/// (a shell's `7>>file`, a CI runner's pipe), so no program or compiler gets one; see
/// [`crate::process::take_charge`]. std opens its own with the flag, so what is open
/// before the first run is all there is to mark. The list is `/dev/fd`'s, which Linux and macOS
/// both have; the directory's own descriptor is in it, closed again by the time it is marked,
/// which then fails and does no harm.
pub(crate) fn take_charge() {
    let listed = std::fs::read_dir("/dev/fd").into_iter().flatten().flatten();
    let fds: Vec<libc::c_int> = listed.filter_map(|e| e.file_name().to_str()?.parse().ok()).collect();
    for fd in fds.into_iter().filter(|&fd| fd > 2) {
        // SAFETY: fcntl reads and sets only the descriptor's flags; a descriptor that is no
        // longer open makes it fail with EBADF, changing nothing.
        unsafe {
            let flags = libc::fcntl(fd, libc::F_GETFD);
            if flags >= 0 {
                libc::fcntl(fd, libc::F_SETFD, flags | libc::FD_CLOEXEC);
            }
        }
    }
}

/// How an exit status reads.
pub(super) fn ending(status: ExitStatus) -> Ended {
    match (status.code(), status.signal()) {
        (Some(code), _) => Ended::Exited(code),
        (None, Some(signal)) => Ended::Signalled(signal),
        (None, None) => Ended::Exited(-1),
    }
}

/// `signal`'s number here.
pub(crate) fn signal_number(signal: Signal) -> i32 {
    match signal {
        Signal::Segv => SIGSEGV,
        Signal::Bus => SIGBUS,
        Signal::Abrt => SIGABRT,
        Signal::Fpe => SIGFPE,
        Signal::Kill => SIGKILL,
    }
}

/// A file opened without following a link (`O_NOFOLLOW`), nor blocking on a FIFO, nor taking a
/// terminal: for [`super::file`].
pub(super) fn no_follow(options: &mut std::fs::OpenOptions) {
    use std::os::unix::fs::OpenOptionsExt;
    options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_NOCTTY);
}

/// A folder made 0700, whatever the umask lets others have: for [`super::file::private_dir`].
pub(super) fn owner_only(builder: &mut std::fs::DirBuilder) {
    use std::os::unix::fs::DirBuilderExt;
    builder.mode(0o700);
}

/// How many names the file has.
pub(super) fn links(meta: &std::fs::Metadata) -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    Some(meta.nlink())
}

/// Whether two metadata are of one file: the same device and inode.
pub(super) fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}
