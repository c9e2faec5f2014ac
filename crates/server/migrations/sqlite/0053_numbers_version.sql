-- Issue 37: the numbers lists' pages (store::numbers::page) are kept per process and used only
-- while the customer's numbers_version, read with the session in the one statement every /api
-- request makes (sessions::find_with_versions), is the one they were read at. These triggers
-- bump it in the transaction of every write to a table the lists are derived from: the
-- numbers (static entries, pools and their numbers), the names shown beside them (campaign,
-- channel, media owner, department, service plan) and the calls they count. A later migration
-- that rebuilds one of these tables (0027's procedure) drops its triggers and must create them
-- again.
ALTER TABLE customers ADD COLUMN numbers_version INTEGER NOT NULL DEFAULT 0;

-- The account state's version (0052) is not bumped by the numbers' version alone.
DROP TRIGGER customers_state_version;
CREATE TRIGGER customers_state_version AFTER UPDATE ON customers
WHEN NEW.state_version = OLD.state_version AND NEW.numbers_version = OLD.numbers_version
BEGIN
    UPDATE customers SET state_version = state_version + 1 WHERE id = NEW.id;
END;

CREATE TRIGGER routing_entries_insert_numbers_version AFTER INSERT ON routing_entries
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id = NEW.customer_id; END;
CREATE TRIGGER routing_entries_update_numbers_version AFTER UPDATE ON routing_entries
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id IN (OLD.customer_id, NEW.customer_id); END;
CREATE TRIGGER routing_entries_delete_numbers_version AFTER DELETE ON routing_entries
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id = OLD.customer_id; END;

CREATE TRIGGER pool_numbers_insert_numbers_version AFTER INSERT ON pool_numbers
BEGIN
    UPDATE customers SET numbers_version = numbers_version + 1
    WHERE id = (SELECT customer_id FROM routing_entries WHERE id = NEW.routing_entry_id);
END;
CREATE TRIGGER pool_numbers_update_numbers_version AFTER UPDATE ON pool_numbers
BEGIN
    UPDATE customers SET numbers_version = numbers_version + 1
    WHERE id IN (SELECT customer_id FROM routing_entries WHERE id IN (OLD.routing_entry_id, NEW.routing_entry_id));
END;
CREATE TRIGGER pool_numbers_delete_numbers_version AFTER DELETE ON pool_numbers
BEGIN
    UPDATE customers SET numbers_version = numbers_version + 1
    WHERE id = (SELECT customer_id FROM routing_entries WHERE id = OLD.routing_entry_id);
END;

CREATE TRIGGER campaigns_insert_numbers_version AFTER INSERT ON campaigns
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id = NEW.customer_id; END;
CREATE TRIGGER campaigns_update_numbers_version AFTER UPDATE ON campaigns
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id IN (OLD.customer_id, NEW.customer_id); END;
CREATE TRIGGER campaigns_delete_numbers_version AFTER DELETE ON campaigns
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id = OLD.customer_id; END;

CREATE TRIGGER channels_insert_numbers_version AFTER INSERT ON channels
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id = NEW.customer_id; END;
CREATE TRIGGER channels_update_numbers_version AFTER UPDATE ON channels
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id IN (OLD.customer_id, NEW.customer_id); END;
CREATE TRIGGER channels_delete_numbers_version AFTER DELETE ON channels
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id = OLD.customer_id; END;

CREATE TRIGGER media_owners_insert_numbers_version AFTER INSERT ON media_owners
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id = NEW.customer_id; END;
CREATE TRIGGER media_owners_update_numbers_version AFTER UPDATE ON media_owners
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id IN (OLD.customer_id, NEW.customer_id); END;
CREATE TRIGGER media_owners_delete_numbers_version AFTER DELETE ON media_owners
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id = OLD.customer_id; END;

CREATE TRIGGER departments_insert_numbers_version AFTER INSERT ON departments
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id = NEW.customer_id; END;
CREATE TRIGGER departments_update_numbers_version AFTER UPDATE ON departments
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id IN (OLD.customer_id, NEW.customer_id); END;
CREATE TRIGGER departments_delete_numbers_version AFTER DELETE ON departments
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id = OLD.customer_id; END;

-- A service plan's name is shown beside its numbers; a new plan is beside none yet.
CREATE TRIGGER service_plans_update_numbers_version AFTER UPDATE ON service_plans
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id IN (OLD.customer_id, NEW.customer_id); END;
CREATE TRIGGER service_plans_delete_numbers_version AFTER DELETE ON service_plans
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id = OLD.customer_id; END;

-- The calls the lists count (inbound, by number, since a day): a change to another column of a
-- call (its tags, its transcript's state) counts no differently.
CREATE TRIGGER calls_insert_numbers_version AFTER INSERT ON calls
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id = NEW.customer_id; END;
CREATE TRIGGER calls_update_numbers_version
AFTER UPDATE OF customer_id, routing_entry_id, tracked_number, direction, started_at ON calls
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id IN (OLD.customer_id, NEW.customer_id); END;
CREATE TRIGGER calls_delete_numbers_version AFTER DELETE ON calls
BEGIN UPDATE customers SET numbers_version = numbers_version + 1 WHERE id = OLD.customer_id; END;
