//! pdfme's dynamic template (`@pdfme/common` 6, `getDynamicTemplate`) for a page that holds a table: each
//! element, from the top down, takes its place after the growth of those above it; a table's rows flow
//! onto the next pages (a new page per template page when needed), never its first row alone at the
//! foot of a page. Everything is in millimetres, as pdfme reckons, so the pages break where its preview
//! breaks them.

/// pdfme's tolerance in its comparisons (mm).
const EPSILON: f32 = 0.01;

/// An element placed on a page: its index in the template page, its top (mm), and for a piece of a
/// table the body rows it draws and whether it continues the table.
pub(super) struct Placed {
    pub index: usize,
    pub y: f32,
    pub rows: Option<(std::ops::Range<usize>, bool)>,
}

/// What `flow` needs of each element: its top and height (mm), and the heights of the units it splits
/// into (a table's head and rows; one unit for anything else).
pub(super) struct Item {
    pub y: f32,
    pub height: f32,
    pub units: Vec<f32>,
    pub table: bool,
}

/// The pages of one template page: its elements in their order, each moved down by what grew above it.
/// `page` is the page's height and its top and bottom padding (mm).
pub(super) fn flow(items: Vec<Item>, page: (f32, f32, f32)) -> Vec<Vec<Placed>> {
    let (height, top, bottom) = page;
    let content = height - top - bottom;
    // From the top down, in the template's order where two start at the same height.
    let mut order: Vec<(usize, Item)> = items.into_iter().enumerate().collect();
    order.sort_by(|(ia, a), (ib, b)| {
        let (ya, yb) = ((a.y - top).max(0.0), (b.y - top).max(0.0));
        if (ya - yb).abs() > EPSILON { ya.total_cmp(&yb) } else { ia.cmp(ib) }
    });
    let mut pages: Vec<Vec<Placed>> = Vec::new();
    let mut offset = 0.0;
    for (index, item) in &order {
        let base = (item.y - top).max(0.0);
        let end = place(*index, item, base + offset, content, top, &mut pages);
        offset = end - (base + item.height);
    }
    for page in &mut pages {
        page.sort_by_key(|placed| placed.index);
    }
    while pages.len() > 1 && pages.last().is_some_and(Vec::is_empty) {
        pages.pop();
    }
    if pages.is_empty() {
        pages.push(Vec::new());
    }
    pages
}

/// pdfme's `placeUnitsOnPages`: the item's units from `start` (mm from the first page's content top),
/// as many on a page as fit, the rest on the next; answers where the item ends.
fn place(
    index: usize,
    item: &Item,
    start: f32,
    content: f32,
    top: f32,
    pages: &mut Vec<Vec<Placed>>,
) -> f32 {
    let units = &item.units;
    let mut unit = 0;
    let mut page = (start / content).floor().max(0.0) as usize;
    let mut y = (start % content).max(0.0);
    let mut end = 0.0;
    let splittable = units.len() > 1;
    while unit < units.len() {
        while pages.len() <= page {
            pages.push(Vec::new());
        }
        let left = content - y;
        if units[unit] > left + EPSILON && (left - content).abs() > EPSILON {
            page += 1;
            y = 0.0;
            continue;
        }
        let first = unit;
        let mut chunk = 0.0;
        while unit < units.len() && y + chunk + units[unit] <= content + EPSILON {
            chunk += units[unit];
            unit += 1;
        }
        // A table's head alone at the foot of a page goes to the next page with its rows.
        if item.table && splittable && first == 0 && unit == 1 && y > EPSILON {
            unit = 0;
            page += 1;
            y = 0.0;
            continue;
        }
        if unit == first {
            chunk += units[unit];
            unit += 1;
        }
        let rows = item.table.then(|| {
            let rows = if first == 0 { 0 } else { first - 1 }..unit - 1;
            (rows, first > 0)
        });
        pages[page].push(Placed { index, y: y + top, rows });
        y += chunk;
        if y >= content - EPSILON {
            page += 1;
            y = 0.0;
        }
        end = page as f32 * content + y;
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_table_runs_on_and_what_is_below_it_follows() {
        // A page of 100 mm without padding: a table at 10 mm of a 10 mm head and 12 rows of 10 mm, an
        // element drawn 5 mm under the table's first height (20 mm).
        let items = vec![
            Item { y: 10.0, height: 20.0, units: vec![10.0; 13], table: true },
            Item { y: 35.0, height: 5.0, units: vec![5.0], table: false },
        ];
        let pages = flow(items, (100.0, 0.0, 0.0));
        assert_eq!(pages.len(), 2);
        // Page 1: the head and 8 rows (10 + 90 mm); page 2: the 4 rows left, then the element.
        assert_eq!(pages[0][0].rows, Some((0..8, false)));
        assert_eq!(pages[1][0].y, 0.0);
        assert_eq!(pages[1][0].rows, Some((8..12, true)));
        assert_eq!(pages[1][1].y, 45.0, "5 mm under the table, as drawn");
    }

    #[test]
    fn a_short_table_moves_nothing() {
        let items = vec![
            Item { y: 10.0, height: 30.0, units: vec![10.0, 10.0, 10.0], table: true },
            Item { y: 50.0, height: 5.0, units: vec![5.0], table: false },
        ];
        let pages = flow(items, (100.0, 0.0, 0.0));
        assert_eq!(pages.len(), 1);
        assert_eq!(pages[0][1].y, 50.0);
    }
}
