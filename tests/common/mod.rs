//! Helpers shared by the integration tests.

use pretty_assertions::assert_eq;
use std::path::PathBuf;

/// Compares `actual` with the golden file `tests/golden/<name>`, byte for byte, with a readable
/// diff on failure. `LABS_BLESS=1 cargo test` rewrites the file instead.
pub fn assert_golden(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    if std::env::var_os("LABS_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (LABS_BLESS=1 cargo test writes it)", path.display()));
    assert_eq!(expected, actual, "golden file {} differs", path.display());
}
