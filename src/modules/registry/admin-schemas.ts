import { Type } from '@sinclair/typebox';
import { PaginatedData, PaginatedQuery } from '../../http/pagination.js';
import { Nullable, StringEnum, Success, Timestamp } from '../../http/schemas.js';

export const MAX_IMPORT_ENTRIES = 1000;

const Failure = Type.Object({
  name: Nullable(Type.String()),
  version: Nullable(Type.String()),
  reason: Type.String(),
});

export const ImportResult = Type.Object({
  created: Type.Integer({ description: 'Versions added' }),
  updated: Type.Integer({ description: 'Versions whose document or status changed' }),
  unchanged: Type.Integer(),
  failed: Type.Integer({ description: 'Entries not applied; `failures` says why' }),
  failures: Type.Array(Failure),
  local_edits_kept: Type.Array(Type.String(), {
    description: 'Servers edited here whose upstream changes were not applied to the catalogue',
  }),
});

export const ImportBody = Type.Union(
  [
    Type.Object(
      {},
      { additionalProperties: true, description: 'One server.json document or registry entry' },
    ),
    Type.Array(Type.Unknown(), { minItems: 1, maxItems: MAX_IMPORT_ENTRIES }),
  ],
  {
    description:
      "A server.json document, a registry entry {server,_meta}, or an array of them (a file's content)",
  },
);
export const ImportQuery = Type.Object(
  {
    overwrite_local_edits: Type.Optional(
      StringEnum(['true', 'false'], { description: 'Apply changes even to servers edited here' }),
    ),
  },
  { additionalProperties: false },
);
export const ImportResponse = Success(Type.Object({ result: ImportResult }));

export const Source = Type.Object({
  base_url: Type.String(),
  version_mode: StringEnum(['latest', 'all']),
  enabled: Type.Boolean(),
  high_water_mark: Nullable(Timestamp),
  resume_cursor_pending: Type.Boolean({
    description: 'An interrupted sync will continue where it stopped',
  }),
  updated_at: Timestamp,
});
export const SourceBody = Type.Object(
  {
    base_url: Type.String({
      minLength: 1,
      maxLength: 2048,
      description: 'Registry base URL, e.g. https://registry.modelcontextprotocol.io',
    }),
    version_mode: Type.Optional(StringEnum(['latest', 'all'], { default: 'latest' })),
    enabled: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
export const SourceResponse = Success(Type.Object({ source: Nullable(Source) }));

export const SyncRun = Type.Object({
  id: Type.String(),
  trigger: StringEnum(['schedule', 'admin']),
  status: StringEnum(['running', 'succeeded', 'completed_with_failures', 'failed']),
  updated_since: Nullable(Timestamp),
  resumed_from_cursor: Type.Boolean(),
  pages: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  failed: Type.Integer(),
  failures: Type.Array(Failure),
  error: Nullable(Type.String()),
  started_at: Timestamp,
  finished_at: Nullable(Timestamp),
});
export const SyncRunResponse = Success(Type.Object({ run: SyncRun }));
export const SyncRunListResponse = Success(PaginatedData('runs', SyncRun));
export const SyncRunListQuery = PaginatedQuery({});
