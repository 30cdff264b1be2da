//! The Chinese documents are twins of the English ones and cannot drift from them.
//!
//! Every sheet of `labs/` has a twin of the same name in `labs/zh/`, and every guide of `docs/` a
//! twin in `docs/zh/`, whose ```` ```console ```` blocks show the same commands, in the same order;
//! their outputs are each in its file's language, as `labs` prints them there, which
//! `tests/toolkit/sheets.rs` checks by running them. `README.zh-CN.md` shows the English README's
//! commands too. This file checks that the twins show the same commands, and that `labs lab`
//! speaks the language `--lang` or the locale asks for.

use crate::common;

use nqueens_labs::lang::Lang;
use nqueens_labs::sheets::SHEETS;
use pretty_assertions::assert_eq;
use std::path::Path;
use std::process::Command;

/// The commands of every ```console block of `text`, in order (their outputs are in the file's
/// language, and are checked by running them), each as [`command_shape`] sees it.
fn console_examples(text: &str) -> Vec<String> {
    common::console::examples(text).into_iter().map(|e| command_shape(&e.command)).collect()
}

/// A command as the twins must share it: every program, flag and argument, but the words a
/// Chinese file says in Chinese: the text of a quoted string (not the commands substituted in it,
/// `$(…)`) and the pattern `grep` looks for (`grep -c 拒绝` in Chinese where English has `grep -c
/// reject`), each kept as `…`.
fn command_shape(command: &str) -> String {
    let (mut quoted, mut depth, mut elided) = (String::new(), 0, false);
    let mut chars = command.chars().peekable();
    let mut in_quote = false;
    while let Some(c) = chars.next() {
        match c {
            '"' if depth == 0 => (in_quote, elided) = (!in_quote, false),
            '$' if in_quote && chars.peek() == Some(&'(') => {}
            '(' if depth > 0 || (in_quote && quoted.ends_with('$')) => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if in_quote && depth == 0 => {
                if !elided {
                    quoted.push('…');
                }
                elided = true;
                continue;
            }
            _ => {}
        }
        quoted.push(c);
        elided &= depth == 0;
    }
    let mut grep = false;
    let tokens = quoted.split(' ').map(|token| {
        let pattern = grep && !token.starts_with('-');
        grep = token.trim_start_matches(['(', '$']) == "grep" || (grep && !pattern);
        let cut = token.find([')', '"', ';']).unwrap_or(token.len());
        if pattern { format!("…{}", &token[cut..]) } else { token.to_string() }
    });
    tokens.collect::<Vec<_>>().join(" ")
}

#[test]
fn a_command_s_shape_keeps_its_programs_and_flags_and_leaves_out_its_words() {
    assert_eq!(command_shape("labs trace 6 | grep -c reject | wc -l"), "labs trace 6 | grep -c … | wc -l");
    assert_eq!(command_shape("labs trace 6 | grep -c 拒绝 | wc -l"), "labs trace 6 | grep -c … | wc -l");
    assert_eq!(command_shape(r#"diff a b && echo "same tree""#), r#"diff a b && echo "…""#);
    assert_eq!(command_shape(r#"diff a b && echo "搜索树相同""#), r#"diff a b && echo "…""#);
    let english = r#"echo "$a: $(labs trace --algo $a 6 | grep -c reject) squares refused""#;
    let chinese = r#"echo "$a：拒绝了 $(labs trace --algo $a 6 | grep -c 拒绝) 个格子""#;
    assert_eq!(command_shape(english), r#"echo "…$(labs trace --algo $a 6 | grep -c …)…""#);
    assert_eq!(command_shape(chinese), command_shape(english));
    assert_ne!(command_shape("labs run 6"), command_shape("labs run 8"));
}

/// A file of the repository, by its path from the top.
fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Asserts that the file `zh` shows exactly the console commands of its English twin `en`, in
/// their order, naming the first command that differs.
fn assert_twins_show_the_same_console_commands(en: &str, zh: &str) {
    let (english, chinese) = (console_examples(&read(en)), console_examples(&read(zh)));
    let first = (0..english.len().max(chinese.len())).find(|&k| english.get(k) != chinese.get(k));
    if let Some(k) = first {
        let command = english.get(k).or(chinese.get(k)).map_or("", String::as_str);
        assert_eq!(english.get(k), chinese.get(k), "{zh}: example {} `$ {command}` differs from {en}'s", k + 1);
    }
}

#[test]
fn every_sheet_has_a_chinese_twin_with_the_same_console_commands() {
    for sheet in SHEETS {
        assert_twins_show_the_same_console_commands(
            &format!("labs/{}", sheet.file),
            &format!("labs/zh/{}", sheet.file),
        );
    }
}

#[test]
fn labs_zh_holds_the_twins_and_nothing_else() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("labs/zh");
    let mut files: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    files.sort();
    assert_eq!(files, SHEETS.map(|s| s.file.to_string()), "labs/zh/ and sheets::SHEETS list different files");
}

#[test]
fn the_built_in_chinese_sheets_are_the_files_with_chinese_titles() {
    for sheet in SHEETS {
        assert_eq!(sheet.text_in(Lang::Zh), read(&format!("labs/zh/{}", sheet.file)), "labs/zh/{}", sheet.file);
        assert_eq!(sheet.text_in(Lang::En), read(&format!("labs/{}", sheet.file)), "labs/{}", sheet.file);
        let title = sheet.title_in(Lang::Zh);
        assert!(title.starts_with("实验 "), "labs/zh/{} opens with `# 实验 k — …`, not `{title}`", sheet.file);
    }
}

/// The guides under `docs/`, by file name.
fn guides(dir: &str) -> Vec<String> {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut names: Vec<String> = std::fs::read_dir(full)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .collect();
    names.sort();
    names
}

#[test]
fn the_chinese_readme_shows_the_english_readmes_console_commands() {
    let english = console_examples(&read("README.md"));
    let chinese = console_examples(&read("README.zh-CN.md"));
    assert!(!english.is_empty(), "README.md shows no console example");
    assert_eq!(english, chinese, "README.zh-CN.md and README.md show different console commands");
}

#[test]
fn every_guide_has_a_chinese_twin_with_the_same_console_commands() {
    let names = guides("docs");
    assert!(!names.is_empty(), "docs/ holds no guide");
    assert_eq!(guides("docs/zh"), names, "docs/zh/ and docs/ hold different guides");
    for name in names {
        assert_twins_show_the_same_console_commands(&format!("docs/{name}"), &format!("docs/zh/{name}"));
    }
}

#[test]
fn the_readmes_are_front_doors_of_under_200_lines() {
    for file in ["README.md", "README.zh-CN.md"] {
        let lines = read(file).lines().count();
        assert!(lines < 200, "{file} has {lines} lines: its detail belongs in a guide under docs/");
    }
}

#[test]
fn the_english_readme_links_the_chinese_one_at_its_top() {
    let top: Vec<String> = read("README.md").lines().take(5).map(String::from).collect();
    assert!(top.iter().any(|l| l.contains("(README.zh-CN.md)")), "README.md's first lines: {top:#?}");
}

/// `labs lab ARGS` with exactly the locale variables of `locale` set; its stdout.
fn lab(locale: &[(&str, &str)], args: &[&str]) -> String {
    let mut command = Command::new(env!("CARGO_BIN_EXE_labs"));
    command.arg("lab").args(args);
    for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        command.env_remove(key);
    }
    command.envs(locale.iter().copied());
    let out = command.output().expect("labs starts");
    assert!(out.status.success(), "labs lab {args:?} with {locale:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("the sheets are UTF-8")
}

/// The sheet `labs lab row` prints in each language, as its file holds it.
fn row_sheet(lang: Lang) -> String {
    read(if lang == Lang::Zh { "labs/zh/04-row.md" } else { "labs/04-row.md" })
}

#[test]
fn a_chinese_lang_prints_the_chinese_sheet_byte_for_byte() {
    assert_eq!(lab(&[("LANG", "zh_CN.UTF-8")], &["row"]), row_sheet(Lang::Zh));
    assert_eq!(lab(&[("LC_ALL", "zh_TW.UTF-8")], &["row"]), row_sheet(Lang::Zh));
    assert_eq!(lab(&[("LC_MESSAGES", "zh_CN.UTF-8"), ("LANG", "en_US.UTF-8")], &["row"]), row_sheet(Lang::Zh));
}

#[test]
fn the_c_locale_or_none_prints_the_english_sheet() {
    assert_eq!(lab(&[("LANG", "C")], &["row"]), row_sheet(Lang::En));
    assert_eq!(lab(&[], &["row"]), row_sheet(Lang::En));
    assert_eq!(lab(&[("LC_ALL", "C"), ("LANG", "zh_CN.UTF-8")], &["row"]), row_sheet(Lang::En));
}

#[test]
fn lang_wins_over_the_locale() {
    assert_eq!(lab(&[("LANG", "zh_CN.UTF-8")], &["--lang", "en", "row"]), row_sheet(Lang::En));
    assert_eq!(lab(&[("LC_ALL", "zh_TW.UTF-8")], &["row", "--lang", "en"]), row_sheet(Lang::En));
    assert_eq!(lab(&[("LANG", "en_US.UTF-8")], &["--lang", "zh", "row"]), row_sheet(Lang::Zh));
    assert_eq!(lab(&[("LANG", "C")], &["--lang", "zh", "row"]), row_sheet(Lang::Zh));
}

#[test]
fn the_list_is_in_the_chosen_language() {
    let chinese = lab(&[("LANG", "C")], &["--lang", "zh"]);
    let mut lines = chinese.lines();
    assert_eq!(lines.next(), Some("实验讲义，按阅读顺序（用 `labs lab NAME` 打印其中一份）："));
    for (line, sheet) in lines.zip(SHEETS) {
        assert_eq!(line, format!("  {:<9} {}", sheet.name, sheet.title_in(Lang::Zh)));
    }
    assert_eq!(chinese.lines().count(), 1 + SHEETS.len());
    assert!(
        chinese.contains("  row       实验 4 — `row`：每行一个皇后，三个标记数组（文档 002 与 003）\n"),
        "{chinese}"
    );
    assert_eq!(lab(&[("LANG", "zh_CN.UTF-8")], &[]), chinese);
    assert!(lab(&[], &[]).starts_with("Lab sheets, in reading order"), "the English list without a locale");
}
