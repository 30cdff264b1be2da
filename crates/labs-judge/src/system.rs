//! What differs between Windows, macOS and Linux for the judge, as plain functions of the
//! system, so that every decision is compiled and unit-tested on any of them: a Windows crash
//! code, the names a command is found under, the interpreter to choose, line endings, memory
//! units, the headers of a runnable file, and how to install a tool. Only [`System::HERE`] is
//! chosen by the compiler; the backends' `cfg` glue calls these and decides nothing itself.

use std::borrow::Cow;
use std::ffi::OsStr;

/// A family of systems the judge tells apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum System {
    /// Linux.
    Linux,
    /// macOS.
    MacOs,
    /// Windows.
    Windows,
    /// Another Unix (a BSD, say): Unix rules, no `/proc` to count on.
    OtherUnix,
}

/// What a Windows program that crashed ends with: an NTSTATUS exception code, by its cause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exception {
    /// `0xC0000005`, an access violation: what Linux calls a segmentation fault.
    AccessViolation,
    /// `0xC00000FD`, the stack overflowed (too deep a recursion).
    StackOverflow,
    /// `0xC0000094`, an integer division by zero: what Linux calls SIGFPE.
    IntegerDivideByZero,
}

impl System {
    /// The system this `labs` was built for.
    pub const HERE: System = if cfg!(windows) {
        System::Windows
    } else if cfg!(target_os = "macos") {
        System::MacOs
    } else if cfg!(target_os = "linux") {
        System::Linux
    } else {
        System::OtherUnix
    };

    /// Its name, as a user knows it.
    pub fn name(self) -> &'static str {
        match self {
            System::Linux => "Linux",
            System::MacOs => "macOS",
            System::Windows => "Windows",
            System::OtherUnix => "this Unix",
        }
    }

    /// The crash a program's exit code stands for: on Windows, an NTSTATUS the system ended it
    /// with (std reports it as the exit code); elsewhere exit codes are only exit codes.
    pub fn exception(self, code: i32) -> Option<Exception> {
        if self != System::Windows {
            return None;
        }
        match code as u32 {
            0xC000_0005 => Some(Exception::AccessViolation),
            0xC000_00FD => Some(Exception::StackOverflow),
            0xC000_0094 => Some(Exception::IntegerDivideByZero),
            _ => None,
        }
    }

    /// The file names `name` is run under, in the order the system tries them: Windows adds each
    /// extension of `PATHEXT` (`.COM;.EXE;.BAT;.CMD` when it is unset) unless `name` has one
    /// already; other systems run `name` alone.
    pub fn command_names(self, name: &str, pathext: Option<&OsStr>) -> Vec<String> {
        if self != System::Windows {
            return vec![name.to_string()];
        }
        let pathext = pathext.and_then(OsStr::to_str).unwrap_or(".COM;.EXE;.BAT;.CMD");
        let extensions: Vec<&str> = pathext.split(';').filter(|e| e.starts_with('.')).collect();
        let has_one = extensions.iter().any(|e| name.to_ascii_lowercase().ends_with(&e.to_ascii_lowercase()));
        match has_one {
            true => vec![name.to_string()],
            false => extensions.iter().map(|e| format!("{name}{}", e.to_ascii_lowercase())).collect(),
        }
    }

    /// Whether `argv0` names a file by its path (run as it is) rather than a command looked up
    /// on `PATH`: a path separator of this system in it.
    pub fn is_path(self, argv0: &str) -> bool {
        argv0.contains('/') || (self == System::Windows && (argv0.contains('\\') || argv0.contains(':')))
    }

    /// The Python interpreters to try, in order: `python3` first everywhere; Windows installs
    /// from python.org name it `python` and add the `py` launcher.
    pub fn pythons(self) -> &'static [&'static str] {
        match self {
            System::Windows => &["python3", "python", "py"],
            _ => &["python3", "python"],
        }
    }

    /// Whether a file's first bytes are those of a program this system runs: a script with a
    /// `#!` line and ELF on Unix, Mach-O too on macOS; `MZ` (a PE `.exe`) on Windows.
    pub fn runs_header(self, head: &[u8]) -> bool {
        const MACH_O: [[u8; 4]; 5] = [
            [0xfe, 0xed, 0xfa, 0xce], // 32-bit, big-endian
            [0xce, 0xfa, 0xed, 0xfe], // 32-bit, little-endian
            [0xfe, 0xed, 0xfa, 0xcf], // 64-bit, big-endian
            [0xcf, 0xfa, 0xed, 0xfe], // 64-bit, little-endian (Intel and Apple silicon)
            [0xca, 0xfe, 0xba, 0xbe], // universal (fat)
        ];
        match self {
            System::Windows => head.starts_with(b"MZ"),
            System::MacOs => head.starts_with(b"#!") || MACH_O.iter().any(|m| head.starts_with(m)),
            System::Linux | System::OtherUnix => head.starts_with(b"#!") || head.starts_with(b"\x7fELF"),
        }
    }

    /// Whether a program's output has its CRLF line ends read as LF before it is compared. On
    /// Windows a C or Python program in text mode writes `\r\n` for `\n`; the online judge runs
    /// the same source on Linux, where it writes `\n`.
    pub fn reads_crlf_as_lf(self) -> bool {
        self == System::Windows
    }

    /// `ru_maxrss` in bytes: macOS reports bytes, Linux and the BSDs KiB.
    pub fn max_rss_bytes(self, ru_maxrss: i64) -> u64 {
        let value = ru_maxrss.max(0) as u64;
        match self {
            System::MacOs => value,
            _ => value * 1024,
        }
    }

    /// How to install `tool` (one the judge needs to build or run a source) here.
    pub fn install_hint(self, tool: &'static str) -> Install {
        let (apt, brew, windows) = match tool {
            "gcc" | "g++" => (tool, "xcode-select --install", Install::MinGw),
            "python3" => ("python3", "brew install python", Install::Command("winget install Python.Python.3.12")),
            "javac" | "java" => {
                ("default-jdk", "brew install openjdk", Install::Command("winget install Microsoft.OpenJDK.21"))
            }
            "rustc" => ("rustc", "rustup, https://rustup.rs", Install::Command("rustup, https://rustup.rs")),
            other => (other, other, Install::Package(other)),
        };
        match self {
            System::Linux => Install::Apt(apt),
            System::MacOs => Install::Command(brew),
            System::Windows => windows,
            System::OtherUnix => Install::Package(tool),
        }
    }
}

/// How to install a tool the judge needs ([`System::install_hint`]), as data the caller words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Install {
    /// Debian's and Ubuntu's package of this name, by `apt-get install`.
    Apt(&'static str),
    /// This command, or this address.
    Command(&'static str),
    /// MinGW-w64's gcc and g++ on `PATH` (Windows).
    MinGw,
    /// The system's own package of this tool.
    Package(&'static str),
}

/// `output` with every CRLF read as LF, and whether there was one.
pub fn lf_endings(output: &[u8]) -> (Cow<'_, [u8]>, bool) {
    if !output.windows(2).any(|w| w == b"\r\n") {
        return (Cow::Borrowed(output), false);
    }
    let mut lf = Vec::with_capacity(output.len());
    let mut bytes = output.iter().peekable();
    while let Some(&b) = bytes.next() {
        if b == b'\r' && bytes.peek() == Some(&&b'\n') {
            continue;
        }
        lf.push(b);
    }
    (Cow::Owned(lf), true)
}

/// Whether `--version`'s output is a real Python's: the Windows Store's `python3.exe` on `PATH`
/// is a stub that prints nothing (or a prompt to install it) and exits non-zero.
pub fn is_real_python(succeeded: bool, version_output: &[u8]) -> bool {
    succeeded && String::from_utf8_lossy(version_output).trim_start().starts_with("Python 3")
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn windows_crash_codes_name_their_cause_and_only_on_windows() {
        let code = |c: u32| c as i32;
        assert_eq!(System::Windows.exception(code(0xC000_0005)), Some(Exception::AccessViolation));
        assert_eq!(System::Windows.exception(code(0xC000_00FD)), Some(Exception::StackOverflow));
        assert_eq!(System::Windows.exception(code(0xC000_0094)), Some(Exception::IntegerDivideByZero));
        assert_eq!(System::Windows.exception(1), None);
        assert_eq!(System::Linux.exception(code(0xC000_0005)), None);
    }

    #[test]
    fn a_command_is_found_under_pathext_on_windows_alone() {
        assert_eq!(System::Windows.command_names("gcc", None), ["gcc.com", "gcc.exe", "gcc.bat", "gcc.cmd"]);
        assert_eq!(System::Windows.command_names("gcc", Some(OsStr::new(".EXE;.CMD"))), ["gcc.exe", "gcc.cmd"]);
        assert_eq!(System::Windows.command_names("queens.EXE", None), ["queens.EXE"]);
        assert_eq!(System::MacOs.command_names("gcc", Some(OsStr::new(".EXE"))), ["gcc"]);
        assert!(System::Windows.is_path(r"build\queens.exe") && System::Windows.is_path("C:queens.exe"));
        assert!(!System::Linux.is_path(r"queens\x") && System::Linux.is_path("./queens"));
    }

    #[test]
    fn the_python_probe_passes_over_the_windows_store_stub() {
        assert!(is_real_python(true, b"Python 3.12.1\n"));
        // The Store's stub: nothing on stdout, exit code 9009.
        assert!(!is_real_python(false, b""));
        assert!(!is_real_python(
            true,
            b"Python was not found; run without arguments to install from the Microsoft Store"
        ));
        assert!(!is_real_python(true, b"Python 2.7.18"));
        assert_eq!(System::Windows.pythons(), ["python3", "python", "py"]);
        assert_eq!(System::Linux.pythons(), ["python3", "python"]);
    }

    #[test]
    fn crlf_is_read_as_lf_and_said() {
        assert_eq!(lf_endings(b"1 3\r\n2 4\r\n"), (Cow::Owned(b"1 3\n2 4\n".to_vec()), true));
        assert_eq!(lf_endings(b"1 3\n2 4\n"), (Cow::Borrowed(&b"1 3\n2 4\n"[..]), false));
        // A lone CR is the program's own: kept.
        assert_eq!(lf_endings(b"a\rb\r\n").0.as_ref(), b"a\rb\n");
        assert!(System::Windows.reads_crlf_as_lf() && !System::MacOs.reads_crlf_as_lf());
    }

    #[test]
    fn peak_memory_is_bytes_on_macos_and_kib_elsewhere() {
        assert_eq!(System::MacOs.max_rss_bytes(2_097_152), 2 << 20);
        assert_eq!(System::Linux.max_rss_bytes(2048), 2 << 20);
        assert_eq!(System::Linux.max_rss_bytes(-1), 0);
    }

    #[test]
    fn each_system_runs_its_own_programs() {
        let (elf, mz, mach_o, script) = (b"\x7fELF\x02", b"MZ\x90\x00", [0xcf, 0xfa, 0xed, 0xfe], b"#!/bin/sh");
        assert!(System::Linux.runs_header(elf) && System::Linux.runs_header(script));
        assert!(!System::Linux.runs_header(mz) && !System::Linux.runs_header(&mach_o));
        assert!(System::MacOs.runs_header(&mach_o) && System::MacOs.runs_header(script));
        assert!(System::Windows.runs_header(mz) && !System::Windows.runs_header(elf));
    }

    #[test]
    fn install_hints_name_each_systems_way() {
        assert_eq!(System::Linux.install_hint("javac"), Install::Apt("default-jdk"));
        assert_eq!(System::MacOs.install_hint("gcc"), Install::Command("xcode-select --install"));
        assert_eq!(System::Windows.install_hint("python3"), Install::Command("winget install Python.Python.3.12"));
        assert_eq!(System::Windows.install_hint("g++"), Install::MinGw);
    }
}
