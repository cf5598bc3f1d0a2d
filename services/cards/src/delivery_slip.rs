//! The delivery slip: an A4 page (more for a long delivery) per delivery, with its code, dates, agent and
//! type, the table of its cards, and boxes for the signatures of who hands the cards over and who
//! receives them. Pages are numbered within each delivery.

use crate::pdf_kit::{color, fit, french_date, rect, text};
use krilla::Document;
use krilla::page::PageSettings;
use krilla::surface::Surface;
use proto::cards as pb;

const WIDTH: f32 = 595.28;
const HEIGHT: f32 = 841.89;
const LEFT: f32 = 40.0;
const ROW: f32 = 18.0;
/// Where the table stops on a page, leaving the footer free.
const TABLE_END: f32 = HEIGHT - 60.0;
/// What the signature boxes need below the table.
const SIGNATURES: f32 = 130.0;

/// The table's columns: heading, left edge, most characters.
const COLUMNS: [(&str, f32, usize); 6] = [
    ("N°", LEFT, 4),
    ("N° de carte", LEFT + 28.0, 14),
    ("N° de membre", LEFT + 118.0, 14),
    ("Nom et prénoms", LEFT + 208.0, 34),
    ("Naissance", LEFT + 400.0, 10),
    ("Expiration", LEFT + 460.0, 10),
];

/// The slips of `deliveries`, titled `issuer`.
pub fn slips_pdf(deliveries: &[pb::DeliveryDetail], issuer: &str) -> Result<Vec<u8>, String> {
    let mut document = Document::new();
    for detail in deliveries {
        let delivery = detail.delivery.clone().unwrap_or_default();
        let mut rows = detail.cards.iter().enumerate().peekable();
        let mut page_number = 1;
        loop {
            let size = PageSettings::from_wh(WIDTH, HEIGHT).ok_or("page size")?;
            let mut page = document.start_page_with(size);
            let mut surface = page.surface();
            let mut y = if page_number == 1 {
                heading(&mut surface, &delivery, issuer)
            } else {
                text(
                    &mut surface,
                    LEFT,
                    50.0,
                    true,
                    11.0,
                    &format!("{} (suite)", delivery.delivery_code),
                );
                70.0
            };
            y = table_heading(&mut surface, y);
            while let Some((i, card)) = rows.next_if(|_| y + ROW <= TABLE_END) {
                card_row(&mut surface, y, i + 1, card);
                y += ROW;
            }
            let done = rows.peek().is_none() && y + SIGNATURES <= TABLE_END;
            if done {
                signatures(&mut surface, y + 20.0, detail.cards.len());
            }
            text(
                &mut surface,
                LEFT,
                HEIGHT - 30.0,
                false,
                8.0,
                &format!("{} · bordereau {} · page {page_number}", issuer, delivery.delivery_code),
            );
            surface.finish();
            page.finish();
            if done {
                break;
            }
            page_number += 1;
        }
    }
    document.finish().map_err(|e| format!("{e:?}"))
}

/// The slip's title and the delivery's facts; answers where the table starts.
fn heading(surface: &mut Surface, d: &pb::Delivery, issuer: &str) -> f32 {
    surface.set_fill(Some(color(0x1f, 0x6f, 0x3a)));
    rect(surface, 0.0, 0.0, WIDTH, 36.0);
    surface.set_fill(Some(color(255, 255, 255)));
    text(surface, LEFT, 24.0, true, 13.0, &fit(&format!("{issuer} · Bordereau de livraison"), 60));
    surface.set_fill(Some(color(0x11, 0x11, 0x11)));
    let kind = if d.delivery_is_error_type { "retour en erreur" } else { "livraison" };
    let sent = match &d.delivery_sent_date_time {
        Some(at) => format!("envoyée le {}", french_date(Some(at))),
        None => "non envoyée".to_string(),
    };
    let facts = [
        ("Code", d.delivery_code.clone()),
        ("Créée le", french_date(Some(&d.delivery_creation_date_time))),
        ("Par", d.delivery_created_by_login.clone()),
        ("Type", kind.to_string()),
        ("État", sent),
        ("Cartes", d.delivery_quantity.to_string()),
    ];
    let mut y = 64.0;
    for (label, value) in facts {
        text(surface, LEFT, y, false, 10.0, &format!("{label} :"));
        text(surface, LEFT + 70.0, y, true, 10.0, &fit(&value, 60));
        y += 16.0;
    }
    y + 10.0
}

fn table_heading(surface: &mut Surface, y: f32) -> f32 {
    surface.set_fill(Some(color(0xe8, 0xe8, 0xe8)));
    rect(surface, LEFT - 4.0, y, WIDTH - 2.0 * LEFT + 8.0, ROW);
    surface.set_fill(Some(color(0x11, 0x11, 0x11)));
    for (heading, x, _) in COLUMNS {
        text(surface, x, y + 12.5, true, 8.5, heading);
    }
    y + ROW
}

fn card_row(surface: &mut Surface, y: f32, n: usize, c: &pb::Card) {
    let name = format!("{} {}", c.card_lastname.to_uppercase(), c.card_firstname);
    let cells = [
        n.to_string(),
        c.card_id_number.clone(),
        c.card_member_id_number.clone(),
        name,
        french_date(c.card_birth_date.as_deref()),
        french_date(Some(&c.card_expiration_date)),
    ];
    for ((_, x, max), cell) in COLUMNS.iter().zip(cells) {
        text(surface, *x, y + 12.5, false, 8.5, &fit(&cell, *max));
    }
    surface.set_fill(Some(color(0xcc, 0xcc, 0xcc)));
    rect(surface, LEFT - 4.0, y + ROW - 0.5, WIDTH - 2.0 * LEFT + 8.0, 0.5);
    surface.set_fill(Some(color(0x11, 0x11, 0x11)));
}

/// The total and the two boxes to sign.
fn signatures(surface: &mut Surface, y: f32, cards: usize) {
    text(surface, LEFT, y, true, 10.0, &format!("Total : {cards} carte(s)"));
    let width = (WIDTH - 2.0 * LEFT - 20.0) / 2.0;
    for (i, label) in ["Remis par (nom, date, signature)", "Reçu par (nom, date, signature)"]
        .into_iter()
        .enumerate()
    {
        let x = LEFT + i as f32 * (width + 20.0);
        surface.set_fill(Some(color(0x11, 0x11, 0x11)));
        text(surface, x, y + 22.0, false, 9.0, label);
        for (bx, by, bw, bh) in [
            (x, y + 28.0, width, 0.8),
            (x, y + 108.0, width, 0.8),
            (x, y + 28.0, 0.8, 80.0),
            (x + width, y + 28.0, 0.8, 80.8),
        ] {
            rect(surface, bx, by, bw, bh);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn delivery(cards: usize) -> pb::DeliveryDetail {
        let card = |i: usize| pb::Card {
            card_id_number: format!("K{i:09}"),
            card_member_id_number: format!("C{i:09}"),
            card_firstname: "Adjoua Élodie".into(),
            card_lastname: "N'Guessan".into(),
            card_expiration_date: "2031-11-23".into(),
            ..Default::default()
        };
        pb::DeliveryDetail {
            delivery: Some(pb::Delivery {
                delivery_code: "LIV-20261123-4".into(),
                delivery_creation_date_time: "2026-11-23T10:00:00+00:00".into(),
                delivery_created_by_login: "agent.koffi".into(),
                delivery_quantity: cards as i64,
                ..Default::default()
            }),
            cards: (1..=cards).map(card).collect(),
        }
    }

    #[test]
    fn a_short_delivery_is_one_a4_page_and_a_long_one_runs_on() {
        let pdf = slips_pdf(&[delivery(3), delivery(80)], "Sésame").unwrap();
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.contains("/MediaBox[0 0 595.28 841.89]"), "A4");
        // 3 cards: one page; 80 cards at 18 points a row: three pages.
        assert!(text.contains("/Type/Pages/Count 4"), "{}", text.matches("/Count").count());
    }
}
