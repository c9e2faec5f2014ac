-- A service plan's dated exceptions (domain routing::plan_exceptions): days when calls go to a
-- destination plan or an IVR of their own instead of the week's rows, such as bank holidays.
CREATE TABLE service_plan_exceptions (
    plan_id BIGINT NOT NULL REFERENCES service_plans(id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    from_date TEXT NOT NULL,
    to_date TEXT NOT NULL,
    description TEXT NOT NULL,
    plan_type TEXT NOT NULL,
    destination_plan_id BIGINT,
    ivr_id BIGINT,
    PRIMARY KEY (plan_id, position)
);
