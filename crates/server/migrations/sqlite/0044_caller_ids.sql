-- Issue 35: Manage CLI (/outboundcli) and the outbound terms (/outboundterms).
-- An account's outside caller ids: a number (unique in the account) verified with a code the
-- verification provider sends to it. Only the code's hash is kept (SHA-256 over the row and the
-- code), with when it was sent and the wrong tries since (domain caller_ids::verification).
CREATE TABLE caller_ids (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    number TEXT NOT NULL,
    code_hash TEXT NOT NULL DEFAULT '',
    code_sent_at INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    verified_at INTEGER,
    added_by_email TEXT NOT NULL DEFAULT '',
    added_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX caller_ids_number_unique ON caller_ids (customer_id, number);

-- What the sandbox verification provider "sent" (the phone it stands for): read on
-- /sandbox/phone by the account's owner and by tests, never logged.
CREATE TABLE sandbox_phone_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    number TEXT NOT NULL,
    message TEXT NOT NULL,
    sent_at INTEGER NOT NULL
);
CREATE INDEX sandbox_phone_messages_customer ON sandbox_phone_messages (customer_id, id);

-- Which version of terms was accepted (the outbound terms: purchase 'outbound terms', once a
-- version per account).
ALTER TABLE terms_acceptances ADD COLUMN terms_version TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX terms_acceptances_outbound_once ON terms_acceptances (customer_id, terms_version)
    WHERE purchase = 'outbound terms';
