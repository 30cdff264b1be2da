//! `O_NOFOLLOW` on Unix: the kernel refuses a link at the file's own name.

use std::fs::OpenOptions;
use std::os::unix::fs::OpenOptionsExt;

/// Makes `options` refuse a link at the file's own name.
pub(super) fn no_follow(options: &mut OpenOptions) {
    options.custom_flags(libc::O_NOFOLLOW);
}

#[cfg(test)]
mod tests {
    use super::super::{Unopened, open};
    use std::fs::OpenOptions;

    #[test]
    fn a_link_is_refused_and_its_target_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let (target, link) = (dir.path().join("target"), dir.path().join("link"));
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let mut options = OpenOptions::new();
        options.append(true).create(true);
        assert!(matches!(open(&link, &options), Err(Unopened::Link)));
        assert!(!target.exists(), "a dangling link's target is never made");
        assert!(open(&dir.path().join("plain"), &options).is_ok());
    }
}
