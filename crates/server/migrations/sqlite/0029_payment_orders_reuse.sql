-- Security review: a card order or a Direct Debit flow is handed out again, while fresh and
-- unused, to the user of the customer it was made for, so showing the card page or the billing
-- details does not add a row each time; housekeeping purges expired and old ones, and old
-- website checks (by when they finished).
ALTER TABLE card_orders ADD COLUMN user_id INTEGER;
ALTER TABLE direct_debit_flows ADD COLUMN user_id INTEGER;
CREATE INDEX card_orders_created ON card_orders (created_at);
CREATE INDEX direct_debit_flows_created ON direct_debit_flows (created_at);
CREATE INDEX website_checks_finished ON website_checks (finished_at);
