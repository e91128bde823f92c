CREATE TABLE "mcp_server_log_counters" (
	"installation_id" text PRIMARY KEY NOT NULL,
	"written" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mcp_server_logs" ADD COLUMN "position" bigint;--> statement-breakpoint
ALTER TABLE "mcp_server_log_counters" ADD CONSTRAINT "mcp_server_log_counters_installation_id_mcp_server_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."mcp_server_installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mcp_server_logs_position_idx" ON "mcp_server_logs" USING btree ("installation_id","position");--> statement-breakpoint
UPDATE "mcp_server_logs" l SET "position" = n."position" FROM (SELECT "id", row_number() OVER (PARTITION BY "installation_id" ORDER BY "seq") AS "position" FROM "mcp_server_logs") n WHERE l."id" = n."id";--> statement-breakpoint
INSERT INTO "mcp_server_log_counters" ("installation_id", "written") SELECT "installation_id", max("position") FROM "mcp_server_logs" GROUP BY "installation_id";
