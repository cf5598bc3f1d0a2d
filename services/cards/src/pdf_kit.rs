//! What the service's PDFs share: the QR code's modules and colours.

use krilla::color::rgb;
use krilla::geom::{PathBuilder, Rect};
use krilla::num::NormalizedF32;
use krilla::paint::Fill;
use krilla::surface::Surface;
use qrcode::{EcLevel, QrCode};

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
