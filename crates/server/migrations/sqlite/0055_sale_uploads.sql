-- Issue 36: Import sales' steps as pages. A sales file uploaded at /importsales/upload is kept
-- here, so that its column mapping (/importsales/fieldmapping/{id}) and a retry after a stopped
-- import (/importsales/fieldmapping/{id}/retry) are addresses of their own, not state held in one
-- page. Kept 7 days (housekeeping) and at most 20 a customer (the oldest go first).
CREATE TABLE sale_uploads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    user_id INTEGER NOT NULL,
    file_name TEXT NOT NULL,
    content BLOB NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX sale_uploads_customer ON sale_uploads (customer_id, id);
CREATE INDEX sale_uploads_created ON sale_uploads (created_at);
