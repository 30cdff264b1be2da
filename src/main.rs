//! `labs`: parse the command line, run it, turn the outcome into an exit code.

use nqueens_labs::{app, error::Error, flags, judging};
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    // Before any run: the judge's runs' orphans come back to `labs`, which kills them.
    judging::take_charge();
    let (lang, cli) = match flags::parse() {
        (lang, Ok(cli)) => {
            nqueens_labs::term::choose_color(cli.color());
            (lang, cli)
        }
        (lang, Err(e)) => return ExitCode::from(flags::report(&e, lang)),
    };
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    // Flushed before any error message, failed or not, so that stdout's last words (a judge's
    // report) come before stderr's line on a terminal that shows both.
    let result = flags::plan::plan(cli, lang).and_then(|plan| app::dispatch(plan, lang, &mut out));
    let result = result.and(out.flush().map_err(Error::from));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(io::stderr(), "labs: {}", e.message(lang));
            ExitCode::from(e.exit_code())
        }
    }
}
