//! The files of exports, written on a blocking thread to a temporary file: CSV with a UTF-8 byte-order
//! mark and `;` between values (what a French spreadsheet opens without asking), and .xlsx in
//! rust_xlsxwriter's constant-memory mode (each row goes to disk as it is written; texts are written
//! inline, with no table of shared strings growing with the list).

use super::{Cell, Format, XLSX_MAX_ROWS, messages};
use anyhow::{Context, Result};
use rust_xlsxwriter::ExcelDateTime;
use std::io::{BufWriter, Write};
use std::sync::LazyLock;
use tempfile::NamedTempFile;

/// A file being written. `finish` answers the temporary file, removed when dropped.
pub enum SheetWriter {
    Csv { csv: Box<csv::Writer<BufWriter<std::fs::File>>>, file: NamedTempFile },
    Xlsx { workbook: Box<rust_xlsxwriter::Workbook>, file: NamedTempFile, row: u32, max_rows: u64 },
}

/// How a worksheet shows a day and a moment.
static DAY: LazyLock<rust_xlsxwriter::Format> =
    LazyLock::new(|| rust_xlsxwriter::Format::new().set_num_format("dd/mm/yyyy"));
static MOMENT: LazyLock<rust_xlsxwriter::Format> =
    LazyLock::new(|| rust_xlsxwriter::Format::new().set_num_format("dd/mm/yyyy hh:mm"));

/// A day or a moment as a worksheet's date and its format; `None` for a text that is neither (written
/// as a text). A moment is kept at the time of day it was written with.
fn excel_date(text: &str) -> Option<(ExcelDateTime, &'static rust_xlsxwriter::Format)> {
    use chrono::{Datelike, Timelike};
    let day = |d: chrono::NaiveDate| {
        ExcelDateTime::from_ymd(u16::try_from(d.year()).ok()?, d.month() as u8, d.day() as u8).ok()
    };
    if let Ok(d) = chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        return Some((day(d)?, &DAY));
    }
    let moment = chrono::DateTime::parse_from_rfc3339(text).ok()?.naive_local();
    let at = day(moment.date())?
        .and_hms(moment.hour() as u16, moment.minute() as u8, f64::from(moment.second()))
        .ok()?;
    Some((at, &MOMENT))
}

/// A failure a user can act on (its French message is the job's error), or an internal one.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error("{0}")]
    User(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl SheetWriter {
    /// A new file of `format` with its header row.
    pub fn create(format: Format, headers: &[&str]) -> Result<SheetWriter> {
        Self::with_max_rows(format, headers, XLSX_MAX_ROWS)
    }

    /// The same, a worksheet holding at most `max_rows` data rows (the format's own limit, or less in a test).
    fn with_max_rows(format: Format, headers: &[&str], max_rows: u64) -> Result<SheetWriter> {
        let file = NamedTempFile::with_prefix("sesame-export-").context("a temporary file")?;
        match format {
            Format::Csv => {
                let mut out = BufWriter::with_capacity(256 * 1024, file.reopen()?);
                out.write_all("\u{feff}".as_bytes())?;
                let mut csv = Box::new(csv::WriterBuilder::new().delimiter(b';').from_writer(out));
                csv.write_record(headers)?;
                Ok(SheetWriter::Csv { csv, file })
            }
            Format::Xlsx => {
                let mut workbook = Box::new(rust_xlsxwriter::Workbook::new());
                let bold = rust_xlsxwriter::Format::new().set_bold();
                let sheet = workbook.add_worksheet_with_constant_memory()?;
                sheet.set_name("Export")?;
                for (col, title) in headers.iter().enumerate() {
                    sheet.write_string_with_format(0, col as u16, *title, &bold)?;
                }
                Ok(SheetWriter::Xlsx { workbook, file, row: 0, max_rows })
            }
        }
    }

    /// Appends rows; a worksheet refuses the row past its limit with a French message.
    pub fn rows(&mut self, rows: &[Vec<Cell>]) -> Result<(), WriteError> {
        match self {
            SheetWriter::Csv { csv, .. } => {
                for row in rows {
                    csv.write_record(row.iter().map(csv_text)).context("a CSV row")?;
                }
            }
            SheetWriter::Xlsx { workbook, row, max_rows, .. } => {
                let sheet = workbook.worksheet_from_index(0).context("the worksheet")?;
                for cells in rows {
                    if u64::from(*row) + 1 > *max_rows {
                        return Err(WriteError::User(messages::XLSX_FULL.into()));
                    }
                    *row += 1;
                    for (col, cell) in cells.iter().enumerate() {
                        let col = col as u16;
                        match cell {
                            Cell::Text(text) => sheet.write_string(*row, col, text),
                            Cell::Int(n) => sheet.write_number(*row, col, *n as f64),
                            Cell::Number(x) => sheet.write_number(*row, col, *x),
                            Cell::Bool(_) => sheet.write_string(*row, col, cell.to_text()),
                            Cell::Date(text) => match excel_date(text) {
                                Some((date, format)) => {
                                    sheet.write_datetime_with_format(*row, col, &date, format)
                                }
                                None => sheet.write_string(*row, col, text),
                            },
                            Cell::Empty => continue,
                        }
                        .context("an .xlsx cell")?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Ends the file: answers it, with its size in bytes.
    pub fn finish(self) -> Result<(NamedTempFile, u64)> {
        let file = match self {
            SheetWriter::Csv { csv, file } => {
                let out = csv.into_inner().map_err(|e| anyhow::anyhow!("CSV flush: {e}"))?;
                out.into_inner().map_err(|e| anyhow::anyhow!("CSV flush: {e}"))?.sync_data()?;
                file
            }
            SheetWriter::Xlsx { mut workbook, file, .. } => {
                workbook.save(file.path()).context("the .xlsx file")?;
                file
            }
        };
        let size = file.as_file().metadata()?.len();
        Ok((file, size))
    }
}

/// A text as a CSV cell. A spreadsheet would run a cell that starts with `=`, `+`, `-` or `@` as a
/// formula (CSV injection): such a text is written after an apostrophe, which the spreadsheet hides,
/// unless it is a plain number (a phone number `+225…`, an amount `-500`).
pub fn csv_text(cell: &Cell) -> String {
    let text = cell.to_text();
    let mut chars = text.chars();
    let first = chars.next();
    let risky = matches!(first, Some('=' | '+' | '-' | '@' | '\t' | '\r'));
    // By characters, not bytes: a text may start with « É ».
    let plain_number = matches!(first, Some('+' | '-'))
        && !chars.as_str().is_empty()
        && chars.all(|c| c.is_ascii_digit() || c == ' ' || c == '.' || c == ',');
    if risky && !plain_number { format!("'{text}") } else { text }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_defused_and_numbers_left_alone() {
        let text = |s: &str| csv_text(&Cell::Text(s.into()));
        assert_eq!(text("=1+1"), "'=1+1");
        assert_eq!(text("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(text("+1+cmd|' /C calc'!A0"), "'+1+cmd|' /C calc'!A0");
        assert_eq!(text("+225 07 00 00 00"), "+225 07 00 00 00");
        assert_eq!(text("-500"), "-500");
        assert_eq!(text("Kouamé"), "Kouamé");
        // A text that starts with a letter of two bytes.
        assert_eq!(text("Édith"), "Édith");
        assert_eq!(text("-"), "'-");
    }

    #[test]
    fn a_csv_file_starts_with_a_bom_and_separates_with_semicolons() {
        let mut writer = SheetWriter::create(Format::Csv, &["Nom", "Montant"]).unwrap();
        writer
            .rows(&[
                vec![Cell::Text("Koné; Awa".into()), Cell::Number(5000.0)],
                vec![Cell::Empty, Cell::Bool(true)],
            ])
            .unwrap();
        let (file, size) = writer.finish().unwrap();
        let bytes = std::fs::read(file.path()).unwrap();
        assert_eq!(bytes.len() as u64, size);
        assert_eq!(
            String::from_utf8(bytes).unwrap(),
            "\u{feff}Nom;Montant\n\"Koné; Awa\";5000\n;Oui\n"
        );
    }

    #[test]
    fn a_worksheet_past_its_rows_is_refused_in_french() {
        let mut writer = SheetWriter::with_max_rows(Format::Xlsx, &["Nom"], 2).unwrap();
        let row = vec![Cell::Text("Aya".into())];
        writer.rows(&[row.clone(), row.clone()]).unwrap();
        match writer.rows(&[row]) {
            Err(WriteError::User(message)) => assert!(
                message.starts_with("Un fichier .xlsx ne peut pas dépasser 1 048 575 lignes"),
                "{message}"
            ),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn days_and_moments_are_dates_in_a_worksheet() {
        let (day, format) = excel_date("1990-04-01").unwrap();
        assert_eq!(day.to_excel(), 32964.0);
        assert_eq!(format, &*DAY);
        let (moment, format) = excel_date("2026-11-23T10:30:00+00:00").unwrap();
        assert_eq!(moment.to_excel(), 46349.4375);
        assert_eq!(format, &*MOMENT);
        for text in ["", "K000000142", "1990-13-01", "23/11/2026"] {
            assert!(excel_date(text).is_none(), "{text}");
        }
    }

    #[test]
    fn an_xlsx_file_is_a_zip() {
        let mut writer = SheetWriter::create(Format::Xlsx, &["Nom"]).unwrap();
        writer.rows(&[vec![Cell::Text("Aya".into())]]).unwrap();
        let (file, size) = writer.finish().unwrap();
        let bytes = std::fs::read(file.path()).unwrap();
        assert!(size > 1000);
        assert_eq!(&bytes[..2], b"PK");
    }
}
