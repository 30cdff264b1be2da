//! `labs`: parse the command line, run it, turn the outcome into an exit code.

use clap::Parser;
use clap::error::{ContextKind, ContextValue, ErrorKind};
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
            // clap's first line names the problem; what is allowed and a usage hint follow on later
            // lines, so the allowed values, if any, join the one line we print.
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or("").trim_start_matches("error: ");
            // The one multi-line message: the missing arguments stand on the lines below it.
            let problem = match (e.kind(), e.get(ContextKind::InvalidArg)) {
                (ErrorKind::MissingRequiredArgument, Some(ContextValue::Strings(missing))) => {
                    format!("missing {} (see --help)", missing.join(", "))
                }
                _ => first.to_string(),
            };
            let allowed = match e.get(ContextKind::ValidValue) {
                Some(ContextValue::Strings(values)) if !values.is_empty() => {
                    format!(" (allowed: {})", values.join(", "))
                }
                _ => String::new(),
            };
            let _ = writeln!(io::stderr(), "labs: {problem}{allowed}");
            return ExitCode::from(2);
        }
    };
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    // Flushed before any error message, so that stdout's last words come before stderr's.
    let result = app::dispatch(cli.command, &mut out);
    match result.and(out.flush().map_err(Error::from)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(io::stderr(), "labs: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
