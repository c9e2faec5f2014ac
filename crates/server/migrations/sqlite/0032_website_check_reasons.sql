-- Issue 31: why a website check did not find the tracking code working (a code of the domain's
-- CheckProblem, '' for none), and when each dynamic URL's tracking code was last found working
-- (kept on the URL, so housekeeping's purge of old checks does not lose it).
ALTER TABLE website_checks ADD COLUMN reason TEXT NOT NULL DEFAULT '';
ALTER TABLE dynamic_urls ADD COLUMN last_good_check_at INTEGER;
UPDATE dynamic_urls SET last_good_check_at = (
    SELECT MAX(c.finished_at) FROM website_checks c
    WHERE c.dynamic_url_id = dynamic_urls.id AND c.status = 5 AND c.mhct_working = 1);
