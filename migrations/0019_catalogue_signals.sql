-- Replicas remember catalogue list and search answers (src/modules/catalogue/service.ts), which
-- read `mcp_servers` alone. Any change to it raises the `catalogue` signal on the streams'
-- channel (`-` as sender: every replica, the one that made the change included, forgets every
-- remembered answer; groundstation_signal is in migration 0016). PostgreSQL sends it at commit,
-- once per transaction, and not at all if the transaction rolls back. A trigger, so that no
-- path that changes the catalogue (registry syncs, the CLI, cascades, plugins) can forget it.
CREATE TRIGGER catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON mcp_servers FOR EACH STATEMENT EXECUTE FUNCTION groundstation_signal('catalogue');
