-- Free-text search of what was said in calls (domain reports::transcript_search): a GIN index of
-- the transcripts' words in the `simple` configuration (case folded, no stemming), as the
-- domain's rules and SQLite's FTS5 index see them.
CREATE INDEX transcripts_words ON transcripts USING GIN (to_tsvector('simple', text));
