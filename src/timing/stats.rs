//! The summary of one cell's runs: median, min, max, mean and standard deviation.
//!
//! Pure arithmetic over a slice of times in seconds (one per run, each the time of one search).
//! The median is the headline number of `labs bench`: one slow run, when another program took the
//! processor for a moment, moves the mean but hardly the median. The standard deviation is the
//! sample one (divided by runs − 1), absent for a single run, as hyperfine does.
//!
//! Read next: `compare.rs`, which puts cells side by side.

use serde::Serialize;

/// Median, extremes, mean and spread of a set of times, in seconds.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Stats {
    /// The middle time (the mean of the two middle ones for an even count).
    pub median: f64,
    /// The fastest run.
    pub min: f64,
    /// The slowest run.
    pub max: f64,
    /// The arithmetic mean.
    pub mean: f64,
    /// The sample standard deviation; `None` for a single run.
    pub stddev: Option<f64>,
}

impl Stats {
    /// Summarises `times`, which must not be empty.
    pub fn of(times: &[f64]) -> Stats {
        assert!(!times.is_empty(), "no times to summarise");
        let mut sorted = times.to_vec();
        sorted.sort_by(f64::total_cmp);
        let len = sorted.len();
        let median = if len % 2 == 1 { sorted[len / 2] } else { (sorted[len / 2 - 1] + sorted[len / 2]) / 2.0 };
        let mean = sorted.iter().sum::<f64>() / len as f64;
        let stddev =
            (len > 1).then(|| (sorted.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / (len - 1) as f64).sqrt());
        Stats { median, min: sorted[0], max: sorted[len - 1], mean, stddev }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odd_and_even_counts() {
        let s = Stats::of(&[3.0, 1.0, 2.0]);
        assert_eq!((s.median, s.min, s.max, s.mean, s.stddev), (2.0, 1.0, 3.0, 2.0, Some(1.0)));
        assert_eq!(Stats::of(&[4.0, 1.0, 2.0, 3.0]).median, 2.5);
    }

    #[test]
    fn one_run_has_no_spread() {
        assert_eq!(Stats::of(&[0.5]).stddev, None);
    }
}
