//! The entities whose changes are kept, as the API names them (`history/get.history/{entity}/{id}`):
//! the service that owns each (and keeps its history) and the area of the role matrix that reads and
//! writes it. The gateway asks the owner; each service answers only for its own.

use crate::roles::Area;

pub struct Entity {
    pub name: &'static str,
    pub service: &'static str,
    pub area: Area,
}

pub const ENTITIES: &[Entity] = &[
    Entity { name: "member", service: "members", area: Area::Members },
    Entity { name: "cooperative", service: "members", area: Area::Members },
    Entity { name: "parcel", service: "members", area: Area::Members },
    Entity { name: "region", service: "geography", area: Area::Geography },
    Entity { name: "department", service: "geography", area: Area::Geography },
    Entity { name: "subprefecture", service: "geography", area: Area::Geography },
    Entity { name: "locality", service: "geography", area: Area::Geography },
    Entity { name: "transaction", service: "cards", area: Area::Cards },
    Entity { name: "card", service: "cards", area: Area::Cards },
    Entity { name: "delivery", service: "cards", area: Area::Cards },
    Entity { name: "user", service: "auth", area: Area::Users },
    Entity { name: "loginParam", service: "auth", area: Area::LoginParams },
    Entity { name: "report", service: "reports", area: Area::Reports },
];

/// The entity named `name`, if its changes are kept.
pub fn entity(name: &str) -> Option<&'static Entity> {
    ENTITIES.iter().find(|e| e.name == name)
}

/// The entities `service` owns.
pub fn owned_by(service: &str) -> impl Iterator<Item = &'static Entity> + '_ {
    ENTITIES.iter().filter(move |e| e.service == service)
}

/// The names of every entity, for a message that lists them.
pub fn names() -> String {
    ENTITIES.iter().map(|e| e.name).collect::<Vec<_>>().join(", ")
}
