//! The lab sheets of `labs/`, built into the binary so `labs lab NAME` works anywhere.
//!
//! One Markdown sheet introduces the lab, one per variant walks through it (what it teaches, the
//! algorithm in prose and pseudocode, how to run it, questions the toolkit answers, the source
//! document's own pitfalls), and one compares the variants. Every `$ labs …` command a sheet shows
//! is run by `tests/sheets.rs` and its output compared with the sheet's, so no sheet goes stale.
//!
//! Read the sheets themselves in the order of [`SHEETS`], starting with `labs lab intro`.

/// One lab sheet: the name `labs lab` takes, its file in `labs/`, and its Markdown.
#[derive(Clone, Copy, Debug)]
pub struct Sheet {
    /// The name on the command line: `intro`, a variant's name, or `compare`.
    pub name: &'static str,
    /// Its file name in `labs/`.
    pub file: &'static str,
    /// Its whole text, Markdown.
    pub text: &'static str,
}

impl Sheet {
    /// The sheet's title: its first line, without the `# `.
    pub fn title(&self) -> &'static str {
        self.text.lines().next().unwrap_or("").trim_start_matches('#').trim()
    }
}

/// Builds a [`Sheet`] from its name and its file in `labs/`.
macro_rules! sheet {
    ($name:literal, $file:literal) => {
        Sheet { name: $name, file: $file, text: include_str!(concat!("../labs/", $file)) }
    };
}

/// Every sheet, in reading order.
pub const SHEETS: [Sheet; 8] = [
    sheet!("intro", "00-intro.md"),
    sheet!("naive", "01-naive.md"),
    sheet!("bordered", "02-bordered.md"),
    sheet!("cell", "03-cell.md"),
    sheet!("row", "04-row.md"),
    sheet!("kruse", "05-kruse.md"),
    sheet!("bits", "06-bits.md"),
    sheet!("compare", "07-compare.md"),
];

/// The sheet called `name`, if there is one.
pub fn find(name: &str) -> Option<&'static Sheet> {
    SHEETS.iter().find(|s| s.name == name)
}

/// Every sheet's name, comma-separated, for messages.
pub fn names() -> String {
    SHEETS.map(|s| s.name).join(", ")
}
