-- An email is one account however it is capitalised: lookups compare LOWER(email) on both
-- backends, and this index makes that fast and unique (concurrent sign-ups included).
CREATE UNIQUE INDEX users_by_lower_email ON users (LOWER(email));
