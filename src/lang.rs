//! The language the toolkit speaks where a student reads: English or Chinese.
//!
//! The lab sheets and the judge's verdict names come in both. `--lang` chooses; without it the
//! locale does, as a Unix program reads it: the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that
//! is set and not empty, and a value starting with `zh` (`zh_CN.UTF-8`, `zh_TW.UTF-8`, …) means
//! Chinese. Anything else, `C` and `POSIX` included, means English. Where none is set (Windows,
//! and a macOS app's environment), the system's own UI language decides (`sys-locale`: `zh-CN`,
//! `zh-Hans-CN`, …).
//!
//! The choice is made once, when `labs` starts ([`Lang::choose`], from `cli::parse`), and the value
//! is passed down from `main` to every command, whose words come from [`crate::catalogue`] in it.
//! [`Lang::current`] is left for what cannot be handed a value yet: clap's value parsers (which
//! run inside clap), `?` conversions of the counter's errors, and the judge's and the grader's
//! code, until they take the language as a value too.

use std::sync::OnceLock;

/// The language chosen for this process.
static CHOSEN: OnceLock<Lang> = OnceLock::new();

/// A language the toolkit speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// 中文 (Chinese).
    Zh,
}

impl Lang {
    /// Chooses the language of the whole process: `chosen` (`--lang`) if given, else the
    /// locale's. Only the first call chooses; it returns the language in force.
    pub fn choose(chosen: Option<Lang>) -> Lang {
        *CHOSEN.get_or_init(|| Lang::or_locale(chosen))
    }

    /// The language chosen by [`Lang::choose`], or the locale's if nothing was chosen yet.
    pub fn current() -> Lang {
        CHOSEN.get().copied().unwrap_or_else(|| Lang::or_locale(None))
    }

    /// `chosen` if given, else what the locale says.
    pub fn or_locale(chosen: Option<Lang>) -> Lang {
        chosen.unwrap_or_else(|| {
            let variables = ["LC_ALL", "LC_MESSAGES", "LANG"].map(|k| std::env::var(k).ok());
            let values: Vec<String> = variables.into_iter().flatten().chain(sys_locale::get_locale()).collect();
            Lang::from_locale(&values)
        })
    }

    /// The language the first non-empty locale value names.
    pub fn from_locale<'a>(values: impl IntoIterator<Item = &'a String>) -> Lang {
        match values.into_iter().find(|v| !v.is_empty()) {
            Some(v) if v.starts_with("zh") => Lang::Zh,
            _ => Lang::En,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn locale(values: &[&str]) -> Lang {
        let owned: Vec<String> = values.iter().map(|v| v.to_string()).collect();
        Lang::from_locale(&owned)
    }

    #[test]
    fn the_first_set_locale_value_decides() {
        assert_eq!(locale(&["zh_CN.UTF-8"]), Lang::Zh);
        assert_eq!(locale(&["", "zh_TW.UTF-8", "en_US.UTF-8"]), Lang::Zh);
        assert_eq!(locale(&["C", "zh_CN.UTF-8"]), Lang::En);
        assert_eq!(locale(&["POSIX"]), Lang::En);
        assert_eq!(locale(&[]), Lang::En);
        // The system's UI language, after unset variables: what Windows gives.
        assert_eq!(locale(&["", "zh-Hans-CN"]), Lang::Zh);
        assert_eq!(locale(&["en-US"]), Lang::En);
    }
}
