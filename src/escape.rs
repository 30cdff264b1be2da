//! Bytes made safe to show a person: control characters written visibly, long lines cut.
//!
//! Whatever a student's program prints may end up in a report on a terminal: a `\r` would move
//! the cursor back over the report, an ESC would start a colour or clear the screen, a NUL would
//! vanish. So every byte of someone else's output that the toolkit quotes passes through here:
//! control characters become a visible escape (`\r`, `\0`, `\e`, `\t`, `\x07`, …), invalid UTF-8
//! becomes `�`, and trailing spaces at the end of a line become `·`, since a missing or extra
//! space at a line's end is exactly what a Presentation Error is about. [`clip`] keeps a line
//! within a screen's width, saying how much was cut.
//!
//! This module imports nothing of the commands (its one sentence is the catalogue's); the judge's
//! words (`judging`) and the grader use it for diffs, stderr and verdicts.

use crate::catalogue::say;
use crate::lang::Lang;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// Every control and bidi character written as a visible escape: the judge's, which reads
/// someone else's files and names first ([`crate::judge::foreign`]).
pub use crate::judge::foreign::visible;

/// The widest line of someone else's bytes a report quotes, in display columns.
pub const SCREEN: usize = 100;

/// One line of someone else's output (without its newline) as a report shows it: bytes decoded
/// lossily, control characters escaped, trailing spaces shown as `·`.
pub fn line(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let body = text.trim_end_matches(' ');
    format!("{}{}", visible(body), "·".repeat(text.len() - body.len()))
}

/// `text` (someone else's bytes, made visible) cut to at most `width` display columns, ending
/// in `… (k more characters)` in `lang` when anything was cut.
pub fn clip(text: &str, width: usize, lang: Lang) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let total = text.chars().count();
    // The note's own width counts against the width.
    let note = |cut: usize| say!(lang, ClipMore, k = cut);
    let (mut kept, mut used) = (0, 0);
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w + note(total - kept - 1).width() > width {
            break;
        }
        used += w;
        kept += 1;
    }
    let shown: String = text.chars().take(kept).collect();
    format!("{shown}{}", note(total - kept))
}

/// The last `count` lines of `bytes` (someone's stderr), each made visible by [`line()`] and clipped
/// to [`SCREEN`] (saying so in `lang`); with how many earlier lines were left out.
pub fn last_lines(bytes: &[u8], count: usize, lang: Lang) -> (Vec<String>, usize) {
    let trimmed = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    if trimmed.is_empty() {
        return (Vec::new(), 0);
    }
    let all: Vec<&[u8]> = trimmed.split(|&b| b == b'\n').collect();
    let skipped = all.len().saturating_sub(count);
    (all[skipped..].iter().map(|l| clip(&line(l), SCREEN, lang)).collect(), skipped)
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_width::UnicodeWidthStr;

    #[test]
    fn control_characters_are_shown_not_sent() {
        assert_eq!(visible("a\rb\0c\x1b[2Jd\te\x07"), "a\\rb\\0c\\e[2Jd\\te\\x07");
        assert_eq!(visible("a\u{202e}c.exe\u{2066}"), "a\\u{202e}c.exe\\u{2066}");
        assert_eq!(line(b"Q . \r  "), "Q . \\r··");
        assert_eq!(line(b"\xffQ"), "\u{fffd}Q");
    }

    #[test]
    fn long_lines_are_cut_with_a_count() {
        assert_eq!(clip("abcdef", 6, Lang::En), "abcdef");
        let cut = clip(&"x".repeat(300), 40, Lang::En);
        assert_eq!(cut.width(), 40);
        assert!(cut.ends_with("… (283 more characters)"), "{cut}");
        let cut = clip(&"错".repeat(300), 40, Lang::En);
        assert!(cut.width() <= 40 && cut.ends_with("… (292 more characters)"), "{cut}");
    }

    #[test]
    fn the_last_lines_say_how_many_came_before() {
        assert_eq!(last_lines(b"a\nb\nc\n", 2, Lang::En), (vec!["b".to_string(), "c".to_string()], 1));
        assert_eq!(last_lines(b"", 2, Lang::En), (Vec::new(), 0));
    }
}
