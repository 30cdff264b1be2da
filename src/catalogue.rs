//! The catalogue: every sentence a user reads, in English and Chinese side by side.
//!
//! One entry is a [`Key`], its English and its Chinese, on adjacent lines in `catalogue!`'s
//! table below; a `{name}` in the text is a formatting argument, filled by `say!` (inside the
//! crate) or [`Key::fill`]. The language is chosen once, by `--lang` and else the locale
//! ([`Lang::choose`]); code that writes words takes a `Lang` or asks [`Lang::current`].
//!
//! **Adding a key.** Add one entry to the table, in the group it belongs to:
//!
//! ```text
//! /// Where the user reads it, and what the arguments are.
//! GreetStudent => "hello, {name}", "你好，{name}";
//! ```
//!
//! then write `say!(lang, GreetStudent, name = student)` (or `name` alone when a variable of that
//! name is in scope) where the words are used. The compiler keeps the table exhaustive; the test
//! below walks it and checks that each key has both languages, the same arguments in both, no
//! Chinese in the English and no ASCII colon or comma after a Chinese character. A `{` always
//! starts an argument: the texts hold no literal braces. Program, file, tool and flag names and
//! verdict codes stay as they are in both languages.
//!
//! Why a module and not an i18n crate (fluent, rust-i18n): the table is checked by the compiler
//! (a key without a language does not build), both languages sit on one screen for a reviewer,
//! nothing is loaded at run time, and the toolkit has two languages, not twenty.

use crate::lang::Lang;
use std::fmt::{self, Write};

/// Declares [`Key`] and its texts from one table of `Key => "English", "中文";` entries.
macro_rules! catalogue {
    ($( $(#[$doc:meta])* $key:ident => $en:literal, $zh:literal; )*) => {
        /// One sentence (or word) a user reads, whatever the language.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Key {
            $( $(#[$doc])* $key, )*
        }

        impl Key {
            /// Every key, in the table's order.
            pub const ALL: &[Key] = &[$(Key::$key),*];

            /// The key's name, as the table spells it (`BuiltWith`): an id for a web page's words.
            pub fn name(self) -> &'static str {
                match self {
                    $( Key::$key => stringify!($key), )*
                }
            }

            /// The text in `lang`, its `{name}` arguments unfilled.
            pub fn text(self, lang: Lang) -> &'static str {
                match (self, lang) {
                    $( (Key::$key, Lang::En) => $en, (Key::$key, Lang::Zh) => $zh, )*
                }
            }
        }
    };
}

/// The text of `key` in `lang` with its arguments filled in: `say!(lang, Key)`,
/// `say!(lang, Key, n, command = build.command)`. An argument named alone is the variable of
/// that name.
macro_rules! say {
    ($lang:expr, $key:ident $(, $name:ident $(= $value:expr)?)* $(,)?) => {
        $crate::catalogue::Key::$key.fill(
            $lang,
            &[$((stringify!($name), &$crate::catalogue::say!(@value $name $($value)?) as &dyn ::std::fmt::Display)),*],
        )
    };
    (@value $name:ident $value:expr) => { $value };
    (@value $name:ident) => { $name };
}
pub(crate) use say;

impl Key {
    /// The text in `lang`, each `{name}` replaced by the argument of that name. An argument the
    /// text names but `args` lacks stays as `{name}` (and fails the tests, in a debug build).
    pub fn fill(self, lang: Lang, args: &[(&str, &dyn fmt::Display)]) -> String {
        let template = self.text(lang);
        let mut out = String::with_capacity(template.len() + 16);
        let mut rest = template;
        while let Some((before, after)) = rest.split_once('{') {
            out += before;
            let (name, after) = after.split_once('}').unwrap_or((after, ""));
            match args.iter().find(|(k, _)| *k == name) {
                Some((_, value)) => write!(out, "{value}").expect("writing to a String cannot fail"),
                None => {
                    debug_assert!(false, "{self:?} names {{{name}}}, which was not given");
                    write!(out, "{{{name}}}").expect("writing to a String cannot fail");
                }
            }
            rest = after;
        }
        out + rest
    }

    /// The names of the arguments the text in `lang` takes, in order.
    pub fn arguments(self, lang: Lang) -> Vec<&'static str> {
        let mut names = Vec::new();
        let mut rest = self.text(lang);
        while let Some((_, after)) = rest.split_once('{') {
            let (name, after) = after.split_once('}').unwrap_or((after, ""));
            names.push(name);
            rest = after;
        }
        names
    }
}

catalogue! {
    // ── the first errors a student meets ─────────────────────────────────────────────────────
    /// The sizes a board-size argument allows.
    SizesAllowed => "a whole number from {min} to {max}", "{min} 到 {max} 之间的整数";
    /// No board size was given.
    NoBoardSize => "no board size given (allowed: {allowed})", "没有给出棋盘大小（可选：{allowed}）";
    /// A board size that is not a whole number.
    SizeNotWhole => "board size '{size}' is not a whole number (allowed: {allowed})",
                    "棋盘大小“{size}”不是整数（可选：{allowed}）";
    /// A board size out of range.
    SizeOutOfRange => "board size {size} is out of range (allowed: {allowed})", "棋盘大小 {size} 超出范围（可选：{allowed}）";
    /// A board size too large; `why` says why there is a limit (in English: the facts table's).
    SizeTooLarge => "board size {size} is out of range (allowed: {allowed}: {why})",
                    "棋盘大小 {size} 超出范围（可选：{allowed}；原因：{why}）";
    /// `labs judge` given a source file that does not exist.
    NoSuchSource => "{source}: no such source file", "{source}：没有这个源文件";
    /// `labs judge` needs a compiler that is not installed.
    NoCompiler => "judging {source} needs {tool}, which is not installed here (Debian and Ubuntu: apt-get install {package})",
                  "评测 {source} 需要 {tool}，但本机没有安装（Debian 和 Ubuntu：apt-get install {package}）";
    /// `labs judge` given a program name not on PATH.
    NoSuchProgram => "cannot run '{name}': no such program on PATH (for one in this directory, write ./{name})",
                     "无法运行“{name}”：PATH 中没有这个程序（要运行当前目录下的程序，请写 ./{name}）";
    /// `labs judge` given a directory.
    IsADirectory => "'{name}' is a directory: name the program or the source file in it",
                    "“{name}”是一个目录：请给出其中的程序或源文件";
    /// `labs judge` given a path that does not exist.
    NoSuchFile => "cannot run '{name}': no such file", "无法运行“{name}”：没有这个文件";

    // ── on a terminal ────────────────────────────────────────────────────────────────────────
    /// On stderr when a board size is read from a terminal (`labs run` without N).
    SizePrompt => "board size n: ", "棋盘大小 n：";
    /// Under a table a narrow terminal made drop columns: its `width`, the dropped `names`.
    HiddenColumns => "Hidden to fit {width} columns: {names}; COLUMNS=200 or a pipe shows every column.",
                     "为适应 {width} 列的宽度而隐藏：{names}。设 COLUMNS=200 或经管道输出可显示全部列。";

    // ── labs lab ─────────────────────────────────────────────────────────────────────────────
    /// Above the list of lab sheets.
    SheetList => "Lab sheets, in reading order (print one with `labs lab NAME`):",
                 "实验讲义，按阅读顺序（用 `labs lab NAME` 打印其中一份）：";

    // ── quoting someone else's bytes ────────────────────────────────────────────────────────
    /// After a quoted line that was cut.
    ClipMore => "… ({k} more characters)", "……（后面还有 {k} 个字符）";

    // ── labs judge: the report ───────────────────────────────────────────────────────────────
    /// Above the table: the command that built the student's source.
    BuiltWith => "built with: {command}", "编译命令：{command}";
    /// A size under 1 KiB (larger ones are in KiB, MiB, … in both languages).
    Bytes => "{k} bytes", "{k} 字节";
    /// The table's column heads.
    ColumnVerdict => "verdict", "结果";
    /// The table's column heads.
    ColumnTime => "time", "用时";
    /// The table's column heads.
    ColumnCpu => "CPU", "CPU";
    /// The table's column heads.
    ColumnMemory => "memory", "内存";
    /// The table's column heads.
    ColumnOutput => "output", "输出";
    /// One test point's failure, with the verdict's name and what went wrong.
    PointFailed => "n = {n}: {verdict}: {detail}", "n = {n}：{verdict}：{detail}";
    /// One test point's failure, the verdict alone.
    PointFailedBare => "n = {n}: {verdict}", "n = {n}：{verdict}";
    /// One test point's failure, its problems on the lines below.
    PointFailedMany => "n = {n}: {verdict}:", "n = {n}：{verdict}：";
    /// A note beside a verdict.
    Note => "note: {note}", "注意：{note}";
    /// Above the last lines of a failed run's stderr.
    StderrAll => "stderr:", "标准错误输出（stderr）：";
    /// Above the last lines of a failed run's stderr, when earlier lines were left out.
    StderrAfter => "stderr, after {k} earlier lines:", "标准错误输出（stderr），前面还有 {k} 行：";
    /// Above the last bytes of a failed run's stderr, when the judge kept only its end.
    StderrEnd => "stderr, its end only ({bytes} more before it):",
                 "标准错误输出（stderr），只保留了末尾（前面还有 {bytes}）：";
    /// A run left processes behind, which the judge killed.
    LeftOneBehind => "it left 1 process running after it ended; the judge killed it",
                     "程序结束后还留下 1 个进程在运行，评测器已将其结束";
    /// A run left `k` processes behind, which the judge killed.
    LeftManyBehind => "it left {k} processes running after it ended; the judge killed them",
                      "程序结束后还留下 {k} 个进程在运行，评测器已将其全部结束";
    /// A run whose pipes stayed open after the grace time.
    PipesHeld => "its output pipes were still held open at the end of the grace time",
                 "宽限时间结束时，它的输出管道仍未关闭";
    /// Above the diff of the first wrong output.
    DiffHeader => "n = {n}, from line {line}, expected (-) against got (+):",
                  "n = {n}，从第 {line} 行起，标准答案（-）与你的输出（+）对比：";
    /// After a diff line whose newline is missing.
    NoNewlineAtEnd => "(no newline at the end)", "（末尾没有换行）";
    /// Below a diff that was cut.
    MoreDiffLines => "… {k} more diff lines", "…… 还有 {k} 行差异";
    /// Below a diff whose window ended before the differences did.
    DiffGoesOn => "… and more differences further on (expected: {e} lines, got: {g})",
                  "…… 后面还有差异（标准答案共 {e} 行，你的输出共 {g} 行）";
    /// The sandbox line, with bubblewrap.
    SandboxOn => "sandbox: bubblewrap (read-only, no network, no home)", "沙箱：bubblewrap（只读，无网络，无主目录）";
    /// The sandbox line, without one.
    SandboxOff => "sandbox: none", "沙箱：无";
    /// Between the sandbox and the process cap on one line, and between the problems of one
    /// verdict (a report puts each on a line of its own).
    Separator => "; ", "；";
    /// No process cap was asked for.
    ProcessesUncapped => "processes: no cap", "进程：不设上限";
    /// A process cap was asked for, but nothing here can hold it.
    ProcessesUnheld => "processes: no cap can be held here", "进程：此处无法限制";
    /// The process cap and what holds it (`pids cgroup`, `RLIMIT_NPROC`).
    ProcessesCapped => "processes: at most {k} ({by})", "进程：至多 {k} 个（{by}）";
    /// The report's last line: the judge's name and its score.
    ScoreLine => "{site}: {score}", "{site}：{score}";

    // ── labs judge: verdicts and their details ───────────────────────────────────────────────
    /// Verdict names.
    Accepted => "Accepted", "答案正确";
    /// Verdict names.
    PresentationError => "Presentation Error", "格式错误";
    /// Verdict names.
    WrongAnswer => "Wrong Answer", "答案错误";
    /// Verdict names.
    TimeLimitExceeded => "Time Limit Exceeded", "运行超时";
    /// Verdict names.
    MemoryLimitExceeded => "Memory Limit Exceeded", "内存超限";
    /// Verdict names.
    OutputLimitExceeded => "Output Limit Exceeded", "输出超限";
    /// Verdict names.
    CompileError => "Compile Error", "编译错误";
    /// Verdict names: a crash, on judges that do not tell crashes apart.
    RuntimeError => "Runtime Error", "运行时错误";
    /// Verdict names: PTA's names for a crash by its cause.
    NonZeroExit => "Non-zero Exit Code", "非零返回";
    /// Verdict names: PTA's names for a crash by its cause.
    AbnormalExit => "Abnormal Exit", "异常退出";
    /// Verdict names: PTA's names for a crash by its cause.
    SegmentationFault => "Segmentation Fault", "段错误";
    /// Verdict names: PTA's names for a crash by its cause.
    FloatingPointError => "Floating Point Error", "浮点错误";
    /// Verdict names: PTA's score when some test points passed.
    PartiallyAccepted => "Partially Accepted", "部分正确";
    /// Verdict names: Luogu's score when any test point failed.
    Unaccepted => "Unaccepted", "未通过";
    /// A verdict's code and name: `WA Wrong Answer`.
    Labelled => "{code} {name}", "{code} {name}";
    /// The detail of a Presentation Error.
    OnlyWhiteSpace => "only white space differs", "只有空白字符（空格、换行）不同";
    /// The detail of a non-zero exit.
    ExitCode => "exit code {code}", "退出码 {code}";
    /// The detail of a crash by a signal; `name` is one of the `Signal…` keys, or empty.
    KilledBySignal => "killed by signal {signal}{name}", "被信号 {signal} 终止{name}";
    /// What SIGSEGV usually means.
    SignalSegv => " (SIGSEGV: invalid memory access)",
                  "（SIGSEGV：非法内存访问，常见原因：数组越界、空指针、递归太深导致栈溢出）";
    /// What SIGABRT usually means.
    SignalAbrt => " (SIGABRT: aborted)", "（SIGABRT：程序中止，常见原因：assert 失败、内存分配失败）";
    /// What SIGFPE usually means.
    SignalFpe => " (SIGFPE: arithmetic error, such as a division by zero)",
                 "（SIGFPE：算术错误，常见原因：整数除以 0）";
    /// SIGKILL, named.
    SignalKill => " (SIGKILL)", "（SIGKILL）";
    /// What SIGBUS usually means.
    SignalBus => " (SIGBUS: bad memory access)", "（SIGBUS：内存访问错误）";
    /// The detail of a run past the process cap.
    TooManyProcesses => "too many processes: more than {cap} at once (--max-processes)",
                        "进程太多：同时超过 {cap} 个（--max-processes）";

    // ── labs judge: why an output is wrong ───────────────────────────────────────────────────
    /// A Wrong Answer's first differing line; `expected` and `got` are quoted lines or
    /// `EndOfOutput`.
    LineDiffers => "line {line}: expected {expected}, got {got}", "第 {line} 行：应为 {expected}，实为 {got}";
    /// In place of a quoted line, when the output ended before it.
    EndOfOutput => "end of output", "输出结束";
    /// A LeetCode output that is not JSON; `error` is the JSON parser's message.
    NotJson => "the output is not a JSON list of boards: {error}", "输出不是由棋盘组成的 JSON 列表：{error}";
    /// An output that is no JSON list of boards.
    NotJsonList => "the output is not a JSON list of boards", "输出不是由棋盘组成的 JSON 列表";
    /// An output that is not text (not UTF-8).
    NotText => "the output is not text", "输出不是文本";
    /// A board of the program's that is no solution; `why` is one of the `Why…` keys.
    NotASolution => "your board {k} is not a solution{why}", "你的第 {k} 个棋盘不是解{why}";
    /// A board the program printed twice.
    RepeatsBoard => "your board {k} repeats your board {first}", "你的第 {k} 个棋盘与第 {first} 个重复";
    /// Solutions the program did not print, by their number in the reference.
    SolutionsMissing => "{missing} of {total} solutions missing (reference numbers {numbers})",
                        "{total} 个解中缺少 {missing} 个（标准答案中的第 {numbers} 个）";
    /// Between the numbers of a list.
    ListSeparator => ", ", "、";
    /// After a list cut short: how many more items.
    AndMore => "… {k} more", "……另有 {k} 个";
    /// After a list of problems cut short.
    AndMoreProblems => "… {k} more problems", "……另有 {k} 个问题";
    /// Why a board is no solution: a row without a queen.
    WhyNoQueen => ": row {row} has no queen", "：第 {row} 行没有皇后";
    /// Why a board is no solution: a row with several queens.
    WhyQueens => ": row {row} has {k} queens", "：第 {row} 行有 {k} 个皇后";
    /// Why a board is no solution: two queens in one column.
    WhyColumn => ": the queens of rows {a} and {b} share column {column}",
                 "：第 {a} 行和第 {b} 行的皇后都在第 {column} 列";
    /// Why a board is no solution: two queens on one diagonal.
    WhyDiagonal => ": the queens of rows {a} and {b} (columns {ca} and {cb}) are on one diagonal",
                   "：第 {a} 行和第 {b} 行的皇后（第 {ca} 列和第 {cb} 列）在同一条斜线上";
    /// The same output for every n.
    SameForEveryN => "your program printed the same {k} bytes for every n: does it read n from stdin?",
                     "你的程序对每个 n 都输出了同样的 {k} 字节：它从标准输入读入 n 了吗？";
    /// Right boards in another order, on a judge that takes any order.
    OrderAnyAccepted => "the boards are right but in another order; {site} accepts any order for this problem: add --any-order",
                        "棋盘都对，但顺序不同；{site} 的这道题接受任意顺序：请加上 --any-order";
    /// Right boards in another order, on a judge that wants the search's order.
    OrderOfSearch => "the boards are right but in another order: this judge wants them in the order of the search (row by row, left to right)",
                     "棋盘都对，但顺序不同：这个评测要求按搜索的顺序输出（逐行试探，每行从左到右）";

    // ── labs judge: the score, by judge ──────────────────────────────────────────────────────
    /// The judges' names in a report.
    SitePta => "PTA", "PTA";
    /// The judges' names in a report.
    SiteAcWing => "AcWing", "AcWing";
    /// The judges' names in a report.
    SiteBailian => "OpenJudge Bailian (POJ rules)", "OpenJudge 百练（按 POJ 规则）";
    /// The judges' names in a report.
    SiteLuogu => "Luogu", "洛谷";
    /// The judges' names in a report.
    SiteLeetCode => "LeetCode", "力扣";
    /// The judges' names in a report.
    SiteToolkit => "the toolkit", "本工具";
    /// PTA's score.
    ScorePta => "{overall}: {k} of {m} test points", "{overall}：{m} 个测试点通过 {k} 个";
    /// LeetCode's score.
    ScoreLeetCode => "{overall}: {k} / {m} testcases passed", "{overall}：通过的测试用例 {k} / {m}";
    /// Luogu's score.
    ScoreLuogu => "{overall}: {points} points, {k} of {m} test points", "{overall}：{points} 分，{m} 个测试点通过 {k} 个";
    /// AcWing's score.
    ScoreAcWing => "{overall}: {k}/{m} tests passed", "{overall}：通过了 {k}/{m} 个数据";
    /// The other judges' score.
    ScoreOther => "{overall}: {k} of {m} accepted", "{overall}：{m} 个通过 {k} 个";
    /// `labs judge` stopped after a Time Limit Exceeded; `sizes` are those not run.
    NotRunAfterTimeout => "n = {sizes} not run: n = {n} ran out of time (--run-all runs every size)",
                          "n = {sizes} 未运行：n = {n} 已运行超时（加 --run-all 可运行全部规模）";
    /// The last line on stderr when test points failed.
    PointsNotAccepted => "{k} of {m} test points not accepted", "{m} 个测试点中有 {k} 个未通过";
    /// The last line on stderr after a Compile Error.
    DidNotCompile => "the source did not compile", "源程序编译失败";
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn is_cjk(c: char) -> bool {
        matches!(c, '\u{3000}'..='\u{303f}' | '\u{4e00}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}')
    }

    #[test]
    fn every_key_speaks_both_languages_with_the_same_arguments() {
        for &key in Key::ALL {
            let (en, zh) = (key.text(Lang::En), key.text(Lang::Zh));
            assert!(!en.is_empty() && !zh.is_empty(), "{key:?} lacks a language");
            let sorted = |lang| {
                let mut names = key.arguments(lang);
                names.sort();
                names
            };
            assert_eq!(sorted(Lang::En), sorted(Lang::Zh), "{key:?}'s arguments differ");
            assert!(!en.chars().any(is_cjk), "{key:?}'s English holds Chinese: {en}");
            // Chinese text is written with Chinese punctuation; a text with no Chinese in it
            // (a judge's name, a column head) is the same in both.
            assert!(zh.chars().any(is_cjk) || zh == en, "{key:?}'s Chinese is not Chinese: {zh}");
            let pairs: Vec<(char, char)> = zh.chars().zip(zh.chars().skip(1)).collect();
            assert!(!pairs.iter().any(|&(a, b)| is_cjk(a) && matches!(b, ':' | ',' | ';')), "{key:?}: {zh}");
            assert!(!zh.contains('"'), "{key:?}: Chinese quotes are “”: {zh}");
        }
    }

    #[test]
    fn arguments_are_filled_by_name() {
        assert_eq!(say!(Lang::En, BuiltWith, command = "gcc -O2 a.c"), "built with: gcc -O2 a.c");
        let (k, m) = (3, 9);
        assert_eq!(say!(Lang::Zh, PointsNotAccepted, k, m), "9 个测试点中有 3 个未通过");
        assert_eq!(say!(Lang::En, SandboxOff), "sandbox: none");
    }

    #[test]
    fn names_are_the_tables_spelling() {
        assert_eq!(Key::BuiltWith.name(), "BuiltWith");
        assert_eq!(Key::ALL.iter().map(|k| k.name()).collect::<std::collections::HashSet<_>>().len(), Key::ALL.len());
    }
}
