//! SVG to PNG through resvg, with the one font kifu ships: a picture never
//! depends on the fonts a machine happens to have.

use resvg::{tiny_skia, usvg};
use std::sync::Arc;

/// Kifu Sans: a subset of Liberation Sans (SIL OFL 1.1, `assets/fonts/`).
const FONT: &[u8] = include_bytes!("../../assets/fonts/KifuSans-Regular.ttf");

/// Why an SVG could not become a PNG.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// The SVG did not parse.
    #[error("cannot read the SVG: {0}")]
    Svg(#[from] usvg::Error),
    /// The picture has no pixels, or too many.
    #[error("cannot make a picture of {0} x {1} pixels")]
    Size(u32, u32),
    /// The encoder failed.
    #[error("cannot encode the PNG: {0}")]
    Encode(String),
}

/// The options of the SVG reader: the shipped font, and no other.
pub fn options() -> usvg::Options<'static> {
    let mut fonts = usvg::fontdb::Database::new();
    fonts.load_font_data(FONT.to_vec());
    fonts.set_sans_serif_family("Kifu Sans");
    usvg::Options {
        font_family: "Kifu Sans".to_owned(),
        fontdb: Arc::new(fonts),
        ..usvg::Options::default()
    }
}

/// Reads an SVG as resvg does, to check it.
///
/// # Errors
/// Why the SVG does not parse.
pub fn parse(svg: &str) -> Result<usvg::Tree, PngError> {
    Ok(usvg::Tree::from_str(svg, &options())?)
}

/// Rasterises an SVG at its own width and height, on a white ground.
///
/// # Errors
/// The SVG does not parse, or has no size.
pub fn render(svg: &str) -> Result<tiny_skia::Pixmap, PngError> {
    let tree = parse(svg)?;
    let size = tree.size().to_int_size();
    let (w, h) = (size.width(), size.height());
    if u64::from(w) * u64::from(h) > 64 << 20 {
        return Err(PngError::Size(w, h));
    }
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or(PngError::Size(w, h))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    Ok(pixmap)
}

/// The PNG file of an SVG.
///
/// # Errors
/// The SVG does not parse, has no size, or the encoder fails.
pub fn png(svg: &str) -> Result<Vec<u8>, PngError> {
    render(svg)?
        .encode_png()
        .map_err(|e| PngError::Encode(e.to_string()))
}
