-- Issue 26: a group's supply contract. The billing cycle's start day (1-28, local midnight in the
-- group's timezone), the currency of its prices, its tariffs and emission factors with their
-- effective dates (validated by the API, kept as the JSON it accepted: read whole, never queried
-- by field). No row = the defaults: cycle on the 1st, no currency, no tariffs, no factors.
CREATE TABLE group_energy_settings (
  group_id uuid PRIMARY KEY REFERENCES groups (id) ON DELETE CASCADE,
  billing_cycle_start_day integer NOT NULL DEFAULT 1 CHECK (billing_cycle_start_day BETWEEN 1 AND 28),
  currency text CHECK (currency ~ '^[A-Z]{3}$'),
  tariffs jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(tariffs) = 'array'),
  emission_factors jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(emission_factors) = 'array'),
  updated_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE group_energy_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON group_energy_settings
  USING ((SELECT app_scope_all()) OR group_id = (SELECT app_group_id()))
  WITH CHECK ((SELECT app_scope_all()) OR group_id = (SELECT app_group_id()));
