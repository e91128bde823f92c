-- Whether each member of a team that installs this http/sse server signs in to it with OAuth
-- (docs/upstream-oauth.md). Existing servers keep working as before: false.
ALTER TABLE "mcp_servers" ADD COLUMN "requires_oauth" boolean DEFAULT false NOT NULL;
