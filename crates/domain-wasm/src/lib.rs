//! The domain rules exported to the browser. Values cross the boundary with
//! serde-wasm-bindgen's JSON-compatible serializer, so maps arrive as plain objects.
//!
//! Built three times for the browser (scripts/build-wasm.sh), so that the first screen loads
//! only what it needs: feature `shell` (menus, guards, titles, the route table, the integration
//! overview, dates) for every screen; `pages` (the purchase modal, plans, prices, lists) with
//! the pages past the first screen; and `forms` (the form rules) with the screens that have
//! forms. `cargo` builds all three (the default).

use serde::{de::DeserializeOwned, Serialize};
use wasm_bindgen::prelude::*;

#[cfg(any(feature = "shell", feature = "pages"))]
mod account_fields;
#[cfg(feature = "forms")]
mod agents;
#[cfg(feature = "forms")]
mod caller_ids;
#[cfg(feature = "forms")]
mod conversions;
#[cfg(feature = "forms")]
mod cta;
#[cfg(feature = "forms")]
mod dimensions;
#[cfg(feature = "forms")]
mod forms;
#[cfg(feature = "forms")]
mod history;
#[cfg(feature = "forms")]
mod ivr;
#[cfg(feature = "pages")]
mod pages;
#[cfg(feature = "forms")]
mod partners;
#[cfg(feature = "forms")]
mod reports;
#[cfg(feature = "forms")]
mod routing;
#[cfg(feature = "forms")]
mod routing_extras;
#[cfg(feature = "forms")]
mod scoring;
#[cfg(feature = "shell")]
mod shell;
#[cfg(feature = "forms")]
mod sources;
#[cfg(feature = "forms")]
mod speech;
#[cfg(feature = "forms")]
mod tags;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
export type Chip = "Upgrade" | "Add-on";
export interface MenuNode {
  id: string; label: string; path: string | null; icon: string; external: boolean;
  chip: Chip | null; scope: string | null; children: MenuNode[];
}
export interface Menu { title: string; items: MenuNode[] }
export type IntegrationButton = "addOn" | "configure" | "connect" | "upgradeToDynamic" | "notAuthorised" | "none";
export interface IntegrationCard {
  identifier: string; title: string; order: number; configured: boolean;
  buttons: { main: IntegrationButton; remove: boolean };
}
export interface ProviderSettingsDef {
  identifier: string; accountLabel: string; accountNoun: string; sendsLabel: string;
  sends: { value: string; label: string }[]; defaultSends: string[];
}
export interface IntegrationOverview { authorised: IntegrationCard[]; unauthorised: IntegrationCard[]; addOns: IntegrationCard[] }
export type OfferKind = "addOn" | "upgradeAndAdd" | "upgradePlan" | "enterprise" | "changePlan";
export interface AddonOffer {
  kind: OfferKind; screen: "addOn" | "upgrade"; requiresUpgrade: boolean;
  plan: "Starter" | "Professional" | "Enterprise" | "Legacy" | null; title: string | null; button: string;
  fetchesPrice: boolean;
}
export interface BillingDetailsForm {
  companyName: string; street1: string; street2: string; town: string; county: string; postCode: string;
  contactName: string; contactEmail: string; contactTelephone: string; poNumber: string;
}
export interface StaticNumberForm {
  prefix: number; destinationPlan: number; callRecording: boolean; campaign: number; mediaDescription: string;
  channel: number; department: number; mediaOwner: number;
}
export interface AttributionEdit {
  mediaDescription?: string | null; channel?: number | null; department?: number | null; mediaOwner?: number | null;
}
export interface NewServicePlanForm { description: string; countryCode: number; destinationNumber: string }
export type InlineList = "channel" | "mediaOwner" | "department" | "campaign";
export interface DynamicPoolForm {
  campaignId: number; campaignName: string; botsFlag: boolean; poolName: string; internationalCode: number;
  numberPrefix: number; numberFormat: number; internationalFormat: number; customFormat: string; servicePlan: number;
  callRecordingFlag: boolean; midCallDivertFlag: boolean; numbersToReplace: string[]; introId: number; whisperId: number;
  postUrl: string; midCallFlag: boolean; midCallAudioOption: number; dtmfPostCallOption: number;
}
export interface Unlocked { label: string; path: string; what: string }
export interface PageLink { label: string; path: string; external: boolean }
export interface PlanPage {
  callTracking: boolean; planLink: PageLink | null; invoicesPath: string; pricingBreakdown: boolean;
  upgradeScope: "upgrade" | "enterprise";
}
export type PurchaseBarrier = "notPurchaser" | "contactAccountManager" | "ownerOnly";
export type ScopeQuery = "openAddOn" | "upgrade" | "owned";
export interface PlanScopes { plan: string; included: string[]; addons: string[] }
export type FeatureCell = "included" | "costsApply" | "notIncluded";
export interface FeatureRow { label: string; scope: string; key: boolean; cells: FeatureCell[] }
export interface PlanComparison { plans: string[]; categories: { name: string; rows: FeatureRow[] }[] }
export interface WebsiteCheckView {
  label: string | null; failed: boolean; pollAfterMs: number | null; action: "configure" | "connect" | "none";
}
export type GuardStep = { kind: "allow" } | { kind: "redirect"; to: string };
export type PartnerPortalIcon = "link" | "switchBack";
export interface CardFieldError { field: "name" | "number" | "date" | "cvc"; flag: string; message: string }
export interface TopBarIcons { partnerPortal: PartnerPortalIcon | null; technologyPartnerPortal: boolean; reportsSwitch: boolean }
export interface Resolution {
  path: string; pattern: string; title: string | null; section: string; external: boolean;
  menuParent: string | null; menuPath: string | null;
}
export interface UnauthorisedNotice { reason: string; ask: string }
export interface RouteInfo {
  pattern: string; title: string | null; section: string; external: boolean; redirect: string | null;
}
export interface AddButton {
  isAdministrator: boolean; isGroupAccount: boolean; showsForGroup?: boolean; used?: number | null; total?: number | null;
}
export interface ChargeItem { quantity: number; unitPrice: number; plan: boolean }
export interface NumberFormat { countryCode: number; prefix: "none" | "doubleZero" | "plus" | "zero" }
export type FieldErrors = Record<string, string>;
export type RuleField =
  | "utmSource" | "utmMedium" | "utmCampaign" | "clickId" | "referrerHost" | "referrerGroup" | "landingPath" | "always";
export type MatchOp = "equals" | "contains";
export interface SourceRule { id: number; sourceMediumId: number; field: RuleField; op: MatchOp; value: string }
export interface SourcePair { id: number; source: string; medium: string }
export interface Ruleset { pairs: SourcePair[]; rules: SourceRule[]; defaultId: number; paidOverrides: boolean }
export interface FirstTouch { sourceMediumId: number; startedAt: number }
export interface VisitFacts { landingUrl: string; referrer: string; startedAt?: number; firstTouch?: FirstTouch | null }
export type Level = "firstTouch" | "landingPage" | "referrer" | "referrerGroup" | "always" | "default";
export interface Classification { sourceMediumId: number; ruleId: number | null; level: Level; paid: boolean; why: string }
export interface RuleForm { field: string; op: string; value: string }
export interface PairForm { source: string; medium: string }
export interface AddAccountForm { accountName: string; ownerFirstName: string; ownerLastName: string; ownerEmail: string }
export interface BrandingColours { background: string; text: string }
export interface DimensionForm { name: string; kind: string; choices: string }
export interface DimensionContext {
  otherNames: string[]; storedKind: "text" | "number" | "choice" | null; callsWithValue: number;
  choicesInUse: [string, number][];
}
export interface DimensionValueAnswer { value: string | null; error: string | null }
export interface CtaForm { name: string; kind: string; selector: string; allPages: string; pages: string }
export interface CtaClick { visitId: number; at: number }
export interface CtaCallStart { id: number; visitId: number | null; startedAt: number }
export interface TagForm { description: string; colour: string }
export interface VoiceTagForm { description: string; phrases: string; side: string }
export interface VocabularyForm { description: string; words: string }
export interface TagRuleForm {
  sourceMedium: string; campaign: string; minDuration: string; key: string; firstTime: string; outcome: string;
}
export interface TagFacts {
  sourceMediumId: number | null; campaignId: number | null; durationSeconds: number; keysPressed: string;
  firstTime: boolean; outcome: string | null;
}
export interface ConversionForm {
  name: string; platform: string; value: string; minDuration: string; outcome: string; sourceMedium: string;
  tag: string; active: string;
}
export interface ConversionAction {
  name: string; platform: "google_ads" | "microsoft_ads" | "meta_ads"; valuePence: number | null;
  minDurationSeconds: number; outcome: string | null; sourceMediumId: number | null; tagId: number | null;
  active: boolean;
}
export interface ConversionCall {
  inbound: boolean; durationSeconds: number; outcome: string | null; sourceMediumId: number | null; tagIds: number[];
}
export interface TagRule {
  tagId: number; sourceMediumId: number | null; campaignId: number | null; minDurationSeconds: number | null;
  keyPressed: string | null; firstTime: boolean; outcome: string | null;
}
export interface QuestionForm { text: string; kind: string; weight: string }
export interface ScorecardForm { name: string; questions: QuestionForm[] }
export interface Question { text: string; kind: "yesNo" | "scale"; weight: number }
export interface ScoreAnswer { score: number | null; errors: FieldErrors }
export type DatePreset =
  | { preset: "today" | "yesterday" | "last7Days" | "last30Days" | "thisMonth" | "lastMonth" }
  | { preset: "custom"; from: string; to: string };
export interface ReportPeriod {
  firstDay: string; lastDay: string; start: number; end: number; previousStart: number; previousEnd: number;
}
export interface PeriodAnswer { period: ReportPeriod | null; error: string | null }
export interface CallFacts { talkSeconds?: number; busy?: boolean; reachedVoicemail?: boolean; endedInIvr?: boolean }
export interface CallerCall { id: number; caller: string; startedAt: number; abandoned: boolean }
export interface CallbackLink { callId: number; firstCallId: number }
export interface TechPartnerProfile { website: string; contactName: string; contactEmail: string; contactTelephone: string }
export interface UserForm {
  firstName: string; lastName: string; email: string; authCode: string; customer: string;
  hasAccessToNewOutbound: boolean | null; callRecording: string; outboundNumber: string;
}
export interface UserFormContext {
  accountHasAuthCode: boolean; loadedCallRecording: string; accountHasInboundRecording: boolean;
  editorCanAccessRecordings: boolean; existingUser: boolean; enablingOutbound: boolean; hasPermissions: boolean;
  identityReadOnly?: boolean;
}
"#;

/// The account state the browser passes (from getAccountDetails), read without serde's
/// deserializer (`account_fields`).
#[cfg(any(feature = "shell", feature = "pages"))]
pub(crate) fn account(value: JsValue) -> Result<domain::AccountState, JsError> {
    Ok(account_fields::account_state(&value))
}

pub(crate) fn from_js<T: DeserializeOwned>(value: JsValue) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&e.to_string()))
}

pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(|e| JsError::new(&e.to_string()))
}
