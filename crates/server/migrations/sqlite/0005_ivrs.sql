-- Call routing part 2, IVR menus and multi-level IVR (spec/call-routing.md sections 3, 4, 5 and
-- docs/ivr-api.md). The `ivrs` table of 0003 gets the menu's fields; its keys get a table of
-- their own. Referenced ids are 0 for "none"; the server checks every id it stores belongs to
-- the same customer.

ALTER TABLE ivrs ADD COLUMN is_child INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ivrs ADD COLUMN intro_audio_id INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ivrs ADD COLUMN log_keys INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ivrs ADD COLUMN report_group_id INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ivrs ADD COLUMN secondary_report_group_id INTEGER NOT NULL DEFAULT 0;
-- "Hang up after the audio": no keys.
ALTER TABLE ivrs ADD COLUMN has_dead_end INTEGER NOT NULL DEFAULT 0;
-- A key of the table, or 'none'.
ALTER TABLE ivrs ADD COLUMN repeat_key TEXT NOT NULL DEFAULT 'none';
-- The key taken when the caller presses nothing; '' for none.
ALTER TABLE ivrs ADD COLUMN default_key TEXT NOT NULL DEFAULT '';
-- How many times the menu repeats (0-9), as the form sends it.
ALTER TABLE ivrs ADD COLUMN repeat_audio TEXT NOT NULL DEFAULT '0';
CREATE INDEX ivrs_customer ON ivrs (customer_id);

-- Key `position` 0.. is the key 1-9, 0, *, # in that order. A key keeps the target of its type:
-- a destination plan (routing), another IVR (ivr) or a voicemail (voicemail).
CREATE TABLE ivr_keys (
    ivr_id INTEGER NOT NULL REFERENCES ivrs(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    key TEXT NOT NULL,
    description TEXT NOT NULL,
    key_type TEXT NOT NULL CHECK (key_type IN ('routing', 'ivr', 'voicemail')),
    destination_plan_id INTEGER NOT NULL DEFAULT 0,
    target_ivr_id INTEGER NOT NULL DEFAULT 0,
    voicemail_id INTEGER NOT NULL DEFAULT 0,
    category_id INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (ivr_id, position)
);
CREATE INDEX ivr_keys_target ON ivr_keys (target_ivr_id) WHERE target_ivr_id <> 0;

-- How many IVRs the customer may have without buying another (one comes with the account).
ALTER TABLE customers ADD COLUMN ivr_credits INTEGER NOT NULL DEFAULT 1;

-- One more IVR bought when the customer accepted the terms past the credits owned: the price
-- and billing frequency of the 'multi_level_ivr' service at the time.
CREATE TABLE ivr_charges (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    ivr_id INTEGER NOT NULL REFERENCES ivrs(id),
    price_pence INTEGER NOT NULL,
    frequency TEXT NOT NULL,
    accepted_by_user_id INTEGER NOT NULL REFERENCES users(id),
    accepted_at INTEGER NOT NULL
);
CREATE INDEX ivr_charges_customer ON ivr_charges (customer_id);
