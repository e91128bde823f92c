-- Event batches insert a few hundred rows at a time into these tables, and each B-tree index is
-- one more insert per row. The time columns serve only retention's deletes of old rows, which
-- arrive in time order: BRIN indexes serve those as well at next to no cost per row. An
-- installation's server log lines (about 100) are found through the position index and sorted.
DROP INDEX "mcp_server_logs_installation_idx";--> statement-breakpoint
DROP INDEX "mcp_request_logs_created_idx";--> statement-breakpoint
DROP INDEX "mcp_server_logs_logged_idx";--> statement-breakpoint
DROP INDEX "satellite_usage_logs_created_idx";--> statement-breakpoint
DROP INDEX "satellite_event_history_created_idx";--> statement-breakpoint
CREATE INDEX "mcp_request_logs_created_idx" ON "mcp_request_logs" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "mcp_server_logs_logged_idx" ON "mcp_server_logs" USING brin ("logged_at");--> statement-breakpoint
CREATE INDEX "satellite_usage_logs_created_idx" ON "satellite_usage_logs" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "satellite_event_history_created_idx" ON "satellite_event_history" USING brin ("created_at");