CREATE TABLE "list_counts" (
	"list" text NOT NULL,
	"scope_id" text NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "list_counts_scope_idx" ON "list_counts" USING btree ("list","scope_id");--> statement-breakpoint
-- Each trigger appends, per list and scope its statement touched, how many rows came and went
-- (src/db/schema/list-counts.ts says why deltas rather than one counter row). Statement-level
-- triggers with transition tables see every writer at once: an event batch's single statement,
-- retention's batched deletes, and the cascades of deleting an installation, account or team.
-- The lists and what they count (CountedList in src/db/list-counts.ts):
--   usage         per installation  satellite_usage_logs
--   requests      per installation  mcp_request_logs
--   activity      per account       satellite_usage_logs without request_log_id, mcp_request_logs
--                                   and mcp_client_activity: the client-activity feed
--   notifications per team          team_notifications
--   unread        per team          team_notifications with read_at null
CREATE FUNCTION list_counts_satellite_usage_logs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counts (list, scope_id, n)
      SELECT 'usage', installation_id, count(*) FROM new_rows GROUP BY installation_id
      UNION ALL
      SELECT 'activity', user_id, count(*) FROM new_rows
        WHERE user_id IS NOT NULL AND request_log_id IS NULL GROUP BY user_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO list_counts (list, scope_id, n)
      SELECT 'usage', installation_id, -count(*) FROM old_rows GROUP BY installation_id
      UNION ALL
      SELECT 'activity', user_id, -count(*) FROM old_rows
        WHERE user_id IS NOT NULL AND request_log_id IS NULL GROUP BY user_id;
  ELSE
    INSERT INTO list_counts (list, scope_id, n)
      SELECT list, scope_id, sum(n) FROM (
        SELECT 'usage' AS list, installation_id AS scope_id, 1 AS n FROM new_rows
        UNION ALL SELECT 'usage', installation_id, -1 FROM old_rows
        UNION ALL SELECT 'activity', user_id, 1 FROM new_rows
          WHERE user_id IS NOT NULL AND request_log_id IS NULL
        UNION ALL SELECT 'activity', user_id, -1 FROM old_rows
          WHERE user_id IS NOT NULL AND request_log_id IS NULL
      ) AS moved GROUP BY list, scope_id HAVING sum(n) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION list_counts_mcp_request_logs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counts (list, scope_id, n)
      SELECT 'requests', installation_id, count(*) FROM new_rows GROUP BY installation_id
      UNION ALL
      SELECT 'activity', user_id, count(*) FROM new_rows WHERE user_id IS NOT NULL GROUP BY user_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO list_counts (list, scope_id, n)
      SELECT 'requests', installation_id, -count(*) FROM old_rows GROUP BY installation_id
      UNION ALL
      SELECT 'activity', user_id, -count(*) FROM old_rows WHERE user_id IS NOT NULL GROUP BY user_id;
  ELSE
    INSERT INTO list_counts (list, scope_id, n)
      SELECT list, scope_id, sum(n) FROM (
        SELECT 'requests' AS list, installation_id AS scope_id, 1 AS n FROM new_rows
        UNION ALL SELECT 'requests', installation_id, -1 FROM old_rows
        UNION ALL SELECT 'activity', user_id, 1 FROM new_rows WHERE user_id IS NOT NULL
        UNION ALL SELECT 'activity', user_id, -1 FROM old_rows WHERE user_id IS NOT NULL
      ) AS moved GROUP BY list, scope_id HAVING sum(n) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION list_counts_mcp_client_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counts (list, scope_id, n)
      SELECT 'activity', user_id, count(*) FROM new_rows GROUP BY user_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO list_counts (list, scope_id, n)
      SELECT 'activity', user_id, -count(*) FROM old_rows GROUP BY user_id;
  ELSE
    INSERT INTO list_counts (list, scope_id, n)
      SELECT 'activity', user_id, sum(n) FROM (
        SELECT user_id, 1 AS n FROM new_rows UNION ALL SELECT user_id, -1 FROM old_rows
      ) AS moved GROUP BY user_id HAVING sum(n) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION list_counts_team_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counts (list, scope_id, n)
      SELECT 'notifications', team_id, count(*) FROM new_rows GROUP BY team_id
      UNION ALL
      SELECT 'unread', team_id, count(*) FROM new_rows WHERE read_at IS NULL GROUP BY team_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO list_counts (list, scope_id, n)
      SELECT 'notifications', team_id, -count(*) FROM old_rows GROUP BY team_id
      UNION ALL
      SELECT 'unread', team_id, -count(*) FROM old_rows WHERE read_at IS NULL GROUP BY team_id;
  ELSE
    INSERT INTO list_counts (list, scope_id, n)
      SELECT list, scope_id, sum(n) FROM (
        SELECT 'notifications' AS list, team_id AS scope_id, 1 AS n FROM new_rows
        UNION ALL SELECT 'notifications', team_id, -1 FROM old_rows
        UNION ALL SELECT 'unread', team_id, 1 FROM new_rows WHERE read_at IS NULL
        UNION ALL SELECT 'unread', team_id, -1 FROM old_rows WHERE read_at IS NULL
      ) AS moved GROUP BY list, scope_id HAVING sum(n) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Counts every list afresh, in place of whatever list_counts holds. The lock keeps triggers and
-- compactions out meanwhile, so what it counts and the deltas it replaces are the same rows. Used
-- below to count the rows that exist before the triggers, and after a TRUNCATE (which has no
-- transition table).
CREATE FUNCTION list_counts_recount() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE list_counts IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM list_counts;
  INSERT INTO list_counts (list, scope_id, n)
    SELECT 'usage', installation_id, count(*) FROM satellite_usage_logs GROUP BY installation_id
    UNION ALL
    SELECT 'requests', installation_id, count(*) FROM mcp_request_logs GROUP BY installation_id
    UNION ALL
    SELECT 'activity', user_id, sum(n) FROM (
      SELECT user_id, count(*) AS n FROM satellite_usage_logs
        WHERE user_id IS NOT NULL AND request_log_id IS NULL GROUP BY user_id
      UNION ALL
      SELECT user_id, count(*) FROM mcp_request_logs WHERE user_id IS NOT NULL GROUP BY user_id
      UNION ALL
      SELECT user_id, count(*) FROM mcp_client_activity GROUP BY user_id
    ) AS per_table GROUP BY user_id
    UNION ALL
    SELECT 'notifications', team_id, count(*) FROM team_notifications GROUP BY team_id
    UNION ALL
    SELECT 'unread', team_id, count(*) FROM team_notifications WHERE read_at IS NULL
      GROUP BY team_id;
END $$;
--> statement-breakpoint
CREATE FUNCTION list_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM list_counts_recount();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER list_counts_insert AFTER INSERT ON satellite_usage_logs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION list_counts_satellite_usage_logs();
CREATE TRIGGER list_counts_update AFTER UPDATE ON satellite_usage_logs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION list_counts_satellite_usage_logs();
CREATE TRIGGER list_counts_delete AFTER DELETE ON satellite_usage_logs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION list_counts_satellite_usage_logs();
CREATE TRIGGER list_counts_truncate AFTER TRUNCATE ON satellite_usage_logs
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_truncate();
--> statement-breakpoint
CREATE TRIGGER list_counts_insert AFTER INSERT ON mcp_request_logs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION list_counts_mcp_request_logs();
CREATE TRIGGER list_counts_update AFTER UPDATE ON mcp_request_logs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION list_counts_mcp_request_logs();
CREATE TRIGGER list_counts_delete AFTER DELETE ON mcp_request_logs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION list_counts_mcp_request_logs();
CREATE TRIGGER list_counts_truncate AFTER TRUNCATE ON mcp_request_logs
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_truncate();
--> statement-breakpoint
CREATE TRIGGER list_counts_insert AFTER INSERT ON mcp_client_activity
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION list_counts_mcp_client_activity();
CREATE TRIGGER list_counts_update AFTER UPDATE ON mcp_client_activity
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION list_counts_mcp_client_activity();
CREATE TRIGGER list_counts_delete AFTER DELETE ON mcp_client_activity
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION list_counts_mcp_client_activity();
CREATE TRIGGER list_counts_truncate AFTER TRUNCATE ON mcp_client_activity
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_truncate();
--> statement-breakpoint
CREATE TRIGGER list_counts_insert AFTER INSERT ON team_notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION list_counts_team_notifications();
CREATE TRIGGER list_counts_update AFTER UPDATE ON team_notifications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION list_counts_team_notifications();
CREATE TRIGGER list_counts_delete AFTER DELETE ON team_notifications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION list_counts_team_notifications();
CREATE TRIGGER list_counts_truncate AFTER TRUNCATE ON team_notifications
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_after_truncate();
--> statement-breakpoint
-- The rows written before the triggers existed. The triggers above hold their tables' locks until
-- this migration commits, so no row is written between this count and the first delta.
SELECT list_counts_recount();
