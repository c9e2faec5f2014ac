-- Routing history (issue 18): every change to a service plan, destination plan, IVR, queue or a
-- number's connection, written in the transaction of the change itself: who, when, from where,
-- and the record's state before and after (the domain's RoutingRecord as JSON; NULL where the
-- record did not exist). Kept at least 25 months (housekeeping removes older rows).
CREATE TABLE routing_changes (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    record_kind TEXT NOT NULL CHECK (record_kind IN ('servicePlan', 'destinationPlan', 'ivr', 'queue', 'connect')),
    record_id INTEGER NOT NULL,
    record_name TEXT NOT NULL,
    before_state TEXT,
    after_state TEXT,
    -- The change in plain words when it was made (domain explain_change), one sentence a line.
    summary TEXT NOT NULL,
    user_id INTEGER REFERENCES users(id),
    user_name TEXT NOT NULL,
    -- 'screen' (the admin area), 'api' or 'rollback'.
    source TEXT NOT NULL CHECK (source IN ('screen', 'api', 'rollback')),
    -- A rollback's target change.
    rolls_back INTEGER REFERENCES routing_changes(id),
    created_at INTEGER NOT NULL
);
CREATE INDEX routing_changes_customer_time ON routing_changes (customer_id, created_at);
CREATE INDEX routing_changes_record ON routing_changes (customer_id, record_kind, record_id, id);

-- The keys a caller pressed in the menus, in order ('' when none or none recorded): the
-- impact replay follows them through the edited IVRs.
ALTER TABLE calls ADD COLUMN keys_pressed TEXT NOT NULL DEFAULT '';
