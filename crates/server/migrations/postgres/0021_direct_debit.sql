-- Direct Debit updates (issue 14): each trip to the provider's mandate page, used at most once,
-- and what a merchant keeps of the new mandate (its reference is direct_debit_reference): the
-- bank account's last two digits.
CREATE TABLE direct_debit_flows (
    flow_id TEXT PRIMARY KEY,
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    created_at BIGINT NOT NULL,
    completed_at BIGINT
);
CREATE INDEX direct_debit_flows_customer ON direct_debit_flows (customer_id);

ALTER TABLE billing_details ADD COLUMN direct_debit_account_ending TEXT NOT NULL DEFAULT '';
