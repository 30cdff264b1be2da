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
use super::verdict::Verdict;
use crate::catalogue::{Key, say};
use crate::escape::{SCREEN, clip, line};
use crate::format::Format;
use crate::judge::facts;
use crate::lang::Lang;
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
            // `Config::new` refuses svg before any judging: no judge reads pictures.
            Format::Pretty | Format::Framed | Format::Kruse | Format::Svg => Site::Toolkit,
        }
    }

    /// Its name in a report, in `lang`.
    pub fn name(self, lang: Lang) -> &'static str {
        let key = match self {
            Site::Pta => Key::SitePta,
            Site::AcWing => Key::SiteAcWing,
            Site::Bailian => Key::SiteBailian,
            Site::Luogu => Key::SiteLuogu,
            Site::LeetCode => Key::SiteLeetCode,
            Site::Toolkit => Key::SiteToolkit,
        };
        key.text(lang)
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

/// Each judge's time and memory limits, for `--help`: `acwing 1 s, 64 MiB; pta 400 ms, 64 MiB; …`.
pub fn presets_help() -> String {
    let judges = [
        (Format::Compact, "acwing"),
        (Format::Spaced, "pta"),
        (Format::Numbered, "bailian"),
        (Format::Luogu, "luogu"),
        (Format::Leetcode, "leetcode"),
    ];
    let mut each: Vec<String> = judges
        .iter()
        .map(|&(format, name)| {
            let preset = Site::of(format).preset();
            format!("{name} {}, {} MiB", limit(preset.time), preset.memory_mib)
        })
        .collect();
    let other = Site::Toolkit.preset();
    each.push(format!("others {}, {} MiB", limit(other.time), other.memory_mib));
    each.join("; ")
}

/// A time limit as a judge writes it: `1 s`, `400 ms`, `2.5 s`.
pub fn limit(time: Duration) -> String {
    match time.as_millis() {
        ms if ms % 1000 == 0 => format!("{} s", ms / 1000),
        ms if ms < 1000 => format!("{ms} ms"),
        _ => format!("{} s", time.as_secs_f64()),
    }
}

impl Site {
    /// Compares a clean run's output with the reference by this judge's rules, saying why in
    /// `lang`.
    pub fn compare(self, expected: &[u8], got: &[u8], lang: Lang) -> Verdict {
        if expected == got {
            return Verdict::Accepted;
        }
        match self {
            Site::Pta if without_final_newlines(expected) == without_final_newlines(got) => Verdict::Accepted,
            Site::Bailian | Site::Luogu if trimmed(expected) == trimmed(got) => Verdict::Accepted,
            Site::Pta | Site::Bailian if same_but_white_space(expected, got) => Verdict::PresentationError,
            Site::LeetCode => json_boards(expected, got, lang),
            Site::AcWing | Site::Toolkit => strict(expected, got, lang),
            _ => first_difference(expected, got, lang),
        }
    }

    /// The submission's score as this judge shows it, from every test point's verdict.
    pub fn score(self, verdicts: &[&Verdict], lang: Lang) -> String {
        let m = verdicts.len();
        let k = verdicts.iter().filter(|v| v.accepted()).count();
        let first_bad = verdicts.iter().find(|v| !v.accepted());
        let pta = self == Site::Pta;
        let overall = match (self, first_bad) {
            (_, None) => Verdict::Accepted.label(pta, lang),
            (Site::Pta, Some(_)) if k > 0 => {
                say!(lang, Labelled, code = "PA", name = Key::PartiallyAccepted.text(lang))
            }
            (Site::Luogu, Some(_)) => say!(lang, Labelled, code = "UA", name = Key::Unaccepted.text(lang)),
            (_, Some(v)) => v.label(pta, lang),
        };
        let points = (100 * k).checked_div(m).unwrap_or(0);
        let key = match self {
            Site::Pta => Key::ScorePta,
            Site::LeetCode => Key::ScoreLeetCode,
            Site::Luogu => Key::ScoreLuogu,
            Site::AcWing => Key::ScoreAcWing,
            Site::Bailian | Site::Toolkit => Key::ScoreOther,
        };
        key.fill(lang, &[("overall", &overall), ("k", &k), ("m", &m), ("points", &points)])
    }
}

/// Today's rule and `--strict`'s: equal bytes are Accepted; bytes that differ only in trailing
/// spaces at line ends or in blank lines are a Presentation Error; anything else is a Wrong
/// Answer, located at its first differing line.
pub fn strict(expected: &[u8], got: &[u8], lang: Lang) -> Verdict {
    if expected == got {
        Verdict::Accepted
    } else if loose(expected).eq(loose(got)) {
        Verdict::PresentationError
    } else {
        first_difference(expected, got, lang)
    }
}

/// A Wrong Answer naming the first line that differs.
fn first_difference(expected: &[u8], got: &[u8], lang: Lang) -> Verdict {
    let (mut el, mut gl) = (expected.split_inclusive(|&b| b == b'\n'), got.split_inclusive(|&b| b == b'\n'));
    let mut number = 1;
    loop {
        match (el.next(), gl.next()) {
            (Some(a), Some(b)) if a == b => number += 1,
            (a, b) => {
                let (line, expected, got) = (number, quoted(a, lang), quoted(b, lang));
                return Verdict::WrongAnswer(say!(lang, LineDiffers, line, expected, got));
            }
        }
    }
}

/// The widest a verdict quotes one of the program's lines, in display columns.
const QUOTED: usize = SCREEN / 2;

/// A line as a verdict quotes it: visible, its newline mentioned only when it is missing.
fn quoted(l: Option<&[u8]>, lang: Lang) -> String {
    match l {
        None => say!(lang, EndOfOutput),
        Some(l) => match l.strip_suffix(b"\n") {
            Some(body) => format!("\"{}\"", clip(&line(body), QUOTED)),
            None => format!("\"{}\" {}", clip(&line(l), QUOTED), say!(lang, NoNewlineAtEnd)),
        },
    }
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
fn json_boards(expected: &[u8], got: &[u8], lang: Lang) -> Verdict {
    let reference = boards(Format::Leetcode, expected).expect("the reference is a JSON list of boards");
    match serde_json::from_slice::<Vec<Vec<String>>>(got) {
        Err(error) => Verdict::WrongAnswer(say!(lang, NotJson, error)),
        Ok(got) => match match_boards(&reference, &owned(got), lang) {
            Ok(_) => Verdict::Accepted,
            Err(wrong) => wrong,
        },
    }
}

/// Matches the program's boards against the reference's as sets, by board position.
///
/// `reference` and `got` are boards (rows of `Q`/`.`) in their printed order. Returns the
/// reference index (from 0) of each of the program's boards, or the Wrong Answer that lists
/// boards that are not solutions, duplicates and missing ones, each by its number (from 1).
pub fn match_boards(reference: &[Board], got: &[Board], lang: Lang) -> Result<Vec<usize>, Verdict> {
    let index: HashMap<&str, usize> = reference.iter().enumerate().map(|(i, b)| (b.as_ref(), i)).collect();
    let mut seen: Vec<Option<usize>> = vec![None; reference.len()];
    let (mut order, mut problems) = (Vec::new(), Vec::new());
    for (k, board) in got.iter().enumerate() {
        match index.get(board.as_ref()) {
            None => problems.push(say!(lang, NotASolution, k = k + 1, why = why_not(board, lang))),
            Some(&i) => match seen[i] {
                Some(first) => problems.push(say!(lang, RepeatsBoard, k = k + 1, first = first + 1)),
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
        let numbers = abbreviate(&missing, 8, &say!(lang, ListSeparator), |k| say!(lang, AndMore, k));
        problems.push(say!(lang, SolutionsMissing, missing = missing.len(), total = reference.len(), numbers));
    }
    let all = |k| if k == 1 { say!(lang, AndOneMoreProblem) } else { say!(lang, AndMoreProblems, k) };
    let separator = say!(lang, Separator);
    if problems.is_empty() { Ok(order) } else { Err(Verdict::WrongAnswer(abbreviate(&problems, 3, &separator, all))) }
}

/// The first `keep` of `items` joined by `separator`, then what `more` says of how many there
/// are besides: `2, 3, … 5 more`, or `a; b; c; … 2 more problems`.
fn abbreviate(items: &[String], keep: usize, separator: &str, more: impl Fn(usize) -> String) -> String {
    let shown = items[..keep.min(items.len())].join(separator);
    if items.len() > keep { format!("{shown}{separator}{}", more(items.len() - keep)) } else { shown }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::process::Signal;
    use crate::judge::verdict::Crash;
    use pretty_assertions::assert_eq;

    #[test]
    fn strict_keeps_todays_byte_rule() {
        assert_eq!(strict(b".Q\n\n", b".Q\n\n", Lang::En), Verdict::Accepted);
        assert_eq!(strict(b"a b\n\nc\n", b"a b \nc\n", Lang::En), Verdict::PresentationError);
        assert_eq!(
            strict(b"a\nb\nc\n", b"a\nx\nc\n", Lang::En),
            Verdict::WrongAnswer("line 2: expected \"b\", got \"x\"".into())
        );
        assert_eq!(
            strict(b"a\nb\n", b"a\n", Lang::En),
            Verdict::WrongAnswer("line 2: expected \"b\", got end of output".into())
        );
    }

    #[test]
    fn wrong_lines_are_quoted_visibly() {
        assert_eq!(
            strict(b"a\n", b"a\r\x1b[2J\n", Lang::En),
            Verdict::WrongAnswer("line 1: expected \"a\", got \"a\\r\\e[2J\"".into())
        );
    }

    /// POJ's staff on its web board (message 87097): white space 缺少或者多余 is PE, while
    /// 每行的结尾的空格和输出的末尾空行不会被判成PE.
    #[test]
    fn poj_and_bailian_forgive_trailing_spaces_and_final_blank_lines() {
        assert_eq!(Site::Bailian.compare(b"No. 1\n1 0\n", b"No. 1 \n1 0 \n\n\n", Lang::En), Verdict::Accepted);
        assert_eq!(Site::Bailian.compare(b"No. 1\n1 0\n", b"No. 1\n\n1 0\n", Lang::En), Verdict::PresentationError);
        assert_eq!(Site::Bailian.compare(b"No. 1\n1 0\n", b"No.  1\n1 0\n", Lang::En), Verdict::PresentationError);
        assert_eq!(Site::Bailian.compare(b"No. 1\n1 0\n", b"No.1\n1 0\n", Lang::En), Verdict::PresentationError);
        assert!(matches!(Site::Bailian.compare(b"No. 1\n1 0\n", b"No. 1\n0 1\n", Lang::En), Verdict::WrongAnswer(_)));
    }

    /// PTA's FAQ: 格式错误 = 输出的格式不符合要求（比如空格和换行与要求不一致）.
    #[test]
    fn pta_calls_any_white_space_difference_a_presentation_error() {
        assert_eq!(Site::Pta.compare(b". Q\n", b". Q \n", Lang::En), Verdict::PresentationError);
        assert_eq!(Site::Pta.compare(b". Q\n\n. Q\n", b". Q\n. Q\n", Lang::En), Verdict::PresentationError);
        assert_eq!(Site::Pta.compare(b". Q . .\n", b".Q..\n", Lang::En), Verdict::PresentationError);
        assert!(matches!(Site::Pta.compare(b". Q\n", b"Q .\n", Lang::En), Verdict::WrongAnswer(_)));
    }

    #[test]
    fn pta_gives_a_missing_last_newline_or_blank_lines_at_the_end_the_benefit() {
        assert_eq!(Site::Pta.compare(b". Q\n\nQ .\n", b". Q\n\nQ .", Lang::En), Verdict::Accepted);
        assert_eq!(Site::Pta.compare(b". Q\n", b". Q\n\n\n", Lang::En), Verdict::Accepted);
    }

    #[test]
    fn luogu_forgives_trailing_white_space_and_has_no_presentation_error() {
        assert_eq!(Site::Luogu.compare(b"2 4\n1\n", b"2 4 \t\n1\n\n", Lang::En), Verdict::Accepted);
        assert!(matches!(Site::Luogu.compare(b"2 4\n1\n", b"2  4\n1\n", Lang::En), Verdict::WrongAnswer(_)));
    }

    #[test]
    fn leetcode_compares_json_values_in_any_order() {
        let reference = br#"[[".Q..","...Q","Q...","..Q."],["..Q.","Q...","...Q",".Q.."]]"#;
        let swapped = b"[ [\"..Q.\", \"Q...\", \"...Q\", \".Q..\"],\n [\".Q..\",\"...Q\",\"Q...\",\"..Q.\"] ]\n";
        assert_eq!(Site::LeetCode.compare(reference, swapped, Lang::En), Verdict::Accepted);
        assert!(
            matches!(Site::LeetCode.compare(reference, b"[]", Lang::En), Verdict::WrongAnswer(d) if d.contains("2 of 2 solutions missing"))
        );
        assert!(
            matches!(Site::LeetCode.compare(reference, b"oops", Lang::En), Verdict::WrongAnswer(d) if d.contains("not a JSON list"))
        );
    }

    #[test]
    fn acwing_and_the_toolkit_keep_the_strict_rule() {
        assert_eq!(Site::AcWing.compare(b".Q\n\n", b".Q \n\n", Lang::En), Verdict::PresentationError);
        assert_eq!(Site::Toolkit.compare(b"#K#\n", b"#K# \n", Lang::En), Verdict::PresentationError);
    }

    #[test]
    fn each_judge_scores_its_own_way() {
        let (ac, wa) = (Verdict::Accepted, Verdict::WrongAnswer(String::new()));
        let re = Verdict::RuntimeError(Crash::Signal(Signal::Segv.number()));
        assert_eq!(Site::Pta.score(&[&ac, &wa, &ac], Lang::Zh), "PA 部分正确：3 个测试点通过 2 个");
        assert_eq!(Site::Pta.score(&[&re, &wa], Lang::Zh), "RE 段错误：2 个测试点通过 0 个");
        assert_eq!(Site::Pta.score(&[&ac, &ac], Lang::En), "AC Accepted: 2 of 2 test points");
        assert_eq!(Site::LeetCode.score(&[&ac, &wa], Lang::En), "WA Wrong Answer: 1 / 2 testcases passed");
        assert_eq!(Site::Luogu.score(&[&ac, &ac, &ac, &wa], Lang::En), "UA Unaccepted: 75 points, 3 of 4 test points");
        assert_eq!(Site::AcWing.score(&[&ac, &re], Lang::En), "RE Runtime Error: 1/2 tests passed");
    }

    #[test]
    fn boards_match_as_a_set_and_problems_are_listed() {
        let b = |s: &'static str| Board::from(s.replace(' ', "\n"));
        let reference = [b(".Q Q."), b("Q. .Q"), b("QQ ..")];
        assert_eq!(match_boards(&reference, &[b("QQ .."), b(".Q Q."), b("Q. .Q")], Lang::En), Ok(vec![2, 0, 1]));
        let Err(Verdict::WrongAnswer(why)) = match_boards(&reference, &[b(".Q Q."), b(".Q Q."), b(".. ..")], Lang::En)
        else {
            panic!("not a wrong answer")
        };
        assert!(why.starts_with("your board 2 repeats your board 1; your board 3 is not a solution"), "{why}");
        assert!(why.ends_with("2 of 3 solutions missing (reference numbers 2, 3)"), "{why}");
    }
}
