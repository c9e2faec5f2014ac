-- How long a recording lasts (domain routing::audio::mp3_seconds), so the call log can say how
-- long a voicemail message is before it is played. Recordings kept before this have none.
ALTER TABLE call_recordings ADD COLUMN seconds BIGINT;
