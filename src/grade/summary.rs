//! The class in a few numbers, as text: the verdicts at each n and the histogram of scores that
//! [`labs_grade::summary`] counts, under the table.
//!
//! Read next: `plot.rs`.

use crate::catalogue::say;
use crate::lang::Lang;

pub use labs_grade::summary::{AtSize, Bin, Census, counts};

/// The longest bar of the text histogram, in columns: a bar is a student each up to this many.
const BAR: usize = 40;

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
    lines.push(say!(lang, SummaryScores));
    let label = counts.scores.iter().map(|b| b.label.chars().count()).max().unwrap_or(1);
    let most = counts.scores.iter().map(|b| b.students).max().unwrap_or(0).max(BAR);
    for bin in &counts.scores {
        let bar = "█".repeat((bin.students * BAR).div_ceil(most));
        lines.push(format!("  {:>label$} │{bar} {}", bin.label, bin.students).trim_end().to_string());
    }
    lines
}
