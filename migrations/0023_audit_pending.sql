-- Audited changes insert their entry into audit_pending, a queue that sealing
-- (src/modules/audit/sealer.ts) empties into audit_entries with each entry's place in the chain:
-- an entry row is written once, sealed, and never updated (an update of it wrote every index again
-- and left a dead row behind for vacuum). Entries still waiting move to the queue.
CREATE TABLE "audit_pending" (
	"id" text NOT NULL,
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
	CONSTRAINT "audit_pending_created_at_id_pk" PRIMARY KEY("created_at","id")
);
--> statement-breakpoint
INSERT INTO "audit_pending" ("id", "created_at", "actor_type", "actor_id", "team_id", "action", "target_type",
  "target_id", "outcome", "client_address", "user_agent", "request_id", "details")
SELECT "id", "created_at", "actor_type", "actor_id", "team_id", "action", "target_type",
  "target_id", "outcome", "client_address", "user_agent", "request_id", "details"
FROM "audit_entries" WHERE "seq" IS NULL;--> statement-breakpoint
DELETE FROM "audit_entries" WHERE "seq" IS NULL;--> statement-breakpoint
-- A replica of an earlier version still running during an upgrade inserts its entries unsealed into
-- audit_entries: they go to the queue instead, and its sealer, which looks for unsealed entries
-- through the partial index audit_entries_unsealed_idx (now always empty), finds none. Only
-- sealing inserts into audit_entries otherwise, with seq set, so the WHEN clause skips it.
CREATE FUNCTION "audit_entries_queue_unsealed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_pending" ("id", "created_at", "actor_type", "actor_id", "team_id", "action", "target_type",
    "target_id", "outcome", "client_address", "user_agent", "request_id", "details")
  VALUES (NEW."id", NEW."created_at", NEW."actor_type", NEW."actor_id", NEW."team_id", NEW."action",
    NEW."target_type", NEW."target_id", NEW."outcome", NEW."client_address", NEW."user_agent",
    NEW."request_id", NEW."details");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_entries_queue_unsealed" BEFORE INSERT ON "audit_entries"
  FOR EACH ROW WHEN (NEW."seq" IS NULL) EXECUTE FUNCTION "audit_entries_queue_unsealed"();
--> statement-breakpoint
ALTER TABLE "audit_entries" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_entries" ALTER COLUMN "prev_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_entries" ALTER COLUMN "hash" SET NOT NULL;
