//! Files customers send us and files we make for them: uploaded audio decoded whole, sales
//! workbooks read in a child process, and invoice PDFs.

pub mod audio_decode;
pub mod engine_audio;
pub mod invoices;
pub mod sales_file;
