-- Card updates (issue 14): secrets the server generates once (the card provider's SHA
-- passphrase when no setting gives one), and each card update order, used at most once.
CREATE TABLE app_secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE card_orders (
    order_id TEXT PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    created_at INTEGER NOT NULL,
    completed_at INTEGER
);
CREATE INDEX card_orders_customer ON card_orders (customer_id);
