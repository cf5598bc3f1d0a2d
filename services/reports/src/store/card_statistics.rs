//! The read models of the `cartes` dashboard, the payments (`reports.stat_payment`) and the deliveries
//! (`reports.stat_delivery`), written by the cards' consumer (`crate::consumers::cards`) as the members'
//! are (`store::statistics`): each row at the stream position of the latest event applied to it, an
//! older event changing nothing; and what the dashboard counts of them.

use super::statistics::{Given, REGION_DEPARTMENTS, add, bind_position, by_parts, kept_by_month};
use crate::domain::statistics::{AMOUNT_BANDS, Filter, in_bands, month_label, table};
use chrono::{DateTime, NaiveDate, Utc};
use common::error::ServiceError;
use proto::reports as pb;
use sqlx::PgConnection;

/// What the statistics keep of a payment, from its saved event.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PaymentFacts {
    pub transaction_id: i64,
    pub member_id: i64,
    pub operator: String,
    /// Whole francs CFA.
    pub amount: i64,
    pub paid_on: Option<NaiveDate>,
}

/// What the statistics keep of a delivery, from its saved event.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DeliveryFacts {
    pub delivery_id: i64,
    pub created_at: Option<DateTime<Utc>>,
    pub quantity: i64,
}

/// Keeps a payment, unless an event at a later position was applied to it (its cancellation).
pub async fn payment_saved(
    tx: &mut PgConnection,
    p: &PaymentFacts,
    position: Option<u64>,
) -> Result<(), ServiceError> {
    sqlx::query(
        "INSERT INTO reports.stat_payment AS p
             (transaction_id, position, member_id, operator, amount, paid_on)
         VALUES ($1, coalesce($2, 0), $3, $4, $5, $6)
         ON CONFLICT (transaction_id) DO UPDATE SET position = coalesce($2, p.position),
             member_id = $3, operator = $4, amount = $5, paid_on = $6
         WHERE $2 IS NULL OR p.position < $2",
    )
    .bind(p.transaction_id)
    .bind(bind_position(position))
    .bind(p.member_id)
    .bind(&p.operator)
    .bind(p.amount)
    .bind(p.paid_on)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// A cancelled payment: a tombstone at its cancellation's position.
pub async fn payment_deleted(
    tx: &mut PgConnection,
    transaction_id: i64,
    position: Option<u64>,
) -> Result<(), ServiceError> {
    sqlx::query(
        "INSERT INTO reports.stat_payment AS p (transaction_id, position, deleted)
         VALUES ($1, coalesce($2, 0), true)
         ON CONFLICT (transaction_id) DO UPDATE SET position = coalesce($2, p.position), deleted = true
         WHERE $2 IS NULL OR p.position < $2",
    )
    .bind(transaction_id)
    .bind(bind_position(position))
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Keeps a delivery (`deleted`: its deletion, a tombstone), unless an event at a later position was
/// applied to it.
pub async fn delivery_saved(
    tx: &mut PgConnection,
    d: &DeliveryFacts,
    deleted: bool,
    position: Option<u64>,
) -> Result<(), ServiceError> {
    sqlx::query(
        "INSERT INTO reports.stat_delivery AS d (delivery_id, position, deleted, created_at, quantity)
         VALUES ($1, coalesce($2, 0), $3, $4, $5)
         ON CONFLICT (delivery_id) DO UPDATE SET position = coalesce($2, d.position), deleted = $3,
             created_at = $4, quantity = $5
         WHERE $2 IS NULL OR d.position < $2",
    )
    .bind(d.delivery_id)
    .bind(bind_position(position))
    .bind(deleted)
    .bind(d.created_at)
    .bind(d.quantity)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// The payments counted (`p`): not cancelled, within the filters given (of a member of the region `$1`,
/// paid within `$2`..`$3`).
fn payments_kept(given: Given) -> String {
    format!(
        "FROM reports.stat_payment p WHERE NOT p.deleted AND {}",
        given.conditions(
            // The member's department, kept beside the payment (migration 0010).
            &format!("p.department_id IN ({REGION_DEPARTMENTS})"),
            "p.paid_on >= $2::date",
            "p.paid_on <= $3::date",
        )
    )
}

/// The payments within the filters by operator and amount band, with their number and their sum: the
/// filtered tables are folded from these few groups (`fold_payments`), so the payments are read once.
/// Read once per table, the four reads shared two cores and took four times as long (394 ms for a
/// region's payments at a million).
fn payment_groups(given: Given) -> String {
    format!(
        "SELECT p.operator, reports.amount_band(p.amount), count(*), sum(p.amount)::bigint {}
         GROUP BY 1, 2 ORDER BY 1, 2",
        payments_kept(given)
    )
}

/// The payments kept by month within the filters given (whole months), as `payment_groups` gives them.
fn payment_cube_groups(given: Given) -> String {
    format!(
        "SELECT c.operator, c.band, sum(c.n)::bigint, sum(c.amount)::bigint {}
         GROUP BY 1, 2 HAVING sum(c.n) <> 0 OR sum(c.amount) <> 0",
        kept_by_month("reports.stat_payment_cube", given)
    )
}

/// The payments' tables of the dashboard and the payments counted.
#[derive(Debug, Default, PartialEq)]
struct PaymentTables {
    total: i64,
    by_operator: Vec<pb::StatisticsRow>,
    amounts_by_operator: Vec<pb::StatisticsRow>,
    by_band: Vec<pb::StatisticsRow>,
}

/// The tables from the groups of `payment_groups` and `payment_cube_groups` (operator, band, number,
/// sum), the operators by name.
fn fold_payments(groups: Vec<(String, String, i64, i64)>) -> PaymentTables {
    let mut tables = PaymentTables::default();
    for (operator, band, n, amount) in groups {
        tables.total += n;
        add(&mut tables.by_operator, &operator, &operator, n);
        add(&mut tables.amounts_by_operator, &operator, &operator, amount);
        add(&mut tables.by_band, &band, "", n);
    }
    tables.by_operator.sort_by(|a, b| a.key.cmp(&b.key));
    tables.amounts_by_operator.sort_by(|a, b| a.key.cmp(&b.key));
    tables
}

/// The deliveries (not deleted) by month of creation, and the filter its SQL binds (`Store::count`): counted
/// over the rows within the filters, or, with none, from the counts kept as the rows change
/// (`reports.stat_tally`, migration 0003), a few rows summed instead of every row, with nothing bound. A
/// delivery has no region: the period only.
fn deliveries_by_month(filter: &Filter) -> (String, Option<&Filter>) {
    if *filter == Filter::default() {
        let tallied = "SELECT key, '' AS label, n AS value FROM reports.stat_tally
             WHERE dimension = 'delivery_month' AND n <> 0 AND key <> '' ORDER BY key";
        return (tallied.to_string(), None);
    }
    // $1 (the region) is bound but never applies.
    let filtered = format!(
        "SELECT to_char(month, 'YYYY-MM') AS key, '' AS label, value
         FROM (SELECT date_trunc('month', d.created_at) AS month, count(*) AS value
               FROM reports.stat_delivery d
               WHERE NOT d.deleted AND d.created_at IS NOT NULL AND $1::bigint IS NOT NULL AND {}
               GROUP BY 1) t
         ORDER BY month",
        Given::of(filter).period("d.created_at >= $2::date", "d.created_at < $3::date + 1")
    );
    (filtered, Some(filter))
}

impl super::Store {
    /// The cards' dashboard (`cartes`): the payments counted, and its tables, each count run at once.
    pub async fn cards_dashboard(
        &self,
        filter: &Filter,
    ) -> Result<(i64, Vec<pb::StatisticsTable>), ServiceError> {
        let (deliveries, bound) = deliveries_by_month(filter);
        // The whole months of the period (every month without one) from the payments kept by month,
        // the days at its edges payment by payment (`domain::statistics::cut`).
        let payments = async {
            let parts = by_parts(
                filter,
                |months| async move {
                    self.groups(payment_cube_groups(Given::of(&months)), &months).await
                },
                |edge| async move { self.groups(payment_groups(Given::of(&edge)), &edge).await },
            )
            .await?;
            Ok::<_, ServiceError>(fold_payments(parts.into_iter().flatten().collect()))
        };
        let (payments, deliveries) = tokio::try_join!(payments, self.count(deliveries, bound))?;
        let PaymentTables {
            total,
            by_operator: operators,
            amounts_by_operator: amounts,
            by_band: bands,
        } = payments;
        let deliveries = deliveries
            .into_iter()
            .map(|row| pb::StatisticsRow { label: month_label(&row.key), ..row })
            .collect();
        Ok((
            total,
            vec![
                table("payments_by_operator", operators),
                table("amounts_by_operator", amounts),
                table("payments_by_amount", in_bands(bands, AMOUNT_BANDS)),
                table("deliveries_by_month", deliveries),
            ],
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(key: &str, label: &str, value: i64) -> pb::StatisticsRow {
        pb::StatisticsRow { key: key.into(), label: label.into(), value }
    }

    #[test]
    fn the_payment_tables_are_folded_from_their_groups() {
        let groups = vec![
            ("MTN MoMo".to_string(), "5000_9999".to_string(), 2, 10_000),
            ("Orange Money".to_string(), "1000_4999".to_string(), 1, 2_000),
            ("Orange Money".to_string(), "5000_9999".to_string(), 3, 15_000),
        ];
        let tables = fold_payments(groups);
        assert_eq!(tables.total, 6);
        assert_eq!(
            tables.by_operator,
            [row("MTN MoMo", "MTN MoMo", 2), row("Orange Money", "Orange Money", 4)]
        );
        assert_eq!(
            tables.amounts_by_operator,
            [row("MTN MoMo", "MTN MoMo", 10_000), row("Orange Money", "Orange Money", 17_000)]
        );
        assert_eq!(tables.by_band, [row("5000_9999", "", 5), row("1000_4999", "", 1)]);
        assert_eq!(fold_payments(Vec::new()), PaymentTables::default());
    }
}
