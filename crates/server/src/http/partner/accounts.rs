//! partnerportal/getAccounts and partnerportal/addAccount: the partner's client accounts, and
//! a new one (with, optionally, its account owner invited by email).

use axum::extract::State;
use axum::Json;
use domain::partners::add_account::{validate_add_account, AddAccountForm, CUSTOMER_CREATED};
use domain::partners::portal_page_open;
use domain::partners::rewards::Programme;
use domain::users::EMAIL_IN_USE;
use domain::{format_date, FieldErrors};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::require_page;
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::{any_of_choice, form_contract, with_any_of, Form};
use crate::http::users::actions::send_password_email;
use crate::security::{new_password_hash, random_token};
use crate::state::AppState;
use crate::store::{partners, user_admin, users};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(client_accounts)).routes(routes!(add_account))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ClientAccount {
    id: i64,
    name: String,
    account_code: String,
    package_name: String,
    /// "reseller" or "referrer".
    programme: Option<String>,
    numbers: i64,
    calls_30_days: i64,
    /// dd/mm/yyyy in the partner's zone, and the instant for sorting.
    date_added: String,
    created_at: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ClientAccounts {
    accounts: Vec<ClientAccount>,
    /// The Add account button (userCanCreatePartnerAccounts with reseller approval).
    can_add_accounts: bool,
}

#[utoipa::path(get, path = "/partnerportal/getAccounts", tag = "partner", responses((status = 200, body = ClientAccounts)))]
async fn client_accounts(State(state): State<AppState>, user: AccountUser) -> Result<Json<ClientAccounts>, AppError> {
    // In the portal, the partner's own list; in one of its clients, Billing > Accounts
    // (/partneraccounts) lists the same clients of the user's partner, where the menu shows it.
    let partner = if user.account.is_partner {
        require_page(&user, "/partner/accounts")?;
        user.customer()
    } else if portal_page_open(&user.account, "/partneraccounts") {
        users::home_partner_account(&state.db, user.session.user_id).await?.ok_or(AppError::Forbidden)?
    } else {
        return Err(AppError::Forbidden);
    };
    let zone = &user.account.customer_time_zone;
    let clients = partners::clients(&state.db, partner, state.clock.now()).await?;
    let accounts = clients
        .into_iter()
        .map(|c| ClientAccount {
            date_added: domain::billing::invoice::local_date(c.created_at, zone)
                .ok()
                .and_then(|d| format_date(&d))
                .unwrap_or_default(),
            id: c.id,
            name: c.name,
            account_code: c.account_code.unwrap_or_default(),
            package_name: c.package_name,
            programme: c.programme,
            numbers: c.numbers,
            calls_30_days: c.calls_30_days,
            created_at: c.created_at,
        })
        .collect();
    let can_add_accounts = may_add(&user, Programme::Reseller);
    Ok(Json(ClientAccounts { accounts, can_add_accounts }))
}

/// Adding a client needs userCanCreatePartnerAccounts and approval in the client's programme.
fn may_add(user: &AccountUser, programme: Programme) -> bool {
    let acc = &user.account;
    let approved = match programme {
        Programme::Reseller => acc.partner_reseller_approved_flag,
        Programme::Referrer => acc.partner_referrer_approved_flag,
    };
    acc.is_partner && acc.user_can_create_partner_accounts && approved
}

/// The Add partner account dialog's post. The spec's rules are the domain's
/// (`validate_add_account`); these bounds only stop absurd input first.
#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted names, which the 422 body's errors are keyed by
struct AddAccountRequest {
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::account_name::<FIELD_MAX>)]
    accountName: String,
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    form_first_name: String,
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    form_last_name: String,
    #[serde(default)]
    #[garde(length(chars, max = FIELD_MAX))]
    form_email: String,
    /// reseller (the default) or referrer.
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    programme: Option<Programme>,
}

/// No text field of the dialog may be longer than this (its rules allow far less).
const FIELD_MAX: usize = 1_000;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AccountCreated {
    success: bool,
    message: &'static str,
    id: i64,
    name: String,
    /// The invited owner's email, when one was invited.
    invited: Option<String>,
}

/// The dialog's contract: its fields, and the owner invited with all three of their fields (as
/// the user form takes them) or with none (`invites_owner`).
fn add_account_contract() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    use crate::http::users::save_bounds::{email, first_name, last_name};
    let blank = || {
        let space = crate::http::contract::bounds::space();
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .pattern(Some(format!("^{space}*$")))
            .build()
    };
    let owner = ["form_first_name", "form_last_name", "form_email"];
    let mut none = serde_json::json!({ "properties": {} });
    for field in owner {
        none["properties"][field] = serde_json::to_value(blank()).expect("serialises");
    }
    let invited = any_of_choice(&[(owner[0], first_name()), (owner[1], last_name()), (owner[2], email())]);
    with_any_of(<AddAccountRequest as utoipa::PartialSchema>::schema(), serde_json::json!([none, invited]))
}

form_contract!(AddAccountContract, AddAccountRequest, add_account_contract());

#[utoipa::path(post, path = "/partnerportal/addAccount", tag = "partner", request_body(content((AddAccountContract = "multipart/form-data"), (AddAccountContract = "application/x-www-form-urlencoded"))), responses((status = 200, body = AccountCreated)))]
async fn add_account(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields: form, .. }: Form<AddAccountRequest>,
) -> Result<Json<AccountCreated>, AppError> {
    // Resold by default; "Refer a client" sends programme=referrer.
    let programme = form.programme.unwrap_or(Programme::Reseller);
    if !may_add(&user, programme) {
        return Err(AppError::Forbidden);
    }
    let input = AddAccountForm {
        account_name: form.accountName,
        owner_first_name: form.form_first_name,
        owner_last_name: form.form_last_name,
        owner_email: form.form_email,
    };
    let errors = validate_add_account(&input);
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    let owner_email = input.owner_email.trim();
    if input.invites_owner() && user_admin::email_taken(&state.db, owner_email, 0).await? {
        let mut errors = FieldErrors::new();
        errors.add("form_email", EMAIL_IN_USE);
        return Err(AppError::Validation(errors));
    }
    let now = state.clock.now();
    let name = input.account_name.trim().to_string();
    let password_hash = if input.invites_owner() { Some(new_password_hash(&random_token()).await) } else { None };
    let mut tx = crate::db::begin_write(&state.db).await?;
    let partner = user.customer();
    let id = partners::create_client(&mut tx, partner, user.session.user_id, &name, programme, now).await?;
    let owner = match &password_hash {
        Some(hash) => {
            let who = (input.owner_first_name.trim(), input.owner_last_name.trim(), owner_email);
            Some(partners::create_owner(&mut tx, id, who, hash, now).await?)
        }
        None => None,
    };
    tx.commit().await?;
    tracing::info!(partner = partner.get(), customer = id.get(), user = user.session.user_id, "partner client created");
    if let Some(owner) = owner {
        send_password_email(&state, owner, true).await?;
    }
    Ok(Json(AccountCreated {
        success: true,
        message: CUSTOMER_CREATED,
        id: id.get(),
        name,
        invited: owner.map(|_| owner_email.to_string()),
    }))
}
