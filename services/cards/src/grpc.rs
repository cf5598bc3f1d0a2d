//! The gRPC face of the cards service: translation between the contract and the rules and store, and
//! what it asks other services: the operators (a login parameter, at the auth service) and whether the
//! member who paid exists (at the members service), both with the caller's own token.

use crate::domain::messages as msg;
use crate::domain::transaction_rules::{self, number_key};
use crate::store::{Store, TRANSACTION_SORT};
use common::error::ServiceError;
use common::grpc::TracedChannel;
use common::identity::{Calls, Identity, Need};
use common::paging::Page;
use common::roles::{Access, Area};
use proto::auth::auth_client::AuthClient;
use proto::cards as pb;
use proto::cards::cards_server::Cards;
use proto::common::Empty;
use proto::members::members_client::MembersClient;
use tonic::{Code, Request, Response, Status};

type Answer<T> = Result<Response<T>, Status>;

const READ: Need = Need::Role(Area::Cards, Access::Read);
const WRITE: Need = Need::Role(Area::Cards, Access::Write);
const DELETE: Need = Need::Role(Area::Cards, Access::Delete);

/// What each call needs from its caller (the role matrix of docs/roles.md, checked again here).
pub const CALLS: Calls = &[
    ("ListTransactions", READ),
    ("GetTransaction", READ),
    ("SaveTransaction", WRITE),
    ("DeleteTransaction", DELETE),
    ("SearchTransactions", READ),
];

/// The login parameter that lists the mobile-money operators (comma-separated).
pub const OPERATORS_PARAM: &str = "transaction_mobileOperators";

pub struct CardsGrpc {
    pub store: Store,
    pub auth: Option<AuthClient<TracedChannel>>,
    pub members: Option<MembersClient<TracedChannel>>,
}

impl CardsGrpc {
    /// The operators the settings list (the defaults when the parameter is not set).
    async fn operators(&self) -> Result<Vec<String>, ServiceError> {
        let Some(auth) = &self.auth else { return Ok(transaction_rules::operators(None)) };
        let name = pb_param(OPERATORS_PARAM);
        match auth.clone().get_login_param(name).await {
            Ok(param) => {
                Ok(transaction_rules::operators(param.into_inner().string_value.as_deref()))
            }
            Err(status) if status.code() == Code::NotFound => {
                Ok(transaction_rules::operators(None))
            }
            Err(status) => {
                tracing::error!(code = ?status.code(), message = status.message(), "operators unreadable");
                Err(ServiceError::Unavailable(msg::SETTINGS_UNAVAILABLE.into()))
            }
        }
    }

    /// Refuses a payment of a member the members service does not know.
    async fn member_exists(&self, id: i64) -> Result<(), ServiceError> {
        let Some(members) = &self.members else { return Ok(()) };
        match members.clone().get_member(proto::members::Id { id }).await {
            Ok(_) => Ok(()),
            Err(status) if status.code() == Code::NotFound => {
                Err(ServiceError::invalid_field("transaction_memberId", msg::member_not_found(id)))
            }
            Err(status) => {
                tracing::error!(code = ?status.code(), message = status.message(), "members read-through failed");
                Err(ServiceError::Unavailable(msg::MEMBERS_UNAVAILABLE.into()))
            }
        }
    }
}

fn pb_param(name: &str) -> proto::auth::LoginParamName {
    proto::auth::LoginParamName { name: name.to_string() }
}

#[tonic::async_trait]
impl Cards for CardsGrpc {
    async fn list_transactions(
        &self,
        request: Request<pb::TransactionListRequest>,
    ) -> Answer<pb::TransactionList> {
        let r = request.into_inner();
        let p = r.paging.unwrap_or_default();
        let page = Page::checked(p.limit, p.offset, &p.order_by, p.descending, TRANSACTION_SORT)?;
        let member = r.member_id.filter(|id| *id > 0);
        let (items, total) = self.store.list_transactions(member, &page).await?;
        Ok(Response::new(pb::TransactionList { items, total }))
    }

    async fn get_transaction(&self, request: Request<pb::Id>) -> Answer<pb::Transaction> {
        Ok(Response::new(self.store.get_transaction(request.into_inner().id).await?))
    }

    async fn save_transaction(&self, request: Request<pb::TransactionInput>) -> Answer<pb::Id> {
        let caller = Identity::of(&request)?;
        let sent = request.into_inner();
        let operators = self.operators().await?;
        let today = chrono::Local::now().date_naive();
        let draft = transaction_rules::check(&sent, today, &operators)?;
        self.member_exists(draft.member_id).await?;
        let id = self.store.save_transaction(&draft, &caller.login_name).await?;
        tracing::info!(transaction_id = id, member_id = draft.member_id, "transaction saved");
        Ok(Response::new(pb::Id { id }))
    }

    async fn delete_transaction(&self, request: Request<pb::Id>) -> Answer<Empty> {
        self.store.delete_transaction(request.into_inner().id).await?;
        Ok(Response::new(Empty {}))
    }

    async fn search_transactions(
        &self,
        request: Request<pb::TransactionSearch>,
    ) -> Answer<pb::TransactionList> {
        let r = request.into_inner();
        let key = number_key(&r.transaction_number);
        if key.is_empty() {
            return Err(
                ServiceError::invalid_field("transaction_number", msg::NUMBER_REQUIRED).into()
            );
        }
        let items = self.store.search_transactions(&key, &r.transaction_mobile_operator).await?;
        let total = items.len() as i64;
        Ok(Response::new(pb::TransactionList { items, total }))
    }
}
