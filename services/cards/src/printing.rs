//! The PDF of cards to print: one page a card at the size of a bank card (CR80, ISO/IEC 7810 ID-1:
//! 85.60 x 53.98 mm), its front with the photo as the card was made, the names, numbers, birth date and
//! place, city and expiry, and the signed QR code drawn as vector squares so it prints sharp at any
//! resolution. Text is set in DejaVu Sans, embedded (and subset) in the file, which has every letter of
//! French and Ivorian names. Built with `krilla`.

use crate::pdf_kit::{MM, color, fit, french_date, qr_modules, rect, text};
use krilla::Document;
use krilla::geom::Size;
use krilla::image::Image;
use krilla::page::PageSettings;
use krilla::surface::Surface;
use proto::cards as pb;

/// CR80, in points.
const WIDTH: f32 = 85.60 * MM;
const HEIGHT: f32 = 53.98 * MM;

/// A card to print, with its photo (JPEG) when it has one.
pub struct CardToPrint<'a> {
    pub card: &'a pb::Card,
    pub photo: Option<Vec<u8>>,
}

/// The PDF of `cards`, one page each, titled `title` (the issuer).
pub fn cards_pdf(cards: &[CardToPrint], title: &str) -> Result<Vec<u8>, String> {
    let mut document = Document::new();
    for card in cards {
        let size = PageSettings::from_wh(WIDTH, HEIGHT).ok_or("page size")?;
        let mut page = document.start_page_with(size);
        let mut surface = page.surface();
        front(&mut surface, card, title)?;
        surface.finish();
        page.finish();
    }
    document.finish().map_err(|e| format!("{e:?}"))
}

fn front(surface: &mut Surface, item: &CardToPrint, title: &str) -> Result<(), String> {
    let c = item.card;
    // A coloured band with the issuer's name.
    surface.set_fill(Some(color(0x1f, 0x6f, 0x3a)));
    rect(surface, 0.0, 0.0, WIDTH, 16.0);
    surface.set_fill(Some(color(255, 255, 255)));
    text(surface, 8.0, 11.5, true, 8.0, &fit(&format!("{title} · Carte de membre"), 48));

    // The photo as the card was made, or an empty frame.
    let (px, py, pw, ph) = (8.0, 22.0, 52.0, 66.0);
    match item.photo.as_deref().map(|jpeg| Image::from_jpeg(jpeg.to_vec().into(), true)) {
        Some(Ok(image)) => {
            surface.push_transform(&krilla::geom::Transform::from_translate(px, py));
            surface.draw_image(image, Size::from_wh(pw, ph).ok_or("photo size")?);
            surface.pop();
        }
        _ => {
            surface.set_fill(Some(color(0xe8, 0xe8, 0xe8)));
            rect(surface, px, py, pw, ph);
            surface.set_fill(Some(color(0x55, 0x55, 0x55)));
            text(surface, px + 12.0, py + 36.0, false, 6.0, "Photo");
        }
    }

    // The holder.
    surface.set_fill(Some(color(0x11, 0x11, 0x11)));
    let x = 66.0;
    text(surface, x, 28.0, true, 8.5, &fit(&c.card_lastname.to_uppercase(), 20));
    text(surface, x, 38.0, false, 7.5, &fit(&c.card_firstname, 22));
    let born = french_date(c.card_birth_date.as_deref());
    if !born.is_empty() {
        text(surface, x, 50.0, false, 6.0, &format!("Né(e) le {born}"));
    }
    if !c.card_birth_location.is_empty() {
        text(surface, x, 58.0, false, 6.0, &fit(&format!("à {}", c.card_birth_location), 28));
    }
    if !c.card_city.is_empty() {
        text(surface, x, 66.0, false, 6.0, &fit(&format!("Ville : {}", c.card_city), 28));
    }

    // The numbers and the expiry.
    text(surface, 8.0, 102.0, false, 6.0, "N° de membre");
    text(surface, 8.0, 111.0, true, 7.5, &c.card_member_id_number);
    text(surface, 8.0, 124.0, false, 6.0, "N° de carte");
    text(surface, 8.0, 133.0, true, 7.5, &c.card_id_number);
    let expiry = french_date(Some(&c.card_expiration_date));
    text(surface, 8.0, 146.0, false, 6.0, &format!("Expire le {expiry}"));

    // The signed QR code, bottom right, with its quiet zone.
    qr(surface, &c.card_qrcode, WIDTH - 8.0 - 74.0, HEIGHT - 6.0 - 74.0, 74.0)
}

/// Draws the QR code of `content` in a `side`-point square at (x, y): a white square (the quiet zone),
/// then each run of dark modules of a row as one rectangle.
fn qr(surface: &mut Surface, content: &str, x: f32, y: f32, side: f32) -> Result<(), String> {
    if content.is_empty() {
        return Ok(());
    }
    surface.set_fill(Some(color(255, 255, 255)));
    rect(surface, x, y, side, side);
    surface.set_fill(Some(color(0, 0, 0)));
    let quiet = 2.0;
    qr_modules(surface, content, |n| {
        let module = side / (n as f32 + 2.0 * quiet);
        (x + quiet * module, y + quiet * module, module, module)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(lastname: &str) -> pb::Card {
        pb::Card {
            card_id_number: "K000000142".into(),
            card_member_id_number: "C000000175".into(),
            card_firstname: "Adjoua Élodie".into(),
            card_lastname: lastname.into(),
            card_birth_date: Some("1985-02-14".into()),
            card_birth_location: "Gagnoa".into(),
            card_city: "Daloa".into(),
            card_expiration_date: "2031-11-23".into(),
            card_qrcode: "NCFOXN%TS3DH3ZSUZK+.V0ETD%65NL-AH".into(),
            ..Default::default()
        }
    }

    #[test]
    fn a_page_a_card_at_the_size_of_a_bank_card_with_every_name_spelled() {
        let cards = [card("N'Guessan-Kouadio"), card("Koné"), card("Ouattara")];
        let items: Vec<CardToPrint> =
            cards.iter().map(|card| CardToPrint { card, photo: None }).collect();
        let pdf = cards_pdf(&items, "Sésame").unwrap();
        if let Ok(path) = std::env::var("CARD_PDF_SAMPLE") {
            std::fs::write(path, &pdf).unwrap();
        }
        assert!(pdf.starts_with(b"%PDF-"));
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.contains("/Type/Pages/Count 3"), "a page a card");
        // 85.60 x 53.98 mm in points.
        assert_eq!(text.matches("/MediaBox[0 0 242.64568 153.01418]").count(), 3, "CR80 pages");
        assert!(
            text.contains("DejaVuSans-Bold") && text.contains("FontFile2"),
            "the fonts are embedded"
        );
    }

    #[test]
    fn long_names_are_cut_with_an_ellipsis() {
        assert_eq!(fit("Kouassi", 10), "Kouassi");
        assert_eq!(fit("Yao Kouassi Ahou Bénédicte", 10), "Yao Kouas…");
    }
}
