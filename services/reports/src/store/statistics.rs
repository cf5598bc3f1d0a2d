//! The statistics' read models and what the built-in dashboards count of them. The members' copy
//! (`reports.stat_member`), the cards' statuses (`reports.stat_card`) and the geography (`reports.geo_*`)
//! are written by the consumers (`crate::consumers`), each event once; a member's or a card's row keeps
//! the stream position of the latest event applied to it, and an older one changes nothing (`position`:
//! none when an event is applied outside a consumer, then it is applied as it comes). Every count is one
//! GROUP BY over the members' copy, the geography joined to the few groups counted.

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

/// A new photo, not checked yet (unless the member was saved checked after it). Kept at its own position:
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
             has_photo = true, photo_checked = m.photo_checked AND $2 IS NOT NULL AND m.position > $2
         WHERE $2 IS NULL OR m.photo_position < $2",
    )
    .bind(member_id)
    .bind(bind_position(position))
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

/// A level of the geography, as the statistics keep it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Level {
    Region,
    Department,
    Subprefecture,
    Locality,
}

impl Level {
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
pub(crate) const REGION_LOCALITIES: &str = "SELECT l.locality_id FROM reports.geo_locality l
          JOIN reports.geo_subprefecture s ON s.subprefecture_id = l.subprefecture_id
          JOIN reports.geo_department d ON d.department_id = s.department_id
          WHERE d.region_id = $1";

/// The members a dashboard counts (`m`): not deleted, within the filters given (`$1` region, `$2` and
/// `$3` the period's first and last days).
fn kept(given: Given) -> String {
    format!(
        "NOT m.deleted AND {}",
        given.conditions(
            &format!("m.locality_id IN ({REGION_LOCALITIES})"),
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

/// How a table is counted: over the rows within the filters, or, with none, from the counts kept as
/// the rows change (`reports.stat_tally`, migration 0003): a few rows summed instead of every member.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Counting {
    Filtered(Given),
    Tallied,
}

impl Counting {
    pub(crate) fn of(filter: &Filter) -> Self {
        if *filter == Filter::default() {
            return Counting::Tallied;
        }
        let (region, from, to) =
            (filter.region_id != 0, filter.from.is_some(), filter.to.is_some());
        Counting::Filtered(Given { region, from, to })
    }
}

/// The counts kept of `dimension`, as rows (`value`: `n`, or `amount` when `of` says so).
pub(crate) fn tallied(dimension: &str, of: &str) -> String {
    format!(
        "SELECT key, '' AS label, {of} AS value FROM reports.stat_tally
         WHERE dimension = '{dimension}' AND n <> 0 ORDER BY key"
    )
}

/// The members counted by locality, joined to the geography: `{level}` the level named (`region`,
/// `department`).
fn by_place(level: &str, counting: Counting) -> String {
    let counted = match counting {
        Counting::Filtered(given) => {
            format!("SELECT m.locality_id, count(*) AS n {} GROUP BY m.locality_id", counted(given))
        }
        Counting::Tallied => {
            "SELECT nullif(key, '')::bigint AS locality_id, n FROM reports.stat_tally
                              WHERE dimension = 'locality' AND n <> 0"
                .to_string()
        }
    };
    format!(
        "WITH counted AS ({counted})
         SELECT coalesce(g.{level}_id::text, '') AS key, coalesce(max(g.{level}_name), '') AS label,
                sum(c.n)::bigint AS value
         FROM counted c
         LEFT JOIN (SELECT l.locality_id, r.region_id, r.region_name, d.department_id, d.department_name
                    FROM reports.geo_locality l
                    JOIN reports.geo_subprefecture s ON s.subprefecture_id = l.subprefecture_id
                    JOIN reports.geo_department d ON d.department_id = s.department_id
                    LEFT JOIN reports.geo_region r ON r.region_id = d.region_id) g
           ON g.locality_id = c.locality_id
         GROUP BY g.{level}_id ORDER BY value DESC, label"
    )
}

fn by_gender(counting: Counting) -> String {
    match counting {
        Counting::Filtered(given) => format!(
            "SELECT m.gender AS key, '' AS label, count(*) AS value {} GROUP BY m.gender ORDER BY m.gender",
            counted(given)
        ),
        Counting::Tallied => tallied("gender", "n"),
    }
}

/// The age band of a birth date (`day`, an SQL date): under 18 is born after this day 18 years ago, and so
/// on (as `age(current_date, birth_date)` counts whole years, without computing it for each member).
fn age_band(day: &str) -> String {
    format!(
        "CASE WHEN {day} IS NULL THEN 'unknown'
              WHEN {day} > (current_date - interval '18 years')::date THEN 'under_18'
              WHEN {day} > (current_date - interval '26 years')::date THEN '18_25'
              WHEN {day} > (current_date - interval '36 years')::date THEN '26_35'
              WHEN {day} > (current_date - interval '51 years')::date THEN '36_50'
              WHEN {day} > (current_date - interval '66 years')::date THEN '51_65'
              ELSE 'over_65' END"
    )
}

/// The bands move with today: with no filter, they are made now over the members counted by birth date
/// (some 40,000 days at most).
fn by_age(counting: Counting) -> String {
    match counting {
        Counting::Filtered(given) => format!(
            "SELECT {} AS key, '' AS label, count(*) AS value {} GROUP BY 1",
            age_band("m.birth_date"),
            counted(given)
        ),
        Counting::Tallied => format!(
            "SELECT {} AS key, '' AS label, sum(n)::bigint AS value FROM reports.stat_tally
             WHERE dimension = 'birth' GROUP BY 1",
            age_band("nullif(key, '')::date")
        ),
    }
}

/// The month of each group, written once the members are grouped.
fn by_month(counting: Counting) -> String {
    match counting {
        Counting::Filtered(given) => format!(
            "SELECT to_char(month, 'YYYY-MM') AS key, '' AS label, value
             FROM (SELECT date_trunc('month', m.registered_at) AS month, count(*) AS value
                   {} AND m.registered_at IS NOT NULL GROUP BY 1) t
             ORDER BY month",
            counted(given)
        ),
        // `AAAA-MM` sorts as the months do; '' is the members whose registration is not known.
        Counting::Tallied => {
            format!("SELECT * FROM ({}) t WHERE key <> '' ORDER BY key", tallied("month", "n"))
        }
    }
}

fn by_photo(counting: Counting) -> String {
    match counting {
        Counting::Filtered(given) => format!(
            "SELECT CASE WHEN NOT m.has_photo THEN 'none' WHEN m.photo_checked THEN 'checked'
                         ELSE 'unchecked' END AS key, '' AS label, count(*) AS value
             {} GROUP BY 1",
            counted(given)
        ),
        Counting::Tallied => tallied("photo", "n"),
    }
}

/// The cards of the members counted, by status.
fn cards_by_status(counting: Counting) -> String {
    match counting {
        Counting::Filtered(given) => format!(
            "SELECT c.status AS key, '' AS label, count(*) AS value
             FROM reports.stat_card c JOIN reports.stat_member m ON m.member_id = c.member_id
             WHERE {} GROUP BY c.status",
            kept(given)
        ),
        Counting::Tallied => tallied("card", "n"),
    }
}

fn total(counting: Counting) -> String {
    match counting {
        Counting::Filtered(given) => format!("SELECT count(*) {}", counted(given)),
        Counting::Tallied => {
            "SELECT coalesce(sum(n), 0)::bigint FROM reports.stat_tally WHERE dimension = 'member'"
                .to_string()
        }
    }
}

impl super::Store {
    /// The rows of one count, under the filter (bound as `$1` region, `$2` and `$3` the period, when the
    /// count is filtered; a tallied count takes none).
    pub(crate) async fn count(
        &self,
        sql: String,
        filter: &Filter,
        counting: Counting,
    ) -> Result<Vec<pb::StatisticsRow>, ServiceError> {
        let query = sqlx::query_as::<_, pb::StatisticsRow>(AssertSqlSafe(sql));
        let query = match counting {
            Counting::Filtered(_) => query.bind(filter.region_id).bind(filter.from).bind(filter.to),
            Counting::Tallied => query,
        };
        Ok(query.fetch_all(&self.pool).await?)
    }

    /// One number under the filter, bound as `count` binds it.
    pub(crate) async fn count_one(
        &self,
        sql: String,
        filter: &Filter,
        counting: Counting,
    ) -> Result<i64, ServiceError> {
        let query = sqlx::query_scalar::<_, i64>(AssertSqlSafe(sql));
        let query = match counting {
            Counting::Filtered(_) => query.bind(filter.region_id).bind(filter.from).bind(filter.to),
            Counting::Tallied => query,
        };
        Ok(query.fetch_one(&self.pool).await?)
    }

    /// The members' dashboard: its tables and the members counted, each count run at once.
    pub async fn members_dashboard(
        &self,
        filter: &Filter,
    ) -> Result<(i64, Vec<pb::StatisticsTable>), ServiceError> {
        let c = Counting::of(filter);
        let (total, regions, departments, genders, ages, months, photos, cards) = tokio::try_join!(
            self.count_one(total(c), filter, c),
            self.count(by_place("region", c), filter, c),
            self.count(by_place("department", c), filter, c),
            self.count(by_gender(c), filter, c),
            self.count(by_age(c), filter, c),
            self.count(by_month(c), filter, c),
            self.count(by_photo(c), filter, c),
            self.count(cards_by_status(c), filter, c),
        )?;
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
        Ok((
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
        ))
    }
}
