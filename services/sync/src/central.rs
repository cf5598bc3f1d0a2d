//! The central server as a field laptop's run reaches it: its gateway over HTTPS, signed in with the
//! laptop's sync token; every failure said in French, as the agent can act on it.

use crate::CentralServer;
use crate::domain::messages as msg;
use proto::cards::CardPage;
use proto::geography::GeographyPage;
use proto::members::{SyncApplied, SyncedMemberPage, SyncedPhotoOutcomes};
use proto::sync::{
    CentralPhotoList, ChangesAfter, Checkpoints, HandshakeAnswer, HandshakeRequest, ReceivedBatch,
};
use reqwest::multipart::{Form, Part};
use reqwest::{Method, StatusCode};
use serde::de::DeserializeOwned;
use std::time::Duration;

/// How long the central server has to answer one request.
const CENTRAL_TIMEOUT: Duration = Duration::from_secs(60);

/// A session on the central server, opened with the laptop's sync token, and opened again when its
/// token expires during a long run.
pub struct Session<'a> {
    central: &'a CentralServer,
    http: &'a reqwest::Client,
    token: std::sync::Mutex<String>,
    /// The sync login the token belongs to.
    pub login: String,
}

impl<'a> Session<'a> {
    /// Signs in to the central server with the laptop's sync token.
    pub async fn open(
        central: &'a CentralServer,
        http: &'a reqwest::Client,
    ) -> Result<Session<'a>, String> {
        let (token, login) = sign_in(central, http).await?;
        Ok(Session { central, http, token: std::sync::Mutex::new(token), login })
    }

    /// Says who the laptop is and where its changes stand (`get_synchronization_to_server`).
    pub async fn handshake(&self, hello: &HandshakeRequest) -> Result<HandshakeAnswer, String> {
        let query = [
            ("instanceId", hello.instance_id.clone()),
            ("position", hello.position.to_string()),
            ("lineage", hello.lineage.clone()),
            ("proposedLineage", hello.proposed_lineage.clone()),
        ];
        self.call(Method::GET, "synchronization/get_synchronization_to_server", |r| r.query(&query))
            .await
    }

    /// Sends a batch of the laptop's members (`post_synchronization`).
    pub async fn send_batch(&self, batch: &ReceivedBatch) -> Result<SyncApplied, String> {
        self.call(Method::POST, "synchronization/post_synchronization", |r| r.json(batch)).await
    }

    /// The laptop's checkpoints as far as the central server served them
    /// (`get_synchronization_from_server_checkpoints`).
    pub async fn served_checkpoints(&self, mine: &Checkpoints) -> Result<Checkpoints, String> {
        let query = [
            ("instanceId", mine.instance_id.clone()),
            ("members", mine.members.to_string()),
            ("geography", mine.geography.to_string()),
            ("cards", mine.cards.to_string()),
        ];
        let path = "synchronization/get_synchronization_from_server_checkpoints";
        self.call(Method::GET, path, |r| r.query(&query)).await
    }

    /// A page of the central server's changes after the laptop's checkpoint
    /// (`get_synchronization_from_server`).
    pub async fn changes(&self, after: &ChangesAfter) -> Result<SyncedMemberPage, String> {
        self.page("synchronization/get_synchronization_from_server", after).await
    }

    /// A page of the central server's geography changes after the laptop's geography checkpoint
    /// (`get_synchronization_geography`).
    pub async fn geography(&self, after: &ChangesAfter) -> Result<GeographyPage, String> {
        self.page("synchronization/get_synchronization_geography", after).await
    }

    /// A page of the central server's payments and cards changed after the laptop's cards checkpoint
    /// (`get_synchronization_cards`).
    pub async fn cards(&self, after: &ChangesAfter) -> Result<CardPage, String> {
        self.page("synchronization/get_synchronization_cards", after).await
    }

    /// The photos of the central server's members of `member_uuids`, with their versions there
    /// (`get_synchronization_from_server_photos`); a member without a photo there is left out.
    pub async fn photos(
        &self,
        instance_id: &str,
        member_uuids: &[String],
    ) -> Result<CentralPhotoList, String> {
        let query =
            [("instanceId", instance_id.to_string()), ("memberUuids", member_uuids.join(","))];
        let path = "synchronization/get_synchronization_from_server_photos";
        self.call(Method::GET, path, |r| r.query(&query)).await
    }

    /// A page of `path` after the checkpoint `after` names.
    async fn page<T: DeserializeOwned>(
        &self,
        path: &str,
        after: &ChangesAfter,
    ) -> Result<T, String> {
        let query = [
            ("instanceId", after.instance_id.clone()),
            ("after", after.after.to_string()),
            ("limit", after.limit.to_string()),
        ];
        self.call(Method::GET, path, |r| r.query(&query)).await
    }

    /// Sends photos of members whose records the central server has, in one call
    /// (`post_synchronization_photos`); the central server answers each photo on its own.
    /// `Ok(Err(why))`: the central server refused the whole call (too large, say), so each of its photos
    /// goes to the failed photos; `Err`: the run cannot go on (the central server unreachable, or
    /// refusing the laptop).
    pub async fn send_photos(
        &self,
        instance_id: &str,
        photos: &[(String, Vec<u8>)],
    ) -> Result<Result<SyncedPhotoOutcomes, String>, String> {
        let form = || {
            let mut form = Form::new().text("instanceId", instance_id.to_string());
            for (member_uuid, content) in photos {
                let part = Part::bytes(content.clone())
                    .file_name(format!("{member_uuid}.jpg"))
                    .mime_str("image/jpeg")
                    .expect("a valid type");
                form = form.text("member_uuid", member_uuid.clone()).part("member_photo", part);
            }
            form
        };
        let path = "synchronization/post_synchronization_photos";
        let (status, answer) =
            self.exchange_signed(Method::POST, path, |r| r.multipart(form())).await?;
        // A refusal of the call (too large, a photo's member uuid wrong) is its photos'; any other (the
        // laptop refused, the server failing) stops the run.
        let photos_refused = status.is_client_error()
            && !matches!(status, StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN);
        if photos_refused {
            let said = answer["message"].as_str().unwrap_or("réponse sans message");
            return Ok(Err(msg::photo_refused(said)));
        }
        data(refused_or(status, answer)?).map(Ok)
    }

    /// Calls the central server with the session's token and reads the answer's `data`.
    async fn call<T: DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        with: impl Fn(reqwest::RequestBuilder) -> reqwest::RequestBuilder,
    ) -> Result<T, String> {
        let (status, answer) = self.exchange_signed(method, path, with).await?;
        data(refused_or(status, answer)?)
    }

    /// Calls the central server with the session's token; a token that expired meanwhile (401) is
    /// renewed by signing in again, once, and the call made again.
    async fn exchange_signed(
        &self,
        method: Method,
        path: &str,
        with: impl Fn(reqwest::RequestBuilder) -> reqwest::RequestBuilder,
    ) -> Result<(StatusCode, serde_json::Value), String> {
        let request = |token: &str| {
            with(self.http.request(method.clone(), url(self.central, path)).bearer_auth(token))
        };
        let token = self.token.lock().map(|t| t.clone()).unwrap_or_default();
        let (status, answer) = exchange(self.central, request(&token)).await?;
        if status != StatusCode::UNAUTHORIZED {
            return Ok((status, answer));
        }
        let (token, _) = sign_in(self.central, self.http).await?;
        if let Ok(mut kept) = self.token.lock() {
            kept.clone_from(&token);
        }
        exchange(self.central, request(&token)).await
    }
}

/// Signs in with the laptop's sync token: the session's token and the sync login's name.
async fn sign_in(
    central: &CentralServer,
    http: &reqwest::Client,
) -> Result<(String, String), String> {
    let body = serde_json::json!({ "login_syncToken": central.sync_token });
    let request = http.post(url(central, "auth/sync_login")).json(&body);
    let (status, answer) = exchange(central, request).await?;
    let answer = refused_or(status, answer)?;
    Ok((
        answer["token"].as_str().unwrap_or_default().to_string(),
        answer["user"]["login_name"].as_str().unwrap_or_default().to_string(),
    ))
}

fn url(central: &CentralServer, path: &str) -> String {
    format!("{}/api/{path}", central.url.trim_end_matches('/'))
}

/// Sends a request; answers its status and JSON, or why it could not, in French.
async fn exchange(
    central: &CentralServer,
    request: reqwest::RequestBuilder,
) -> Result<(StatusCode, serde_json::Value), String> {
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
    Ok((status, answer))
}

/// The answer of a call that succeeded, or the central server's own French message when it refused.
fn refused_or(status: StatusCode, answer: serde_json::Value) -> Result<serde_json::Value, String> {
    if !status.is_success() {
        let said = answer["message"].as_str().unwrap_or("réponse sans message");
        return Err(msg::central_refused(said));
    }
    Ok(answer)
}

/// The `data` of an answer's envelope, read as `T`.
fn data<T: DeserializeOwned>(mut answer: serde_json::Value) -> Result<T, String> {
    serde_json::from_value(answer["data"].take()).map_err(|error| {
        // The cause is for the operator's logs; the agent is told what to do, in French.
        tracing::warn!(%error, "an answer of the central server could not be read");
        msg::CENTRAL_UNREADABLE.to_string()
    })
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
