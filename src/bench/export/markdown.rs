//! Markdown: the table of the terminal, for a lab report or a README.
//!
//! Same rows, units and notes as `table.rs`, with exact counts instead of shrunk ones, n and the
//! solutions on every row, and the relative speed with its spread (`3.21 ± 0.05`), as hyperfine
//! writes it. Skipped cells keep their row.

use crate::bench::compare::{Entry, Report};
use crate::bench::table::notes;
use crate::export::{Exporter, Markdown};
use crate::units::{TimeUnit, fixed, to_precision_of};
use std::io::{self, Write};

impl Exporter<Report> for Markdown {
    fn write(&self, report: &Report, out: &mut dyn Write) -> io::Result<()> {
        let unit = TimeUnit::fitting(&report.rows().map(|r| r.stats.median).collect::<Vec<_>>());
        let u = unit.symbol();
        writeln!(
            out,
            "| n | algo | solutions | nodes | probes | median [{u}] | ±σ [{u}] | min…max [{u}] | ns per node | ×ref | ×work | ×n−1 |",
        )?;
        writeln!(out, "|--:|:--|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")?;
        for entry in &report.entries {
            match entry {
                Entry::Measured(r) => {
                    let speed = fixed(r.relative_speed);
                    let speed = match r.relative_speed_stddev {
                        Some(s) => format!("{speed} ± {}", to_precision_of(s, &speed)),
                        None => speed,
                    };
                    let median = unit.format(r.stats.median);
                    writeln!(
                        out,
                        "| {} | `{}` | {} | {} | {} | {median} | {} | {}…{} | {} | {} | {} | {} |",
                        r.n,
                        r.algo,
                        r.solutions,
                        r.nodes,
                        r.probes,
                        r.stats.stddev.map(|s| to_precision_of(s / unit.seconds(), &median)).unwrap_or_default(),
                        unit.format(r.stats.min),
                        unit.format(r.stats.max),
                        fixed(r.ns_per_node),
                        speed,
                        fixed(r.relative_work),
                        r.growth.map(fixed).unwrap_or_default()
                    )?;
                }
                Entry::Skipped(s) => writeln!(out, "| {} | `{}` | | | | skipped | | | | | | |", s.n, s.algo)?,
            }
        }
        writeln!(out)?;
        for line in notes(report) {
            writeln!(out, "{line}  ")?;
        }
        Ok(())
    }
}
