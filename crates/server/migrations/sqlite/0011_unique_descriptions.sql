-- A description is unique within a customer's list, ignoring case, however saves race (two
-- requests, perhaps on two server processes): the database refuses the second, and the
-- server answers it as the check would (http/error.rs, lost_race). Audio keeps deleted rows.
CREATE UNIQUE INDEX service_plans_description_unique ON service_plans (customer_id, LOWER(description));
CREATE UNIQUE INDEX destination_plans_description_unique ON destination_plans (customer_id, LOWER(description));
CREATE UNIQUE INDEX destination_numbers_description_unique ON destination_numbers (customer_id, LOWER(description));
CREATE UNIQUE INDEX queues_description_unique ON queues (customer_id, LOWER(description));
CREATE UNIQUE INDEX ivrs_description_unique ON ivrs (customer_id, LOWER(description));
CREATE UNIQUE INDEX call_categories_description_unique ON call_categories (customer_id, LOWER(description));
CREATE UNIQUE INDEX report_groups_description_unique ON report_groups (customer_id, LOWER(description));
CREATE UNIQUE INDEX secondary_report_groups_description_unique ON secondary_report_groups (customer_id, LOWER(description));
CREATE UNIQUE INDEX in_call_attributions_description_unique ON in_call_attributions (customer_id, LOWER(description));
CREATE UNIQUE INDEX dynamic_whispers_description_unique ON dynamic_whispers (customer_id, LOWER(description));
CREATE UNIQUE INDEX audios_description_unique ON audios (customer_id, LOWER(description)) WHERE deleted_at IS NULL;
