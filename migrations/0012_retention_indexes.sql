CREATE INDEX "mcp_request_logs_created_idx" ON "mcp_request_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mcp_server_logs_logged_idx" ON "mcp_server_logs" USING btree ("logged_at");--> statement-breakpoint
CREATE INDEX "satellite_heartbeats_created_idx" ON "satellite_heartbeats" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "satellite_usage_logs_created_idx" ON "satellite_usage_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mcp_client_activity_created_idx" ON "mcp_client_activity" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "satellite_event_history_created_idx" ON "satellite_event_history" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "team_notifications_created_idx" ON "team_notifications" USING btree ("created_at");