//! Where the gateway serves a member's photo. The members service answers it in a member's
//! `photoFilePath`, the cards service in a card's `card_photoFilePath`: one address for both.

/// The photo of member N is at `{MEMBER_PHOTO_ADDRESS}N?v=<version>`; the version changes the address
/// with each new photo, so a browser may keep each one for good.
pub const MEMBER_PHOTO_ADDRESS: &str = "/api/member/get_member-photo/";

pub fn versioned_photo_path(member_id: i64, version: i32) -> String {
    format!("{MEMBER_PHOTO_ADDRESS}{member_id}?v={version}")
}
