import type { operations } from '../../api/schema';

type GlobalQuery = NonNullable<operations['listAuditEntries']['parameters']['query']>;
export type AuditAction = NonNullable<GlobalQuery['action']>;
export type ActorType = NonNullable<GlobalQuery['actor_type']>;

/**
 * The API's catalogue of actions (the `action` filter accepts only these), grouped by what they
 * concern. The compile-time check below fails when the API gains an action this list lacks.
 */
export const ACTION_GROUPS = {
  'Sign-in and accounts': [
    'auth.sign_in',
    'auth.sign_out',
    'user.created',
    'user.password_changed',
    'user.password_reset',
    'user.email_changed',
    'user.updated',
    'user.role_changed',
    'user.disabled',
    'user.enabled',
    'user.deleted',
  ],
  Teams: [
    'team.created',
    'team.updated',
    'team.deleted',
    'team.member_added',
    'team.member_removed',
    'team.member_role_changed',
  ],
  OAuth: [
    'oauth.consent_granted',
    'oauth.consent_denied',
    'oauth.tokens_issued',
    'oauth.code_reused',
    'oauth.client_registered',
    'oauth.client_revoked',
    'oauth.token_revoked',
    'oauth.refresh_token_reused',
    'upstream_oauth.connected',
    'upstream_oauth.refresh_failed',
    'upstream_oauth.disconnected',
  ],
  Satellites: [
    'satellite.registration_token_created',
    'satellite.registration_token_revoked',
    'satellite.paired',
    'satellite.key_rotated',
    'satellite.disabled',
    'satellite.enabled',
    'satellite.deleted',
    'satellite.url_changed',
  ],
  Installations: [
    'installation.created',
    'installation.updated',
    'installation.tool_status_changed',
    'installation.deleted',
    'installation.personal_config_changed',
  ],
  Catalogue: [
    'catalogue.server_created',
    'catalogue.server_updated',
    'catalogue.server_deleted',
    'catalogue.category_created',
    'catalogue.category_updated',
    'catalogue.category_deleted',
    'catalogue.version_created',
    'catalogue.version_updated',
    'registry.imported',
    'registry.synced',
  ],
  'Service administration': [
    'settings.changed',
    'encryption.reencrypt_started',
    'encryption.reencrypt_finished',
    'encryption.key_retired',
    'audit.retention_applied',
  ],
} as const satisfies Record<string, readonly AuditAction[]>;

type Listed = (typeof ACTION_GROUPS)[keyof typeof ACTION_GROUPS][number];
type Unlisted = Exclude<AuditAction, Listed>;
// Fails to compile, naming the action, when the API's catalogue has one the list above lacks.
const everyActionListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyActionListed;

const ACTIONS = new Set<string>(Object.values(ACTION_GROUPS).flat());
export const isAction = (value: string | null): value is AuditAction =>
  value !== null && ACTIONS.has(value);

export const ACTOR_TYPES = [
  'user',
  'oauth_client',
  'satellite',
  'system',
] as const satisfies readonly ActorType[];
export const isActorType = (value: string | null): value is ActorType =>
  ACTOR_TYPES.some((t) => t === value);

/** What the log is filtered by: the API's own query fields (times as ISO 8601). */
export interface AuditFilters {
  action?: AuditAction;
  actor_type?: ActorType;
  actor_id?: string;
  target_type?: string;
  target_id?: string;
  since?: string;
  until?: string;
}

const TEXT_KEYS = ['actor_id', 'target_type', 'target_id', 'since', 'until'] as const;

/** The filters a link carries in its query string (so a filtered view can be shared). */
export function filtersFrom(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  const action = params.get('action');
  if (isAction(action)) filters.action = action;
  const actorType = params.get('actor_type');
  if (isActorType(actorType)) filters.actor_type = actorType;
  for (const key of TEXT_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** The filters as query-string pairs, for the list, the stream and the export. */
export function queryOf(filters: AuditFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (typeof value === 'string' && value !== '') out[key] = value;
  }
  return out;
}

export const hasFilters = (filters: AuditFilters) => Object.keys(queryOf(filters)).length > 0;

/** An ISO time as a `datetime-local` input shows it: the reader's local time, to the minute. */
export function localInput(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A `datetime-local` value (local time) as the ISO 8601 time the API expects. */
export function isoOf(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
