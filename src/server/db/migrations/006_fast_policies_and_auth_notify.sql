-- 1. Row-level security evaluated once per statement, not once per row. The policies call
-- app_scope_all(), app_group_id() and app_user_id() (current_setting lookups) for every row they
-- check; wrapped in a sub-select each becomes an InitPlan, computed once and usable as an index
-- condition. Same rules, rewritten in place for every policy the earlier migrations made.
DO $$
DECLARE
  p record;
  wrap text[] := ARRAY['app_scope_all()', 'app_group_id()', 'app_user_id()'];
  f text;
  qual text;
  checked text;
BEGIN
  FOR p IN SELECT tablename, policyname, pg_policies.qual, pg_policies.with_check
           FROM pg_policies WHERE schemaname = 'public'
  LOOP
    qual := p.qual;
    checked := p.with_check;
    CONTINUE WHEN coalesce(qual, '') LIKE '%SELECT%' OR coalesce(checked, '') LIKE '%SELECT%';
    FOREACH f IN ARRAY wrap LOOP
      qual := replace(qual, f, format('(SELECT %s)', f));
      checked := replace(checked, f, format('(SELECT %s)', f));
    END LOOP;
    IF qual IS NOT NULL THEN
      EXECUTE format('ALTER POLICY %I ON %I USING (%s)', p.policyname, p.tablename, qual);
    END IF;
    IF checked IS NOT NULL THEN
      EXECUTE format('ALTER POLICY %I ON %I WITH CHECK (%s)', p.policyname, p.tablename, checked);
    END IF;
  END LOOP;
END
$$;

-- 2. Signed-in sessions are cached in each server process for a few seconds (session-cache.ts).
-- Any change that can end a session or change who its user is (logout, revocation, password,
-- role or group change, deletion) announces the user on channel auth_changed when it commits,
-- to every replica listening on this database, so their caches drop that user at once.
CREATE FUNCTION users_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', OLD.id::text);
  RETURN NULL;
END
$$;

CREATE FUNCTION sessions_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', OLD.user_id::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_auth_changed();
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION sessions_auth_changed();
