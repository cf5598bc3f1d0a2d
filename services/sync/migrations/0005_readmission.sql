-- A central server restored from a backup has lost what laptops sent after the backup, and refuses
-- those laptops as copies (their lineage is unknown to it). An administrator accepts such a laptop
-- again (its lineage forgotten); its next handshake is accepted and answered `send_everything`, and the
-- answer is repeated until the laptop presents the lineage that handshake confirmed: the laptop marks
-- everything made on it before it confirms, so a run cut in between asks again (docs/api.md,
-- "Synchronisation").
ALTER TABLE sync.peer ADD COLUMN send_everything boolean NOT NULL DEFAULT false;
