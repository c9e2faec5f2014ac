// Generated from the Rust types by crates/domain-wasm/src/ts_types.rs: do not edit.
// UPDATE_TS_TYPES=1 cargo test -p domain-wasm ts_types rewrites it.

export type AccountChoice = {
  customerId: number,
  customerName: string,
};

/**
 * The session and account state of spec/shell-users-integrations.md section 3. The server
 * derives it from stored data; the browser only reads it.
 */
export type AccountState = {
  userId: number,
  userForename: string,
  userSurname: string,
  userEmail: string,
  customerId: number,
  customerName: string,
  customerTimeZone: string,
  accountCode: string | null,
  packageName: string,
  userAuthCode: number,
  /**
   * The account owner a user asks for access (the unauthorised page): the customer's
   * longest-standing account owner's name, if it has one.
   */
  accountOwnerName: string | null,
  logoUrl: string | null,
  /**
   * A partner's favicon, for the partner and its clients.
   */
  faviconUrl: string | null,
  topBar: TopBar,
  packageScopes: Array<string>,
  addonScopes: Array<string>,
  nextPackageScopes: Array<string>,
  parameters: Array<string>,
  splashScreen: SplashScreen | null,
  numberFormat: NumberFormat,
  /**
   * Accounts the user may switch to, the current one included.
   */
  accounts: Array<AccountChoice>,
  productName: string,
  /**
   * The live-chat provider's page ("" when chat is not offered: no chat icon).
   */
  liveChatUrl: string,
  isPartner: boolean,
  isUserOnPartner: boolean,
  isTechPartner: boolean,
  techPartnerReportsLogin: boolean,
  isUserAdmin: boolean,
  isAdministrator: boolean,
  isSystemManager: boolean,
  isGroupAccount: boolean,
  isLegacyPackage: boolean,
  hasStatic: boolean,
  hasDynamic: boolean,
  hasOutbound: boolean,
  hasOldOutbound: boolean,
  hasSpeech: boolean,
  hasBilling: boolean,
  hasRealTime: boolean,
  canPurchase: boolean,
  customerCanPurchaseOnline: boolean,
  purchasePermissionFlag: boolean,
  canProvision: boolean,
  canViewAdminMenu: boolean,
  canAccessReports: boolean,
  canAccessBilling: boolean,
  canAccessOutbound: boolean,
  /**
   * The user is one of this account's outbound agents (the Agents page): calls out are theirs.
   */
  isOutboundAgent: boolean,
  canAccessSalesData: boolean,
  canAccessApi: boolean,
  canEditUsers: boolean,
  /**
   * Number/campaign admin.
   */
  canEditNumbersCampaigns: boolean,
  hasAccessToConversions: boolean,
  showReports2023: boolean,
  userCanCreatePartnerAccounts: boolean,
  partnerResellerApprovedFlag: boolean,
  partnerReferrerApprovedFlag: boolean,
  canAccessPartnerAccounts: boolean,
  canAccessPartnerRewards: boolean,
  canAddPartnerAccounts: boolean,
  canAccessPartnerBilling: boolean,
  canViewPartnerAccounts: boolean,
};

/**
 * What partnerportal/addAccount receives: accountName, and form_first_name, form_last_name and
 * form_email for the owner to invite (all three empty: nobody is invited).
 */
export type AddAccountForm = {
  accountName: string,
  ownerFirstName: string,
  ownerLastName: string,
  ownerEmail: string,
};

export type AddButton = {
  isAdministrator: boolean,
  isGroupAccount: boolean,
  /**
   * The list offers its add button on group accounts too.
   */
  showsForGroup?: boolean,
  /**
   * How many the account has and may have, for lists with a limit.
   */
  used?: number | null,
  total?: number | null,
};

export type AddonOffer = {
  kind: OfferKind,
  screen: OfferScreen,
  /**
   * The plan is upgraded first (or the upgrade is what is offered).
   */
  requiresUpgrade: boolean,
  /**
   * The plan the upgrade leads to ('Professional', 'Enterprise'), None for an add-on of the
   * plan or a legacy package's change.
   */
  plan: Plan | null,
  /**
   * 'Upgrade to Professional', 'Upgrade to Enterprise' or 'Upgrade your plan' for an upgrade,
   * else None (the add-on's own name).
   */
  title: string | null,
  /**
   * 'Upgrade', 'Upgrade and add' or 'Add'.
   */
  button: string,
  /**
   * The price is fetched, except for Enterprise (price on application), a legacy package's
   * change, on Enterprise, and in view-only mode.
   */
  fetchesPrice: boolean,
};

export type AdvancedRow = {
  kind: string,
  description: string,
  servicePlan: number,
  recording: boolean,
  intro: number,
  whisper: number,
  dynamicWhisper: number,
  postUrl: string,
  /**
   * The post call agent attribution's DTMF plan (0 = none).
   */
  dtmf: number,
  /**
   * The post call agent attribution's DTMF IVR (0 = none; the form sends it as `IVR_{id}`).
   */
  dtmfIvr: number,
  midCallFlag: boolean,
  midCallAudio: string,
  midCallDivert: boolean,
};

/**
 * How a question is answered.
 */
export type AnswerKind = "yesNo" | "scale";

/**
 * A test call's "as if it were" moment: its words ("as if it were Thursday 24/12/2026 18:05")
 * or each field's problem (asIfDate, asIfTime).
 */
export type AsIfCheck = {
  words: string,
  errors: FieldErrors,
};

/**
 * An edit of one or more numbers: a field left None stays as it is; a list id 0 clears it.
 */
export type AttributionEdit = {
  mediaDescription?: string | null,
  channel?: number | null,
  department?: number | null,
  mediaOwner?: number | null,
};

export type AudioForm = {
  description: string,
  sentence: string,
  /**
   * The chosen file's name, None when no file is chosen.
   */
  fileName: string | null,
  fileSize: number,
  /**
   * Editing an audio that already has a stored file (it may be kept).
   */
  hasStoredFile: boolean,
};

/**
 * One bank holiday: its day (YYYY-MM-DD) and name.
 */
export type BankHoliday = {
  date: string,
  name: string,
};

export type BasicRow = {
  kind: string,
  description: string,
  destination: string,
  recording: boolean,
};

/**
 * The form as billingdetails/saveBillingDetails posts it (the form_ names in the comments).
 */
export type BillingDetailsForm = {
  /**
   * form_companyName
   */
  companyName: string,
  /**
   * form_street1
   */
  street1: string,
  /**
   * form_street2
   */
  street2: string,
  /**
   * form_town
   */
  town: string,
  /**
   * form_county
   */
  county: string,
  /**
   * form_postCode
   */
  postCode: string,
  /**
   * form_contactName
   */
  contactName: string,
  /**
   * form_contactEmail
   */
  contactEmail: string,
  /**
   * form_contactTelephone
   */
  contactTelephone: string,
  /**
   * form_poNumber
   */
  poNumber: string,
};

export type BrandingColours = {
  /**
   * form_top_bar_background
   */
  background: string,
  /**
   * form_top_bar_text
   */
  text: string,
};

export type Calendar = "englandAndWales" | "scotland" | "northernIreland";

export type CallAnswer = {
  /**
   * The index of the first row covering the moment; None when no row does (a gap).
   */
  row: number | null,
  /**
   * The local day, 1 (Monday) to 7.
   */
  day: number,
  /**
   * The local time, "HH:MM".
   */
  time: string,
  /**
   * The zone's abbreviation at that moment, e.g. "GMT" or "BST".
   */
  zone: string,
  /**
   * The offset from UTC, e.g. "+01:00".
   */
  offset: string,
  planType: RowType | null,
  routing: number,
  ivr: number,
  /**
   * The dated exception that answered instead of the week ("Christmas Day"), if one did.
   */
  exception: string | null,
};

export type CallEnd = { "kind": "destinationPlan", id: number, description: string, } | { "kind": "voicemail", id: number, description: string, } | { "kind": "hangUp", reason: string, };

/**
 * How a call ended, as the call path and the carrier report it.
 */
export type CallFacts = {
  /**
   * Seconds a destination talked with the caller (0: nobody answered).
   */
  talkSeconds?: number,
  /**
   * Whether every destination tried was busy.
   */
  busy?: boolean,
  /**
   * Whether the caller reached a voicemail box.
   */
  reachedVoicemail?: boolean,
  /**
   * Whether the caller hung up while an IVR menu played, before choosing where to go.
   */
  endedInIvr?: boolean,
};

export type CallOutcome = "answered" | "missed" | "busy" | "voicemail" | "hungUpInIvr";

export type CallPath = {
  steps: Array<CallStep>,
  end: CallEnd,
};

export type CallStep = { "kind": "timeOfDay", row: number, day: number, time: string, zone: string, plan: string, span: string, } | { "kind": "menu", ivr: number, description: string, pressed: string, note: string, };

/**
 * A later call linked to the missed call that started its chain.
 */
export type CallbackLink = {
  callId: number,
  firstCallId: number,
};

/**
 * One call of one caller (in either direction), as the rule needs it.
 */
export type CallerCall = {
  id: number,
  /**
   * The caller's number as stored (the same caller writes the same way).
   */
  caller: string,
  startedAt: number,
  abandoned: boolean,
};

export type CardButtons = {
  main: IntegrationButton,
  /**
   * Remove (after the password is confirmed): configured, and there is something to remove.
   */
  remove: boolean,
};

/**
 * A card form field the payment provider sent back as refused: the flag it sets in the return
 * address (`nameError=1`) and what the payment page says beside the field.
 */
export type CardFieldError = {
  field: string,
  flag: string,
  message: string,
};

/**
 * One saved change of one record, as the history stores it (changes are ordered by time).
 */
export type Change = {
  id: number,
  key: RecordKey,
  before: RoutingRecord | null,
  after: RoutingRecord | null,
};

/**
 * One line of a charges list.
 */
export type ChargeItem = {
  quantity: number,
  unitPrice: number,
  plan: boolean,
};

/**
 * The button a dynamic URL's row offers after a check.
 */
export type CheckAction = "configure" | "connect" | "none";

export type Chip = "Upgrade" | "Add-on";

export type Choice = {
  id: number,
  label: string,
};

/**
 * The answer: the pair, the rule (None for the default and the first touch), the level, why.
 */
export type Classification = {
  sourceMediumId: number,
  ruleId: number | null,
  level: Level,
  /**
   * Whether this visit is a paid click (a Google or Microsoft click id, or a paid utm_medium).
   */
  paid: boolean,
  why: string,
};

/**
 * A draft record whose live state is no longer the one it was drafted from.
 */
export type Conflict = {
  key: RecordKey,
  /**
   * In words: what happened live.
   */
  reason: string,
  /**
   * What changed live since the draft began, one sentence a line.
   */
  liveChanges: Array<string>,
};

/**
 * How one number or pool is connected: the basic page's row or the advanced page's row
 * (whose `servicePlan` 0 is '-- Disconnect --').
 */
export type Connection = { "mode": "basic" } & BasicRow | { "mode": "advanced" } & AdvancedRow;

/**
 * A conversion action as stored.
 */
export type ConversionAction = {
  name: string,
  platform: Platform,
  valuePence: number | null,
  minDurationSeconds: number,
  /**
   * None: any outcome.
   */
  outcome: CallOutcome | null,
  sourceMediumId: number | null,
  tagId: number | null,
  active: boolean,
};

/**
 * What the rule reads of a stored call.
 */
export type ConversionCall = {
  inbound: boolean,
  /**
   * Seconds talking (0: not answered; ringing is not talk).
   */
  talkSeconds: number,
  outcome: CallOutcome | null,
  sourceMediumId: number | null,
  tagIds: Array<number>,
};

/**
 * The form as posted (form_name, form_platform, form_value, form_min_duration, form_outcome,
 * form_source_medium, form_tag, form_active); '' is 'any' for a condition.
 */
export type ConversionForm = {
  name: string,
  platform: string,
  /**
   * Pounds and pence, "25.00"; '' sends no value.
   */
  value: string,
  /**
   * Seconds; '' is the default, 60.
   */
  minDuration: string,
  outcome: string,
  sourceMedium: string,
  tag: string,
  /**
   * "1": uploads are sent.
   */
  active: string,
};

/**
 * One line's figures over a period: the spend on it, its calls as every screen counts them
 * (`reports::credit`), their first-time callers and qualified leads (talk time of 60 seconds or
 * more, `partners::lead_reports::is_qualified_lead`), and the sales matched to its calls.
 */
export type CostFacts = {
  spendPence: number,
  calls: number,
  firstTime: number,
  qualified: number,
  sales: number,
  revenuePence: number,
};

/**
 * A line as shown: money as "£12.40", a figure without spend or without its count as "—".
 */
export type CostLine = {
  spend: string,
  calls: number,
  costPerCall: string,
  costPerFirstTime: string,
  costPerLead: string,
  costPerSale: string,
  revenue: string,
  /**
   * Revenue over spend: "3.20×".
   */
  returnOnSpend: string,
};

/**
 * A source's, campaign's or number's line this period and the period before, and how its
 * cost per call and return on spend changed ("−12% vs previous 30 days"; "—" when either
 * period has no figure).
 */
export type CostRow = {
  label: string,
  current: CostLine,
  previous: CostLine,
  costPerCallChange: string,
  returnChange: string,
};

/**
 * A call: its id, the visit it came from (a pool call), and when it started.
 */
export type CtaCallStart = {
  id: number,
  visitId: number | null,
  startedAt: number,
};

/**
 * A click on a call-to-action: the visit it was in and when.
 */
export type CtaClick = {
  visitId: number,
  at: number,
};

/**
 * The call-to-action form as posted (form_name, form_kind, form_selector, form_all_pages,
 * form_pages: one pattern a line).
 */
export type CtaForm = {
  name: string,
  kind: string,
  selector: string,
  /**
   * "1": every page of the site; the list is then ignored.
   */
  allPages: string,
  pages: string,
};

/**
 * A date range as the filters name it.
 */
export type DatePreset = { "preset": "today" } | { "preset": "yesterday" } | { "preset": "last7Days" } | { "preset": "last30Days" } | { "preset": "thisMonth" } | { "preset": "lastMonth" } | { "preset": "custom", from: string, to: string, };

export type DayBar = {
  day: number,
  segments: Array<Segment>,
};

export type DestinationNumberForm = {
  description: string,
  destination: string,
  /**
   * The international code's id, 0 for none.
   */
  internationalCode: number,
  mailbox: number,
  /**
   * Adding a number; an update changes only the description and mailbox.
   */
  insert: boolean,
};

export type DestinationPlanForm = {
  description: string,
  /**
   * 0 hunt group, 1 multi dial.
   */
  planType: number,
  queue: number,
  incall: number,
  noResponseDestination: number,
  destinations: Array<DestinationRow>,
};

export type DestinationRow = {
  /**
   * The destination number's id, 0 when not chosen.
   */
  destination: number,
  /**
   * Seconds, 0 when not chosen.
   */
  ringLength: number,
};

/**
 * What the checks know of the account: the other dimensions' names, how many it has (this one
 * aside), and for an edit the stored kind with the calls that have a value and, per choice, the
 * calls that have it.
 */
export type DimensionContext = {
  otherNames: Array<string>,
  /**
   * None for a new dimension.
   */
  storedKind: DimensionKind | null,
  callsWithValue: number,
  /**
   * (choice, calls that have it).
   */
  choicesInUse: Array<[string, number]>,
};

/**
 * The definition form as posted: form_name, form_kind, form_choices (one a line).
 */
export type DimensionForm = {
  name: string,
  kind: string,
  choices: string,
};

/**
 * What a custom dimension holds.
 */
export type DimensionKind = "text" | "number" | "choice";

/**
 * A typed value's answer: the value as stored, or the message.
 */
export type DimensionValueAnswer = {
  value: string | null,
  error: string | null,
};

/**
 * One record the draft changes.
 */
export type DraftRecord = {
  key: RecordKey,
  /**
   * Its live state when it joined the draft (None: the draft creates it).
   */
  base: RoutingRecord | null,
  /**
   * Its state in the draft (None: the draft removes it).
   */
  state: RoutingRecord | null,
  /**
   * Who changed it last in the draft.
   */
  userId: number,
  userName: string,
};

export type DtmfIvrForm = {
  description: string,
  introAudioId: number,
  endAudioId: number,
  keys: Array<DtmfIvrKey>,
};

export type DtmfIvrKey = {
  description: string,
  categoryId: number,
  /**
   * The DTMF plan run after the key; 0 for none.
   */
  dtmfId: number,
};

export type DtmfPlanForm = {
  description: string,
  introAudio: number,
  endAudio: number,
  minimumDigits: number,
  maximumDigits: number,
  initialTimeout: number,
  internalTimeout: number,
  skipAudio: boolean,
};

export type DynamicPoolForm = {
  /**
   * The dynamic URL a new pool goes on; 0 for a new dynamic URL.
   */
  campaignId: number,
  /**
   * The new dynamic URL's address.
   */
  campaignName: string,
  botsFlag: boolean,
  poolName: string,
  internationalCode: number,
  numberPrefix: number,
  /**
   * 0 is the custom format.
   */
  numberFormat: number,
  internationalFormat: number,
  customFormat: string,
  servicePlan: number,
  callRecordingFlag: boolean,
  midCallDivertFlag: boolean,
  numbersToReplace: Array<string>,
  introId: number,
  whisperId: number,
  postUrl: string,
  midCallFlag: boolean,
  midCallAudioOption: number,
  dtmfPostCallOption: number,
};

export type DynamicWhisperForm = {
  description: string,
  sources: Array<WhisperSource>,
};

/**
 * Where a number or pool sends its calls: through a service plan, or (basic connect) straight
 * to a destination number.
 */
export type EntryRoute = { "kind": "servicePlan", id: number, } | { "kind": "number", destination: string, };

export type FeatureCategory = {
  name: string,
  rows: Array<FeatureRow>,
};

export type FeatureCell = "included" | "costsApply" | "notIncluded";

export type FeatureRow = {
  label: string,
  scope: string,
  /**
   * Shown in the upgrade centre's key feature comparison.
   */
  key: boolean,
  /**
   * One cell per plan, in the plans' order.
   */
  cells: Array<FeatureCell>,
};

/**
 * The one shape of a validation failure: (field, message) pairs in the order found, with the
 * spec's exact texts. It becomes the 422 `errors` object on the server and the form errors in
 * the browser.
 */
export type FieldErrors = { [key in string]: string };

/**
 * A visitor's first visit: its pair and time (unix seconds).
 */
export type FirstTouch = {
  sourceMediumId: number,
  startedAt: number,
};

export type FlowEdge = {
  from: string,
  to: string,
  /**
   * The key pressed, or the service plan row ("Row 2") that leads there.
   */
  label: string,
};

export type FlowIssues = {
  /**
   * Sentences naming each menu that can reach itself with no way out.
   */
  loops: Array<string>,
  /**
   * Sentences naming each key that leads nowhere.
   */
  deadEnds: Array<string>,
};

export type FlowNode = {
  /**
   * `ivr-3`, `hangup-3`, `routing-7`, `voicemail-2`.
   */
  id: string,
  description: string,
  /**
   * The keys of an IVR, e.g. "1: Reception"; empty for other nodes.
   */
  options: Array<string>,
  isChild: boolean,
};

/**
 * A call category, a report group or a secondary report group: only a description.
 */
export type GroupForm = {
  description: string,
};

/**
 * One decision of the route guard for one path.
 */
export type GuardStep = { "kind": "allow" } | { "kind": "redirect", to: string, };

/**
 * Id → description lookups. Lists the caller does not send read as empty.
 */
export type HistoryNames = {
  servicePlans: Array<Named>,
  destinationPlans: Array<Named>,
  ivrs: Array<Named>,
  voicemails: Array<Named>,
  queues: Array<Named>,
  audios: Array<Named>,
  destinationNumbers: Array<Named>,
  categories: Array<Named>,
  reportGroups: Array<Named>,
  secondaryReportGroups: Array<Named>,
  inCallAttributions: Array<Named>,
  dynamicWhispers: Array<Named>,
  dtmfPlans: Array<Named>,
  dtmfIvrs: Array<Named>,
  /**
   * The traffic sources a dynamic whisper speaks for, as "source / medium".
   */
  sourcesMediums: Array<Named>,
};

export type Impact = {
  total: number,
  moved: number,
  /**
   * "12 of 340 calls would have gone elsewhere".
   */
  headline: string,
  /**
   * Biggest first.
   */
  moves: Array<Move>,
};

/**
 * The values as the dialog holds them (strings, like the spec's answer).
 */
export type InCallAttributionForm = {
  description: string,
  active: string,
  attributionType: string,
  terminator: string,
  delayBefore: string,
  delayAfter: string,
};

export type InlineList = "channel" | "mediaOwner" | "department" | "campaign";

/**
 * A card's main button (spec: integration card buttons).
 */
export type IntegrationButton = "addOn" | "configure" | "connect" | "upgradeToDynamic" | "notAuthorised" | "none";

/**
 * One card of the overview.
 */
export type IntegrationCard = {
  /**
   * The integration's identifier; `webhooks_api` for the one add-on card of both.
   */
  identifier: string,
  title: string,
  order: number,
  configured: boolean,
  buttons: CardButtons,
};

/**
 * The overview's cards by section, each in display order.
 */
export type IntegrationOverview = {
  authorised: Array<IntegrationCard>,
  unauthorised: Array<IntegrationCard>,
  addOns: Array<IntegrationCard>,
};

export type IvrFlow = {
  nodes: Array<FlowNode>,
  edges: Array<FlowEdge>,
  issues: FlowIssues,
};

/**
 * An IVR as the dialog edits it (section 3). `has_dead_end` is "hang up after the audio".
 */
export type IvrForm = {
  description: string,
  introAudio: number,
  logKeys: boolean,
  reportGroupId: number,
  secondaryReportGroupId: number,
  hasDeadEnd: boolean,
  /**
   * A key of the table, or "none".
   */
  repeatKey: string,
  /**
   * The key taken when the caller presses nothing; "" for none.
   */
  defaultKey: string,
  /**
   * How many times the menu repeats, as typed.
   */
  repeatAudio: string,
  isChild: boolean,
  options: Array<IvrKey>,
};

/**
 * One key option (ids are 0 when not chosen).
 */
export type IvrKey = {
  key: string,
  description: string,
  type: KeyType,
  destinationId: number,
  ivrId: number,
  voicemailId: number,
  categoryId: number,
};

/**
 * What the flow can point at: the customer's IVRs, destination plans and voicemails.
 */
export type IvrLibrary = {
  ivrs: Array<StoredIvr>,
  destinationPlans: Array<Named>,
  voicemails: Array<Named>,
};

export type KeyType = "routing" | "ivr" | "voicemail";

export type LabelledChoice = {
  id: string,
  label: string,
};

/**
 * A later change to the same records, with what it did.
 */
export type LaterChange = {
  id: number,
  explanation: Array<string>,
};

/**
 * Which of CallRail's levels decided (the lower the stronger), or the first touch.
 */
export type Level = "firstTouch" | "landingPage" | "referrer" | "referrerGroup" | "always" | "default";

/**
 * How a UTM or path rule compares (case-insensitively for UTM values, exactly for paths).
 */
export type MatchOp = "equals" | "contains";

/**
 * The side menu one user sees.
 */
export type Menu = {
  /**
   * 'Partner' in the partner and technology-partner portals, otherwise 'Admin'.
   */
  title: string,
  items: Array<MenuNode>,
};

export type MenuNode = {
  id: string,
  label: string,
  /**
   * Where a click goes; None for a parent.
   */
  path: string | null,
  icon: string,
  /**
   * A page outside the single-page app (full navigation).
   */
  external: boolean,
  /**
   * Set when the package lacks `scope`: a click opens the upgrade / add-on offer instead.
   */
  chip: Chip | null,
  scope: string | null,
  children: Array<MenuNode>,
};

/**
 * Calls that went from one end to another at the same weekday and part of the day.
 */
export type Move = {
  count: number,
  /**
   * "31 calls on Saturday mornings: from Reception to voicemail 'Messages'".
   */
  label: string,
  /**
   * Where the calls went with the stored routing.
   */
  from: string,
  /**
   * Where they would have gone with the edited routing.
   */
  to: string,
  /**
   * The local weekday, 1 (Monday) to 7.
   */
  day: number,
  partOfDay: PartOfDay,
  /**
   * The calls, in the order given, for the list to open.
   */
  callIds: Array<number>,
};

export type Named = {
  id: number,
  description: string,
};

export type NewServicePlanForm = {
  description: string,
  /**
   * The international code's id, 0 for none.
   */
  countryCode: number,
  destinationNumber: string,
};

export type NumberFormat = {
  countryCode: number,
  prefix: NumberPrefix,
};

/**
 * How a number is written: the spec's options "no prefix, 00, plus, 0".
 */
export type NumberPrefix = "none" | "doubleZero" | "plus" | "zero";

/**
 * What an Upgrade or Add-on chip (or any other way into the purchase modal) offers for a
 * scope the account lacks: one rule for the menu's chip, the modal and services/getAddonPrice.
 */
export type OfferKind = "addOn" | "upgradeAndAdd" | "upgradePlan" | "enterprise" | "changePlan";

export type OfferScreen = "addOn" | "upgrade";

/**
 * The number an agent typed, as it is rung ("07700900123"), or why it may not be: "" and the
 * words.
 */
export type OutboundCheck = {
  number: string,
  problem: string,
};

/**
 * A link of the page: its label, where it goes, and whether that is outside the app.
 */
export type PageLink = {
  label: string,
  path: string,
  external: boolean,
};

/**
 * A pair as the form posts it.
 */
export type PairForm = {
  source: string,
  medium: string,
};

/**
 * Nights 00:00-05:59, mornings 06:00-11:59, afternoons 12:00-17:59, evenings 18:00-23:59.
 */
export type PartOfDay = "night" | "morning" | "afternoon" | "evening";

/**
 * How the partner-portal icon reaches the portal.
 */
export type PartnerPortalIcon = "link" | "switchBack";

/**
 * A period, or why the dates were refused (one of the two is null).
 */
export type PeriodAnswer = {
  period: ReportPeriod | null,
  error: string | null,
};

/**
 * What the phone lets the user do.
 */
export type PhoneAccess = {
  /**
   * Test calls to the account's own numbers.
   */
  testCalls: boolean,
  /**
   * Calls out from the account's verified numbers: the account's outbound agents.
   */
  callsOut: boolean,
};

/**
 * The packages the product sells, plus the legacy package of older customers.
 */
export type Plan = "Starter" | "Professional" | "Enterprise" | "Legacy";

export type PlanComparison = {
  plans: Array<string>,
  categories: Array<FeatureCategory>,
};

/**
 * One exception as the plan editor sends it and the plan keeps it.
 */
export type PlanException = {
  /**
   * The first day, YYYY-MM-DD.
   */
  from: string,
  /**
   * The last day, YYYY-MM-DD (the first again for one day).
   */
  to: string,
  description: string,
  planType: RowType,
  /**
   * Destination plan id (plan_type routing), 0 for none.
   */
  routing: number,
  /**
   * IVR id (plan_type ivr), 0 for none.
   */
  ivr: number,
  /**
   * From this time of each of its days, HH:MM; "" with `to_time` "" for the whole day.
   */
  fromTime: string,
  /**
   * Until this time (not included), HH:MM, up to 24:00.
   */
  toTime: string,
};

export type PlanPage = {
  /**
   * The usage cards, recording storage, inclusive minutes, call charges and the plan
   * comparison (and the server's services/getCallCharges).
   */
  callTracking: boolean,
  /**
   * The header's plan-change link: the upgrade centre, a technology partner's contact page,
   * or none on a group account.
   */
  planLink: PageLink | null,
  /**
   * Where the footer's Invoices link goes: the account's own portal's invoices.
   */
  invoicesPath: string,
  /**
   * The current pricing breakdown is offered (not on Enterprise, whose prices are its contract's).
   */
  pricingBreakdown: boolean,
  /**
   * What /subscription/upgrade opens in the purchase modal: the online upgrade on Starter,
   * else the Enterprise offer.
   */
  upgradeScope: string,
};

/**
 * A plan's stored scopes: those it includes and those it sells as add-ons.
 */
export type PlanScopes = {
  plan: string,
  included: Array<string>,
  addons: Array<string>,
};

/**
 * The ad platforms a conversion goes to: the integrations catalogue's identifiers.
 */
export type Platform = "google_ads" | "microsoft_ads" | "meta_ads";

/**
 * The settings form of an integration connected at the provider.
 */
export type ProviderSettingsDef = {
  identifier: string,
  /**
   * The chooser's label, "Google Ads account".
   */
  accountLabel: string,
  /**
   * What one of them is called, "account" or "portal".
   */
  accountNoun: string,
  /**
   * The group of things sent, "Conversions sent".
   */
  sendsLabel: string,
  sends: Array<SendOption>,
  /**
   * What a new connection sends until the user chooses.
   */
  defaultSends: Array<string>,
};

/**
 * Why the purchase modal cannot sell a scope online, before any price is asked for.
 */
export type PurchaseBarrier = "notPurchaser" | "contactAccountManager" | "ownerOnly";

/**
 * A question as stored.
 */
export type Question = {
  text: string,
  kind: AnswerKind,
  weight: number,
};

/**
 * A question as the form posts it.
 */
export type QuestionForm = {
  /**
   * form_question_text[i]
   */
  text: string,
  /**
   * form_question_kind[i]: "yesNo" or "scale"
   */
  kind: string,
  /**
   * form_question_weight[i]: "1" to "10"
   */
  weight: string,
};

export type QueueForm = {
  description: string,
  /**
   * As typed.
   */
  maxCalls: string,
  /**
   * As typed.
   */
  linesQty: string,
  holdMusic: number,
  messageMode: number,
  messageInterval: number,
  welcomeAudio: number,
  audio1: number,
  audio2: number,
  audio3: number,
  nextInLineAudio: number,
  queueFullAudio: number,
};

/**
 * Which record: its kind and id (for a connect, the number's or pool's id).
 */
export type RecordKey = {
  kind: RecordKind,
  id: number,
};

/**
 * The kinds of routing record a change can touch.
 */
export type RecordKind = "servicePlan" | "destinationPlan" | "ivr" | "queue" | "connect" | "destinationNumber" | "voicemail" | "audio" | "category" | "reportGroup" | "secondaryReportGroup" | "inCallAttribution" | "dtmfPlan" | "dtmfIvr" | "dynamicWhisper";

/**
 * A record and the state it is in, or is to be put in (None: it does not exist).
 */
export type RecordState = {
  key: RecordKey,
  state: RoutingRecord | null,
};

/**
 * A recorded call: to which number or pool (`entry`), when, and the keys pressed in turn.
 */
export type ReplayCall = {
  id: number,
  entry: number,
  startedAtMillis: number,
  presses: Array<string>,
};

/**
 * A period: its first and last local day, and the instants it covers, [start, end).
 */
export type ReportPeriod = {
  firstDay: string,
  lastDay: string,
  start: number,
  end: number,
  /**
   * The period just before, as long in days (or the month before a month), for comparisons.
   */
  previousStart: number,
  previousEnd: number,
  /**
   * The period before's first and last local day, YYYY-MM-DD.
   */
  previousFirstDay: string,
  previousLastDay: string,
};

/**
 * Where a navigation ends after every guard and redirect, and what that page is.
 */
export type Resolution = {
  path: string,
  pattern: string,
  title: string | null,
  section: string,
  external: boolean,
  /**
   * Route metadata for the side menu: the parent to open and the item to mark.
   */
  menuParent: string | null,
  menuPath: string | null,
};

export type RollbackOutcome = { "outcome": "clean" } | { "outcome": "withLater", changeIds: Array<number>, } | { "outcome": "conflict", laterChangeIds: Array<number>, reason: string, } | { "outcome": "refused", reason: string, };

export type RollbackPlan = {
  outcome: RollbackOutcome,
  /**
   * The records to put back and their states; empty unless the outcome is clean or with later.
   */
  restores: Array<RecordState>,
  /**
   * What will change back: the current state explained against the restored one.
   */
  changesBack: Array<string>,
  /**
   * The later changes to the same records, oldest first.
   */
  later: Array<LaterChange>,
};

export type RouteInfo = {
  pattern: string,
  title: string | null,
  section: string,
  external: boolean,
  redirect: string | null,
};

export type RoutingAccess = {
  /**
   * Routing pages need the /routing page's guard (a customer account, not a partner or
   * technology-partner portal, with admin-menu rights), a non-group account and
   * provisioning rights.
   */
  canView: boolean,
  /**
   * The bulk Connect button (with rows selected): an administrator on a non-group account.
   */
  showsConnect: boolean,
  /**
   * Bulk Connect enabled: also the routing_simple scope (the button shows, disabled, without).
   */
  canConnect: boolean,
  /**
   * Advanced connect, the editors and the audio list: any advanced routing scope.
   */
  hasAdvanced: boolean,
  /**
   * Changing the routing library (plans, destination plans and numbers, queues, audio,
   * voicemail) and its add and edit buttons: an administrator with an advanced scope.
   */
  canEdit: boolean,
  /**
   * Starter has no advanced scope but can upgrade: the advanced page shows its rows with the
   * Upgrade chip and modal. Other packages without advanced scopes are sent back to /routing.
   */
  offerUpgrade: boolean,
  /**
   * The list's menu item to the audio list: packages with routing_simple.
   */
  showsAudioLink: boolean,
  /**
   * The routing list's Tag manager button (and the tag manager calls): editors of an account
   * with dynamic numbers, whose pools the tag serves.
   */
  showsTagManager: boolean,
};

/**
 * Everything the routing screens' selects offer, in one answer for the browser.
 */
export type RoutingConstants = {
  ringLengths: Array<number>,
  ringLengthsMultiDial: Array<number>,
  defaultRingLength: number,
  defaultRingLengthMultiDial: number,
  holdMusic: Array<Choice>,
  messageModes: Array<Choice>,
  messageIntervals: Array<number>,
  midCallAudios: Array<string>,
  audioExtensions: Array<string>,
  maxAudioBytes: number,
  queueMaxCalls: number,
  queueLinesMax: number,
};

/**
 * A number or pool (its id) and its route; `label` is the number or the pool's name.
 */
export type RoutingEntry = {
  id: number,
  label: string,
  route: EntryRoute,
};

export type RoutingExtrasConstants = {
  transferTypes: Array<LabelledChoice>,
  terminators: Array<LabelledChoice>,
  attributionDelayMax: number,
  dtmfDigitsMin: number,
  dtmfDigitsMax: number,
  dtmfTimeoutMin: number,
  dtmfTimeoutMax: number,
  dtmfTimeoutDefault: number,
  dtmfIvrKeys: Array<string>,
  whisperMax: number,
};

/**
 * One routing record as stored, tagged by `kind`.
 */
export type RoutingRecord = { "kind": "servicePlan", id: number, form: ServicePlanForm, } | { "kind": "destinationPlan", id: number, form: DestinationPlanForm, } | { "kind": "ivr", id: number, form: IvrForm, } | { "kind": "queue", id: number, form: QueueForm, } | { "kind": "connect", id: number, label: string, connection: Connection, } | { "kind": "destinationNumber", id: number, form: StoredDestinationNumber, } | { "kind": "voicemail", id: number, form: VoicemailForm, } | { "kind": "audio", id: number, form: StoredAudio, } | { "kind": "category", id: number, form: GroupForm, } | { "kind": "reportGroup", id: number, form: GroupForm, } | { "kind": "secondaryReportGroup", id: number, form: GroupForm, } | { "kind": "inCallAttribution", id: number, form: InCallAttributionForm, } | { "kind": "dtmfPlan", id: number, form: DtmfPlanForm, } | { "kind": "dtmfIvr", id: number, form: DtmfIvrForm, } | { "kind": "dynamicWhisper", id: number, form: DynamicWhisperForm, };

/**
 * A tracked number or pool with its routing, as getNumbersList sends it (section 3).
 */
export type RoutingRow = {
  id: number,
  /**
   * "static" or "dynamic".
   */
  type: string,
  /**
   * The number of a static row, the pool's name of a dynamic one.
   */
  numberPool: string,
  description: string,
  planDescription: string,
  planId: number,
  callRecording: number,
  hasAudio: boolean,
  destination: string,
  introAudio: number,
  whisperAudio: number,
  dynamicWhisperAudio: number,
  midCallDivert: number,
  /**
   * The post call agent attribution's DTMF plan (0 = none).
   */
  attributionId: number,
  /**
   * The post call agent attribution's DTMF IVR, the option `IVR_{id}` (0 = none); a row has
   * this or attribution_id, never both.
   */
  attributionDtmfIvrId: number,
  midCallAttribution: number,
  midCallAudio: string,
  postUrl: string,
  provisioned: boolean,
};

/**
 * The customer's routing as calls meet it. A number or pool not listed is not connected.
 */
export type RoutingSnapshot = {
  servicePlans: Array<StoredServicePlan>,
  library: IvrLibrary,
  entries: Array<RoutingEntry>,
};

export type RowType = "routing" | "ivr";

/**
 * What a rule looks at.
 */
export type RuleField = "utmSource" | "utmMedium" | "utmCampaign" | "clickId" | "referrerHost" | "referrerGroup" | "landingPath" | "always";

/**
 * A rule as the form posts it (keys as text, so an unknown one gets a message).
 */
export type RuleForm = {
  field: string,
  op: string,
  value: string,
};

/**
 * Everything the classifier reads of the account.
 */
export type Ruleset = {
  pairs: Array<SourcePair>,
  /**
   * In the account's order.
   */
  rules: Array<SourceRule>,
  /**
   * The 'direct / none' pair every visit no rule matches goes to.
   */
  defaultId: number,
  /**
   * Whether a paid click overrides a first touch within 30 days.
   */
  paidOverrides: boolean,
};

/**
 * The schedule as typed: its words ("The draft goes live 24/12/2026 17:00 GMT, ...") or each
 * field's problem (publishAt, revertAt).
 */
export type ScheduleCheck = {
  text: string,
  errors: FieldErrors,
};

/**
 * What the plan and usage page does with `?scope=` (or `?type=`): open the add-on modal for a
 * scope sold as an add-on, send anything else the package lacks to /subscription/upgrade, and
 * leave a scope the package has alone.
 */
export type ScopeQuery = "openAddOn" | "upgrade" | "owned";

export type ScoreAnswer = {
  score: number | null,
  errors: FieldErrors,
};

/**
 * The scorecard form.
 */
export type ScorecardForm = {
  /**
   * form_name
   */
  name: string,
  questions: Array<QuestionForm>,
};

/**
 * A run of minutes within one day (inclusive, minutes of the day) covered by the same rows.
 */
export type Segment = {
  from: number,
  to: number,
  /**
   * Indexes of the rows covering it: none is a gap, more than one an overlap.
   */
  rows: Array<number>,
};

/**
 * One thing an integration can send, as posted in `form_sends[]`.
 */
export type SendOption = {
  value: string,
  label: string,
};

export type ServicePlanForm = {
  description: string,
  rows: Array<TimeRow>,
  /**
   * Dated exceptions (bank holidays, closures) answered instead of the week on their days;
   * left out of the JSON when there are none, so plans kept before them read the same.
   */
  exceptions?: Array<PlanException>,
};

/**
 * A source / medium pair of the account.
 */
export type SourcePair = {
  id: number,
  source: string,
  medium: string,
};

/**
 * A stored rule; the account's rules are kept in one order.
 */
export type SourceRule = {
  id: number,
  sourceMediumId: number,
  field: RuleField,
  op: MatchOp,
  value: string,
};

/**
 * A stretch of the week, "HH:MM" inclusive at both ends.
 */
export type Span = {
  fromDay: number,
  fromTime: string,
  toDay: number,
  toTime: string,
  /**
   * "Thursday 19:01 to Thursday 20:00".
   */
  text: string,
};

/**
 * A month's table as posted: one amount a day of the month ('' none), for one line: a source
 * / medium, a campaign, a number (a static number or a pool: what a radio advert or a van
 * livery printed cost), or several of them. Each cost breakdown reads the spend of its own
 * choice, so a number's spend shows on the costs by number.
 */
export type SpendMonthForm = {
  /**
   * YYYY-MM.
   */
  month: string,
  sourceMediumId: number | null,
  campaignId: number | null,
  routingEntryId: number | null,
  /**
   * Pounds, one a day of the month in order.
   */
  amounts: Array<string>,
};

export type SplashScreen = {
  id: number,
  title: string,
  body: string,
};

/**
 * The form as posted: ids are 0 when nothing is chosen (channel, department and media owner
 * are optional).
 */
export type StaticNumberForm = {
  prefix: number,
  destinationPlan: number,
  callRecording: boolean,
  campaign: number,
  mediaDescription: string,
  channel: number,
  department: number,
  mediaOwner: number,
};

/**
 * An audio as stored: a file (`fileName` the stored name, `originalName` the name it was
 * uploaded with) or a text-to-speech sentence.
 */
export type StoredAudio = {
  description: string,
  fileName: string,
  originalName: string,
  sentence: string,
};

/**
 * A destination number as stored: the number itself (fixed once added: `code` is its
 * international dialling code, `internationalCode` that code's id) and what can change.
 */
export type StoredDestinationNumber = {
  description: string,
  internationalCode: number,
  code: string,
  number: string,
  mailbox: boolean,
};

/**
 * A stored IVR: its id and form.
 */
export type StoredIvr = {
  id: number,
  description: string,
  introAudio: number,
  logKeys: boolean,
  reportGroupId: number,
  secondaryReportGroupId: number,
  hasDeadEnd: boolean,
  /**
   * A key of the table, or "none".
   */
  repeatKey: string,
  /**
   * The key taken when the caller presses nothing; "" for none.
   */
  defaultKey: string,
  /**
   * How many times the menu repeats, as typed.
   */
  repeatAudio: string,
  isChild: boolean,
  options: Array<IvrKey>,
};

/**
 * A stored service plan: its id and form.
 */
export type StoredServicePlan = {
  id: number,
  description: string,
  rows: Array<TimeRow>,
  /**
   * Dated exceptions (bank holidays, closures) answered instead of the week on their days;
   * left out of the JSON when there are none, so plans kept before them read the same.
   */
  exceptions?: Array<PlanException>,
};

/**
 * What a rule reads of a call.
 */
export type TagFacts = {
  sourceMediumId: number | null,
  campaignId: number | null,
  /**
   * Seconds talking to whoever answered (0: not answered; ringing is not talk).
   */
  talkSeconds: number,
  /**
   * The menu keys pressed, in order ("12").
   */
  keysPressed: string,
  firstTime: boolean,
  /**
   * None: the outcome is not known (no outcome condition holds).
   */
  outcome: CallOutcome | null,
};

export type TagForm = {
  /**
   * form_description
   */
  description: string,
  /**
   * form_colour, "#1a2b3c"
   */
  colour: string,
};

/**
 * A rule of a tag: each condition set must hold (a conjunction); at least one is set.
 */
export type TagRule = {
  tagId: number,
  sourceMediumId: number | null,
  campaignId: number | null,
  minDurationSeconds: number | null,
  keyPressed: string | null,
  /**
   * True: only first-time callers.
   */
  firstTime: boolean,
  outcome: CallOutcome | null,
};

/**
 * The rule form as posted (form_source_medium, form_campaign, form_min_duration, form_key,
 * form_first_time, form_outcome); '' leaves a condition out.
 */
export type TagRuleForm = {
  sourceMedium: string,
  campaign: string,
  minDuration: string,
  key: string,
  firstTime: string,
  outcome: string,
};

export type TechPartnerProfile = {
  /**
   * form_website (optional)
   */
  website: string,
  /**
   * form_contactName
   */
  contactName: string,
  /**
   * form_contactEmail
   */
  contactEmail: string,
  /**
   * form_contactTelephone (optional)
   */
  contactTelephone: string,
};

export type TemplateKind = "allSame" | "weekdays";

export type TimeBreak = {
  field: string,
  message: string,
};

/**
 * One row: from (day, hour, minute) to (day, hour, minute), both inclusive; day 1 is Monday.
 * Numbers arrive as typed, so they are checked for range rather than trusted.
 */
export type TimeRow = {
  fromDay: number,
  fromHour: number,
  fromMinute: number,
  toDay: number,
  toHour: number,
  toMinute: number,
  planType: RowType,
  /**
   * Destination plan id, 0 for none.
   */
  routing: number,
  /**
   * IVR id, 0 for none.
   */
  ivr: number,
};

export type TopBar = {
  background: string,
  text: string,
};

export type TopBarIcons = {
  /**
   * None when the user reaches no partner portal.
   */
  partnerPortal: PartnerPortalIcon | null,
  technologyPartnerPortal: boolean,
  /**
   * The normal / new reports switch: system managers only.
   */
  reportsSwitch: boolean,
  /**
   * Live chat, where the installation offers it.
   */
  chat: boolean,
};

/**
 * The unauthorised page's text for a refused page.
 */
export type UnauthorisedNotice = {
  reason: string,
  ask: string,
};

/**
 * The page a purchased scope opens, with what it brings.
 */
export type Unlocked = {
  /**
   * The page's menu label ('Speech Insights').
   */
  label: string,
  path: string,
  /**
   * One sentence on what the purchase brings there.
   */
  what: string,
};

/**
 * The user form's fields as posted to users/save (names in the comments).
 */
export type UserForm = {
  /**
   * form_first_name
   */
  firstName: string,
  /**
   * form_last_name
   */
  lastName: string,
  /**
   * form_email
   */
  email: string,
  /**
   * form_auth_code: "10", "20" or "25"
   */
  authCode: string,
  /**
   * form_customer
   */
  customer: string,
  /**
   * hasAccessToNewOutbound: None until the form has a value for it.
   */
  hasAccessToNewOutbound: boolean | null,
  /**
   * form_recordings: "0" or "1"
   */
  callRecording: string,
  /**
   * form_user_outbound_number
   */
  outboundNumber: string,
};

/**
 * What the rules need to know beyond the fields: the account, the editor and the user as
 * loaded.
 */
export type UserFormContext = {
  /**
   * Accounts without auth codes do not ask for one.
   */
  accountHasAuthCode: boolean,
  /**
   * The call-recording value the form was loaded with ("0" for a new user).
   */
  loadedCallRecording: string,
  accountHasInboundRecording: boolean,
  editorCanAccessRecordings: boolean,
  existingUser: boolean,
  /**
   * Outbound was off when loaded and is being turned on.
   */
  enablingOutbound: boolean,
  /**
   * Any permission ticked for the user.
   */
  hasPermissions: boolean,
  /**
   * The user reaches accounts beyond the editor's, so who they are (names, email, home
   * customer, recording and outbound settings) is shown read-only and not checked: only
   * their access to the editor's accounts can change.
   */
  identityReadOnly?: boolean,
};

/**
 * A visit as the classifier reads it.
 */
export type VisitFacts = {
  landingUrl: string,
  referrer: string,
  /**
   * Unix seconds (only compared with the first touch).
   */
  startedAt?: number,
  firstTouch?: FirstTouch | null,
};

/**
 * The vocabulary form.
 */
export type VocabularyForm = {
  /**
   * form_description
   */
  description: string,
  /**
   * form_words: one word or phrase a line.
   */
  words: string,
};

/**
 * The voice tag form.
 */
export type VoiceTagForm = {
  /**
   * form_description: shown as the tag in the call log.
   */
  description: string,
  /**
   * form_phrases: one a line.
   */
  phrases: string,
  /**
   * form_side: "caller", "agent" or "either".
   */
  side: string,
};

export type VoicemailForm = {
  description: string,
  audioId: number,
};

/**
 * What the row shows for a job: its label, whether it failed, whether to poll again and the
 * button after completion.
 */
export type WebsiteCheckView = {
  label: string | null,
  failed: boolean,
  /**
   * Milliseconds until the job is asked about again; None once it is final.
   */
  pollAfterMs: number | null,
  action: CheckAction,
};

export type WeekGrid = {
  days: Array<DayBar>,
  gaps: Array<Span>,
  overlaps: Array<Span>,
};

export type WhisperSource = {
  sourceMediumId: number,
  /**
   * '' for no whisper on this source.
   */
  whisper: string,
};

/**
 * The working-hours dialog: days 1 (Monday) to 7, one opening time for all of them, and the
 * destination plans for open hours and for the gaps (0 leaves a row to be chosen).
 */
export type WorkingHours = {
  days: Array<number>,
  startHour: number,
  startMinute: number,
  endHour: number,
  endMinute: number,
  openRouting: number,
  closedRouting: number,
};

/**
 * The rows, or why the hours give none; `ok` tells which.
 */
export type WorkingHoursResult = { ok: true, rows: Array<TimeRow>, } | { ok: false, errors: FieldErrors, };
