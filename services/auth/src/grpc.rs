//! The gRPC face of the auth service: translation between the contract and the rules and store.

use crate::domain::login_rules::{self, LoginInput};
use crate::domain::messages as msg;
use crate::password::{self, CheckTime};
use crate::store::{Credentials, LOGIN_SORT, LoginChanges, LoginParamRow, LoginRow, Store};
use crate::sync_token;
use crate::throttle::Throttle;
use crate::tokens::TokenIssuer;
use chrono::NaiveDate;
use common::error::ServiceError;
use common::identity::{Calls, Identity, Need};
use common::paging::Page;
use common::roles::{Access, Area, Role};
use proto::auth as pb;
use proto::auth::auth_server::Auth;
use std::sync::Arc;
use tonic::{Request, Response, Status};

#[derive(Clone)]
pub struct AuthGrpc {
    store: Store,
    tokens: TokenIssuer,
    throttle: Throttle,
    /// How long a real password check takes: an unknown login name waits as long, without hashing, so
    /// the answer does not reveal which names exist (`password::CheckTime`).
    check_time: Arc<CheckTime>,
    /// How long a session lasts, refreshes included.
    session_max_age: std::time::Duration,
    /// The services' secret (`ServiceToken`).
    service_secret: Option<Arc<String>>,
}

type Answer<T> = Result<Response<T>, Status>;

/// What each call needs from its caller (the role matrix of docs/roles.md, checked again here: a call
/// that reaches this service without passing the gateway is held to the same rules).
pub const CALLS: Calls = &[
    ("Login", Need::Nothing),
    ("Refresh", Need::Nothing),
    ("Authenticate", Need::Nothing),
    ("Logout", Need::Nothing),
    ("PublicKeys", Need::Nothing),
    ("HashPassword", Need::Role(Area::Tools, Access::Write)),
    ("ListLogins", Need::Role(Area::Users, Access::Read)),
    // One's own login, or any login for those who may read users (checked in the call).
    ("GetLogin", Need::SignedIn),
    ("CreateLogin", Need::Role(Area::Users, Access::Write)),
    ("UpdateLogin", Need::Role(Area::Users, Access::Write)),
    ("DeleteLogin", Need::Role(Area::Users, Access::Delete)),
    ("RenewSyncToken", Need::Role(Area::Users, Access::Write)),
    ("RevokeSyncToken", Need::Role(Area::Users, Access::Delete)),
    ("SyncLogin", Need::Nothing),
    // Proven by the service secret it carries.
    ("ServiceToken", Need::Nothing),
    ("GetLoginParam", Need::Role(Area::LoginParams, Access::Read)),
    ("SaveLoginParam", Need::Role(Area::LoginParams, Access::Write)),
];

impl AuthGrpc {
    pub fn new(
        store: Store,
        tokens: TokenIssuer,
        throttle: Throttle,
        check_time: CheckTime,
        session_max_age: std::time::Duration,
    ) -> Self {
        AuthGrpc {
            store,
            tokens,
            throttle,
            check_time: Arc::new(check_time),
            session_max_age,
            service_secret: None,
        }
    }

    /// Issues tokens of role `service` to the services that show `secret`.
    pub fn with_service_secret(self, secret: Option<String>) -> Self {
        AuthGrpc { service_secret: secret.filter(|s| !s.is_empty()).map(Arc::new), ..self }
    }

    pub fn verifier(&self) -> common::identity::Verifier {
        self.tokens.verifier()
    }

    /// The login behind a token, if the token is well signed, unexpired, its login still exists with the
    /// same token version (a deleted login, a changed password or role ends the session), and its session
    /// is still open (not signed out, not older than its absolute lifetime).
    async fn session(&self, token: &str) -> Result<(pb::Session, uuid::Uuid), ServiceError> {
        let invalid = || ServiceError::Unauthenticated(msg::SESSION_INVALID.into());
        let claims = self.tokens.check(token).ok_or_else(invalid)?;
        let login_id: i64 = claims.sub.parse().map_err(|_| invalid())?;
        let sid = uuid::Uuid::parse_str(&claims.sid).map_err(|_| invalid())?;
        let login = self.store.credentials_by_id(login_id).await?.ok_or_else(invalid)?;
        if login.token_version != claims.ver
            || !self.store.session_open(sid, login_id, self.session_max_age).await?
        {
            return Err(invalid());
        }
        Ok((pb::Session { login_id, login_name: login.login_name, role: login.login_role }, sid))
    }

    async fn sign_in(
        &self,
        login: &str,
        password: &str,
        address: &str,
    ) -> Result<pb::LoginResponse, ServiceError> {
        let login = login.trim();
        if let Err(seconds) = self.throttle.attempt(login, address).await? {
            return Err(ServiceError::TooManyRequests(msg::too_many_attempts(seconds.max(1))));
        }
        let found = self.store.credentials_by_name(login).await?;
        let Some(user) = self.checked(found, password).await? else {
            tracing::info!(login = ?login, address, "sign-in refused");
            return Err(ServiceError::Unauthenticated(msg::BAD_CREDENTIALS.into()));
        };
        self.throttle.clear(login, address).await?;
        self.open_session(user).await
    }

    /// A field instance's sign-in with its sync token (`sync_token`), held off like a password's.
    async fn sync_sign_in(
        &self,
        token: &str,
        address: &str,
    ) -> Result<pb::LoginResponse, ServiceError> {
        let key = sync_token::key_of(token).unwrap_or("sst_");
        if let Err(seconds) = self.throttle.attempt(key, address).await? {
            return Err(ServiceError::TooManyRequests(msg::too_many_attempts(seconds.max(1))));
        }
        let found = match sync_token::key_of(token) {
            Some(key) => self.store.credentials_by_sync_key(key).await?,
            None => None,
        };
        let Some(user) = self.checked(found, token.trim()).await? else {
            tracing::info!(key, address, "sync sign-in refused");
            return Err(ServiceError::Unauthenticated(msg::SYNC_TOKEN_INVALID.into()));
        };
        self.throttle.clear(key, address).await?;
        self.open_session(user).await
    }

    /// The login found, if `secret` matches its hash. Only a login that exists, and has a hash some
    /// text can match, spends a core (after its turn of the throttle); an unknown login, or a revoked
    /// sync token, is answered after as long as a real check takes, asleep (`CheckTime`).
    async fn checked(
        &self,
        found: Option<Credentials>,
        secret: &str,
    ) -> Result<Option<Credentials>, ServiceError> {
        let Some(user) = found.filter(|c| c.password_hash != sync_token::REVOKED_HASH) else {
            self.check_time.pretend().await;
            return Ok(None);
        };
        let began = std::time::Instant::now();
        let matches = password::verify(secret.to_string(), user.password_hash.clone()).await?;
        self.check_time.record(began.elapsed());
        Ok(matches.then_some(user))
    }

    async fn open_session(&self, user: Credentials) -> Result<pb::LoginResponse, ServiceError> {
        self.store.touch_last_connection(user.login_id).await?;
        let sid = self.store.open_session(user.login_id, self.session_max_age).await?;
        let token = self.tokens.issue(
            user.login_id,
            &user.login_name,
            &user.login_role,
            user.token_version,
            sid,
        )?;
        tracing::info!(login_id = user.login_id, "signed in");
        let row = self.store.get_login(user.login_id).await?;
        Ok(pb::LoginResponse { token, user: Some(to_pb(row)) })
    }
}

/// Runs a sign-in to its end even when its caller goes away halfway: the attempt it counted first is
/// then cleared (or stays, a failure), never left counted by a request cut off during the password's
/// check, of which a few would hold a login off (a sync run stopped while it signs in, say).
async fn to_the_end<T: Send + 'static>(
    sign_in: impl std::future::Future<Output = Result<T, ServiceError>> + Send + 'static,
) -> Result<T, ServiceError> {
    tokio::spawn(sign_in).await.map_err(|e| ServiceError::Internal(anyhow::Error::new(e)))?
}

fn to_pb(row: LoginRow) -> pb::Login {
    pb::Login {
        login_id: row.login_id,
        login_name: row.login_name,
        login_role: row.login_role,
        login_provider: row.login_provider,
        login_last_connection: row.login_last_connection.map(|t| t.to_rfc3339()),
        login_sync_token: row.login_sync_token.map(|key| format!("{key}…")),
    }
}

/// A new sync token: the token (answered once), its key and its hash (stored).
async fn new_sync_token() -> Result<(String, String), ServiceError> {
    let token = sync_token::make();
    let hash = password::hash(token.clone()).await?;
    Ok((token, hash))
}

fn param_to_pb(row: LoginParamRow) -> pb::LoginParam {
    pb::LoginParam {
        name: row.name,
        string_value: row.string_value,
        int_value: row.int_value,
        date_value: row.date_value.map(|d| d.to_string()),
        bool_value: row.bool_value,
    }
}

fn check_param_name(name: &str) -> Result<String, ServiceError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(ServiceError::invalid_field("loginParam_name", msg::PARAM_NAME_REQUIRED));
    }
    if name.chars().count() > 100 {
        return Err(ServiceError::invalid_field("loginParam_name", msg::PARAM_NAME_TOO_LONG));
    }
    Ok(name.to_string())
}

#[tonic::async_trait]
impl Auth for AuthGrpc {
    async fn login(&self, request: Request<pb::LoginRequest>) -> Answer<pb::LoginResponse> {
        let r = request.into_inner();
        let this = self.clone();
        let signed_in =
            to_the_end(async move { this.sign_in(&r.login, &r.password, &r.client_address).await });
        Ok(Response::new(signed_in.await?))
    }

    async fn refresh(&self, request: Request<pb::TokenRequest>) -> Answer<pb::TokenResponse> {
        let (session, sid) = self.session(&request.into_inner().token).await?;
        let version = self
            .store
            .credentials_by_id(session.login_id)
            .await?
            .map(|c| c.token_version)
            .unwrap_or(0);
        let token = self
            .tokens
            .issue(session.login_id, &session.login_name, &session.role, version, sid)
            .map_err(ServiceError::from)?;
        Ok(Response::new(pb::TokenResponse { token }))
    }

    async fn authenticate(&self, request: Request<pb::TokenRequest>) -> Answer<pb::Session> {
        Ok(Response::new(self.session(&request.into_inner().token).await?.0))
    }

    async fn logout(&self, request: Request<pb::TokenRequest>) -> Answer<proto::common::Empty> {
        // A token that no longer checks has no session left to end.
        if let Some(claims) = self.tokens.check(&request.into_inner().token)
            && let Ok(sid) = uuid::Uuid::parse_str(&claims.sid)
        {
            self.store.end_session(sid).await?;
            tracing::info!(login_id = %claims.sub, "signed out");
        }
        Ok(Response::new(proto::common::Empty {}))
    }

    async fn public_keys(
        &self,
        _request: Request<proto::common::Empty>,
    ) -> Answer<pb::PublicKeyList> {
        let (kid, key) = self.tokens.public_key();
        Ok(Response::new(pb::PublicKeyList { keys: vec![pb::PublicKey { kid, key }] }))
    }

    async fn hash_password(
        &self,
        request: Request<pb::HashPasswordRequest>,
    ) -> Answer<pb::HashPasswordResponse> {
        let text = request.into_inner().password;
        login_rules::check_update(&LoginInput { password: Some(&text), ..Default::default() })?;
        let hash = password::hash(text).await?;
        Ok(Response::new(pb::HashPasswordResponse { hash }))
    }

    async fn list_logins(
        &self,
        request: Request<pb::ListLoginsRequest>,
    ) -> Answer<pb::ListLoginsResponse> {
        let r = request.into_inner();
        let p = r.paging.unwrap_or_default();
        let page = Page::of(&p, LOGIN_SORT)?;
        let (rows, total) = self.store.list_logins(&r.filter, &page).await?;
        Ok(Response::new(pb::ListLoginsResponse {
            logins: rows.into_iter().map(to_pb).collect(),
            total,
        }))
    }

    async fn get_login(&self, request: Request<pb::LoginId>) -> Answer<pb::Login> {
        let caller = Identity::of(&request)?;
        let login_id = request.into_inner().login_id;
        if login_id != caller.login_id && !caller.may(Area::Users, Access::Read) {
            return Err(Status::permission_denied(msg::NOT_YOUR_LOGIN));
        }
        Ok(Response::new(to_pb(self.store.get_login(login_id).await?)))
    }

    async fn create_login(
        &self,
        request: Request<pb::CreateLoginRequest>,
    ) -> Answer<pb::CreatedLogin> {
        let r = request.into_inner();
        let provider = r.provider.as_deref().map(str::trim).filter(|p| !p.is_empty());
        let role = login_rules::check_new(&LoginInput {
            login_name: Some(&r.login_name),
            password: Some(&r.password),
            role: Some(&r.role),
            provider,
        })?;
        // A sync login's credential is a token the server makes, never a password someone chose.
        let (sync_token, hash) = if role == Role::Sync {
            let (token, hash) = new_sync_token().await?;
            (Some(token), hash)
        } else {
            (None, password::hash(r.password).await?)
        };
        let key = sync_token.as_deref().and_then(sync_token::key_of);
        let login_id =
            self.store.create_login(r.login_name.trim(), &hash, role, provider, key).await?;
        tracing::info!(login_id, role = %role, "login created");
        Ok(Response::new(pb::CreatedLogin { login_id, sync_token }))
    }

    async fn renew_sync_token(&self, request: Request<pb::LoginId>) -> Answer<pb::SyncToken> {
        let login_id = request.into_inner().login_id;
        let (token, hash) = new_sync_token().await?;
        let key = sync_token::key_of(&token).expect("a token made here has a key");
        self.store.set_sync_token(login_id, Some((key, &hash))).await?;
        tracing::info!(login_id, "sync token renewed");
        Ok(Response::new(pb::SyncToken { sync_token: token }))
    }

    async fn revoke_sync_token(
        &self,
        request: Request<pb::LoginId>,
    ) -> Answer<proto::common::Empty> {
        let login_id = request.into_inner().login_id;
        self.store.set_sync_token(login_id, None).await?;
        tracing::info!(login_id, "sync token revoked");
        Ok(Response::new(proto::common::Empty {}))
    }

    async fn sync_login(
        &self,
        request: Request<pb::SyncLoginRequest>,
    ) -> Answer<pb::LoginResponse> {
        let r = request.into_inner();
        let this = self.clone();
        let signed_in =
            to_the_end(async move { this.sync_sign_in(&r.sync_token, &r.client_address).await });
        Ok(Response::new(signed_in.await?))
    }

    async fn service_token(
        &self,
        request: Request<pb::ServiceTokenRequest>,
    ) -> Answer<pb::ServiceTokenAnswer> {
        let r = request.into_inner();
        let known = self.service_secret.as_deref().is_some_and(|secret| {
            subtle::ConstantTimeEq::ct_eq(secret.as_bytes(), r.secret.as_bytes()).into()
        });
        let service = r.service.trim();
        let named = !service.is_empty()
            && service.len() <= 32
            && service.bytes().all(|b| b.is_ascii_lowercase() || b == b'-');
        if !known || !named {
            tracing::warn!(service = %service.chars().take(32).collect::<String>(), "service token refused");
            return Err(ServiceError::Unauthenticated(msg::SERVICE_SECRET_INVALID.into()).into());
        }
        // No login (id 0) and no session: a token the gateway never accepts, for calls between services.
        let token = self
            .tokens
            .issue(0, &format!("service:{service}"), Role::Service.as_str(), 0, uuid::Uuid::nil())
            .map_err(ServiceError::Internal)?;
        let expires_at = chrono::Utc::now().timestamp() + self.tokens.ttl.as_secs() as i64;
        tracing::info!(service, "service token issued");
        Ok(Response::new(pb::ServiceTokenAnswer { token, expires_at }))
    }

    async fn update_login(&self, request: Request<pb::UpdateLoginRequest>) -> Answer<pb::LoginId> {
        let r = request.into_inner();
        let role = login_rules::check_update(&LoginInput {
            login_name: r.login_name.as_deref(),
            password: r.password.as_deref(),
            role: r.role.as_deref(),
            provider: r.provider.as_deref(),
        })?;
        let password_hash = match r.password.filter(|p| !p.is_empty()) {
            Some(p) => Some(password::hash(p).await?),
            None => None,
        };
        let changes = LoginChanges {
            login_name: r.login_name.map(|n| n.trim().to_string()),
            password_hash,
            role,
            provider: r.provider.map(|p| Some(p.trim().to_string()).filter(|p| !p.is_empty())),
        };
        self.store.update_login(r.login_id, changes).await?;
        tracing::info!(login_id = r.login_id, "login updated");
        Ok(Response::new(pb::LoginId { login_id: r.login_id }))
    }

    async fn delete_login(
        &self,
        request: Request<pb::DeleteLoginRequest>,
    ) -> Answer<proto::common::Empty> {
        // Who asks is the verified caller, whatever the request says.
        let requested_by = Identity::of(&request)?.login_id;
        let r = request.into_inner();
        if r.login_id == requested_by {
            return Err(ServiceError::Conflict(msg::SELF_DELETE.into()).into());
        }
        self.store.delete_login(r.login_id).await?;
        tracing::info!(login_id = r.login_id, "login deleted");
        Ok(Response::new(proto::common::Empty {}))
    }

    async fn get_login_param(
        &self,
        request: Request<pb::LoginParamName>,
    ) -> Answer<pb::LoginParam> {
        let name = check_param_name(&request.into_inner().name)?;
        let row = self.store.get_login_param(&name).await?;
        let row = row.ok_or_else(|| ServiceError::NotFound(msg::param_not_found(&name)))?;
        Ok(Response::new(param_to_pb(row)))
    }

    async fn save_login_param(
        &self,
        request: Request<pb::LoginParam>,
    ) -> Answer<proto::common::Empty> {
        let p = request.into_inner();
        let name = check_param_name(&p.name)?;
        let date_value = match p.date_value.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
            None => None,
            Some(d) => Some(
                NaiveDate::parse_from_str(d.get(..10).unwrap_or(d), "%Y-%m-%d").map_err(|_| {
                    ServiceError::invalid_field("loginParam_dateValue", msg::PARAM_DATE_INVALID)
                })?,
            ),
        };
        let row = LoginParamRow {
            name,
            string_value: p.string_value,
            int_value: p.int_value,
            date_value,
            bool_value: p.bool_value,
        };
        self.store.save_login_param(&row).await?;
        Ok(Response::new(proto::common::Empty {}))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// The service on a database it never reaches: checking a password needs none.
    fn service(check: Duration) -> AuthGrpc {
        let pool = sqlx::PgPool::connect_lazy("postgres://nobody@127.0.0.1:1/none").unwrap();
        let tokens = TokenIssuer::from_seed(&[7; 32], Duration::from_secs(60)).unwrap();
        let throttle = Throttle::new(pool.clone(), Default::default());
        let check_time = CheckTime::starting_at(check);
        AuthGrpc::new(Store::new(pool), tokens, throttle, check_time, Duration::from_secs(3600))
    }

    fn credentials(hash: &str) -> Credentials {
        Credentials {
            login_id: 1,
            login_name: "awa.kone".into(),
            login_role: "agent".into(),
            password_hash: hash.into(),
            token_version: 0,
        }
    }

    #[tokio::test]
    async fn an_unknown_login_or_a_revoked_token_is_refused_without_a_core() {
        let auth = service(Duration::from_millis(30));
        let _every_core = password::hold_every_core().await;
        for found in [None, Some(credentials(sync_token::REVOKED_HASH))] {
            let began = Instant::now();
            let checked =
                tokio::time::timeout(Duration::from_secs(2), auth.checked(found, "x")).await;
            assert!(matches!(checked, Ok(Ok(None))), "refused, without waiting for a core");
            assert!(began.elapsed() >= Duration::from_millis(27), "after as long as a check");
        }
    }

    #[tokio::test]
    async fn a_known_login_is_checked_and_its_check_timed() {
        let auth = service(Duration::from_secs(60));
        let hash = password::hash("Korhogo-manguier-1987".into()).await.unwrap();
        let found = auth.checked(Some(credentials(&hash)), "Korhogo-manguier-1987").await.unwrap();
        assert_eq!(found.map(|c| c.login_id), Some(1));
        assert!(auth.checked(Some(credentials(&hash)), "Korhogo-1987").await.unwrap().is_none());
        // Two real checks beside the start's 60 s: the estimate is now a real check's.
        assert!(auth.check_time.estimate() < Duration::from_secs(60));
    }
}
