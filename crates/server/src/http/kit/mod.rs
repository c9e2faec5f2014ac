//! What every handler is built from: the signed-in user's extractors (`session`, `account_user`,
//! `page_user`), the one error type and its status mapping (`error`), posted forms (`form`,
//! `typed_form`), path and query extraction (`extract`), the client's address (`client`) and
//! files and streamed CSV (`download`).

pub mod account_user;
pub mod client;
pub mod download;
pub mod error;
pub mod extract;
pub mod form;
pub mod page_user;
pub mod recent;
pub mod session;
pub mod typed_form;
