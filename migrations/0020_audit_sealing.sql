-- Audit entries are written without their place in the hash chain and sealed after commit
-- (src/modules/audit/sealer.ts): seq, prev_hash and hash stay null until then, and a partial index
-- holds the entries waiting to be sealed. Entries written before this migration are all sealed.
DROP INDEX "audit_entries_seq_idx";--> statement-breakpoint
ALTER TABLE "audit_entries" ALTER COLUMN "seq" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_entries" ALTER COLUMN "prev_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_entries" ALTER COLUMN "hash" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_entries_unsealed_idx" ON "audit_entries" USING btree ("created_at","id") WHERE "audit_entries"."seq" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_entries_seq_idx" ON "audit_entries" USING btree ("seq") WHERE "audit_entries"."seq" IS NOT NULL;