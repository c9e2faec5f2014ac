-- Billing details (issue 14): each customer's billing address, contact and payment method.
-- payment_method_type '1' is card, '2' Direct Debit. For a card only what a merchant may keep:
-- brand, last four digits, expiry (MMYY) and the provider's alias, never the number or CVC.
CREATE TABLE billing_details (
    customer_id BIGINT PRIMARY KEY REFERENCES customers(id),
    company_name TEXT NOT NULL DEFAULT '',
    street1 TEXT NOT NULL DEFAULT '',
    street2 TEXT NOT NULL DEFAULT '',
    town TEXT NOT NULL DEFAULT '',
    county TEXT NOT NULL DEFAULT '',
    post_code TEXT NOT NULL DEFAULT '',
    country TEXT NOT NULL DEFAULT 'United Kingdom',
    contact_name TEXT NOT NULL DEFAULT '',
    contact_email TEXT NOT NULL DEFAULT '',
    contact_telephone TEXT NOT NULL DEFAULT '',
    po_number TEXT NOT NULL DEFAULT '',
    payment_method_type TEXT NOT NULL DEFAULT '1' CHECK (payment_method_type IN ('1', '2')),
    card_brand TEXT NOT NULL DEFAULT '',
    card_last4 TEXT NOT NULL DEFAULT '',
    card_expiry TEXT NOT NULL DEFAULT '',
    card_alias TEXT NOT NULL DEFAULT '',
    direct_debit_reference TEXT NOT NULL DEFAULT '',
    updated_at BIGINT NOT NULL DEFAULT 0
);
