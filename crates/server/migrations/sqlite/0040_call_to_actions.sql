-- Issue 34: call-to-actions (/cta). The elements of a customer's site the tracking script
-- watches (a click-to-call link, a button, a form: domain cta::CtaKind), each with a name unique
-- ignoring case, a CSS selector and the pages it applies to (path patterns one a line, '' for
-- all pages); and each click on one in a visit. A call counts for a call-to-action when its
-- visit clicked it at most 30 minutes before the call started (domain cta::calls_after_clicks).
-- Clicks go with the calls' retention (store::call_retention).
CREATE TABLE call_to_actions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('call_link', 'button', 'form')),
    selector TEXT NOT NULL,
    pages TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX call_to_actions_name_unique ON call_to_actions (customer_id, LOWER(name));

CREATE TABLE cta_clicks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    cta_id INTEGER NOT NULL REFERENCES call_to_actions(id) ON DELETE CASCADE,
    visit_id INTEGER NOT NULL,              -- the visit (no key: a click outlives a visit that never called)
    clicked_at INTEGER NOT NULL,
    page_path TEXT NOT NULL DEFAULT ''
);
-- A call-to-action's clicks by time (its counts, its recent clicks), and a visit's clicks (the
-- calls that followed them).
CREATE INDEX cta_clicks_cta_time ON cta_clicks (cta_id, clicked_at);
CREATE INDEX cta_clicks_visit ON cta_clicks (visit_id, cta_id, clicked_at);
CREATE INDEX cta_clicks_customer ON cta_clicks (customer_id, clicked_at);
