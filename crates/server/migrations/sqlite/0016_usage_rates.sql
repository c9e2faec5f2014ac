-- Usage-based charges (issue 13): what calls cost per minute, in tenths of a penny (1.5p is 15),
-- per plan ('' for every plan).
CREATE TABLE usage_rates (
    item TEXT NOT NULL,
    plan TEXT NOT NULL,
    description TEXT NOT NULL,
    price_tenth_pence INTEGER NOT NULL,
    frequency TEXT NOT NULL DEFAULT 'per minute',
    position INTEGER NOT NULL,
    PRIMARY KEY (item, plan)
);
