//! The roles of docs/roles.md and what each may do. One role per login; the gateway and every service
//! enforce the same matrix (`may`).

use std::fmt;
use std::str::FromStr;

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
}

impl Role {
    pub const ALL: [Role; 5] = [Role::Admin, Role::Manager, Role::Agent, Role::Viewer, Role::Sync];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Manager => "manager",
            Role::Agent => "agent",
            Role::Viewer => "viewer",
            Role::Sync => "sync",
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
    /// The calls a field instance makes to the central server.
    Sync,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Read,
    Write,
    Delete,
}

/// The matrix. Every signed-in login may read its own session and the environment; that needs no entry.
pub fn may(role: Role, area: Area, access: Access) -> bool {
    use Access::*;
    use Area::*;
    match role {
        Role::Admin => true,
        Role::Manager => {
            matches!(area, Geography | Members | Cards | CardCancellation | Reports | Sync)
                || (area == LoginParams && access == Read)
        }
        Role::Agent => match area {
            Members | Cards => true,
            Geography => access != Delete,
            Reports | LoginParams => access == Read,
            Users | Tools | Sync | CardCancellation => false,
        },
        Role::Viewer => {
            access == Read && matches!(area, Geography | Members | Cards | Reports | LoginParams)
        }
        Role::Sync => area == Sync,
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
        assert!(may(Role::Sync, Area::Sync, Access::Write));
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
}
