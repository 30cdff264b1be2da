//! A picture as PNG: the SVG the toolkit drew, rendered by resvg.
//!
//! resvg renders SVG in pure Rust, so `--plot x.png` works alike on Windows, macOS and Linux
//! with no system library, from the very SVG that `--plot x.svg` writes (one drawing, two
//! encodings). Its text needs a font: the system's fonts are read, and `sans-serif` is the
//! first of `SANS` found (the one a browser picks on each system), else any font there is.
//!
//! Only with the `png` feature ([`BUILT`]): resvg's text and font stack is over a third of a cold
//! build, so a build without it refuses a `.png` plot before any work starts.

/// Whether this build draws PNG files (`cargo build --features png`).
pub const BUILT: bool = cfg!(feature = "png");

#[cfg(feature = "png")]
use resvg::{tiny_skia, usvg};

#[cfg(feature = "png")]
/// The fonts `sans-serif` may stand for, in order: Linux's usual default, then Windows' and
/// macOS's, then other common ones.
const SANS: [&str; 5] = ["DejaVu Sans", "Arial", "Helvetica", "Liberation Sans", "Noto Sans"];

/// `svg` as the bytes of a PNG file of the same size; an error says what failed.
#[cfg(feature = "png")]
pub fn from_svg(svg: &str) -> Result<Vec<u8>, String> {
    let mut options = usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_system_fonts();
    let families: Vec<String> = fonts.faces().flat_map(|f| f.families.iter().map(|(name, _)| name.clone())).collect();
    let sans = SANS.iter().map(|s| s.to_string()).find(|s| families.contains(s)).or_else(|| families.first().cloned());
    let Some(sans) = sans else {
        return Err("no font found on this system for the picture's text (write an .svg instead)".into());
    };
    fonts.set_sans_serif_family(sans);
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| e.to_string())?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).ok_or("the picture has no area")?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| e.to_string())
}

/// Without the `png` feature there is nothing to draw with: [`Outputs::new`](super::Outputs::new)
/// refuses a `.png` plot before the work, so this is reached by no command.
#[cfg(not(feature = "png"))]
pub fn from_svg(_svg: &str) -> Result<Vec<u8>, String> {
    Err("this labs was built without the png feature".into())
}
