//! The Markdown the lab sheets are written in, drawn for a terminal: what `labs lab` shows.
//!
//! Only what the sheets use: headings, paragraphs, lists (`- `, `1. `), fenced code, pipe tables,
//! quotes, and inline `code`, **bold** and *italic*. The source is wrapped at 100 columns; here
//! each paragraph and list item is joined again and broken anew to the terminal's width, in
//! display columns (`unicode-width`: `棋` takes two). Code is never rewrapped: a line wider than
//! the terminal continues on the next, as a terminal would show it.
//!
//! Where a line may break is [`crate::lines`]' rule, the one every wrapped paragraph of `labs`
//! follows. It imports nothing of the commands.

use crate::lines::{CLOSING, Tag, fill, ideograph, longest, wide, width_of};
use unicode_width::UnicodeWidthChar;

/// How a character is drawn: its inline styles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Style {
    bold: bool,
    italic: bool,
    code: bool,
    heading: bool,
}

impl Tag for Style {
    fn code(self) -> bool {
        self.code
    }

    const NUMBERS: bool = true;
}

impl Style {
    /// The escape sequence that draws this style from plain.
    fn sgr(self) -> String {
        let codes: Vec<&str> =
            [(self.bold || self.heading, "1"), (self.italic, "3"), (self.heading, "4"), (self.code, "36")]
                .into_iter()
                .filter_map(|(on, code)| on.then_some(code))
                .collect();
        if codes.is_empty() { String::new() } else { format!("\x1b[{}m", codes.join(";")) }
    }
}

/// One character of running text and its style.
type Styled = (char, Style);

/// `markdown` drawn for a terminal `width` display columns wide: styled with escape codes when
/// `color`, in plain text otherwise (the markup left out either way).
pub fn render(markdown: &str, width: usize, color: bool) -> String {
    let mut out = Out { text: String::new(), color, gap: false };
    let lines: Vec<&str> = markdown.lines().collect();
    let mut at = 0;
    while at < lines.len() {
        let line = lines[at];
        let trimmed = line.trim_start();
        at += 1;
        if trimmed.is_empty() {
            out.gap = true;
        } else if trimmed.starts_with("```") {
            while at < lines.len() && !lines[at].trim_start().starts_with("```") {
                out.code(lines[at], width);
                at += 1;
            }
            at += 1;
        } else if let Some(title) = heading(trimmed) {
            let text = inline(title, Style { heading: true, ..Style::default() });
            out.block(&fill(&text, width, 0, 0, Style::default()));
        } else if trimmed.starts_with('|') {
            let start = at - 1;
            while at < lines.len() && lines[at].trim_start().starts_with('|') {
                at += 1;
            }
            out.block(&table(&lines[start..at], width));
        } else if let Some(quoted) = trimmed.strip_prefix('>') {
            let text = inline(quoted.trim_start(), Style::default());
            let lines: Vec<Vec<Styled>> = fill(&text, width.saturating_sub(2), 0, 0, Style::default())
                .into_iter()
                .map(|l| "│ ".chars().map(|c| (c, Style::default())).chain(l).collect())
                .collect();
            out.block(&lines);
        } else {
            // A paragraph or a list item: its lines up to a blank line, a block or the next item.
            let marker = item(trimmed);
            let mut text = trimmed[marker.map_or(0, |(_, len)| len)..].to_string();
            while at < lines.len() {
                let next = lines[at].trim_start();
                if next.is_empty() || starts_block(next) || item(next).is_some() {
                    break;
                }
                join(&mut text, next);
                at += 1;
            }
            let first = line.len() - trimmed.len();
            let shown = match marker {
                Some(("-" | "*", _)) => "• ".to_string(),
                Some((number, _)) => format!("{number} "),
                None => String::new(),
            };
            let lead = first + shown.chars().map(|c| c.width().unwrap_or(0)).sum::<usize>();
            // The first line is filled as if the marker were spaces, then takes the marker.
            let mut lines = fill(&inline(&text, Style::default()), width, lead, lead, Style::default());
            if let Some(line) = lines.first_mut() {
                line.splice(first..lead, shown.chars().map(|c| (c, Style::default())));
            }
            out.block(&lines);
        }
    }
    out.text
}

/// What [`render`] has drawn so far.
struct Out {
    text: String,
    color: bool,
    /// Whether a blank line comes before the next block.
    gap: bool,
}

impl Out {
    /// Adds a block's lines, after a blank line if the source had one.
    fn block(&mut self, lines: &[Vec<Styled>]) {
        self.separate();
        for line in lines {
            self.line(line);
        }
    }

    /// Adds one line of code as it is, continued on the next line where wider than `width`
    /// (as a terminal would, but never with closing punctuation first).
    fn code(&mut self, code: &str, width: usize) {
        self.separate();
        let style = Style { code: true, ..Style::default() };
        let mut line: Vec<Styled> = Vec::new();
        let mut used = 0;
        for c in code.chars() {
            let w = c.width().unwrap_or(0);
            if used + w > width && !line.is_empty() {
                let keep = if CLOSING.contains(&c) { line.len() - 1 } else { line.len() };
                let next = line.split_off(keep.max(1));
                self.line(&line);
                used = next.iter().map(|&(c, _)| c.width().unwrap_or(0)).sum();
                line = next;
            }
            line.push((c, style));
            used += w;
        }
        self.line(&line);
    }

    /// Starts a block: with a blank line first where the source had one.
    fn separate(&mut self) {
        if self.gap && !self.text.is_empty() {
            self.text.push('\n');
        }
        self.gap = false;
    }

    /// Adds one line, its styles drawn when in colour, its trailing spaces left out.
    fn line(&mut self, line: &[Styled]) {
        let end = line.iter().rposition(|(c, _)| *c != ' ').map_or(0, |e| e + 1);
        let mut current = String::new();
        for &(c, style) in &line[..end] {
            let sgr = style.sgr();
            if self.color && sgr != current {
                if !current.is_empty() {
                    self.text.push_str("\x1b[0m");
                }
                self.text.push_str(&sgr);
                current = sgr;
            }
            self.text.push(c);
        }
        if self.color && !current.is_empty() {
            self.text.push_str("\x1b[0m");
        }
        self.text.push('\n');
    }
}

/// A heading's text, without its `#`s.
fn heading(line: &str) -> Option<&str> {
    let level = line.bytes().take_while(|&b| b == b'#').count();
    (1..=6).contains(&level).then(|| line[level..].strip_prefix(' ')).flatten().map(str::trim)
}

/// A list item's marker (`-`, `*` or `1.`) and how many bytes it and its space take.
fn item(line: &str) -> Option<(&str, usize)> {
    if let Some(bullet) = ["- ", "* "].into_iter().find(|b| line.starts_with(b)) {
        return Some((&bullet[..1], 2));
    }
    let (number, _) = line.split_once(". ")?;
    (!number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
        .then(|| (&line[..number.len() + 1], number.len() + 2))
}

/// Whether `line` starts a block other than a paragraph: a heading, code, a table or a quote.
fn starts_block(line: &str) -> bool {
    line.starts_with("```") || heading(line).is_some() || line.starts_with('|') || line.starts_with('>')
}

/// Joins the next source line of a paragraph to `text`, with the space its line break stood for:
/// none between Chinese and Chinese, nor beside full-width punctuation.
fn join(text: &mut String, next: &str) {
    let visible = |c: &char| !matches!(c, '*' | '`');
    let before = text.chars().rev().find(visible);
    let after = next.chars().find(visible);
    let spaced = match (before, after) {
        (Some(a), Some(b)) => match (wide(a), wide(b)) {
            (false, false) => true,
            (true, true) => false,
            (true, false) => ideograph(a) && b.is_ascii_alphanumeric(),
            (false, true) => a.is_ascii_alphanumeric() && ideograph(b),
        },
        _ => false,
    };
    if spaced {
        text.push(' ');
    }
    text.push_str(next);
}

/// `text`'s inline markup turned into styles on its characters, starting from `base`; runs of
/// spaces outside code become one.
fn inline(text: &str, base: Style) -> Vec<Styled> {
    let chars: Vec<char> = text.chars().collect();
    let mut out: Vec<Styled> = Vec::with_capacity(chars.len());
    let mut style = base;
    let mut at = 0;
    let closes = |from: usize, marker: &[char]| {
        (from..chars.len().saturating_sub(marker.len() - 1)).any(|i| chars[i..].starts_with(marker))
    };
    while at < chars.len() {
        let c = chars[at];
        if c == '`' {
            let ticks = chars[at..].iter().take_while(|&&c| c == '`').count();
            let fence = vec!['`'; ticks];
            let end = (at + ticks..chars.len()).find(|&i| chars[i..].starts_with(&fence));
            if let Some(end) = end {
                let code = Style { code: true, ..style };
                out.extend(chars[at + ticks..end].iter().map(|&c| (c, code)));
                at = end + ticks;
                continue;
            }
        }
        if c == '*' {
            let next = chars.get(at + 1).copied();
            let prev = at.checked_sub(1).map(|p| chars[p]);
            if next == Some('*') {
                let opens =
                    !style.bold && chars.get(at + 2).is_some_and(|c| !c.is_whitespace()) && closes(at + 3, &['*', '*']);
                if style.bold || opens {
                    style.bold = !style.bold;
                    at += 2;
                    continue;
                }
            } else {
                let closing = style.italic && prev.is_some_and(|p| !p.is_whitespace());
                let opens = !style.italic
                    && next.is_some_and(|n| !n.is_whitespace() && !n.is_ascii_punctuation())
                    && closes(at + 2, &['*']);
                if closing || opens {
                    style.italic = !style.italic;
                    at += 1;
                    continue;
                }
            }
        }
        if c == ' ' && out.last().is_some_and(|&(l, s)| l == ' ' && !s.code) {
            at += 1;
            continue;
        }
        out.push((c, style));
        at += 1;
    }
    out
}

/// A pipe table's rows drawn with box lines, its columns narrowed (their cells broken as text
/// is) until the table fits `width`, never below their longest piece.
fn table(rows: &[&str], width: usize) -> Vec<Vec<Styled>> {
    let cells = |row: &str| -> Vec<Vec<Styled>> {
        let row = row.trim().trim_start_matches('|').trim_end_matches('|');
        row.split('|').map(|cell| inline(cell.trim(), Style::default())).collect()
    };
    let rule = |row: &str| row.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '));
    let mut rows: Vec<Vec<Vec<Styled>>> = rows.iter().filter(|r| !rule(r)).map(|r| cells(r)).collect();
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    for row in &mut rows {
        row.resize(columns, Vec::new());
    }
    if let Some(header) = rows.first_mut() {
        for cell in header {
            for (_, style) in cell.iter_mut() {
                style.bold = true;
            }
        }
    }
    let columns_of =
        |i: usize, measure: &dyn Fn(&[Styled]) -> usize| rows.iter().map(|r| measure(&r[i])).max().unwrap_or(0);
    let mut widths: Vec<usize> = (0..columns).map(|i| columns_of(i, &width_of)).collect();
    let least: Vec<usize> = (0..columns).map(|i| columns_of(i, &longest)).collect();
    // Each column adds its cells' padding and one border; the table one more border.
    let mut total = widths.iter().sum::<usize>() + 3 * columns + 1;
    while total > width {
        let Some(i) = (0..columns).filter(|&i| widths[i] > least[i]).max_by_key(|&i| (widths[i], usize::MAX - i))
        else {
            break;
        };
        widths[i] -= 1;
        total -= 1;
    }
    let plain = |s: String| s.chars().map(|c| (c, Style::default())).collect::<Vec<Styled>>();
    let border = |(left, middle, right): (char, char, char)| {
        let parts: Vec<String> = widths.iter().map(|&w| "─".repeat(w + 2)).collect();
        plain(format!("{left}{}{right}", parts.join(&middle.to_string())))
    };
    let mut lines = vec![border(('┌', '┬', '┐'))];
    for (r, row) in rows.iter().enumerate() {
        if r > 0 {
            lines.push(border(('├', '┼', '┤')));
        }
        let broken: Vec<Vec<Vec<Styled>>> =
            row.iter().zip(&widths).map(|(cell, &w)| fill(cell, w, 0, 0, Style::default())).collect();
        let height = broken.iter().map(Vec::len).max().unwrap_or(1);
        for l in 0..height {
            let mut line = plain("│".to_string());
            for (cell, &w) in broken.iter().zip(&widths) {
                let text = cell.get(l).cloned().unwrap_or_default();
                let pad = w.saturating_sub(width_of(&text));
                line.push((' ', Style::default()));
                line.extend(text);
                line.extend(plain(format!("{} │", " ".repeat(pad))));
            }
            lines.push(line);
        }
    }
    lines.push(border(('└', '┴', '┘')));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn plain(markdown: &str, width: usize) -> String {
        render(markdown, width, false)
    }

    const ENGLISH: &str = "\
## Lab 4 — `row`: one queen per row

Every variant finds the same **92 solutions** for n = 8; `row` visits 2057 nodes
and takes 190 µs (on *one* core).

1. Run `labs trace --algo row 4` and read
   each line.
";

    const CHINESE: &str = "\
## 实验 4 — `row`：每行一个皇后

六种实现找到的都是同样的 **92 个解**（n = 8），`row` 到达 2057 个结点，用时 190 µs；
实验 0 讲过，“回溯”就是撤销决策。

- 用 `labs trace --algo row 4` 看每一步：放下、拒绝、
  撤销。
";

    #[test]
    fn english_breaks_at_spaces_and_keeps_numbers_with_what_they_count() {
        assert_eq!(
            plain(ENGLISH, 30),
            "\
Lab 4 — row: one queen per row

Every variant finds the same
92 solutions for n = 8; row
visits 2057 nodes and takes
190 µs (on one core).

1. Run labs trace --algo
   row 4 and read each line.
"
        );
        assert_eq!(
            plain(ENGLISH, 40),
            "\
Lab 4 — row: one queen per row

Every variant finds the same
92 solutions for n = 8; row visits
2057 nodes and takes 190 µs (on one
core).

1. Run labs trace --algo row 4 and read
   each line.
"
        );
        assert_eq!(
            plain(ENGLISH, 80),
            "\
Lab 4 — row: one queen per row

Every variant finds the same 92 solutions for n = 8; row visits 2057 nodes and
takes 190 µs (on one core).

1. Run labs trace --algo row 4 and read each line.
"
        );
    }

    #[test]
    fn chinese_breaks_between_characters_but_never_before_closing_punctuation_or_inside_a_number() {
        assert_eq!(
            plain(CHINESE, 30),
            "\
实验 4 — row：每行一个皇后

六种实现找到的都是同样的 92 个
解（n = 8），row 到达 2057 个
结点，用时 190 µs；实验 0 讲
过，“回溯”就是撤销决策。

• 用 labs trace --algo
  row 4 看每一步：放下、拒绝、
  撤销。
"
        );
        assert_eq!(
            plain(CHINESE, 40),
            "\
实验 4 — row：每行一个皇后

六种实现找到的都是同样的 92 个解
（n = 8），row 到达 2057 个结点，
用时 190 µs；实验 0 讲过，“回溯”就是撤销
决策。

• 用 labs trace --algo row 4 看每一步：
  放下、拒绝、撤销。
"
        );
        assert_eq!(
            plain(CHINESE, 80),
            "\
实验 4 — row：每行一个皇后

六种实现找到的都是同样的 92 个解（n = 8），row 到达 2057 个结点，用时 190 µs；
实验 0 讲过，“回溯”就是撤销决策。

• 用 labs trace --algo row 4 看每一步：放下、拒绝、撤销。
"
        );
    }

    #[test]
    fn tables_narrow_their_columns_and_code_continues_on_the_next_line() {
        let markdown = "| x | y |\n|---|---|\n| 甲乙丙丁 | `e` |\n\n```\n代码，很长很长很长\n```\n";
        assert_eq!(
            plain(markdown, 10),
            "\
┌────┬───┐
│ x  │ y │
├────┼───┤
│ 甲 │ e │
│ 乙 │   │
│ 丙 │   │
│ 丁 │   │
└────┴───┘

代码，很长
很长很长
"
        );
        assert_eq!(plain(markdown, 40).lines().nth(3), Some("│ 甲乙丙丁 │ e │"));
    }

    #[test]
    fn colour_draws_headings_emphasis_and_code() {
        assert_eq!(
            render("# A `b` **c** *d*\n\n| x |\n|---|\n| `e` |\n", 20, true),
            "\x1b[1;4mA \x1b[0m\x1b[1;4;36mb\x1b[0m\x1b[1;4m c \x1b[0m\x1b[1;3;4md\x1b[0m\n\n\
             ┌───┐\n│ \x1b[1mx\x1b[0m │\n├───┤\n│ \x1b[36me\x1b[0m │\n└───┘\n"
        );
    }
}
