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
//! and tables drawn by [`crate::markdown`], Chinese and English wrapped to the terminal by their
//! own rules) and paged when longer than the screen
//! ([`crate::term::page`]); into a pipe or a file it writes the Markdown source, for other
//! programs to read.
//!
//! Read the sheets themselves in the order of [`SHEETS`], starting with `labs lab intro`.

use crate::lang::Lang;

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
    crate::markdown::render(markdown, width.min(READABLE), color)
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
pub const SHEETS: [Sheet; 11] = [
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
    sheet!("beyond", "10-beyond.md"),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::{CLOSING, OPENING};

    /// A sheet's prose: its text without its code blocks, which are shown as they are.
    fn prose(markdown: &str) -> String {
        let mut code = false;
        let lines = markdown.lines().filter(|line| {
            let fence = line.trim_start().starts_with("```");
            code ^= fence;
            !fence && !code
        });
        lines.map(|line| format!("{line}\n")).collect()
    }

    #[test]
    fn every_sheet_breaks_by_the_rules_at_40_60_and_80_columns() {
        let ideograph = |c: char| ('\u{4e00}'..='\u{9fff}').contains(&c);
        for sheet in SHEETS {
            for lang in [Lang::En, Lang::Zh] {
                for width in [40, 60, 80] {
                    let shown = rendered(&prose(sheet.text_in(lang)), width, false);
                    let at = |i: usize| format!("{} ({lang:?}) at {width} columns, line {}", sheet.file, i + 1);
                    let lines: Vec<&str> = shown.lines().collect();
                    let table = |line: &str| line.starts_with(['┌', '│', '├', '└']);
                    for (i, line) in lines.iter().enumerate() {
                        // A table's cells are lines of their own.
                        for part in line.split('│').map(|p| p.trim()).filter(|p| !p.is_empty()) {
                            let part = part.trim_start_matches("• ");
                            assert!(!part.starts_with(CLOSING), "{}: starts with closing punctuation: {line}", at(i));
                            assert!(!part.ends_with(OPENING), "{}: ends with opening punctuation: {line}", at(i));
                        }
                        assert!(
                            table(line) || crate::width::of(line) <= width,
                            "{}: {} columns: {line}",
                            at(i),
                            crate::width::of(line)
                        );
                    }
                    for (i, pair) in lines.windows(2).enumerate() {
                        let (end, start) = (pair[0].chars().last(), pair[1].trim_start().chars().next());
                        let (Some(end), Some(start)) = (end, start) else { continue };
                        let split =
                            (ideograph(end) && start.is_ascii_digit()) || (end.is_ascii_digit() && ideograph(start));
                        assert!(!split, "{}: a number split from its word:\n{}\n{}", at(i), pair[0], pair[1]);
                    }
                }
            }
        }
    }
}
