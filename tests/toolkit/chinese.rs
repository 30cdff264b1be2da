//! What `labs run`, `list` and `trace` print in Chinese, byte for byte: their own words are the
//! catalogue's Chinese, the documents' formats keep their bytes, and the tables fit in display
//! columns.

use crate::common;

use common::text;
use pretty_assertions::assert_eq;
use std::process::Command;

/// `labs --lang zh ARGS` at `COLUMNS=columns` (none if 0): exit code, stdout, stderr.
fn zh(args: &[&str], columns: usize) -> (Option<i32>, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_labs"));
    command.arg("--lang").arg("zh").args(args).env_remove("COLUMNS");
    if columns > 0 {
        command.env("COLUMNS", columns.to_string());
    }
    let out = command.output().expect("labs starts");
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn run_speaks_chinese_around_the_boards() {
    let (code, out, err) = zh(&["run", "4"], 0);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    assert_eq!(
        out,
        "第 1 个解\n. Q . .\n. . . Q\nQ . . .\n. . Q .\n\n第 2 个解\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n\n\
         n = 4 时共有 2 个解（row）。\n"
    );
    assert_eq!(zh(&["run", "--algo", "cell", "2"], 0).1, "n = 2 时没有解（cell）。\n");
    assert!(zh(&["run", "--first", "2", "6"], 0).1.ends_with("\nn = 6 时的前 2 个解（row）；搜索到此停止。\n"));
    let (_, _, stats) = zh(&["run", "--stats", "--count", "8"], 0);
    assert!(stats.starts_with("row n=8：92 个解，2057 个结点，24648 次读取，"), "{stats}");
}

#[test]
fn the_documents_formats_keep_their_bytes_in_chinese() {
    for format in ["spaced", "framed", "compact", "numbered", "kruse", "luogu", "leetcode"] {
        let english =
            Command::new(env!("CARGO_BIN_EXE_labs")).args(["--lang", "en", "run", "-f", format, "6"]).output();
        assert_eq!(zh(&["run", "-f", format, "6"], 0).1, text(&english.unwrap().stdout), "--format {format}");
    }
}

#[test]
fn list_fits_in_chinese_at_60_80_and_200_columns() {
    for width in [60, 80, 200] {
        let (code, table, _) = zh(&["list"], width);
        assert_eq!(code, Some(0));
        let widest = table.lines().map(nqueens_labs::width::of).max().unwrap();
        assert!(widest <= width, "labs list is {widest} columns wide at COLUMNS={width}:\n{table}");
        common::assert_golden(&format!("cli/list-zh-{width}.txt"), &table);
    }
}

#[test]
fn trace_speaks_chinese_line_by_line() {
    let (code, out, _) = zh(&["trace", "--algo", "naive", "--max-steps", "8", "4"], 0);
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "naive n=4：(row,col) 即（行，列），从 0 数起；缩进 = 棋盘上的皇后数；[k 个格子] = 检查读过的东西\n\
         放下 (0,0) [20 个格子]\n  拒绝 (1,0) 列 [1 个格子]\n  拒绝 (1,1) ↘ 斜线 [5 个格子]\n  放下 (1,2) [20 个格子]\n\
         \x20   拒绝 (2,0) 列 [1 个格子]\n    拒绝 (2,1) ↙ 斜线 [11 个格子]\n    拒绝 (2,2) 列 [2 个格子]\n\
         \x20   拒绝 (2,3) ↘ 斜线 [11 个格子]\n走完 8 步后停止（--max-steps 8）；到此为止：\n\
         naive n=4：0 个解，3 个结点，71 次读取\n每层结点数：1 1 1 0 0\n"
    );
    let (_, tree, _) = zh(&["trace", "--tree", "4"], 0);
    assert!(tree.ends_with("拿走 (0,3)\nn=4：2 个解，17 个结点\n每层结点数：1 4 6 4 2\n"), "{tree}");
    let (_, summary, _) = zh(&["trace", "--summary", "--algo", "bits", "6"], 0);
    assert_eq!(summary, "bits n=6：4 个解，153 个结点，149 次读取\n每层结点数：1 6 20 36 46 40 4\n");
}
