//! Yes/no columns. Both schemas store them as 0/1 integers (one representation for both
//! backends), and PostgreSQL answers `EXISTS (...)` or `x IS NULL` with a boolean; `Flag` reads
//! either. sqlx's own `bool` reads neither through the `Any` driver, so a row field that is a
//! flag says `#[sqlx(try_from = "Flag")]`, and a flag is bound as `Flag(b)` (0 or 1).

use sqlx::any::{AnyTypeInfo, AnyTypeInfoKind};
use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::{Any, Database, Decode, Encode, Type, ValueRef};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flag(pub bool);

impl From<Flag> for bool {
    fn from(flag: Flag) -> bool {
        flag.0
    }
}

impl Type<Any> for Flag {
    fn type_info() -> AnyTypeInfo {
        <i64 as Type<Any>>::type_info()
    }

    fn compatible(ty: &AnyTypeInfo) -> bool {
        ty.kind() == AnyTypeInfoKind::Bool || ty.kind().is_integer()
    }
}

impl<'r> Decode<'r, Any> for Flag {
    fn decode(value: <Any as Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
        if value.type_info().kind() == AnyTypeInfoKind::Bool {
            return Ok(Flag(<bool as Decode<Any>>::decode(value)?));
        }
        match <i64 as Decode<Any>>::decode(value)? {
            0 => Ok(Flag(false)),
            1 => Ok(Flag(true)),
            other => Err(format!("a flag is 0 or 1, not {other}").into()),
        }
    }
}

impl<'q> Encode<'q, Any> for Flag {
    fn encode_by_ref(&self, buf: &mut <Any as Database>::ArgumentBuffer<'q>) -> Result<IsNull, BoxDynError> {
        <i64 as Encode<Any>>::encode(i64::from(self.0), buf)
    }
}
