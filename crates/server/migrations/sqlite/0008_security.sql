-- Deleting a user keeps the IVR charges they accepted: the charge keeps the accepting user's
-- email, and the link to the user is cleared when the user goes.
CREATE TABLE ivr_charges_kept (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    ivr_id INTEGER NOT NULL REFERENCES ivrs(id),
    price_pence INTEGER NOT NULL,
    frequency TEXT NOT NULL,
    accepted_by_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    accepted_by_email TEXT NOT NULL DEFAULT '',
    accepted_at INTEGER NOT NULL
);
INSERT INTO ivr_charges_kept
    (id, customer_id, ivr_id, price_pence, frequency, accepted_by_user_id, accepted_by_email, accepted_at)
SELECT c.id, c.customer_id, c.ivr_id, c.price_pence, c.frequency, c.accepted_by_user_id, COALESCE(u.email, ''),
       c.accepted_at
FROM ivr_charges c LEFT JOIN users u ON u.id = c.accepted_by_user_id;
DROP TABLE ivr_charges;
ALTER TABLE ivr_charges_kept RENAME TO ivr_charges;
CREATE INDEX ivr_charges_customer ON ivr_charges (customer_id);

-- Failed logins are throttled per source address as well as per account.
ALTER TABLE login_failures ADD COLUMN source TEXT NOT NULL DEFAULT '';
CREATE INDEX login_failures_source ON login_failures (source, failed_at);

-- Who accepted the terms of a purchase the server made on their word (an outbound user).
CREATE TABLE terms_acceptances (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    purchase TEXT NOT NULL,
    accepted_by_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    accepted_by_email TEXT NOT NULL,
    accepted_at INTEGER NOT NULL
);
CREATE INDEX terms_acceptances_customer ON terms_acceptances (customer_id);
