//! A member's photo as kept: the content decides the type (JPEG, PNG or WebP, whatever the file is
//! called), the camera's orientation is applied, the picture is bounded in size and stored as JPEG with
//! a small thumbnail for lists. Runs on a blocking thread: decoding is CPU work.

use super::messages as msg;
use common::error::ServiceError;
use image::codecs::jpeg::JpegEncoder;
use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use std::io::Cursor;

/// Longest side of a kept photo and of its thumbnail, in pixels.
pub const PHOTO_SIDE: u32 = 1024;
pub const THUMBNAIL_SIDE: u32 = 160;
/// Largest side accepted from the upload (a 40-megapixel camera is well within).
pub const MAX_INPUT_SIDE: u32 = 10_000;
/// Most pixels accepted from the upload: a 48-megapixel camera's photo. The header tells the size
/// before anything is decoded, so a small file that would decode into gigabytes (a decompression bomb)
/// is refused at once.
pub const MAX_INPUT_PIXELS: u64 = 48_000_000;
/// Most memory one decoding may take (48 megapixels of RGBA with room to spare).
const MAX_DECODING_BYTES: u64 = 256 * 1024 * 1024;

#[derive(Debug)]
pub struct Normalised {
    pub photo: Vec<u8>,
    pub thumbnail: Vec<u8>,
}

/// Checks and normalises an uploaded photo of at most `max_bytes`.
pub fn normalise(bytes: &[u8], max_bytes: usize) -> Result<Normalised, ServiceError> {
    if bytes.is_empty() {
        return Err(ServiceError::invalid_field("member_photo", msg::PHOTO_EMPTY));
    }
    if bytes.len() > max_bytes {
        return Err(ServiceError::invalid_field("member_photo", msg::photo_too_large(max_bytes)));
    }
    let format = image::guess_format(bytes)
        .map_err(|_| ServiceError::invalid_field("member_photo", msg::PHOTO_NOT_IMAGE))?;
    if !matches!(format, ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP) {
        return Err(ServiceError::invalid_field("member_photo", msg::PHOTO_NOT_IMAGE));
    }

    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_INPUT_SIDE);
    limits.max_image_height = Some(MAX_INPUT_SIDE);
    limits.max_alloc = Some(MAX_DECODING_BYTES);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(|e| refused(e, bytes.len()))?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > MAX_INPUT_PIXELS {
        tracing::info!(
            width,
            height,
            bytes = bytes.len(),
            "photo refused before decoding: too many pixels"
        );
        return Err(ServiceError::invalid_field(
            "member_photo",
            msg::photo_too_many_megapixels(MAX_INPUT_PIXELS / 1_000_000),
        ));
    }
    let orientation = decoder.orientation().ok();
    // Decoded whole even when kept as is: a truncated or damaged picture is refused here, not shown broken.
    let mut picture = DynamicImage::from_decoder(decoder).map_err(|e| refused(e, bytes.len()))?;
    let upright = matches!(orientation, None | Some(Orientation::NoTransforms));
    if let Some(orientation) = orientation {
        picture.apply_orientation(orientation);
    }

    // A photo already as this function leaves it (a field laptop's, normalised there) is kept byte for
    // byte: encoding it again would only cost time and quality.
    let within = |side| picture.width() <= side && picture.height() <= side;
    let as_kept = format == ImageFormat::Jpeg && upright && bare_jpeg(bytes);
    let photo = if as_kept && within(PHOTO_SIDE) {
        bytes.to_vec()
    } else {
        encode(&bounded(picture.clone(), PHOTO_SIDE), 85)?
    };
    let thumbnail = if as_kept && within(THUMBNAIL_SIDE) {
        bytes.to_vec()
    } else {
        encode(&bounded(picture, THUMBNAIL_SIDE), 80)?
    };
    Ok(Normalised { photo, thumbnail })
}

/// Whether a JPEG holds its whole picture and nothing else: no segment of metadata (EXIF with its place
/// and camera, XMP, a colour profile, a comment) before its scan, which a photo kept as is would carry,
/// and its end marker (the decoder fills a cut picture in, which is then encoded again, whole).
fn bare_jpeg(bytes: &[u8]) -> bool {
    if !bytes.starts_with(&[0xFF, 0xD8]) || !bytes.ends_with(&[0xFF, 0xD9]) {
        return false;
    }
    let mut at = 2;
    while at + 4 <= bytes.len() {
        if bytes[at] != 0xFF {
            return false;
        }
        match bytes[at + 1] {
            // A fill byte before a marker.
            0xFF => at += 1,
            // The start of the scan: the picture's data follows.
            0xDA => return true,
            0xE1..=0xEF | 0xFE => return false,
            _ => {
                let length = usize::from(u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]));
                if length < 2 {
                    return false;
                }
                at += 2 + length;
            }
        }
    }
    false
}

fn refused(e: image::ImageError, len: usize) -> ServiceError {
    tracing::info!(error = %e, bytes = len, "photo refused");
    match e {
        image::ImageError::Limits(_) => {
            ServiceError::invalid_field("member_photo", msg::photo_too_many_pixels(MAX_INPUT_SIDE))
        }
        _ => ServiceError::invalid_field("member_photo", msg::PHOTO_UNREADABLE),
    }
}

fn bounded(picture: DynamicImage, side: u32) -> DynamicImage {
    if picture.width() <= side && picture.height() <= side {
        picture
    } else {
        picture.thumbnail(side, side)
    }
}

fn encode(picture: &DynamicImage, quality: u8) -> Result<Vec<u8>, ServiceError> {
    let mut out = Vec::new();
    // JPEG has no alpha: flatten to RGB first.
    let rgb = DynamicImage::ImageRgb8(picture.to_rgb8());
    rgb.write_with_encoder(JpegEncoder::new_with_quality(&mut out, quality))
        .map_err(|e| ServiceError::Internal(anyhow::Error::new(e).context("JPEG encoding")))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageBuffer, Rgb};

    fn png(width: u32, height: u32) -> Vec<u8> {
        let img =
            ImageBuffer::from_fn(width, height, |x, y| Rgb([(x % 256) as u8, (y % 256) as u8, 90]));
        let mut out = Vec::new();
        DynamicImage::ImageRgb8(img)
            .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .unwrap();
        out
    }

    #[test]
    fn a_large_png_becomes_a_bounded_jpeg_and_a_thumbnail() {
        let n = normalise(&png(2000, 1000), 8 << 20).unwrap();
        let photo = image::load_from_memory(&n.photo).unwrap();
        assert_eq!(image::guess_format(&n.photo).unwrap(), ImageFormat::Jpeg);
        assert_eq!((photo.width(), photo.height()), (1024, 512));
        let thumb = image::load_from_memory(&n.thumbnail).unwrap();
        assert_eq!(thumb.width(), 160);
    }

    fn jpeg(width: u32, height: u32) -> Vec<u8> {
        let img =
            ImageBuffer::from_fn(width, height, |x, y| Rgb([(x % 256) as u8, 60, (y % 256) as u8]));
        encode(&DynamicImage::ImageRgb8(img), 85).unwrap()
    }

    #[test]
    fn a_photo_already_as_kept_is_kept_byte_for_byte() {
        // Small enough to be its own thumbnail: nothing is encoded again.
        let small = jpeg(120, 160);
        let n = normalise(&small, 8 << 20).unwrap();
        assert_eq!(n.photo, small);
        assert_eq!(n.thumbnail, small);
        // Within the photo's bounds: the photo kept, a thumbnail made.
        let larger = jpeg(600, 800);
        let n = normalise(&larger, 8 << 20).unwrap();
        assert_eq!(n.photo, larger);
        let thumb = image::load_from_memory(&n.thumbnail).unwrap();
        assert_eq!((thumb.width(), thumb.height()), (120, 160));
    }

    #[test]
    fn a_jpeg_with_metadata_is_encoded_again_without_it() {
        let bare = jpeg(120, 160);
        // An EXIF segment (APP1) right after the start of the image, as a camera writes one.
        let exif = [0xFF, 0xE1, 0x00, 0x08, b'E', b'x', b'i', b'f', 0x00, 0x00];
        let with_exif = [&bare[..2], &exif[..], &bare[2..]].concat();
        assert!(image::load_from_memory(&with_exif).is_ok());
        let n = normalise(&with_exif, 8 << 20).unwrap();
        assert_ne!(n.photo, with_exif);
        assert!(bare_jpeg(&n.photo), "the photo kept carries no metadata");
        // A cut picture is not kept as is: what the decoder made of it is encoded again, whole.
        let cut = &bare[..bare.len() * 2 / 3];
        let n = normalise(cut, 8 << 20).unwrap();
        assert_ne!(n.photo, cut);
        assert!(bare_jpeg(&n.photo));
    }

    #[test]
    fn text_named_jpg_is_refused_by_its_content() {
        let e = normalise(b"this is not a picture at all", 8 << 20).unwrap_err();
        assert!(e.to_string().contains("JPEG, PNG ou WebP"), "{e}");
        // A GIF is an image, but not one of the accepted kinds.
        let e = normalise(b"GIF89a\x01\x00\x01\x00\x00\x00\x00;", 8 << 20).unwrap_err();
        assert!(e.to_string().contains("JPEG, PNG ou WebP"), "{e}");
    }

    #[test]
    fn too_many_bytes_or_a_truncated_file_is_refused() {
        let bytes = png(300, 300);
        assert!(normalise(&bytes, 100).unwrap_err().to_string().contains("taille permise"));
        assert!(
            normalise(&bytes[..bytes.len() / 2], 8 << 20)
                .unwrap_err()
                .to_string()
                .contains("illisible")
        );
    }
}
