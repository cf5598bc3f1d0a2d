//! Where the gateway serves a member's photo. The members service answers it in a member's
//! `photoFilePath`, the cards service in a card's `card_photoFilePath`: one address for both.

/// The photo of member N is at `{MEMBER_PHOTO_ADDRESS}N?v=<version>`; the version changes the address
/// with each new photo, so a browser may keep each one for good.
pub const MEMBER_PHOTO_ADDRESS: &str = "/api/member/get_member-photo/";

/// Most photos, and most bytes of them, one call of a field laptop carries to the central server
/// (`synchronization/post_synchronization_photos`): the laptop fills its calls up to these, the central
/// gateway refuses more. A photo larger than the bytes goes alone.
pub const SYNC_PHOTOS_A_CALL: usize = 50;
pub const SYNC_PHOTO_CALL_BYTES: usize = 4 * 1024 * 1024;

pub fn versioned_photo_path(member_id: i64, version: i32) -> String {
    format!("{MEMBER_PHOTO_ADDRESS}{member_id}?v={version}")
}

/// The version written in a photo's address (`...?v=3`), if any.
pub fn version_in(path: &str) -> Option<i32> {
    path.rsplit_once("?v=").and_then(|(_, v)| v.parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_carries_its_version() {
        assert_eq!(version_in(&versioned_photo_path(7, 3)), Some(3));
        assert_eq!(version_in(""), None);
    }
}
