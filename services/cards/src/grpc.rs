//! The gRPC face of the cards service: translation between the contract and the rules and store, and
//! what it asks other services: the operators (a login parameter, at the auth service) and whether the
//! member who paid exists (at the members service, through `store::members`, the one place that asks
//! it about members), both with the caller's own token.

use crate::domain::card_qr::CardSigner;
use crate::domain::messages as msg;
use crate::domain::transaction_rules::{self, PaymentType, number_key};
use crate::domain::{card_rules, delivery_rules, proof_rules, statement_rules};
use crate::print_run::PrintRun;
use crate::store::cards::{CARD_SORT, CardSearch};
use crate::store::deliveries::{DELIVERY_SORT, DeliverySearch};
use crate::store::{Store, TRANSACTION_SORT};
use common::config::RunningEnv;
use common::error::ServiceError;
use common::grpc::TracedChannel;
use common::identity::{Calls, Identity, Need};
use common::paging::Page;
use common::printed;
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
const CANCEL: Need = Need::Role(Area::CardCancellation, Access::Delete);

/// What each call needs from its caller (the role matrix of docs/roles.md, checked again here).
pub const CALLS: Calls = &[
    ("ListTransactions", READ),
    ("GetTransaction", READ),
    ("SaveTransaction", WRITE),
    ("DeleteTransaction", DELETE),
    ("SearchTransactions", READ),
    ("ListCards", READ),
    ("GetCard", READ),
    ("ListCardCandidates", WRITE),
    ("CreateCards", WRITE),
    ("MarkPrinted", WRITE),
    ("ListCardsToDeliver", READ),
    ("GetCardKey", Need::SignedIn),
    ("RevokeCard", WRITE),
    ("PrintCards", WRITE),
    ("ListDeliveries", READ),
    ("GetDelivery", READ),
    ("SaveDelivery", WRITE),
    ("DeleteDelivery", DELETE),
    ("SaveCard", WRITE),
    ("CancelCard", CANCEL),
    ("ReprintCard", WRITE),
    ("RefreshCardCandidates", WRITE),
    ("PrintDeliverySlips", WRITE),
    ("SaveDeliveryProof", WRITE),
    ("GetDeliveryProof", READ),
    ("ImportStatement", WRITE),
    ("StartStatementJob", WRITE),
    ("AddStatementRows", WRITE),
    ("GetStatementJob", READ),
    ("ListUnmatchedPayments", READ),
    ("AssignUnmatchedPayment", WRITE),
    ("DayFigures", READ),
    ("ChangedCards", Need::Role(Area::Replication, Access::Read)),
    ("ApplySyncedCards", Need::Role(Area::Replication, Access::Write)),
    // Exports read a list: whoever reads cards exports them (and sees only their own jobs).
    ("StartExport", READ),
    ("GetExport", READ),
    ("ReadExport", READ),
];

/// Most cards one PDF holds (the file is streamed: memory does not grow with it).
pub const MAX_PRINTED: i64 = 20_000;
/// Most payments and cards a synchronisation page holds.
const SYNC_PAGE_MAX: i32 = 2_000;
/// Most deliveries one PDF of slips holds.
pub const MAX_SLIPS: usize = 100;
/// Largest proof of delivery kept.
pub const MAX_PROOF_MB: usize = 10;
/// Most rows of a statement sent in one call.
pub const MAX_STATEMENT_ROWS: usize = 50_000;
/// Most rows of a statement imported as a job (sent in parts).
pub const MAX_STATEMENT_JOB_ROWS: i64 = 2_000_000;
/// Most rows of one part of a statement imported as a job.
pub const MAX_STATEMENT_PART_ROWS: usize = 10_000;

/// The login parameters of card making: the price of a card (francs CFA) and how long it is valid.
pub const PRICE_PARAM: &str = "card_price";
pub const VALIDITY_PARAM: &str = "card_validityMonths";
pub const DEFAULT_PRICE: i64 = 5000;
pub const DEFAULT_VALIDITY_MONTHS: i64 = 60;

/// The login parameter that lists the mobile-money operators (comma-separated).
pub const OPERATORS_PARAM: &str = "transaction_mobileOperators";
/// The login parameter that lists the payment types (`carte=Carte de membre, cotisation=Cotisation`).
pub const TYPES_PARAM: &str = "transaction_types";

pub struct CardsGrpc {
    pub store: Store,
    pub exports: common::export::Exports,
    /// The prefix of card numbers (`CARD_ID_PREFIX`).
    pub card_prefix: String,
    /// Signs cards' QR codes.
    pub signer: CardSigner,
    pub auth: Option<AuthClient<TracedChannel>>,
    pub members: Option<MembersClient<TracedChannel>>,
    /// The default templates of cards and slips; `None` for a service built alone (nothing prints).
    pub reports: crate::designed::Reports,
    /// On a field laptop payments and cards are the central server's copy: written only by a sync run.
    pub running_env: RunningEnv,
}

impl CardsGrpc {
    /// The key this instance signs its cards' QR codes with.
    fn own_card_key(&self) -> pb::CardKey {
        let key = &self.signer;
        let hex: String = key.public_key.iter().map(|b| format!("{b:02x}")).collect();
        pb::CardKey { kid: key.kid(), public_key_hex: hex, issuer: key.issuer.clone() }
    }

    /// Payments, cards and deliveries are made on the central server; a field laptop receives them.
    fn writable(&self) -> Result<(), ServiceError> {
        self.running_env.central_only(msg::ON_FIELD)
    }

    /// The operators the settings list (the defaults when the parameter is not set).
    async fn operators(&self) -> Result<Vec<String>, ServiceError> {
        Ok(transaction_rules::operators(self.text_setting(OPERATORS_PARAM).await?.as_deref()))
    }

    /// The payment types the settings list (the defaults when the parameter is not set).
    async fn payment_types(&self) -> Result<Vec<PaymentType>, ServiceError> {
        Ok(transaction_rules::payment_types(self.text_setting(TYPES_PARAM).await?.as_deref()))
    }

    /// A text login parameter, or `None` when it is not set.
    async fn text_setting(&self, name: &str) -> Result<Option<String>, ServiceError> {
        let Some(auth) = &self.auth else { return Ok(None) };
        match auth.clone().get_login_param(pb_param(name)).await {
            Ok(param) => Ok(param.into_inner().string_value),
            Err(status) if status.code() == Code::NotFound => Ok(None),
            Err(status) => {
                tracing::error!(param = name, code = ?status.code(), message = status.message(), "setting unreadable");
                Err(ServiceError::Unavailable(msg::SETTINGS_UNAVAILABLE.into()))
            }
        }
    }

    /// A whole-number login parameter, or `default` when it is not set.
    async fn setting(&self, name: &str, default: i64) -> Result<i64, ServiceError> {
        let Some(auth) = &self.auth else { return Ok(default) };
        match auth.clone().get_login_param(pb_param(name)).await {
            Ok(param) => Ok(param.into_inner().int_value.filter(|v| *v > 0).unwrap_or(default)),
            Err(status) if status.code() == Code::NotFound => Ok(default),
            Err(status) => {
                tracing::error!(code = ?status.code(), message = status.message(), name, "setting unreadable");
                Err(ServiceError::Unavailable(msg::SETTINGS_UNAVAILABLE.into()))
            }
        }
    }

    /// Refuses, on `field`, a member the members service does not know.
    async fn member_exists(&self, id: i64, field: &str) -> Result<(), ServiceError> {
        if self.store.member_known(self.members.as_ref(), id).await? {
            Ok(())
        } else {
            Err(ServiceError::invalid_field(field, msg::member_not_found(id)))
        }
    }
}

fn pb_param(name: &str) -> proto::auth::LoginParamName {
    proto::auth::LoginParamName { name: name.to_string() }
}

#[tonic::async_trait]
impl Cards for CardsGrpc {
    async fn start_export(
        &self,
        request: Request<pb::CardsExportRequest>,
    ) -> Answer<proto::common::ExportJob> {
        use prost::Message;
        let caller = Identity::of(&request)?;
        let r = request.into_inner();
        let format = common::export::Format::parse(&r.format)?;
        // An unknown list, a bad filter or sort is refused now, not when the job runs.
        let (_, file_stem) = crate::export::checked(&self.store, &r)?;
        let job = self
            .exports
            .start(common::export::NewJob {
                login_id: caller.login_id,
                login_name: caller.login_name,
                list: r.list.trim().to_string(),
                filters: r.encode_to_vec(),
                format,
                file_stem,
            })
            .await?;
        Ok(Response::new(job))
    }

    async fn get_export(
        &self,
        request: Request<proto::common::ExportId>,
    ) -> Answer<proto::common::ExportJob> {
        let caller = Identity::of(&request)?;
        Ok(Response::new(self.exports.get(&request.into_inner().id, caller.login_id).await?))
    }

    type ReadExportStream = common::export::FileStream;

    async fn read_export(
        &self,
        request: Request<proto::common::ExportId>,
    ) -> Answer<Self::ReadExportStream> {
        let caller = Identity::of(&request)?;
        Ok(Response::new(self.exports.read(&request.into_inner().id, caller.login_id).await?))
    }

    async fn list_transactions(
        &self,
        request: Request<pb::TransactionListRequest>,
    ) -> Answer<pb::TransactionList> {
        let r = request.into_inner();
        let p = r.paging.unwrap_or_default();
        let page = Page::of(&p, TRANSACTION_SORT)?;
        let member = r.member_id.filter(|id| *id > 0);
        let (items, total, total_exact) =
            self.store.list_transactions(member, r.spendable, &page).await?;
        Ok(Response::new(pb::TransactionList { items, total, total_exact }))
    }

    async fn get_transaction(&self, request: Request<pb::Id>) -> Answer<pb::Transaction> {
        Ok(Response::new(self.store.get_transaction(request.into_inner().id).await?))
    }

    async fn save_transaction(&self, request: Request<pb::TransactionInput>) -> Answer<pb::Id> {
        self.writable()?;
        let caller = Identity::of(&request)?;
        let sent = request.into_inner();
        let operators = self.operators().await?;
        let today = chrono::Local::now().date_naive();
        let checked = transaction_rules::check(&sent, today, &operators)?;
        // A payment keeps a type written before the list was kept (free text then), until it is changed.
        let kept = match checked.transaction_id {
            Some(id) => Some(self.store.get_transaction(id).await?.transaction_type),
            None => None,
        };
        transaction_rules::check_type(
            &checked.transaction_type,
            &self.payment_types().await?,
            kept.as_deref(),
        )?;
        let member_id = checked.transaction_member_id.unwrap_or_default();
        self.member_exists(member_id, "transaction_memberId").await?;
        let id = self.store.save_transaction(&checked, &caller.login_name).await?;
        tracing::info!(transaction_id = id, member_id, "transaction saved");
        Ok(Response::new(pb::Id { id }))
    }

    async fn delete_transaction(&self, request: Request<pb::TransactionCancel>) -> Answer<Empty> {
        self.writable()?;
        let caller = Identity::of(&request)?;
        let sent = request.into_inner();
        let reason = transaction_rules::check_cancel_reason(&sent.reason)?;
        self.store.cancel_transaction(sent.id, &reason, &caller.login_name).await?;
        tracing::info!(transaction_id = sent.id, "transaction cancelled");
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
        Ok(Response::new(pb::TransactionList { items, total, total_exact: true }))
    }

    async fn list_cards(&self, request: Request<pb::CardListRequest>) -> Answer<pb::CardList> {
        self.cards(request.into_inner(), false).await
    }

    async fn list_cards_to_deliver(
        &self,
        request: Request<pb::CardListRequest>,
    ) -> Answer<pb::CardList> {
        self.cards(request.into_inner(), true).await
    }

    type PrintCardsStream = tokio_stream::wrappers::ReceiverStream<Result<pb::Pdf, Status>>;

    async fn print_cards(&self, request: Request<pb::CardIds>) -> Answer<Self::PrintCardsStream> {
        let token = common::identity::bearer(request.metadata().as_ref()).map(str::to_string);
        let mut ids = request.into_inner().card_ids;
        if ids.is_empty() {
            ids = self.store.pending_card_ids(MAX_PRINTED + 1).await?;
        }
        if ids.is_empty() {
            return Err(ServiceError::invalid_field("card_ids", msg::NOTHING_TO_PRINT).into());
        }
        if ids.len() > MAX_PRINTED as usize {
            return Err(ServiceError::invalid_field(
                "card_ids",
                msg::too_many_to_print(MAX_PRINTED),
            )
            .into());
        }
        if let Some(missing) = self.store.missing_cards(&ids).await? {
            return Err(ServiceError::NotFound(msg::card_not_found(missing)).into());
        }
        // Read once, before the first byte: a template that cannot print is refused as the answer.
        let template = crate::designed::required_template(&self.reports, printed::CARD).await?;
        let run = PrintRun { store: self.store.clone(), members: self.members.clone(), template };
        let chunks = run.start(ids, token);
        Ok(Response::new(tokio_stream::wrappers::ReceiverStream::new(chunks)))
    }

    async fn revoke_card(&self, request: Request<pb::Revocation>) -> Answer<Empty> {
        self.writable()?;
        let r = request.into_inner();
        let mut faults = common::validation::Faults::new();
        let reason = faults.required("reason", &r.reason, 200, msg::REASON_REQUIRED);
        faults.finish()?;
        self.store.revoke_card(r.card_id, &reason).await?;
        tracing::info!(card_id = r.card_id, "card revoked");
        Ok(Response::new(Empty {}))
    }

    async fn get_card_key(&self, _request: Request<Empty>) -> Answer<pb::CardKey> {
        // A laptop's cards are the central server's, checked with its key once received.
        if self.running_env == RunningEnv::Field
            && let Some(central) = self.store.central_card_key().await?
        {
            return Ok(Response::new(central));
        }
        Ok(Response::new(self.own_card_key()))
    }

    async fn list_deliveries(
        &self,
        request: Request<pb::DeliveryListRequest>,
    ) -> Answer<pb::DeliveryList> {
        let r = request.into_inner();
        let p = r.paging.unwrap_or_default();
        let page = Page::of(&p, DELIVERY_SORT)?;
        let id_number = r.id_number.trim().to_uppercase();
        let search = DeliverySearch {
            code: r.delivery_code.trim(),
            id_number: &id_number,
            sent: r.delivery_sent,
        };
        let (items, total) = self.store.list_deliveries(&search, &page).await?;
        Ok(Response::new(pb::DeliveryList { items, total }))
    }

    async fn get_delivery(&self, request: Request<pb::Id>) -> Answer<pb::DeliveryDetail> {
        Ok(Response::new(self.store.get_delivery(request.into_inner().id).await?))
    }

    async fn save_delivery(&self, request: Request<pb::DeliveryInput>) -> Answer<pb::Id> {
        self.writable()?;
        let caller = Identity::of(&request)?;
        let r = request.into_inner();
        // A card is named by its id, or else by its number; a delivery names at least one.
        let named = delivery_rules::named_cards(&r)?;
        let mut card_ids = named.ids;
        card_ids.extend(self.store.card_ids_of(&named.numbers).await?);
        card_ids.sort_unstable();
        card_ids.dedup();
        let id =
            self.store.save_delivery(&r, &card_ids, caller.login_id, &caller.login_name).await?;
        Ok(Response::new(pb::Id { id }))
    }

    async fn delete_delivery(&self, request: Request<pb::Id>) -> Answer<Empty> {
        self.writable()?;
        self.store.delete_delivery(request.into_inner().id).await?;
        Ok(Response::new(Empty {}))
    }

    async fn get_card(&self, request: Request<pb::Id>) -> Answer<pb::Card> {
        Ok(Response::new(self.store.get_card(request.into_inner().id).await?))
    }

    async fn list_card_candidates(
        &self,
        request: Request<pb::CandidateListRequest>,
    ) -> Answer<pb::CandidateList> {
        let p = request.into_inner().paging.unwrap_or_default();
        let sort: &[(&str, &str)] = &[("member_lastname", "member_lastname")];
        Page::offset_only(&p)?;
        let page = Page::checked(p.limit, p.offset, "", false, sort)?;
        let price = self.setting(PRICE_PARAM, DEFAULT_PRICE).await?;
        let (items, total) = self.store.card_candidates(price, &page).await?;
        Ok(Response::new(pb::CandidateList { items, total }))
    }

    async fn create_cards(
        &self,
        request: Request<pb::CreateCardsRequest>,
    ) -> Answer<pb::CreatedCards> {
        self.writable()?;
        let caller = Identity::of(&request)?;
        let mut ids: Vec<i64> =
            request.into_inner().member_ids.into_iter().filter(|id| *id > 0).collect();
        ids.sort_unstable();
        ids.dedup();
        if ids.is_empty() {
            return Err(ServiceError::invalid_field("member_ids", msg::NO_MEMBERS).into());
        }
        Ok(Response::new(self.make_cards(ids, &caller.login_name).await?))
    }

    async fn save_card(&self, request: Request<pb::CardInput>) -> Answer<pb::Id> {
        self.writable()?;
        let caller = Identity::of(&request)?;
        let r = request.into_inner();
        match (r.card_id.filter(|id| *id > 0), r.card_member_id.filter(|id| *id > 0)) {
            (Some(id), _) => {
                let who = card_rules::identity(&r)?;
                self.store.correct_card(id, &who, &self.signer).await?;
                tracing::info!(card_id = id, "card corrected");
                Ok(Response::new(pb::Id { id }))
            }
            (None, Some(member_id)) => {
                let made = self.make_cards(vec![member_id], &caller.login_name).await?;
                match (made.card_ids.first(), made.refused.first()) {
                    (Some(&id), _) => Ok(Response::new(pb::Id { id })),
                    (None, Some(refusal)) => {
                        Err(ServiceError::Conflict(refusal.message.clone()).into())
                    }
                    (None, None) => {
                        Err(ServiceError::NotFound(msg::member_not_found(member_id)).into())
                    }
                }
            }
            (None, None) => {
                Err(ServiceError::invalid_field("card_id", msg::CARD_OR_MEMBER_REQUIRED).into())
            }
        }
    }

    async fn cancel_card(&self, request: Request<pb::Id>) -> Answer<Empty> {
        self.writable()?;
        let caller = Identity::of(&request)?;
        let id = request.into_inner().id;
        let reason = format!("supprimée par {}", caller.login_name);
        self.store.cancel_card(id, &reason).await?;
        tracing::info!(card_id = id, "card cancelled");
        Ok(Response::new(Empty {}))
    }

    async fn reprint_card(&self, request: Request<pb::Reprint>) -> Answer<pb::Id> {
        self.writable()?;
        let caller = Identity::of(&request)?;
        let r = request.into_inner();
        let mut faults = common::validation::Faults::new();
        let reason = faults.required("reason", &r.reason, 200, msg::REPRINT_REASON_REQUIRED);
        faults.finish()?;
        // The new card carries the member as the members service has it now: a change made a moment
        // ago may still be on its way to this service's copy. With the members service out of reach,
        // the copy as it is.
        let card = self.store.get_card(r.card_id).await?;
        let member: Vec<i64> = card.card_member_id.into_iter().collect();
        if let Err(e) = self.store.read_again(self.members.as_ref(), &member).await {
            tracing::warn!(error = %e, card_id = r.card_id, "reprint from the member's copy as it is");
        }
        let id = self
            .store
            .reprint_card(r.card_id, &reason, &self.signer, &self.card_prefix, &caller.login_name)
            .await?;
        tracing::info!(card_id = r.card_id, new_card_id = id, "card reprinted");
        Ok(Response::new(pb::Id { id }))
    }

    async fn refresh_card_candidates(
        &self,
        request: Request<pb::CandidateListRequest>,
    ) -> Answer<pb::CandidateList> {
        let ids = self.store.members_with_unused_payments().await?;
        self.store.read_again(self.members.as_ref(), &ids).await?;
        tracing::info!(members = ids.len(), "card candidates refreshed");
        self.list_card_candidates(request).await
    }

    async fn print_delivery_slips(&self, request: Request<pb::DeliveryIds>) -> Answer<pb::Pdf> {
        let mut ids = request.into_inner().delivery_ids;
        ids.dedup();
        if ids.is_empty() {
            return Err(ServiceError::invalid_field("delivery_ids", msg::NO_DELIVERIES).into());
        }
        if ids.len() > MAX_SLIPS {
            return Err(ServiceError::invalid_field(
                "delivery_ids",
                msg::too_many_slips(MAX_SLIPS),
            )
            .into());
        }
        let mut deliveries = Vec::with_capacity(ids.len());
        for id in ids {
            let delivery = self.store.get_delivery(id).await?;
            // A delivery emptied since it was saved has no slip (rather than a blank one).
            delivery_rules::printable(&delivery, "delivery_ids")?;
            deliveries.push(delivery);
        }
        let template =
            crate::designed::required_template(&self.reports, printed::DELIVERY_SLIP).await?;
        let content =
            tokio::task::block_in_place(|| crate::designed::slips_pdf(&template, &deliveries))
                .map_err(|e| ServiceError::Internal(anyhow::anyhow!("delivery slip PDF: {e}")))?;
        tracing::info!(
            deliveries = deliveries.len(),
            bytes = content.len(),
            "delivery slips printed"
        );
        common::metrics::printed("delivery_slip", deliveries.len());
        Ok(Response::new(pb::Pdf { content }))
    }

    async fn save_delivery_proof(&self, request: Request<pb::DeliveryProof>) -> Answer<Empty> {
        self.writable()?;
        let caller = Identity::of(&request)?;
        let mut proof = request.into_inner();
        proof.content_type = proof_rules::proof_type(&proof.content, MAX_PROOF_MB)?.to_string();
        proof.file_name = proof.file_name.chars().filter(|c| !c.is_control()).take(200).collect();
        self.store.save_delivery_proof(&proof, &caller.login_name).await?;
        tracing::info!(
            delivery_id = proof.delivery_id,
            bytes = proof.content.len(),
            "delivery proof kept"
        );
        Ok(Response::new(Empty {}))
    }

    async fn get_delivery_proof(&self, request: Request<pb::Id>) -> Answer<pb::DeliveryProof> {
        Ok(Response::new(self.store.get_delivery_proof(request.into_inner().id).await?))
    }

    async fn import_statement(
        &self,
        request: Request<pb::Statement>,
    ) -> Answer<pb::StatementResult> {
        self.writable()?;
        let caller = Identity::of(&request)?;
        let statement = request.into_inner();
        let operators = self.operators().await?;
        let today = chrono::Local::now().date_naive();
        let rows = statement_rules::statement(&statement, today, &operators, MAX_STATEMENT_ROWS)?;
        let result = self.store.import_statement(&rows, &caller.login_name).await?;
        tracing::info!(
            rows = rows.len(),
            matched = result.matched,
            known = result.known,
            unmatched = result.unmatched,
            "statement imported"
        );
        Ok(Response::new(result))
    }

    async fn start_statement_job(
        &self,
        request: Request<pb::StatementJobStart>,
    ) -> Answer<pb::StatementJob> {
        self.writable()?;
        let caller = Identity::of(&request)?;
        let r = request.into_inner();
        let operators = self.operators().await?;
        let operator = statement_rules::known_operator(&r.transaction_mobile_operator, &operators)?;
        statement_rules::job_size(r.rows_total, MAX_STATEMENT_JOB_ROWS)?;
        let job = self
            .store
            .start_statement_job(caller.login_id, &caller.login_name, &operator, r.rows_total)
            .await?;
        tracing::info!(job = %job.id, rows = r.rows_total, "statement import started");
        Ok(Response::new(job.to_pb()))
    }

    async fn add_statement_rows(
        &self,
        request: Request<pb::StatementPart>,
    ) -> Answer<pb::StatementJob> {
        self.writable()?;
        let caller = Identity::of(&request)?;
        let part = request.into_inner();
        let job =
            self.store.statement_job(statement_job_id(&part.job_id)?, caller.login_id).await?;
        statement_rules::part_fits(
            &part,
            job.rows_received,
            job.rows_total,
            MAX_STATEMENT_PART_ROWS,
        )?;
        // Read before the last part is kept: a job whose rows are all in runs at once.
        let operators = self.operators().await?;
        let job = self.store.add_statement_rows(&job, part.first_row, &part.rows).await?;
        if job.status == "checking" {
            crate::statement_job::spawn(self.store.clone(), job.clone(), operators);
        }
        Ok(Response::new(job.to_pb()))
    }

    async fn get_statement_job(
        &self,
        request: Request<pb::StatementJobId>,
    ) -> Answer<pb::StatementJob> {
        let caller = Identity::of(&request)?;
        let id = statement_job_id(&request.into_inner().job_id)?;
        let job = self.store.statement_job(id, caller.login_id).await?;
        Ok(Response::new(crate::statement_job::as_read(&job)))
    }

    async fn list_unmatched_payments(
        &self,
        request: Request<pb::UnmatchedListRequest>,
    ) -> Answer<pb::UnmatchedList> {
        let p = request.into_inner().paging.unwrap_or_default();
        let sort: &[(&str, &str)] = &[
            ("unmatched_id", "u.unmatched_id"),
            ("transaction_date", "u.transaction_date"),
            ("phone_number", "u.phone_number"),
        ];
        let page = Page::by_offset(&p, sort)?;
        let (items, total) = self.store.list_unmatched(&page).await?;
        Ok(Response::new(pb::UnmatchedList { items, total }))
    }

    async fn assign_unmatched_payment(&self, request: Request<pb::Assignment>) -> Answer<pb::Id> {
        self.writable()?;
        let caller = Identity::of(&request)?;
        let r = request.into_inner();
        if r.member_id <= 0 {
            return Err(ServiceError::invalid_field("member_id", msg::MEMBER_REQUIRED).into());
        }
        self.member_exists(r.member_id, "member_id").await?;
        let id =
            self.store.assign_unmatched(r.unmatched_id, r.member_id, &caller.login_name).await?;
        tracing::info!(
            unmatched_id = r.unmatched_id,
            transaction_id = id,
            "unmatched payment assigned"
        );
        Ok(Response::new(pb::Id { id }))
    }

    async fn day_figures(&self, _request: Request<Empty>) -> Answer<pb::CardFigures> {
        Ok(Response::new(self.store.day_figures().await?))
    }

    async fn changed_cards(
        &self,
        request: Request<pb::CardChangesRequest>,
    ) -> Answer<pb::CardPage> {
        let asked = request.into_inner();
        let limit = i64::from(asked.limit.clamp(1, SYNC_PAGE_MAX));
        let page = self.store.changed_cards(asked.after.max(0), limit).await?;
        Ok(Response::new(pb::CardPage { card_key: Some(self.own_card_key()), ..page }))
    }

    async fn apply_synced_cards(
        &self,
        request: Request<pb::CardBatch>,
    ) -> Answer<pb::CardsApplied> {
        let batch = request.into_inner();
        let applied = self
            .store
            .apply_synced_cards(self.members.as_ref(), &batch.records, batch.card_key.as_ref())
            .await?;
        tracing::info!(
            records = batch.records.len(),
            ?applied,
            "synced payments and cards applied"
        );
        Ok(Response::new(applied))
    }

    async fn mark_printed(&self, request: Request<pb::CardIds>) -> Answer<pb::Count> {
        self.writable()?;
        let ids = request.into_inner().card_ids;
        if ids.is_empty() {
            return Err(ServiceError::invalid_field("card_ids", msg::NO_CARDS).into());
        }
        let count = self.store.mark_printed(&ids).await?;
        Ok(Response::new(pb::Count { count }))
    }
}

impl CardsGrpc {
    /// Makes the cards of `ids` (members' ids, sorted, without repeats) with the settings of the moment.
    async fn make_cards(
        &self,
        ids: Vec<i64>,
        caller: &str,
    ) -> Result<pb::CreatedCards, ServiceError> {
        self.store.read_through(self.members.as_ref(), &ids).await?;
        let validity = self.setting(VALIDITY_PARAM, DEFAULT_VALIDITY_MONTHS).await?;
        let price = self.setting(PRICE_PARAM, DEFAULT_PRICE).await?;
        let (card_ids, refused) = self
            .store
            .create_cards(
                &ids,
                price,
                validity.min(600) as i32,
                &self.signer,
                &self.card_prefix,
                caller,
            )
            .await?;
        tracing::info!(made = card_ids.len(), refused = refused.len(), "cards made");
        Ok(pb::CreatedCards { card_ids, refused })
    }

    async fn cards(&self, r: pb::CardListRequest, to_deliver: bool) -> Answer<pb::CardList> {
        let p = r.paging.clone().unwrap_or_default();
        let page = Page::of(&p, CARD_SORT)?;
        let search = card_search(&r, to_deliver);
        let (items, total, total_exact) = self.store.list_cards(&search, &page).await?;
        Ok(Response::new(pb::CardList { items, total, total_exact }))
    }
}

/// The filters of a cards list request, ready for SQL.
pub(crate) fn card_search(r: &pb::CardListRequest, to_deliver: bool) -> CardSearch {
    CardSearch {
        words: common::text::word_patterns(&r.filter),
        member_id: r.member_id.filter(|id| *id > 0),
        member_id_number: r.member_id_number.trim().to_uppercase(),
        status: r.card_status.trim().to_string(),
        to_deliver,
    }
}

/// A statement job's id as sent; one that is not an id is no job (404).
fn statement_job_id(text: &str) -> Result<uuid::Uuid, ServiceError> {
    uuid::Uuid::parse_str(text.trim())
        .map_err(|_| ServiceError::NotFound(msg::STATEMENT_JOB_NOT_FOUND.into()))
}
