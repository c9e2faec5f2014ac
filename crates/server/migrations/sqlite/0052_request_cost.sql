-- Issue 37: the account state a request needs (store::accounts::load_state) is kept per process
-- and checked on every request against two version numbers, read with the session in one
-- statement: the current customer's and the user's (and the user's home customer's). These
-- triggers bump them in the transaction of every write to a table the state is derived from,
-- so no write can forget to, and a second process sees the change on its next request.
-- A later migration that rebuilds one of these tables (0027's procedure) drops its triggers
-- and must create them again.
ALTER TABLE customers ADD COLUMN state_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN state_version INTEGER NOT NULL DEFAULT 0;

-- Any change to a customer (plan, package, flags, name, zone, logo, top bar, partner...).
CREATE TRIGGER customers_state_version AFTER UPDATE ON customers
WHEN NEW.state_version = OLD.state_version
BEGIN
    UPDATE customers SET state_version = state_version + 1 WHERE id = NEW.id;
END;
-- A customer's name is in the account switcher of every user with access to it.
CREATE TRIGGER customers_name_state_version AFTER UPDATE OF name ON customers
WHEN NEW.name IS NOT OLD.name
BEGIN
    UPDATE users SET state_version = state_version + 1
    WHERE id IN (SELECT user_id FROM user_access WHERE customer_id = NEW.id);
END;

-- Any change to a user (name, email, system manager, home customer, password...).
CREATE TRIGGER users_state_version AFTER UPDATE ON users
WHEN NEW.state_version = OLD.state_version
BEGIN
    UPDATE users SET state_version = state_version + 1 WHERE id = NEW.id;
END;
-- A user's name is the account owner's name of every customer they own.
CREATE TRIGGER users_name_state_version AFTER UPDATE OF forename, surname ON users
WHEN NEW.forename IS NOT OLD.forename OR NEW.surname IS NOT OLD.surname
BEGIN
    UPDATE customers SET state_version = state_version + 1
    WHERE id IN (SELECT customer_id FROM user_access WHERE user_id = NEW.id);
END;

-- Access and rights: the user's (rights, account switcher) and the customer's (its owner).
CREATE TRIGGER user_access_insert_state_version AFTER INSERT ON user_access
BEGIN
    UPDATE customers SET state_version = state_version + 1 WHERE id = NEW.customer_id;
    UPDATE users SET state_version = state_version + 1 WHERE id = NEW.user_id;
END;
CREATE TRIGGER user_access_update_state_version AFTER UPDATE ON user_access
BEGIN
    UPDATE customers SET state_version = state_version + 1 WHERE id IN (OLD.customer_id, NEW.customer_id);
    UPDATE users SET state_version = state_version + 1 WHERE id IN (OLD.user_id, NEW.user_id);
END;
CREATE TRIGGER user_access_delete_state_version AFTER DELETE ON user_access
BEGIN
    UPDATE customers SET state_version = state_version + 1 WHERE id = OLD.customer_id;
    UPDATE users SET state_version = state_version + 1 WHERE id = OLD.user_id;
END;

-- Add-ons (scopes), parameters, the speech trial and splash screens: the customer's.
CREATE TRIGGER customer_addons_insert_state_version AFTER INSERT ON customer_addons
BEGIN UPDATE customers SET state_version = state_version + 1 WHERE id = NEW.customer_id; END;
CREATE TRIGGER customer_addons_update_state_version AFTER UPDATE ON customer_addons
BEGIN UPDATE customers SET state_version = state_version + 1 WHERE id IN (OLD.customer_id, NEW.customer_id); END;
CREATE TRIGGER customer_addons_delete_state_version AFTER DELETE ON customer_addons
BEGIN UPDATE customers SET state_version = state_version + 1 WHERE id = OLD.customer_id; END;

CREATE TRIGGER customer_parameters_insert_state_version AFTER INSERT ON customer_parameters
BEGIN UPDATE customers SET state_version = state_version + 1 WHERE id = NEW.customer_id; END;
CREATE TRIGGER customer_parameters_update_state_version AFTER UPDATE ON customer_parameters
BEGIN UPDATE customers SET state_version = state_version + 1 WHERE id IN (OLD.customer_id, NEW.customer_id); END;
CREATE TRIGGER customer_parameters_delete_state_version AFTER DELETE ON customer_parameters
BEGIN UPDATE customers SET state_version = state_version + 1 WHERE id = OLD.customer_id; END;

CREATE TRIGGER speech_trials_insert_state_version AFTER INSERT ON speech_trials
BEGIN UPDATE customers SET state_version = state_version + 1 WHERE id = NEW.customer_id; END;
CREATE TRIGGER speech_trials_update_state_version AFTER UPDATE ON speech_trials
BEGIN UPDATE customers SET state_version = state_version + 1 WHERE id IN (OLD.customer_id, NEW.customer_id); END;
CREATE TRIGGER speech_trials_delete_state_version AFTER DELETE ON speech_trials
BEGIN UPDATE customers SET state_version = state_version + 1 WHERE id = OLD.customer_id; END;

CREATE TRIGGER splash_screens_insert_state_version AFTER INSERT ON splash_screens
BEGIN UPDATE customers SET state_version = state_version + 1 WHERE id = NEW.customer_id; END;
CREATE TRIGGER splash_screens_update_state_version AFTER UPDATE ON splash_screens
BEGIN UPDATE customers SET state_version = state_version + 1 WHERE id IN (OLD.customer_id, NEW.customer_id); END;
CREATE TRIGGER splash_screens_delete_state_version AFTER DELETE ON splash_screens
BEGIN UPDATE customers SET state_version = state_version + 1 WHERE id = OLD.customer_id; END;

-- A splash screen seen: the user's.
CREATE TRIGGER splash_acknowledgements_insert_state_version AFTER INSERT ON splash_acknowledgements
BEGIN UPDATE users SET state_version = state_version + 1 WHERE id = NEW.user_id; END;
CREATE TRIGGER splash_acknowledgements_update_state_version AFTER UPDATE ON splash_acknowledgements
BEGIN UPDATE users SET state_version = state_version + 1 WHERE id IN (OLD.user_id, NEW.user_id); END;
CREATE TRIGGER splash_acknowledgements_delete_state_version AFTER DELETE ON splash_acknowledgements
BEGIN UPDATE users SET state_version = state_version + 1 WHERE id = OLD.user_id; END;

-- A partner's branding shows in its own portal and its clients' admin area.
CREATE TRIGGER partner_branding_insert_state_version AFTER INSERT ON partner_branding
BEGIN
    UPDATE customers SET state_version = state_version + 1 WHERE id = NEW.partner_id OR partner_id = NEW.partner_id;
END;
CREATE TRIGGER partner_branding_update_state_version AFTER UPDATE ON partner_branding
BEGIN
    UPDATE customers SET state_version = state_version + 1
    WHERE id IN (OLD.partner_id, NEW.partner_id) OR partner_id IN (OLD.partner_id, NEW.partner_id);
END;
CREATE TRIGGER partner_branding_delete_state_version AFTER DELETE ON partner_branding
BEGIN
    UPDATE customers SET state_version = state_version + 1 WHERE id = OLD.partner_id OR partner_id = OLD.partner_id;
END;

-- A plan's scopes (written by migrations only): every customer's, since the next plan's
-- scopes show too.
CREATE TRIGGER plan_scopes_insert_state_version AFTER INSERT ON plan_scopes
BEGIN UPDATE customers SET state_version = state_version + 1; END;
CREATE TRIGGER plan_scopes_update_state_version AFTER UPDATE ON plan_scopes
BEGIN UPDATE customers SET state_version = state_version + 1; END;
CREATE TRIGGER plan_scopes_delete_state_version AFTER DELETE ON plan_scopes
BEGIN UPDATE customers SET state_version = state_version + 1; END;

-- The numbers lists count each number's inbound calls of the last 30 days (store::numbers,
-- calls_of): one short range of this index a number, where the customer's inbound calls
-- were read again for every number.
CREATE INDEX calls_customer_entry_time ON calls (customer_id, routing_entry_id, direction, started_at);
