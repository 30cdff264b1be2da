//! `labs grade`'s engine: a whole class judged by `labs-judge`, as data.
//!
//! A library of its own, below the `labs` binary, as the judge is: what a grading finds and keeps
//! is plain data here — the class's submissions ([`class`]), the journal's records and what
//! `--resume` reads from them ([`journal`]), a student's time run again ([`timed`]) beside the
//! variants' ([`baseline`]), each student's row ([`mark`]), one row per id ([`ids`]), copies
//! flagged ([`copies`]) and the class in numbers ([`summary`]). It holds no words, no language
//! and no command-line type, and no process-wide state: the binary scans the class folder, words
//! every sentence in the user's language from its catalogue, and renders the table, the exports,
//! the feedback files and the plot. It must not import clap, nor anything of the binary.
//!
//! Read first: `class.rs`, then `journal.rs`.

pub mod baseline;
pub mod class;
pub mod copies;
pub mod ids;
pub mod journal;
pub mod mark;
pub mod summary;
pub mod timed;
