-- Members' sign-ins to remote MCP servers that want OAuth (src/modules/upstream-oauth,
-- docs/upstream-oauth.md): their tokens, the authorizations under way, the clients Groundstation
-- registered with authorization servers, and a client an administrator entered per server.
-- Tokens, secrets and PKCE verifiers are stored encrypted with ENCRYPTION_KEY.
CREATE TABLE "upstream_oauth_clients" (
	"key" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upstream_oauth_flows" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"user_id" text NOT NULL,
	"session_id" text,
	"resource" text NOT NULL,
	"authorization_server" jsonb NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text,
	"code_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"return_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upstream_oauth_tokens" (
	"instance_id" text PRIMARY KEY NOT NULL,
	"resource" text NOT NULL,
	"authorization_server" jsonb NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"token_type" text NOT NULL,
	"scope" text,
	"expires_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"refreshing_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mcp_servers" ADD COLUMN "oauth_client_id" text;--> statement-breakpoint
ALTER TABLE "mcp_servers" ADD COLUMN "oauth_client_secret" text;--> statement-breakpoint
ALTER TABLE "upstream_oauth_flows" ADD CONSTRAINT "upstream_oauth_flows_instance_id_mcp_server_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."mcp_server_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upstream_oauth_flows" ADD CONSTRAINT "upstream_oauth_flows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upstream_oauth_tokens" ADD CONSTRAINT "upstream_oauth_tokens_instance_id_mcp_server_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."mcp_server_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upstream_oauth_flows_expires_idx" ON "upstream_oauth_flows" USING btree ("expires_at");