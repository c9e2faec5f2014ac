-- Call routing part 2, the simpler entities (spec/call-routing.md sections 3 and 7): call
-- categories, report groups, in-call attribution plans, DTMF plans and DTMF IVRs, dynamic
-- whispers and the sources / mediums they whisper for. Referenced ids are 0 for "none"; the
-- server checks every id it stores belongs to the same customer.

CREATE TABLE call_categories (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL
);
CREATE INDEX call_categories_customer ON call_categories (customer_id);

CREATE TABLE report_groups (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL
);
CREATE INDEX report_groups_customer ON report_groups (customer_id);

CREATE TABLE secondary_report_groups (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL
);
CREATE INDEX secondary_report_groups_customer ON secondary_report_groups (customer_id);

-- attribution_type '1' CallID, '2' caller's number; terminator '0' none, '1' *, '2' #.
CREATE TABLE in_call_attributions (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    active INTEGER NOT NULL DEFAULT 1,
    attribution_type INTEGER NOT NULL,
    terminator INTEGER NOT NULL DEFAULT 0,
    delay_before INTEGER NOT NULL DEFAULT 0,
    delay_after INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX in_call_attributions_customer ON in_call_attributions (customer_id);

CREATE TABLE dtmf_plans (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    intro_audio_id INTEGER NOT NULL,
    end_audio_id INTEGER NOT NULL,
    min_length INTEGER NOT NULL,
    max_length INTEGER NOT NULL,
    initial_key_timeout INTEGER NOT NULL DEFAULT 1,
    inter_key_timeout INTEGER NOT NULL DEFAULT 1,
    skip_audio INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX dtmf_plans_customer ON dtmf_plans (customer_id);

CREATE TABLE dtmf_ivrs (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    intro_audio_id INTEGER NOT NULL,
    end_audio_id INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX dtmf_ivrs_customer ON dtmf_ivrs (customer_id);

-- Key `position` 0.. is the key 1-9, 0, *, # in that order.
CREATE TABLE dtmf_ivr_keys (
    ivr_id INTEGER NOT NULL REFERENCES dtmf_ivrs(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    key TEXT NOT NULL,
    description TEXT NOT NULL,
    category_id INTEGER NOT NULL REFERENCES call_categories(id),
    dtmf_plan_id INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (ivr_id, position)
);

-- The traffic sources and mediums a customer's calls come from (as the dynamic numbers see them).
CREATE TABLE sources_mediums (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    source TEXT NOT NULL,
    medium TEXT NOT NULL,
    UNIQUE (customer_id, source, medium)
);

CREATE TABLE dynamic_whispers (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL
);
CREATE INDEX dynamic_whispers_customer ON dynamic_whispers (customer_id);

-- One row per source / medium that has a whisper.
CREATE TABLE dynamic_whisper_sources (
    whisper_id INTEGER NOT NULL REFERENCES dynamic_whispers(id) ON DELETE CASCADE,
    source_medium_id INTEGER NOT NULL REFERENCES sources_mediums(id),
    whisper TEXT NOT NULL,
    PRIMARY KEY (whisper_id, source_medium_id)
);
