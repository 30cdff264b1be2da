//! The contract a student's program keeps: one event a line on standard error.
//!
//! `place R C` when it puts a queen on row R, column C; `remove R C` when it takes that queen
//! back; optionally `reject R C` when its check refuses a square. Any event may end with
//! ` @LINE`, the source line it was written from (`__LINE__` in C and C++). Rows and columns count
//! from 0, or from 1 when the program says so ([`Origin::One`], `--from 1`).
//!
//! A line is an event only if it is exactly that: the word in lower case, two whole numbers,
//! and at most the `@LINE` after them, separated by spaces or tabs, a `\r` before the line end
//! forgiven. Anything else — another word, a number missing or negative, a fourth word, a line
//! too long to be an event — is one of the program's other lines ([`Parsed::Other`]), shown
//! apart and never guessed at: a debugging print that happens to start with `place` is not taken
//! for a move.

/// A square of the board: (row, column), from 0.
pub type Square = (usize, usize);

/// What a student's program says it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OwnEvent {
    /// A queen put on the square.
    Place(usize, usize),
    /// The queen on the square taken back.
    Remove(usize, usize),
    /// The program's check refused the square.
    Reject(usize, usize),
}

impl OwnEvent {
    /// The square it names.
    pub fn square(self) -> Square {
        match self {
            OwnEvent::Place(r, c) | OwnEvent::Remove(r, c) | OwnEvent::Reject(r, c) => (r, c),
        }
    }

    /// Its word in the contract (`place`, `remove`, `reject`), as `--json` writes it too.
    pub fn word(self) -> &'static str {
        match self {
            OwnEvent::Place(..) => "place",
            OwnEvent::Remove(..) => "remove",
            OwnEvent::Reject(..) => "reject",
        }
    }

    /// Whether it is a step of the search: a place or a remove, the events the comparison
    /// counts and compares (a reject is the check's, which every variant does its own way).
    pub fn is_step(self) -> bool {
        !matches!(self, OwnEvent::Reject(..))
    }
}

/// Where a program's rows and columns start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Origin {
    /// Row 0, column 0 (the contract's default).
    #[default]
    Zero,
    /// Row 1, column 1 (`--from 1`).
    One,
}

impl Origin {
    /// The number the program writes for row or column 0.
    pub fn first(self) -> usize {
        match self {
            Origin::Zero => 0,
            Origin::One => 1,
        }
    }

    /// A row or column as the program writes it, from the one counted from 0: what a message
    /// quotes of its line. The inverse of [`parse`]'s shift, [`OFF`] included.
    pub fn written(self, k: usize) -> usize {
        k.wrapping_add(self.first())
    }
}

/// The row or column [`parse`] gives a 0 written under [`Origin::One`]: a square off the board
/// whatever its size (every coordinate from `n` up is off it).
pub const OFF: usize = usize::MAX;

/// The longest line that can be an event: a longer one is an other line, however it starts.
pub const LONGEST: usize = 64;

/// An event with the source line it came from, if the program said.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sourced {
    /// What the program did.
    pub event: OwnEvent,
    /// The source line, from ` @LINE`.
    pub line: Option<u32>,
}

/// One line of the program's standard error, read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parsed<'a> {
    /// An event of the contract.
    Event(Sourced),
    /// Any other line, as it was (without its line end).
    Other(&'a [u8]),
}

/// Calls `each` with every line `reader` gives (without its `\n`), each cut to `kept` bytes (at
/// least [`LONGEST`] + 1, so that no event is cut and a longer line still reads as too long):
/// memory stays flat whatever the program wrote, even a flood with no line end. `each` may stop
/// the reading with `Break`.
pub fn each_line(
    mut reader: impl std::io::BufRead,
    kept: usize,
    mut each: impl FnMut(&[u8]) -> std::ops::ControlFlow<()>,
) -> std::io::Result<()> {
    let kept = kept.max(LONGEST + 1);
    let mut line = Vec::with_capacity(kept);
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            if !line.is_empty() {
                let _ = each(&line);
            }
            return Ok(());
        }
        let end = buffer.iter().position(|&b| b == b'\n');
        let part = &buffer[..end.unwrap_or(buffer.len())];
        line.extend_from_slice(&part[..part.len().min(kept - line.len())]);
        let used = end.map_or(buffer.len(), |i| i + 1);
        reader.consume(used);
        if end.is_some() {
            if each(&line).is_break() {
                return Ok(());
            }
            line.clear();
        }
    }
}

/// Reads one line of standard error (without its `\n`) under `origin`.
pub fn parse(line: &[u8], origin: Origin) -> Parsed<'_> {
    read(line, origin).map_or(Parsed::Other(line), Parsed::Event)
}

fn read(line: &[u8], origin: Origin) -> Option<Sourced> {
    if line.len() > LONGEST {
        return None;
    }
    // Bytes and one pass, not text and words: a program writes a line a step, and the trace
    // reads millions of them.
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let mut at = 0;
    blanks(line, &mut at);
    let word = &line[at..];
    let (make, length): (fn(usize, usize) -> OwnEvent, usize) = match word.get(..6) {
        Some(b"remove") => (OwnEvent::Remove, 6),
        Some(b"reject") => (OwnEvent::Reject, 6),
        _ if word.starts_with(b"place") => (OwnEvent::Place, 5),
        _ => return None,
    };
    at += length;
    let number = |at: &mut usize| -> Option<usize> {
        let k = blanks(line, at).then(|| whole(line, at))??;
        Some(k.checked_sub(origin.first()).unwrap_or(OFF))
    };
    let (row, col) = (number(&mut at)?, number(&mut at)?);
    let source = match (blanks(line, &mut at), line.get(at)) {
        (_, None) => None,
        (true, Some(b'@')) => {
            at += 1;
            let k = u32::try_from(whole(line, &mut at)?).ok()?;
            blanks(line, &mut at);
            Some(k)
        }
        _ => return None,
    };
    (at == line.len()).then_some(Sourced { event: make(row, col), line: source })
}

/// Steps `at` past the spaces and tabs of `line` there; whether there were any.
fn blanks(line: &[u8], at: &mut usize) -> bool {
    let start = *at;
    while line.get(*at).is_some_and(|&b| b == b' ' || b == b'\t') {
        *at += 1;
    }
    *at > start
}

/// The whole number written in `line` at `at` (ASCII digits, no sign), if there is one and it
/// fits; `at` steps past its digits.
fn whole(line: &[u8], at: &mut usize) -> Option<usize> {
    let start = *at;
    let mut k = 0usize;
    while let Some(&d) = line.get(*at).filter(|d| d.is_ascii_digit()) {
        k = k.checked_mul(10)?.checked_add(usize::from(d - b'0'))?;
        *at += 1;
    }
    (*at > start).then_some(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(line: &str, origin: Origin) -> Option<Sourced> {
        match parse(line.as_bytes(), origin) {
            Parsed::Event(e) => Some(e),
            Parsed::Other(_) => None,
        }
    }

    #[test]
    fn the_three_words_with_or_without_a_line() {
        assert_eq!(event("place 0 3", Origin::Zero), Some(Sourced { event: OwnEvent::Place(0, 3), line: None }));
        assert_eq!(
            event("remove 2 1 @17\r", Origin::Zero),
            Some(Sourced { event: OwnEvent::Remove(2, 1), line: Some(17) })
        );
        assert_eq!(event("reject\t1  1", Origin::Zero), Some(Sourced { event: OwnEvent::Reject(1, 1), line: None }));
    }

    #[test]
    fn counting_from_one_shifts_and_a_zero_is_off_the_board() {
        assert_eq!(event("place 1 4", Origin::One).unwrap().event, OwnEvent::Place(0, 3));
        assert_eq!(event("place 0 4", Origin::One).unwrap().event, OwnEvent::Place(OFF, 3));
        assert_eq!(Origin::One.written(OFF), 0);
    }

    #[test]
    fn anything_else_is_an_other_line() {
        for line in [
            "",
            "Place 0 1",
            "place 0",
            "place -1 2",
            "place +1 2",
            "place 0 1 2",
            "place 0 1 @x",
            "place 0 1 @3 more",
            "placed 0 1",
            "place 99999999999999999999999 1",
            "solutions: 2",
        ] {
            assert_eq!(event(line, Origin::Zero), None, "{line:?}");
        }
        let long = format!("place 0 1 @{}", "1".repeat(LONGEST));
        assert_eq!(event(&long, Origin::Zero), None);
    }
}
