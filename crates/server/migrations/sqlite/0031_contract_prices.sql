-- Issue 31: a plan priced on application (Enterprise) is charged at the contract price agreed
-- with the customer, in pence per billing period of the plan; NULL: no contract price.
ALTER TABLE customers ADD COLUMN contract_price_pence INTEGER;
