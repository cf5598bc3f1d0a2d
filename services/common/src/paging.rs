//! The paging inputs shared by every list (`_limit`, `_offset`, `_orderBy`, `_descending`), checked
//! where the list is queried: the sort field must come from the list's allow-list.

use crate::error::ServiceError;

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
        Ok(Page { limit, offset, order_column, descending })
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
    fn a_field_outside_the_allow_list_is_refused() {
        let err = Page::checked(10, 0, "name; drop table x", false, ALLOWED).unwrap_err();
        assert!(err.to_string().contains("Tri impossible"));
    }
}
