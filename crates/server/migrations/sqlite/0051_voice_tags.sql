-- Issue 36: an account's vocabularies (/vocabularies: a name unique ignoring case, its words and
-- phrases one a line, domain speech::vocabulary) and voice tags (/voicetags: a name shown as a tag
-- in the call log, its phrases one a line, whose words count: 'caller', 'agent' or 'either';
-- domain speech::voice_tags). voice_tag_hits: the voice tags found in a call's transcript, one row
-- a call and tag (how often and where first), rewritten when the transcript is stored and when a
-- voice tag changes; calls.tags shows their names with the call tags'.
CREATE TABLE vocabularies (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    words TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX vocabularies_description_unique ON vocabularies (customer_id, LOWER(description));

CREATE TABLE voice_tags (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    description TEXT NOT NULL,
    phrases TEXT NOT NULL,
    side TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX voice_tags_description_unique ON voice_tags (customer_id, LOWER(description));

CREATE TABLE voice_tag_hits (
    call_id INTEGER NOT NULL REFERENCES calls(id) ON DELETE CASCADE,
    voice_tag_id INTEGER NOT NULL REFERENCES voice_tags(id) ON DELETE CASCADE,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    hits INTEGER NOT NULL,
    first_phrase TEXT NOT NULL,
    first_ms INTEGER,
    started_at INTEGER NOT NULL,             -- the call's start, for the insights' periods
    PRIMARY KEY (call_id, voice_tag_id)
);
CREATE INDEX voice_tag_hits_customer ON voice_tag_hits (customer_id, started_at);
CREATE INDEX voice_tag_hits_tag ON voice_tag_hits (voice_tag_id, call_id);
