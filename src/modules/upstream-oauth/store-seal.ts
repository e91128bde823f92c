import type { OAuthClientInformationMixed } from '@modelcontextprotocol/sdk/shared/auth.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';

/** How the store encrypts the secrets it keeps, and opens them again. */
export interface Sealer {
  /** Encrypts a value; null or undefined stays null. */
  seal(value: string | null | undefined): string | null;
  /** Decrypts a stored value; null stays null. */
  open(value: string | null): string | null;
  /** A client as the SDK takes it, its secret only when there is one. */
  clientOf(id: string, secret: string | null): OAuthClientInformationMixed;
}

/** The sealer of the service's encryption key. */
export function createSealer(key: Buffer): Sealer {
  return {
    seal: (value) => (value === null || value === undefined ? null : encryptSecret(value, key)),
    open: (value) => (value === null ? null : decryptSecret(value, key)),
    clientOf: (id, secret) => ({
      client_id: id,
      ...(secret ? { client_secret: secret } : {}),
    }),
  };
}
