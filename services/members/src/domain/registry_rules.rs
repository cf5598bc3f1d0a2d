//! The fields of a cooperative and of a parcel, checked.

use super::messages as msg;
use common::error::ServiceError;
use common::text;
use common::validation::Faults;
use proto::members as pb;

#[derive(Debug)]
pub struct CooperativeDraft {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub locality_id: Option<i64>,
    pub contact: String,
}

#[derive(Debug)]
pub struct ParcelDraft {
    pub id: i64,
    pub code: String,
    pub member_id: i64,
    pub locality_id: Option<i64>,
    pub area: f64,
    pub crop: String,
    pub point: Option<(f64, f64)>,
}

pub fn check_cooperative(c: &pb::CooperativeInput) -> Result<CooperativeDraft, ServiceError> {
    let mut faults = Faults::new();
    let code = text::code(&faults.required(
        "cooperative_code",
        &c.cooperative_code,
        50,
        msg::COOPERATIVE_CODE_REQUIRED,
    ));
    let name = faults.required(
        "cooperative_name",
        &c.cooperative_name,
        200,
        msg::COOPERATIVE_NAME_REQUIRED,
    );
    let contact = faults.text("cooperative_contact", &c.cooperative_contact, 100);
    let locality_id = c.cooperative_locality_id.filter(|id| *id > 0);
    faults.finish_with(CooperativeDraft {
        id: c.cooperative_id.unwrap_or(0).max(0),
        code,
        name,
        locality_id,
        contact,
    })
}

pub fn check_parcel(p: &pb::ParcelInput) -> Result<ParcelDraft, ServiceError> {
    let mut faults = Faults::new();
    let code =
        text::code(&faults.required("parcel_code", &p.parcel_code, 50, msg::PARCEL_CODE_REQUIRED));
    let member_id = p.parcel_member_id.unwrap_or(0);
    if member_id <= 0 {
        faults.add("parcel_memberId", msg::PARCEL_MEMBER_REQUIRED);
    }
    let area = p.parcel_area.unwrap_or(0.0);
    if !(area.is_finite() && area > 0.0 && area <= 100_000.0) {
        faults.add("parcel_area", msg::PARCEL_AREA);
    }
    let crop = faults.text("parcel_crop", &p.parcel_crop, 100);
    let point = match (p.parcel_latitude, p.parcel_longitude) {
        (None, None) => None,
        (Some(lat), Some(lon)) => {
            if !(-90.0..=90.0).contains(&lat) {
                faults.add("parcel_latitude", msg::LATITUDE);
            }
            if !(-180.0..=180.0).contains(&lon) {
                faults.add("parcel_longitude", msg::LONGITUDE);
            }
            Some((lat, lon))
        }
        (None, Some(_)) => {
            faults.add("parcel_latitude", msg::PARCEL_POINT_WHOLE);
            None
        }
        (Some(_), None) => {
            faults.add("parcel_longitude", msg::PARCEL_POINT_WHOLE);
            None
        }
    };
    let draft = ParcelDraft {
        id: p.parcel_id.unwrap_or(0).max(0),
        code,
        member_id,
        locality_id: p.parcel_locality_id.filter(|id| *id > 0),
        area,
        crop,
        point,
    };
    faults.finish_with(draft)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_parcel_needs_a_code_a_member_and_an_area() {
        let e = check_parcel(&pb::ParcelInput::default()).unwrap_err();
        let ServiceError::Invalid { fields, .. } = e else { panic!() };
        assert_eq!(
            fields.keys().collect::<Vec<_>>(),
            ["parcel_area", "parcel_code", "parcel_memberId"]
        );
    }

    #[test]
    fn a_gps_point_is_whole_and_on_earth() {
        let p = pb::ParcelInput {
            parcel_code: "p-1".into(),
            parcel_member_id: Some(3),
            parcel_area: Some(2.5),
            parcel_latitude: Some(95.0),
            parcel_longitude: Some(-5.0),
            ..Default::default()
        };
        assert!(check_parcel(&p).is_err());
        let half =
            pb::ParcelInput { parcel_latitude: Some(6.8), parcel_longitude: None, ..p.clone() };
        assert!(check_parcel(&half).is_err());
        let ok = pb::ParcelInput { parcel_latitude: Some(6.8), ..p };
        let draft = check_parcel(&ok).unwrap();
        assert_eq!(draft.code, "P-1");
        assert_eq!(draft.point, Some((6.8, -5.0)));
    }
}
