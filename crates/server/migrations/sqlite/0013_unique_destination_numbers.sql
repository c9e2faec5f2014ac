-- A customer has a destination number once (its international code and digits), however saves
-- race; the loser gets DESTINATION_NUMBER_NOT_UNIQUE (http/error.rs, lost_race).
CREATE UNIQUE INDEX destination_numbers_number_unique ON destination_numbers (customer_id, international_code_id, number);
