// The shapes every N-Queens solution in Rust shares, taken away before sources are compared
// (src/grade/copies.rs): reading n, the row loop of a search, the diagonal test, printing a
// board. Names do not matter: the tokenizer makes every name one token. Not compiled: read as
// text by `include_str!`.
use std::io::{self, BufRead, Read, Write};

fn ok(q: &[usize], row: usize, col: usize) -> bool {
    for i in 0..row {
        if q[i] == col || q[i].abs_diff(col) == row - i {
            return false;
        }
    }
    true
}

fn show(q: &[usize], n: usize) {
    for i in 0..n {
        let line: String = (0..n).map(|j| if q[i] == j { 'Q' } else { '.' }).collect();
        println!("{}", line);
    }
    println!();
}

fn search(q: &mut Vec<usize>, row: usize, n: usize) {
    if row == n {
        show(q, n);
        return;
    }
    for col in 0..n {
        if ok(q, row, col) {
            q[row] = col;
            search(q, row + 1, n);
        }
    }
}

fn main() {
    let mut input = String::new();
    io::stdin().read_line(&mut input).unwrap();
    let n: usize = input.trim().parse().unwrap();
    let mut q = vec![0; n];
    search(&mut q, 0, n);
}
