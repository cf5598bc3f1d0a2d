//! Demo and load data: `n` members with West African names, in families (a main member, often a
//! spouse, children), spread over the localities the geography projection knows. Everything is
//! generated inside PostgreSQL, batch by batch, so a million members take minutes, not hours. No photos.
//! Each member's `members.member.created` event is written by the same statement as its row, as
//! `post_member` writes it (`MemberSaved`: the member as written, under the fields' JSON names, with its
//! schema version in `meta`), so the other services' copies of the members (the cards') learn the demo
//! members as they learn any other once the outbox's relay publishes them.

use crate::domain::id_number;
use crate::events;
use anyhow::{Result, bail};
use common::{outbox, text};
use proto::members as pb;
use proto::{Event, Fields};
use sqlx::{AssertSqlSafe, PgPool};

const FIRSTNAMES_M: &[&str] = &[
    "Kouamé",
    "Kouassi",
    "Yao",
    "Koffi",
    "Konan",
    "Kouadio",
    "N'Guessan",
    "Aka",
    "Seydou",
    "Drissa",
    "Moussa",
    "Ibrahim",
    "Bakary",
    "Souleymane",
    "Issa",
    "Lassina",
    "Tiémoko",
    "Gnagne",
    "Zadi",
    "Séri",
    "Digbeu",
    "Brou",
    "Ehui",
    "Amani",
    "Yapi",
    "Kanga",
    "Adama",
    "Mamadou",
    "Siaka",
    "Zié",
    "Ferdinand",
    "Jean-Baptiste",
    "Serge",
];
const FIRSTNAMES_F: &[&str] = &[
    "Aya",
    "Adjoua",
    "Affoué",
    "Amenan",
    "Akissi",
    "Amoin",
    "Ahou",
    "Fatou",
    "Awa",
    "Aminata",
    "Mariam",
    "Salimata",
    "Fanta",
    "Kadiatou",
    "Assétou",
    "Korotoum",
    "Nafissatou",
    "Bintou",
    "Yvonne",
    "Estelle",
    "Clémentine",
    "Rokia",
    "Djénéba",
    "Massandjé",
    "Tanti",
    "Gnoan",
    "Ama",
    "Akoua",
    "Brigitte",
    "Hélène",
];
const LASTNAMES: &[&str] = &[
    "Kouadio",
    "Koné",
    "Traoré",
    "Coulibaly",
    "Ouattara",
    "Diabaté",
    "Bamba",
    "Yao",
    "N'Guessan",
    "Kouakou",
    "Konaté",
    "Touré",
    "Cissé",
    "Diallo",
    "Sangaré",
    "Doumbia",
    "Soro",
    "Silué",
    "Yéo",
    "Tuo",
    "Zadi",
    "Gnahoré",
    "Dago",
    "Séri",
    "Bléhoué",
    "Aka",
    "Assi",
    "Ehui",
    "Amani",
    "Brou",
    "Kassi",
    "Tanoh",
    "Allou",
    "N'Dri",
    "Koffi",
    "Boni",
    "Djè",
    "Lago",
    "Gueu",
    "Zoro",
    "Fofana",
    "Kamagaté",
    "Dosso",
    "Méité",
    "Kra",
    "Akré",
];
const CREATORS: &[&str] = &["admin", "agent.daloa", "agent.korhogo", "agent.man", "agent.bouake"];
const BATCH: i64 = 50_000;

/// The JSON of the `MemberSaved` event of the member row `m` (in the `RETURNING` of its insert), as
/// `common::outbox` writes it: `meta` with the schema version, beside every field of `MemberInput` under
/// its JSON name, read from the column of its proto name (the table's columns are the message's fields:
/// a field added to the contract is in these events too, or the statement fails on its missing column).
fn member_saved_payload() -> String {
    let fields: Vec<String> = pb::MemberInput::FIELDS
        .iter()
        .map(|(column, name)| format!("'{name}', m.{column}"))
        .collect();
    format!(
        "jsonb_build_object('meta', jsonb_build_object('schemaVersion', {}::int), {})",
        pb::MemberSaved::SCHEMA_VERSION,
        fields.join(", ")
    )
}

/// The part of a statement that writes into the outbox the event of each member its `made` insert
/// returned (`member_id`, `payload`, `registered`), in the order of their ids, as the geography's import
/// does: `subject` and `trace` name the statement's parameters of the subject and the trace context. The
/// event is dated as the member's registration (`occurredAt`), as `post_member` dates it: the statistics
/// count the enrolments of a month by it.
fn told(subject: &str, trace: &str) -> String {
    format!(
        "told AS (INSERT INTO members.outbox (id, subject, payload, trace_context, created_at)
                  SELECT gen_random_uuid(), {subject}, payload, {trace}, registered FROM made ORDER BY member_id)"
    )
}

/// The digits an identity-number prefix stands for in the check computation (A = 10 ... Z = 35).
fn prefix_digits(prefix: &str) -> String {
    prefix.chars().filter_map(|c| c.to_digit(36)).map(|d| d.to_string()).collect()
}

/// Adds `n` members; `progress(done)` is called after each batch. Answers how many were added.
pub async fn generate(
    pool: &PgPool,
    n: i64,
    id_prefix: &str,
    progress: impl Fn(i64),
) -> Result<i64> {
    if !id_number::valid_prefix(id_prefix) {
        bail!("invalid identity-number prefix {id_prefix:?}");
    }
    let localities: Vec<i64> =
        sqlx::query_scalar("SELECT locality_id FROM members.geo_locality ORDER BY locality_id")
            .fetch_all(pool)
            .await?;
    if localities.is_empty() {
        bail!("no locality is known yet: load the demo geography first (demo geography)");
    }
    let names = |list: &[&str]| -> (Vec<String>, Vec<String>) {
        (list.iter().map(|s| s.to_string()).collect(), list.iter().map(|s| text::fold(s)).collect())
    };
    let (men, men_key) = names(FIRSTNAMES_M);
    let (women, women_key) = names(FIRSTNAMES_F);
    let (last, last_key) = names(LASTNAMES);
    let creators: Vec<String> = CREATORS.iter().map(|s| s.to_string()).collect();
    let payload = member_saved_payload();
    let trace = outbox::current_trace_context();

    // Families of about 2.2 people: per main member, a spouse six times in ten and 0 to 2 children.
    let mut done = 0;
    while done < n {
        let wanted = (n - done).min(BATCH);
        let mains = (wanted * 10 / 22).max(1);
        let mut tx = pool.begin().await?;
        // The main members of this batch; `g` numbers them, random() spreads names and places.
        let mains_made: Vec<i64> = sqlx::query_scalar(AssertSqlSafe(format!(
            "WITH made AS (
               INSERT INTO members.member AS m (member_uuid, member_id_number, member_firstname, member_lastname, member_gender,
                   member_birth_date, member_contact, member_locality_id, member_membership_start_date, member_is_main_account,
                   member_is_spouse, member_is_child, member_created_by_user, updated_by_user, search, firstname_key,
                   marital_status, nationality, occupation, household_size, member_created_at)
               SELECT gen_random_uuid(), id_number, first, last, gender, birth, contact, locality, least(birth + (7000 + g % 3000)::int, current_date),
                      true, false, false, creator, creator,
                      first_key || ' ' || last_key || ' ' || lower(id_number) || ' ' || contact, first_key,
                      'Marié(e)', 'Ivoirienne', 'Planteur', 2 + (g % 6), registered
               FROM (
                 SELECT g, $2 || lpad(seq::text, 7, '0') || lpad((98 - (($3 || lpad(seq::text, 7, '0') || '00')::numeric % 97))::text, 2, '0') AS id_number,
                        CASE WHEN g % 4 = 0 THEN ($6::text[])[1 + (h % cardinality($6))] ELSE ($4::text[])[1 + (h % cardinality($4))] END AS first,
                        CASE WHEN g % 4 = 0 THEN ($7::text[])[1 + (h % cardinality($7))] ELSE ($5::text[])[1 + (h % cardinality($5))] END AS first_key,
                        ($8::text[])[1 + (h / 7 % cardinality($8))] AS last, ($9::text[])[1 + (h / 7 % cardinality($9))] AS last_key,
                        CASE WHEN g % 4 = 0 THEN 'F' ELSE 'M' END AS gender,
                        date '1950-01-01' + (h % 18000)::int AS birth,
                        '07' || lpad((h % 100000000)::text, 8, '0') AS contact,
                        ($10::bigint[])[1 + (h / 13 % cardinality($10))] AS locality,
                        ($11::text[])[1 + (g % cardinality($11))] AS creator,
                        -- Registered over the last three years, as a national register grows.
                        now() - make_interval(days => (h / 11 % 1095)::int) AS registered
                 FROM (SELECT g, nextval('members.id_number_seq') AS seq, (random() * 2147483647)::bigint AS h
                       FROM generate_series(1, $1::bigint) g) r
               ) s
               RETURNING member_id, {payload} AS payload, m.member_created_at AS registered),
             {}
             SELECT coalesce(array_agg(member_id), '{{}}') FROM made",
            told("$12", "$13")
        )))
        .bind(mains)
        .bind(id_prefix)
        .bind(prefix_digits(id_prefix))
        .bind(&men)
        .bind(&men_key)
        .bind(&women)
        .bind(&women_key)
        .bind(&last)
        .bind(&last_key)
        .bind(&localities)
        .bind(&creators)
        .bind(events::MEMBER_CREATED.name())
        .bind(&trace)
        .fetch_one(&mut *tx)
        .await?;

        // Dependants of the mains just made: spouses, then children, up to the batch's size.
        let added = mains_made.len() as i64;
        let dependants = wanted - added;
        let made: i64 = sqlx::query_scalar(AssertSqlSafe(format!(
            "WITH mains AS (
               SELECT member_id, member_lastname, member_birth_date, member_locality_id, member_created_by_user, member_gender,
                      member_created_at, row_number() OVER (ORDER BY member_id) AS k
               FROM members.member WHERE member_id = ANY($2)
             ),
             wanted AS (
               SELECT m.*, d AS slot, (random() * 2147483647)::bigint AS h, nextval('members.id_number_seq') AS seq
               FROM mains m CROSS JOIN generate_series(1, 4) d
               WHERE (d = 1 AND m.k % 10 < 6) OR (d > 1 AND (m.k + d) % 3 <> 0)
               ORDER BY m.k, d LIMIT $1
             ),
             made AS (
               INSERT INTO members.member AS m (member_uuid, member_id_number, member_firstname, member_lastname, member_gender,
                   member_birth_date, member_contact, member_locality_id, member_is_main_account, member_is_spouse, member_is_child,
                   member_main_member_id, member_order_number, member_created_by_user, updated_by_user, search, firstname_key,
                   nationality, member_created_at)
               SELECT gen_random_uuid(), id_number, first, member_lastname, gender, birth, '', member_locality_id, false,
                      slot = 1, slot > 1, member_id, slot, member_created_by_user, member_created_by_user,
                      first_key || ' ' || ($10::text[])[array_position($9::text[], member_lastname::text)] || ' ' || lower(id_number),
                      first_key, 'Ivoirienne', member_created_at
               FROM (
                 SELECT w.*, $3 || lpad(seq::text, 7, '0') || lpad((98 - (($4 || lpad(seq::text, 7, '0') || '00')::numeric % 97))::text, 2, '0') AS id_number,
                        CASE WHEN (slot = 1 AND member_gender = 'M') OR (slot > 1 AND h % 2 = 0) THEN 'F' ELSE 'M' END AS gender,
                        CASE WHEN slot = 1 THEN member_birth_date + (h % 3000 - 1500)::int
                             ELSE least(member_birth_date + (6600 + h % 6000)::int, current_date - 30) END AS birth
                 FROM wanted w
               ) s
               CROSS JOIN LATERAL (SELECT
                   CASE WHEN s.gender = 'F' THEN ($5::text[])[1 + (s.h % cardinality($5))] ELSE ($7::text[])[1 + (s.h % cardinality($7))] END AS first,
                   CASE WHEN s.gender = 'F' THEN ($6::text[])[1 + (s.h % cardinality($6))] ELSE ($8::text[])[1 + (s.h % cardinality($8))] END AS first_key) f
               RETURNING member_id, {payload} AS payload, m.member_created_at AS registered),
             {}
             SELECT count(*) FROM made",
            told("$11", "$12")
        )))
        .bind(dependants)
        .bind(&mains_made)
        .bind(id_prefix)
        .bind(prefix_digits(id_prefix))
        .bind(&women)
        .bind(&women_key)
        .bind(&men)
        .bind(&men_key)
        .bind(&last)
        .bind(&last_key)
        .bind(events::MEMBER_CREATED.name())
        .bind(&trace)
        .fetch_one(&mut *tx)
        .await?;
        outbox::commit(tx, crate::SCHEMA).await?;
        done += added + made;
        progress(done);
        if added + made == 0 {
            break;
        }
    }

    // The dependants' count of every main member, and fresh statistics for the planner.
    sqlx::query(
        "UPDATE members.member m SET dependent_count = d.n
         FROM (SELECT member_main_member_id AS id, count(*) AS n FROM members.member WHERE member_main_member_id IS NOT NULL GROUP BY 1) d
         WHERE m.member_id = d.id AND m.dependent_count <> d.n",
    )
    .execute(pool)
    .await?;
    sqlx::query("VACUUM (ANALYZE) members.member").execute(pool).await?;
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The events the SQL writes have the fields and the `meta` of the ones the outbox writes (the
    /// values are compared with `post_member`'s by the suite's test `demo_events`).
    #[test]
    fn the_demo_event_has_the_fields_of_the_outbox_one() {
        let event = pb::MemberSaved { meta: None, member: Some(pb::MemberInput::default()) };
        let stamped = outbox::Stamped::of(&events::MEMBER_CREATED, &event).unwrap().payload;
        let mut expected: Vec<String> = stamped.as_object().unwrap().keys().cloned().collect();
        expected.sort();
        let sql = member_saved_payload();
        let mut written: Vec<String> = sql
            .split('\'')
            .skip(1)
            .step_by(2)
            .filter(|key| *key != "schemaVersion")
            .map(str::to_string)
            .collect();
        written.sort();
        assert_eq!(written, expected, "{sql}");
        assert_eq!(stamped["meta"], serde_json::json!({ "schemaVersion": 1 }));
        assert!(sql.contains("jsonb_build_object('schemaVersion', 1::int)"), "{sql}");
    }
}
