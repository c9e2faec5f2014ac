-- Free-text search of what was said in calls (domain reports::transcript_search): an FTS5 index
-- of the transcripts' text, kept by triggers. Words are letters and digits, case folded, accents
-- kept, as the domain's rules and PostgreSQL's `simple` configuration see them.
CREATE VIRTUAL TABLE transcripts_fts USING fts5(
    text,
    content = 'transcripts',
    content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 0'
);
INSERT INTO transcripts_fts (rowid, text) SELECT id, text FROM transcripts;
CREATE TRIGGER transcripts_fts_insert AFTER INSERT ON transcripts BEGIN
    INSERT INTO transcripts_fts (rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER transcripts_fts_delete AFTER DELETE ON transcripts BEGIN
    INSERT INTO transcripts_fts (transcripts_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;
CREATE TRIGGER transcripts_fts_update AFTER UPDATE OF text ON transcripts BEGIN
    INSERT INTO transcripts_fts (transcripts_fts, rowid, text) VALUES ('delete', old.id, old.text);
    INSERT INTO transcripts_fts (rowid, text) VALUES (new.id, new.text);
END;
