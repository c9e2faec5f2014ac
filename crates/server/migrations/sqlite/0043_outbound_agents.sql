-- Outbound agents (issue 35, /agents): an agent's outbound calls, newest first, and the 30-day
-- figures of the agents table are read on this index.
CREATE INDEX calls_agent_time ON calls (customer_id, user_id, started_at);
