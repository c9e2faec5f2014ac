-- A vocabulary's words as the recogniser is given them, worked out once when it is saved
-- (espeak-ng's American English, in the model's phones): JSON, a list of [word, phones]
-- (["zentrova", "Z EH N T R OW V AH"]). NULL for a vocabulary saved before they were kept: the
-- transcription job works them out the first time it needs them, and keeps them.
ALTER TABLE vocabularies ADD COLUMN pronunciations TEXT;
