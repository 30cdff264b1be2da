//! Each judge's own rules: how it compares output, and how it scores a submission.
//!
//! A format stands for the judge its document came from ([`Site::of`]). The rules, and where
//! each comes from, are written down in the judge reference, docs/judge.md; in short:
//!
//! | judge | exact | white space only differs | score |
//! |---|---|---|---|
//! | PTA | AC | AC if only line breaks at the very end differ; else PE (spaces and line breaks, missing or extra, anywhere) | 部分正确: k of m test points |
//! | POJ / Bailian | AC | AC if only trailing spaces at line ends or blank lines at the end; else PE (missing or extra) | one verdict |
//! | Luogu | AC | AC if only trailing white space at line ends or blank lines at the end; else WA (no PE) | points out of 100 |
//! | LeetCode | AC | JSON values compared: any white space, boards in any order | k / m testcases passed |
//! | AcWing, the toolkit's own | AC | PE if only trailing spaces or blank lines; else WA | k/m tests passed |
//!
//! `--strict` uses the last row's rule, byte for byte, for every judge ([`strict`]).

use super::explain::{Board, boards, owned, why_not};
use super::verdict::{Mismatch, Spacing, Unmatched, Verdict, WhiteSpace, WrongBoard};
use crate::facts;
use nqueens::format::Format;
use std::collections::HashMap;
use std::time::Duration;

/// The judge a format stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Site {
    /// PTA (pintia.cn), document 000: `spaced`.
    Pta,
    /// AcWing 843, document 002: `compact`.
    AcWing,
    /// OpenJudge Bailian 2698, document 003, judged by POJ's rules: `numbered`.
    Bailian,
    /// Luogu P1219: `luogu`.
    Luogu,
    /// LeetCode 51: `leetcode`.
    LeetCode,
    /// No judge: documents 001 and 004, and `pretty`.
    Toolkit,
}

impl Site {
    /// The judge whose output `format` is.
    pub fn of(format: Format) -> Site {
        match format {
            Format::Spaced => Site::Pta,
            Format::Compact => Site::AcWing,
            Format::Numbered => Site::Bailian,
            Format::Luogu => Site::Luogu,
            Format::Leetcode => Site::LeetCode,
            // The binary refuses svg before any judging: no judge reads pictures.
            Format::Pretty | Format::Framed | Format::Kruse | Format::Svg => Site::Toolkit,
        }
    }

    /// The judge whose rules judge `answer`: its format's; the toolkit's own for one solution,
    /// which no judge's comparison can take.
    pub fn of_answer(answer: super::Answer) -> Site {
        answer.format().map_or(Site::Toolkit, Site::of)
    }

    /// The class a Java submission must be, saved as that name's `.java` whatever the student
    /// called the file: `Main` on AcWing, PTA, POJ/Bailian and Luogu (each one's Java notes);
    /// `None` where the class is the file's name (LeetCode calls a `Solution` method rather than
    /// a program's `main`, so no class name is its; the toolkit's own formats).
    pub fn java_class(self) -> Option<&'static str> {
        match self {
            Site::Pta | Site::AcWing | Site::Bailian | Site::Luogu => Some("Main"),
            Site::LeetCode | Site::Toolkit => None,
        }
    }

    /// Whether the judge's comparison itself takes the boards in any order (LeetCode compares
    /// values), whatever `--any-order` says.
    pub fn any_order(self) -> bool {
        self == Site::LeetCode
    }

    /// The judge's own limits and order rule, the defaults of its `--format` (the judge
    /// reference, docs/judge.md, quotes where each comes from; a flag overrides each).
    pub fn preset(self) -> Preset {
        let preset = |ms, memory_mib, any_order| Preset { time: Duration::from_millis(ms), memory_mib, any_order };
        match self {
            // AcWing 843's page: 时/空限制：1s / 64MB; its statement: 输出方案的顺序任意.
            Site::AcWing => preset(1000, 64, true),
            // Bailian 2698's page: 总时间限制: 1000ms 内存限制: 65536kB.
            Site::Bailian => preset(1000, 64, false),
            // Luogu P1219's page: 时间限制 1.00s 内存限制 125.00MB.
            Site::Luogu => preset(1000, 125, false),
            // Document 000's exercise states none: PTA's usual 400 ms / 64 MB for a problem of
            // this size; its statement wants the search's order (试探的顺序按从上到下逐行进行).
            Site::Pta => preset(400, 64, false),
            // LeetCode 51 publishes no limits: the toolkit's own; "in any order".
            Site::LeetCode => preset(3000, facts::JUDGE_MEMORY_MIB, true),
            Site::Toolkit => preset(3000, facts::JUDGE_MEMORY_MIB, false),
        }
    }
}

/// A judge's own limits and order rule: the defaults of its `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// Time limit per run.
    pub time: Duration,
    /// Memory limit per process, in MiB (the judges' MB and kB are binary: Bailian's 65536 kB is
    /// 64 MiB).
    pub memory_mib: u64,
    /// Whether the boards may come in any order.
    pub any_order: bool,
}

impl Site {
    /// Compares a clean run's output with the reference by this judge's rules.
    pub fn compare(self, expected: &[u8], got: &[u8]) -> Verdict {
        if expected == got {
            return Verdict::Accepted;
        }
        match self {
            Site::Pta if without_final_newlines(expected) == without_final_newlines(got) => Verdict::Accepted,
            Site::Bailian | Site::Luogu if trimmed(expected) == trimmed(got) => Verdict::Accepted,
            Site::Pta | Site::Bailian if same_but_white_space(expected, got) => {
                Verdict::PresentationError(white_space(expected, got))
            }
            Site::LeetCode => json_boards(expected, got),
            Site::AcWing | Site::Toolkit => strict(expected, got),
            _ => first_difference(expected, got),
        }
    }
}

/// Today's rule and `--strict`'s: equal bytes are Accepted; bytes that differ only in trailing
/// spaces at line ends or in blank lines are a Presentation Error; anything else is a Wrong
/// Answer, located at its first differing line.
pub fn strict(expected: &[u8], got: &[u8]) -> Verdict {
    if expected == got {
        Verdict::Accepted
    } else if loose(expected).eq(loose(got)) {
        Verdict::PresentationError(white_space(expected, got))
    } else {
        first_difference(expected, got)
    }
}

/// A Wrong Answer naming the first line that differs.
fn first_difference(expected: &[u8], got: &[u8]) -> Verdict {
    let (mut el, mut gl) = (expected.split_inclusive(|&b| b == b'\n'), got.split_inclusive(|&b| b == b'\n'));
    let mut line = 0;
    loop {
        match (el.next(), gl.next()) {
            (Some(a), Some(b)) if a == b => line += 1,
            (a, b) => {
                let (expected, got) = (a.map(<[u8]>::to_vec), b.map(<[u8]>::to_vec));
                return Verdict::WrongAnswer(Mismatch::Line { line, expected, got });
            }
        }
    }
}

/// Where two outputs that differ only in white space first differ, and how: read line by line,
/// the first line that is not the same on both sides.
pub fn white_space(expected: &[u8], got: &[u8]) -> WhiteSpace {
    let blank = |l: &[u8]| l.iter().all(|b| b.is_ascii_whitespace());
    let (mut el, mut gl) = (expected.split_inclusive(|&b| b == b'\n'), got.split_inclusive(|&b| b == b'\n'));
    let mut line = 0;
    let what = loop {
        match (el.next(), gl.next()) {
            (Some(a), Some(b)) if a == b => line += 1,
            (Some(a), Some(b)) => {
                let (a_body, b_body) = (a.strip_suffix(b"\n").unwrap_or(a), b.strip_suffix(b"\n").unwrap_or(b));
                break if a_body == b_body {
                    if a.len() > b.len() { Spacing::NewlineMissing } else { Spacing::NewlineExtra }
                } else if blank(a_body) && !blank(b_body) {
                    Spacing::BlankLineMissing
                } else if blank(b_body) && !blank(a_body) {
                    Spacing::BlankLineExtra
                } else if a_body.trim_ascii_end() == b_body.trim_ascii_end() {
                    let spaces = |l: &[u8]| l.len() - l.trim_ascii_end().len();
                    match spaces(b_body).checked_sub(spaces(a_body)) {
                        Some(extra) => Spacing::ExtraAtEnd(extra),
                        None => Spacing::MissingAtEnd(spaces(a_body) - spaces(b_body)),
                    }
                } else {
                    let visible = |l: &[u8]| l.iter().filter(|b| !b.is_ascii_whitespace()).count();
                    if visible(a_body) == visible(b_body) { Spacing::Inside } else { Spacing::Breaks }
                };
            }
            (Some(a), None) if blank(a) => break Spacing::BlankLineMissing,
            (None, Some(b)) if blank(b) => break Spacing::BlankLineExtra,
            // Equal so far and one side goes on: what it goes on with is white space (the caller
            // compared), so only line breaks can be left; or the two are equal after all.
            _ => break Spacing::Breaks,
        }
    };
    WhiteSpace { line, what }
}

/// The output's lines with trailing spaces cut and blank lines dropped (compared as they come: at
/// n = 14 a list of them would be 5 million slices).
fn loose(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    bytes.split(|&b| b == b'\n').map(|l| l.trim_ascii_end()).filter(|l| !l.is_empty())
}

/// The output with trailing white space cut from every line and blank lines at the end dropped.
fn trimmed(bytes: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').map(|l| l.trim_ascii_end()).collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// The output without the line breaks at its very end: PTA does not say how it treats a missing
/// last newline or extra blank lines at the end, so both are given the student's benefit.
fn without_final_newlines(bytes: &[u8]) -> &[u8] {
    let end = bytes.iter().rposition(|&b| b != b'\n').map_or(0, |i| i + 1);
    &bytes[..end]
}

/// Whether the outputs are the same once all white space is taken out: spaces and line breaks
/// missing, extra or different anywhere, as PTA's and POJ's Presentation Error say.
fn same_but_white_space(expected: &[u8], got: &[u8]) -> bool {
    let visible = |bytes: &[u8]| bytes.iter().filter(|b| !b.is_ascii_whitespace()).copied().collect::<Vec<u8>>();
    visible(expected) == visible(got)
}

/// LeetCode's rule for problem 51: the output is a JSON list of boards, compared as values, in
/// any order.
fn json_boards(expected: &[u8], got: &[u8]) -> Verdict {
    let reference = boards(Format::Leetcode, expected).expect("the reference is a JSON list of boards");
    match serde_json::from_slice::<Vec<Vec<String>>>(got) {
        Err(error) => Verdict::WrongAnswer(Mismatch::NotJson(error.to_string())),
        Ok(got) => match match_boards(&reference, &owned(got)) {
            Ok(_) => Verdict::Accepted,
            Err(wrong) => Verdict::WrongAnswer(Mismatch::Boards(wrong)),
        },
    }
}

/// Matches the program's boards against the reference's as sets, by board position.
///
/// `reference` and `got` are boards (rows of `Q`/`.`) in their printed order. Returns the
/// reference index (from 0) of each of the program's boards, or what is wrong: boards that are
/// not solutions, duplicates and missing ones.
pub fn match_boards(reference: &[Board], got: &[Board]) -> Result<Vec<usize>, Unmatched> {
    let index: HashMap<&str, usize> = reference.iter().enumerate().map(|(i, b)| (b.as_ref(), i)).collect();
    let mut seen: Vec<Option<usize>> = vec![None; reference.len()];
    let (mut order, mut wrong) = (Vec::new(), Vec::new());
    for (k, board) in got.iter().enumerate() {
        match index.get(board.as_ref()) {
            None => wrong.push(WrongBoard::NotASolution { k, why: why_not(board) }),
            Some(&i) => match seen[i] {
                Some(first) => wrong.push(WrongBoard::Repeats { k, first }),
                None => {
                    seen[i] = Some(k);
                    order.push(i);
                }
            },
        }
    }
    let missing: Vec<usize> = seen.iter().enumerate().filter(|(_, s)| s.is_none()).map(|(i, _)| i).collect();
    match wrong.is_empty() && missing.is_empty() {
        true => Ok(order),
        false => Err(Unmatched { wrong, missing, total: reference.len() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    /// A Presentation Error, wherever it is.
    fn pe() -> PresentationError {
        PresentationError
    }

    /// Compares verdicts as their kind only, for a Presentation Error.
    #[derive(Debug)]
    struct PresentationError;

    impl PartialEq<PresentationError> for Verdict {
        fn eq(&self, _: &PresentationError) -> bool {
            matches!(self, Verdict::PresentationError(_))
        }
    }

    #[test]
    fn white_space_is_located_at_its_first_difference() {
        let at = |expected: &[u8], got: &[u8]| white_space(expected, got);
        let ws = |line, what| WhiteSpace { line, what };
        assert_eq!(at(b"a\nb\n", b"a\nb \n"), ws(1, Spacing::ExtraAtEnd(1)));
        assert_eq!(at(b"a  \nb\n", b"a\nb\n"), ws(0, Spacing::MissingAtEnd(2)));
        assert_eq!(at(b"a\n\nb\n", b"a\nb\n"), ws(1, Spacing::BlankLineMissing));
        assert_eq!(at(b"a\nb\n", b"a\n\nb\n"), ws(1, Spacing::BlankLineExtra));
        assert_eq!(at(b"a\nb\n\n", b"a\nb\n"), ws(2, Spacing::BlankLineMissing));
        assert_eq!(at(b". Q\n", b".Q\n"), ws(0, Spacing::Inside));
        assert_eq!(at(b". Q\nQ .\n", b". Q Q .\n"), ws(0, Spacing::Breaks));
        assert_eq!(at(b"a\nb\n", b"a\nb"), ws(1, Spacing::NewlineMissing));
        assert_eq!(at(b"a\nb", b"a\nb\n"), ws(1, Spacing::NewlineExtra));
    }

    #[test]
    fn strict_keeps_todays_byte_rule() {
        assert_eq!(strict(b".Q\n\n", b".Q\n\n"), Verdict::Accepted);
        assert_eq!(strict(b"a b\n\nc\n", b"a b \nc\n"), pe());
        let line = |line, expected: Option<&[u8]>, got: Option<&[u8]>| {
            let (expected, got) = (expected.map(<[u8]>::to_vec), got.map(<[u8]>::to_vec));
            Verdict::WrongAnswer(Mismatch::Line { line, expected, got })
        };
        assert_eq!(strict(b"a\nb\nc\n", b"a\nx\nc\n"), line(1, Some(b"b\n"), Some(b"x\n")));
        assert_eq!(strict(b"a\nb\n", b"a\n"), line(1, Some(b"b\n"), None));
        assert_eq!(strict(b"a\n", b"a\r\x1b[2J"), line(0, Some(b"a\n"), Some(b"a\r\x1b[2J")));
    }

    /// POJ's staff on its web board (message 87097): white space 缺少或者多余 is PE, while
    /// 每行的结尾的空格和输出的末尾空行不会被判成PE.
    #[test]
    fn poj_and_bailian_forgive_trailing_spaces_and_final_blank_lines() {
        assert_eq!(Site::Bailian.compare(b"No. 1\n1 0\n", b"No. 1 \n1 0 \n\n\n"), Verdict::Accepted);
        assert_eq!(Site::Bailian.compare(b"No. 1\n1 0\n", b"No. 1\n\n1 0\n"), pe());
        assert_eq!(Site::Bailian.compare(b"No. 1\n1 0\n", b"No.  1\n1 0\n"), pe());
        assert_eq!(Site::Bailian.compare(b"No. 1\n1 0\n", b"No.1\n1 0\n"), pe());
        assert!(matches!(Site::Bailian.compare(b"No. 1\n1 0\n", b"No. 1\n0 1\n"), Verdict::WrongAnswer(_)));
    }

    /// PTA's FAQ: 格式错误 = 输出的格式不符合要求（比如空格和换行与要求不一致）.
    #[test]
    fn pta_calls_any_white_space_difference_a_presentation_error() {
        assert_eq!(Site::Pta.compare(b". Q\n", b". Q \n"), pe());
        assert_eq!(Site::Pta.compare(b". Q\n\n. Q\n", b". Q\n. Q\n"), pe());
        assert_eq!(Site::Pta.compare(b". Q . .\n", b".Q..\n"), pe());
        assert!(matches!(Site::Pta.compare(b". Q\n", b"Q .\n"), Verdict::WrongAnswer(_)));
    }

    #[test]
    fn pta_gives_a_missing_last_newline_or_blank_lines_at_the_end_the_benefit() {
        assert_eq!(Site::Pta.compare(b". Q\n\nQ .\n", b". Q\n\nQ ."), Verdict::Accepted);
        assert_eq!(Site::Pta.compare(b". Q\n", b". Q\n\n\n"), Verdict::Accepted);
    }

    #[test]
    fn luogu_forgives_trailing_white_space_and_has_no_presentation_error() {
        assert_eq!(Site::Luogu.compare(b"2 4\n1\n", b"2 4 \t\n1\n\n"), Verdict::Accepted);
        assert!(matches!(Site::Luogu.compare(b"2 4\n1\n", b"2  4\n1\n"), Verdict::WrongAnswer(_)));
    }

    #[test]
    fn leetcode_compares_json_values_in_any_order() {
        let reference = br#"[[".Q..","...Q","Q...","..Q."],["..Q.","Q...","...Q",".Q.."]]"#;
        let swapped = b"[ [\"..Q.\", \"Q...\", \"...Q\", \".Q..\"],\n [\".Q..\",\"...Q\",\"Q...\",\"..Q.\"] ]\n";
        assert_eq!(Site::LeetCode.compare(reference, swapped), Verdict::Accepted);
        let none = Unmatched { wrong: Vec::new(), missing: vec![0, 1], total: 2 };
        assert_eq!(Site::LeetCode.compare(reference, b"[]"), Verdict::WrongAnswer(Mismatch::Boards(none)));
        assert!(matches!(Site::LeetCode.compare(reference, b"oops"), Verdict::WrongAnswer(Mismatch::NotJson(_))));
    }

    #[test]
    fn acwing_and_the_toolkit_keep_the_strict_rule() {
        assert_eq!(Site::AcWing.compare(b".Q\n\n", b".Q \n\n"), pe());
        assert_eq!(Site::Toolkit.compare(b"#K#\n", b"#K# \n"), pe());
    }

    #[test]
    fn boards_match_as_a_set_and_problems_are_listed() {
        let b = |s: &'static str| Board::from(s.replace(' ', "\n"));
        let reference = [b(".Q Q."), b("Q. .Q"), b("QQ ..")];
        assert_eq!(match_boards(&reference, &[b("QQ .."), b(".Q Q."), b("Q. .Q")]), Ok(vec![2, 0, 1]));
        let wrong = vec![
            WrongBoard::Repeats { k: 1, first: 0 },
            WrongBoard::NotASolution { k: 2, why: Some(super::super::explain::WhyNot::NoQueen { row: 0 }) },
        ];
        assert_eq!(
            match_boards(&reference, &[b(".Q Q."), b(".Q Q."), b(".. ..")]),
            Err(Unmatched { wrong, missing: vec![1, 2], total: 3 })
        );
    }
}
