//! Markdown: the table of the terminal, for a lab report or a README.
//!
//! Same rows, units and notes as `table.rs`, with exact counts instead of shrunk ones, n and the
//! solutions on every row, the first search's time beside the median, and the relative speed with its spread (`3.21 ± 0.05`), as hyperfine
//! writes it. Skipped cells keep their row.

use crate::bench::compare::{Entry, Report};
use crate::bench::table::{learned_mark, notes};
use crate::export::{Exporter, Markdown};
use crate::units::{TimeUnit, fixed, to_precision_of};
use std::io::{self, Write};

impl Exporter<Report> for Markdown {
    fn write(&self, report: &Report, out: &mut dyn Write) -> io::Result<()> {
        let unit = TimeUnit::fitting(&report.rows().map(|r| r.stats.median).collect::<Vec<_>>());
        let u = unit.symbol();
        let mark = learned_mark(report);
        writeln!(
            out,
            "| n | algo | solutions | nodes | probes | median [{u}] | ±σ [{u}] | min…max [{u}] | first [{u}] | ns/node | ns/step | ×ref | ×work | ×n−1 |",
        )?;
        writeln!(out, "|--:|:--|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")?;
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
                        "| {} | `{}` | {} | {} | {} | {median}{} | {} | {}…{} | {} | {} | {} | {} | {} | {} |",
                        r.n,
                        r.algo,
                        r.solutions,
                        r.nodes,
                        r.probes,
                        mark(r).trim_end().replace('*', "\\*"),
                        r.stats.stddev.map(|s| to_precision_of(s / unit.seconds(), &median)).unwrap_or_default(),
                        unit.format(r.stats.min),
                        unit.format(r.stats.max),
                        unit.format(r.first),
                        fixed(r.ns_per_node),
                        fixed(r.ns_per_step),
                        speed,
                        fixed(r.relative_work),
                        r.growth.map(fixed).unwrap_or_default()
                    )?;
                }
                Entry::Skipped(s) => writeln!(out, "| {} | `{}` | | | | skipped | | | | | | | | |", s.n, s.algo)?,
            }
        }
        writeln!(out)?;
        // A file for a course site: in English, as the CSV and JSON are.
        for line in notes(report, crate::lang::Lang::En) {
            // The learned note's `*` would start a list.
            let line = if line.starts_with("* ") { format!("\\{line}") } else { line };
            writeln!(out, "{line}  ")?;
        }
        Ok(())
    }
}
