import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, SECRET_NAMES, type SecretName, type SecretsFromEnv } from '../config.js';
import { createKeyRing } from './crypto.js';

/**
 * The secrets' key material. ENCRYPTION_KEY, as loaded here, is a key ring (crypto.ts): the
 * current key's bytes carrying the previous keys still accepted for reading (key rotation).
 */
export type Secrets = Record<SecretName, Buffer>;

/** Keys retired from ENCRYPTION_KEY but still needed to read values not yet re-encrypted. */
const PREVIOUS_KEYS = 'ENCRYPTION_KEYS_PREVIOUS';

const FILE_NAME = 'secrets.json';
const MIN_BYTES = 32;

function decode(name: string, value: string): Buffer {
  // Accept hex or base64/base64url so operators can paste the output of common generators.
  const bytes =
    /^[0-9a-fA-F]+$/.test(value) && value.length % 2 === 0
      ? Buffer.from(value, 'hex')
      : Buffer.from(value, 'base64url');
  if (bytes.length < MIN_BYTES) {
    throw new ConfigError(`${name} must hold at least ${MIN_BYTES} bytes of key material`);
  }
  return bytes;
}

async function readStore(file: string): Promise<Record<string, string>> {
  try {
    const info = await stat(file);
    // Tighten a file that was copied around with looser permissions.
    if ((info.mode & 0o077) !== 0) await chmod(file, 0o600);
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ConfigError(`Cannot read ${file}: ${(error as Error).message}`);
  }
}

/**
 * Returns every secret, taking the environment first and otherwise a value generated once and
 * kept in DATA_DIR/secrets.json (mode 0600), so a first start needs no set-up and a restart keeps
 * encrypted data and sessions readable.
 */
export async function loadSecrets(dataDir: string, fromEnv: SecretsFromEnv): Promise<Secrets> {
  const file = path.join(dataDir, FILE_NAME);
  const stored = await readStore(file);
  let changed = false;
  const result = {} as Record<SecretName, Buffer>;
  for (const name of SECRET_NAMES) {
    const envValue = fromEnv[name];
    if (envValue) {
      result[name] = decode(name, envValue);
      continue;
    }
    let value = stored[name];
    if (!value) {
      value = randomBytes(MIN_BYTES).toString('base64url');
      stored[name] = value;
      changed = true;
    }
    result[name] = decode(name, value);
  }
  if (changed) {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await writeFile(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    await chmod(file, 0o600);
  }
  const previous = (fromEnv[PREVIOUS_KEYS] ?? stored[PREVIOUS_KEYS] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => decode(PREVIOUS_KEYS, item));
  return { ...result, ENCRYPTION_KEY: createKeyRing(result.ENCRYPTION_KEY, previous) };
}
