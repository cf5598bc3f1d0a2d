//! Members: lists that stay fast at a million rows, the family rules that need the database, and the
//! `member.*` events written in the same transaction as each change.

use super::sync_marks::{self, Queue, RECORD_MARKED};
use super::{PLACE_JSON, Store, place_joins};
use crate::domain::member_rules::{Link, MainMember, MemberDraft, check_family};
use crate::domain::{id_number, messages as msg};
use crate::events;
use chrono::NaiveDate;
use common::error::ServiceError;
use common::history::{self, Origin};
use common::outbox;
use common::paging::Page;
use common::text;
use common::validation::{UniqueField, unique_or};
use proto::Fields;
use proto::members as pb;
use serde_json::{Map, Value, json};
use sqlx::postgres::PgRow;
use sqlx::types::Json;
use sqlx::{PgConnection, Postgres, QueryBuilder, Row};

/// Public sort fields of the member list and their columns; the first is the default order.
pub const MEMBER_SORT: &[(&str, &str)] = &[
    ("member_id", "m.member_id"),
    ("member_idNumber", "m.member_id_number"),
    ("member_lastname", "m.member_lastname"),
    ("member_firstname", "m.member_firstname"),
    ("member_createdAt", "m.member_created_at"),
    ("member_birthDate", "m.member_birth_date"),
];

/// What a member's record and its list row both answer beside its own columns, as SQL over the member
/// `m` and its main member `mm`: the main member's name, the two flags (read from the cards service's
/// payments and cards as they are today) and the photo's address with its version.
const MAIN_MEMBER_NAME: &str = "coalesce(mm.member_firstname || ' ' || mm.member_lastname, '')";
const HAS_VALID_CARD: &str = "EXISTS (SELECT 1 FROM members.card k WHERE k.member_id = m.member_id
    AND k.status IN ('printed', 'in_delivery', 'delivered') AND k.expiration_date >= current_date)";
const HAS_UNUSED_PAYMENT: &str =
    "EXISTS (SELECT 1 FROM members.payment p WHERE p.member_id = m.member_id AND NOT p.used)";

fn photo_path() -> String {
    format!(
        "CASE WHEN m.member_photo_file_name = '' THEN ''
             ELSE '{}' || m.member_id || '?v=' || m.photo_version END",
        common::photos::MEMBER_PHOTO_ADDRESS
    )
}

/// A member row as the read message's JSON: the table's columns under their own names (the proto names,
/// which the message also reads), without the search keys, plus what the joins name and whether the
/// member waits to be sent (its queue, `sync_marks`). NULLs are left out, so an absent value reads as the
/// field's default.
fn member_json() -> String {
    format!(
        "jsonb_strip_nulls(to_jsonb(m) - 'search' - 'firstname_key' || jsonb_build_object(
            'member_main_member_name', {MAIN_MEMBER_NAME}, 'cooperative_name', c.cooperative_name,
            'member_has_valid_card', {HAS_VALID_CARD}, 'member_has_unused_transaction', {HAS_UNUSED_PAYMENT},
            'member_synchronization_needed', {RECORD_MARKED}, 'photo_file_path', {}",
        photo_path()
    )
}

pub use common::photos::versioned_photo_path;

/// The filters of a member list, ready for SQL: patterns are folded `LIKE` patterns, empty when unused.
/// `words` holds one pattern per word of the free-text filter: a member matches when every word is found
/// in its names, id number or contact, in any order.
#[derive(Debug, Default, Clone)]
pub struct MemberSearch {
    pub words: Vec<String>,
    pub firstname_pattern: String,
    pub id_number_pattern: String,
    pub created_by: String,
    pub locality_id: Option<i64>,
    pub cooperative_id: Option<i64>,
    pub main_member_id: Option<i64>,
    pub created_from: Option<NaiveDate>,
}

impl MemberSearch {
    fn push_conditions(&self, q: &mut QueryBuilder<Postgres>) {
        q.push(" WHERE TRUE");
        // The first name and the id number are part of `search`: its trigram index narrows those too.
        let given = [&self.firstname_pattern, &self.id_number_pattern];
        for pattern in self.words.iter().chain(given) {
            if !pattern.is_empty() {
                q.push(" AND m.search LIKE ").push_bind(pattern.clone());
            }
        }
        if !self.firstname_pattern.is_empty() {
            q.push(" AND m.firstname_key LIKE ").push_bind(self.firstname_pattern.clone());
        }
        if !self.id_number_pattern.is_empty() {
            q.push(" AND lower(m.member_id_number) LIKE ")
                .push_bind(self.id_number_pattern.clone());
        }
        if !self.created_by.is_empty() {
            q.push(" AND m.member_created_by_user = ").push_bind(self.created_by.clone());
        }
        if let Some(id) = self.locality_id {
            q.push(" AND m.member_locality_id = ").push_bind(id);
        }
        if let Some(id) = self.cooperative_id {
            q.push(" AND m.member_cooperative_id = ").push_bind(id);
        }
        if let Some(id) = self.main_member_id {
            q.push(" AND m.member_main_member_id = ").push_bind(id);
        }
        if let Some(day) = self.created_from {
            q.push(" AND m.member_created_at >= ").push_bind(day).push("::timestamptz");
        }
    }
}

/// Settings of the store that come from the instance.
#[derive(Clone, Debug)]
pub struct MemberSettings {
    /// Prefix of the identity numbers made here.
    pub id_prefix: String,
    /// A field instance marks every change for synchronisation.
    pub field_instance: bool,
}

/// One member's whole record (`Member`), for `get_member` and the family.
fn select() -> String {
    format!(
        "SELECT {}, {PLACE_JSON})) FROM members.member m
         LEFT JOIN members.member mm ON mm.member_id = m.member_main_member_id
         LEFT JOIN members.cooperative c ON c.cooperative_id = m.member_cooperative_id{}",
        member_json(),
        place_joins("m.member_locality_id")
    )
}

/// The sort columns of the member list that may be NULL (sorted last in both directions).
const NULLABLE_SORT: &[&str] = &["m.member_birth_date"];

/// A member list's row: the `MemberRow` columns, the place's two names and the flags, for the page's ids.
fn select_rows() -> String {
    format!(
        "SELECT m.member_id, m.member_id_number, m.member_firstname, m.member_lastname, m.member_gender,
                m.member_birth_date::text AS member_birth_date, m.member_is_spouse, m.member_is_child,
                {MAIN_MEMBER_NAME} AS member_main_member_name,
                coalesce(gl.locality_name, '') AS locality_name, coalesce(gr.region_name, '') AS region_name,
                {HAS_VALID_CARD} AS member_has_valid_card,
                {HAS_UNUSED_PAYMENT} AS member_has_unused_transaction, {} AS photo_file_path
         FROM page p JOIN members.member m ON m.member_id = p.member_id
         LEFT JOIN members.member mm ON mm.member_id = m.member_main_member_id{}",
        photo_path(),
        place_joins("m.member_locality_id")
    )
}

fn list_row(row: &PgRow) -> Result<pb::MemberRow, sqlx::Error> {
    Ok(pb::MemberRow {
        member_id: Some(row.try_get("member_id")?),
        member_id_number: row.try_get("member_id_number")?,
        member_firstname: row.try_get("member_firstname")?,
        member_lastname: row.try_get("member_lastname")?,
        member_gender: row.try_get("member_gender")?,
        member_birth_date: row.try_get("member_birth_date")?,
        member_is_spouse: row.try_get("member_is_spouse")?,
        member_is_child: row.try_get("member_is_child")?,
        member_has_valid_card: row.try_get("member_has_valid_card")?,
        member_has_unused_transaction: row.try_get("member_has_unused_transaction")?,
        member_main_member_name: row.try_get("member_main_member_name")?,
        photo_file_path: row.try_get("photo_file_path")?,
        locality_name: row.try_get("locality_name")?,
        region_name: row.try_get("region_name")?,
    })
}

/// The statement of a page of members (after `q`'s text, an `EXPLAIN` for the benchmark).
fn push_list_query(q: &mut QueryBuilder<Postgres>, search: &MemberSearch, page: &Page) {
    let nullable = NULLABLE_SORT.contains(&page.order_column);
    let order = if nullable {
        page.order_sql("m.member_id")
    } else {
        // Without NULLS LAST, one index serves both directions (the list opens newest first).
        page.order_sql_not_null("m.member_id")
    };
    q.push("WITH page AS (SELECT m.member_id FROM members.member m");
    search.push_conditions(q);
    page.push_after(q, "members.member", "member_id", nullable);
    page.push_window(q, &order);
    q.push(") ").push(select_rows()).push(format!(" ORDER BY {order}"));
}

impl Store {
    /// A page of members with the total of matches (exact when counting is cheap, estimated beyond: `common::total`).
    /// The page's ids are found first on the member table alone (from the row `after` when given), then
    /// only those rows are joined, so a deep page costs an index walk, not the joins of every skipped row.
    #[tracing::instrument(name = "db.members.list", skip_all, fields(limit = page.limit, offset = page.offset, after = page.after))]
    pub async fn list_members(
        &self,
        search: &MemberSearch,
        page: &Page,
    ) -> Result<(Vec<pb::MemberRow>, i64, bool), ServiceError> {
        let mut q = QueryBuilder::<Postgres>::new("");
        push_list_query(&mut q, search, page);
        // Not kept prepared: a kept statement gets PostgreSQL's generic plan after five runs, blind to the
        // search pattern, and a partial-word search then took 165 ms instead of 25 ms. Planning each page
        // costs about 1 ms.
        let page_rows = q.build().persistent(false).fetch_all(&self.pool);
        // The total is counted on a second connection while the page is read.
        let (rows, counted) = tokio::try_join!(page_rows, self.member_total(search))?;
        let rows = rows.iter().map(list_row).collect::<Result<Vec<_>, _>>()?;
        let (total, exact) = common::total::of_page(rows.len(), page, counted);
        Ok((rows, total, exact))
    }

    /// A page of members without their total: an export's keyset page (`page.after`), as the list
    /// answers it.
    #[tracing::instrument(name = "db.members.export_page", skip_all, fields(limit = page.limit, after = page.after))]
    pub async fn member_rows(
        &self,
        search: &MemberSearch,
        page: &Page,
    ) -> Result<Vec<pb::MemberRow>, ServiceError> {
        let mut q = QueryBuilder::<Postgres>::new("");
        push_list_query(&mut q, search, page);
        let rows = q.build().persistent(false).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(list_row).collect::<Result<Vec<_>, _>>()?)
    }

    /// The members registered since the start of today and of this month, by the creation-time index
    /// (a month's registrations, not the whole table).
    #[tracing::instrument(name = "db.members.count_registered", skip_all)]
    pub async fn count_registered(&self) -> Result<pb::Registered, ServiceError> {
        let (today, this_month): (i64, i64) = sqlx::query_as(
            "SELECT count(*) FILTER (WHERE member_created_at >= date_trunc('day', now())), count(*)
             FROM members.member WHERE member_created_at >= date_trunc('month', now())",
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(pb::Registered { today, this_month })
    }

    /// The number of members matching `search`: exact when counting is cheap, the planner's estimate
    /// beyond (`false`; see `common::total`).
    #[tracing::instrument(name = "db.members.count", skip_all)]
    pub async fn member_total(&self, search: &MemberSearch) -> Result<(i64, bool), sqlx::Error> {
        common::total::bounded_total(&self.pool, |q| {
            q.push(" FROM members.member m");
            search.push_conditions(q);
        })
        .await
    }

    /// PostgreSQL's own time (planning and execution, from `EXPLAIN ANALYZE`) of a page's statement
    /// and of `get_member`'s, for the benchmark to print beside the calls' times.
    pub async fn list_server_time(
        &self,
        search: &MemberSearch,
        page: &Page,
    ) -> Result<std::time::Duration, sqlx::Error> {
        let mut q = QueryBuilder::<Postgres>::new(common::db::EXPLAIN_ANALYZE);
        push_list_query(&mut q, search, page);
        let plan: Value = q.build_query_scalar().fetch_one(&self.pool).await?;
        Ok(common::db::server_time(&plan))
    }

    pub async fn get_server_time(&self, id: i64) -> Result<std::time::Duration, sqlx::Error> {
        let sql = format!("{}{} WHERE m.member_id = $1", common::db::EXPLAIN_ANALYZE, select());
        let plan: Value =
            sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(id).fetch_one(&self.pool).await?;
        Ok(common::db::server_time(&plan))
    }

    #[tracing::instrument(name = "db.members.get", skip(self))]
    pub async fn get_member(&self, id: i64) -> Result<pb::Member, ServiceError> {
        let sql = format!("{} WHERE m.member_id = $1", select());
        sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .map(|Json(m)| m)
            .ok_or_else(|| ServiceError::NotFound(msg::member_not_found(id)))
    }

    /// The family a member belongs to: its main member, the spouses and the children.
    #[tracing::instrument(name = "db.members.family", skip(self))]
    pub async fn family(
        &self,
        id: i64,
    ) -> Result<(pb::Member, Vec<pb::Member>, Vec<pb::Member>), ServiceError> {
        let member = self.get_member(id).await?;
        let main = match member.member_main_member_id {
            Some(main_id) => self.get_member(main_id).await?,
            None => member,
        };
        let sql = format!(
            "{} WHERE m.member_main_member_id = $1 ORDER BY m.member_order_number, m.member_id",
            select()
        );
        let dependants: Vec<Json<pb::Member>> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
            .bind(main.member_id)
            .fetch_all(&self.pool)
            .await?;
        let dependants = dependants.into_iter().map(|Json(m)| m);
        let (spouses, children) = dependants.into_iter().partition(|m| m.member_is_spouse);
        Ok((main, spouses, children))
    }

    /// Creates (id 0) or updates a member, atomically with its event and its history's entry.
    #[tracing::instrument(name = "db.members.save", skip_all, fields(member_id = draft.id))]
    pub async fn save_member(
        &self,
        draft: &MemberDraft,
        origin: &Origin,
        may_check_photos: bool,
        settings: &MemberSettings,
    ) -> Result<i64, ServiceError> {
        let caller = origin.author.login_name.as_str();
        if draft.id == 0 && draft.link == Link::Main {
            return self.create_main_member(draft, origin, may_check_photos, settings).await;
        }
        let mut tx = self.pool.begin().await?;
        let existing =
            if draft.id > 0 { Some(lock_member(&mut tx, draft.id).await?) } else { None };
        if let Some(current) = &existing
            && draft.link != Link::Main
            && current.dependent_count > 0
        {
            return Err(ServiceError::Conflict(msg::main_keeps_dependants(
                current.dependent_count.into(),
            )));
        }
        if let Some(main_id) = draft.link.main_member_id() {
            // FOR KEY SHARE: the main member cannot be deleted before this transaction ends.
            let main: Option<(bool, Option<NaiveDate>)> = sqlx::query_as(
                "SELECT member_is_main_account, member_birth_date FROM members.member WHERE member_id = $1 FOR KEY SHARE",
            )
            .bind(main_id)
            .fetch_optional(&mut *tx)
            .await?;
            check_family(
                draft,
                main.map(|(is_main, birth_date)| MainMember { is_main, birth_date }).as_ref(),
            )?;
        }
        self.check_references(&mut tx, draft).await?;
        server_owned(draft, existing.as_ref(), may_check_photos)?;
        let id_number = match &existing {
            Some(current) => current.id_number.clone(),
            None => self.new_id_number(&mut *tx, draft, settings).await?,
        };
        // A member keeps its uuid for life; a synchronised record brings its own.
        let member_uuid =
            existing.as_ref().map(|c| c.uuid).or(draft.uuid).unwrap_or_else(uuid::Uuid::now_v7);
        let main_id = draft.link.main_member_id();
        let order_number: i32 = match (&existing, main_id) {
            (_, None) => 0,
            (Some(current), Some(main)) if current.main_member_id == Some(main) => current.order_number,
            (_, Some(main)) => sqlx::query_scalar(
                "SELECT coalesce(max(member_order_number), 0) + 1 FROM members.member WHERE member_main_member_id = $1",
            )
            .bind(main)
            .fetch_one(&mut *tx)
            .await?,
        };
        let fields = ServerFields { id_number: &id_number, member_uuid, order_number };
        let (mut member, row) = member_row(draft, &fields, caller, existing.is_none());
        let columns = row.keys().cloned().collect::<Vec<_>>().join(", ");
        let sql = match &existing {
            None => format!(
                "INSERT INTO members.member AS m ({columns})
                 SELECT {columns} FROM jsonb_populate_record(NULL::members.member, $1)
                 RETURNING member_id, {RECORDED}"
            ),
            Some(_) => format!(
                "UPDATE members.member m SET ({columns}, updated_at) =
                 (SELECT {columns}, now() FROM jsonb_populate_record(NULL::members.member, $1))
                 WHERE member_id = $2 RETURNING member_id, {RECORDED}"
            ),
        };
        let (id, Json(recorded)): (i64, Json<pb::MemberInput>) =
            sqlx::query_as(sqlx::AssertSqlSafe(sql))
                .bind(Value::Object(row))
                .bind(draft.id)
                .fetch_one(&mut *tx)
                .await
                .map_err(|e| unique_conflict(e, &id_number))?;
        let before = existing.as_ref().map(|current| &current.recorded.0);
        let changes = history::changes(before, Some(&recorded));
        history::store::record(&mut tx, super::SCHEMA, origin.entry(ENTITY, id, changes)).await?;

        if settings.field_instance {
            sync_marks::mark(&mut tx, Queue::Record, &[id]).await?;
        }
        let previous_main = existing.as_ref().and_then(|c| c.main_member_id);
        refresh_dependent_counts(&mut tx, &[previous_main, main_id]).await?;
        member.member_id = Some(id);
        let event = pb::MemberSaved { meta: None, member: Some(member) };
        let subject =
            if existing.is_some() { &events::MEMBER_UPDATED } else { &events::MEMBER_CREATED };
        outbox::enqueue(&mut tx, super::SCHEMA, subject, &event).await?;
        outbox::commit(tx, super::SCHEMA).await?;
        Ok(id)
    }

    /// A new main member, the most frequent write, in one round trip: there is no row to lock and no
    /// family to check, the identity number and the id come from blocks drawn ahead (`SequenceBlocks`),
    /// and one statement writes the row, its event and its history's first entry only if its locality
    /// and cooperative are known. When one
    /// is not, the references are checked as for any write (a locality imported a moment ago is read
    /// through from the geography; an unknown one is refused with its message), then written again.
    async fn create_main_member(
        &self,
        draft: &MemberDraft,
        origin: &Origin,
        may_check_photos: bool,
        settings: &MemberSettings,
    ) -> Result<i64, ServiceError> {
        let caller = origin.author.login_name.as_str();
        server_owned(draft, None, may_check_photos)?;
        let id_number = self.new_id_number(&self.pool, draft, settings).await?;
        // Its id drawn ahead too, so that its creation's entry in the history is sealed before the
        // statement that writes the member writes the entry with it.
        let id = self.member_ids.next(&self.pool).await?;
        let fields = ServerFields {
            id_number: &id_number,
            member_uuid: uuid::Uuid::now_v7(),
            order_number: 0,
        };
        let (mut member, mut row) = member_row(draft, &fields, caller, true);
        member.member_id = Some(id);
        row.insert("member_id".into(), json!(id));
        let columns = row.keys().cloned().collect::<Vec<_>>().join(", ");
        let created = history::changes(None, Some(&member));
        let entry = history::store::sealed_creation(origin.entry(ENTITY, id, created))?;
        let event = outbox::Stamped::of(
            &events::MEMBER_CREATED,
            &pb::MemberSaved { meta: None, member: Some(member) },
        )?;
        // A cooperative deleted between the check and the insert is still refused by its foreign key.
        let sql = format!(
            "WITH known AS (SELECT WHERE
                   ($5::bigint IS NULL OR EXISTS (SELECT FROM members.geo_locality WHERE locality_id = $5))
                   AND ($6::bigint IS NULL OR EXISTS (SELECT FROM members.cooperative WHERE cooperative_id = $6))),
             saved AS (INSERT INTO members.member ({columns})
                 SELECT {columns} FROM jsonb_populate_record(NULL::members.member, $1), known
                 RETURNING member_id, sync_position),
             told AS (INSERT INTO members.outbox (id, subject, payload, trace_context)
                 SELECT $2, $7, $3, $4 FROM saved),
             marked AS (INSERT INTO members.sync_unsent (member_id, sync_position)
                 SELECT member_id, sync_position FROM saved WHERE $8),
             recorded AS ({history} WHERE $9 IS NOT NULL AND EXISTS (SELECT FROM saved))
             SELECT member_id FROM saved",
            history = history::store::insert_sql(super::SCHEMA, "$9"),
        );
        let row = Value::Object(row);
        let insert = || {
            sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql.clone()))
                .bind(&row)
                .bind(event.id)
                .bind(&event.payload)
                .bind(&event.trace_context)
                .bind(draft.input.member_locality_id)
                .bind(draft.input.member_cooperative_id)
                .bind(event.subject)
                .bind(settings.field_instance)
                .bind(&entry)
        };
        let written = insert()
            .fetch_optional(&self.pool)
            .await
            .map_err(|e| unique_conflict(e, &id_number))?;
        if written.is_some() {
            outbox::wake(super::SCHEMA);
            return Ok(id);
        }
        // In a transaction, the cooperative checked stays until the commit (FOR KEY SHARE).
        let mut tx = self.pool.begin().await?;
        self.check_references(&mut tx, draft).await?;
        let written =
            insert().fetch_optional(&mut *tx).await.map_err(|e| unique_conflict(e, &id_number))?;
        if written.is_none() {
            // Only the locality can have gone in between: the projection dropped it.
            return Err(ServiceError::invalid_field(
                "member_localityId",
                msg::locality_not_found(draft.input.member_locality_id.unwrap_or_default()),
            ));
        }
        outbox::commit(tx, super::SCHEMA).await?;
        Ok(id)
    }

    /// The identity number of a new member: the one a synchronised record brings, or the next of the
    /// sequence (drawn in blocks) with its check digits.
    async fn new_id_number<'c, E: sqlx::Executor<'c, Database = Postgres>>(
        &self,
        db: E,
        draft: &MemberDraft,
        settings: &MemberSettings,
    ) -> Result<String, ServiceError> {
        if let Some(sent) = &draft.id_number {
            return Ok(sent.clone());
        }
        Ok(id_number::make(&settings.id_prefix, self.id_numbers.next(db).await?))
    }

    /// Refuses a locality or a cooperative that does not exist.
    async fn check_references(
        &self,
        conn: &mut PgConnection,
        draft: &MemberDraft,
    ) -> Result<(), ServiceError> {
        self.locality_exists(conn, "member_localityId", draft.input.member_locality_id).await?;
        let Some(id) = draft.input.member_cooperative_id else { return Ok(()) };
        // FOR KEY SHARE: inside a transaction, the cooperative cannot be deleted before it ends.
        let found: Option<i64> = sqlx::query_scalar(
            "SELECT cooperative_id FROM members.cooperative WHERE cooperative_id = $1 FOR KEY SHARE",
        )
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
        match found {
            Some(_) => Ok(()),
            None => Err(ServiceError::invalid_field(
                "member_cooperativeId",
                msg::cooperative_not_found(id),
            )),
        }
    }

    /// Deletes a member; refused while it has dependants or parcels.
    #[tracing::instrument(name = "db.members.delete", skip(self))]
    pub async fn delete_member(
        &self,
        id: i64,
        origin: &Origin,
        settings: &MemberSettings,
    ) -> Result<(), ServiceError> {
        let caller = origin.author.login_name.as_str();
        let mut tx = self.pool.begin().await?;
        let current = lock_member(&mut tx, id).await?;
        let dependants: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM members.member WHERE member_main_member_id = $1",
        )
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
        if dependants > 0 {
            return Err(ServiceError::Conflict(msg::delete_main_with_dependants(dependants)));
        }
        let parcels: i64 =
            sqlx::query_scalar("SELECT count(*) FROM members.parcel WHERE parcel_member_id = $1")
                .bind(id)
                .fetch_one(&mut *tx)
                .await?;
        if parcels > 0 {
            return Err(ServiceError::Conflict(msg::member_has_parcels(parcels)));
        }
        // The deletion travels as a tombstone (migration 0009), marked for sending on a field laptop.
        sqlx::query(
            "WITH gone AS (DELETE FROM members.member WHERE member_id = $1
                 RETURNING member_uuid, member_id_number, member_firstname, member_lastname)
             INSERT INTO members.member_tombstone (member_uuid, member_id_number, member_firstname,
                 member_lastname, deleted_by_user, synchronization_needed)
             SELECT member_uuid, member_id_number, member_firstname, member_lastname, $2, $3 FROM gone
             ON CONFLICT (member_uuid) DO UPDATE SET deleted_at = now(),
                 deleted_by_user = EXCLUDED.deleted_by_user, origin_instance = NULL,
                 synchronization_needed = EXCLUDED.synchronization_needed",
        )
        .bind(id)
        .bind(caller)
        .bind(settings.field_instance)
        .execute(&mut *tx)
        .await?;
        refresh_dependent_counts(&mut tx, &[current.main_member_id]).await?;
        let changes = history::changes(Some(&current.recorded.0), None);
        history::store::record(&mut tx, super::SCHEMA, origin.entry(ENTITY, id, changes)).await?;
        outbox::enqueue(
            &mut tx,
            super::SCHEMA,
            &events::MEMBER_DELETED,
            &pb::MemberDeleted { meta: None, member_id: id },
        )
        .await?;
        outbox::commit(tx, super::SCHEMA).await?;
        Ok(())
    }

    /// Records a new photo uploaded here by `caller` (already stored): an edit of the member, marked for
    /// sending on a field laptop; answers its new version.
    #[tracing::instrument(name = "db.members.photo", skip(self, settings))]
    pub async fn photo_saved(
        &self,
        id: i64,
        file_name: &str,
        origin: &Origin,
        settings: &MemberSettings,
    ) -> Result<i32, ServiceError> {
        let caller = origin.author.login_name.as_str();
        let mut tx = self.pool.begin().await?;
        // A new photo has not been verified yet, and is an edit of the member made here: on a field
        // laptop, newer than the central server's a pull asked for, which is no longer wanted.
        let version: Option<i32> = sqlx::query_scalar(
            "UPDATE members.member SET member_photo_file_name = $2, photo_version = photo_version + 1,
                 member_photo_checked = false, updated_at = now(), updated_by_user = $3,
                 origin_instance = NULL, photo_wanted = false
             WHERE member_id = $1 RETURNING photo_version",
        )
        .bind(id)
        .bind(file_name)
        .bind(caller)
        .fetch_optional(&mut *tx)
        .await?;
        let version = version.ok_or_else(|| ServiceError::NotFound(msg::member_not_found(id)))?;
        if settings.field_instance {
            sync_marks::mark(&mut tx, Queue::Record, &[id]).await?;
            sync_marks::mark(&mut tx, Queue::Photo, &[id]).await?;
        }
        let change = history::Change {
            field: PHOTO_FIELD.into(),
            old: if version > 1 { json!(version - 1) } else { Value::Null },
            new: json!(version),
        };
        history::store::record(&mut tx, super::SCHEMA, origin.entry(ENTITY, id, vec![change]))
            .await?;
        outbox::enqueue(
            &mut tx,
            super::SCHEMA,
            &events::MEMBER_PHOTOS_CHANGED,
            &pb::MemberPhotosChanged {
                meta: None,
                photos: vec![pb::MemberPhotoVersion { member_id: id, version }],
            },
        )
        .await?;
        outbox::commit(tx, super::SCHEMA).await?;
        Ok(version)
    }

    /// The photo's file name and version of a member, if it has one.
    pub async fn photo_of(&self, id: i64) -> Result<Option<(String, i32)>, ServiceError> {
        let row: Option<(String, i32)> = sqlx::query_as(
            "SELECT member_photo_file_name, photo_version FROM members.member WHERE member_id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        match row {
            None => Err(ServiceError::NotFound(msg::member_not_found(id))),
            Some((name, _)) if name.is_empty() => Ok(None),
            Some(found) => Ok(Some(found)),
        }
    }
}

/// A message as a row: its JSON keyed by the fields' proto names, which are the columns' names.
pub(super) fn columns_of<M: Fields + serde::Serialize>(message: &M) -> Map<String, Value> {
    let json = serde_json::to_value(message).unwrap_or_default();
    M::FIELDS
        .iter()
        .map(|(column, name)| (column.to_string(), json.get(*name).cloned().unwrap_or(Value::Null)))
        .collect()
}

/// The history's name of a member (`common::history::entities`).
pub const ENTITY: &str = "member";

/// The history's field of a new photo: its version, before and after.
pub const PHOTO_FIELD: &str = "member_photoVersion";

/// A member's row `m` as its history records it (`recorded`): its columns under their own names, which
/// `pb::MemberInput` reads, so the fields compared are the input message's (`history::changes`).
const RECORDED: &str = "to_jsonb(m) - 'search' - 'firstname_key' AS recorded";

/// What the server decides of a member being written.
struct ServerFields<'a> {
    id_number: &'a str,
    member_uuid: uuid::Uuid,
    order_number: i32,
}

/// The member as written (its event's content) and its row: every field of the input is a column of
/// the same name, and the server sets the rest.
fn member_row(
    draft: &MemberDraft,
    fields: &ServerFields,
    caller: &str,
    creating: bool,
) -> (pb::MemberInput, Map<String, Value>) {
    let mut member = draft.input.clone();
    member.member_id_number = fields.id_number.to_string();
    member.member_uuid = fields.member_uuid.to_string();
    let (search, firstname_key) = search_keys(&member);
    let mut row = columns_of(&member);
    row.remove("member_id");
    row.insert("member_order_number".into(), json!(fields.order_number));
    row.insert("updated_by_user".into(), json!(caller));
    // An edit made here: its origin is this instance (see store/sync.rs).
    row.insert("origin_instance".into(), Value::Null);
    row.insert("search".into(), json!(search));
    row.insert("firstname_key".into(), json!(firstname_key));
    if creating {
        row.insert("member_created_by_user".into(), json!(caller));
    }
    (member, row)
}

/// The folded search keys of a member (`search`, `firstname_key`): its names, identity number and
/// contact, and its first name alone.
pub(super) fn search_keys(member: &pb::MemberInput) -> (String, String) {
    let search = text::fold(&format!(
        "{} {} {} {}",
        member.member_firstname,
        member.member_lastname,
        member.member_id_number,
        member.member_contact
    ));
    (search, text::fold(&member.member_firstname))
}

#[derive(sqlx::FromRow)]
struct Current {
    #[sqlx(rename = "member_uuid")]
    uuid: uuid::Uuid,
    #[sqlx(rename = "member_id_number")]
    id_number: String,
    #[sqlx(rename = "member_main_member_id")]
    main_member_id: Option<i64>,
    #[sqlx(rename = "member_order_number")]
    order_number: i32,
    dependent_count: i32,
    #[sqlx(rename = "member_photo_checked")]
    photo_checked: bool,
    /// The member as its history records it, before the change.
    recorded: Json<pb::MemberInput>,
}

async fn lock_member(tx: &mut PgConnection, id: i64) -> Result<Current, ServiceError> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT member_uuid, member_id_number, member_main_member_id, member_order_number,
                    dependent_count, member_photo_checked, {RECORDED}
             FROM members.member m WHERE member_id = $1 FOR UPDATE"
    )))
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(|| ServiceError::NotFound(msg::member_not_found(id)))
}

/// The fields only the server sets stay the server's: the identity number and the uuid are made here
/// (a record sent back keeps them as they are; the synchronisation of field instances will bring its
/// own), and only an administrator or a manager (`may_check_photos`) marks a photo as checked.
fn server_owned(
    draft: &MemberDraft,
    existing: Option<&Current>,
    may_check_photos: bool,
) -> Result<(), ServiceError> {
    match (&draft.id_number, existing) {
        (Some(_), None) => {
            return Err(ServiceError::invalid_field("member_idNumber", msg::ID_NUMBER_BY_SERVER));
        }
        (Some(sent), Some(current)) if *sent != current.id_number => {
            return Err(ServiceError::invalid_field("member_idNumber", msg::ID_NUMBER_KEPT));
        }
        _ => {}
    }
    match (draft.uuid, existing) {
        (Some(_), None) => {
            return Err(ServiceError::invalid_field("member_uuid", msg::UUID_BY_SERVER));
        }
        (Some(sent), Some(current)) if sent != current.uuid => {
            return Err(ServiceError::invalid_field("member_uuid", msg::UUID_KEPT));
        }
        _ => {}
    }
    let checked_now = existing.is_some_and(|c| c.photo_checked);
    if draft.input.member_photo_checked != checked_now && !may_check_photos {
        return Err(ServiceError::invalid_field("member_photoChecked", msg::PHOTO_CHECK_ROLE));
    }
    Ok(())
}

/// Keeps `dependent_count` of the given main members equal to their number of dependants.
pub(super) async fn refresh_dependent_counts(
    tx: &mut PgConnection,
    mains: &[Option<i64>],
) -> Result<(), ServiceError> {
    let ids: Vec<i64> = mains.iter().flatten().copied().collect();
    if ids.is_empty() {
        return Ok(());
    }
    sqlx::query(
        "UPDATE members.member m SET dependent_count =
             (SELECT count(*) FROM members.member d WHERE d.member_main_member_id = m.member_id)
         WHERE m.member_id = ANY($1)",
    )
    .bind(&ids)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

pub(super) fn unique_conflict(e: sqlx::Error, id_number: &str) -> ServiceError {
    unique_or(
        e,
        [
            UniqueField {
                constraint: "member_id_number_key",
                field: "member_idNumber",
                message: msg::id_number_taken(id_number),
            },
            UniqueField {
                constraint: "member_uuid_key",
                field: "member_uuid",
                message: msg::UUID_TAKEN.into(),
            },
        ],
    )
}
