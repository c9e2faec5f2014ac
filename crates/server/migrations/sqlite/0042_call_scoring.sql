-- Issue 35: call scoring (/scores). A customer's scorecards (a name unique ignoring case) with
-- their questions (yes / no or 1 to 5, a weight), the scores given to calls with a scorecard
-- (the answers as JSON, the percentage, who and when; one score a call and scorecard, scoring
-- again replaces it), and the automatic lead scoring rules (the tag rules' conditions, domain
-- scoring::lead). calls.score is the call's latest scorecard percentage and calls.lead_score its
-- lead score (1 good lead, 0 not a lead, NULL not judged): the call log shows, filters and exports
-- them without a join, and the server rewrites them with the rows they come from.
CREATE TABLE scorecards (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    name TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX scorecards_name_unique ON scorecards (customer_id, LOWER(name));

CREATE TABLE scorecard_questions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    scorecard_id INTEGER NOT NULL REFERENCES scorecards(id) ON DELETE CASCADE,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    position INTEGER NOT NULL,
    text TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('yesNo', 'scale')),
    weight INTEGER NOT NULL
);
CREATE INDEX scorecard_questions_card ON scorecard_questions (scorecard_id, position);

CREATE TABLE call_scores (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    call_id INTEGER NOT NULL REFERENCES calls(id) ON DELETE CASCADE,
    scorecard_id INTEGER NOT NULL REFERENCES scorecards(id) ON DELETE CASCADE,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    answers TEXT NOT NULL,                  -- JSON array, one answer a question in order
    score INTEGER NOT NULL,                 -- whole percent
    scored_by INTEGER NOT NULL,             -- users.id
    scored_at INTEGER NOT NULL,
    UNIQUE (call_id, scorecard_id)
);
CREATE INDEX call_scores_card ON call_scores (scorecard_id, call_id);
CREATE INDEX call_scores_customer ON call_scores (customer_id, call_id);

CREATE TABLE lead_rules (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    source_medium_id INTEGER,
    campaign_id INTEGER,
    min_duration_seconds INTEGER,
    key_pressed TEXT,
    first_time INTEGER NOT NULL DEFAULT 0,
    outcome TEXT,
    created_at INTEGER NOT NULL
);
CREATE INDEX lead_rules_customer ON lead_rules (customer_id, id);

ALTER TABLE calls ADD COLUMN score INTEGER;
ALTER TABLE calls ADD COLUMN lead_score INTEGER;
