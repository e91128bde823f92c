CREATE TABLE "mcp_request_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"satellite_id" text NOT NULL,
	"installation_id" text NOT NULL,
	"team_id" text NOT NULL,
	"user_id" text,
	"tool_name" text NOT NULL,
	"request_params" jsonb NOT NULL,
	"tool_response" jsonb,
	"duration_ms" double precision NOT NULL,
	"success" boolean NOT NULL,
	"error_message" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcp_server_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"satellite_id" text NOT NULL,
	"installation_id" text NOT NULL,
	"team_id" text NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"logged_at" timestamp with time zone NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "mcp_server_logs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "mcp_tool_metadata" (
	"installation_id" text NOT NULL,
	"tool_name" text NOT NULL,
	"description" text,
	"input_schema" jsonb,
	"token_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mcp_tool_metadata_installation_id_tool_name_pk" PRIMARY KEY("installation_id","tool_name")
);
--> statement-breakpoint
CREATE TABLE "satellite_commands" (
	"id" text PRIMARY KEY NOT NULL,
	"satellite_id" text NOT NULL,
	"type" text NOT NULL,
	"priority" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result" jsonb,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "satellite_heartbeats" (
	"id" text PRIMARY KEY NOT NULL,
	"satellite_id" text NOT NULL,
	"status" text NOT NULL,
	"cpu_percent" double precision,
	"memory_percent" double precision,
	"process_count" integer,
	"metrics" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "satellite_process_crashes" (
	"id" text PRIMARY KEY NOT NULL,
	"satellite_id" text NOT NULL,
	"process_id" text NOT NULL,
	"crashed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "satellite_processes" (
	"satellite_id" text NOT NULL,
	"process_id" text NOT NULL,
	"installation_id" text,
	"team_id" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone,
	"pid" integer,
	"transport" text,
	"tool_count" integer,
	"spawn_duration_ms" double precision,
	"exit_code" integer,
	"signal" text,
	"uptime_seconds" double precision,
	"crash_count" integer,
	"will_restart" boolean,
	"error_details" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "satellite_processes_satellite_id_process_id_pk" PRIMARY KEY("satellite_id","process_id")
);
--> statement-breakpoint
CREATE TABLE "satellite_registration_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"team_id" text,
	"token_hash" text NOT NULL,
	"name" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by_satellite_id" text,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "satellite_usage_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"satellite_id" text NOT NULL,
	"installation_id" text NOT NULL,
	"team_id" text NOT NULL,
	"user_id" text,
	"tool_name" text NOT NULL,
	"duration_ms" double precision NOT NULL,
	"success" boolean NOT NULL,
	"error_message" text,
	"metrics" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "satellites" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"team_id" text,
	"key_id" text NOT NULL,
	"key_hash" text NOT NULL,
	"status" text DEFAULT 'registered' NOT NULL,
	"disabled_at" timestamp with time zone,
	"version" text,
	"capabilities" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"system_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"satellite_url" text,
	"last_heartbeat_at" timestamp with time zone,
	"last_state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mcp_request_logs" ADD CONSTRAINT "mcp_request_logs_installation_id_mcp_server_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."mcp_server_installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_server_logs" ADD CONSTRAINT "mcp_server_logs_installation_id_mcp_server_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."mcp_server_installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_tool_metadata" ADD CONSTRAINT "mcp_tool_metadata_installation_id_mcp_server_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."mcp_server_installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satellite_commands" ADD CONSTRAINT "satellite_commands_satellite_id_satellites_id_fk" FOREIGN KEY ("satellite_id") REFERENCES "public"."satellites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satellite_heartbeats" ADD CONSTRAINT "satellite_heartbeats_satellite_id_satellites_id_fk" FOREIGN KEY ("satellite_id") REFERENCES "public"."satellites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satellite_processes" ADD CONSTRAINT "satellite_processes_satellite_id_satellites_id_fk" FOREIGN KEY ("satellite_id") REFERENCES "public"."satellites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satellite_processes" ADD CONSTRAINT "satellite_processes_installation_id_mcp_server_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."mcp_server_installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satellite_registration_tokens" ADD CONSTRAINT "satellite_registration_tokens_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satellite_registration_tokens" ADD CONSTRAINT "satellite_registration_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satellite_usage_logs" ADD CONSTRAINT "satellite_usage_logs_installation_id_mcp_server_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."mcp_server_installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satellites" ADD CONSTRAINT "satellites_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mcp_request_logs_installation_idx" ON "mcp_request_logs" USING btree ("installation_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "mcp_request_logs_user_idx" ON "mcp_request_logs" USING btree ("user_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "mcp_server_logs_installation_idx" ON "mcp_server_logs" USING btree ("installation_id","seq");--> statement-breakpoint
CREATE INDEX "satellite_commands_pending_idx" ON "satellite_commands" USING btree ("satellite_id","priority","created_at") WHERE "satellite_commands"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "satellite_heartbeats_satellite_time_idx" ON "satellite_heartbeats" USING btree ("satellite_id","created_at","id");--> statement-breakpoint
CREATE INDEX "satellite_process_crashes_idx" ON "satellite_process_crashes" USING btree ("satellite_id","process_id","crashed_at");--> statement-breakpoint
CREATE INDEX "satellite_processes_installation_idx" ON "satellite_processes" USING btree ("installation_id");--> statement-breakpoint
CREATE INDEX "satellite_usage_logs_installation_idx" ON "satellite_usage_logs" USING btree ("installation_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "satellite_usage_logs_user_idx" ON "satellite_usage_logs" USING btree ("user_id","occurred_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "satellites_key_id_key" ON "satellites" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "satellites_team_idx" ON "satellites" USING btree ("team_id");