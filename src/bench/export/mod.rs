//! The report as files: Markdown, CSV and JSON, one small [`Exporter`] each.
//!
//! An exporter turns a [`Report`] into bytes on any [`Write`]; it never knows whether they go to
//! a file or to stdout (`-`), which `labs bench` decides. Markdown is for pasting into a lab
//! report (one time unit per column, like the terminal table); CSV and JSON are for programs, with
//! every time in seconds at full precision and, in JSON, every run's time.
//!
//! Read next: `plot.rs`, the same report as a picture.

mod csv;
mod json;
mod markdown;

use super::compare::Report;
use std::io::{self, Write};

/// Writes a report in one format.
pub trait Exporter {
    /// Writes all of `report` to `out`.
    fn write(&self, report: &Report, out: &mut dyn Write) -> io::Result<()>;
}

/// The export formats `labs bench` offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Export {
    /// A Markdown table with its notes.
    Markdown,
    /// Comma-separated values, one line per cell.
    Csv,
    /// One JSON document with every run's time.
    Json,
}

impl Export {
    /// The flag that asks for it.
    pub fn flag(self) -> &'static str {
        match self {
            Export::Markdown => "--export-markdown",
            Export::Csv => "--export-csv",
            Export::Json => "--export-json",
        }
    }

    /// Its exporter.
    pub fn exporter(self) -> &'static dyn Exporter {
        match self {
            Export::Markdown => &markdown::Markdown,
            Export::Csv => &csv::Csv,
            Export::Json => &json::Json,
        }
    }

    /// `report` in this format, as text.
    pub fn to_string(self, report: &Report) -> String {
        let mut bytes = Vec::new();
        self.exporter().write(report, &mut bytes).expect("writing to a Vec cannot fail");
        String::from_utf8(bytes).expect("exporters write UTF-8")
    }
}
