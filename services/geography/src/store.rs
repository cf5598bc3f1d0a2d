//! The geography schema's queries. Inputs are always bound; only allow-listed sort columns and the
//! level descriptions of `domain::levels` are written into SQL text.

use crate::domain::import::{Columns, LOCALITIES_PER_EVENT, LevelColumns, LocalityColumns};
use crate::domain::level_rules::Checked;
use crate::domain::levels::{DEPARTMENT, Level, SUBPREFECTURE};
use crate::domain::messages as msg;
use crate::events::{self, LevelEvents};
use common::error::ServiceError;
use common::outbox::{self, Subject};
use common::paging::Page;
use common::text;
use common::validation::{UniqueField, unique_or};
use proto::geography as pb;
use sqlx::postgres::PgRow;
use sqlx::{AssertSqlSafe, FromRow, PgConnection, PgPool, Postgres, QueryBuilder};
use tracing::Instrument;

mod replay;
mod sync;

pub const SCHEMA: &str = "geography";

/// A row whose saving is told by an event of the geography's `events.proto`, under its level's subjects
/// (`events.rs`): the event carries the row as saved, with its parent's id (not the parents' names).
pub trait Told {
    type Event: proto::Event + 'static;
    const EVENTS: &'static LevelEvents<Self::Event>;

    fn event(&self) -> Self::Event;

    /// The row's id.
    fn id(&self) -> i64;
}

impl Told for pb::Region {
    type Event = pb::RegionSaved;
    const EVENTS: &'static LevelEvents<pb::RegionSaved> = &events::REGION;

    fn event(&self) -> pb::RegionSaved {
        pb::RegionSaved { meta: None, region: Some(self.clone()) }
    }

    fn id(&self) -> i64 {
        self.region_id.unwrap_or_default()
    }
}

impl Told for pb::Department {
    type Event = pb::DepartmentSaved;
    const EVENTS: &'static LevelEvents<pb::DepartmentSaved> = &events::DEPARTMENT;

    fn event(&self) -> pb::DepartmentSaved {
        let department = pb::DepartmentInput {
            department_id: self.department_id,
            department_code: self.department_code.clone(),
            department_name: self.department_name.clone(),
            department_region_id: self.department_region_id,
        };
        pb::DepartmentSaved { meta: None, department: Some(department) }
    }

    fn id(&self) -> i64 {
        self.department_id.unwrap_or_default()
    }
}

impl Told for pb::Subprefecture {
    type Event = pb::SubprefectureSaved;
    const EVENTS: &'static LevelEvents<pb::SubprefectureSaved> = &events::SUBPREFECTURE;

    fn event(&self) -> pb::SubprefectureSaved {
        let subprefecture = pb::SubprefectureInput {
            subprefecture_id: self.subprefecture_id,
            subprefecture_code: self.subprefecture_code.clone(),
            subprefecture_name: self.subprefecture_name.clone(),
            subprefecture_department_id: self.subprefecture_department_id,
        };
        pb::SubprefectureSaved { meta: None, subprefecture: Some(subprefecture) }
    }

    fn id(&self) -> i64 {
        self.subprefecture_id.unwrap_or_default()
    }
}

impl Told for pb::Locality {
    type Event = pb::LocalitySaved;
    const EVENTS: &'static LevelEvents<pb::LocalitySaved> = &events::LOCALITY;

    fn event(&self) -> pb::LocalitySaved {
        let locality = pb::LocalityInput {
            locality_id: self.locality_id,
            locality_name: self.locality_name.clone(),
            locality_subprefecture_id: self.locality_subprefecture_id,
        };
        pb::LocalitySaved { meta: None, locality: Some(locality) }
    }

    fn id(&self) -> i64 {
        self.locality_id.unwrap_or_default()
    }
}

/// Counts of what an import added.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ImportCounts {
    pub regions: i64,
    pub departments: i64,
    pub subprefectures: i64,
    pub localities: i64,
}

/// Pushes the statement of a page of `level` (after `q`'s text: nothing, or an `EXPLAIN`).
fn push_page(
    q: &mut QueryBuilder<Postgres>,
    level: &Level,
    pattern: &str,
    parent_id: i64,
    page: &Page,
) -> Result<(), ServiceError> {
    let alias = level.alias;
    let order = page.order_sql_not_null(&level.id_column());
    if level.owns(page.order_column) {
        // Sorted on the level's own columns: the page is found on its table alone (from the sort index
        // when it covers the columns), then only its rows meet their parents, so the rows an offset
        // skips are never joined.
        q.push(format!("WITH page AS (SELECT {} FROM {} {alias}", level.columns, level.table));
        push_conditions(q, level, pattern, parent_id);
        page.push_after(q, level.table, level.id, false);
        page.push_window(q, &order);
        q.push(format!(
            ") SELECT {alias}.*{} FROM page {alias} {} ORDER BY {order}",
            level.parent_columns, level.parent_joins
        ));
    } else {
        // Sorted on a parent's name, the page is found after the joins: no index to walk from a row.
        if page.after > 0 {
            return Err(ServiceError::invalid_field("after", msg::AFTER_ON_OWN_SORT));
        }
        q.push(level.select());
        push_conditions(q, level, pattern, parent_id);
        page.push_window(q, &order);
    }
    Ok(())
}

#[derive(Clone)]
pub struct Store {
    pool: PgPool,
}

impl Store {
    pub fn new(pool: PgPool) -> Self {
        Store { pool }
    }

    /// A page of `level`, filtered by free text and parent, with the total count of matching rows.
    #[tracing::instrument(name = "db.geography.list", skip(self, level, page), fields(level = level.entity))]
    pub async fn list<T>(
        &self,
        level: &Level,
        filter: &str,
        parent_id: i64,
        page: &Page,
    ) -> Result<(Vec<T>, i64), ServiceError>
    where
        T: for<'r> FromRow<'r, PgRow> + Send + Unpin,
    {
        let pattern = text::filter_pattern(filter);
        let mut rows = QueryBuilder::<Postgres>::new("");
        push_page(&mut rows, level, &pattern, parent_id, page)?;
        // Counted on the level's own table (the filters need no parent), beside the page.
        let mut count = QueryBuilder::<Postgres>::new(format!(
            "SELECT count(*) FROM {} {}",
            level.table, level.alias
        ));
        push_conditions(&mut count, level, &pattern, parent_id);
        let (items, total) = tokio::try_join!(
            rows.build_query_as::<T>().fetch_all(&self.pool),
            count.build_query_scalar::<i64>().fetch_one(&self.pool)
        )?;
        Ok((items, total))
    }

    /// PostgreSQL's own time (planning and execution, from `EXPLAIN ANALYZE`) of a page's statement,
    /// built by the same code as `list`'s, for the benchmark to print beside the call's time.
    pub async fn list_server_time(
        &self,
        level: &Level,
        filter: &str,
        parent_id: i64,
        page: &Page,
    ) -> Result<std::time::Duration, ServiceError> {
        let mut q = QueryBuilder::<Postgres>::new(common::db::EXPLAIN_ANALYZE);
        push_page(&mut q, level, &text::filter_pattern(filter), parent_id, page)?;
        let plan: serde_json::Value = q.build_query_scalar().fetch_one(&self.pool).await?;
        Ok(common::db::server_time(&plan))
    }

    #[tracing::instrument(name = "db.geography.get", skip(self, level), fields(level = level.entity))]
    pub async fn get<T>(&self, level: &Level, id: i64) -> Result<T, ServiceError>
    where
        T: for<'r> FromRow<'r, PgRow> + Send + Unpin,
    {
        self.find(&self.pool, level, id).await
    }

    async fn find<'e, T, E>(&self, executor: E, level: &Level, id: i64) -> Result<T, ServiceError>
    where
        T: for<'r> FromRow<'r, PgRow> + Send + Unpin,
        E: sqlx::PgExecutor<'e>,
    {
        sqlx::query_as(AssertSqlSafe(format!(
            "{} WHERE {} = $1",
            level.select(),
            level.id_column()
        )))
        .bind(id)
        .fetch_optional(executor)
        .await?
        .ok_or_else(|| ServiceError::NotFound(msg::not_found(level.label, id)))
    }

    /// Deletes a row of `level` and tells it; refused while children hold it.
    #[tracing::instrument(name = "db.geography.delete", skip(self, level), fields(level = level.entity))]
    pub async fn delete(&self, level: &Level, id: i64) -> Result<(), ServiceError> {
        let mut tx = self.pool.begin().await?;
        let id_column = level.id;
        let locked: Option<i64> = sqlx::query_scalar(AssertSqlSafe(format!(
            "SELECT {id_column} FROM {} WHERE {id_column} = $1 FOR UPDATE",
            level.table
        )))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        if locked.is_none() {
            return Err(ServiceError::NotFound(msg::not_found(level.label, id)));
        }
        if let Some(children) = &level.children {
            let n: i64 = sqlx::query_scalar(AssertSqlSafe(format!(
                "SELECT count(*) FROM {} WHERE {} = $1",
                children.table, children.parent_column
            )))
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
            if n > 0 {
                return Err(ServiceError::Conflict(msg::has_children(
                    level.phrase,
                    n,
                    children.singular,
                    children.plural,
                )));
            }
        }
        sqlx::query(AssertSqlSafe(format!("DELETE FROM {} WHERE {id_column} = $1", level.table)))
            .bind(id)
            .execute(&mut *tx)
            .await?;
        let deleted = events::deleted(level).ok_or_else(|| {
            ServiceError::Internal(anyhow::anyhow!("no deletion event for {}", level.entity))
        })?;
        outbox::enqueue(&mut tx, SCHEMA, &deleted, &pb::LevelDeleted { meta: None, id }).await?;
        outbox::commit(tx, SCHEMA).await?;
        Ok(())
    }

    /// Creates (`id` 0) or updates a row of `level`, and tells it, in one transaction. The parent must
    /// exist and stays locked until the commit; a taken code (or a locality's name taken in its
    /// sub-prefecture) is a conflict.
    #[tracing::instrument(name = "db.geography.save", skip(self, level), fields(level = level.entity))]
    pub async fn save<T>(&self, level: &Level, draft: &Checked) -> Result<i64, ServiceError>
    where
        T: for<'r> FromRow<'r, PgRow> + Send + Unpin + Told,
    {
        let mut tx = self.pool.begin().await?;
        if let Some(parent) = &level.parent {
            self.parent_exists(&mut tx, parent.level, draft.parent_id, parent.field).await?;
        }
        let (columns, code, search) = written(level, draft);
        let sql = if draft.id == 0 {
            let values: Vec<String> = (1..=columns.len()).map(|n| format!("${n}")).collect();
            format!(
                "INSERT INTO {} ({}) VALUES ({})",
                level.table,
                columns.join(", "),
                values.join(", ")
            )
        } else {
            let sets: Vec<String> = columns
                .iter()
                .enumerate()
                .map(|(n, column)| format!("{column} = ${}", n + 1))
                .collect();
            format!(
                "UPDATE {} SET {} WHERE {} = ${}",
                level.table,
                sets.join(", "),
                level.id,
                columns.len() + 1
            )
        };
        let mut query = sqlx::query_scalar(AssertSqlSafe(format!("{sql} RETURNING {}", level.id)))
            .bind(&draft.name)
            .bind(code)
            .bind(search);
        if level.parent.is_some() {
            query = query.bind(draft.parent_id);
        }
        if draft.id != 0 {
            query = query.bind(draft.id);
        }
        let conflicting = if level.code_column.is_some() { &draft.code } else { &draft.name };
        let saved: Option<i64> =
            query.fetch_optional(&mut *tx).await.map_err(|e| conflict(e, level, conflicting))?;
        let saved_id =
            saved.ok_or_else(|| ServiceError::NotFound(msg::not_found(level.label, draft.id)))?;
        // Without an id, the save created the row.
        self.tell::<T>(&mut tx, level, saved_id, T::EVENTS.saved(draft.id == 0)).await?;
        outbox::commit(tx, SCHEMA).await?;
        Ok(saved_id)
    }

    /// Applies an import in one transaction: the file is checked against the database, then each level
    /// gets what it lacks in one statement, its rows sent as arrays, with the events of the added rows
    /// written in the same statement.
    #[tracing::instrument(name = "db.geography.import", skip_all, fields(rows = columns.localities.name.len()))]
    pub async fn import(
        &self,
        columns: &Columns,
    ) -> Result<Result<ImportCounts, Vec<(i32, String)>>, ServiceError> {
        let mut tx = self.pool.begin().await?;
        // The trigram index keeps the new names in its pending list instead of merging them several
        // times during the import; the refresh that follows the commit merges them once.
        sqlx::query("SET LOCAL gin_pending_list_limit = '64MB'").execute(&mut *tx).await?;
        let clashes = file_against_database(&mut tx, columns).await?;
        if !clashes.is_empty() {
            // Dropping the transaction rolls it back: nothing was written.
            return Ok(Err(clashes));
        }

        let regions = added(&mut tx, &events::REGION.created, &columns.regions,
            "INSERT INTO geography.region (region_code, region_name, search)
             SELECT code, name, search FROM unnest($3::text[], $4::text[], $5::text[]) AS i(code, name, search)
             ON CONFLICT (region_code) DO NOTHING
             RETURNING region_id AS id, jsonb_build_object('region_id', region_id, 'region_code', region_code, 'region_name', region_name) AS payload",
        )
        .await?;
        let departments = added(&mut tx, &events::DEPARTMENT.created, &columns.departments,
            "INSERT INTO geography.department (department_code, department_name, department_region_id, search)
             SELECT i.code, i.name, r.region_id, i.search
             FROM unnest($3::text[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS i(code, name, search, parent_code, n)
             JOIN geography.region r ON r.region_code = i.parent_code ORDER BY i.n
             ON CONFLICT (department_code) DO NOTHING
             RETURNING department_id AS id, jsonb_build_object('department_id', department_id, 'department_code', department_code,
                 'department_name', department_name, 'department_regionId', department_region_id) AS payload",
        )
        .await?;
        let subprefectures = added(&mut tx, &events::SUBPREFECTURE.created, &columns.subprefectures,
            "INSERT INTO geography.subprefecture (subprefecture_code, subprefecture_name, subprefecture_department_id, search)
             SELECT i.code, i.name, d.department_id, i.search
             FROM unnest($3::text[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS i(code, name, search, parent_code, n)
             JOIN geography.department d ON d.department_code = i.parent_code ORDER BY i.n
             ON CONFLICT (subprefecture_code) DO NOTHING
             RETURNING subprefecture_id AS id, jsonb_build_object('subprefecture_id', subprefecture_id, 'subprefecture_code',
                 subprefecture_code, 'subprefecture_name', subprefecture_name, 'subprefecture_departmentId', subprefecture_department_id) AS payload",
        )
        .await?;
        // A name met twice in a sub-prefecture (in the file or already stored) is skipped by ON CONFLICT.
        let localities = added_in_batches(&mut tx, &columns.localities,
            "INSERT INTO geography.locality (locality_name, locality_subprefecture_id, name_key, search)
             SELECT i.name, s.subprefecture_id, i.key, i.key
             FROM unnest($4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS i(subprefecture_code, name, key, n)
             JOIN geography.subprefecture s ON s.subprefecture_code = i.subprefecture_code ORDER BY i.n
             ON CONFLICT (locality_subprefecture_id, name_key) DO NOTHING
             RETURNING locality_id AS id, jsonb_build_object('locality_id', locality_id, 'locality_name', locality_name,
                 'locality_subprefectureId', locality_subprefecture_id) AS payload",
        )
        .await?;
        outbox::commit(tx, SCHEMA).await?;
        if regions + departments + subprefectures + localities > 0 {
            tokio::spawn(refresh_after_import(self.pool.clone()).in_current_span());
        }
        Ok(Ok(ImportCounts { regions, departments, subprefectures, localities }))
    }

    /// Writes the `created`/`updated` event (`subject`) of a saved row.
    async fn tell<T>(
        &self,
        tx: &mut PgConnection,
        level: &Level,
        id: i64,
        subject: &Subject<T::Event>,
    ) -> Result<(), ServiceError>
    where
        T: for<'r> FromRow<'r, PgRow> + Send + Unpin + Told,
    {
        let row: T = self.find(&mut *tx, level, id).await?;
        outbox::enqueue(tx, SCHEMA, subject, &row.event()).await?;
        Ok(())
    }

    async fn parent_exists(
        &self,
        tx: &mut PgConnection,
        parent: &Level,
        id: i64,
        field: &str,
    ) -> Result<(), ServiceError> {
        let id_column = parent.id;
        // FOR KEY SHARE: the parent cannot be deleted before this transaction ends.
        let found: Option<i64> = sqlx::query_scalar(AssertSqlSafe(format!(
            "SELECT {id_column} FROM {} WHERE {id_column} = $1 FOR KEY SHARE",
            parent.table
        )))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        match found {
            Some(_) => Ok(()),
            None => Err(ServiceError::invalid_field(field, msg::not_found(parent.label, id))),
        }
    }
}

/// What a save writes: every level its name, its code (a locality: its name's key), its search text, then
/// its parent, bound as $1.. in that order; answers the columns, the code and the search text.
fn written(level: &Level, draft: &Checked) -> (Vec<&'static str>, String, String) {
    let key = text::fold(&draft.name);
    let (code_column, code, search) = match level.code_column {
        Some(column) => (column, draft.code.clone(), text::search_of(&draft.code, &draft.name)),
        None => ("name_key", key.clone(), key),
    };
    let mut columns = vec![level.name_column, code_column, "search"];
    columns.extend(level.parent.as_ref().map(|p| p.column));
    (columns, code, search)
}

/// After an import, the tables have many new rows that PostgreSQL neither counted for its planner nor
/// marked all-visible, so lists would be planned on old figures and could not read from an index alone
/// until autovacuum passed (a minute or more). This refresh does it at once, after the answer.
async fn refresh_after_import(pool: PgPool) {
    let started = std::time::Instant::now();
    match sqlx::raw_sql(
        "VACUUM (ANALYZE) geography.region, geography.department, geography.subprefecture, geography.locality",
    )
    .execute(&pool)
    .await
    {
        Ok(_) => tracing::info!(elapsed_ms = started.elapsed().as_millis() as u64, "geography tables refreshed after an import"),
        Err(e) => tracing::warn!(error = %e, "could not refresh the geography tables after an import; autovacuum will"),
    }
}

fn push_conditions(
    query: &mut QueryBuilder<Postgres>,
    level: &Level,
    pattern: &str,
    parent_id: i64,
) {
    query.push(" WHERE TRUE");
    if !pattern.is_empty() {
        query.push(" AND ").push(level.search_column).push(" LIKE ").push_bind(pattern.to_string());
    }
    if parent_id > 0 {
        query.push(" AND ").push(level.parent_filter_column()).push(" = ").push_bind(parent_id);
    }
}

/// Runs an import's insert of one level (`$3` to `$6` are the file's codes, names, search texts and
/// parent codes of that level; the insert returns `id` and `payload`, the JSON of the level's `…Saved`
/// event), writes a `created` event (`subject`) for each row it added in the same statement, and answers
/// how many it added.
async fn added<E>(
    tx: &mut PgConnection,
    subject: &Subject<E>,
    file: &LevelColumns,
    insert: &'static str,
) -> Result<i64, ServiceError> {
    let sql = format!(
        "WITH added AS ({insert}),
              told AS (INSERT INTO geography.outbox (id, subject, payload, trace_context)
                       SELECT gen_random_uuid(), $1, payload, $2 FROM added ORDER BY id)
         SELECT count(*) FROM added"
    );
    Ok(sqlx::query_scalar(AssertSqlSafe(sql))
        .bind(subject.name())
        .bind(outbox::current_trace_context())
        .bind(&file.code)
        .bind(&file.name)
        .bind(&file.search)
        .bind(&file.parent_code)
        .fetch_one(&mut *tx)
        .await?)
}

/// Like `added`, for the localities of an import (`$4`.. are their columns): they are told in
/// `events::LOCALITIES_IMPORTED` events (`geography.locality.imported`) of up to `LOCALITIES_PER_EVENT`
/// rows (`{"localities": [...]}`, each as a `LocalityInput`), in id order. A country's import is then a
/// few hundred events to write, publish and apply instead of one per row.
async fn added_in_batches(
    tx: &mut PgConnection,
    localities: &LocalityColumns,
    insert: &'static str,
) -> Result<i64, ServiceError> {
    let sql = format!(
        "WITH added AS ({insert}),
              batched AS (SELECT id, payload, (row_number() OVER (ORDER BY id) - 1) / $3 AS batch FROM added),
              told AS (INSERT INTO geography.outbox (id, subject, payload, trace_context)
                       SELECT gen_random_uuid(), $1, jsonb_build_object('localities', jsonb_agg(payload ORDER BY id)), $2
                       FROM batched GROUP BY batch ORDER BY batch)
         SELECT count(*) FROM added"
    );
    Ok(sqlx::query_scalar(AssertSqlSafe(sql))
        .bind(events::LOCALITIES_IMPORTED.name())
        .bind(outbox::current_trace_context())
        .bind(LOCALITIES_PER_EVENT)
        .bind(&localities.subprefecture_code)
        .bind(&localities.name)
        .bind(&localities.key)
        .fetch_one(&mut *tx)
        .await?)
}

/// The file's departments and sub-prefectures whose codes the database already binds to another
/// parent, with the first row that names them.
async fn file_against_database(
    tx: &mut PgConnection,
    columns: &Columns,
) -> Result<Vec<(i32, String)>, ServiceError> {
    let departments = bound_elsewhere(tx, &DEPARTMENT, &columns.departments).await?;
    let subprefectures = bound_elsewhere(tx, &SUBPREFECTURE, &columns.subprefectures).await?;
    let mut clashes: Vec<(i32, String)> = departments
        .into_iter()
        .map(|(row, code, region)| (row, msg::department_bound_elsewhere(&code, &region)))
        .chain(subprefectures.into_iter().map(|(row, code, department)| {
            (row, msg::subprefecture_bound_elsewhere(&code, &department))
        }))
        .collect();
    clashes.sort();
    Ok(clashes)
}

/// The rows of a file's level (a department or a sub-prefecture) whose code the database binds to
/// another parent than the file: (first row, code, the parent's code in the database).
async fn bound_elsewhere(
    tx: &mut PgConnection,
    level: &Level,
    file: &LevelColumns,
) -> Result<Vec<(i32, String, String)>, ServiceError> {
    let Some(parent) = &level.parent else { return Ok(Vec::new()) };
    let (Some(code), Some(parent_code)) = (level.code_column, parent.level.code_column) else {
        return Ok(Vec::new());
    };
    let sql = format!(
        "SELECT i.row_no, i.code, p.{parent_code}
         FROM unnest($1::int[], $2::text[], $3::text[]) AS i(row_no, code, parent_code)
         JOIN {} c ON c.{code} = i.code
         JOIN {} p ON p.{} = c.{}
         WHERE p.{parent_code} <> i.parent_code ORDER BY 1 LIMIT 100",
        level.table, parent.level.table, parent.level.id, parent.column
    );
    Ok(sqlx::query_as(AssertSqlSafe(sql))
        .bind(&file.row_no)
        .bind(&file.code)
        .bind(&file.parent_code)
        .fetch_all(&mut *tx)
        .await?)
}

fn conflict(e: sqlx::Error, level: &Level, value: &str) -> ServiceError {
    let key = format!("{}_code_key", level.entity);
    let unique = match level.code_column {
        Some(field) => UniqueField {
            constraint: &key,
            field,
            message: msg::code_taken(level.code_label, value),
        },
        None => UniqueField {
            constraint: "locality_name_key",
            field: level.name_column,
            message: msg::locality_taken(value),
        },
    };
    unique_or(e, [unique])
}
