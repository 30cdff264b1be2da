//! The lab sheets of `labs/`, built into the binary so `labs lab NAME` works anywhere.
//!
//! One Markdown sheet introduces the lab, one per variant walks through it (what it teaches, the
//! algorithm in prose and pseudocode, how to run it, questions the toolkit answers, the source
//! document's own pitfalls), and one compares the variants. Every `$ labs …` command a sheet shows
//! is run by `tests/toolkit/sheets.rs` and its output compared with the sheet's, so no sheet goes stale.
//!
//! Every sheet also comes in Chinese, in `labs/zh/` under the same file name, for the courses
//! whose students meet this lab in Chinese: the same commands and outputs, Chinese prose
//! (`tests/toolkit/twins.rs` keeps the two in step). [`Sheet::text_in`] and [`Sheet::title_in`] choose.
//!
//! On a terminal `labs lab` shows a sheet rendered ([`rendered`]: headings, emphasis, code blocks
//! and tables drawn by `termimad`, wrapped to the terminal) and paged when longer than the screen
//! ([`crate::term::page`]); into a pipe or a file it writes the Markdown source, for other
//! programs to read.
//!
//! Read the sheets themselves in the order of [`SHEETS`], starting with `labs lab intro`.

use crate::lang::Lang;
use crate::names::Names;
use clap::builder::PossibleValue;

/// One lab sheet: the name `labs lab` takes, its file in `labs/`, and its Markdown in each language.
#[derive(Clone, Copy, Debug)]
pub struct Sheet {
    /// The name on the command line: `intro`, a variant's name, or `compare`.
    pub name: &'static str,
    /// Its file name in `labs/`, and of its Chinese twin in `labs/zh/`.
    pub file: &'static str,
    /// Its whole text in English, Markdown.
    pub text: &'static str,
    /// Its whole text in Chinese, Markdown.
    pub zh: &'static str,
}

impl Sheet {
    /// The sheet's whole text in `lang`.
    pub fn text_in(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.text,
            Lang::Zh => self.zh,
        }
    }

    /// The sheet's title in `lang`: the first line of its text, without the `# `.
    pub fn title_in(&self, lang: Lang) -> &'static str {
        self.text_in(lang).lines().next().unwrap_or("").trim_start_matches('#').trim()
    }
}

/// The widest a rendered sheet gets: lines of prose longer than this are hard to read.
pub const READABLE: usize = 100;

/// `markdown` rendered for a terminal `width` columns wide (at most [`READABLE`]), with colour
/// and emphasis when `color`, in plain text otherwise.
pub fn rendered(markdown: &str, width: usize, color: bool) -> String {
    let skin = if color { termimad::MadSkin::default() } else { termimad::MadSkin::no_style() };
    skin.text(&unwrapped(markdown), Some(width.min(READABLE))).to_string()
}

/// `markdown` with each paragraph and list item on one line, so that the renderer can wrap it
/// to the terminal: the sheets are wrapped at 100 columns, and the renderer takes a line break
/// as a break. Code blocks, headings and tables stay as they are. Lines join with a space,
/// or with none where either side is Chinese (which puts no spaces between words).
fn unwrapped(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len());
    let (mut in_code, mut open) = (false, false);
    for line in markdown.lines() {
        let trimmed = line.trim_start();
        let fence = trimmed.starts_with("```");
        let item = trimmed.starts_with("- ")
            || trimmed.starts_with("* ")
            || trimmed.split_once(". ").is_some_and(|(k, _)| !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()));
        let block = fence || in_code || trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with('|');
        if open && !block && !item {
            let wide = |c: Option<char>| c.is_some_and(|c| c >= '\u{2E80}');
            if !wide(out.chars().last()) && !wide(trimmed.chars().next()) {
                out.push(' ');
            }
            out.push_str(trimmed);
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(line);
        in_code ^= fence;
        open = !block && !fence;
    }
    out.push('\n');
    out
}

/// Builds a [`Sheet`] from its name and its file in `labs/` and `labs/zh/`.
macro_rules! sheet {
    ($name:literal, $file:literal) => {
        Sheet {
            name: $name,
            file: $file,
            text: include_str!(concat!("../labs/", $file)),
            zh: include_str!(concat!("../labs/zh/", $file)),
        }
    };
}

/// Every sheet, in reading order.
pub const SHEETS: [Sheet; 10] = [
    sheet!("intro", "00-intro.md"),
    sheet!("naive", "01-naive.md"),
    sheet!("bordered", "02-bordered.md"),
    sheet!("cell", "03-cell.md"),
    sheet!("row", "04-row.md"),
    sheet!("kruse", "05-kruse.md"),
    sheet!("bits", "06-bits.md"),
    sheet!("compare", "07-compare.md"),
    sheet!("grading", "08-grading.md"),
    sheet!("own", "09-own-program.md"),
];

/// The sheets as `labs lab` takes them: by name in any case, or by number in reading order
/// (`labs lab 1` is `naive`), the names offered to completions with their titles.
pub fn names() -> Names<&'static Sheet> {
    names_in(Lang::En)
}

/// The sheets' names, each with its title in `lang`.
pub fn names_in(lang: Lang) -> Names<&'static Sheet> {
    Names::new(
        SHEETS
            .iter()
            .enumerate()
            .map(|(i, sheet)| (sheet, PossibleValue::new(sheet.name).alias(i.to_string()).help(sheet.title_in(lang))))
            .collect(),
    )
}
