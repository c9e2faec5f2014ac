//! The bounds the server applies, as the contract states them (issue 38): each schema here is
//! built from the constant the rule itself reads, so the schema and the server cannot differ.
//! utoipa's `maximum = …` and `max_length = …` take literals only, which would write a bound
//! twice; fields and parameters name these functions instead (`schema_with = bounds::…`).

use domain::purchase::{MAX_PRICE_SCOPES, MAX_SCOPE_LENGTH};
use domain::routing::history::DATE_PATTERN;
use utoipa::openapi::schema::{KnownFormat, Object, ObjectBuilder, SchemaFormat, Type};

/// The smallest id of any record: ids start at 1 (a form's `garde(range(min = ID_MIN))`).
pub const ID_MIN: i64 = 1;

/// A flag posted as text ("1", "0" or nothing): at most `FLAG_MAX` bytes (garde counts bytes).
pub const FLAG_MAX: usize = 1;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_is_at_most_one_ascii_character() {
        assert_eq!(flag().pattern.as_deref(), Some(r"^[\x01-\x7f]{0,1}$"));
    }

    #[test]
    fn the_scopes_pattern_is_the_domains_figures() {
        assert_eq!(price_scopes_pattern(), "^[^,]{0,64}(,[^,]{0,64}){0,39}$");
    }
}
