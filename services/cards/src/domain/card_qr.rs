//! The QR code of a card, in the open format identity programmes verify offline: MOSIP Claim 169 (the
//! identity as CBOR with numeric keys, in a CWT naming the issuer, the card's number as subject, its
//! issue and expiry, signed as COSE_Sign1 with Ed25519, compressed with zlib, written in Base45), built
//! with `claim169-core`. Of the holder it carries what the card itself prints, and nothing more: the
//! member's number, names and birth date (no phone: anyone with a phone camera reads the code). Of the
//! card: its number, expiry and issuer, printed too, and when the code was signed. No photo, so the code
//! stays small enough to scan from a printed card.

use chrono::NaiveDate;
use claim169_core::model::{Claim169, CwtMeta};
use claim169_core::{Decoder, Encoder};
use common::error::ServiceError;

/// The key that signs cards' codes, and the issuer the codes name.
#[derive(Clone)]
pub struct CardSigner {
    seed: [u8; 32],
    pub public_key: [u8; 32],
    pub issuer: String,
}

/// What a card's code says: only what the card prints (see the module's note).
#[derive(Debug, Clone, PartialEq)]
pub struct CardFacts {
    pub member_id_number: String,
    pub card_number: String,
    pub firstname: String,
    pub lastname: String,
    pub birth_date: Option<NaiveDate>,
    pub issued_at: i64,
    pub expires_at: i64,
}

impl CardSigner {
    pub fn new(seed: [u8; 32], issuer: &str) -> Self {
        let public_key = ed25519_dalek::SigningKey::from_bytes(&seed).verifying_key().to_bytes();
        CardSigner { seed, public_key, issuer: issuer.to_string() }
    }

    /// The key's id: the first bytes of the public key, as tokens name theirs.
    pub fn kid(&self) -> String {
        common::identity::key_id(&self.public_key)
    }

    /// The QR code's text of a card.
    pub fn sign(&self, card: &CardFacts) -> Result<String, ServiceError> {
        let mut claim = Claim169::new()
            .with_id(card.member_id_number.clone())
            .with_full_name(format!("{} {}", card.firstname, card.lastname))
            .with_first_name(card.firstname.clone())
            .with_last_name(card.lastname.clone());
        if let Some(born) = card.birth_date {
            claim = claim.with_date_of_birth(born.format("%Y%m%d").to_string());
        }
        let meta = CwtMeta::new()
            .with_issuer(self.issuer.clone())
            .with_subject(card.card_number.clone())
            .with_issued_at(card.issued_at)
            .with_expires_at(card.expires_at);
        let encoded = Encoder::new(claim, meta)
            .sign_with_ed25519(&self.seed)
            .and_then(|e| e.encode())
            .map_err(|e| ServiceError::Internal(anyhow::anyhow!("card QR code: {e}")))?;
        Ok(encoded.qr_data)
    }
}

/// Reads a card's code back, checking its signature with `public_key` (what a reader does).
pub fn read(qr: &str, public_key: &[u8]) -> Result<(Claim169, CwtMeta), String> {
    let decoded = Decoder::new(qr)
        .verify_with_ed25519(public_key)
        .and_then(|d| d.decode())
        .map_err(|e| e.to_string())?;
    Ok((decoded.claim169, decoded.cwt_meta))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card() -> CardFacts {
        CardFacts {
            member_id_number: "C000000175".into(),
            card_number: "K000000142".into(),
            firstname: "Adjoua Élodie".into(),
            lastname: "N'Guessan-Kouadio".into(),
            birth_date: NaiveDate::from_ymd_opt(1985, 2, 14),
            issued_at: 1_795_000_000,
            expires_at: 1_952_000_000,
        }
    }

    #[test]
    fn a_code_reads_back_with_its_key_and_names_the_card() {
        let signer = CardSigner::new([7; 32], "Sésame");
        let qr = signer.sign(&card()).unwrap();
        assert!(
            qr.chars().all(|c| "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".contains(c)),
            "Base45"
        );
        assert!(
            qr.len() < 400,
            "small enough to scan from a printed card: {} characters",
            qr.len()
        );
        if std::env::var_os("CARD_QR_VECTOR").is_some() {
            let key: String = signer.public_key.iter().map(|b| format!("{b:02x}")).collect();
            println!("public key {key}\nqr {qr}");
        }
        let (claim, meta) = read(&qr, &signer.public_key).unwrap();
        assert_eq!(claim.id.as_deref(), Some("C000000175"));
        assert_eq!(claim.full_name.as_deref(), Some("Adjoua Élodie N'Guessan-Kouadio"));
        assert_eq!(claim.date_of_birth.as_deref(), Some("19850214"));
        assert_eq!(meta.subject.as_deref(), Some("K000000142"));
        assert_eq!(meta.issuer.as_deref(), Some("Sésame"));
        assert_eq!(meta.expires_at, Some(1_952_000_000));
    }

    #[test]
    fn the_code_carries_only_what_the_card_prints_and_no_phone() {
        let signer = CardSigner::new([7; 32], "Sésame");
        let (claim, meta) = read(&signer.sign(&card()).unwrap(), &signer.public_key).unwrap();
        assert_eq!(claim.phone, None, "the card does not print the phone");
        // The whole claim, so that nothing else slips in unnoticed.
        let printed = Claim169::new()
            .with_id("C000000175")
            .with_full_name("Adjoua Élodie N'Guessan-Kouadio")
            .with_first_name("Adjoua Élodie")
            .with_last_name("N'Guessan-Kouadio")
            .with_date_of_birth("19850214");
        assert_eq!(claim, printed);
        assert_eq!(
            (meta.issuer.as_deref(), meta.subject.as_deref(), meta.issued_at, meta.expires_at),
            (Some("Sésame"), Some("K000000142"), Some(1_795_000_000), Some(1_952_000_000))
        );
    }

    #[test]
    fn another_key_or_a_changed_code_is_refused() {
        let qr = CardSigner::new([7; 32], "Sésame").sign(&card()).unwrap();
        let other = CardSigner::new([8; 32], "Sésame");
        assert!(read(&qr, &other.public_key).is_err(), "a forged card");
        let signer = CardSigner::new([7; 32], "Sésame");
        let mut tampered: Vec<char> = qr.chars().collect();
        let middle = tampered.len() / 2;
        tampered[middle] = if tampered[middle] == 'A' { 'B' } else { 'A' };
        let tampered: String = tampered.into_iter().collect();
        assert!(read(&tampered, &signer.public_key).is_err());
    }
}
