//! The ```` ```console ```` blocks of a Markdown file: commands a reader can type, each with the
//! output the file shows for it. `tests/toolkit/sheets.rs` runs them; `tests/toolkit/twins.rs` checks that the
//! English and Chinese files show the same commands.
//!
//! A block is a fence ```` ```console ```` (indented when it sits in a list item), then lines
//! `$ command`, each followed by the lines of its output, up to the closing fence. A fence
//! ```` ```console slow ```` marks a block whose commands take too long for every test run: the
//! runner skips it unless `LABS_SLOW=1`.

/// One command of a block and the output the file shows for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// 0-based line of the `$ ` line in the file.
    pub line: usize,
    /// The command, without the `$ `.
    pub command: String,
    /// The output lines, the block's indentation removed.
    pub expected: Vec<String>,
}

/// One console block.
#[derive(Clone, Debug)]
pub struct Block {
    /// The fence's indentation, stripped from every line of the block.
    pub indent: String,
    /// Whether the fence says `slow`.
    pub slow: bool,
    /// Its commands, top-down.
    pub examples: Vec<Example>,
}

/// Every console block of `text`, top-down.
pub fn blocks(text: &str) -> Vec<Block> {
    let mut found: Vec<Block> = Vec::new();
    let mut open = false;
    for (k, line) in text.lines().enumerate() {
        let body = line.trim_start();
        if let Some(info) = body.strip_prefix("```") {
            let words: Vec<&str> = info.split_whitespace().collect();
            open = !open && words.first() == Some(&"console");
            if open {
                let indent = line[..line.len() - body.len()].to_string();
                found.push(Block { indent, slow: words.contains(&"slow"), examples: Vec::new() });
            }
            continue;
        }
        if !open {
            continue;
        }
        let block = found.last_mut().expect("a block is open");
        let line = line.strip_prefix(block.indent.as_str()).unwrap_or(body);
        match line.strip_prefix("$ ") {
            Some(command) => block.examples.push(Example { line: k, command: command.into(), expected: Vec::new() }),
            None => block.examples.last_mut().expect("a console block opens with `$ `").expected.push(line.into()),
        }
    }
    found
}

/// Every example of every block of `text`, top-down.
pub fn examples(text: &str) -> Vec<Example> {
    blocks(text).into_iter().flat_map(|b| b.examples).collect()
}
