-- Invoices (issue 14): one per customer per month, made by the monthly billing run from the
-- customer's running charges, numbers and calls. Amounts in whole pence (unit prices in tenths
-- of a penny); the billing address as it was when the invoice was issued.
CREATE TABLE invoices (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    period_start INTEGER NOT NULL,
    period_end INTEGER NOT NULL,
    period_label TEXT NOT NULL,
    issued_at INTEGER NOT NULL,
    bill_to TEXT NOT NULL,               -- the billing address, one line per line
    po_number TEXT NOT NULL DEFAULT '',
    net_pence INTEGER NOT NULL,
    vat_pence INTEGER NOT NULL,
    gross_pence INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);
-- Once per customer per month, however often (and on however many servers) the run runs.
CREATE UNIQUE INDEX invoices_customer_period ON invoices (customer_id, period_start);

CREATE TABLE invoice_lines (
    invoice_id INTEGER NOT NULL REFERENCES invoices(id),
    position INTEGER NOT NULL,
    description TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    unit_price_tenth_pence INTEGER NOT NULL,
    amount_pence INTEGER NOT NULL,
    PRIMARY KEY (invoice_id, position)
);

-- The downloadable files of an invoice, each generated from the stored invoice when asked for.
CREATE TABLE invoice_files (
    id INTEGER PRIMARY KEY,
    invoice_id INTEGER NOT NULL REFERENCES invoices(id),
    format TEXT NOT NULL CHECK (format IN ('pdf', 'csv', 'excel'))
);
CREATE UNIQUE INDEX invoice_files_format ON invoice_files (invoice_id, format);

-- Which files the customer's invoices list offers (fileOptions), comma separated.
ALTER TABLE customers ADD COLUMN invoice_file_options TEXT NOT NULL DEFAULT 'pdf,csv';
