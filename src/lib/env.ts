/**
 * Reading settings from the environment: every concern's config.ts reads its own variables with
 * these, and a wrong value stops the start with a ConfigError that names the variable.
 */

/** The environment a configuration is read from (process.env, or a test's own). */
export type Env = NodeJS.ProcessEnv;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A whole number between `min` and `max`; `fallback` when unset or empty. */
export function integer(env: Env, key: string, fallback: number, min: number, max: number) {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${key} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ConfigError(`${key} must be between ${min} and ${max}, got ${value}`);
  }
  return value;
}

/** One of `choices`; `fallback` when unset or empty. */
export function oneOf<T extends string>(
  env: Env,
  key: string,
  choices: readonly T[],
  fallback: T,
): T {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  if (!(choices as readonly string[]).includes(raw)) {
    throw new ConfigError(`${key} must be one of ${choices.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

/** A yes/no setting, off when unset. */
export function flag(env: Env, key: string): boolean {
  const raw = (env[key] ?? '').trim().toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(raw)) return false;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  throw new ConfigError(`${key} must be true or false, got "${env[key]}"`);
}
