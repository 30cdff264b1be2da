//! The one error type, its messages, and the exit codes scripts can rely on.
//!
//! | exit | meaning |
//! |---|---|
//! | 0 | success (also when the reader of stdout closed it early, as `head` does) |
//! | 1 | the work ran and failed: a check found a mismatch, a file could not be written |
//! | 2 | bad input: arguments or stdin that do not say what to do |
//! | 130 | interrupted (Ctrl-C) |

use std::fmt;
use std::io;

/// Why a command did not succeed.
#[derive(Debug)]
pub enum Error {
    /// The input does not say what to do: a bad value, a missing one, flags that conflict.
    Usage(String),
    /// The command ran, and what it found or met is a failure.
    Failed(String),
    /// Reading or writing failed.
    Io(io::Error),
    /// The user interrupted a long run.
    Interrupted,
}

impl Error {
    /// The process exit code for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Usage(_) => 2,
            Error::Failed(_) | Error::Io(_) => 1,
            Error::Interrupted => 130,
        }
    }

    /// True when stdout was closed by its reader: not a failure, and nothing to say.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Io(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage(m) | Error::Failed(m) => f.write_str(m),
            Error::Io(e) => write!(f, "{e}"),
            Error::Interrupted => f.write_str("interrupted"),
        }
    }
}

impl std::error::Error for Error {}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Io(e)
    }
}

/// Parses a board size given as `text` (an argument or stdin), allowed from `min` to `max`.
///
/// Surrounding whitespace is fine; anything but one whole number in range is a usage error whose
/// message names the value and the allowed range.
pub fn parse_size(text: &str, min: usize, max: usize) -> Result<usize, Error> {
    let t = text.trim();
    let range = format!("allowed: a whole number from {min} to {max}");
    if t.is_empty() {
        return Err(Error::Usage(format!("no board size given ({range})")));
    }
    if !is_whole_number(t) {
        return Err(Error::Usage(format!("board size '{t}' is not a whole number ({range})")));
    }
    match t.parse::<i128>() {
        Ok(v) if (min as i128..=max as i128).contains(&v) => Ok(v as usize),
        _ => Err(Error::Usage(format!("board size {t} is out of range ({range})"))),
    }
}

/// Whether `text` is written as one whole number: an optional sign, then decimal digits only.
pub fn is_whole_number(text: &str) -> bool {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_in_range_parse_with_whitespace() {
        assert_eq!(parse_size(" 8\n", 1, 64).unwrap(), 8);
        assert_eq!(parse_size("+3", 1, 64).unwrap(), 3);
    }

    #[test]
    fn bad_sizes_name_the_value_and_the_range() {
        let cases = [
            ("0", "board size 0 is out of range (allowed: a whole number from 1 to 64)"),
            ("-3", "board size -3 is out of range (allowed: a whole number from 1 to 64)"),
            ("abc", "board size 'abc' is not a whole number (allowed: a whole number from 1 to 64)"),
            ("3.5", "board size '3.5' is not a whole number (allowed: a whole number from 1 to 64)"),
            ("", "no board size given (allowed: a whole number from 1 to 64)"),
            (
                "1000000000000000000000000000000000000000000",
                "board size 1000000000000000000000000000000000000000000 is out of range (allowed: a whole number from 1 to 64)",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(parse_size(text, 1, 64).unwrap_err().to_string(), message, "for {text:?}");
        }
    }
}
