-- Applied after the migrations on every start (idempotent). app_user may read and write the
-- tenant tables, under their row-level security policies; the session tables and the migration
-- ledger stay with the owner, which only the sign-in code (system scope) uses.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'app_user') THEN
    CREATE ROLE app_user NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;

-- SET LOCAL ROLE needs membership; superusers have it implicitly, and granting it again
-- concurrently from two databases of one cluster can fail, so only grant when missing.
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'app_user', 'MEMBER') THEN
    EXECUTE format('GRANT app_user TO %I', current_user);
  END IF;
END
$$;

GRANT USAGE ON SCHEMA public TO app_user;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO app_user;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO app_user;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO app_user;
REVOKE ALL ON schema_migrations, sessions, refresh_tokens, login_attempts, file_deletions FROM app_user;
