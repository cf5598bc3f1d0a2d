//! Cards at scale, for the card lists' benchmark: members made by the members' own generator, copied
//! into the cards service's copy of members, each with a payment spent on a card, the cards spread over
//! the statuses as a running network has them (most delivered). Written straight into the database in
//! batches, without events, as the members' generator does: only the lists read these rows, so the
//! cards carry no QR code.

use anyhow::Result;
use sqlx::PgPool;

/// Members (and their cards) written per transaction.
const BATCH: i64 = 100_000;

/// Adds about `n` members, each with a payment and a card; `progress(done)` follows each batch.
/// Answers the number of cards added.
pub async fn generate(pool: &PgPool, n: i64, progress: impl Fn(i64)) -> Result<i64> {
    let first: i64 = sqlx::query_scalar("SELECT coalesce(max(member_id), 0) FROM members.member")
        .fetch_one(pool)
        .await?;
    members::load::generate(pool, n, "L", |_| {}).await?;
    let last: i64 = sqlx::query_scalar("SELECT coalesce(max(member_id), 0) FROM members.member")
        .fetch_one(pool)
        .await?;
    let mut made = 0;
    let mut from = first;
    while from < last {
        let to = (from + BATCH).min(last);
        let mut tx = pool.begin().await?;
        sqlx::query(
            "INSERT INTO cards.member (member_id, member_id_number, member_firstname, member_lastname,
                 member_birth_date, member_contact, member_membership_start_date)
             SELECT member_id, member_id_number, member_firstname, member_lastname, member_birth_date,
                    member_contact, member_membership_start_date
             FROM members.member WHERE member_id > $1 AND member_id <= $2
             ON CONFLICT (member_id) DO NOTHING",
        )
        .bind(from)
        .bind(to)
        .execute(&mut *tx)
        .await?;
        // One payment a member, spent on its card; the payments' dates spread over two years.
        let cards = sqlx::query(
            "WITH paid AS (
               INSERT INTO cards.transaction (transaction_date, transaction_amount, transaction_type,
                   transaction_member_id, transaction_mobile_operator, transaction_number, number_key,
                   transaction_is_used_for_card, transaction_created_by_user)
               SELECT current_date - (member_id % 730)::int, 5000, 'Adhésion', member_id, 'Orange Money',
                      'LT' || member_id, 'LT' || member_id, true, 'bench'
               FROM cards.member WHERE member_id > $1 AND member_id <= $2
               RETURNING transaction_id, transaction_member_id, transaction_date)
             INSERT INTO cards.card (card_id_number, card_member_id, card_member_id_number, card_firstname,
                 card_lastname, card_birth_date, card_phone_number, card_membership_start_date, card_status,
                 card_expiration_date, card_printed_at, card_delivered_at, card_transaction_id,
                 card_created_by_user, search)
             SELECT 'LC' || lpad(p.transaction_id::text, 9, '0'), m.member_id, m.member_id_number,
                    m.member_firstname, m.member_lastname, m.member_birth_date, m.member_contact,
                    m.member_membership_start_date, s.status, p.transaction_date + 730,
                    CASE WHEN s.status <> 'pending' THEN p.transaction_date + 7 END,
                    CASE WHEN s.status = 'delivered' THEN p.transaction_date + 21 END,
                    p.transaction_id, 'bench',
                    mm.search || ' lc' || lpad(p.transaction_id::text, 9, '0')
             FROM paid p
             JOIN cards.member m ON m.member_id = p.transaction_member_id
             JOIN members.member mm ON mm.member_id = m.member_id
             CROSS JOIN LATERAL (SELECT CASE
                 WHEN m.member_id % 20 < 14 THEN 'delivered'
                 WHEN m.member_id % 20 < 16 THEN 'in_delivery'
                 WHEN m.member_id % 20 < 17 THEN 'printed'
                 ELSE 'pending' END AS status) s",
        )
        .bind(from)
        .bind(to)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        tx.commit().await?;
        made += cards as i64;
        progress(made);
        from = to;
    }
    sqlx::query("VACUUM ANALYZE cards.member, cards.transaction, cards.card").execute(pool).await?;
    Ok(made)
}
