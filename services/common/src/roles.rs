//! The roles of docs/roles.md. One role per login; the gateway enforces what each may do.

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
}
