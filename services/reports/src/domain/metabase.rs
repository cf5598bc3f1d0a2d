//! Metabase's signed embedding: a report name maps to a dashboard of the Metabase site, answered as an
//! address whose token (HS256, signed with the site's embedding secret key) names the dashboard and
//! expires within minutes, so that an address copied out of the page soon opens nothing.

use super::messages as msg;
use common::error::ServiceError;
use jsonwebtoken::{Algorithm, EncodingKey, Header, encode};
use serde::Serialize;
use std::collections::BTreeMap;

/// The Metabase site and the dashboards report names stand for.
#[derive(Clone, Debug)]
pub struct Metabase {
    /// `https://metabase.example` (no trailing slash needed).
    pub site_url: String,
    /// The site's embedding secret key (Admin > Embedding).
    pub secret_key: String,
    /// Report name -> dashboard id (`METABASE_DASHBOARDS=membres=2,cartes=3`).
    pub dashboards: BTreeMap<String, i64>,
    /// How long an address opens the dashboard.
    pub lifetime: std::time::Duration,
}

#[derive(Serialize)]
struct Claims {
    resource: Resource,
    params: serde_json::Map<String, serde_json::Value>,
    exp: i64,
}

#[derive(Serialize)]
struct Resource {
    dashboard: i64,
}

/// Reads `membres=2,cartes=3`; a pair without a numeric id is refused, naming it.
pub fn parse_dashboards(text: &str) -> anyhow::Result<BTreeMap<String, i64>> {
    text.split(',')
        .map(str::trim)
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, id) = pair.split_once('=').unwrap_or((pair, ""));
            let id = id.trim().parse::<i64>().map_err(|_| {
                anyhow::anyhow!("METABASE_DASHBOARDS: `{pair}` must be name=dashboard id")
            })?;
            Ok((name.trim().to_string(), id))
        })
        .collect()
}

impl Metabase {
    /// The signed address of `report_name`'s dashboard, and when it expires (seconds since the epoch).
    pub fn embed(&self, report_name: &str, now: i64) -> Result<(String, i64), ServiceError> {
        let dashboard = *self.dashboards.get(report_name).ok_or_else(|| {
            let known: Vec<&str> = self.dashboards.keys().map(String::as_str).collect();
            ServiceError::NotFound(msg::dashboard_unknown(report_name, &known))
        })?;
        let exp = now + self.lifetime.as_secs() as i64;
        let claims = Claims { resource: Resource { dashboard }, params: Default::default(), exp };
        let token = encode(
            &Header::new(Algorithm::HS256),
            &claims,
            &EncodingKey::from_secret(self.secret_key.as_bytes()),
        )
        .map_err(|e| ServiceError::Internal(anyhow::anyhow!("signing an embed token: {e}")))?;
        let site = self.site_url.trim_end_matches('/');
        Ok((format!("{site}/embed/dashboard/{token}#bordered=true&titled=true"), exp))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dashboards_are_read_name_by_name() {
        let read = parse_dashboards("membres=2, cartes = 3,").unwrap();
        assert_eq!(read, BTreeMap::from([("membres".into(), 2), ("cartes".into(), 3)]));
        assert!(parse_dashboards("membres=deux").is_err());
    }
}
