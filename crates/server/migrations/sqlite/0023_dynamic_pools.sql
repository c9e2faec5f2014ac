-- Dynamic URLs and pools bought online (issue 15): how a pool's numbers are shown on the
-- website, the survey played after its calls, the bots filter, and the numbers on the page
-- that the pool's numbers replace.
ALTER TABLE routing_entries ADD COLUMN number_format_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE routing_entries ADD COLUMN custom_format TEXT NOT NULL DEFAULT '';
ALTER TABLE routing_entries ADD COLUMN international_format_id INTEGER NOT NULL DEFAULT 1;
ALTER TABLE routing_entries ADD COLUMN post_call_dtmf_plan_id INTEGER;
ALTER TABLE dynamic_urls ADD COLUMN bots_filter INTEGER NOT NULL DEFAULT 0;

CREATE TABLE dynamic_url_replacements (
    dynamic_url_id INTEGER NOT NULL REFERENCES dynamic_urls(id),
    position INTEGER NOT NULL,
    number TEXT NOT NULL,
    PRIMARY KEY (dynamic_url_id, position)
);
