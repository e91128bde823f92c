-- A remembered approval covers only the redirect URI and the RFC 8707 resource it was given for
-- (src/modules/oauth/service.ts, rememberedConsent): a request without a resource, or for
-- another one, asks for a token the user never approved, and must show the consent page again.
-- Approvals remembered before this migration did not record either, so none of them can be
-- matched safely: they are forgotten, and each user sees the consent page once more. Grants and
-- tokens are untouched.
DELETE FROM "oauth_consents";--> statement-breakpoint
ALTER TABLE "oauth_consents" ADD COLUMN "redirect_uri" text NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_consents" ADD COLUMN "resource" text;
