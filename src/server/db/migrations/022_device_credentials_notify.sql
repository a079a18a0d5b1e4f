-- A rotated or revoked device token (or a deleted device) is announced on channel
-- device_credentials_changed when it commits, so every replica's embedded MQTT broker checks the
-- live connections of that device at once and ends those whose token no longer holds
-- (embedded-broker.ts), rather than at their next periodic check.
CREATE FUNCTION device_credentials_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('device_credentials_changed', OLD.device_id::text);
  RETURN NULL;
END
$$;

-- Not for last_used_at, written about once a minute per active device.
CREATE TRIGGER device_credentials_rotated AFTER UPDATE OF token_hash ON device_credentials
  FOR EACH ROW WHEN (OLD.token_hash IS DISTINCT FROM NEW.token_hash)
  EXECUTE FUNCTION device_credentials_changed();
CREATE TRIGGER device_credentials_revoked AFTER DELETE ON device_credentials
  FOR EACH ROW EXECUTE FUNCTION device_credentials_changed();
