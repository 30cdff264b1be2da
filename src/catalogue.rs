//! The catalogue: every sentence a user reads, in English and Chinese side by side.
//!
//! One entry is a [`Key`], its English and its Chinese, on adjacent lines in `catalogue!`'s
//! table below; a `{name}` in the text is a formatting argument, filled by `say!` (inside the
//! crate) or [`Key::fill`]. The language is chosen once, by `--lang` and else the locale
//! ([`crate::flags::lang_asked`]); code that writes words takes a `Lang`, handed down from `main`.
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

/// One term per idea in the Chinese a student reads: what the commands, the sheets, the guides
/// and the trace page say, the synonyms retired for it, the longer words that hold a retired one
/// and stay (`主对角线`), and why this term. A test (`tests/toolkit/chinese.rs`) fails on a
/// retired synonym in the catalogue, the Chinese sheets and guides, or the page.
pub struct Term {
    /// The word used.
    pub term: &'static str,
    /// Its synonyms, never used.
    pub retired: &'static [&'static str],
    /// Words that contain a retired one and mean something else, kept.
    pub kept: &'static [&'static str],
    /// Why this word.
    pub why: &'static str,
}

/// The glossary: see [`Term`].
pub const GLOSSARY: &[Term] = &[
    Term {
        term: "读取",
        retired: &["探查"],
        kept: &[],
        why: "a check reads a square, a flag or a mask; every count of the commands (`--stats`, `list`, `bench`) \
              says 读取, and 探查 reads as exploring, which is the search's work, not the check's",
    },
    Term {
        term: "标记",
        retired: &["标志"],
        kept: &[],
        why: "a flag array marks the columns and lines taken: 标记数组 is the textbooks' word, and the trace says \
              `[k 个标记]`",
    },
    Term {
        term: "斜线",
        retired: &["对角线"],
        kept: &["主对角线", "副对角线", "正对角线", "斜对角线"],
        why: "a board has one main and one anti diagonal (主对角线, 副对角线; 正对角线 and 斜对角线 are document \
              001's own words, quoted); the lines along them are ↘ 斜线 and ↙ 斜线, as the intro says",
    },
    Term {
        term: "实现",
        retired: &["变体"],
        kept: &[],
        why: "the six programs implement one search, and `list`, `bench` and the tables call them 实现; 变体 was \
              the grade plot's alone",
    },
];

catalogue! {
    // ── the first errors a student meets ─────────────────────────────────────────────────────
    /// A value that is none of a flag's choices (`--format acwig`, `labs lab nosuch`): the value,
    /// the flag or argument, the choices.
    NotAChoice => "invalid value '{value}' for '{arg}' (allowed: {allowed})", "“{value}”不是 {arg} 的可选值（可选：{allowed}）";
    /// What clap suggests for a misspelt flag, name or subcommand, after the message.
    DidYouMean => " (did you mean {names}?)", "（你是不是想输入 {names}？）";
    /// Between the last two suggestions.
    Or => " or ", " 或 ";
    /// Arguments a command needs that were not given.
    MissingArgument => "missing {missing} (see --help)", "缺少 {missing}（见 --help）";
    /// A flag given without its value (`labs run --first`).
    ValueRequired => "a value is required for '{arg}' but none was supplied", "{arg} 需要一个值，但没有给出";
    /// After a message: the values a flag takes.
    AllowedValues => " (allowed: {allowed})", "（可选：{allowed}）";
    /// A value a flag's parser refused (`--n 99`, `--jobs 0`): the value, the flag, and why (one
    /// of the `Value…` or `Size…` keys).
    InvalidValue => "invalid value '{value}' for '{arg}': {why}", "“{value}”不是 {arg} 的有效值：{why}";
    /// A flag or argument the command does not have (`labs run --nosuch`, `labs run 4 5`).
    UnexpectedArgument => "unexpected argument '{arg}' found", "无法识别的参数“{arg}”";
    /// A subcommand `labs` does not have (`labs rnu`).
    NoSuchSubcommand => "unrecognized subcommand '{name}'", "没有“{name}”这个子命令";
    /// Two flags that exclude each other (`--in-order --any-order`).
    CannotBeUsedWith => "the argument '{arg}' cannot be used with '{other}'", "参数 {arg} 不能与 {other} 同时使用";
    /// A flag given twice that takes one value.
    UsedTwice => "the argument '{arg}' cannot be used multiple times", "参数 {arg} 只能给出一次";
    /// One value too many for a flag or argument.
    ValueTooMany => "unexpected value '{value}' for '{arg}' found; no more were expected",
                    "{arg} 多出了一个值“{value}”：它不再接受更多的值";
    /// A flag that takes its value only after `=` given without one.
    ValueNoEquals => "'{arg}' takes its value after an equals sign ({arg}=VALUE)", "{arg} 的值要写在等号之后（{arg}=值）";
    /// Fewer values than a flag takes.
    ValuesTooFew => "'{arg}' takes at least {expected} values, and {actual} were given", "{arg} 至少需要 {expected} 个值，但只给出了 {actual} 个";
    /// Another number of values than a flag takes.
    ValuesWrongNumber => "'{arg}' takes {expected} values, and {actual} were given", "{arg} 需要 {expected} 个值，但给出了 {actual} 个";
    /// An argument that is not UTF-8 text, where text is needed.
    ArgumentNotUtf8 => "an argument is not valid UTF-8 text", "有一个参数不是有效的 UTF-8 文本";
    /// A command given no subcommand, where it needs one.
    SubcommandMissing => "'{name}' needs a subcommand", "{name} 需要一个子命令";
    /// A count that must be at least 1 (`--first 0`).
    ValueAtLeastOne => "must be at least 1", "至少为 1";
    /// A count that is no whole number (`--first abc`).
    ValueNotCount => "not a whole number (allowed: 1 or more)", "不是整数（可选：1 或更大的整数）";
    /// A whole number outside a flag's range (`--jobs 0`, `--runs 5000`).
    ValueNotWhole => "not a whole number from {min} to {max}", "不是 {min} 到 {max} 之间的整数";
    /// A whole number below a flag's least, which has no most (`--max-source 0`).
    ValueNotWholeFrom => "not a whole number from {min} up", "不是不小于 {min} 的整数";
    /// Not a number of seconds (`--time-limit abc`).
    ValueNotTime => "not a time (allowed: seconds above 0, up to {max}, like 3 or 0.5)",
                    "不是时间（可选：大于 0、至多 {max} 的秒数，如 3 或 0.5）";
    /// Not a number in a flag's range (`--weights`, `--pe-score`).
    ValueNotFraction => "not a number from 0 to {max}", "不是 0 到 {max} 之间的数";
    /// The forms a list of board sizes takes (`labs judge --n`).
    SizeForms => "N, A..B, A..=B or N,N,…", "N、A..B、A..=B 或 N,N,…";
    /// The forms a list of board sizes takes where it may be open (`labs bench --n`).
    SizeFormsOpen => "N, A..B, A..=B, A.. or N,N,…", "N、A..B、A..=B、A.. 或 N,N,…";
    /// What a list of board sizes allows: its `forms`, its least and most sizes.
    SizeListAllowed => "{forms} with sizes from {min} to {max}", "{forms}，大小在 {min} 到 {max} 之间";
    /// Why a list of sizes is refused, with what is `allowed`.
    SizeListRefused => "{why} (allowed: {allowed})", "{why}（可选：{allowed}）";
    /// Why a list of sizes is refused, with what is `allowed` and the `reason` for the limit.
    SizeListRefusedBecause => "{why} (allowed: {allowed}: {reason})", "{why}（可选：{allowed}；原因：{reason}）";
    /// A list of sizes with a size out of range.
    SizeListOutOfRange => "has a size out of range", "含有超出范围的大小";
    /// A list of sizes with something that is no size.
    SizeListNotASize => "is not a size or a range of sizes", "不是大小，也不是大小的范围";
    /// A range with no sizes in it (`5..=3`).
    SizeListEmpty => "is an empty range", "是一个空范围";
    /// A range without its end where the flag needs one: an `example` of a closed range.
    SizeListNoEnd => "has no end: name the last size, as in {example}", "没有终点：请写出最后一个大小，如 {example}";
    /// The sizes a board-size argument allows.
    SizesAllowed => "a whole number from {min} to {max}", "{min} 到 {max} 之间的整数";
    /// No board size was given.
    NoBoardSize => "no board size given (allowed: {allowed})", "没有给出棋盘大小（可选：{allowed}）";
    /// A board size that is not a whole number.
    SizeNotWhole => "board size '{size}' is not a whole number (allowed: {allowed})",
                    "棋盘大小“{size}”不是整数（可选：{allowed}）";
    /// A board size out of range.
    SizeOutOfRange => "board size {size} is out of range (allowed: {allowed})", "棋盘大小 {size} 超出范围（可选：{allowed}）";
    /// A board size too large; `why` says why there is a limit (one of the `Limit…` keys below).
    SizeTooLarge => "board size {size} is out of range (allowed: {allowed}: {why})",
                    "棋盘大小 {size} 超出范围（可选：{allowed}；原因：{why}）";
    /// Why `labs run`, `trace` and `bench` stop at 64 (src/facts.rs, `BOARD`, from `nqueens::solvers::MAX_N`).
    LimitBoard => "the board limit all six variants share, so that any two compare", "六个实现共用的棋盘上限，这样任意两个都能比较";
    /// Why `labs count` stops at 28 (`COUNT`).
    LimitCount => "Q(29) would overflow a 64-bit count", "Q(29) 会超出 64 位整数的范围";
    /// Why `labs solve --method construct` stops at 10⁸ (`SOLVE_BUILT`).
    LimitSolveBuilt => "10⁸ rows of columns are about 900 MB, as far as `labs check` reads back",
        "10⁸ 行列号约 900 MB，是 `labs check` 能读回的上限";
    /// Why `labs solve --method min-conflicts` stops at 10⁷ (`SOLVE_REPAIRED`).
    LimitSolveRepaired => "its board takes 24 bytes a queen, 240 MB at 10⁷", "它的棋盘每个皇后占 24 字节，10⁷ 时为 240 MB";
    /// Why `labs verify` stops where the known counts do (`VERIFY`).
    LimitVerify => "the largest n whose count is known", "解的个数已知的最大 n";
    /// Why `labs judge` stops at 14 (`JUDGE`).
    LimitJudge => "the expected output is held in memory", "标准答案的输出要整个放在内存里";
    /// Why `labs judge --format one` stops at 10⁷ (`JUDGE_ONE`).
    LimitJudgeOne => "the program's output is held in memory", "程序的输出要整个放在内存里";
    /// Why `labs trace --own` stops at 12 (`TRACE_OWN`).
    LimitTraceOwn => "a larger search writes more events than a trace reads", "更大的搜索写出的事件超过跟踪能读的数量";
    /// Why `labs interactive --max-size` stops at 64 (`INTERACTIVE`).
    LimitInteractive => "the largest board every variant takes", "每个实现都能处理的最大棋盘";
    /// `labs judge` given a source file that does not exist.
    NoSuchSource => "{source}: no such source file", "{source}：没有这个源文件";
    /// A program or compiler that root's run (nobody's) could not reach, after the system's words.
    UnreachableAsNobody => "; as root, labs runs submissions and their builds as another user (nobody, uid 65534; under labs grade, each job's own), who cannot reach it: judge in the sandbox (--sandbox on), or use a toolchain and a path anyone may read",
                           "；以 root 运行时，labs 以另一个用户的身份编译和运行提交（nobody，uid 65534；labs grade 下是每个任务自己的用户），而这个用户访问不到它：请在沙箱中评测（--sandbox on），或使用任何人都能读取的工具链和路径";
    /// `labs judge` needs a compiler that is not installed.
    NoCompiler => "judging {source} needs {tool}, which is not installed here ({hint})",
                  "评测 {source} 需要 {tool}，但本机没有安装（{hint}）";
    /// A build that reached its memory limit (a Compile Error), the limit in MiB.
    BuildOutOfMemory => "{tool} reached the build's memory limit, {mib} MiB (--build-memory-limit)",
                        "{tool} 用到了编译的内存上限 {mib} MiB（--build-memory-limit）";
    /// A build that wrote a file past its size limit (a Compile Error), the limit in MiB.
    BuildFileTooLarge => "{tool} wrote a file past the build's limit of {mib} MiB (--build-file-limit)",
                         "{tool} 写出的文件超过了编译的上限 {mib} MiB（--build-file-limit）";
    /// `labs judge --format svg`.
    JudgeNoSvg => "--format svg draws pictures for people, and no judge reads them: choose one of the text formats",
                  "--format svg 画的是给人看的图，评测不读图：请选一种文本格式";
    /// `--n` with several sizes for a judge of one fixed size.
    JudgeOneSize => "--format {name} judges one size, the one its program was built for (it reads no input): give --n K",
                    "--format {name} 只评测一个规模，即程序写死的那个（它不读输入）：请用 --n K 指定";
    /// `--any-order` for a format whose judge wants the search's order.
    AnyOrderNotHere => "--any-order does not apply to --format {name} (it does to compact and leetcode)",
                       "--any-order 不适用于 --format {name}（只适用于 compact 和 leetcode）";
    /// `--in-order` for a format other than compact.
    InOrderNotHere => "--in-order does not apply to --format {name} (it does to compact, whose judge takes any order by default)",
                      "--in-order 不适用于 --format {name}（只适用于 compact，它的评测默认接受任意顺序）";
    /// A compiler killed by a signal labs did not send: the machine's failure.
    CompilerKilledBy => "{tool} was killed by signal {signal}", "{tool} 被信号 {signal} 杀死";
    /// A compiler that needed more processes than the build's cap: the machine's failure.
    CompilerTooManyProcesses => "{tool} needed more than {cap} processes", "{tool} 需要的进程超过了 {cap} 个";
    /// A build past its time limit (a Compile Error), in seconds.
    BuildOutOfTime => "{tool} ran out of time ({seconds} s)", "{tool} 超时（{seconds} 秒）";
    /// A Java source with a `package` line, for a judge that runs class Main (a Compile Error).
    JavaPackage => "the source declares package {package}: this judge runs class {class} of no package; delete the package line",
                   "源程序声明了 package {package}：这个评测运行的是不属于任何包的 {class} 类；请删去 package 这一行";
    /// A Java source whose public class has another name (a Compile Error).
    JavaClass => "the public class is {found}: this judge saves the source as {class}.java and runs class {class}; rename the class {class}",
                 "公共类名是 {found}：这个评测把源程序存为 {class}.java 并运行 {class} 类；请把类名改为 {class}";
    /// A Python source that does not parse (a Compile Error), above the interpreter's lines.
    SyntaxError => "syntax error: the program did not run", "语法错误：程序没有运行";
    /// A compiler that failed and wrote nothing (a Compile Error).
    CompilerSilent => "the compiler failed without a message", "编译器失败了，但没有给出任何信息";
    /// `--sandbox on` where none works; `why` is one of the `NoSandbox…` keys.
    SandboxOnButNone => "--sandbox on, but there is no sandbox here: {why}", "指定了 --sandbox on，但这里没有可用的沙箱：{why}";
    /// `--sandbox on` or `auto` that could not try the sandbox for the machine's want of
    /// processes: no run goes out of the sandbox for a failure of the moment.
    SandboxRefused => "could not try the sandbox: {why}; try again when the machine has processes to spare",
                      "无法试用沙箱：{why}；请等机器有空余进程时再试";
    /// On stderr, once, when `--sandbox auto` found none; `why` is one of the `NoSandbox…` keys.
    JudgingWithoutSandbox => "labs: note: judging without a sandbox: {why}", "labs：注意：在没有沙箱的情况下评测：{why}";
    /// Why there is no sandbox: it was not asked for.
    NoSandboxNotProbed => "the sandbox was not probed", "没有检测沙箱";
    /// Why there is no sandbox: bubblewrap is missing.
    NoSandboxNotInstalled => "bwrap is not installed (Debian and Ubuntu: apt install bubblewrap)",
                             "没有安装 bwrap（Debian 和 Ubuntu：apt install bubblewrap）";
    /// Why there is no sandbox: bwrap fails; `said` is its first line, or `NoSandboxNoMessage`.
    NoSandboxFails => "bwrap fails here ({said}); user namespaces may be disabled: sysctl kernel.unprivileged_userns_clone=1 (Debian), kernel.apparmor_restrict_unprivileged_userns=0 (Ubuntu 24.04)",
                      "bwrap 在这里运行失败（{said}）；可能禁用了用户命名空间：sysctl kernel.unprivileged_userns_clone=1（Debian），kernel.apparmor_restrict_unprivileged_userns=0（Ubuntu 24.04）";
    /// In place of what bwrap said, when it said nothing.
    NoSandboxNoMessage => "no message", "没有信息";
    /// Why there is no sandbox: bwrap could not be started.
    NoSandboxCannotRun => "bwrap could not be run", "无法运行 bwrap";
    /// Why there is no sandbox: the system refused bwrap a process (EAGAIN).
    NoSandboxRefused => "the system refused bwrap a process (none left to start)", "系统不给 bwrap 新进程（已无进程可开）";
    /// Why there is no sandbox: a build with the portable backend, on Linux.
    NoSandboxPortable => "the portable backend has none (build labs without --features portable-backend for bubblewrap)",
                         "可移植后端没有沙箱（不加 --features portable-backend 构建 labs 即可使用 bubblewrap）";
    /// Why there is no sandbox: a system without bubblewrap.
    NoSandboxSystem => "labs has no sandbox on {system} (bubblewrap is Linux's; WSL gives Windows the Linux one)",
                       "labs 在 {system} 上没有沙箱（bubblewrap 只在 Linux 上有；在 Windows 上可用 WSL 中的 Linux）";
    /// `labs judge` given a program name not on PATH.
    NoSuchProgram => "cannot run '{name}': no such program on PATH (for one in this directory, write ./{name})",
                     "无法运行“{name}”：PATH 中没有这个程序（要运行当前目录下的程序，请写 ./{name}）";
    /// `labs judge` given a directory.
    IsADirectory => "'{name}' is a directory: name the program or the source file in it",
                    "“{name}”是一个目录：请给出其中的程序或源文件";
    /// `labs judge` given a path that does not exist.
    NoSuchFile => "cannot run '{name}': no such file", "无法运行“{name}”：没有这个文件";
    /// `labs judge` given a file without the execute permission.
    NotExecutable => "'{name}' is not executable: make it so (chmod +x {name}), or judge its source file, which labs compiles ({sources})",
                     "“{name}”不可执行：请给它执行权限（chmod +x {name}），或者评测它的源文件，labs 会编译（{sources}）";
    /// `labs judge` given an executable file that is neither a compiled program nor a `#!` script.
    NoInterpreterLine => "'{name}' is neither a compiled program nor a script with a #! line: add one (like #!/bin/sh), or name its interpreter (labs judge … -- sh {name})",
                         "“{name}”既不是编译好的程序，也不是带 #! 行的脚本：请加上一行（如 #!/bin/sh），或者写出它的解释器（labs judge … -- sh {name}）";
    /// A program or a compiler that the system would not start (the system's reason in `e`).
    CannotRun => "cannot run {what}: {e}", "无法运行{what}：{e}";

    /// `--plot x.png` in a build without the `png` feature: the file named.
    PlotNoPng => "--plot {path}: this labs was built without PNG plots; write the plot to an .svg file, or build labs with `--features png`",
                 "--plot {path}：这个 labs 构建时没有启用 PNG 图；请把图写成 .svg 文件，或者用 `--features png` 重新构建 labs";

    /// More than one of the exports and the plot asked to go to stdout.
    OneToStdout => "only one of --export-markdown, --export-csv, --export-json and --plot can be '-' (stdout)",
                   "--export-markdown、--export-csv、--export-json 和 --plot 中只能有一个是“-”（标准输出）";

    // ── labs count ───────────────────────────────────────────────────────────────────────────
    /// `--shard` given something that is not `I/M` within the limit `max`.
    ValueNotShard => "expected I/M with 1 ≤ I ≤ M ≤ {max}, like 3/8", "应为 I/M 的形式，1 ≤ I ≤ M ≤ {max}，例如 3/8";
    /// Worker threads (the count's, the grader's) could not be started: the system's `error`.
    NoThreads => "cannot start the worker threads: {error}", "无法启动工作线程：{error}";
    /// `--sum` met a line, at `place`, that `--shard` does not print: the line's `text`.
    ShardNotALine => "{place} is not a line of `labs count --shard`: '{text}'",
                     "{place} 不是 `labs count --shard` 输出的行：“{text}”";
    /// `--sum` met a shard of another count: where, which count, and the first line's.
    ShardForeign => "{place} belongs to another count ({line}) than {first_place} ({first})",
                    "{place} 与 {first_place}（{first}）不属于同一次计数（{line}）";
    /// One count's shards named in a message: its size `n`, `mode` and shard count `of`.
    ShardJob => "n={n}, {mode}, of {of}", "n={n}，{mode}，共 {of} 片";
    /// The same, for a count of the classes too (`--unique`).
    ShardJobUnique => "n={n}, {mode}, unique, of {of}", "n={n}，{mode}，unique，共 {of} 片";
    /// `--sum` met the same `shard` at `earlier` and at `place`.
    ShardTwice => "shard {shard} appears twice: {earlier} and {place}", "分片 {shard} 出现了两次：{earlier} 和 {place}";
    /// Adding the line at `place` overflowed 64 bits.
    ShardOverflow => "{place}: the sum overflows", "{place}：总和超出了 64 位整数的范围";
    /// `--sum` read no line at all.
    ShardNone => "no shard lines to add up (expected lines printed by `labs count --shard I/M`)",
                 "没有可汇总的分片行（应为 `labs count --shard I/M` 输出的行）";
    /// One shard of the count was not among the lines.
    ShardMissingOne => "missing shard {shards}", "缺少分片 {shards}";
    /// Several were not: the first ten `shards`, and `more` (`ShardsMore`, or nothing).
    ShardMissing => "missing shards {shards}{more}", "缺少分片 {shards}{more}";
    /// After the first ten missing shards: how many `k` more.
    ShardsMore => " and {k} more", " 等另外 {k} 片";

    // ── on a terminal ────────────────────────────────────────────────────────────────────────
    /// On stderr when a board size is read from a terminal (`labs run` without N).
    SizePrompt => "board size n: ", "棋盘大小 n：";
    /// stdin longer than one board size: its limit in bytes.
    StdinTooLong => "stdin holds more than {max} bytes where one board size was expected (a whole number)",
                    "stdin 超过了 {max} 字节，而这里只应有一个棋盘大小（一个整数）";
    /// stdin that is not UTF-8 where one board size was expected.
    StdinNotText => "stdin is not text (expected one whole number)", "stdin 不是文本（应为一个整数）";
    /// A prompt's answer (`what`, [`Key::WordBoardSize`] or [`Key::WordContinue`]) not found in the
    /// first `max` bytes of input.
    NoWordInInput => "no {what} in the first {max} bytes of input", "输入的前 {max} 字节里没有{what}";
    /// What `labs interactive` waits for, in [`Key::NoWordInInput`].
    WordBoardSize => "board size", "棋盘大小";
    WordContinue => "answer to the continue question", "对“是否继续”的回答";
    /// A line of input named for a message: the file (or stdin) and the line's number from 1.
    LineOf => "{name} line {k}", "{name} 第 {k} 行";
    /// A line of input longer than the command reads (`place` is a [`Key::LineOf`]).
    LineTooLong => "{place} is longer than {max} bytes", "{place} 超过了 {max} 字节";
    /// A line of input that is not UTF-8 (`place` is a [`Key::LineOf`]).
    LineNotText => "{place} is not text", "{place} 不是文本";
    /// On stderr before a long `labs count`: the size `n`, the expected `time`, the sample size
    /// `m` and the time it `took`, the `growth` per n, a shard count `k` that makes each shard
    /// about ten minutes.
    CountEstimate => "labs count: n = {n} should take about {time} here (n = {m} took {took}; the work grows about ×{growth} per n). To bound it, count it in {k} shards, as `labs count --shard 1/{k} {n} > shard-1.txt` on {k} machines or in turn, then `labs count --sum shard-*.txt`; Ctrl-C stops it.",
                     "labs count：n = {n} 在本机预计需要约 {time}（n = {m} 用了 {took}；每增加 1，工作量约增长 ×{growth}）。可分成 {k} 片来计算，例如在 {k} 台机器上或依次运行 `labs count --shard 1/{k} {n} > shard-1.txt`，再用 `labs count --sum shard-*.txt` 汇总；按 Ctrl-C 可中止。";
    /// On stderr before a whole search of `labs run` that should take over a minute.
    RunEstimate => "labs run: {name} n = {n} should take at least {time} here ({name} n = {m} took {took}; its work grows at least as fast as the solutions, ×{growth} per n). --first K stops after K solutions; Ctrl-C stops it.",
                   "labs run：{name} n = {n} 在本机预计至少需要 {time}（{name} n = {m} 用了 {took}；其工作量的增长不慢于解的数目，每增加 1 约 ×{growth}）。加 --first K 可在找到 K 个解后停止；按 Ctrl-C 可中止。";
    /// After `RunEstimate`, when `labs count` can count that size.
    RunUseCount => "To count them, `labs count {n}` is the fast counter: it uses symmetry and every core, and says how to shard a long count.",
                   "若只需计数，`labs count {n}` 是快速计数器：它利用对称性和全部核心，并会说明如何将长时间的计数分片。";
    /// After the time elapsed on the progress bar of a count that was estimated.
    CountBarEstimate => " of about {time} (estimated)", "，预计共需约 {time}";
    /// Under a table a narrow terminal made drop columns: its `width`, the dropped `names`.
    HiddenColumns => "Hidden to fit {width} columns: {names}; COLUMNS=200 or a pipe shows every column.",
                     "为适应 {width} 列的宽度而隐藏：{names}。设 COLUMNS=200 或经管道输出可显示全部列。";

    // ── labs verify ──────────────────────────────────────────────────────────────────────────
    /// On stderr before the sizes left of a check predicted to take over a minute.
    VerifyEstimate => "labs verify: n = {sizes} should take about {time} more here (n = {m} took {took}; the work grows about ×{growth} per n). It stops where the sizes left would pass --budget ({budget}); Ctrl-C shows the sizes checked so far.",
                      "labs verify：n = {sizes} 在本机预计还需约 {time}（n = {m} 用了 {took}；每增加 1，工作量约增长 ×{growth}）。预计超出 --budget（{budget}）时会在那里停下；按 Ctrl-C 可显示已检查的规模。";
    /// The error of a check stopped before sizes predicted past its budget.
    VerifyOverBudget => "n = {sizes} not checked: they should take about {time} more here (n = {m} took {took}; the work grows about ×{growth} per n), past the budget of {budget}: raise --budget (in seconds) or lower --max",
                        "n = {sizes} 未检查：它们在本机预计还需约 {time}（n = {m} 用了 {took}；每增加 1，工作量约增长 ×{growth}），超出预算 {budget}：请调高 --budget（秒）或调低 --max";
    /// Under the table of a check that Ctrl-C (SIGTERM, SIGHUP) cut short while n = {n} ran.
    VerifyInterrupted => "Interrupted while n = {n} was checked: n = {sizes} not checked; the rows above are the sizes checked before.",
                         "在检查 n = {n} 时被中断：n = {sizes} 未检查；以上是中断前已检查的规模。";

    /// The progress line's reference search (on stderr, a terminal only).
    VerifyReference => "row (reference)", "row（参照）";
    /// The progress line: the candidate `name` at board size `n`.
    VerifyChecking => "{name} at n = {n}", "{name}，n = {n}";
    /// A table cell: the count a candidate reported, where it was wrong.
    FaultCountShort => "count {got}", "个数 {got}";
    /// A table cell: the stream's order differs from row's.
    FaultOrderShort => "order", "顺序";
    /// A table cell: how many reported boards were not solutions.
    FaultInvalidShort => "{k} invalid", "{k} 个不是解";
    /// A mismatch: the count reported against OEIS's.
    FaultCount => "count {got}, OEIS says {known}", "解的个数为 {got}，OEIS 为 {known}";
    /// A mismatch: the stream differs from row's.
    FaultOrder => "stream differs from row's", "解的顺序与 row 的不同";
    /// A mismatch: one reported board is not a solution.
    FaultInvalidOne => "1 reported board is not a solution", "报告的棋盘中有 1 个不是解";
    /// A mismatch: `k` reported boards are not solutions.
    FaultInvalid => "{k} reported boards are not solutions", "报告的棋盘中有 {k} 个不是解";
    /// One line of the mismatches: the candidate, the size, its `faults`.
    VerifyMismatch => "{name} at n={n}: {faults}", "{name} 在 n={n} 时：{faults}";
    /// Above the mismatches.
    VerifyMismatches => "✗ {k} mismatches:", "✗ {k} 处不一致：";
    /// The summary's start when one check ran.
    VerifyPassesOne => "The 1 check passes", "1 项检查通过";
    /// The summary's start when `k` checks ran.
    VerifyPassesAll => "All {k} pass", "全部 {k} 项检查通过";
    /// Under a table that passed: `passed` is `VerifyPasses…`, `solutions` one of `Solution…`.
    VerifySummary => "✓ {passed}: counts match OEIS A000170, streams match row's, {solutions} checked one by one.",
                     "✓ {passed}：解的个数与 OEIS A000170 一致，解的顺序与 row 的一致，逐个检查了 {solutions}。";
    /// One solution.
    SolutionOne => "1 solution", "1 个解";
    /// `k` solutions (not 1).
    SolutionMany => "{k} solutions", "{k} 个解";
    /// The error of a check with mismatches: the `first`, then `VerifyOthers` if there are more.
    VerifyFailed => "verify failed: {first}{others}", "verify 未通过：{first}{others}";
    /// After the first mismatch in the error: how many more.
    VerifyOthers => " (and {k} more, listed above)", "（另有 {k} 处，见上）";

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
    /// A run whose processes the judge could not all kill: forks outran it, with no cgroup or
    /// PID namespace to hold them (`--sandbox off` as a user).
    Outran => "{k} of its processes were still alive when the judge gave up killing them (they forked faster than it could find them): they may be running still; the sandbox (--sandbox on) holds every process",
              "评测器放弃结束它的进程时，仍有 {k} 个活着（它们 fork 得比评测器找得还快）：可能仍在运行；沙箱（--sandbox on）能管住所有进程";
    /// A program whose executable alone passes the memory limit: the kernel ended it inside
    /// `exec`, before its first instruction.
    TooLargeToStart => "its executable alone needs {bytes} of memory (its static arrays, before main runs), more than the memory limit: it could not start",
                       "它的可执行文件本身就需要 {bytes} 内存（静态数组，在 main 运行之前），超过了内存限制：程序无法启动";
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
    /// A note on the whole submission, on Windows.
    CrlfReadAsLf => "its CRLF line ends (\\r\\n) were read as LF (\\n) before comparing, as on the judge's Linux",
                    "输出中的 CRLF 换行（\\r\\n）已按 LF（\\n）比较，与在线评测的 Linux 一致";
    /// A note on the whole submission: sources saved in GBK, built transcoded to UTF-8 (`files`).
    TranscodedFromGbk => "{files}: saved in GBK, not UTF-8; built transcoded to UTF-8 (an online judge may not do so): save it as UTF-8",
                         "{files}：以 GBK 保存，不是 UTF-8；已转成 UTF-8 再编译（在线评测未必会这样做）：请把文件另存为 UTF-8";
    /// Below a diff whose window ended before the differences did.
    DiffGoesOn => "… and more differences further on (expected: {e} lines, got: {g})",
                  "…… 后面还有差异（标准答案共 {e} 行，你的输出共 {g} 行）";
    /// The limits line, above the sandbox line: `time` ([`Key::TimePerRun`], with [`Key::GivenBy`] if a flag gave
    /// it), `memory` ([`Key::MemoryPerProcess`] and [`Key::StackWithinMemory`], or [`Key::MemoryNone`]), `order`
    /// ([`Key::OrderAny`] or [`Key::OrderSearch`]), `whose` ([`Key::AllPreset`],
    /// [`Key::RestPreset`] or nothing).
    LimitsLine => "limits: {time}, {memory}, {order}{whose}", "限制：{time}，{memory}，{order}{whose}";
    /// The time limit, in the limits line.
    TimePerRun => "{time} per run", "每次运行 {time}";
    /// A limit a flag gave, after it.
    GivenBy => " ({flag})", "（由 {flag} 指定）";
    /// The memory limit, in the limits line.
    MemoryPerProcess => "{memory} per process", "每个进程 {memory}";
    /// After the memory limit in the limits line: the stack may grow until the memory limit stops it.
    StackWithinMemory => ", the stack within it", "，栈也计入其中";
    /// No memory limit, in the limits line.
    MemoryNone => "no memory limit", "不限内存";
    /// The order rule, in the limits line.
    OrderAny => "boards in any order", "棋盘顺序任意";
    /// The order rule, in the limits line.
    OrderSearch => "boards in the search's order", "棋盘按搜索的顺序";
    /// `--format one`: in place of the order rule.
    OrderOne => "any one solution, checked", "任意一个解，由检查器判定";
    /// The end of the limits line when the judge's preset gave every value.
    AllPreset => ", as {site} sets them", "，均按 {site} 的设定";
    /// The end of the limits line when the judge's preset gave some values.
    RestPreset => "; the others as {site} sets them", "；其余按 {site} 的设定";
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
    /// What the judge's backend cannot hold here; `what` lists `NotHeld…` keys.
    NotHeld => "not held here ({backend} backend): {what}", "此处（{backend}后端）无法保证：{what}";
    /// The name of the judge's Linux backend, in [`Key::NotHeld`].
    BackendLinux => "linux", "Linux 系统";
    /// The name of the judge's portable backend (Windows, macOS), in [`Key::NotHeld`].
    BackendPortable => "portable", "可移植";
    /// What a backend may not hold.
    NotHeldMemory => "the memory limit", "内存限制";
    /// What a backend may not hold.
    NotHeldStack => "the stack size (a program keeps its caller's stack limit, or the size its linker wrote into it)",
                    "栈大小（程序沿用调用者的栈限制，或链接时写进程序的大小）";
    /// What a backend may not hold.
    NotHeldUsage => "CPU time and memory (times are wall time)", "CPU 时间与内存（用时为墙钟时间）";
    /// What a backend may not hold.
    NotHeldMemoryTogether => "a memory limit for the run's processes together (it covers each one's address space only)",
                             "对整个运行所有进程合计的内存限制（只限制每个进程的地址空间）";
    /// What a backend may not hold.
    NotHeldEscapes => "the end of processes that leave the group", "结束脱离进程组的进程";
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
    /// The detail of a Presentation Error, with where it first differs (one of the `Pe…` keys).
    OnlyWhiteSpaceAt => "only white space differs: {at}", "只有空白字符（空格、换行）不同：{at}";
    /// Where a Presentation Error first differs: trailing spaces too many.
    PeExtraAtEnd => "line {line} ends in {k} space(s) too many", "第 {line} 行行末多了 {k} 个空格";
    /// Where a Presentation Error first differs: trailing spaces missing.
    PeMissingAtEnd => "line {line} ends in {k} space(s) too few", "第 {line} 行行末少了 {k} 个空格";
    /// Where a Presentation Error first differs: an empty line expected.
    PeBlankLineMissing => "line {line} should be an empty line", "第 {line} 行应为空行";
    /// Where a Presentation Error first differs: an empty line not expected.
    PeBlankLineExtra => "line {line} is an empty line too many", "第 {line} 行是多出来的空行";
    /// Where a Presentation Error first differs: spaces between characters.
    PeInside => "line {line}: the spaces between its characters differ", "第 {line} 行：字符之间的空格不同";
    /// Where a Presentation Error first differs: lines broken elsewhere.
    PeBreaks => "line {line}: the line breaks fall elsewhere", "第 {line} 行：换行的位置不同";
    /// Where a Presentation Error first differs: the last newline missing.
    PeNewlineMissing => "line {line}, the last, has no newline at its end", "第 {line} 行（最后一行）末尾没有换行";
    /// Where a Presentation Error first differs: a newline at the very end too many.
    PeNewlineExtra => "line {line} ends the output with a newline too many", "第 {line} 行之后多了一个换行";
    /// Under a diff that shows `·`: what it marks.
    DiffMarks => "(· marks a space at the end of a line)", "（· 表示行末的一个空格）";
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
    /// The detail of a Windows crash: its code in hexadecimal; `name` is one of the `Exception…`
    /// keys.
    ExitException => "exit code {code}{name}", "退出码 {code}{name}";
    /// What a Windows access violation means.
    ExceptionAccessViolation => " (access violation: invalid memory access)",
                                "（访问冲突：非法内存访问，常见原因：数组越界、空指针）";
    /// What a Windows stack overflow means.
    ExceptionStackOverflow => " (stack overflow: too deep a recursion)", "（栈溢出：递归太深）";
    /// What a Windows integer division by zero means.
    ExceptionIntegerDivideByZero => " (integer division by zero)", "（整数除以 0）";
    /// The detail of a run past the process cap.
    TooManyProcesses => "too many processes: more than {cap} at once (--max-processes)",
                        "进程太多：同时超过 {cap} 个（--max-processes）";
    /// The detail of a run whose CPU time reached the time limit (`limit`, a duration).
    CpuTimeReached => "CPU time reached the {limit} limit", "CPU 时间达到 {limit} 的限制";
    /// The detail of a run whose wall time reached the bound beside a CPU-time limit (`bound`,
    /// a duration: twice the limit and a second).
    WallBoundReached => "wall time reached {bound} (the program waited, slept or was starved of CPU)",
                        "墙钟时间达到 {bound}（程序在等待、休眠或得不到 CPU）";
    /// The detail of a run whose wall time reached the time limit (`bound`), where CPU time is
    /// not measured.
    WallTimeReached => "wall time reached the {bound} limit", "墙钟时间达到 {bound} 的限制";

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
    /// `--format one`: nothing but white space was printed.
    OneNothing => "nothing printed: one solution for n was wanted (None where there is none)", "什么也没有输出：应输出 n 的一个解（无解时输出 None）";
    /// `--format one`: n = 2 or 3, and the output is not `None`.
    OneNoneExpected => "n = {n} has no solution: the answer is the line None", "n = {n} 无解：答案应是一行 None";
    /// `--format one`: `None` where n has solutions.
    OneNoneButSolvable => "None, but n = {n} has solutions (every n but 2 and 3 has)", "输出了 None，但 n = {n} 有解（除 2 和 3 外每个 n 都有解）";
    /// `--format one`: lines of columns, too few or too many.
    OneRows => "{rows} lines of columns, where n = {n} wants {n}", "输出了 {rows} 行列号，n = {n} 应有 {n} 行";
    /// `--format one`: more than one board drawn.
    OneBoards => "{count} boards or more, where one was wanted", "输出了至少 {count} 个棋盘，只需要一个";
    /// `--format one`: a board of another size.
    OneSize => "a board of {m}×{m}, where n = {n} wants {n}×{n}", "输出的棋盘是 {m}×{m}，n = {n} 应是 {n}×{n}";
    /// A board of the program's that is no solution; `why` is one of the `Why…` keys.
    NotASolution => "your board {k} is not a solution{why}", "你的第 {k} 个棋盘不是解{why}";
    /// A board the program printed twice.
    RepeatsBoard => "your board {k} repeats your board {first}", "你的第 {k} 个棋盘与第 {first} 个重复";
    /// Solutions the program did not print, by their number in the reference.
    SolutionsMissing => "{missing} of {total} solutions missing (reference numbers {numbers})",
                        "{total} 个解中缺少 {missing} 个（标准答案中的第 {numbers} 个）";
    /// Between the items of a list.
    ListSeparator => ", ", "、";
    /// After a list cut short: how many more items.
    AndMore => "… {k} more", "……另有 {k} 个";
    /// After a list of problems cut short.
    AndMoreProblems => "… {k} more problems", "……另有 {k} 个问题";
    /// After a list of problems cut short by one.
    AndOneMoreProblem => "… 1 more problem", "……另有 1 个问题";
    /// Why a board is no solution: a row without a queen.
    WhyNoQueen => ": row {row} (counted from 0) has no queen", "：第 {row} 行（从 0 数起）没有皇后";
    /// Why a board is no solution: a row with several queens.
    WhyQueens => ": row {row} (counted from 0) has {k} queens", "：第 {row} 行（从 0 数起）有 {k} 个皇后";
    /// Why a board is no solution: two queens in one column.
    WhyColumn => ": the queens at ({a},{column}) and ({b},{column}) (row, column, from 0) share a column",
                 "：({a},{column}) 和 ({b},{column})（行，列，从 0 数起）的皇后在同一列";
    /// Why a board is no solution: two queens on one `\` diagonal.
    WhyDiagonal => ": the queens at ({a},{ca}) and ({b},{cb}) (row, column, from 0) are on one diagonal",
                   "：({a},{ca}) 和 ({b},{cb})（行，列，从 0 数起）的皇后在同一条 ↘ 斜线上";
    /// Why a board is no solution: two queens on one `/` anti-diagonal.
    WhyAntiDiagonal => ": the queens at ({a},{ca}) and ({b},{cb}) (row, column, from 0) are on one anti-diagonal",
                       "：({a},{ca}) 和 ({b},{cb})（行，列，从 0 数起）的皇后在同一条 ↙ 斜线上";
    /// The same output for every n.
    SameForEveryN => "your program printed the same {k} bytes for every n: does it read n from stdin?",
                     "你的程序对每个 n 都输出了同样的 {k} 字节：它从标准输入读入 n 了吗？";
    /// An output line that is no row of a board (a debug line, a heading): its number and text.
    NotABoardRow => "line {line} is not a board row: {text} (a judge reads only the boards: anything else, a count or a debug line, belongs on stderr or nowhere)",
                    "第 {line} 行不是棋盘的一行：{text}（评测只读棋盘：其他内容，例如解的个数或调试信息，应写到标准错误输出 stderr，或者不输出）";
    /// A row with spaces between its squares (the spaced format) where rows without are wanted:
    /// the line's number and text, and the row as wanted.
    SpacedRow => "line {line} is a board row with spaces between its squares: {text} (this judge wants rows without spaces, like {want})",
                 "第 {line} 行是棋盘的一行，但格子之间有空格：{text}（这个评测要的行不带空格，如 {want}）";
    /// Why a board is no solution: a row of other characters than `Q` and `.`.
    WhyNotARow => ": its row {row} (counted from 0) is not a board row", "：它的第 {row} 行（从 0 数起）不是棋盘的一行";
    /// Boards of one size, the wrong one: a program written for one n.
    WrongSize => "your boards are {m}×{m}, expected {n}×{n}: does it read n from stdin?",
                 "你的棋盘是 {m}×{m} 的，应当是 {n}×{n}：它从标准输入读入 n 了吗？";
    /// A Luogu answer that is the reference's with every column one less.
    CountedFromZero => "every column is one less than the reference's: your columns look counted from 0, and this format counts them from 1",
                       "每一列都比标准答案少 1：你的列号看来是从 0 数起的，而这个格式从 1 数起";
    /// The first board the program did not print, drawn on the lines that follow.
    FirstMissing => "the first board missing (reference number {k}):", "缺少的第一个棋盘（标准答案中的第 {k} 个）：";
    /// Nothing on stdout, something on stderr.
    OnlyStderr => "your program printed nothing on stdout, and {bytes} on stderr: a judge reads only stdout (print with printf, cout, print or System.out, not to stderr)",
                  "你的程序没有向标准输出写任何内容，却向标准错误输出写了 {bytes}：评测只读标准输出（请用 printf、cout、print 或 System.out 输出，不要写到 stderr）";
    /// Every run stopped at the output cap.
    EveryRunFlooded => "every run printed past the output limit: look for a loop that prints and never ends",
                       "每次运行的输出都超过了上限：找一找永不结束、每一轮都在输出的循环";
    /// The same stderr at later sizes, shown once: after its heading.
    SameStderrAt => "(the same at n = {sizes})", "（n = {sizes} 时相同）";
    /// Right boards in another order, on a judge that takes any order.
    OrderAnyAccepted => "the boards are right but in another order; {site} accepts any order for this problem, and so does labs without --in-order",
                        "棋盘都对，但顺序不同；{site} 的这道题接受任意顺序，去掉 --in-order 即可";
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
    /// `labs judge`'s progress line on a terminal, after each size judged.
    JudgeProgress => "labs judge: n = {n} judged", "labs judge：n = {n} 已评测";
    /// Under a judge report cut short by Ctrl-C (or SIGTERM, SIGHUP) while n = {n} ran.
    JudgeInterrupted => "Interrupted while n = {n} ran: n = {sizes} not judged; the verdicts above are the points judged before.",
                        "在运行 n = {n} 时被中断：n = {sizes} 未评测；以上是中断前已评测的测试点。";
    /// The last line on stderr when test points failed.
    PointsNotAccepted => "{k} of {m} test points not accepted", "{m} 个测试点中有 {k} 个未通过";
    /// The last line on stderr after a Compile Error.
    DidNotCompile => "the source did not compile", "源程序编译失败";

    // ── labs grade --feedback: one file per student ──────────────────────────────────────────
    /// Under the student's name: their id and name.
    FeedbackWho => "Student id: {id}; name: {name}", "学号：{id}；姓名：{name}";
    /// The score out of 100, and the judge's own.
    FeedbackScore => "Score: {score} / 100 ({site}: {verdict})", "得分：{score} / 100（{site}：{verdict}）";
    /// Above the table of test points.
    FeedbackPoints => "Each test point", "各测试点";
    /// Above what went wrong at the first test point not accepted.
    FeedbackFirst => "The first test point not accepted: n = {n}, {verdict}",
                     "第一个未通过的测试点：n = {n}，{verdict}";
    /// Above the compiler's first lines.
    FeedbackCompiler => "What the compiler said first", "编译器最先报告的内容";
    /// Above the last lines of stderr.
    FeedbackStderr => "The last lines of stderr", "标准错误输出（stderr）的最后几行";
    /// When every test point was accepted.
    FeedbackAllAccepted => "Every test point was accepted.", "全部测试点通过。";

    // ── labs grade: entries not graded, each a row ───────────────────────────────────────────
    /// A class path named on the command line that cannot be looked at (`error`, the system's
    /// words: often [`Key::IoNotFound`]).
    ClassPathUnread => "{path}: {error}", "{path}：{error}";
    /// Nothing to grade in the paths named (`which`), before the entries not graded, one a line.
    ClassEmpty => "no submission to grade in {which} (a source file {extensions}, or a folder holding one)",
                  "{which} 中没有可评测的提交（应为源程序文件 {extensions}，或含有源程序文件的文件夹）";
    /// A row's score cell for a roster student with no submission (`--roster`).
    NoSubmission => "no submission", "未提交";
    /// A row's score cell for an entry not graded; `reason` is one of the keys below.
    NotGradedRow => "not graded: {reason}", "未评测：{reason}";
    /// A file whose extension no judge builds.
    NotASource => "not a source file ({extensions})", "不是源程序文件（{extensions}）";
    /// An archive, refused by its extension.
    Archive => "an archive: unpack it first, labs does not open archives",
               "压缩包：请先解压，labs 不打开压缩包";
    /// A folder with no source file.
    NoSourceInside => "no source file in it ({extensions})", "文件夹里没有源程序（{extensions}）";
    /// Two entries that are both one student's submission (`a.c` beside `a.py`).
    TwoSubmissions => "two submissions for {name} ({entries})", "{name} 有两份提交（{entries}）";
    /// A source over the size cap, never copied.
    SourceTooLarge => "too large ({size}, over the cap of {cap}: --max-source)",
                      "文件太大（{size}，超过上限 {cap}，见 --max-source）";
    /// An entry that is a symbolic link, never followed.
    SymbolicLink => "a symbolic link, not followed", "符号链接，不跟随";
    /// A folder holding a symbolic link where a source would be.
    LinkInside => "{file} in it is a symbolic link, not followed", "其中的 {file} 是符号链接，不跟随";
    /// An entry that is neither a file nor a folder: a FIFO, a device, a socket.
    SpecialFile => "a special file (neither a file nor a folder)", "特殊文件（既不是普通文件也不是文件夹）";
    /// An entry that cannot be read.
    NotReadable => "unreadable ({e})", "无法读取（{e}）";
    /// Under the grade table: the last line of a failed run's stderr.
    StderrEnds => "stderr ends: {last}", "标准错误输出（stderr）最后一行：{last}";
    /// `--resume`: a student whose source changed since the journal's grading.
    SourceChanged => "{name}: the source changed since it was graded; judged again",
                     "{name}：源程序在上次评测后有改动，重新评测";
    /// `--rejudge NAME`.
    Rejudged => "{name}: judged again (--rejudge)", "{name}：重新评测（--rejudge）";
    /// A student the grader could not judge, for a reason of the machine's (no compiler, say).
    GraderFailed => "the grader could not judge it ({e})", "评测机无法评测（{e}）";
    /// On stderr, for a student whose judging the grader's last stop cut short (Ctrl-C, or a
    /// program that killed or signalled it): judged before the others, with none beside it.
    StoppedTheGraderOnce => "{name}: the grader stopped while its program ran; judged first, alone",
                            "{name}：上次评测机在运行它的程序时中止；这次先单独评测它";
    /// On stderr, for a student the grader stopped at twice, the second time running it alone.
    StoppedTheGraderAgain => "{name}: the grader stopped twice while its program ran, the second time with no other beside it: \
                              taken to kill or signal the grader, and not run again (--rejudge {name} runs it)",
                             "{name}：评测机两次在运行它的程序时中止，第二次只运行了它：\
                              视为它杀死了评测机或向评测机发了信号，不再运行（--rejudge {name} 会再运行它）";
    /// The reason in its row, for the same student.
    StoppedTheGrader => "it stopped the grader twice, the second time running alone (--rejudge {name} runs it again)",
                        "评测机两次在运行它时中止，第二次只运行了它（--rejudge {name} 再运行一次）";
    // class scan
    /// A source with more than one name (a hard link): it may be any file of the system's.
    HardLink => "a hard link ({links} names for one file), not read", "硬链接（一个文件有 {links} 个名字），不读取";
    /// A student's folder with more entries than the walk looks at (the walk stopped there).
    FolderTooManyEntries => "more than {max} files and folders in it; a submission holds its sources, not a build or a copy of a disk",
                            "其中的文件和文件夹超过 {max} 个；提交应只含源程序，不含编译产物或整个磁盘的拷贝";
    /// A student's folder with more sources and headers than a program is made of.
    FolderTooManyFiles => "more than {max} source and header files in it; keep the program's own",
                          "其中的源程序和头文件超过 {max} 个；只保留程序自己的文件";
    /// A student's folder whose sources and headers are larger, by their sizes, than the cap.
    FolderTooLarge => "its sources and headers take more than {cap} ({times} × --max-source), so none was read",
                      "其中的源程序和头文件超过 {cap}（--max-source 的 {times} 倍），因此一个也没有读取";
    /// A source that grew past the cap while it was read.
    GrewWhileRead => "grew past the cap of {cap} while it was read (--max-source)",
                     "读取时文件增长，超过上限 {cap}（见 --max-source）";
    /// Under the grade table: a student whose name holds characters shown escaped.
    NameDisguised => "{name}: the file's name holds characters that show as nothing or look like others (an invisible, bidi or control character, or a Cyrillic or Greek letter among Latin ones), shown escaped; check whose submission it is.",
                     "{name}：文件名里有看不见或与别的字符相像的字符（不可见字符、双向控制字符、控制字符，或拉丁字母中夹着西里尔或希腊字母），已转义显示；请核实这是谁的提交。";

    // ── a program in several files (labs judge DIR, labs grade; crates/labs-judge/src/project.rs) ──
    /// `labs judge DIR` given a folder whose build cannot be decided; `why` is one of the keys below.
    UndecidedBuild => "{source}: cannot tell how to build it: {why}", "{source}：无法确定如何编译：{why}";
    /// Sources in several languages, named.
    UndecidedLanguages => "sources in {k} languages ({languages}): keep one language",
                          "源程序用了 {k} 种语言（{languages}），请只用一种";
    /// No file holds the program's entry (`entry`: `main`, `fn main`, …).
    UndecidedNoMain => "no file defines {entry}: nothing to run", "没有文件定义 {entry}，无从运行";
    /// Several files define the entry, named.
    UndecidedSeveralMains => "{k} files define {entry} ({files}): keep one", "{k} 个文件都定义了 {entry}（{files}），请只保留一个";
    /// Two Java files of one class in one package.
    UndecidedSameClass => "two files declare class {class}: keep one", "两个文件都声明了类 {class}，请只保留一个";
    /// A Java file whose `package` line names no package (a part that is no Java identifier).
    UndecidedPackage => "{file}: package {package} is no package name (each part between dots a Java identifier: letters, digits, _ or $, not starting with a digit); a package is a name, never a folder's path",
                        "{file}：package {package} 不是合法的包名（点号隔开的每一段都须是 Java 标识符：字母、数字、_ 或 $，且不以数字开头）；包名是名字，不是文件夹路径";
    /// A file that would be saved outside the build's folder (labs refuses to write it).
    UndecidedOutside => "{file} would be saved outside the build's folder: not written",
                        "{file} 会被保存到编译文件夹之外：不予写入";
    /// A file of a program in several files whose name is shown escaped.
    NameNotPlain => "{file}: a file name shown escaped; rename it in plain letters",
                    "{file}：文件名含有需转义显示的字符，请改成普通字母";
    /// Several Python files, none of them the one to run.
    UndecidedWhichPython => "several Python files, none of them main.py or with an if __name__ guard: keep one, or name the one to run main.py",
                            "有几个 Python 文件，但没有 main.py，也没有哪个带 if __name__ 判断：请只保留一个，或把要运行的那个改名为 main.py";

    // ── labs grade: the class summary (src/grade/summary.rs) ──────────────────────────────────
    /// Under the grade table, before a line per n of verdict counts (`AC 30, WA 4`; `-` not run).
    SummaryVerdicts => "Verdicts at each n, in students (- : not run):", "各测试点的结果人数（- 表示未运行）：";
    /// Under the grade table, before the histogram's bars (`60–69 │███ 3`).
    SummaryScores => "Students by score out of 100:", "按百分制分数统计的人数：";

    /// Under the grade table: a student accepted only below the size where ratios mean something.
    NoRatioBelow => "{who}: accepted only up to n = {n}, so no ratio to the variants: below n = {min} a run's time is the start of its process, not its search.",
                    "{who}：只在 n ≤ {n} 时通过，因此不与各实现比较用时：n 小于 {min} 时，一次运行的用时几乎全是启动进程的时间，而不是搜索的时间。";
    /// Under the grade table: a student whose search took no longer beyond the start-up than the
    /// runs' own spread.
    NoRatioWithinStartup => "{who}: at n = {n} the runs took no longer than an empty program's by more than their own spread ({spread}), so no ratio to the variants: the search is lost in the start-up's noise.",
                            "{who}：n = {n} 时的运行比空程序多用的时间不超过这几次运行本身的波动（{spread}），因此不与各实现比较用时：搜索的时间淹没在启动时间的波动里。";

    /// In the time column: a search that took no longer than an empty program (its note says why).
    TimeWithinStartup => "≤ start-up", "≤ 启动";

    /// `--rejudge` names nobody in the class.
    RejudgeUnknown => "--rejudge {name}: no such student in the class ({names})", "--rejudge {name}：班里没有这个学生（有：{names}）";
    /// `--weights` gives only zeros.
    WeightsAllZero => "--weights: every weight is 0; give one above 0", "--weights：每个权重都是 0，请至少给一个大于 0 的";
    /// `--weights` gives the wrong number of weights.
    WeightsCount => "--weights: {k} weights for {sizes} test points (n = {n}); give one per test point",
                    "--weights：给了 {k} 个权重，但有 {sizes} 个测试点（n = {n}），请每个测试点给一个";
    // ── labs grade: the gradebook's words (src/grade/book.rs, table.rs, export.rs) ─────────────
    /// The grade table's and the Markdown export's column headers (with the judge's
    /// [`Key::ColumnTime`] and [`Key::ColumnMemory`]).
    ColumnStudent => "student", "学生";
    /// The judge's score column.
    ColumnScore => "score", "评测结果";
    /// The Markdown export's first line: when, by which labs, the judge and the sizes.
    GradedBy => "Graded {date} by labs {version}: --format {format} ({judge}), n = {sizes}.",
                "评测于 {date}，labs {version}：--format {format}（{judge}），n = {sizes}。";
    /// A sentence of its own from a text without its full stop (the limits line).
    Sentence => "{text}.", "{text}。";
    /// The Markdown export's third line.
    GradedCompared => "Output compared by {comparison}; sandbox: {sandbox}; processes: {processes}.",
                      "输出比较方式：{comparison}；沙箱：{sandbox}；进程数：{processes}。";
    /// Inside [`Key::GradedCompared`].
    ComparedStrict => "byte for byte (--strict)", "逐字节（--strict）";
    /// Inside [`Key::GradedCompared`].
    ComparedByJudge => "the judge's own rules", "按评测网站自己的规则";
    /// Inside [`Key::GradedCompared`].
    GradedNoSandbox => "none", "无";
    /// Inside [`Key::GradedCompared`].
    ProcessCapPerRun => "at most {k} per run", "每次运行至多 {k} 个";
    /// Inside [`Key::GradedCompared`].
    NoProcessCap => "no cap", "不限";
    /// A line under the grade table about one student.
    WhoSays => "{who}: {text}", "{who}：{text}";
    /// What the judge said at a student's first test point not accepted.
    AtSizeSays => "n = {n}: {verdict}", "n = {n}：{verdict}";
    /// A verdict and its detail.
    VerdictDetail => "{verdict}: {detail}", "{verdict}：{detail}";
    /// The first line under the grade table.
    AcceptedEverywhere => "{accepted} of {graded} accepted on every test point (n = {sizes}, by the rules of {judge}, --format {format}).",
                          "{graded} 人中 {accepted} 人通过全部测试点（n = {sizes}，按 {judge} 的规则，--format {format}）。";
    /// The commonest failure; `who`, `place` and `detail` are the three keys below.
    CommonestFailure => "Commonest failure: {verdict}, {who}{place}{detail}.", "最常见的失败：{verdict}，{who}{place}{detail}。";
    /// Inside [`Key::CommonestFailure`].
    OneStudent => "1 student ({name})", "1 人（{name}）";
    /// Inside [`Key::CommonestFailure`].
    Students => "{k} students ({names})", "{k} 人（{names}）";
    /// Inside [`Key::CommonestFailure`].
    FirstAt => "; first at n = {n}", "；最早出现在 n = {n}";
    /// Inside [`Key::CommonestFailure`]: the judge's detail.
    Detail => ": {detail}", "：{detail}";
    /// Under the grade table: a program that left processes running.
    LeftRunning => "{who}: left processes running after it ended ({left} in all); the judge killed them.",
                   "{who}：结束后留下了仍在运行的进程（共 {left} 个），评测机已将其结束。";
    /// Under the grade table: a ratio left blank because the variant was not timed there.
    BlankRatio => "A blank ×: the variant was not timed at that n (it would take more than {budget} a cell).",
                  "× 列为空：该实现没有在这个 n 上计时（每格会超过 {budget}）。";
    /// Under the grade table: every submission in the sandbox.
    SandboxEvery => "Sandbox: every submission was built and run in bubblewrap (docs/judge.md, `The sandbox`).",
                    "沙箱：所有提交都在 bubblewrap 中编译和运行（见 docs/zh/judge.md 的“沙箱”一节）。";
    /// Under the grade table: no submission in the sandbox.
    SandboxNone => "Sandbox: none; the submissions ran with your rights (docs/judge.md, `The sandbox`).",
                   "沙箱：无；提交的程序以你的权限运行（见 docs/zh/judge.md 的“沙箱”一节）。";
    /// Under the grade table: no submission in the sandbox, graded by root (runs as nobody).
    SandboxNoneAsNobody => "Sandbox: none; the submissions ran as nobody (uid 65534), not as root (docs/judge.md, `The sandbox`).",
                           "沙箱：无；提交的程序以 nobody（uid 65534）而不是 root 的身份运行（见 docs/zh/judge.md 的“沙箱”一节）。";
    /// Under the grade table: some in the sandbox, some not.
    SandboxSome => "Sandbox: bubblewrap for {with}; none for {without}.", "沙箱：{with} 使用 bubblewrap；{without} 没有。";
    /// Under the grade table with `--jobs` above 1.
    JobsNotComparable => "Graded with --jobs {jobs}: submissions ran side by side, so their times are not comparable.",
                         "使用 --jobs {jobs} 评测：多个提交同时运行，因此它们的用时不可比较。";
    /// `labs grade`'s progress line on a terminal (indicatif's template: `{…}` are its fields).
    GradeBar => "labs grade: {pos}/{len} judged, {elapsed}", "labs grade：已评测 {pos}/{len}，{elapsed}";
    /// `labs grade`'s spinner while it times the variants for the ratios.
    GradeTimingVariants => "labs grade: timing the variants", "labs grade：正在为各实现计时";
    /// Under the grade table of an interrupted grading.
    GradingInterrupted => "Interrupted: {done} of {total} graded, and kept in the journal; --resume grades the rest ({rest}).",
                          "已中断：{total} 人中已评测 {done} 人，结果保存在日志中；--resume 评测其余的人（{rest}）。";

    // gradebook tidy
    /// `--base` refused: the file and why ([`Key::NotASource`], or the system's words).
    BaseRefused => "--base '{path}': {why}", "--base '{path}'：{why}";
    /// `--roster` refused: the file and why (one of the keys below, or the system's words).
    RosterRefused => "--roster '{path}': {why}", "--roster '{path}'：{why}";
    /// Inside [`Key::RosterRefused`].
    RosterNotAFile => "not a regular file of at most {max}", "不是不超过 {max} 的普通文件";
    /// Inside [`Key::RosterRefused`]: bytes that are no text in any encoding Excel writes.
    RosterNotText => "neither UTF-8 nor GBK text; save it from Excel as CSV UTF-8 (Comma delimited)",
                     "既不是 UTF-8 也不是 GBK 编码的文本；请在 Excel 中另存为 CSV UTF-8（逗号分隔）";
    /// Inside [`Key::RosterRefused`].
    RosterRowEmpty => "row {row}: neither an id nor a name", "第 {row} 行：既没有学号也没有姓名";
    /// Under the grade table: the entries of no roster student, after the roster's rows.
    /// The name cell of a row that replaced an earlier submission of the same student (issue 47 item 8).
    ReplacesCell => "{student} (replaces {earlier})", "{student}（替换 {earlier}）";
    /// The name cell of a row whose id another name claims too.
    ConflictCell => "{student} (id claimed twice)", "{student}（学号被重复认领）";
    /// Under the table: a resubmission that replaced an earlier one.
    Resubmitted => "{by} replaces {earlier}: a later submission of the same student ({marks}); the earlier is out of the gradebook.",
                   "{by} 替换了 {earlier}：同一名学生后交的版本（{marks}）；先交的不计入成绩册。";
    /// Under the table: an id (or a name) that different submissions claim.
    IdConflict => "{claimed} is claimed by {claimants}: each is listed apart and none is exported under it; keep one, or name each in the roster's submission column.",
                  "{claimed} 被 {claimants} 同时认领：每份都单独列出，导出时都不用这个学号；请只保留一份，或在名单的提交列里写明各是谁的。";
    Unlisted => "On no row of the roster ({k}), listed after its students: {names}.",
                "不在名单上（{k} 个），列在名单上的学生之后：{names}。";
    /// The CSV export's column headers; the JSON export's keys stay English.
    CsvId => "id", "学号";
    /// See [`Key::CsvId`].
    CsvName => "name", "姓名";
    /// See [`Key::CsvId`]: the entry of the class folder.
    CsvStudent => "student", "提交";
    /// See [`Key::CsvId`]: the score out of 100.
    CsvScore => "score", "得分";
    /// See [`Key::CsvId`]: the judge's score.
    CsvVerdict => "verdict", "评测结果";
    /// See [`Key::CsvId`].
    CsvLargest => "largest_n", "通过的最大 n";
    /// See [`Key::CsvId`].
    CsvSeconds => "seconds", "用时（秒）";
    /// See [`Key::CsvId`].
    CsvPeakBytes => "peak_bytes", "内存（字节）";
    /// See [`Key::CsvId`].
    CsvSandboxed => "sandboxed", "沙箱";
    /// See [`Key::CsvId`].
    CsvSimilar => "similar_to", "相似的提交";
    /// Under the grade table: a student accepted close to the time limit.
    BorderlineAccept => "{who}: accepted at n = {sizes}, but close to the time limit ({time} of {limit}, {share} or more): another run may not be accepted; look again before grading.",
                        "{who}：在 n = {sizes} 通过，但用时接近时限（{time}，时限 {limit}，达到 {share} 或以上）：再运行一次未必仍能通过，定分前请复查。";

    // plot.rs
    /// The grade plot's title.
    PlotClass => "labs grade: the class, and its times beside the variants'", "labs grade：全班成绩，及其用时与各实现的对比";
    /// The grade plot's histogram: its title and its x axis.
    PlotScores => "Students by score", "按得分统计的学生人数";
    /// See [`Key::PlotScores`].
    PlotScoreAxis => "score out of 100", "得分（满分 100）";
    /// A panel of the grade plot: the students in it and what its y axis is.
    PlotPanel => "Students {first}–{last}: time per run, net of start-up (log)",
                 "学生 {first}–{last}：每次运行用时，已减去启动开销（对数）";
    /// The grade plot's x axis.
    PlotBoardSize => "n (board size)", "n（棋盘大小）";
    /// A variant's line in the grade plot's legend.
    PlotVariant => "{algo} (variant, one search)", "{algo}（实现，一次搜索）";
    /// A student in the grade plot's legend with no line.
    PlotNoneAccepted => "{who}: no n accepted", "{who}：没有通过的 n";
    /// A student in the grade plot's legend whose language's start-up was not measured: the line
    /// is their whole times.
    PlotStartupIncluded => "{who} (start-up included)", "{who}（含启动开销）";
    /// The grade plot's legend for the hollow dots on a panel's bottom edge.
    PlotFloor => "on the floor: ≤ start-up", "落在底边：≤ 启动开销";
    /// The y axis's title over a panel of times, in both plots.
    PlotTimeAxis => "time (log scale)", "用时（对数刻度）";
    /// The y axis's title over `labs bench`'s panel of search-tree nodes.
    PlotNodesAxis => "nodes (log scale)", "结点数（对数刻度）";
    /// `labs bench`'s plot: its title and its two panels' titles.
    PlotBench => "labs bench: time and work of the N-Queens searches", "labs bench：各种 N 皇后搜索的用时与工作量";
    /// See [`Key::PlotBench`].
    PlotBenchTime => "Time per search (median)", "一次搜索的用时（中位数）";
    /// See [`Key::PlotBench`].
    PlotBenchNodes => "Work: nodes of the search tree", "工作量：搜索树的结点数";

    // ── labs grade: timings that compare (src/grade/rerun.rs) ─────────────────────────────────
    /// Under the grade table: a student whose program did not print its accepted output again.
    RerunFailed => "run again at n = {n} to be timed, it did not print its accepted output again, so it has no time to compare",
                   "为计时在 n = {n} 重新运行时，它没有再次输出通过时的结果，因此没有可比较的用时";
    /// Under the grade table: a student accepted whose run again, to be timed, ran out of time
    /// or was killed: the load's doing, not a change of answer.
    RerunOutOfTime => "not timed: run again at n = {n}, it ran out of time or was killed (a loaded machine stretches a run), which says nothing of its answer; --resume times it again",
                      "未计时：为计时在 n = {n} 重新运行时超时或被杀死（机器负载会拉长运行时间），这与它的答案无关；--resume 会重新计时";
    /// Under the grade table: a student accepted whose run again, to be timed, labs could not start.
    RerunNotRun => "not timed: labs could not run it again at n = {n} (the machine's failure); --resume times it again",
                   "未计时：labs 无法在 n = {n} 重新运行它（机器的故障）；--resume 会重新计时";
    /// Under the grade table: what the time column is. `startups` lists each language's start-up.
    GradeTimeColumn => "time: from n = {min}, at the largest n accepted, the median CPU time of {runs} runs less the start-up (the median of as many runs of an empty program in its language, built and run the same way: {startups}), ± half the spread of those runs (the slowest less the fastest); below n = {min}, one run's CPU time (the time limit's measure; wall time where none is measured), start-up included. memory: the peak of the run judged there.",
                       "用时：n ≥ {min} 时，取通过的最大 n 上 {runs} 次运行的 CPU 时间中位数，减去启动开销（同一语言的空程序以同样方式编译运行同样次数的中位数：{startups}），± 后为这几次运行波动（最慢减最快）的一半；n < {min} 时为一次运行的 CPU 时间（即时限所用的度量；无法测得时为实际用时），含启动开销。内存：该次评测运行的峰值。";
    /// Inside [`Key::GradeTimeColumn`] when no language's start-up was measured.
    StartupsNone => "none measured", "未测得";
    /// Under the grade table: what the ratio columns are; `names` is `×naive, ×row, ×bits`.
    GradeRatioColumns => "{names}: that time over the variant's for one search at the same n, in-process (median of {runs} runs); below 1 is faster.",
                         "{names}：上述用时与该实现在同一 n 上进程内搜索一次的用时（{runs} 次运行的中位数）之比；小于 1 表示更快。";
    /// Under the grade table when the grading was interrupted before the variants were timed.
    GradeRatiosUntimed => "{names}: not measured, since the grading was interrupted.", "{names}：评测被中断，未测量。";

    // ── labs grade: copies flagged (src/grade/copies.rs) ─────────────────────────────────────
    /// Under the grade table, when `--base` was given: said inside the two sentences below.
    CopiesBase => ", and the code of {base}", "以及 {base} 中的代码";
    /// Under the grade table: no pair flagged; `threshold` is `0.50`.
    CopiesNone => "Copies: no two sources reach {threshold} in similarity (winnowed token fingerprints, the shapes every N-Queens solution shares taken away{base}), and no two wrong outputs are the same.",
                  "抄袭检查：没有两份源程序的相似度达到 {threshold}（按 MOSS 的方法比较词法指纹，已去掉所有 N 皇后解法共有的写法{base}），也没有两份相同的错误输出。";
    /// Under the grade table, before the pairs flagged.
    CopiesFlagged => "Copies? Read these pairs side by side (similarity of the sources from 0 to 1, flagged from {threshold}: winnowed token fingerprints, the shapes every N-Queens solution shares taken away{base}); no score is changed:",
                     "疑似抄袭：请对照阅读以下各对（源程序相似度从 0 到 1，达到 {threshold} 即列出；按 MOSS 的方法比较词法指纹，已去掉所有 N 皇后解法共有的写法{base}）；分数不因此改变：";
    /// One pair flagged, under [`Key::CopiesFlagged`].
    CopiesPair => "  {a} and {b}: {score}", "  {a} 与 {b}：{score}";
    /// One pair flagged that also printed the same wrong output.
    CopiesPairOutput => "  {a} and {b}: {score}, the same wrong output at n = {sizes}",
                        "  {a} 与 {b}：{score}，n = {sizes} 时输出相同的错误结果";

    /// A group of students linked by pairs flagged, in place of its pairs; `names` a list.
    CopiesGroup => "  group {number}, {k} alike: {names} (similarity {range} in the {pairs} pairs flagged among them)",
                   "  第 {number} 组，{k} 份相似：{names}（组内 {pairs} 对达到阈值，相似度 {range}）";
    /// A group whose every two are the same program token for token.
    CopiesGroupSame => "  group {number}, {k} identical but for names, literals and layout: {names}",
                       "  第 {number} 组，{k} 份除名字、常量和排版外完全相同：{names}";
    /// After a group's line when two of them printed the same wrong output.
    CopiesGroupOutput => "; the same wrong output at n = {sizes}", "；n = {sizes} 时有相同的错误输出";
    /// A group in the CSV export's `similar_to` cell.
    CopiesGroupCell => "group {number} ({k} students, {range})", "第 {number} 组（{k} 人，{range}）";

    // journal and feedback
    /// `--journal PATH` that cannot be looked at, read or written (`error`, the system's words).
    JournalCannotWrite => "--journal: cannot write '{path}': {error}", "--journal：无法写入 '{path}'：{error}";
    /// `--journal PATH` refused, and why (one of the keys below, or the system's words).
    JournalRefused => "--journal '{path}': {why}", "--journal '{path}'：{why}";
    JournalNotAFile => "not a regular file; name a file for the journal", "不是普通文件；请为日志指定一个文件";
    JournalTooLarge => "larger than {limit}, so no labs grade journal", "大于 {limit}，所以不是 labs grade 的日志";
    /// A journal with lines in it, named without `--resume`.
    JournalEarlier => "'{path}' holds an earlier grading: add --resume to go on with it, or remove it (or name another --journal)",
                      "'{path}' 中已有一次评测：加 --resume 接着评，或者删除它（或用 --journal 另指定一个）";
    /// `--resume` on a file whose first line is not a journal's header (`why`, the parser's words).
    JournalNotAJournal => "--resume: '{path}' is not a labs grade journal ({why})", "--resume：'{path}' 不是 labs grade 的日志（{why}）";
    /// `--resume` under other rules than the journal's: its header, and the one now.
    JournalOtherRules => "--resume: '{path}' was written under other rules: {theirs} (now: {ours}); grade with the same options, or name another --journal",
                         "--resume：'{path}' 是在另一套规则下写的：{theirs}（现在：{ours}）；请用相同的选项评测，或用 --journal 另指定一个";
    /// A second `labs grade` on a journal another run holds (`--journal`); `pid` the holder's.
    JournalInUse => "--journal '{path}': in use by another labs grade (pid {pid}); wait for it to end, or name another --journal",
                    "--journal '{path}'：另一个 labs grade（进程号 {pid}）正在使用它；请等它结束，或用 --journal 另指定一个";
    /// The same, where the holder's pid cannot be read.
    JournalInUseBySomeone => "--journal '{path}': in use by another labs grade; wait for it to end, or name another --journal",
                             "--journal '{path}'：另一个 labs grade 正在使用它；请等它结束，或用 --journal 另指定一个";
    /// `--resume` on a journal with a line it does not believe; `why` is one of the four below.
    JournalLineRefused => "journal '{path}', line {line}: {why}; nothing in it is believed (name another --journal, or remove it to grade afresh)",
                          "日志 '{path}' 第 {line} 行：{why}；其中的内容一概不予采信（请用 --journal 另指定一个，或删除它后重新评测）";
    /// Why: a line that is not UTF-8.
    JournalNotUtf8 => "not UTF-8, so not a line labs wrote", "不是 UTF-8 文本，因此不是 labs 写的行";
    /// Why: a line without the hash every line of labs' ends in.
    JournalNoHash => "no hash at its end, so not a line labs wrote", "行末没有哈希值，因此不是 labs 写的行";
    /// Why: a line whose hash is not the one that follows from the lines before it.
    JournalHashBroken => "its hash does not follow from the lines before it: a line was edited, added or taken away since labs wrote them",
                         "它的哈希值与前面各行对不上：labs 写下之后有行被改动、添加或删除";
    /// Why: a line with a good hash that is no journal line (`e` the parser's words).
    JournalNotALine => "not a line labs grade writes ({e})", "不是 labs grade 写的行（{e}）";
    /// `--resume` on a journal from before the hash chain.
    JournalUnchained => "journal '{path}' was written by an older labs (journal format {version}) without the hashes that show it unchanged; name another --journal, or remove it to grade afresh",
                        "日志 '{path}' 是旧版 labs 写的（日志格式 {version}），没有能证明其未被改动的哈希值；请用 --journal 另指定一个，或删除它后重新评测";
    /// An output file (an export, the plot) whose temporary file could not be made in its folder:
    /// the flag, the path, the system's refusal in words.
    OutputCannotCreate => "{flag}: cannot create '{path}': {error}", "{flag}：无法创建 '{path}'：{error}";
    /// An output file that could not be written once made.
    OutputCannotWrite => "cannot write '{path}': {error}", "无法写入 '{path}'：{error}";
    /// An output (`--journal`, an export, `--plot`) whose own name is a symbolic link: refused
    /// before anything is judged, its target never created nor written.
    OutputLink => "{flag} '{path}': a symbolic link; labs writes no output through a link: name the file itself",
                  "{flag} '{path}'：这是一个符号链接；labs 不通过链接写任何输出，请直接写文件本身的路径";
    /// `--feedback DIR` that cannot be made or opened (`e` the system's words), said before anything is judged.
    FeedbackDirUnwritable => "--feedback: cannot write in '{dir}': {e}", "--feedback：无法在 '{dir}' 中写入：{e}";
    /// `--feedback DIR` naming a symbolic link, which could lead anywhere.
    FeedbackDirLink => "--feedback '{dir}': a symbolic link; name the folder it leads to, if that is where the feedback goes",
                       "--feedback '{dir}'：这是一个符号链接；如果反馈确实要写到它所指的文件夹，请直接写那个文件夹";
    /// On stderr and under the table, for a student whose feedback file the system refused (`e` its
    /// words): the other students' files are written all the same.
    FeedbackUnwritten => "--feedback: {student}'s file {file} could not be written in '{dir}' ({e}); the others were",
                         "--feedback：{student} 的文件 {file} 无法写入 '{dir}'（{e}）；其他学生的文件已写好";
    /// On stderr, for a student whose feedback file name meets another's and takes a suffix.
    FeedbackRenamed => "--feedback: {student}'s file is {file}, since another student's name makes the same file name",
                       "--feedback：{student} 的文件是 {file}，因为另一名学生的名字会得到同样的文件名";

    // ── labs grade: several formats in one run (issue 37 item 3) ────────────────────────────
    /// `--format` of `grade`: one format or a list of the allowed ones.
    HelpGradeFormats => "The format (and so the judge) the programs' output must match: a format, or a judge's name (pta, acwing, bailian), in any case; or the formats allowed, as a list (--format acwing,pta): each student is judged by the first, and if not accepted by the others too, each with its judge's own limits, and keeps the best score (of equal scores, the earlier format's)",
        "程序的输出必须符合的格式（也就决定了评测规则）：格式名，或评测网站名（pta、acwing、bailian），大小写均可；也可以用逗号列出允许的几种格式（--format acwing,pta）：每名学生先按第一种评测，未通过时再按其余各种评测，每种用其评测网站自己的限制，取最高分（分数相同时取排在前面的格式）";
    /// `labs judge --format a,b`: the judge takes one format.
    JudgeOneFormat => "labs judge judges by one format: name one with --format (labs grade takes several, as in --format acwing,pta)",
        "labs judge 只按一种格式评测：请用 --format 只指定一种（labs grade 可以指定几种，例如 --format acwing,pta）";
    /// `labs grade --format a,b` whose formats judge different sizes by default.
    FormatsSizesDiffer => "--format {formats}: the formats judge different sizes ({sizes}); give the sizes for all of them with --n",
        "--format {formats}：这几种格式默认评测的规模不同（{sizes}）；请用 --n 给出共同的规模";
    /// Between the limits sentences of several formats allowed.
    LimitsSeparator => "; ", "；";
    /// The gradebook's column of the format each student was judged by (several allowed).
    ColumnFormat => "format", "格式";
    /// The CSV export's header of that column.
    CsvFormat => "format", "格式";
    /// Under the table, with several formats allowed: what the format column says.
    GradeFormatColumn => "format: the allowed format each student was judged by ({formats}): the first that accepts the output, else the one that scored best (of equal scores, the earlier).",
        "格式：每名学生按哪种允许的格式评测（{formats}）：取第一种通过的格式，都不通过时取得分最高的（分数相同时取排在前面的）。";
    /// A feedback file's line, with several formats allowed, for a student accepted by the first.
    FeedbackFormatFirst => "Judged as --format {format} ({site}), the first of the allowed formats ({formats}).",
        "按 --format {format}（{site}）评测，即允许的格式（{formats}）中的第一种。";
    /// The same, for a student judged by each allowed format: `tried` each one's score.
    FeedbackFormatBest => "Judged by each allowed format: {tried}. The gradebook keeps --format {format} ({site}), which scored best.",
        "已按每种允许的格式评测：{tried}。成绩册取得分最高的 --format {format}（{site}）。";
    /// One entry of `tried` above: a format and its score.
    FeedbackFormatTried => "--format {format} {score}", "--format {format} {score}";

    // ── labs --version and labs doctor (src/doctor.rs) ───────────────────────────────────────
    /// One line of `labs --version` and `labs doctor`: a part's name and what was found.
    DoctorLine => "{name}: {value}", "{name}：{value}";
    /// The commit line's label.
    DoctorCommit => "commit", "提交";
    /// The commit when `labs` was built outside git (and not from a crates.io tarball).
    DoctorCommitUnknown => "unknown (not built from a git clone)", "未知（不是在 git 仓库中构建的）";
    /// The target line's label.
    DoctorTarget => "target", "目标平台";
    /// The judge backend's label; the value is [`Key::BackendLinux`] or [`Key::BackendPortable`].
    DoctorBackend => "judge backend", "评测后端";
    /// The label of how `labs count` reads the last rows.
    DoctorCount => "count's fast path", "count 的快速路径";
    /// `labs count` runs its lanes with AVX-512, and uses `pext`.
    DoctorAvx512 => "AVX-512 lanes, pext (BMI2)", "AVX-512 宽通道，pext（BMI2）";
    /// `labs count` runs its lanes with AVX2 (no AVX-512 here), and uses `pext`.
    DoctorAvx2 => "AVX2 lanes, pext (BMI2)", "AVX2 宽通道，pext（BMI2）";
    /// `labs count` uses `pext`.
    DoctorPext => "pext (BMI2)", "pext（BMI2）";
    /// `labs count` cannot use `pext` here.
    DoctorNoPext => "shifts (this processor has no fast pext, BMI2; the counts are the same)",
                    "移位（此处理器没有快速的 pext，即 BMI2；计数结果相同）";
    /// The sandbox's label.
    DoctorSandbox => "sandbox", "沙箱";
    /// The sandbox works.
    DoctorBubblewrap => "bubblewrap works", "bubblewrap 可用";
    /// How to get the sandbox on Linux.
    FixSandbox => "apt-get install bubblewrap, and allow user namespaces if it is installed (the reason above says which)",
                  "apt-get install bubblewrap；已安装则需允许用户命名空间（见上面的原因）";
    /// The cgroups' label.
    DoctorCgroups => "cgroups", "cgroups";
    /// No cgroup can be made.
    DoctorNone => "none can be made here", "此处无法创建";
    /// Some cgroup controllers can be used, others not.
    DoctorSome => "{found} (not {missing})", "{found}（缺 {missing}）";
    /// How to let `labs` make cgroups.
    FixCgroups => "run labs as root, or in a delegated subtree: systemd-run --user --scope -p Delegate=yes labs …",
                  "以 root 运行 labs，或在委派的子树中运行：systemd-run --user --scope -p Delegate=yes labs …";
    /// The pidfds' label.
    DoctorPidfd => "pidfd", "pidfd";
    /// A part that works.
    DoctorWorks => "works", "可用";
    /// pidfd_open fails.
    DoctorNoPidfd => "pidfd_open fails (a kernel before Linux 5.3)", "pidfd_open 失败（Linux 5.3 之前的内核）";
    /// How to get pidfds.
    FixPidfd => "Linux 5.3 or later; without it a program's end is noticed within 2 ms instead of at once",
                "升级到 Linux 5.3 或更新；没有它，程序结束要在 2 毫秒内才被发现，而非立即";
    /// A part this build's backend does not use.
    DoctorNotUsed => "not used by the {backend} backend", "{backend}后端不使用";
    /// A compiler not on PATH.
    DoctorNotOnPath => "not found on PATH", "PATH 中找不到";
    /// How to install a compiler; `hint` is the system's way (`judging::words::install`).
    FixInstall => "install it ({hint})", "安装它（{hint}）";
    /// How to install a package on Debian and Ubuntu.
    InstallApt => "Debian and Ubuntu: apt-get install {package}", "Debian 和 Ubuntu：apt-get install {package}";
    /// How to install gcc and g++ on Windows.
    InstallMinGw => "MinGW-w64 gcc and g++ on PATH (winget install BrechtSanders.WinLibs.POSIX.UCRT)",
                    "把 MinGW-w64 的 gcc 和 g++ 加入 PATH（winget install BrechtSanders.WinLibs.POSIX.UCRT）";
    /// How to install a tool on another Unix.
    InstallPackage => "your system's package of {tool}", "你的系统中 {tool} 的软件包";
    /// Before a fix.
    DoctorFix => "fix: {fix}", "解决：{fix}";
    /// The doctor's last line when nothing is missing.
    DoctorAllFound => "everything found", "全部找到";
    /// The doctor's last line when parts are missing.
    DoctorMissing => "{missing} of {total} parts missing: labs runs without them, and the judge's report says what it cannot promise",
                     "{total} 项中缺 {missing} 项：labs 没有它们也能运行，评测报告会说明哪些保证做不到";

    // ── labs trace --html: the page ──────────────────────────────────────────────────────────
    /// The page's `toolbar` (src/trace/page.js).
    PageToolbar => "replay",
        "回放";
    /// The page's `start` (src/trace/page.js).
    PageStart => "start",
        "开头";
    /// The page's `start.title` (src/trace/page.js).
    PageStartTitle => "to the start (Home)",
        "回到开头（Home）";
    /// The page's `back` (src/trace/page.js).
    PageBack => "one step back (←)",
        "后退一步（←）";
    /// The page's `play` (src/trace/page.js).
    PagePlay => "▶ play",
        "▶ 播放";
    /// The page's `pause` (src/trace/page.js).
    PagePause => "⏸ pause",
        "⏸ 暂停";
    /// The page's `play.title` (src/trace/page.js).
    PagePlayTitle => "play or pause (space)",
        "播放或暂停（空格）";
    /// The page's `forward` (src/trace/page.js).
    PageForward => "one step forward (→)",
        "前进一步（→）";
    /// The page's `end` (src/trace/page.js).
    PageEnd => "end",
        "结尾";
    /// The page's `end.title` (src/trace/page.js).
    PageEndTitle => "to the end (End)",
        "到结尾（End）";
    /// The page's `next-backtrack` (src/trace/page.js).
    PageNextBacktrack => "next backtrack",
        "下一次回溯";
    /// The page's `next-backtrack.title` (src/trace/page.js).
    PageNextBacktrackTitle => "to the next backtrack (b)",
        "到下一次回溯（b）";
    /// The page's `next-solution` (src/trace/page.js).
    PageNextSolution => "next solution",
        "下一个解";
    /// The page's `next-solution.title` (src/trace/page.js).
    PageNextSolutionTitle => "to the next solution (s)",
        "到下一个解（s）";
    /// The page's `speed` (src/trace/page.js).
    PageSpeed => "speed",
        "速度";
    /// The page's `per-second.one` (src/trace/page.js).
    PagePerSecondOne => "{k} step/s",
        "每秒 {k} 步";
    /// The page's `per-second.other` (src/trace/page.js).
    PagePerSecondOther => "{k} steps/s",
        "每秒 {k} 步";
    /// The page's `goto` (src/trace/page.js).
    PageGoto => "step",
        "第几步";
    /// The page's `go` (src/trace/page.js).
    PageGo => "go",
        "跳转";
    /// The page's `goto.empty` (src/trace/page.js).
    PageGotoEmpty => "type a step from 0 to {total}, then go",
        "请输入 0 到 {total} 之间的步数，再点跳转";
    /// The page's `link` (src/trace/page.js).
    PageLink => "link",
        "链接";
    /// The page's `link.title` (src/trace/page.js).
    PageLinkTitle => "a link to this moment",
        "指向此刻的链接";
    /// The page's `step` (src/trace/page.js).
    PageStep => "step",
        "步";
    /// The page's `nodes` (src/trace/page.js).
    PageNodes => "nodes",
        "结点";
    /// The page's `solutions` (src/trace/page.js).
    PageSolutions => "solutions",
        "解";
    /// The page's `depth` (src/trace/page.js).
    PageDepth => "depth",
        "深度";
    /// The page's `profile` (src/trace/page.js).
    PageProfile => "nodes per level",
        "每层结点数";
    /// The page's `words` (src/trace/page.js).
    PageWords => "What the words mean",
        "这些词的意思";
    /// The page's `about` (src/trace/page.js).
    PageAbout => "{names} on the {n}×{n} board: {steps}, {extent}.",
        "{names}，{n}×{n} 棋盘：{steps}，{extent}。";
    /// The page's `about.whole` (src/trace/page.js).
    PageAboutWhole => "the whole search",
        "完整的搜索";
    /// The page's `about.stopped` (src/trace/page.js).
    PageAboutStopped => "where the trace was stopped",
        "到 trace 停下的地方为止";
    /// The page's `steps.one` (src/trace/page.js).
    PageStepsOne => "{k} step",
        "{k} 步";
    /// The page's `steps.other` (src/trace/page.js).
    PageStepsOther => "{k} steps",
        "{k} 步";
    /// The page's `unit.square.one` (src/trace/page.js).
    PageUnitSquareOne => "{k} square",
        "{k} 个格子";
    /// The page's `unit.square.other` (src/trace/page.js).
    PageUnitSquareOther => "{k} squares",
        "{k} 个格子";
    /// The page's `unit.flag.one` (src/trace/page.js).
    PageUnitFlagOne => "{k} flag",
        "{k} 个标记";
    /// The page's `unit.flag.other` (src/trace/page.js).
    PageUnitFlagOther => "{k} flags",
        "{k} 个标记";
    /// The page's `unit.mask.one` (src/trace/page.js).
    PageUnitMaskOne => "{k} mask",
        "{k} 个掩码";
    /// The page's `unit.mask.other` (src/trace/page.js).
    PageUnitMaskOther => "{k} masks",
        "{k} 个掩码";
    /// The page's `probes` (src/trace/page.js).
    PageProbes => "probes",
        "读取";
    /// The page's `refused` (src/trace/page.js).
    PageRefused => "refuse",
        "拒绝";
    /// The page's `line.w` (src/trace/page.js).
    PageLineW => "row",
        "行";
    /// The page's `line.c` (src/trace/page.js).
    PageLineC => "column",
        "列";
    /// The page's `line.d` (src/trace/page.js).
    PageLineD => "diagonal ↘",
        "↘ 斜线";
    /// The page's `line.a` (src/trace/page.js).
    PageLineA => "anti-diagonal ↙",
        "↙ 斜线";
    /// The page's `place` (src/trace/page.js).
    PagePlace => "place ({r},{c})",
        "放下 ({r},{c})";
    /// The page's `reject` (src/trace/page.js).
    PageReject => "refuse ({r},{c}): {line} taken by the circled queen",
        "拒绝 ({r},{c})：{line}上有圈出的皇后";
    /// The page's `remove` (src/trace/page.js).
    PageRemove => "remove ({r},{c}): backtrack",
        "拿走 ({r},{c})：回溯";
    /// The page's `solution` (src/trace/page.js).
    PageSolution => "solution {k}",
        "第 {k} 个解";
    /// The page's `no-solution` (src/trace/page.js).
    PageNoSolution => "no solution",
        "无解";
    /// The page's `read` (src/trace/page.js).
    PageRead => "read {count}",
        "读了 {count}";
    /// The page's `read.mask` (src/trace/page.js).
    PageReadMask => "the row's one mask was read at its first step",
        "这一行唯一的掩码在它的第一步就已读过";
    /// The page's `now.empty` (src/trace/page.js).
    PageNowEmpty => "The empty board: press → or space.",
        "空棋盘：按 → 或空格开始。";
    /// The page's `now.end` (src/trace/page.js).
    PageNowEnd => "The end of the search.",
        "搜索结束。";
    /// The page's `now.none` (src/trace/page.js).
    PageNowNone => "The end of the search: no solution for n = {n}.",
        "搜索结束：n = {n} 无解。";
    /// The page's `now.last` (src/trace/page.js).
    PageNowLast => "The last step recorded.",
        "记录下来的最后一步。";
    /// The page's `board` (src/trace/page.js).
    PageBoard => "{algo}, step {k}: {queens}. {what}",
        "{algo}，第 {k} 步：{queens}。{what}";
    /// The page's `board.none` (src/trace/page.js).
    PageBoardNone => "no queen on the board",
        "棋盘上没有皇后";
    /// The page's `board.queens` (src/trace/page.js).
    PageBoardQueens => "queens at {list}",
        "皇后在 {list}";
    /// The page's `pane` (src/trace/page.js).
    PagePane => "{algo}: its program and its data",
        "{algo}：程序与数据";
    /// The page's `masks.note` (src/trace/page.js).
    PageMasksNote => "drawn as the board is, column 0 on the left (bit c is column c; in binary, as the values are written, column 0 is the last digit)",
        "按棋盘的样子画，第 0 列在左边（第 c 位对应第 c 列；写成二进制时第 0 列是最后一位）";
    /// The page's `reads` (src/trace/page.js).
    PageReads => "this step read: {list}",
        "这一步读了：{list}";
    /// The page's `tree` (src/trace/page.js).
    PageTree => "the search tree so far",
        "到这一步为止的搜索树";
    /// The page's `tree.root` (src/trace/page.js).
    PageTreeRoot => "the root: the empty board",
        "根：空棋盘";
    /// The page's `tree.row` (src/trace/page.js): a level of the tree.
    PageTreeRow => "row {r}",
        "第 {r} 行";
    /// The page's `tree-smaller.title` (src/trace/page.js).
    PageTreeSmallerTitle => "zoom the tree out",
        "缩小搜索树";
    /// The page's `tree-larger.title` (src/trace/page.js).
    PageTreeLargerTitle => "zoom the tree in",
        "放大搜索树";
    /// The page's `tree-region.title` (src/trace/page.js): the tree's one key between seen whole and a region.
    PageTreeRegionTitle => "zoom into the region around the current node, and back to the whole tree (z)",
        "放大当前结点周围的一片，再按一次回到整棵树（z）";
    /// The page's `tree.map` (src/trace/page.js): the zoomed tree's map.
    PageTreeMap => "map of the whole drawing: the outline is the part shown; click to go there",
        "整张图的缩略图：框出的是正在显示的部分，点一下就移到那里";
    /// The page's `tree.depth` (src/trace/page.js): a level of a tree whose levels are not rows (cell's, a program's own).
    PageTreeDepth => "queen {d}",
        "第 {d} 个皇后";
    /// The page's `tree.refused` (src/trace/page.js).
    PageTreeRefused => "refused ({r},{c}): {line}",
        "拒绝 ({r},{c})：{line}";
    /// The page's `timeline.label` (src/trace/page.js).
    PageTimelineLabel => "step, along the whole search",
        "步数（整个搜索）";
    /// The page's `legend.queen` (src/trace/page.js).
    PageLegendQueen => "a queen",
        "皇后";
    /// The page's `legend.read` (src/trace/page.js).
    PageLegendRead => "a square or row the check read",
        "检查读过的格子或行";
    /// The page's `legend.flag` (src/trace/page.js).
    PageLegendFlag => "the line of a flag the check read",
        "检查读过的标记所代表的线";
    /// The page's `legend.attack` (src/trace/page.js).
    PageLegendAttack => "the line that refused the square, and the queen on it",
        "拒绝这个格子的线，以及线上的皇后";
    /// The page's `legend.tried` (src/trace/page.js).
    PageLegendTried => "the square of this step",
        "这一步的格子";
    /// The page's `legend.left` (src/trace/page.js).
    PageLegendLeft => "the square a queen just left (backtrack)",
        "皇后刚离开的格子（回溯）";
    /// The page's `no-script` (src/trace/page.js).
    /// The min-conflicts page's title.
    LocalPageTitle => "min-conflicts on the {n}×{n} board, seed {seed}", "{n}×{n} 棋盘上的 min-conflicts，种子 {seed}";
    /// The min-conflicts page's counter of attacking pairs.
    LocalPagePairs => "attacking pairs", "互相攻击的对数";
    /// The min-conflicts page's note under the board.
    LocalPageAbout => "Each row is followed by the number of queens that attack its queen (red when some do); the two queens a swap moved are outlined. → and ← step, space plays.",
        "每行后面的数字是攻击该行皇后的皇后数（有攻击时为红色）；一次交换移动的两个皇后有边框。→ 和 ← 逐步前进后退，空格键播放。";
    PageNoScript => "This page replays the search with JavaScript, which is off here (a course site's preview often blocks it): download the file and open it in a browser.",
        "本页用 JavaScript 回放搜索过程，而这里的 JavaScript 被关掉了（课程网站的预览常常如此）：请下载这个文件，用浏览器打开。";
    /// The page's `word.step` (src/trace/page.js).
    PageWordStep => "one line of `labs trace`: a square refused, a queen placed or removed, or a solution.",
        "`labs trace` 的一行：拒绝一个格子、放下或拿走一个皇后，或者找到一个解。";
    /// The page's `word.nodes` (src/trace/page.js).
    PageWordNodes => "positions of the search tree reached so far: the empty board counts as one, and each queen placed adds one (so one queen makes 2).",
        "到目前为止走到的搜索树结点：空棋盘算一个，每放下一个皇后再加一个（所以放下一个皇后时是 2）。";
    /// The page's `word.depth` (src/trace/page.js).
    PageWordDepth => "queens on the board now: how deep in the search tree the search stands.",
        "棋盘上现有的皇后数，即搜索此刻在搜索树的第几层。";
    /// The page's `word.probes` (src/trace/page.js).
    PageWordProbes => "what the safety checks read, in each variant's own unit: a square, a flag or a mask. Compare counts within a variant; one probe costs different time in different variants.",
        "安全检查读过的东西，按各个实现自己的单位计：一个格子、一个标记或一个掩码。同一个实现内可以比次数；不同实现的一次读取花的时间不同。";
    /// The page's `word.refuse` (src/trace/page.js).
    PageWordRefuse => "a square the check turned down, with the first line it found holding a queen: the check reads the lines in its own order, so two variants can name different lines for one square.",
        "检查拒绝的格子，并说出它最先发现有皇后的那条线：各个检查读线的顺序不同，所以两个实现对同一个格子可能说出不同的线。";
    /// The page's `word.square` (src/trace/page.js).
    PageWordSquare => "(row, col), both counted from 0 like the trace: (0,0) is the top-left square. The numbers around the board say which.",
        "（行，列），与 trace 一样都从 0 开始数：(0,0) 是左上角的格子。棋盘边上的数字标出行号和列号。";
    /// The page's `word.profile` (src/trace/page.js).
    PageWordProfile => "how many queens were placed in each row so far: level 0 is the empty board.",
        "到目前为止每一行放下过多少次皇后：第 0 层是空棋盘。";
    /// The page's `keys` (src/trace/page.js).
    PageKeys => "Keys: → forward, ← back, space play/pause, b and B next and previous backtrack, s and S next and previous solution, ] faster, [ slower, + and − text size, z zoom the tree into a region and back, p the presenter's screen, Home, End, ? the list of keys.",
        "按键：→ 前进，← 后退，空格 播放/暂停，b 和 B 下一次/上一次回溯，s 和 S 下一个/上一个解，] 加快，[ 放慢，+ 和 − 文字大小，z 放大搜索树的一片或回到整棵树，p 讲台模式，Home 开头，End 结尾，? 按键一览。";
    /// The page's `about.vs` (src/trace/page.js).
    PageAboutVs => "Probes are counted in each variant's own unit: compare how many, not how long. Where the two checks name different lines for one square, each names the first line it found taken.",
        "读取次数按各个实现自己的单位计：比的是次数，不是时间。同一个格子，两个检查说出的攻击线可能不同：各自说的是自己最先发现被占的那条线。";
    /// The page's `about.framed` (src/trace/page.js): the one place a page says bordered counts from 1.
    PageAboutFramed => "Squares are (row, col) from 0 everywhere on this page; bordered's document counts its framed board from 1, so its a[i][j] and its calls are shown with the square from 0 beside them: a[1][1] (0,0).",
        "本页的格子一律写成（行，列），从 0 数起；bordered 的文档给带边框的棋盘从 1 编号，所以它的 a[i][j] 和调用旁边都写上从 0 数的格子：a[1][1] (0,0)。";
    /// The page's `tree.about` (src/trace/page.js).
    PageTreeAbout => "The whole search so far, level by level (each level a row, named at the left with the column of the current path), in the search's order: a round node is a queen (its column), a square one a square refused, with the line that refused it (| column, ↘ ↙ diagonals, — row), ★ a solution. A finished subtree is drawn whole while the tree fits its box, and else folded into one node that says how many nodes and solutions it held (37 · 0★), the oldest first; its triangle unfolds (▼) or folds (▲) it. Click a node to go to its step; − and + zoom; ⤢ (z) zooms into the region around the current node, with a map of the whole, and back.",
        "到这一步为止的整个搜索，按层排列（每层一行，左边写着行号和当前路径在这一行的列），按搜索的顺序：圆的结点是皇后（写的是它的列），方的是被拒绝的格子，带上拒绝它的那条线（| 列，↘ ↙ 斜线，— 行），★ 是解。搜完的子树在整棵树放得下时整个画出，放不下就从最早的开始折叠成一个结点，写着它有多少结点和解（37 · 0★）；点它的三角可以展开（▼）或折叠（▲）。点一个结点就跳到它那一步；− 和 + 缩放；⤢（z）放大当前结点周围的一片并给出整棵树的缩略图，再按一次回来。";
    /// The page's `tree.done` (src/trace/page.js).
    PageTreeDone => "({r},{c}): {k} nodes and {s} solutions below, searched",
        "({r},{c})：下面 {k} 个结点、{s} 个解，已搜完";
    /// The page's `tree.summary` (src/trace/page.js): drawn on a folded subtree, its nodes and solutions.
    PageTreeSummary => "{k} · {s}★",
        "{k} · {s}★";
    /// The page's `tree.group` (src/trace/page.js): the siblings tried before the latest, drawn as one node.
    PageTreeGroup => "row {r}, columns {c0} to {c1}, tried before: {k} nodes and {s} solutions",
        "第 {r} 行第 {c0} 到 {c1} 列，之前试过：{k} 个结点、{s} 个解";
    /// The page's `tree.pruned` (src/trace/page.js): how much a refusal pruned, in a stub's title.
    PageTreePruned => "— it spared the {k} positions a search without checks would visit below it",
        "——它省掉了不做检查的搜索在它下面会走的 {k} 个位置";
    /// The page's `timeline` (src/trace/page.js).
    PageTimeline => "The whole search: green triangles, solutions; grey bars, backtracks; drag the slider under them to move.",
        "整个搜索：绿色三角是解，灰色竖条是回溯；拖动下面的滑块可跳转。";
    /// The page's `timeline.vs` (src/trace/page.js).
    PageTimelineVs => "The whole search: green triangles, solutions; grey bars, backtracks; lines, each variant's probes so far (solid the first, dashed the second); drag the slider under them to move.",
        "整个搜索：绿色三角是解，灰色竖条是回溯；两条线是各实现累计的读取次数（实线是第一个，虚线是第二个）；拖动下面的滑块可跳转。";
    /// The page's `legend.frame` (src/trace/page.js).
    PageLegendFrame => "the frame around bordered's board (read as the end of a walk)",
        "bordered 棋盘外的边框（走到它就停）";
    /// The page's `smaller.title` (src/trace/page.js).
    PageSmallerTitle => "smaller text (−)",
        "缩小文字（−）";
    /// The page's `larger.title` (src/trace/page.js).
    PageLargerTitle => "larger text (+)",
        "放大文字（+）";
    /// The page's `help.title` (src/trace/page.js).
    PageHelpTitle => "the list of keys (?)",
        "按键一览（?）";
    /// The page's `prev-backtrack.title` (src/trace/page.js).
    PagePrevBacktrackTitle => "to the previous backtrack (B)",
        "到上一次回溯（B）";
    /// The page's `prev-solution.title` (src/trace/page.js).
    PagePrevSolutionTitle => "to the previous solution (S)",
        "到上一个解（S）";
    /// The page's `faster.title` (src/trace/page.js).
    PageFasterTitle => "play faster (])",
        "播放加快（]）";
    /// The page's `slower.title` (src/trace/page.js).
    PageSlowerTitle => "play slower ([)",
        "播放放慢（[）";
    /// The page's `key-list` (src/trace/page.js).
    PageKeyList => "Keys",
        "按键";
    /// The page's `fine` button (src/trace/page.js): every check a sub-step.
    PageFine => "checks",
        "逐项检查";
    /// The page's `fine.title` (src/trace/page.js).
    PageFineTitle => "every check a step of its own, and the call stack (f)",
        "每项检查单独一步，并显示调用栈（f）";
    /// The page's `presenter.title` (src/trace/page.js): the one key to the presenter's screen and back.
    PagePresenterTitle => "the presenter's screen: board, caption, code, call stack and the tree's path, large, on one screen, and back (p)",
        "讲台模式：棋盘、说明、代码、调用栈和搜索树的路径放大在同一屏上，再按一次回来（p）";
    /// The page's `tree.path` (src/trace/page.js): the tree's path from the root to the step's node.
    PageTreePath => "path: {path}",
        "路径：{path}";
    /// The page's `quiz-mode.title` (src/trace/page.js): the quiz's one key.
    PageQuizModeTitle => "a quiz: before a refusal or a backtrack is shown, the page asks about it (q)",
        "小测验：在显示拒绝或回溯之前，网页先提问（q）";
    /// The page's `quiz.line` (src/trace/page.js): the quiz's question before a refusal.
    PageQuizLine => "Which line refuses ({r},{c})?",
        "哪条线拒绝了 ({r},{c})？";
    /// The page's `quiz.below` (src/trace/page.js): the quiz's question before a backtrack.
    PageQuizBelow => "The queen at ({r},{c}) is taken off: how many nodes were searched below it?",
        "({r},{c}) 上的皇后要拿走了：它下面搜过多少个结点？";
    /// The page's `quiz.right` (src/trace/page.js).
    PageQuizRight => "Right: {answer}.",
        "答对了：{answer}。";
    /// The page's `quiz.wrong` (src/trace/page.js).
    PageQuizWrong => "Not this time: it was {answer}.",
        "不对：答案是 {answer}。";
    /// The page's `check` caption (src/trace/page.js): sub-step k of m of the next step.
    PageCheck => "check {k} of {m} for ({r},{c}): reads {read}",
        "检查 ({r},{c}) 的第 {k} 项（共 {m} 项）：读 {read}";
    /// The page's `stack` heading (src/trace/page.js).
    PageStack => "call stack",
        "调用栈";
    /// The page's `stack.more` (src/trace/page.js): outer frames not shown.
    PageStackMore => "… {k} calls above",
        "……上面还有 {k} 层调用";
    /// The page's `stack.read` (src/trace/page.js): what the checking frame read so far, with the values.
    PageStackRead => "read: {list}",
        "读了：{list}";
    /// The page's `key-list.close` (src/trace/page.js).
    PageKeyListClose => "? or Esc closes this list; the keys work whatever has focus.",
        "按 ? 或 Esc 关闭此列表；无论焦点在哪里，这些按键都有效。";
    /// The page's `read.twice` (src/trace/page.js): a check that read some places twice each.
    PageReadTwice => "read {count} ({distinct} different, {again} of them twice)",
        "读了 {count}（其中 {distinct} 个不同，{again} 个读了两次）";
    /// The page's `read.again` (src/trace/page.js): a check that read some place three times or more.
    PageReadAgain => "read {count} ({distinct} different, {again} of them more than once)",
        "读了 {count}（其中 {distinct} 个不同，{again} 个读了不止一次）";
    /// The page's `legend.twice` (src/trace/page.js).
    PageLegendTwice => "a square the check read more than once in one step (×2: twice)",
        "一步之内检查读了不止一次的格子（×2：读了两次）";
    /// The page's `reject.own` (src/trace/page.js): a `reject R C` the program wrote.
    PageRejectOwn => "refuse ({r},{c}): your check said no",
        "拒绝 ({r},{c})：你的检查不让放";
    /// The page's `line.r` (src/trace/page.js): the line of a refusal the program wrote, which it does not name.
    PageLineR => "your check",
        "你的检查";
    /// The page's `source.none` (src/trace/page.js): `--own -- CMD` or a folder, no one source file.
    PageSourceNone => "No source to show: the program was given as a command or a folder, not as one source file (labs trace --own FILE --html PAGE shows the line each event's @LINE names).",
        "没有源代码可显示：程序是以命令或文件夹给出的，而不是一个源文件（labs trace --own FILE --html PAGE 会点亮每个事件的 @LINE 所指的那一行）。";
    /// The page's `about.own` (src/trace/page.js).
    PageAboutOwn => "Each step is a line your program wrote on stderr (place, remove, reject); its lit line is the one the event's @LINE names.",
        "每一步都是你的程序在 stderr 上写的一行（place、remove、reject）；点亮的是该事件的 @LINE 所指的那一行。";
    /// The page's `about.own.vs` (src/trace/page.js).
    PageAboutOwnVs => "Each step is a line your program wrote on stderr; the variant beside it keeps pace, place for place and remove for remove (its refusals in between), over a tree of its own. The first step where the two part is marked on both trees and on the timeline (d goes there).",
        "每一步都是你的程序在 stderr 上写的一行；旁边的实现与它同步，放下对放下，拿走对拿走（中间是它的拒绝），走它自己的那棵树。两者第一次分开的那一步，在两棵树和时间轴上都有标记（按 d 跳过去）。";
    /// The page's `tree.vs` heading (src/trace/page.js): the variant's own tree under `--own --vs`.
    PageTreeVs => "{algo}'s search tree",
        "{algo} 的搜索树";
    /// The page's `differs` (src/trace/page.js): the mark of the first difference, K counting places and removes.
    PageDiffers => "the first difference (step {k}, counting places and removes)",
        "第一处不同（第 {k} 步，只数放下和拿走）";
    /// The page's `difference` button (src/trace/page.js).
    PageDifference => "first difference",
        "第一处不同";
    /// The page's `difference.title` (src/trace/page.js).
    PageDifferenceTitle => "to the first step where your search leaves the variant's (d)",
        "到你的搜索第一次离开该实现的那一步（d）";
    /// The page's `timeline.own` (src/trace/page.js).
    PageTimelineOwn => "Your program's whole search: green triangles, solutions; grey bars, backtracks; the red line, the first difference; drag the slider under them to move.",
        "你的程序的整个搜索：绿色三角是解，灰色竖条是回溯，红线是第一处不同；拖动下面的滑块可跳转。";
    /// The page's `legend.differs` (src/trace/page.js).
    PageLegendDiffers => "the first step where your search leaves the variant's",
        "你的搜索第一次离开该实现的那一步";
    // ── --help: what each command and flag is for (src/flags/mod.rs, `localized`) ───────────────────
    // A command's text is its long about: the first paragraph, less its final stop, is its short
    // about. A flag's text is its help as `-h` and `--help` both show it.
    /// `labs --help`: what the toolkit is.
    HelpLabs => "The N-Queens backtracking lab: five textbook variants and a bitboard one, side by side.\n\nEvery variant finds the same solutions in the same order; they differ in the data structure they keep and in what one safety check costs. Start with `labs list`.",
        "N 皇后回溯实验：五个教材实现和一个位棋盘实现，并排对照。\n\n每个实现都以相同的顺序找到相同的解；它们的不同在于所用的数据结构，以及一次安全检查的代价。从 `labs list` 开始。";
    /// Under `labs --help`: where the Chinese sheets are (said in Chinese in both languages).
    HelpLabsAfter => "中文讲义：labs lab --lang zh 列出全部讲义，labs lab --lang zh intro 从导论读起。",
        "讲义：labs lab 列出全部讲义，labs lab intro 从导论读起；英文版加 --lang en。";
    /// `--lang`.
    HelpLang => "The language of the sheets, the reports and the messages [default: from LC_ALL, LC_MESSAGES or LANG; zh… is Chinese]",
        "讲义、报告和消息所用的语言［默认：取自 LC_ALL、LC_MESSAGES 或 LANG；zh… 即中文］";
    /// `--lang en`.
    HelpLangEn => "English", "英文（English）";
    /// `--lang zh`.
    HelpLangZh => "中文 (Chinese)", "中文";
    /// `--color`.
    HelpColor => "When to colour the output: auto (a terminal, unless NO_COLOR, CLICOLOR=0 or TERM=dumb say otherwise; CLICOLOR_FORCE colours a pipe too), always or never",
        "何时给输出上色：auto（终端上色，除非 NO_COLOR、CLICOLOR=0 或 TERM=dumb 另有要求；CLICOLOR_FORCE 连管道也上色）、always 或 never";
    /// `-V`, `--version`.
    HelpVersion => "Print version (`--version`: also the commit, the target and what was found here)",
        "打印版本（`--version` 还会列出提交、目标平台和在本机找到的东西）";
    /// `-h`, `--help`, as `-h` shows it.
    HelpHelpShort => "Print help (see more with '--help')", "打印帮助（`--help` 显示更多）";
    /// `-h`, `--help`, as `--help` shows it.
    HelpHelpLong => "Print help (see a summary with '-h')", "打印帮助（`-h` 只显示摘要）";
    /// `labs help`.
    HelpHelpCommand => "Print this message or the help of the given subcommand(s)", "打印本帮助，或所给子命令的帮助";
    /// `labs help`'s argument.
    HelpHelpCommandArg => "Print help for the subcommand(s)", "要打印其帮助的子命令";
    /// `labs run`.
    HelpRun => "Print every solution for one board size, in any document's format.\n\nFind all solutions of one board size with one variant, and print them.",
        "打印一个棋盘大小的全部解，可用任一文档的格式。\n\n用一个实现找出一个棋盘大小的全部解，并打印出来。";
    /// Under `labs run --help`.
    HelpRunAfter => "Examples:\n  labs run 6\n  labs run --algo cell --first 1 --stats 8\n  echo 8 | labs run --count\n  echo 6 | labs run --format pta",
        "示例：\n  labs run 6\n  labs run --algo cell --first 1 --stats 8\n  echo 8 | labs run --count\n  echo 6 | labs run --format pta";
    /// `--algo` of `run` and `interactive`.
    HelpAlgoSearches => "The variant that searches", "进行搜索的实现";
    /// `labs run --format`.
    HelpRunFormat => "How to print the solutions (a format, or the judge whose format it is: pta, acwing, bailian)",
        "解的打印格式（格式名，或使用该格式的评测网站名：pta、acwing、bailian）";
    /// `labs run --count`.
    HelpRunCount => "Print only the number of solutions", "只打印解的个数";
    /// `labs run --first`.
    HelpRunFirst => "Stop the search itself after K solutions", "找到 K 个解后就停止搜索";
    /// `labs run --stats`: `nodes` is [`Key::NodeIs`].
    HelpRunStats => "Also print nodes, probes, solutions and elapsed time, on stderr ({nodes}).",
        "另在 stderr 上打印结点数、读取次数、解的个数和耗时（{nodes}）。";
    /// What a node is, wherever a count of nodes is explained.
    NodeIs => "a node is a position of the search tree, the empty board included: queens placed + 1",
        "结点是搜索树中的一个局面，空棋盘也算一个：放下的皇后数 + 1";
    /// A board-size argument: its limit, the limit's `why`, then `after`.
    HelpBoardSize => "Board size, from {min} to {max} ({why}). {after}", "棋盘大小，从 {min} 到 {max}（{why}）。{after}";
    /// After [`Key::HelpBoardSize`] where the size may come from stdin.
    HelpFromStdin => "Without it, one whole number is read from stdin.", "不给出时，从 stdin 读入一个整数。";
    /// After [`Key::HelpBoardSize`] for `labs count`.
    HelpCountFromStdin => "Without it (and without `--sum`), one whole number is read from stdin.",
        "不给出时（且没有 `--sum`），从 stdin 读入一个整数。";
    /// `labs list`.
    HelpList => "Show the six variants side by side, with their work at n = 8.\n\nShow the variants side by side: document, data structure, check cost, work at n = 8.",
        "并排列出六个实现，以及它们在 n = 8 时的工作量。\n\n并排列出各个实现：文档、数据结构、一次检查的代价、n = 8 时的工作量。";
    /// `labs trace`.
    HelpTrace => "Follow one variant's search step by step.\n\nFollow one variant's search step by step: squares refused and why, queens placed and removed.",
        "一步一步跟踪一个实现的搜索。\n\n一步一步跟踪一个实现的搜索：哪些格子被拒绝、为什么，皇后何时放下、何时拿走。";
    /// Under `labs trace --help`.
    HelpTraceAfter => "Examples:\n  labs trace 4\n  labs trace --algo naive --max-steps 20 8\n  labs trace --algo cell --boards 4\n  labs trace --animate --delay 100 6\n  labs trace --summary --algo kruse 8\n  diff <(labs trace --tree --algo naive 6) <(labs trace --tree --algo row 6) && echo same tree\n  labs trace --html row6.html 6\n  labs trace --html naive-vs-row.html --algo naive --vs row 6\n  labs trace --own queens.c 6\n  labs trace --own queens.py --from 1 --vs cell 5\n  labs trace --own 6 -- ./queens\n  labs trace --algo min-conflicts --seed 2 --boards 8",
        "示例：\n  labs trace 4\n  labs trace --algo naive --max-steps 20 8\n  labs trace --algo cell --boards 4\n  labs trace --animate --delay 100 6\n  labs trace --summary --algo kruse 8\n  diff <(labs trace --tree --algo naive 6) <(labs trace --tree --algo row 6) && echo 搜索树相同\n  labs trace --html row6.html 6\n  labs trace --html naive-vs-row.html --algo naive --vs row 6\n  labs trace --own queens.c 6\n  labs trace --own queens.py --from 1 --vs cell 5\n  labs trace --own 6 -- ./queens\n  labs trace --algo min-conflicts --seed 2 --boards 8";
    /// `labs trace --algo`.
    HelpTraceAlgo => "The variant whose search is traced, or min-conflicts: local search, its repairs traced", "要跟踪其搜索的实现，或者 min-conflicts：跟踪局部搜索的每一步修补";
    /// `labs trace --seed`.
    HelpTraceSeed => "The seed of --algo min-conflicts: the same seed, the same moves", "--algo min-conflicts 的随机种子：种子相同，每一步也相同";
    /// `labs trace --max-steps`.
    HelpTraceMaxSteps => "Stop after K steps (squares refused, queens placed or removed, solutions), and say so",
        "走完 K 步（拒绝格子、放下或拿走皇后、找到解）后停止，并说明已停止";
    /// `labs trace --tree`.
    HelpTraceTree => "Print only the search tree (place, remove, solution): variants that walk the same tree print the same bytes, so `diff` can compare them",
        "只打印搜索树（放下、拿走、解）：走同一棵树的实现打印出相同的字节，可以用 `diff` 比较";
    /// `labs trace --summary`: `nodes` is [`Key::NodeIs`].
    HelpTraceSummary => "Print only the closing tally: solutions, nodes, probes and nodes per level ({nodes}).",
        "只打印最后的统计：解、结点、读取次数和每层的结点数（{nodes}）。";
    /// `labs trace --boards`.
    HelpTraceBoards => "Draw the board after each queen placed or removed", "每放下或拿走一个皇后后画出棋盘";
    /// `labs trace --animate`.
    HelpTraceAnimate => "Redraw the board in place at each step on a terminal (elsewhere, and with TERM=dumb, the same as --boards)",
        "在终端上每一步都原地重画棋盘（不在终端上或 TERM=dumb 时，与 --boards 相同）";
    /// `labs trace --delay`.
    HelpTraceDelay => "Milliseconds to wait after each frame of --animate, from 0 to 10000 [default: 300]",
        "--animate 每画一帧后等待的毫秒数，从 0 到 10000［默认：300］";
    /// `labs trace --json`.
    HelpTraceJson => "Print one JSON object per step: the step, what its check read and the pseudocode line each read was examined on, the line of the variant's pseudocode the step stands on, the call stack, the search-tree node, and the values of the variant's structures after it",
        "每一步打印一个 JSON 对象：这一步、它的检查读了什么以及每次读在伪代码的哪一行检查、这一步所在的伪代码行、调用栈、搜索树结点，以及这一步之后实现的各个数据结构的值";
    /// `labs trace --html`.
    HelpTraceHtml => "Write the trace to FILE as one web page that replays it, offline; `FILE#step=K` opens it at step K. With --own, the page of your program's run: your source beside it, each event's @LINE lit, and with --vs the variant stepping with it, the first difference marked",
        "把跟踪写进 FILE，成为一个可离线回放的网页；`FILE#step=K` 从第 K 步打开。与 --own 一起用时，是你的程序那次运行的网页：旁边是你的源代码，点亮每个事件的 @LINE；加上 --vs 时，该实现与它一起前进，并标出第一处不同";
    /// `labs trace --vs`.
    HelpTraceVs => "On the page, show this variant beside --algo, both moving over the same tree (not cell); with --own, compare your search with this variant only",
        "在网页上把这个实现与 --algo 并排显示，二者在同一棵树上移动（cell 除外）；与 --own 一起用时，只拿你的搜索和这个实现比较";
    /// `labs trace --own`.
    HelpTraceOwn => "Trace your own program's search: FILE is a source file or folder, built and run as `labs judge` does, with N on stdin (or give the program after `--`). It writes `place R C` and `remove R C` (and, if it likes, `reject R C`) on stderr, one a line, each maybe ending in ` @LINE`; the trace shows its search and the first step where it leaves the nearest variant's, and why",
        "跟踪你自己的程序的搜索：FILE 是源文件或文件夹，像 `labs judge` 那样编译和运行，stdin 给出 N（或者把程序写在 `--` 之后）。程序在 stderr 上每行写一个 `place R C` 和 `remove R C`（愿意的话还有 `reject R C`），每行末尾可加 ` @LINE`；跟踪显示它的搜索，以及它第一次离开最接近的实现的那一步和原因";
    /// `labs trace --from`.
    HelpTraceFrom => "With --own: the program counts rows and columns from K, 0 or 1 [default: 0]",
        "与 --own 一起用：程序的行和列从 K 数起，0 或 1［默认：0］";
    /// `labs trace -- CMD`.
    HelpTraceCommand => "With --own: a program already built, and its arguments, run instead of building FILE",
        "与 --own 一起用：一个已经编译好的程序及其参数，代替编译 FILE";
    /// `labs lab`.
    HelpLab => "Print a lab sheet: one per variant, an introduction, a comparison.\n\nPrint a lab sheet: what a variant teaches, how to run it, questions, its document's pitfalls.",
        "打印一份实验讲义：每个实现一份，另有导论和对比。\n\n打印一份实验讲义：一个实现教什么、怎样运行、思考题，以及它的文档里的易错点。";
    /// Under `labs lab --help`.
    HelpLabAfter => "Examples:\n  labs lab\n  labs lab intro\n  labs lab naive | less\n  labs lab --lang zh row",
        "示例：\n  labs lab\n  labs lab intro\n  labs lab naive | less\n  labs lab --lang en row";
    /// `labs lab NAME`.
    HelpLabName => "The sheet, by name or by number in reading order (`labs lab 1` is naive). Without it, the list",
        "讲义，用名字或阅读顺序中的编号指定（`labs lab 1` 即 naive）。不给出时列出全部讲义";
    /// `labs lab --no-pager`.
    HelpLabNoPager => "On a terminal, print the rendered sheet whole rather than through a pager ($PAGER, else `less -R`) when it is longer than the screen",
        "在终端上，讲义比一屏长时也整份打印，而不经过分页程序（$PAGER，否则 `less -R`）";
    /// `labs verify`.
    HelpVerify => "Check every variant against OEIS, against row's order, and one by one.\n\nCheck every variant: counts against OEIS, streams against row's, each solution on its own.",
        "检查每个实现：对照 OEIS、对照 row 的顺序，并逐个检查每个解。\n\n检查每个实现：解的个数对照 OEIS，解的序列对照 row 的序列，每个解单独检查。";
    /// Under `labs verify --help`.
    HelpVerifyAfter => "Examples:\n  labs verify\n  labs verify --max 12 --algo naive,row,bits\n\nExit status 1 if any check fails; the first mismatch is named on stderr.",
        "示例：\n  labs verify\n  labs verify --max 12 --algo naive,row,bits\n\n任何一项检查不通过时退出码为 1；第一处不符在 stderr 上指出。";
    /// `labs verify --max`.
    HelpVerifyMax => "Check every board size from {min} to N, at most {max} ({why}).", "检查从 {min} 到 N 的每个棋盘大小，N 至多为 {max}（{why}）。";
    /// `labs verify --budget`.
    HelpVerifyBudget => "Seconds the whole check may take: it stops before the sizes predicted to take longer, and says how long they would need",
        "整个检查可用的秒数：预计会超时的大小不再检查，并说明它们需要多久";
    /// `--algo` of `verify`, `bench`.
    HelpAlgoList => "The variants to check, separated by commas [default: all six]", "要检查的实现，用逗号分隔［默认：全部六个］";
    /// `labs bench --algo`.
    HelpBenchAlgo => "The variants to compare, separated by commas [default: all six]", "要比较的实现，用逗号分隔［默认：全部六个］";
    /// `labs count`.
    HelpCount => "Count the solutions fast: bitboards, symmetry, every core.\n\nCount the solutions fast: bitboards, one board per symmetry class, every core.",
        "快速数出解的个数：位棋盘、对称性、所有处理器核心。\n\n快速数出解的个数：位棋盘，每个对称类只搜一个棋盘，用上所有处理器核心。";
    /// Under `labs count --help`.
    HelpCountAfter => "Examples:\n  labs count 16\n  labs count --unique --stats 17\n  labs count --shard 3/8 20 > shard-3.txt\n  labs count --sum shard-*.txt",
        "示例：\n  labs count 16\n  labs count --unique --stats 17\n  labs count --shard 3/8 20 > shard-3.txt\n  labs count --sum shard-*.txt";
    /// `labs count --threads`.
    HelpCountThreads => "Worker threads (default: one per core); the count is the same for any number",
        "工作线程数（默认：每个核心一个）；线程数不影响计数结果";
    /// `labs count --unique`.
    HelpCountUnique => "Also print the number of solutions distinct up to rotation and reflection (OEIS A002562)",
        "另外打印旋转和翻转意义下不同的解的个数（OEIS A002562）";
    /// `labs count --no-symmetry`.
    HelpCountNoSymmetry => "Search every board instead of one per symmetry class: several times slower, a cross-check",
        "搜索每一个棋盘，而不是每个对称类只搜一个：慢好几倍，用作交叉验证";
    /// `labs count --stats`.
    HelpCountStats => "Also print nodes, time and nodes per second, on stderr. A node is a position of the search visited, the empty board included, as in `labs run --stats`: with `--no-symmetry` exactly those of `bits`; with symmetry the last three rows are counted from a table without being visited, and their queens are not nodes",
        "另在 stderr 上打印结点数、耗时和每秒结点数。结点是搜索走到的一个局面，空棋盘也算，与 `labs run --stats` 相同：加 `--no-symmetry` 时恰好等于 `bits` 的结点数；利用对称性时最后三行查表计数而不走到，那里的皇后不算结点";
    /// `labs count --shard`.
    HelpCountShard => "Count only slice I of M of the work and print it as one line for `--sum`",
        "只数 M 份工作中的第 I 份，并打印成一行，供 `--sum` 相加";
    /// `labs count --sum`.
    HelpCountSum => "Add up the shard lines in FILES (or on stdin) and print the whole count",
        "把 FILES（或 stdin）中的分片行加起来，打印总数";
    /// `labs solve`.
    HelpSolve => "Find one solution, for boards far past backtracking: a formula, local search, or a completion.\n\nFind one solution: by an explicit construction (every n from 4, in O(n)), by min-conflicts local search, or by completing queens you give (a backtracking search that finds a completion or proves there is none). Exits 1 with one line when there is no solution.",
        "只找一个解，棋盘可以远大于回溯能处理的：公式、局部搜索或补全。\n\n只找一个解：用显式构造（n 从 4 起的每个大小，O(n)）、min-conflicts 局部搜索，或者补全你给定的皇后（回溯搜索，找到一种补全，或证明不存在）。没有解时打印一行说明并以 1 退出。";
    /// Under `labs solve --help`.
    HelpSolveAfter => "Examples:\n  labs solve 8\n  labs solve --method min-conflicts --seed 7 1000000 | labs check\n  labs solve --given 0,0 --given 1,2 4\n  labs solve --format spaced 8",
        "示例：\n  labs solve 8\n  labs solve --method min-conflicts --seed 7 1000000 | labs check\n  labs solve --given 0,0 --given 1,2 4\n  labs solve --format spaced 8";
    /// `labs solve --method`.
    HelpSolveMethod => "How to find it [default: construct; backtrack when queens are given]",
        "找解的方法［默认：construct；给定了皇后时为 backtrack］";
    /// `labs solve --given`.
    HelpSolveGiven => "A queen that must stay, at row R and column C counted from 0 (repeat for more): the board is completed around them",
        "必须保留的皇后，位于第 R 行第 C 列（从 0 数起；可重复给出多个）：在它们周围补全棋盘";
    /// `labs solve --seed`.
    HelpSolveSeed => "Min-conflicts' random seed: the same seed gives the same solution",
        "min-conflicts 的随机种子：种子相同，解也相同";
    /// `labs solve --format`.
    HelpSolveFormat => "How to write it: `cols`, one 0-based column a line (what `labs check` reads), or a document's board (n up to {max})",
        "输出方式：`cols`，每行一个从 0 数起的列号（`labs check` 读的就是它），或者某篇文档的棋盘（n 不超过 {max}）";
    /// `labs solve --stats`.
    HelpSolveStats => "Also print the work on stderr: min-conflicts' starts and swaps, or the queens the completion search placed",
        "另在 stderr 上打印工作量：min-conflicts 的开局次数和交换次数，或补全搜索放下的皇后数";
    /// `labs solve N`.
    HelpSolveN => "Board size: up to {built} by construction, {repaired} by min-conflicts, {board} by backtracking",
        "棋盘大小：构造法最大 {built}，min-conflicts 最大 {repaired}，回溯最大 {board}";
    /// `labs check`.
    HelpCheck => "Check that a board is a solution, in O(n), naming the first two queens that attack each other.\n\nCheck that a board is a solution, in O(n) time: one 0-based column a line (as `labs solve` writes), or boards in any of the documents' formats. Exits 0 for a solution, 1 naming the first attacking pair (row,col) as the trace counts them, 2 for input that is no board.",
        "检查一个棋盘是不是解，O(n)，并指出第一对互相攻击的皇后。\n\n用 O(n) 时间检查一个棋盘是不是解：每行一个从 0 数起的列号（`labs solve` 的输出），或者任一文档格式的棋盘。是解时以 0 退出；不是解时以 1 退出，并按跟踪的数法（从 0 数起的行和列）指出第一对互相攻击的皇后；输入不是棋盘时以 2 退出。";
    /// Under `labs check --help`.
    HelpCheckAfter => "Examples:\n  labs solve 1000 | labs check\n  labs run --format spaced --first 1 8 | labs check\n  labs check solution.txt",
        "示例：\n  labs solve 1000 | labs check\n  labs run --format spaced --first 1 8 | labs check\n  labs check solution.txt";
    /// `labs check FILE`.
    HelpCheckFile => "The file to check; stdin without it or with `-`. Columns up to {max} rows",
        "要检查的文件；不给或给 `-` 时读 stdin。列号格式最多 {max} 行";
    /// `labs bench`.
    HelpBench => "Time the variants side by side, with their work: table, exports, plot.\n\nTime the variants side by side, with the work they do: table, exports, plot.",
        "并排计时各个实现，连同工作量：表格、导出、图。\n\n并排计时各个实现，连同它们所做的工作：表格、导出文件、图。";
    /// Under `labs bench --help`.
    HelpBenchAfter => "Examples:\n  labs bench\n  labs bench --algo row,bits --n 8..=14 --runs 20\n  labs bench --n 6..9 --runs 3 --export-markdown bench.md --plot bench.svg\n  labs bench --n 8 --export-json - > bench.json",
        "示例：\n  labs bench\n  labs bench --algo row,bits --n 8..=14 --runs 20\n  labs bench --n 6..9 --runs 3 --export-markdown bench.md --plot bench.svg\n  labs bench --n 8 --export-json - > bench.json";
    /// `labs bench --n`.
    HelpBenchN => "Board sizes: `8`, `4..12` (12 excluded), `4..=12`, `4,6,8`, or `4..` (as far as the budget allows)",
        "棋盘大小：`8`、`4..12`（不含 12）、`4..=12`、`4,6,8`，或 `4..`（在时间预算内尽量往大）";
    /// `labs bench --runs`.
    HelpBenchRuns => "Timed runs per cell (one variant at one n); the table shows their median",
        "每格（一个实现在一个 n 上）计时运行的次数；表中给出中位数";
    /// `labs bench --warmup`.
    HelpBenchWarmup => "Untimed runs per cell before the timed ones", "每格在计时运行之前不计时运行的次数";
    /// `labs bench --budget`.
    HelpBenchBudget => "Seconds one cell may take: a variant whose next cell is predicted to take longer stops",
        "一格可用的秒数：预计下一格会超时的实现就此停止";
    /// `labs bench --reference`.
    HelpBenchReference => "Compare every cell with this variant at the same n (default: the fastest there)",
        "每一格都与这个实现在同一 n 上比较（默认：该 n 上最快的实现）";
    /// `--export-markdown`.
    HelpExportMarkdown => "Also write the table as Markdown to F (`-` for stdout, in place of the table)",
        "另把表格以 Markdown 写入 F（`-` 表示 stdout，代替表格）";
    /// `--export-csv`.
    HelpExportCsv => "Also write every row as CSV to F (`-` for stdout, in place of the table)",
        "另把每一行以 CSV 写入 F（`-` 表示 stdout，代替表格）";
    /// `--export-json`.
    HelpExportJson => "Also write everything, every run's time included, as JSON to F (`-` for stdout)",
        "另把全部内容（包括每次运行的时间）以 JSON 写入 F（`-` 表示 stdout）";
    /// `--plot`.
    HelpPlot => "Draw the times against n, on a log scale, as a picture in F: SVG, or PNG when F ends in `.png` (`-` for stdout, as SVG)",
        "以对数刻度画出时间随 n 的变化，存为图片 F：SVG，F 以 `.png` 结尾时为 PNG（`-` 表示 stdout，为 SVG）";
    /// `labs interactive`.
    HelpInteractive => "Run document 004's question-and-answer session.\n\nDocument 004's session: ask for a size, print its boards and their number, ask to go on.",
        "运行文档 004 的问答程序。\n\n文档 004 的问答：询问棋盘大小，打印它的所有棋盘和个数，再问是否继续。";
    /// Under `labs interactive --help`.
    HelpInteractiveAfter => "Answer `y` to go on; any other answer, or the end of input, ends the session.\n\nExamples:\n  labs interactive\n  printf '4\\ny\\n6\\nn\\n' | labs interactive --algo bits",
        "回答 `y` 继续；其他回答或输入结束都会结束问答。\n\n示例：\n  labs interactive\n  printf '4\\ny\\n6\\nn\\n' | labs interactive --algo bits";
    /// `labs interactive --max-size`.
    HelpInteractiveMaxSize => "Largest board size accepted, from {min} to {max} ({why}); the document's is {document}.",
        "接受的最大棋盘大小，从 {min} 到 {max}（{why}）；文档中是 {document}。";
    /// `labs judge`.
    HelpJudge => "Judge your own program like an online judge, on your machine.\n\nJudge your own program like an online judge: run it for each n and compare its output.",
        "在自己的机器上，像在线评测网站那样评测自己的程序。\n\n像在线评测网站那样评测自己的程序：对每个 n 运行它，并比较它的输出。";
    /// Under `labs judge --help`.
    HelpJudgeAfter => "Verdicts: AC Accepted, PE Presentation Error, WA Wrong Answer, TLE Time Limit Exceeded,\nMLE Memory Limit Exceeded, OLE Output Limit Exceeded, RE Runtime Error, CE Compile Error;\nwith --lang zh (or a Chinese locale) PTA's names: 答案正确, 格式错误, 答案错误, 运行超时,\n内存超限, 输出超限, 段错误, 浮点错误, 非零返回, 编译错误, and 部分正确 for a partial score.\nEach format is judged by its judge's own rules (docs/judge.md); --strict compares bytes.\nA source file (.c, .cpp, .py, .java, .rs) is built first, as judges build it.\nExit status 0 only when every n is accepted.\n\nExamples:\n  labs judge --format acwing queens.cpp\n  labs judge --format acwing -- ./a.out\n  labs judge --format pta --n 1..=12 --time-limit 1 -- python3 queens.py\n  labs judge --format leetcode --lang zh Solution.java\n  labs judge --format bailian --n 6 -- ./bailian2698",
        "评测结果（PTA 的叫法）：答案正确、格式错误、答案错误、运行超时、内存超限、输出超限、段错误、浮点错误、非零返回、编译错误，部分得分时为部分正确；英文（--lang en）用 AC、PE、WA、TLE、MLE、OLE、RE、CE。每种格式按其评测网站自己的规则评判（docs/zh/judge.md）；--strict 逐字节比较。源文件（.c、.cpp、.py、.java、.rs）先像评测网站那样编译。只有每个 n 都通过时退出码才是 0。\n\n示例：\n  labs judge --format acwing queens.cpp\n  labs judge --format acwing -- ./a.out\n  labs judge --format pta --n 1..=12 --time-limit 1 -- python3 queens.py\n  labs judge --format leetcode Solution.java\n  labs judge --format bailian --n 6 -- ./bailian2698";
    /// `--format` of `judge` (`grade`'s is [`Key::HelpGradeFormats`]).
    HelpJudgeFormat => "The format (and so the judge) the program's output must match: a format, or a judge's name (pta, acwing, bailian), in any case",
        "程序的输出必须符合的格式（也就决定了评测规则）：格式名，或评测网站名（pta、acwing、bailian），大小写均可";
    /// `--n` of `judge` and `grade`.
    HelpJudgeN => "Board sizes to test, like `1..=9`, `4..8` or `4,6,8`, from {min} to {max} (with --format one, to {one}) [default: the judge's own range; for framed and bailian, whose programs read no input, the one size K the program was built for, 8 by default]",
        "要测试的棋盘大小，如 `1..=9`、`4..8` 或 `4,6,8`，从 {min} 到 {max}（用 --format one 时可到 {one}）［默认：评测网站自己的范围；framed 和 bailian 的程序不读输入，只测程序编译时定下的那个大小 K，默认为 8］";
    /// `--time-limit` of `judge` and `grade`: `presets` lists the judges' own limits.
    HelpJudgeTimeLimit => "Time limit per run, in seconds (at most an hour): CPU time of all its processes, with a wall-clock bound of twice it and 1 s; wall time on the portable backend [default: the judge's own: {presets}]",
        "每次运行的时间限制，单位为秒（至多一小时）：它所有进程的 CPU 时间，另有两倍于它再加 1 s 的墙钟时间上限；可移植后端上为墙钟时间［默认：评测网站自己的：{presets}］";
    /// `--memory-limit` of `judge` and `grade`.
    HelpJudgeMemoryLimit => "Memory limit, in MiB: per process as address space (RLIMIT_AS; Java: -Xmx), and for the run's processes together where a memory cgroup can be had; 0 for none, at most {max} [default: the judge's own, as for --time-limit]",
        "内存限制，单位为 MiB：每个进程的地址空间（RLIMIT_AS；Java 为 -Xmx），能用内存 cgroup 时还限制这次运行的所有进程合计；0 表示不限，至多 {max}［默认：评测网站自己的，同 --time-limit］";
    /// `--output-limit`.
    HelpJudgeOutputLimit => "Output cap per run, in bytes (stderr has its own) [default: 16 MiB or 4× the expected output]",
        "每次运行的输出上限，单位为字节（stderr 另有上限）［默认：16 MiB 或预期输出的 4 倍］";
    /// `--any-order`.
    HelpJudgeAnyOrder => "Accept the solutions in any order (the default for acwing and leetcode, whose problems say so)",
        "接受任意顺序的解（acwing 和 leetcode 的默认做法，它们的题目这样规定）";
    /// `--in-order`.
    HelpJudgeInOrder => "Want the solutions in the search's order even where the judge accepts any (acwing)",
        "即使评测网站接受任意顺序（acwing），也要求解按搜索顺序输出";
    /// `--strict`.
    HelpJudgeStrict => "Compare byte for byte (only trailing spaces or blank lines differing is PE), whatever the judge's own rules",
        "逐字节比较（只有行末空格或空行不同时为格式错误），不管评测网站自己的规则";
    /// `--sandbox`.
    HelpJudgeSandbox => "Run the program and its build in a bubblewrap sandbox: read-only files, no network, no home directory (docs/judge.md, `The sandbox`)",
        "在 bubblewrap 沙箱中编译和运行程序：文件只读，没有网络，没有主目录（docs/zh/judge.md，“沙箱”一节）";
    /// `--sandbox auto`.
    HelpSandboxAuto => "In the sandbox when bwrap works here; without it (and a note on stderr) when not",
        "bwrap 在本机可用时用沙箱；不可用时不用（并在 stderr 上说明）";
    /// `--sandbox on`.
    HelpSandboxOn => "Only in the sandbox: refuse to judge without one", "只在沙箱中评测：没有沙箱就拒绝评测";
    /// `--sandbox off`.
    HelpSandboxOff => "Never in the sandbox", "从不使用沙箱";
    /// `--max-processes`.
    HelpJudgeMaxProcesses => "Processes (threads included) a run may have at once, past which it is RE: too many processes; 0 for no cap",
        "一次运行同时可有的进程数（包括线程），超过即为运行错误：进程过多；0 表示不限";
    /// `--build-memory-limit`.
    HelpJudgeBuildMemoryLimit => "Memory limit of a build, in MiB: for the compiler's processes together where a memory cgroup can be had, else per process as address space (javac: none); past it is CE; 0 for none",
        "编译的内存限制，单位为 MiB：能用内存 cgroup 时限制编译器所有进程合计，否则限制每个进程的地址空间（javac 不限）；超过即为编译错误；0 表示不限";
    /// `--build-file-limit`.
    HelpJudgeBuildFileLimit => "Largest file a build may write, in MiB (RLIMIT_FSIZE; not on the portable backend): an object file or program past it is CE; 0 for none",
        "编译可写出的最大文件，单位为 MiB（RLIMIT_FSIZE；可移植后端上没有）：目标文件或程序超过它即为编译错误；0 表示不限";
    /// `labs judge --run-all`.
    HelpJudgeRunAll => "Judge every size even after one ran out of time (by default the larger ones are skipped)",
        "即使某个大小超时，也评测所有大小（默认跳过更大的）";
    /// `labs judge PROGRAM`.
    HelpJudgeProgram => "The program to judge and its arguments, after `--`, run directly (not by a shell); or a source file to build first. The judge's own flags may come after a source file too: only what follows `--` goes to the program",
        "要评测的程序及其参数，写在 `--` 之后，直接运行（不经过 shell）；或者一个先要编译的源文件。源文件之后也可以写评测自己的选项：只有 `--` 之后的内容才交给程序";
    /// `labs grade`.
    HelpGrade => "Grade a whole class: judge every submission, and time it beside the variants.\n\nGrade a whole class: judge every submission as `labs judge` does, one at a time, and put each student's time beside the variants' at the same n.",
        "给全班评分：评测每一份提交，并与各个实现并排计时。\n\n给全班评分：像 `labs judge` 那样逐份评测每一份提交，并把每个学生的时间与各个实现在同一 n 上的时间并排列出。";
    /// Under `labs grade --help`.
    HelpGradeAfter => "The class is a folder: each source file in it (alice.c) or folder holding one (bob/Main.java)\nis one student's submission, named after the file or the folder. Results go to the journal one\nline per student as each is judged; Ctrl-C stops the current program and prints what was\ngraded (exit 130), and --resume goes on from the journal. A student whose program was running\nwhen a signal not yours stopped the grader is judged first and alone; one that stops it again is\nnot run a third time (--rejudge runs it). Exit status 0 once the class is graded, whatever the\nverdicts.\n\nExamples:\n  labs grade --format acwing class/\n  labs grade --format pta --lang zh --time-limit 1 class/ --export-csv grades.csv\n  labs grade --format luogu --resume class/\n  labs grade --format acwing,pta class/\n  labs grade --format acwing --jobs 2 alice.c bob.py --plot class.svg",
        "班级是一个文件夹：其中每个源文件（alice.c）或装着一个源文件的文件夹（bob/Main.java）是一个学生的提交，以文件名或文件夹名命名。每评完一个学生，结果就作为一行写进日志；Ctrl-C 停止当前程序并打印已评的部分（退出码 130），--resume 从日志接着评。不是你发出的信号使评分程序停下时正在运行的那个学生，会先单独评测；再次使它停下的，不会运行第三次（--rejudge 会运行）。全班评完退出码即为 0，不论评测结果如何。\n\n示例：\n  labs grade --format acwing class/\n  labs grade --format pta --time-limit 1 class/ --export-csv grades.csv\n  labs grade --format luogu --resume class/\n  labs grade --format acwing,pta class/\n  labs grade --format acwing --jobs 2 alice.c bob.py --plot class.svg";
    /// `labs grade --jobs`.
    HelpGradeJobs => "Submissions judged at once, at most {max}; above 1 their times are not comparable",
        "同时评测的提交数，至多 {max}；大于 1 时它们的时间不可比";
    /// `labs grade --runs`.
    HelpGradeRuns => "Timed runs of each program accepted at n ≥ {n}, at its largest accepted n, of an empty program in its language (the start-up, taken away) and of each variant; their medians are compared",
        "在 n ≥ {n} 时通过的每个程序，在它通过的最大 n 上计时运行的次数；同语言的空程序（扣除启动时间）和每个实现也各运行这么多次；比较的是中位数";
    /// `labs grade --journal`.
    HelpGradeJournal => "The results file: one JSON line per student, written as each is judged",
        "结果文件：每个学生一行 JSON，评完一个写一行";
    /// `labs grade --resume`.
    HelpGradeResume => "Go on with the journal's grading: the students it holds are not judged again, one that was running when a signal not yours stopped the grader is judged first and alone, and one that stopped it twice so is not run again",
        "接着日志中的评分继续：日志里已有的学生不再评测；不是你发出的信号使评分程序停下时正在运行的学生先单独评测；这样使它停下两次的不再运行";
    /// `labs grade --rejudge`.
    HelpGradeRejudge => "Judge this student again, whatever the journal holds (repeatable; implies --resume)",
        "不管日志里有什么，重新评测这个学生（可重复给出；隐含 --resume）";
    /// `labs grade --max-source`.
    HelpGradeMaxSource => "Sources larger than this many bytes are not graded (and never copied) [default: 1 MiB]",
        "大于这么多字节的源文件不评分（也从不复制）［默认：1 MiB］";
    /// `labs grade --weights`.
    HelpGradeWeights => "Each test point's weight in the score out of 100, one per size, separated by commas (`1,1,2`) [default: equal weights]",
        "每个测试点在百分制总分中的权重，每个大小一个，用逗号分隔（`1,1,2`）［默认：权重相等］";
    /// `labs grade --pe-score`.
    HelpGradePeScore => "What a Presentation Error earns of its test point's weight, from 0 to 1 [default: 0, a fail]",
        "格式错误可得其测试点权重的几分之几，从 0 到 1［默认：0，即不得分］";
    /// `labs grade --excel`.
    HelpGradeExcel => "Begin the CSV export with a byte-order mark, so that Excel reads it as UTF-8 (always with --lang zh; never on stdout)",
        "在导出的 CSV 开头写入字节顺序标记，使 Excel 按 UTF-8 读取（--lang zh 时总是如此；写到 stdout 时从不）";
    /// `labs grade --roster`.
    HelpGradeRoster => "The course's list of students, as CSV (id, name, and the submission's name where it is neither): it names who each submission is, and a student with none gets a row",
        "课程的学生名单，CSV 格式（学号、姓名，二者都不是提交名时再加提交名）：它说明每份提交是谁的，没有提交的学生也占一行";
    /// `labs grade --feedback`.
    HelpGradeFeedback => "Write one Markdown file per student into DIR, in the report's language: what `labs judge` would have told them",
        "在 DIR 中为每个学生写一个 Markdown 文件，用报告的语言：即 `labs judge` 会告诉他们的内容";
    /// `labs grade --base`.
    HelpGradeBase => "The lab's skeleton, handed to every student: code it holds makes no two students alike",
        "发给每个学生的实验框架代码：其中的代码不会使两个学生显得相似";
    /// `labs grade CLASS`.
    HelpGradeClass => "The class: one folder of submissions, or the submissions themselves (source files, or folders holding one)",
        "班级：一个装着提交的文件夹，或者提交本身（源文件，或装着一个源文件的文件夹）";
    /// `labs completions`.
    HelpCompletions => "Print a shell's completion script for `labs`.\n\nPrint a shell's completion script for `labs`: subcommands, flags, and the names each flag takes (variants, formats, lab sheets).",
        "打印 `labs` 的 shell 补全脚本。\n\n打印 `labs` 的 shell 补全脚本：子命令、选项，以及每个选项可取的名字（实现、格式、讲义）。";
    /// Under `labs completions --help`.
    HelpCompletionsAfter => "Install (docs/command-line.md, `Completions and the manual page`):\n  bash:       labs completions bash > ~/.local/share/bash-completion/completions/labs\n  zsh:        labs completions zsh > ~/.zfunc/_labs   (with fpath+=(~/.zfunc) before compinit)\n  fish:       labs completions fish > ~/.config/fish/completions/labs.fish\n  PowerShell: labs completions powershell >> $PROFILE",
        "安装（docs/zh/command-line.md，“补全与手册页”一节）：\n  bash：       labs completions bash > ~/.local/share/bash-completion/completions/labs\n  zsh：        labs completions zsh > ~/.zfunc/_labs   （compinit 之前要有 fpath+=(~/.zfunc)）\n  fish：       labs completions fish > ~/.config/fish/completions/labs.fish\n  PowerShell： labs completions powershell >> $PROFILE";
    /// `labs completions SHELL`.
    HelpCompletionsShell => "The shell: bash, zsh, fish, powershell or elvish", "shell：bash、zsh、fish、powershell 或 elvish";
    /// `labs doctor`.
    HelpDoctor => "Check what labs can use here, with a fix for each missing part.\n\nCheck what labs can use here (the sandbox, cgroups, pidfds, the compilers the judge builds with, count's BMI2 path), with a one-line fix for each missing part. `labs --version` lists the same without the fixes: paste either into a bug report. Exits 0: a missing part narrows what the judge can promise, and its report says so.",
        "检查 labs 在本机能用什么，缺少的部分各给一个解决办法。\n\n检查 labs 在本机能用什么（沙箱、cgroup、pidfd、评测用来编译的编译器、count 的 BMI2 路径），缺少的部分各给一行解决办法。`labs --version` 列出同样的内容但不给解决办法：报告问题时贴上其中之一即可。退出码为 0：缺少某个部分只会缩小评测能保证的范围，评测报告会说明。";
    /// `labs man`.
    HelpMan => "Print the manual page of `labs`, as roff.\n\nPrint the manual page of `labs`, as roff: `labs man | man -l -` reads it, and `labs man > ~/.local/share/man/man1/labs.1` installs it.",
        "打印 `labs` 的手册页，格式为 roff。\n\n打印 `labs` 的手册页，格式为 roff：`labs man | man -l -` 阅读它，`labs man > ~/.local/share/man/man1/labs.1` 安装它。";
    /// Above the list of subcommands, in Chinese help.
    HelpCommands => "Commands:", "命令：";
    /// Above the positional arguments, in Chinese help.
    HelpArguments => "Arguments:", "参数：";
    /// Above the flags, in Chinese help.
    HelpOptions => "Options:", "选项：";
    /// Before the usage line, in Chinese help.
    HelpUsage => "Usage:", "用法：";
    /// Above the values a flag takes, each with its help.
    HelpPossibleValues => "Possible values:", "可选值：";
    /// After a flag's help: its values, when they have no help.
    HelpPossibleValuesInline => "[possible values: {values}]", "［可选值：{values}］";
    /// After a flag's help: its default.
    HelpDefault => "[default: {value}]", "［默认：{value}］";
    // ── labs run, list and trace: their own words (src/app.rs, src/trace/mod.rs) ──────────────
    /// A count of solutions, one.
    CountSolutionOne => "{k} solution", "{k} 个解";
    /// A count of solutions, other than one.
    CountSolutionOther => "{k} solutions", "{k} 个解";
    /// A count of nodes, one.
    CountNodeOne => "{k} node", "{k} 个结点";
    /// A count of nodes, other than one.
    CountNodeOther => "{k} nodes", "{k} 个结点";
    /// A count of probes, one.
    CountProbeOne => "{k} probe", "{k} 次读取";
    /// A count of probes, other than one.
    CountProbeOther => "{k} probes", "{k} 次读取";
    /// `labs run`'s `pretty` format: the line above a board.
    RunSolution => "Solution {index}", "第 {index} 个解";
    /// `pretty`'s last line when there is no solution.
    RunNoSolutions => "No solutions for n = {n} ({algo}).", "n = {n} 时没有解（{algo}）。";
    /// `pretty`'s last line: every solution, one.
    RunSolutionsOne => "1 solution for n = {n} ({algo}).", "n = {n} 时共有 1 个解（{algo}）。";
    /// `pretty`'s last line: every solution, more than one.
    RunSolutions => "{count} solutions for n = {n} ({algo}).", "n = {n} 时共有 {count} 个解（{algo}）。";
    /// `pretty`'s last line after `--first`: one.
    RunFirstOne => "The first 1 solution for n = {n} ({algo}); search stopped there.", "n = {n} 时的第 1 个解（{algo}）；搜索到此停止。";
    /// `pretty`'s last line after `--first`: more than one.
    RunFirst => "The first {count} solutions for n = {n} ({algo}); search stopped there.", "n = {n} 时的前 {count} 个解（{algo}）；搜索到此停止。";
    /// `labs run --stats`, on stderr: the counts are [`Key::CountSolutionOne`] and its kin.
    RunStats => "{name} n={n}: {solutions}{stopped}, {nodes}, {probes}, {time}", "{name} n={n}：{solutions}{stopped}，{nodes}，{probes}，{time}";
    /// After the solutions of `--stats` when `--first` stopped the search.
    RunStoppedEarly => " (stopped early)", "（提前停止）";
    /// The spinner of a long `labs run`.
    RunSpinner => "labs run: {name} n={n}", "labs run：{name} n={n}";
    /// The same while `--first K` looks for its solutions, until the first is printed.
    RunSpinnerFirst => "labs run: {name} n={n}, looking for the first {k} solutions", "labs run：{name} n={n}，正在找前 {k} 个解";
    /// `labs run --format svg` of a size whose count is not known, without `--first`.
    RunSvgUnknown => "--format svg sizes its picture before the first board, and the count at n = {n} is not known (it is up to n = {known}): add --first K",
        "--format svg 要在第一个棋盘之前定好图片大小，而 n = {n} 的解的个数未知（只知道到 n = {known} 为止）：请加上 --first K";
    /// `labs list`'s column heads.
    ListAlgo => "algo", "实现";
    ListDocument => "document", "文档";
    ListStructure => "data structure", "数据结构";
    ListCheck => "one check examines", "一次检查读取";
    ListNodes => "nodes n=8", "结点 n=8";
    ListProbes => "probes n=8", "读取 n=8";
    /// `labs list`'s document column for `bits`.
    ListOurs => "ours", "本项目";
    /// `labs list`: each variant's data structure and what one check reads.
    ListNaive => "n×n board|column + board, O(n²)", "n×n 棋盘|列 + 整个棋盘，O(n²)";
    ListBordered => "(n+2)² board, # frame|3 walks to frame, O(n)", "(n+2)² 棋盘，# 边框|走到边框的 3 条路，O(n)";
    ListCell => "4 flag arrays|4 flags, O(1)", "4 个标记数组|4 个标记，O(1)";
    ListRow => "3 flag arrays|3 flags, O(1)", "3 个标记数组|3 个标记，O(1)";
    ListKruse => "Queens class|squares above, O(n)", "Queens 类|上方的格子，O(n)";
    ListBits => "3 bitmasks|1 mask per row, O(1)", "3 个位掩码|每行 1 个掩码，O(1)";
    /// Under `labs list`'s table.
    ListSame => "Every variant finds the same 92 solutions at n = 8, in the same order.", "n = 8 时每个实现都以相同的顺序找到同样的 92 个解。";
    /// Under `labs list`'s table: where the sheets are.
    ListSheets => "Each has a lab sheet: `labs lab <algo>` (as `labs lab naive`); start with `labs lab intro`.",
        "每个实现都有一份实验讲义：`labs lab <algo>`（如 `labs lab naive`）；从 `labs lab intro` 读起。";
    /// The first line of `labs trace`: `units` is "k squares" (flags, masks).
    TraceHeader => "{name} n={n}: (row,col) from 0; indent = queens on the board; [{units}] = what the check examined",
        "{name} n={n}：(row,col) 即（行，列），从 0 数起；缩进 = 棋盘上的皇后数；[{units}] = 检查读过的东西";
    /// A square refused, and the line of attack the check found (one of the `TraceLine…` keys).
    TraceReject => "{indent}reject ({row},{col}) {line}{cost}", "{indent}拒绝 ({row},{col}) {line}{cost}";
    /// A queen placed.
    TracePlace => "{indent}place ({row},{col}){cost}", "{indent}放下 ({row},{col}){cost}";
    /// A queen removed: the search backtracks.
    TraceRemove => "{indent}remove ({row},{col})", "{indent}拿走 ({row},{col})";
    /// A solution, with its queens' columns.
    TraceSolution => "{indent}solution {k}: {cols}", "{indent}第 {k} 个解：{cols}";
    /// The line of attack: a row.
    TraceLineRow => "row", "行";
    /// The line of attack: a column.
    TraceLineColumn => "column", "列";
    /// The line of attack: the `\` diagonal.
    TraceLineDiagonal => "diagonal", "↘ 斜线";
    /// The line of attack: the `/` diagonal.
    TraceLineAntiDiagonal => "anti-diagonal", "↙ 斜线";
    /// The top of an animation frame.
    TraceFrame => "{name} n={n} · step {k} · {solutions}", "{name} n={n} · 第 {k} 步 · {solutions}";
    /// Before the tally of a trace `--max-steps` stopped: `steps` is [`Key::PageStepsOther`].
    TraceStopped => "stopped after {steps} (--max-steps {k}); so far:", "走完 {steps}后停止（--max-steps {k}）；到此为止：";
    /// The tally of `--tree`.
    TraceTallyTree => "n={n}: {solutions}, {nodes}", "n={n}：{solutions}，{nodes}";
    /// The tally of a trace.
    TraceTally => "{name} n={n}: {solutions}, {nodes}, {probes}", "{name} n={n}：{solutions}，{nodes}，{probes}";
    /// The last line of a trace: the nodes of each level of the search tree.
    TraceLevels => "nodes per level: {levels}", "每层结点数：{levels}";
    /// The spinner of a long `labs trace`.
    TraceSpinner => "labs trace: {name} n={n}", "labs trace：{name} n={n}";
    /// `labs trace --delay` without `--animate`.
    TraceDelayAlone => "--delay sets the pace of --animate: add --animate, or leave --delay out", "--delay 设定 --animate 的速度：请加上 --animate，或去掉 --delay";
    /// `labs trace --vs` without `--html` or `--own`.
    TraceVsAlone => "--vs is for the page or for --own: add --html FILE or --own FILE, or leave --vs out", "--vs 用于网页或 --own：请加上 --html FILE 或 --own FILE，或去掉 --vs";
    /// `labs trace --algo min-conflicts`'s first line.
    TraceLocalHeader => "min-conflicts n={n}, seed {seed}: rows and columns from 0; a greedy start, then two rows swap their queens' columns when that lowers the attacking pairs; attacked = queens attacking that queen",
        "min-conflicts n={n}，种子 {seed}：行号和列号从 0 数起；贪心开局，然后在能减少互相攻击的皇后对时交换两行皇后的列；受攻击 = 攻击该皇后的皇后数";
    /// A start: the greedy board, its attacking pairs and its columns.
    TraceLocalStart => "start {k}: attacking pairs {pairs}; columns {cols}", "第 {k} 次开局：{pairs} 对互相攻击，各行的列为 {cols}";
    /// A swap that lowered the attacking pairs: the attacked queen of row `a`, the one of row `b`.
    TraceLocalSwap => "  swap: row {a}'s queen {from} → {to}, attacked {qa} → {qa2}; row {b}'s {to} → {from}, attacked {qb} → {qb2}; attacking pairs {before} → {after}",
        "  交换：第 {a} 行的皇后 {from} → {to}，受攻击 {qa} → {qa2}；第 {b} 行的 {to} → {from}，受攻击 {qb} → {qb2}；互相攻击的对数 {before} → {after}";
    /// The search's end: no attacking pair left.
    TraceLocalSolution => "solution (swaps made: {k}): {cols}", "交换 {k} 次后得到解：{cols}";
    /// The search's budget ran out.
    TraceLocalStalled => "no solution within the budget: {tries} swaps tried over {starts} starts", "预算用完仍未找到解：{starts} 次开局共尝试 {tries} 次交换";
    /// The tally of a min-conflicts trace.
    TraceLocalTally => "min-conflicts n={n}: starts {starts}, swaps {swaps}, attacking pairs left {pairs}", "min-conflicts n={n}：开局 {starts} 次，交换 {swaps} 次，剩余互相攻击的对数 {pairs}";
    /// A flag of the search tree's with `--algo min-conflicts`.
    TraceLocalNot => "{flag} traces a search tree: local search has none, so it does not apply to --algo min-conflicts", "{flag} 展示的是搜索树：局部搜索没有搜索树，所以不适用于 --algo min-conflicts";
    /// `--seed` with a backtracking variant.
    TraceSeedAlone => "--seed is for --algo min-conflicts: the backtracking variants draw nothing at random", "--seed 用于 --algo min-conflicts：回溯的各实现不做任何随机选择";
    /// `labs trace --own FILE` with a program after `--` too.
    TraceOwnBoth => "--own takes a FILE or a program after `--`, not both", "--own 接受一个 FILE 或 `--` 之后的程序，不能两者都给";
    /// `labs trace --own` with neither a FILE nor a program after `--`, or a program without `--own`.
    TraceOwnWhat => "--own needs a FILE, or a program after `--` (labs trace --own 6 -- ./queens)", "--own 需要一个 FILE，或 `--` 之后的程序（labs trace --own 6 -- ./queens）";
    /// The first line of `labs trace --own`.
    TraceOwnHeader => "your program n={n}: (row,col) from 0; indent = queens on the board", "你的程序 n={n}：(row,col) 即（行，列），从 0 数起；缩进 = 棋盘上的皇后数";
    /// A run that did not end by itself with 0: `how` is the judge's verdict for it.
    TraceOwnEnded => "your program ended badly ({how}): what follows is what it wrote before", "你的程序没有正常结束（{how}）：下面是它在那之前写出的内容";
    /// Above the program's other lines of stderr: `k` of them.
    TraceOwnOther => "other lines on stderr ({k}):", "stderr 上的其他行（{k} 行）：";
    /// After the other lines shown: `k` more not shown.
    TraceOwnOtherMore => "… and {k} more", "……另有 {k} 行";
    /// A program that wrote no place or remove event.
    TraceOwnNoEvents => "your program wrote no `place R C` or `remove R C` line on stderr: add one where it puts a queen and one where it takes it back (labs trace --help)",
        "你的程序没有在 stderr 上写任何 `place R C` 或 `remove R C` 行：在放下皇后和拿走皇后的地方各加一行（labs trace --help）";
    /// The streams are identical: `placements` is [`Key::TraceOwnPlacementOther`].
    TraceOwnSame => "the same search as {name}: {placements} at n = {n}", "与 {name} 的搜索完全相同：n = {n} 时{placements}";
    /// One queen placed, counted.
    TraceOwnPlacementOne => "{k} placement", "放下 {k} 个皇后";
    /// Queens placed, counted.
    TraceOwnPlacementOther => "{k} placements", "放下 {k} 个皇后";
    /// After the variant named: which variants share its tree.
    TraceOwnShared => "naive, bordered, row, kruse and bits walk one tree (only their checks differ); cell walks its own",
        "naive、bordered、row、kruse 和 bits 走同一棵搜索树（只是检查不同）；cell 走它自己的那棵";
    /// The first difference: step `k`, the two steps (`own` and `reference`, a step or [`Key::TraceOwnOver`]).
    TraceOwnDeparts => "your search leaves {name}'s at step {k} (counting places and removes): yours {own}, {name}'s {reference}",
        "你的搜索在第 {k} 步（只数放下和拿走）离开了 {name} 的搜索：你的是 {own}，{name} 的是 {reference}";
    /// A stream that had ended, in [`Key::TraceOwnDeparts`].
    TraceOwnOver => "(ended)", "（已结束）";
    /// Above the board drawn at the first difference.
    TraceOwnBoard => "the board just before it:", "那一步之前的棋盘：";
    /// The placements of both, under a difference.
    TraceOwnCounts => "placements: yours {own}, {name}'s {reference}", "放下皇后的次数：你的 {own}，{name} 的 {reference}";
    /// The program's stream is wrong by itself at step `k`: `event` as it wrote it, `why` one of the `TraceWhy…` keys.
    TraceOwnWrong => "your program's steps are wrong by themselves at step {k} ({event}): {why}",
        "你的程序写出的步骤在第 {k} 步（{event}）本身就不对：{why}";
    /// The judge's note under WA, PE or TLE on a program that writes its search's steps: where they
    /// first left the nearest variant's (`name`), at step `k`; `own` and `reference` as
    /// [`Key::TraceOwnDeparts`] has them, `why` one of the `TraceWhy…` keys.
    JudgeOwnDeparted => "your search (the place/remove lines on stderr) first left {name}'s at step {k}: you did {own} where {name} does {reference}; {why} (labs trace --own shows the whole search)",
        "你的搜索（stderr 上的 place/remove 行）在第 {k} 步第一次偏离 {name}：你做的是 {own}，{name} 做的是 {reference}；{why}（labs trace --own 可以看到整个搜索）";
    /// The same note when the steps are the nearest variant's exactly, all `k` of them.
    JudgeOwnSame => "your search (the place/remove lines on stderr) is {name}'s, all {k} steps: what is wrong is not the search",
        "你的搜索（stderr 上的 place/remove 行）与 {name} 的完全相同，共 {k} 步：错的不是搜索";
    /// Why: a placed square the variant refuses; `line` is one of the `TraceLine…` words.
    TraceWhyAttacked => "{square} is on the {line} of {queen}: your check let it through", "{square} 在 {queen} 的{line}上：你的检查放过了它";
    /// Why: a queen put in a row that still holds one.
    TraceWhyNotTakenBack => "{queen} was not taken back: row {row} would hold two queens", "{queen} 没有被拿走：第 {row} 行会有两个皇后";
    /// Why: a remove of a square without a queen.
    TraceWhyRemoveAbsent => "there is no queen on {square} to take back", "{square} 上没有皇后可以拿走";
    /// Why: a square off the board, as the program wrote it (`from` is where it counts from).
    TraceWhyOffBoard => "{square} is off the {n}×{n} board (rows and columns count from {from}: --from)", "{square} 不在 {n}×{n} 的棋盘上（行和列从 {from} 数起：--from）";
    /// Why: a safe square still refused after a queen on its `line` was removed.
    TraceWhyNotRestored => "after remove {removed}, {square} is still refused: something of {removed} was not undone (its {line})",
        "拿走 {removed} 之后，{square} 仍被拒绝：{removed} 留下的东西没有复原（它的{line}）";
    /// After [`Key::TraceWhyNotRestored`] when the program writes no rejects.
    TraceWhyGuess => " — a guess: your program writes no `reject R C` lines, which would tell", "——这是推测：你的程序没有写 `reject R C` 行，写了就能确定";
    /// Why: a safe square the program's check rejected.
    TraceWhyRefusedSafe => "{square} is safe, no queen attacks it, yet your check rejected it: it refuses too much",
        "{square} 是安全的，没有皇后攻击它，你的检查却拒绝了它：检查拒绝得太多";
    /// Why: a safe square passed by without a reject, by a program that writes rejects.
    TraceWhySkippedTried => "{square} is safe, and your search went past it without trying it", "{square} 是安全的，你的搜索却没有试它就走了过去";
    /// Why: a safe square passed by, by a program that writes no rejects.
    TraceWhySkipped => "{square} is safe, and your search went past it: your check refused it or your loop never tried it (`reject R C` lines would tell)",
        "{square} 是安全的，你的搜索却走了过去：要么检查拒绝了它，要么循环没有试它（写 `reject R C` 行就能分辨）";
    /// Why: sound steps in another order.
    TraceWhyOtherOrder => "both steps are sound on this board, in another order than {name}'s: yours is another search", "两步在这个棋盘上都成立，只是顺序与 {name} 不同：你的是另一种搜索";
    /// Why: the program's stream ended first.
    TraceWhyEndedEarly => "your program stopped here while {name}'s search goes on", "你的程序在这里停了，而 {name} 的搜索还在继续";
    /// Why: the variant's stream ended first.
    TraceWhyEndedLate => "{name}'s search is over here, and yours goes on", "{name} 的搜索到这里已经结束，你的还在继续";
    /// A program that wrote more events than a trace reads (`TRACE_OWN_EVENTS`).
    TraceOwnCutEvents => "your program wrote more than {k} events on stderr: the trace stops reading there; trace a smaller n",
        "你的程序在 stderr 上写了超过 {k} 个事件：跟踪读到那里为止；请跟踪较小的 n";
    /// A program that wrote more bytes on stderr than a trace keeps (`TRACE_OWN_BYTES`); it was stopped there.
    TraceOwnCutBytes => "your program wrote more than {size} on stderr: it was stopped there; trace a smaller n",
        "你的程序在 stderr 上写了超过 {size}：它在那里被停止；请跟踪较小的 n";
    /// A page that could not be written.
    TraceCannotWrite => "cannot write {file}: {error}", "无法写入 {file}：{error}";
    /// `labs count --stats`, on stderr: `mode` is `symmetry` or `plain`, `rate` nodes per second.
    CountStats => "count n={n} ({mode}): {solutions}, {nodes}, {time}, {rate} nodes/s", "count n={n}（{mode}）：{solutions}，{nodes}，{time}，每秒 {rate} 个结点";
    /// The page's title: the variants shown (one, or [`Key::HtmlVs`]) and the board size.
    HtmlTitle => "labs trace: {names} n={n}", "labs trace：{names}，n={n}";
    /// Two variants on one page.
    HtmlVs => "{a} vs {b}", "{a} 对比 {b}";
    /// The student's program on the page of `labs trace --own --html`, where a variant's name stands.
    HtmlOwn => "your program", "你的程序";
    /// The heading of a variant's board on the page.
    HtmlCaption => "{algo}", "实现 {algo}";
    /// `labs trace --html`'s one line: the file, the variants, the steps and the page's size.
    HtmlWrote => "wrote {file}: {names} n={n}, {steps}, {size}", "已写入 {file}：{names}，n={n}，{steps}，{size}";
    /// A trace too long for one page: what a page `holds` and `why`, the `fitting` --max-steps, and
    /// [`Key::HtmlTooLongSmaller`] when a smaller n fits whole.
    HtmlTooLong => "the trace of {names} at n = {n} is too long for one page (a page holds {holds} of steps: {why}): add --max-steps {fitting}{smaller}",
        "{names} 在 n = {n} 时的跟踪太长，一个网页放不下（一个网页最多容纳 {holds} 的步骤：{why}）：请加上 --max-steps {fitting}{smaller}";
    /// After [`Key::HtmlTooLong`]: the largest n whose whole search fits.
    HtmlTooLongSmaller => ", or take n = {m} or less for the whole search", "，或取 n ≤ {m} 来看完整的搜索";
    /// Why a page holds no more (`facts::TRACE_PAGE_WHY`).
    LimitTracePage => "more opens slowly and no longer fits an e-mail attachment", "再多就打开得很慢，也放不进电子邮件的附件";
    /// `--vs` with cell.
    HtmlVsCell => "--vs cannot pair cell with another variant: cell visits every square and decides to place a queen or skip it, so its search tree is not the one-queen-per-row tree the others share",
        "--vs 不能把 cell 与别的实现配对：cell 逐个格子决定放不放皇后，它的搜索树不是其他实现共有的“每行一个皇后”的那棵树";
    /// `--vs` naming the variant of `--algo`.
    HtmlVsItself => "--vs {b} compares {a} with itself: name another variant", "--vs {b} 是拿 {a} 和它自己比较：请换一个实现";
    /// Two variants that should walk one tree walked two (a bug of the toolkit's).
    HtmlTreesDiffer => "{a} and {b} walked different trees at n = {n}", "{a} 与 {b} 在 n = {n} 时走了不同的搜索树";
    /// `labs count --unique`'s second line: the solutions distinct up to rotation and reflection.
    CountUnique => "unique {k}", "本质不同的解 {k}";
    /// The progress bar of a long count (indicatif's template: `{…}` are its fields).
    CountBar => "{wide_bar} {pos}/{len} subproblems, {elapsed}{msg}", "{wide_bar} {pos}/{len} 个子问题，{elapsed}{msg}";
    /// A file a command was to read that could not be opened.
    CannotRead => "cannot read {name}: {error}", "无法读取 {name}：{error}";
    /// The system's refusal of a file or folder in words (an `io::ErrorKind`), after a colon; a
    /// kind without words of its own says [`Key::IoOther`].
    IoNotFound => "no such file or folder", "没有这个文件或文件夹";
    IoPermissionDenied => "permission denied", "没有权限";
    IoNotADirectory => "a part of its path is a file, not a folder", "路径中有一段是文件，不是文件夹";
    IoIsADirectory => "it is a folder, not a file", "它是文件夹，不是文件";
    IoAlreadyExists => "a file of that name is there already", "已有同名的文件";
    IoReadOnly => "the file system is read-only", "文件系统是只读的";
    IoNoSpace => "no space left on the disk", "磁盘空间已满";
    IoTooLarge => "the file is too large", "文件太大";
    IoNotText => "not text (not UTF-8)", "不是文本（不是 UTF-8）";
    IoBusy => "in use by another process", "正被另一个进程使用";
    IoWouldBlock => "resource temporarily unavailable", "资源暂时不可用";
    /// A system error without words of its own, in Chinese (in English the system's own text is
    /// said, which is English already).
    IoOther => "the system's error {code}", "系统错误 {code}";
    /// `labs interactive` at the end of its input, at the size question.
    InteractiveEnd => "end of input at the size prompt (expected a whole number from 0 to {max})", "在询问棋盘大小时输入结束了（应为 0 到 {max} 之间的整数）";
    /// `labs bench`'s column heads (the others are symbols and units).
    BenchAlgo => "algo", "实现";
    BenchSolutions => "solutions", "解";
    BenchNodes => "nodes", "结点";
    BenchProbes => "probes", "读取";
    BenchMedian => "median", "中位数";
    /// A cell not measured, in the table.
    BenchSkipped => "skipped", "跳过";
    /// The reference when none was named.
    BenchFastest => "the fastest at each n", "每个 n 上最快的实现";
    /// The clocks a bench times with.
    BenchCpuTime => "CPU time", "CPU 时间";
    BenchWallTime => "wall time", "墙钟时间";
    /// Timed runs per cell, one and more.
    BenchRunOne => "{k} timed run", "{k} 次计时运行";
    BenchRunOther => "{k} timed runs", "{k} 次计时运行";
    /// Warm-ups per cell, one and more.
    BenchWarmupOne => "{k} warm-up", "{k} 次预热";
    BenchWarmupOther => "{k} warm-ups", "{k} 次预热";
    /// Under the bench table: how the cells were timed.
    BenchTimed => "Median of {runs} after {warmup} per cell, in rounds over all cells; each run is one search after the branch predictor is scrambled; times are {clock}.",
        "每格先 {warmup}，再取 {runs}的中位数，按轮次遍历所有格子；每次运行是先打乱分支预测器、再做一次搜索；计时：{clock}。";
    /// Under the bench table: the per-node columns.
    BenchPerNode => "ns/node, ns/step: median over nodes (root included), over nodes + probes.", "ns/node、ns/step：中位数除以结点数（含根），除以结点数 + 读取次数。";
    /// Under the bench table: the reference column.
    BenchRef => "×ref: median over the reference's at the same n (reference: {reference}).", "×ref：中位数与同一 n 上参照实现的之比（参照：{reference}）。";
    /// Under the bench table: the work and growth columns.
    BenchWork => "×work: nodes + probes over the reference's. ×n−1: median over the same algorithm's at n − 1.", "×work：结点数 + 读取次数与参照实现的之比。×n−1：中位数与同一实现在 n − 1 时的之比。";
    /// Under the bench table when a cell was learned: `times` is the factor.
    BenchLearned => "* learned: the first search at this n took over {times}× the slowest timed run; the runs still know the search, and one search costs more than they say (Lab 7).",
        "* 已学会：这个 n 上的第一次搜索用时超过最慢一次计时运行的 {times} 倍；后面的运行已“记住”了这次搜索，单独一次搜索的代价比它们显示的高（实验 7）。";
    /// Under the bench table: a variant stopped; `reason` is the timing's, in English.
    BenchSkip => "{algo} skipped from n = {n}: {reason}.", "{algo} 从 n = {n} 起跳过：{reason}。";
    /// `labs bench`'s progress line on a terminal (and `labs grade`'s while it times the variants):
    /// the size and the variant, and what is under way.
    BenchScouting => "n = {n}: {algo} (scouting)", "n = {n}：{algo}（探路）";
    BenchChecking => "n = {n}: {algo} (checking the count)", "n = {n}：{algo}（核对解的个数）";
    BenchFirstSearch => "n = {n}: {algo} (first search)", "n = {n}：{algo}（第一次搜索）";
    /// `stage` is [`Key::BenchWarmUp`] or [`Key::BenchRun`].
    BenchStage => "n = {n}: {algo} ({stage})", "n = {n}：{algo}（{stage}）";
    BenchWarmUp => "warm-up {k}/{of}", "预热 {k}/{of}";
    BenchRun => "run {k}/{of}", "计时运行 {k}/{of}";
    /// Counts that disagree at `n`: nothing there is timed. `parts` are [`Key::BenchFound`] and
    /// [`Key::BenchOeisSays`], joined by [`Key::BenchPartsJoin`].
    BenchWrongAnswers => "refusing to time wrong answers: at n = {n}, {parts}", "拒绝为错误的答案计时：n = {n} 时，{parts}";
    BenchFound => "{names} found {count}", "{names} 找到 {count} 个解";
    BenchOeisSays => "OEIS A000170 says {k}", "OEIS A000170 给出 {k}";
    BenchPartsJoin => "; ", "；";
    /// A variant whose plain search found another count than its tallied one.
    BenchPlainDiffers => "{algo} at n = {n}: the plain search found {count}, the tallied one {tallied}",
                         "{algo} 在 n = {n} 时：普通搜索找到 {count} 个解，带计数的搜索找到 {tallied} 个";
    /// A variant whose timed search found another count.
    BenchTimedDiffers => "{algo} at n = {n}: a timed search found another count", "{algo} 在 n = {n} 时：一次计时搜索得到了另一个解数";
    /// `labs bench` stopped by Ctrl-C, under the table of what it measured before.
    BenchInterrupted => "the rows above are the cells measured before the interruption, some with fewer timed runs than {runs}",
                        "上面各行是中断前测得的格子，其中有的计时运行少于 {runs} 次";
    /// Why a variant stops in `labs bench`: at `m` one search `took`, `growth`
    /// ([`Key::BenchOverGrowth`]), and `n` would take about `cost`, over the `budget`.
    BenchOver => "at n = {m} one search took {took}{growth}; n = {n} would take about {cost}, over the {budget} budget",
        "n = {m} 时一次搜索用了 {took}{growth}；n = {n} 预计约需 {cost}，超出了 {budget} 的预算";
    /// After the time in [`Key::BenchOver`]: how many times that at n = `k`.
    BenchOverGrowth => ", {times}× its time at n = {k}", "，是 n = {k} 时的 {times} 倍";
    /// `labs bench --reference` naming a variant not measured.
    BenchReferenceAbsent => "--reference {name} is not among the algorithms measured ({measured})", "--reference {name} 不在所测的实现之中（{measured}）";
    /// The message of a run stopped by Ctrl-C.
    Interrupted => "interrupted", "已中断";
    /// The message of a run a signal ended.
    StoppedBySignal => "stopped by signal {signal}{name}; everything it started was killed", "被信号 {signal}{name}终止；它启动的一切都已结束";
    /// `--algo naive`, in a line (no final stop, as help lists values).
    ValueNaive => "Document 000: a board of cells; the check scans the column and the whole board", "文档 000：由格子组成的棋盘；检查扫描所在列和整个棋盘";
    /// `--algo bordered`.
    ValueBordered => "Document 001: a board with a sentinel frame; the check walks three ways to the frame", "文档 001：带哨兵边框的棋盘；检查沿三个方向走到边框";
    /// `--algo cell`.
    ValueCell => "Document 002, first program: place or skip every square in turn; four flag arrays", "文档 002 第一个程序：逐个格子决定放或不放；四个标记数组";
    /// `--algo row`.
    ValueRow => "Documents 002 (second program) and 003: one queen per row; three flag arrays", "文档 002（第二个程序）与 003：每行一个皇后；三个标记数组";
    /// `--algo kruse`.
    ValueKruse => "Document 004: Kruse & Ryba's `Queens` board type with insert, remove and unguarded", "文档 004：Kruse 与 Ryba 的 `Queens` 棋盘类型，带 insert、remove 和 unguarded";
    /// `--algo bits`.
    ValueBits => "Ours: columns and both diagonals as bitmasks, one mask per row", "本项目的：列和两个方向的斜线都用位掩码表示，每行一个掩码";
    /// `--format pretty`.
    ValuePretty => "Numbered boards of `Q` and `.`, then a summary line (the default)", "带编号的 `Q` 与 `.` 棋盘，最后一行总结（默认格式）";
    /// `--format spaced`.
    ValueSpaced => "Document 000 (PTA, alias `pta`): `Q`/`.` joined by spaces, a blank line between boards", "文档 000（PTA，别名 `pta`）：`Q`/`.` 用空格隔开，棋盘之间空一行";
    /// `--format framed`.
    ValueFramed => "Document 001: `total: k`, then the board in a `#` frame with `K` for a queen", "文档 001：先是 `total: k`，然后是 `#` 边框里的棋盘，皇后写作 `K`";
    /// `--format compact`.
    ValueCompact => "Document 002 (AcWing 843, alias `acwing`): `Q`/`.` rows, a blank line after every board", "文档 002（AcWing 843，别名 `acwing`）：`Q`/`.` 组成的行，每个棋盘后空一行";
    /// `--format numbered`.
    ValueNumbered => "Document 003 (Bailian 2698, alias `bailian`): `No. k` and 0/1 rows, column-major order", "文档 003（百练 2698，别名 `bailian`）：`No. k` 和 0/1 组成的行，按列优先的顺序";
    /// `--format kruse`.
    ValueKruseFormat => "Document 004: each board and a line of 16 `=`, then `there is total K configurations.`", "文档 004：每个棋盘后接一行 16 个 `=`，最后是 `there is total K configurations.`";
    /// `--format luogu`.
    ValueLuogu => "Luogu P1219: the first three solutions as 1-based columns, then the count", "洛谷 P1219：前三个解写成从 1 开始的列号，然后是解的个数";
    /// `--format leetcode`.
    ValueLeetcode => "LeetCode 51: one JSON list of boards, each a list of row strings", "LeetCode 51：一个 JSON 棋盘列表，每个棋盘是行字符串的列表";
    /// `labs judge --format one`.
    ValueOne => "Any one solution for n, checked (not compared): one 0-based column a line, or one board; None where there is none", "n 的任意一个解，由检查器判定（不与标准答案比较）：每行一个从 0 数起的列号，或一个棋盘；无解时输出 None";
    /// `--format svg`.
    ValueSvg => "A picture: the boards numbered on one SVG contact sheet, for handouts and slides", "一张图：所有棋盘编号排在一张 SVG 上，用于讲义和幻灯片";
    /// `labs solve --format cols`.
    ValueCols => "One 0-based column a line, row 0 first: what `labs check` reads", "每行一个从 0 数起的列号，从第 0 行开始：`labs check` 读的格式";
    /// `labs solve --method construct`.
    ValueConstruct => "An explicit formula, O(n), for every n from 4 (Hoffman, Loessi & Moore)", "显式公式，O(n)，n 从 4 起都适用（Hoffman、Loessi 与 Moore）";
    /// `labs solve --method min-conflicts`.
    ValueMinConflicts => "Local search: a greedy start, then swaps that lower the conflicts (Sosic & Gu)", "局部搜索：贪心开局，然后做减少冲突的交换（Sosic 与 Gu）";
    /// `labs solve --method backtrack`.
    ValueBacktrack => "bits' search around the given queens: a completion, or the proof that none exists", "围绕给定皇后的 bits 搜索：找到一种补全，或证明不存在";

    // ── labs solve, labs check (issue 52) ───────────────────────────────────────────────────
    /// `--given R,C` that is no square.
    ValueNotSquare => "{text} is no square: write the row and the column from 0, a comma between (0,5)", "{text} 不是格子：写行号和列号（从 0 数起），中间用逗号（0,5）";
    /// `labs solve --given` with another method than backtrack.
    SolveGivenNeedsBacktrack => "--given is completed by backtracking: --method {method} cannot keep given queens", "--given 要用回溯补全：--method {method} 不能保留给定的皇后";
    /// `labs solve --format` of a board larger than the boards' formats draw.
    SolveBoardTooLarge => "n = {n} is too large to draw as a board (at most {max}): use --format cols", "n = {n} 太大，无法画成棋盘（最多 {max}）：请用 --format cols";
    /// No solution: `why` is one of the two keys below.
    SolveNone => "no solution for n = {n}: {why}", "n = {n} 没有解：{why}";
    /// Why: the board has none at all.
    SolveNoneAtAll => "the board has none at all (only n = 2 and 3 have none)", "这个棋盘根本没有解（只有 n = 2 和 3 无解）";
    /// Why: the given queens cannot be completed.
    SolveNoCompletion => "no solution keeps the given queens (the whole search space was searched)", "没有保留给定皇后的解（已搜索整个搜索空间）";
    /// Min-conflicts spent its budget.
    SolveStalled => "min-conflicts found no solution for n = {n} in {tries} swaps tried over {starts} starts: try another --seed, or --method construct", "min-conflicts 在 {starts} 次开局、共尝试 {tries} 次交换后仍未找到 n = {n} 的解：换一个 --seed 试试，或用 --method construct";
    /// `labs solve`'s spinner on a terminal, shown after a second.
    SolveSpinner => "labs solve: {method} n={n}", "labs solve：{method} n={n}";
    /// `labs solve --stats`, min-conflicts, on stderr.
    SolveMoves => "min-conflicts: swaps {swaps}, starts {starts}", "min-conflicts：交换 {swaps} 次，开局 {starts} 次";
    /// `labs solve --stats`, the completion search, on stderr.
    SolveNodes => "backtrack: {nodes} queens placed", "backtrack：放下皇后 {nodes} 次";
    /// A given queen off the board.
    SolveGivenOffBoard => "the given queen ({row},{col}) is off the {n}×{n} board", "给定的皇后 ({row},{col}) 不在 {n}×{n} 的棋盘上";
    /// Two given queens in one row.
    SolveGivenSameRow => "two queens are given in row {row}: one a row", "第 {row} 行给了两个皇后：每行只能有一个";
    /// `labs check FILE` that cannot be opened.
    CheckCannotRead => "cannot read {file}: {e}", "无法读取 {file}：{e}";
    /// `labs check` of empty input.
    CheckNothing => "no board to check: give one 0-based column a line, or a board in a document's format", "没有可检查的棋盘：请给出每行一个从 0 数起的列号，或者文档格式的棋盘";
    /// `labs check` of more columns than it reads.
    CheckTooLarge => "more than {max} rows: labs check reads up to {max}", "超过 {max} 行：labs check 最多读 {max} 行";
    /// A board row that is no row: `why` is one of the three keys below.
    CheckBadRow => "line {line}: {why}", "第 {line} 行：{why}";
    /// Why: a row of another length.
    CheckRowLength => "a row of another length than the board's first", "这一行的长度与棋盘第一行不同";
    /// Why: a row without a queen.
    CheckRowEmpty => "a row without a queen", "这一行没有皇后";
    /// Why: a row with two queens.
    CheckRowTwo => "a row with two queens", "这一行有两个皇后";
    /// The input ended inside a board.
    CheckShortBoard => "the last board has {rows} rows of {n}", "最后一个棋盘只有 {rows} 行（应有 {n} 行）";
    /// A solution.
    CheckValid => "a solution: {n} queens, no two attack each other", "是解：{n} 个皇后，没有两个互相攻击";
    /// Every board a solution.
    CheckValidBoards => "{boards} boards of {n} queens, each a solution", "{boards} 个 {n} 皇后棋盘，每个都是解";
    /// A queen off the board.
    CheckOffBoard => "row {row}'s queen is at column {col}, off a board of {n} columns", "第 {row} 行的皇后在第 {col} 列，超出了 {n} 列的棋盘";
    /// Two queens on one line (`line` one of the `TraceLine…` keys).
    CheckAttack => "the queens at {upper} and {lower} are on one {line}", "{upper} 和 {lower} 两个皇后在同一{line}上";
    /// The fault of board `k` of several.
    CheckBoardFault => "board {k} is not a solution: {why}", "第 {k} 个棋盘不是解：{why}";
    /// The fault of the one board.
    CheckFault => "not a solution: {why}", "不是解：{why}";
    /// A line of columns that is no number.
    CheckNotAColumn => "line {line} is no column: one whole number from 0 a line", "第 {line} 行不是列号：每行应是一个从 0 起的整数";
    /// A blank line among the columns.
    CheckBlankLine => "line {line} is blank, with columns after it", "第 {line} 行是空行，但后面还有列号";

    // ── labs judge, labs grade: the machine's failures and what holds a run off (issue 36) ───
    /// `labs grade --jobs` above 1 out of the sandbox, on stderr before any run and under the
    /// table: what a submission can do to the one beside it. `user` is "your user" or nobody.
    JobsWithoutSandbox => "--jobs {jobs} without the sandbox: the submissions run side by side as one user ({user}), so one can signal, trace or read the files of another running beside it and change its verdict; grade in the sandbox (docs/judge.md), or with --jobs 1, where none runs beside another.",
                          "没有沙箱时使用 --jobs {jobs}：各提交以同一个用户（{user}）同时运行，一个提交可以向同时运行的另一个发信号、跟踪它或读它的文件，从而改变它的评测结果；请在沙箱中批改（见 docs/zh/judge.md），或者用 --jobs 1，这样不会有两个提交同时运行。";
    /// The user runs are out of the sandbox, for [`Key::JobsWithoutSandbox`].
    RunsAsYourUser => "your user", "你的用户";
    /// [`Key::JobsWithoutSandbox`] for a grader run as root, whose job slots each have a user of
    /// their own: what a submission can still do to the one beside it.
    JobsWithoutSandboxApart => "--jobs {jobs} without the sandbox: each job runs its submissions as a user of its own, so none can signal, trace or write to another running beside it; they still share the machine's processors, memory, /tmp and network, and each reads what any user may (docs/judge.md).",
                               "没有沙箱时使用 --jobs {jobs}：每个并行任务以各自独立的用户运行提交，任何提交都无法向同时运行的另一个发信号、跟踪它或写它的文件；但它们仍共享机器的处理器、内存、/tmp 和网络，且都能读取任何用户可读的文件（见 docs/zh/judge.md）。";
    /// Under the grade table, a grader run as root whose job slots each had a user of their own.
    SandboxNoneApart => "Sandbox: none; each job's submissions ran as a user of its own, not as root (docs/judge.md, `The sandbox`).",
                        "沙箱：无；每个并行任务的提交以各自独立的用户而不是 root 的身份运行（见 docs/zh/judge.md 的“沙箱”一节）。";
    /// On stderr: a grader run as root could not give each job a user of its own; `why` is one
    /// of the `Slots…` keys below.
    SlotsUnclaimed => "could not give each job a user of its own ({why}): every submission runs as nobody",
                      "无法为每个并行任务分配独立的用户（{why}）：所有提交都以 nobody 身份运行";
    /// Why: the directory of the job slots' locks could not be opened or made.
    SlotsLocks => "{path}: {error}", "{path}：{error}";
    /// Why: the directory of the locks, or the one above it, is not root's alone.
    SlotsNotRootsAlone => "{path} is not root's alone", "{path} 不是仅属于 root 的目录";
    /// Why: every user id labs gives job slots is taken or used.
    SlotsNoneFree => "every user id from {first} to {last} is taken or in use", "从 {first} 到 {last} 的用户 id 都已被占用";
    /// A sandbox (bwrap) that ended before the program in it started, with its own last words.
    SandboxDidNotStart => "the sandbox did not start {what} ({said})", "沙箱未能启动{what}（{said}）";
    /// A file a run needs (its build, the program) gone from under labs when it was to run, or
    /// once it ran in the sandbox: the machine's failure.
    ProgramLost => "{path}, which its run needs, was gone: another process removed labs's own files",
                   "运行所需的 {path} 已不存在：别的进程删除了 labs 自己的文件";
    /// A run killed by a signal labs did not send (another run's `kill`, the system's OOM killer).
    KilledFromOutside => "its run at n = {n} was killed by signal {signal}, which labs did not send",
                         "它在 n = {n} 的运行被信号 {signal} 杀死，而这个信号不是 labs 发出的";
    /// A failure of the machine's twice over for one student: not graded, never a verdict.
    MachineFailedTwice => "{why}, twice: the machine's failure, not the student's",
                          "{why}，重试后依然如此：这是机器的故障，不是学生的";
    /// `labs grade`'s last line when the machine kept students from being graded; exits 1.
    NotGradedForTheMachine => "{k} of {m} students not graded for a failure of the machine's (first, {name}: {why}); \
                               their rows say why, and --resume judges them again",
                               "{m} 名学生中有 {k} 名因机器故障未评测（第一个是 {name}：{why}）；\
                               各自的行里写明了原因，--resume 会重新评测他们";
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
            // The lines that point a Chinese reader to Chinese, and the verdicts' Chinese names.
            let points_to_chinese = [Key::HelpLabsAfter, Key::HelpLangZh, Key::HelpJudgeAfter].contains(&key);
            assert!(points_to_chinese || !en.chars().any(is_cjk), "{key:?}'s English holds Chinese: {en}");
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
