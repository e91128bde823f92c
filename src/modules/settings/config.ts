import { integer, type Env } from '../../lib/env.js';

export interface SettingsConfig {
  /**
   * How long a replica remembers the stored global settings (0: never), used only while it
   * hears the `settings` signal that any change to them raises.
   */
  settingsCacheMs: number;
}

/** SETTINGS_CACHE_MS. */
export function readSettingsConfig(env: Env): SettingsConfig {
  return { settingsCacheMs: integer(env, 'SETTINGS_CACHE_MS', 60_000, 0, 600_000) };
}
