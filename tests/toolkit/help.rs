//! `--help` and `-h` of `labs` and of every subcommand, byte for byte, in both languages: the
//! English as it was before its words moved into the catalogue, the Chinese as the catalogue says
//! it, clap's own words ("Usage:", "Options:", "Print help") included.

use crate::common;

use std::process::Command;

/// Every subcommand, in `labs --help`'s order.
pub const SUBCOMMANDS: [&str; 13] = [
    "run",
    "list",
    "trace",
    "lab",
    "verify",
    "count",
    "bench",
    "interactive",
    "judge",
    "grade",
    "completions",
    "doctor",
    "man",
];

/// `labs ARGS` in the C locale, no `COLUMNS`: its exit code and stdout.
fn labs(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_labs"))
        .args(args)
        .env_remove("COLUMNS")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .env("LC_ALL", "C")
        .output()
        .expect("labs starts");
    assert!(out.stderr.is_empty(), "labs {args:?}: {}", common::text(&out.stderr));
    (out.status.code(), common::text(&out.stdout))
}

/// The golden file's name for the help of `sub` (`labs` for the top) shown by `flag`.
fn golden(lang: &str, sub: &str, flag: &str) -> String {
    let short = if flag == "-h" { "-h" } else { "" };
    format!("help/{lang}/{sub}{short}.txt")
}

#[test]
fn every_english_help_is_what_it_was() {
    for flag in ["--help", "-h"] {
        let (code, top) = labs(&[flag]);
        assert_eq!(code, Some(0));
        common::assert_golden(&golden("en", "labs", flag), &top);
        for sub in SUBCOMMANDS {
            let (code, text) = labs(&[sub, flag]);
            assert_eq!(code, Some(0), "labs {sub} {flag}");
            common::assert_golden(&golden("en", sub, flag), &text);
        }
    }
    common::assert_golden("help/en/help.txt", &labs(&["help"]).1);
}

#[test]
fn every_chinese_help_speaks_chinese() {
    for flag in ["--help", "-h"] {
        common::assert_golden(&golden("zh", "labs", flag), &labs(&["--lang", "zh", flag]).1);
        for sub in SUBCOMMANDS {
            let (code, text) = labs(&[sub, "--lang", "zh", flag]);
            assert_eq!(code, Some(0), "labs {sub} --lang zh {flag}");
            common::assert_golden(&golden("zh", sub, flag), &text);
            for english in
                ["Usage:", "Options:", "Arguments:", "Print help", "[default:", "Possible values", "Examples:"]
            {
                assert!(!text.contains(english), "labs {sub} --lang zh {flag} says {english}:\n{text}");
            }
        }
    }
}

#[test]
fn help_asked_by_the_locale_is_in_its_language() {
    let out = Command::new(env!("CARGO_BIN_EXE_labs"))
        .args(["run", "--help"])
        .env_remove("COLUMNS")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "zh_CN.UTF-8")
        .output()
        .expect("labs starts");
    assert_eq!(common::text(&out.stdout), labs(&["run", "--lang", "zh", "--help"]).1);
}
