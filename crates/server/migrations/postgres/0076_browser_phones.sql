-- Browser phones (docs/webrtc.md): the engine endpoint pushed for a login session (its id; the
-- password is the engine's alone), deleted with the session. The session by its token's hash.
CREATE TABLE browser_phones (
    id TEXT NOT NULL PRIMARY KEY,
    session_hash TEXT NOT NULL,
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    user_id BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX browser_phones_by_session ON browser_phones (session_hash);
