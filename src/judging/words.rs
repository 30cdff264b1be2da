//! The judge's data in words: a verdict's name and detail, each note, a score as each judge shows
//! it, why a build failed, why there is no sandbox — in the user's language, through the
//! catalogue.
//!
//! The judge hands over what it found (lines, boards and rows by index from 0, raw bytes of the
//! program's); this module is where numbering starts at 1, where someone else's bytes pass
//! through [`crate::escape`], and where long lists are cut short. The report
//! ([`super::report`]), the gradebook and its feedback files all word a judgement here, so a
//! student reads the same sentence wherever it appears.

use crate::catalogue::{Key, say};
use crate::escape::{SCREEN, clip, line, visible};
use crate::input::sizes_named;
use crate::judge::Judged;
use crate::judge::compile::Language;
use crate::judge::explain::WhyNot;
use crate::judge::note::Note;
use crate::judge::one::NotOne;
use crate::judge::process::{Bound, CPU_TIME, Signal};
use crate::judge::project::Undecided;
use crate::judge::sandbox::NoSandbox;
use crate::judge::site::Site;
use crate::judge::system::{Exception, Install, System};
use crate::judge::verdict::{
    BuildFailure, BuildLimitKind, Crash, Mismatch, Spacing, Unmatched, Verdict, WhiteSpace, WrongBoard,
};
use crate::lang::Lang;
use crate::solvers::{Algo, Conflict};
use crate::units::{bytes_in, duration};
use nqueens::beyond::read::BadRow;
use nqueens::own::{Difference, Misstep, Origin, OwnEvent, Square, Why};
use std::time::Duration;

/// The widest a verdict or a note quotes one of the program's lines, in display columns.
const QUOTED: usize = SCREEN / 2;

/// The name a judge shows. In Chinese, PTA's names (PTA tells a crash by its cause: 段错误,
/// 浮点错误, 非零返回, 异常退出); in English, the same distinction for PTA only, whose English
/// interface makes it, and Runtime Error elsewhere.
pub fn name(verdict: &Verdict, pta: bool, lang: Lang) -> &'static str {
    let key = match verdict {
        Verdict::Accepted => Key::Accepted,
        Verdict::PresentationError(_) => Key::PresentationError,
        Verdict::WrongAnswer(_) => Key::WrongAnswer,
        Verdict::TimeLimitExceeded(_) => Key::TimeLimitExceeded,
        Verdict::MemoryLimitExceeded => Key::MemoryLimitExceeded,
        Verdict::OutputLimitExceeded => Key::OutputLimitExceeded,
        Verdict::CompileError(_) => Key::CompileError,
        Verdict::RuntimeError(crash) if pta || lang == Lang::Zh => crash_name(System::HERE, *crash),
        Verdict::RuntimeError(_) => Key::RuntimeError,
    };
    key.text(lang)
}

/// The code and the name, as a table row and a score show a verdict: `WA Wrong Answer`,
/// `RE 段错误`.
pub fn label(verdict: &Verdict, pta: bool, lang: Lang) -> String {
    say!(lang, Labelled, code = verdict.code(), name = name(verdict, pta, lang))
}

/// A one-line explanation in `lang` (a Compile Error's: the compiler's lines), empty when the
/// name says it all.
pub fn detail(verdict: &Verdict, lang: Lang) -> String {
    match verdict {
        Verdict::WrongAnswer(mismatch) => self::mismatch(mismatch, lang),
        Verdict::CompileError(failure) => build_failure(failure, lang),
        Verdict::PresentationError(at) => say!(lang, OnlyWhiteSpaceAt, at = white_space(*at, lang)),
        Verdict::RuntimeError(Crash::Exit(code)) => exit_detail(System::HERE, *code, lang),
        Verdict::RuntimeError(Crash::Signal(signal)) => {
            say!(lang, KilledBySignal, signal, name = signal_name(*signal).map_or("", |k| k.text(lang)))
        }
        Verdict::RuntimeError(Crash::TooManyProcesses(cap)) => say!(lang, TooManyProcesses, cap),
        Verdict::TimeLimitExceeded(Bound::Cpu(limit)) => say!(lang, CpuTimeReached, limit = duration(*limit)),
        Verdict::TimeLimitExceeded(Bound::Wall(bound)) if CPU_TIME => {
            say!(lang, WallBoundReached, bound = duration(*bound))
        }
        Verdict::TimeLimitExceeded(Bound::Wall(bound)) => say!(lang, WallTimeReached, bound = duration(*bound)),
        Verdict::Accepted | Verdict::MemoryLimitExceeded | Verdict::OutputLimitExceeded => String::new(),
    }
}

/// Where white space first differs, its line numbered from 1.
fn white_space(at: WhiteSpace, lang: Lang) -> String {
    let line = at.line + 1;
    match at.what {
        Spacing::ExtraAtEnd(k) => say!(lang, PeExtraAtEnd, line, k),
        Spacing::MissingAtEnd(k) => say!(lang, PeMissingAtEnd, line, k),
        Spacing::BlankLineMissing => say!(lang, PeBlankLineMissing, line),
        Spacing::BlankLineExtra => say!(lang, PeBlankLineExtra, line),
        Spacing::Inside => say!(lang, PeInside, line),
        Spacing::Breaks => say!(lang, PeBreaks, line),
        Spacing::NewlineMissing => say!(lang, PeNewlineMissing, line),
        Spacing::NewlineExtra => say!(lang, PeNewlineExtra, line),
    }
}

/// PTA's names for a crash, which tell it by its cause (on Windows, an exit code may be one).
fn crash_name(system: System, crash: Crash) -> Key {
    match crash {
        Crash::Exit(code) => match system.exception(code) {
            Some(Exception::AccessViolation | Exception::StackOverflow) => Key::SegmentationFault,
            Some(Exception::IntegerDivideByZero) => Key::FloatingPointError,
            None => Key::NonZeroExit,
        },
        Crash::TooManyProcesses(_) => Key::AbnormalExit,
        Crash::Signal(signal) => match Signal::of(signal) {
            Some(Signal::Segv | Signal::Bus) => Key::SegmentationFault,
            Some(Signal::Fpe) => Key::FloatingPointError,
            _ => Key::AbnormalExit,
        },
    }
}

/// The detail of a non-zero exit; on Windows, a crash's code in hexadecimal, with its cause.
fn exit_detail(system: System, code: i32, lang: Lang) -> String {
    let name = match system.exception(code) {
        None => return say!(lang, ExitCode, code),
        Some(Exception::AccessViolation) => Key::ExceptionAccessViolation,
        Some(Exception::StackOverflow) => Key::ExceptionStackOverflow,
        Some(Exception::IntegerDivideByZero) => Key::ExceptionIntegerDivideByZero,
    };
    say!(lang, ExitException, code = format!("0x{:08X}", code as u32), name = name.text(lang))
}

/// A signal's name and its usual causes, for the signals a student's program meets.
fn signal_name(signal: i32) -> Option<Key> {
    Some(match Signal::of(signal)? {
        Signal::Segv => Key::SignalSegv,
        Signal::Abrt => Key::SignalAbrt,
        Signal::Fpe => Key::SignalFpe,
        Signal::Kill => Key::SignalKill,
        Signal::Bus => Key::SignalBus,
    })
}

/// Where and how a wrong output differs, empty when a note says it instead.
pub fn mismatch(mismatch: &Mismatch, lang: Lang) -> String {
    match mismatch {
        Mismatch::Unexplained => String::new(),
        Mismatch::Line { line, expected, got } => {
            let (expected, got) = (quoted(expected.as_deref(), lang), quoted(got.as_deref(), lang));
            say!(lang, LineDiffers, line = line + 1, expected, got)
        }
        Mismatch::NotJson(error) => say!(lang, NotJson, error),
        Mismatch::NotJsonList => say!(lang, NotJsonList),
        Mismatch::NotText => say!(lang, NotText),
        Mismatch::Boards(unmatched) => self::unmatched(unmatched, lang),
        Mismatch::NotOne { n, why } => not_one(*n, why, lang),
    }
}

/// Why an output is not one solution for `n` (`--format one`), as `labs check` says it of a file:
/// its lines from 1, the attacking pair's squares as (row,col) from 0.
fn not_one(n: usize, why: &NotOne, lang: Lang) -> String {
    let bad_row = |line: usize, key: Key| say!(lang, CheckBadRow, line, why = key.text(lang));
    match *why {
        NotOne::Nothing => say!(lang, OneNothing),
        NotOne::NoneExpected => say!(lang, OneNoneExpected, n),
        NotOne::NoneButSolvable => say!(lang, OneNoneButSolvable, n),
        NotOne::NotAColumn { line } => say!(lang, CheckNotAColumn, line),
        NotOne::BlankLine { line } => say!(lang, CheckBlankLine, line),
        NotOne::Rows { rows } => say!(lang, OneRows, rows, n),
        NotOne::NotABoard(BadRow::Length { line }) => bad_row(line, Key::CheckRowLength),
        NotOne::NotABoard(BadRow::Empty { line }) => bad_row(line, Key::CheckRowEmpty),
        NotOne::NotABoard(BadRow::Two { line }) => bad_row(line, Key::CheckRowTwo),
        NotOne::NotABoard(BadRow::Short { rows, n }) => say!(lang, CheckShortBoard, rows, n),
        NotOne::NotABoard(BadRow::Nothing) => say!(lang, CheckNothing),
        NotOne::Boards { count } => say!(lang, OneBoards, count),
        NotOne::Size { m } => say!(lang, OneSize, m, n),
        NotOne::Flaw(flaw) => say!(lang, CheckFault, why = crate::checker::flaw_words(flaw, n, lang)),
    }
}

/// A line as a verdict quotes it: visible, its newline mentioned only when it is missing.
fn quoted(l: Option<&[u8]>, lang: Lang) -> String {
    match l {
        None => say!(lang, EndOfOutput),
        Some(l) => match l.strip_suffix(b"\n") {
            Some(body) => format!("\"{}\"", clip(&line(body), QUOTED, lang)),
            None => format!("\"{}\" {}", clip(&line(l), QUOTED, lang), say!(lang, NoNewlineAtEnd)),
        },
    }
}

/// The boards that did not match, numbered from 1, in one line.
fn unmatched(unmatched: &Unmatched, lang: Lang) -> String {
    problems(unmatched, lang).join(&say!(lang, Separator))
}

/// The problems with a program's boards, one an item, numbered from 1: the first three (a
/// missing list counts as one), then how many more.
pub fn problems(unmatched: &Unmatched, lang: Lang) -> Vec<String> {
    let mut problems: Vec<String> = unmatched
        .wrong
        .iter()
        .map(|wrong| match *wrong {
            WrongBoard::NotASolution { k, why } => {
                say!(lang, NotASolution, k = k + 1, why = why.map_or(String::new(), |why| why_not(why, lang)))
            }
            WrongBoard::Repeats { k, first } => say!(lang, RepeatsBoard, k = k + 1, first = first + 1),
        })
        .collect();
    if !unmatched.missing.is_empty() {
        let numbers: Vec<String> = unmatched.missing.iter().map(|i| (i + 1).to_string()).collect();
        let numbers = abbreviate(&numbers, 8, &say!(lang, ListSeparator), |k| say!(lang, AndMore, k));
        problems.push(say!(
            lang,
            SolutionsMissing,
            missing = unmatched.missing.len(),
            total = unmatched.total,
            numbers
        ));
    }
    const SHOWN: usize = 3;
    if problems.len() > SHOWN {
        let more = problems.len() - SHOWN;
        problems.truncate(SHOWN);
        problems.push(if more == 1 { say!(lang, AndOneMoreProblem) } else { say!(lang, AndMoreProblems, k = more) });
    }
    problems
}

/// The first `keep` of `items` joined by `separator`, then what `more` says of how many there
/// are besides: `2, 3, … 5 more`.
fn abbreviate(items: &[String], keep: usize, separator: &str, more: impl Fn(usize) -> String) -> String {
    let shown = items[..keep.min(items.len())].join(separator);
    if items.len() > keep { format!("{shown}{separator}{}", more(items.len() - keep)) } else { shown }
}

/// Why a board is no solution, as a clause that follows "your board k is not a solution": its
/// squares as `labs trace` and the sheets write them, (row, column) from 0, and its diagonals by
/// the sheets' names.
fn why_not(why: WhyNot, lang: Lang) -> String {
    match why {
        WhyNot::NotARow { row } => say!(lang, WhyNotARow, row),
        WhyNot::NoQueen { row } => say!(lang, WhyNoQueen, row),
        WhyNot::Queens { row, k } => say!(lang, WhyQueens, row, k),
        WhyNot::Column { a, b, column } => say!(lang, WhyColumn, a, b, column),
        WhyNot::Diagonal { a, b, ca, cb, on: Conflict::AntiDiagonal } => say!(lang, WhyAntiDiagonal, a, b, ca, cb),
        WhyNot::Diagonal { a, b, ca, cb, .. } => say!(lang, WhyDiagonal, a, b, ca, cb),
    }
}

/// Why a source did not build: the limit it met, if any, on a line of its own, then the
/// compiler's first error lines, each made visible and cut to a screen.
pub fn build_failure(failure: &BuildFailure, lang: Lang) -> String {
    let limit = |limit: &crate::judge::verdict::BuildLimit| {
        let key = match limit.kind {
            BuildLimitKind::Memory => Key::BuildOutOfMemory,
            BuildLimitKind::FileSize => Key::BuildFileTooLarge,
        };
        key.fill(lang, &[("tool", &limit.tool), ("mib", &limit.bytes.map_or(0, |bytes| bytes >> 20))])
    };
    match failure {
        BuildFailure::OutOfMemory(at) => limit(at),
        BuildFailure::OutOfTime { tool, limit } => say!(lang, BuildOutOfTime, tool, seconds = limit.as_secs()),
        BuildFailure::JavaPackage { package, class } => say!(lang, JavaPackage, package = visible(package), class),
        BuildFailure::JavaClass { found, class } => say!(lang, JavaClass, found = visible(found), class),
        BuildFailure::Syntax { lines } => {
            let mut shown = vec![say!(lang, SyntaxError)];
            shown.extend(errors(lines, lang));
            shown.join("\n")
        }
        BuildFailure::Compiler { limit: at, lines } => {
            let mut shown: Vec<String> = at.iter().map(limit).collect();
            match lines.is_empty() {
                true => shown.push(say!(lang, CompilerSilent)),
                false => shown.extend(errors(lines, lang)),
            }
            shown.join("\n")
        }
    }
}

/// A compiler's first error lines, each made visible: the first whole, since it says what is
/// wrong and where (its end is the reason); the rest (the source line, the caret) cut to a screen.
fn errors(lines: &[Vec<u8>], lang: Lang) -> Vec<String> {
    let rest = lines.iter().skip(1).map(|l| clip(&line(l), SCREEN, lang));
    lines.first().map(|first| line(first)).into_iter().chain(rest).collect()
}

/// A note in `lang`, without the report's "note:" before it; some span lines (a board drawn).
pub fn note(note: &Note, lang: Lang) -> String {
    match note {
        Note::Interrupted { n, sizes } => say!(lang, JudgeInterrupted, n, sizes = sizes_named(sizes)),
        Note::NotRunAfterTimeout { n, sizes } => say!(lang, NotRunAfterTimeout, sizes = sizes_named(sizes), n),
        Note::CrlfReadAsLf => say!(lang, CrlfReadAsLf),
        Note::Transcoded { files } => {
            let files = files.iter().map(|f| visible(&f.display().to_string())).collect::<Vec<_>>().join(", ");
            say!(lang, TranscodedFromGbk, files)
        }
        Note::EveryRunFlooded => say!(lang, EveryRunFlooded),
        Note::SameForEveryN { bytes } => say!(lang, SameForEveryN, k = bytes),
        Note::Outran { k } => say!(lang, Outran, k),
        Note::TooLargeToStart { bytes } => say!(lang, TooLargeToStart, bytes = crate::units::bytes(*bytes)),
        Note::OnlyStderr { bytes } => say!(lang, OnlyStderr, bytes = bytes_in(*bytes, lang)),
        Note::NotABoardRow { line, text } => say!(lang, NotABoardRow, line = line + 1, text = quote_row(text, lang)),
        Note::SpacedRow { line, text, want } => {
            say!(lang, SpacedRow, line = line + 1, text = quote_row(text, lang), want = format!("\"{want}\""))
        }
        Note::WrongSize { m, n } => say!(lang, WrongSize, m, n),
        Note::CountedFromZero => say!(lang, CountedFromZero),
        Note::OrderAnyAccepted(judge) => say!(lang, OrderAnyAccepted, site = site(*judge, lang)),
        Note::OrderOfSearch => say!(lang, OrderOfSearch),
        Note::Unmatched(wrong) => unmatched(wrong, lang),
        Note::FirstMissing { k, board } => format!("{}\n{board}", say!(lang, FirstMissing, k = k + 1)),
        Note::Departed { reference, difference } => departed(*reference, difference, difference.board.len(), lang),
        Note::SameSearch { reference, steps } => say!(lang, JudgeOwnSame, name = reference.name(), k = steps),
    }
}

/// One of the program's lines as a note quotes it, made visible and cut.
fn quote_row(text: &[u8], lang: Lang) -> String {
    format!("\"{}\"", clip(&line(text), QUOTED, lang))
}

/// A judge's name in a report, in `lang`.
pub fn site(site: Site, lang: Lang) -> &'static str {
    let key = match site {
        Site::Pta => Key::SitePta,
        Site::AcWing => Key::SiteAcWing,
        Site::Bailian => Key::SiteBailian,
        Site::Luogu => Key::SiteLuogu,
        Site::LeetCode => Key::SiteLeetCode,
        Site::Toolkit => Key::SiteToolkit,
    };
    key.text(lang)
}

/// The score as the judge shows it, without the judge's name: `AC Accepted: 9/9 tests
/// passed`, `PA 部分正确：4 个测试点通过 3 个`, or the Compile Error alone.
pub fn score(judged: &Judged, lang: Lang) -> String {
    let verdicts = judged.verdicts();
    match &judged.compile_error {
        Some(_) => label(&verdicts[0], judged.site == Site::Pta, lang),
        None => site_score(judged.site, &verdicts.iter().collect::<Vec<_>>(), lang),
    }
}

/// A submission's score as `judge` shows it, from every test point's verdict.
fn site_score(judge: Site, verdicts: &[&Verdict], lang: Lang) -> String {
    let m = verdicts.len();
    let k = verdicts.iter().filter(|v| v.accepted()).count();
    let first_bad = verdicts.iter().find(|v| !v.accepted());
    let pta = judge == Site::Pta;
    let overall = match (judge, first_bad) {
        (_, None) => label(&Verdict::Accepted, pta, lang),
        (Site::Pta, Some(_)) if k > 0 => say!(lang, Labelled, code = "PA", name = Key::PartiallyAccepted.text(lang)),
        (Site::Luogu, Some(_)) => say!(lang, Labelled, code = "UA", name = Key::Unaccepted.text(lang)),
        (_, Some(v)) => label(v, pta, lang),
    };
    let points = (100 * k).checked_div(m).unwrap_or(0);
    let key = match judge {
        Site::Pta => Key::ScorePta,
        Site::LeetCode => Key::ScoreLeetCode,
        Site::Luogu => Key::ScoreLuogu,
        Site::AcWing => Key::ScoreAcWing,
        Site::Bailian | Site::Toolkit => Key::ScoreOther,
    };
    key.fill(lang, &[("overall", &overall), ("k", &k), ("m", &m), ("points", &points)])
}

/// Each judge's time and memory limits, for `--help`: `acwing 1 s, 64 MiB; pta 400 ms, 64 MiB; …`.
pub fn presets_help() -> String {
    use crate::format::Format;
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

/// Why there is no sandbox here, and how to get one.
pub fn no_sandbox(why: &NoSandbox, lang: Lang) -> String {
    match why {
        NoSandbox::NotProbed => say!(lang, NoSandboxNotProbed),
        NoSandbox::NotInstalled => say!(lang, NoSandboxNotInstalled),
        NoSandbox::Fails(said) => {
            let said = if said.is_empty() { say!(lang, NoSandboxNoMessage) } else { clip(&line(said), QUOTED, lang) };
            say!(lang, NoSandboxFails, said)
        }
        NoSandbox::CannotRun => say!(lang, NoSandboxCannotRun),
        NoSandbox::Refused => say!(lang, NoSandboxRefused),
        NoSandbox::PortableBackend => say!(lang, NoSandboxPortable),
        NoSandbox::NotOnThisSystem(system) => say!(lang, NoSandboxSystem, system = system.name()),
    }
}

/// How to install a tool, in `lang`.
pub fn install(hint: Install, lang: Lang) -> String {
    match hint {
        Install::Apt(package) => say!(lang, InstallApt, package),
        Install::Command(command) => command.to_string(),
        Install::MinGw => say!(lang, InstallMinGw),
        Install::Package(tool) => say!(lang, InstallPackage, tool),
    }
}

/// How many columns of a `package` line that names no package are shown: a line with no `;`
/// runs to the end of its file.
const PACKAGE_SHOWN: usize = 60;

/// Why a folder's files are no one program to build ([`Undecided`]), in `lang`.
pub fn undecided(why: &Undecided, lang: Lang) -> String {
    let files = |paths: &[std::path::PathBuf]| {
        paths.iter().map(|p| visible(&p.display().to_string())).collect::<Vec<_>>().join(", ")
    };
    let entry = |language: Language| match language {
        Language::Python => "if __name__",
        Language::Java => "static void main",
        Language::Rust => "fn main",
        Language::C | Language::Cpp => "main",
    };
    match why {
        Undecided::NoSource => say!(lang, NoSourceInside, extensions = extensions()),
        Undecided::Languages(languages) => {
            let names = languages.iter().map(|l| l.facts().name).collect::<Vec<_>>().join(", ");
            say!(lang, UndecidedLanguages, k = languages.len(), languages = names)
        }
        Undecided::NoMain(Language::Python) => say!(lang, UndecidedWhichPython),
        Undecided::NoMain(language) => say!(lang, UndecidedNoMain, entry = entry(*language)),
        Undecided::SeveralMains(paths) => {
            let language = paths.first().and_then(|p| Language::of(p)).unwrap_or(Language::C);
            say!(lang, UndecidedSeveralMains, k = paths.len(), entry = entry(language), files = files(paths))
        }
        Undecided::SameClass(class) => say!(lang, UndecidedSameClass, class = visible(class)),
        Undecided::Package { file, package } => {
            let package = crate::escape::clip(&visible(package), PACKAGE_SHOWN, lang);
            say!(lang, UndecidedPackage, file = visible(&file.display().to_string()), package)
        }
        Undecided::Outside(file) => say!(lang, UndecidedOutside, file = visible(&file.display().to_string())),
    }
}

/// The extensions of the sources the judge builds, as a message lists them:
/// `.c, .cpp, .cc, .cxx, .py, .java, .rs`.
pub fn extensions() -> String {
    let all = Language::ALL.iter().flat_map(|language| language.extensions());
    all.map(|extension| format!(".{extension}")).collect::<Vec<_>>().join(", ")
}

/// The command that built a source, made visible (a file name may hold anything).
pub fn built_with(command: &str) -> String {
    visible(command)
}

/// A student's own search in words, for `labs trace --own` and the judge's note on it: a step
/// as the trace writes it (`place (1,3)`, `remove (0,0)`).
pub fn own_step(event: OwnEvent, lang: Lang) -> String {
    let (row, col) = event.square();
    let (indent, cost) = ("", "");
    match event {
        OwnEvent::Place(..) => say!(lang, TracePlace, indent, row, col, cost),
        OwnEvent::Remove(..) => say!(lang, TraceRemove, indent, row, col),
        OwnEvent::Reject(..) => say!(lang, TraceReject, indent, row, col, line = "", cost).trim_end().to_string(),
    }
}

/// A square as the trace writes it: `(1,3)`, from 0.
pub fn own_square((r, c): Square) -> String {
    format!("({r},{c})")
}

/// Why a step of a program counting from `origin` on the `n`×`n` board is wrong by itself.
pub fn own_misstep(fault: Misstep, event: OwnEvent, origin: Origin, n: usize, lang: Lang) -> String {
    let (r, c) = event.square();
    match fault {
        Misstep::OffBoard => {
            let square = format!("({},{})", origin.written(r), origin.written(c));
            say!(lang, TraceWhyOffBoard, square, n, from = origin.first())
        }
        Misstep::RemoveAbsent => say!(lang, TraceWhyRemoveAbsent, square = own_square((r, c))),
        Misstep::RowTaken { queen } => say!(lang, TraceWhyNotTakenBack, queen = own_square(queen), row = r),
    }
}

/// Why the student's step is not the variant's (`name`), in teaching words; empty for a step
/// wrong by itself, which [`own_misstep`] says.
pub fn own_why(why: Why, name: &str, lang: Lang) -> String {
    let line = |l| line_key(l).text(lang);
    let square = own_square;
    match why {
        Why::Attacked { square: s, queen, line: l } => {
            say!(lang, TraceWhyAttacked, square = square(s), line = line(l), queen = square(queen))
        }
        Why::Wrong(_) => String::new(),
        Why::NotRestored { square: s, removed, line: l, said } => {
            let guess = if said { "" } else { Key::TraceWhyGuess.text(lang) };
            let removed = square(removed);
            say!(lang, TraceWhyNotRestored, removed, square = square(s), line = line(l)) + guess
        }
        Why::RefusedSafe { square: s } => say!(lang, TraceWhyRefusedSafe, square = square(s)),
        Why::SkippedSafe { square: s, rejects: true } => say!(lang, TraceWhySkippedTried, square = square(s)),
        Why::SkippedSafe { square: s, rejects: false } => say!(lang, TraceWhySkipped, square = square(s)),
        Why::OtherOrder => say!(lang, TraceWhyOtherOrder, name),
        Why::EndedEarly => say!(lang, TraceWhyEndedEarly, name),
        Why::EndedLate => say!(lang, TraceWhyEndedLate, name),
    }
}

/// The catalogue's word for a line of attack, as a trace prints it.
pub fn line_key(why: Conflict) -> Key {
    match why {
        Conflict::Row => Key::TraceLineRow,
        Conflict::Column => Key::TraceLineColumn,
        Conflict::Diagonal => Key::TraceLineDiagonal,
        Conflict::AntiDiagonal => Key::TraceLineAntiDiagonal,
    }
}

/// The judge's one line on a search that left its nearest variant's at `difference`.
fn departed(reference: Algo, difference: &Difference, n: usize, lang: Lang) -> String {
    let name = reference.name();
    let step = |event: Option<OwnEvent>| event.map_or(Key::TraceOwnOver.text(lang).to_string(), |e| own_step(e, lang));
    let own = difference.own.map(|s| s.event);
    let why = match (difference.why, own) {
        (Why::Wrong(fault), Some(event)) => own_misstep(fault, event, Origin::Zero, n, lang),
        (why, _) => own_why(why, name, lang),
    };
    say!(
        lang,
        JudgeOwnDeparted,
        name,
        k = difference.index,
        own = step(own),
        reference = step(difference.reference),
        why
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::site::{match_boards, strict};
    use pretty_assertions::assert_eq;
    use unicode_width::UnicodeWidthStr;

    #[test]
    fn install_hints_are_worded_in_both_languages() {
        assert_eq!(install(System::Linux.install_hint("gcc"), Lang::En), "Debian and Ubuntu: apt-get install gcc");
        assert_eq!(install(System::Linux.install_hint("gcc"), Lang::Zh), "Debian 和 Ubuntu：apt-get install gcc");
        assert!(install(System::Windows.install_hint("gcc"), Lang::Zh).contains("winget install"));
    }

    #[test]
    fn the_extensions_are_listed_from_the_judges_languages() {
        assert_eq!(extensions(), ".c, .cpp, .cc, .cxx, .py, .java, .rs");
    }

    #[test]
    fn a_windows_crash_code_is_named_by_its_cause() {
        let access = 0xC000_0005_u32 as i32;
        assert_eq!(crash_name(System::Windows, Crash::Exit(access)), Key::SegmentationFault);
        assert_eq!(crash_name(System::Windows, Crash::Exit(0xC000_0094_u32 as i32)), Key::FloatingPointError);
        assert_eq!(crash_name(System::Linux, Crash::Exit(access)), Key::NonZeroExit);
        assert_eq!(
            exit_detail(System::Windows, 0xC000_00FD_u32 as i32, Lang::En),
            "exit code 0xC00000FD (stack overflow: too deep a recursion)"
        );
        assert_eq!(
            exit_detail(System::Windows, access, Lang::En),
            "exit code 0xC0000005 (access violation: invalid memory access)"
        );
        assert_eq!(exit_detail(System::Linux, 3, Lang::En), "exit code 3");
    }

    #[test]
    fn pta_names_a_crash_by_its_cause() {
        let segv = Verdict::RuntimeError(Crash::Signal(Signal::Segv.number()));
        assert_eq!((name(&segv, true, Lang::Zh), name(&segv, true, Lang::En)), ("段错误", "Segmentation Fault"));
        assert_eq!(name(&segv, false, Lang::En), "Runtime Error");
        assert_eq!(name(&Verdict::RuntimeError(Crash::Exit(3)), true, Lang::Zh), "非零返回");
        assert_eq!(name(&Verdict::RuntimeError(Crash::Signal(Signal::Fpe.number())), false, Lang::Zh), "浮点错误");
    }

    #[test]
    fn each_judge_scores_its_own_way() {
        let (ac, wa) = (Verdict::Accepted, Verdict::WrongAnswer(Mismatch::Unexplained));
        let re = Verdict::RuntimeError(Crash::Signal(Signal::Segv.number()));
        assert_eq!(site_score(Site::Pta, &[&ac, &wa, &ac], Lang::Zh), "PA 部分正确：3 个测试点通过 2 个");
        assert_eq!(site_score(Site::Pta, &[&re, &wa], Lang::Zh), "RE 段错误：2 个测试点通过 0 个");
        assert_eq!(site_score(Site::Pta, &[&ac, &ac], Lang::En), "AC Accepted: 2 of 2 test points");
        assert_eq!(site_score(Site::LeetCode, &[&ac, &wa], Lang::En), "WA Wrong Answer: 1 / 2 testcases passed");
        assert_eq!(
            site_score(Site::Luogu, &[&ac, &ac, &ac, &wa], Lang::En),
            "UA Unaccepted: 75 points, 3 of 4 test points"
        );
        assert_eq!(site_score(Site::AcWing, &[&ac, &re], Lang::En), "RE Runtime Error: 1/2 tests passed");
    }

    #[test]
    fn wrong_lines_are_quoted_visibly_and_numbered_from_one() {
        let said = |expected: &[u8], got: &[u8]| detail(&strict(expected, got), Lang::En);
        assert_eq!(said(b"a\nb\nc\n", b"a\nx\nc\n"), "line 2: expected \"b\", got \"x\"");
        assert_eq!(said(b"a\nb\n", b"a\n"), "line 2: expected \"b\", got end of output");
        assert_eq!(said(b"a\n", b"a\r\x1b[2J\n"), "line 1: expected \"a\", got \"a\\r\\e[2J\"");
        assert_eq!(said(b"a\n", b"b"), "line 1: expected \"a\", got \"b\" (no newline at the end)");
    }

    #[test]
    fn a_presentation_error_says_where_white_space_first_differs() {
        let said = |expected: &[u8], got: &[u8], lang| detail(&strict(expected, got), lang);
        assert_eq!(
            said(b"a\nb\n", b"a\nb \n", Lang::En),
            "only white space differs: line 2 ends in 1 space(s) too many"
        );
        assert_eq!(said(b"a\nb\n", b"a\nb \n", Lang::Zh), "只有空白字符（空格、换行）不同：第 2 行行末多了 1 个空格");
        assert_eq!(said(b"a\n\nb\n", b"a\nb\n", Lang::Zh), "只有空白字符（空格、换行）不同：第 2 行应为空行");
    }

    #[test]
    fn unmatched_boards_are_listed_three_at_most() {
        let b = |s: &'static str| crate::judge::explain::Board::from(s.replace(' ', "\n"));
        let reference = [b(".Q Q."), b("Q. .Q"), b("QQ ..")];
        let wrong = match_boards(&reference, &[b(".Q Q."), b(".Q Q."), b(".. ..")]).unwrap_err();
        assert_eq!(
            unmatched(&wrong, Lang::En),
            "your board 2 repeats your board 1; your board 3 is not a solution: row 0 (counted from 0) has no queen; 2 of 3 solutions missing (reference numbers 2, 3)"
        );
        let many = Unmatched { wrong: Vec::new(), missing: (0..10).collect(), total: 10 };
        assert_eq!(
            unmatched(&many, Lang::En),
            "10 of 10 solutions missing (reference numbers 1, 2, 3, 4, 5, 6, 7, 8, … 2 more)"
        );
        let four = Unmatched { wrong: (0..4).map(|k| WrongBoard::Repeats { k: k + 1, first: 0 }).collect(), ..many };
        assert!(unmatched(&four, Lang::En).ends_with("your board 4 repeats your board 1; … 2 more problems"));
    }

    #[test]
    fn two_attacking_queens_are_named_with_how() {
        let why = |rows: &str| crate::judge::explain::why_not(&rows.replace(' ', "\n")).map(|w| why_not(w, Lang::En));
        assert_eq!(
            why("Q... ..Q. .Q.. ...Q").unwrap(),
            ": the queens at (0,0) and (3,3) (row, column, from 0) are on one diagonal"
        );
        assert_eq!(
            why(".Q.. Q... ...Q ..Q.").unwrap(),
            ": the queens at (0,1) and (1,0) (row, column, from 0) are on one anti-diagonal"
        );
        assert_eq!(
            why(".Q.. .Q.. Q... ..Q.").unwrap(),
            ": the queens at (0,1) and (1,1) (row, column, from 0) share a column"
        );
        assert_eq!(why(".... .Q").unwrap(), ": row 0 (counted from 0) has no queen");
        assert_eq!(why("QQ ..").unwrap(), ": row 0 (counted from 0) has 2 queens");
        assert_eq!(why("n=1 Q").unwrap(), ": its row 0 (counted from 0) is not a board row");
    }

    #[test]
    fn notes_quote_the_programs_lines_visibly() {
        let stray = Note::NotABoardRow { line: 0, text: b"n = 1\x1b[2J".to_vec() };
        assert!(note(&stray, Lang::En).starts_with("line 1 is not a board row: \"n = 1\\e[2J\""));
        let spaced = Note::SpacedRow { line: 0, text: b". Q . .".to_vec(), want: ".Q..".into() };
        assert_eq!(
            note(&spaced, Lang::Zh),
            "第 1 行是棋盘的一行，但格子之间有空格：\". Q . .\"（这个评测要的行不带空格，如 \".Q..\"）"
        );
        let missing = Note::FirstMissing { k: 1, board: "..Q.\nQ...\n...Q\n.Q..".into() };
        assert_eq!(note(&missing, Lang::En), "the first board missing (reference number 2):\n..Q.\nQ...\n...Q\n.Q..");
        assert_eq!(
            note(&Note::WrongSize { m: 8, n: 1 }, Lang::En),
            "your boards are 8×8, expected 1×1: does it read n from stdin?"
        );
    }

    #[test]
    fn a_build_failure_names_its_limit_above_the_compilers_lines() {
        let memory =
            crate::judge::verdict::BuildLimit { tool: "g++", kind: BuildLimitKind::Memory, bytes: Some(512 << 20) };
        let failure =
            BuildFailure::Compiler { limit: Some(memory), lines: vec![b"cc1plus: out of memory\x07".to_vec()] };
        assert_eq!(
            build_failure(&failure, Lang::En),
            "g++ reached the build's memory limit, 512 MiB (--build-memory-limit)\ncc1plus: out of memory\\x07"
        );
        let silent = BuildFailure::Compiler { limit: None, lines: Vec::new() };
        assert_eq!(build_failure(&silent, Lang::En), "the compiler failed without a message");
    }

    #[test]
    fn the_compilers_first_error_line_is_kept_whole_and_the_rest_cut_to_a_screen() {
        let first = format!("./lab/Main.java:2: error: {} cannot find symbol Board", "x".repeat(2 * SCREEN));
        let source = format!("    {}", "y".repeat(2 * SCREEN));
        let failure = BuildFailure::Compiler { limit: None, lines: vec![first.clone().into(), source.into()] };
        for lang in [Lang::En, Lang::Zh] {
            let shown = build_failure(&failure, lang);
            let lines: Vec<&str> = shown.lines().collect();
            assert_eq!(lines[0], first, "{lang:?}");
            assert!(lines[1].width() <= SCREEN && lines[1].starts_with("    yyy"), "{lang:?}: {}", lines[1]);
        }
    }
}
