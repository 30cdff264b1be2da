//! Systems without `O_NOFOLLOW` in std (Windows): the look before the open
//! ([`super::refuse_link`]) is all there is; see the module above for the gap that leaves.

use std::fs::OpenOptions;

/// Nothing to add: see [`super::refuse_link`].
pub(super) fn no_follow(_options: &mut OpenOptions) {}
