-- The price catalogue (issue 13): what the plans, the add-ons (per plan) and the services cost.
-- Money in pence; NULL is price on application. Billing frequencies as the spec writes them:
-- '1' month, '3' quarter, '12' year, '5' one-off, 'per_IVR' per IVR per month.
CREATE TABLE price_catalogue (
    item TEXT NOT NULL,                 -- 'plan', 'static', 'dynamic_pool', 'outbound_user',
                                        -- 'recording_storage' (per 30 days) or an add-on scope
    plan TEXT NOT NULL,                 -- the plan the price is for ('' for every plan)
    price_pence BIGINT,
    billing_frequency TEXT NOT NULL DEFAULT '1',
    minimum_charge_pence BIGINT NOT NULL DEFAULT 0,
    minimum_charge_frequency TEXT NOT NULL DEFAULT '1',
    minimum_term_months BIGINT NOT NULL DEFAULT 1,
    PRIMARY KEY (item, plan)
);
