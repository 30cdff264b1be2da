//! From a source file to a program to run, as a judge builds it: the judges' usual compilers and
//! flags, in a private temporary directory, under a time limit of its own.
//!
//! | source | built with | run as |
//! |---|---|---|
//! | `.c` | `gcc -DONLINE_JUDGE -O2 -std=c11 -pipe SRC -lm -o DIR/main` | `DIR/main` |
//! | `.cpp`, `.cc`, `.cxx` | `g++ -DONLINE_JUDGE -O2 -std=c++17 -pipe SRC -lm -o DIR/main` | `DIR/main` |
//! | `.py` | (nothing) | `python3 SRC` |
//! | `.java` | `javac -encoding UTF-8 -d DIR SRC` | `java -Xmx<limit>m <beyond the heap> -cp DIR <class>` |
//! | `.rs` | `rustc -O --edition 2021 SRC -o DIR/main` | `DIR/main` |
//!
//! A folder holding a program in several files (C or C++ units with their headers, Java classes
//! in their packages, a Rust crate root with its modules, Python modules) is built as one
//! ([`Project`]): its units take the place of `SRC`, a folder of headers alone is given as `-I`,
//! and Java's run class carries its package (`lab.Main`).
//!
//! The judge reference (docs/judge.md, `Building from source`) says where each command comes
//! from. A JVM reserves far more address space than its heap, so Java's memory is limited by
//! `-Xmx`, not `RLIMIT_AS`, and what it holds beyond the heap by its own flags, sized from the
//! limit (`<beyond the heap>`: direct buffers, classes, a thread's stack). The compiler runs as
//! the program does ([`process::run`]), in the same sandbox if there is one, under a memory limit
//! and a file-size limit of its own
//! (`--build-memory-limit`, `--build-file-limit`); a compiler that fails, or passes either limit,
//! gives Compile Error with its first error lines. The source is copied into the temporary
//! directory and built there, by its file name (so the compiler's messages name the file as the
//! student does) written `./NAME` (a file named `-o.c` is no option), its extension in small
//! letters; Java is saved as `Main.java` and run as class `Main` for the judges that do so
//! ([`Site::java_class`]), else the class is the file's name. That directory is the one place the
//! build may write. It lives as long as the [`Build`] and is removed with it.

use super::error::{Error, NotRunnable};
use super::host::Host;
use super::process::{self, Ended, Limits, Program, find_in_path, is_executable};
use super::project::{self, Project, Undecided};
use super::sandbox::Place;
use super::scratch::Scratch;
#[cfg(doc)]
use super::site::Site;
use super::system::{self, System};
use super::verdict::{BuildFailure, BuildLimit, BuildLimitKind};
use super::{Rules, Session};
use crate::facts;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// A language the judge compiles or interprets from source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// C11 with gcc.
    C,
    /// C++17 with g++.
    Cpp,
    /// Python 3.
    Python,
    /// Java with javac and java.
    Java,
    /// Rust 2021 with rustc.
    Rust,
}

impl Language {
    /// Every language, in the order the help lists them.
    pub const ALL: [Language; 5] = [Language::C, Language::Cpp, Language::Python, Language::Java, Language::Rust];

    /// The language of a source file, by its extension in any case (`LIU.C` is C: a course
    /// platform, or Windows, may write extensions in capitals).
    pub fn of(path: &Path) -> Option<Language> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        Language::ALL.into_iter().find(|language| language.extensions().contains(&extension.as_str()))
    }

    /// The extensions its sources have, in lower case, without the dot: the one list that
    /// [`Language::of`] reads and that a message naming the sources the judge builds lists.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            Language::C => &["c"],
            Language::Cpp => &["cpp", "cc", "cxx"],
            Language::Python => &["py"],
            Language::Java => &["java"],
            Language::Rust => &["rs"],
        }
    }

    /// What a caller needs to know of the language beyond building it: its name, its tool, an
    /// empty program, how its comments begin. One match, so that a language added without them
    /// does not build.
    pub fn facts(self) -> Facts {
        let facts = |name, tool, empty, comments| Facts { name, tool, empty, comments };
        match self {
            Language::C => facts("C", "gcc", ("empty.c", "int main(void) { return 0; }\n"), Comments::Slashes),
            Language::Cpp => facts("C++", "g++", ("empty.cpp", "int main() { return 0; }\n"), Comments::Slashes),
            Language::Python => facts("Python", "python3", ("empty.py", "\n"), Comments::Hash),
            Language::Java => facts(
                "Java",
                "javac",
                ("{class}.java", "public class {class} { public static void main(String[] a) {} }\n"),
                Comments::Slashes,
            ),
            Language::Rust => facts("Rust", "rustc", ("empty.rs", "fn main() {}\n"), Comments::Slashes),
        }
    }

    /// The tool it needs (the compiler, or the interpreter for Python).
    pub fn tool(self) -> &'static str {
        self.facts().tool
    }

    /// Where its tool is found on `host`: the compiler on `PATH`, or for Python the interpreter
    /// `python` chooses (probed once per host).
    pub fn found(self, host: &Host) -> Option<PathBuf> {
        match self {
            Language::Python => host.python(|| python(host)),
            _ => find_in_path(self.tool()),
        }
    }

    /// The command that compiles `sources` (one, or a [`Project`]'s inputs) into `dir`, C and
    /// C++ looking for headers in `includes` too; `None` for Python, which is not compiled.
    pub fn compiler(self, sources: &[PathBuf], includes: &[PathBuf], dir: &Path) -> Option<Vec<OsString>> {
        let main = dir.join("main").into_os_string();
        let src: Vec<OsString> = sources.iter().map(|s| s.as_os_str().to_os_string()).collect();
        let include: Vec<OsString> = includes
            .iter()
            .map(|d| {
                let mut flag = OsString::from("-I");
                flag.push(d);
                flag
            })
            .collect();
        let words = |w: &[&str]| w.iter().map(OsString::from).collect::<Vec<_>>();
        // gcc and g++ take the same flags but the standard.
        let gnu = |tool: &str, std: &str| {
            [
                words(&[tool, "-DONLINE_JUDGE", "-O2", std, "-pipe"]),
                include.clone(),
                src.clone(),
                words(&["-lm", "-o"]),
                vec![main.clone()],
            ]
            .concat()
        };
        Some(match self {
            Language::C => gnu("gcc", "-std=c11"),
            Language::Cpp => gnu("g++", "-std=c++17"),
            Language::Java => [words(&["javac", "-encoding", "UTF-8", "-d"]), vec![dir.into()], src].concat(),
            Language::Rust => [words(&["rustc", "-O", "--edition", "2021"]), src, words(&["-o"]), vec![main]].concat(),
            Language::Python => return None,
        })
    }

    /// The program that runs what was built from `source` in `dir`, with a memory limit in bytes.
    pub fn program(self, source: &Path, dir: &Path, memory: Option<u64>) -> Program {
        match self {
            // Its modules are imported from beside it.
            Language::Python => {
                Program { reads: Some(dir.into()), ..Program::new(vec!["python3".into(), source.into()]) }
            }
            Language::Java => {
                let class = source.file_stem().unwrap_or_default().to_os_string();
                let mut argv: Vec<OsString> = vec!["java".into()];
                argv.extend(memory.into_iter().flat_map(jvm_limits));
                argv.extend(["-cp".into(), dir.into(), class]);
                Program { argv, limit_address_space: false, ..Program::new(Vec::new()) }
            }
            _ => Program::new(vec![dir.join("main").into()]),
        }
    }
}

/// The JVM's limits under a memory limit of `bytes` (M MiB): the heap, M (`-Xmx`); and what it
/// would otherwise hold beyond it unbounded or as large as the heap: direct buffers, M/4
/// (`-XX:MaxDirectMemorySize`; the JVM's default is M), classes, M/4 and at least 16 MiB
/// (`-XX:MaxMetaspaceSize`; a lab's program uses under 1 MiB), each Java thread's stack, M/128
/// from 512 KiB to 1 MiB, the JVM's default (`-Xss`). At the default 256 MiB, direct buffers and
/// classes together are the 128 MiB a JVM may hold beyond its heap
/// ([`facts::JUDGE_JVM_BEYOND_HEAP`]); past the caps the JVM throws an `OutOfMemoryError` (MLE)
/// or a `StackOverflowError` of its own.
fn jvm_limits(bytes: u64) -> [OsString; 4] {
    let mib = bytes >> 20;
    let stack_kib = (mib * 8).clamp(512, 1024);
    [
        format!("-Xmx{mib}m"),
        format!("-XX:MaxDirectMemorySize={}m", (mib / 4).max(1)),
        format!("-XX:MaxMetaspaceSize={}m", (mib / 4).max(16)),
        format!("-Xss{stack_kib}k"),
    ]
    .map(OsString::from)
}

/// What a caller needs to know of a [`Language`] beyond building it ([`Language::facts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facts {
    /// Its name, as a report names it: `C++`.
    pub name: &'static str,
    /// The tool it needs (the compiler, or the interpreter for Python).
    pub tool: &'static str,
    /// An empty program, what starting one costs and no more: its file's name and its text. A
    /// Java class is named as the judge names it: `{class}` stands for the name.
    pub empty: (&'static str, &'static str),
    /// How its comments begin.
    pub comments: Comments,
}

/// How a language writes comments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comments {
    /// `//` to the end of the line and `/* … */` (C, C++, Java, Rust).
    Slashes,
    /// `#` to the end of the line (Python).
    Hash,
}

/// A program built from source, and the directory it lives in.
#[derive(Debug)]
pub struct Build {
    /// What to run.
    pub program: Program,
    /// The command that compiled it, its words joined by spaces as the program named them
    /// (unescaped: a file name may hold anything), for the report (`None` for Python).
    pub command: Option<String>,
    /// The files (as saved) that were not UTF-8 but GBK, and were built transcoded to UTF-8
    /// (`as_utf8`): the report says so.
    pub transcoded: Box<[PathBuf]>,
    /// Kept only so that the directory lives as long as the program may run.
    _dir: Scratch,
}

/// What a build gave: the program, or why it is a Compile Error.
#[derive(Debug)]
pub enum Compiled {
    /// Built.
    Built(Build),
    /// A Compile Error: the compiler's first error lines, or the limit it met.
    Failed(BuildFailure),
}

/// Builds `source`, a file in `language`, in `session` (its sandbox) under `rules` (its build
/// limits, its memory limit): the
/// build or a Compile Error, or `Err` when it cannot even be tried (no such file, no compiler), or
/// [`Error::CompilerKilled`] and [`Error::CompilerProcesses`] when the compiler was killed by a
/// signal or the process cap: the machine's failure, which a grader tries again.
pub fn compile(source: &Path, language: Language, session: &Session, rules: &Rules) -> Result<Compiled, Error> {
    if !source.is_file() {
        return Err(Error::NoSuchSource(source.to_path_buf()));
    }
    let class = rules.site().java_class();
    // A judge that runs class `Main` from one file: a `package` line or another public class
    // name fails in javac's or java's words, which do not say what to change.
    if let (Language::Java, Some(class)) = (language, class)
        && language.found(&session.host).is_some()
        && let Some(failure) = java_naming(&std::fs::read(source)?, class)
    {
        return Ok(Compiled::Failed(failure));
    }
    let name = saved_name(source, language, class);
    let files = [(source.to_path_buf(), name.clone())];
    build(source, language, &files, (std::slice::from_ref(&name), &[], &name), session, rules)
}

/// Builds `project`, a program in several files in the folder `dir`, as [`compile`] builds one:
/// its files are saved as the project says and built together, and its `main` is run.
pub fn compile_project(dir: &Path, project: &Project, session: &Session, rules: &Rules) -> Result<Compiled, Error> {
    let files: Vec<(PathBuf, PathBuf)> =
        project.parts.iter().map(|part| (dir.join(&part.from), part.saved.clone())).collect();
    // For Java, the class: `lab.Main.java`'s stem is the class `lab.Main`.
    let main = project.class.as_ref().map_or(project.main.clone(), |class| PathBuf::from(format!("{class}.java")));
    build(dir, project.language, &files, (&project.inputs, &project.includes, &main), session, rules)
}

/// Builds `files` (where each is, and the name it is saved under) in `language`: the compiler is
/// given `inputs`, looks for headers in `includes`, and `main` is the file that is run. `source`
/// is what the errors name.
fn build(
    source: &Path,
    language: Language,
    files: &[(PathBuf, PathBuf)],
    (inputs, includes, main): (&[PathBuf], &[PathBuf], &Path),
    session: &Session,
    rules: &Rules,
) -> Result<Compiled, Error> {
    let tool = language.tool();
    let Some(found) = language.found(&session.host) else {
        return Err(Error::NoCompiler { source: source.to_path_buf(), tool });
    };
    let dir = Scratch::new("build")?;
    let mut transcoded = Vec::new();
    for (from, name) in files {
        if !project::is_plain(name) {
            return Err(Error::Undecided { source: source.to_path_buf(), why: Undecided::Outside(name.clone()) });
        }
        if save(from, dir.path(), name)? {
            transcoded.push(name.clone());
        }
    }
    // The build, and the runs of what it built, may not be labs's user (root's are the slot's).
    session.host.give_to_runs(dir.path(), session.user());
    let mut program = language.program(&dir.path().join(main), dir.path(), rules.memory_limit);
    if language == Language::Python {
        program.argv[0] = found.into_os_string();
    }
    // `./NAME`, so that a file named `-o.c` is a file to the compiler, not an option.
    let dotted = |names: &[PathBuf]| names.iter().map(|name| Path::new(".").join(name)).collect::<Vec<_>>();
    let Some(argv) = language.compiler(&dotted(inputs), &dotted(includes), dir.path()) else {
        session.host.keep_from_runs(dir.path(), session.user());
        return Ok(Compiled::Built(Build { program, command: None, transcoded: transcoded.into(), _dir: dir }));
    };
    // Said as the student would say it: the build's folder is `.` (the compiler runs in it).
    let command = argv.iter().map(|w| w.to_string_lossy()).collect::<Vec<_>>().join(" ");
    let command = String::from_utf8_lossy(&as_the_students(command.as_bytes(), dir.path())).into_owned();
    let limits = Limits {
        time: facts::JUDGE_COMPILE_TIME,
        grace: facts::JUDGE_GRACE,
        memory: rules.build_memory_limit,
        file_size: rules.build_file_limit,
        stdout: facts::JUDGE_STDERR_BYTES,
        stderr: facts::JUDGE_STDERR_BYTES,
        processes: super::guarded_processes(session, Some(facts::JUDGE_COMPILE_PROCESSES)),
    };
    // javac is a JVM, which reserves far more address space than it uses: its cgroup alone.
    let limit_address_space = language != Language::Java;
    let compiler = Program {
        dir: Some(dir.path().to_path_buf()),
        limit_address_space,
        untrusted: true,
        user: session.user(),
        ..Program::new(argv)
    };
    let compiler = match session.sandbox.as_deref() {
        Some(sandbox) => sandbox.wrap(&compiler, Place::Build(dir.path()), Some(facts::JUDGE_COMPILE_PROCESSES)),
        None => compiler,
    };
    let run = process::run(&compiler, None, &limits, &session.host, session.stop.as_ref())
        .map_err(|stop| super::stopped(stop, tool, session))?;
    let memory = BuildLimit { tool, kind: BuildLimitKind::Memory, bytes: rules.build_memory_limit };
    match run.ended {
        Ended::Exited(0) => {
            // The runs may read and execute the build, never remove it: see `keep_from_runs`.
            session.host.keep_from_runs(dir.path(), session.user());
            Ok(Compiled::Built(Build { program, command: Some(command), transcoded: transcoded.into(), _dir: dir }))
        }
        Ended::TimedOut(_) => Ok(Compiled::Failed(BuildFailure::OutOfTime { tool, limit: facts::JUDGE_COMPILE_TIME })),
        // What labs saw, never what the compiler wrote (a student's `#error "vfork: …"`).
        Ended::Signalled(signal) => Err(Error::CompilerKilled { tool, signal }),
        Ended::TooManyProcesses => Err(Error::CompilerProcesses { tool, cap: facts::JUDGE_COMPILE_PROCESSES }),
        Ended::OutOfMemory => Ok(Compiled::Failed(BuildFailure::OutOfMemory(memory))),
        _ => {
            let output = as_the_students(&[run.stderr, run.stdout].concat(), dir.path());
            // What the compiler said: EFBIG's words, or an allocation that failed under the
            // address-space limit. A student who writes them in an `#error` only gets CE.
            let said = |words: &str| output.windows(words.len()).any(|w| w == words.as_bytes());
            let limit = if said("File too large") {
                Some(BuildLimit { tool, kind: BuildLimitKind::FileSize, bytes: rules.build_file_limit })
            } else if said("out of memory") || said("memory exhausted") {
                Some(memory)
            } else {
                None
            };
            Ok(Compiled::Failed(BuildFailure::Compiler { limit, lines: first_errors(&output) }))
        }
    }
}

/// Copies the file at `from` into the build's folder `dir` as `name`, a plain relative path
/// ([`project::is_plain`]): each of its folders made with `create_dir` (one already made must be a
/// folder, not a link to one), the file created new (`O_EXCL`, so never through a link). The
/// folder is labs's own, fresh and private until the build is given to the runs, so nothing but
/// this writes in it meanwhile; this is the one place a build's files are written. Its bytes are
/// written as [`as_utf8`] makes them: whether they were transcoded from GBK.
fn save(from: &Path, dir: &Path, name: &Path) -> std::io::Result<bool> {
    let mut at = dir.to_path_buf();
    let folders = name.parent().map(|p| p.components().collect::<Vec<_>>()).unwrap_or_default();
    for folder in folders {
        at.push(folder);
        match std::fs::create_dir(&at) {
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && std::fs::symlink_metadata(&at)?.is_dir() => {}
            made => made?,
        }
    }
    let mut to = std::fs::OpenOptions::new().write(true).create_new(true).open(dir.join(name))?;
    let (bytes, transcoded) = as_utf8(name, std::fs::read(from)?);
    std::io::Write::write_all(&mut to, &bytes)?;
    Ok(transcoded)
}

/// A source's `bytes` as its compiler is to read them, and whether they were transcoded: the
/// bytes of a Java, Python or Rust source (`name`) that are not UTF-8 but are GBK (what a Chinese
/// Windows editor saves, `// 皇后` in a comment), transcoded to UTF-8, since javac
/// (`-encoding UTF-8`), python3 and rustc refuse them ("unmappable character"); any other bytes as
/// they are. Not a Python file that declares its coding (PEP 263), which Python reads as it says;
/// not C or C++, whose compilers take a comment's or a string's bytes as they are, so that what a
/// program prints is its own bytes.
fn as_utf8(name: &Path, bytes: Vec<u8>) -> (Vec<u8>, bool) {
    let refuses = matches!(Language::of(name), Some(Language::Java | Language::Python | Language::Rust));
    if !refuses || std::str::from_utf8(&bytes).is_ok() || declares_coding(&bytes) {
        return (bytes, false);
    }
    match encoding_rs::GBK.decode_without_bom_handling_and_without_replacement(&bytes) {
        Some(text) => (text.into_owned().into_bytes(), true),
        None => (bytes, false),
    }
}

/// Whether a Python source's first two lines declare its coding (`# -*- coding: gbk -*-`).
fn declares_coding(bytes: &[u8]) -> bool {
    bytes.split(|&b| b == b'\n').take(2).any(|line| {
        let line = String::from_utf8_lossy(line);
        line.trim_start().starts_with('#') && line.contains("coding")
    })
}

/// Why a one-file Java source cannot run as class `class` (a judge's `Main`): a `package` line
/// (the class is then `that.package.Main`, which `java Main` does not find), or a top-level
/// public class of another name (which javac refuses in `Main.java`). Read from unindented lines
/// only, so that a nested class is no top-level one.
fn java_naming(source: &[u8], class: &'static str) -> Option<BuildFailure> {
    let text = String::from_utf8_lossy(source);
    for line in text.lines().filter(|l| !l.starts_with([' ', '\t'])) {
        if let Some(package) = line.strip_prefix("package ").and_then(|rest| rest.trim().strip_suffix(';')) {
            return Some(BuildFailure::JavaPackage { package: package.trim().to_string(), class });
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() == Some(&"public")
            && let Some(at) = words.iter().position(|w| *w == "class")
            && let Some(name) = words.get(at + 1)
        {
            let name: String = name.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if name != class {
                return Some(BuildFailure::JavaClass { found: name, class });
            }
        }
    }
    None
}

/// The name `source` is saved under for its build: `Main.java` where the judge runs class `Main`
/// (`java_class`), whatever the student called the file, as AcWing, PTA, POJ and Luogu do;
/// otherwise its own name, the extension in small letters (gcc reads `.C` as C++).
fn saved_name(source: &Path, language: Language, java_class: Option<&str>) -> PathBuf {
    let stem = source.file_stem().unwrap_or_default();
    match (language, java_class) {
        (Language::Java, Some(class)) => PathBuf::from(format!("{class}.java")),
        _ => {
            let extension = source.extension().unwrap_or_default().to_string_lossy().to_ascii_lowercase();
            PathBuf::from(stem).with_extension(extension)
        }
    }
}

/// `output` (a compiler's words) with labs's build folder `dir` written as the student's own
/// folder: `DIR/lab/Main.java` as `./lab/Main.java`, `DIR` alone as `.` (its path as given and as
/// the system resolves it, which a compiler may print instead); the compiler runs in `dir`, so
/// the words still hold, and no temporary path of the grader's reaches a report or a feedback file.
fn as_the_students(output: &[u8], dir: &Path) -> Vec<u8> {
    let mut output = output.to_vec();
    let resolved = dir.canonicalize().ok().filter(|r| r != dir);
    for dir in std::iter::once(dir.to_path_buf()).chain(resolved) {
        let dir = dir.as_os_str().as_encoded_bytes();
        output = replace(&replace(&output, &[dir, b"/"].concat(), b"./"), dir, b".");
    }
    output
}

/// `bytes` with each `from` in it replaced by `to`, left to right.
fn replace(bytes: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at..].starts_with(from) {
            out.extend_from_slice(to);
            at += from.len();
        } else {
            out.push(bytes[at]);
            at += 1;
        }
    }
    out
}

/// The compiler's first error line and the two after it (the source line and the caret, for gcc),
/// or its first three lines if none says "error"; raw, as it wrote them (at most
/// [`facts::JUDGE_STDERR_BYTES`] in all).
pub fn first_errors(output: &[u8]) -> Vec<Vec<u8>> {
    let lines: Vec<&[u8]> = output.split(|&b| b == b'\n').filter(|l| !l.trim_ascii().is_empty()).collect();
    let first = lines.iter().position(|l| String::from_utf8_lossy(l).to_lowercase().contains("error")).unwrap_or(0);
    lines.iter().skip(first).take(3).map(|l| l.to_vec()).collect()
}

/// The Python 3 to run sources with: the first of [`System::pythons`] on `PATH` whose
/// `--version` says Python 3 (so not the Windows Store's stub `python3`), under a guard: a plain
/// child of ours would be taken by a grader's other guards for one of their runs'.
fn python(host: &Host) -> Option<PathBuf> {
    System::HERE.pythons().iter().filter_map(|name| find_in_path(name)).find(|path| {
        let probe = Program::new(vec![path.into(), "--version".into()]);
        process::run(&probe, None, &Limits::probe(), host, &process::NoStop)
            .is_ok_and(|run| system::is_real_python(run.ended == Ended::Exited(0), &[run.stdout, run.stderr].concat()))
    })
}

/// Checks that `argv0` can be run as a judge runs it, and says why not: a missing program, a
/// directory, a file that is not executable, a script without `#!`.
pub fn check_program(argv0: &Path) -> Result<(), Error> {
    let not = |why| Err(Error::NotRunnable(argv0.to_path_buf(), why));
    if !System::HERE.is_path(&argv0.as_os_str().to_string_lossy()) {
        return match find_in_path(&argv0.to_string_lossy()) {
            Some(_) => Ok(()),
            None => not(NotRunnable::NotOnPath),
        };
    }
    if argv0.is_dir() {
        return not(NotRunnable::IsADirectory);
    }
    if !argv0.exists() {
        return not(NotRunnable::NoSuchFile);
    }
    if !is_executable(argv0) {
        return not(NotRunnable::NotExecutable);
    }
    let mut head = [0u8; 4];
    let read = std::fs::File::open(argv0).and_then(|mut f| std::io::Read::read(&mut f, &mut head))?;
    if !System::HERE.runs_header(&head[..read]) {
        return not(NotRunnable::NoInterpreterLine);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_come_from_extensions() {
        assert_eq!(Language::of(Path::new("q.cpp")), Some(Language::Cpp));
        assert_eq!(Language::of(Path::new("dir/Queens.java")), Some(Language::Java));
        assert_eq!(Language::of(Path::new("queens")), None);
        assert_eq!(Language::of(Path::new("LIU.C")), Some(Language::C));
        for language in Language::ALL {
            for extension in language.extensions() {
                assert_eq!(Language::of(Path::new(&format!("q.{}", extension.to_uppercase()))), Some(language));
            }
        }
    }

    #[test]
    fn java_runs_its_class_with_a_heap_limit() {
        let p = Language::Java.program(Path::new("src/Queens.java"), Path::new("/tmp/x"), Some(256 << 20));
        let limits = ["-Xmx256m", "-XX:MaxDirectMemorySize=64m", "-XX:MaxMetaspaceSize=64m", "-Xss1024k"];
        assert_eq!(p.argv, [&["java"][..], &limits, &["-cp", "/tmp/x", "Queens"]].concat());
        assert!(!p.limit_address_space);
        let p = Language::Java.program(Path::new("Main.java"), Path::new("/tmp/x"), None);
        assert_eq!(p.argv, ["java", "-cp", "/tmp/x", "Main"].map(OsString::from));
    }

    #[test]
    fn a_jvm_beyond_its_heap_is_capped_from_the_memory_limit() {
        let limits = |mib: u64| jvm_limits(mib << 20).map(|w| w.into_string().unwrap());
        // Direct buffers and classes, at the default limit, are what a JVM may hold beyond its heap.
        assert_eq!((2 * (facts::JUDGE_MEMORY_MIB / 4)) << 20, facts::JUDGE_JVM_BEYOND_HEAP);
        assert_eq!(limits(64), ["-Xmx64m", "-XX:MaxDirectMemorySize=16m", "-XX:MaxMetaspaceSize=16m", "-Xss512k"]);
        assert_eq!(limits(16), ["-Xmx16m", "-XX:MaxDirectMemorySize=4m", "-XX:MaxMetaspaceSize=16m", "-Xss512k"]);
        assert_eq!(limits(1), ["-Xmx1m", "-XX:MaxDirectMemorySize=1m", "-XX:MaxMetaspaceSize=16m", "-Xss512k"]);
        assert_eq!(
            limits(1024),
            ["-Xmx1024m", "-XX:MaxDirectMemorySize=256m", "-XX:MaxMetaspaceSize=256m", "-Xss1024k"]
        );
    }

    #[test]
    fn sources_are_saved_as_the_judge_names_them() {
        assert_eq!(saved_name(Path::new("c/2023_zhao.java"), Language::Java, Some("Main")), Path::new("Main.java"));
        assert_eq!(saved_name(Path::new("c/Queens.java"), Language::Java, None), Path::new("Queens.java"));
        assert_eq!(saved_name(Path::new("c/LIU.C"), Language::C, Some("Main")), Path::new("LIU.c"));
        assert_eq!(saved_name(Path::new("-v.c"), Language::C, None), Path::new("-v.c"));
    }

    #[test]
    fn a_java_package_or_another_class_name_is_named_before_javac_runs() {
        let package = b"package lab;\n\npublic class Main {\n    public class Inner {}\n}\n";
        assert_eq!(
            java_naming(package, "Main"),
            Some(BuildFailure::JavaPackage { package: "lab".into(), class: "Main" })
        );
        let queens =
            b"import java.util.*;\npublic final class Queens {\n    public static void main(String[] a) {}\n}\n";
        assert_eq!(
            java_naming(queens, "Main"),
            Some(BuildFailure::JavaClass { found: "Queens".into(), class: "Main" })
        );
        let main = b"public class Main {\n    public class Inner {}\n}\nclass Helper {}\n";
        assert_eq!(java_naming(main, "Main"), None);
    }

    #[test]
    fn the_build_folder_is_written_as_the_students_own() {
        let dir = Path::new("/tmp/labs-judge-1-build-x");
        let said = b"/tmp/labs-judge-1-build-x/lab/Main.java:2: error: cannot write /tmp/labs-judge-1-build-x";
        assert_eq!(as_the_students(said, dir), b"./lab/Main.java:2: error: cannot write .");
        let command = b"gcc ./q.c -lm -o /tmp/labs-judge-1-build-x/main";
        assert_eq!(as_the_students(command, dir), b"gcc ./q.c -lm -o ./main");
    }

    #[test]
    fn a_gbk_source_is_transcoded_for_the_compilers_that_refuse_it() {
        let (gbk, _, unmappable) = encoding_rs::GBK.encode("// 八皇后\nclass Main {}\n");
        assert!(!unmappable);
        let utf8 = "// 八皇后\nclass Main {}\n".as_bytes().to_vec();
        assert_eq!(as_utf8(Path::new("lab/Main.java"), gbk.to_vec()), (utf8.clone(), true));
        assert!(as_utf8(Path::new("main.py"), gbk.to_vec()).1);
        // UTF-8 as it is; C's bytes as they are; a Python coding line as Python reads it.
        assert_eq!(as_utf8(Path::new("Main.java"), utf8.clone()), (utf8, false));
        assert_eq!(as_utf8(Path::new("q.c"), gbk.to_vec()), (gbk.to_vec(), false));
        let declared = [b"# -*- coding: gbk -*-\n".as_slice(), &gbk].concat();
        assert_eq!(as_utf8(Path::new("q.py"), declared.clone()), (declared, false));
        // Bytes that are neither, as they are: the compiler says what it says.
        assert_eq!(as_utf8(Path::new("Main.java"), b"\xff\xff".to_vec()), (b"\xff\xff".to_vec(), false));
    }

    #[test]
    fn the_first_error_line_comes_first() {
        let gcc = b"q.c: In function 'main':\nq.c:3:5: error: expected ';' before 'return'\n    3 |     return 0\n      |     ^\nmore\n";
        let first: [&[u8]; 3] =
            [b"q.c:3:5: error: expected ';' before 'return'", b"    3 |     return 0", b"      |     ^"];
        assert_eq!(first_errors(gcc), first);
        assert!(first_errors(b"\n \n").is_empty());
    }
}
