-- Issue 37: the account state a request needs (store::accounts::load_state) is kept per process
-- and checked on every request against two version numbers, read with the session in one
-- statement: the current customer's and the user's (and the user's home customer's). These
-- triggers bump them in the transaction of every write to a table the state is derived from,
-- so no write can forget to, and a second process sees the change on its next request.
ALTER TABLE customers ADD COLUMN state_version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN state_version BIGINT NOT NULL DEFAULT 0;

-- Any change to a customer (plan, package, flags, name, zone, logo, top bar, partner...); its
-- name is in the account switcher of every user with access to it.
CREATE FUNCTION customers_state_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.state_version = OLD.state_version THEN
        NEW.state_version := OLD.state_version + 1;
    END IF;
    IF NEW.name IS DISTINCT FROM OLD.name THEN
        UPDATE users SET state_version = state_version + 1
        WHERE id IN (SELECT user_id FROM user_access WHERE customer_id = NEW.id);
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER customers_state_version BEFORE UPDATE ON customers
    FOR EACH ROW EXECUTE FUNCTION customers_state_version();

-- Any change to a user (name, email, system manager, home customer, password...); their name is
-- the account owner's name of every customer they own.
CREATE FUNCTION users_state_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.state_version = OLD.state_version THEN
        NEW.state_version := OLD.state_version + 1;
    END IF;
    IF NEW.forename IS DISTINCT FROM OLD.forename OR NEW.surname IS DISTINCT FROM OLD.surname THEN
        UPDATE customers SET state_version = state_version + 1
        WHERE id IN (SELECT customer_id FROM user_access WHERE user_id = NEW.id);
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER users_state_version BEFORE UPDATE ON users
    FOR EACH ROW EXECUTE FUNCTION users_state_version();

-- A row's customer (NEW's and OLD's).
CREATE FUNCTION customer_row_state_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'DELETE' THEN
        UPDATE customers SET state_version = state_version + 1 WHERE id = NEW.customer_id;
    END IF;
    IF TG_OP <> 'INSERT' THEN
        UPDATE customers SET state_version = state_version + 1 WHERE id = OLD.customer_id;
    END IF;
    RETURN NULL;
END $$;

-- A row's user (NEW's and OLD's).
CREATE FUNCTION user_row_state_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'DELETE' THEN
        UPDATE users SET state_version = state_version + 1 WHERE id = NEW.user_id;
    END IF;
    IF TG_OP <> 'INSERT' THEN
        UPDATE users SET state_version = state_version + 1 WHERE id = OLD.user_id;
    END IF;
    RETURN NULL;
END $$;

-- Access and rights: the user's (rights, account switcher) and the customer's (its owner).
CREATE TRIGGER user_access_customer_state_version AFTER INSERT OR UPDATE OR DELETE ON user_access
    FOR EACH ROW EXECUTE FUNCTION customer_row_state_version();
CREATE TRIGGER user_access_user_state_version AFTER INSERT OR UPDATE OR DELETE ON user_access
    FOR EACH ROW EXECUTE FUNCTION user_row_state_version();
-- Add-ons (scopes), parameters, the speech trial and splash screens: the customer's.
CREATE TRIGGER customer_addons_state_version AFTER INSERT OR UPDATE OR DELETE ON customer_addons
    FOR EACH ROW EXECUTE FUNCTION customer_row_state_version();
CREATE TRIGGER customer_parameters_state_version AFTER INSERT OR UPDATE OR DELETE ON customer_parameters
    FOR EACH ROW EXECUTE FUNCTION customer_row_state_version();
CREATE TRIGGER speech_trials_state_version AFTER INSERT OR UPDATE OR DELETE ON speech_trials
    FOR EACH ROW EXECUTE FUNCTION customer_row_state_version();
CREATE TRIGGER splash_screens_state_version AFTER INSERT OR UPDATE OR DELETE ON splash_screens
    FOR EACH ROW EXECUTE FUNCTION customer_row_state_version();
-- A splash screen seen: the user's.
CREATE TRIGGER splash_acknowledgements_state_version AFTER INSERT OR UPDATE OR DELETE ON splash_acknowledgements
    FOR EACH ROW EXECUTE FUNCTION user_row_state_version();

-- A partner's branding shows in its own portal and its clients' admin area.
CREATE FUNCTION partner_branding_state_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'DELETE' THEN
        UPDATE customers SET state_version = state_version + 1 WHERE id = NEW.partner_id OR partner_id = NEW.partner_id;
    END IF;
    IF TG_OP <> 'INSERT' THEN
        UPDATE customers SET state_version = state_version + 1 WHERE id = OLD.partner_id OR partner_id = OLD.partner_id;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER partner_branding_state_version AFTER INSERT OR UPDATE OR DELETE ON partner_branding
    FOR EACH ROW EXECUTE FUNCTION partner_branding_state_version();

-- A plan's scopes (written by migrations only): every customer's, since the next plan's
-- scopes show too.
CREATE FUNCTION plan_scopes_state_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE customers SET state_version = state_version + 1;
    RETURN NULL;
END $$;
CREATE TRIGGER plan_scopes_state_version AFTER INSERT OR UPDATE OR DELETE ON plan_scopes
    FOR EACH STATEMENT EXECUTE FUNCTION plan_scopes_state_version();

-- The numbers lists count each number's inbound calls of the last 30 days (store::numbers,
-- calls_of): one short range of this index a number, where the customer's inbound calls
-- were read again for every number.
CREATE INDEX calls_customer_entry_time ON calls (customer_id, routing_entry_id, direction, started_at);
