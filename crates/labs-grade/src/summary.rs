//! The class in a few numbers, beyond the gradebook's sentence: how many students got each
//! verdict at each n, and how the students spread over the scores out of 100.
//!
//! Pure functions of the marks, so that a test pins them from fixed records. A Compile Error
//! counts at every n (the student ran nowhere); a test point a student never reached (not run
//! after a Time Limit Exceeded) counts as "not run". The histogram is of the score, in bins of
//! ten points (0–9, 10–19, …, 90–99) and one for a full 100: the bins a course's grade
//! bands are drawn from. The binary draws both as text under the table, and the histogram as
//! bars in its plot.
//!
//! Read next: `ids.rs`, one row per student id.

use crate::mark::Mark;
use serde::Serialize;

/// The verdict codes in the order the counts show them; a code not listed comes after.
const ORDER: [&str; 9] = ["AC", "WA", "PE", "TLE", "MLE", "OLE", "RE", "CE", "-"];

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
    /// What the bar stands for: the scores `60–69`, or `100`.
    pub label: String,
    /// Students in it.
    pub students: usize,
}

/// The class's verdicts per n and its histogram.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Census {
    /// One per test size, in order.
    pub verdicts: Vec<AtSize>,
    /// The students by their score out of 100: ten bins of ten points, then 100.
    pub scores: Vec<Bin>,
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
    // A score is to one decimal, so 69.9 is in 60–69: the bin holds every score from 60 up to 70.
    let bin = |m: &Mark| ((m.score_100 / 10.0).floor().clamp(0.0, 10.0)) as usize;
    let scores = (0..=10)
        .map(|k| Bin {
            label: if k == 10 { "100".into() } else { format!("{}–{}", 10 * k, 10 * k + 9) },
            students: marks.iter().filter(|m| bin(m) == k).count(),
        })
        .collect();
    Census { verdicts, scores }
}
