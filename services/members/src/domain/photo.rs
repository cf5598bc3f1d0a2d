//! A member's photo as kept: the content decides the type (JPEG, PNG or WebP, whatever the file is
//! called), the camera's orientation is applied, the picture is bounded in size and stored as JPEG with
//! a small thumbnail for lists. Runs on a blocking thread: decoding is CPU work.

use super::messages as msg;
use common::error::ServiceError;
use image::codecs::jpeg::JpegEncoder;
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
    let mut picture = DynamicImage::from_decoder(decoder).map_err(|e| refused(e, bytes.len()))?;
    if let Some(orientation) = orientation {
        picture.apply_orientation(orientation);
    }

    let photo = encode(&bounded(picture.clone(), PHOTO_SIDE), 85)?;
    let thumbnail = encode(&bounded(picture, THUMBNAIL_SIDE), 80)?;
    Ok(Normalised { photo, thumbnail })
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
