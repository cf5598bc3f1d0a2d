//! The roles of docs/roles.md and what each may do. One role per login; the gateway and every service
//! enforce the same matrix (`may`). The web reads it too, as data (`matrix`, written by `make openapi` to
//! `web/src/app/roleMatrix.json`).

use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// Everything, including users, login parameters, documentation and tools.
    Admin,
    /// All business data and reports, no users.
    Manager,
    /// Members, photos, transactions, card creation, deliveries; no geography deletes, no users.
    Agent,
    /// Read only.
    Viewer,
    /// The technical login of a field instance talking to the central server.
    Sync,
    /// No login: a service's background work (a sync run) calling other services, with a token auth
    /// signs for the service (`identity::ServiceIdentity`). The gateway never accepts it.
    Service,
}

impl Role {
    /// Every role a token may carry.
    pub const ALL: [Role; 6] =
        [Role::Admin, Role::Manager, Role::Agent, Role::Viewer, Role::Sync, Role::Service];
    /// The roles a login may have (the web's, and the users screen's).
    pub const LOGINS: [Role; 5] =
        [Role::Admin, Role::Manager, Role::Agent, Role::Viewer, Role::Sync];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Manager => "manager",
            Role::Agent => "agent",
            Role::Viewer => "viewer",
            Role::Sync => "sync",
            Role::Service => "service",
        }
    }

    /// The French name the web shows (`web/src/shared/locale/fr.ts`, docs/roles.md).
    pub fn label(self) -> &'static str {
        match self {
            Role::Admin => "Administrateur",
            Role::Manager => "Gestionnaire",
            Role::Agent => "Agent",
            Role::Viewer => "Lecteur",
            Role::Sync => "Synchronisation",
            Role::Service => "Service (tâche de fond)",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Role {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, ()> {
        Role::ALL.into_iter().find(|r| r.as_str() == s).ok_or(())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Area {
    /// Application users (logins).
    Users,
    /// Login parameters (application settings).
    LoginParams,
    /// Tools for administrators (password hashes, failed photo synchronisations).
    Tools,
    /// Geography: regions, departments, sub-prefectures, localities.
    Geography,
    /// Members, families, photos, cooperatives, parcels.
    Members,
    /// Cards, deliveries, mobile-money transactions.
    Cards,
    /// Cancelling a card (`card/delete_card`): a decision over a member's right, kept from agents.
    CardCancellation,
    Reports,
    /// Synchronisation runs on this instance (start, stop) and their journal.
    Sync,
    /// The records that travel between instances: the central server's side of a laptop's run and the
    /// members service's reading and applying of them. Machines only: a laptop's sync login, a run's
    /// service identity.
    Replication,
    /// A record's history (read with the record's own area) and the restore of a past version.
    History,
    /// The whole history of every change, an auditor's list.
    Audit,
}

impl Area {
    pub const ALL: [Area; 12] = [
        Area::Users,
        Area::LoginParams,
        Area::Tools,
        Area::Geography,
        Area::Members,
        Area::Cards,
        Area::CardCancellation,
        Area::Reports,
        Area::Sync,
        Area::Replication,
        Area::History,
        Area::Audit,
    ];

    /// The area's name in `web/src/app/roleMatrix.json` (camelCase, stable: the web names areas by it).
    pub fn as_str(self) -> &'static str {
        match self {
            Area::Users => "users",
            Area::LoginParams => "loginParams",
            Area::Tools => "tools",
            Area::Geography => "geography",
            Area::Members => "members",
            Area::Cards => "cards",
            Area::CardCancellation => "cardCancellation",
            Area::Reports => "reports",
            Area::Sync => "sync",
            Area::Replication => "replication",
            Area::History => "history",
            Area::Audit => "audit",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Read,
    Write,
    Delete,
}

impl Access {
    pub const ALL: [Access; 3] = [Access::Read, Access::Write, Access::Delete];

    pub fn as_str(self) -> &'static str {
        match self {
            Access::Read => "read",
            Access::Write => "write",
            Access::Delete => "delete",
        }
    }
}

/// The matrix. Every signed-in login may read its own session and the environment; that needs no entry.
pub fn may(role: Role, area: Area, access: Access) -> bool {
    use Access::*;
    use Area::*;
    match role {
        Role::Admin => true,
        Role::Manager => {
            matches!(
                area,
                Geography | Members | Cards | CardCancellation | Reports | Sync | History
            ) || (area == LoginParams && access == Read)
        }
        // An agent synchronises the laptop they registered members on.
        Role::Agent => match area {
            Members | Cards => true,
            Geography | Sync => access != Delete,
            Reports | LoginParams | History => access == Read,
            Users | Tools | Replication | CardCancellation | Audit => false,
        },
        Role::Viewer => {
            access == Read
                && matches!(area, Geography | Members | Cards | Reports | LoginParams | History)
        }
        Role::Sync => area == Replication,
        // A sync run: the members it sends and applies, and what it reads to do so.
        Role::Service => {
            (area == Replication && access != Delete)
                || (access == Read && matches!(area, Members | Geography | Cards))
        }
    }
}

/// The whole matrix as data, derived from `may` (`matrix()`); it serialises, in the order of the `ALL`s, to
/// `{ "roles": [..], "labels": { "admin": "Administrateur", .. }, "areas": [..], "accesses": [..],
/// "may": { "admin": { "users": ["read", "write", "delete"], .. }, .. } }`, every area under every role.
#[derive(Serialize)]
pub struct RoleMatrix {
    roles: Vec<&'static str>,
    labels: Ordered<&'static str>,
    areas: Vec<&'static str>,
    accesses: Vec<&'static str>,
    may: Ordered<Ordered<Vec<&'static str>>>,
}

/// A JSON object whose keys keep the order they are given in (serde_json's own map sorts them).
struct Ordered<V>(Vec<(&'static str, V)>);

impl<V: Serialize> Serialize for Ordered<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(key, value)| (key, value)))
    }
}

/// What `may` says for every login's role, area and access: `make openapi` writes it to
/// `web/src/app/roleMatrix.json`, which `web/src/app/access.ts` reads.
pub fn matrix() -> RoleMatrix {
    let allowed = |role, area| {
        Access::ALL
            .into_iter()
            .filter(|&access| may(role, area, access))
            .map(Access::as_str)
            .collect()
    };
    let by_area = |role| Ordered(Area::ALL.map(|area| (area.as_str(), allowed(role, area))).into());
    RoleMatrix {
        roles: Role::LOGINS.map(Role::as_str).into(),
        labels: Ordered(Role::LOGINS.map(|role| (role.as_str(), role.label())).into()),
        areas: Area::ALL.map(Area::as_str).into(),
        accesses: Access::ALL.map(Access::as_str).into(),
        may: Ordered(Role::LOGINS.into_iter().map(|role| (role.as_str(), by_area(role))).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_role_reads_back_from_its_name() {
        for role in Role::ALL {
            assert_eq!(role.as_str().parse::<Role>(), Ok(role));
        }
        assert!("root".parse::<Role>().is_err());
    }

    #[test]
    fn only_admins_manage_users() {
        for role in Role::ALL {
            assert_eq!(may(role, Area::Users, Access::Read), role == Role::Admin, "{role}");
        }
    }

    #[test]
    fn agents_cannot_delete_geography_and_viewers_only_read() {
        assert!(may(Role::Agent, Area::Geography, Access::Write));
        assert!(!may(Role::Agent, Area::Geography, Access::Delete));
        assert!(may(Role::Viewer, Area::Members, Access::Read));
        assert!(!may(Role::Viewer, Area::Members, Access::Write));
        assert!(!may(Role::Sync, Area::Members, Access::Read));
        assert!(may(Role::Sync, Area::Replication, Access::Write));
        assert!(!may(Role::Sync, Area::Sync, Access::Read));
        assert!(may(Role::Agent, Area::Sync, Access::Write));
        assert!(!may(Role::Agent, Area::Replication, Access::Read));
        assert!(!may(Role::Manager, Area::Replication, Access::Write));
    }

    #[test]
    fn only_admins_and_managers_cancel_cards() {
        for role in Role::ALL {
            let may_cancel = may(role, Area::CardCancellation, Access::Delete);
            assert_eq!(may_cancel, matches!(role, Role::Admin | Role::Manager), "{role}");
        }
        assert!(
            may(Role::Agent, Area::Cards, Access::Delete),
            "agents delete payments and deliveries"
        );
    }

    #[test]
    fn the_matrix_as_data_says_what_may_says() {
        let matrix = serde_json::to_value(matrix()).unwrap();
        assert_eq!(
            matrix["roles"],
            serde_json::json!(["admin", "manager", "agent", "viewer", "sync"])
        );
        assert_eq!(matrix["labels"]["manager"], "Gestionnaire");
        assert_eq!(matrix["may"]["agent"]["geography"], serde_json::json!(["read", "write"]));
        assert_eq!(matrix["may"]["agent"]["cardCancellation"], serde_json::json!([]));
        for role in Role::LOGINS {
            for area in Area::ALL {
                for access in Access::ALL {
                    let listed = matrix["may"][role.as_str()][area.as_str()]
                        .as_array()
                        .unwrap()
                        .contains(&access.as_str().into());
                    assert_eq!(listed, may(role, area, access), "{role} {area:?} {access:?}");
                }
            }
        }
    }

    #[test]
    fn the_matrix_keeps_the_order_of_the_enums() {
        let json = serde_json::to_string(&matrix()).unwrap();
        assert!(json.starts_with(
            r#"{"roles":["admin","manager","agent","viewer","sync"],"labels":{"admin":"#
        ));
        assert!(
            json.contains(r#""may":{"admin":{"users":["read","write","delete"],"loginParams":"#)
        );
    }

    /// The web reads the matrix from `web/src/app/roleMatrix.json`; this keeps that file equal to `may`.
    /// After changing the matrix, run `make openapi` (`scripts/check-api-types.sh` checks the exact text).
    #[test]
    fn web_role_matrix_json_matches_the_code() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../web/src/app/roleMatrix.json");
        let committed = std::fs::read_to_string(&path)
            .expect("web/src/app/roleMatrix.json exists (run `make openapi`)");
        let committed: serde_json::Value = serde_json::from_str(&committed).unwrap();
        assert!(
            committed == serde_json::to_value(matrix()).unwrap(),
            "web/src/app/roleMatrix.json is out of date with common::roles::may: run `make openapi`"
        );
    }
}
