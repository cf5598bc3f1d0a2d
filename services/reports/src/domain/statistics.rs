//! The built-in dashboards: their names, the filters they take (checked here), and the French words of
//! their tables (titles, labels). What they count is the store's (`store::statistics`).

use super::messages as msg;
use chrono::{Datelike, NaiveDate};
use common::error::ServiceError;
use common::validation::Faults;
use proto::reports as pb;

/// The built-in dashboards: report name and title.
pub const DASHBOARDS: &[(&str, &str)] =
    &[("membres", "Membres"), ("cartes", "Cartes : paiements et livraisons")];

/// The title of the built-in dashboard `name`, when there is one.
pub fn dashboard_title(name: &str) -> Option<&'static str> {
    DASHBOARDS.iter().find(|(known, _)| *known == name).map(|(_, title)| *title)
}

/// The filters of a dashboard, checked.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Filter {
    /// 0: every region.
    pub region_id: i64,
    /// Registered on or after this day.
    pub from: Option<NaiveDate>,
    /// Registered on or before this day.
    pub to: Option<NaiveDate>,
}

/// Reads the filters of `request`; every fault named on its field, in French.
pub fn check_filter(request: &pb::StatisticsRequest) -> Result<Filter, ServiceError> {
    let mut faults = Faults::new();
    if request.region_id < 0 {
        faults.add("regionId", msg::REGION_INVALID);
    }
    // A year PostgreSQL and the calendar agree on.
    let mut date = |field: &str, text: &str| match common::dates::parse(text) {
        Ok(day) if day.is_none_or(|d| (1..=9999).contains(&d.year())) => day,
        _ => {
            faults.add(field, msg::date_invalid(field));
            None
        }
    };
    let from = date("from", &request.from);
    let to = date("to", &request.to);
    if let (Some(from), Some(to)) = (from, to)
        && from > to
    {
        faults.add("to", msg::PERIOD_REVERSED);
    }
    faults.finish_with(Filter { region_id: request.region_id, from, to })
}

/// A period of registration cut for counting: the whole months it holds, counted from the totals kept
/// by month (`first` and `last` month's first days; none on a side the period leaves open), and the days
/// at its edges outside them, counted member by member (at most two spans of under a month).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Cut {
    /// The whole months, when the period holds any (or is open on both sides).
    pub months: Option<(Option<NaiveDate>, Option<NaiveDate>)>,
    /// The spans of days outside them, first and last day included.
    pub edges: Vec<(NaiveDate, NaiveDate)>,
}

/// The first day of the month of `day`.
fn month_of(day: NaiveDate) -> NaiveDate {
    day.with_day(1).expect("every month has a first day")
}

/// The last day of the month of `day`.
fn month_end(day: NaiveDate) -> NaiveDate {
    let next = month_of(day).checked_add_months(chrono::Months::new(1));
    next.and_then(|n| n.pred_opt()).unwrap_or(NaiveDate::MAX)
}

/// Cuts the period `from`..=`to` (either open) into its whole months and its edges.
pub fn cut(from: Option<NaiveDate>, to: Option<NaiveDate>) -> Cut {
    let begins_a_month = |day: NaiveDate| day.day() == 1;
    let ends_a_month = |day: NaiveDate| day == month_end(day);
    // The first whole month starts on or after `from`; the last ends on or before `to`.
    let first = from.map(|f| if begins_a_month(f) { f } else { next_month(f) });
    let last = to.map(|t| if ends_a_month(t) { month_of(t) } else { previous_month(t) });
    let months = match (first, last) {
        (Some(first), Some(last)) if first > last => None,
        _ => Some((first, last)),
    };
    let mut edges = Vec::new();
    if let Some(from) = from.filter(|f| !begins_a_month(*f)) {
        let end = month_end(from);
        edges.push((from, to.map_or(end, |to| end.min(to))));
    }
    if let Some(to) = to.filter(|t| !ends_a_month(*t)) {
        let start = month_of(to);
        let edge = (from.map_or(start, |from| start.max(from)), to);
        // Within one month, both edges are the whole period.
        if edges.last() != Some(&edge) {
            edges.push(edge);
        }
    }
    Cut { months, edges }
}

/// A dashboard's filter cut into the parts counted each their own way (`cut`), each with the filter's
/// region: its whole months, and at most two edges of days.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Parts {
    /// The whole months (as their first days), when the period holds any.
    pub months: Option<Filter>,
    /// The days at the period's edges, first and last day included.
    pub edges: [Option<Filter>; 2],
}

impl Filter {
    /// This filter's period cut into its whole months and its edges (`cut`), each with its region.
    pub fn parts(&self) -> Parts {
        let cut = cut(self.from, self.to);
        let within = |from, to| Filter { region_id: self.region_id, from, to };
        let edge = |i: usize| cut.edges.get(i).map(|(from, to)| within(Some(*from), Some(*to)));
        Parts {
            months: cut.months.map(|(first, last)| within(first, last)),
            edges: [edge(0), edge(1)],
        }
    }
}

/// The first day of the month after the month of `day`.
fn next_month(day: NaiveDate) -> NaiveDate {
    month_end(day).succ_opt().unwrap_or(NaiveDate::MAX)
}

/// The first day of the month before the month of `day`.
fn previous_month(day: NaiveDate) -> NaiveDate {
    month_of(day).pred_opt().map_or(NaiveDate::MIN, month_of)
}

/// The age bands, youngest first: key and label. A member without a birth date is `unknown`.
pub const AGE_BANDS: &[(&str, &str)] = &[
    ("under_18", "Moins de 18 ans"),
    ("18_25", "18 à 25 ans"),
    ("26_35", "26 à 35 ans"),
    ("36_50", "36 à 50 ans"),
    ("51_65", "51 à 65 ans"),
    ("over_65", "Plus de 65 ans"),
    ("unknown", "Date de naissance inconnue"),
];

/// The amount bands of a payment, in francs CFA: key and label (the migration's `reports.amount_band`
/// draws the same lines).
pub const AMOUNT_BANDS: &[(&str, &str)] = &[
    ("under_1000", "Moins de 1 000 FCFA"),
    ("1000_4999", "1 000 à 4 999 FCFA"),
    ("5000_9999", "5 000 à 9 999 FCFA"),
    ("10000_24999", "10 000 à 24 999 FCFA"),
    ("over_25000", "25 000 FCFA et plus"),
];

/// The photo states: key and label.
pub const PHOTO_STATES: &[(&str, &str)] =
    &[("none", "Sans photo"), ("unchecked", "Photo à vérifier"), ("checked", "Photo vérifiée")];

/// The statuses of a card (docs/decisions.md, the card's life), in its life's order: key and label.
pub const CARD_STATES: &[(&str, &str)] = &[
    ("pending", "En attente d'impression"),
    ("printed", "Imprimée"),
    ("in_delivery", "En livraison"),
    ("delivered", "Livrée"),
    ("error", "En erreur"),
    ("cancelled", "Annulée"),
    ("revoked", "Révoquée"),
];

pub const UNPLACED: &str = "Non renseignée";

pub fn gender_label(key: &str) -> String {
    match key {
        "M" => "Hommes".into(),
        "F" => "Femmes".into(),
        _ => "Non renseigné".into(),
    }
}

const MONTHS: [&str; 12] = [
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
];

/// `2026-11` as « novembre 2026 »; another text as it is.
pub fn month_label(key: &str) -> String {
    let parsed = key.split_once('-').and_then(|(year, month)| {
        let month: usize = month.parse().ok()?;
        Some((year, *MONTHS.get(month.checked_sub(1)?)?))
    });
    match parsed {
        Some((year, month)) => format!("{month} {year}"),
        None => key.to_string(),
    }
}

/// A table of the dashboard, its rows as counted.
pub fn table(name: &str, rows: Vec<pb::StatisticsRow>) -> pb::StatisticsTable {
    let (title, label_title) = match name {
        "members_by_region" => ("Membres par région", "Région"),
        "members_by_department" => ("Membres par département", "Département"),
        "members_by_gender" => ("Membres par sexe", "Sexe"),
        "members_by_age" => ("Membres par tranche d'âge", "Tranche d'âge"),
        "enrolments_by_month" => ("Inscriptions par mois", "Mois"),
        "members_by_photo" => ("Photos des membres", "Photo"),
        "cards_by_status" => ("Cartes des membres par état", "État"),
        "payments_by_operator" => ("Paiements par opérateur", "Opérateur"),
        "amounts_by_operator" => ("Montants payés par opérateur", "Opérateur"),
        "payments_by_amount" => ("Paiements par montant", "Montant"),
        "deliveries_by_month" => ("Livraisons par mois", "Mois de création"),
        _ => (name, ""),
    };
    let value_title = match name {
        "cards_by_status" => "Cartes",
        "payments_by_operator" | "payments_by_amount" => "Paiements",
        "amounts_by_operator" => "Montant (FCFA)",
        "deliveries_by_month" => "Livraisons",
        _ => "Membres",
    };
    // A delivery gathers the cards of many places: it has no region.
    let note = match name {
        "deliveries_by_month" => "Le filtre de région ne s'applique pas aux livraisons.",
        _ => "",
    };
    pb::StatisticsTable {
        name: name.to_string(),
        title: title.to_string(),
        label_title: label_title.to_string(),
        rows,
        value_title: value_title.to_string(),
        note: note.to_string(),
    }
}

/// Rows counted by key, laid out as `bands` (every band, in its order, 0 when none counted); a key
/// counted that no band has is added at the end under its own name.
pub fn in_bands(counted: Vec<pb::StatisticsRow>, bands: &[(&str, &str)]) -> Vec<pb::StatisticsRow> {
    let mut rows: Vec<pb::StatisticsRow> = bands
        .iter()
        .map(|(key, label)| pb::StatisticsRow {
            key: key.to_string(),
            label: label.to_string(),
            value: 0,
        })
        .collect();
    for row in counted {
        match rows.iter_mut().find(|r| r.key == row.key) {
            Some(band) => band.value += row.value,
            None => rows.push(row),
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(region_id: i64, from: &str, to: &str) -> pb::StatisticsRequest {
        pb::StatisticsRequest {
            report_name: "membres".into(),
            region_id,
            from: from.into(),
            to: to.into(),
        }
    }

    #[test]
    fn filters_are_read_or_refused_in_french_on_their_field() {
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d);
        assert_eq!(check_filter(&request(0, "", "")).unwrap(), Filter::default());
        assert_eq!(
            check_filter(&request(3, "2026-01-01", "31/03/2026")).unwrap(),
            Filter { region_id: 3, from: day(2026, 1, 1), to: day(2026, 3, 31) }
        );
        let ServiceError::Invalid { fields, .. } =
            check_filter(&request(-1, "hier", "2026-02-30")).unwrap_err()
        else {
            panic!("invalid")
        };
        assert_eq!(fields.keys().collect::<Vec<_>>(), ["from", "regionId", "to"]);
        assert!(fields["from"].contains("date"), "{}", fields["from"]);
        let ServiceError::Invalid { fields, .. } =
            check_filter(&request(0, "2026-04-01", "2026-03-01")).unwrap_err()
        else {
            panic!("invalid")
        };
        assert_eq!(fields["to"], msg::PERIOD_REVERSED);
    }

    #[test]
    fn a_period_is_cut_into_its_whole_months_and_the_days_at_its_edges() {
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        // Open on both sides: every month, no edge.
        assert_eq!(cut(None, None), Cut { months: Some((None, None)), edges: vec![] });
        // From a month's first day to another's last: months only.
        assert_eq!(
            cut(Some(day(2026, 1, 1)), Some(day(2026, 3, 31))),
            Cut { months: Some((Some(day(2026, 1, 1)), Some(day(2026, 3, 1)))), edges: vec![] }
        );
        // The last 365 days: the rest of the first month, then every month since, open.
        assert_eq!(
            cut(Some(day(2025, 11, 27)), None),
            Cut {
                months: Some((Some(day(2025, 12, 1)), None)),
                edges: vec![(day(2025, 11, 27), day(2025, 11, 30))]
            }
        );
        // Until a day in February (a leap year): January and before whole, February's days.
        assert_eq!(
            cut(None, Some(day(2028, 2, 28))),
            Cut {
                months: Some((None, Some(day(2028, 1, 1)))),
                edges: vec![(day(2028, 2, 1), day(2028, 2, 28))]
            }
        );
        assert_eq!(cut(None, Some(day(2028, 2, 29))).edges, vec![]);
        // Both edges around whole months.
        assert_eq!(
            cut(Some(day(2026, 1, 15)), Some(day(2026, 4, 10))),
            Cut {
                months: Some((Some(day(2026, 2, 1)), Some(day(2026, 3, 1)))),
                edges: vec![
                    (day(2026, 1, 15), day(2026, 1, 31)),
                    (day(2026, 4, 1), day(2026, 4, 10))
                ]
            }
        );
        // Two months touching, neither whole: two edges, no month.
        assert_eq!(
            cut(Some(day(2026, 1, 15)), Some(day(2026, 2, 10))),
            Cut {
                months: None,
                edges: vec![
                    (day(2026, 1, 15), day(2026, 1, 31)),
                    (day(2026, 2, 1), day(2026, 2, 10))
                ]
            }
        );
        // Within one month: the period itself, once, whichever side starts or ends the month.
        for (from, to) in [
            (day(2026, 5, 3), day(2026, 5, 20)),
            (day(2026, 5, 1), day(2026, 5, 20)),
            (day(2026, 5, 3), day(2026, 5, 31)),
            (day(2026, 5, 9), day(2026, 5, 9)),
        ] {
            assert_eq!(cut(Some(from), Some(to)), Cut { months: None, edges: vec![(from, to)] });
        }
        // One whole month.
        assert_eq!(
            cut(Some(day(2026, 12, 1)), Some(day(2026, 12, 31))).months,
            Some((Some(day(2026, 12, 1)), Some(day(2026, 12, 1))))
        );
    }

    #[test]
    fn a_filter_is_cut_into_parts_that_keep_its_region() {
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d);
        let filter = Filter { region_id: 7, from: day(2026, 1, 15), to: day(2026, 4, 10) };
        let within = |from, to| Some(Filter { region_id: 7, from, to });
        assert_eq!(
            filter.parts(),
            Parts {
                months: within(day(2026, 2, 1), day(2026, 3, 1)),
                edges: [
                    within(day(2026, 1, 15), day(2026, 1, 31)),
                    within(day(2026, 4, 1), day(2026, 4, 10))
                ]
            }
        );
        let open = Filter { region_id: 7, from: None, to: None };
        assert_eq!(open.parts(), Parts { months: Some(open.clone()), edges: [None, None] });
        let one_edge = Filter { region_id: 0, from: day(2026, 5, 3), to: day(2026, 5, 20) };
        assert_eq!(one_edge.parts(), Parts { months: None, edges: [Some(one_edge.clone()), None] });
    }

    #[test]
    fn months_are_said_in_french_and_bands_keep_their_order() {
        assert_eq!(month_label("2026-02"), "février 2026");
        assert_eq!(month_label("2026-13"), "2026-13");
        let counted = vec![
            pb::StatisticsRow { key: "36_50".into(), label: String::new(), value: 4 },
            pb::StatisticsRow { key: "under_18".into(), label: String::new(), value: 2 },
        ];
        let rows = in_bands(counted, AGE_BANDS);
        assert_eq!(rows.len(), AGE_BANDS.len());
        assert_eq!((rows[0].label.as_str(), rows[0].value), ("Moins de 18 ans", 2));
        assert_eq!((rows[3].key.as_str(), rows[3].value), ("36_50", 4));
        assert_eq!(rows[1].value, 0);
    }
}
