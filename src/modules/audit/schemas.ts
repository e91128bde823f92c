import { Type, type Static } from '@sinclair/typebox';
import { PaginatedQuery } from '../../http/pagination.js';
import { Nullable, StringEnum, Timestamp } from '../../http/schemas.js';
import { AUDIT_ACTION_NAMES, AUDIT_ACTOR_TYPES, AUDIT_OUTCOMES } from './actions.js';

const Id = Type.String({ minLength: 1, maxLength: 200 });
const Time = (description: string) =>
  Type.Optional(Type.String({ format: 'date-time', description }));

/** Filters of a team's log and its export; the global log adds `team_id`. */
export const auditFilters = {
  actor_type: Type.Optional(StringEnum(AUDIT_ACTOR_TYPES)),
  actor_id: Type.Optional(Id),
  action: Type.Optional(
    StringEnum(AUDIT_ACTION_NAMES, { description: 'One action of the catalogue' }),
  ),
  target_type: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  target_id: Type.Optional(Id),
  since: Time('Only entries at or after this time (ISO 8601)'),
  until: Time('Only entries before this time (ISO 8601)'),
};

export const TeamAuditQuery = PaginatedQuery(auditFilters);
export const GlobalAuditQuery = PaginatedQuery({ ...auditFilters, team_id: Type.Optional(Id) });
/** An export takes the list's filters, without paging: what the list shows is what is exported. */
export const AuditExportQuery = Type.Object(
  { ...auditFilters, team_id: Type.Optional(Id) },
  { additionalProperties: false },
);
export const TeamAuditExportQuery = Type.Object(auditFilters, { additionalProperties: false });

export const AuditEntry = Type.Object({
  id: Type.String(),
  seq: Type.Integer({
    minimum: 1,
    description:
      'Position in the hash chain. The log holds sealed entries only: one committed while it is read shows from the next read',
  }),
  created_at: Timestamp,
  actor_type: StringEnum(AUDIT_ACTOR_TYPES),
  actor_id: Nullable(Type.String()),
  team_id: Nullable(Type.String()),
  action: Type.String({ description: 'One action of the catalogue (docs/operators.md)' }),
  target_type: Nullable(Type.String()),
  target_id: Nullable(Type.String()),
  outcome: StringEnum(AUDIT_OUTCOMES),
  client_address: Nullable(Type.String()),
  user_agent: Nullable(Type.String()),
  request_id: Nullable(Type.String()),
  details: Type.Record(Type.String(), Type.Unknown(), {
    description: 'Facts such as the names of changed fields; never values of secrets',
  }),
  prev_hash: Type.String({ description: 'Hash of the previous entry (SHA-256, hex)' }),
  hash: Type.String({ description: 'SHA-256 (hex) of this entry’s content, seq and prev_hash' }),
});
export type AuditEntryView = Static<typeof AuditEntry>;

export const ChainHeadSchema = Type.Object({
  start_seq: Type.Integer({ description: 'First entry still kept (retention moves it)' }),
  start_prev_hash: Type.String({ description: 'The hash the first kept entry links to' }),
  head_seq: Type.Integer({ description: 'Last entry written (0: none yet)' }),
  head_hash: Type.String({ description: 'Hash of the last entry: anchor it elsewhere' }),
});

export const ChainReportSchema = Type.Object({
  valid: Type.Boolean(),
  checked: Type.Integer({ minimum: 0 }),
  head: ChainHeadSchema,
  broken: Nullable(
    Type.Object({
      seq: Type.Integer({ description: 'Chain position of the first broken link' }),
      entry_id: Nullable(Type.String({ description: 'The entry there, if it still exists' })),
      reason: StringEnum(['modified', 'relinked', 'missing', 'head_mismatch']),
    }),
  ),
});
