CREATE TABLE "mcp_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"icon" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcp_server_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"server_id" text NOT NULL,
	"version" text NOT NULL,
	"changelog" text,
	"release_date" date,
	"is_latest" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcp_servers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"category_id" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"repository_url" text,
	"repo_stars" integer DEFAULT 0 NOT NULL,
	"homepage" text,
	"language" text,
	"transport" text NOT NULL,
	"runtime" text,
	"command" text,
	"package" text,
	"args" text[] DEFAULT '{}'::text[] NOT NULL,
	"url" text,
	"config_schema" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcp_server_installations" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"server_id" text NOT NULL,
	"version_id" text,
	"name" text NOT NULL,
	"team_config" jsonb NOT NULL,
	"satellite_id" text,
	"settings" jsonb NOT NULL,
	"tool_count" integer DEFAULT 0 NOT NULL,
	"total_tokens" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcp_server_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"installation_id" text NOT NULL,
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"status_message" text,
	"status_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcp_user_configs" (
	"installation_id" text NOT NULL,
	"user_id" text NOT NULL,
	"values" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "satellite_pending_work" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"team_id" text NOT NULL,
	"installation_id" text,
	"user_id" text,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mcp_server_versions" ADD CONSTRAINT "mcp_server_versions_server_id_mcp_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."mcp_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_servers" ADD CONSTRAINT "mcp_servers_category_id_mcp_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."mcp_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_server_installations" ADD CONSTRAINT "mcp_server_installations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_server_installations" ADD CONSTRAINT "mcp_server_installations_server_id_mcp_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."mcp_servers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_server_installations" ADD CONSTRAINT "mcp_server_installations_version_id_mcp_server_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."mcp_server_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_server_installations" ADD CONSTRAINT "mcp_server_installations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_server_instances" ADD CONSTRAINT "mcp_server_instances_installation_id_mcp_server_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."mcp_server_installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_server_instances" ADD CONSTRAINT "mcp_server_instances_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_server_instances" ADD CONSTRAINT "mcp_server_instances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_user_configs" ADD CONSTRAINT "mcp_user_configs_installation_id_mcp_server_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."mcp_server_installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_user_configs" ADD CONSTRAINT "mcp_user_configs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mcp_categories_slug_lower_key" ON "mcp_categories" USING btree (lower("slug"));--> statement-breakpoint
CREATE UNIQUE INDEX "mcp_server_versions_server_version_key" ON "mcp_server_versions" USING btree ("server_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "mcp_server_versions_one_latest_key" ON "mcp_server_versions" USING btree ("server_id") WHERE "mcp_server_versions"."is_latest";--> statement-breakpoint
CREATE UNIQUE INDEX "mcp_servers_slug_lower_key" ON "mcp_servers" USING btree (lower("slug"));--> statement-breakpoint
CREATE INDEX "mcp_servers_category_name_idx" ON "mcp_servers" USING btree ("category_id","name","id");--> statement-breakpoint
CREATE INDEX "mcp_servers_name_idx" ON "mcp_servers" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "mcp_servers_stars_idx" ON "mcp_servers" USING btree ("repo_stars","id");--> statement-breakpoint
CREATE INDEX "mcp_servers_created_idx" ON "mcp_servers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mcp_servers_search_idx" ON "mcp_servers" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "mcp_installations_team_name_key" ON "mcp_server_installations" USING btree ("team_id",lower("name"));--> statement-breakpoint
CREATE INDEX "mcp_installations_server_idx" ON "mcp_server_installations" USING btree ("server_id");--> statement-breakpoint
CREATE INDEX "mcp_installations_satellite_idx" ON "mcp_server_installations" USING btree ("satellite_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mcp_instances_installation_user_key" ON "mcp_server_instances" USING btree ("installation_id","user_id");--> statement-breakpoint
CREATE INDEX "mcp_instances_team_user_idx" ON "mcp_server_instances" USING btree ("team_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mcp_user_configs_key" ON "mcp_user_configs" USING btree ("installation_id","user_id");--> statement-breakpoint
CREATE INDEX "satellite_pending_work_open_idx" ON "satellite_pending_work" USING btree ("created_at") WHERE "satellite_pending_work"."processed_at" IS NULL;