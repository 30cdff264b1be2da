//! `labs bench`'s report as files: Markdown, CSV and JSON, each an implementation of the one
//! [`Exporter`](crate::export::Exporter) trait every command's exports share.
//!
//! Markdown is for pasting into a lab report (one time unit per column, like the terminal
//! table); CSV and JSON are for programs, with every time in seconds at full precision and, in
//! JSON, every run's time.
//!
//! Read next: `plot.rs`, the same report as a picture.

mod csv;
mod json;
mod markdown;
