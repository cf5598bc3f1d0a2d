//! What the service's PDFs share: points per millimetre, the embedded fonts (DejaVu Sans, which has every
//! letter of French and Ivorian names), colours, rectangles, lines of text, and French dates.

use chrono::NaiveDate;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::num::NormalizedF32;
use krilla::paint::Fill;
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use qrcode::{EcLevel, QrCode};
use std::sync::LazyLock;

/// Points (1/72 inch) per millimetre.
pub const MM: f32 = 72.0 / 25.4;

pub static REGULAR: LazyLock<Font> =
    LazyLock::new(|| font(include_bytes!("../assets/fonts/DejaVuSans.ttf")));
pub static BOLD: LazyLock<Font> =
    LazyLock::new(|| font(include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf")));

fn font(bytes: &'static [u8]) -> Font {
    Font::new(bytes.to_vec().into(), 0).expect("the embedded font reads")
}

/// Draws the dark modules of the QR code of `content` (error correction M) in the surface's fill, each run
/// of dark modules of a row as one rectangle. `place` is given the code's width in modules and answers
/// where its first module's top left corner goes and a module's width and height. Nothing for no content.
pub fn qr_modules(
    surface: &mut Surface,
    content: &str,
    place: impl FnOnce(usize) -> (f32, f32, f32, f32),
) -> Result<(), String> {
    if content.is_empty() {
        return Ok(());
    }
    let code = QrCode::with_error_correction_level(content.as_bytes(), EcLevel::M)
        .map_err(|e| format!("QR code: {e}"))?;
    let n = code.width();
    let modules = code.to_colors();
    let (x, y, width, height) = place(n);
    let mut path = PathBuilder::new();
    for row in 0..n {
        let mut col = 0;
        while col < n {
            if modules[row * n + col] == qrcode::Color::Dark {
                let start = col;
                while col < n && modules[row * n + col] == qrcode::Color::Dark {
                    col += 1;
                }
                let left = x + start as f32 * width;
                let top = y + row as f32 * height;
                if let Some(r) = Rect::from_xywh(left, top, (col - start) as f32 * width, height) {
                    path.push_rect(r);
                }
            } else {
                col += 1;
            }
        }
    }
    if let Some(path) = path.finish() {
        surface.draw_path(&path);
    }
    Ok(())
}

pub fn color(r: u8, g: u8, b: u8) -> Fill {
    Fill {
        paint: rgb::Color::new(r, g, b).into(),
        opacity: NormalizedF32::ONE,
        rule: Default::default(),
    }
}

pub fn rect(surface: &mut Surface, x: f32, y: f32, w: f32, h: f32) {
    let mut path = PathBuilder::new();
    if let Some(r) = Rect::from_xywh(x, y, w, h) {
        path.push_rect(r);
    }
    if let Some(path) = path.finish() {
        surface.draw_path(&path);
    }
}

pub fn text(surface: &mut Surface, x: f32, y: f32, bold: bool, size: f32, line: &str) {
    let font = if bold { BOLD.clone() } else { REGULAR.clone() };
    surface.draw_text(Point::from_xy(x, y), font, size, line, false, TextDirection::Auto);
}

/// At most `max` characters, with an ellipsis when cut (a long name stays inside its column).
pub fn fit(line: &str, max: usize) -> String {
    if line.chars().count() <= max {
        return line.to_string();
    }
    let kept: String = line.chars().take(max.saturating_sub(1)).collect();
    format!("{kept}…")
}

pub fn french_date(iso: Option<&str>) -> String {
    iso.and_then(|d| NaiveDate::parse_from_str(d.get(..10).unwrap_or(d), "%Y-%m-%d").ok())
        .map(|d| d.format("%d/%m/%Y").to_string())
        .unwrap_or_default()
}
