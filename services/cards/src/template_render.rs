//! A designed template (`report_json`, the JSON of `@pdfme`, the designer the web uses) drawn in Rust with
//! krilla, so the server prints what the designer drew. Each element is placed with the same arithmetic
//! as `@pdfme/generator` 6 (its text, image, barcode, rectangle, ellipse and line renderers in
//! `@pdfme/schemas`), in the same font (Roboto, pdfme's default, embedded here byte for byte), so a text
//! lands where the preview shows it: a test compares both renderings within 0.5 mm.
//!
//! Read once per print job (`Template::parse`), drawn once per record (`Template::draw`). A page holding a
//! table (`table`) is laid out as pdfme lays it out (`layout`): its rows flow onto the next pages.

mod layout;
mod table;

use crate::pdf_kit::{color, qr_modules};
use base64::Engine;
use krilla::Document;
use krilla::geom::{PathBuilder, Point, Rect, Size, Transform};
use krilla::image::Image;
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, GlyphId, KrillaGlyph};
use serde_json::Value;
use std::sync::LazyLock;

/// pdfme's own millimetre to point ratio (`MM_TO_PT_RATIO`), not 72/25.4: the positions must agree
/// with its generator to the hundredth of a millimetre.
const MM_TO_PT: f32 = 2.8346;

fn pt(mm: f32) -> f32 {
    mm * MM_TO_PT
}

static ROBOTO_BYTES: &[u8] = include_bytes!("../assets/fonts/Roboto-Regular.ttf");
static ROBOTO: LazyLock<Font> = LazyLock::new(|| {
    Font::new(ROBOTO_BYTES.to_vec().into(), 0).expect("the embedded Roboto reads")
});

/// The font's vertical metrics as pdfme reads them through fontkit (the `hhea` table), in font units.
struct Metrics {
    ascent: f32,
    descent: f32,
    units_per_em: f32,
}

/// Roboto's tables, read once: the glyph of each character and its advance.
static FACE: LazyLock<ttf_parser::Face<'static>> =
    LazyLock::new(|| ttf_parser::Face::parse(ROBOTO_BYTES, 0).expect("the embedded Roboto reads"));

static METRICS: LazyLock<Metrics> = LazyLock::new(|| {
    let face = &*FACE;
    let hhea = face.tables().hhea;
    Metrics {
        ascent: hhea.ascender as f32,
        descent: hhea.descender as f32,
        units_per_em: face.units_per_em() as f32,
    }
});

/// What a record gives a template: the text of each field (by its JSON name) and the photo.
pub trait Record {
    /// The text printed for `field`, `None` when the record has no such field; empty prints nothing (as
    /// pdfme does with an empty value).
    fn text(&self, field: &str) -> Option<String>;
    /// The image printed for `field` (the member's photo), when it is one.
    fn image(&self, field: &str) -> Option<Image>;
}

/// A record from its JSON (a proto message serialized by its JSON names) and its photo.
pub struct JsonRecord<'a> {
    pub values: &'a serde_json::Map<String, Value>,
    /// The field the photo is bound to (`card_photo`) and the photo (JPEG).
    pub photo: Option<(&'a str, Image)>,
}

impl Record for JsonRecord<'_> {
    fn text(&self, field: &str) -> Option<String> {
        match self.values.get(field)? {
            Value::String(text) => Some(french_date_or(text)),
            Value::Null => Some(String::new()),
            other => Some(other.to_string()),
        }
    }

    fn image(&self, field: &str) -> Option<Image> {
        self.photo.as_ref().filter(|(name, _)| *name == field).map(|(_, image)| image.clone())
    }
}

/// A date prints as people here read it: `2031-12-07` as `07/12/2031`, a moment as `07/12/2031 14:05`
/// (in the offset it was written with); any other text as it is. The designer's preview does the same.
pub(crate) fn french_date_or(text: &str) -> String {
    if text.len() == 10 {
        if let Ok(day) = chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d") {
            return day.format("%d/%m/%Y").to_string();
        }
    } else if text.len() > 10
        && text.as_bytes()[10] == b'T'
        && let Ok(moment) = chrono::DateTime::parse_from_rfc3339(text)
    {
        return moment.format("%d/%m/%Y %H:%M").to_string();
    }
    text.to_string()
}

/// What a photo element shows without a photo: the designer's grey picture (web/src/features/reports/
/// template.ts, `PHOTO_PLACEHOLDER`), so a member without a photo prints as the designer shows them.
const PHOTO_PLACEHOLDER: &str = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAAFCAIAAADtz9qMAAAAD0lEQVR4nGM4gQQYyOAAAPP8LuFvay+sAAAAAElFTkSuQmCC";
static PHOTO_MISSING: LazyLock<Option<Image>> = LazyLock::new(|| data_image(PHOTO_PLACEHOLDER));

/// A template read and checked once for a whole print.
pub struct Template {
    width: f32,
    height: f32,
    /// The page's height and its top and bottom padding, in millimetres (for a table's pages).
    page_mm: (f32, f32, f32),
    pages: Vec<Vec<Element>>,
}

/// An element's box in points, from the page's top left (krilla's axes; pdfme counts from the bottom,
/// which the arithmetic below undoes).
#[derive(Clone, Copy, Debug)]
struct Frame {
    x: f32,
    y: f32,
    width: f32,
    height: f32,
}

#[derive(Clone)]
enum Content {
    /// The record's value of this field (the element's name, `-2`… removed).
    Field(String),
    /// The element's own content (`readOnly`, a fixed text or image).
    Fixed(String),
}

/// An element of a template page: its box and what it draws there.
struct Element {
    frame: Frame,
    shape: Shape,
}

enum Shape {
    Text { content: Content, style: TextStyle },
    Table { content: Content, table: Box<table::Table> },
    Image { field: Option<String>, fixed: Option<Image> },
    Qr { content: Content, dark: Fill, light: Option<Fill> },
    Rectangle { fill: Option<Fill>, border: Option<(Fill, f32)> },
    Ellipse { fill: Option<Fill>, border: Option<(Fill, f32)> },
    Line { color: Fill },
}

#[derive(Clone)]
struct TextStyle {
    size: f32,
    /// pdfme's dynamic font size: the size grown or shrunk, by quarter points, between `min` and `max`
    /// until the text fits its box (by its height, or by its width when `horizontal`).
    dynamic: Option<Dynamic>,
    alignment: Alignment,
    vertical: Vertical,
    line_height: f32,
    spacing: f32,
    color: Fill,
    background: Option<Fill>,
    /// The padding and border inside the box (mm): top, right, bottom, left.
    inset: [f32; 4],
}

#[derive(Clone, Copy)]
struct Dynamic {
    min: f32,
    max: f32,
    horizontal: bool,
}

#[derive(Clone, Copy, PartialEq)]
enum Alignment {
    Left,
    Center,
    Right,
    Justify,
}

#[derive(Clone, Copy, PartialEq)]
enum Vertical {
    Top,
    Middle,
    Bottom,
}

impl Template {
    /// Reads a designer template (`basePdf` a page in millimetres, `schemas` its pages of elements).
    /// Answers why it cannot be printed: a page given as a PDF file, or no page at all.
    pub fn parse(json: &str) -> Result<Template, String> {
        let template: Value =
            serde_json::from_str(json).map_err(|e| format!("template JSON: {e}"))?;
        let base = &template["basePdf"];
        let (Some(width), Some(height)) = (number(&base["width"]), number(&base["height"])) else {
            return Err("the template's page is not a blank page in millimetres".into());
        };
        let pages = template["schemas"].as_array().ok_or("the template has no pages")?;
        let pages = pages
            .iter()
            .map(|page| match page {
                Value::Array(list) => list.iter().filter_map(element).collect(),
                // The designer's older form: the elements by name.
                Value::Object(by_name) => by_name
                    .iter()
                    .filter_map(|(name, e)| {
                        let mut e = e.clone();
                        e["name"] = Value::String(name.clone());
                        element(&e)
                    })
                    .collect(),
                _ => Vec::new(),
            })
            .collect::<Vec<_>>();
        if pages.is_empty() {
            return Err("the template has no pages".into());
        }
        let padding = &base["padding"];
        let pad = |i: usize| number(&padding[i]).unwrap_or(0.0);
        Ok(Template {
            width: pt(width),
            height: pt(height),
            page_mm: (height, pad(0), pad(2)),
            pages,
        })
    }

    /// A PDF of the template's pages filled with each record in turn.
    pub fn pdf(&self, records: &[&dyn Record]) -> Result<Vec<u8>, String> {
        let mut document = Document::new();
        for record in records {
            self.draw(&mut document, *record)?;
        }
        document.finish().map_err(|e| format!("{e:?}"))
    }

    /// Adds the template's pages, filled with `record`, to `document`.
    pub fn draw(&self, document: &mut Document, record: &dyn Record) -> Result<(), String> {
        for elements in &self.pages {
            if elements.iter().any(|e| matches!(e.shape, Shape::Table { .. })) {
                self.draw_flowing(document, elements, record)?;
                continue;
            }
            let size = PageSettings::from_wh(self.width, self.height).ok_or("page size")?;
            let mut page = document.start_page_with(size);
            let mut surface = page.surface();
            for element in elements {
                draw(&mut surface, element.frame, &element.shape, record)?;
            }
            surface.finish();
            page.finish();
        }
        Ok(())
    }

    /// A template page with a table: as many pages as its rows need, each element moved down by what grew
    /// above it (`layout`).
    fn draw_flowing(
        &self,
        document: &mut Document,
        elements: &[Element],
        record: &dyn Record,
    ) -> Result<(), String> {
        let value = |content: &Content| match content {
            Content::Field(field) => record.text(field).unwrap_or_default(),
            Content::Fixed(text) => text.clone(),
        };
        let bodies: Vec<Option<Vec<Vec<String>>>> = elements
            .iter()
            .map(|e| match &e.shape {
                Shape::Table { content, .. } => Some(table::body_of(&value(content))),
                _ => None,
            })
            .collect();
        let items = elements
            .iter()
            .zip(&bodies)
            .map(|(element, body)| {
                let (y, height) = (element.frame.y / MM_TO_PT, element.frame.height / MM_TO_PT);
                let units = match (&element.shape, body) {
                    (Shape::Table { table, .. }, Some(body)) => {
                        table.unit_heights(body, self.page_mm)
                    }
                    _ => vec![height],
                };
                layout::Item { y, height, units, table: body.is_some() }
            })
            .collect();
        for placed in layout::flow(items, self.page_mm) {
            let size = PageSettings::from_wh(self.width, self.height).ok_or("page size")?;
            let mut page = document.start_page_with(size);
            let mut surface = page.surface();
            for piece in placed {
                let element = &elements[piece.index];
                match (&element.shape, &bodies[piece.index], piece.rows) {
                    (Shape::Table { table, .. }, Some(body), Some((rows, split))) => {
                        table.draw(&mut surface, body, piece.y, rows, split);
                    }
                    _ => {
                        let frame = Frame { y: pt(piece.y), ..element.frame };
                        draw(&mut surface, frame, &element.shape, record)?;
                    }
                }
            }
            surface.finish();
            page.finish();
        }
        Ok(())
    }
}

/// A text's alignment (`left` when unset).
fn alignment(value: &Value) -> Alignment {
    match value.as_str() {
        Some("center") => Alignment::Center,
        Some("right") => Alignment::Right,
        Some("justify") => Alignment::Justify,
        _ => Alignment::Left,
    }
}

fn number(value: &Value) -> Option<f32> {
    value.as_f64().map(|n| n as f32)
}

fn text_of(value: &Value) -> String {
    value.as_str().unwrap_or_default().to_string()
}

/// `#rrggbb` (or `#rgb`) as a fill of `opacity`; `None` for an empty or unreadable colour (pdfme then
/// draws nothing).
fn hex(value: &Value, opacity: f32) -> Option<Fill> {
    let text = value.as_str()?.trim().trim_start_matches('#');
    let text = match text.len() {
        3 => text.chars().flat_map(|c| [c, c]).collect::<String>(),
        6 | 8 => text[..6].to_string(),
        _ => return None,
    };
    let byte = |i: usize| u8::from_str_radix(&text[i..i + 2], 16).ok();
    let mut fill = color(byte(0)?, byte(2)?, byte(4)?);
    fill.opacity = NormalizedF32::new(opacity.clamp(0.0, 1.0)).unwrap_or(NormalizedF32::ONE);
    Some(fill)
}

/// A box side by side (`{top, right, bottom, left}` in mm); pdfme reads anything else as 0.
fn sides(value: &Value) -> [f32; 4] {
    ["top", "right", "bottom", "left"].map(|side| number(&value[side]).unwrap_or(0.0))
}

/// The element's field: its name without the designer's `-2`, `-3`… of a second element of a field.
fn field_of(name: &str) -> String {
    match name.rsplit_once('-') {
        Some((field, n)) if n.parse::<u32>().is_ok() => field.to_string(),
        _ => name.to_string(),
    }
}

/// An element of the template; `None` for one the server does not draw (it is logged).
fn element(e: &Value) -> Option<Element> {
    let name = e["name"].as_str().unwrap_or_default();
    let frame = Frame {
        x: pt(number(&e["position"]["x"])?),
        y: pt(number(&e["position"]["y"])?),
        width: pt(number(&e["width"])?),
        height: pt(number(&e["height"])?),
    };
    let opacity = number(&e["opacity"]).unwrap_or(1.0);
    let content = || {
        if e["readOnly"] == Value::Bool(true) {
            Content::Fixed(text_of(&e["content"]))
        } else {
            Content::Field(field_of(name))
        }
    };
    let kind = e["type"].as_str().unwrap_or_default();
    if number(&e["rotate"]).is_some_and(|angle| angle != 0.0) {
        tracing::warn!(element = name, "template element rotated: printed unrotated by the server");
    }
    let shape = match kind {
        "text" => {
            // pdfme's border and padding (mm) both push the text inside the box.
            let (border, padding) = (sides(&e["borderWidth"]), sides(&e["padding"]));
            let inset = [0, 1, 2, 3].map(|i| border[i] + padding[i]);
            let line_height = number(&e["lineHeight"]).unwrap_or(1.0);
            Shape::Text {
                content: content(),
                style: TextStyle {
                    size: number(&e["fontSize"]).unwrap_or(13.0),
                    dynamic: match (&e["dynamicFontSize"], e["textOverflow"].as_str()) {
                        (Value::Object(d), overflow) if overflow != Some("expand") => {
                            Some(Dynamic {
                                min: number(&d["min"]).unwrap_or(0.0),
                                max: number(&d["max"]).unwrap_or(0.0),
                                horizontal: d.get("fit").and_then(Value::as_str)
                                    == Some("horizontal"),
                            })
                        }
                        _ => None,
                    },
                    alignment: alignment(&e["alignment"]),
                    vertical: match e["verticalAlignment"].as_str() {
                        Some("middle") => Vertical::Middle,
                        Some("bottom") => Vertical::Bottom,
                        _ => Vertical::Top,
                    },
                    line_height,
                    spacing: number(&e["characterSpacing"]).unwrap_or(0.0),
                    color: hex(&e["fontColor"], opacity).unwrap_or_else(|| color(0, 0, 0)),
                    background: hex(&e["backgroundColor"], opacity),
                    inset,
                },
            }
        }
        "image" => {
            let fixed = match content() {
                Content::Fixed(url) => data_image(&url),
                Content::Field(_) => None,
            };
            let field = (e["readOnly"] != Value::Bool(true)).then(|| field_of(name));
            Shape::Image { field, fixed }
        }
        "table" => {
            Shape::Table { content: content(), table: Box::new(table::Table::parse(e, opacity)?) }
        }
        "qrcode" => Shape::Qr {
            content: content(),
            dark: hex(&e["barColor"], opacity).unwrap_or_else(|| color(0, 0, 0)),
            light: hex(&e["backgroundColor"], opacity),
        },
        "rectangle" | "ellipse" => {
            let fill = hex(&e["color"], opacity);
            let width = number(&e["borderWidth"]).map(pt).unwrap_or(0.0);
            let border =
                hex(&e["borderColor"], opacity).filter(|_| width > 0.0).map(|c| (c, width));
            if kind == "rectangle" {
                Shape::Rectangle { fill, border }
            } else {
                Shape::Ellipse { fill, border }
            }
        }
        "line" => {
            Shape::Line { color: hex(&e["color"], opacity).unwrap_or_else(|| color(0, 0, 0)) }
        }
        other => {
            tracing::warn!(
                element = name,
                kind = other,
                "template element not printed by the server"
            );
            return None;
        }
    };
    Some(Element { frame, shape })
}

/// A fixed image of the template: a PNG or JPEG data URL.
fn data_image(url: &str) -> Option<Image> {
    let (head, data) = url.split_once(',')?;
    let bytes = base64::engine::general_purpose::STANDARD.decode(data.trim()).ok()?;
    let image = if head.contains("image/png") {
        Image::from_png(bytes.into(), true)
    } else {
        Image::from_jpeg(bytes.into(), true)
    };
    image.map_err(|e| tracing::warn!(error = %e, "template image unreadable")).ok()
}

/// Draws one element in `frame`; a table is drawn piece by piece by `draw_flowing`.
fn draw(
    surface: &mut Surface,
    frame: Frame,
    shape: &Shape,
    record: &dyn Record,
) -> Result<(), String> {
    let value = |content: &Content| match content {
        Content::Field(field) => record.text(field).unwrap_or_default(),
        Content::Fixed(text) => placeholders(text, record),
    };
    match shape {
        Shape::Text { content, style } => text(surface, frame, &value(content), style),
        Shape::Table { .. } => {}
        Shape::Image { field, fixed } => {
            let image = match field {
                Some(field) => record.image(field).or_else(|| PHOTO_MISSING.clone()),
                None => fixed.clone(),
            };
            if let Some(image) = image {
                contain(surface, frame, image)?;
            }
        }
        Shape::Qr { content, dark, light } => {
            qr(surface, frame, &value(content), dark, light.as_ref())?
        }
        Shape::Rectangle { fill, border } | Shape::Ellipse { fill, border } => {
            // pdfme draws the shape inside its box: the border's middle half a width in.
            let half = border.as_ref().map_or(0.0, |(_, w)| w / 2.0);
            let Some(rect) = Rect::from_xywh(
                frame.x + half,
                frame.y + half,
                frame.width - 2.0 * half,
                frame.height - 2.0 * half,
            ) else {
                return Ok(());
            };
            let mut path = PathBuilder::new();
            if matches!(shape, Shape::Ellipse { .. }) {
                oval(&mut path, rect);
            } else {
                path.push_rect(rect);
            }
            surface.set_fill(fill.clone());
            surface.set_stroke(border.as_ref().map(|(fill, width)| Stroke {
                paint: fill.paint.clone(),
                width: *width,
                opacity: fill.opacity,
                ..Default::default()
            }));
            if let Some(path) = path.finish() {
                surface.draw_path(&path);
            }
            surface.set_stroke(None);
        }
        // A horizontal line as thick as the box is high, through its middle.
        Shape::Line { color } => {
            surface.set_fill(Some(color.clone()));
            fill_rect(surface, frame.x, frame.y, frame.width, frame.height);
        }
    }
    Ok(())
}

/// An ellipse in `rect` from four cubic curves (the usual 0.5523 of a quarter's control points).
fn oval(path: &mut PathBuilder, rect: Rect) {
    const K: f32 = 0.552_284_8;
    let (cx, cy) = ((rect.left() + rect.right()) / 2.0, (rect.top() + rect.bottom()) / 2.0);
    let (rx, ry) = (rect.width() / 2.0, rect.height() / 2.0);
    let (kx, ky) = (rx * K, ry * K);
    path.move_to(cx + rx, cy);
    path.cubic_to(cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry);
    path.cubic_to(cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy);
    path.cubic_to(cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry);
    path.cubic_to(cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy);
    path.close();
}

/// A fixed text's `{field}` placeholders filled as pdfme fills them: a field of the record, `{date}` and
/// `{dateTime}` (today, `AAAA/MM/JJ`); anything else (pdfme's expressions) is left as written.
fn placeholders(text: &str, record: &dyn Record) -> String {
    if !text.contains('{') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let Some(end) = rest[start..].find('}') else {
            rest = &rest[start..];
            break;
        };
        let name = rest[start + 1..start + end].trim();
        let now = chrono::Local::now();
        let value = match name {
            "date" => Some(now.format("%Y/%m/%d").to_string()),
            "dateTime" => Some(now.format("%Y/%m/%d %H:%M").to_string()),
            _ => record.text(name),
        };
        match value {
            Some(value) => out.push_str(&value),
            None => out.push_str(&rest[start..=start + end]),
        }
        rest = &rest[start + end + 1..];
    }
    out.push_str(rest);
    out
}

fn fill_rect(surface: &mut Surface, x: f32, y: f32, width: f32, height: f32) {
    let mut path = PathBuilder::new();
    if let Some(rect) = Rect::from_xywh(x, y, width, height) {
        path.push_rect(rect);
    }
    if let Some(path) = path.finish() {
        surface.draw_path(&path);
    }
}

/// The width of `line` in points as pdfme measures it: each character's advance (no kerning), plus the
/// character spacing between characters.
fn width_of(line: &str, size: f32, spacing: f32) -> f32 {
    let units: f32 = line.chars().map(|c| advance(&FACE, c)).sum();
    let count = line.encode_utf16().count() as f32;
    units / METRICS.units_per_em * size + (count - 1.0).max(0.0) * spacing
}

fn advance(face: &ttf_parser::Face, c: char) -> f32 {
    let glyph = face.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
    face.glyph_hor_advance(glyph).unwrap_or(0) as f32
}

/// Splits `value` into lines as pdfme does: at line breaks, then by words that fit the box's width, a
/// word wider than the box by characters. Each line says whether it ends its paragraph (pdfme does not
/// justify that one).
fn lines(value: &str, size: f32, spacing: f32, box_width: f32) -> Vec<(String, bool)> {
    let mut lines = Vec::new();
    for paragraph in value.split(['\n', '\r', '\u{c}', '\u{b}']) {
        if paragraph.trim().is_empty() {
            lines.push((String::new(), true));
            continue;
        }
        let mut current: Vec<String> = vec![String::new()];
        let mut used = 0.0;
        for segment in words(paragraph.trim_end()) {
            let width = width_of(&segment, size, spacing);
            let last = current.last_mut().expect("one line at least");
            if used + width <= box_width {
                last.push_str(&segment);
                used += width + spacing;
            } else if segment.trim().is_empty() {
                current.push(String::new());
                used = 0.0;
            } else if width <= box_width {
                current.push(segment);
                used = width + spacing;
            } else {
                for c in segment.chars() {
                    let width = width_of(&c.to_string(), size, spacing);
                    let last = current.last_mut().expect("one line at least");
                    if used + width <= box_width {
                        last.push(c);
                        used += width + spacing;
                    } else {
                        current.push(c.to_string());
                        used = width + spacing;
                    }
                }
            }
        }
        let last = current.len() - 1;
        let ends = |i: usize| i == last;
        lines.extend(
            current.into_iter().enumerate().map(|(i, l)| (l.trim_end().to_string(), ends(i))),
        );
    }
    lines
}

/// The word segments of a line as `Intl.Segmenter` makes them, near enough for Latin text: runs of
/// letters and digits (with an apostrophe inside a word), runs of spaces, and each other sign alone.
fn words(line: &str) -> Vec<String> {
    let mut segments: Vec<String> = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        let mut segment = c.to_string();
        if c.is_alphanumeric() {
            while let Some(&next) = chars.peek() {
                let apostrophe = matches!(next, '\'' | '’') && {
                    let mut ahead = chars.clone();
                    ahead.next();
                    ahead.peek().is_some_and(|c| c.is_alphanumeric())
                };
                if next.is_alphanumeric() || apostrophe {
                    segment.push(next);
                    chars.next();
                } else {
                    break;
                }
            }
        } else if c.is_whitespace() {
            while let Some(&next) = chars.peek().filter(|n| n.is_whitespace()) {
                segment.push(next);
                chars.next();
            }
        }
        segments.push(segment);
    }
    segments
}

/// A text element, each line's baseline where `@pdfme/schemas`' text renderer puts it.
fn text(surface: &mut Surface, frame: Frame, value: &str, style: &TextStyle) {
    if value.is_empty() {
        return;
    }
    if let Some(background) = &style.background {
        surface.set_fill(Some(background.clone()));
        fill_rect(surface, frame.x, frame.y, frame.width, frame.height);
    }
    let [top, right, bottom, left] = style.inset;
    let content_x = frame.x + pt(left);
    let content_top = frame.y + pt(top);
    let content_width = (frame.width - pt(left) - pt(right)).max(0.0);
    let content_height = (frame.height - pt(top) - pt(bottom)).max(0.0);
    let line_height = style.line_height;
    let size = match style.dynamic {
        Some(dynamic) => dynamic_size(value, style, dynamic, content_width, content_height),
        None => style.size,
    };
    let m = &*METRICS;
    // fontkit's height of the font: its ascent; its descent is negative.
    let first_line = m.ascent / m.units_per_em * size;
    let descent = m.descent / m.units_per_em * size;
    let half_adjustment = if line_height == 0.0 { 0.0 } else { (line_height - 1.0) * size / 2.0 };
    let lines = lines(value, size, style.spacing, content_width);
    let others = line_height * size * (lines.len() as f32 - 1.0);
    // From the top of the content to the first baseline.
    let offset = match style.vertical {
        Vertical::Top => first_line + half_adjustment,
        Vertical::Bottom => content_height - others + descent - half_adjustment,
        Vertical::Middle => (content_height - others - first_line + descent) / 2.0 + first_line,
    };
    surface.set_fill(Some(style.color.clone()));
    for (row, (line, ends_paragraph)) in lines.iter().enumerate() {
        if line.is_empty() {
            continue;
        }
        let needs_width = style.alignment != Alignment::Left;
        let width = if needs_width { width_of(line, size, style.spacing) } else { 0.0 };
        let x = match style.alignment {
            Alignment::Center => content_x + (content_width - width) / 2.0,
            Alignment::Right => content_x + content_width - width,
            _ => content_x,
        };
        let mut spacing = style.spacing;
        // pdfme justifies every line but a paragraph's last, spreading the room left over its characters.
        if style.alignment == Alignment::Justify && !ends_paragraph {
            spacing += (content_width - width) / line.chars().count() as f32;
        }
        let baseline = content_top + offset + line_height * size * row as f32;
        draw_line(surface, Point::from_xy(x, baseline), line, size, spacing);
    }
}

/// pdfme's `calculateDynamicFontSize`: from the element's size (kept within min and max), grown by a
/// quarter point while the text stays within the box, then shrunk while it overflows, in millimetres as
/// pdfme measures (its own point to millimetre ratio).
fn dynamic_size(value: &str, style: &TextStyle, d: Dynamic, width_pt: f32, height_pt: f32) -> f32 {
    const STEP: f32 = 0.25;
    const PT_TO_MM: f32 = 0.3528;
    if d.max < d.min {
        return style.size;
    }
    let (box_width, box_height) = (width_pt / MM_TO_PT, height_pt / MM_TO_PT);
    let (spacing, line_height) = (style.spacing, style.line_height);
    let measure = |size: f32| -> (f32, f32) {
        let first = METRICS.ascent / METRICS.units_per_em * size * line_height * PT_TO_MM;
        let other = size * line_height * PT_TO_MM;
        let (mut width, mut height) = (0.0f32, 0.0f32);
        for (p, paragraph) in value.split('\n').enumerate() {
            for (l, (line, _)) in lines(paragraph, size, spacing, width_pt).iter().enumerate() {
                if !d.horizontal {
                    width = width.max(width_of(line, size, spacing) * PT_TO_MM);
                }
                height += if p + l == 0 { first } else { other };
            }
            if d.horizontal {
                width = width.max(width_of(paragraph, size, spacing) * PT_TO_MM);
            }
        }
        (width, height)
    };
    let mut size = style.size.clamp(d.min, d.max.max(d.min));
    let (mut width, mut height) = measure(size);
    let grows = |size: f32, width: f32, height: f32| {
        size < d.max && if d.horizontal { width < box_width } else { height < box_height }
    };
    while grows(size, width, height) {
        size += STEP;
        let (w, h) = measure(size);
        if h < box_height {
            (width, height) = (w, h);
        } else {
            size -= STEP;
            break;
        }
    }
    while size > d.min && size > 0.0 && (width > box_width || height > box_height) {
        size -= STEP;
        (width, height) = measure(size);
    }
    size
}

/// One line in Roboto, glyph by glyph with pdfme's advances (the font's, plus the character spacing).
fn draw_line(surface: &mut Surface, start: Point, line: &str, size: f32, spacing: f32) {
    let face = &*FACE;
    let upm = METRICS.units_per_em;
    let glyphs: Vec<KrillaGlyph> = line
        .char_indices()
        .map(|(at, c)| {
            let glyph = face.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
            KrillaGlyph::new(
                GlyphId::new(glyph.0 as u32),
                advance(face, c) / upm + spacing / size,
                0.0,
                0.0,
                0.0,
                at..at + c.len_utf8(),
                None,
            )
        })
        .collect();
    surface.draw_glyphs(start, &glyphs, ROBOTO.clone(), line, size, false);
}

/// An image fitted inside its box, its proportions kept and centred, as pdfme's image renderer does.
fn contain(surface: &mut Surface, frame: Frame, image: Image) -> Result<(), String> {
    let (w, h) = image.size();
    if w == 0 || h == 0 {
        return Ok(());
    }
    let ratio = w as f32 / h as f32;
    let (width, height) = if ratio > frame.width / frame.height {
        (frame.width, frame.width / ratio)
    } else {
        (frame.height * ratio, frame.height)
    };
    let x = frame.x + (frame.width - width) / 2.0;
    let y = frame.y + (frame.height - height) / 2.0;
    surface.push_transform(&Transform::from_translate(x, y));
    surface.draw_image(image, Size::from_wh(width, height).ok_or("image size")?);
    surface.pop();
    Ok(())
}

/// The QR code of `content` stretched over its box as pdfme's barcode image is (bwip-js draws no quiet
/// zone: the designer leaves the margin around it), each run of dark modules of a row one rectangle.
fn qr(
    surface: &mut Surface,
    frame: Frame,
    content: &str,
    dark: &Fill,
    light: Option<&Fill>,
) -> Result<(), String> {
    if content.is_empty() {
        return Ok(());
    }
    surface.set_fill(Some(light.cloned().unwrap_or_else(|| color(255, 255, 255))));
    fill_rect(surface, frame.x, frame.y, frame.width, frame.height);
    surface.set_fill(Some(dark.clone()));
    qr_modules(surface, content, |n| {
        (frame.x, frame.y, frame.width / n as f32, frame.height / n as f32)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn render(template: &Value, values: &Value) -> Vec<u8> {
        let template = Template::parse(&template.to_string()).unwrap();
        let values = values.as_object().unwrap();
        template.pdf(&[&JsonRecord { values, photo: None }]).unwrap()
    }

    #[test]
    fn a_designed_card_prints_its_fields_fixed_texts_and_shapes_on_its_page() {
        let template = json!({
            "basePdf": {"width": 85.6, "height": 53.98, "padding": [0, 0, 0, 0]},
            "schemas": [[
                {"name": "card_lastname", "type": "text", "position": {"x": 5, "y": 5}, "width": 40, "height": 6, "fontSize": 10},
                {"name": "card_lastname-2", "type": "text", "position": {"x": 5, "y": 12}, "width": 40, "height": 6, "alignment": "right"},
                {"name": "titre", "type": "text", "readOnly": true, "content": "Carte de membre", "position": {"x": 5, "y": 20}, "width": 40, "height": 6},
                {"name": "card_qrcode", "type": "qrcode", "position": {"x": 60, "y": 20}, "width": 20, "height": 20},
                {"name": "cadre", "type": "rectangle", "position": {"x": 1, "y": 1}, "width": 83, "height": 51, "borderWidth": 0.5, "borderColor": "#1f6f3a", "color": ""},
                {"name": "rond", "type": "ellipse", "position": {"x": 50, "y": 40}, "width": 8, "height": 8, "color": "#cccccc"},
                {"name": "trait", "type": "line", "position": {"x": 5, "y": 30}, "width": 40, "height": 0.3, "color": "#000000"},
                {"name": "card_photo", "type": "image", "position": {"x": 5, "y": 32}, "width": 15, "height": 18}
            ]]
        });
        let pdf = render(
            &template,
            &json!({"card_lastname": "Koné", "card_qrcode": "NCFOXN%TS3DH3ZSUZK"}),
        );
        if let Ok(path) = std::env::var("TEMPLATE_PDF_SAMPLE") {
            std::fs::write(path, &pdf).unwrap();
        }
        let text = String::from_utf8_lossy(&pdf);
        // 85.6 x 53.98 mm at pdfme's 2.8346 points a millimetre (f32).
        assert!(text.contains("/MediaBox[0 0 242.64175 153.0117]"), "the designer's page");
        assert!(text.contains("Roboto") && text.contains("FontFile2"), "Roboto embedded");
        assert!(
            text.contains("/Subtype/Image"),
            "no photo: the designer's grey picture is printed"
        );
    }

    #[test]
    fn dates_print_as_people_here_read_them() {
        assert_eq!(french_date_or("2031-12-07"), "07/12/2031");
        assert_eq!(french_date_or("2026-11-23T10:05:00+00:00"), "23/11/2026 10:05");
        assert_eq!(french_date_or("2026-11-23T10:05:00.123456Z"), "23/11/2026 10:05");
        for text in ["K000000142", "2031-13-07", "1984", "", "Né le 2031-12-07"] {
            assert_eq!(french_date_or(text), text, "{text} is not a date");
        }
    }

    #[test]
    fn lines_break_between_words_as_pdfme_does() {
        let size = 10.0;
        let wide = width_of("Kouassi Ahou", size, 0.0);
        let text = |value: &str, width: f32| -> Vec<String> {
            lines(value, size, 0.0, width).into_iter().map(|(line, _)| line).collect()
        };
        assert_eq!(text("Kouassi Ahou", wide + 1.0), ["Kouassi Ahou"]);
        assert_eq!(text("Kouassi Ahou", wide - 1.0), ["Kouassi", "Ahou"]);
        assert_eq!(text("a\nb", 100.0), ["a", "b"]);
        assert_eq!(words("N'Guessan-Kouadio, Yao"), ["N'Guessan", "-", "Kouadio", ",", " ", "Yao"]);
    }

    #[test]
    fn a_fixed_text_fills_its_placeholders_from_the_record() {
        let values = json!({"card_birthDate": "1984-02-29"});
        let record = JsonRecord { values: values.as_object().unwrap(), photo: None };
        assert_eq!(placeholders("Né(e) le {card_birthDate}", &record), "Né(e) le 29/02/1984");
        assert_eq!(placeholders("{ 1 + 2 } et {inconnu", &record), "{ 1 + 2 } et {inconnu");
        assert_eq!(placeholders("Sans champ", &record), "Sans champ");
    }

    #[test]
    fn the_second_element_of_a_field_prints_the_same_field() {
        assert_eq!(field_of("card_lastname-2"), "card_lastname");
        assert_eq!(field_of("card_lastname"), "card_lastname");
    }
}
