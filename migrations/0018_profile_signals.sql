-- Replicas remember each account's own profile (`GET /api/users/me`: the account and its teams,
-- src/modules/users/service.ts). Whatever can change one raises the `profiles` signal on the
-- streams' channel (`-` as sender: every replica, the one that made the change included, forgets
-- every remembered profile; groundstation_signal is in migration 0016). PostgreSQL sends it at
-- commit, once per transaction, and not at all if the transaction rolls back. Triggers, so that
-- no path that changes these tables (cascades, the CLI, jobs, plugins) can forget it.
-- The columns a profile shows; a password change or a sign-in changes none of them.
CREATE TRIGGER profiles_changed
  AFTER UPDATE OF username, email, display_name, global_role, email_verified_at, disabled_at,
    created_at OR DELETE
  ON users FOR EACH STATEMENT EXECUTE FUNCTION groundstation_signal('profiles');
--> statement-breakpoint
CREATE TRIGGER profiles_changed AFTER UPDATE OF name, slug, is_default, owner_user_id OR DELETE
  ON teams FOR EACH STATEMENT EXECUTE FUNCTION groundstation_signal('profiles');
--> statement-breakpoint
-- A new membership adds a team to a profile, so inserts count here too.
CREATE TRIGGER profiles_changed AFTER INSERT OR UPDATE OR DELETE
  ON team_members FOR EACH STATEMENT EXECUTE FUNCTION groundstation_signal('profiles');
