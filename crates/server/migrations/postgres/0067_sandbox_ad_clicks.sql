-- The ad platforms' sandbox: the campaign of each click a platform's click report names (Google
-- Ads' click_view: a gclid and its campaign), as the platform keeps it. The spend import reads it
-- to give a website call whose visit named no utm_campaign the campaign of its ad click.
CREATE TABLE sandbox_ad_clicks (
    platform TEXT NOT NULL,
    click_id TEXT NOT NULL,
    customer_id BIGINT NOT NULL,
    campaign TEXT NOT NULL,
    PRIMARY KEY (platform, click_id)
);
