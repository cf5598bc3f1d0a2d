//! Making cards, many at once, in one transaction and a few statements whatever their number: the
//! members' copies locked (in id order, so concurrent makings never deadlock; a second making for one
//! member waits, then finds the card), their standing cards, their oldest unused payments that cover the
//! price (locked), the numbers and dates, the cards written with their signed QR codes, the payments
//! spent, and the events of both. A member who cannot have a card is named with the reason.

use super::cards::{STANDING, card_columns, card_search, identity};
use super::transactions::{self, SPENDABLE};
use super::{SCHEMA, Store};
use crate::domain::card_qr::{CardFacts, CardSigner};
use crate::domain::messages as msg;
use crate::events;
use common::error::ServiceError;
use common::outbox;
use proto::cards as pb;
use proto::members::Member;
use std::collections::HashMap;

impl Store {
    /// Makes a card for each member of `member_ids` (sorted, without repeats, already in the copy of
    /// members): each spends the member's oldest unused payment of at least `price` (francs CFA) and is
    /// valid `validity_months`; its QR code is signed by `signer`, its number has `number_prefix`. A
    /// member with a standing card, or without such a payment, is refused; the others get their card.
    /// Answers the cards made, in the members' order, and the refusals.
    #[tracing::instrument(name = "db.cards.create", skip_all, fields(members = member_ids.len()))]
    pub async fn create_cards(
        &self,
        member_ids: &[i64],
        price: i64,
        validity_months: i32,
        signer: &CardSigner,
        number_prefix: &str,
        caller: &str,
    ) -> Result<(Vec<i64>, Vec<pb::Refusal>), ServiceError> {
        let mut tx = self.pool().begin().await?;
        // Each its own statement: its snapshot is taken once the locks before it are held. The members'
        // copies, as the members service's `Member` (the fields a card's QR code signs).
        let holders = sqlx::query_as::<_, Member>(
            "SELECT member_id, member_id_number, member_firstname, member_lastname,
                    member_birth_date::text AS member_birth_date
             FROM cards.member WHERE member_id = ANY($1) ORDER BY member_id FOR UPDATE",
        )
        .bind(member_ids)
        .fetch_all(&mut *tx)
        .await?;
        let standing: HashMap<i64, String> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT DISTINCT ON (card_member_id) card_member_id, card_id_number FROM cards.card
             WHERE card_member_id = ANY($1) AND card_status IN {STANDING} AND card_expiration_date >= current_date
             ORDER BY card_member_id, card_id"
        )))
        .bind(member_ids)
        .fetch_all(&mut *tx)
        .await?
        .into_iter()
        .collect();
        let free: Vec<i64> = holders
            .iter()
            .filter_map(|h| h.member_id)
            .filter(|id| !standing.contains_key(id))
            .collect();
        let payments: HashMap<i64, i64> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT w.id, p.transaction_id FROM unnest($1::bigint[]) AS w(id)
             CROSS JOIN LATERAL (
                 SELECT transaction_id FROM cards.transaction
                 WHERE transaction_member_id = w.id AND {SPENDABLE} AND transaction_amount >= $2
                 ORDER BY transaction_date, transaction_id LIMIT 1 FOR UPDATE) p",
        )))
        .bind(&free)
        .bind(price)
        .fetch_all(&mut *tx)
        .await?
        .into_iter()
        .collect();

        let by_id: HashMap<i64, &Member> =
            holders.iter().map(|h| (h.member_id.unwrap_or_default(), h)).collect();
        let mut refused = Vec::new();
        let mut paid = Vec::new();
        for &member_id in member_ids {
            let Some(h) = by_id.get(&member_id) else {
                refused.push(pb::Refusal { member_id, message: msg::member_not_found(member_id) });
                continue;
            };
            let (first, last) = (&h.member_firstname, &h.member_lastname);
            let message = match (standing.get(&member_id), payments.get(&member_id)) {
                (Some(number), _) => msg::has_a_card(first, last, number),
                (None, None) => msg::no_payment(first, last, price),
                (None, Some(&payment)) => {
                    paid.push((member_id, *h, payment));
                    continue;
                }
            };
            refused.push(pb::Refusal { member_id, message });
        }
        if paid.is_empty() {
            outbox::commit(tx, SCHEMA).await?;
            return Ok((Vec::new(), refused));
        }

        let numbers: Vec<i64> = sqlx::query_scalar(
            "SELECT nextval('cards.card_number_seq') FROM generate_series(1, $1)",
        )
        .bind(paid.len() as i64)
        .fetch_all(&mut *tx)
        .await?;
        let (expires, issued_at, expires_at): (chrono::NaiveDate, i64, i64) = sqlx::query_as(
            "SELECT e, extract(epoch FROM now())::bigint, extract(epoch FROM e::timestamptz)::bigint
             FROM (SELECT (current_date + make_interval(months => $1))::date AS e) expiry",
        )
        .bind(validity_months)
        .fetch_one(&mut *tx)
        .await?;
        // What each card is made with here, bound as arrays beside its member and payment (the rest is
        // copied from the member's copy as it is written): its number, signed QR code and search text.
        let mut card_numbers = Vec::with_capacity(paid.len());
        let mut qr_codes = Vec::with_capacity(paid.len());
        let mut search = Vec::with_capacity(paid.len());
        for ((_, h, _), seq) in paid.iter().zip(numbers) {
            let number = common::id_number::make(number_prefix, seq);
            qr_codes.push(signer.sign(&CardFacts {
                member_id_number: h.member_id_number.clone(),
                card_number: number.clone(),
                firstname: h.member_firstname.clone(),
                lastname: h.member_lastname.clone(),
                birth_date: h.member_birth_date.as_deref().and_then(|d| d.parse().ok()),
                issued_at,
                expires_at,
            })?);
            search.push(card_search(
                &h.member_firstname,
                &h.member_lastname,
                &number,
                &h.member_id_number,
            ));
            card_numbers.push(number);
        }
        let members: Vec<i64> = paid.iter().map(|(member_id, _, _)| *member_id).collect();
        let payments: Vec<i64> = paid.iter().map(|(_, _, payment)| *payment).collect();
        let cards = sqlx::query_as::<_, pb::Card>(sqlx::AssertSqlSafe(format!(
            "INSERT INTO cards.card AS c (card_id_number, card_member_id, card_member_id_number, {},
                 card_phone_number, card_membership_start_date, card_photo_version, card_expiration_date,
                 card_transaction_id, card_created_by_user, card_qrcode, search)
             SELECT n.number, m.member_id, m.member_id_number, {}, m.member_contact,
                    m.member_membership_start_date, m.photo_version, $6, n.payment, $7, n.qr, n.search
             FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[], $5::text[])
                  AS n(number, member_id, payment, qr, search)
             JOIN cards.member m ON m.member_id = n.member_id
             RETURNING {}",
            identity("", "card"),
            identity("m", "member"),
            card_columns()
        )))
        .bind(&card_numbers)
        .bind(&members)
        .bind(&payments)
        .bind(&qr_codes)
        .bind(&search)
        .bind(expires)
        .bind(caller)
        .fetch_all(&mut *tx)
        .await?;
        let made_by_member: HashMap<i64, i64> = cards
            .iter()
            .map(|c| (c.card_member_id.unwrap_or_default(), c.card_id.unwrap_or_default()))
            .collect();
        let told: Vec<pb::CardSaved> =
            cards.into_iter().map(|card| pb::CardSaved { meta: None, card: Some(card) }).collect();
        outbox::enqueue_all(&mut tx, SCHEMA, &events::CARD_CREATED, &told).await?;
        transactions::set_all_used(&mut tx, &payments).await?;
        outbox::commit(tx, SCHEMA).await?;
        let made = paid.iter().filter_map(|(m, _, _)| made_by_member.get(m).copied()).collect();
        Ok((made, refused))
    }
}
