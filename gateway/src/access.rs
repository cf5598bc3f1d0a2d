//! Who may do what (docs/roles.md). The gateway enforces the matrix (`common::roles::may`, which every
//! service enforces again) on every call; a handler states its need in its signature
//! (`Authorized<UsersWrite>`), so it cannot forget the check.

pub use common::roles::{Access, Area, may};

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
    ToolsRead = Tools Read;
    ToolsUse = Tools Write;
    GeographyRead = Geography Read;
    GeographyWrite = Geography Write;
    GeographyDelete = Geography Delete;
    MembersRead = Members Read;
    MembersWrite = Members Write;
    MembersDelete = Members Delete;
    CardsRead = Cards Read;
    CardsWrite = Cards Write;
    CardsDelete = Cards Delete;
    CardsCancel = CardCancellation Delete;
    ReportsRead = Reports Read;
    ReportsWrite = Reports Write;
    ReportsDelete = Reports Delete;
    SyncRead = Sync Read;
    SyncWrite = Sync Write;
    SyncDelete = Sync Delete;
    ReplicationWrite = Replication Write;
    HistoryRead = History Read;
    HistoryRestore = History Write;
    AuditRead = Audit Read;
}
