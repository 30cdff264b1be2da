//! The clock `labs bench` times a search with: the measuring thread's CPU time where the system
//! keeps it finely (Linux, macOS), else the wall clock.
//!
//! The machine a lab runs on is shared: a build, a browser or another student's search takes the
//! processor for milliseconds at a time, and the wall clock counts those milliseconds as the
//! search's own. The thread's CPU clock does not, so a median of CPU times stays put under a load
//! that stretches wall times by half. Windows keeps thread CPU time in ticks of about 15.6 ms,
//! far coarser than a search; there, and wherever the CPU clock cannot be read, the wall clock
//! times searches, and the table says which clock it was. Reading a clock costs something too
//! (a system call for the CPU clock, a few hundred nanoseconds), which would swamp the smallest
//! boards' searches: [`Stopwatch::time`] takes away the median cost of an empty reading,
//! measured once.
//!
//! Read next: `measure.rs`, which times searches with it.

use cpu_time::ThreadTime;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The finest grain a CPU clock may have to time a search with it.
const FINE: Duration = Duration::from_micros(1);

/// Which clock times the searches, and what reading it costs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stopwatch {
    /// The measuring thread's CPU time (`true`) or the wall clock.
    cpu: bool,
    /// The median time of an empty reading, taken away from every timed search.
    cost: Duration,
}

impl Stopwatch {
    /// The CPU clock where it ticks at least every microsecond, else the wall clock, with its cost.
    pub fn new() -> Stopwatch {
        let mut watch = Stopwatch { cpu: cpu_grain().is_some_and(|grain| grain <= FINE), cost: Duration::ZERO };
        let mut empty: Vec<Duration> = (0..101).map(|_| watch.time(|| ()).1).collect();
        empty.sort_unstable();
        watch.cost = empty[empty.len() / 2];
        watch
    }

    /// The clock's name, as the table's notes and the exports state it.
    pub fn name(&self) -> &'static str {
        if self.cpu { "CPU time" } else { "wall time" }
    }

    /// Runs `f` once; its result and how long it took, less the cost of reading the clock.
    pub fn time<T>(&self, f: impl FnOnce() -> T) -> (T, Duration) {
        if self.cpu {
            let start = ThreadTime::try_now();
            let value = black_box(f());
            let end = ThreadTime::try_now();
            let spent = match (start, end) {
                (Ok(start), Ok(end)) => end.as_duration().saturating_sub(start.as_duration()),
                _ => Duration::ZERO,
            };
            (value, spent.saturating_sub(self.cost))
        } else {
            let start = Instant::now();
            let value = black_box(f());
            (value, start.elapsed().saturating_sub(self.cost))
        }
    }
}

impl Default for Stopwatch {
    fn default() -> Stopwatch {
        Stopwatch::new()
    }
}

/// The smallest step the thread's CPU clock was seen to take within a millisecond of reading it,
/// or `None` if it cannot be read or did not move.
fn cpu_grain() -> Option<Duration> {
    let started = Instant::now();
    let mut last = ThreadTime::try_now().ok()?.as_duration();
    let mut grain: Option<Duration> = None;
    while started.elapsed() < Duration::from_millis(1) {
        let now = ThreadTime::try_now().ok()?.as_duration();
        if now > last {
            let step = now - last;
            grain = Some(grain.map_or(step, |g| g.min(step)));
            last = now;
        }
    }
    grain
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timing_is_never_negative_and_names_its_clock() {
        let watch = Stopwatch::new();
        assert_eq!(watch.time(|| 42).0, 42);
        assert!(["CPU time", "wall time"].contains(&watch.name()));
    }
}
