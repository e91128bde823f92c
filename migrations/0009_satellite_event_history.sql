CREATE TABLE "mcp_client_activity" (
	"id" text PRIMARY KEY NOT NULL,
	"satellite_id" text NOT NULL,
	"user_id" text NOT NULL,
	"team_id" text NOT NULL,
	"oauth_client_id" text NOT NULL,
	"client_name" text NOT NULL,
	"auth_type" text NOT NULL,
	"auth_identifier" text,
	"user_agent" text,
	"ip_address" text,
	"session_id" text,
	"request_count" integer NOT NULL,
	"tool_call_count" integer NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "satellite_event_history" (
	"id" text PRIMARY KEY NOT NULL,
	"satellite_id" text NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"data" json NOT NULL,
	"installation_id" text,
	"record_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "satellite_usage_logs_user_idx";--> statement-breakpoint
ALTER TABLE "satellite_usage_logs" ADD COLUMN "request_log_id" text;--> statement-breakpoint
ALTER TABLE "mcp_client_activity" ADD CONSTRAINT "mcp_client_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_client_activity" ADD CONSTRAINT "mcp_client_activity_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mcp_client_activity_user_idx" ON "mcp_client_activity" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "satellite_event_history_satellite_time_idx" ON "satellite_event_history" USING btree ("satellite_id","created_at","id");--> statement-breakpoint
CREATE INDEX "satellite_usage_logs_user_idx" ON "satellite_usage_logs" USING btree ("user_id","created_at","id") WHERE "satellite_usage_logs"."request_log_id" IS NULL;