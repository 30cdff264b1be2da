//! A program in several files: which of a folder's files are built together, under which names,
//! and which one is run; or why that cannot be decided.
//!
//! A folder is read to a few levels deep ([`MAX_DEPTH`]); hidden entries, links and files that
//! are neither a source ([`Language::of`]) nor a C or C++ header ([`is_header`]) are left out
//! (a `Cargo.toml`, a `README`, an IDE's `.class` files). What is left is one program when:
//!
//! | sources | built | run |
//! |---|---|---|
//! | `.c` units and headers | every unit together, headers where they are (`-I` for a folder of headers alone) | the one unit that defines `main` |
//! | `.cpp` (`.cc`, `.cxx`) units, with `.c` ones or not, and headers | the same, by `g++` | the same |
//! | `.java` files | all together, each saved in the folder its `package` line names | the class with `static void main`, `Main` if several have one |
//! | `.rs` files | the crate root alone: rustc finds its modules by their `mod` lines | the one file that defines `fn main` |
//! | `.py` files | (nothing) | `main.py`, else the one file with an `if __name__` guard |
//!
//! Anything else cannot be decided, and is said so ([`Undecided`]): no source, sources in two
//! languages, no file with a `main`, or several (two `main` functions do not link: one of them is
//! an old copy the student left beside the new), two Java files of one class, a `package` line
//! that names no package. `main` is found in the text with its comments and literals taken out,
//! so a `main` in a comment or a string is none.
//!
//! A `package` line is a name, never a path: each of its parts must be a Java identifier
//! ([`is_java_identifier`]), so that `package ../../x;` or `package /etc;` is refused here, and every
//! path a project saves is plain ([`is_plain`]: relative, with normal parts only), which the build
//! checks again where it writes.

use super::compile::Language;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// How deep below the folder files are looked for: `src/lab/Main.java` is two folders down.
pub const MAX_DEPTH: usize = 4;

/// A C or C++ header, by its extension in any case: built beside the units that include it.
pub fn is_header(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| ["h", "hpp", "hh", "hxx"].contains(&e.to_ascii_lowercase().as_str()))
}

/// Whether the folder's file at `path` (relative) is one a [`Project`] is made of.
pub fn is_part(path: &Path) -> bool {
    Language::of(path).is_some() || is_header(path)
}

/// One file of a project: where the folder holds it, and where its build saves it (both relative).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProjectFile {
    /// Its path in the folder.
    pub from: PathBuf,
    /// Its path in the build's directory.
    pub saved: PathBuf,
}

/// A program in several files, decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Project {
    /// Its language (C++ for C++ units with C ones).
    pub language: Language,
    /// Every file, in the folder's order.
    pub parts: Vec<ProjectFile>,
    /// What the compiler is given, as saved: every unit, or Rust's crate root alone.
    pub inputs: Vec<PathBuf>,
    /// Folders to search for headers (`-I`), as saved: each that holds headers but no unit.
    pub includes: Vec<PathBuf>,
    /// The file that holds `main`, as saved: the program Python runs.
    pub main: PathBuf,
    /// Java's class to run, with its package (`lab.Main`).
    pub class: Option<String>,
}

/// Why a folder's files are not one program to build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undecided {
    /// No source file.
    NoSource,
    /// Sources in several languages, which are never built together.
    Languages(Vec<Language>),
    /// No file defines `main` (for Python: no `main.py` and no `if __name__` guard).
    NoMain(Language),
    /// Several files define `main`: these (as the folder holds them).
    SeveralMains(Vec<PathBuf>),
    /// Two Java files declare the same class in the same package: its name.
    SameClass(String),
    /// A Java file's `package` line names no package (a part that is no Java identifier: `..`,
    /// `/dir`, `1a`, an empty part): the file (as the folder holds it) and what the line says.
    Package {
        /// The file.
        file: PathBuf,
        /// What its `package` line says, its spaces and comments taken out.
        package: String,
    },
    /// A file would be saved where no build may write: not a plain relative path ([`is_plain`]).
    /// Never from a project decided here; the build's last check, whatever its route.
    Outside(PathBuf),
}

impl Project {
    /// The project the files of the folder `dir` make (its files read from it, links and hidden
    /// entries left out, [`MAX_DEPTH`] deep).
    pub fn of(dir: &Path) -> std::io::Result<Result<Project, Undecided>> {
        let mut files = Vec::new();
        walk(dir, Path::new(""), 0, &mut files)?;
        let read: Vec<(PathBuf, Vec<u8>)> =
            files.into_iter().map(|f| std::fs::read(dir.join(&f)).map(|b| (f, b))).collect::<Result<_, _>>()?;
        Ok(Project::from_files(&read))
    }

    /// The project `files` make (each a path in the folder and its bytes), in the order given.
    pub fn from_files(files: &[(PathBuf, Vec<u8>)]) -> Result<Project, Undecided> {
        let files: Vec<&(PathBuf, Vec<u8>)> = files.iter().filter(|(path, _)| is_part(path)).collect();
        let languages: Vec<Language> =
            Language::ALL.into_iter().filter(|&l| files.iter().any(|(p, _)| Language::of(p) == Some(l))).collect();
        let language = match languages.as_slice() {
            [] => return Err(Undecided::NoSource),
            [one] => *one,
            [Language::C, Language::Cpp] => Language::Cpp,
            many => return Err(Undecided::Languages(many.to_vec())),
        };
        let c_like = matches!(language, Language::C | Language::Cpp);
        // A header belongs to C and C++ alone; beside Java or Python it is left out.
        let files: Vec<&(PathBuf, Vec<u8>)> =
            files.into_iter().filter(|(path, _)| Language::of(path).is_some() || c_like).collect();
        let units: Vec<&(PathBuf, Vec<u8>)> =
            files.iter().copied().filter(|(p, _)| Language::of(p).is_some()).collect();
        let main = main_unit(language, &units)?;
        let mut parts = Vec::new();
        let mut class = None;
        for (path, bytes) in &files {
            let saved = match language {
                Language::Java => {
                    let package = package(bytes);
                    if let Some(package) = package.as_ref().filter(|p| !is_package_name(p)) {
                        return Err(Undecided::Package { file: path.clone(), package: package.clone() });
                    }
                    let name = path.file_name().unwrap_or_default();
                    let folder: PathBuf = package.iter().flat_map(|p| p.split('.')).collect();
                    if path == main {
                        let stem = path.file_stem().unwrap_or_default().to_string_lossy();
                        class = Some(match &package {
                            Some(package) => format!("{package}.{stem}"),
                            None => stem.into_owned(),
                        });
                    }
                    folder.join(name)
                }
                _ if is_header(path) => path.clone(),
                // gcc reads `.C` as C++: a unit's extension in small letters.
                _ => path.with_extension(path.extension().unwrap_or_default().to_string_lossy().to_ascii_lowercase()),
            };
            if parts.iter().any(|p: &ProjectFile| p.saved == saved) {
                return Err(Undecided::SameClass(saved.with_extension("").to_string_lossy().replace('/', ".")));
            }
            parts.push(ProjectFile { from: path.clone(), saved });
        }
        let saved = |from: &Path| parts.iter().find(|p| p.from == from).map(|p| p.saved.clone()).expect("a part");
        let inputs = match language {
            Language::Rust => vec![saved(main)],
            _ => units.iter().map(|(p, _)| saved(p)).collect(),
        };
        let unit_dirs: BTreeSet<PathBuf> = inputs.iter().map(|p| folder_of(p)).collect();
        let includes: BTreeSet<PathBuf> = parts
            .iter()
            .filter(|p| is_header(&p.saved))
            .map(|p| folder_of(&p.saved))
            .filter(|d| !unit_dirs.contains(d))
            .collect();
        Ok(Project { language, main: saved(main), parts, inputs, includes: includes.into_iter().collect(), class })
    }
}

/// Whether `word` is a Java identifier: a letter (any script's), `_` or `$`, then letters, digits,
/// `_` and `$`. Reserved words are javac's to refuse; what matters here is that a part of a
/// package is a folder's plain name.
pub fn is_java_identifier(word: &str) -> bool {
    let mut chars = word.chars();
    let part = |c: char| c == '_' || c == '$';
    chars.next().is_some_and(|c| c.is_alphabetic() || part(c)) && chars.all(|c| c.is_alphanumeric() || part(c))
}

/// The longest package name taken, in bytes: its folders must fit a file system's paths (4096
/// bytes on Linux, 260 characters on old Windows) beside the build folder's own. A lab's package
/// is a word or two; a longer one would fail to be made, which is no fault of the machine's.
pub const PACKAGE_BYTES: usize = 200;

/// Whether `name` is a Java package name that can be saved as folders: Java identifiers
/// ([`is_java_identifier`]) between dots, [`PACKAGE_BYTES`] at most in all (so each folder's name
/// is under any file system's 255 bytes too).
pub fn is_package_name(name: &str) -> bool {
    name.len() <= PACKAGE_BYTES && name.split('.').all(is_java_identifier)
}

/// Whether `path` may be saved in a build's folder: relative, not empty, with normal parts only
/// (no `..`, no `.`, no root or prefix), so that joined to the folder it stays inside it.
pub fn is_plain(path: &Path) -> bool {
    path.components().next().is_some() && path.components().all(|c| matches!(c, std::path::Component::Normal(_)))
}

/// The folder `path` is in, `.` for none.
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The files below `dir` at `rel` (depth `depth`) a project may be made of, by name.
fn walk(dir: &Path, rel: &Path, depth: usize, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir.join(rel))?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let name = entry.file_name();
        if name.to_string_lossy().starts_with('.') {
            continue;
        }
        let kind = entry.file_type()?;
        let path = rel.join(&name);
        if kind.is_dir() && depth + 1 < MAX_DEPTH {
            walk(dir, &path, depth + 1, files)?;
        } else if kind.is_file() && is_part(&path) {
            files.push(path);
        }
    }
    Ok(())
}

/// The unit of `units` that holds the program's `main`, by the language's rule.
fn main_unit<'a>(language: Language, units: &[&'a (PathBuf, Vec<u8>)]) -> Result<&'a PathBuf, Undecided> {
    let named = |name: &str| units.iter().find(|(p, _)| p.file_name().is_some_and(|n| n == name));
    if language == Language::Python
        && let Some((path, _)) = named("main.py")
    {
        return Ok(path);
    }
    let mains: Vec<&'a PathBuf> =
        units.iter().filter(|(_, bytes)| defines_main(language, bytes)).map(|(p, _)| p).collect();
    match mains.as_slice() {
        [] => Err(Undecided::NoMain(language)),
        [one] => Ok(one),
        // Several classes may have a `main` (a test of the student's own); `Main` is the program.
        _ if language == Language::Java && named("Main.java").is_some_and(|(p, _)| mains.contains(&p)) => {
            Ok(&named("Main.java").expect("just found").0)
        }
        many => Err(Undecided::SeveralMains(many.iter().map(|p| p.to_path_buf()).collect())),
    }
}

/// Whether the source `bytes` in `language` defines the program's entry: `int main(` (or `void`,
/// `auto`, or `main(` first on a line) in C and C++, `void main(` in Java, `fn main(` in Rust, an
/// `if __name__` guard in Python.
fn defines_main(language: Language, bytes: &[u8]) -> bool {
    let text = code(language, &String::from_utf8_lossy(bytes));
    if language == Language::Python {
        return text.lines().any(|l| l.starts_with("if") && l.contains("__name__"));
    }
    let before: &[&str] = match language {
        Language::Java => &["void"],
        Language::Rust => &["fn"],
        _ => &["int", "void", "auto", "\n"],
    };
    let tokens = tokens(&text);
    tokens.windows(3).any(|w| before.contains(&w[0]) && w[1] == "main" && w[2] == "(")
        || (matches!(language, Language::C | Language::Cpp)
            && tokens.len() >= 2
            && tokens[0] == "main"
            && tokens[1] == "(")
}

/// `text` with its comments and string and character literals blanked (each a space; line breaks
/// kept).
fn code(language: Language, text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let hash = language == Language::Python;
    while let Some(c) = chars.next() {
        match c {
            '#' if hash => {
                while chars.peek().is_some_and(|&c| c != '\n') {
                    chars.next();
                }
            }
            '/' if !hash && chars.peek() == Some(&'/') => {
                while chars.peek().is_some_and(|&c| c != '\n') {
                    chars.next();
                }
            }
            '/' if !hash && chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                    }
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
                out.push(' ');
            }
            '"' | '\'' if c == '"' || language != Language::Rust => {
                let mut escaped = false;
                for d in chars.by_ref() {
                    if d == '\n' {
                        out.push('\n');
                    }
                    if !escaped && d == c {
                        break;
                    }
                    escaped = !escaped && d == '\\';
                }
                out.push(' ');
            }
            c => out.push(c),
        }
    }
    out
}

/// The words and marks of `code`: identifiers, and each other non-space character alone; a line
/// break is a token of its own (`"\n"`), so that `main(` first on a line can be seen.
fn tokens(code: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    let mut at = 0;
    let bytes = code.as_bytes();
    while at < bytes.len() {
        let b = bytes[at];
        let len = if b.is_ascii_alphanumeric() || b == b'_' {
            bytes[at..].iter().take_while(|b| b.is_ascii_alphanumeric() || **b == b'_').count()
        } else {
            code[at..].chars().next().map_or(1, char::len_utf8)
        };
        let token = &code[at..at + len];
        if token == "\n" || !token.trim().is_empty() {
            tokens.push(token);
        }
        at += len;
    }
    tokens
}

/// The package a Java source's `package` line names, if it has one.
fn package(bytes: &[u8]) -> Option<String> {
    let text = code(Language::Java, &String::from_utf8_lossy(bytes));
    let words = tokens(&text);
    let at = words.iter().position(|w| *w == "package")?;
    let name: String = words[at + 1..].iter().take_while(|w| **w != ";").copied().collect();
    (!name.is_empty()).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn project(files: &[(&str, &str)]) -> Result<Project, Undecided> {
        let files: Vec<(PathBuf, Vec<u8>)> =
            files.iter().map(|(p, t)| (PathBuf::from(p), t.as_bytes().to_vec())).collect();
        Project::from_files(&files)
    }

    const MAIN_C: &str = "#include \"queens.h\"\nint main(void) { return solve(); }\n";

    #[test]
    fn c_units_are_built_together_with_their_headers() {
        let p = project(&[
            ("main.c", MAIN_C),
            ("queens.h", "int solve(void);\n"),
            ("Q.C", "int solve(void) { return 0; }\n"),
        ])
        .unwrap();
        assert_eq!(p.language, Language::C);
        assert_eq!(p.inputs, [PathBuf::from("main.c"), PathBuf::from("Q.c")]);
        assert_eq!(p.main, PathBuf::from("main.c"));
        assert!(p.includes.is_empty());
        let p =
            project(&[("src/main.cpp", MAIN_C), ("include/queens.hpp", ""), ("src/q.c", "int solve() {}")]).unwrap();
        assert_eq!(p.language, Language::Cpp);
        assert_eq!(p.includes, [PathBuf::from("include")]);
    }

    #[test]
    fn main_is_found_in_code_not_in_comments_or_strings() {
        let commented = "// int main(void) {}\n/* int main() */ const char *s = \"int main(\";\nint solve(void);\n";
        assert!(!defines_main(Language::C, commented.as_bytes()));
        assert!(defines_main(Language::C, b"#include <stdio.h>\nint\nmain ( void ) {}"));
        assert!(defines_main(Language::C, b"main() { }"));
        assert!(!defines_main(Language::C, b"int x = domain(3);"));
        assert!(defines_main(Language::Rust, b"mod board;\nfn main() { let c = 'x'; }\n"));
        assert!(defines_main(Language::Java, b"class A { public static void main(String[] a) {} }"));
        assert!(defines_main(Language::Python, b"import q\nif __name__ == \"__main__\":\n    q.run()\n"));
        assert!(!defines_main(Language::Python, b"# if __name__ == '__main__':\n"));
    }

    #[test]
    fn java_files_are_placed_by_their_package_and_the_class_with_main_is_run() {
        let main =
            "package lab.queens;\nimport java.util.*;\npublic class Main { public static void main(String[] a) {} }\n";
        let board = "/* package other; */ package lab.queens;\nclass Board {}\n";
        let p = project(&[("Board.java", board), ("Main.java", main), ("notes.h", "")]).unwrap();
        let saved: Vec<&Path> = p.parts.iter().map(|p| p.saved.as_path()).collect();
        assert_eq!(saved, [Path::new("lab/queens/Board.java"), Path::new("lab/queens/Main.java")]);
        assert_eq!(p.class.as_deref(), Some("lab.queens.Main"));
        let test = "class Test { public static void main(String[] a) {} }";
        let plain = "public class Main { public static void main(String[] a) {} }";
        assert_eq!(project(&[("Main.java", plain), ("Test.java", test)]).unwrap().class.as_deref(), Some("Main"));
    }

    #[test]
    fn a_package_is_a_name_of_java_identifiers_never_a_path() {
        let main = |package: &str| {
            format!("package {package};\npublic class Main {{ public static void main(String[] a) {{}} }}\n")
        };
        // A name too long for the folders it makes, in one part or in many: no fault of the machine's
        // when they cannot be made.
        let (long, deep) = ("a".repeat(300), vec!["a"; 2100].join("."));
        for hostile in ["../../x", "/abs/dir", "a..b", "1a", "a.", ".a", "a/b", "a.b-c", "a\\b", &long, &deep] {
            assert_eq!(
                project(&[("Main.java", &main(hostile))]),
                Err(Undecided::Package { file: "Main.java".into(), package: hostile.into() }),
                "{hostile}"
            );
        }
        for fine in ["lab", "a.b.c", "_x.$y", "包.队列", "lab2.q_1"] {
            let p = project(&[("Main.java", &main(fine))]).unwrap();
            assert!(p.parts.iter().all(|p| is_plain(&p.saved)), "{fine}: {:?}", p.parts);
            assert_eq!(p.class, Some(format!("{fine}.Main")));
        }
        // Spaces and comments between the parts are Java's to allow.
        let spaced = project(&[("Main.java", &main("lab /* q */ . queens"))]).unwrap();
        assert_eq!(spaced.main, Path::new("lab/queens/Main.java"));
    }

    #[test]
    fn only_relative_paths_of_normal_parts_are_plain() {
        for plain in ["Main.java", "lab/Main.java", "src/./q.c"] {
            assert!(is_plain(Path::new(plain)), "{plain}");
        }
        for outside in ["", "/etc/passwd", "../x.c", "lab/../../x.c", "./q.c"] {
            assert!(!is_plain(Path::new(outside)), "{outside}");
        }
    }

    #[test]
    fn rust_gives_rustc_its_crate_root_alone() {
        let p = project(&[("board.rs", "pub fn n() {}"), ("main.rs", "mod board;\nfn main() {}")]).unwrap();
        assert_eq!(p.inputs, [PathBuf::from("main.rs")]);
        assert_eq!(p.parts.len(), 2);
    }

    #[test]
    fn python_runs_main_py_or_its_guarded_file() {
        let p = project(&[("main.py", "import q\n"), ("q.py", "if __name__ == '__main__': pass\n")]).unwrap();
        assert_eq!(p.main, PathBuf::from("main.py"));
        let p = project(&[("run.py", "if __name__ == '__main__':\n    pass\n"), ("q.py", "")]).unwrap();
        assert_eq!(p.main, PathBuf::from("run.py"));
    }

    #[test]
    fn what_cannot_be_decided_says_why() {
        assert_eq!(project(&[("notes.h", "")]), Err(Undecided::NoSource));
        assert_eq!(
            project(&[("a.c", MAIN_C), ("b.py", "")]),
            Err(Undecided::Languages(vec![Language::C, Language::Python]))
        );
        assert_eq!(project(&[("a.c", "int f;"), ("b.c", "int g;")]), Err(Undecided::NoMain(Language::C)));
        assert_eq!(
            project(&[("main.c", MAIN_C), ("old_main.c", MAIN_C)]),
            Err(Undecided::SeveralMains(vec!["main.c".into(), "old_main.c".into()]))
        );
        let main = "package lab;\npublic class Main { public static void main(String[] a) {} }";
        assert_eq!(
            project(&[("Main.java", main), ("old/Main.java", main)]),
            Err(Undecided::SameClass("lab.Main".into()))
        );
    }
}
