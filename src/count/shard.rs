//! Shards: one count spread over many machines or jobs, and the lines that add them up again.
//!
//! `--shard I/M` takes the subproblems I, I + M, I + 2M, … of the job's fixed list (every M-th
//! one, so that the big and the small ones near each other spread evenly) and prints one line:
//!
//! ```text
//! shard 3/8 n=17 symmetry total=11981816 unique=1497729
//! ```
//!
//! `labs count --sum` reads such lines from files or stdin, checks that they belong to one job
//! (same n, mode, `--unique` and M) and cover shards 1 to M exactly once, and prints the sum as
//! `labs count` would have printed the whole count. A missing, repeated or foreign shard is an
//! error naming it, never a silently wrong total.

use super::{Counts, Job, Mode};
use crate::error::Error;
use crate::facts::COUNT;
use crate::input;
use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, BufReader};
use std::path::PathBuf;
use std::str::FromStr;

/// Most shards one count can be cut into.
pub const MAX_SHARDS: usize = 1_000_000;

/// Slice `index` (from 1) of `of` of a job's subproblems.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Shard {
    /// Which slice, from 1 to `of`.
    pub index: usize,
    /// How many slices.
    pub of: usize,
}

impl Shard {
    /// The whole job, as one slice.
    pub const WHOLE: Shard = Shard { index: 1, of: 1 };

    /// The items of `all` in this slice: every `of`-th one, starting at `index`.
    pub fn select<T>(self, all: &[T]) -> impl Iterator<Item = &T> {
        all.iter().skip(self.index - 1).step_by(self.of)
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("expected I/M with 1 ≤ I ≤ M ≤ {MAX_SHARDS}, like 3/8");
        let (i, m) = s.split_once('/').ok_or_else(bad)?;
        let (index, of) = (i.parse().map_err(|_| bad())?, m.parse().map_err(|_| bad())?);
        if (1..=of).contains(&index) && of <= MAX_SHARDS { Ok(Shard { index, of }) } else { Err(bad()) }
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.of)
    }
}

/// One shard's result, as printed by `labs count --shard` and read back by `--sum`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    /// The job it is part of.
    pub job: Job,
    /// Which part.
    pub shard: Shard,
    /// What it counted (`unique` only if the job asks for it; nodes are not carried).
    pub counts: Counts,
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Line { job, shard, counts } = self;
        write!(f, "shard {shard} n={} {} total={}", job.n, job.mode.name(), counts.total)?;
        if job.unique {
            write!(f, " unique={}", counts.unique)?;
        }
        Ok(())
    }
}

impl FromStr for Line {
    type Err = ();

    fn from_str(s: &str) -> Result<Line, ()> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let (["shard", shard, n, mode, total] | ["shard", shard, n, mode, total, _]) = words[..] else {
            return Err(());
        };
        let number = |word: &str, key: &str| word.strip_prefix(key).and_then(|v| v.parse::<u64>().ok()).ok_or(());
        let mode = match mode {
            "symmetry" => Mode::Symmetry,
            "plain" => Mode::Plain,
            _ => return Err(()),
        };
        let n = number(n, "n=")? as usize;
        if !COUNT.contains(n) {
            return Err(());
        }
        let unique = words.get(5).map(|w| number(w, "unique=")).transpose()?;
        Ok(Line {
            job: Job { n, mode, unique: unique.is_some() },
            shard: shard.parse().map_err(|_| ())?,
            counts: Counts { total: number(total, "total=")?, unique: unique.unwrap_or(0), nodes: 0 },
        })
    }
}

/// Longest line `--sum` reads (the doc of [`read_lines`] says it too): a shard line is about 70.
const MAX_LINE: usize = 256;

/// Adds up the shard lines of `lines` (each with its place, as `shard-3.txt line 1`, for
/// messages), reading them one at a time; blank lines are skipped. Returns the job and its whole
/// count, or an error naming the first problem, as soon as it is met.
pub fn sum(lines: impl IntoIterator<Item = Result<(String, String), Error>>) -> Result<(Job, Counts), Error> {
    let mut first: Option<(Line, String)> = None;
    let mut seen: BTreeMap<usize, String> = BTreeMap::new();
    let mut total = Counts::default();
    for line in lines {
        let (place, raw) = line?;
        if raw.trim().is_empty() {
            continue;
        }
        let line: Line = raw
            .parse()
            .map_err(|()| Error::Usage(format!("{place} is not a line of `labs count --shard`: '{}'", raw.trim())))?;
        match &first {
            None => first = Some((line, place.clone())),
            Some((f, at)) if (f.job, f.shard.of) != (line.job, line.shard.of) => {
                return Err(Error::Failed(format!(
                    "{place} belongs to another count ({}) than {at} ({})",
                    describe(&line),
                    describe(f)
                )));
            }
            Some(_) => {}
        }
        if let Some(earlier) = seen.insert(line.shard.index, place.clone()) {
            return Err(Error::Failed(format!("shard {} appears twice: {earlier} and {place}", line.shard)));
        }
        let add = |a: u64, b: u64| a.checked_add(b).ok_or_else(|| Error::Failed(format!("{place}: the sum overflows")));
        total = Counts {
            total: add(total.total, line.counts.total)?,
            unique: add(total.unique, line.counts.unique)?,
            nodes: 0,
        };
    }
    let Some((line, _)) = first else {
        return Err(Error::Usage(
            "no shard lines to add up (expected lines printed by `labs count --shard I/M`)".into(),
        ));
    };
    let of = line.shard.of;
    let missing: Vec<usize> = (1..=of).filter(|i| !seen.contains_key(i)).collect();
    if !missing.is_empty() {
        let shown: Vec<String> = missing.iter().take(10).map(|i| format!("{i}/{of}")).collect();
        let more = if missing.len() > 10 { format!(" and {} more", missing.len() - 10) } else { String::new() };
        let s = if missing.len() == 1 { "" } else { "s" };
        return Err(Error::Failed(format!("missing shard{s} {}{more}", shown.join(", "))));
    }
    Ok((line.job, total))
}

/// The lines of `files` in turn, or of stdin if there are none, each with its place (`stdin line
/// 3`), each at most 256 bytes (a shard line is about 70): what [`sum`] reads.
pub fn read_lines(files: &[PathBuf]) -> Box<dyn Iterator<Item = Result<(String, String), Error>> + '_> {
    let placed =
        |name: String| move |line: Result<(usize, String), Error>| line.map(|(k, t)| (format!("{name} line {k}"), t));
    if files.is_empty() {
        return Box::new(input::lines(io::stdin().lock(), "stdin".into(), MAX_LINE).map(placed("stdin".into())));
    }
    Box::new(files.iter().flat_map(move |path| {
        let name = path.display().to_string();
        let lines: Box<dyn Iterator<Item = _>> = match std::fs::File::open(path) {
            Ok(file) => Box::new(input::lines(BufReader::new(file), name.clone(), MAX_LINE).map(placed(name))),
            Err(e) => Box::new(std::iter::once(Err(Error::Failed(format!("cannot read {name}: {e}"))))),
        };
        lines
    }))
}

/// The job and shard count of a line, for messages.
fn describe(line: &Line) -> String {
    let unique = if line.job.unique { ", unique" } else { "" };
    format!("n={}, {}{unique}, of {}", line.job.n, line.job.mode.name(), line.shard.of)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_print_as_i_over_m() {
        assert_eq!("3/8".parse(), Ok(Shard { index: 3, of: 8 }));
        for bad in ["0/8", "9/8", "3", "3/0", "a/b", "-1/2", "1/1000001"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert_eq!(Shard { index: 3, of: 8 }.to_string(), "3/8");
    }

    #[test]
    fn the_slices_of_a_list_cover_it_once() {
        let all: Vec<usize> = (0..10).collect();
        let mut seen: Vec<usize> = (1..=3).flat_map(|i| Shard { index: i, of: 3 }.select(&all).copied()).collect();
        seen.sort();
        assert_eq!(seen, all);
    }

    #[test]
    fn lines_read_back_what_they_print() {
        let line = Line {
            job: Job { n: 17, mode: Mode::Symmetry, unique: true },
            shard: Shard { index: 3, of: 8 },
            counts: Counts { total: 11, unique: 2, nodes: 0 },
        };
        assert_eq!(line.to_string(), "shard 3/8 n=17 symmetry total=11 unique=2");
        assert_eq!(line.to_string().parse(), Ok(line));
    }
}
