//! Who may do what (docs/roles.md). The gateway enforces this matrix on every call; a handler states
//! its need in its signature (`Authorized<UsersWrite>`), so it cannot forget the check.

use common::roles::Role;

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
            matches!(area, Geography | Members | Cards | Reports | Sync)
                || (area == LoginParams && access == Read)
        }
        Role::Agent => match area {
            Members | Cards => true,
            Geography => access != Delete,
            Reports | LoginParams => access == Read,
            Users | Tools | Sync => false,
        },
        Role::Viewer => {
            access == Read && matches!(area, Geography | Members | Cards | Reports | LoginParams)
        }
        Role::Sync => area == Sync,
    }
}

/// A permission a handler needs, as a type.
pub trait Permission {
    const AREA: Area;
    const ACCESS: Access;
}

macro_rules! permissions {
    ($($name:ident = $area:ident $access:ident;)*) => {$(
        pub struct $name;
        impl Permission for $name {
            const AREA: Area = Area::$area;
            const ACCESS: Access = Access::$access;
        }
    )*};
}

permissions! {
    UsersRead = Users Read;
    UsersWrite = Users Write;
    UsersDelete = Users Delete;
    LoginParamsRead = LoginParams Read;
    LoginParamsWrite = LoginParams Write;
    ToolsUse = Tools Write;
    GeographyRead = Geography Read;
    GeographyWrite = Geography Write;
    GeographyDelete = Geography Delete;
    MembersRead = Members Read;
    MembersWrite = Members Write;
    MembersDelete = Members Delete;
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
