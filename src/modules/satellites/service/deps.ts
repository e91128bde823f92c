import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import type { StreamSignals } from '../../../http/stream/signals.js';
import type { TeamRepository } from '../../teams/repository.js';
import type { ConfigurationDeps } from '../configuration.js';
import type { SatelliteKeyResolver } from '../keys.js';
import type { SatelliteRepository } from '../repository.js';
import type { RegistrationTokens } from '../tokens.js';
import type { OAuthTokenSource } from '../upstream-tokens.js';

export interface SatelliteSettings {
  globalTokenTtlSeconds: number;
  teamTokenTtlSeconds: number;
  commandTtlSeconds: number;
  metricsRetentionDays: number;
}

export interface SatelliteServiceDeps {
  db: Database;
  repository: SatelliteRepository;
  teams: TeamRepository;
  tokens: RegistrationTokens;
  encryptionKey: Buffer;
  clock: Clock;
  settings: SatelliteSettings;
  /** Remembered satellite keys, dropped whenever a satellite's credentials change. */
  keys: Pick<SatelliteKeyResolver, 'forget'>;
  /** Wakes the satellite's metrics streams after a heartbeat. */
  signals?: Pick<StreamSignals, 'publish'>;
  /** Where configuration answers are remembered (configuration.ts); none: every request reads. */
  rememberConfiguration?: ConfigurationDeps['remembering'];
  /** Members' upstream OAuth tokens, for `tokens/status` and `tokens/retrieve`. */
  oauthTokens?: OAuthTokenSource;
}
