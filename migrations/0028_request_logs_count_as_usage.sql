-- Each call of a batched mcp.request.logs event was stored twice: as a request log, and as a
-- usage row derived from it (request_log_id set). It is now stored once, as the request log,
-- marked counts_as_usage; an installation's usage list and its count read those beside the usage
-- rows of mcp.tool.executed. Existing pairs are folded the same way: the request log is marked,
-- its derived usage row goes, and the usage count of the installation does not move.
ALTER TABLE "mcp_request_logs" ADD COLUMN "counts_as_usage" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX "mcp_request_logs_usage_idx" ON "mcp_request_logs" USING btree ("installation_id","occurred_at","id") WHERE "mcp_request_logs"."counts_as_usage";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_counts_mcp_request_logs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counts (list, scope_id, n)
      SELECT 'requests', installation_id, count(*) FROM new_rows GROUP BY installation_id
      UNION ALL
      SELECT 'usage', installation_id, count(*) FROM new_rows
        WHERE counts_as_usage GROUP BY installation_id
      UNION ALL
      SELECT 'activity', user_id, count(*) FROM new_rows WHERE user_id IS NOT NULL GROUP BY user_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO list_counts (list, scope_id, n)
      SELECT 'requests', installation_id, -count(*) FROM old_rows GROUP BY installation_id
      UNION ALL
      SELECT 'usage', installation_id, -count(*) FROM old_rows
        WHERE counts_as_usage GROUP BY installation_id
      UNION ALL
      SELECT 'activity', user_id, -count(*) FROM old_rows WHERE user_id IS NOT NULL GROUP BY user_id;
  ELSE
    INSERT INTO list_counts (list, scope_id, n)
      SELECT list, scope_id, sum(n) FROM (
        SELECT 'requests' AS list, installation_id AS scope_id, 1 AS n FROM new_rows
        UNION ALL SELECT 'requests', installation_id, -1 FROM old_rows
        UNION ALL SELECT 'usage', installation_id, 1 FROM new_rows WHERE counts_as_usage
        UNION ALL SELECT 'usage', installation_id, -1 FROM old_rows WHERE counts_as_usage
        UNION ALL SELECT 'activity', user_id, 1 FROM new_rows WHERE user_id IS NOT NULL
        UNION ALL SELECT 'activity', user_id, -1 FROM old_rows WHERE user_id IS NOT NULL
      ) AS moved GROUP BY list, scope_id HAVING sum(n) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_counts_recount() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE list_counts IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM list_counts;
  INSERT INTO list_counts (list, scope_id, n)
    SELECT 'usage', installation_id, sum(n) FROM (
      SELECT installation_id, count(*) AS n FROM satellite_usage_logs GROUP BY installation_id
      UNION ALL
      SELECT installation_id, count(*) FROM mcp_request_logs
        WHERE counts_as_usage GROUP BY installation_id
    ) AS per_table GROUP BY installation_id
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
UPDATE mcp_request_logs SET counts_as_usage = true
  WHERE id IN (SELECT request_log_id FROM satellite_usage_logs WHERE request_log_id IS NOT NULL);
--> statement-breakpoint
DELETE FROM satellite_usage_logs WHERE request_log_id IS NOT NULL;
