-- Issue 37: the numbers lists' pages (store::numbers::page) are kept per process and used only
-- while the customer's numbers_version, read with the session in the one statement every /api
-- request makes (sessions::find_with_versions), is the one they were read at. These triggers
-- bump it in the transaction of every write to a table the lists are derived from: the
-- numbers (static entries, pools and their numbers), the names shown beside them (campaign,
-- channel, media owner, department, service plan) and the calls they count.
ALTER TABLE customers ADD COLUMN numbers_version BIGINT NOT NULL DEFAULT 0;

-- As 0052's, except that the numbers' version alone does not bump the account state's.
CREATE OR REPLACE FUNCTION customers_state_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.state_version = OLD.state_version AND NEW.numbers_version = OLD.numbers_version THEN
        NEW.state_version := OLD.state_version + 1;
    END IF;
    IF NEW.name IS DISTINCT FROM OLD.name THEN
        UPDATE users SET state_version = state_version + 1
        WHERE id IN (SELECT user_id FROM user_access WHERE customer_id = NEW.id);
    END IF;
    RETURN NEW;
END $$;

-- A row's customer (NEW's and OLD's).
CREATE FUNCTION customer_row_numbers_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'DELETE' THEN
        UPDATE customers SET numbers_version = numbers_version + 1 WHERE id = NEW.customer_id;
    END IF;
    IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.customer_id <> NEW.customer_id) THEN
        UPDATE customers SET numbers_version = numbers_version + 1 WHERE id = OLD.customer_id;
    END IF;
    RETURN NULL;
END $$;

-- A pool number's customer: its pool's (NEW's and OLD's).
CREATE FUNCTION pool_number_numbers_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'DELETE' THEN
        UPDATE customers SET numbers_version = numbers_version + 1
        WHERE id = (SELECT customer_id FROM routing_entries WHERE id = NEW.routing_entry_id);
    END IF;
    IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.routing_entry_id <> NEW.routing_entry_id) THEN
        UPDATE customers SET numbers_version = numbers_version + 1
        WHERE id = (SELECT customer_id FROM routing_entries WHERE id = OLD.routing_entry_id);
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER routing_entries_numbers_version AFTER INSERT OR UPDATE OR DELETE ON routing_entries
    FOR EACH ROW EXECUTE FUNCTION customer_row_numbers_version();
CREATE TRIGGER pool_numbers_numbers_version AFTER INSERT OR UPDATE OR DELETE ON pool_numbers
    FOR EACH ROW EXECUTE FUNCTION pool_number_numbers_version();
CREATE TRIGGER campaigns_numbers_version AFTER INSERT OR UPDATE OR DELETE ON campaigns
    FOR EACH ROW EXECUTE FUNCTION customer_row_numbers_version();
CREATE TRIGGER channels_numbers_version AFTER INSERT OR UPDATE OR DELETE ON channels
    FOR EACH ROW EXECUTE FUNCTION customer_row_numbers_version();
CREATE TRIGGER media_owners_numbers_version AFTER INSERT OR UPDATE OR DELETE ON media_owners
    FOR EACH ROW EXECUTE FUNCTION customer_row_numbers_version();
CREATE TRIGGER departments_numbers_version AFTER INSERT OR UPDATE OR DELETE ON departments
    FOR EACH ROW EXECUTE FUNCTION customer_row_numbers_version();
-- A service plan's name is shown beside its numbers; a new plan is beside none yet.
CREATE TRIGGER service_plans_numbers_version AFTER UPDATE OR DELETE ON service_plans
    FOR EACH ROW EXECUTE FUNCTION customer_row_numbers_version();
-- The calls the lists count (inbound, by number, since a day): a change to another column of a
-- call (its tags, its transcript's state) counts no differently.
CREATE TRIGGER calls_numbers_version AFTER INSERT OR DELETE ON calls
    FOR EACH ROW EXECUTE FUNCTION customer_row_numbers_version();
CREATE TRIGGER calls_update_numbers_version
    AFTER UPDATE OF customer_id, routing_entry_id, tracked_number, direction, started_at ON calls
    FOR EACH ROW EXECUTE FUNCTION customer_row_numbers_version();
