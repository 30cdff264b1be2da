//! How wide output may be, in display columns: tables and wrapped text that fit the terminal.
//!
//! One rule for every command ([`stdout`]): `COLUMNS`, when set to a number, is the width (as
//! ripgrep and git read it, and so tests can ask for 60 or 200 columns); else the terminal's
//! real width when stdout is one; else no limit, so that a file or a pipe gets whole lines for
//! other programs to read. Widths are display columns (`unicode-width`: `棋` takes two, `─` one),
//! never `char`s.
//!
//! A table fits through [`fit`]: text cells wrap at spaces (and Chinese between characters),
//! never inside a word or a number; when even that is too wide, the table's columns are hidden
//! one by one in the order its command states (the least needed first), and the caller says
//! which ([`hidden_note_in`]). Text fits through [`wrap`], which breaks at spaces and never clips: a
//! word wider than the line stays whole.
//!
//! This module imports nothing of the commands.

use crate::lines::{self, wide};
use comfy_table::{Cell, ColumnConstraint, ContentArrangement, Table, Width};
use std::cell::RefCell;
use std::io::{self, IsTerminal};
use unicode_width::UnicodeWidthStr;

/// The narrowest width honoured: below it, lines are no longer worth breaking.
pub const MIN: usize = 20;

/// The width stdout's lines may take: `COLUMNS`, else the terminal's, else `None` (no limit).
pub fn stdout() -> Option<usize> {
    let terminal = || io::stdout().is_terminal().then(terminal_size::terminal_size).flatten().map(|(w, _)| w.0);
    from(std::env::var("COLUMNS").ok().as_deref(), terminal)
}

/// The width stderr's lines may take, by the same rule as [`stdout`]'s.
pub fn stderr() -> Option<usize> {
    let terminal = || {
        io::stderr().is_terminal().then(|| terminal_size::terminal_size_of(io::stderr())).flatten().map(|(w, _)| w.0)
    };
    from(std::env::var("COLUMNS").ok().as_deref(), terminal)
}

/// The width `COLUMNS` (if a positive number) or else `terminal` gives, at least [`MIN`].
fn from(columns: Option<&str>, terminal: impl FnOnce() -> Option<u16>) -> Option<usize> {
    let set = columns.and_then(|c| c.trim().parse::<usize>().ok()).filter(|&c| c > 0);
    set.or_else(|| terminal().map(usize::from)).map(|w| w.max(MIN))
}

/// `text`'s width in display columns, ANSI colour sequences left out.
pub fn of(text: &str) -> usize {
    let mut plain = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\x1b') {
        plain.push_str(&rest[..at]);
        let sequence = &rest[at..];
        let end = sequence.find(|c: char| c.is_ascii_alphabetic()).map_or(sequence.len(), |e| e + 1);
        rest = &sequence[end..];
    }
    plain.push_str(rest);
    plain.width()
}

/// `line`, plain text, broken into lines of at most `width` display columns (no limit for
/// `None`) where [`crate::lines`] allows a break in a report's line, each continuation line
/// starting with `indent` (spaces); every line ends with a newline. A word wider than a line is
/// never cut: it gets a line of its own. Chinese punctuation that closes (`，。）`) never starts a
/// line, and what opens (`（“`) never ends one.
pub fn wrap(line: &str, width: Option<usize>, indent: &str) -> String {
    debug_assert!(indent.bytes().all(|b| b == b' '), "an indent of spaces");
    let text: Vec<(char, ())> = line.chars().map(|c| (c, ())).collect();
    let mut out = String::with_capacity(line.len() + 1);
    for broken in lines::fill(&text, width.unwrap_or(usize::MAX), 0, indent.len(), ()) {
        out.extend(broken.iter().map(|&(c, _)| c));
        out.push('\n');
    }
    out
}

/// How [`fit`]'s table breaks its cells: on the first build as they are (noting which columns
/// hold cells made here), on the second at the widths `fit` chose.
pub struct Breaks {
    widths: Option<Vec<usize>>,
    broken: RefCell<Vec<bool>>,
    /// Whether a cell made here holds Chinese: only then does a second build break differently.
    wide: std::cell::Cell<bool>,
}

impl Breaks {
    /// A cell holding `text`, in column `column`. Text with Chinese in it is broken here as
    /// [`wrap`] breaks lines (between two characters, never before closing punctuation nor inside
    /// a number) and comfy-table keeps those lines; other text is left to comfy-table, which
    /// breaks it at spaces.
    pub fn cell(&self, column: usize, text: impl ToString) -> Cell {
        let text = text.to_string();
        let mut broken = self.broken.borrow_mut();
        if broken.len() <= column {
            broken.resize(column + 1, false);
        }
        broken[column] = true;
        let chinese = text.chars().any(wide);
        self.wide.set(self.wide.get() || chinese);
        match self.widths.as_ref().and_then(|widths| widths.get(column)) {
            Some(&w) if chinese => {
                let lines: String = text.split('\n').map(|line| wrap(line, Some(w), "")).collect();
                // No delimiter in the lines: comfy-table takes each as it is.
                Cell::new(lines.trim_end_matches('\n')).set_delimiter('\n')
            }
            _ => Cell::new(text),
        }
    }
}

/// Fits the table `build` makes in `width` (no limit for `None`): text cells wrap at spaces (and
/// between Chinese characters, for cells made through [`Breaks::cell`]), and if the table is
/// still too wide, columns are hidden in the order `drop` gives (column indices, the first hidden
/// first). `build` is called once to measure and, when a width is set, once more to break its
/// cells at the widths chosen. Returns the table and the hidden columns' indices, in that order.
pub fn fit(width: Option<usize>, drop: &[usize], build: impl Fn(&Breaks) -> Table) -> (Table, Vec<usize>) {
    let first = Breaks { widths: None, broken: RefCell::default(), wide: Default::default() };
    let mut table = build(&first);
    table.set_content_arrangement(ContentArrangement::Disabled);
    let Some(width) = width else {
        return (table, Vec::new());
    };
    // The longest piece no line may break of each column is its least width: numbers and names
    // never break, and Chinese breaks only in the columns made through `Breaks::cell`.
    let broken = first.broken.into_inner();
    let mut least = vec![0usize; table.column_count()];
    for row in table.header().into_iter().chain(table.row_iter()) {
        for (i, cell) in row.cell_iter().enumerate() {
            least[i] = least[i].max(unbreakable(&cell.content(), broken.get(i) == Some(&true)));
        }
    }
    let mut hidden = Vec::new();
    let mut drop = drop.iter();
    // Borders and padding are what the natural width adds to the visible contents; the table
    // fits once they and every visible column's least width do.
    while let Some(&i) = drop.next().filter(|_| least_width(&table, &least) > width) {
        if let Some(column) = table.column_mut(i) {
            column.set_constraint(ColumnConstraint::Hidden);
            hidden.push(i);
        }
    }
    // Then the widest columns give up a column at a time, never below their least width; the
    // arrangement is set here rather than left to comfy-table, whose dynamic arrangement may
    // still break a word when the space is tight.
    let mut widths: Vec<usize> = table.column_max_content_widths().into_iter().map(usize::from).collect();
    let mut over = least_width(&table, &least).saturating_sub(least_sum(&table, &least))
        + visible(&table).map(|i| widths[i]).sum::<usize>();
    while over > width {
        let Some(i) = visible(&table).filter(|&i| widths[i] > least[i]).max_by_key(|&i| (widths[i], usize::MAX - i))
        else {
            break;
        };
        widths[i] -= 1;
        over -= 1;
    }
    // Built again only where Chinese breaks at the widths chosen; else it is the same table.
    if first.wide.get() {
        table = build(&Breaks { widths: Some(widths.clone()), broken: RefCell::default(), wide: Default::default() });
        table.set_content_arrangement(ContentArrangement::Disabled);
        for &i in &hidden {
            if let Some(column) = table.column_mut(i) {
                column.set_constraint(ColumnConstraint::Hidden);
            }
        }
    }
    let shown: Vec<usize> = visible(&table).collect();
    for i in shown {
        if let Some(column) = table.column_mut(i) {
            // comfy-table's widths count the padding in.
            let w = (widths[i] as u16).saturating_add(column.padding_width());
            column.set_constraint(ColumnConstraint::Absolute(Width::Fixed(w)));
        }
    }
    table.set_content_arrangement(ContentArrangement::Dynamic).set_width(width.min(u16::MAX as usize) as u16);
    (table, hidden)
}

/// The widest piece of `text` that no line may break, in display columns: a word, or in text with
/// Chinese in it that [`Breaks::cell`] breaks (`broken`), what [`wrap`] keeps together, and no
/// less than [`CHINESE_LEAST`] of each line.
fn unbreakable(text: &str, broken: bool) -> usize {
    let least = |line: &str| match broken && line.chars().any(wide) {
        true => wrap(line, Some(1), "").lines().map(of).chain([of(line).min(CHINESE_LEAST)]).max(),
        false => line.split(' ').map(of).max(),
    };
    text.split('\n').filter_map(least).max().unwrap_or(0)
}

/// The fewest columns a table's Chinese text is broken to, four characters: narrower, a column
/// reads as a list of characters, and hiding a column (which the note under the table says) reads
/// better.
const CHINESE_LEAST: usize = 8;

/// The indices of `table`'s columns that are not hidden.
fn visible(table: &Table) -> impl Iterator<Item = usize> + '_ {
    table.column_iter().filter(|c| !c.is_hidden()).map(|c| c.index)
}

/// The sum of `least` over the visible columns.
fn least_sum(table: &Table, least: &[usize]) -> usize {
    visible(table).map(|i| least[i]).sum()
}

/// The width `table` (arranged as it is, without limit) needs when each visible column is as
/// narrow as its `least` allows.
fn least_width(table: &Table, least: &[usize]) -> usize {
    let contents = table.column_max_content_widths();
    let natural: usize = visible(table).map(|i| usize::from(contents[i])).sum();
    widest(table).saturating_sub(natural) + least_sum(table, least)
}

/// The widest line of `table` as rendered, in display columns.
fn widest(table: &Table) -> usize {
    table.lines().map(|l| of(&l)).max().unwrap_or(0)
}

/// The line that says which columns a `width`-column terminal hid (their headers, in `names`),
/// and how to see them, in `lang`; `None` when none was.
pub fn hidden_note_in(width: Option<usize>, names: &[String], lang: crate::lang::Lang) -> Option<String> {
    (!names.is_empty()).then(|| {
        let names: Vec<String> = names.iter().map(|n| n.replace('\n', " ")).collect();
        let separator = crate::catalogue::Key::ListSeparator.text(lang);
        let (width, names) = (width.unwrap_or(0), names.join(separator));
        crate::catalogue::say!(lang, HiddenColumns, width, names)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn columns_wins_then_the_terminal_then_no_limit() {
        assert_eq!(from(Some("60"), || Some(100)), Some(60));
        assert_eq!(from(Some("x"), || Some(100)), Some(100));
        assert_eq!(from(Some("0"), || None), None);
        assert_eq!(from(None, || None), None);
        assert_eq!(from(Some("5"), || None), Some(MIN));
    }

    #[test]
    fn widths_are_display_columns_without_colour() {
        assert_eq!(of("n×n"), 3);
        assert_eq!(of("答案正确"), 8);
        assert_eq!(of("\x1b[1;32mAC\x1b[0m"), 2);
    }

    #[test]
    fn wrapping_breaks_at_spaces_and_never_cuts_a_word() {
        assert_eq!(wrap("aa bb cc dd", Some(5), "  "), "aa bb\n  cc\n  dd\n");
        assert_eq!(wrap("aa bb", None, "  "), "aa bb\n");
        assert_eq!(wrap("答案 正确 格式", Some(9), ""), "答案 正确\n格式\n");
        assert_eq!(wrap("a verylongword b", Some(6), ""), "a\nverylongword\nb\n");
        assert_eq!(wrap("a  b", Some(9), ""), "a  b\n");
    }

    #[test]
    fn chinese_breaks_between_characters_but_not_before_closing_punctuation() {
        assert_eq!(wrap("注意：棋盘都对，但顺序不同", Some(10), "  "), "注意：棋盘\n  都对，但\n  顺序不同\n");
        assert_eq!(wrap("第 1 行（n = 1）不是棋盘", Some(12), ""), "第 1 行（n =\n1）不是棋盘\n");
        assert_eq!(wrap("（甲乙）", Some(4), ""), "（甲\n乙）\n");
    }

    #[test]
    fn a_table_hides_columns_in_the_order_given() {
        let build = |breaks: &Breaks| {
            let mut table = Table::new();
            table.load_style(comfy_table::presets::ASCII_MARKDOWN);
            table.set_header(["name", "what it does", "count", "extra"]);
            table.add_row(
                ["row", "three flag arrays, one queen per row", "1234567", "aaaaaaaaaa"].map(|t| breaks.cell(0, t)),
            );
            table
        };
        assert_eq!(fit(None, &[3, 2], build).1, Vec::<usize>::new());
        assert_eq!(fit(Some(80), &[3, 2], build).1, Vec::<usize>::new());
        let (narrow, hidden) = fit(Some(40), &[3, 2], build);
        assert_eq!(hidden, [3]);
        assert!(widest(&narrow) <= 40, "{narrow}");
        for word in ["1234567", "arrays,", "what"] {
            assert!(narrow.to_string().contains(word), "{word} was cut in\n{narrow}");
        }
    }

    #[test]
    fn chinese_cells_break_between_characters_never_before_a_comma_nor_below_four_characters() {
        let build = |breaks: &Breaks| {
            let mut table = Table::new();
            table.load_style(comfy_table::presets::UTF8_FULL_CONDENSED);
            table.set_header(["实现", "一次检查读取"].iter().enumerate().map(|(i, h)| breaks.cell(i, h)));
            table.add_row(["bits", "每行 1 个掩码，O(1)"].iter().enumerate().map(|(i, t)| breaks.cell(i, t)));
            table.add_row([Cell::new("张三李四"), breaks.cell(1, "整个棋盘")]);
            table
        };
        let (table, hidden) = fit(Some(20), &[], build);
        assert_eq!(hidden, Vec::<usize>::new());
        let expected = "\
┌──────────┬──────────┐
│ 实现     ┆ 一次检查 │
│          ┆ 读取     │
╞══════════╪══════════╡
│ bits     ┆ 每行 1   │
│          ┆ 个掩码， │
│          ┆ O(1)     │
│ 张三李四 ┆ 整个棋盘 │
└──────────┴──────────┘";
        assert_eq!(table.to_string(), expected);
    }
}
