-- The rules evaluator's bookkeeping. A consumption-threshold rule judges each window once it has
-- closed (and late readings have had time to arrive): evaluated_until is the end of the last
-- window it judged, so a run every minute does not sum a month of readings again. Changing the
-- rule resets it to NULL, and the latest window is judged again with the new settings.
ALTER TABLE notification_rules ADD COLUMN evaluated_until timestamptz;

-- The bell asks for the unread count every minute for every signed-in user.
CREATE INDEX notification_deliveries_unread_idx ON notification_deliveries (user_id)
  WHERE read_at IS NULL;
