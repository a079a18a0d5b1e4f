-- How often a model's devices report, when its handler_info says (poll_interval_seconds): offline
-- rules may not ask for less, and the evaluator never calls a device offline before it has been
-- silent for its interval and a half. Any other value in handler_info means "not known".
ALTER TABLE device_models ADD COLUMN report_interval_seconds integer GENERATED ALWAYS AS (
  CASE
    WHEN jsonb_typeof(handler_info -> 'poll_interval_seconds') = 'number'
      AND (handler_info ->> 'poll_interval_seconds')::numeric BETWEEN 1 AND 86400
    THEN ceil((handler_info ->> 'poll_interval_seconds')::numeric)::integer
  END
) STORED;
