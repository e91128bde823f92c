CREATE TABLE "upstream_oauth_revocations" (
	"id" text PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"authorization_server" jsonb NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "upstream_oauth_revocations_created_idx" ON "upstream_oauth_revocations" USING btree ("created_at");--> statement-breakpoint
-- Tokens deleted with their instance, from a server that names a revocation endpoint, wait here
-- for the upstream-oauth-revocations job (src/modules/upstream-oauth/revocations.ts). A trigger,
-- so that every way an instance goes (a member leaving or removed, an installation or team
-- deleted, an account deleted) is covered. Disconnect revokes at once and takes its entry back
-- out in the same transaction.
CREATE FUNCTION upstream_oauth_revoke_later() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.authorization_server ? 'revocation_endpoint' THEN
    INSERT INTO upstream_oauth_revocations
      (id, instance_id, authorization_server, client_id, client_secret, access_token, refresh_token)
    VALUES (gen_random_uuid()::text, OLD.instance_id, OLD.authorization_server, OLD.client_id,
      OLD.client_secret, OLD.access_token, OLD.refresh_token);
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER upstream_oauth_revoke_later AFTER DELETE ON upstream_oauth_tokens
  FOR EACH ROW EXECUTE FUNCTION upstream_oauth_revoke_later();
