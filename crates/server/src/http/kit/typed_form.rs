//! `Form<T>`: a posted form (multipart or urlencoded, as `FormData` reads it) as a typed
//! request. The fields deserialize into `T` by their posted names (`form_name`, `ids[]`); a
//! field posted twice, or a value of the wrong type (`abc` for an id), is 400. Then `T`'s shape
//! rules (garde: lengths, ranges, enumerations, list sizes) answer 422 with the usual body,
//! keyed by field. The spec's own rules stay in `crates/domain`, which the handler calls next.

use axum::extract::{FromRequest, Request};
use axum::http::header::CONTENT_TYPE;
use domain::FieldErrors;
use serde::de::DeserializeOwned;

use domain::routing::RowLimit;

use crate::http::kit::error::AppError;
use crate::http::kit::form::{FormData, UploadedFile};

pub struct Form<T> {
    pub fields: T,
    data: FormData,
}

/// One row of a row form (`form_from_day[3]` is row 3's `form_from_day`): its fields, by the
/// names posted without the index, and the form's row limit. Cells are text (absent is ""),
/// read by the handler as before, so a row that is not numbered right answers as it always did.
pub trait FormRow: DeserializeOwned + garde::Validate<Context = ()> + utoipa::ToSchema + 'static {
    const LIMIT: RowLimit;
}

/// A row's posted field names, read once from its schema: the names the contract states, never
/// a list kept beside them. Kept per row type (a handful, for the life of the process), as the
/// schema is built with its patterns each time it is asked for.
pub fn row_fields<R: FormRow>() -> &'static [&'static str] {
    use std::any::TypeId;
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    use utoipa::openapi::schema::Schema;
    use utoipa::openapi::RefOr;
    static FIELDS: OnceLock<Mutex<HashMap<TypeId, &'static [&'static str]>>> = OnceLock::new();
    let mut known = FIELDS.get_or_init(Default::default).lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    known.entry(TypeId::of::<R>()).or_insert_with(|| {
        let RefOr::T(Schema::Object(row)) = R::schema() else { panic!("a form row is an object") };
        let names: Vec<&'static str> =
            row.properties.into_keys().map(|name| &*Box::leak(name.into_boxed_str())).collect();
        Box::leak(names.into_boxed_slice())
    })
}

/// A row form's contract: the form `F`'s fields and its first row's, `R`'s fields as posted for
/// row 0 (`form_question_text[0]`), those `R` requires required (a form that needs a row). Later
/// rows (`name[1]`, ...) take the same fields; a field no row names is ignored.
pub fn row_form_schema<F: utoipa::ToSchema, R: utoipa::ToSchema + FormRow>(
) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    use utoipa::openapi::schema::Schema;
    use utoipa::openapi::RefOr;
    let (RefOr::T(Schema::Object(mut form)), RefOr::T(Schema::Object(row))) = (F::schema(), R::schema()) else {
        panic!("a row form and its row are objects");
    };
    for (name, field) in row.properties {
        form.properties.insert(format!("{name}[0]"), field);
    }
    form.required.extend(row.required.iter().map(|name| format!("{name}[0]")));
    let rows = format!(
        "Rows: the fields of {}, posted as `name[i]` from 0 without gaps, at most {} rows; row 0's are listed.",
        R::name(),
        R::LIMIT.max
    );
    form.description = Some(match form.description.take() {
        Some(text) => format!("{text}\n\n{rows}"),
        None => rows,
    });
    RefOr::T(Schema::Object(form))
}

/// `row_form!(Contract, Form, Row)`: the contract of a row form (`row_form_schema`), named as
/// the form, for a path's `request_body`.
macro_rules! row_form {
    ($contract:ident, $form:ty, $row:ty) => {
        $crate::http::kit::typed_form::form_contract!(
            $contract,
            $form,
            $crate::http::kit::typed_form::row_form_schema::<$form, $row>()
        );
    };
}
pub(crate) use row_form;

/// A form's schema with its rule across fields a schema states, as `anyOf` choices (each a
/// schema of some fields: `required` and `properties`), put under `contract::ANY_OF`.
pub fn with_any_of(
    schema: utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
    choices: serde_json::Value,
) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    use utoipa::openapi::schema::Schema;
    use utoipa::openapi::RefOr;
    let RefOr::T(Schema::Object(mut form)) = schema else { panic!("a form is an object") };
    form.extensions =
        Some(utoipa::openapi::extensions::ExtensionsBuilder::new().add(crate::http::contract::ANY_OF, choices).build());
    RefOr::T(Schema::Object(form))
}

/// One choice of `with_any_of`: `fields` present and each of its schema.
pub fn any_of_choice(fields: &[(&str, utoipa::openapi::schema::Object)]) -> serde_json::Value {
    let required: Vec<&str> = fields.iter().map(|(name, _)| *name).collect();
    let properties: serde_json::Map<String, serde_json::Value> = fields
        .iter()
        .map(|(name, schema)| ((*name).to_string(), serde_json::to_value(schema).expect("a schema serialises")))
        .collect();
    serde_json::json!({ "required": required, "properties": properties })
}

/// `form_contract!(Contract, Form, schema)`: a contract named as the form whose schema is the
/// expression `schema` (a form with its `anyOf`, say), for a path's `request_body`.
macro_rules! form_contract {
    ($contract:ident, $form:ty, $schema:expr) => {
        pub(crate) struct $contract;

        impl utoipa::PartialSchema for $contract {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                $schema
            }
        }

        impl utoipa::ToSchema for $contract {
            fn name() -> std::borrow::Cow<'static, str> {
                <$form as utoipa::ToSchema>::name()
            }

            // The components the form's fields refer to (an enumeration's), registered with it.
            fn schemas(schemas: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>)>) {
                <$form as utoipa::ToSchema>::schemas(schemas)
            }
        }
    };
}
pub(crate) use form_contract;

impl<T> Form<T> {
    /// The uploaded file of a field, if one was sent with a file name.
    pub fn file(&self, name: &str) -> Option<&UploadedFile> {
        self.data.file(name)
    }

    /// The uploaded file of a field, taken out of the form (no copy of its bytes).
    pub fn take_file(&mut self, name: &str) -> Option<UploadedFile> {
        self.data.take_file(name)
    }

    /// The rows of a row form, each as `R` (see `FormData::rows` for the numbering and the
    /// limit, checked before anything is allocated for a row). A cell's shape problem is 422
    /// keyed by its posted name with the index (`form_from_day[3]`).
    pub fn rows<R: FormRow>(&self) -> Result<Vec<R>, AppError> {
        let names = row_fields::<R>();
        let rows = self.data.rows(names, R::LIMIT)?;
        // A cell read holds no NUL, as no field `typed` reads does.
        if rows.indices().any(|i| names.iter().any(|name| rows.get(i, name).contains('\0'))) {
            return Err(AppError::BadRequest("a form field holds a NUL character".into()));
        }
        rows.indices()
            .map(|i| {
                let pairs = names.iter().map(|name| (*name, rows.get(i, name)));
                let encoded = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish();
                let row: R =
                    serde_html_form::from_str(&encoded).map_err(|e| AppError::BadRequest(format!("row {i}: {e}")))?;
                row.validate().map_err(|report| {
                    let mut errors = FieldErrors::new();
                    for (field, message) in shape_errors(&report).iter() {
                        errors.add(format!("{field}[{i}]"), message.to_string());
                    }
                    AppError::Validation(errors)
                })?;
                Ok(row)
            })
            .collect()
    }
}

/// A garde report as the 422 body's field messages: the field's posted name, its first problem.
pub fn shape_errors(report: &garde::Report) -> FieldErrors {
    let mut errors = FieldErrors::new();
    for (path, error) in report.iter() {
        let field = path.to_string();
        if errors.get(&field).is_none() {
            errors.add(&field, error.message().to_string());
        }
    }
    errors
}

/// Reads `T` from a form's text fields and checks its shape.
pub fn typed<T>(data: &FormData) -> Result<T, AppError>
where
    T: DeserializeOwned + garde::Validate<Context = ()>,
{
    // No text a person types holds a NUL character, and PostgreSQL refuses to store one: refused
    // here, for every form, rather than as a database error (500) where it is first bound.
    // Only the fields `T` reads, by their exact names: a field it ignores is never stored, and
    // the contract (which states the pattern on `T`'s fields) lets a client send others as they
    // are, `form_name[x` beside `form_name` too. A row form's cells are checked as its rows are
    // read (`Form::rows`).
    let read = read_fields::<T>();
    let reads = |name: &str| read.as_ref().is_none_or(|fields| fields.contains(&name));
    if data.pairs().any(|(name, value)| reads(name) && (name.contains('\0') || value.contains('\0'))) {
        return Err(AppError::BadRequest("a form field holds a NUL character".into()));
    }
    // A name with a control character cannot be posted as multipart (its header line refuses
    // it), so it is refused the same in the other encoding: the contract says so of every form.
    if data.pairs().any(|(name, _)| name.chars().any(|c| c.is_ascii_control())) {
        return Err(AppError::BadRequest("a form field's name holds a control character".into()));
    }
    let encoded = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(data.pairs()).finish();
    let fields: T = serde_html_form::from_str(&encoded).map_err(|e| AppError::BadRequest(format!("the form: {e}")))?;
    fields.validate().map_err(|report| AppError::Validation(shape_errors(&report)))?;
    Ok(fields)
}

impl<S, T> FromRequest<S> for Form<T>
where
    S: Send + Sync,
    T: DeserializeOwned + garde::Validate<Context = ()>,
{
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        // A typed call takes a form: a post without one is not a request for it.
        if !req.headers().contains_key(CONTENT_TYPE) {
            return Err(AppError::BadRequest("the call takes a form (multipart or urlencoded)".into()));
        }
        let data = FormData::from_request(req, state).await?;
        let fields = typed(&data)?;
        Ok(Form { fields, data })
    }
}

/// The names of the fields `T` reads (its serde names), or None when serde does not list them
/// (a flattened struct, a map): then every field counts as read.
fn read_fields<T: DeserializeOwned>() -> Option<&'static [&'static str]> {
    struct Names(Option<&'static [&'static str]>);
    #[derive(Debug)]
    struct Stop;
    impl std::fmt::Display for Stop {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("field names only")
        }
    }
    impl std::error::Error for Stop {}
    impl serde::de::Error for Stop {
        fn custom<M: std::fmt::Display>(_: M) -> Self {
            Stop
        }
    }
    impl<'de> serde::Deserializer<'de> for &mut Names {
        type Error = Stop;
        fn deserialize_any<V: serde::de::Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
            Err(Stop)
        }
        fn deserialize_struct<V: serde::de::Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Stop> {
            self.0 = Some(fields);
            Err(Stop)
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option
            unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
        }
    }
    let mut names = Names(None);
    let _ = T::deserialize(&mut names);
    names.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use garde::Validate;
    use serde::Deserialize;
    use utoipa::ToSchema;

    #[derive(Deserialize, Validate, ToSchema)]
    #[allow(dead_code)] // only its shape is read
    struct ScoreRow {
        #[garde(skip)]
        form_answer: String,
        #[serde(rename = "keyType")]
        #[garde(skip)]
        key_type: String,
    }

    impl FormRow for ScoreRow {
        const LIMIT: RowLimit = RowLimit { max: 3, field: "form_answers", message: "too many" };
    }

    #[test]
    fn a_rows_fields_are_its_posted_names_read_once() {
        let mut fields = row_fields::<ScoreRow>().to_vec();
        fields.sort();
        assert_eq!(fields, ["form_answer", "keyType"]);
        assert!(std::ptr::eq(row_fields::<ScoreRow>(), row_fields::<ScoreRow>()));
    }
}
