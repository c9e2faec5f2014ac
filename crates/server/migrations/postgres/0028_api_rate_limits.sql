-- The reporting API's request counts, one row a client (an API key or an address) a one-minute
-- window, so every server process counts against the same limit. Past windows are purged.
CREATE TABLE api_rate_counts (
    bucket TEXT NOT NULL,
    window_start BIGINT NOT NULL,
    hits BIGINT NOT NULL,
    PRIMARY KEY (bucket, window_start)
);
