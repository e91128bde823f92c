import { createCommandQueue, type CommandQueue } from '../commands.js';
import { createConfiguration, type Configuration } from '../configuration.js';
import { createUpstreamTokens, type UpstreamTokens } from '../upstream-tokens.js';
import type { SatelliteServiceDeps } from './deps.js';

/** What a satellite fetches besides its heartbeats' answers, each in its own module. */
export interface SatelliteChannels {
  /** Commands for satellites: fan-out, polls and results (commands.ts). */
  commands: CommandQueue;
  /** The configuration answer of each satellite (configuration.ts). */
  configuration: Configuration;
  /** Members' upstream credentials a satellite asks for (upstream-tokens.ts). */
  upstreamTokens: UpstreamTokens;
  /** Marks the pending commands past their expiry expired. */
  expireCommands(): Promise<void>;
}

export function satelliteChannels(deps: SatelliteServiceDeps): SatelliteChannels {
  const { db, repository, clock } = deps;
  return {
    commands: createCommandQueue({
      db,
      repository,
      clock,
      commandTtlSeconds: deps.settings.commandTtlSeconds,
    }),
    configuration: createConfiguration({
      db,
      encryptionKey: deps.encryptionKey,
      remembering: deps.rememberConfiguration,
    }),
    upstreamTokens: createUpstreamTokens({ db, oauth: deps.oauthTokens }),
    expireCommands: () => repository.expireCommands(clock()),
  };
}
