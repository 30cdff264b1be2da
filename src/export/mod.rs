//! Reports as files, for every command that writes them: Markdown, CSV and JSON, one small
//! [`Exporter`] each, and where the bytes go ([`Target`]).
//!
//! A format is a unit type ([`Markdown`], [`Csv`], [`Json`]); a command's report implements
//! [`Exporter<Report>`](Exporter) for each, in its own `export` module (`bench/export/`,
//! `grade/export.rs`), so that one trait and one list of formats serve every command and each
//! command keeps the shape of its own rows. An exporter turns a report into bytes on any
//! [`Write`]; it never knows whether they go to a file or to stdout (`-`), which [`Outputs`] and
//! [`Opened`] decide, the same way for every command. What formats share — quoting a CSV
//! field — lives here too.
//!
//! A file is written atomically: its bytes go to a temporary file beside it, created before the
//! work starts (so a bad path fails at once), which takes the file's name only once it is whole
//! (`tempfile`'s `persist`, a rename). An error, a plot that cannot be drawn or a Ctrl-C in the
//! middle leaves the older file as it was, never an empty or half-written one.
//!
//! A plot goes to a file as SVG, or as PNG when its name ends in `.png` ([`png`]).
//!
//! This module imports nothing of the commands.

pub mod png;

use crate::catalogue::say;
use crate::error::{Error, io_words};
use crate::lang::Lang;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use tempfile::NamedTempFile;

/// Writes a report of type `R` in one format.
pub trait Exporter<R: ?Sized> {
    /// Writes all of `report` to `out`.
    fn write(&self, report: &R, out: &mut dyn Write) -> io::Result<()>;
}

/// Markdown: the terminal's table for a lab report or a README.
pub struct Markdown;

/// Comma-separated values, one line per row, every number as measured.
pub struct Csv;

/// One JSON document holding everything.
pub struct Json;

/// The export formats, as the flags that ask for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Export {
    /// A Markdown table with its notes.
    Markdown,
    /// Comma-separated values.
    Csv,
    /// One JSON document.
    Json,
}

impl Export {
    /// Every format, in the order the flags are listed.
    pub const ALL: [Export; 3] = [Export::Markdown, Export::Csv, Export::Json];

    /// The flag that asks for it.
    pub fn flag(self) -> &'static str {
        match self {
            Export::Markdown => "--export-markdown",
            Export::Csv => "--export-csv",
            Export::Json => "--export-json",
        }
    }

    /// Writes `report` in this format to `out`.
    pub fn write<R: ?Sized>(self, report: &R, out: &mut dyn Write) -> io::Result<()>
    where
        Markdown: Exporter<R>,
        Csv: Exporter<R>,
        Json: Exporter<R>,
    {
        match self {
            Export::Markdown => Markdown.write(report, out),
            Export::Csv => Csv.write(report, out),
            Export::Json => Json.write(report, out),
        }
    }

    /// `report` in this format, as text.
    pub fn to_string<R: ?Sized>(self, report: &R) -> String
    where
        Markdown: Exporter<R>,
        Csv: Exporter<R>,
        Json: Exporter<R>,
    {
        let mut bytes = Vec::new();
        self.write(report, &mut bytes).expect("writing to a Vec cannot fail");
        String::from_utf8(bytes).expect("exporters write UTF-8")
    }
}

/// A CSV field of text: as it is, or quoted as RFC 4180 says when it holds a comma, a quote or a
/// line break. Text a spreadsheet would read as a formula (a leading `=`, `+`, `-`, `@`, tab or
/// carriage return: `=HYPERLINK(…)` in a student's file name) gets a leading `'`, as OWASP's
/// advice on CSV injection says, so that it stays text.
pub fn csv_field(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{text}") } else { text.to_string() };
    if text.contains([',', '"', '\n', '\r']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text }
}

/// Text for a Markdown page: the characters HTML reads (`<`, `>`, `&`) as entities, so that a
/// student's `<img onerror=…>` is shown, not run, and `|` escaped, so that it stays in its cell.
pub fn markdown_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '|' => out.push_str("\\|"),
            c => out.push(c),
        }
    }
    out
}

/// Where a file-like output goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Standard output (`-` on the command line).
    Stdout,
    /// A file, created or truncated.
    File(PathBuf),
}

impl Target {
    /// `-` is stdout; anything else a file.
    pub fn new(text: &str) -> Target {
        if text == "-" { Target::Stdout } else { Target::File(PathBuf::from(text)) }
    }
}

/// Where a command's exports and plot go: each asked-for format with its target, checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outputs {
    /// Each requested export with its destination.
    pub exports: Vec<(Export, Target)>,
    /// Where the plot goes, if anywhere: SVG, or PNG for a file named `*.png`.
    pub plot: Option<Target>,
}

impl Outputs {
    /// The outputs of `--export-markdown`, `--export-csv`, `--export-json` and `--plot`; at most
    /// one may be `-`.
    pub fn new(
        markdown: Option<&str>,
        csv: Option<&str>,
        json: Option<&str>,
        plot: Option<&str>,
        lang: Lang,
    ) -> Result<Outputs, Error> {
        let exports: Vec<(Export, Target)> = Export::ALL
            .into_iter()
            .zip([markdown, csv, json])
            .filter_map(|(export, path)| path.map(|p| (export, Target::new(p))))
            .collect();
        let outputs = Outputs { exports, plot: plot.map(Target::new) };
        if let Some(Target::File(path)) = &outputs.plot
            && is_png(path)
            && !png::BUILT
        {
            return Err(Error::Usage(say!(lang, PlotNoPng, path = path.display())));
        }
        let to_stdout = outputs.targets().filter(|t| **t == Target::Stdout).count();
        if to_stdout > 1 {
            return Err(Error::Usage(say!(lang, OneToStdout)));
        }
        Ok(outputs)
    }

    fn targets(&self) -> impl Iterator<Item = &Target> {
        self.exports.iter().map(|(_, t)| t).chain(&self.plot)
    }

    /// Whether some export or the plot takes standard output, in place of the table.
    pub fn stdout_taken(&self) -> bool {
        self.targets().any(|t| *t == Target::Stdout)
    }
}

/// What goes to one output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// An export format.
    Export(Export),
    /// The plot.
    Plot,
}

/// The outputs' temporary files, created before the work starts, so that a bad path fails at once.
#[derive(Debug)]
pub struct Opened {
    files: Vec<(Output, Option<(PathBuf, NamedTempFile)>)>,
    /// The language of a failure to write them.
    lang: Lang,
}

impl Outputs {
    /// Creates every output file (none for stdout); a name that is a symbolic link is refused
    /// in `lang`, before any work.
    pub fn open(&self, lang: Lang) -> Result<Opened, Error> {
        let mut files = Vec::new();
        for (export, target) in &self.exports {
            files.push((Output::Export(*export), open(target, export.flag(), lang)?));
        }
        if let Some(target) = &self.plot {
            files.push((Output::Plot, open(target, "--plot", lang)?));
        }
        Ok(Opened { files, lang })
    }
}

impl Opened {
    /// Writes what `render` makes of each output to its file, or to `out` for stdout; the plot
    /// as PNG to a file named `*.png`. A plot that cannot be drawn is an error naming `--plot`.
    pub fn write(self, out: &mut dyn Write, render: impl Fn(Output) -> Result<String, String>) -> Result<(), Error> {
        let failed = |e: String| Error::Failed(format!("--plot: {e}"));
        for (output, file) in self.files {
            let text = render(output).map_err(failed)?;
            match file {
                Some((path, file)) if output == Output::Plot && is_png(&path) => {
                    write_file(&path, file, &png::from_svg(&text).map_err(failed)?, self.lang)?
                }
                Some((path, file)) => write_file(&path, file, text.as_bytes(), self.lang)?,
                None => out.write_all(text.as_bytes())?,
            }
        }
        Ok(())
    }
}

/// Whether `path` names a PNG file (`.png`, in any case).
fn is_png(path: &Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("png"))
}

/// Creates the temporary file that will become the file `target` names (none for stdout), in
/// the same folder so that the rename stays on one file system; `flag` names it in the error.
/// The temporary file is made new (never through a link) and renamed over the name, which
/// replaces a link there rather than follow it; a name that is a link when the outputs are
/// opened is refused all the same, in `lang`, so that no link is replaced unsaid.
fn open(target: &Target, flag: &str, lang: Lang) -> Result<Option<(PathBuf, NamedTempFile)>, Error> {
    let Target::File(path) = target else { return Ok(None) };
    if crate::outfile::refuse_link(path).is_err() {
        let path = crate::escape::visible(&path.display().to_string());
        return Err(Error::Usage(say!(lang, OutputLink, flag, path)));
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    tempfile::Builder::new()
        .prefix(".labs-")
        .suffix(".part")
        // Created as File::create creates a file, so the export gets the usual permissions.
        .make_in(folder, |p| File::create_new(p))
        .map(|file| Some((path.clone(), file)))
        .map_err(|e| {
            let (path, error) = (path.display(), io_words(&e, lang));
            Error::Failed(say!(lang, OutputCannotCreate, flag, path, error))
        })
}

/// Writes `bytes` to `file`, then gives it `path`'s name; the error names `path`, in `lang`.
fn write_file(path: &Path, file: NamedTempFile, bytes: &[u8], lang: Lang) -> Result<(), Error> {
    let failed =
        |e: io::Error| Error::Failed(say!(lang, OutputCannotWrite, path = path.display(), error = io_words(&e, lang)));
    let mut writer = BufWriter::new(file);
    writer.write_all(bytes).and_then(|()| writer.flush()).map_err(failed)?;
    let file = writer.into_inner().map_err(|e| failed(e.into_error()))?;
    file.persist(path).map_err(|e| failed(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_are_quoted_only_when_they_must_be() {
        assert_eq!(csv_field("plain text"), "plain text");
        assert_eq!(csv_field("a, b"), "\"a, b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("=1+2"), "'=1+2");
        assert_eq!(csv_field("-v, -o"), "\"'-v, -o\"");
    }

    #[test]
    fn markdown_text_shows_html_and_keeps_pipes_in_their_cell() {
        assert_eq!(
            markdown_text("<img src=x onerror=alert(1)> a|b & c"),
            "&lt;img src=x onerror=alert(1)&gt; a\\|b &amp; c"
        );
    }
}
