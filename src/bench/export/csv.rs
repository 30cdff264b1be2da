//! CSV: one line per cell, every number as measured, for a spreadsheet or a script.
//!
//! Times are seconds per search at full precision; empty fields mean "not applicable" (no
//! spread for one run, no growth without n − 1, nothing but the reason for a skipped cell). Only
//! the reason can hold a comma or a quote, and it is quoted as RFC 4180 says.

use crate::bench::compare::{Entry, Report};
use crate::export::{Csv, Exporter};
use std::io::{self, Write};

/// The first line.
const HEADER: &str = "n,algo,solutions,nodes,probes,runs,first,learned,median,min,max,mean,stddev,\
ns_per_node,ns_per_step,reference,relative_speed,relative_speed_stddev,relative_work,growth,skipped";

impl Exporter<Report> for Csv {
    fn write(&self, report: &Report, out: &mut dyn Write) -> io::Result<()> {
        let opt = |v: Option<f64>| v.map(|v| v.to_string()).unwrap_or_default();
        writeln!(out, "{HEADER}")?;
        for entry in &report.entries {
            match entry {
                Entry::Measured(r) => writeln!(
                    out,
                    "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},",
                    r.n,
                    r.algo,
                    r.solutions,
                    r.nodes,
                    r.probes,
                    r.times.len(),
                    r.first,
                    r.learned,
                    r.stats.median,
                    r.stats.min,
                    r.stats.max,
                    r.stats.mean,
                    opt(r.stats.stddev),
                    r.ns_per_node,
                    r.ns_per_step,
                    r.reference,
                    r.relative_speed,
                    opt(r.relative_speed_stddev),
                    r.relative_work,
                    opt(r.growth),
                )?,
                Entry::Skipped(s) => {
                    writeln!(out, "{},{},,,,,,,,,,,,,,,,,,,\"{}\"", s.n, s.algo, s.reason.replace('"', "\"\""))?
                }
            }
        }
        Ok(())
    }
}
