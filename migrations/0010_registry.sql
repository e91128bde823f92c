CREATE TABLE "registry_servers" (
	"server_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"fingerprint" text NOT NULL,
	"local_edits_kept" boolean DEFAULT false NOT NULL,
	"upstream_status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_sources" (
	"id" text PRIMARY KEY NOT NULL,
	"base_url" text NOT NULL,
	"version_mode" text DEFAULT 'latest' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"high_water_mark" timestamp with time zone,
	"resume_cursor" text,
	"resume_since" timestamp with time zone,
	"resume_mark" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_sync_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"source_id" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"updated_since" timestamp with time zone,
	"resumed_from" text,
	"pages" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"failures" jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "registry_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"server_id" text NOT NULL,
	"version_id" text NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"document" jsonb NOT NULL,
	"digest" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"status_message" text,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_latest" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"upstream_updated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registry_servers" ADD CONSTRAINT "registry_servers_server_id_mcp_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."mcp_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_versions" ADD CONSTRAINT "registry_versions_server_id_mcp_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."mcp_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_versions" ADD CONSTRAINT "registry_versions_version_id_mcp_server_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."mcp_server_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registry_servers_name_key" ON "registry_servers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "registry_sync_runs_started_idx" ON "registry_sync_runs" USING btree ("started_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "registry_versions_name_version_key" ON "registry_versions" USING btree ("name","version");--> statement-breakpoint
CREATE UNIQUE INDEX "registry_versions_version_key" ON "registry_versions" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "registry_versions_server_idx" ON "registry_versions" USING btree ("server_id");--> statement-breakpoint
CREATE INDEX "registry_versions_order_idx" ON "registry_versions" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "registry_versions_updated_idx" ON "registry_versions" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "registry_versions_latest_idx" ON "registry_versions" USING btree ("name","id") WHERE "registry_versions"."is_latest";