//! A proof of delivery is a photo (JPEG, PNG) or a PDF of the signed slip, told by its first bytes (not
//! by what the browser claims), and bounded in size.

use super::messages as msg;
use common::error::ServiceError;

/// The type of a proof read from its content, or a French refusal.
pub fn proof_type(content: &[u8], max_mb: usize) -> Result<&'static str, ServiceError> {
    let refuse = |message: String| Err(ServiceError::invalid_field("delivery_proof", message));
    if content.is_empty() {
        return refuse(msg::PROOF_EMPTY.into());
    }
    if content.len() > max_mb * 1024 * 1024 {
        return refuse(msg::proof_too_large(max_mb));
    }
    match content {
        [0xFF, 0xD8, 0xFF, ..] => Ok("image/jpeg"),
        [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, ..] => Ok("image/png"),
        [b'%', b'P', b'D', b'F', b'-', ..] => Ok("application/pdf"),
        _ => refuse(msg::PROOF_TYPE.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_type_comes_from_the_content() {
        assert_eq!(proof_type(b"%PDF-1.7 ...", 10).unwrap(), "application/pdf");
        assert_eq!(proof_type(&[0xFF, 0xD8, 0xFF, 0xE0, 0], 10).unwrap(), "image/jpeg");
        assert!(proof_type(b"<html>", 10).is_err());
        assert!(proof_type(b"", 10).is_err());
        assert!(proof_type(&vec![0xFF; 2 * 1024 * 1024], 1).is_err());
    }
}
