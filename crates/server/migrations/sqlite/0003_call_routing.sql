-- Call routing part 1 (spec/call-routing.md): tracked numbers and pools with their routing,
-- service plans, destination plans and numbers, queues, audio and voicemail.
-- Ids referenced by routing (audio, plans, queues) are 0 or NULL for "none"; the server checks
-- every id it stores belongs to the same customer.

CREATE TABLE audios (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    file_name TEXT NOT NULL DEFAULT '',   -- stored name (random token + extension); '' for text to speech only
    original_name TEXT NOT NULL DEFAULT '',
    sentence TEXT NOT NULL DEFAULT '',    -- text to speech
    content BLOB,                         -- the uploaded file
    created_at INTEGER NOT NULL,
    deleted_at INTEGER                    -- soft delete
);
CREATE INDEX audios_customer ON audios (customer_id, deleted_at);
CREATE UNIQUE INDEX audios_file_name ON audios (file_name) WHERE file_name <> '';

CREATE TABLE international_codes (
    id INTEGER PRIMARY KEY,
    description TEXT NOT NULL,
    code TEXT NOT NULL
);

CREATE TABLE destination_numbers (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    international_code_id INTEGER NOT NULL REFERENCES international_codes(id),
    number TEXT NOT NULL,                 -- digits as typed, without the international code
    mailbox INTEGER NOT NULL DEFAULT 0,
    UNIQUE (customer_id, international_code_id, number)
);

CREATE TABLE queues (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    max_calls INTEGER NOT NULL,
    lines_qty INTEGER NOT NULL,
    hold_music INTEGER NOT NULL,
    message_mode INTEGER NOT NULL,
    message_interval INTEGER NOT NULL,
    welcome_audio_id INTEGER NOT NULL DEFAULT 0,
    audio_1_id INTEGER NOT NULL DEFAULT 0,
    audio_2_id INTEGER NOT NULL DEFAULT 0,
    audio_3_id INTEGER NOT NULL DEFAULT 0,
    next_in_line_audio_id INTEGER NOT NULL DEFAULT 0,
    queue_full_audio_id INTEGER NOT NULL DEFAULT 0
);

-- "rogr" in the spec's field names: a hunt group (0) or multi dial (1).
CREATE TABLE destination_plans (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    plan_type INTEGER NOT NULL DEFAULT 0,
    queue_id INTEGER NOT NULL DEFAULT 0,
    incall_id INTEGER NOT NULL DEFAULT 0,
    no_response_destination_id INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE destination_plan_rows (
    plan_id INTEGER NOT NULL REFERENCES destination_plans(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    destination_number_id INTEGER NOT NULL REFERENCES destination_numbers(id),
    ring_length INTEGER,                  -- NULL after the first row of a multi dial
    PRIMARY KEY (plan_id, position)
);

-- IVRs are built in part 2; the table exists so service plan rows can point at one.
CREATE TABLE ivrs (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL
);

CREATE TABLE service_plans (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL
);

-- One row of a time-of-day plan: from (day 1-7, minute of day) to (day, minute), inclusive.
CREATE TABLE service_plan_times (
    plan_id INTEGER NOT NULL REFERENCES service_plans(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    from_day INTEGER NOT NULL,
    from_minute INTEGER NOT NULL,
    to_day INTEGER NOT NULL,
    to_minute INTEGER NOT NULL,
    plan_type TEXT NOT NULL,              -- 'routing' or 'ivr'
    destination_plan_id INTEGER,
    ivr_id INTEGER,
    PRIMARY KEY (plan_id, position)
);

CREATE TABLE voicemails (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    audio_id INTEGER NOT NULL REFERENCES audios(id)
);

-- A static number (kind 'static', number set) or a dynamic pool (kind 'dynamic', pool_name set),
-- with how its calls are routed.
CREATE TABLE routing_entries (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    kind TEXT NOT NULL CHECK (kind IN ('static', 'dynamic')),
    number TEXT NOT NULL DEFAULT '',
    pool_name TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    service_plan_id INTEGER REFERENCES service_plans(id),
    destination TEXT NOT NULL DEFAULT '', -- basic connect: one destination number
    call_recording INTEGER NOT NULL DEFAULT 0,
    intro_audio_id INTEGER NOT NULL DEFAULT 0,
    whisper_audio_id INTEGER NOT NULL DEFAULT 0,
    dynamic_whisper_id INTEGER NOT NULL DEFAULT 0,
    mid_call_divert INTEGER NOT NULL DEFAULT 0,
    attribution_id INTEGER NOT NULL DEFAULT 0,
    mid_call_attribution INTEGER NOT NULL DEFAULT 0,
    mid_call_audio TEXT NOT NULL DEFAULT 'None',
    post_url TEXT NOT NULL DEFAULT '',
    provisioned INTEGER NOT NULL DEFAULT 1,
    provision_requested_at INTEGER
);
CREATE INDEX routing_entries_customer ON routing_entries (customer_id, kind, number);
CREATE INDEX routing_entries_unprovisioned ON routing_entries (provisioned) WHERE provisioned = 0;
