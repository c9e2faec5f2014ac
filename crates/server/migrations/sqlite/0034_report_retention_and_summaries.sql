-- Issue 32: the reports' retention and scheduled summary e-mails. Housekeeping purges calls older than the retention
-- (CALL_RETENTION_MONTHS) across customers, unlinks the call-backs of the calls it purges and
-- keeps visits while a call points at them.
CREATE INDEX calls_started_at ON calls (started_at);
CREATE INDEX calls_callback_of ON calls (callback_of) WHERE callback_of IS NOT NULL;
CREATE INDEX calls_visit ON calls (visit_id) WHERE visit_id IS NOT NULL;

-- Scheduled summary e-mails: each user opts in per frequency (only with the reports permission
-- on their home customer), and each summary sent is recorded, so a period's summary goes to a
-- user once however often the job runs, on however many servers, across restarts.
ALTER TABLE users ADD COLUMN summary_email_daily INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN summary_email_weekly INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN summary_email_monthly INTEGER NOT NULL DEFAULT 0;
CREATE TABLE summary_emails_sent (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    frequency TEXT NOT NULL CHECK (frequency IN ('daily', 'weekly', 'monthly')),
    period_start INTEGER NOT NULL,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    sent_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, frequency, period_start)
);
