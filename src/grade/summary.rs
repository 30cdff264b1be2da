//! The class in a few numbers, beyond the gradebook's sentence: how many students got each
//! verdict at each n, and how the students spread over the largest n they were accepted on.
//!
//! Pure functions of the marks, so that a test pins them from fixed records. A Compile Error
//! counts at every n (the student ran nowhere); a test point a student never reached (not run
//! after a Time Limit Exceeded) counts as "not run". The histogram is of the largest n
//! accepted, a bin per test size and one for no size at all; [`render`] draws both as text,
//! and `plot.rs` draws the histogram as bars.
//!
//! Read next: `plot.rs`.

use super::book::Mark;
use crate::catalogue::say;
use crate::lang::Lang;
use serde::Serialize;

/// The verdict codes in the order the counts show them; a code not listed comes after.
const ORDER: [&str; 9] = ["AC", "WA", "PE", "TLE", "MLE", "OLE", "RE", "CE", "-"];

/// The longest bar of the text histogram, in columns: a bar is a student each up to this many.
const BAR: usize = 40;

/// How many students got each verdict at one n.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AtSize {
    /// Board size.
    pub n: usize,
    /// (verdict code, students), in `ORDER`; `-` for not run.
    pub counts: Vec<(String, usize)>,
}

/// One bar of the histogram.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bin {
    /// What the bar stands for: a board size, or `–` for none accepted.
    pub label: String,
    /// Students in it.
    pub students: usize,
}

/// The class's verdicts per n and its histogram.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Census {
    /// One per test size, in order.
    pub verdicts: Vec<AtSize>,
    /// The students by the largest n accepted: a bin per size, ascending, then none.
    pub largest: Vec<Bin>,
}

/// The counts of `marks` over `sizes`.
pub fn counts(marks: &[Mark], sizes: &[usize]) -> Census {
    let code = |m: &Mark, n: usize| -> String {
        match &m.graded.compile_error {
            Some(_) => "CE".into(),
            None => m.graded.points.iter().find(|p| p.n == n).map_or("-".into(), |p| p.code.clone()),
        }
    };
    let verdicts = sizes
        .iter()
        .map(|&n| {
            let mut counts: Vec<(String, usize)> = Vec::new();
            for m in marks {
                let c = code(m, n);
                match counts.iter_mut().find(|(k, _)| *k == c) {
                    Some((_, count)) => *count += 1,
                    None => counts.push((c, 1)),
                }
            }
            counts.sort_by_key(|(c, _)| (ORDER.iter().position(|o| o == c).unwrap_or(ORDER.len()), c.clone()));
            AtSize { n, counts }
        })
        .collect();
    let mut largest: Vec<Bin> = sizes
        .iter()
        .map(|&n| Bin { label: n.to_string(), students: marks.iter().filter(|m| m.largest == Some(n)).count() })
        .collect();
    largest.push(Bin { label: "–".into(), students: marks.iter().filter(|m| m.largest.is_none()).count() });
    Census { verdicts, largest }
}

/// The counts as text, in `lang`: a line per n with each verdict's count, then the histogram,
/// a `█` per student (scaled to `BAR` columns in a larger class).
pub fn render(counts: &Census, lang: Lang) -> Vec<String> {
    if counts.verdicts.is_empty() {
        return Vec::new();
    }
    let mut lines = vec![say!(lang, SummaryVerdicts)];
    let width = counts.verdicts.iter().map(|t| t.n.to_string().len()).max().unwrap_or(1);
    for tally in &counts.verdicts {
        let each: Vec<String> = tally.counts.iter().map(|(code, k)| format!("{code} {k}")).collect();
        lines.push(format!("  n = {:>width$}: {}", tally.n, each.join(", ")));
    }
    lines.push(say!(lang, SummaryLargest));
    let label = counts.largest.iter().map(|b| b.label.chars().count()).max().unwrap_or(1);
    let most = counts.largest.iter().map(|b| b.students).max().unwrap_or(0).max(BAR);
    for bin in &counts.largest {
        let bar = "█".repeat((bin.students * BAR).div_ceil(most));
        lines.push(format!("  {:>label$} │{bar} {}", bin.label, bin.students).trim_end().to_string());
    }
    lines
}
