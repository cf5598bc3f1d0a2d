//! The central server as a field laptop's run reaches it: its gateway over HTTPS, signed in with the
//! laptop's sync token; every failure said in French, as the agent can act on it.

use crate::CentralServer;
use crate::domain::messages as msg;
use proto::members::{SyncApplied, SyncedMemberPage};
use proto::sync::{ChangesAfter, HandshakeAnswer, HandshakeRequest, ReceivedBatch};
use reqwest::Method;
use serde::de::DeserializeOwned;
use std::time::Duration;

/// How long the central server has to answer one request.
const CENTRAL_TIMEOUT: Duration = Duration::from_secs(60);

/// A session on the central server, opened with the laptop's sync token.
pub struct Session<'a> {
    central: &'a CentralServer,
    http: &'a reqwest::Client,
    token: String,
    /// The sync login the token belongs to.
    pub login: String,
}

impl<'a> Session<'a> {
    /// Signs in to the central server with the laptop's sync token.
    pub async fn open(
        central: &'a CentralServer,
        http: &'a reqwest::Client,
    ) -> Result<Session<'a>, String> {
        let body = serde_json::json!({ "login_syncToken": central.sync_token });
        let request = http.post(url(central, "auth/sync_login")).json(&body);
        let answer = send(central, request).await?;
        Ok(Session {
            central,
            http,
            token: answer["token"].as_str().unwrap_or_default().to_string(),
            login: answer["user"]["login_name"].as_str().unwrap_or_default().to_string(),
        })
    }

    /// Says who the laptop is and where its changes stand (`get_synchronization_to_server`).
    pub async fn handshake(&self, hello: &HandshakeRequest) -> Result<HandshakeAnswer, String> {
        let query =
            [("instanceId", hello.instance_id.clone()), ("position", hello.position.to_string())];
        let request = self.call(Method::GET, "synchronization/get_synchronization_to_server");
        data(send(self.central, request.query(&query)).await?)
    }

    /// Sends a batch of the laptop's members (`post_synchronization`).
    pub async fn send_batch(&self, batch: &ReceivedBatch) -> Result<SyncApplied, String> {
        let request = self.call(Method::POST, "synchronization/post_synchronization").json(batch);
        data(send(self.central, request).await?)
    }

    /// A page of the central server's changes after the laptop's checkpoint
    /// (`get_synchronization_from_server`).
    pub async fn changes(&self, after: &ChangesAfter) -> Result<SyncedMemberPage, String> {
        let query = [
            ("instanceId", after.instance_id.clone()),
            ("after", after.after.to_string()),
            ("limit", after.limit.to_string()),
        ];
        let request = self.call(Method::GET, "synchronization/get_synchronization_from_server");
        data(send(self.central, request.query(&query)).await?)
    }

    fn call(&self, method: Method, path: &str) -> reqwest::RequestBuilder {
        self.http.request(method, url(self.central, path)).bearer_auth(&self.token)
    }
}

fn url(central: &CentralServer, path: &str) -> String {
    format!("{}/api/{path}", central.url.trim_end_matches('/'))
}

/// Sends a request; answers its JSON, or why it failed in French (the central server's own message
/// when it refused).
async fn send(
    central: &CentralServer,
    request: reqwest::RequestBuilder,
) -> Result<serde_json::Value, String> {
    let response = request
        .timeout(CENTRAL_TIMEOUT)
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
    Ok(answer)
}

/// The `data` of an answer's envelope, read as `T`.
fn data<T: DeserializeOwned>(mut answer: serde_json::Value) -> Result<T, String> {
    serde_json::from_value(answer["data"].take()).map_err(|error| msg::central_unreadable(&error))
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
