//! One PDF written as it is made, from parts made one after the other: each part (a complete PDF of a
//! few hundred pages, made by krilla) is read back with lopdf, its objects renumbered after the previous
//! parts', its pages hung under one page tree, and its objects written out at once; the cross-reference
//! table and the page tree come last. Memory holds one part, whatever the number of pages, and the
//! first bytes leave before the last page is drawn.

use lopdf::{Dictionary, Object, ObjectId};
use std::io::{self, Write};

/// The catalog and the page tree of the whole file take the first two numbers.
const CATALOG: u32 = 1;
const PAGES: u32 = 2;

/// Writes a PDF to `out` from parts given one by one.
pub struct MergedPdf<W: Write> {
    out: Counting<W>,
    /// Where each object starts, by its number (0 when it has none).
    offsets: Vec<u64>,
    pages: Vec<ObjectId>,
}

impl<W: Write> MergedPdf<W> {
    pub fn start(out: W) -> io::Result<Self> {
        let mut out = Counting { inner: out, written: 0 };
        out.write_all(b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n")?;
        Ok(MergedPdf { out, offsets: vec![0; PAGES as usize + 1], pages: Vec::new() })
    }

    /// Appends the pages of `part` (a whole PDF) and everything they use.
    pub fn append(&mut self, part: &[u8]) -> Result<(), String> {
        let mut doc =
            lopdf::Document::load_mem(part).map_err(|e| format!("part unreadable: {e}"))?;
        doc.renumber_objects_with(self.offsets.len() as u32);
        let pages: Vec<ObjectId> = doc.get_pages().into_values().collect();
        let skipped: Vec<ObjectId> = doc
            .objects
            .iter()
            .filter(|(_, object)| {
                let kind = object
                    .as_dict()
                    .ok()
                    .and_then(|d| d.get(b"Type").ok())
                    .and_then(|t| t.as_name().ok());
                matches!(kind, Some(b"Catalog" | b"Pages" | b"ObjStm" | b"XRef"))
            })
            .map(|(id, _)| *id)
            .collect();
        for (id, mut object) in std::mem::take(&mut doc.objects) {
            if skipped.contains(&id) {
                continue;
            }
            if pages.contains(&id)
                && let Object::Dictionary(page) = &mut object
            {
                page.set("Parent", Object::Reference((PAGES, 0)));
            }
            self.write_object(id.0, &object).map_err(|e| e.to_string())?;
        }
        self.pages.extend(pages);
        Ok(())
    }

    /// Writes the page tree, the catalog and the cross-reference table; answers the sink.
    pub fn finish(mut self) -> io::Result<W> {
        let kids: Vec<Object> = self.pages.iter().map(|id| Object::Reference(*id)).collect();
        let mut tree = Dictionary::new();
        tree.set("Type", Object::Name(b"Pages".to_vec()));
        tree.set("Count", Object::Integer(kids.len() as i64));
        tree.set("Kids", Object::Array(kids));
        self.write_object(PAGES, &Object::Dictionary(tree))?;
        let mut catalog = Dictionary::new();
        catalog.set("Type", Object::Name(b"Catalog".to_vec()));
        catalog.set("Pages", Object::Reference((PAGES, 0)));
        self.write_object(CATALOG, &Object::Dictionary(catalog))?;
        let xref = self.out.written;
        let size = self.offsets.len();
        write!(self.out, "xref\n0 {size}\n0000000000 65535 f \n")?;
        for offset in &self.offsets[1..] {
            if *offset == 0 {
                self.out.write_all(b"0000000000 65535 f \n")?;
            } else {
                writeln!(self.out, "{offset:010} 00000 n ")?;
            }
        }
        write!(
            self.out,
            "trailer\n<< /Size {size} /Root {CATALOG} 0 R >>\nstartxref\n{xref}\n%%EOF\n"
        )?;
        Ok(self.out.inner)
    }

    fn write_object(&mut self, number: u32, object: &Object) -> io::Result<()> {
        let number = number as usize;
        if self.offsets.len() <= number {
            self.offsets.resize(number + 1, 0);
        }
        self.offsets[number] = self.out.written;
        writeln!(self.out, "{number} 0 obj")?;
        serialize(&mut self.out, object)?;
        self.out.write_all(b"\nendobj\n")
    }
}

/// An object in PDF syntax. Strings are written in hexadecimal and names with `#xx` escapes, so no
/// byte needs any other care; a stream is written as read (still compressed) with its length.
fn serialize(out: &mut impl Write, object: &Object) -> io::Result<()> {
    match object {
        Object::Null => out.write_all(b"null"),
        Object::Boolean(b) => out.write_all(if *b { b"true" } else { b"false" }),
        Object::Integer(i) => write!(out, "{i}"),
        Object::Real(r) => write!(out, "{r}"),
        Object::Name(name) => name_out(out, name),
        Object::String(bytes, _) => {
            out.write_all(b"<")?;
            for b in bytes {
                write!(out, "{b:02X}")?;
            }
            out.write_all(b">")
        }
        Object::Array(items) => {
            out.write_all(b"[")?;
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.write_all(b" ")?;
                }
                serialize(out, item)?;
            }
            out.write_all(b"]")
        }
        Object::Dictionary(dict) => dictionary(out, dict),
        Object::Stream(stream) => {
            let mut dict = stream.dict.clone();
            dict.set("Length", Object::Integer(stream.content.len() as i64));
            dictionary(out, &dict)?;
            out.write_all(b"\nstream\n")?;
            out.write_all(&stream.content)?;
            out.write_all(b"\nendstream")
        }
        Object::Reference((number, generation)) => write!(out, "{number} {generation} R"),
    }
}

fn dictionary(out: &mut impl Write, dict: &Dictionary) -> io::Result<()> {
    out.write_all(b"<<")?;
    for (key, value) in dict.iter() {
        name_out(out, key)?;
        out.write_all(b" ")?;
        serialize(out, value)?;
        out.write_all(b" ")?;
    }
    out.write_all(b">>")
}

fn name_out(out: &mut impl Write, name: &[u8]) -> io::Result<()> {
    out.write_all(b"/")?;
    for &b in name {
        if b.is_ascii_alphanumeric() || b"-_.+*".contains(&b) {
            out.write_all(&[b])?;
        } else {
            write!(out, "#{b:02X}")?;
        }
    }
    Ok(())
}

/// Counts what goes through, for the cross-reference table's offsets.
struct Counting<W: Write> {
    inner: W,
    written: u64,
}

impl<W: Write> Write for Counting<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::template_render::{JsonRecord, Record, Template};

    /// A part of `pages` pages, each with its own line of text, drawn as a template draws it.
    fn part(pages: usize, label: &str) -> Vec<u8> {
        let template = Template::parse(
            r#"{"basePdf": {"width": 70, "height": 35, "padding": [0, 0, 0, 0]},
                "schemas": [[{"name": "line", "type": "text", "position": {"x": 3, "y": 10},
                              "width": 64, "height": 8, "fontSize": 12}]]}"#,
        )
        .unwrap();
        let values: Vec<serde_json::Map<String, serde_json::Value>> = (0..pages)
            .map(|i| {
                let line = serde_json::Value::String(format!("{label} Élodie {i}"));
                serde_json::Map::from_iter([("line".to_string(), line)])
            })
            .collect();
        let records: Vec<JsonRecord> =
            values.iter().map(|values| JsonRecord { values, photo: None }).collect();
        let records: Vec<&dyn Record> = records.iter().map(|r| r as &dyn Record).collect();
        template.pdf(&records).unwrap()
    }

    #[test]
    fn parts_make_one_file_that_reads_back_page_by_page_with_its_text() {
        let mut merged = MergedPdf::start(Vec::new()).unwrap();
        merged.append(&part(2, "Koné")).unwrap();
        merged.append(&part(3, "N'Guessan")).unwrap();
        let pdf = merged.finish().unwrap();
        let doc = lopdf::Document::load_mem(&pdf).expect("a valid PDF");
        assert_eq!(doc.get_pages().len(), 5);
        let text = doc.extract_text(&[1, 5]).unwrap();
        assert!(text.contains("Koné Élodie 0") && text.contains("N'Guessan Élodie 2"), "{text}");
    }
}
