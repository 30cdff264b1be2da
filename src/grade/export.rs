//! The gradebook as files: Markdown, CSV and JSON, through the [`Exporter`] trait `labs bench`
//! uses too.
//!
//! Every entry of the class is a row in each, graded or not. Markdown is the terminal's table
//! and notes, for the course's pages, with the HTML in any name shown, not run
//! ([`markdown_text`]); every CSV text field is [`csv_field`]'s, which keeps a name like
//! `=HYPERLINK(…)` from being a formula. CSV is the gradebook, one line per
//! student for a spreadsheet, in the roster's order with `--roster` ([`super::roster`]): the
//! student id and name ([`Identity`]), the roster's other columns (班级), the entry, the verdict at
//! each n (one column each, `n4`, `n6`, …), the score out of 100, the judge's verdict, the
//! format the student was judged by (`format`, only when several are allowed), the largest n
//! accepted, its time in seconds and memory in bytes at full precision, the
//! ratios to the variants, whether it ran in the sandbox, and the students whose sources or
//! wrong outputs are like theirs (`similar_to`: `bob 0.93; carol 0.07`, [`super::copies`]),
//! under headers in the gradebook's language (`学号,姓名,提交,n4,…` under `--lang zh`; `n4` and
//! `x_row` in both). The Markdown export has the roster's other columns after the student's.
//! JSON holds everything: every test point of every student with its times, the variants'
//! times, the summary; its keys are English in every language, for the programs that read it.

use super::baseline::VARIANTS;
use super::book::{Gradebook, Outcome, how_graded, listed_rows, notes};
use super::class::{Identity, entry_stem};
use super::roster::Listed;
use super::table::{book_headers, book_row, format_of, score_100};
use crate::catalogue::say;
use crate::export::{Csv, Exporter, Json, Markdown, csv_field, markdown_text};
use std::io::{self, Write};

impl Exporter<Gradebook> for Markdown {
    fn write(&self, book: &Gradebook, out: &mut dyn Write) -> io::Result<()> {
        for line in how_graded(book) {
            writeln!(out, "{}  ", markdown_text(&line))?;
        }
        writeln!(out)?;
        // The roster's other columns stand after the student's.
        let mut headers = book_headers(book);
        headers[1] = format!("`{}`", headers[1]);
        let columns = book.roster.columns.iter().map(|c| markdown_text(c));
        headers.splice(1..1, columns);
        writeln!(out, "| {} |", headers.join(" | "))?;
        let kept = ":--|".repeat(book.roster.columns.len());
        let format = if book.session.several_formats() { ":--|" } else { "" };
        writeln!(out, "|:--|{kept}:--|:--|--:|--:|--:|--:|{}{format}", "--:|".repeat(VARIANTS.len()))?;
        for (each, listed) in listed_rows(book) {
            let mut cells: Vec<String> = book_row(book, each).iter().map(|c| markdown_text(c)).collect();
            if !cells[1].is_empty() {
                cells[1] = format!("`{}`", cells[1]);
            }
            cells.splice(1..1, extra(book, listed).iter().map(|c| markdown_text(c)));
            writeln!(out, "| {} |", cells.join(" | "))?;
        }
        writeln!(out)?;
        for line in notes(book) {
            writeln!(out, "{}  ", markdown_text(&line))?;
        }
        Ok(())
    }
}

/// A row's cells of the roster's other columns: its roster student's, or blank.
fn extra(book: &Gradebook, listed: Option<&Listed>) -> Vec<String> {
    match listed {
        Some(listed) => listed.extra.clone(),
        None => vec![String::new(); book.roster.columns.len()],
    }
}

/// The CSV export's header, in the gradebook's language: the id, the name, the roster's other
/// columns, the entry, the verdict at each n, the score out of 100 and the judge's, the format
/// judged by (only when several are allowed), the largest
/// n accepted, its time and memory, the ratios, the sandbox, the similar sources.
fn csv_header(book: &Gradebook) -> Vec<String> {
    let lang = book.session.lang;
    let mut header = vec![say!(lang, CsvId), say!(lang, CsvName)];
    header.extend(book.roster.columns.iter().cloned());
    header.push(say!(lang, CsvStudent));
    header.extend(book.session.sizes.iter().map(|n| format!("n{n}")));
    header.extend([say!(lang, CsvScore), say!(lang, CsvVerdict)]);
    if book.session.several_formats() {
        header.push(say!(lang, CsvFormat));
    }
    header.push(say!(lang, CsvLargest));
    header.extend([say!(lang, CsvSeconds), say!(lang, CsvPeakBytes)]);
    header.extend(VARIANTS.iter().map(|a| format!("x_{}", a.name())));
    header.extend([say!(lang, CsvSandboxed), say!(lang, CsvSimilar)]);
    header.iter().map(|h| csv_field(h)).collect()
}

impl Exporter<Gradebook> for Csv {
    fn write(&self, book: &Gradebook, out: &mut dyn Write) -> io::Result<()> {
        let header = csv_header(book);
        writeln!(out, "{}", header.join(","))?;
        let opt = |v: Option<String>| v.unwrap_or_default();
        let apart: std::collections::HashSet<&str> = book.apart.iter().map(String::as_str).collect();
        for (each, listed) in listed_rows(book) {
            let kept = extra(book, listed).iter().map(|c| csv_field(c)).collect::<Vec<_>>();
            let mark = match each {
                Outcome::Graded(mark) => mark,
                Outcome::Missing(who) => {
                    let mut fields = vec![csv_field(&who.id), csv_field(&who.name)];
                    fields.extend(kept);
                    fields.push(String::new());
                    fields.extend(book.session.sizes.iter().map(|_| String::new()));
                    fields.push("0".into());
                    fields.push(csv_field(&say!(book.session.lang, NoSubmission)));
                    fields.resize(header.len(), String::new());
                    writeln!(out, "{}", fields.join(","))?;
                    continue;
                }
                Outcome::NotGraded(skipped) => {
                    let stem = entry_stem(&skipped.entry);
                    let mut who = listed.map_or_else(|| Identity::of(&stem), |l| l.identity.clone());
                    // An entry listed apart is never exported under the id another row holds.
                    if listed.is_none() && apart.contains(stem.as_str()) {
                        who.id.clear();
                    }
                    let mut fields = vec![csv_field(&who.id), csv_field(&who.name)];
                    fields.extend(kept);
                    fields.push(csv_field(&skipped.entry));
                    fields.extend(book.session.sizes.iter().map(|_| String::new()));
                    fields.push(String::new());
                    fields.push(csv_field(&skipped.score));
                    fields.resize(header.len(), String::new());
                    writeln!(out, "{}", fields.join(","))?;
                    continue;
                }
            };
            let g = &mark.graded;
            let who = &mark.identity;
            let mut fields = vec![csv_field(&who.id), csv_field(&who.name)];
            fields.extend(kept);
            fields.push(csv_field(&g.student));
            fields.extend(book.session.sizes.iter().map(|n| match &g.compile_error {
                Some(_) => "CE".to_string(),
                None => g.points.iter().find(|p| p.n == *n).map(|p| csv_field(&p.code)).unwrap_or_default(),
            }));
            fields.push(score_100(mark.score_100));
            fields.push(csv_field(&g.score));
            if book.session.several_formats() {
                fields.push(csv_field(format_of(each)));
            }
            fields.push(opt(mark.largest.map(|n| n.to_string())));
            fields.push(opt(mark.seconds.map(|s| s.to_string())));
            fields.push(opt(mark.peak_bytes.map(|b| b.to_string())));
            fields.extend(mark.against.iter().map(|a| opt(a.ratio.map(|r| r.to_string()))));
            fields.push(g.sandboxed.to_string());
            fields.push(csv_field(&super::copies::partners(&book.copies, &g.student, book.session.lang)));
            writeln!(out, "{}", fields.join(","))?;
        }
        Ok(())
    }
}

impl Exporter<Gradebook> for Json {
    fn write(&self, book: &Gradebook, out: &mut dyn Write) -> io::Result<()> {
        serde_json::to_writer_pretty(&mut *out, book)?;
        writeln!(out)
    }
}
