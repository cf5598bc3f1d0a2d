//! The statistics' read models and what the built-in dashboards count of them. The members' copy
//! (`reports.stat_member`), the cards' statuses (`reports.stat_card`) and the geography (`reports.geo_*`)
//! are written by the consumers (`crate::consumers`), each event once; a member's or a card's row keeps
//! the stream position of the latest event applied to it, and an older one changes nothing (`position`:
//! none when an event is applied outside a consumer, then it is applied as it comes). The members are also
//! counted by month of registration and department (`reports.stat_cube`, migration 0009, kept by
//! triggers): a dashboard reads those counts for the whole months of its period and counts the members
//! of the days at its edges one by one (`domain::statistics::cut`), each count one GROUP BY, the
//! geography joined to the few groups counted.

use crate::domain::statistics::{
    self as stats, AGE_BANDS, CARD_STATES, Filter, PHOTO_STATES, UNPLACED, in_bands, table,
};
use chrono::{DateTime, NaiveDate, Utc};
use common::error::ServiceError;
use proto::reports as pb;
use sqlx::{AssertSqlSafe, PgConnection};

/// What the statistics keep of a member, from its saved event.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MemberFacts {
    pub member_id: i64,
    pub locality_id: Option<i64>,
    pub gender: String,
    pub birth_date: Option<NaiveDate>,
    pub photo_checked: bool,
    /// When its `created` event was written; `None` for an `updated` one.
    pub registered_at: Option<DateTime<Utc>>,
}

/// The position bound as SQL (`bigint`): `None` when unknown.
pub(crate) fn bind_position(position: Option<u64>) -> Option<i64> {
    position.map(|p| i64::try_from(p).unwrap_or(i64::MAX))
}

/// Keeps a saved member, unless an event at a later position was applied to it (an update, or its
/// deletion); its registration time is kept from its `created` event whenever that one comes.
pub async fn member_saved(
    tx: &mut PgConnection,
    member: &MemberFacts,
    position: Option<u64>,
) -> Result<(), ServiceError> {
    sqlx::query(
        "INSERT INTO reports.stat_member AS m
             (member_id, position, locality_id, gender, birth_date, photo_checked, registered_at)
         VALUES ($1, coalesce($2, 0), $3, $4, $5, $6, $7)
         ON CONFLICT (member_id) DO UPDATE SET
             position = coalesce($2, m.position), locality_id = $3, gender = $4, birth_date = $5,
             -- A photo changed after this event: not checked, whatever this event says.
             photo_checked = $6 AND NOT ($2 IS NOT NULL AND m.photo_position > $2),
             registered_at = coalesce(m.registered_at, $7)
         WHERE $2 IS NULL OR m.position < $2",
    )
    .bind(member.member_id)
    .bind(bind_position(position))
    .bind(member.locality_id)
    .bind(&member.gender)
    .bind(member.birth_date)
    .bind(member.photo_checked)
    .bind(member.registered_at)
    .execute(&mut *tx)
    .await?;
    if member.registered_at.is_some() {
        // Its creation arriving after a later change: only its time is news.
        sqlx::query(
            "UPDATE reports.stat_member SET registered_at = $2
             WHERE member_id = $1 AND registered_at IS NULL",
        )
        .bind(member.member_id)
        .bind(member.registered_at)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// `member_saved` for each of `saved` (a member and the position of its event, in the events' order), in
/// two statements: a member's latest event gives its facts, and its registration time is the first
/// given (its `created` event's), as applying each in turn would leave them.
#[tracing::instrument(name = "db.reports.members_saved", skip_all, fields(count = saved.len()))]
pub async fn members_saved(
    tx: &mut PgConnection,
    saved: &[(MemberFacts, u64)],
) -> Result<(), ServiceError> {
    if saved.is_empty() {
        return Ok(());
    }
    let mut latest: std::collections::BTreeMap<i64, (&MemberFacts, u64, Option<DateTime<Utc>>)> =
        Default::default();
    for (member, at) in saved {
        let kept = latest.entry(member.member_id).or_insert((member, *at, member.registered_at));
        if *at > kept.1 {
            (kept.0, kept.1) = (member, *at);
        }
        kept.2 = kept.2.or(member.registered_at);
    }
    let rows: Vec<_> = latest.into_values().collect();
    let ids: Vec<i64> = rows.iter().map(|(m, ..)| m.member_id).collect();
    let registered: Vec<Option<DateTime<Utc>>> = rows.iter().map(|(.., at)| *at).collect();
    sqlx::query(
        "INSERT INTO reports.stat_member AS m
             (member_id, position, locality_id, gender, birth_date, photo_checked, registered_at)
         SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::date[],
                              $6::bool[], $7::timestamptz[])
         ON CONFLICT (member_id) DO UPDATE SET
             position = excluded.position, locality_id = excluded.locality_id,
             gender = excluded.gender, birth_date = excluded.birth_date,
             -- A photo changed after this event: not checked, whatever this event says.
             photo_checked = excluded.photo_checked AND NOT (m.photo_position > excluded.position),
             registered_at = coalesce(m.registered_at, excluded.registered_at)
         WHERE m.position < excluded.position",
    )
    .bind(&ids)
    .bind(rows.iter().map(|(_, at, _)| bind_position(Some(*at))).collect::<Vec<_>>())
    .bind(rows.iter().map(|(m, ..)| m.locality_id).collect::<Vec<_>>())
    .bind(rows.iter().map(|(m, ..)| m.gender.as_str()).collect::<Vec<_>>())
    .bind(rows.iter().map(|(m, ..)| m.birth_date).collect::<Vec<_>>())
    .bind(rows.iter().map(|(m, ..)| m.photo_checked).collect::<Vec<_>>())
    .bind(&registered)
    .execute(&mut *tx)
    .await?;
    if registered.iter().any(Option::is_some) {
        // Their creation arriving after a later change: only its time is news. Planned for each run (not
        // kept prepared): a plan kept from when the copy was small read it whole for every batch once it
        // had grown (docs/performance.md, 2026-11-28 15:13).
        sqlx::query(
            "UPDATE reports.stat_member m SET registered_at = e.registered_at
             FROM unnest($1::bigint[], $2::timestamptz[]) AS e (member_id, registered_at)
             WHERE m.member_id = e.member_id AND e.registered_at IS NOT NULL
               AND m.registered_at IS NULL",
        )
        .persistent(false)
        .bind(&ids)
        .bind(&registered)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// Marks a member deleted (a tombstone at the deletion's position).
pub async fn member_deleted(
    tx: &mut PgConnection,
    member_id: i64,
    position: Option<u64>,
) -> Result<(), ServiceError> {
    sqlx::query(
        "INSERT INTO reports.stat_member AS m (member_id, position, deleted)
         VALUES ($1, coalesce($2, 0), true)
         ON CONFLICT (member_id) DO UPDATE SET position = coalesce($2, m.position), deleted = true
         WHERE $2 IS NULL OR m.position < $2",
    )
    .bind(member_id)
    .bind(bind_position(position))
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// A new photo, not checked yet (unless the member was saved checked after it, or at its position: a
/// rebuilt projection's member and photo come at one position, the photo after). Kept at its own position:
/// the event tells only of the photo, so a member's older saved event arriving after it still applies.
pub async fn member_photo_changed(
    tx: &mut PgConnection,
    member_id: i64,
    position: Option<u64>,
) -> Result<(), ServiceError> {
    sqlx::query(
        "INSERT INTO reports.stat_member AS m (member_id, photo_position, has_photo)
         VALUES ($1, coalesce($2, 0), true)
         ON CONFLICT (member_id) DO UPDATE SET photo_position = coalesce($2, m.photo_position),
             has_photo = true, photo_checked = m.photo_checked AND $2 IS NOT NULL AND m.position >= $2
         WHERE $2 IS NULL OR m.photo_position < $2",
    )
    .bind(member_id)
    .bind(bind_position(position))
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// `member_photo_changed` for each of `photos` (a member and the position of its event, in the events'
/// order), in one statement: a member's latest event alone changes what its earlier ones would have.
#[tracing::instrument(name = "db.reports.members_photo_changed", skip_all, fields(count = photos.len()))]
pub async fn members_photo_changed(
    tx: &mut PgConnection,
    photos: &[(i64, u64)],
) -> Result<(), ServiceError> {
    if photos.is_empty() {
        return Ok(());
    }
    let mut latest = std::collections::BTreeMap::new();
    for &(member_id, at) in photos {
        let kept = latest.entry(member_id).or_insert(at);
        *kept = (*kept).max(at);
    }
    let (ids, positions): (Vec<i64>, Vec<i64>) = latest
        .into_iter()
        .map(|(id, at)| (id, bind_position(Some(at)).unwrap_or(i64::MAX)))
        .unzip();
    sqlx::query(
        "INSERT INTO reports.stat_member AS m (member_id, photo_position, has_photo)
         SELECT id, at, true FROM unnest($1::bigint[], $2::bigint[]) AS e (id, at)
         ON CONFLICT (member_id) DO UPDATE SET photo_position = excluded.photo_position,
             has_photo = true, photo_checked = m.photo_checked AND m.position >= excluded.photo_position
         WHERE m.photo_position < excluded.photo_position",
    )
    .bind(&ids)
    .bind(&positions)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Keeps a card's member and status, unless an event at a later position was applied to it.
pub async fn card_saved(
    tx: &mut PgConnection,
    card_id: i64,
    member_id: i64,
    status: &str,
    position: Option<u64>,
) -> Result<(), ServiceError> {
    sqlx::query(
        "INSERT INTO reports.stat_card AS c (card_id, position, member_id, status)
         VALUES ($1, coalesce($2, 0), $3, $4)
         ON CONFLICT (card_id) DO UPDATE SET position = coalesce($2, c.position), member_id = $3,
             status = $4
         WHERE $2 IS NULL OR c.position < $2",
    )
    .bind(card_id)
    .bind(bind_position(position))
    .bind(member_id)
    .bind(status)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Forgets the rows of `ids` in `table` (keyed by `key`; both the caller's constants): records their owner
/// no longer holds, found when a projection is rebuilt (the tallies follow, by their triggers).
pub async fn forget(
    tx: &mut PgConnection,
    table: &str,
    key: &str,
    ids: &[i64],
) -> Result<(), ServiceError> {
    sqlx::query(AssertSqlSafe(format!("DELETE FROM {table} WHERE {key} = ANY($1)")))
        .bind(ids)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// A level of the geography, as the statistics keep it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Level {
    Region,
    Department,
    Subprefecture,
    Locality,
}

impl Level {
    /// The level of an entity the geography tells again (`common::replay::entities`).
    pub fn of_entity(entity: &str) -> Option<Level> {
        let levels = [Level::Region, Level::Department, Level::Subprefecture, Level::Locality];
        let at = common::replay::entities::GEOGRAPHY.iter().position(|e| *e == entity)?;
        Some(levels[at])
    }

    /// Its table (`reports.geo_region`) and key.
    pub fn table(self) -> (String, &'static str) {
        let (table, key, ..) = self.columns();
        (format!("reports.{table}"), key)
    }

    /// Its table, key, name column (none kept for the two lower levels) and parent column.
    fn columns(self) -> (&'static str, &'static str, Option<&'static str>, Option<&'static str>) {
        match self {
            Level::Region => ("geo_region", "region_id", Some("region_name"), None),
            Level::Department => {
                ("geo_department", "department_id", Some("department_name"), Some("region_id"))
            }
            Level::Subprefecture => {
                ("geo_subprefecture", "subprefecture_id", None, Some("department_id"))
            }
            Level::Locality => ("geo_locality", "locality_id", None, Some("subprefecture_id")),
        }
    }
}

/// A saved row of a level: its id, name and parent's id (0 for a region).
#[derive(Clone, Debug, PartialEq)]
pub struct GeoRow {
    pub id: i64,
    pub name: String,
    pub parent_id: i64,
}

/// Keeps the rows of a level (one, or an import's localities).
pub async fn geography_saved(
    tx: &mut PgConnection,
    level: Level,
    rows: &[GeoRow],
) -> Result<(), ServiceError> {
    let (table, key, name, parent) = level.columns();
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let names: Vec<String> = rows.iter().map(|r| r.name.clone()).collect();
    let parents: Vec<i64> = rows.iter().map(|r| r.parent_id).collect();
    let mut columns = vec![key];
    let mut values = vec!["id"];
    columns.extend(name);
    values.extend(name.map(|_| "name"));
    columns.extend(parent);
    values.extend(parent.map(|_| "parent"));
    let set: Vec<String> = columns[1..].iter().map(|c| format!("{c} = excluded.{c}")).collect();
    // Table and column names are this module's constants, never an input.
    let sql = format!(
        "INSERT INTO reports.{table} ({}) SELECT {} FROM unnest($1::bigint[], $2::text[], $3::bigint[])
             AS r(id, name, parent)
         ON CONFLICT ({key}) DO {}",
        columns.join(", "),
        values.join(", "),
        if set.is_empty() { "NOTHING".to_string() } else { format!("UPDATE SET {}", set.join(", ")) }
    );
    sqlx::query(AssertSqlSafe(sql))
        .bind(&ids)
        .bind(&names)
        .bind(&parents)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

pub async fn geography_deleted(
    tx: &mut PgConnection,
    level: Level,
    id: i64,
) -> Result<(), ServiceError> {
    let (table, key, _, _) = level.columns();
    sqlx::query(AssertSqlSafe(format!("DELETE FROM reports.{table} WHERE {key} = $1")))
        .bind(id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// The localities of the region `$1` (a filter's region).
/// The departments of the region `$1` (a filter's region): a member, a payment and a cell of the counts
/// kept by month carry their department (migrations 0009, 0010), so a region is a few departments, and a
/// period's edges are read through the index on their day alone (by locality, PostgreSQL read a region's
/// every member for four days of it: 130 ms at a million).
pub(crate) const REGION_DEPARTMENTS: &str =
    "SELECT d.department_id FROM reports.geo_department d WHERE d.region_id = $1";

/// The members a dashboard counts (`m`): not deleted, within the filters given (`$1` region, `$2` and
/// `$3` the period's first and last days).
fn kept(given: Given) -> String {
    format!(
        "NOT m.deleted AND {}",
        given.conditions(
            &format!("m.department_id IN ({REGION_DEPARTMENTS})"),
            "m.registered_at >= $2::date",
            "m.registered_at < $3::date + 1",
        )
    )
}

/// The members counted, as a query's `FROM ... WHERE ...`.
fn counted(given: Given) -> String {
    format!("FROM reports.stat_member m WHERE {}", kept(given))
}

/// Which filters a filtered count applies: only their conditions are written, so that each shape of
/// filter gets a plan of its own on the indexes (a condition a parameter switches off, `$1 = 0 OR ...`,
/// hides them from the plan: every member was read for a region's few).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Given {
    region: bool,
    from: bool,
    to: bool,
}

impl Given {
    /// The conditions of the filters given (`region` on `$1`, `from` on `$2`, `to` on `$3`), joined by
    /// AND. A filter not given is still bound: its parameter is then only checked once, whatever the
    /// rows (`$1::bigint = 0`, `$2::date IS NULL`), which types it and leaves the rows' plan alone.
    pub(crate) fn conditions(self, region: &str, from: &str, to: &str) -> String {
        let region = if self.region { region } else { "$1::bigint = 0" };
        format!("{region} AND {}", self.period(from, to))
    }

    /// The period's conditions alone (`from` on `$2`, `to` on `$3`), as `conditions` writes them.
    pub(crate) fn period(self, from: &str, to: &str) -> String {
        let from = if self.from { from } else { "$2::date IS NULL" };
        let to = if self.to { to } else { "$3::date IS NULL" };
        format!("{from} AND {to}")
    }
}

impl Given {
    /// The filters `filter` gives.
    pub(crate) fn of(filter: &Filter) -> Self {
        Given {
            region: filter.region_id != 0,
            from: filter.from.is_some(),
            to: filter.to.is_some(),
        }
    }
}

/// Groups counted by department (`counted`: `department_id`, `n`; none or 0 when the place is not known),
/// with their department's and region's ids and names, as `fold_places` takes them.
fn named_places(counted: String) -> String {
    format!(
        "WITH counted AS ({counted})
         SELECT coalesce(r.region_id::text, ''), coalesce(r.region_name, ''),
                coalesce(d.department_id::text, ''), coalesce(d.department_name, ''), c.n::bigint
         FROM counted c
         LEFT JOIN reports.geo_department d ON d.department_id = c.department_id
         LEFT JOIN reports.geo_region r ON r.region_id = d.region_id"
    )
}

/// The members within the filters by department (and its region): the region's and the department's
/// tables and the total are folded from these groups (`fold_places`), the members read once.
fn place_groups(given: Given) -> String {
    named_places(format!("SELECT m.department_id, count(*) AS n {} GROUP BY 1", counted(given)))
}

/// The members within the filters by gender, each gender's members counted by age band and by photo
/// state as columns (fixed domains), so that the groups stay few: their three tables are folded from
/// these rows (`fold_profiles`), the members read once. The bands' first days are computed once, not for
/// each member.
fn profile_groups(given: Given) -> String {
    format!(
        "SELECT m.gender, count(*), {bands},
                count(*) FILTER (WHERE NOT m.has_photo),
                count(*) FILTER (WHERE m.has_photo AND m.photo_checked)
         FROM reports.stat_member m CROSS JOIN {days}
         WHERE {} GROUP BY m.gender",
        kept(given),
        // b.b0: after this day 18 years ago (under 18); b.b1: from then back to 26 years ago; ...
        days = band_days(),
        bands = (0..=BAND_AGES.len())
            .map(|i| match i {
                0 => "count(*) FILTER (WHERE m.birth_date > b.b0)".to_string(),
                i if i == BAND_AGES.len() => {
                    format!("count(*) FILTER (WHERE m.birth_date <= b.b{})", i - 1)
                }
                i => format!(
                    "count(*) FILTER (WHERE m.birth_date <= b.b{} AND m.birth_date > b.b{i})",
                    i - 1
                ),
            })
            .collect::<Vec<_>>()
            .join(", "),
    )
}

/// A row of `profile_groups`: the gender, its members, its members in each age band (in `AGE_BANDS`'
/// order, the unknown birth dates aside), without a photo and with a checked one.
type Profile = (String, i64, i64, i64, i64, i64, i64, i64, i64, i64);

/// Adds `value` to the row of `key` in `rows`, or a new row (labelled `label`) at the end.
pub(super) fn add(rows: &mut Vec<pb::StatisticsRow>, key: &str, label: &str, value: i64) {
    match rows.iter_mut().find(|r| r.key == key) {
        Some(row) => row.value += value,
        None => rows.push(pb::StatisticsRow { key: key.into(), label: label.into(), value }),
    }
}

/// The rows as the tallied tables order theirs: the largest first, then by name.
fn largest_first(mut rows: Vec<pb::StatisticsRow>) -> Vec<pb::StatisticsRow> {
    rows.sort_by(|a, b| b.value.cmp(&a.value).then_with(|| a.label.cmp(&b.label)));
    rows
}

/// The total and the tables by region and by department, from `place_groups`' rows (region id and name,
/// department id and name, number).
fn fold_places(
    groups: Vec<(String, String, String, String, i64)>,
) -> (i64, Vec<pb::StatisticsRow>, Vec<pb::StatisticsRow>) {
    let (mut total, mut regions, mut departments) = (0, Vec::new(), Vec::new());
    for (region, region_name, department, department_name, n) in groups {
        total += n;
        add(&mut regions, &region, &region_name, n);
        add(&mut departments, &department, &department_name, n);
    }
    (total, largest_first(regions), largest_first(departments))
}

/// The tables by gender (in the genders' order), by age band and by photo, from `profile_groups`' rows.
fn fold_profiles(
    groups: Vec<Profile>,
) -> (Vec<pb::StatisticsRow>, Vec<pb::StatisticsRow>, Vec<pb::StatisticsRow>) {
    let (mut genders, mut ages, mut photos) = (Vec::new(), Vec::new(), Vec::new());
    for (gender, n, b18, b25, b35, b50, b65, older, no_photo, checked) in groups {
        add(&mut genders, &gender, "", n);
        let banded = [b18, b25, b35, b50, b65, older];
        for ((band, _), count) in AGE_BANDS.iter().zip(banded) {
            add(&mut ages, band, "", count);
        }
        add(&mut ages, "unknown", "", n - banded.iter().sum::<i64>());
        add(&mut photos, "none", "", no_photo);
        add(&mut photos, "checked", "", checked);
        add(&mut photos, "unchecked", "", n - no_photo - checked);
    }
    genders.sort_by(|a, b| a.key.cmp(&b.key));
    (genders, ages, photos)
}

/// The ages that start a band after the first (`AGE_BANDS`: under 18, 18 to 25, ...): a member is in the
/// band of 18 to 25 when born on or before this day 18 years ago and after this day 26 years ago.
const BAND_AGES: [u32; 5] = [18, 26, 36, 51, 66];

/// The first day of birth of each band but the oldest (this day `age` years ago, in `BAND_AGES`' order,
/// as `reports.age_band` of migration 0009 draws the bands kept by month), as the columns `b0`, `b1`...
/// of the one row of `(...) b`, to cross join: under 18 is born after `b.b0`, 18 to 25 on or before it
/// and after `b.b1`, and so on (as `age(current_date, birth_date)` counts whole years). `OFFSET 0` keeps
/// the planner from writing each day into each row's test, where it would be computed again for every
/// row: 450 ms instead of 180 ms for 335,000 members.
fn band_days() -> String {
    let days: Vec<String> = BAND_AGES
        .iter()
        .enumerate()
        .map(|(i, age)| format!("(current_date - interval '{age} years')::date AS b{i}"))
        .collect();
    format!("(SELECT {} OFFSET 0) b", days.join(", "))
}

/// The members within the filters by month of registration, the month written once they are grouped.
fn by_month(given: Given) -> String {
    format!(
        "SELECT to_char(month, 'YYYY-MM') AS key, '' AS label, value
         FROM (SELECT date_trunc('month', m.registered_at) AS month, count(*) AS value
               {} AND m.registered_at IS NOT NULL GROUP BY 1) t
         ORDER BY month",
        counted(given)
    )
}

/// The cards of the members within the filters, by status.
fn cards_by_status(given: Given) -> String {
    format!(
        "SELECT c.status AS key, '' AS label, count(*) AS value
         FROM reports.stat_card c JOIN reports.stat_member m ON m.member_id = c.member_id
         WHERE {} GROUP BY c.status",
        kept(given)
    )
}

/// The counts kept by month and department (`c`, of `table`: `reports.stat_cube`, the members';
/// `reports.stat_payment_cube`, the payments') within the filters given: the departments of the region
/// `$1`, the months from `$2` to `$3` (first days). A period leaves out the rows whose day is not known
/// (month `-infinity`), as counting the rows themselves would.
pub(super) fn kept_by_month(table: &str, given: Given) -> String {
    format!(
        "FROM {table} c WHERE {}",
        given.conditions(
            &format!("c.department_id IN ({REGION_DEPARTMENTS})"),
            "c.month >= $2::date",
            "c.month <= $3::date AND isfinite(c.month)",
        )
    )
}

/// The members' counts kept by month within the filters given.
fn cube_kept(given: Given) -> String {
    kept_by_month("reports.stat_cube", given)
}

/// The kept counts within the filters by dimension and key (`gender`, `age`, `photo`, `card`).
fn cube_keys(given: Given) -> String {
    format!(
        "SELECT c.dimension, c.key, sum(c.n)::bigint {} GROUP BY 1, 2 HAVING sum(c.n) <> 0",
        cube_kept(given)
    )
}

/// The kept counts within the filters by department (and its region), as `place_groups` gives them;
/// department 0 is the members whose place is not known.
fn cube_places(given: Given) -> String {
    named_places(format!(
        "SELECT c.department_id, sum(c.n) AS n {} AND c.dimension = 'gender'
         GROUP BY 1 HAVING sum(c.n) <> 0",
        cube_kept(given)
    ))
}

/// The kept counts within the filters by month of registration (known).
fn cube_months(given: Given) -> String {
    format!(
        "SELECT to_char(c.month, 'YYYY-MM') AS key, '' AS label, sum(c.n)::bigint AS value
         {} AND c.dimension = 'gender' AND isfinite(c.month)
         GROUP BY c.month HAVING sum(c.n) <> 0 ORDER BY c.month",
        cube_kept(given)
    )
}

/// What a dashboard counts of the members of a part of its period (its whole months, or an edge).
#[derive(Default)]
struct MemberCounts {
    places: Vec<(String, String, String, String, i64)>,
    profiles: Vec<Profile>,
    /// Rows of `cube_keys` (whole months only): dimension, key, number.
    keys: Vec<(String, String, i64)>,
    months: Vec<pb::StatisticsRow>,
    cards: Vec<pb::StatisticsRow>,
}

impl super::Store {
    /// The rows of one count, under `filter` when one is given (bound as `$1` region, `$2` and `$3` the
    /// period); a count of the kept tallies takes none.
    pub(crate) async fn count(
        &self,
        sql: String,
        filter: Option<&Filter>,
    ) -> Result<Vec<pb::StatisticsRow>, ServiceError> {
        let query = sqlx::query_as::<_, pb::StatisticsRow>(AssertSqlSafe(sql));
        let query = match filter {
            Some(filter) => query.bind(filter.region_id).bind(filter.from).bind(filter.to),
            None => query,
        };
        Ok(query.fetch_all(&self.pool).await?)
    }

    /// The groups of a filtered count (`place_groups`, ...), under the filter bound as `count` binds it.
    pub(crate) async fn groups<G>(
        &self,
        sql: String,
        filter: &Filter,
    ) -> Result<Vec<G>, ServiceError>
    where
        G: for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow> + Send + Unpin,
    {
        Ok(sqlx::query_as::<_, G>(AssertSqlSafe(sql))
            .bind(filter.region_id)
            .bind(filter.from)
            .bind(filter.to)
            .fetch_all(&self.pool)
            .await?)
    }

    /// Moves the kept age bands to today when the day changed since (`reports.reband`, migration 0009):
    /// the first dashboard of a day moves the few members whose band changed.
    async fn reband(&self) -> Result<(), ServiceError> {
        let behind: bool =
            sqlx::query_scalar("SELECT day <> current_date FROM reports.stat_age_day")
                .fetch_one(&self.pool)
                .await?;
        if behind {
            sqlx::query("SELECT reports.reband(current_date)").execute(&self.pool).await?;
        }
        Ok(())
    }

    /// The counts kept by month, within `whole` (the region, and the whole months as first days).
    async fn whole_months(&self, whole: &Filter) -> Result<MemberCounts, ServiceError> {
        let given = Given::of(whole);
        let (places, keys, months) = tokio::try_join!(
            self.groups(cube_places(given), whole),
            self.groups(cube_keys(given), whole),
            self.count(cube_months(given), Some(whole)),
        )?;
        Ok(MemberCounts { places, keys, months, ..MemberCounts::default() })
    }

    /// The members within `edge` (the region, and days at an edge of the period), counted one by one.
    async fn edge(&self, edge: &Filter) -> Result<MemberCounts, ServiceError> {
        let given = Given::of(edge);
        let (places, profiles, months, cards) = tokio::try_join!(
            self.groups(place_groups(given), edge),
            self.groups(profile_groups(given), edge),
            self.count(by_month(given), Some(edge)),
            self.count(cards_by_status(given), Some(edge)),
        )?;
        Ok(MemberCounts { places, profiles, months, cards, ..MemberCounts::default() })
    }

    /// The members' dashboard: its tables and the members counted. The whole months of the period (every
    /// month without one) are read from the counts kept by month, the days at its edges member by member
    /// (`domain::statistics::cut`), each part at once.
    pub async fn members_dashboard(
        &self,
        filter: &Filter,
    ) -> Result<(i64, Vec<pb::StatisticsTable>), ServiceError> {
        self.reband().await?;
        let parts = by_parts(
            filter,
            |months| async move { self.whole_months(&months).await },
            |edge| async move { self.edge(&edge).await },
        )
        .await?;
        Ok(members_tables(parts))
    }
}

/// Counts a dashboard's period by its parts (`Filter::parts`), all at once: `months` on its whole months,
/// `edge` on each span of days at its edges; a part the period lacks counts nothing (`T::default()`).
pub(super) async fn by_parts<T, Months, MonthsCount, Edge, EdgeCount>(
    filter: &Filter,
    months: Months,
    edge: Edge,
) -> Result<[T; 3], ServiceError>
where
    T: Default,
    Months: FnOnce(Filter) -> MonthsCount,
    MonthsCount: Future<Output = Result<T, ServiceError>>,
    Edge: Fn(Filter) -> EdgeCount,
    EdgeCount: Future<Output = Result<T, ServiceError>>,
{
    async fn part<T: Default>(
        counted: Option<impl Future<Output = Result<T, ServiceError>>>,
    ) -> Result<T, ServiceError> {
        match counted {
            Some(counted) => counted.await,
            None => Ok(T::default()),
        }
    }
    let stats::Parts { months: whole, edges: [first, second] } = filter.parts();
    let (whole, first, second) =
        tokio::try_join!(part(whole.map(months)), part(first.map(&edge)), part(second.map(&edge)))?;
    Ok([whole, first, second])
}

/// The dashboard's tables from the counts of the parts of its period.
fn members_tables(parts: [MemberCounts; 3]) -> (i64, Vec<pb::StatisticsTable>) {
    let (mut places, mut profiles, mut keys) = (Vec::new(), Vec::new(), Vec::new());
    let (mut months, mut cards) = (Vec::new(), Vec::new());
    for part in parts {
        places.extend(part.places);
        profiles.extend(part.profiles);
        keys.extend(part.keys);
        for row in part.months {
            add(&mut months, &row.key, "", row.value);
        }
        for row in part.cards {
            add(&mut cards, &row.key, "", row.value);
        }
    }
    let (total, regions, departments) = fold_places(places);
    let (mut genders, mut ages, mut photos) = fold_profiles(profiles);
    for (dimension, key, n) in keys {
        let rows = match dimension.as_str() {
            "gender" => &mut genders,
            "age" => &mut ages,
            "photo" => &mut photos,
            "card" => &mut cards,
            _ => continue,
        };
        add(rows, &key, "", n);
    }
    genders.sort_by(|a, b| a.key.cmp(&b.key));
    months.sort_by(|a, b| a.key.cmp(&b.key));
    let placed = |rows: Vec<pb::StatisticsRow>, unknown: &str| -> Vec<pb::StatisticsRow> {
        rows.into_iter()
            .map(|mut row| {
                if row.key.is_empty() {
                    row.label = UNPLACED.to_string();
                } else if row.label.is_empty() {
                    row.label = format!("{unknown} {}", row.key);
                }
                row
            })
            .collect()
    };
    let genders = genders
        .into_iter()
        .map(|row| pb::StatisticsRow { label: stats::gender_label(&row.key), ..row })
        .collect();
    let months = months
        .into_iter()
        .map(|row| pb::StatisticsRow { label: stats::month_label(&row.key), ..row })
        .collect();
    (
        total,
        vec![
            table("members_by_region", placed(regions, "Région")),
            table("members_by_department", placed(departments, "Département")),
            table("members_by_gender", genders),
            table("members_by_age", in_bands(ages, AGE_BANDS)),
            table("enrolments_by_month", months),
            table("members_by_photo", in_bands(photos, PHOTO_STATES)),
            table("cards_by_status", in_bands(cards, CARD_STATES)),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(key: &str, label: &str, value: i64) -> pb::StatisticsRow {
        pb::StatisticsRow { key: key.into(), label: label.into(), value }
    }

    #[test]
    fn a_birth_date_falls_in_the_band_of_its_age_today() {
        let profiles = profile_groups(Given { region: false, from: true, to: false });
        assert!(
            profiles.contains("(current_date - interval '66 years')::date AS b4 OFFSET 0) b"),
            "{profiles}"
        );
        assert!(profiles.contains("m.birth_date <= b.b0 AND m.birth_date > b.b1"), "{profiles}");
        assert!(profiles.contains("count(*) FILTER (WHERE m.birth_date <= b.b4),"), "{profiles}");
    }

    #[test]
    fn the_place_tables_are_folded_from_the_departments() {
        let text = |s: &str| s.to_string();
        let groups = vec![
            (text("1"), text("Abidjan"), text("10"), text("Plateau"), 3),
            (text("1"), text("Abidjan"), text("11"), text("Cocody"), 5),
            (text("2"), text("Bouaké"), text("20"), text("Gbêkê"), 6),
            (text(""), text(""), text(""), text(""), 1),
        ];
        let (total, regions, departments) = fold_places(groups);
        assert_eq!(total, 15);
        assert_eq!(regions, [row("1", "Abidjan", 8), row("2", "Bouaké", 6), row("", "", 1)]);
        assert_eq!(
            departments,
            [
                row("20", "Gbêkê", 6),
                row("11", "Cocody", 5),
                row("10", "Plateau", 3),
                row("", "", 1)
            ]
        );
    }

    #[test]
    fn the_gender_age_and_photo_tables_are_folded_from_the_genders() {
        // F: 10 members, 1 born less than 18 years ago ... 1 over 65, 2 without birth date; 3 without a
        // photo, 4 checked. M: 5, all 26 to 35, all with a photo not checked.
        let groups =
            vec![("M".into(), 5, 0, 0, 5, 0, 0, 0, 0, 0), ("F".into(), 10, 1, 2, 1, 2, 1, 1, 3, 4)];
        let (genders, ages, photos) = fold_profiles(groups);
        assert_eq!(genders, [row("F", "", 10), row("M", "", 5)]);
        let ages: Vec<(String, i64)> = ages.into_iter().map(|r| (r.key, r.value)).collect();
        let expected = [
            ("under_18", 1),
            ("18_25", 2),
            ("26_35", 6),
            ("36_50", 2),
            ("51_65", 1),
            ("over_65", 1),
            ("unknown", 2),
        ];
        assert_eq!(ages, expected.map(|(k, v)| (k.to_string(), v)));
        assert_eq!(photos, [row("none", "", 3), row("checked", "", 4), row("unchecked", "", 8)]);
    }
}
