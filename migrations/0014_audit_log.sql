CREATE TABLE "audit_chain" (
	"id" integer PRIMARY KEY NOT NULL,
	"start_seq" bigint NOT NULL,
	"start_prev_hash" text NOT NULL,
	"head_seq" bigint NOT NULL,
	"head_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"team_id" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"outcome" text NOT NULL,
	"client_address" text,
	"user_agent" text,
	"request_id" text,
	"details" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_entries_seq_idx" ON "audit_entries" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "audit_entries_time_idx" ON "audit_entries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_team_time_idx" ON "audit_entries" USING btree ("team_id","created_at","id");--> statement-breakpoint
-- The chain's bookkeeping row: empty chain, genesis link of all zeros (modules/audit/chain.ts).
INSERT INTO "audit_chain" ("id", "start_seq", "start_prev_hash", "head_seq", "head_hash") VALUES (1, 1, '0000000000000000000000000000000000000000000000000000000000000000', 0, '0000000000000000000000000000000000000000000000000000000000000000');
