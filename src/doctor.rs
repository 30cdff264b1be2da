//! What this `labs` is and what it found here: `labs --version` and `labs doctor`.
//!
//! `labs -V` stays one line. `labs --version` adds the commit it was built from (`build.rs`),
//! the target, and each part it can use when found: the judge's backend, `count`'s fast path,
//! the sandbox, cgroups, pidfds and the compilers the judge builds sources with — what a student
//! pastes into a bug report. `labs doctor` checks the same parts and gives a one-line fix for
//! each one that is missing.
//!
//! Every part is asked of the module that uses it (the judge's
//! [`Host`](crate::judge::host::Host), probed here once; [`crate::count::FastPath::here`]), so
//! nothing here knows a system; [`Checkup`] is plain data, rendered by pure functions that the
//! tests feed fixed parts.

use crate::catalogue::{Key, say};
use crate::judge::compile::Language;
use crate::judge::process;
use crate::judge::system::System;
use crate::lang::Lang;
use std::fmt::Write;

/// The commit `build.rs` found (`abc123def456 (2026-12-01)`), empty when built outside git.
const COMMIT: &str = env!("LABS_COMMIT");

/// The target triple this `labs` was built for.
const TARGET: &str = env!("LABS_TARGET");

/// Whether a part was found, and if not, whether there is something to do about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Health {
    /// Found and working.
    Found,
    /// Missing, and this fixes it.
    Missing(String),
    /// Not there, and nothing to fix: not used by this build, or not made for this system.
    Absent,
}

/// One part `labs` looks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// What it is (a catalogue label, or a tool's name).
    pub label: String,
    /// What was found, or why it was not.
    pub detail: String,
    /// Found, missing or absent.
    pub health: Health,
}

/// This build and every part found here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkup {
    /// The crate's version.
    pub version: String,
    /// The commit and its date, if known.
    pub commit: Option<String>,
    /// The target triple.
    pub target: String,
    /// The parts, in the order they are listed.
    pub parts: Vec<Part>,
}

impl Checkup {
    /// Looks at everything here; the words in `lang`. Runs probes (bubblewrap, a cgroup, the
    /// Python interpreter), so it takes a few tens of milliseconds.
    pub fn here(lang: Lang) -> Checkup {
        let host = crate::judging::host(true);
        let guarantees = host.guarantees();
        let backend = crate::judging::backend_name(guarantees.backend).text(lang);
        let linux = guarantees.backend == process::Backend::Linux;
        let part = |label: Key, detail: String, health| Part { label: label.text(lang).to_string(), detail, health };
        let not_used = || say!(lang, DoctorNotUsed, backend);
        let kernel = host.kernel();
        let mut parts = vec![part(Key::DoctorBackend, backend.to_string(), Health::Found)];
        parts.push(match crate::count::FastPath::here() {
            crate::count::FastPath::Avx512 => part(Key::DoctorCount, say!(lang, DoctorAvx512), Health::Found),
            crate::count::FastPath::Avx2 => part(Key::DoctorCount, say!(lang, DoctorAvx2), Health::Found),
            crate::count::FastPath::Pext => part(Key::DoctorCount, say!(lang, DoctorPext), Health::Found),
            crate::count::FastPath::Shifts => part(Key::DoctorCount, say!(lang, DoctorNoPext), Health::Absent),
        });
        parts.push(match host.sandbox() {
            Ok(_) => part(Key::DoctorSandbox, say!(lang, DoctorBubblewrap), Health::Found),
            Err(why) if linux => part(
                Key::DoctorSandbox,
                crate::judging::words::no_sandbox(why, lang),
                Health::Missing(say!(lang, FixSandbox)),
            ),
            Err(why) => part(Key::DoctorSandbox, crate::judging::words::no_sandbox(why, lang), Health::Absent),
        });
        parts.push(match kernel.cgroups {
            None => part(Key::DoctorCgroups, not_used(), Health::Absent),
            Some(found) => {
                let missing: Vec<&str> = process::CONTROLLERS.into_iter().filter(|c| !found.contains(c)).collect();
                let detail = match (found.is_empty(), missing.is_empty()) {
                    (_, true) => found.join(", "),
                    (true, false) => say!(lang, DoctorNone),
                    (false, false) => say!(lang, DoctorSome, found = found.join(", "), missing = missing.join(", ")),
                };
                let health = if missing.is_empty() { Health::Found } else { Health::Missing(say!(lang, FixCgroups)) };
                part(Key::DoctorCgroups, detail, health)
            }
        });
        parts.push(match kernel.pidfds {
            None => part(Key::DoctorPidfd, not_used(), Health::Absent),
            Some(true) => part(Key::DoctorPidfd, say!(lang, DoctorWorks), Health::Found),
            Some(false) => part(Key::DoctorPidfd, say!(lang, DoctorNoPidfd), Health::Missing(say!(lang, FixPidfd))),
        });
        for language in Language::ALL {
            let tool = language.tool();
            let (detail, health) = match language.found(&host) {
                Some(path) => (path.display().to_string(), Health::Found),
                None => {
                    let hint = crate::judging::words::install(System::HERE.install_hint(tool), lang);
                    (say!(lang, DoctorNotOnPath), Health::Missing(say!(lang, FixInstall, hint)))
                }
            };
            parts.push(Part { label: tool.to_string(), detail, health });
        }
        let commit = (!COMMIT.is_empty()).then(|| COMMIT.to_string());
        Checkup { version: env!("CARGO_PKG_VERSION").to_string(), commit, target: TARGET.to_string(), parts }
    }

    /// The build's three lines: name and version, commit, target.
    fn heading(&self, lang: Lang) -> String {
        let commit = self.commit.clone().unwrap_or_else(|| say!(lang, DoctorCommitUnknown));
        let (commit_label, target_label) = (Key::DoctorCommit.text(lang), Key::DoctorTarget.text(lang));
        format!(
            "labs {}\n{}\n{}\n",
            self.version,
            label(commit_label, &commit, lang),
            label(target_label, &self.target, lang)
        )
    }

    /// `labs --version`: the heading, then one line per part, as found.
    pub fn version(&self, lang: Lang) -> String {
        let mut out = self.heading(lang);
        for part in &self.parts {
            let _ = writeln!(out, "{}", label(&part.label, &part.detail, lang));
        }
        out
    }

    /// `labs doctor`: the heading, then each part marked `✓` (found), `✗` (missing, with its
    /// fix on the next line) or `-` (absent, nothing to fix), then how many are missing.
    pub fn doctor(&self, lang: Lang) -> String {
        let mut out = self.heading(lang);
        out.push('\n');
        for part in &self.parts {
            let mark = match part.health {
                Health::Found => '✓',
                Health::Missing(_) => '✗',
                Health::Absent => '-',
            };
            let _ = writeln!(out, "{mark} {}", label(&part.label, &part.detail, lang));
            if let Health::Missing(fix) = &part.health {
                let _ = writeln!(out, "  {}", say!(lang, DoctorFix, fix));
            }
        }
        let missing = self.parts.iter().filter(|p| matches!(p.health, Health::Missing(_))).count();
        if !self.parts.is_empty() {
            out.push('\n');
        }
        out += &match missing {
            0 => say!(lang, DoctorAllFound),
            missing => say!(lang, DoctorMissing, missing, total = self.parts.len()),
        };
        out.push('\n');
        out
    }
}

/// `name: value`, with the colon of `lang`.
fn label(name: &str, value: &str, lang: Lang) -> String {
    say!(lang, DoctorLine, name, value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn sample() -> Checkup {
        let part = |label: &str, detail: &str, health| Part { label: label.into(), detail: detail.into(), health };
        Checkup {
            version: "0.1.0".into(),
            commit: Some("0123456789ab (2026-12-01)".into()),
            target: "x86_64-unknown-linux-gnu".into(),
            parts: vec![
                part("sandbox", "bubblewrap works", Health::Found),
                part("count's fast path", "shifts", Health::Absent),
                part("rustc", "not found on PATH", Health::Missing("install it (rustup)".into())),
            ],
        }
    }

    #[test]
    fn the_long_version_lists_every_part_as_found() {
        assert_eq!(
            sample().version(Lang::En),
            "labs 0.1.0\ncommit: 0123456789ab (2026-12-01)\ntarget: x86_64-unknown-linux-gnu\n\
             sandbox: bubblewrap works\ncount's fast path: shifts\nrustc: not found on PATH\n"
        );
    }

    #[test]
    fn the_doctor_marks_each_part_and_fixes_the_missing_ones() {
        assert_eq!(
            sample().doctor(Lang::En),
            "labs 0.1.0\ncommit: 0123456789ab (2026-12-01)\ntarget: x86_64-unknown-linux-gnu\n\n\
             ✓ sandbox: bubblewrap works\n- count's fast path: shifts\n✗ rustc: not found on PATH\n  \
             fix: install it (rustup)\n\n\
             1 of 3 parts missing: labs runs without them, and the judge's report says what it cannot promise\n"
        );
        let none = Checkup { commit: None, parts: vec![], ..sample() };
        assert_eq!(
            none.doctor(Lang::Zh),
            "labs 0.1.0\n提交：未知（不是在 git 仓库中构建的）\n目标平台：x86_64-unknown-linux-gnu\n\n全部找到\n"
        );
    }
}
