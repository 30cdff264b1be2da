//! `labs`: parse the command line, run it, turn the outcome into an exit code.

use clap::Parser;
use nqueens_labs::{app, cli::Cli, error::Error};
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            // clap's first line names the problem; its usage hint follows on later lines.
            let text = e.render().to_string();
            let _ = writeln!(io::stderr(), "labs: {}", text.lines().next().unwrap_or("").trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match app::dispatch(cli.command, &mut out).and_then(|()| out.flush().map_err(Error::from)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(io::stderr(), "labs: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
