-- Issue 36: custom dimensions (/customdimensions). Fields of the account's own on calls (domain
-- dimensions::DimensionKind: a text, a number or one of a list of choices, kept one a line), and
-- each call's value, written one way (domain dimensions::check_value) so the call log's filter
-- finds it. A value goes with its call (the calls' retention) and with its dimension.
CREATE TABLE custom_dimensions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('text', 'number', 'choice')),
    choices TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX custom_dimensions_name_unique ON custom_dimensions (customer_id, LOWER(name));

CREATE TABLE call_dimension_values (
    call_id INTEGER NOT NULL REFERENCES calls(id) ON DELETE CASCADE,
    dimension_id INTEGER NOT NULL REFERENCES custom_dimensions(id) ON DELETE CASCADE,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    value TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (call_id, dimension_id)
);
-- The call log's filter (a dimension's calls with a value), and a dimension's counts.
CREATE INDEX call_dimension_values_filter ON call_dimension_values (dimension_id, value, call_id);
