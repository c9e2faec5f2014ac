-- The FTP export's SFTP host key, as the fingerprint the user confirmed before saving
-- ("SHA256:" and base64, as OpenSSH shows it): Test connection logs in only to a server that
-- shows this key. Empty when none is confirmed (plain FTP, or not confirmed yet).
ALTER TABLE customer_integrations ADD COLUMN host_key TEXT NOT NULL DEFAULT '';
