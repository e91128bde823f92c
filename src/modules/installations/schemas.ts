import { Type } from '@sinclair/typebox';
import { PaginatedData, PaginatedQuery } from '../../http/pagination.js';
import { Nullable, StringEnum, Success, Timestamp } from '../../http/schemas.js';

export const INSTANCE_STATUSES = [
  'provisioning',
  'command_received',
  'connecting',
  'discovering_tools',
  'syncing_tools',
  'online',
  'restarting',
  'offline',
  'error',
  'requires_reauth',
  'permanently_failed',
  'awaiting_user_config',
] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];

const ValueMap = Type.Record(
  Type.String({ maxLength: 128 }),
  Nullable(Type.String({ maxLength: 8192 })),
  { maxProperties: 100 },
);
export const ValuesInput = Type.Object(
  { args: Type.Optional(ValueMap), env: Type.Optional(ValueMap), headers: Type.Optional(ValueMap) },
  {
    additionalProperties: false,
    description: 'Values by field name; null removes one; "********" keeps a stored secret',
  },
);
const ValuesOut = Type.Object({
  args: Type.Record(Type.String(), Type.String()),
  env: Type.Record(Type.String(), Type.String()),
  headers: Type.Record(Type.String(), Type.String()),
});
/** A tool name as an MCP server gives it (the specification suggests at most 128 characters). */
const ToolName = Type.String({ minLength: 1, maxLength: 200 });
/** Most tools one installation can have switched off. */
export const MAX_DISABLED_TOOLS = 1000;
const Settings = Type.Object({
  request_logging_enabled: Type.Boolean(),
  disabled_tools: Type.Array(Type.String(), {
    description:
      'Tools switched off for the team (names as the server gives them): MCP clients neither see nor call them',
  }),
});
const SettingsInput = Type.Object(
  { request_logging_enabled: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

export const Installation = Type.Object({
  id: Type.String(),
  team_id: Type.String(),
  name: Type.String(),
  server: Type.Object({
    id: Type.String(),
    name: Type.String(),
    slug: Type.String(),
    transport: Type.String(),
  }),
  version_id: Nullable(Type.String()),
  team_config: ValuesOut,
  satellite_id: Nullable(Type.String()),
  settings: Settings,
  tool_count: Type.Integer(),
  total_tokens: Type.Integer(),
  my_instance: Nullable(
    Type.Object({
      id: Type.String(),
      status: StringEnum(INSTANCE_STATUSES),
      status_message: Nullable(Type.String()),
      status_updated_at: Timestamp,
    }),
  ),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const InstallationBody = Type.Object(
  {
    server_id: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'Catalogue server id or slug',
    }),
    version_id: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    team_config: Type.Optional(ValuesInput),
    satellite_id: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
    settings: Type.Optional(SettingsInput),
  },
  { additionalProperties: false },
);
export const InstallationUpdateBody = Type.Object(
  {
    version_id: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    team_config: Type.Optional(ValuesInput),
    satellite_id: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
    settings: Type.Optional(SettingsInput),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const Instance = Type.Object({
  id: Type.String(),
  installation_id: Type.String(),
  user_id: Type.String(),
  status: StringEnum(INSTANCE_STATUSES),
  status_message: Nullable(Type.String()),
  status_updated_at: Timestamp,
  created_at: Timestamp,
});

export const UserConfig = Type.Object({
  installation_id: Type.String(),
  values: ValuesOut,
  missing_required: Type.Array(Type.String(), {
    description: 'Required personal fields still without a value',
  }),
  status: StringEnum(INSTANCE_STATUSES),
  updated_at: Nullable(Timestamp),
});
export const UserConfigBody = Type.Object({ values: ValuesInput }, { additionalProperties: false });

export const TeamParams = Type.Object({ teamId: Type.String({ minLength: 1, maxLength: 100 }) });
export const InstallationParams = Type.Object({
  teamId: Type.String({ minLength: 1, maxLength: 100 }),
  installationId: Type.String({ minLength: 1, maxLength: 100 }),
});
export const ToolParams = Type.Object({
  teamId: Type.String({ minLength: 1, maxLength: 100 }),
  installationId: Type.String({ minLength: 1, maxLength: 100 }),
  toolName: ToolName,
});
export const ToolStatusBody = Type.Object(
  { is_disabled: Type.Boolean({ description: 'true switches the tool off, false on again' }) },
  { additionalProperties: false },
);
export const ToolStatusResponse = Success(
  Type.Object({ tool_name: Type.String(), is_disabled: Type.Boolean() }),
);
export const ListQuery = PaginatedQuery();
export const InstallationResponse = Success(Type.Object({ installation: Installation }));
export const InstallationListResponse = Success(PaginatedData('installations', Installation));
export const InstanceListResponse = Success(PaginatedData('instances', Instance));
export const InstanceResponse = Success(Type.Object({ instance: Instance }));
export const UserConfigResponse = Success(Type.Object({ user_config: UserConfig }));
