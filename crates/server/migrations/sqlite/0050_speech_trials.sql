-- Issue 36: the speech analytics trial (/tryspeech). One a customer, ever (the unique key): it
-- gives speech analytics from its start until its end (domain speech::trial: 14 days in the
-- account's zone), and for good unless cancelled before the end. The billing run settles each
-- ended trial once (settled_at): a trial not cancelled becomes the add-on, charged from ends_at.
CREATE TABLE speech_trials (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL UNIQUE REFERENCES customers(id),
    started_at INTEGER NOT NULL,
    ends_at INTEGER NOT NULL,
    started_by INTEGER NOT NULL,
    cancelled_at INTEGER,
    cancelled_by INTEGER,
    settled_at INTEGER
);
CREATE INDEX speech_trials_unsettled ON speech_trials (ends_at) WHERE settled_at IS NULL;
