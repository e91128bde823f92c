import { readFileSync } from 'node:fs';
import type { OAuthSettings } from '../../config.js';
import type { Executor } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { createClientDirectory } from './client-directory.js';
import { createClientMetadataDocuments } from './client-metadata.js';
import { createClientRepository } from './client-repository.js';

/** The client directory as the configuration describes it (read once, at start-up). */
export function createConfiguredClientDirectory(
  settings: OAuthSettings,
  db: Executor,
  clock: Clock,
) {
  const { caFile } = settings.clientMetadata;
  return createClientDirectory({
    db,
    repository: createClientRepository(db),
    documents: createClientMetadataDocuments({
      settings: settings.clientMetadata,
      ca: caFile ? readFileSync(caFile, 'utf8') : undefined,
      clock,
    }),
    firstParty: settings.firstPartyClients,
    clock,
  });
}
