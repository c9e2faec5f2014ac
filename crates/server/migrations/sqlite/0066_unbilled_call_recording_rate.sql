-- Call recording was listed among the usage-based charges at 0.3p a minute but no invoice ever
-- charged it (recording is paid for by its storage): a rate no call is charged at is not listed.
DELETE FROM usage_rates WHERE item = 'call_recording';
