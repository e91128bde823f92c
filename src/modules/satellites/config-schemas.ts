import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../../http/schemas.js';

const Values = Type.Record(Type.String(), Type.String());
const Names = Type.Array(Type.String());

const Instance = Type.Object({
  process_id: Type.String(),
  instance_id: Type.String(),
  status: Type.String(),
  installation_id: Type.String(),
  installation_name: Type.String(),
  team_id: Type.String(),
  user_id: Type.String(),
  server: Type.Object({
    slug: Type.String(),
    transport: Type.String(),
    runtime: Nullable(Type.String()),
    command: Nullable(Type.String()),
    package: Nullable(Type.String()),
    args: Type.Array(Type.String()),
    url: Nullable(Type.String()),
  }),
  args: Type.Array(Type.String()),
  env: Values,
  headers: Values,
  settings: Type.Object({
    request_logging_enabled: Type.Boolean(),
    disabled_tools: Type.Array(Type.String()),
  }),
});

/**
 * One entry of `mcp_servers`. The satellite compares entries as JSON text and restarts a process
 * whose entry changed, so the order on the wire must never change: the serializer writes the
 * required properties first and then the optional ones, each group in the order listed here
 * (which is therefore that order). Reordering these fields restarts every process once.
 */
const McpServerEntry = Type.Object({
  installation_id: Type.String(),
  instance_id: Type.String(),
  installation_name: Type.String(),
  team_id: Type.String(),
  team_slug: Type.String(),
  user_id: Type.String(),
  user_slug: Type.String(),
  server_name: Type.String(),
  server_slug: Type.String(),
  transport_type: StringEnum(['stdio', 'http', 'sse']),
  enabled: Type.Boolean(),
  requires_oauth: Type.Boolean(),
  source: Nullable(StringEnum(['manual', 'github', 'official_registry'])),
  settings: Type.Object({
    request_logging_enabled: Type.Boolean(),
    disabled_tools: Type.Array(Type.String()),
  }),
  secret_metadata: Type.Object(
    { env: Names, headers: Names, query_params: Names },
    { description: 'Names of the secret values (never the values), for the satellite to mask' },
  ),
  command: Type.Optional(Type.String({ description: 'stdio only' })),
  args: Type.Optional(Type.Array(Type.String(), { description: 'stdio only' })),
  env: Type.Optional(Values),
  runtime: Type.Optional(StringEnum(['node', 'python'], { description: 'stdio only' })),
  url: Type.Optional(Type.String({ description: 'http and sse only' })),
  headers: Type.Optional(Values),
  url_query_params: Type.Optional(Values),
  timeout: Type.Optional(Type.Number({ description: 'Milliseconds' })),
});

/** Groundstation's `data.instances`, and at the top level the satellite's `mcp_servers` map. */
export const ConfigResponse = Type.Object({
  success: Type.Literal(true),
  mcp_servers: Type.Record(Type.String(), McpServerEntry, {
    description: 'Keyed `<server slug>-<team slug>-<user id>-<installation id>`',
  }),
  polling_intervals: Type.Object({
    normal: Type.Integer(),
    immediate: Type.Integer(),
    error_backoff_max: Type.Integer(),
  }),
  data: Type.Object({ instances: Type.Array(Instance) }),
});

/** Satellite routes accept and ignore query parameters they do not know. */
export const OpenQuery = Type.Object({}, { additionalProperties: true });

export const UpstreamTokenBody = Type.Object(
  {
    installation_id: Type.String({ minLength: 1, maxLength: 100 }),
    user_id: Type.String({ minLength: 1, maxLength: 100 }),
    team_id: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: true },
);
const TokenStatus = Type.Object({
  exists: Type.Boolean(),
  expired: Nullable(Type.Boolean()),
  expires_at: Nullable(Type.String()),
  can_refresh: Type.Boolean(),
});
export const TokenStatusResponse = Type.Object({
  success: Type.Literal(true),
  ...TokenStatus.properties,
  data: TokenStatus,
});
const StoredToken = Type.Object({
  access_token: Type.String(),
  refresh_token: Nullable(Type.String()),
  token_type: Type.String(),
  expires_at: Nullable(Type.String()),
  scope: Nullable(Type.String()),
});
export const TokenRetrieveResponse = Type.Object({
  success: Type.Literal(true),
  ...StoredToken.properties,
  data: StoredToken,
});
export const GitHubTokenParams = Type.Object({
  satelliteId: Type.String({ minLength: 1, maxLength: 100 }),
  installationId: Type.String({ minLength: 1, maxLength: 100 }),
});
const GitHubToken = Type.Object({ token: Type.String(), expires_at: Type.String() });
export const GitHubTokenResponse = Type.Object({
  success: Type.Literal(true),
  ...GitHubToken.properties,
  data: GitHubToken,
});
