//! Comparing a program's output with the reference, as online judges name the outcomes.
//!
//! Pure functions over bytes. In order: a run that hit the time limit, the output cap or ended
//! badly gets that verdict whatever it printed; otherwise equal bytes are Accepted; bytes that
//! differ only in trailing spaces at line ends or in blank lines are a Presentation Error; any
//! other difference is a Wrong Answer, located at its first differing line. For judges that accept
//! solutions in any order, the boards are matched as a set first, and the reference is then laid
//! out in the program's order, so that the same rules decide between Accepted and Presentation
//! Error.

use super::process::Ended;
use std::collections::HashMap;

/// The outcome for one n.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Output identical to the reference.
    Accepted,
    /// Output differs from the reference; `detail` says where and how.
    WrongAnswer(String),
    /// Output differs only in trailing spaces or blank lines.
    PresentationError,
    /// Still running at the time limit.
    TimeLimitExceeded,
    /// Exited with a non-zero code or was ended by a signal: which.
    RuntimeError(String),
    /// Wrote more than the output cap.
    OutputLimitExceeded,
}

impl Verdict {
    /// Whether it is Accepted.
    pub fn accepted(&self) -> bool {
        *self == Verdict::Accepted
    }

    /// The judges' name for it.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Accepted => "Accepted",
            Verdict::WrongAnswer(_) => "Wrong Answer",
            Verdict::PresentationError => "Presentation Error",
            Verdict::TimeLimitExceeded => "Time Limit Exceeded",
            Verdict::RuntimeError(_) => "Runtime Error",
            Verdict::OutputLimitExceeded => "Output Limit Exceeded",
        }
    }

    /// The judges' short code for it.
    pub fn code(&self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer(_) => "WA",
            Verdict::PresentationError => "PE",
            Verdict::TimeLimitExceeded => "TLE",
            Verdict::RuntimeError(_) => "RE",
            Verdict::OutputLimitExceeded => "OLE",
        }
    }

    /// A one-line explanation, empty when the name says it all.
    pub fn detail(&self) -> String {
        match self {
            Verdict::WrongAnswer(d) | Verdict::RuntimeError(d) => d.clone(),
            Verdict::PresentationError => "only trailing spaces or blank lines differ".into(),
            _ => String::new(),
        }
    }
}

/// The verdict a run's ending forces, before its output is even read.
pub fn from_ending(ended: &Ended) -> Option<Verdict> {
    match ended {
        Ended::Exited(0) => None,
        Ended::Exited(code) => Some(Verdict::RuntimeError(format!("exit code {code}"))),
        Ended::Signalled(signal) => {
            Some(Verdict::RuntimeError(format!("killed by signal {signal}{}", signal_name(*signal))))
        }
        Ended::TimedOut => Some(Verdict::TimeLimitExceeded),
        Ended::OutputCapped => Some(Verdict::OutputLimitExceeded),
    }
}

fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGSEGV => " (SIGSEGV: invalid memory access)",
        libc::SIGABRT => " (SIGABRT: aborted)",
        libc::SIGFPE => " (SIGFPE: arithmetic error)",
        libc::SIGKILL => " (SIGKILL)",
        libc::SIGBUS => " (SIGBUS)",
        _ => "",
    }
}

/// Compares in order: Accepted, Presentation Error or Wrong Answer.
pub fn compare(expected: &[u8], got: &[u8]) -> Verdict {
    if expected == got {
        return Verdict::Accepted;
    }
    if loose(expected) == loose(got) {
        return Verdict::PresentationError;
    }
    let (e, g) = (String::from_utf8_lossy(expected), String::from_utf8_lossy(got));
    let (mut el, mut gl) = (e.split_inclusive('\n'), g.split_inclusive('\n'));
    let mut line = 1;
    loop {
        match (el.next(), gl.next()) {
            (Some(a), Some(b)) if a == b => line += 1,
            (a, b) => {
                return Verdict::WrongAnswer(format!("line {line}: expected {}, got {}", shown(a), shown(b)));
            }
        }
    }
}

/// A line as a verdict quotes it (its newline made visible only when it is missing).
fn shown(line: Option<&str>) -> String {
    match line {
        None => "end of output".into(),
        Some(l) => match l.strip_suffix('\n') {
            Some(body) => format!("{body:?}"),
            None => format!("{l:?} (no newline at the end)"),
        },
    }
}

/// The output with trailing spaces cut from every line and blank lines dropped.
fn loose(bytes: &[u8]) -> Vec<&[u8]> {
    bytes.split(|&b| b == b'\n').map(|l| l.trim_ascii_end()).filter(|l| !l.is_empty()).collect()
}

/// Matches the program's boards against the reference's as sets, by board position.
///
/// `reference` and `got` are boards (rows of `Q`/`.`) in their printed order. Returns the
/// reference index (from 0) of each of the program's boards, or the Wrong Answer that lists
/// boards that are not solutions, duplicates and missing ones, each by its number (from 1).
pub fn match_boards(reference: &[Vec<String>], got: &[Vec<String>]) -> Result<Vec<usize>, Verdict> {
    let index: HashMap<&Vec<String>, usize> = reference.iter().enumerate().map(|(i, b)| (b, i)).collect();
    let mut seen: Vec<Option<usize>> = vec![None; reference.len()];
    let (mut order, mut problems) = (Vec::new(), Vec::new());
    for (k, board) in got.iter().enumerate() {
        match index.get(board) {
            None => problems.push(format!("your board {} is not a solution", k + 1)),
            Some(&i) => match seen[i] {
                Some(first) => problems.push(format!("your board {} repeats your board {}", k + 1, first + 1)),
                None => {
                    seen[i] = Some(k);
                    order.push(i);
                }
            },
        }
    }
    let missing: Vec<String> =
        seen.iter().enumerate().filter(|(_, s)| s.is_none()).map(|(i, _)| (i + 1).to_string()).collect();
    if !missing.is_empty() {
        problems.push(format!(
            "{} of {} solutions missing (reference numbers {})",
            missing.len(),
            reference.len(),
            abbreviate(&missing)
        ));
    }
    if problems.is_empty() { Ok(order) } else { Err(Verdict::WrongAnswer(problems.join("; "))) }
}

/// At most eight items, then how many more.
fn abbreviate(items: &[String]) -> String {
    let shown = items.iter().take(8).cloned().collect::<Vec<_>>().join(", ");
    if items.len() > 8 { format!("{shown}, … {} more", items.len() - 8) } else { shown }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn equal_bytes_are_accepted() {
        assert_eq!(compare(b".Q\n\n", b".Q\n\n"), Verdict::Accepted);
    }

    #[test]
    fn trailing_spaces_and_blank_lines_are_presentation_errors() {
        assert_eq!(compare(b"a b\n\nc\n", b"a b \nc\n"), Verdict::PresentationError);
        assert_eq!(compare(b"a\n\n", b"a\n"), Verdict::PresentationError);
    }

    #[test]
    fn a_wrong_answer_names_its_first_differing_line() {
        assert_eq!(
            compare(b"a\nb\nc\n", b"a\nx\nc\n"),
            Verdict::WrongAnswer("line 2: expected \"b\", got \"x\"".into())
        );
        assert_eq!(
            compare(b"a\nb\n", b"a\n"),
            Verdict::WrongAnswer("line 2: expected \"b\", got end of output".into())
        );
    }

    #[test]
    fn boards_match_as_a_set_and_problems_are_listed() {
        let b = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        let reference = [b(".Q Q."), b("Q. .Q"), b("QQ ..")];
        assert_eq!(match_boards(&reference, &[b("QQ .."), b(".Q Q."), b("Q. .Q")]), Ok(vec![2, 0, 1]));
        assert_eq!(
            match_boards(&reference, &[b(".Q Q."), b(".Q Q."), b(".. ..")]),
            Err(Verdict::WrongAnswer(
                "your board 2 repeats your board 1; your board 3 is not a solution; \
                 2 of 3 solutions missing (reference numbers 2, 3)"
                    .into()
            ))
        );
    }
}
