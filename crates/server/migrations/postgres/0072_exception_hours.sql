-- A dated exception may answer only between two times of each of its days ("24/12 13:00-24:00"):
-- HH:MM, both empty for the whole day (domain routing::plan_exceptions).
ALTER TABLE service_plan_exceptions ADD COLUMN from_time TEXT NOT NULL DEFAULT '';
ALTER TABLE service_plan_exceptions ADD COLUMN to_time TEXT NOT NULL DEFAULT '';
