-- Issue 36: transcripts of recorded calls (transcription.rs). One transcript a call (UNIQUE),
-- written by the background job with the recogniser that heard it: the text (one line an
-- utterance), its words with their times in the recording as JSON [[word, start ms, end ms], ...],
-- and the SHA-256 of the audio it heard, so a recording heard before (the demo's dialogues are
-- shared) is not transcribed again. A call is claimed before it is transcribed: one claim row a
-- call (UNIQUE), held until claimed_until, so two processes never transcribe it at once; a failed
-- attempt is held for an hour, and the call given up after three.
CREATE TABLE transcripts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    call_id INTEGER NOT NULL UNIQUE REFERENCES calls(id) ON DELETE CASCADE,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    text TEXT NOT NULL,
    words TEXT NOT NULL DEFAULT '[]',
    recogniser TEXT NOT NULL,
    audio_sha256 TEXT NOT NULL,
    audio_ms INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
);
CREATE INDEX transcripts_audio ON transcripts (audio_sha256, recogniser);

CREATE TABLE transcription_claims (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    call_id INTEGER NOT NULL UNIQUE REFERENCES calls(id) ON DELETE CASCADE,
    claimed_until INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT NOT NULL DEFAULT ''
);
