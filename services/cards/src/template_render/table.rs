//! pdfme's table (`@pdfme/schemas` 6, `tables/`): a head row and a body of rows, each column a share of the
//! table's width, each cell a box (background, four borders, padding) around a text drawn as a text
//! element is. Its rows are measured as pdfme measures them (lines that fit the cell, times the line
//! height, plus the cell's insets), so `layout` breaks a long table across pages where the designer's
//! generator does, and the rows land where its preview shows them.

use super::{Alignment, Frame, TextStyle, Vertical, fill_rect, hex, lines, number, pt, sides};
use krilla::paint::Fill;
use krilla::surface::Surface;
use serde_json::Value;

/// pdfme's point to millimetre ratio (`PT_TO_MM_RATIO`).
const PT_TO_MM: f32 = 0.3528;
/// pdfme's slack when deciding whether a row still fits its page (`SAFETY_MARGIN`, mm).
const SAFETY_MARGIN: f32 = 0.5;

/// A table element: where it starts (mm), its columns' widths (mm), its head and the styles of its cells.
#[derive(Clone)]
pub(super) struct Table {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    widths: Vec<f32>,
    head: Vec<String>,
    show_head: bool,
    repeat_head: bool,
    head_style: CellStyle,
    body_style: CellStyle,
    alternate: Option<Fill>,
    border: Option<(Fill, f32)>,
    /// Each column's alignment, where the element sets one.
    alignments: Vec<Option<Alignment>>,
}

/// A cell's style: its text's (the cell's background, and its padding and borders as the text's inset),
/// and its borders' colour and widths (mm, top, right, bottom, left).
#[derive(Clone)]
struct CellStyle {
    text: TextStyle,
    border_color: Option<Fill>,
    border: [f32; 4],
}

impl CellStyle {
    /// pdfme's cell style (`mapCellStyle` over `cellStyles`' defaults: 10 pt, padding 5 mm, no border).
    fn parse(style: &Value, opacity: f32) -> CellStyle {
        let or_sides = |value: &Value, default: f32| {
            if value.is_object() { sides(value) } else { [number(value).unwrap_or(default); 4] }
        };
        let border = or_sides(&style["borderWidth"], 0.0);
        let padding = or_sides(&style["padding"], 5.0);
        CellStyle {
            text: TextStyle {
                size: number(&style["fontSize"]).unwrap_or(10.0),
                dynamic: None,
                alignment: super::alignment(&style["alignment"]),
                vertical: match style["verticalAlignment"].as_str() {
                    Some("top") => Vertical::Top,
                    Some("bottom") => Vertical::Bottom,
                    _ => Vertical::Middle,
                },
                line_height: number(&style["lineHeight"]).unwrap_or(1.0),
                spacing: number(&style["characterSpacing"]).unwrap_or(0.0),
                color: hex(&style["fontColor"], opacity).unwrap_or_else(|| super::color(0, 0, 0)),
                background: hex(&style["backgroundColor"], opacity),
                inset: [0, 1, 2, 3].map(|i| padding[i] + border[i]),
            },
            border_color: hex(&style["borderColor"], opacity),
            border,
        }
    }

    /// pdfme's `Cell.getContentHeight`: the lines times the line height, plus the vertical insets.
    fn height(&self, text: &str, width: f32) -> f32 {
        let style = &self.text;
        let [top, right, bottom, left] = style.inset;
        let content_width = (width - right - left).max(0.0);
        let count = lines(text, style.size, style.spacing, pt(content_width)).len().max(1);
        count as f32 * style.size * PT_TO_MM * style.line_height + top + bottom
    }
}

impl Table {
    pub(super) fn parse(e: &Value, opacity: f32) -> Option<Table> {
        let width = number(&e["width"])?;
        let widths = e["headWidthPercentages"]
            .as_array()?
            .iter()
            .map(|share| number(share).map(|share| width * share / 100.0))
            .collect::<Option<Vec<f32>>>()?;
        let head = e["head"].as_array()?.iter().map(|h| h.as_str().unwrap_or("").to_string());
        let alignments = (0..widths.len())
            .map(|i| {
                let set = &e["columnStyles"]["alignment"][i.to_string()];
                set.is_string().then(|| super::alignment(set))
            })
            .collect();
        let border_width = number(&e["tableStyles"]["borderWidth"]).unwrap_or(0.0);
        Some(Table {
            x: number(&e["position"]["x"])?,
            y: number(&e["position"]["y"])?,
            width,
            head: head.collect(),
            widths,
            show_head: e["showHead"] != Value::Bool(false),
            repeat_head: e["repeatHead"] == Value::Bool(true),
            head_style: CellStyle::parse(&e["headStyles"], opacity),
            body_style: CellStyle::parse(&e["bodyStyles"], opacity),
            alternate: hex(&e["bodyStyles"]["alternateBackgroundColor"], opacity),
            border: hex(&e["tableStyles"]["borderColor"], opacity)
                .filter(|_| border_width > 0.0)
                .map(|color| (color, border_width)),
            alignments,
        })
    }

    /// A row's height (mm): its tallest cell's.
    fn row_height(&self, style: &CellStyle, row: &[String]) -> f32 {
        self.widths
            .iter()
            .enumerate()
            .map(|(i, width)| style.height(row.get(i).map_or("", String::as_str), *width))
            .fold(0.0, f32::max)
    }

    fn head_height(&self) -> f32 {
        if self.show_head { self.row_height(&self.head_style, &self.head) } else { 0.0 }
    }

    /// pdfme's `getDynamicHeightsForTable`: the head's height then each body row's (or 0 then the rows'
    /// without a head); with the head repeated, the first row of each next page carries the head's
    /// height, and a row that would cross the page's end starts the next one. `page` is the page's height
    /// and its top and bottom padding (mm).
    pub(super) fn unit_heights(&self, body: &[Vec<String>], page: (f32, f32, f32)) -> Vec<f32> {
        let rows = body.iter().map(|row| self.row_height(&self.body_style, row));
        let header = self.head_height();
        let base: Vec<f32> = std::iter::once(header).chain(rows).collect();
        if !(self.repeat_head && header > 0.0) {
            return base;
        }
        let (height, top, bottom) = page;
        let content = height - top - bottom;
        let page_start = |index: usize| index as f32 * content + top;
        let first = ((self.y - top) / content).floor().max(0.0) as usize;
        let (mut index, mut y, mut on_page) = (first, self.y, 0);
        let mut result = Vec::with_capacity(base.len());
        for (i, row) in base.iter().enumerate() {
            let body_row = i >= 1;
            loop {
                let start = page_start(index);
                let remaining = start + content - y;
                let repeated = body_row && on_page == 0 && index > first;
                let total = row + if repeated { header } else { 0.0 };
                if total > remaining - SAFETY_MARGIN {
                    if on_page == 0 && (y - start).abs() < SAFETY_MARGIN {
                        result.push(total);
                        y += total;
                        on_page += 1;
                        break;
                    }
                    index += 1;
                    y = page_start(index);
                    on_page = 0;
                    continue;
                }
                result.push(total);
                y += total;
                on_page += 1;
                if y >= start + content - SAFETY_MARGIN {
                    index += 1;
                    y = page_start(index);
                    on_page = 0;
                }
                break;
            }
        }
        result
    }

    /// Draws the body rows `rows` (all of them for a table in one piece) from `y` (mm), the head above
    /// them unless the piece continues the table without repeating it, then the table's border.
    pub(super) fn draw(
        &self,
        surface: &mut Surface,
        body: &[Vec<String>],
        y: f32,
        rows: std::ops::Range<usize>,
        split: bool,
    ) {
        let mut cursor = y;
        if self.show_head && (!split || self.repeat_head) {
            cursor = self.draw_row(surface, &self.head, &self.head_style, None, cursor);
        }
        // pdfme colours the even rows of each piece: a piece starting at an odd row swaps the colours.
        let (even, odd) = if rows.start % 2 == 1 {
            (self.body_style.text.background.clone(), self.alternate.clone())
        } else {
            (self.alternate.clone(), self.body_style.text.background.clone())
        };
        let end = rows.end.min(body.len());
        for (n, row) in body[rows.start.min(end)..end].iter().enumerate() {
            let background = if n % 2 == 0 { even.clone() } else { odd.clone() };
            cursor = self.draw_row(surface, row, &self.body_style, Some(background), cursor);
        }
        if let Some((color, width)) = &self.border {
            let (w, h, half) = (pt(self.width), pt(cursor - y), pt(*width) / 2.0);
            if let Some(rect) = krilla::geom::Rect::from_xywh(
                pt(self.x) + half,
                pt(y) + half,
                w - 2.0 * half,
                h - 2.0 * half,
            ) {
                let mut path = krilla::geom::PathBuilder::new();
                path.push_rect(rect);
                surface.set_fill(None);
                surface.set_stroke(Some(krilla::paint::Stroke {
                    paint: color.paint.clone(),
                    width: pt(*width),
                    opacity: color.opacity,
                    ..Default::default()
                }));
                if let Some(path) = path.finish() {
                    surface.draw_path(&path);
                }
                surface.set_stroke(None);
            }
        }
    }

    /// One row from `y` (mm), its cells side by side; answers where the next row starts.
    fn draw_row(
        &self,
        surface: &mut Surface,
        row: &[String],
        style: &CellStyle,
        background: Option<Option<Fill>>,
        y: f32,
    ) -> f32 {
        let height = self.row_height(style, row);
        let mut x = self.x;
        for (i, width) in self.widths.iter().enumerate() {
            let text = row.get(i).map_or("", String::as_str);
            let background = background.clone().unwrap_or_else(|| style.text.background.clone());
            let alignment =
                self.alignments.get(i).copied().flatten().unwrap_or(style.text.alignment);
            cell(
                surface,
                style,
                alignment,
                background,
                text,
                Frame { x, y, width: *width, height },
            );
            x += width;
        }
        y + height
    }
}

/// A cell (its frame in mm): its background (an empty cell's too), its text drawn as a text element
/// inside the padding and borders, then its borders, each a filled band inside the box as pdfme's line
/// element.
fn cell(
    surface: &mut Surface,
    style: &CellStyle,
    alignment: Alignment,
    background: Option<Fill>,
    text: &str,
    mm: Frame,
) {
    let frame = Frame { x: pt(mm.x), y: pt(mm.y), width: pt(mm.width), height: pt(mm.height) };
    let Frame { x, y, width: w, height: h } = frame;
    if let Some(background) = background {
        surface.set_fill(Some(background));
        fill_rect(surface, x, y, w, h);
    }
    let text_style = TextStyle { alignment, background: None, ..style.text.clone() };
    super::text(surface, frame, text, &text_style);
    if let Some(color) = &style.border_color {
        let [top, right, bottom, left] = style.border.map(pt);
        surface.set_fill(Some(color.clone()));
        for (bx, by, bw, bh) in [
            (x, y, w, top),
            (x + w - right, y, right, h),
            (x, y + h - bottom, w, bottom),
            (x, y, left, h),
        ] {
            if bw > 0.0 && bh > 0.0 {
                fill_rect(surface, bx, by, bw, bh);
            }
        }
    }
}

/// A table's body as the record gives it: a JSON list of rows, each a list of texts (numbers as text).
pub(super) fn body_of(value: &str) -> Vec<Vec<String>> {
    let rows: Vec<Value> = serde_json::from_str(value).unwrap_or_default();
    rows.iter()
        .map(|row| {
            row.as_array()
                .map(|cells| {
                    cells
                        .iter()
                        .map(|cell| match cell {
                            Value::String(text) => text.clone(),
                            Value::Null => String::new(),
                            other => other.to_string(),
                        })
                        .collect()
                })
                .unwrap_or_default()
        })
        .collect()
}
