/**
 * The one catalogue of audit actions: every entry names one of these. docs/operators.md
 * ("Audit log") lists them with the same words; a new action is one line here and one there.
 */
export const AUDIT_ACTIONS = {
  'auth.sign_in': 'A sign-in with a password (outcome failure: wrong login, password or disabled)',
  'auth.sign_out': 'A session was ended by its owner',
  'user.created': 'An account was created (registration or first-run set-up)',
  'user.password_changed': 'An account’s password was changed by its owner',
  'user.password_reset': 'An account’s password was reset through an emailed link',
  'user.email_changed': 'An account’s email address was changed',
  'user.updated': 'An administrator changed an account (field names in details)',
  'user.role_changed': 'An account’s global role was changed',
  'user.disabled': 'An account was disabled',
  'user.enabled': 'An account was enabled again',
  'user.deleted': 'An account was deleted',
  'team.created': 'A team was created',
  'team.updated': 'A team’s name or description was changed (field names in details)',
  'team.deleted': 'A team was deleted',
  'team.member_added': 'An account became a member of a team',
  'team.member_removed': 'An account left or was removed from a team',
  'team.member_role_changed': 'A member’s team role was changed',
  'oauth.consent_granted': 'An account allowed an OAuth client access',
  'oauth.consent_denied': 'An account refused an OAuth client access on the consent page',
  'oauth.tokens_issued':
    'An OAuth client exchanged an authorization code for tokens: a grant began (never the code or tokens)',
  'oauth.code_reused':
    'An authorization code was presented again: the grant issued from it was revoked',
  'oauth.client_registered':
    'An OAuth client was registered (dynamic registration, or a metadata-document client first seen)',
  'oauth.client_revoked': 'An administrator revoked an OAuth client and every token it held',
  'oauth.token_revoked': 'An OAuth token or grant was revoked (by the client or the account)',
  'oauth.refresh_token_reused':
    'A refresh token was presented again after rotation: the whole grant was revoked',
  'satellite.registration_token_created': 'A satellite registration token was issued',
  'satellite.registration_token_revoked': 'A satellite registration token was revoked',
  'satellite.paired': 'A satellite registered with a registration token',
  'satellite.key_rotated': 'A satellite’s API key was rotated',
  'satellite.disabled': 'A satellite was disabled',
  'satellite.enabled': 'A satellite was enabled again',
  'satellite.deleted': 'A satellite was deleted',
  'satellite.url_changed':
    'A satellite’s URL, the audience of its MCP clients’ tokens, was set (old and new URL in details)',
  'settings.changed': 'Global settings were changed (setting keys in details, never values)',
  'installation.created': 'An MCP server was installed for a team',
  'installation.updated': 'An installation was changed (field names in details, never values)',
  'installation.tool_status_changed':
    'A tool of an installation was switched off or on for MCP clients (tool name in details)',
  'installation.deleted': 'An installation was removed',
  'upstream_oauth.connected':
    'A member signed in to a remote MCP server with OAuth; Groundstation keeps their tokens (never the tokens)',
  'upstream_oauth.refresh_failed':
    'A member’s tokens for a remote MCP server could not be refreshed: they must sign in again',
  'upstream_oauth.disconnected':
    'A member disconnected a remote MCP server: tokens revoked where the server allows, then deleted',
  'installation.personal_config_changed':
    'A member saved their own configuration of an installation (field names only, never values)',
  'catalogue.server_created': 'A server was added to the catalogue',
  'catalogue.server_updated': 'A catalogue server was changed (field names in details)',
  'catalogue.server_deleted': 'A server was removed from the catalogue',
  'catalogue.category_created': 'A catalogue category was created',
  'catalogue.category_updated': 'A catalogue category was changed (field names in details)',
  'catalogue.category_deleted':
    'A catalogue category was deleted (where its servers moved, in details)',
  'catalogue.version_created': 'A version was added to a catalogue server',
  'catalogue.version_updated': 'A catalogue server’s version was changed (field names in details)',
  'registry.imported':
    'Registry documents changed the catalogue: one entry per applied batch (source, new servers, counts)',
  'registry.synced': 'A registry sync run ended (outcome failure when the run failed; counts)',
  'encryption.reencrypt_started': 'Re-encryption of stored secrets with the current key began',
  'encryption.reencrypt_finished':
    'Re-encryption ended (counts; outcome failure when values need a key not in the ring)',
  'encryption.key_retired':
    'The last values under a previous encryption key were re-encrypted: no stored value needs it',
  'audit.retention_applied': 'The retention job removed the oldest entries (count in details)',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** Who acted: an account, an OAuth client, a satellite, or the service itself (jobs, CLI). */
export const AUDIT_ACTOR_TYPES = ['user', 'oauth_client', 'satellite', 'system'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
