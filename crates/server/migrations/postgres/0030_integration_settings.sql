-- Integration settings (issue 31): the FTP export's password, sealed (AES-256-GCM, see
-- src/secrets.rs) and never sent back; and the sandbox provider's side of Google Ads and HubSpot,
-- the accounts and portals each customer's login there has, to choose one from.
ALTER TABLE customer_integrations ADD COLUMN secret TEXT NOT NULL DEFAULT '';

CREATE TABLE sandbox_provider_accounts (
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    identifier TEXT NOT NULL,
    account_id TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (customer_id, identifier, account_id)
);
