-- Replicas remember catalogue list and search answers (src/modules/catalogue/service.ts), which
-- read `mcp_servers` alone. Any change to it raises the `catalogue` signal on the streams'
-- channel (`-` as sender: every replica, the one that made the change included, forgets every
-- remembered answer). PostgreSQL sends it at commit, once per transaction, and not at all if
-- the transaction rolls back. A trigger, so that no path that changes the catalogue (registry
-- syncs, the CLI, cascades, plugins) can forget it.
CREATE FUNCTION groundstation_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('groundstation_streams', E'-\ncatalogue');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON mcp_servers FOR EACH STATEMENT EXECUTE FUNCTION groundstation_catalogue_changed();
