//! JSON: the whole report as one document, with every run's time.
//!
//! `{"settings": …, "clock": "CPU time", "results": [one object per measured cell], "skipped":
//! [one per algorithm that stopped]}`. Times are seconds per search; each result carries its statistics, its comparisons
//! and `times`, one entry per timed run.

use crate::bench::compare::{Report, Row, Settings};
use crate::export::{Exporter, Json};
use crate::timing::Skip;
use serde::Serialize;
use std::io::{self, Write};

/// The document's shape.
#[derive(Serialize)]
struct Document<'a> {
    settings: &'a Settings,
    clock: &'a str,
    results: Vec<&'a Row>,
    skipped: Vec<&'a Skip>,
}

impl Exporter<Report> for Json {
    fn write(&self, report: &Report, out: &mut dyn Write) -> io::Result<()> {
        let document = Document {
            settings: &report.settings,
            clock: &report.clock,
            results: report.rows().collect(),
            skipped: report.skips().collect(),
        };
        serde_json::to_writer_pretty(&mut *out, &document)?;
        writeln!(out)
    }
}
