-- Live events (issue 24): an alarm raised, acknowledged or cleared, by the evaluator or by a
-- person, is announced to its group's streams, so the alarms list and a device's overview follow
-- as it happens (a notification reaches only the users a rule delivers to, and not on clearing).
CREATE FUNCTION alarm_announce() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM pg_notify('live_events', json_build_array(json_build_object('i', nextval('live_event_seq'),
    't', 'alarm', 'g', NEW.group_id, 'd', NEW.device_id, 'a', NEW.id, 'st', NEW.state))::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER alarm_announce AFTER INSERT OR UPDATE OF state ON alarms
  FOR EACH ROW EXECUTE FUNCTION alarm_announce();
