//! The portable backend's Windows glue: a Job Object, a console process group of its own, no
//! console window. Built by design, not by CI here (no Windows standard library can be had).

use crate::process::{Ended, Signal};
use process_wrap::std::{CommandWrap, CreationFlags, JobObject};
use std::process::ExitStatus;
use windows::Win32::System::Threading::{CREATE_NEW_PROCESS_GROUP, CREATE_NO_WINDOW};

/// What a [`StopHandle`](crate::process::StopHandle) may hand over: nothing to wait on
/// here (this backend looks at the stop every tick).
pub type Wake<'a> = std::marker::PhantomData<&'a ()>;

/// In a Job Object (everything it starts joins it; one call ends them all), in a console
/// process group of its own (Ctrl-C is not sent to it), with no console window (so it cannot
/// write to the user's console); inside `labs`' own Job Object, where [`take_charge`] made one.
pub(super) fn detach(command: &mut CommandWrap) {
    command.wrap(CreationFlags(CREATE_NEW_PROCESS_GROUP | CREATE_NO_WINDOW));
    command.wrap(JobObject);
}

/// Puts this process in a Job Object that ends everything in it when its last handle closes
/// (kill-on-close); see [`crate::process::take_charge`]. That handle is never closed
/// here, so Windows closes it when `labs` ends, however it ends (Task Manager included), and
/// everything `labs` started ends with it: each run's own Job Object (process-wrap's, which sets
/// no kill-on-close) nests inside this one (Windows 8 and later). Where the job cannot be made
/// or joined, runs are still ended at their end and at Ctrl-C. A second call would nest a
/// second job: the caller calls it once.
pub(crate) fn take_charge() {
    let mut kill_on_close = win32job::ExtendedLimitInfo::new();
    kill_on_close.limit_kill_on_job_close();
    if let Ok(job) = win32job::Job::create_with_limit_info(&kill_on_close)
        && job.assign_current_process().is_ok()
    {
        // Kept open until labs ends: its closing is what ends the job's processes.
        let _ = job.into_handle();
    }
}

/// How an exit status reads: a crash is an exit code here, an NTSTATUS that
/// [`crate::system::System::exception`] names.
pub(super) fn ending(status: ExitStatus) -> Ended {
    Ended::Exited(status.code().unwrap_or(-1))
}

/// `signal`'s number, as the C runtime numbers it: Windows has no signals that end a program
/// from outside, so these only name the C runtime's own (`raise`, `abort`).
pub(crate) fn signal_number(signal: Signal) -> i32 {
    match signal {
        Signal::Segv => 11,
        Signal::Fpe => 8,
        Signal::Abrt => 22,
        // No such signals on Windows: numbers no program ends with.
        Signal::Bus => -7,
        Signal::Kill => -9,
    }
}

/// A reparse point (a symbolic link, a junction) opened as itself, never followed
/// (`FILE_FLAG_OPEN_REPARSE_POINT`, which std names no constant for): for [`super::file`].
pub(super) fn no_follow(options: &mut std::fs::OpenOptions) {
    use std::os::windows::fs::OpenOptionsExt;
    const FILE_FLAG_OPEN_REPARSE_POINT: u32 = 0x0020_0000;
    options.custom_flags(FILE_FLAG_OPEN_REPARSE_POINT);
}

/// Nothing to set: a folder made in the user's temporary directory (under their profile) gets
/// that directory's access list, their own, for [`super::file::private_dir`].
pub(super) fn owner_only(_: &mut std::fs::DirBuilder) {}

/// How many names the file has: std's `number_of_links` is not stable, so not known here.
pub(super) fn links(_: &std::fs::Metadata) -> Option<u64> {
    None
}

/// Whether two metadata are of one file, as far as std tells on Windows (no file index): the
/// same size, creation and modification times.
pub(super) fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    a.len() == b.len() && a.created().ok() == b.created().ok() && a.modified().ok() == b.modified().ok()
}
