import type { ConfigSection, ConfigValues } from '../../db/schema/index.js';
import { ValidationError } from '../../http/errors.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';

export const SECRET_MASK = '********';
/** Marks a stored config value as a ciphertext (key rotation finds them by it). */
export const ENCRYPTED = 'enc:';
const KINDS = ['args', 'env', 'headers'] as const;

export type ValuesInput = Partial<Record<(typeof KINDS)[number], Record<string, string | null>>>;

export const emptyValues = (): ConfigValues => ({ args: {}, env: {}, headers: {} });

// Field names are chosen by whoever writes the catalogue entry, so `constructor`, `toString` or
// `__proto__` are possible names. Values are read only from own properties (a plain lookup finds
// Object.prototype's members) and written as own properties (assigning `__proto__` would change
// the object's prototype instead of storing a value).

/** The value stored under a field name, never one inherited from Object.prototype. */
export const ownValue = (values: Record<string, string>, name: string): string | undefined =>
  Object.hasOwn(values, name) ? values[name] : undefined;

/** Stores a value under a field name as an own property, whatever the name. */
export function setValue(values: Record<string, string>, name: string, value: string) {
  Object.defineProperty(values, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/**
 * Applies input values on top of the stored ones, checked against one level of the server's
 * schema. `null` removes a value; the mask keeps a stored secret; secrets are encrypted.
 */
export function mergeValues(
  section: ConfigSection,
  stored: ConfigValues,
  input: ValuesInput | undefined,
  key: Buffer,
  path: string,
): ConfigValues {
  const next: ConfigValues = {
    args: { ...stored.args },
    env: { ...stored.env },
    headers: { ...stored.headers },
  };
  for (const kind of KINDS) {
    for (const [name, value] of Object.entries(input?.[kind] ?? {})) {
      const field = section[kind].find((f) => f.name === name);
      if (!field)
        throw new ValidationError(
          `${path}.${kind}.${name} is not a field of this server’s configuration`,
        );
      if (value === null) delete next[kind][name];
      else if (field.secret && value === SECRET_MASK && ownValue(stored[kind], name) !== undefined)
        continue;
      else
        setValue(
          next[kind],
          name,
          field.secret ? `${ENCRYPTED}${encryptSecret(value, key)}` : value,
        );
    }
  }
  return next;
}

/** Names of required fields that have neither a value nor a default. */
export function missingRequired(section: ConfigSection, values: ConfigValues): string[] {
  const missing: string[] = [];
  for (const kind of KINDS) {
    for (const f of section[kind]) {
      if (f.required && f.default === null && !ownValue(values[kind], f.name))
        missing.push(`${kind}.${f.name}`);
    }
  }
  return missing;
}

/** What clients see: secrets replaced by the mask. */
export function maskValues(section: ConfigSection, values: ConfigValues): ConfigValues {
  const out = emptyValues();
  for (const kind of KINDS) {
    for (const [name, value] of Object.entries(values[kind])) {
      const secret =
        section[kind].find((f) => f.name === name)?.secret ?? value.startsWith(ENCRYPTED);
      setValue(out[kind], name, secret ? SECRET_MASK : value);
    }
  }
  return out;
}

/** Plain values, secrets decrypted: only for the satellite configuration. */
export function revealValues(values: ConfigValues, key: Buffer): ConfigValues {
  const out = emptyValues();
  for (const kind of KINDS) {
    for (const [name, value] of Object.entries(values[kind])) {
      setValue(
        out[kind],
        name,
        value.startsWith(ENCRYPTED) ? decryptSecret(value.slice(ENCRYPTED.length), key) : value,
      );
    }
  }
  return out;
}
