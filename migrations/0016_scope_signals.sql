-- Event batches remember what they looked up about installations, instances and memberships
-- (src/events/scope-cache.ts). Whatever can make a remembered fact wrong raises the `scope`
-- signal on the streams' channel (STREAM_SIGNAL_CHANNEL in src/http/stream/signals.ts; `-` as
-- sender: every replica, the one that made the change included, acts on it). PostgreSQL sends
-- it at commit, once per transaction, and not at all if the transaction rolls back. Triggers
-- rather than calls in the services, so that no path that changes these tables (cascades,
-- the CLI, plugins) can forget it.
-- One function for every such signal (later migrations use it too): the trigger names the topic.
CREATE FUNCTION groundstation_signal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('groundstation_streams', E'-\n' || TG_ARGV[0]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An installation's team, satellite, name and settings are remembered; its tool counts, which
-- batches themselves update, are not, and do not signal.
CREATE TRIGGER scope_changed AFTER UPDATE OF team_id, satellite_id, name, settings OR DELETE
  ON mcp_server_installations FOR EACH STATEMENT EXECUTE FUNCTION groundstation_signal('scope');
--> statement-breakpoint
-- Instances and memberships are remembered only where they exist, so only their removal (or a
-- change of whose they are) can make a remembered one wrong.
CREATE TRIGGER scope_changed AFTER UPDATE OF installation_id, team_id, user_id OR DELETE
  ON mcp_server_instances FOR EACH STATEMENT EXECUTE FUNCTION groundstation_signal('scope');
--> statement-breakpoint
CREATE TRIGGER scope_changed AFTER UPDATE OF team_id, user_id OR DELETE
  ON team_members FOR EACH STATEMENT EXECUTE FUNCTION groundstation_signal('scope');
