DROP INDEX "mcp_request_logs_user_idx";--> statement-breakpoint
DROP INDEX "satellite_usage_logs_user_idx";--> statement-breakpoint
CREATE INDEX "mcp_request_logs_user_idx" ON "mcp_request_logs" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "satellite_usage_logs_user_idx" ON "satellite_usage_logs" USING btree ("user_id","created_at","id");