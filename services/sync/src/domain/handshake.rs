//! What the central server makes of a field laptop's handshake: refused (a restored or copied laptop
//! database), or accepted, and then whether the laptop sends everything made on it (this server lost
//! what it sent: restored from a backup, the laptop accepted again).

use super::messages as msg;
use common::error::ServiceError;
use uuid::Uuid;

/// What the central server holds of a laptop: the greatest position it announced, the lineage last
/// confirmed to it (none: never, or forgotten to accept it again), and whether its last handshake
/// asked it to send everything.
pub struct Known {
    pub position: i64,
    pub confirmed: Option<Uuid>,
    pub send_everything: bool,
}

/// What the laptop presents: its position, the lineage confirmed to it last (none before its first
/// send), and the one it proposes now.
pub struct Presented {
    pub position: i64,
    pub lineage: Option<Uuid>,
    pub proposed: Uuid,
}

/// Refused in French, or accepted with whether the laptop sends everything made on it.
pub fn decide(known: Option<&Known>, hello: &Presented) -> Result<bool, ServiceError> {
    let Some(known) = known else {
        // Unknown here: a new laptop, or one that sent to this server before its backup was taken.
        return Ok(hello.lineage.is_some());
    };
    if hello.position < known.position {
        return Err(ServiceError::Conflict(msg::restored_database(hello.position, known.position)));
    }
    match known.confirmed {
        // Accepted again: it sent before, and this server no longer knows what.
        None => Ok(hello.lineage.is_some()),
        // It heard the confirmation of the handshake before: what that one asked is done (a laptop
        // marks everything before it confirms).
        Some(confirmed) if hello.lineage == Some(confirmed) => Ok(false),
        // Its run was cut before it heard the confirmation: as that handshake answered.
        Some(confirmed) if hello.proposed == confirmed => Ok(known.send_everything),
        Some(_) => Err(ServiceError::Conflict(msg::COPIED_DATABASE.into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: u128) -> Uuid {
        Uuid::from_u128(n)
    }

    fn hello(position: i64, lineage: Option<u128>, proposed: u128) -> Presented {
        Presented { position, lineage: lineage.map(id), proposed: id(proposed) }
    }

    fn known(position: i64, confirmed: Option<u128>, send_everything: bool) -> Known {
        Known { position, confirmed: confirmed.map(id), send_everything }
    }

    fn refusal(result: Result<bool, ServiceError>) -> String {
        match result {
            Err(ServiceError::Conflict(message)) => message,
            other => panic!("refused expected, got {:?}", other.map_err(|e| e.to_string())),
        }
    }

    #[test]
    fn a_new_laptop_is_accepted_and_one_that_sent_elsewhere_sends_everything() {
        assert!(!decide(None, &hello(10, None, 1)).unwrap());
        assert!(decide(None, &hello(10, Some(1), 2)).unwrap());
    }

    #[test]
    fn a_laptop_behind_its_position_or_with_another_lineage_is_refused() {
        let message = refusal(decide(Some(&known(20, Some(1), false)), &hello(10, Some(1), 2)));
        assert!(message.contains("jusqu'à la position 20, elle n'en est qu'à 10"), "{message}");
        let message = refusal(decide(Some(&known(20, Some(1), false)), &hello(30, Some(5), 6)));
        assert_eq!(message, msg::COPIED_DATABASE);
    }

    #[test]
    fn a_laptop_accepted_again_sends_everything_until_it_confirms_the_lineage_of_that_handshake() {
        // Accepted again (lineage forgotten): asked to send everything, lineage 2 confirmed here.
        assert!(decide(Some(&known(20, None, false)), &hello(30, Some(1), 2)).unwrap());
        // Its run cut before it confirmed 2: it proposes 2 again and is asked again.
        assert!(decide(Some(&known(30, Some(2), true)), &hello(30, Some(1), 2)).unwrap());
        // It confirmed 2 (after marking everything): an ordinary handshake from then on.
        assert!(!decide(Some(&known(30, Some(2), true)), &hello(31, Some(2), 3)).unwrap());
        // An ordinary run cut before its confirmation is not asked for everything.
        assert!(!decide(Some(&known(30, Some(2), false)), &hello(30, Some(1), 2)).unwrap());
    }
}
