//! `O_NOFOLLOW` on Unix: the kernel refuses a link at the file's own name.

use std::fs::OpenOptions;
use std::os::unix::fs::OpenOptionsExt;

/// Makes `options` refuse a link at the file's own name.
pub(super) fn no_follow(options: &mut OpenOptions) {
    options.custom_flags(libc::O_NOFOLLOW);
}
