//! The language the toolkit speaks where a student reads: English or Chinese.
//!
//! The lab sheets and the judge's verdict names come in both. `--lang` chooses; without it the
//! locale does, as a Unix program reads it: the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that
//! is set and not empty, and a value starting with `zh` (`zh_CN.UTF-8`, `zh_TW.UTF-8`, …) means
//! Chinese. Anything else, `C` and `POSIX` included, means English. Where none is set (Windows,
//! and a macOS app's environment), the system's own UI language decides (`sys-locale`: `zh-CN`,
//! `zh-Hans-CN`, …).
//!
//! The choice is made once, when `labs` starts ([`crate::flags::lang_asked`], from `flags::parse`), and the value
//! is passed down from `main` to every command, whose words come from [`crate::catalogue`] in it.
//! Nothing keeps it process-wide: clap's value parsers, which run inside clap before a value could
//! be handed to them, keep how to word a refusal ([`crate::input::Refused`]) for `flags::report`.
//! The command line's names for it are `flags::names`'.

/// A language the toolkit speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// 中文 (Chinese).
    Zh,
}

impl Lang {
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
