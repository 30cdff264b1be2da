//! The toolkit's own commands (run, trace, count, verify, bench, lab, the page, the plots) and the
//! project's own checks (layout, twins, sheets), as one test binary. Each binary links the crate
//! and all its dependencies: these thirteen took twice the CPU time to build as thirteen binaries
//! (47 s against 23 s), and as one their tests share the cores as one queue.
//!
//! The judge's and the grader's tests keep binaries of their own: they look for survivors among
//! every process below the test process (tests/judging), which a test here that starts `labs`
//! without watching it would be taken for.

#[path = "../common/mod.rs"]
mod common;

mod agree;
mod bench;
mod chinese;
mod cli;
mod count;
mod golden;
mod help;
mod interactive;
mod judge_input;
mod layout;
mod local_page;
mod page;
// The PNG plot's test decodes pictures with resvg, which only the `png` feature brings.
#[cfg(feature = "png")]
mod plot;
mod sheets;
mod solve;
mod trace;
mod twins;
mod verify;
