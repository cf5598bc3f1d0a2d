//! The paging inputs shared by every list (`_limit`, `_offset`, `_orderBy`, `_descending`, `after`),
//! checked where the list is queried: the sort field must come from the list's allow-list.
//!
//! `after` is keyset paging: the id of the last row the caller has; the page is the rows after it in
//! the list's order, found by walking the sort's index from that row, so a page half a million rows deep
//! costs what the first page costs, where `_offset` walks every row it skips.

use crate::error::ServiceError;
use sqlx::{Postgres, QueryBuilder};

/// Default and largest page size (the specification's default page is 2,000 rows).
pub const DEFAULT_LIMIT: i64 = 2000;
pub const MAX_LIMIT: i64 = 10_000;

/// A checked page request: `order_column` is a SQL column taken from an allow-list, never from input.
#[derive(Debug, Clone)]
pub struct Page {
    pub limit: i64,
    pub offset: i64,
    pub order_column: &'static str,
    pub descending: bool,
    /// The id of the row the page follows (keyset paging); 0: none.
    pub after: i64,
}

impl Page {
    /// Checks the raw inputs. `allowed` maps each public field name to its SQL column; the first entry is
    /// the default order.
    pub fn checked(
        limit: i64,
        offset: i64,
        order_by: &str,
        descending: bool,
        allowed: &[(&str, &'static str)],
    ) -> Result<Page, ServiceError> {
        let limit = if limit <= 0 { DEFAULT_LIMIT } else { limit };
        if limit > MAX_LIMIT {
            return Err(ServiceError::invalid_field(
                "_limit",
                format!("Une page ne peut pas dépasser {MAX_LIMIT} lignes."),
            ));
        }
        if offset < 0 {
            return Err(ServiceError::invalid_field(
                "_offset",
                "Le décalage ne peut pas être négatif.",
            ));
        }
        let order_column = if order_by.is_empty() {
            allowed[0].1
        } else {
            match allowed.iter().find(|(name, _)| *name == order_by) {
                Some((_, column)) => column,
                None => {
                    let names: Vec<&str> = allowed.iter().map(|(n, _)| *n).collect();
                    return Err(ServiceError::invalid_field(
                        "_orderBy",
                        format!(
                            "Tri impossible sur « {order_by} » : champs permis {}.",
                            names.join(", ")
                        ),
                    ));
                }
            }
        };
        Ok(Page { limit, offset, order_column, descending, after: 0 })
    }

    /// The page a list request asks for, keyset paging included.
    pub fn of(
        paging: &proto::common::Paging,
        allowed: &[(&str, &'static str)],
    ) -> Result<Page, ServiceError> {
        let page = Page::checked(
            paging.limit,
            paging.offset,
            &paging.order_by,
            paging.descending,
            allowed,
        )?;
        if paging.after < 0 {
            return Err(ServiceError::invalid_field(
                "after",
                "L'identifiant de la dernière ligne reçue ne peut pas être négatif.",
            ));
        }
        Ok(Page { after: paging.after, ..page })
    }

    /// The page of a list that pages by `after`, except on the sorts of `offset_sorts` (public names of
    /// columns computed or joined: no index to walk from a row), where `after` is refused.
    pub fn of_except(
        paging: &proto::common::Paging,
        allowed: &[(&str, &'static str)],
        offset_sorts: &[&str],
    ) -> Result<Page, ServiceError> {
        if paging.after != 0 && offset_sorts.contains(&paging.order_by.as_str()) {
            return Err(ServiceError::invalid_field(
                "after",
                format!(
                    "Triée sur « {} », cette liste se pagine par _offset, pas par « after ».",
                    paging.order_by
                ),
            ));
        }
        Page::of(paging, allowed)
    }

    /// The page of a list that pages by `_offset` only: `after` is refused.
    pub fn by_offset(
        paging: &proto::common::Paging,
        allowed: &[(&str, &'static str)],
    ) -> Result<Page, ServiceError> {
        Page::offset_only(paging)?;
        Page::checked(paging.limit, paging.offset, &paging.order_by, paging.descending, allowed)
    }

    /// Refuses `after` for a list that pages by `_offset` only.
    pub fn offset_only(paging: &proto::common::Paging) -> Result<(), ServiceError> {
        if paging.after != 0 {
            return Err(ServiceError::invalid_field(
                "after",
                "Cette liste se pagine par _offset, pas par « after ».",
            ));
        }
        Ok(())
    }

    /// The rows to skip: none when the page follows a row.
    pub fn skipped(&self) -> i64 {
        if self.after > 0 { 0 } else { self.offset }
    }

    /// Pushes ` AND <the rows after the row `after`>` in the order of `order_sql` (or, when
    /// `nullable` is false, of `order_sql_not_null`), nothing without `after`. `table` is the list's
    /// table, which the query names by the sort column's prefix (`m` in `m.member_lastname`); `id` is its
    /// id column. The sort value of the row `after` is read from the table: a row deleted meanwhile
    /// ends the list there.
    pub fn push_after(
        &self,
        q: &mut QueryBuilder<Postgres>,
        table: &str,
        id: &str,
        nullable: bool,
    ) {
        if self.after <= 0 {
            return;
        }
        let (alias, column) = self.order_column.split_once('.').unwrap_or(("", self.order_column));
        let (own_id, op) = (format!("{alias}.{id}"), if self.descending { "<" } else { ">" });
        if column == id {
            q.push(format!(" AND {own_id} {op} ")).push_bind(self.after);
            return;
        }
        let own = self.order_column;
        let anchor = |q: &mut QueryBuilder<Postgres>| {
            q.push(format!("(SELECT a.{column} FROM {table} a WHERE a.{id} = "))
                .push_bind(self.after)
                .push(")");
        };
        let after_row = |q: &mut QueryBuilder<Postgres>| {
            q.push(format!("({own}, {own_id}) {op} ("));
            anchor(q);
            q.push(", ").push_bind(self.after).push(")");
        };
        if !nullable {
            q.push(" AND ");
            after_row(q);
            return;
        }
        // NULLs come last in both directions: after a NULL only NULLs, by id; after a value, the
        // values beyond it, then every NULL.
        q.push(" AND CASE WHEN ");
        anchor(q);
        q.push(format!(" IS NULL THEN {own} IS NULL AND {own_id} {op} ")).push_bind(self.after);
        q.push(" ELSE ");
        after_row(q);
        q.push(format!(" OR {own} IS NULL END"));
    }

    /// Pushes ` ORDER BY <order> LIMIT <limit> OFFSET <rows skipped>`: the end of a page's statement.
    pub fn push_window(&self, q: &mut QueryBuilder<Postgres>, order: &str) {
        q.push(format!(" ORDER BY {order} LIMIT "))
            .push_bind(self.limit)
            .push(" OFFSET ")
            .push_bind(self.skipped());
    }

    /// `ORDER BY` text built only from allow-listed parts, with the id as a tie-breaker so pages are stable.
    pub fn order_sql(&self, tie_breaker: &str) -> String {
        let dir = if self.descending { "DESC" } else { "ASC" };
        format!("{} {dir} NULLS LAST, {tie_breaker} {dir}", self.order_column)
    }

    /// The same for lists whose sort columns are all NOT NULL: without a NULLS clause, one ascending
    /// index serves both directions (PostgreSQL reads it backwards for `DESC`).
    pub fn order_sql_not_null(&self, tie_breaker: &str) -> String {
        let dir = if self.descending { "DESC" } else { "ASC" };
        format!("{} {dir}, {tie_breaker} {dir}", self.order_column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALLOWED: &[(&str, &str)] = &[("login_name", "name"), ("login_id", "id")];

    #[test]
    fn empty_sort_takes_the_first_allowed_field() {
        let p = Page::checked(0, 0, "", false, ALLOWED).unwrap();
        assert_eq!(p.limit, DEFAULT_LIMIT);
        assert_eq!(p.order_sql("id"), "name ASC NULLS LAST, id ASC");
    }

    #[test]
    fn a_page_after_a_row_skips_nothing_and_walks_from_that_row() {
        let paging = proto::common::Paging {
            limit: 50,
            offset: 100,
            order_by: "login_name".into(),
            descending: true,
            after: 7,
        };
        let page = Page::of(&paging, ALLOWED).unwrap();
        assert_eq!(page.skipped(), 0);
        let mut q = QueryBuilder::<Postgres>::new("SELECT 1 FROM t x WHERE TRUE");
        let page = Page { order_column: "x.name", ..page };
        page.push_after(&mut q, "t", "id", false);
        assert_eq!(
            q.sql(),
            "SELECT 1 FROM t x WHERE TRUE AND (x.name, x.id) < ((SELECT a.name FROM t a WHERE a.id = $1), $2)"
        );
    }

    #[test]
    fn after_is_refused_on_a_sort_that_pages_by_offset_only() {
        let on = |order_by: &str| proto::common::Paging {
            order_by: order_by.into(),
            after: 3,
            ..Default::default()
        };
        let err = Page::of_except(&on("login_id"), ALLOWED, &["login_id"]).unwrap_err();
        assert!(err.to_string().contains("Triée sur « login_id »"));
        assert_eq!(Page::of_except(&on("login_name"), ALLOWED, &["login_id"]).unwrap().after, 3);
    }

    #[test]
    fn a_negative_after_is_refused_in_french() {
        let paging = proto::common::Paging { after: -1, ..Default::default() };
        let err = Page::of(&paging, ALLOWED).unwrap_err();
        assert!(err.to_string().contains("dernière ligne"));
    }

    #[test]
    fn a_field_outside_the_allow_list_is_refused() {
        let err = Page::checked(10, 0, "name; drop table x", false, ALLOWED).unwrap_err();
        assert!(err.to_string().contains("Tri impossible"));
    }
}
