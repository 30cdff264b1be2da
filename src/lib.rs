//! # nqueens-labs: the N-Queens backtracking lab, side by side
//!
//! Five classic write-ups of the N-Queens lab each solve it their own way; this crate puts their
//! searches next to one another, faithfully, behind one interface, and adds a bitboard search as
//! the yardstick. Read the modules in this order:
//!
//! 1. [`solvers`] — the [`solvers::Visitor`] every variant streams through, then the variants:
//!    - [`solvers::naive`] (document 000): a board of squares; the check scans the whole board.
//!    - [`solvers::bordered`] (document 001): a framed board; the check walks to the frame.
//!    - [`solvers::cell`] (document 002, first program): place or skip every square; flags.
//!    - [`solvers::row`] (documents 002 and 003): one queen per row; three flag arrays.
//!    - [`solvers::kruse`] (document 004): a `Queens` board type, after Kruse & Ryba.
//!    - [`solvers::bits`] (ours): bitmasks, a whole row in one operation.
//! 2. [`format`](mod@format) — how a stream of solutions becomes the exact bytes a document printed.
//! 3. [`trace`] — one variant's search step by step, from the solver's own events: the lab's lens;
//!    [`trace::page`] replays it as a web page.
//! 4. [`verify`] — every variant against OEIS, against `row`'s stream and an independent check.
//! 5. [`sheets`] — the lab sheets of `labs/`, one per variant, printed by `labs lab`; [`markdown`]
//!    draws them for a terminal, breaking Chinese and English lines by their own rules.
//! 6. [`interactive`] — document 004's question-and-answer session around the `kruse` format.
//! 7. [`judge`] — an online judge on the student's machine, for their own programs.
//! 8. [`bench`](mod@bench) — `labs bench`: the variants timed side by side with their work, as a table,
//!    Markdown, CSV, JSON and an SVG plot; its workloads are the ones `cargo bench` times.
//! 9. [`grade`] — `labs grade`: a whole class judged, and timed beside the variants.
//! 10. [`count`] — `labs count`: bitboards, one board per symmetry class, every core.
//! 11. [`solve`] and [`checker`] — past backtracking: one solution for huge n, a partial board
//!     completed, and a checker (`labs solve`, `labs check`).
//! 12. [`flags`], [`app`], [`error`] — the `labs` command: its flags made a plan of checked
//!     configurations ([`flags::plan`]) that `app` runs, and [`judging`], the judge's host and
//!     words; [`catalogue`] — every sentence it says, in English and Chinese side by
//!     side, in the language [`lang`] chose; [`doctor`] — what this build is and what it found
//!     here (`labs --version`, `labs doctor`).
//!
//! Below the commands, the helpers they share: [`input`], [`flags::names`] (names as users type them),
//! [`width`] (output that fits the terminal), [`lines`] (where a line may break), [`interrupt`] (Ctrl-C and the stop signals, for
//! `judge`, `grade` and `count`), [`term`], [`units`], [`escape`], [`export`].

pub use labs_judge as judge;
pub use nqueens::{format, solvers};
pub use nqueens_count as count;

pub mod app;
pub mod bench;
pub mod catalogue;
pub mod chart;
pub mod checker;
pub mod doctor;
pub mod error;
pub mod escape;
pub mod estimate;
pub mod export;
pub mod facts;
pub mod flags;
pub mod grade;
pub mod input;
pub mod interactive;
pub mod interrupt;
pub mod judging;
pub mod lang;
pub mod lines;
pub mod markdown;
pub mod outfile;
pub mod sheets;
pub mod solve;
pub mod term;
pub mod timing;
pub mod trace;
pub mod units;
pub mod verify;
pub mod watch;
pub mod width;
