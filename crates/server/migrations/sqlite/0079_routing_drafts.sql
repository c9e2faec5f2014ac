-- Routing drafts (docs/routing-drafts.md): an account's draft of its routing. Each record the
-- draft changes is held as the domain's RoutingRecord (JSON) with the live state it was drafted
-- from; live routing stays as it is until the draft is published, at once or at its moment.
CREATE TABLE routing_drafts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    opened_by INTEGER REFERENCES users(id),
    opened_by_name TEXT NOT NULL,
    opened_at INTEGER NOT NULL,
    -- 'open' (edited, perhaps scheduled), 'published' (a return to normal may be due), 'done',
    -- 'discarded'.
    state TEXT NOT NULL CHECK (state IN ('open', 'published', 'done', 'discarded')),
    publish_at INTEGER,
    revert_at INTEGER,
    -- Who set the schedule: its steps are made in their name.
    scheduled_by INTEGER REFERENCES users(id),
    scheduled_by_name TEXT NOT NULL DEFAULT '',
    published_at INTEGER,
    -- The first change of its publish: the history's entry, and what the return rolls back.
    published_change INTEGER,
    reverted_at INTEGER,
    -- Why its last scheduled step did not run, in words (shown until the next step is set).
    not_run_reason TEXT NOT NULL DEFAULT '',
    -- A scheduled step is claimed by one server process until then.
    claimed_until INTEGER NOT NULL DEFAULT 0
);
-- One draft open per account at a time.
CREATE UNIQUE INDEX routing_drafts_one_open ON routing_drafts (customer_id) WHERE state = 'open';
CREATE INDEX routing_drafts_customer ON routing_drafts (customer_id, id);

CREATE TABLE routing_draft_records (
    draft_id INTEGER NOT NULL REFERENCES routing_drafts(id),
    record_kind TEXT NOT NULL,
    record_id INTEGER NOT NULL,
    -- The record live when it joined the draft, and in the draft (none: not there).
    base_state TEXT,
    draft_state TEXT,
    user_id INTEGER REFERENCES users(id),
    user_name TEXT NOT NULL,
    changed_at INTEGER NOT NULL,
    PRIMARY KEY (draft_id, record_kind, record_id)
);

-- The changes a publish made: one entry in the history, undone by one rollback.
ALTER TABLE routing_changes ADD COLUMN published_draft INTEGER;
CREATE INDEX routing_changes_published_draft ON routing_changes (published_draft);

-- A test call from the browser phone may be routed through the account's open draft.
ALTER TABLE browser_calls ADD COLUMN use_draft INTEGER NOT NULL DEFAULT 0;
