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

use super::{Counts, Error, Job, MAX_N, Mode};
use std::collections::BTreeMap;
use std::fmt;
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
    type Err = Error;

    /// `I/M` with 1 ≤ I ≤ M ≤ [`MAX_SHARDS`], else [`Error::NotAShard`].
    fn from_str(s: &str) -> Result<Shard, Error> {
        let (i, m) = s.split_once('/').ok_or(Error::NotAShard)?;
        let (index, of) = (i.parse().map_err(|_| Error::NotAShard)?, m.parse().map_err(|_| Error::NotAShard)?);
        if (1..=of).contains(&index) && of <= MAX_SHARDS { Ok(Shard { index, of }) } else { Err(Error::NotAShard) }
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
        if !(1..=MAX_N).contains(&n) {
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

/// Adds up the shard lines of `lines` (each with its place, as `shard-3.txt line 1`, for
/// messages), reading them one at a time; blank lines are skipped. Returns the job and its whole
/// count, or the first problem, as soon as it is met: a reader's own error as it came, or one of
/// [`Error`]'s shard errors.
pub fn sum<E: From<Error>>(lines: impl IntoIterator<Item = Result<(String, String), E>>) -> Result<(Job, Counts), E> {
    let mut first: Option<(Line, String)> = None;
    let mut seen: BTreeMap<usize, String> = BTreeMap::new();
    let mut total = Counts::default();
    for line in lines {
        let (place, raw) = line?;
        if raw.trim().is_empty() {
            continue;
        }
        let line: Line =
            raw.parse().map_err(|()| Error::NotAShardLine { place: place.clone(), text: raw.trim().to_string() })?;
        match &first {
            None => first = Some((line, place.clone())),
            Some((f, at)) if (f.job, f.shard.of) != (line.job, line.shard.of) => {
                return Err(
                    Error::Foreign { place, line: line.into(), first_place: at.clone(), first: (*f).into() }.into()
                );
            }
            Some(_) => {}
        }
        if let Some(earlier) = seen.insert(line.shard.index, place.clone()) {
            return Err(Error::Twice { shard: line.shard, earlier, place }.into());
        }
        let add = |a: u64, b: u64| a.checked_add(b).ok_or_else(|| Error::Overflow { place: place.clone() });
        total = Counts {
            total: add(total.total, line.counts.total)?,
            unique: add(total.unique, line.counts.unique)?,
            nodes: 0,
        };
    }
    let Some((line, _)) = first else {
        return Err(Error::NoShardLines.into());
    };
    let of = line.shard.of;
    let missing: Vec<Shard> = (1..=of).filter(|i| !seen.contains_key(i)).map(|index| Shard { index, of }).collect();
    if !missing.is_empty() {
        return Err(Error::Missing { missing }.into());
    }
    Ok((line.job, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_print_as_i_over_m() {
        assert_eq!("3/8".parse::<Shard>().ok(), Some(Shard { index: 3, of: 8 }));
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
