import { SETTING_DEFINITIONS } from '../settings/definitions.js';

/**
 * Every place the service keeps values encrypted with ENCRYPTION_KEY (src/lib/crypto.ts).
 * A new encrypted column must be added here, or key rotation would leave it on the old key.
 */
export interface EncryptedLocation {
  /** What reports call it: `table.column`. */
  name: string;
  table: string;
  /** The primary (or unique) key, walked in order to read the table in batches. */
  keyColumns: readonly string[];
  column: string;
  /**
   * `text`: the whole column is one ciphertext. `config-values`: a JSON object of
   * `{args, env, headers}` maps whose secret values are ciphertexts prefixed with `enc:`.
   */
  shape: 'text' | 'config-values';
  /** A fixed SQL condition on the rows that hold ciphertexts (column names only, no input). */
  where?: string;
}

/** A nullable text column whose values are each one ciphertext. */
function encryptedText(table: string, keyColumns: string[], column: string): EncryptedLocation {
  return {
    name: `${table}.${column}`,
    table,
    keyColumns,
    column,
    shape: 'text',
    where: `${column} IS NOT NULL`,
  };
}

const secretSettingKeys = SETTING_DEFINITIONS.filter((d) => d.type === 'secret').map((d) => d.key);

export const ENCRYPTED_LOCATIONS: readonly EncryptedLocation[] = [
  {
    name: 'global_settings.value',
    table: 'global_settings',
    keyColumns: ['key'],
    column: 'value',
    shape: 'text',
    // Keys come from the code's own definitions, never from input.
    where: `key IN (${secretSettingKeys.map((k) => `'${k.replace(/'/g, "''")}'`).join(', ') || 'NULL'})`,
  },
  {
    name: 'mcp_server_installations.team_config',
    table: 'mcp_server_installations',
    keyColumns: ['id'],
    column: 'team_config',
    shape: 'config-values',
  },
  {
    name: 'mcp_user_configs.values',
    table: 'mcp_user_configs',
    keyColumns: ['installation_id', 'user_id'],
    column: 'values',
    shape: 'config-values',
  },

  // Remote servers' OAuth (src/modules/upstream-oauth): each value one ciphertext, or null.
  encryptedText('mcp_servers', ['id'], 'oauth_client_secret'),
  encryptedText('upstream_oauth_tokens', ['instance_id'], 'access_token'),
  encryptedText('upstream_oauth_tokens', ['instance_id'], 'refresh_token'),
  encryptedText('upstream_oauth_tokens', ['instance_id'], 'client_secret'),
  encryptedText('upstream_oauth_revocations', ['id'], 'access_token'),
  encryptedText('upstream_oauth_revocations', ['id'], 'refresh_token'),
  encryptedText('upstream_oauth_revocations', ['id'], 'client_secret'),
  encryptedText('upstream_oauth_flows', ['state_hash'], 'code_verifier'),
  encryptedText('upstream_oauth_flows', ['state_hash'], 'client_secret'),
  encryptedText('upstream_oauth_clients', ['key'], 'client_secret'),
];
