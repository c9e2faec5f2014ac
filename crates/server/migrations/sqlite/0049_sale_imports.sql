-- Issue 36: Import sales (/importsales). Each import of a sales file, with who made it and what it
-- did (rows imported and skipped, sales matched to a call, earlier sales replaced), and when it
-- was undone. A sale points at the import that brought it (sales.import_id, migration 0048); a
-- sale replaced by an import of the same reference is set aside (replaced_by_import) rather than
-- deleted, so undoing that import puts it back. Set-aside sales count nowhere.
CREATE TABLE sale_imports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    user_id INTEGER NOT NULL,
    user_name TEXT NOT NULL,
    file_name TEXT NOT NULL,
    match_by TEXT NOT NULL,
    match_days INTEGER NOT NULL,
    same_reference TEXT NOT NULL,            -- combine or replace
    rows_imported INTEGER NOT NULL DEFAULT 0,
    rows_skipped INTEGER NOT NULL DEFAULT 0,
    matched INTEGER NOT NULL DEFAULT 0,
    replaced INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    undone_at INTEGER
);
CREATE INDEX sale_imports_customer ON sale_imports (customer_id, id);

ALTER TABLE sales ADD COLUMN replaced_by_import INTEGER;
CREATE INDEX sales_customer_import ON sales (customer_id, import_id);
CREATE INDEX sales_customer_reference ON sales (customer_id, reference);
