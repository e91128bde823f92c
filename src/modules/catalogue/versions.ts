import type { Static } from '@sinclair/typebox';
import { fieldNames } from '../audit/fields.js';
import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import { ConflictError, NotFoundError } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { columnsOf, type ColumnsOfFields } from './columns.js';
import type { CatalogueServiceDeps } from './deps.js';
import { mustFindServer } from './reading.js';
import type { NewVersion } from './repository.js';
import type { VersionBody } from './schemas.js';
import { versionView, type VersionView } from './views.js';

type VersionInput = Static<typeof VersionBody>;

/** The column each field of a version's body is stored in, on a change. */
const VERSION_COLUMNS: ColumnsOfFields<VersionInput, NewVersion> = {
  version: (version) => ({ version }),
  changelog: (changelog) => ({ changelog }),
  release_date: (releaseDate) => ({ releaseDate }),
  // Only `true` is stored: unmarking the latest is refused, another version takes the mark.
  is_latest: (latest) => (latest === true ? { isLatest: true } : {}),
};

/** The versions of a catalogue server, exactly one of which is the latest. */
export interface CatalogueVersions {
  /** The server's versions, newest first. */
  listVersions(serverId: string): Promise<VersionView[]>;
  /** Adds a version; the server's first, or one marked `is_latest`, becomes the latest. */
  createVersion(serverId: string, input: VersionInput, request: AuditRequest): Promise<VersionView>;
  /** Changes a version; `is_latest: true` moves the latest mark to it. */
  updateVersion(
    serverId: string,
    versionId: string,
    input: Partial<VersionInput>,
    request: AuditRequest,
  ): Promise<VersionView>;
}

export function createCatalogueVersions(
  deps: Pick<CatalogueServiceDeps, 'db' | 'repository'>,
): CatalogueVersions {
  const { db, repository } = deps;

  return {
    async listVersions(serverId) {
      const server = await mustFindServer(repository, serverId);
      return (await repository.listVersions(server.id)).map(versionView);
    },
    async createVersion(serverId, input, request) {
      const server = await mustFindServer(repository, serverId);
      return db.orm.transaction(async (tx) => {
        // Serialises version changes of one server, so "exactly one latest" holds under races.
        await repository.lockServer(server.id, tx);
        if (await repository.versionExists(server.id, input.version, null, tx)) {
          throw new ConflictError(
            `Version ${input.version} already exists for this server`,
            'DUPLICATE',
          );
        }
        const first = (await repository.listVersions(server.id, tx)).length === 0;
        const latest = first || input.is_latest === true;
        if (latest) await repository.clearLatest(server.id, tx);
        const row = await repository.insertVersion(
          {
            id: newId('ver'),
            serverId: server.id,
            version: input.version,
            changelog: input.changelog ?? null,
            releaseDate: input.release_date ?? null,
            isLatest: latest,
          },
          tx,
        );
        await audit(tx, {
          action: 'catalogue.version_created',
          request,
          target: { type: 'server_version', id: row.id },
          details: { server_id: server.id, version: input.version, is_latest: latest },
        });
        return versionView(row);
      });
    },
    async updateVersion(serverId, versionId, input, request) {
      const server = await mustFindServer(repository, serverId);
      return db.orm.transaction(async (tx) => {
        await repository.lockServer(server.id, tx);
        const current = await repository.findVersion(server.id, versionId, tx);
        if (!current) throw new NotFoundError('Version not found');
        if (
          input.version &&
          (await repository.versionExists(server.id, input.version, current.id, tx))
        ) {
          throw new ConflictError(
            `Version ${input.version} already exists for this server`,
            'DUPLICATE',
          );
        }
        if (input.is_latest === false && current.isLatest) {
          throw new ConflictError(
            'A server always has one latest version; mark another version as latest instead',
            'LATEST_REQUIRED',
          );
        }
        if (input.is_latest === true && !current.isLatest)
          await repository.clearLatest(server.id, tx);
        const row = await repository.updateVersion(
          current.id,
          columnsOf(input, VERSION_COLUMNS),
          tx,
        );
        await audit(tx, {
          action: 'catalogue.version_updated',
          request,
          target: { type: 'server_version', id: current.id },
          details: { server_id: server.id, fields: fieldNames(input, 1) },
        });
        return versionView(row!);
      });
    },
  };
}
