-- Issue 34: call tags (/tags). A customer's tags (a name unique ignoring case, a colour), the
-- rules that tag calls automatically (each set column is a condition; a rule is their
-- conjunction, domain tags::TagRule) and the link of a call to a tag, by a rule or by hand.
-- calls.tags (0033) stays the call's tag names as the call log shows and exports them: the
-- server rewrites it whenever a call's links or a tag's name change.
CREATE TABLE call_tag_names (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    colour TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX call_tag_names_description_unique ON call_tag_names (customer_id, LOWER(description));

CREATE TABLE call_tag_rules (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    tag_id INTEGER NOT NULL REFERENCES call_tag_names(id) ON DELETE CASCADE,
    source_medium_id INTEGER,
    campaign_id INTEGER,
    min_duration_seconds INTEGER,
    key_pressed TEXT,
    first_time INTEGER NOT NULL DEFAULT 0,
    outcome TEXT,
    created_at INTEGER NOT NULL
);
CREATE INDEX call_tag_rules_customer ON call_tag_rules (customer_id, tag_id);

CREATE TABLE call_tag_links (
    call_id INTEGER NOT NULL REFERENCES calls(id) ON DELETE CASCADE,
    tag_id INTEGER NOT NULL REFERENCES call_tag_names(id) ON DELETE CASCADE,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    by_rule INTEGER NOT NULL DEFAULT 0,      -- 1: a rule tagged the call; 0: a user did
    created_at INTEGER NOT NULL,
    PRIMARY KEY (call_id, tag_id)
);
-- A tag's calls (its counts, its rename), and the links of a customer's calls.
CREATE INDEX call_tag_links_tag ON call_tag_links (tag_id, call_id);
CREATE INDEX call_tag_links_customer ON call_tag_links (customer_id, call_id);
