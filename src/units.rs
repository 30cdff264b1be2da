//! Numbers for people: three significant digits, time units, counted nouns, dates.
//!
//! Every command that shows a time, a count or a size to a person writes it here, so `labs run
//! --stats`, the judge's report and the bench table agree on how 1.50 ms looks. A single duration
//! gets the unit that suits it ([`duration`]). A column of times spans many orders of magnitude
//! (a few hundred nanoseconds at n = 4, seconds at n = 13), and numbers with mixed units cannot be
//! compared at a glance, so a table's time column gets one unit, named in its header, chosen as
//! the one that keeps the column narrowest ([`TimeUnit::fitting`]): the values then line up.
//!
//! This module imports nothing of the commands (only the catalogue, for [`bytes_in`]'s Chinese
//! bytes); `bench`, `judge`, `trace` and `app` all use it.

use crate::catalogue::say;
use crate::lang::Lang;
use std::time::Duration;

/// A unit of time for a whole column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeUnit {
    /// Nanoseconds.
    Nanosecond,
    /// Microseconds.
    Microsecond,
    /// Milliseconds.
    Millisecond,
    /// Seconds.
    Second,
}

impl TimeUnit {
    /// Every unit, the largest last.
    pub const ALL: [TimeUnit; 4] =
        [TimeUnit::Nanosecond, TimeUnit::Microsecond, TimeUnit::Millisecond, TimeUnit::Second];

    /// The symbol a header shows.
    pub fn symbol(self) -> &'static str {
        match self {
            TimeUnit::Nanosecond => "ns",
            TimeUnit::Microsecond => "µs",
            TimeUnit::Millisecond => "ms",
            TimeUnit::Second => "s",
        }
    }

    /// One of this unit, in seconds.
    pub fn seconds(self) -> f64 {
        match self {
            TimeUnit::Nanosecond => 1e-9,
            TimeUnit::Microsecond => 1e-6,
            TimeUnit::Millisecond => 1e-3,
            TimeUnit::Second => 1.0,
        }
    }

    /// `seconds` written in this unit, without the symbol.
    pub fn format(self, seconds: f64) -> String {
        fixed(seconds / self.seconds())
    }

    /// The unit in which the widest of `seconds` is narrowest; ties go to the larger unit, and an
    /// empty column gets milliseconds.
    pub fn fitting(seconds: &[f64]) -> TimeUnit {
        let width = |u: TimeUnit| seconds.iter().map(|&s| u.format(s).chars().count()).max();
        TimeUnit::ALL
            .into_iter()
            .rev()
            .min_by_key(|&u| width(u))
            .filter(|_| !seconds.is_empty())
            .unwrap_or(TimeUnit::Millisecond)
    }

    /// The unit in which `seconds` reads from 1 to below 1000 (nanoseconds below that, seconds
    /// above).
    pub fn suiting(seconds: f64) -> TimeUnit {
        TimeUnit::ALL.into_iter().rev().find(|u| seconds >= u.seconds()).unwrap_or(TimeUnit::Nanosecond)
    }
}

/// A duration with three significant digits and the unit that suits it: `1.50 ms`, `15.2 s`.
pub fn duration(d: Duration) -> String {
    let seconds = d.as_secs_f64();
    let unit = TimeUnit::suiting(seconds);
    format!("{} {}", unit.format(seconds), unit.symbol())
}

/// A long duration with two significant digits in the unit that suits it, for estimates:
/// `45 s`, `12 min`, `5.2 h`, `3.4 d`, `1.2e6 years` (the same in every language).
pub fn roughly(d: Duration) -> String {
    let seconds = d.as_secs_f64();
    let (value, unit) = match seconds {
        s if s < 120.0 => (s, "s"),
        s if s < 7200.0 => (s / 60.0, "min"),
        s if s < 172_800.0 => (s / 3600.0, "h"),
        s if s < 2.0 * YEAR => (s / 86_400.0, "d"),
        s => (s / YEAR, "years"),
    };
    match value {
        v if v < 10.0 => format!("{v:.1} {unit}"),
        v if v < 10_000.0 => format!("{v:.0} {unit}"),
        v => format!("{v:.1e} {unit}"),
    }
}

/// [`roughly`] in `lang`: Chinese units, and a long time in 万 and 亿 of years, two significant
/// digits (`45 秒`, `12 分钟`, `5.2 小时`, `3.4 天`, `3200 万年`).
pub fn roughly_in(d: Duration, lang: Lang) -> String {
    if lang == Lang::En {
        return roughly(d);
    }
    let seconds = d.as_secs_f64();
    let (value, unit) = match seconds {
        s if s < 120.0 => (s, " 秒"),
        s if s < 7200.0 => (s / 60.0, " 分钟"),
        s if s < 172_800.0 => (s / 3600.0, " 小时"),
        s if s < 2.0 * YEAR => (s / 86_400.0, " 天"),
        s if s < 1e4 * YEAR => (s / YEAR, " 年"),
        s if s < 1e8 * YEAR => (s / YEAR / 1e4, " 万年"),
        s => (s / YEAR / 1e8, " 亿年"),
    };
    match value {
        v if v < 10.0 => format!("{v:.1}{unit}"),
        v => {
            // Two significant digits, as the English's exponent form keeps them.
            let scale = 10f64.powi(v.log10().floor() as i32 - 1);
            format!("{:.0}{unit}", (v / scale).round() * scale)
        }
    }
}

/// `count` in the catalogue's words for one (`one`) or any other number (`other`), each taking
/// the number as `{k}`: `1 solution`, `92 solutions`, `92 个解`.
pub fn counted_in(lang: Lang, count: u64, one: crate::catalogue::Key, other: crate::catalogue::Key) -> String {
    (if count == 1 { one } else { other }).fill(lang, &[("k", &count)])
}

/// A Julian year, in seconds.
const YEAR: f64 = 31_557_600.0;

/// `count` and `noun`, the noun in the plural unless `count` is 1: `1 solution`, `92 solutions`.
pub fn counted(count: u64, noun: &str) -> String {
    format!("{count} {noun}{}", if count == 1 { "" } else { "s" })
}

/// A number of bytes for people: `512 bytes`, `1.50 KiB`, `16.0 MiB`.
pub fn bytes(count: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if count < 1024 {
        return counted(count, "byte");
    }
    let mut value = count as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{} {}", fixed(value), UNITS[unit])
}

/// A size in bytes as [`bytes`] writes it (`1 byte`, `42 bytes`, `2.13 MiB`), in `lang`.
pub fn bytes_in(count: u64, lang: Lang) -> String {
    match lang {
        Lang::Zh if count < 1024 => say!(lang, Bytes, k = count),
        _ => bytes(count),
    }
}

/// `value` with as many decimals as `like` shows: a spread written to its value's precision.
pub fn to_precision_of(value: f64, like: &str) -> String {
    let decimals = like.split_once('.').map_or(0, |(_, d)| d.len());
    format!("{value:.decimals$}")
}

/// `value` with three significant digits (all the digits of a whole number from 100 up), never in
/// exponent form.
pub fn fixed(value: f64) -> String {
    let magnitude = value.abs();
    let decimals = if magnitude == 0.0 || magnitude >= 100.0 || !magnitude.is_finite() {
        0
    } else {
        (2 - magnitude.log10().floor() as i32).max(0) as usize
    };
    format!("{value:.decimals$}")
}

/// A count with all its digits below a million, else three significant digits and M or G.
pub fn count(value: u64) -> String {
    if value < 1_000_000 {
        return value.to_string();
    }
    let (scaled, suffix) = match value {
        v if v < 1_000_000_000 => (v as f64 / 1e6, "M"),
        v => (v as f64 / 1e9, "G"),
    };
    format!("{}{suffix}", fixed(scaled))
}

/// `at` as an RFC 3339 date and time in UTC to the second, `2026-12-02T13:40:09Z`, as a gradebook
/// records when it was graded; a time before 1970 reads as 1970's first second.
///
/// Hand-written, not a date crate: this is the toolkit's one date, and the conversion is
/// the proleptic Gregorian calendar's days-to-date (Howard Hinnant's `civil_from_days`).
pub fn utc_timestamp(at: std::time::SystemTime) -> String {
    let seconds = at.duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, second) = (seconds / 86_400, seconds % 86_400);
    // Days since 0000-03-01, in 400-year eras of 146,097 days; March first makes the leap day last.
    let z = days + 719_468;
    let (era, day_of_era) = (z / 146_097, z % 146_097);
    let year_of_era = (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 { month_from_march + 3 } else { month_from_march - 9 };
    let year = era * 400 + year_of_era + u64::from(month <= 2);
    let (hour, minute, second) = (second / 3_600, second / 60 % 60, second % 60);
    format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}Z")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_significant_digits() {
        let cases = [
            (0.0, "0"),
            (0.000153, "0.000153"),
            (0.153, "0.153"),
            (1.5, "1.50"),
            (15.25, "15.2"),
            (123456.7, "123457"),
        ];
        for (value, text) in cases {
            assert_eq!(fixed(value), text, "{value}");
        }
    }

    #[test]
    fn spreads_follow_their_value() {
        assert_eq!(to_precision_of(0.0867, "44.0"), "0.1");
        assert_eq!(to_precision_of(8.66, "288"), "9");
    }

    #[test]
    fn the_unit_keeps_the_column_narrow() {
        assert_eq!(TimeUnit::fitting(&[150e-9, 0.3]), TimeUnit::Microsecond);
        assert_eq!(TimeUnit::fitting(&[0.001, 0.3]), TimeUnit::Millisecond);
        assert_eq!(TimeUnit::fitting(&[2.0, 30.0]), TimeUnit::Second);
        assert_eq!(TimeUnit::fitting(&[]), TimeUnit::Millisecond);
    }

    #[test]
    fn a_duration_gets_the_unit_that_suits_it() {
        let cases =
            [(0, "0 ns"), (999, "999 ns"), (1_500_000, "1.50 ms"), (15_250_000_000, "15.2 s"), (123_400, "123 µs")];
        for (ns, text) in cases {
            assert_eq!(duration(Duration::from_nanos(ns)), text, "{ns} ns");
        }
    }

    #[test]
    fn estimates_read_in_the_largest_unit_that_fits() {
        let cases = [
            (45, "45 s"),
            (720, "12 min"),
            (18_720, "5.2 h"),
            (293_760, "3.4 d"),
            (5, "5.0 s"),
            (100_000_000, "3.2 years"),
            (1_000_000_000_000, "3.2e4 years"),
        ];
        for (s, text) in cases {
            assert_eq!(roughly(Duration::from_secs(s)), text, "{s} s");
        }
    }

    #[test]
    fn nouns_are_counted_in_the_right_number() {
        assert_eq!(counted(1, "solution"), "1 solution");
        assert_eq!(counted(0, "solution"), "0 solutions");
        assert_eq!(counted(92, "node"), "92 nodes");
    }

    #[test]
    fn byte_counts_read_in_binary_units() {
        assert_eq!(bytes(1), "1 byte");
        assert_eq!(bytes(512), "512 bytes");
        assert_eq!(bytes(1536), "1.50 KiB");
        assert_eq!(bytes(16 << 20), "16.0 MiB");
    }

    #[test]
    fn big_counts_shrink() {
        assert_eq!(count(999_999), "999999");
        assert_eq!(count(1_847_049), "1.85M");
        assert_eq!(count(27_358_552), "27.4M");
        assert_eq!(count(1_534_000_000), "1.53G");
        assert_eq!(count(15_340_000_000), "15.3G");
    }

    #[test]
    fn timestamps_are_rfc_3339_in_utc_across_leap_days_and_centuries() {
        let at = |seconds: u64| utc_timestamp(std::time::UNIX_EPOCH + Duration::from_secs(seconds));
        assert_eq!(at(0), "1970-01-01T00:00:00Z");
        assert_eq!(at(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(at(951_868_799), "2000-02-29T23:59:59Z");
        assert_eq!(at(1_709_251_199), "2024-02-29T23:59:59Z");
        assert_eq!(at(1_798_720_809), "2026-12-31T12:40:09Z");
        assert_eq!(at(4_107_542_400), "2100-03-01T00:00:00Z");
        assert_eq!(utc_timestamp(std::time::UNIX_EPOCH - Duration::from_secs(1)), "1970-01-01T00:00:00Z");
    }
}
