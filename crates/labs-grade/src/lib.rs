//! `labs grade`'s engine: a whole class judged by `labs-judge`, as data.
//!
//! A library of its own, below the `labs` binary, as the judge is: what a grading finds and keeps
//! is plain data here — the class's submissions ([`class`]) as the scan finds them in a folder
//! ([`scan`]), the journal's records and what `--resume` reads from them ([`journal`]), a student's
//! time run again ([`timed`]) beside the variants' ([`baseline`]), each student's row ([`mark`]),
//! one row per id ([`ids`]), copies flagged ([`copies`]) and the class in numbers ([`summary`]).
//! What it does is the judging of a list of students `jobs` at a time under the session's stop
//! handle ([`jobs`]), where each result lands ([`landing`]) and the plan a journal makes for a
//! run that goes on from it ([`resume`]), each step reported as an [`event::Step`] to a
//! [`event::Reporter`] the caller hands in. It holds no words, no language and no command-line
//! type, and no process-wide state: the binary words every reason and sentence in the user's
//! language from its catalogue, and renders the table, the exports, the feedback files and the
//! plot. It must not import clap, nor anything of the binary.
//!
//! Read first: `class.rs` and `scan.rs`, then `journal.rs`, `resume.rs`, `jobs.rs` and `landing.rs`.

pub mod baseline;
pub mod class;
pub mod copies;
pub mod event;
pub mod ids;
pub mod jobs;
pub mod journal;
pub mod landing;
pub mod mark;
pub mod resume;
pub mod scan;
pub mod summary;
pub mod timed;
