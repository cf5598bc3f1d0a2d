//! A small REST client of the gateway, for the demo-data command and the benchmarks: they talk to the
//! product as the browser does.

use anyhow::{Context, Result, bail};
use serde::Serialize;
use serde_json::{Value, json};

pub struct ApiClient {
    base: String,
    http: reqwest::Client,
    token: String,
}

impl ApiClient {
    /// Signs in at `base` (e.g. `http://127.0.0.1:8080`).
    pub async fn sign_in(base: &str, login: &str, password: &str) -> Result<ApiClient> {
        let http = reqwest::Client::new();
        let answer: Value = http
            .post(format!("{base}/api/auth/login"))
            .json(&json!({"login": login, "password": password}))
            .send()
            .await
            .with_context(|| format!("Sésame ne répond pas sur {base}"))?
            .json()
            .await?;
        let Some(token) = answer["token"].as_str() else {
            bail!("connexion refusée : {}", answer["message"]);
        };
        Ok(ApiClient { base: base.to_string(), http, token: token.to_string() })
    }

    /// A client of a server that asks for no session (the benchmarks' Express peer); it sends an empty
    /// token.
    pub fn without_session(base: &str) -> ApiClient {
        ApiClient { base: base.to_string(), http: reqwest::Client::new(), token: String::new() }
    }

    /// The session token (for a tool that calls the gateway itself).
    pub fn token(&self) -> &str {
        &self.token
    }

    /// GET `path` (under `/api`); an answer whose status is not ok is an error with the server's message.
    pub async fn get(&self, path: &str) -> Result<Value> {
        let response = self
            .http
            .get(format!("{}/api{path}", self.base))
            .bearer_auth(&self.token)
            .send()
            .await?;
        checked(response.json().await?)
    }

    /// GET `path` and read the whole answer without parsing it (what the benchmarks time: the server's
    /// work, not the client's JSON parsing). A status other than 200 is an error.
    pub async fn get_bytes(&self, path: &str) -> Result<usize> {
        self.get_encoded(path, "identity").await
    }

    /// The answer's size as it travelled, asking for `accept_encoding` (a browser asks
    /// `gzip, deflate, br, zstd`); the body is not decompressed.
    pub async fn get_encoded(&self, path: &str, accept_encoding: &str) -> Result<usize> {
        let response = self
            .http
            .get(format!("{}/api{path}", self.base))
            .bearer_auth(&self.token)
            .header(reqwest::header::ACCEPT_ENCODING, accept_encoding)
            .send()
            .await?;
        let status = response.status();
        let body = response.bytes().await?;
        if status != reqwest::StatusCode::OK {
            bail!("{path}: HTTP {status}: {}", String::from_utf8_lossy(&body));
        }
        Ok(body.len())
    }

    pub async fn post<T: Serialize + ?Sized>(&self, path: &str, body: &T) -> Result<Value> {
        let response = self.post_to(path).json(body).send().await?;
        checked(response.json().await?)
    }

    /// A POST of `path` (under `/api`) with the token, its body still to give.
    fn post_to(&self, path: &str) -> reqwest::RequestBuilder {
        self.http.post(format!("{}/api{path}", self.base)).bearer_auth(&self.token)
    }
}

fn checked(answer: Value) -> Result<Value> {
    if answer["status"] == "ok" {
        Ok(answer)
    } else {
        bail!("{}", answer["message"].as_str().unwrap_or("erreur sans message"))
    }
}

/// What a streamed download measured.
pub struct Download {
    pub bytes: usize,
    /// When the first bytes arrived, after the request left.
    pub first_byte: std::time::Duration,
    /// The first bytes (to check what the file is).
    pub head: Vec<u8>,
}

impl ApiClient {
    /// POSTs `body` and reads the answer as it arrives, keeping only its size and first bytes (a file of
    /// any size is measured without holding it). A status other than 200 is an error.
    pub async fn post_download<T: Serialize + ?Sized>(
        &self,
        path: &str,
        body: &T,
    ) -> Result<Download> {
        let started = std::time::Instant::now();
        let mut response = self.post_to(path).json(body).send().await?;
        let status = response.status();
        if status != reqwest::StatusCode::OK {
            bail!("{path}: HTTP {status}: {}", response.text().await.unwrap_or_default());
        }
        let mut download =
            Download { bytes: 0, first_byte: std::time::Duration::ZERO, head: Vec::new() };
        while let Some(chunk) = response.chunk().await? {
            if download.bytes == 0 {
                download.first_byte = started.elapsed();
            }
            if download.head.len() < 16 {
                download.head.extend_from_slice(&chunk[..chunk.len().min(16)]);
            }
            download.bytes += chunk.len();
        }
        Ok(download)
    }

    /// Sends a file as multipart/form-data field `field`, with `fields` beside it.
    pub async fn upload(
        &self,
        path: &str,
        fields: &[(&str, String)],
        field: &str,
        file_name: &str,
        content: Vec<u8>,
    ) -> Result<Value> {
        let mut form = reqwest::multipart::Form::new();
        for (name, value) in fields {
            form = form.text(name.to_string(), value.clone());
        }
        form = form.part(
            field.to_string(),
            reqwest::multipart::Part::bytes(content).file_name(file_name.to_string()),
        );
        let response = self.post_to(path).multipart(form).send().await?;
        checked(response.json().await?)
    }
}
