//! One run, in the background: it writes where it is in its journal entry, stops as soon as it is asked
//! to, and ends `done`, `stopped` or `failed` with a French message. Its one
//! step today: sign the laptop in to the central server with its sync token.

use crate::CentralServer;
use crate::domain::messages as msg;
use crate::store::Store;
use std::time::Duration;

/// How long the central server has to answer one request.
const CENTRAL_TIMEOUT: Duration = Duration::from_secs(30);
/// How often a run looks whether it was asked to stop.
const STOP_POLL: Duration = Duration::from_millis(250);

/// How a run ended, short of a failure (whose message says why).
enum Ended {
    Done(String),
    Stopped,
}

/// Runs `uuid` to its end and journals how it ended; never fails itself (a failure is its journal's).
#[tracing::instrument(name = "sync.run", skip(store, central, http))]
pub async fn run(
    store: Store,
    central: Option<CentralServer>,
    http: reqwest::Client,
    uuid: uuid::Uuid,
    direction: &'static str,
) {
    // A stop asked while a step waits (on the central server, say) ends the run at once.
    let outcome = tokio::select! {
        outcome = steps(&store, central.as_ref(), &http, uuid) => outcome,
        () = stop_asked(&store, uuid) => Ok(Ended::Stopped),
    };
    let (state, message) = match outcome {
        Ok(Ended::Done(message)) => ("done", message),
        Ok(Ended::Stopped) => ("stopped", msg::STOPPED.to_string()),
        Err(message) => {
            tracing::warn!(%uuid, direction, message, "sync run failed");
            ("failed", message)
        }
    };
    if let Err(error) = store.end_run(uuid, state, &message).await {
        tracing::error!(%uuid, %error, "the end of a sync run could not be journaled");
    }
}

/// Resolves once the run is asked to stop (its journal row says so; any replica may have been asked).
async fn stop_asked(store: &Store, uuid: uuid::Uuid) {
    loop {
        tokio::time::sleep(STOP_POLL).await;
        match store.stop_requested(uuid).await {
            Ok(true) => return,
            Ok(false) => {}
            Err(error) => {
                tracing::warn!(%uuid, %error, "whether a sync run was asked to stop is unknown")
            }
        }
    }
}

async fn steps(
    store: &Store,
    central: Option<&CentralServer>,
    http: &reqwest::Client,
    uuid: uuid::Uuid,
) -> Result<Ended, String> {
    let central = central.ok_or_else(|| msg::NOT_PAIRED.to_string())?;
    if store.stop_requested(uuid).await.map_err(|e| e.to_string())? {
        return Ok(Ended::Stopped);
    }
    let login = sign_in(central, http).await?;
    Ok(Ended::Done(msg::connected(&central.url, &login)))
}

/// Signs in to the central server with the laptop's sync token; answers the sync login's name.
async fn sign_in(central: &CentralServer, http: &reqwest::Client) -> Result<String, String> {
    let url = format!("{}/api/auth/sync_login", central.url.trim_end_matches('/'));
    let body = serde_json::json!({ "login_syncToken": central.sync_token });
    let response = http
        .post(&url)
        .timeout(CENTRAL_TIMEOUT)
        .json(&body)
        .send()
        .await
        .map_err(|error| msg::central_unreachable(&central.url, &cause(&error)))?;
    let status = response.status();
    let answer: serde_json::Value = response
        .json()
        .await
        .map_err(|error| msg::central_unreachable(&central.url, &cause(&error)))?;
    if !status.is_success() {
        let said = answer["message"].as_str().unwrap_or("réponse sans message");
        return Err(msg::central_refused(said));
    }
    Ok(answer["user"]["login_name"].as_str().unwrap_or_default().to_string())
}

/// A transport failure in French: what the laptop can act on.
fn cause(error: &reqwest::Error) -> String {
    if error.is_timeout() {
        "pas de réponse dans le délai".into()
    } else if error.is_connect() {
        "connexion impossible".into()
    } else if error.is_decode() {
        "réponse illisible (est-ce bien un serveur Sésame ?)".into()
    } else {
        "échec de la requête".into()
    }
}
