//! The bounds the server applies, as the contract states them: each schema here is
//! built from the constant the rule itself reads, so the schema and the server cannot differ.
//! utoipa's `maximum = …` and `max_length = …` take literals only, which would write a bound
//! twice; fields and parameters name these functions instead (`schema_with = bounds::…`).

use domain::purchase::{MAX_PRICE_SCOPES, MAX_SCOPE_LENGTH};
use domain::reports::period::preset_keys;
use domain::routing::history::DATE_PATTERN;
use domain::{CharacterClass, KEYBOARD_CHARACTERS, WHITESPACE};
use std::marker::PhantomData;

use domain::list_query::{self, SortColumn, ALL_ROWS, DIRECTIONS, ROWS_PER_PAGE};
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::schema::{KnownFormat, Object, ObjectBuilder, Schema, SchemaFormat, Type};
use utoipa::openapi::Required;
use utoipa::IntoParams;

pub use crate::http::contract::bounds_chars::{class_of, escaped, space};
pub use crate::http::contract::bounds_text::ID_DIGITS;

/// The smallest id of any record: ids start at 1 (a form's `garde(range(min = ID_MIN))`).
pub const ID_MIN: i64 = 1;

/// A flag posted as text ("1", "0" or nothing): at most `FLAG_MAX` bytes (garde counts bytes).
pub const FLAG_MAX: usize = 1;

/// A ticked box as posted: terms a call needs accepted are this and nothing else.
pub const TICKED: &str = "1";

/// A box that must be ticked (`TICKED`): the terms of a purchase.
pub fn ticked() -> Object {
    keys([TICKED])
}

/// A flag's text: at most `FLAG_MAX` characters, each ASCII (so a character is a byte) and not NUL.
pub fn flag() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .max_length(Some(FLAG_MAX))
        .pattern(Some(format!("^[\\x01-\\x7f]{{0,{FLAG_MAX}}}$")))
        .build()
}

/// A day as the filters read it: `format: date`, in the shape the domain parses.
pub fn date() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Date)))
        .pattern(Some(DATE_PATTERN))
        .build()
}

/// A record's id, from `ID_MIN`.
pub fn id() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
        .minimum(Some(ID_MIN))
        .build()
}

/// Any text a form carries (no NUL: `contract::FORM_TEXT_PATTERN`) of at most `MAX` characters.
pub fn text<const MAX: usize>() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .max_length(Some(MAX))
        .pattern(Some(crate::http::contract::FORM_TEXT_PATTERN))
        .build()
}

/// A list of 1 to `MAX` records' ids.
pub fn ids<const MAX: usize>() -> utoipa::openapi::schema::Array {
    utoipa::openapi::schema::ArrayBuilder::new().items(id()).min_items(Some(1)).max_items(Some(MAX)).build()
}

/// A JSON array of at most `max` record ids, each a number or a numeric string (18 digits at
/// most: any such is an `i64`), without spaces.
pub fn json_ids(max: usize) -> Object {
    let description = format!("A JSON array of at most {max} ids, numbers or numeric strings.");
    // A JSON number without a leading zero (`042` is not JSON) and not `-0` (serde_json reads
    // a float); a numeric string may have one.
    let id = "(?:0|-?[1-9][0-9]{0,17}|\"[0-9]{1,18}\")";
    // The count is the description's, not a repetition's (a regex engine's counts are small):
    // `max` ids do not fit in a body anyway.
    let pattern = format!("^\\[(?:{id}(?:,{id})*)?\\]$");
    ObjectBuilder::new().schema_type(Type::String).pattern(Some(pattern)).description(Some(description)).build()
}

/// A JSON array of at most `max` of `keys`, each a JSON string, without spaces; at most `bytes`
/// long (every key is ASCII here, so a character is a byte).
pub fn json_keys(keys: &[&str], max: usize, bytes: usize) -> Object {
    assert!(keys.iter().all(|k| k.is_ascii()), "a key's characters are bytes");
    let choices: Vec<String> = keys.iter().map(|k| k.chars().map(escaped).collect()).collect();
    let key = format!("\"(?:{})\"", choices.join("|"));
    let pattern = format!("^\\[(?:{key}(?:,{key}){{0,{}}})?\\]$", max.saturating_sub(1));
    ObjectBuilder::new().schema_type(Type::String).pattern(Some(pattern)).max_length(Some(bytes)).build()
}

/// A number read as a byte (`u8`): 0 to 255.
pub fn byte() -> Object {
    ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(u8::MIN)).maximum(Some(u8::MAX)).build()
}

/// A path part read as a `u8` (`inline(bounds::Byte)` in a path's parameters).
pub struct Byte;

impl utoipa::PartialSchema for Byte {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        byte().into()
    }
}

impl utoipa::ToSchema for Byte {}

/// services/getAllPrices' scope list: comma-separated, at most `MAX_PRICE_SCOPES` parts, each at
/// most `MAX_SCOPE_LENGTH` characters (blank parts are skipped).
pub fn price_scopes() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(price_scopes_pattern()))
        .max_length(Some(MAX_PRICE_SCOPES * (MAX_SCOPE_LENGTH + 1) - 1))
        .build()
}

/// `^[^,]{0,64}(,[^,]{0,64}){0,39}$` with the domain's figures.
pub fn price_scopes_pattern() -> String {
    format!("^[^,]{{0,{MAX_SCOPE_LENGTH}}}(,[^,]{{0,{MAX_SCOPE_LENGTH}}}){{0,{}}}$", MAX_PRICE_SCOPES - 1)
}

/// The characters a required text may hold.
#[derive(Clone, Copy)]
pub enum Chars {
    /// Any but NUL (no form's text holds one: `contract::FORM_TEXT_PATTERN`).
    Any,
    /// A set of the domain's (`CharacterRule::class`).
    Only(CharacterClass),
    /// Any but NUL and a set of the domain's.
    AnyBut(CharacterClass),
    /// Any at all, NUL too (a query's text, which no form check reads).
    Everything,
}

/// A required text as the rules judge it: trimmed of `domain::WHITESPACE` (`str::trim`), then 1
/// to `max` characters of `chars`. Whitespace is listed, never `\s` (Python's and ECMA's differ
/// from Rust's): `^[ws]*X(?:Y{0,max-2}X)?[ws]*$`, Y a character allowed, X one that is not
/// whitespace.
pub fn required_text_pattern(chars: Chars, max: usize) -> String {
    text_pattern(chars, max, true)
}

/// An optional text as the rules judge it: trimmed, then empty (absent) or as a required text.
pub fn optional_text_pattern(chars: Chars, max: usize) -> String {
    text_pattern(chars, max, false)
}

fn text_pattern(chars: Chars, max: usize, required: bool) -> String {
    assert!(max >= 1, "a text's maximum is a character at least");
    let space = space();
    let (any, solid) = match chars {
        Chars::Everything => {
            let nul = escaped('\0');
            // Any character, NUL too, the same in Python's and ECMA's regexes.
            (format!("(?:[^{nul}]|{nul})"), format!("[^{}]", &space[1..space.len() - 1]))
        }
        Chars::Any | Chars::AnyBut(_) => {
            let refused = match chars {
                Chars::AnyBut(class) => class.to_vec(),
                _ => Vec::new(),
            };
            let nul = [('\0', '\0')];
            let with_space: Vec<(char, char)> =
                nul.iter().chain(&refused).copied().chain(WHITESPACE.iter().map(|c| (*c, *c))).collect();
            let without: Vec<(char, char)> = nul.iter().chain(&refused).copied().collect();
            (format!("[^{}]", class_of(&without, &[])), format!("[^{}]", class_of(&with_space, &[])))
        }
        Chars::Only(class) => (format!("[{}]", class_of(class, &['\0'])), format!("[{}]", class_of(class, WHITESPACE))),
    };
    let rest = if max == 1 { String::new() } else { format!("(?:{any}{{0,{}}}{solid})?", max - 2) };
    if required {
        format!("^{space}*{solid}{rest}{space}*$")
    } else {
        format!("^{space}*(?:{solid}{rest})?{space}*$")
    }
}

/// A required text's schema: the pattern of `required_text_pattern`, and at least one character.
pub fn required_text(chars: Chars, max: usize) -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some(1))
        .pattern(Some(required_text_pattern(chars, max)))
        .build()
}

/// A required text of any characters (but NUL): at most `RAW` characters as posted (the form's
/// `garde(length(chars, max = RAW))`), at most `MAX` once trimmed.
pub fn required<const MAX: usize, const RAW: usize>() -> Object {
    let mut schema = required_text(Chars::Any, MAX);
    schema.max_length = Some(RAW);
    schema
}

/// A required text of keyboard characters (`CharacterRule::NoForeignCharacters`): at most `RAW`
/// characters as posted, at most `MAX` once trimmed.
pub fn required_keyboard<const MAX: usize, const RAW: usize>() -> Object {
    let mut schema = required_text(Chars::Only(KEYBOARD_CHARACTERS), MAX);
    schema.max_length = Some(RAW);
    schema
}

/// A required text of a character rule's set (`CharacterRule::class`; a rule without one
/// allows any character but NUL): at most `RAW` characters as posted, at most `max` once trimmed.
pub fn required_by_rule(rule: domain::CharacterRule, max: usize, raw: usize) -> Object {
    let chars = rule.class().map_or(Chars::Any, Chars::Only);
    let mut schema = required_text(chars, max);
    schema.max_length = Some(raw);
    schema
}

/// An outbound number as typed (`users::outbound_number_message`): digits only, starting with
/// one of the prefixes, `OUTBOUND_NUMBER_MIN` to `OUTBOUND_NUMBER_MAX` long once trimmed.
pub fn outbound_number() -> Object {
    use domain::users::{OUTBOUND_NUMBER_MAX, OUTBOUND_NUMBER_MIN, OUTBOUND_NUMBER_PREFIXES};
    let space = space();
    let prefix_len = OUTBOUND_NUMBER_PREFIXES[0].len();
    let pattern = format!(
        "^{space}*(?:{})[0-9]{{{},{}}}{space}*$",
        OUTBOUND_NUMBER_PREFIXES.join("|"),
        OUTBOUND_NUMBER_MIN - prefix_len,
        OUTBOUND_NUMBER_MAX - prefix_len
    );
    ObjectBuilder::new().schema_type(Type::String).min_length(Some(OUTBOUND_NUMBER_MIN)).pattern(Some(pattern)).build()
}

/// A caller id a code goes to (`caller_ids::validate_outside_number`): `UK_NUMBER_DIGITS` digits
/// starting with one of `CALLER_ID_PREFIXES` (a landline or a mobile), spaces around allowed.
pub fn caller_id_number() -> Object {
    use domain::caller_ids::{CALLER_ID_PREFIXES, UK_NUMBER_DIGITS};
    let space = space();
    let numbers: Vec<String> =
        CALLER_ID_PREFIXES.iter().map(|p| format!("{p}[0-9]{{{}}}", UK_NUMBER_DIGITS - p.len())).collect();
    let pattern = format!("^{space}*(?:{}){space}*$", numbers.join("|"));
    ObjectBuilder::new().schema_type(Type::String).min_length(Some(UK_NUMBER_DIGITS)).pattern(Some(pattern)).build()
}

/// An email address as `users::is_valid_email` reads it: a local part of letters, digits and
/// `EMAIL_LOCAL_SPECIALS` in dot-separated runs, '@', two or more labels of letters, digits and
/// inner hyphens, the last one two letters or more.
pub fn email_pattern() -> String {
    let specials: String = domain::users::EMAIL_LOCAL_SPECIALS.chars().map(escaped).collect();
    let local = format!("[A-Za-z0-9{specials}]+");
    let label = "[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?";
    format!("{local}(?:\\.{local})*@(?:{label}\\.)+[A-Za-z]{{2,}}")
}

/// A field of a contact form (`billing::ContactField`, judged by `check_contact_field`): trimmed,
/// then keyboard characters up to its maximum, required or not; the email field an address,
/// the telephone field a number. At most `raw` characters as posted.
pub fn contact_field(field: domain::billing::ContactField, raw: usize) -> Object {
    let (name, _, required, max) = field;
    let space = space();
    // An address holds no space: stated without the spaces trimmed around it, its length is
    // the rule's. A telephone number holds spaces: its first and last characters are not one.
    let optional = if required { "" } else { "?" };
    let special = if name == domain::billing::CONTACT_EMAIL {
        let blank = if required { String::new() } else { format!("|{space}*") };
        Some((format!("^(?:{}{blank})$", email_pattern()), max))
    } else if name == domain::billing::CONTACT_TELEPHONE {
        let solid = class_of(&[('0', '9'), ('(', ')')], &[]);
        let inner = class_of(&[('0', '9'), (' ', ' '), ('(', ')')], &[]);
        let number = format!("\\+|[+{solid}](?:[{inner}]{{0,{}}}[{solid}])?", max.saturating_sub(2));
        Some((format!("^{space}*(?:{number}){optional}{space}*$"), raw))
    } else {
        None
    };
    let mut schema = match special {
        Some((pattern, longest)) => {
            ObjectBuilder::new().schema_type(Type::String).pattern(Some(pattern)).max_length(Some(longest)).build()
        }
        None => {
            let pattern = text_pattern(Chars::Only(KEYBOARD_CHARACTERS), max, required);
            ObjectBuilder::new().schema_type(Type::String).pattern(Some(pattern)).max_length(Some(raw)).build()
        }
    };
    if required {
        schema.min_length = Some(1);
    }
    schema
}

/// A technology partner's website (`partners::profile`): empty, or one of `WEBSITE_SCHEMES` and
/// printable ASCII holding a '.', not first; at most `WEBSITE_MAX` characters.
pub fn website() -> Object {
    use domain::partners::profile::{WEBSITE_MAX, WEBSITE_SCHEMES};
    let space = space();
    let schemes: Vec<String> = WEBSITE_SCHEMES.iter().map(|s| s.chars().map(escaped).collect()).collect();
    let graphic = class_of(&[('!', '~')], &[]);
    let first = class_of(&[('!', '~')], &['.']);
    // Printable ASCII holds no space: stated without the spaces trimmed around it, its length
    // is the rule's.
    let pattern = format!("^(?:(?:{})[{first}][{graphic}]*\\.[{graphic}]*|{space}*)$", schemes.join("|"));
    ObjectBuilder::new().schema_type(Type::String).pattern(Some(pattern)).max_length(Some(WEBSITE_MAX)).build()
}

/// A colour as `partners::branding::parse_hex_colour` reads it: '#' and `HEX_DIGITS` hex digits,
/// trimmed.
pub fn hex_colour() -> Object {
    let space = space();
    let pattern = format!("^{space}*#[0-9A-Fa-f]{{{}}}{space}*$", domain::partners::branding::HEX_DIGITS);
    ObjectBuilder::new().schema_type(Type::String).pattern(Some(pattern)).build()
}

/// A client account's name (`partners::add_account::account_name_problem`): at most `RAW`
/// characters as posted.
pub fn account_name<const RAW: usize>() -> Object {
    use domain::partners::add_account::{ACCOUNT_NAME_CHARACTERS, ACCOUNT_NAME_MAX};
    let mut schema = required_text(Chars::Only(ACCOUNT_NAME_CHARACTERS), ACCOUNT_NAME_MAX);
    schema.max_length = Some(RAW);
    schema
}

/// A destination number as typed (`services::new_service_plan::destination_number_problem`):
/// `DESTINATION_DIGITS_MIN` to `DESTINATION_DIGITS_MAX` digits, trimmed.
pub fn destination_digits() -> Object {
    use domain::routing::{DESTINATION_DIGITS_MAX, DESTINATION_DIGITS_MIN};
    let space = space();
    let pattern = format!("^{space}*[0-9]{{{DESTINATION_DIGITS_MIN},{DESTINATION_DIGITS_MAX}}}{space}*$");
    ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some(DESTINATION_DIGITS_MIN))
        .pattern(Some(pattern))
        .build()
}

/// An optional text of keyboard characters: empty once trimmed, or at most `MAX` of them; at
/// most `RAW` characters as posted.
pub fn optional_keyboard<const MAX: usize, const RAW: usize>() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(optional_text_pattern(Chars::Only(KEYBOARD_CHARACTERS), MAX)))
        .max_length(Some(RAW))
        .build()
}

/// A required text of the report groups' characters (`routing::REPORT_GROUP_CLASS`): at most
/// `RAW` characters as posted, at most `MAX` once trimmed.
pub fn required_report_group<const MAX: usize, const RAW: usize>() -> Object {
    let mut schema = required_text(Chars::Only(domain::routing::REPORT_GROUP_CLASS), MAX);
    schema.max_length = Some(RAW);
    schema
}

/// One of `keys`, as the rule compares them.
pub fn keys<K: ToString>(keys: impl IntoIterator<Item = K>) -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(keys.into_iter().map(|k| k.to_string()).collect::<Vec<_>>()))
        .build()
}

/// A query's choice: one of `keys`, or empty for the default (a query's empty value is absent).
pub fn choice<K: ToString>(keys: impl IntoIterator<Item = K>) -> Object {
    self::keys(std::iter::once(String::new()).chain(keys.into_iter().map(|k| k.to_string())))
}

/// A whole number from `min` to `max`.
pub fn whole(min: i64, max: i64) -> Object {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
        .minimum(Some(min))
        .maximum(Some(max))
        .build()
}

/// A whole number from `MIN` to `MAX` (`schema_with`).
pub fn whole_in<const MIN: i64, const MAX: i64>() -> Object {
    whole(MIN, MAX)
}

/// How sales are matched to calls (`sales::MatchBy`).
pub fn match_by() -> Object {
    keys(domain::sales::MatchBy::ALL.map(domain::sales::MatchBy::key))
}

/// A query's number: `schema`, or empty for none (a query's empty value is absent).
fn or_empty(schema: Object) -> Schema {
    Schema::AnyOf(utoipa::openapi::schema::AnyOfBuilder::new().item(schema).item(keys([""])).build())
}

fn query(name: &str, description: &str, schema: impl Into<Schema>) -> Parameter {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Query)
        .required(Required::False)
        .description(Some(description).filter(|d| !d.is_empty()))
        .schema(Some(utoipa::openapi::RefOr::T(schema.into())))
        .build()
}

/// A list asked one page at a time (`list_query::ListQueryInput`, parsed by
/// `parse_table_query::<S>`): its query's bounds, with `S`'s columns as the sort's keys.
pub struct ListParams<S>(PhantomData<S>);

impl<S: SortColumn> IntoParams for ListParams<S> {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let sizes = ROWS_PER_PAGE.iter().map(|size| size.to_string()).chain([ALL_ROWS.to_string()]);
        let search = ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(optional_text_pattern(Chars::Everything, list_query::SEARCH_MAX)))
            .build();
        vec![
            query("page", "From 1.", or_empty(whole(1, i64::from(list_query::PAGE_MAX)))),
            query("pageSize", "Rows per page, or all (the default).", choice(sizes)),
            query("search", "", search),
            query("sort", "", choice(S::COLUMNS.iter().map(|(key, _)| *key))),
            query("direction", "", choice(DIRECTIONS)),
        ]
    }
}

/// A report's period (`reports::preset_from_query`): a preset's key (the last 30 days when
/// absent), and a custom range's first and last days.
pub struct PeriodParams;

impl IntoParams for PeriodParams {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        period_params()
    }
}

/// A report's period and what its lines break the calls down by: `by` is source (the default),
/// campaign or number (`store::call_credit::Breakdown`).
pub struct PeriodByParams;

impl IntoParams for PeriodByParams {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let mut params = period_params();
        let lines = ["source", "campaign", "number"].map(String::from).to_vec();
        params.push(query("by", "What the lines are: source (the default), campaign or number.", choice(lines)));
        params
    }
}

/// Empty, or `keys` comma-separated ("missed,busy").
fn key_list(keys: &[&str]) -> Object {
    let one = format!("({})", keys.join("|"));
    ObjectBuilder::new().schema_type(Type::String).pattern(Some(format!("^$|^{one}(,{one})*$"))).build()
}

/// `from` and `to` are read only with the preset custom (a rule across fields): their shape is
/// the rule's, not the schema's.
const CUSTOM_DAY: &str = "A custom range's first or last day, YYYY-MM-DD (read only when preset is custom).";

/// A group's combined call log: the call log's filters every clinic shares (a clinic's own
/// sources, campaigns, numbers, tags, categories and fields are refused: domain
/// `reports::group`), and the clinic (empty or "all", or one clinic's id).
pub struct GroupCallParams;

impl IntoParams for GroupCallParams {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let mut params: Vec<Parameter> = CallLogParams::into_params(|| None)
            .into_iter()
            .filter(|p| !domain::reports::group::CLINIC_OWN_FILTERS.contains(&p.name.as_str()))
            .collect();
        let clinic = utoipa::openapi::schema::AnyOfBuilder::new().item(id()).item(keys(["", "all"])).build();
        params.push(query("clinic", "All clinics (empty or \"all\"), or one clinic's id.", clinic));
        params
    }
}

fn period_params() -> Vec<Parameter> {
    vec![
        query("preset", "A preset's key; custom takes from and to. The default: last30Days.", choice(preset_keys())),
        query("from", CUSTOM_DAY, ObjectBuilder::new().schema_type(Type::String).build()),
        query("to", CUSTOM_DAY, ObjectBuilder::new().schema_type(Type::String).build()),
    ]
}

/// The call log's query (`reports::CallLogQueryInput`, parsed by `parse_call_log_query`).
pub struct CallLogParams;

impl IntoParams for CallLogParams {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        use domain::reports::call_log::{CATEGORY_MAX, MIN_DURATION_MAX, PAGE_MAX, PAGE_SIZES, SCORE_MAX, SEARCH_MAX};
        use domain::reports::{CallOutcome, CallSort, ScoreFilter};
        let text = |max| {
            ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some(optional_text_pattern(Chars::Everything, max)))
                .build()
        };
        let mut params = period_params();
        params.extend([
            query("source", "A source / medium's id.", or_empty(id())),
            query("campaign", "A campaign's id.", or_empty(id())),
            query("number", "A tracked number's or pool's id.", or_empty(id())),
            query(
                "outcome",
                "Outcomes' keys, comma-separated: calls with any of them.",
                key_list(&CallOutcome::ALL.map(CallOutcome::key)),
            ),
            query(
                "followUp",
                "What the account did about the call.",
                choice(domain::reports::FollowUpFilter::ALL.map(domain::reports::FollowUpFilter::key)),
            ),
            query("tag", "A call tag's id.", or_empty(id())),
            query("category", "A call category's name.", text(CATEGORY_MAX)),
            query(
                "firstTime",
                "\"1\": first-time callers only.",
                ObjectBuilder::new().schema_type(Type::String).build(),
            ),
            query("minDuration", "Seconds.", or_empty(whole(0, MIN_DURATION_MAX))),
            query("score", "", choice(ScoreFilter::ALL.map(ScoreFilter::key))),
            query("minScore", "Calls scored at least this.", or_empty(whole(0, SCORE_MAX))),
            query("dimension", "A custom dimension's id: calls with a value of it.", or_empty(id())),
            query(
                "dimensionValue",
                "The value of the dimension (needs dimension).",
                text(domain::dimensions::TEXT_VALUE_MAX),
            ),
            query("search", "A caller or tracked number, or a number's or pool's name.", text(SEARCH_MAX)),
            query(
                "transcript",
                "Words said in the call: any of them, or a \"phrase in quotes\".",
                text(domain::reports::transcript_search::TRANSCRIPT_SEARCH_MAX),
            ),
            query(
                "testCalls",
                "\"1\": test calls too, marked.",
                ObjectBuilder::new().schema_type(Type::String).build(),
            ),
            query(
                "callsOut",
                "\"1\": agents' calls out too, marked.",
                ObjectBuilder::new().schema_type(Type::String).build(),
            ),
            query("page", "", or_empty(whole(1, i64::from(PAGE_MAX)))),
            query("pageSize", "", choice(PAGE_SIZES)),
            query("sort", "", choice(CallSort::ALL.map(CallSort::key))),
            query("direction", "", choice(DIRECTIONS)),
        ]);
        params
    }
}

/// One of `keys` as the rule reads it once trimmed (`str::trim`): the key between whitespace,
/// at most `raw` characters as posted.
pub fn trimmed_key(keys: &[&str], raw: usize) -> Object {
    crate::http::contract::bounds_text::key_choice(keys, false, raw)
}

/// A whole number from `min` to `max` (0 or more) as text the rule reads once trimmed with
/// `str::parse::<i64>` (a '+' and leading zeros allowed); at most `raw` characters as posted.
pub fn trimmed_whole(min: i64, max: i64, raw: usize) -> Object {
    assert!(0 <= min && min <= max, "a range of whole numbers from 0");
    crate::http::contract::bounds_text::trimmed(
        &crate::http::contract::bounds_text::parsed_whole(min as u64, max as u64),
        false,
        raw,
    )
}

/// A record's id as text the rule reads once trimmed with `str::parse::<i64>` (a '+' and
/// leading zeros allowed), from `ID_MIN`: at most 18 digits after the zeros, so any is an
/// `i64`; at most `raw` characters as posted.
pub fn id_text(raw: usize) -> Object {
    const { assert!(ID_MIN == 1, "an id's first digit is 1 to 9") };
    let space = space();
    let pattern = format!("^{space}*{ID_DIGITS}{space}*$");
    ObjectBuilder::new().schema_type(Type::String).pattern(Some(pattern)).max_length(Some(raw)).build()
}

/// A source's or a medium's name (`sources::validate_pair`): required, at most `SOURCE_MAX`
/// once trimmed, no control character nor '/'; at most `RAW` characters as posted.
pub fn source_name<const RAW: usize>() -> Object {
    let mut schema = required_text(Chars::AnyBut(domain::sources::SOURCE_NAME_REFUSED), domain::sources::SOURCE_MAX);
    schema.max_length = Some(RAW);
    schema
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_is_at_most_one_ascii_character() {
        assert_eq!(flag().pattern.as_deref(), Some(r"^[\x01-\x7f]{0,1}$"));
    }

    #[test]
    fn a_required_text_is_one_character_not_whitespace_between_whitespace() {
        let pattern = required_text_pattern(Chars::Any, 3);
        assert!(pattern.starts_with(r"^[\u0009-\u000d\u0020\u0085\u00a0\u1680\u2000-\u200a\u2028-\u2029"), "{pattern}");
        assert!(pattern.contains(r"*[^\u0000\u0009-\u000d"), "{pattern}");
        assert!(pattern.contains(r"(?:[^\u0000]{0,1}[^\u0000\u0009"), "{pattern}");
    }

    #[test]
    fn a_keyboard_text_leaves_whitespace_out_of_its_first_and_last_character() {
        let pattern = required_text_pattern(Chars::Only(KEYBOARD_CHARACTERS), 60);
        assert!(pattern.contains(r"*[\u0021-\u007e\u00a3\u00c0-\u00d6"), "{pattern}");
        assert!(pattern.contains(r"(?:[\u0020-\u007e"), "{pattern}");
        assert!(pattern.contains("{0,58}"), "{pattern}");
    }

    #[test]
    fn a_lists_parameters_are_the_querys_fields() {
        let names = |params: Vec<Parameter>| params.into_iter().map(|p| p.name).collect::<Vec<_>>();
        assert_eq!(
            names(ListParams::<list_query::ListSort>::into_params(|| None)),
            names(list_query::ListQueryInput::into_params(|| None))
        );
    }

    #[test]
    fn the_call_logs_parameters_are_the_querys_fields() {
        let names = |params: Vec<Parameter>| params.into_iter().map(|p| p.name).collect::<Vec<_>>();
        assert_eq!(
            names(CallLogParams::into_params(|| None)),
            names(domain::reports::CallLogQueryInput::into_params(|| None))
        );
    }

    #[test]
    fn the_scopes_pattern_is_the_domains_figures() {
        assert_eq!(price_scopes_pattern(), "^[^,]{0,64}(,[^,]{0,64}){0,39}$");
    }
}
