ALTER TABLE "mcp_request_logs" DROP CONSTRAINT "mcp_request_logs_installation_id_mcp_server_installations_id_fk";
--> statement-breakpoint
ALTER TABLE "mcp_server_logs" DROP CONSTRAINT "mcp_server_logs_installation_id_mcp_server_installations_id_fk";
--> statement-breakpoint
ALTER TABLE "satellite_usage_logs" DROP CONSTRAINT "satellite_usage_logs_installation_id_mcp_server_installations_id_fk";
--> statement-breakpoint
-- The three tables above take most of the rows of event batches: a foreign key checked each row
-- on its own (a query and a row lock per row), a fifth of the database's work on a batch. An
-- event batch's statement now holds the installations its rows name once, with the same lock a
-- foreign key takes (src/modules/satellites/events/installation-guard.ts), and the trigger below
-- deletes their rows with them, as the cascade did.
--
-- Locks the installations `ids` (a JSON array of distinct ids) as a foreign key check would, so
-- that none is deleted before the caller's transaction ends, and fails like one (23503) if any
-- does not exist or is being deleted by a transaction that then commits.
CREATE FUNCTION installations_held(ids jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  held integer;
BEGIN
  SELECT count(*) INTO held FROM (
    SELECT 1 FROM mcp_server_installations
    WHERE id IN (SELECT jsonb_array_elements_text(ids))
    FOR KEY SHARE) AS locked;
  IF held < jsonb_array_length(ids) THEN
    RAISE foreign_key_violation USING MESSAGE = 'rows name an installation that does not exist';
  END IF;
  RETURN held;
END
$$;
--> statement-breakpoint
-- A statement's deleted installations take their logs and usage with them, however they go
-- (deleted themselves, or with their team).
CREATE FUNCTION installation_rows_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM mcp_request_logs WHERE installation_id IN (SELECT id FROM gone);
  DELETE FROM mcp_server_logs WHERE installation_id IN (SELECT id FROM gone);
  DELETE FROM satellite_usage_logs WHERE installation_id IN (SELECT id FROM gone);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER installation_rows_delete AFTER DELETE ON mcp_server_installations
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION installation_rows_delete();
